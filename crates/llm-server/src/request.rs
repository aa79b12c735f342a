//! Parsing a `/v1/chat/completions` request body into what matching needs.
//!
//! Lenient where real clients differ (content as a string, as an array of
//! text parts, or null), strict where a real endpoint would answer 400.

use serde_json::Value;

/// The parts of a chat-completions request the server looks at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatRequest {
    pub model: String,
    pub messages: Vec<Message>,
    pub stream: bool,
    /// `stream_options.include_usage`: send a final usage chunk.
    pub include_usage: bool,
}

/// One message, reduced to its role and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub role: String,
    pub text: String,
}

/// Why a request body was rejected (each becomes a 400 OpenAI error).
#[derive(Debug, thiserror::Error)]
pub enum RequestError {
    #[error("We could not parse the JSON body of your request: {0}")]
    InvalidJson(#[from] serde_json::Error),
    #[error("The request body must be a JSON object.")]
    NotAnObject,
    #[error("you must provide a model parameter")]
    MissingModel,
    #[error("'messages' is a required property and must be an array")]
    MissingMessages,
    #[error("messages[{0}]: 'role' is a required string property")]
    MissingRole(usize),
}

impl RequestError {
    /// The OpenAI `param` the error is about, if any.
    pub fn param(&self) -> Option<&'static str> {
        match self {
            RequestError::MissingModel => Some("model"),
            RequestError::MissingMessages | RequestError::MissingRole(_) => Some("messages"),
            RequestError::InvalidJson(_) | RequestError::NotAnObject => None,
        }
    }
}

impl ChatRequest {
    /// Parses a request body.
    pub fn parse(body: &[u8]) -> Result<Self, RequestError> {
        let value: Value = serde_json::from_slice(body)?;
        let obj = value.as_object().ok_or(RequestError::NotAnObject)?;
        let model = obj
            .get("model")
            .and_then(Value::as_str)
            .filter(|m| !m.is_empty())
            .ok_or(RequestError::MissingModel)?
            .to_owned();
        let raw = obj.get("messages").and_then(Value::as_array).ok_or(RequestError::MissingMessages)?;
        let messages = raw
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let role = m.get("role").and_then(Value::as_str).ok_or(RequestError::MissingRole(i))?;
                Ok(Message { role: role.to_owned(), text: content_text(m.get("content")) })
            })
            .collect::<Result<Vec<_>, RequestError>>()?;
        let stream = obj.get("stream").and_then(Value::as_bool).unwrap_or(false);
        let include_usage = obj
            .get("stream_options")
            .and_then(|o| o.get("include_usage"))
            .and_then(Value::as_bool)
            .unwrap_or(false);
        Ok(ChatRequest { model, messages, stream, include_usage })
    }

    /// Text of the latest message with `role`.
    pub fn last_with_role(&self, role: &str) -> Option<&str> {
        self.messages.iter().rev().find(|m| m.role == role).map(|m| m.text.as_str())
    }

    /// All system (and `developer`) messages, joined by newlines.
    pub fn system_text(&self) -> String {
        self.messages
            .iter()
            .filter(|m| m.role == "system" || m.role == "developer")
            .map(|m| m.text.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Rough prompt size for the `usage` block (about 4 characters a token).
    pub fn prompt_tokens(&self) -> u64 {
        self.messages.iter().map(|m| estimate_tokens(&m.text)).sum()
    }
}

/// About 4 characters a token, at least 1 for non-empty text.
pub fn estimate_tokens(text: &str) -> u64 {
    (text.chars().count() as u64).div_ceil(4)
}

/// A message's content as text: a string, or the `text` of its parts.
fn content_text(content: Option<&Value>) -> String {
    match content {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(parts)) => parts
            .iter()
            .filter_map(|p| p.get("text").and_then(Value::as_str).or_else(|| p.as_str()))
            .collect::<Vec<_>>()
            .join("\n"),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_roles_texts_and_flags() {
        let r = ChatRequest::parse(
            br#"{"model":"m","stream":true,"stream_options":{"include_usage":true},"messages":[
                {"role":"system","content":"Page digest"},
                {"role":"user","content":[{"type":"text","text":"first"},{"type":"image_url","image_url":{}}]},
                {"role":"assistant","content":null,"tool_calls":[]},
                {"role":"tool","tool_call_id":"c","content":"tool out"},
                {"role":"user","content":"second"}]}"#,
        )
        .unwrap();
        assert_eq!(r.model, "m");
        assert!(r.stream && r.include_usage);
        assert_eq!(r.last_with_role("user"), Some("second"));
        assert_eq!(r.last_with_role("tool"), Some("tool out"));
        assert_eq!(r.system_text(), "Page digest");
        assert_eq!(r.messages[1].text, "first");
        assert_eq!(r.messages[2].text, "");
    }

    #[test]
    fn rejects_what_a_real_endpoint_rejects() {
        assert!(matches!(ChatRequest::parse(b"{"), Err(RequestError::InvalidJson(_))));
        assert!(matches!(ChatRequest::parse(b"[]"), Err(RequestError::NotAnObject)));
        assert!(matches!(ChatRequest::parse(br#"{"messages":[]}"#), Err(RequestError::MissingModel)));
        assert!(matches!(ChatRequest::parse(br#"{"model":"m"}"#), Err(RequestError::MissingMessages)));
        assert!(matches!(
            ChatRequest::parse(br#"{"model":"m","messages":[{"content":"x"}]}"#),
            Err(RequestError::MissingRole(0))
        ));
    }
}
