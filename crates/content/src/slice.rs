//! Work that must not hold the page's main thread: cut into slices of at
//! most 8 ms (seed 000 §8.2, §11), yielding to the page between
//! slices (`requestIdleCallback`, else a zero timeout) and pausing while
//! the tab is hidden. Used for `pcd.query` ranking (`bc_core::rank::Ranker`
//! gives identical results however it is sliced).
//!
//! Why not a Web Worker: a content script cannot start a worker from the
//! extension's origin in the page (cross-origin), and a `blob:` worker is
//! refused by many pages' CSP; the ranked set is small (≤ 70 MiniPCD
//! entries), so slicing costs little.

use bc_core::rank::{Progress, Ranker};
use bc_core::types::QueryHit;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// The longest stretch of work before yielding to the page: 8 ms, halved
/// for a while after a long task (`live::budget`, seed 000 §11).
fn slice_ms() -> f64 {
    f64::from(crate::live::budget().slice_ms)
}
/// Work units per step between clock reads.
const STEP: usize = 4;

/// Ranks in slices; resolves with the same hits as `rank()`.
pub async fn rank(mut ranker: Ranker) -> (Vec<QueryHit>, SliceStats) {
    let mut stats = SliceStats::default();
    loop {
        until_visible().await;
        let start = now();
        let mut done = false;
        let slice = slice_ms();
        while now() - start < slice {
            if ranker.step(STEP) == Progress::Done {
                done = true;
                break;
            }
        }
        let took = now() - start;
        stats.slices += 1;
        stats.longest_ms = stats.longest_ms.max(took);
        if done {
            return (ranker.finish(), stats);
        }
        yield_to_page().await;
    }
}

/// How a sliced run went (for benchmarks and tests).
#[derive(Debug, Default, Clone, Copy)]
pub struct SliceStats {
    pub slices: u32,
    pub longest_ms: f64,
}

use crate::clock::now;

/// Resolves when the page is idle (or after 50 ms at most).
async fn yield_to_page() {
    let Some(window) = web_sys::window() else { return };
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let ric = js_sys::Reflect::get(&window, &"requestIdleCallback".into()).ok().and_then(|f| f.dyn_into::<js_sys::Function>().ok());
        match ric {
            Some(ric) => {
                let opts = js_sys::Object::new();
                let _ = js_sys::Reflect::set(&opts, &"timeout".into(), &50.into());
                let _ = ric.call2(&window, &resolve, &opts);
            }
            None => {
                let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0);
            }
        }
    });
    let _ = JsFuture::from(promise).await;
}

/// Resolves at once when the tab is visible, else when it becomes visible.
async fn until_visible() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    while document.hidden() {
        let doc = document.clone();
        let promise = js_sys::Promise::new(&mut |resolve, _| {
            let once = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&once, &"once".into(), &JsValue::TRUE);
            let add: js_sys::Function = js_sys::Reflect::get(&doc, &"addEventListener".into()).unwrap_or_default().unchecked_into();
            let _ = add.call3(&doc, &"visibilitychange".into(), &resolve, &once);
        });
        let _ = JsFuture::from(promise).await;
    }
}
