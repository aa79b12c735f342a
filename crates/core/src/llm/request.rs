//! Building the OpenAI-compatible chat request for a question about a page.

use crate::digest::PageDigest;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ChatRole {
    System,
    User,
    Assistant,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChatMessage {
    pub role: ChatRole,
    pub content: String,
}

/// One earlier exchange of the conversation, as the side panel keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChatTurn {
    pub question: String,
    pub answer: String,
}

/// The JSON body of `POST /chat/completions`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChatRequest {
    pub model: String,
    pub messages: Vec<ChatMessage>,
    pub stream: bool,
}

/// How many earlier turns are replayed to the model.
const MAX_HISTORY_TURNS: usize = 6;

const SYSTEM_PROMPT: &str = "You are Browser Copilot, an assistant inside the user's browser. \
Answer the user's question about the current web page using the page summary and main text below. \
Be concise. If they do not contain the answer, say so.";

/// What describes the page to the LLM: seed 001's compact summary (type,
/// primary actions, forms, previews) and the main region's rendered text,
/// with e-mail addresses, phone and card numbers redacted — never HTML.
pub fn page_context(summary: &crate::summary::PageSummary, digest: &PageDigest) -> String {
    let summary = serde_json::to_string(summary).unwrap_or_default();
    let main = crate::summary::redact::redact(&digest.render_for_prompt());
    format!("Page summary (JSON):\n{summary}\n\nMain text:\n{main}")
}

/// Builds the streamed request for a question about the current page,
/// described by [`page_context`].
pub fn question_request(model: &str, page_context: &str, history: &[ChatTurn], question: &str) -> ChatRequest {
    let mut messages = vec![ChatMessage {
        role: ChatRole::System,
        content: format!("{SYSTEM_PROMPT}\n\n{page_context}"),
    }];
    let skip = history.len().saturating_sub(MAX_HISTORY_TURNS);
    for turn in &history[skip..] {
        messages.push(ChatMessage { role: ChatRole::User, content: turn.question.clone() });
        messages.push(ChatMessage { role: ChatRole::Assistant, content: turn.answer.clone() });
    }
    messages.push(ChatMessage { role: ChatRole::User, content: question.to_owned() });
    ChatRequest { model: model.to_owned(), messages, stream: true }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn question_request_shape() {
        let digest = PageDigest::new("http://x/pricing", "Pricing", vec!["Plans".into()], "Pro $29/month");
        let history: Vec<ChatTurn> = (0..10)
            .map(|i| ChatTurn { question: format!("q{i}"), answer: format!("a{i}") })
            .collect();
        let summary = crate::summary::summarize(&crate::summary::SummaryInput::default(), crate::summary::SummaryMode::Compact);
        let context = page_context(&summary, &digest);
        let req = question_request("m", &context, &history, "What is the price of the Pro plan?");
        assert!(req.stream);
        assert_eq!(req.messages.len(), 1 + 2 * MAX_HISTORY_TURNS + 1);
        assert_eq!(req.messages[1].content, "q4");
        assert!(req.messages[0].content.contains("Pro $29/month"));
        assert_eq!(req.messages.last().unwrap().content, "What is the price of the Pro plan?");
        let v = serde_json::to_value(&req).unwrap();
        assert_eq!(v["messages"][0]["role"], "system");
        assert!(req.messages[0].content.contains("Page summary (JSON):\n{"), "{}", req.messages[0].content);
    }

    #[test]
    fn the_page_context_redacts_contacts_and_cards() {
        let digest = PageDigest::new("http://x/c", "Contact", vec![], "Write to jane.doe@example.com or call +1 415 555 0100; card 4242 4242 4242 4242.");
        let summary = crate::summary::summarize(&crate::summary::SummaryInput::default(), crate::summary::SummaryMode::Compact);
        let context = page_context(&summary, &digest);
        for secret in ["jane.doe@example.com", "555 0100", "4242 4242"] {
            assert!(!context.contains(secret), "{secret} leaked: {context}");
        }
        assert!(context.contains("Write to"), "{context}");
    }
}
