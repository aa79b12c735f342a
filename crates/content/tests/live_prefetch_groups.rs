//! A prefetch reads the groups and forms ahead too
//! (`pcd::Discovery::read_groups_ahead`, `read_forms_ahead`): the first
//! request re-reads only those a text change since reached, and still
//! holds what a fresh collection reads — in open shadow roots too. In a test binary of its own:
//! the live state starts once per page.

mod common;

use bc_content::live;
use common::fixture;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
async fn groups_read_ahead_stand_until_text_reaches_them() {
    let mut html = String::from(r#"<main><h1>Catalog</h1><h2>Desks</h2><ul id="desks">"#);
    for i in 0..40 {
        html.push_str(&format!(r#"<li><a href="/d/{i}">Desk {i}</a> <span>${i}.00</span> <button>Add to cart</button></li>"#));
    }
    html.push_str(r#"</ul><h2>Lamps</h2><ul id="lamps">"#);
    for i in 0..40 {
        html.push_str(&format!(r#"<li><a href="/l/{i}">Lamp {i}</a> <span>${i}.50</span> <button>Add to cart</button></li>"#));
    }
    html.push_str(r#"</ul><table id="orders"><tr><th>Order</th><th>Total</th></tr>"#);
    for i in 0..10 {
        html.push_str(&format!(r#"<tr><td><a href="/o/{i}">Order {i}</a></td><td>${i}0.00</td></tr>"#));
    }
    html.push_str(r#"</table><form id="join"><label>Email <input name="e"></label><button>Join</button></form><form id="news"><label>News <input name="n"></label><button id="sub">Subscribe</button></form><div id="host"></div></main>"#);
    fixture(&html);
    let document = web_sys::window().unwrap().document().unwrap();
    // A list in an open shadow root: no observer watches it before a first
    // collection, unless the prefetch's discovery starts one.
    let host = document.get_element_by_id("host").unwrap();
    let shadow = host.attach_shadow(&web_sys::ShadowRootInit::new(web_sys::ShadowRootMode::Open)).unwrap();
    let mut inner = String::from("<ul>");
    for i in 0..6 {
        inner.push_str(&format!(r#"<li>Plan {i} <button>Watch</button></li>"#));
    }
    inner.push_str("</ul>");
    shadow.set_inner_html(&inner);
    common::summary_and_prefetch().await;
    // Text changes only, after the prefetch, inside the last group (a
    // group's "N results" text may sit in the three elements before it:
    // changes there read it again too): an amount (an item field) and a
    // link's name.
    let total = document.query_selector("#orders tr:nth-child(2) td:last-child").unwrap().unwrap();
    total.set_text_content(Some("$7.25"));
    let link = document.query_selector("#orders a").unwrap().unwrap();
    link.set_text_content(Some("Order zero"));
    document.get_element_by_id("sub").unwrap().set_text_content(Some("Sign up"));
    let watch = shadow.query_selector("button").unwrap().unwrap();
    watch.set_text_content(Some("Unwatch"));

    let b = live::current_sliced(&document).await;
    let s = live::stats();
    console_log!("first request after a prefetch, text changed in one group: {s:?}");
    assert!(!s.discovered, "{s:?}");
    assert_eq!(s.groups_read, 2, "only the orders and the shadow list are read again: {s:?}");
    // The forms were read ahead too: only the one a change reached is read again.
    assert_eq!(s.forms_read, 1, "{s:?}");
    let facts = live::facts().unwrap();
    assert_eq!(facts.groups.len(), 4, "{:?}", facts.groups);
    assert!(facts.controls.iter().any(|c| c.name == "Unwatch"), "the shadow button's new name");
    assert!(facts.groups[2].samples.iter().any(|x| x.texts.iter().any(|t| t == "$7.25")), "{:?}", facts.groups[2].samples);
    let (fresh_facts, _) = bc_content::pcd::collect(&document);
    if let Some(d) = common::facts_difference(&facts, &fresh_facts) {
        panic!("live facts differ from a fresh collection's: {d}");
    }
    let fresh = bc_core::pcd::build_with(&fresh_facts, b.mini.ts, live::budget());
    assert_eq!(b.mini, fresh.mini);
    assert_eq!(b.bindings, fresh.bindings);
}
