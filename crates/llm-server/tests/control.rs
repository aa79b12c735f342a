//! The control endpoints and CORS over real HTTP: request recording,
//! clearing, replacing the scenario, and preflight answers.

mod common;

use common::*;
use serde_json::{json, Value};

#[tokio::test]
async fn requests_are_recorded_with_headers_and_body_in_order() {
    let server = start(r#"{"apiKey":"sk-1","default":{"content":"ok"}}"#).await;
    let control = server.base_url.replace("/v1", "/__control");
    let body = chat_body("m", "what left the browser?", true);
    post_chat(&server.base_url, &body, Some("sk-1")).await.text().await.unwrap();
    client().get(format!("{}/models", server.base_url)).header("X-Extra", "yes").send().await.unwrap();
    // Control calls and preflights are not recorded.
    client().request(reqwest::Method::OPTIONS, format!("{}/chat/completions", server.base_url)).send().await.unwrap();
    let recorded: Value = client().get(format!("{control}/requests")).send().await.unwrap().json().await.unwrap();
    let recorded = recorded.as_array().unwrap();
    assert_eq!(recorded.len(), 2, "{recorded:?}");
    assert_eq!(recorded[0]["method"], "POST");
    assert_eq!(recorded[0]["path"], "/v1/chat/completions");
    assert_eq!(recorded[0]["headers"]["authorization"], "Bearer sk-1");
    assert_eq!(recorded[0]["headers"]["content-type"], "application/json");
    assert_eq!(recorded[0]["body"], body);
    assert_eq!(recorded[1]["method"], "GET");
    assert_eq!(recorded[1]["path"], "/v1/models");
    assert_eq!(recorded[1]["headers"]["x-extra"], "yes");
    assert_eq!(recorded[1]["body"], Value::Null);
    // In-process view agrees.
    assert_eq!(server.requests().len(), 2);
    assert_eq!(server.requests()[0].body, body);

    let del = client().delete(format!("{control}/requests")).send().await.unwrap();
    assert_eq!(del.status(), 204);
    let recorded: Value = client().get(format!("{control}/requests")).send().await.unwrap().json().await.unwrap();
    assert_eq!(recorded, json!([]));
}

#[tokio::test]
async fn put_scenario_replaces_it_and_keeps_the_record() {
    let server = start(r#"{"default":{"content":"old"}}"#).await;
    let control = server.base_url.replace("/v1", "/__control");
    let first: Value = post_chat(&server.base_url, &chat_body("m", "q", false), None).await.json().await.unwrap();
    assert_eq!(first["choices"][0]["message"]["content"], "old");

    let put = client().put(format!("{control}/scenario")).body(r#"{"default":{"content":"new"}}"#).send().await.unwrap();
    assert_eq!(put.status(), 204);
    let second: Value = post_chat(&server.base_url, &chat_body("m", "q", false), None).await.json().await.unwrap();
    assert_eq!(second["choices"][0]["message"]["content"], "new");
    assert_eq!(server.requests().len(), 2);

    let bad = client().put(format!("{control}/scenario")).body(r#"{"rulez":[]}"#).send().await.unwrap();
    assert_eq!(bad.status(), 400);
    let v: Value = bad.json().await.unwrap();
    assert_eq!(v["error"]["code"], "invalid_scenario");
    let current: Value = client().get(format!("{control}/scenario")).send().await.unwrap().json().await.unwrap();
    assert_eq!(current, json!({"rules":[],"default":{"content":"new"}}));
}

#[tokio::test]
async fn cors_preflight_for_every_route() {
    let server = start(r#"{"apiKey":"k"}"#).await;
    let root = server.base_url.trim_end_matches("/v1").to_owned();
    for path in ["/v1/chat/completions", "/v1/models", "/__control/scenario", "/__control/requests", "/__control/hits"] {
        let r = client()
            .request(reqwest::Method::OPTIONS, format!("{root}{path}"))
            .header("Origin", "chrome-extension://abc")
            .header("Access-Control-Request-Method", "POST")
            .header("Access-Control-Request-Headers", "authorization, content-type")
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 204, "{path}");
        let h = r.headers();
        assert_eq!(h["access-control-allow-origin"], "*", "{path}");
        let allowed = h["access-control-allow-headers"].to_str().unwrap();
        assert!(allowed.contains("authorization") && allowed.contains("content-type"), "{path}");
        assert!(h["access-control-allow-methods"].to_str().unwrap().contains("POST"), "{path}");
    }
    assert!(server.requests().is_empty(), "preflights are not recorded");
    let r = client().get(format!("{root}/__control/requests")).send().await.unwrap();
    assert_eq!(r.headers()["access-control-allow-origin"], "*");
}
