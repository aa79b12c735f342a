//! Debug exports for test and measurement scripts, kept apart from the
//! module's real surface (`start`, `handle_message`). They read the page the
//! same way the real requests do and return plain JS values; they never send
//! anything anywhere. Callers: `tests/conformance/aria.mjs`
//! (`cargo xtask conformance aria`), `tests/e2e/ax-oracle.test.mjs`
//! (Chromium's accessibility tree as the oracle of our roles and names) and
//! `tests/bench/perception.mjs` (where a MiniPCD request's time goes) and
//! `tests/e2e/pcd.test.mjs` (the side panel's prefetch).

use crate::{aria, pcd};
use js_sys::{Array, Object, Reflect};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// What the last MiniPCD request cost (`live::Stats`, where its time went
/// included), as JSON-compatible JS: read by the perception bench.
#[wasm_bindgen]
pub fn debug_live_stats() -> JsValue {
    crate::live::stats()
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap_or_else(|e| JsValue::from_str(&e.to_string()))
}

/// How the prefetch (asked by the side panel or a page summary) stands:
/// `[still running, facts prepared so far]`; `tests/e2e/pcd.test.mjs`
/// waits for it.
#[wasm_bindgen]
pub fn debug_prefetch() -> Array {
    Array::of2(&crate::live::prefetching().into(), &crate::live::prefetched().into())
}

/// The computed ARIA role of `el`.
#[wasm_bindgen]
pub fn debug_role(el: &web_sys::Element) -> Option<String> {
    aria::computed_role(el).map(|r| r.as_str().to_owned())
}

/// The accessible name of `el`.
#[wasm_bindgen]
pub fn debug_name(el: &web_sys::Element) -> String {
    aria::accessible_name(el)
}

/// [`debug_name`] inside a read batch, as the collector names controls
/// (style-sheet and label indexes in use): must equal [`debug_name`].
#[wasm_bindgen]
pub fn debug_name_batched(el: &web_sys::Element) -> String {
    let _reads = aria::batch();
    aria::accessible_name(el)
}

/// The page facts of the MiniPCD (`bc_core::pcd::PageFacts`) for the
/// current document, as JSON-compatible JS; the registry of this collection
/// becomes the current one.
#[wasm_bindgen]
pub fn debug_page_facts() -> JsValue {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return JsValue::NULL;
    };
    pcd::collect_current(&document)
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap_or_else(|e| JsValue::from_str(&e.to_string()))
}

/// Every control one collection reports (the `controls` of
/// [`debug_page_facts`], same order), each as `{el, role, name, accname,
/// tag, clickable, sensitive, framePath, inShadow}`: the live element (so a
/// script can ask CDP about the very same node), the role and name we report,
/// the plain accname result (the reported name adds a fallback label for
/// unnamed clickables, `pcd/control.rs`), and whether the element is a
/// secret field whose value we never read. The registry of this collection
/// becomes the current one. Controls whose element is gone are left out.
#[wasm_bindgen]
pub fn debug_reported_controls() -> Array {
    let out = Array::new();
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return out;
    };
    let facts = pcd::collect_current(&document);
    for c in facts.controls {
        let Some(el) = pcd::current_element(c.key) else {
            continue;
        };
        let o = Object::new();
        let set = |k: &str, v: JsValue| {
            // Setting a fresh plain object's own property cannot fail.
            let _ = Reflect::set(&o, &JsValue::from_str(k), &v);
        };
        set("accname", aria::accessible_name(&el).into());
        set("sensitive", aria::dom::is_sensitive(&el).into());
        set("role", c.role.into());
        set("name", c.name.into());
        set("tag", c.tag.into());
        set("clickable", c.clickable.into());
        set(
            "framePath",
            c.frame_path
                .into_iter()
                .map(JsValue::from)
                .collect::<Array>()
                .into(),
        );
        set("inShadow", c.in_shadow.into());
        set("el", el.into());
        out.push(&o);
    }
    out
}
