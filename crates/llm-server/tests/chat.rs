//! Data-driven tests of `/v1/chat/completions` and `/v1/models` over real
//! HTTP: replies, tool calls, auth, unknown models, rule order, `times`,
//! templates and the HTTP-status failures.

mod common;

use std::time::{Duration, Instant};

use common::*;
use serde_json::{json, Value};

const SCENARIO: &str = r##"{
  "apiKey": "sk-test-123",
  "models": ["scripted-model", "m2"],
  "rules": [
    { "when": { "lastUserContains": "Pro plan" }, "reply": { "content": "The Pro plan costs $29 per month.", "chunkChars": 6 } },
    { "when": { "lastUserContains": "pro PLAN" }, "reply": { "content": "never: the rule above wins" } },
    { "when": { "lastUserContains": "click" }, "reply": { "content": "Clicking.", "toolCalls": [ { "name": "dom.click", "arguments": {"tabId": 1, "selector": "#buy"} } ], "chunkChars": 4 } },
    { "when": { "lastUserContains": "rate" }, "fail": "rate_limited" },
    { "when": { "lastUserContains": "boom" }, "fail": "server_error" },
    { "when": { "lastUserContains": "revoked" }, "fail": "unauthorized" },
    { "when": { "lastUserContains": "retired" }, "fail": "unknown_model" },
    { "when": { "systemContains": "copilot", "model": "m2" }, "reply": { "content": "m2 says hi" } },
    { "when": { "lastUserContains": "echo" }, "reply": { "content": "You said: {{lastUser}}" } }
  ],
  "default": { "content": "I don't know." }
}"##;

#[derive(Debug)]
enum Expect {
    /// 200; the answer's text (stream reassembled, or `message.content`).
    Text(&'static str),
    /// 200; one tool call with this name and these arguments, after this text.
    Tool(&'static str, &'static str, Value),
    /// An error status with this OpenAI `error.code`.
    Error(u16, &'static str),
}

struct Case {
    name: &'static str,
    key: Option<&'static str>,
    model: &'static str,
    user: &'static str,
    stream: bool,
    expect: Expect,
}

const KEY: Option<&str> = Some("sk-test-123");

fn cases() -> Vec<Case> {
    use Expect::*;
    let c = |name, key, model, user, stream, expect| Case { name, key, model, user, stream, expect };
    let args = json!({"tabId": 1, "selector": "#buy"});
    vec![
        c("stream text", KEY, "scripted-model", "How much is the Pro plan?", true, Text("The Pro plan costs $29 per month.")),
        c("non-stream text", KEY, "scripted-model", "How much is the Pro plan?", false, Text("The Pro plan costs $29 per month.")),
        c("case-insensitive, first rule wins", KEY, "scripted-model", "PRO PLAN price", true, Text("The Pro plan costs $29 per month.")),
        c("stream tool call", KEY, "scripted-model", "click buy", true, Tool("Clicking.", "dom.click", args.clone())),
        c("non-stream tool call", KEY, "scripted-model", "click buy", false, Tool("Clicking.", "dom.click", args)),
        c("default", KEY, "scripted-model", "weather?", true, Text("I don't know.")),
        c("model + system rule", KEY, "m2", "weather?", true, Text("m2 says hi")),
        c("template", KEY, "scripted-model", "echo this", false, Text("You said: echo this")),
        c("missing key", None, "scripted-model", "Pro plan", true, Error(401, "invalid_api_key")),
        c("wrong key", Some("sk-other"), "scripted-model", "Pro plan", true, Error(401, "invalid_api_key")),
        c("unknown model", KEY, "gpt-9", "Pro plan", true, Error(404, "model_not_found")),
        c("fail: rate_limited", KEY, "scripted-model", "rate me", true, Error(429, "rate_limit_exceeded")),
        c("fail: server_error", KEY, "scripted-model", "boom", false, Error(500, "server_error")),
        c("fail: unauthorized", KEY, "scripted-model", "key revoked", true, Error(401, "invalid_api_key")),
        c("fail: unknown_model", KEY, "scripted-model", "retired model", true, Error(404, "model_not_found")),
    ]
}

#[tokio::test]
async fn chat_table() {
    let server = start(SCENARIO).await;
    for case in cases() {
        let resp = post_chat(&server.base_url, &chat_body(case.model, case.user, case.stream), case.key).await;
        let status = resp.status().as_u16();
        let headers = resp.headers().clone();
        let text = resp.text().await.unwrap();
        let ctx = format!("case {:?}: {status} {text}", case.name);
        assert_eq!(headers["access-control-allow-origin"], "*", "{ctx}");
        match &case.expect {
            Expect::Error(want, code) => {
                assert_eq!(status, *want, "{ctx}");
                let v: Value = serde_json::from_str(&text).expect(&ctx);
                assert_eq!(v["error"]["code"], *code, "{ctx}");
                assert!(v["error"]["message"].is_string(), "{ctx}");
                if *want == 429 {
                    assert_eq!(headers["retry-after"], "2", "{ctx}");
                }
                if *code == "model_not_found" {
                    assert_eq!(v["error"]["type"], "invalid_request_error", "{ctx}");
                    assert!(v["error"]["message"].as_str().unwrap().starts_with("The model `"), "{ctx}");
                }
            }
            expect if case.stream => {
                assert_eq!(status, 200, "{ctx}");
                assert!(headers["content-type"].to_str().unwrap().starts_with("text/event-stream"), "{ctx}");
                let got = assemble(&text);
                assert!(got.done && text.ends_with("data: [DONE]\n\n"), "{ctx}");
                let first: Value = serde_json::from_str(&sse_data(&text)[0]).unwrap();
                assert_eq!(first["choices"][0]["delta"]["role"], "assistant", "{ctx}");
                assert_eq!(first["model"], case.model, "{ctx}");
                match expect {
                    Expect::Text(want) => {
                        assert_eq!(got.content, *want, "{ctx}");
                        assert_eq!(got.finish_reason.as_deref(), Some("stop"), "{ctx}");
                    }
                    Expect::Tool(content, name, args) => {
                        assert_eq!(got.content, *content, "{ctx}");
                        assert_eq!(got.tool_calls.len(), 1, "{ctx}");
                        let (id, n, a) = &got.tool_calls[0];
                        assert!(id.starts_with("call_"), "{ctx}");
                        assert_eq!(n, name, "{ctx}");
                        assert_eq!(serde_json::from_str::<Value>(a).unwrap(), *args, "{ctx}");
                        assert_eq!(got.finish_reason.as_deref(), Some("tool_calls"), "{ctx}");
                        assert!(got.tool_deltas > 2, "name chunk + arguments split over chunks: {ctx}");
                    }
                    Expect::Error(..) => unreachable!(),
                }
            }
            expect => {
                assert_eq!(status, 200, "{ctx}");
                let v: Value = serde_json::from_str(&text).expect(&ctx);
                assert_eq!(v["object"], "chat.completion", "{ctx}");
                assert!(v["usage"]["total_tokens"].as_u64().unwrap() > 0, "{ctx}");
                let msg = &v["choices"][0]["message"];
                assert_eq!(msg["role"], "assistant", "{ctx}");
                match expect {
                    Expect::Text(want) => {
                        assert_eq!(msg["content"], *want, "{ctx}");
                        assert_eq!(v["choices"][0]["finish_reason"], "stop", "{ctx}");
                    }
                    Expect::Tool(content, name, args) => {
                        assert_eq!(msg["content"], *content, "{ctx}");
                        let call = &msg["tool_calls"][0];
                        assert_eq!(call["type"], "function", "{ctx}");
                        assert_eq!(call["function"]["name"], *name, "{ctx}");
                        let a: Value = serde_json::from_str(call["function"]["arguments"].as_str().unwrap()).unwrap();
                        assert_eq!(a, *args, "{ctx}");
                        assert_eq!(v["choices"][0]["finish_reason"], "tool_calls", "{ctx}");
                    }
                    Expect::Error(..) => unreachable!(),
                }
            }
        }
    }
    server.stop().await.unwrap();
}

#[tokio::test]
async fn chunking_delay_and_usage() {
    let server = start(r#"{"default":{"content":"abcdefghijklmnopqrst","chunkChars":5,"delayMs":40}}"#).await;
    let mut body = chat_body("any", "hi", true);
    body["stream_options"] = json!({"include_usage": true});
    let t0 = Instant::now();
    let text = post_chat(&server.base_url, &body, None).await.text().await.unwrap();
    assert!(t0.elapsed() >= Duration::from_millis(150), "4 pieces × 40 ms");
    let data = sse_data(&text);
    let pieces: Vec<String> = data
        .iter()
        .filter(|d| *d != "[DONE]")
        .filter_map(|d| serde_json::from_str::<Value>(d).unwrap()["choices"][0]["delta"]["content"].as_str().map(str::to_owned))
        .filter(|c| !c.is_empty())
        .collect();
    assert_eq!(pieces, ["abcde", "fghij", "klmno", "pqrst"]);
    let usage: Value = serde_json::from_str(&data[data.len() - 2]).unwrap();
    assert_eq!(usage["choices"], json!([]));
    assert_eq!(usage["usage"]["completion_tokens"], 5);
}

#[tokio::test]
async fn times_fails_once_then_succeeds() {
    let server = start(
        r#"{"rules":[
            {"when":{"lastUserContains":"hello"},"fail":"server_error","times":1},
            {"when":{"lastUserContains":"hello"},"reply":{"content":"Hi!"}}]}"#,
    )
    .await;
    let statuses = {
        let mut s = vec![];
        for _ in 0..3 {
            let r = post_chat(&server.base_url, &chat_body("m", "hello", false), None).await;
            s.push(r.status().as_u16());
        }
        s
    };
    assert_eq!(statuses, [500, 200, 200]);
    // A new scenario resets the counters.
    server.set_scenario(server.scenario());
    assert_eq!(post_chat(&server.base_url, &chat_body("m", "hello", false), None).await.status(), 500);
}

#[tokio::test]
async fn no_rule_and_no_default_is_a_loud_500() {
    let server = start(r#"{"rules":[{"when":{"lastUserContains":"x"},"reply":{"content":"x"}}]}"#).await;
    let r = post_chat(&server.base_url, &chat_body("m", "unscripted question", true), None).await;
    assert_eq!(r.status(), 500);
    let v: Value = r.json().await.unwrap();
    assert_eq!(v["error"]["code"], "no_rule_matched");
    assert!(v["error"]["message"].as_str().unwrap().contains("unscripted question"));
}

#[tokio::test]
async fn bad_requests_get_400() {
    let server = start(r#"{"default":{"content":"x"}}"#).await;
    let table: &[(&str, &str)] = &[("{", ""), (r#"{"messages":[]}"#, "model"), (r#"{"model":"m"}"#, "messages")];
    for (body, param) in table {
        let r = client()
            .post(format!("{}/chat/completions", server.base_url))
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 400, "{body}");
        let v: Value = r.json().await.unwrap();
        assert_eq!(v["error"]["type"], "invalid_request_error");
        if !param.is_empty() {
            assert_eq!(v["error"]["param"], *param, "{body}");
        }
    }
}

#[tokio::test]
async fn models_list_and_auth() {
    let server = start(r#"{"apiKey":"k","models":["a","b"]}"#).await;
    let url = format!("{}/models", server.base_url);
    assert_eq!(client().get(&url).send().await.unwrap().status(), 401);
    let v: Value = client().get(&url).bearer_auth("k").send().await.unwrap().json().await.unwrap();
    assert_eq!(
        v,
        json!({"object":"list","data":[
            {"id":"a","object":"model","created":0,"owned_by":"scripted"},
            {"id":"b","object":"model","created":0,"owned_by":"scripted"}]})
    );
    let unknown = client().get(format!("{}/nope", server.base_url)).send().await.unwrap();
    assert_eq!(unknown.status(), 404);
    assert_eq!(unknown.headers()["access-control-allow-origin"], "*");
}
