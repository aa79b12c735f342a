//! The stream-level failure modes over real HTTP: malformed stream, stall
//! before headers, stall mid-stream, disconnect mid-stream; and that
//! stopping the server ends stalls.

mod common;

use std::time::{Duration, Instant};

use common::*;

const SCENARIO: &str = r#"{"rules":[
  {"when":{"lastUserContains":"garbage"},"fail":"malformed_stream","reply":{"content":"Hello there","chunkChars":5}},
  {"when":{"lastUserContains":"stall early"},"fail":"stall"},
  {"when":{"lastUserContains":"stall late"},"fail":"stall_mid_stream"},
  {"when":{"lastUserContains":"cut"},"fail":"disconnect_mid_stream"}
]}"#;

fn quick_client() -> reqwest::Client {
    reqwest::Client::builder().timeout(Duration::from_millis(600)).build().unwrap()
}

#[tokio::test]
async fn malformed_stream_sends_one_chunk_then_garbage() {
    let server = start(SCENARIO).await;
    let r = post_chat(&server.base_url, &chat_body("m", "garbage please", true), None).await;
    assert_eq!(r.status(), 200);
    assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/event-stream"));
    let text = r.text().await.unwrap();
    let data = sse_data(&text);
    assert_eq!(data.len(), 2, "{text}");
    let first: serde_json::Value = serde_json::from_str(&data[0]).unwrap();
    assert_eq!(first["choices"][0]["delta"]["content"], "Hello");
    assert!(serde_json::from_str::<serde_json::Value>(&data[1]).is_err());
    assert_eq!(data[1], "<html>Bad Gateway</html>");
    assert!(!text.contains("[DONE]"));
}

#[tokio::test]
async fn stall_never_sends_headers() {
    let server = start(SCENARIO).await;
    let t0 = Instant::now();
    let err = quick_client()
        .post(format!("{}/chat/completions", server.base_url))
        .json(&chat_body("m", "stall early", true))
        .send()
        .await
        .expect_err("no headers ever come");
    assert!(err.is_timeout(), "{err}");
    assert!(t0.elapsed() >= Duration::from_millis(500));
    // The request was received and recorded all the same.
    assert_eq!(server.requests().len(), 1);
}

#[tokio::test]
async fn stall_mid_stream_sends_one_chunk_then_nothing() {
    let server = start(SCENARIO).await;
    let mut r = quick_client()
        .post(format!("{}/chat/completions", server.base_url))
        .json(&chat_body("m", "stall late", true))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let first = r.chunk().await.unwrap().expect("one chunk");
    let first = String::from_utf8(first.to_vec()).unwrap();
    assert!(first.contains("chat.completion.chunk") && first.contains("Partial answer"), "{first}");
    let err = r.chunk().await.expect_err("nothing more");
    assert!(err.is_timeout(), "{err}");
}

#[tokio::test]
async fn disconnect_mid_stream_drops_the_connection() {
    let server = start(SCENARIO).await;
    for stream in [true, false] {
        let mut r = post_chat(&server.base_url, &chat_body("m", "cut me off", stream), None).await;
        assert_eq!(r.status(), 200);
        let mut got = Vec::new();
        let err = loop {
            match r.chunk().await {
                Ok(Some(c)) => got.extend_from_slice(&c),
                Ok(None) => panic!("body ended cleanly: {}", String::from_utf8_lossy(&got)),
                Err(e) => break e,
            }
        };
        assert!(!err.is_timeout(), "{err}");
        let got = String::from_utf8(got).unwrap();
        assert!(got.contains("chatcmpl-") && !got.contains("[DONE]"), "{got}");
    }
}

#[tokio::test]
async fn stop_ends_stalled_requests_promptly() {
    let server = start(SCENARIO).await;
    let url = format!("{}/chat/completions", server.base_url);
    let early = tokio::spawn(client().post(url.clone()).json(&chat_body("m", "stall early", true)).send());
    let late = client().post(url).json(&chat_body("m", "stall late", true)).send().await.unwrap();
    while server.requests().len() < 2 {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let t0 = Instant::now();
    server.stop().await.unwrap();
    assert!(t0.elapsed() < Duration::from_secs(3), "stop took {:?}", t0.elapsed());
    assert_eq!(early.await.unwrap().unwrap().status(), 504);
    assert!(late.text().await.is_err(), "the held stream is cut");
}
