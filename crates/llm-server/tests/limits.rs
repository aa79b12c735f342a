//! The limits a real server shows, over real HTTP: a model without tool
//! calling (`toolSupport: false`), a context window (`context_length` with
//! `promptCharsAbove`), a rate limit's `Retry-After`, and the usage chunk of
//! a stream.

mod common;

use common::*;
use serde_json::{json, Value};

#[tokio::test]
async fn a_server_without_tool_support_refuses_tools_as_ollama_does() {
    let server = start(
        r#"{"toolSupport": false, "models": ["llama3"], "rules": [
            {"when": {"systemContains": "reply with JSON"}, "reply": {"content": "{\"tool\":\"dom_click\",\"args\":{\"id\":\"a1\"}}"}}]}"#,
    )
    .await;
    let cases: &[(Value, bool)] = &[(tools(), true), (json!([]), false), (Value::Null, false)];
    for stream in [true, false] {
        for (tools, refused) in cases {
            let mut body = chat_body("llama3", "click it", stream);
            body["messages"][0]["content"] = json!("Tools: dom_click(id). To call one, reply with JSON.");
            if !tools.is_null() {
                body["tools"] = tools.clone();
            }
            let resp = post_chat(&server.base_url, &body, None).await;
            if *refused {
                let v = error_of(resp, 400).await;
                let want = json!({"error": {
                    "message": "registry.ollama.ai/library/llama3:latest does not support tools",
                    "type": "api_error", "param": null, "code": null}});
                assert_eq!(v, want);
            } else {
                assert_eq!(resp.status(), 200, "tools {tools}");
                let text = resp.text().await.unwrap();
                let content = if stream {
                    assemble(&text).content
                } else {
                    serde_json::from_str::<Value>(&text).unwrap()["choices"][0]["message"]["content"].as_str().unwrap().to_owned()
                };
                assert_eq!(content, r#"{"tool":"dom_click","args":{"id":"a1"}}"#);
            }
        }
    }
    assert_eq!(server.hits(), [4], "refused requests never reach the rules");
}

#[tokio::test]
async fn context_length_while_the_prompt_is_long_then_an_answer_once_compacted() {
    let server = start(
        r#"{"rules": [
            {"when": {"promptCharsAbove": 2000}, "fail": "context_length"},
            {"reply": {"content": "Short enough now."}}]}"#,
    )
    .await;
    let long = "x".repeat(1000);
    // Tool-call arguments count towards the prompt too.
    let body = json!({"model": "m", "messages": [
        {"role": "user", "content": long},
        {"role": "assistant", "content": null, "tool_calls": [{"id": "c", "type": "function", "function": {"name": "f", "arguments": long}}]},
        {"role": "tool", "tool_call_id": "c", "content": "ok"}]});
    let v = error_of(post_chat(&server.base_url, &body, None).await, 400).await;
    assert_eq!(
        v,
        json!({"error": {
            "message": "This model's maximum context length is 8192 tokens. However, your messages resulted in 9120 tokens. Please reduce the length of the messages.",
            "type": "invalid_request_error", "param": "messages", "code": "context_length_exceeded"}})
    );
    let compacted = json!({"model": "m", "stream": true, "messages": [{"role": "user", "content": "summary of the earlier turns"}]});
    let text = post_chat(&server.base_url, &compacted, None).await.text().await.unwrap();
    assert_eq!(assemble(&text).content, "Short enough now.");
}

#[tokio::test]
async fn rate_limited_says_when_to_retry() {
    let server = start(
        r#"{"rules": [
            {"when": {"lastUserContains": "slow"}, "fail": "rate_limited", "retryAfter": 30},
            {"when": {"lastUserContains": "zero"}, "fail": "rate_limited", "retryAfter": 0},
            {"fail": "rate_limited"}]}"#,
    )
    .await;
    for (user, seconds) in [("slow down", "30"), ("zero wait", "0"), ("anything", "2")] {
        let resp = post_chat(&server.base_url, &chat_body("m", user, true), None).await;
        assert_eq!(resp.headers()["retry-after"], seconds, "{user}");
        let v = error_of(resp, 429).await;
        assert_eq!(v["error"]["code"], "rate_limit_exceeded");
        assert!(v["error"]["message"].as_str().unwrap().contains(&format!("try again in {seconds}s")), "{v}");
    }
}

#[tokio::test]
async fn a_streamed_tool_call_with_usage_ends_with_the_usage_chunk() {
    let server = start(r#"{"default": {"toolCalls": [{"name": "dom_click", "arguments": {"id": "a1b2"}}], "chunkChars": 4}}"#).await;
    let mut body = chat_body("m", "click", true);
    body["stream_options"] = json!({"include_usage": true});
    let text = post_chat(&server.base_url, &body, None).await.text().await.unwrap();
    let got = assemble(&text);
    assert_eq!(got.tool_calls, [("call_1_0".to_owned(), "dom_click".to_owned(), r#"{"id":"a1b2"}"#.to_owned())]);
    assert_eq!(got.tool_deltas, 5, "a head delta, then the arguments in 4-character pieces");
    let data = sse_data(&text);
    assert_eq!(data.last().map(String::as_str), Some("[DONE]"));
    let chunks: Vec<Value> = data[..data.len() - 1].iter().map(|d| serde_json::from_str(d).unwrap()).collect();
    let (usage, others) = chunks.split_last().unwrap();
    assert_eq!(usage["choices"], json!([]));
    let u = &usage["usage"];
    let (prompt, completion) = (u["prompt_tokens"].as_u64().unwrap(), u["completion_tokens"].as_u64().unwrap());
    assert!(prompt > 0 && completion > 0, "{u}");
    assert_eq!(u["total_tokens"], prompt + completion);
    assert_eq!(u["prompt_tokens_details"], json!({"cached_tokens": 0}));
    assert!(others.iter().all(|c| c.get("usage") == Some(&Value::Null) && c["choices"].as_array().unwrap().len() == 1));
}
