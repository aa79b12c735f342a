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
    /// The body has a non-empty `tools` array (refused when the scenario
    /// says the server has no tool support).
    pub has_tools: bool,
    /// Some message has an `image_url` part.
    pub has_images: bool,
}

/// One message, reduced to its role, its text and its tool-call arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub role: String,
    pub text: String,
    /// `tool_calls[].function.arguments` of an assistant message, as sent
    /// (they count towards the prompt size).
    pub tool_arguments: Vec<String>,
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
                Ok(Message {
                    role: role.to_owned(),
                    text: content_text(m.get("content")),
                    tool_arguments: tool_arguments(m.get("tool_calls")),
                })
            })
            .collect::<Result<Vec<_>, RequestError>>()?;
        let stream = obj.get("stream").and_then(Value::as_bool).unwrap_or(false);
        let include_usage = obj
            .get("stream_options")
            .and_then(|o| o.get("include_usage"))
            .and_then(Value::as_bool)
            .unwrap_or(false);
        let has_tools = obj.get("tools").and_then(Value::as_array).is_some_and(|t| !t.is_empty());
        let has_images = raw.iter().filter_map(|m| m.get("content").and_then(Value::as_array)).flatten().any(|p| p.get("type").and_then(Value::as_str) == Some("image_url"));
        Ok(ChatRequest { model, messages, stream, include_usage, has_tools, has_images })
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

    /// Which model turn of its conversation this request is: 1 plus the
    /// number of assistant messages (an agent's first request is turn 1,
    /// the one after its first tool result turn 2).
    pub fn turn(&self) -> usize {
        1 + self.messages.iter().filter(|m| m.role == "assistant").count()
    }

    /// Characters (not bytes) of every message's text and tool-call arguments.
    pub fn prompt_chars(&self) -> usize {
        self.messages
            .iter()
            .flat_map(|m| std::iter::once(&m.text).chain(&m.tool_arguments))
            .map(|t| t.chars().count())
            .sum()
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

/// The `function.arguments` of each tool call: the string, or the JSON
/// text of a non-string value (some clients send an object).
fn tool_arguments(calls: Option<&Value>) -> Vec<String> {
    let calls = calls.and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    calls
        .iter()
        .filter_map(|c| c.get("function").and_then(|f| f.get("arguments")))
        .map(|a| a.as_str().map_or_else(|| a.to_string(), str::to_owned))
        .collect()
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
        assert!(!r.has_tools);
        assert!(r.has_images, "an image_url part");
    }

    #[test]
    fn turn_prompt_chars_and_tools() {
        let r = ChatRequest::parse(
            r#"{"model":"m","tools":[{"type":"function","function":{"name":"dom_click"}}],"messages":[
                {"role":"system","content":"sys"},
                {"role":"user","content":"héllo"},
                {"role":"assistant","content":null,"tool_calls":[
                    {"id":"c1","type":"function","function":{"name":"dom_click","arguments":"{\"id\":1}"}},
                    {"id":"c2","type":"function","function":{"name":"x","arguments":{"a":1}}}]},
                {"role":"tool","tool_call_id":"c1","content":"ok"}]}"#
                .as_bytes(),
        )
        .unwrap();
        assert!(r.has_tools);
        assert_eq!(r.turn(), 2);
        assert_eq!(r.messages[2].tool_arguments, [r#"{"id":1}"#, r#"{"a":1}"#]);
        // "sys" 3 + "héllo" 5 + 8 + 7 + "ok" 2
        assert_eq!(r.prompt_chars(), 25);
        let empty_tools = ChatRequest::parse(br#"{"model":"m","tools":[],"messages":[{"role":"user","content":"q"}]}"#).unwrap();
        assert!(!empty_tools.has_tools);
        assert!(!empty_tools.has_images);
        assert_eq!(empty_tools.turn(), 1);
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
