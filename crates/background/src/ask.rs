//! A question about the active tab, answered by the LLM from the page's
//! compact summary (seed 001) and its redacted main text, streamed back
//! into the panel.

use crate::llm_http::{self, Cancel};
use crate::panel::Connection;
use crate::{store, tabs};
use bc_core::llm::{page_context, question_request, ChatTurn};
use bc_core::summary::SummaryMode;
use bc_core::protocol::{ContentRequest, ContentResponse, CopilotError, PageRef, PanelEvent, RequestId};
use bc_core::settings::SettingsError;

pub async fn run(conn: &Connection, id: RequestId, question: &str, history: &[ChatTurn], cancel: &Cancel) -> Result<(), CopilotError> {
    let settings = store::load_settings()
        .await
        .map_err(|detail| CopilotError::Internal { detail })?
        .ok_or(SettingsError::NotConfigured)?;
    let tab = tabs::active_tab().await?;
    tabs::check_readable(&tab)?;
    let digest = match tabs::ask_content(tab.id, &ContentRequest::Digest).await? {
        ContentResponse::Digest { digest } => digest,
        other => return Err(CopilotError::PageUnavailable { detail: format!("unexpected answer {other:?}") }),
    };
    // Seed 001's compact summary leads; the main text answers the details.
    let summary = match tabs::ask_content(tab.id, &ContentRequest::Summary { mode: SummaryMode::Compact }).await? {
        ContentResponse::Summary { summary } => summary,
        other => return Err(CopilotError::PageUnavailable { detail: format!("unexpected answer {other:?}") }),
    };
    conn.post(&PanelEvent::AnswerStarted { id, page: PageRef { url: digest.url.clone(), title: digest.title.clone() } });
    let request = question_request(&settings.model, &page_context(&summary, &digest), history, question);
    llm_http::stream_chat(&settings, &request, cancel, |text| conn.post(&PanelEvent::AnswerDelta { id, text })).await?;
    conn.post(&PanelEvent::AnswerDone { id });
    Ok(())
}
