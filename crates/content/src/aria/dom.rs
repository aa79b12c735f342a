//! The few DOM reads the ARIA code needs that web-sys lacks or that web-sys
//! would make us cast for (`labels`, `value`, `checkVisibility`), bound
//! directly so each is one boundary crossing, plus small attribute helpers.

use wasm_bindgen::prelude::*;
use web_sys::{CssStyleDeclaration, Element, Node};

#[wasm_bindgen]
extern "C" {
    /// `Element` viewed as any form control: the getters exist on several
    /// interfaces (input, select, textarea, button, output, meter, …) and are
    /// `undefined` elsewhere, so one untyped binding serves them all. Also
    /// carries `checkVisibility`, which web-sys does not bind.
    #[wasm_bindgen(extends = Element)]
    type AnyControl;

    #[wasm_bindgen(method, getter, js_name = labels)]
    fn labels_js(this: &AnyControl) -> Option<web_sys::NodeList>;

    #[wasm_bindgen(method, getter, js_name = value)]
    fn value_js(this: &AnyControl) -> JsValue;

    /// `Element.checkVisibility()` (Chromium 105+): one call answers
    /// "display:none on me or an ancestor, content-visibility, visibility".
    #[wasm_bindgen(method, js_name = checkVisibility)]
    fn check_visibility_js(this: &AnyControl, opts: &JsValue) -> bool;
}

/// `getAttribute(name)`, `None` when absent.
pub fn attr(el: &Element, name: &str) -> Option<String> {
    el.get_attribute(name)
}

/// The attribute's value, trimmed, `None` when absent or blank.
pub fn attr_nonblank(el: &Element, name: &str) -> Option<String> {
    el.get_attribute(name).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

/// Lower-case local name (`localName` is lower case for HTML elements; SVG
/// keeps camelCase, which we lower for matching).
pub fn tag(el: &Element) -> String {
    el.local_name().to_ascii_lowercase()
}

/// `el.matches(selector)`, false on a selector error.
pub fn matches(el: &Element, selector: &str) -> bool {
    el.matches(selector).unwrap_or(false)
}

/// Casts by `nodeType`, not `instanceof`: nodes of a same-origin iframe come
/// from another JS realm, where `instanceof Element` (what `dyn_ref` checks)
/// is false although the node is an element.
pub fn as_element(node: &Node) -> Option<&Element> {
    (node.node_type() == Node::ELEMENT_NODE).then(|| node.unchecked_ref())
}

/// A text node, by `nodeType` (see [`as_element`]).
pub fn as_text(node: &Node) -> Option<&web_sys::Text> {
    (node.node_type() == Node::TEXT_NODE).then(|| node.unchecked_ref())
}

fn into_element(node: Node) -> Option<Element> {
    (node.node_type() == Node::ELEMENT_NODE).then(|| node.unchecked_into())
}

/// The associated `<label>` elements (`el.labels`), in tree order.
pub fn labels(el: &Element) -> Vec<Element> {
    let Some(list) = el.unchecked_ref::<AnyControl>().labels_js() else { return Vec::new() };
    (0..list.length()).filter_map(|i| list.item(i)).filter_map(into_element).collect()
}

/// The control's current `value` property (not the attribute), as a string.
pub fn value(el: &Element) -> String {
    // Data minimisation (a hard rule): names computed here leave the page, so
    // a secret typed into a field never becomes part of one.
    if is_sensitive(el) {
        return String::new();
    }
    el.unchecked_ref::<AnyControl>().value_js().as_string().unwrap_or_default()
}

/// Autocomplete tokens of fields whose content is secret or payment data.
const SENSITIVE_AUTOCOMPLETE: &[&str] = &["current-password", "new-password", "one-time-code"];
/// Words in a field's name or id that mark payment or identity secrets.
const SENSITIVE_NAME_WORDS: &[&str] = &["card", "cvc", "cvv", "csc", "iban", "ssn", "password", "passwd", "pin"];

/// A password, payment-card or similar field, whose value is never read.
pub fn is_sensitive(el: &Element) -> bool {
    let attr = |n: &str| el.get_attribute(n).unwrap_or_default().to_ascii_lowercase();
    if attr("type") == "password" {
        return true;
    }
    let autocomplete = attr("autocomplete");
    if autocomplete.split_whitespace().any(|t| t.starts_with("cc-") || SENSITIVE_AUTOCOMPLETE.contains(&t)) {
        return true;
    }
    let ident = format!("{} {}", attr("name"), attr("id"));
    ident
        .split(|c: char| !c.is_ascii_alphanumeric())
        .any(|w| SENSITIVE_NAME_WORDS.contains(&w) || w.starts_with("cardnum") || w.starts_with("ccnum"))
}

/// Whether the element renders (no `display:none` up the tree, not
/// `visibility:hidden`/`collapse`). False also for boxless elements such as
/// `display:contents`, which callers handle.
pub fn check_visibility(el: &Element) -> bool {
    thread_local! {
        static OPTS: JsValue = {
            let o = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&o, &"visibilityProperty".into(), &JsValue::TRUE);
            o.into()
        };
    }
    // Older engines lack the method: treat as visible rather than throwing.
    if js_sys::Reflect::has(el, &"checkVisibility".into()).unwrap_or(false) {
        OPTS.with(|o| el.unchecked_ref::<AnyControl>().check_visibility_js(o))
    } else {
        true
    }
}

/// Whether the element has a box at all (`checkVisibility()` without the
/// visibility check): true for `visibility:hidden` elements.
pub fn check_visibility_box(el: &Element) -> bool {
    if js_sys::Reflect::has(el, &"checkVisibility".into()).unwrap_or(false) {
        el.unchecked_ref::<AnyControl>().check_visibility_js(&JsValue::UNDEFINED)
    } else {
        true
    }
}

/// `getComputedStyle(el, pseudo)`.
pub fn style(el: &Element, pseudo: Option<&str>) -> Option<CssStyleDeclaration> {
    let w = web_sys::window()?;
    match pseudo {
        None => w.get_computed_style(el).ok().flatten(),
        Some(p) => w.get_computed_style_with_pseudo_elt(el, p).ok().flatten(),
    }
}

/// One computed property of `el` (or of its pseudo element).
pub fn style_prop(el: &Element, pseudo: Option<&str>, prop: &str) -> String {
    style(el, pseudo).and_then(|s| s.get_property_value(prop).ok()).unwrap_or_default()
}

/// The element's own tree scope's element with `id` (document or shadow root).
pub fn by_id(el: &Element, id: &str) -> Option<Element> {
    let root = el.get_root_node();
    match root.node_type() {
        // A shadow root is the only document fragment an element's root can be.
        Node::DOCUMENT_FRAGMENT_NODE => root.unchecked_ref::<web_sys::ShadowRoot>().get_element_by_id(id),
        Node::DOCUMENT_NODE => root.unchecked_ref::<web_sys::Document>().get_element_by_id(id),
        _ => None,
    }
}

/// Elements named by an ID-reference list attribute (`aria-labelledby`,
/// `aria-owns`), missing ids skipped.
pub fn id_refs(el: &Element, name: &str) -> Vec<Element> {
    let Some(v) = el.get_attribute(name) else { return Vec::new() };
    v.split_ascii_whitespace().filter_map(|id| by_id(el, id)).collect()
}
