//! SPA navigations (seed 000 §14). The content script runs in the isolated
//! world, so it cannot wrap the page's `history.pushState`; what it can see:
//! - the Navigation API (Chrome ≥ 102): `currententrychange` fires once a
//!   navigation committed, `pushState`/`replaceState` from page script
//!   included (`navigate` fires before the URL changes, so it is not used);
//! - `popstate` (back/forward) and `hashchange`;
//! - as a fallback, the URL compared on every mutation batch and request
//!   (`dirty.rs`).
//!
//! Each compares the URL with the last one seen: a `replaceState` that only
//! stores state (some apps do it on every scroll) is no navigation. A
//! changed URL marks everything dirty and gives the next MiniPCD a new `ts`.

use super::dirty;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Listens for navigations (once per page).
pub fn start(window: &web_sys::Window) {
    let on_nav = Closure::<dyn FnMut()>::new(|| {
        if dirty::check_url() {
            super::idle::schedule();
        }
    });
    let f: &js_sys::Function = on_nav.as_ref().unchecked_ref();
    let _ = window.add_event_listener_with_callback("popstate", f);
    let _ = window.add_event_listener_with_callback("hashchange", f);
    // `window.navigation` is missing in older browsers and in wasm2js
    // environments without it; read it untyped.
    if let Ok(nav) = js_sys::Reflect::get(window, &"navigation".into()) {
        if nav.is_object() {
            let target: &web_sys::EventTarget = nav.unchecked_ref();
            let _ = target.add_event_listener_with_callback("currententrychange", f);
        }
    }
    on_nav.forget();
}
