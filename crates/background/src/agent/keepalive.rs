//! Keeps the worker alive while a task runs, without the `debugger`
//! permission: Chrome stops an extension's worker after 30 s without
//! extension events or API calls, and a model call or a user's answer can
//! take longer. Any extension API call resets that timer, so a cheap one
//! (`chrome.runtime.getPlatformInfo`) every 20 s keeps a busy worker
//! running; when no task runs the beat stops and Chrome may stop it.

use crate::{chrome, js};
use gloo_timers::future::TimeoutFuture;
use std::cell::Cell;

const BEAT_MS: u32 = 20_000;

thread_local! {
    static HOLDERS: Cell<u32> = const { Cell::new(0) };
}

/// A task started: beat until every holder released.
fn hold() {
    let before = HOLDERS.with(|h| h.replace(h.get() + 1));
    if before == 0 {
        wasm_bindgen_futures::spawn_local(async {
            while HOLDERS.with(Cell::get) > 0 {
                TimeoutFuture::new(BEAT_MS).await;
                if HOLDERS.with(Cell::get) > 0 {
                    if let Err(e) = chrome::runtime_get_platform_info().await {
                        js::log_err("keep-alive", Err(e));
                    }
                }
            }
        });
    }
}

/// A task ended.
fn release() {
    HOLDERS.with(|h| h.set(h.get().saturating_sub(1)));
}

/// Holds the worker alive for as long as it lives (a task, or a flow
/// replay, which can wait on the user's answer as a task does).
pub struct Held(());

impl Held {
    pub fn new() -> Held {
        hold();
        Held(())
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        release();
    }
}
