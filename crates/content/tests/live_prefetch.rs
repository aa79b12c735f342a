//! A page summary prefetches the first MiniPCD collection (`live::prefetch`):
//! discovery and every control's facts are prepared in idle slices, so the
//! first request takes one slice — and still answers exactly what a fresh
//! collection reads, changes made in between included. In a test binary of
//! its own: the live state starts once per page.

mod common;

use bc_content::live;
use common::fixture;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
async fn a_summary_prepares_the_first_minipcd() {
    // Rows no structure alone makes a list (a `ul` of them would be read
    // in its first items only, `pcd_sampling.rs`): 1200 facts to prefetch.
    let mut html = String::from(r#"<main><h1>Catalog</h1><p id="note">Prices include tax</p><div id="list">"#);
    for i in 0..600 {
        html.push_str(&format!(r#"<div class="row"><a href="/p/{i}">Product {i}</a> <button>Add to cart</button></div>"#));
    }
    html.push_str("</div></main>");
    fixture(&html);
    let document = web_sys::window().unwrap().document().unwrap();
    common::summary_and_prefetch().await;
    // Changes after it: a text, and a new control.
    let first = document.query_selector("#list a").unwrap().unwrap();
    first.set_text_content(Some("Product zero"));
    let extra = document.create_element("button").unwrap();
    extra.set_text_content(Some("Compare"));
    document.get_element_by_id("note").unwrap().append_child(&extra).unwrap();

    let b = live::current_sliced(&document).await;
    let s = live::stats();
    console_log!("first request after a prefetch: {s:?}");
    // The prefetch computed the facts; the request only what changed since
    // (discovery ran once more: an element was added).
    assert!(s.prefetched >= 1200, "{s:?}");
    assert!(s.computed <= 3, "{s:?}");
    assert_eq!(s.held, 1201, "{s:?}");
    assert!(b.mini.actions.iter().any(|a| a.label == "Compare"), "{:?}", b.mini.actions);
    let (facts, _) = bc_content::pcd::collect(&document);
    if let Some(d) = common::facts_difference(&live::facts().unwrap(), &facts) {
        panic!("live facts differ from a fresh collection's: {d}");
    }
    let fresh = bc_core::pcd::build_with(&facts, b.mini.ts, live::budget());
    assert_eq!(b.mini, fresh.mini);
    assert_eq!(b.bindings, fresh.bindings);
}
