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
Answer the user's question about the current web page using the page digest below. \
Be concise. If the digest does not contain the answer, say so.";

/// Builds the streamed request for a question about the current page.
/// Only the digest (title, headings, visible text) describes the page: no HTML.
pub fn question_request(model: &str, digest: &PageDigest, history: &[ChatTurn], question: &str) -> ChatRequest {
    let mut messages = vec![ChatMessage {
        role: ChatRole::System,
        content: format!("{SYSTEM_PROMPT}\n\n{}", digest.render_for_prompt()),
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
        let req = question_request("m", &digest, &history, "What is the price of the Pro plan?");
        assert!(req.stream);
        assert_eq!(req.messages.len(), 1 + 2 * MAX_HISTORY_TURNS + 1);
        assert_eq!(req.messages[1].content, "q4");
        assert!(req.messages[0].content.contains("Pro $29/month"));
        assert_eq!(req.messages.last().unwrap().content, "What is the price of the Pro plan?");
        let v = serde_json::to_value(&req).unwrap();
        assert_eq!(v["messages"][0]["role"], "system");
    }
}
