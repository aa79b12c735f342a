//! The rendered text of the main region, shadow content included.
//! `innerText` stops at shadow hosts (it reads the light tree, whose
//! children a host does not render unless a `<slot>` places them), so
//! where the region holds open shadow roots the text is put together from
//! `innerText` of the subtrees without any, walking only down to the hosts:
//! a host's shadow root stands for its children, a `<slot>` for the nodes
//! assigned to it. Pieces are joined by line breaks (a preview and a word
//! count need no more of CSS's line layout).
//!
//! Form controls are skipped whole: their values (and a `<textarea>`'s
//! default text) are user data, never summary text — `innerText`, which
//! leaves them out, is only asked of subtrees.

use super::{as_html, composed_contains};
use crate::digest::has_box;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, HtmlSlotElement, Node};

/// Elements whose content is never read: form controls (user data) and
/// frames (other documents).
const SKIPPED: &[&str] = &["input", "textarea", "select", "iframe", "frame"];

/// `el`'s rendered text; `hosts` are the open shadow hosts the summary
/// reads (any depth).
pub fn rendered_text(el: &HtmlElement, hosts: &[Element]) -> String {
    let inside: Vec<Element> = hosts.iter().filter(|h| composed_contains(el, h)).cloned().collect();
    if inside.is_empty() {
        return el.inner_text();
    }
    let mut out = String::new();
    push_element(el, &inside, &mut out);
    out
}

/// Appends `el`'s text; `hosts` are those inside `el` or `el` itself.
fn push_element(el: &Element, hosts: &[Element], out: &mut String) {
    let here: Vec<Element> = hosts.iter().filter(|h| composed_contains(el, h)).cloned().collect();
    if here.is_empty() {
        if let Some(h) = as_html(el) {
            push(out, &h.inner_text());
        }
        return;
    }
    let children = match el.shadow_root().filter(|_| here.contains(el)) {
        Some(root) => root.child_nodes(),
        None => el.child_nodes(),
    };
    for i in 0..children.length() {
        if let Some(node) = children.item(i) {
            push_node(&node, &here, out);
        }
    }
}

fn push_node(node: &Node, hosts: &[Element], out: &mut String) {
    match node.node_type() {
        Node::TEXT_NODE => push(out, &node.text_content().unwrap_or_default()),
        Node::ELEMENT_NODE => {
            let el: &Element = node.unchecked_ref();
            let tag = el.local_name();
            if SKIPPED.contains(&tag.as_str()) {
                return;
            }
            if let Some(slot) = (tag == "slot").then(|| as_html(el)).flatten().map(|h| h.unchecked_ref::<HtmlSlotElement>()) {
                // A slot assigned to a slot comes back as itself: this
                // branch reads it in turn.
                let assigned = slot.assigned_nodes();
                if assigned.length() == 0 {
                    // Nothing assigned: the slot's own (fallback) content shows.
                    push_element(el, hosts, out);
                }
                for n in assigned.iter() {
                    push_node(n.unchecked_ref(), hosts, out);
                }
                return;
            }
            // `display: contents` boxes nothing itself but shows its children.
            if has_box(el) || crate::aria::dom::style_prop(el, None, "display") == "contents" {
                push_element(el, hosts, out);
            }
        }
        _ => {}
    }
}

/// Appends a piece on a line of its own; blank pieces add nothing.
fn push(out: &mut String, piece: &str) {
    let piece = piece.trim();
    if piece.is_empty() {
        return;
    }
    if !out.is_empty() {
        out.push('\n');
    }
    out.push_str(piece);
}
