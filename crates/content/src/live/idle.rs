//! "Refresh in small batches" (seed 000 §5, §11): after changes, the facts
//! they invalidated are recomputed in `requestIdleCallback` slices of at
//! most the budget's `slice_ms` (8 ms, 4 after a long task), so the next
//! request finds them ready.
//!
//! Kept cheap for the page: never while the tab is hidden (becoming
//! visible resumes), at most one round per [`MIN_GAP_MS`] once the work
//! ran out (a page animating an element every frame costs one small round
//! five times a second, not sixty), and only while the copilot is in use:
//! [`ACTIVE_MS`] after the last request, changes just accumulate (bounded)
//! for the next request.

use super::dom;
use std::cell::Cell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::IdleDeadline;

/// Pause after a round that finished all work.
const MIN_GAP_MS: f64 = 200.0;
/// How long after the last request idle time is still used.
const ACTIVE_MS: f64 = 120_000.0;

thread_local! {
    static SCHEDULED: Cell<bool> = const { Cell::new(false) };
    static TIMER: Cell<bool> = const { Cell::new(false) };
    static NEXT: Cell<f64> = const { Cell::new(0.0) };
    static LAST_REQUEST: Cell<f64> = const { Cell::new(f64::NEG_INFINITY) };
    static CALLBACK: Closure<dyn FnMut(IdleDeadline)> = Closure::new(run);
    static AFTER_GAP: Closure<dyn FnMut()> = Closure::new(|| {
        TIMER.with(|t| t.set(false));
        schedule();
    });
}

/// Listens for the tab becoming visible again (once).
pub fn start(document: &web_sys::Document) {
    let on_visible = Closure::<dyn FnMut()>::new(schedule);
    let _ = document
        .add_event_listener_with_callback("visibilitychange", on_visible.as_ref().unchecked_ref());
    on_visible.forget();
}

/// A request was served now.
pub fn requested() {
    LAST_REQUEST.with(|l| l.set(dom::now()));
}

/// Asks for an idle slice, unless one is pending, nothing is live yet, or
/// the copilot has not been used for a while.
pub fn schedule() {
    if SCHEDULED.with(Cell::get) || TIMER.with(Cell::get) || !super::started() {
        return;
    }
    let now = dom::now();
    if now - LAST_REQUEST.with(Cell::get) > ACTIVE_MS {
        return;
    }
    let Some(w) = web_sys::window() else { return };
    let wait = NEXT.with(Cell::get) - now;
    if wait > 0.0 {
        let ok = AFTER_GAP.with(|cb| {
            w.set_timeout_with_callback_and_timeout_and_arguments_0(
                cb.as_ref().unchecked_ref(),
                wait.ceil() as i32,
            )
            .is_ok()
        });
        TIMER.with(|t| t.set(ok));
        return;
    }
    let ok = CALLBACK.with(|cb| w.request_idle_callback(cb.as_ref().unchecked_ref()).is_ok());
    SCHEDULED.with(|s| s.set(ok));
}

fn run(deadline: IdleDeadline) {
    SCHEDULED.with(|s| s.set(false));
    let hidden = web_sys::window()
        .and_then(|w| w.document())
        .is_none_or(|d| d.hidden());
    if hidden {
        return;
    }
    let slice = f64::from(super::longtask::budget().slice_ms);
    let start = dom::now();
    let until = start + deadline.time_remaining().min(slice);
    let more = super::idle_slice(until);
    let end = dom::now();
    super::longtask::own_work(start, end);
    if more {
        schedule();
    } else {
        NEXT.with(|n| n.set(end + MIN_GAP_MS));
    }
}
