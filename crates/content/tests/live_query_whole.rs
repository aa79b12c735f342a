//! `pcd.query` on a large page whose big collections the MiniPCD reads in
//! their first items only (`pcd_sampling.rs`): a query's text may name a
//! control far down such a list (an API page's 400th sidebar link), so
//! the first query whose text no hit is labelled with makes the page be
//! read whole — the hit is found and bound to its element — while the
//! MiniPCD stays what it was.
//! In a test binary of its own: the live state starts once per page.

mod common;

use bc_core::protocol::ContentResponse;
use common::{fixture, message};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn request(v: serde_json::Value) -> wasm_bindgen::JsValue {
    serde_wasm_bindgen::to_value(&v).unwrap()
}

async fn mini() -> bc_core::types::MiniPcd {
    match message(request(serde_json::json!({"type": "miniPcd"}))).await {
        ContentResponse::MiniPcd { mini, .. } => mini,
        other => panic!("{other:?}"),
    }
}

async fn query(text: &str) -> Vec<bc_core::types::QueryHit> {
    match message(request(serde_json::json!({"type": "query", "query": {"text": text, "topK": 3}}))).await {
        ContentResponse::Hits { hits, .. } => hits,
        other => panic!("{other:?}"),
    }
}

#[wasm_bindgen_test]
async fn a_query_finds_a_control_in_the_unread_items_of_a_big_list() {
    let mut html = String::from(r#"<main><h2>Methods</h2><ul id="methods">"#);
    for i in 0..300 {
        html.push_str(&format!(r##"<li><a href="#method.m{i}">method_{i}</a> <button>Copy</button></li>"##));
    }
    html.push_str(r#"</ul><form id="join"><label>Email <input name="e"></label><button>Join</button></form></main>"#);
    fixture(&html);
    let before = mini().await;
    let facts = bc_content::live::facts().unwrap();
    assert!(
        !facts.controls.iter().any(|c| c.name == "method_277"),
        "the MiniPCD reads the list's first items only"
    );

    // A query the MiniPCD's entries answer by name reads no more.
    let hits = query("Join").await;
    assert_eq!(hits.first().map(|h| h.label.as_str()), Some("Join"), "{hits:?}");
    assert!(!bc_content::live::facts().unwrap().controls.iter().any(|c| c.name == "method_277"), "still sampled");

    let hits = query("method_277").await;
    assert_eq!(hits.first().map(|h| h.label.as_str()), Some("method_277"), "{hits:?}");
    // Bound to that link: getDetails gives a selector for it.
    let details = match message(request(serde_json::json!({"type": "details", "ids": [hits[0].id]}))).await {
        ContentResponse::Details { details } => details,
        other => panic!("{other:?}"),
    };
    let json = serde_json::to_string(&details).unwrap();
    assert!(json.contains("method_277"), "{json}");

    // The MiniPCD is the same page's (the version may move on: the page
    // read whole has more facts).
    let after = mini().await;
    assert_eq!(after.actions, before.actions);
    assert_eq!(after.forms, before.forms);
    assert_eq!(
        after.collections.iter().map(|c| (&c.id, &c.name, &c.item_fields)).collect::<Vec<_>>(),
        before.collections.iter().map(|c| (&c.id, &c.name, &c.item_fields)).collect::<Vec<_>>()
    );
}
