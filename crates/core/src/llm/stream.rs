//! Decoding the SSE body of a streamed chat completion into answer text.

use super::sse::{data_events, parse_payload, Payload};
use super::LlmError;
use futures::{Stream, StreamExt};
use serde::Deserialize;

/// One decoded `data:` payload of a chat-completions stream.
#[derive(Debug, Clone, PartialEq)]
pub enum StreamItem {
    /// Text to append to the answer (may be empty for role-only chunks).
    Delta(String),
    /// `data: [DONE]`.
    Done,
}

#[derive(Deserialize)]
struct Chunk {
    #[serde(default)]
    choices: Vec<Choice>,
}

#[derive(Deserialize)]
struct Choice {
    #[serde(default)]
    delta: Option<Delta>,
}

#[derive(Deserialize)]
struct Delta {
    #[serde(default)]
    content: Option<String>,
}

/// Decodes one SSE `data:` payload.
pub fn decode_data(data: &str) -> Result<StreamItem, LlmError> {
    let chunk: Chunk = match parse_payload(data)? {
        Payload::Done => return Ok(StreamItem::Done),
        Payload::Chunk(chunk) => chunk,
    };
    let text = chunk
        .choices
        .into_iter()
        .filter_map(|c| c.delta.and_then(|d| d.content))
        .collect::<String>();
    Ok(StreamItem::Delta(text))
}

/// Turns the response body (byte chunks, split anywhere) into answer text
/// deltas. Ends with an error if the stream is malformed or ends without
/// `[DONE]` and without any content.
pub fn answer_deltas<S, B, E>(body: S) -> impl Stream<Item = Result<String, LlmError>>
where
    S: Stream<Item = Result<B, E>> + Unpin,
    B: AsRef<[u8]>,
    E: std::fmt::Display,
{
    let events = data_events(body);
    futures::stream::unfold(
        (events, false, false),
        |(mut events, mut saw_content, finished)| async move {
            if finished {
                return None;
            }
            loop {
                match events.next().await {
                    None if saw_content => return None,
                    None => {
                        let e = LlmError::MalformedStream { detail: "the stream ended before any answer or [DONE]".into() };
                        return Some((Err(e), (events, saw_content, true)));
                    }
                    Some(Err(e)) => return Some((Err(e), (events, saw_content, true))),
                    Some(Ok(data)) => match decode_data(&data) {
                        Ok(StreamItem::Done) => return None,
                        Ok(StreamItem::Delta(t)) if t.is_empty() => continue,
                        Ok(StreamItem::Delta(t)) => {
                            saw_content = true;
                            return Some((Ok(t), (events, saw_content, false)));
                        }
                        Err(e) => return Some((Err(e), (events, saw_content, true))),
                    },
                }
            }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures::executor::block_on;

    fn run(chunks: &[&str]) -> Vec<Result<String, LlmError>> {
        let body = futures::stream::iter(
            chunks.iter().map(|c| Ok::<_, std::convert::Infallible>(c.as_bytes().to_vec())).collect::<Vec<_>>(),
        );
        block_on(answer_deltas(body).collect::<Vec<_>>())
    }

    #[test]
    fn deltas_across_split_chunks() {
        let got = run(&[
            "data: {\"choices\":[{\"delta\":{\"role\":\"assistant\"}}]}\n\n",
            "data: {\"choices\":[{\"delta\":{\"content\":\"The Pro\"}}]}\n\nda",
            "ta: {\"choices\":[{\"delta\":{\"content\":\" plan\"}}]}\n",
            "\n: keep-alive comment\n\ndata: [DONE]\n\n",
        ]);
        assert_eq!(got, vec![Ok("The Pro".to_string()), Ok(" plan".to_string())]);
    }

    #[test]
    fn malformed_chunk_is_an_error() {
        let got = run(&["data: {\"choices\":[{\"delta\":{\"content\":\"a\"}}]}\n\n", "data: <html>oops\n\n"]);
        assert_eq!(got.len(), 2);
        assert!(matches!(&got[1], Err(LlmError::MalformedStream { .. })), "{got:?}");
    }

    #[test]
    fn empty_stream_is_an_error() {
        let got = run(&[""]);
        assert!(matches!(&got[..], [Err(LlmError::MalformedStream { .. })]), "{got:?}");
    }

    #[test]
    fn in_stream_error_object() {
        let got = run(&["data: {\"error\":{\"message\":\"overloaded\"}}\n\n"]);
        assert!(matches!(&got[..], [Err(LlmError::ServerError { .. })]), "{got:?}");
    }
}
