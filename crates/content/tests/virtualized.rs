//! Virtualized lists on real DOM fixtures, one table row per shape: which
//! structures count as virtualized (`act::virtualized::lists`), the group's
//! declared count in the page facts, and the collection's `approxCount`
//! in the MiniPCD (the declared total, not the rendered rows). Then
//! `dom.scroll` to a row the list has not rendered, with rows rendered
//! on `scroll` by a listener, as a framework would.

mod common;

use bc_content::act;
use bc_core::act::DomAction;
use common::fixture;
use serde_json::{json, Value};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// `n` rows of an ARIA table starting at row `from` (1-based data rows).
fn table_rows(from: usize, n: usize, rowindex: bool) -> String {
    (from..from + n)
        .map(|i| {
            let idx = if rowindex { format!(r#" aria-rowindex="{}""#, i + 1) } else { String::new() };
            format!(r##"<div role="row"{idx}><span role="cell"><a href="#o{i}">Order #{i:04}</a></span><span role="cell">2025-01-{:02}</span><span role="cell">$1{i}.00</span></div>"##, i % 28 + 1)
        })
        .collect()
}

fn list_items(n: usize, setsize: &str) -> String {
    (1..=n).map(|i| format!(r##"<li aria-setsize="{setsize}" aria-posinset="{i}"><a href="#m{i}">Message {i}</a> <span>2025-02-{i:02}</span></li>"##)).collect()
}

const HEAD: &str = r#"<div role="rowgroup"><div role="row" aria-rowindex="1"><span role="columnheader">Order</span><span role="columnheader">Date</span><span role="columnheader">Total</span></div></div>"#;

#[wasm_bindgen_test]
fn virtualized_lists_are_collections_counted_by_their_declared_size() {
    // (name, html, virtualized, declaredCount in the facts, approxCount)
    let rows: Vec<(&str, String, bool, Value, u32)> = vec![
        (
            "aria table, rowcount with a header row, scrolling viewport inside",
            format!(
                r#"<main><div role="table" aria-label="Orders" aria-rowcount="1001">{HEAD}
                <div style="height:200px;overflow-y:auto" id="vp"><div role="rowgroup" style="height:44000px;position:relative">{}</div></div></div></main>"#,
                table_rows(1, 8, true)
            ),
            true,
            json!(1000),
            1000,
        ),
        (
            "list whose items carry aria-setsize, in a scrolling list",
            format!(r#"<main><h2>Inbox</h2><ul style="height:120px;overflow-y:auto">{}</ul></main>"#, list_items(6, "500")),
            true,
            json!(500),
            500,
        ),
        (
            "endless feed: aria-setsize -1 (unknown)",
            format!(r#"<main><h2>Messages</h2><ul style="height:120px;overflow-y:auto">{}</ul></main>"#, list_items(6, "-1")),
            true,
            Value::Null,
            6,
        ),
        (
            "a list declaring exactly what it renders is not virtualized",
            format!(r#"<main><h2>Inbox</h2><ul>{}</ul></main>"#, list_items(4, "4")),
            false,
            Value::Null,
            4,
        ),
        (
            "a plain table without counts",
            format!(r#"<main><div role="table" aria-label="Orders">{HEAD}<div role="rowgroup">{}</div></div></main>"#, table_rows(1, 5, false)),
            false,
            Value::Null,
            5,
        ),
    ];
    for (name, html, virtualized, declared, approx) in rows {
        fixture(&html);
        let doc = document();
        let found = act::virtualized::lists(&doc);
        assert_eq!(!found.is_empty(), virtualized, "{name}: virtualized");
        let (facts, _) = bc_content::pcd::collect(&doc);
        let facts = serde_json::to_value(facts).unwrap();
        let groups = facts["groups"].as_array().unwrap();
        assert_eq!(groups.len(), 1, "{name}: {groups:?}");
        assert_eq!(groups[0]["declaredCount"], declared, "{name}");
        let built = bc_content::live::current(&doc);
        assert_eq!(built.mini.collections.len(), 1, "{name}: {:?}", built.mini.collections);
        assert_eq!(built.mini.collections[0].approx_count, Some(approx), "{name}");
    }
}

/// Renders rows `first..first+window` of a 300-row table inside `#vp`
/// from its scrollTop, as a virtualizing framework does on `scroll`.
fn render_window(vp: &web_sys::Element) {
    const ROW: i32 = 20;
    let first = (vp.scroll_top() / ROW).max(0) as usize + 1;
    let body = vp.first_element_child().unwrap();
    let rows: String = (first..(first + 8).min(301))
        .map(|i| format!(r##"<div role="row" aria-rowindex="{}" style="position:absolute;top:{}px;height:20px"><span role="cell"><a href="#o{i}">Order #{i:04}</a></span></div>"##, i + 1, (i as i32 - 1) * ROW))
        .collect();
    body.set_inner_html(&rows);
}

#[wasm_bindgen_test]
async fn scroll_to_a_row_that_is_not_rendered_renders_it() {
    let fx = fixture(r#"<main><div role="table" aria-label="Orders" aria-rowcount="301"><div id="vp" style="height:100px;overflow-y:auto"><div role="rowgroup" style="height:6000px;position:relative"></div></div></div></main>"#);
    let vp = fx.query_selector("#vp").unwrap().unwrap();
    render_window(&vp);
    let listener = Closure::<dyn FnMut()>::new({
        let vp = vp.clone();
        move || render_window(&vp)
    });
    vp.add_event_listener_with_callback("scroll", listener.as_ref().unchecked_ref()).unwrap();
    let link = |n: &str| serde_json::from_value::<bc_core::types::RoleSelector>(json!({"kind": "role", "role": "link", "name": n, "nameMode": "exact"})).unwrap();
    let doc = document();
    assert!(act::bind(&doc, &link("Order #0250")).is_err(), "not rendered yet");
    let out = act::act(&doc, &link("Order #0250"), None, &DomAction::ScrollIntoView).await.unwrap();
    assert!(out.detail.as_deref().unwrap_or_default().contains("rendered by scrolling the virtualized table \"Orders\""), "{out:?}");
    assert!(out.changes.iter().any(|c| c == "scroll"), "{out:?}");
    assert!(act::bind(&doc, &link("Order #0250")).is_ok());
    // Not in the list at all: not_found after one complete sweep, the list put back.
    let at = vp.scroll_top();
    let err = act::act(&doc, &link("Order #0999"), None, &DomAction::ScrollIntoView).await.unwrap_err();
    assert!(matches!(err, bc_core::act::ActError::NotMaterialized { complete: true, .. }), "{err}");
    assert_eq!(err.code().0, bc_core::tools::ErrorCode::NotFound);
    assert_eq!(vp.scroll_top(), at);
    vp.remove_event_listener_with_callback("scroll", listener.as_ref().unchecked_ref()).unwrap();
}
