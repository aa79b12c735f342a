//! Streaming: a reply becomes a plan of SSE steps (send, pause, hold, drop),
//! and a driver task plays the plan into an HTTP response body.
//!
//! Plans are plain data so they can be tested without a socket; the driver
//! stops early when the client goes away or the server shuts down.

use std::time::Duration;

use axum::body::Body;
use serde_json::{json, Value};
use tokio::sync::{mpsc, watch};

use crate::openai::{self, ResponseMeta};
use crate::scenario::Reply;

/// How long a stalled request is held open at most, so nothing leaks forever.
pub const STALL_LIMIT: Duration = Duration::from_secs(300);

/// Pause before dropping a connection, so bytes already written are flushed.
const FLUSH_GRACE: Duration = Duration::from_millis(100);

/// One step of a response body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// Write these bytes.
    Send(String),
    /// Wait before the next step.
    Pause(Duration),
    /// Send nothing more, keep the connection open (up to [`STALL_LIMIT`]),
    /// then drop it.
    Hold,
    /// Drop the connection without finishing the body.
    Drop,
}

/// Why a body was cut short (hyper then closes the connection abruptly).
#[derive(Debug, thiserror::Error)]
pub enum StreamCut {
    #[error("scripted disconnect")]
    Scripted,
    #[error("stall limit reached")]
    StallLimit,
    #[error("server shutting down")]
    Shutdown,
}

/// Splits text into pieces of at most `n` characters (not bytes).
pub fn pieces(text: &str, n: usize) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    chars.chunks(n.max(1)).map(|c| c.iter().collect()).collect()
}

/// The full plan for a streamed reply: role delta, content pieces, tool call
/// pieces, the finish chunk, an optional usage chunk, then `[DONE]`.
///
/// With `usage` (the prompt tokens, when the client asked for usage) every
/// other chunk carries `"usage": null`, as OpenAI's do, so a client must
/// tell the two apart.
pub fn reply_plan(meta: &ResponseMeta, reply: &Reply, usage: Option<u64>) -> Vec<Step> {
    let n = reply.chunk_chars();
    let pause = reply.delay_ms.filter(|ms| *ms > 0).map(Duration::from_millis);
    let event = |delta: Value, finish: Option<&str>| {
        let mut chunk = openai::chunk(meta, delta, finish);
        if usage.is_some() {
            chunk["usage"] = Value::Null;
        }
        Step::Send(openai::sse(&chunk))
    };
    let mut steps = vec![event(json!({"role": "assistant", "content": ""}), None)];
    let push = |steps: &mut Vec<Step>, delta: Value| {
        if let Some(p) = pause {
            steps.push(Step::Pause(p));
        }
        steps.push(event(delta, None));
    };
    for piece in pieces(reply.content.as_deref().unwrap_or(""), n) {
        push(&mut steps, json!({ "content": piece }));
    }
    for (index, call) in reply.tool_calls.iter().enumerate() {
        let head = json!({
            "tool_calls": [{
                "index": index,
                "id": meta.tool_call_id(index, call),
                "type": "function",
                "function": { "name": call.name, "arguments": "" },
            }]
        });
        push(&mut steps, head);
        for piece in pieces(&call.arguments_text(), n) {
            push(&mut steps, json!({ "tool_calls": [{ "index": index, "function": { "arguments": piece } }] }));
        }
    }
    let finish = openai::finish_reason(reply);
    steps.push(event(json!({}), Some(finish)));
    if let Some(prompt_tokens) = usage {
        let chunk = openai::usage_chunk(meta, prompt_tokens, openai::completion_tokens(reply));
        steps.push(Step::Send(openai::sse(&chunk)));
    }
    steps.push(Step::Send(openai::DONE.to_owned()));
    steps
}

/// Plays `steps` into a response body from a spawned task.
pub fn body(steps: Vec<Step>, shutdown: watch::Receiver<bool>) -> Body {
    let (tx, rx) = mpsc::channel::<Result<String, StreamCut>>(4);
    tokio::spawn(play(steps, tx, shutdown));
    let stream = futures::stream::unfold(rx, |mut rx| async move { rx.recv().await.map(|item| (item, rx)) });
    Body::from_stream(stream)
}

async fn play(steps: Vec<Step>, tx: mpsc::Sender<Result<String, StreamCut>>, mut shutdown: watch::Receiver<bool>) {
    for step in steps {
        let cut = match step {
            Step::Send(bytes) => {
                if tx.send(Ok(bytes)).await.is_err() {
                    return; // client gone
                }
                continue;
            }
            Step::Pause(d) => match wait(d, &mut shutdown, &tx).await {
                Waited::Elapsed => continue,
                Waited::Shutdown => StreamCut::Shutdown,
                Waited::ClientGone => return,
            },
            Step::Hold => match wait(STALL_LIMIT, &mut shutdown, &tx).await {
                Waited::Elapsed => StreamCut::StallLimit,
                Waited::Shutdown => StreamCut::Shutdown,
                Waited::ClientGone => return,
            },
            Step::Drop => StreamCut::Scripted,
        };
        tokio::time::sleep(FLUSH_GRACE).await;
        let _ = tx.send(Err(cut)).await;
        return;
    }
}

/// How a wait ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Waited {
    Elapsed,
    Shutdown,
    ClientGone,
}

async fn wait<T>(d: Duration, shutdown: &mut watch::Receiver<bool>, tx: &mpsc::Sender<T>) -> Waited {
    tokio::select! {
        _ = tokio::time::sleep(d) => Waited::Elapsed,
        _ = shutdown.wait_for(|stop| *stop) => Waited::Shutdown,
        _ = tx.closed() => Waited::ClientGone,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::ToolCall;

    fn meta() -> ResponseMeta {
        ResponseMeta { seq: 7, created: 1, model: "m".into() }
    }

    fn data(steps: &[Step]) -> Vec<Value> {
        steps
            .iter()
            .filter_map(|s| match s {
                Step::Send(t) if t != openai::DONE => Some(serde_json::from_str(t.strip_prefix("data: ").unwrap().trim()).unwrap()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn pieces_count_characters_not_bytes() {
        assert_eq!(pieces("héllo wörld", 4), ["héll", "o wö", "rld"]);
        assert!(pieces("", 4).is_empty());
    }

    #[test]
    fn content_plan_shape() {
        let reply = Reply { content: Some("abcdefghij".into()), chunk_chars: Some(4), delay_ms: Some(5), ..Default::default() };
        let steps = reply_plan(&meta(), &reply, None);
        assert_eq!(steps.iter().filter(|s| matches!(s, Step::Pause(_))).count(), 3);
        assert_eq!(steps.last(), Some(&Step::Send(openai::DONE.into())));
        let chunks = data(&steps);
        assert_eq!(chunks[0]["choices"][0]["delta"]["role"], "assistant");
        let text: String = chunks.iter().filter_map(|c| c["choices"][0]["delta"]["content"].as_str()).collect();
        assert_eq!(text, "abcdefghij");
        assert_eq!(chunks.last().unwrap()["choices"][0]["finish_reason"], "stop");
        assert!(chunks.iter().all(|c| c["id"] == "chatcmpl-scripted7" && c["object"] == "chat.completion.chunk"));
    }

    #[test]
    fn tool_call_plan_splits_arguments() {
        let call = ToolCall { name: "dom.click".into(), arguments: json!({"tabId": 1}), id: None };
        let reply = Reply { tool_calls: vec![call], chunk_chars: Some(5), ..Default::default() };
        let chunks = data(&reply_plan(&meta(), &reply, Some(10)));
        let calls: Vec<&Value> = chunks.iter().filter_map(|c| c["choices"][0]["delta"]["tool_calls"].get(0)).collect();
        assert_eq!(calls[0]["id"], "call_7_0");
        assert_eq!(calls[0]["function"]["name"], "dom.click");
        let args: String = calls.iter().filter_map(|c| c["function"]["arguments"].as_str()).collect();
        assert_eq!(args, r#"{"tabId":1}"#);
        assert_eq!(calls.len(), 4); // head + 3 pieces of ≤5 chars
        let finish = &chunks[chunks.len() - 2];
        assert_eq!(finish["choices"][0]["finish_reason"], "tool_calls");
        let usage = chunks.last().unwrap();
        assert_eq!(usage["choices"], json!([]));
        assert_eq!(
            usage["usage"],
            json!({"prompt_tokens": 10, "completion_tokens": 6, "total_tokens": 16, "prompt_tokens_details": {"cached_tokens": 0}})
        );
        assert!(chunks[..chunks.len() - 1].iter().all(|c| c.get("usage") == Some(&Value::Null)), "usage: null before the usage chunk");
    }

    #[test]
    fn no_usage_field_unless_asked() {
        let reply = Reply { content: Some("hi".into()), ..Default::default() };
        assert!(data(&reply_plan(&meta(), &reply, None)).iter().all(|c| c.get("usage").is_none()));
    }
}
