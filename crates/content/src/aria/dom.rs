//! The few DOM reads the ARIA code needs that web-sys lacks or that web-sys
//! would make us cast for (`labels`, `value`, `checkVisibility`), bound
//! directly so each is one boundary crossing, plus small attribute helpers.
//!
//! The `*_c` helpers take a constant selector or attribute name (`&'static
//! str`) and hand the DOM a JS string made once per thread: passing a `&str`
//! copies and decodes it on every call, which on the collector's hot paths
//! (tens of thousands of `matches`/`getAttribute` calls) costs more than the
//! DOM work itself (TOOLCHAIN.md, "Cost of the JS↔WASM boundary").

use crate::element_index::ElementIndex;
use js_sys::JsString;
use std::cell::{Cell, RefCell};
use rustc_hash::FxHashMap as HashMap;
use wasm_bindgen::prelude::*;
use web_sys::{Element, Node};

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

    #[wasm_bindgen(method, getter, js_name = namespaceURI)]
    fn namespace_js(this: &AnyControl) -> JsValue;

    /// `localName`, left a JS string (see [`tag`]).
    #[wasm_bindgen(method, getter, js_name = localName)]
    fn local_name_js(this: &AnyControl) -> JsValue;

    /// `Element.checkVisibility()` (Chromium 105+): one call answers
    /// "display:none on me or an ancestor, content-visibility, visibility".
    #[wasm_bindgen(method, js_name = checkVisibility)]
    fn check_visibility_js(this: &AnyControl, opts: &JsValue) -> bool;

    // The same DOM methods as web-sys binds, but taking a JS string, so a
    // constant is converted once (see the module doc). Return values are
    // not `instanceof`-checked, so nodes of other realms pass.
    #[wasm_bindgen(method, catch, js_name = matches)]
    fn matches_js(this: &AnyControl, sel: &JsString) -> Result<bool, JsValue>;
    #[wasm_bindgen(method, catch, js_name = closest)]
    fn closest_js(this: &AnyControl, sel: &JsString) -> Result<Option<Element>, JsValue>;
    #[wasm_bindgen(method, catch, js_name = querySelector)]
    fn query_selector_js(this: &AnyControl, sel: &JsString) -> Result<Option<Element>, JsValue>;
    #[wasm_bindgen(method, catch, js_name = querySelectorAll)]
    fn query_selector_all_js(this: &AnyControl, sel: &JsString) -> Result<web_sys::NodeList, JsValue>;
    #[wasm_bindgen(method, js_name = getAttribute)]
    fn get_attribute_js(this: &AnyControl, name: &JsString) -> Option<String>;
    #[wasm_bindgen(method, js_name = hasAttribute)]
    fn has_attribute_js(this: &AnyControl, name: &JsString) -> bool;

    /// `getComputedStyle` with a JS-string pseudo element (`undefined`: the
    /// element itself), and `getPropertyValue` with a JS-string name.
    #[wasm_bindgen(catch, js_namespace = globalThis, js_name = getComputedStyle)]
    fn computed_style_js(el: &Element, pseudo: &JsValue) -> Result<Style, JsValue>;
    /// A computed style (`CSSStyleDeclaration`).
    pub type Style;
    #[wasm_bindgen(method, js_name = getPropertyValue)]
    fn property_js(this: &Style, name: &JsString) -> String;

    /// A document or shadow root (anything with `querySelectorAll`).
    #[wasm_bindgen(extends = Node)]
    type AnyParent;
    #[wasm_bindgen(method, catch, js_name = querySelectorAll)]
    fn parent_query_selector_all_js(this: &AnyParent, sel: &JsString) -> Result<web_sys::NodeList, JsValue>;
    /// `DocumentOrShadowRoot.activeElement` (retargeted to this tree).
    #[wasm_bindgen(method, getter, js_name = activeElement)]
    fn parent_active_element_js(this: &AnyParent) -> Option<Element>;
    /// `DocumentOrShadowRoot.elementFromPoint` (retargeted to this tree).
    #[wasm_bindgen(method, js_name = elementFromPoint)]
    fn parent_element_from_point_js(this: &AnyParent, x: f64, y: f64) -> Option<Element>;
}

thread_local! {
    /// Constant strings already converted, by address and length.
    static JS_STRINGS: RefCell<HashMap<(usize, usize), JsString>> = RefCell::new(HashMap::default());
}

/// `s` as a JS string, converted on first use only.
pub fn js_str(s: &'static str) -> JsString {
    JS_STRINGS.with(|m| {
        m.borrow_mut()
            .entry((s.as_ptr() as usize, s.len()))
            .or_insert_with(|| JsString::from(s))
            .clone()
    })
}

fn any(el: &Element) -> &AnyControl {
    el.unchecked_ref()
}

/// A selector for elements whose `role` names one of `roles` among its
/// tokens (each with a further test, e.g. `[tabindex]`), as the browser
/// runs it fastest with the same answer as `[role~=x i]`: elements with no
/// `role` fail at once; a `role` without whitespace is one token, compared
/// whole (`[role=x i]`, several times cheaper than splitting it); only a
/// `role` with whitespace (a fallback list, stray spaces) gets the token
/// tests. On a 10k-element ARIA grid (a `role` on 8000 rows, cells and
/// wrappers) discovery's candidate query took 9.0 → 5.9 ms.
pub fn role_is(roles: &[(&str, &str)]) -> String {
    let test = |op: &str| roles.iter().map(|(r, more)| format!("[role{op}{r} i]{more}")).collect::<Vec<_>>().join(", ");
    // CSS whitespace: space, tab, line feed, form feed, carriage return.
    let spaced = r"[role*=' '], [role*='\9'], [role*='\a'], [role*='\c'], [role*='\d']";
    format!("[role]:is({}, :is({spaced}):is({}))", test("="), test("~="))
}

pub const XHTML_NS: &str = "http://www.w3.org/1999/xhtml";
pub const SVG_NS: &str = "http://www.w3.org/2000/svg";

/// Whether `el`'s namespace is `ns`, compared in JS: asked of nearly every
/// element named, copying the URI into WASM each time cost more than the
/// comparison.
pub fn in_namespace(el: &Element, ns: &'static str) -> bool {
    let want = js_str(ns);
    any(el).namespace_js() == *AsRef::<JsValue>::as_ref(&want)
}

/// [`matches`] with a constant selector.
pub fn matches_c(el: &Element, selector: &'static str) -> bool {
    matches_str(el, &js_str(selector)).unwrap_or(false)
}

/// `el.matches(selector)` with a selector already made a JS string (built
/// at run time and asked of many elements); the browser's error if invalid.
pub fn matches_str(el: &Element, selector: &JsString) -> Result<bool, JsValue> {
    any(el).matches_js(selector)
}

/// `el.closest(selector)` with a constant selector.
pub fn closest_c(el: &Element, selector: &'static str) -> Option<Element> {
    any(el).closest_js(&js_str(selector)).ok().flatten()
}

/// `el.querySelector(selector)` with a constant selector.
pub fn query_c(el: &Element, selector: &'static str) -> Option<Element> {
    any(el).query_selector_js(&js_str(selector)).ok().flatten()
}

/// `el.querySelectorAll(selector)` with a constant selector, lazily (empty on error).
pub fn query_all_c(el: &Element, selector: &'static str) -> impl Iterator<Item = Element> {
    let list = any(el).query_selector_all_js(&js_str(selector)).ok();
    let n = list.as_ref().map_or(0, |l| l.length());
    (0..n).filter_map(move |i| list.as_ref()?.item(i)).map(JsCast::unchecked_into)
}

/// `querySelectorAll` on a document or shadow root with a constant
/// selector, lazily: callers that stop early read only what they use.
pub fn query_all_in_c(root: &Node, selector: &'static str) -> impl Iterator<Item = Element> {
    let list = query_all_in_str(root, &js_str(selector)).ok();
    let n = list.as_ref().map_or(0, |l| l.length());
    (0..n).filter_map(move |i| list.as_ref()?.item(i)).map(JsCast::unchecked_into)
}

/// `querySelectorAll` on a document or shadow root with a selector already
/// made a JS string; the browser's error if invalid.
pub fn query_all_in_str(root: &Node, selector: &JsString) -> Result<web_sys::NodeList, JsValue> {
    root.unchecked_ref::<AnyParent>().parent_query_selector_all_js(selector)
}

/// The focused element of a document or shadow root, as that tree sees it
/// (focus inside a nested shadow root is its host).
pub fn active_element_in(root: &Node) -> Option<Element> {
    root.unchecked_ref::<AnyParent>().parent_active_element_js()
}

/// The topmost element at a viewport point of a document or shadow root,
/// as that tree sees it.
pub fn element_from_point_in(root: &Node, x: f64, y: f64) -> Option<Element> {
    root.unchecked_ref::<AnyParent>().parent_element_from_point_js(x, y)
}

/// The last element in tree order matching a constant selector inside `el`.
pub fn last_c(el: &Element, selector: &'static str) -> Option<Element> {
    let list = any(el).query_selector_all_js(&js_str(selector)).ok()?;
    list.item(list.length().checked_sub(1)?).map(JsCast::unchecked_into)
}

/// `getAttribute(name)` with a constant attribute name, `None` when absent.
pub fn attr_c(el: &Element, name: &'static str) -> Option<String> {
    any(el).get_attribute_js(&js_str(name))
}

/// [`attr_nonblank`] with a constant attribute name.
pub fn attr_nonblank_c(el: &Element, name: &'static str) -> Option<String> {
    attr_c(el, name).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

/// `el.hasAttribute(name)` with a constant attribute name.
pub fn has_attr_c(el: &Element, name: &'static str) -> bool {
    any(el).has_attribute_js(&js_str(name))
}

/// The names of an element's attributes, read in one call: most of the
/// attributes the name and state code asks about are absent, and asking
/// this snapshot costs no DOM call at all.
pub struct Attrs {
    /// Space-separated (attribute names contain no spaces).
    names: String,
}

impl Attrs {
    pub fn of(el: &Element) -> Attrs {
        Attrs { names: el.get_attribute_names().join(" ").into() }
    }

    /// Whether `el` has the attribute, as `hasAttribute` answers for the
    /// lower-case names we ask about (an HTML element's names are stored
    /// lower case; other elements' are matched exactly by both).
    pub fn has(&self, name: &str) -> bool {
        self.names.split(' ').any(|n| n == name)
    }

    /// [`attr_c`], without a DOM call when the attribute is absent.
    pub fn get(&self, el: &Element, name: &'static str) -> Option<String> {
        if self.has(name) { attr_c(el, name) } else { None }
    }

    /// [`attr_nonblank_c`], without a DOM call when the attribute is absent.
    pub fn nonblank(&self, el: &Element, name: &'static str) -> Option<String> {
        self.get(el, name).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
    }
}

/// The attribute's value, trimmed, `None` when absent or blank.
pub fn attr_nonblank(el: &Element, name: &str) -> Option<String> {
    el.get_attribute(name).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

/// Lower-case local name (`localName` is lower case for HTML elements; SVG
/// keeps camelCase, which we lower for matching).
///
/// Asked several times of every element read (~6.5k times per first
/// MiniPCD at 10k elements), so tag names are interned: the JS string is
/// looked up in a `Map` of the names seen (two crossings, nothing copied),
/// and only a new name is copied into WASM. Past `MAX_TAGS` distinct
/// names (custom elements) each is copied as it comes.
pub fn tag(el: &Element) -> String {
    thread_local! {
        static IDS: ElementIndex = ElementIndex::new();
        static NAMES: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
    }
    const MAX_TAGS: usize = 512;
    let name = any(el).local_name_js();
    if let Some(i) = IDS.with(|ids| ids.get(&name)) {
        return NAMES.with(|n| n.borrow()[i as usize].clone());
    }
    let mut t = name.as_string().unwrap_or_default();
    t.make_ascii_lowercase();
    NAMES.with(|n| {
        let mut n = n.borrow_mut();
        if n.len() < MAX_TAGS {
            IDS.with(|ids| ids.set(&name, n.len() as u32));
            n.push(t.clone());
        }
    });
    t
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
    if let Some(l) = super::labels::batched(el, &tag(el)) {
        return l;
    }
    // Chromium's `labels` searches the whole tree on first use (~0.1 ms per
    // control on a 10k-element page). A label names `el` only through
    // `for` = `el`'s id, or by containing it; with neither possible the
    // list is empty, so it is not asked for.
    if !has_attr_c(el, "id") && closest_c(el, "label").is_none() {
        return Vec::new();
    }
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
    let attr = |n: &'static str| attr_c(el, n).unwrap_or_default().to_ascii_lowercase();
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
    if has_check_visibility(el) {
        OPTS.with(|o| el.unchecked_ref::<AnyControl>().check_visibility_js(o))
    } else {
        true
    }
}

/// Whether the engine has `checkVisibility`; older engines lack it, and we
/// treat elements as visible there rather than throwing. Asked once: every
/// realm of one engine answers the same.
fn has_check_visibility(el: &Element) -> bool {
    thread_local! {
        static HAS: Cell<Option<bool>> = const { Cell::new(None) };
    }
    HAS.with(|h| match h.get() {
        Some(v) => v,
        None => {
            let v = js_sys::Reflect::has(el, &"checkVisibility".into()).unwrap_or(false);
            h.set(Some(v));
            v
        }
    })
}

/// Whether the element has a box at all (`checkVisibility()` without the
/// visibility check): true for `visibility:hidden` elements.
pub fn check_visibility_box(el: &Element) -> bool {
    if has_check_visibility(el) {
        el.unchecked_ref::<AnyControl>().check_visibility_js(&JsValue::UNDEFINED)
    } else {
        true
    }
}

/// `getComputedStyle(el, pseudo)` (`pseudo` a constant such as `"::before"`).
/// Called for every name part (text-transform, display, generated content):
/// the window and the constant strings are not looked up or converted again
/// each time (see the module doc).
pub fn style(el: &Element, pseudo: Option<&'static str>) -> Option<Style> {
    let pseudo = pseudo.map_or(JsValue::UNDEFINED, |p| js_str(p).into());
    computed_style_js(el, &pseudo).ok()
}

/// `style.getPropertyValue(prop)` with a constant property name.
pub fn property_c(style: &Style, prop: &'static str) -> String {
    style.property_js(&js_str(prop))
}

/// One computed property of `el` (or of its pseudo element).
pub fn style_prop(el: &Element, pseudo: Option<&'static str>, prop: &'static str) -> String {
    style(el, pseudo).map(|s| property_c(&s, prop)).unwrap_or_default()
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
pub fn id_refs(el: &Element, name: &'static str) -> Vec<Element> {
    let Some(v) = attr_c(el, name) else { return Vec::new() };
    v.split_ascii_whitespace().filter_map(|id| by_id(el, id)).collect()
}
