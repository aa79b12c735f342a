//! Decoding a chat completion with tool calls, streamed or not, into one
//! [`Completion`], with events on the way for the side panel.
//!
//! The OpenAI stream sends a call in pieces: the first delta of a call has
//! its `index`, `id` and `name`, the later ones only `index` and a piece of
//! `arguments`, to be concatenated. Servers bend this:
//! - Ollama sends each call whole in one chunk, older versions without
//!   `index`, several calls all at index 0 (each with its own id), and ends
//!   with `finish_reason: "stop"` after calls;
//! - vLLM and sglang send several chunks of arguments and, in some
//!   versions, index 0 for every call of a turn, telling calls apart by id;
//!   vLLM's continuation deltas carry `id: ""`;
//! - LM Studio and OpenAI send the usage in a last chunk with `choices: []`
//!   after the finish chunk (when asked with `stream_options`);
//! - a few servers ignore `stream: true` and answer one JSON body
//!   ([`parse_completion_body`]) or send `arguments` as an object.
//!
//! So a call is keyed by its `index` (0 when missing), and a delta that
//! brings a different id, or a name after complete arguments, starts the
//! next call. Calls without an id get `call_N` (N its place in the turn):
//! the tool results sent back must name the call they answer.

use super::chat::{Completion, ToolCallWire, Usage};
use super::error::by_message;
use super::sse::{data_events, parse_payload, Payload};
use super::LlmError;
use futures::{Stream, StreamExt};
use serde::Deserialize;
use std::collections::VecDeque;

/// What [`completion_stream`] yields, in order: deltas and call starts as
/// they arrive, then exactly one `Finished` (unless it fails first).
#[derive(Debug, Clone, PartialEq)]
pub enum CompletionEvent {
    /// Text to append to what the model is writing.
    ContentDelta(String),
    /// A call's name arrived; `index` is its place in
    /// [`Completion::tool_calls`].
    ToolCallStarted { index: usize, name: String },
    /// A piece of call `index`'s arguments (JSON text, as it streams): lets
    /// a caller show a `done` answer while it is still being written.
    ArgumentsDelta { index: usize, text: String },
    Finished(Completion),
}

#[derive(Deserialize)]
struct Chunk {
    #[serde(default)]
    choices: Vec<Choice>,
    #[serde(default)]
    usage: Option<Usage>,
}

#[derive(Deserialize)]
struct Choice {
    #[serde(default)]
    index: u32,
    /// Streamed chunks say `delta`, whole completions `message` (kept
    /// apart: a few servers send both in a chunk).
    #[serde(default)]
    delta: Option<Delta>,
    #[serde(default)]
    message: Option<Delta>,
    #[serde(default)]
    finish_reason: Option<String>,
}

#[derive(Deserialize)]
struct Delta {
    #[serde(default)]
    content: Option<String>,
    #[serde(default)]
    tool_calls: Option<Vec<CallDelta>>,
}

#[derive(Deserialize)]
struct CallDelta {
    #[serde(default)]
    index: Option<usize>,
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    function: Option<FunctionDelta>,
}

#[derive(Deserialize)]
struct FunctionDelta {
    #[serde(default)]
    name: Option<String>,
    /// A string piece per the spec; an object from some servers.
    #[serde(default)]
    arguments: Option<serde_json::Value>,
}

#[derive(Default)]
struct PartialCall {
    id: String,
    name: String,
    arguments: String,
}

/// Assembles a completion from chunks (or from one whole message).
#[derive(Default)]
struct Assembler {
    content: String,
    calls: Vec<PartialCall>,
    /// Wire `index` → place in `calls` of the call it now continues.
    by_index: Vec<(usize, usize)>,
    finish_reason: Option<String>,
    usage: Option<Usage>,
}

impl Assembler {
    fn apply(&mut self, chunk: Chunk, events: &mut VecDeque<CompletionEvent>) {
        if let Some(usage) = chunk.usage {
            self.usage = Some(usage);
        }
        // Only the first choice: the agent never asks for `n` > 1.
        for choice in chunk.choices.into_iter().filter(|c| c.index == 0) {
            if let Some(delta) = choice.delta.or(choice.message) {
                if let Some(text) = delta.content.filter(|t| !t.is_empty()) {
                    self.content.push_str(&text);
                    events.push_back(CompletionEvent::ContentDelta(text));
                }
                for call in delta.tool_calls.unwrap_or_default() {
                    self.apply_call(call, events);
                }
            }
            if let Some(reason) = choice.finish_reason {
                self.finish_reason = Some(reason);
            }
        }
    }

    fn apply_call(&mut self, delta: CallDelta, events: &mut VecDeque<CompletionEvent>) {
        let wire_index = delta.index.unwrap_or(0);
        let id = delta.id.filter(|id| !id.is_empty());
        let (name, arguments) = match delta.function {
            Some(f) => (
                f.name.filter(|n| !n.is_empty()),
                match f.arguments {
                    Some(serde_json::Value::String(s)) => s,
                    Some(serde_json::Value::Null) | None => String::new(),
                    Some(other) => other.to_string(),
                },
            ),
            None => (None, String::new()),
        };
        let slot = self.by_index.iter().find(|(i, _)| *i == wire_index).map(|&(_, at)| at);
        let starts_new = match slot {
            None => true,
            Some(at) => {
                let current = &self.calls[at];
                let other_id = id.as_ref().is_some_and(|id| !current.id.is_empty() && *id != current.id);
                // A name again after whole arguments: the next call, unless it
                // is the same name with nothing new (a server repeating it).
                let after_whole = name.as_ref().is_some_and(|n| {
                    !current.name.is_empty()
                        && (*n != current.name || !arguments.is_empty())
                        && serde_json::from_str::<serde_json::Value>(&current.arguments).is_ok()
                });
                other_id || after_whole
            }
        };
        let at = match slot {
            Some(at) if !starts_new => at,
            _ => {
                self.calls.push(PartialCall::default());
                let at = self.calls.len() - 1;
                self.by_index.retain(|(i, _)| *i != wire_index);
                self.by_index.push((wire_index, at));
                at
            }
        };
        let call = &mut self.calls[at];
        if let (Some(id), true) = (id, call.id.is_empty()) {
            call.id = id;
        }
        if let (Some(name), true) = (name, call.name.is_empty()) {
            call.name = name.clone();
            events.push_back(CompletionEvent::ToolCallStarted { index: at, name });
        }
        call.arguments.push_str(&arguments);
        if !arguments.is_empty() {
            events.push_back(CompletionEvent::ArgumentsDelta { index: at, text: arguments });
        }
    }

    fn saw_anything(&self) -> bool {
        !self.content.is_empty() || !self.calls.is_empty() || self.finish_reason.is_some()
    }

    fn finish(self) -> Completion {
        let tool_calls = self
            .calls
            .into_iter()
            .enumerate()
            .map(|(n, c)| {
                let id = if c.id.is_empty() { format!("call_{n}") } else { c.id };
                // `""` sent back in the history is refused by some servers.
                let arguments = if c.arguments.trim().is_empty() { "{}".to_owned() } else { c.arguments };
                ToolCallWire::new(id, c.name, arguments)
            })
            .collect();
        Completion { content: self.content, tool_calls, finish_reason: self.finish_reason, usage: self.usage }
    }
}

/// An in-stream error says in words what the status would have said:
/// LM Studio reports a context overflow as an `error` frame in a 200 stream.
fn refine(e: LlmError) -> LlmError {
    match e {
        LlmError::ServerError { status: 200, ref detail } => by_message(detail).unwrap_or(e),
        e => e,
    }
}

struct State<Ev> {
    events: Ev,
    assembler: Assembler,
    queue: VecDeque<CompletionEvent>,
    over: bool,
}

/// Turns the response body (byte chunks, split anywhere) into
/// [`CompletionEvent`]s: `ContentDelta`s and `ToolCallStarted`s as they
/// arrive, then one `Finished` with the whole [`Completion`].
///
/// The stream may end without `[DONE]` once a `finish_reason` came. It is
/// [`LlmError::MalformedStream`] when it ends with no finish (the
/// connection dropped) or holds no answer, call or finish at all, and the
/// server's error when it sends an `{"error": …}` object.
pub fn completion_stream<S, B, E>(body: S) -> impl Stream<Item = Result<CompletionEvent, LlmError>>
where
    S: Stream<Item = Result<B, E>> + Unpin,
    B: AsRef<[u8]>,
    E: std::fmt::Display,
{
    let state = State { events: data_events(body), assembler: Assembler::default(), queue: VecDeque::new(), over: false };
    futures::stream::unfold(state, |mut st| async move {
        loop {
            if let Some(event) = st.queue.pop_front() {
                return Some((Ok(event), st));
            }
            if st.over {
                return None;
            }
            let ending = match st.events.next().await {
                None if st.assembler.finish_reason.is_some() => Ok(()),
                None if st.assembler.saw_anything() => Err("the stream ended in the middle of the answer (no finish_reason)"),
                None => Err("the stream ended before any answer, tool call or finish_reason"),
                Some(Err(e)) => {
                    st.over = true;
                    return Some((Err(e), st));
                }
                Some(Ok(data)) => match parse_payload::<Chunk>(&data) {
                    Ok(Payload::Chunk(chunk)) => {
                        st.assembler.apply(chunk, &mut st.queue);
                        continue;
                    }
                    Ok(Payload::Done) if st.assembler.saw_anything() => Ok(()),
                    Ok(Payload::Done) => Err("the stream held no answer, tool call or finish_reason before [DONE]"),
                    Err(e) => {
                        st.over = true;
                        return Some((Err(refine(e)), st));
                    }
                },
            };
            st.over = true;
            match ending {
                Ok(()) => st.queue.push_back(CompletionEvent::Finished(std::mem::take(&mut st.assembler).finish())),
                Err(detail) => return Some((Err(LlmError::MalformedStream { detail: detail.into() }), st)),
            }
        }
    })
}

/// Reads a whole `chat.completion` JSON body: what a server that ignores
/// `stream: true` sends (the transport calls this for `application/json`).
pub fn parse_completion_body(text: &str) -> Result<Completion, LlmError> {
    let chunk: Chunk = match parse_payload(text).map_err(refine)? {
        Payload::Chunk(chunk) => chunk,
        Payload::Done => return Err(LlmError::MalformedStream { detail: "the body is only [DONE]".into() }),
    };
    if chunk.choices.is_empty() {
        return Err(LlmError::MalformedStream { detail: "the completion has no choices".into() });
    }
    let mut assembler = Assembler::default();
    assembler.apply(chunk, &mut VecDeque::new());
    Ok(assembler.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures::executor::block_on;
    use CompletionEvent::{ContentDelta, Finished, ToolCallStarted};

    /// An SSE body from payloads: each is a `data:` event, except comment
    /// (`:`) and `event:` lines, which are written as they are.
    fn sse(payloads: &[&str]) -> String {
        payloads
            .iter()
            .map(|p| if p.starts_with(':') || p.starts_with("event:") { format!("{p}\n") } else { format!("data: {p}\n\n") })
            .collect()
    }

    fn run(chunks: Vec<Vec<u8>>) -> Vec<Result<CompletionEvent, LlmError>> {
        let body = futures::stream::iter(chunks.into_iter().map(Ok::<_, std::convert::Infallible>));
        block_on(completion_stream(body).collect::<Vec<_>>())
    }

    /// The same events however the bytes are cut: whole, in two at every
    /// byte (inside `data:`, inside a JSON string, inside a UTF-8
    /// character), and in 7-byte pieces.
    fn decode_every_way(body: &str) -> Vec<Result<CompletionEvent, LlmError>> {
        let bytes = body.as_bytes();
        let whole = run(vec![bytes.to_vec()]);
        for cut in 1..bytes.len() {
            let got = run(vec![bytes[..cut].to_vec(), bytes[cut..].to_vec()]);
            assert_eq!(got, whole, "cut at byte {cut} of {body}");
        }
        assert_eq!(run(bytes.chunks(7).map(<[u8]>::to_vec).collect()), whole, "7-byte pieces of {body}");
        whole
    }

    fn call(id: &str, name: &str, arguments: &str) -> ToolCallWire {
        ToolCallWire::new(id, name, arguments)
    }

    fn started(index: usize, name: &str) -> CompletionEvent {
        ToolCallStarted { index, name: name.into() }
    }

    fn finished(content: &str, calls: Vec<ToolCallWire>, finish: &str, usage: Option<Usage>) -> CompletionEvent {
        Finished(Completion { content: content.into(), tool_calls: calls, finish_reason: Some(finish.into()), usage })
    }

    fn usage(prompt: u32, completion: u32, cached: u32) -> Option<Usage> {
        Some(Usage { prompt_tokens: prompt, completion_tokens: completion, cached_tokens: cached })
    }

    #[test]
    fn streams_of_real_servers() {
        let cases: Vec<(&str, Vec<&str>, Vec<CompletionEvent>)> = vec![
            (
                "OpenAI gpt-4o-mini: one call in pieces, usage after the finish",
                vec![
                    r#"{"id":"chatcmpl-B1","object":"chat.completion.chunk","created":1746900985,"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_79b79be41f","choices":[{"index":0,"delta":{"role":"assistant","content":null,"tool_calls":[{"index":0,"id":"call_qYmeTNXmU9FH","type":"function","function":{"name":"click","arguments":""}}],"refusal":null},"logprobs":null,"finish_reason":null}],"usage":null}"#,
                    r#"{"id":"chatcmpl-B1","object":"chat.completion.chunk","created":1746900985,"model":"gpt-4o-mini-2024-07-18","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\""}}]},"logprobs":null,"finish_reason":null}],"usage":null}"#,
                    r#"{"id":"chatcmpl-B1","object":"chat.completion.chunk","created":1746900985,"model":"gpt-4o-mini-2024-07-18","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"id\":"}}]},"logprobs":null,"finish_reason":null}],"usage":null}"#,
                    r#"{"id":"chatcmpl-B1","object":"chat.completion.chunk","created":1746900985,"model":"gpt-4o-mini-2024-07-18","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"3}"}}]},"logprobs":null,"finish_reason":null}],"usage":null}"#,
                    r#"{"id":"chatcmpl-B1","object":"chat.completion.chunk","created":1746900985,"model":"gpt-4o-mini-2024-07-18","choices":[{"index":0,"delta":{},"logprobs":null,"finish_reason":"tool_calls"}],"usage":null}"#,
                    r#"{"id":"chatcmpl-B1","object":"chat.completion.chunk","created":1746900985,"model":"gpt-4o-mini-2024-07-18","choices":[],"usage":{"prompt_tokens":412,"completion_tokens":15,"total_tokens":427,"prompt_tokens_details":{"cached_tokens":256,"audio_tokens":0},"completion_tokens_details":{"reasoning_tokens":0}}}"#,
                    "[DONE]",
                ],
                vec![started(0, "click"), finished("", vec![call("call_qYmeTNXmU9FH", "click", r#"{"id":3}"#)], "tool_calls", usage(412, 15, 256))],
            ),
            (
                "OpenAI: text, then two parallel calls",
                vec![
                    r#"{"choices":[{"index":0,"delta":{"role":"assistant","content":"Filling in "},"finish_reason":null}]}"#,
                    r#"{"choices":[{"index":0,"delta":{"content":"Zürich."},"finish_reason":null}]}"#,
                    r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"type_text","arguments":""}}]},"finish_reason":null}]}"#,
                    r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"id\": 4, \"text\": \"Zürich\"}"}}]},"finish_reason":null}]}"#,
                    r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"call_2","type":"function","function":{"name":"click","arguments":""}}]},"finish_reason":null}]}"#,
                    r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"function":{"arguments":"{\"id\": 9}"}}]},"finish_reason":null}]}"#,
                    r#"{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}"#,
                    "[DONE]",
                ],
                vec![
                    ContentDelta("Filling in ".into()),
                    ContentDelta("Zürich.".into()),
                    started(0, "type_text"),
                    started(1, "click"),
                    finished(
                        "Filling in Zürich.",
                        vec![call("call_1", "type_text", r#"{"id": 4, "text": "Zürich"}"#), call("call_2", "click", r#"{"id": 9}"#)],
                        "tool_calls",
                        None,
                    ),
                ],
            ),
            (
                "Ollama: the whole call in one chunk",
                vec![
                    r#"{"id":"chatcmpl-403","object":"chat.completion.chunk","created":1726000000,"model":"qwen2.5:7b","system_fingerprint":"fp_ollama","choices":[{"index":0,"delta":{"role":"assistant","content":"","tool_calls":[{"id":"call_x1b2","index":0,"type":"function","function":{"name":"type_text","arguments":"{\"id\":4,\"text\":\"Ada\"}"}}]},"finish_reason":null}]}"#,
                    r#"{"id":"chatcmpl-403","object":"chat.completion.chunk","created":1726000000,"model":"qwen2.5:7b","system_fingerprint":"fp_ollama","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":"tool_calls"}]}"#,
                    r#"{"id":"chatcmpl-403","object":"chat.completion.chunk","created":1726000000,"model":"qwen2.5:7b","system_fingerprint":"fp_ollama","choices":[],"usage":{"prompt_tokens":1021,"completion_tokens":24,"total_tokens":1045}}"#,
                    "[DONE]",
                ],
                vec![started(0, "type_text"), finished("", vec![call("call_x1b2", "type_text", r#"{"id":4,"text":"Ada"}"#)], "tool_calls", usage(1021, 24, 0))],
            ),
            (
                "older Ollama: no index, two calls, finish_reason stop",
                vec![
                    r#"{"id":"chatcmpl-527","object":"chat.completion.chunk","model":"llama3.1:latest","choices":[{"index":0,"delta":{"role":"assistant","content":"","tool_calls":[{"id":"call_a","type":"function","function":{"name":"type_text","arguments":"{\"id\":4,\"text\":\"Ada\"}"}}]},"finish_reason":null}]}"#,
                    r#"{"id":"chatcmpl-527","object":"chat.completion.chunk","model":"llama3.1:latest","choices":[{"index":0,"delta":{"role":"assistant","content":"","tool_calls":[{"id":"call_b","type":"function","function":{"name":"click","arguments":"{\"id\":9}"}}]},"finish_reason":null}]}"#,
                    r#"{"id":"chatcmpl-527","object":"chat.completion.chunk","model":"llama3.1:latest","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":"stop"}]}"#,
                    "[DONE]",
                ],
                vec![
                    started(0, "type_text"),
                    started(1, "click"),
                    finished("", vec![call("call_a", "type_text", r#"{"id":4,"text":"Ada"}"#), call("call_b", "click", r#"{"id":9}"#)], "stop", None),
                ],
            ),
            (
                "whole calls without index or id: told apart by complete arguments",
                vec![
                    r#"{"choices":[{"delta":{"tool_calls":[{"function":{"name":"scroll","arguments":{"direction":"down"}}}]}}]}"#,
                    r#"{"choices":[{"delta":{"tool_calls":[{"function":{"name":"done","arguments":""}}]}}]}"#,
                    r#"{"choices":[{"delta":{},"finish_reason":"tool_calls"}]}"#,
                ],
                vec![
                    started(0, "scroll"),
                    started(1, "done"),
                    finished("", vec![call("call_0", "scroll", r#"{"direction":"down"}"#), call("call_1", "done", "{}")], "tool_calls", None),
                ],
            ),
            (
                "the name repeated in every delta, and once more at the end",
                vec![
                    r#"{"choices":[{"delta":{"tool_calls":[{"index":0,"id":"c1","function":{"name":"click","arguments":""}}]}}]}"#,
                    r#"{"choices":[{"delta":{"tool_calls":[{"index":0,"function":{"name":"click","arguments":"{\"id\":"}}]}}]}"#,
                    r#"{"choices":[{"delta":{"tool_calls":[{"index":0,"function":{"name":"click","arguments":" 3}"}}]}}]}"#,
                    r#"{"choices":[{"delta":{"tool_calls":[{"index":0,"function":{"name":"click","arguments":""}}]},"finish_reason":"tool_calls"}]}"#,
                ],
                vec![started(0, "click"), finished("", vec![call("c1", "click", r#"{"id": 3}"#)], "tool_calls", None)],
            ),
            (
                "vLLM hermes parser: name first, arguments in several chunks",
                vec![
                    r#"{"id":"chatcmpl-9f","object":"chat.completion.chunk","created":1,"model":"Qwen/Qwen2.5-7B-Instruct","choices":[{"index":0,"delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}]}"#,
                    r#"{"id":"chatcmpl-9f","object":"chat.completion.chunk","created":1,"model":"Qwen/Qwen2.5-7B-Instruct","choices":[{"index":0,"delta":{"tool_calls":[{"id":"chatcmpl-tool-1a","type":"function","index":0,"function":{"name":"click"}}]},"logprobs":null,"finish_reason":null}]}"#,
                    r#"{"id":"chatcmpl-9f","object":"chat.completion.chunk","created":1,"model":"Qwen/Qwen2.5-7B-Instruct","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"id\": "}}]},"logprobs":null,"finish_reason":null}]}"#,
                    r#"{"id":"chatcmpl-9f","object":"chat.completion.chunk","created":1,"model":"Qwen/Qwen2.5-7B-Instruct","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"3"}}]},"logprobs":null,"finish_reason":null}]}"#,
                    r#"{"id":"chatcmpl-9f","object":"chat.completion.chunk","created":1,"model":"Qwen/Qwen2.5-7B-Instruct","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"}"}}]},"logprobs":null,"finish_reason":null}]}"#,
                    r#"{"id":"chatcmpl-9f","object":"chat.completion.chunk","created":1,"model":"Qwen/Qwen2.5-7B-Instruct","choices":[{"index":0,"delta":{"content":""},"logprobs":null,"finish_reason":"tool_calls","stop_reason":null}],"usage":{"prompt_tokens":980,"completion_tokens":21,"total_tokens":1001}}"#,
                    "[DONE]",
                ],
                vec![started(0, "click"), finished("", vec![call("chatcmpl-tool-1a", "click", r#"{"id": 3}"#)], "tool_calls", usage(980, 21, 0))],
            ),
            (
                "vLLM / sglang: two calls both at index 0, continuations with id \"\"",
                vec![
                    r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"chatcmpl-tool-c9","type":"function","function":{"name":"type_text","arguments":""}}]}}]}"#,
                    r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"","type":"function","function":{"arguments":"{\"id\": 4, \"text\": \"a\"}"}}]}}]}"#,
                    r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"chatcmpl-tool-Hf","type":"function","function":{"name":"click","arguments":""}}]}}]}"#,
                    r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"","type":"function","function":{"arguments":"{\"id\": 5}"}}]}}]}"#,
                    r#"{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}"#,
                    "[DONE]",
                ],
                vec![
                    started(0, "type_text"),
                    started(1, "click"),
                    finished(
                        "",
                        vec![call("chatcmpl-tool-c9", "type_text", r#"{"id": 4, "text": "a"}"#), call("chatcmpl-tool-Hf", "click", r#"{"id": 5}"#)],
                        "tool_calls",
                        None,
                    ),
                ],
            ),
            (
                "LM Studio: text, a call, usage, keep-alive comments",
                vec![
                    r#"{"id":"chatcmpl-lms1","object":"chat.completion.chunk","created":1,"model":"qwen2.5-7b-instruct","system_fingerprint":"qwen2.5-7b-instruct","choices":[{"index":0,"delta":{"role":"assistant","content":"Clicking Submit."},"logprobs":null,"finish_reason":null}]}"#,
                    ": keep-alive",
                    r#"{"id":"chatcmpl-lms1","object":"chat.completion.chunk","created":1,"model":"qwen2.5-7b-instruct","system_fingerprint":"qwen2.5-7b-instruct","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"365174485","type":"function","function":{"name":"click","arguments":""}}]},"logprobs":null,"finish_reason":null}]}"#,
                    r#"{"id":"chatcmpl-lms1","object":"chat.completion.chunk","created":1,"model":"qwen2.5-7b-instruct","system_fingerprint":"qwen2.5-7b-instruct","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"type":"function","function":{"arguments":"{\"id\":12}"}}]},"logprobs":null,"finish_reason":null}]}"#,
                    r#"{"id":"chatcmpl-lms1","object":"chat.completion.chunk","created":1,"model":"qwen2.5-7b-instruct","system_fingerprint":"qwen2.5-7b-instruct","choices":[{"index":0,"delta":{},"logprobs":null,"finish_reason":"tool_calls"}]}"#,
                    r#"{"id":"chatcmpl-lms1","object":"chat.completion.chunk","created":1,"model":"qwen2.5-7b-instruct","system_fingerprint":"qwen2.5-7b-instruct","choices":[],"usage":{"prompt_tokens":733,"completion_tokens":19,"total_tokens":752}}"#,
                    "[DONE]",
                ],
                vec![
                    ContentDelta("Clicking Submit.".into()),
                    started(0, "click"),
                    finished("Clicking Submit.", vec![call("365174485", "click", r#"{"id":12}"#)], "tool_calls", usage(733, 19, 0)),
                ],
            ),
            (
                "an answer without calls, ended by finish_reason alone (no [DONE])",
                vec![
                    r#"{"choices":[{"index":0,"delta":{"content":"The Pro plan"}}]}"#,
                    r#"{"choices":[{"index":0,"delta":{"content":" is $29."},"finish_reason":"stop"}]}"#,
                ],
                vec![ContentDelta("The Pro plan".into()), ContentDelta(" is $29.".into()), finished("The Pro plan is $29.", vec![], "stop", None)],
            ),
            (
                "OpenRouter: processing comments, cut by max_tokens",
                vec![": OPENROUTER PROCESSING", r#"{"choices":[{"index":0,"delta":{"content":"Well"},"finish_reason":"length"}]}"#, "[DONE]"],
                vec![ContentDelta("Well".into()), finished("Well", vec![], "length", None)],
            ),
        ];
        for (name, payloads, want) in cases {
            let got = decode_every_way(&sse(&payloads));
            let got: Vec<CompletionEvent> = got.into_iter().map(|e| e.unwrap_or_else(|e| panic!("{name}: {e}"))).collect();
            // Argument pieces restate the calls' arguments: they must add
            // up to them, and are left out of the sequence compared.
            let (pieces, got): (Vec<CompletionEvent>, Vec<CompletionEvent>) =
                got.into_iter().partition(|e| matches!(e, CompletionEvent::ArgumentsDelta { .. }));
            assert_eq!(got, want, "{name}");
            if let Some(CompletionEvent::Finished(done)) = got.last() {
                for (i, call) in done.tool_calls.iter().enumerate() {
                    let joined: String = pieces
                        .iter()
                        .filter_map(|p| match p {
                            CompletionEvent::ArgumentsDelta { index, text } if *index == i => Some(text.as_str()),
                            _ => None,
                        })
                        .collect();
                    if !joined.is_empty() {
                        assert_eq!(joined, call.function.arguments, "{name}: call {i}'s pieces add up to its arguments");
                    }
                }
            }
        }
    }

    #[test]
    fn streams_that_fail() {
        let cases: Vec<(&str, Vec<&str>, &str)> = vec![
            ("nothing at all", vec![], "malformed_stream"),
            ("only [DONE]", vec!["[DONE]"], "malformed_stream"),
            ("role chunk, then the connection drops", vec![r#"{"choices":[{"index":0,"delta":{"role":"assistant"}}]}"#], "malformed_stream"),
            ("arguments cut off by a dropped connection", vec![r#"{"choices":[{"delta":{"tool_calls":[{"index":0,"id":"c","function":{"name":"click","arguments":"{\"id"}}]}}]}"#], "malformed_stream"),
            ("not JSON", vec!["<html>502 Bad Gateway</html>"], "malformed_stream"),
            ("in-stream error", vec![r#"{"error":{"message":"overloaded","code":502}}"#], "server_error"),
            (
                "LM Studio's context overflow in a 200 stream",
                vec![
                    "event: error",
                    r#"{"error":{"message":"The number of tokens to keep from the initial prompt is greater than the context length. Try to load the model with a larger context length, or provide a shorter input"}}"#,
                ],
                "context_too_long",
            ),
        ];
        for (name, payloads, want) in cases {
            let got = decode_every_way(&sse(&payloads));
            let last = got.last().unwrap_or_else(|| panic!("{name}: no event"));
            let code = serde_json::to_value(last.as_ref().expect_err(name)).unwrap()["code"].clone();
            assert_eq!(code, want, "{name}: {got:?}");
            assert!(got.iter().filter(|e| matches!(e, Ok(Finished(_)))).count() == 0, "{name}");
        }
    }

    #[test]
    fn whole_bodies_of_servers_that_do_not_stream() {
        let cases: Vec<(&str, Completion)> = vec![
            (
                r#"{"id":"chatcmpl-527","object":"chat.completion","created":1722181065,"model":"llama3.1:latest","system_fingerprint":"fp_ollama","choices":[{"index":0,"message":{"role":"assistant","content":"","tool_calls":[{"id":"call_n1","type":"function","function":{"name":"click","arguments":"{\"id\":3}"}}]},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":257,"completion_tokens":63,"total_tokens":320}}"#,
                Completion {
                    content: String::new(),
                    tool_calls: vec![call("call_n1", "click", r#"{"id":3}"#)],
                    finish_reason: Some("tool_calls".into()),
                    usage: usage(257, 63, 0),
                },
            ),
            (
                r#"{"object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"The Pro plan is $29.","tool_calls":null},"finish_reason":"stop"}]}"#,
                Completion { content: "The Pro plan is $29.".into(), tool_calls: vec![], finish_reason: Some("stop".into()), usage: None },
            ),
            (
                r#"{"choices":[{"message":{"content":null,"tool_calls":[{"function":{"name":"scroll","arguments":{"direction":"up"}}},{"function":{"name":"done"}}]},"finish_reason":"tool_calls"}]}"#,
                Completion {
                    content: String::new(),
                    tool_calls: vec![call("call_0", "scroll", r#"{"direction":"up"}"#), call("call_1", "done", "{}")],
                    finish_reason: Some("tool_calls".into()),
                    usage: None,
                },
            ),
        ];
        for (body, want) in cases {
            assert_eq!(parse_completion_body(body).as_ref(), Ok(&want), "{body}");
        }
        let failures = [
            (r#"{"error":{"message":"This model's maximum context length is 8192 tokens."}}"#, "context_too_long"),
            (r#"{"error":{"message":"upstream timeout"}}"#, "server_error"),
            (r#"{"object":"chat.completion","choices":[]}"#, "malformed_stream"),
            ("<html>", "malformed_stream"),
        ];
        for (body, want) in failures {
            let e = parse_completion_body(body).expect_err(body);
            assert_eq!(serde_json::to_value(&e).unwrap()["code"], want, "{body}: {e}");
        }
    }
}
