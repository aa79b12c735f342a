//! The page's monotonic clock, shared by slicing deadlines and timings.

/// `performance.now()` (ms, monotonic), 0 without a window. Deadline
/// checks call it per element: the `Performance` object is looked up once
/// (it never changes for a window), so each call is one JS crossing, not three.
pub fn now() -> f64 {
    thread_local! {
        static PERF: Option<web_sys::Performance> =
            web_sys::window().and_then(|w| w.performance());
    }
    PERF.with(|p| p.as_ref().map(|p| p.now()).unwrap_or_default())
}
