//! The SSE plumbing both stream decoders share: byte chunks (split
//! anywhere) into `data:` payloads, and one payload into `[DONE]` or a
//! chunk of the caller's shape, with the in-stream `{"error": …}` objects
//! some servers send instead of a chunk turned into an [`LlmError`].
//!
//! [`super::answer_deltas`] reads only `content`; [`super::completion_stream`]
//! also tool calls, finish reasons and usage. What a payload *is* is the
//! same for both, so it is decided here once.

use super::error::error_message;
use super::LlmError;
use eventsource_stream::Eventsource;
use futures::{Stream, StreamExt};
use serde::de::DeserializeOwned;

/// One decoded `data:` payload.
pub(super) enum Payload<T> {
    /// `data: [DONE]`.
    Done,
    Chunk(T),
}

/// The `data:` payloads of an SSE body; a body that is not SSE ends the
/// stream with [`LlmError::MalformedStream`]. Comments (`: keep-alive`) and
/// `event:` names are dropped: an `event: error` frame still carries its
/// `{"error": …}` in `data`, which [`parse_payload`] reports.
pub(super) fn data_events<S, B, E>(body: S) -> impl Stream<Item = Result<String, LlmError>> + Unpin
where
    S: Stream<Item = Result<B, E>> + Unpin,
    B: AsRef<[u8]>,
    E: std::fmt::Display,
{
    body.eventsource()
        .map(|event| event.map(|e| e.data).map_err(|e| LlmError::MalformedStream { detail: e.to_string() }))
}

/// Decodes one `data:` payload. An `{"error": …}` object (OpenAI, OpenRouter
/// and LM Studio send them mid-stream, with HTTP 200 already sent) is
/// [`LlmError::ServerError`] with status 200 and the server's message.
pub(super) fn parse_payload<T: DeserializeOwned>(data: &str) -> Result<Payload<T>, LlmError> {
    let data = data.trim();
    if data == "[DONE]" {
        return Ok(Payload::Done);
    }
    let malformed = |what: &str, e: serde_json::Error| LlmError::MalformedStream {
        detail: format!("chunk {what} ({e}): {}", data.chars().take(80).collect::<String>()),
    };
    let value: serde_json::Value = serde_json::from_str(data).map_err(|e| malformed("is not JSON", e))?;
    if let Some(err) = value.get("error").filter(|e| !e.is_null()) {
        return Err(LlmError::ServerError { status: 200, detail: error_message(err) });
    }
    serde_json::from_value(value).map(Payload::Chunk).map_err(|e| malformed("has an unexpected shape", e))
}
