//! The text engine, as Playwright's `getByText`: the smallest elements
//! whose (whitespace-normalised) text matches — an element whose text
//! matches only because one of its children's does is not itself a match —
//! plus buttons made of `<input>` whose value is the text. Unlike
//! Playwright, hidden elements are never matches: the copilot acts as a
//! person who cannot click what is not shown.
//!
//! Search goes top-down and prunes: a subtree whose text cannot contain the
//! needle is never entered, so cost follows the matching paths, not the page.

use crate::aria;
use crate::pcd::{dom, frames::precedes};
use web_sys::Element;

/// Elements whose own text never counts.
const SKIP: &[&str] = &["script", "style", "noscript", "template", "head"];
const INPUT_BUTTONS: &str = "input[type=button i], input[type=submit i], input[type=reset i]";

/// Matches of `pattern` under `children` (the top elements of one tree), in
/// document order. `test` runs a pattern on a text (regex needs the browser)
/// and prunes the walk; `accept` narrows what matches (a whole-text match
/// for a quoted selector; for a substring, every text `test` passes).
pub fn matches(children: Vec<Element>, test: &dyn Fn(&str) -> bool, accept: &dyn Fn(&str) -> bool) -> Vec<Element> {
    let mut out = Vec::new();
    for el in &children {
        visit(el, test, accept, &mut out);
    }
    let mut inputs: Vec<Element> = children
        .iter()
        .flat_map(|c| {
            let own = dom::matches(c, INPUT_BUTTONS).then(|| c.clone());
            own.into_iter().chain(dom::select(c, INPUT_BUTTONS))
        })
        .filter(|i| {
            let value = dom::attr(i, "value").unwrap_or_default();
            test(&value) && accept(&value) && !aria::is_hidden(i)
        })
        .collect();
    if inputs.is_empty() {
        return out;
    }
    // Merge the inputs in, keeping document order.
    out.append(&mut inputs);
    out.sort_by(|a, b| {
        if a == b {
            std::cmp::Ordering::Equal
        } else if precedes(a, b) {
            std::cmp::Ordering::Less
        } else {
            std::cmp::Ordering::Greater
        }
    });
    out
}

/// Adds `el` or its matching descendants; returns whether `el` or one of
/// its descendants matched.
fn visit(el: &Element, test: &dyn Fn(&str) -> bool, accept: &dyn Fn(&str) -> bool, out: &mut Vec<Element>) -> bool {
    if SKIP.contains(&dom::tag(el).as_str()) {
        return false;
    }
    let text = el.text_content().unwrap_or_default();
    if !test(&text) {
        return false;
    }
    let mut child_matched = false;
    let mut child = el.first_element_child();
    while let Some(c) = child {
        child_matched |= visit(&c, test, accept, out);
        child = c.next_element_sibling();
    }
    let matched = accept(&text);
    if !child_matched && matched && !aria::is_hidden(el) {
        out.push(el.clone());
    }
    child_matched || matched
}
