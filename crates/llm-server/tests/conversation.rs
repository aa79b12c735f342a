//! A scripted agent loop over real HTTP, driven like the extension drives
//! it: each answer's tool calls and their results go back into the next
//! request. Covers `turn`, `anyToolContains`, `lastToolLacks`,
//! `{{match:…}}` templates, `template_unmatched` and `/__control/hits`.

mod common;

use bc_llm_server::Running;
use common::*;
use serde_json::{json, Value};

const SCENARIO: &str = r#"{"rules": [
  {"when": {"turn": 1, "lastUserContains": "invoices"},
   "reply": {"toolCalls": [{"name": "page_read", "arguments": {}}]}},
  {"when": {"lastToolContains": "link \"Invoices\""},
   "reply": {"content": "Opening {{match:(\\w+) link}}.",
             "toolCalls": [{"name": "dom_click", "arguments": {"id": "{{match:(\\w+) link \"Invoices\"}}", "why": "{{lastUser}}"}}],
             "chunkChars": 3}},
  {"when": {"anyToolContains": "link \"Invoices\"", "lastToolLacks": "error"},
   "reply": {"content": "Your invoices are open: {{match:Total due: (\\$\\d+)}}."}},
  {"when": {"turn": 3}, "reply": {"content": "The click failed."}},
  {"when": {"lastUserContains": "missing"}, "reply": {"content": "id {{match:(\\w+) button \"Pay\"}}"}}
]}"#;

const USER: &str = r#"Show my "invoices""#;
const LISTING: &str = "Page listing:\nz9y8 heading \"Billing\"\na1b2 link \"Invoices\"";

/// One model turn: posts the conversation, puts the answer back into it
/// (as the agent does), and returns the answer's text and tool calls.
async fn turn(server: &Running, messages: &mut Vec<Value>, stream: bool) -> Assembled {
    let body = json!({"model": "m", "stream": stream, "tools": tools(), "messages": messages});
    let resp = post_chat(&server.base_url, &body, None).await;
    assert_eq!(resp.status(), 200);
    let text = resp.text().await.unwrap();
    let got = if stream { assemble(&text) } else { from_completion(&text) };
    let calls: Vec<Value> = got
        .tool_calls
        .iter()
        .map(|(id, name, args)| json!({"id": id, "type": "function", "function": {"name": name, "arguments": args}}))
        .collect();
    let mut assistant = json!({"role": "assistant", "content": got.content});
    if !calls.is_empty() {
        assistant["tool_calls"] = Value::Array(calls);
    }
    messages.push(assistant);
    got
}

/// A non-streamed completion in the shape [`assemble`] gives.
fn from_completion(text: &str) -> Assembled {
    let v: Value = serde_json::from_str(text).unwrap();
    let message = &v["choices"][0]["message"];
    let tool_calls = message["tool_calls"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| {
            let s = |v: &Value| v.as_str().unwrap().to_owned();
            (s(&c["id"]), s(&c["function"]["name"]), s(&c["function"]["arguments"]))
        })
        .collect();
    Assembled {
        content: message["content"].as_str().unwrap_or("").to_owned(),
        tool_calls,
        finish_reason: v["choices"][0]["finish_reason"].as_str().map(str::to_owned),
        ..Default::default()
    }
}

fn tool_result(messages: &mut Vec<Value>, text: &str) {
    let id = messages.last().unwrap()["tool_calls"][0]["id"].clone();
    messages.push(json!({"role": "tool", "tool_call_id": id, "content": text}));
}

#[tokio::test]
async fn an_agent_loop_uses_the_page_ids_and_ends_on_what_the_page_shows() {
    for (stream, last_result, last_answer) in [
        (true, "Clicked. Total due: $40", "Your invoices are open: $40."),
        (false, "error: element detached", "The click failed."),
    ] {
        let server = start(SCENARIO).await;
        let mut messages = vec![json!({"role": "system", "content": "You are Browser Copilot."}), json!({"role": "user", "content": USER})];

        let first = turn(&server, &mut messages, stream).await;
        assert_eq!(first.tool_calls[0].1, "page_read");
        tool_result(&mut messages, LISTING);

        let second = turn(&server, &mut messages, stream).await;
        assert_eq!(second.content, "Opening a1b2.");
        assert_eq!(second.tool_calls[0].1, "dom_click");
        let args: Value = serde_json::from_str(&second.tool_calls[0].2).expect("filled arguments are still JSON");
        assert_eq!(args, json!({"id": "a1b2", "why": USER}));
        if stream {
            assert!(second.tool_deltas > 3, "arguments come in several pieces: {second:?}");
        }
        tool_result(&mut messages, last_result);

        let third = turn(&server, &mut messages, stream).await;
        assert_eq!(third.content, last_answer, "stream {stream}");
        assert_eq!(third.finish_reason.as_deref(), Some("stop"));

        let hits = if stream { json!([1, 1, 1, 0, 0]) } else { json!([1, 1, 0, 1, 0]) };
        assert_eq!(control_get(&server, "hits").await, hits);
        assert_eq!(server.hits(), serde_json::from_value::<Vec<u32>>(hits).unwrap());
    }
}

#[tokio::test]
async fn an_unmatched_template_is_a_loud_500() {
    let server = start(SCENARIO).await;
    for stream in [true, false] {
        let body = json!({"model": "m", "stream": stream, "messages": [{"role": "user", "content": "the missing button"}]});
        let v = error_of(post_chat(&server.base_url, &body, None).await, 500).await;
        assert_eq!(v["error"]["code"], "template_unmatched");
        let message = v["error"]["message"].as_str().unwrap();
        assert!(message.contains(r#"{{match:(\w+) button "Pay"}}"#) && message.contains(r#"`(\w+) button "Pay"`"#), "{message}");
    }
    assert_eq!(control_get(&server, "hits").await, json!([0, 0, 0, 0, 2]), "a failed template still counts as the rule's answer");
}

#[tokio::test]
async fn hits_reset_with_a_new_scenario_and_bad_regexes_are_refused() {
    let server = start(SCENARIO).await;
    post_chat(&server.base_url, &chat_body("m", "my invoices", false), None).await.text().await.unwrap();
    assert_eq!(control_get(&server, "hits").await, json!([1, 0, 0, 0, 0]));

    let put = |body: &'static str| client().put(format!("{}/__control/scenario", server.base_url.trim_end_matches("/v1"))).body(body).send();
    assert_eq!(put(r#"{"rules":[{"reply":{"content":"x"}}]}"#).await.unwrap().status(), 204);
    assert_eq!(control_get(&server, "hits").await, json!([0]));

    let bad = r#"{"rules":[{"reply":{"toolCalls":[{"name":"dom_click","arguments":{"id":"{{match:(\\w+ link}}"}}]}}]}"#;
    let v = error_of(put(bad).await.unwrap(), 400).await;
    assert_eq!(v["error"]["code"], "invalid_scenario");
    let message = v["error"]["message"].as_str().unwrap();
    assert!(message.contains("rule 0 reply.toolCalls[0].arguments") && message.contains("invalid regex"), "{message}");
}
