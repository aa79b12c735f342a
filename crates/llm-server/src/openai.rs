//! OpenAI wire objects: stream chunks, SSE framing, whole completions, the
//! models list and error bodies. Pure JSON builders, no HTTP.

use serde_json::{json, Value};

use crate::scenario::{Reply, ToolCall};

/// The SSE event that ends a stream.
pub const DONE: &str = "data: [DONE]\n\n";

/// Per-response identity shared by all chunks of one answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResponseMeta {
    /// Response sequence number on this server (1, 2, …).
    pub seq: u64,
    pub created: u64,
    pub model: String,
}

impl ResponseMeta {
    pub fn id(&self) -> String {
        format!("chatcmpl-scripted{}", self.seq)
    }

    /// The tool call id the wire carries for `call` at `index`.
    pub fn tool_call_id(&self, index: usize, call: &ToolCall) -> String {
        call.id.clone().unwrap_or_else(|| format!("call_{}_{}", self.seq, index))
    }
}

/// Frames a JSON value as one SSE `data:` event.
pub fn sse(value: &Value) -> String {
    format!("data: {value}\n\n")
}

/// A `chat.completion.chunk` with one choice.
pub fn chunk(meta: &ResponseMeta, delta: Value, finish_reason: Option<&str>) -> Value {
    json!({
        "id": meta.id(),
        "object": "chat.completion.chunk",
        "created": meta.created,
        "model": meta.model,
        "choices": [{ "index": 0, "delta": delta, "logprobs": null, "finish_reason": finish_reason }],
    })
}

/// The `stream_options.include_usage` chunk: no choices, a usage block.
pub fn usage_chunk(meta: &ResponseMeta, prompt_tokens: u64, completion_tokens: u64) -> Value {
    json!({
        "id": meta.id(),
        "object": "chat.completion.chunk",
        "created": meta.created,
        "model": meta.model,
        "choices": [],
        "usage": usage(prompt_tokens, completion_tokens),
    })
}

pub fn usage(prompt_tokens: u64, completion_tokens: u64) -> Value {
    json!({
        "prompt_tokens": prompt_tokens,
        "completion_tokens": completion_tokens,
        "total_tokens": prompt_tokens + completion_tokens,
        // Real servers report cache hits here; a scripted prompt is never cached.
        "prompt_tokens_details": { "cached_tokens": 0 },
    })
}

/// `"tool_calls"` if the reply calls tools, else `"stop"`.
pub fn finish_reason(reply: &Reply) -> &'static str {
    if reply.tool_calls.is_empty() {
        "stop"
    } else {
        "tool_calls"
    }
}

/// Rough completion size of a reply for `usage`.
pub fn completion_tokens(reply: &Reply) -> u64 {
    let content = reply.content.as_deref().map(crate::request::estimate_tokens).unwrap_or(0);
    let calls: u64 = reply
        .tool_calls
        .iter()
        .map(|c| crate::request::estimate_tokens(&c.name) + crate::request::estimate_tokens(&c.arguments_text()))
        .sum();
    content + calls
}

/// A whole non-streaming `chat.completion`.
pub fn completion(meta: &ResponseMeta, reply: &Reply, prompt_tokens: u64) -> Value {
    let mut message = json!({ "role": "assistant", "content": reply.content });
    if !reply.tool_calls.is_empty() {
        let calls: Vec<Value> = reply
            .tool_calls
            .iter()
            .enumerate()
            .map(|(i, c)| {
                json!({
                    "id": meta.tool_call_id(i, c),
                    "type": "function",
                    "function": { "name": c.name, "arguments": c.arguments_text() },
                })
            })
            .collect();
        message["tool_calls"] = Value::Array(calls);
    }
    json!({
        "id": meta.id(),
        "object": "chat.completion",
        "created": meta.created,
        "model": meta.model,
        "choices": [{ "index": 0, "message": message, "logprobs": null, "finish_reason": finish_reason(reply) }],
        "usage": usage(prompt_tokens, completion_tokens(reply)),
    })
}

/// `GET /v1/models` body.
pub fn models_list(models: &[String]) -> Value {
    let data: Vec<Value> = models
        .iter()
        .map(|id| json!({ "id": id, "object": "model", "created": 0, "owned_by": "scripted" }))
        .collect();
    json!({ "object": "list", "data": data })
}

/// An OpenAI error body.
pub fn error_body(message: &str, kind: &str, param: Option<&str>, code: Option<&str>) -> Value {
    json!({ "error": { "message": message, "type": kind, "param": param, "code": code } })
}
