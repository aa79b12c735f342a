//! The live state on a large page whose big collections are read in their
//! first items only (`pcd_sampling.rs`): a prefetch (facts, groups and
//! forms read ahead) and the first request after it skip the same
//! controls a fresh collection skips, and text changes in unread items
//! and in read ones leave the live facts equal to a fresh collection's.
//! In a test binary of its own: the live state starts once per page.

mod common;

use bc_content::live;
use common::fixture;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
async fn live_facts_skip_what_a_fresh_collection_skips() {
    let mut html = String::from(r#"<main><h2>Products</h2><ul id="products">"#);
    for i in 0..150 {
        html.push_str(&format!(r#"<li><a href="/p/{i}">Product {i}</a> <span>${i}.00</span> <button>Add to cart</button></li>"#));
    }
    html.push_str(r#"</ul><ul id="pages">"#);
    for i in 1..=12 {
        html.push_str(&format!(r#"<li><a href="?page={i}">{i}</a></li>"#));
    }
    html.push_str(r#"</ul><table id="orders"><tr><th>Order</th><th>Total</th></tr>"#);
    for i in 0..120 {
        html.push_str(&format!(r#"<tr><td><a href="/o/{i}">Order {i}</a></td><td>${i}0.00</td></tr>"#));
    }
    html.push_str(r#"</table><form id="join"><label>Email <input name="e"></label><button>Join</button></form></main>"#);
    fixture(&html);
    let document = web_sys::window().unwrap().document().unwrap();
    common::summary_and_prefetch().await;
    assert!(live::prefetched() < 100, "the prefetch computed only the controls read: {}", live::prefetched());
    // Text changes after the prefetch: in an unread item, in a read one.
    let unread = document.query_selector("#products li:nth-child(80) a").unwrap().unwrap();
    unread.set_text_content(Some("Product eighty"));
    let read = document.query_selector("#products li:nth-child(2) a").unwrap().unwrap();
    read.set_text_content(Some("Product two"));

    let b = live::current_sliced(&document).await;
    let s = live::stats();
    console_log!("first request after a prefetch on a large page: {s:?}");
    assert!(!s.discovered, "{s:?}");
    let facts = live::facts().unwrap();
    let names: Vec<&str> = facts.controls.iter().map(|c| c.name.as_str()).collect();
    assert!(names.contains(&"Product two") && !names.contains(&"Product eighty"), "{names:?}");
    assert!(names.contains(&"12"), "page numbers are read: {names:?}");
    let (fresh_facts, _) = bc_content::pcd::collect(&document);
    if let Some(d) = common::facts_difference(&facts, &fresh_facts) {
        panic!("live facts differ from a fresh collection's: {d}");
    }
    let fresh = bc_core::pcd::build_with(&fresh_facts, b.mini.ts, live::budget());
    assert_eq!(b.mini, fresh.mini);
    assert_eq!(b.bindings, fresh.bindings);

    // An item added (a structural change): discovery again, still equal.
    let list = document.get_element_by_id("products").unwrap();
    let li = document.create_element("li").unwrap();
    li.set_inner_html(r#"<a href="/p/new">Product new</a> <button>Add to cart</button>"#);
    list.insert_before(&li, list.first_child().as_ref()).unwrap();
    let b = live::current_sliced(&document).await;
    let facts = live::facts().unwrap();
    assert!(facts.controls.iter().any(|c| c.name == "Product new"));
    assert!(!facts.controls.iter().any(|c| c.name == "Product 4"), "now the sixth item");
    let (fresh_facts, _) = bc_content::pcd::collect(&document);
    if let Some(d) = common::facts_difference(&facts, &fresh_facts) {
        panic!("after an insertion, live facts differ from a fresh collection's: {d}");
    }
    assert_eq!(b.mini, bc_core::pcd::build_with(&fresh_facts, b.mini.ts, live::budget()).mini);
}
