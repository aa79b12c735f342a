//! The boxes of many elements in a few boundary crossings. A collection
//! reads every control's box (layout moves without mutations near it):
//! one at a time that was five crossings a control (the rect and its four
//! numbers), ~6k on a 10k-element page. Here the browser's own
//! `Array.prototype.map` calls `getBoundingClientRect` and the rect's
//! getters (bound with `Function.prototype.call`, so each is called on the
//! element or rect `map` passes first), and the numbers come back as
//! typed arrays: one crossing per element (putting it in a JS array) and
//! a dozen in all. Built-in functions only, no code evaluated (strict CSPs
//! allow it); works on nodes of same-origin frames, whose prototypes are
//! another realm's (WebIDL's receiver checks are not per realm).

use bc_core::pcd::Rect;
use js_sys::{Array, Float64Array, Function, Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::Element;

/// `Array.prototype.map`, and the bound box reader and rect getters.
struct Bound {
    map: Function,
    rect: Function,
    /// `x`, `y`, `width`, `height` of `DOMRectReadOnly`.
    getters: [Function; 4],
}

fn bound() -> Option<Bound> {
    let global = js_sys::global();
    let proto = |ctor: &str| -> Option<Object> {
        let c = Reflect::get(&global, &ctor.into()).ok()?;
        Reflect::get(&c, &"prototype".into()).ok()?.dyn_into().ok()
    };
    let call: Function = Reflect::get(proto("Function")?.as_ref(), &"call".into()).ok()?.dyn_into().ok()?;
    let bind = |f: &JsValue| -> Option<Function> { Some(call.bind0(f.dyn_ref::<Function>()?)) };
    let map = Reflect::get(proto("Array")?.as_ref(), &"map".into()).ok()?.dyn_into().ok()?;
    let rect = bind(&Reflect::get(proto("Element")?.as_ref(), &"getBoundingClientRect".into()).ok()?)?;
    let dom_rect = proto("DOMRectReadOnly")?;
    let getter = |name: &str| -> Option<Function> {
        let d = Object::get_own_property_descriptor(&dom_rect, &name.into());
        bind(&Reflect::get(&d, &"get".into()).ok()?)
    };
    Some(Bound { map, rect, getters: [getter("x")?, getter("y")?, getter("width")?, getter("height")?] })
}

thread_local! {
    /// `None` if the realm lacks any of them (then each box is read alone).
    static BOUND: Option<Bound> = bound();
}

/// The boxes of `els`, in order, shifted by (`dx`, `dy`) each (a frame's
/// content origin): what `getBoundingClientRect` gives one by one.
pub fn of(els: &[(&Element, f64, f64)]) -> Vec<Rect> {
    let numbers = BOUND.with(|b| {
        let b = b.as_ref()?;
        let list = Array::new_with_length(els.len() as u32);
        for (i, (el, _, _)) in els.iter().enumerate() {
            list.set(i as u32, JsValue::from(*el));
        }
        let rects = Reflect::apply(&b.map, &list, &Array::of1(&b.rect)).ok()?;
        let mut columns = [(); 4].map(|_| Vec::new());
        for (getter, column) in b.getters.iter().zip(columns.iter_mut()) {
            let values = Reflect::apply(&b.map, &rects, &Array::of1(getter)).ok()?;
            *column = Float64Array::new(&values).to_vec();
        }
        columns.iter().all(|c| c.len() == els.len()).then_some(columns)
    });
    match numbers {
        Some([x, y, w, h]) => els
            .iter()
            .enumerate()
            .map(|(i, (_, dx, dy))| Rect { x: x[i] + dx, y: y[i] + dy, w: w[i], h: h[i] })
            .collect(),
        None => els.iter().map(|(el, dx, dy)| super::context::rect(el, *dx, *dy)).collect(),
    }
}
