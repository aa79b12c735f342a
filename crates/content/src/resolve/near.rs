//! Nearby labels (issue 45): the text a person reads as a control's label
//! when the page did not tie it to the control — `<label>Username</label>
//! <input>` without `for`, `<span>Email</span> <input>`, `User name<br>
//! <input>`, a table cell before the field's cell, the words after a
//! checkbox. Grounding falls back to it after accessible names had their
//! turn (`RoleSelector::Near`); the accessible name itself stays what
//! Chromium computes, and this text is never reported as one.
//!
//! As a person reads a form: the text just before a field on its row (or
//! in the cell before its cell, or the block just above it); for a
//! checkbox or radio button, the text just after it first. Another control
//! in between ends the search: that text is the other control's.

use crate::pcd::dom;
use wasm_bindgen::JsCast;
use web_sys::{Element, Node};

/// Longer text is a sentence, not a label.
pub const MAX_LABEL: usize = 60;

/// Elements whose text belongs to them, not to a neighbour.
const CONTROL_TAGS: &[&str] = &["input", "select", "textarea", "button"];

/// The text beside `el` that reads as its label, if any.
pub fn label(el: &Element) -> Option<String> {
    let check = dom::matches(el, "input[type=checkbox i], input[type=radio i], [role=checkbox i], [role=radio i], [role=switch i]");
    let beside = if check { sibling_text(el, Side::After).or_else(|| sibling_text(el, Side::Before)) } else { sibling_text(el, Side::Before) };
    beside.or_else(|| cell_before(el)).or_else(|| block_above(el))
}

/// The elements of `candidates` (in page order) whose nearby text names
/// `wanted`: exact ones ([`names`]), else those whose text contains it.
pub fn matching(candidates: Vec<Element>, wanted: &str) -> Vec<Element> {
    let labelled: Vec<(Element, String)> = candidates.into_iter().filter_map(|el| label(&el).map(|t| (el, t))).collect();
    let exact: Vec<Element> = labelled.iter().filter(|(_, t)| names(t, wanted, false)).map(|(e, _)| e.clone()).collect();
    if !exact.is_empty() {
        return exact;
    }
    labelled.into_iter().filter(|(_, t)| names(t, wanted, true)).map(|(e, _)| e).collect()
}

/// Whether `label` (as the user typed it) names `near` (the text beside a
/// control): equal once case, spaces and punctuation are ignored
/// ("User name:" names "username"); `loose` also takes text that contains it.
pub fn names(near: &str, label: &str, loose: bool) -> bool {
    let (near, label) = (squash(near), squash(label));
    !label.is_empty() && (near == label || (loose && near.contains(&label)))
}

/// Lower-case letters and digits only.
fn squash(s: &str) -> String {
    s.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

#[derive(Clone, Copy)]
enum Side {
    Before,
    After,
}

/// The first non-blank text next to `el` on `side` among its siblings,
/// skipping `<br>`; a control in between ends the search.
fn sibling_text(el: &Element, side: Side) -> Option<String> {
    let step = |n: &Node| match side {
        Side::Before => n.previous_sibling(),
        Side::After => n.next_sibling(),
    };
    let mut cur = step(el);
    while let Some(node) = cur {
        if let Some(e) = node.dyn_ref::<Element>() {
            let tag = dom::tag(e);
            if CONTROL_TAGS.contains(&tag.as_str()) || dom::select_one(e, "input, select, textarea, button").is_some() {
                return None;
            }
            if tag != "br" {
                if let Some(t) = short(&dom::inner_text(e)) {
                    return Some(t);
                }
            }
        } else if node.node_type() == Node::TEXT_NODE {
            if let Some(t) = short(&node.text_content().unwrap_or_default()) {
                return Some(t);
            }
        }
        cur = step(&node);
    }
    None
}

/// In a table, the text of the cell before the control's cell.
fn cell_before(el: &Element) -> Option<String> {
    let cell = dom::closest(el, "td, th")?;
    let prev = cell.previous_element_sibling()?;
    if dom::select_one(&prev, "input, select, textarea, button").is_some() {
        return None;
    }
    short(&dom::inner_text(&prev))
}

/// The block just above the one holding the control, when that holds
/// nothing else: `<div>Username</div><div><input></div>`.
fn block_above(el: &Element) -> Option<String> {
    let mut cur = el.clone();
    for _ in 0..2 {
        let parent = cur.parent_element()?;
        if dom::select(&parent, "input, select, textarea, button").nth(1).is_some() {
            return None;
        }
        if let Some(prev) = parent.previous_element_sibling() {
            if dom::select_one(&prev, "input, select, textarea, button").is_none() {
                return short(&dom::inner_text(&prev)).filter(|t| !is_sentence(t));
            }
            return None;
        }
        cur = parent;
    }
    None
}

fn short(text: &str) -> Option<String> {
    let t = dom::normalize(text);
    let t = t.trim_end_matches([':', '*', ' ']).trim();
    (!t.is_empty() && t.chars().count() <= MAX_LABEL).then(|| t.to_owned())
}

/// Whether `text`, a block of its own above a field, is a sentence said
/// about the page rather than a label: several words ending in a full
/// stop or an exclamation mark ("Write kestrel in the text field."). A
/// question stays a label: forms ask them ("What is your email?"). Text
/// beside a checkbox is its label even as a sentence ("I agree to the
/// terms.").
fn is_sentence(text: &str) -> bool {
    text.ends_with(['.', '!']) && !text.ends_with("...") && text.split_whitespace().count() >= 3
}
