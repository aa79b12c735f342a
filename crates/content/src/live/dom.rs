//! The few DOM reads `live/` needs beyond the collector's: climbing out of
//! shadow roots and frames, a label's control, window geometry. Nodes may
//! come from same-origin frames (another JS realm, where `instanceof`
//! fails), so everything is cast unchecked and read through untyped
//! getters, as in `pcd/dom.rs`.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, Node};

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(extends = Node)]
    type AnyNode;

    /// `ShadowRoot.host`; `undefined` on other nodes.
    #[wasm_bindgen(method, getter, js_name = host)]
    fn host_js(this: &AnyNode) -> JsValue;
    /// `Document.defaultView`.
    #[wasm_bindgen(method, getter, js_name = defaultView)]
    fn default_view_js(this: &AnyNode) -> JsValue;
    /// `HTMLLabelElement.control`.
    #[wasm_bindgen(method, getter, js_name = control)]
    fn control_js(this: &AnyNode) -> JsValue;

    #[wasm_bindgen(extends = js_sys::Object)]
    type AnyWindow;
    /// `Window.frameElement` (null for the top window and cross-origin parents).
    #[wasm_bindgen(method, getter, catch, js_name = frameElement)]
    fn frame_element_js(this: &AnyWindow) -> Result<JsValue, JsValue>;
}

pub const ELEMENT: u16 = 1;
pub const TEXT: u16 = 3;
pub const DOCUMENT: u16 = 9;
pub const FRAGMENT: u16 = 11;

fn any(n: &Node) -> &AnyNode {
    n.unchecked_ref()
}

fn element(v: JsValue) -> Option<Element> {
    (v.is_object()).then(|| v.unchecked_into())
}

/// The element above `n` in the flat sense that names and context care
/// about: its parent element, or out of a shadow root to its host, or out
/// of a frame's document to the iframe.
pub fn up(n: &Node) -> Option<Element> {
    if let Some(p) = n.parent_element() {
        return Some(p);
    }
    let p = n.parent_node()?;
    match p.node_type() {
        FRAGMENT => element(any(&p).host_js()),
        DOCUMENT => frame_element(&p),
        _ => None,
    }
}

/// The iframe that holds `doc`, if it is a same-origin frame's document.
pub fn frame_element(doc: &Node) -> Option<Element> {
    let view = any(doc).default_view_js();
    if !view.is_object() {
        return None;
    }
    element(view.unchecked_ref::<AnyWindow>().frame_element_js().ok()?)
}

/// The element a mutation record's target stands for: itself, a text
/// node's parent, a shadow root's host, a document's root element.
pub fn as_element(n: &Node) -> Option<Element> {
    match n.node_type() {
        ELEMENT => Some(n.clone().unchecked_into()),
        FRAGMENT => element(any(n).host_js()),
        DOCUMENT => n.unchecked_ref::<Document>().document_element(),
        _ => n.parent_element(),
    }
}

/// The control a `<label>` labels (`label.control`).
pub fn label_control(label: &Element) -> Option<Element> {
    element(any(label.unchecked_ref()).control_js())
}

/// `scrollX`/`scrollY` of the top window.
pub fn scroll() -> (f64, f64) {
    let Some(w) = web_sys::window() else {
        return (0.0, 0.0);
    };
    (
        w.scroll_x().unwrap_or_default(),
        w.scroll_y().unwrap_or_default(),
    )
}

/// `innerWidth`/`innerHeight` of the top window.
pub fn viewport() -> (f64, f64) {
    let Some(w) = web_sys::window() else {
        return (0.0, 0.0);
    };
    let num = |v: Result<JsValue, JsValue>| v.ok().and_then(|v| v.as_f64()).unwrap_or_default();
    (num(w.inner_width()), num(w.inner_height()))
}

pub use crate::clock::now;
