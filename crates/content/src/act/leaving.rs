//! Whether an action started a navigation that has not unloaded the page
//! yet: `location.assign()` in a submit handler, a link, a form sent to
//! the server. The page keeps running until the new one's response
//! arrives (on a busy machine, seconds), so an answer given when the page
//! settled read "nothing navigated" while the tab was on its way
//! elsewhere. `beforeunload` fires when such a navigation starts (before
//! its request is sent); while it is pending the action waits for the
//! page to unload (the worker then reports where the tab arrived,
//! `bc-background` `act::arrived`) and answers from here only when the
//! page stays: a download, a `204`, a navigation cancelled.
//!
//! The listener only notes the event: it never calls `preventDefault`
//! (no "Leave site?" prompt) and is removed when the action ends.

use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// How long a started navigation may take to unload the page before the
/// action answers as if it stayed.
const LEAVE_MS: i32 = 5_000;
const POLL_MS: i32 = 50;

/// Watches for a navigation starting while it lives.
pub struct Leaving {
    started: Rc<Cell<bool>>,
    listener: Closure<dyn FnMut(web_sys::Event)>,
}

impl Leaving {
    /// Starts watching (`None` without a window: nothing can navigate).
    pub fn watch() -> Option<Leaving> {
        let window = web_sys::window()?;
        let started = Rc::new(Cell::new(false));
        let seen = started.clone();
        let listener = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| seen.set(true));
        window.add_event_listener_with_callback("beforeunload", listener.as_ref().unchecked_ref()).ok()?;
        Some(Leaving { started, listener })
    }

    /// Whether a navigation of this page has started.
    pub fn started(&self) -> bool {
        self.started.get()
    }

    /// When a navigation started, waits for it to unload the page (this
    /// script stops there and the worker takes over); returns when the
    /// page is still here after [`LEAVE_MS`].
    pub async fn wait_gone(&self) {
        let mut waited = 0;
        while self.started() && waited < LEAVE_MS {
            super::observe::sleep(POLL_MS).await;
            waited += POLL_MS;
        }
    }
}

impl Drop for Leaving {
    fn drop(&mut self) {
        if let Some(w) = web_sys::window() {
            let _ = w.remove_event_listener_with_callback("beforeunload", self.listener.as_ref().unchecked_ref());
        }
    }
}
