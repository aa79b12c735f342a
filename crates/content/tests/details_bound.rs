//! `getDetails` stays bounded on markup that makes selector construction
//! expensive (issue 44 point 4): a search form above 800 nested levels
//! that all carry the form's word. Before the bound, the text alternative
//! read every level's whole subtree text (depth × text: 25–28 s per
//! control in a debug build; 233 s seen on a real page). The bounds are
//! proved by what is answered, not by a clock: the text search stops with
//! a `timeout` naming its stage, `getDetails` still answers selectors that
//! come back to the element, and a request past its deadline answers
//! `timeout` naming the stage it was in.

mod common;

use bc_content::resolve::{self, details};
use bc_core::selector::SelectorError;
use bc_core::tools::ErrorCode;
use bc_core::types::RoleSelector;
use common::fixture;
use wasm_bindgen_test::*;
use web_sys::Document;

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> Document {
    web_sys::window().unwrap().document().unwrap()
}

const FORM: &str = r#"<header><form role=search><input type=search name=q aria-label="Search"><button>Search</button></form></header>"#;

/// The form above `levels` nested divs, each with a paragraph of the word.
fn deep_page(levels: usize) {
    let word = "Search the archive. ".repeat(50);
    let mut html = String::from(FORM);
    for _ in 0..levels {
        html.push_str(&format!("<div><p>{word}</p>"));
    }
    html.push_str(&"</div>".repeat(levels));
    fixture(&html);
}

fn text(t: &str) -> RoleSelector {
    RoleSelector::Text { text: t.into(), within_landmark: None, nth: None, frame_path: None }
}

/// 900 nested levels of one short sentence each: every level's text stays
/// under the length past which an element is walked through unread (so
/// each is read), and together they are depth × text.
fn thin_deep_page(levels: usize) {
    let mut html = String::from(FORM);
    for _ in 0..levels {
        html.push_str("<div><p>Search the archive. </p>");
    }
    html.push_str(&"</div>".repeat(levels));
    fixture(&html);
}

#[wasm_bindgen_test]
fn a_text_search_through_deep_repeated_text_stops_with_a_timeout() {
    thin_deep_page(900);
    // Every level holds the needle and the deepest paragraph is the only
    // match of this text: finding it reads depth × text.
    let err = resolve::resolve(&document(), &text("archive. Search the archive. Search")).unwrap_err();
    assert!(matches!(err, SelectorError::TooCostly { .. }), "{err:?}");
    assert_eq!(err.code().0, ErrorCode::Timeout);
    assert!(err.to_string().contains("stage `text search`"), "{err}");
    // A few levels are searched whole, as before.
    deep_page(5);
    let found = resolve::resolve(&document(), &text("archive. Search the archive. Search")).unwrap();
    assert_eq!(found.len(), 5);
    fixture("");
}

#[wasm_bindgen_test]
fn details_above_deep_repeated_text_answer_selectors_that_come_back() {
    deep_page(800);
    let doc = document();
    for css in ["header form", "header input", "header button"] {
        let el = doc.query_selector(css).unwrap().unwrap();
        let d = details::detail_of(&doc, "a1", &el);
        for s in std::iter::once(&d.selector).chain(d.alt_selectors.iter().flatten()) {
            assert_eq!(resolve::resolve(&doc, s).unwrap(), vec![el.clone()], "{css}: {s:?}");
        }
        assert!(matches!(d.selector, RoleSelector::Role { .. }), "{css}: {:?}", d.selector);
    }
    fixture("");
}

#[wasm_bindgen_test]
fn a_uniqueness_check_stops_at_the_second_match() {
    let links: String = (0..3000).map(|_| "<li><a href=#>Search</a></li>").collect();
    fixture(&format!("{FORM}<ul>{links}</ul>"));
    let sel = RoleSelector::role("link", Some("Search"), bc_core::types::NameMode::Exact);
    assert_eq!(resolve::resolve_up_to(&document(), &sel, 2).unwrap().len(), 2);
    assert_eq!(resolve::resolve(&document(), &sel).unwrap().len(), 3000);
    assert_eq!(resolve::resolve_up_to(&document(), &text("Search"), 2).unwrap().len(), 2);
    fixture("");
}

#[wasm_bindgen_test]
fn a_request_past_its_deadline_answers_timeout_naming_the_stage() {
    deep_page(3);
    let doc = document();
    let el = doc.query_selector("header button").unwrap().unwrap();
    let past = web_sys::window().unwrap().performance().unwrap().now() - 1.0;
    let err = details::detail_within(&doc, "a7", &el, past).unwrap_err();
    assert!(matches!(err, details::DetailsError::Timeout { stage: details::Stage::RoleLadder, .. }), "{err:?}");
    assert_eq!(err.code(), (ErrorCode::Timeout, false));
    assert!(err.to_string().contains("role selector ladder") && err.to_string().contains("a7"), "{err}");
    // In time, the same element gets its selectors.
    let d = details::detail_within(&doc, "a7", &el, f64::INFINITY).unwrap();
    assert_eq!(resolve::resolve(&doc, &d.selector).unwrap(), vec![el]);
    fixture("");
}
