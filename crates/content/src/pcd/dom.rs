//! The DOM reads the collector needs, bound so each is one boundary crossing
//! and works on nodes of same-origin frames: those belong to another JS
//! realm, where `instanceof Element` (what `dyn_into` checks) is false, so
//! nodes from `querySelectorAll` are cast unchecked (the selectors only ever
//! match elements) and properties are read through one untyped binding.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, NodeList};

#[wasm_bindgen]
extern "C" {
    /// Any element; getters that only some interfaces carry (`form`,
    /// `checked`, `origin`, …) are `undefined` elsewhere.
    #[wasm_bindgen(extends = Element)]
    pub type AnyEl;

    #[wasm_bindgen(method, getter, js_name = form)]
    fn form_js(this: &AnyEl) -> Option<Element>;
    #[wasm_bindgen(method, getter, js_name = checked)]
    fn checked_js(this: &AnyEl) -> JsValue;
    #[wasm_bindgen(method, getter, js_name = origin)]
    fn origin_js(this: &AnyEl) -> JsValue;
    #[wasm_bindgen(method, getter, js_name = href)]
    fn href_js(this: &AnyEl) -> JsValue;
    #[wasm_bindgen(method, getter, js_name = pathname)]
    fn pathname_js(this: &AnyEl) -> JsValue;
    #[wasm_bindgen(method, getter, js_name = action)]
    fn action_js(this: &AnyEl) -> JsValue;
    #[wasm_bindgen(method, getter, js_name = innerText)]
    fn inner_text_js(this: &AnyEl) -> JsValue;
    #[wasm_bindgen(method, getter, js_name = isConnected)]
    fn is_connected_js(this: &AnyEl) -> bool;
    /// Null for cross-origin frames (no exception in Chromium); `catch`
    /// anyway, since other engines threw here.
    #[wasm_bindgen(method, getter, catch, js_name = contentDocument)]
    fn content_document_js(this: &AnyEl) -> Result<Option<web_sys::Document>, JsValue>;
}

fn any(el: &Element) -> &AnyEl {
    el.unchecked_ref()
}

/// The elements of a node list, cast unchecked (see the module doc).
pub fn elements(list: NodeList) -> impl Iterator<Item = Element> {
    (0..list.length())
        .filter_map(move |i| list.item(i))
        .map(JsCast::unchecked_into)
}

/// `el.querySelectorAll(sel)` as elements (empty on a selector error).
pub fn select(el: &Element, sel: &str) -> impl Iterator<Item = Element> {
    el.query_selector_all(sel)
        .ok()
        .into_iter()
        .flat_map(elements)
}

// Shared with the name/role computation rather than written twice.
pub use crate::aria::dom::{attr_nonblank as attr, matches, tag};

/// `el.querySelector(sel)`.
pub fn select_one(el: &Element, sel: &str) -> Option<Element> {
    el.query_selector(sel).ok().flatten()
}

pub fn closest(el: &Element, sel: &str) -> Option<Element> {
    el.closest(sel).ok().flatten()
}

/// Rendered text (`innerText`, which never includes form-control values);
/// `textContent` for SVG and other non-HTML elements.
pub fn inner_text(el: &Element) -> String {
    any(el)
        .inner_text_js()
        .as_string()
        .or_else(|| el.text_content())
        .unwrap_or_default()
}

/// Whitespace collapsed and trimmed.
pub fn normalize(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether the text under `node` (its text nodes, as `textContent` reads
/// them) is longer than `limit` UTF-16 units. Text nodes' lengths are
/// summed until the limit is passed: nothing is concatenated or copied
/// (`textContent` of a 10 MB page builds a 10 MB string per call) and no
/// layout runs (as `innerText` would need).
pub fn text_longer_than(node: &web_sys::Node, limit: u32) -> bool {
    const SHOW_TEXT: u32 = 4;
    if node.node_type() == web_sys::Node::TEXT_NODE {
        return node.unchecked_ref::<web_sys::CharacterData>().length() > limit;
    }
    let Some(walker) = node.owner_document().and_then(|d| d.create_tree_walker_with_what_to_show(node, SHOW_TEXT).ok()) else {
        return false;
    };
    let mut total: u32 = 0;
    while let Ok(Some(text)) = walker.next_node() {
        total = total.saturating_add(text.unchecked_ref::<web_sys::CharacterData>().length());
        if total > limit {
            return true;
        }
    }
    false
}

/// `innerText`, whitespace collapsed, at most `max` chars.
pub fn short_text(el: &Element, max: usize) -> String {
    clip(&normalize(&inner_text(el)), max)
}

pub fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_owned()
    } else {
        s.chars().take(max).collect()
    }
}

/// The form that owns a form-associated element (`el.form`).
pub fn owner_form(el: &Element) -> Option<Element> {
    any(el).form_js()
}

/// The `checked` property of checkboxes/radios (state, not a value).
pub fn checked(el: &Element) -> Option<bool> {
    any(el).checked_js().as_bool()
}

/// `origin` and `pathname` of an `a`/`area` (resolved by the browser, so
/// no URL parser is needed here). For http(s) links, the common case, both
/// are cut from the serialised `href` (one read instead of two,
/// `http_link_parts`); other schemes (`blob:`'s origin is its inner URL's,
/// `mailto:`'s path is opaque) and hrefs the browser could not parse are
/// asked of the browser.
pub fn link_parts(el: &Element) -> Option<(String, String)> {
    let a = any(el);
    let href = a.href_js().as_string()?;
    if let Some(parts) = bc_core::pcd::build::http_link_parts(&href) {
        return Some(parts);
    }
    Some((a.origin_js().as_string()?, a.pathname_js().as_string()?))
}

/// The origin activating `el` leads to, when it is not its page's: the
/// href of the link it is in, else the action of the form it belongs to.
pub fn leads_to(el: &Element) -> Option<String> {
    let page = el.owner_document()?.location()?.origin().ok()?;
    let target = match closest(el, "a[href], area[href]") {
        Some(link) => link_parts(&link).map(|(origin, _)| origin),
        None => closest(el, "form")
            .and_then(|f| f.has_attribute("action").then(|| form_action(&f)).flatten())
            .and_then(|u| bc_core::pcd::build::http_link_parts(&u))
            .map(|(origin, _)| origin),
    };
    target.filter(|o| o != "null" && *o != page)
}

/// The resolved `action` URL of a form.
pub fn form_action(el: &Element) -> Option<String> {
    any(el).action_js().as_string()
}

pub fn is_connected(el: &Element) -> bool {
    any(el).is_connected_js()
}

/// The document of a same-origin iframe; `None` when cross-origin.
pub fn frame_document(iframe: &Element) -> Option<web_sys::Document> {
    any(iframe).content_document_js().ok().flatten()
}

