//! On a large page (400 controls or more) the collector reads a big
//! collection's controls in its first five items only: the MiniPCD shows
//! a collection as one entry, its template actions and sample items, so
//! the rest would cost without changing it. Lists that are not
//! collections in the end (navigation, page numbers), short ones, and
//! everything on smaller pages are read whole; the items themselves are
//! all counted.

mod common;

use bc_content::pcd;
use common::fixture;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// A page of about 400 controls: products (100 items), a table of orders
/// (60 rows), a card grid of results (30), a list of page numbers (12,
/// and a hidden one and a clickable span), a short list (8), and a
/// navigation list (12).
fn big_page(products: usize) -> String {
    let mut html = String::from(r#"<nav><ul>"#);
    for i in 0..12 {
        html.push_str(&format!(r#"<li><a href="/n/{i}">Nav {i}</a></li>"#));
    }
    html.push_str(r#"</ul></nav><main><h2>Products</h2><ul id="products">"#);
    for i in 0..products {
        html.push_str(&format!(r#"<li><a href="/p/{i}">Product {i}</a> <span>${i}.00</span> <button>Add to cart</button></li>"#));
    }
    html.push_str(r#"</ul><ul id="pages">"#);
    for i in 1..=12 {
        html.push_str(&format!(r#"<li><a href="?page={i}">{i}</a></li>"#));
    }
    // Past the first five items: discovery neither checked these nor
    // looked for clickables there until the list proved no collection.
    html.push_str(r#"<li hidden><a href="?page=99">99</a></li><li><span style="cursor:pointer">More pages</span></li>"#);
    html.push_str(r#"</ul><ul id="short">"#);
    for i in 0..8 {
        html.push_str(&format!(r#"<li>Report {i} <button>Open {i}</button></li>"#));
    }
    html.push_str(r#"</ul><div class="results">"#);
    for i in 0..30 {
        html.push_str(&format!(r#"<div class="card"><a href="/r/{i}">Result {i}</a> <button>Save</button></div>"#));
    }
    html.push_str(r#"</div><table id="orders"><tr><th>Order</th><th>Total</th><th></th></tr>"#);
    for i in 0..60 {
        html.push_str(&format!(r#"<tr><td><a href="/o/{i}">Order {i}</a></td><td>${i}0.00</td><td><button>Download</button></td></tr>"#));
    }
    html.push_str("</table></main>");
    html
}

fn names(facts: &bc_core::pcd::PageFacts) -> Vec<&str> {
    facts.controls.iter().map(|c| c.name.as_str()).collect()
}

#[wasm_bindgen_test]
fn big_collections_are_read_in_their_first_items() {
    fixture(&big_page(100));
    let document = web_sys::window().unwrap().document().unwrap();
    let (facts, _) = pcd::collect(&document);
    let names = names(&facts);
    let has = |n: &str| names.contains(&n);
    for read in ["Product 0", "Product 4", "Result 4", "Order 4"] {
        assert!(has(read), "{read} is read: {names:?}");
    }
    for unread in ["Product 5", "Product 99", "Result 5", "Order 59"] {
        assert!(!has(unread), "{unread} is not read: {names:?}");
    }
    assert_eq!(names.iter().filter(|n| **n == "Add to cart").count(), 5);
    assert_eq!(names.iter().filter(|n| **n == "Download").count(), 5);
    // Navigation, page numbers (no collection: every link counts), short lists.
    for i in 0..12 {
        assert!(has(&format!("Nav {i}")), "Nav {i}: {names:?}");
        assert!(has(&format!("{}", i + 1)), "page {}: {names:?}", i + 1);
    }
    for i in 0..8 {
        assert!(has(&format!("Open {i}")), "Open {i}: {names:?}");
    }
    assert!(!has("99"), "a hidden page link: {names:?}");
    assert!(has("More pages"), "a clickable span: {names:?}");
    // Read late, the page numbers still sit where the page has them.
    let at = |n: &str| names.iter().position(|x| *x == n).unwrap();
    assert!(at("Product 4") < at("1") && at("12") < at("Open 0"), "{names:?}");
    // Every item is counted, and grouped controls say which item they are in.
    let products = facts.groups.iter().position(|g| g.item_count == 100).expect("the products group");
    let last = facts.controls.iter().find(|c| c.name == "Product 4").unwrap();
    assert_eq!(last.group.map(|g| (g.group as usize, g.item)), Some((products, 4)));
    assert!(facts.groups.iter().any(|g| g.item_count == 60 && g.columns.first().is_some_and(|c| c == "Order")));

    let built = bc_core::pcd::build(&facts, 1.0);
    let coll = built.mini.collections.iter().find(|c| c.approx_count == Some(100)).expect("the products collection");
    assert!(
        built.mini.actions.iter().any(|a| a.label == "Add to cart" && a.applies_to_collection_id.as_deref() == Some(coll.id.as_str())),
        "{:?}",
        built.mini.actions
    );
}

#[wasm_bindgen_test]
fn smaller_pages_are_read_whole() {
    fixture(&big_page(30));
    let document = web_sys::window().unwrap().document().unwrap();
    let (facts, _) = pcd::collect(&document);
    assert!(facts.controls.len() < 400, "{}", facts.controls.len());
    let names = names(&facts);
    for read in ["Product 29", "Result 29", "Order 59"] {
        assert!(names.contains(&read), "{read}: {names:?}");
    }
}

/// Large means controls, not candidates: a hidden menu's 300 links count
/// as candidates until discovery finds them hidden, and a page that has
/// fewer than 400 controls is read whole however many it hides.
#[wasm_bindgen_test]
fn hidden_candidates_do_not_make_a_page_large() {
    let mut html = String::from(r#"<div hidden><ul>"#);
    for i in 0..300 {
        html.push_str(&format!(r#"<li><a href="/m/{i}">Menu {i}</a></li>"#));
    }
    html.push_str("</ul></div>");
    html.push_str(&big_page(30));
    fixture(&html);
    let document = web_sys::window().unwrap().document().unwrap();
    let (facts, _) = pcd::collect(&document);
    assert!(facts.controls.len() < 400, "{}", facts.controls.len());
    let names = names(&facts);
    assert!(!names.contains(&"Menu 0"), "hidden: {names:?}");
    for read in ["Product 29", "Result 29", "Order 59"] {
        assert!(names.contains(&read), "{read}: {names:?}");
    }
}
