//! Shared helpers for the HTTP tests: start a server, send chat requests,
//! decode SSE bodies.

#![allow(dead_code)]

use std::time::Duration;

use bc_llm_server::{serve, Config, Running, Scenario};
use serde_json::{json, Value};

pub async fn start(scenario: &str) -> Running {
    serve(Config { port: 0, scenario: Scenario::from_json(scenario).expect("test scenario") }).await.expect("serve")
}

pub fn client() -> reqwest::Client {
    reqwest::Client::builder().timeout(Duration::from_secs(20)).build().unwrap()
}

pub fn chat_body(model: &str, user: &str, stream: bool) -> Value {
    json!({
        "model": model,
        "stream": stream,
        "messages": [
            {"role": "system", "content": "You are Browser Copilot. Page digest: …"},
            {"role": "user", "content": user},
        ],
    })
}

/// The tool definitions an agent sends (only their presence matters here).
pub fn tools() -> Value {
    json!([{"type": "function", "function": {"name": "dom_click", "parameters": {"type": "object"}}}])
}

/// GETs a control endpoint (`/__control/<path>`) and returns its JSON.
pub async fn control_get(server: &Running, path: &str) -> Value {
    let url = format!("{}/__control/{path}", server.base_url.trim_end_matches("/v1"));
    client().get(url).send().await.expect("control request").json().await.expect("control JSON")
}

/// The OpenAI error body of a failed response, after checking its status.
pub async fn error_of(resp: reqwest::Response, status: u16) -> Value {
    assert_eq!(resp.status().as_u16(), status);
    let v: Value = resp.json().await.expect("error body is JSON");
    assert!(v["error"]["message"].is_string(), "{v}");
    v
}

pub async fn post_chat(base: &str, body: &Value, key: Option<&str>) -> reqwest::Response {
    let mut req = client().post(format!("{base}/chat/completions")).json(body);
    if let Some(k) = key {
        req = req.bearer_auth(k);
    }
    req.send().await.expect("request sent")
}

/// The `data:` payloads of an SSE body, in order.
pub fn sse_data(body: &str) -> Vec<String> {
    body.split("\n\n")
        .filter_map(|event| event.lines().find_map(|l| l.strip_prefix("data: ")).map(str::to_owned))
        .collect()
}

/// A streamed answer put back together.
#[derive(Debug, Default, PartialEq)]
pub struct Assembled {
    pub content: String,
    /// (id, name, arguments) per tool call index.
    pub tool_calls: Vec<(String, String, String)>,
    pub finish_reason: Option<String>,
    pub done: bool,
    pub chunks: usize,
    /// Chunks carrying a `tool_calls` delta.
    pub tool_deltas: usize,
}

pub fn assemble(body: &str) -> Assembled {
    let mut out = Assembled::default();
    for data in sse_data(body) {
        if data == "[DONE]" {
            out.done = true;
            continue;
        }
        let v: Value = serde_json::from_str(&data).unwrap_or_else(|e| panic!("chunk is not JSON ({e}): {data}"));
        assert_eq!(v["object"], "chat.completion.chunk");
        assert!(v["id"].as_str().unwrap().starts_with("chatcmpl-"));
        out.chunks += 1;
        let Some(choice) = v["choices"].get(0) else { continue };
        if let Some(c) = choice["delta"]["content"].as_str() {
            out.content.push_str(c);
        }
        if choice["delta"]["tool_calls"].is_array() {
            out.tool_deltas += 1;
        }
        for call in choice["delta"]["tool_calls"].as_array().into_iter().flatten() {
            let i = call["index"].as_u64().unwrap() as usize;
            if out.tool_calls.len() <= i {
                out.tool_calls.resize(i + 1, Default::default());
            }
            let slot = &mut out.tool_calls[i];
            if let Some(id) = call["id"].as_str() {
                slot.0 = id.to_owned();
            }
            if let Some(n) = call["function"]["name"].as_str() {
                slot.1 = n.to_owned();
            }
            if let Some(a) = call["function"]["arguments"].as_str() {
                slot.2.push_str(a);
            }
        }
        if let Some(f) = choice["finish_reason"].as_str() {
            out.finish_reason = Some(f.to_owned());
        }
    }
    out
}
