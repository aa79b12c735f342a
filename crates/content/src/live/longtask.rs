//! Long tasks (seed 000 §11: "detect and halve budgets for ~10s after a
//! long task"): a `PerformanceObserver` for `longtask` entries remembers
//! when the latest one ended; `bc_core::pcd::Budget::at` turns that into
//! the budget.
//!
//! Our own work can be a long task too (the first full collection of a big
//! page); it is the page's slowness that calls for smaller budgets, not
//! ours, so entries that mostly overlap a span of our own recorded work
//! ([`own_work`]) are ignored.

use super::dom;
use bc_core::pcd::Budget;
use std::cell::RefCell;
use std::collections::VecDeque;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    PerformanceEntry, PerformanceObserver, PerformanceObserverEntryList, PerformanceObserverInit,
};

/// Spans of our own work remembered (a few requests back).
const OWN_SPANS: usize = 8;

#[derive(Default)]
struct LongTasks {
    observer: Option<PerformanceObserver>,
    /// End of the latest long task not ours (`performance.now()` ms).
    last_end: Option<f64>,
    own: VecDeque<(f64, f64)>,
}

thread_local! {
    static STATE: RefCell<LongTasks> = RefCell::new(LongTasks::default());
}

/// Starts observing (once). Browsers without the `longtask` entry type
/// (the observer throws) just never halve.
pub fn start() {
    if STATE.with(|s| s.borrow().observer.is_some()) {
        return;
    }
    let cb = Closure::<dyn FnMut(PerformanceObserverEntryList)>::new(
        |list: PerformanceObserverEntryList| {
            take(&list.get_entries());
        },
    );
    let Ok(po) = PerformanceObserver::new(cb.as_ref().unchecked_ref()) else {
        return;
    };
    let types = js_sys::Array::of1(&JsValue::from_str("longtask"));
    let init = PerformanceObserverInit::new(&types);
    // `observe` throws on unsupported types; a binding without `catch`
    // would abort, so call it through Reflect.
    let observe = js_sys::Reflect::get(&po, &"observe".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    let Some(observe) = observe else { return };
    if observe.call1(&po, &init).is_err() {
        return;
    }
    cb.forget();
    STATE.with(|s| s.borrow_mut().observer = Some(po));
}

fn take(entries: &js_sys::Array) {
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        for e in entries.iter() {
            let e: &PerformanceEntry = e.unchecked_ref();
            let (start, end) = (e.start_time(), e.start_time() + e.duration());
            let ours = s.own.iter().any(|&(a, b)| {
                let overlap = end.min(b) - start.max(a);
                overlap > 0.5 * (end - start)
            });
            if !ours {
                s.last_end = Some(s.last_end.map_or(end, |l| l.max(end)));
            }
        }
    });
}

/// Records a span of our own work (`performance.now()` ms).
pub fn own_work(start: f64, end: f64) {
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        if s.own.len() == OWN_SPANS {
            s.own.pop_front();
        }
        s.own.push_back((start, end));
    });
}

/// When the latest long task not ours ended, reports not delivered yet
/// included.
pub fn last_end() -> Option<f64> {
    let pending = STATE.with(|s| s.borrow().observer.as_ref().map(|o| o.take_records()));
    if let Some(p) = pending {
        take(&p);
    }
    STATE.with(|s| s.borrow().last_end)
}

/// The budget now: halved within ~10 s of a long task.
pub fn budget() -> Budget {
    Budget::at(dom::now(), last_end())
}
