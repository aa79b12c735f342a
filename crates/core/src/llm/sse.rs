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
    without_bom(body)
        .eventsource()
        .map(|event| event.map(|e| e.data).map_err(|e| LlmError::MalformedStream { detail: e.to_string() }))
}

/// The UTF-8 byte order mark.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The body without the byte order marks it starts with, however the
/// chunks cut them. SSE says to ignore a leading BOM, but
/// eventsource-stream 0.2.3 drops it as if it were one byte and panics
/// slicing inside it (found by `tests/fuzz`): a server that writes one
/// aborted the worker. All leading marks go, not just the first, since
/// the stream would panic on the next one just the same.
fn without_bom<S, B, E>(body: S) -> impl Stream<Item = Result<Vec<u8>, E>> + Unpin
where
    S: Stream<Item = Result<B, E>> + Unpin,
    B: AsRef<[u8]>,
{
    // The body's first bytes, held while they may still be (part of) a mark.
    let mut head: Option<Vec<u8>> = Some(Vec::new());
    body.map(move |chunk| {
        chunk.map(|bytes| {
            let Some(mut held) = head.take() else { return bytes.as_ref().to_vec() };
            held.extend_from_slice(bytes.as_ref());
            while held.starts_with(BOM) {
                held.drain(..BOM.len());
            }
            if BOM.starts_with(&held) {
                head = Some(held);
                Vec::new()
            } else {
                held
            }
        })
    })
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

#[cfg(test)]
mod tests {
    use super::*;
    use futures::executor::block_on;

    fn payloads(chunks: &[&[u8]]) -> Vec<String> {
        let body = futures::stream::iter(chunks.iter().map(|c| Ok::<_, std::convert::Infallible>(c.to_vec())));
        block_on(data_events(body).map(|e| e.unwrap_or_else(|e| format!("error: {e}"))).collect())
    }

    /// A body that starts with byte order marks panicked in
    /// eventsource-stream (found by `tests/fuzz`): the marks are dropped,
    /// wherever the chunks cut them.
    #[test]
    fn a_leading_byte_order_mark_is_ignored() {
        for body in ["\u{feff}data: [DONE]\n\n", "\u{feff}\u{feff}data: [DONE]\n\n"] {
            let bytes = body.as_bytes();
            for cut in 0..bytes.len() {
                assert_eq!(payloads(&[&bytes[..cut], &bytes[cut..]]), ["[DONE]"], "{body:?} cut at {cut}");
            }
            let bytewise: Vec<&[u8]> = bytes.chunks(1).collect();
            assert_eq!(payloads(&bytewise), ["[DONE]"], "{body:?} byte by byte");
        }
        // A mark later on is the payload's, as before.
        assert_eq!(payloads(&["data: a\u{feff}\n\n".as_bytes()]), ["a\u{feff}"]);
    }
}
