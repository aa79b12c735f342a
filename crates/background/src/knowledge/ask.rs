//! A question about what the user read: the core analyses it and ranks
//! the stored pages; the panel gets the pages found with snippets
//! (`PanelEvent::KnowledgeFound`); with a model configured, one streamed
//! call writes the answer from the top pages within the core's token
//! budget (`AnswerDelta` … `AnswerDone`), page text wrapped as untrusted
//! data under a fresh nonce.

use super::{clock, load_settings, store};
use crate::llm_http::Cancel;
use crate::panel::Connection;
use bc_core::agent::StreamPiece;
use bc_core::knowledge::answer::{self, ANSWER_BUDGET_TOKENS};
use bc_core::knowledge::query::{analyze, is_forget_this_site};
use bc_core::knowledge::settings::KnowledgeView;
use bc_core::knowledge::rank::rank;
use bc_core::protocol::{CopilotError, PanelEvent, PanelRequest, RequestId};

/// How many ranked pages are kept (the list shows `answer::TOP_PAGES`).
const RANKED: usize = 20;

/// Answers `question` if it asks about the user's reading, or to forget
/// the site in front from it (`Ok(true)`);
/// `Ok(false)` leaves it to the commands and the agent.
pub async fn answer(conn: &Connection, id: RequestId, question: &str, cancel: &Cancel) -> Result<bool, CopilotError> {
    if is_forget_this_site(question) {
        let (_, outcome) = super::request(PanelRequest::ForgetKnowledgeSite { id, site: None }).await;
        let text = match outcome? {
            PanelEvent::Knowledge { state: KnowledgeView { forgot: Some(f), .. }, .. } => format!(
                "Forgot {} from your reading history ({} {} deleted); its pages will not be remembered again. \
The options page lists excluded sites, to undo this.",
                f.site,
                f.pages,
                if f.pages == 1 { "page" } else { "pages" }
            ),
            _ => "Nothing was forgotten.".to_owned(),
        };
        conn.post(&PanelEvent::LocalReply { id, text, needs_llm: false });
        return Ok(true);
    }
    let clock = clock().await;
    let Some(q) = analyze(question, &clock) else { return Ok(false) };
    if !load_settings().await.enabled {
        let text = "Your reading history is off, so there is nothing to search yet. Turn on “Remember pages I read” \
in the options; from then on, pages you read are kept on this computer only."
            .to_owned();
        conn.post(&PanelEvent::LocalReply { id, text, needs_llm: true });
        return Ok(true);
    }
    let pages = store::all().await;
    let ranked = rank(&pages, &q, &clock, RANKED);
    let found = answer::found(&q, &pages, &ranked, &clock);
    let llm = crate::store::load_settings().await.ok().flatten();
    let answering = llm.is_some() && !found.sources.is_empty();
    conn.post(&PanelEvent::KnowledgeFound { id, found, answering });
    let Some(settings) = llm.filter(|_| answering) else { return Ok(true) };
    let nonce = crate::agent::random_word();
    let request = answer::request(&settings.model, question, &q, &pages, &ranked, &clock, &nonce, ANSWER_BUDGET_TOKENS);
    let mut on_piece = |piece: StreamPiece| {
        if let StreamPiece::Text(text) = piece {
            conn.post(&PanelEvent::AnswerDelta { id, text });
        }
    };
    crate::agent::llm::complete(&settings, &request, cancel, &mut on_piece).await?;
    conn.post(&PanelEvent::AnswerDone { id });
    Ok(true)
}
