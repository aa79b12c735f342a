//! `pcd.query` on a page with more controls than a collection's cap (2000,
//! in document order): a query's text may name one past it (an API page's
//! 2400th link), so the first query with text makes the page be read whole,
//! with a higher cap (4000). In a test binary of its own: the live state
//! starts once per page, and reading whole is for the page's lifetime.

mod common;

use bc_core::protocol::ContentResponse;
use common::{fixture, message};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
async fn a_query_finds_a_control_past_the_cap() {
    // Not a list: nothing is sampled, only the cap leaves controls out.
    let mut html = String::from("<main><h1>fs</h1><p>");
    for i in 0..2400 {
        html.push_str(&format!(r#"<a href="/api/fs{i}">fs.call{i}()</a> "#));
    }
    html.push_str("</p></main>");
    fixture(&html);
    let req = |v: serde_json::Value| serde_wasm_bindgen::to_value(&v).unwrap();
    let ContentResponse::MiniPcd { .. } = message(req(serde_json::json!({"type": "miniPcd"}))).await else { panic!() };
    let facts = bc_content::live::facts().unwrap();
    assert_eq!(facts.controls.len(), 2000, "the collection's cap");
    let hits = match message(req(serde_json::json!({"type": "query", "query": {"text": "fs.call2345()", "topK": 3}}))).await {
        ContentResponse::Hits { hits, .. } => hits,
        other => panic!("{other:?}"),
    };
    assert_eq!(hits.first().map(|h| h.label.as_str()), Some("fs.call2345()"), "{hits:?}");
    assert_eq!(bc_content::live::facts().unwrap().controls.len(), 2400);
}
