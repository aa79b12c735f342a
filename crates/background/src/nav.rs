//! The tab and navigation tools (seed 000 §7 "Tab tools", issue 4):
//! `tabs.open/switch/close/list` and `nav.go/back/forward/reload`, with the
//! compact page summary bundled into every navigation (seed 001): wait for
//! `status: complete` (or, when a frame or another subresource holds the
//! load forever, for the page's own document to have answered 2 s before:
//! `bc_core::nav::LoadWatch`), settle 500 ms, then ask the page for its
//! summary with a 3 s cap. A summary that fails never fails the navigation: the result
//! then has `summary: null` and `summary_error`.
//!
//! What to open, what is refused, and when a load counts as done are
//! decided in `bc_core::nav` (tested natively); this module talks to
//! `chrome.tabs`/`chrome.windows` and keeps no state between calls. The
//! per-tab queue around these calls is in `queue.rs`.

use crate::queue::{cancelled_error, CancelToken};
use crate::{chrome, js, tabs};
use bc_core::nav::{
    open_target, ClosedTab, LoadVerdict, LoadWatch, NavResult, SummaryError, SummaryOutcome, TabEvent, TabInfo, POLL_MS, SETTLE_MS,
    SUMMARY_CAP_MS,
};
use bc_core::protocol::{ContentRequest, ContentResponse};
use bc_core::summary::{PageSummary, SummaryMode};
use bc_core::tools::{ErrorCode, ToolError};
use bc_core::url_policy;
use futures::channel::mpsc;
use futures::future::{select, Either};
use futures::StreamExt;
use gloo_timers::future::TimeoutFuture;
use serde_json::json;
use wasm_bindgen::prelude::*;

/// A history move of `nav.back` / `nav.forward` / `nav.reload`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    Back,
    Forward,
    Reload,
}

fn no_such_tab(tab_id: i32) -> ToolError {
    ToolError::new(ErrorCode::NoSuchTab, format!("there is no tab {tab_id}"), false)
}

pub fn no_active_tab() -> ToolError {
    ToolError::new(ErrorCode::NoSuchTab, "there is no active tab in a normal browser window; give a tabId", false)
}

fn internal(what: &str, e: &JsValue) -> ToolError {
    ToolError::new(ErrorCode::Internal, format!("{what} failed: {}", js::error_text(e)), false)
}

/// The active tab of the last-focused normal window (`nav.*` without `tabId`).
pub async fn active_tab_id() -> Result<i32, ToolError> {
    tabs::active_tab().await.map(|t| t.id).map_err(|_| no_active_tab())
}

fn get_bool(obj: &JsValue, key: &str) -> bool {
    js_sys::Reflect::get(obj, &key.into()).ok().and_then(|v| v.as_bool()).unwrap_or(false)
}

fn tab_info(tab: &JsValue) -> Option<TabInfo> {
    Some(TabInfo::new(
        js::get_i32(tab, "id")?,
        js::get_str(tab, "url").unwrap_or_default(),
        js::get_str(tab, "title").unwrap_or_default(),
        get_bool(tab, "active"),
        js::get_i32(tab, "windowId")?,
    ))
}

async fn existing_tab(tab_id: i32) -> Result<JsValue, ToolError> {
    chrome::tabs_get(tab_id).await.map_err(|_| no_such_tab(tab_id))
}

/// `tabs.list`: every tab of the normal windows (not the panel's popup, not
/// DevTools), window by window in tab-strip order.
pub async fn list() -> Result<Vec<TabInfo>, ToolError> {
    let all = chrome::tabs_query(&js::to_js(&json!({"windowType": "normal"}))).await.map_err(|e| internal("listing tabs", &e))?;
    Ok(js_sys::Array::from(&all).iter().filter_map(|t| tab_info(&t)).collect())
}

/// `tabs.switch`: makes the tab active and focuses its window, as clicking it would.
pub async fn switch(tab_id: i32) -> Result<TabInfo, ToolError> {
    existing_tab(tab_id).await?;
    let tab = chrome::tabs_update(tab_id, &js::to_js(&json!({"active": true}))).await.map_err(|_| no_such_tab(tab_id))?;
    let info = tab_info(&tab).ok_or_else(|| no_such_tab(tab_id))?;
    chrome::windows_update(info.window_id, &js::to_js(&json!({"focused": true})))
        .await
        .map_err(|e| internal("focusing the tab's window", &e))?;
    crate::tabs::prefetch_soon(tab_id);
    Ok(info)
}

/// `tabs.close`. Calls queued behind it on the same tab then answer `no_such_tab`.
pub async fn close(tab_id: i32) -> Result<ClosedTab, ToolError> {
    existing_tab(tab_id).await?;
    chrome::tabs_remove(tab_id).await.map_err(|_| no_such_tab(tab_id))?;
    Ok(ClosedTab { tab_id })
}

/// `tabs.open`: a new active tab in the last-focused normal window (a new
/// window if there is none), loaded, settled and summarised.
pub async fn open(url: &str, summary: bool, cancel: &CancelToken) -> Result<NavResult, ToolError> {
    let target = open_target(url).map_err(|e| e.tool_error())?;
    let window = chrome::windows_get_last_focused(&js::to_js(&json!({"windowTypes": ["normal"]}))).await.ok();
    let window_id = window.as_ref().and_then(|w| js::get_i32(w, "id"));
    let tab = match window_id {
        Some(window_id) => chrome::tabs_create(&js::to_js(&json!({"url": target, "windowId": window_id, "active": true})))
            .await
            .map_err(|e| internal("opening the tab", &e))?,
        None => {
            let window = chrome::windows_create(&js::to_js(&json!({"url": target, "focused": true})))
                .await
                .map_err(|e| internal("opening a window", &e))?;
            let tabs = js_sys::Reflect::get(&window, &"tabs".into()).unwrap_or(JsValue::UNDEFINED);
            js_sys::Array::from(&tabs).get(0)
        }
    };
    let tab_id = js::get_i32(&tab, "id").ok_or_else(|| ToolError::new(ErrorCode::Internal, "the new tab has no id", false))?;
    // A new tab has no earlier document whose events could be mistaken for its own.
    LoadWaiter::start(tab_id, true).until_loaded(cancel).await?;
    arrive(tab_id, summary, cancel).await
}

/// Opens `url` in a background tab of `window_id` — never focused, muted —
/// and waits for it to load (the explorer's tabs, `crate::explore`). The
/// tab's id comes back also when loading failed: the caller closes it.
pub async fn open_background(url: &str, window_id: Option<i32>, cancel: &CancelToken) -> (Option<i32>, Result<(), ToolError>) {
    let target = match open_target(url) {
        Ok(t) => t,
        Err(e) => return (None, Err(e.tool_error())),
    };
    let mut props = json!({"url": target, "active": false});
    if let Some(w) = window_id {
        props["windowId"] = json!(w);
    }
    let tab = match chrome::tabs_create(&js::to_js(&props)).await {
        Ok(tab) => tab,
        Err(e) => return (None, Err(internal("opening a background tab", &e))),
    };
    let Some(tab_id) = js::get_i32(&tab, "id") else {
        return (None, Err(ToolError::new(ErrorCode::Internal, "the new tab has no id", false)));
    };
    // A page that plays sound must not surprise the user from a tab they
    // did not open.
    let _ = chrome::tabs_update(tab_id, &js::to_js(&json!({"muted": true}))).await;
    let loaded = LoadWaiter::start(tab_id, true).until_loaded(cancel).await.map(drop);
    (Some(tab_id), loaded)
}

/// `nav.go`: navigates the tab (whatever it shows now, e.g. a new-tab page).
pub async fn go(tab_id: i32, url: &str, summary: bool, cancel: &CancelToken) -> Result<NavResult, ToolError> {
    let target = open_target(url).map_err(|e| e.tool_error())?;
    existing_tab(tab_id).await?;
    // Listening starts before the navigation, so its first event is not missed.
    let waiter = LoadWaiter::start(tab_id, false);
    chrome::tabs_update(tab_id, &js::to_js(&json!({"url": target}))).await.map_err(|e| internal("navigating", &e))?;
    waiter.until_loaded(cancel).await?;
    arrive(tab_id, summary, cancel).await
}

/// `nav.back` / `nav.forward` / `nav.reload` on any tab: the destination is
/// the user's own history; an unreadable one shows as `summary_error`.
///
/// Back and forward use the page's own `history.go(±1)` where the copilot
/// may run script in the page: `chrome.tabs.goBack` behaves like the back
/// button, which skips entries the user never interacted with (Chrome's
/// history-manipulation intervention), so after two copilot navigations it
/// would jump over the page in between, or find no page at all. On pages the
/// copilot cannot script (chrome://…), `chrome.tabs.goBack/goForward` it is.
pub async fn history(tab_id: i32, how: Move, summary: bool, cancel: &CancelToken) -> Result<NavResult, ToolError> {
    let before = js::get_str(&existing_tab(tab_id).await?, "url").unwrap_or_default();
    let which = if how == Move::Forward { "later" } else { "earlier" };
    let nowhere = || ToolError::new(ErrorCode::NotFound, format!("there is no {which} page in this tab's history"), false);
    let waiter = LoadWaiter::start(tab_id, false);
    let delta = match how {
        Move::Back => -1,
        Move::Forward => 1,
        Move::Reload => {
            chrome::tabs_reload(tab_id).await.map_err(|_| no_such_tab(tab_id))?;
            waiter.until_loaded(cancel).await?;
            return arrive(tab_id, summary, cancel).await;
        }
    };
    let in_page = if url_policy::restriction(&before).is_none() { history_step(tab_id, delta).await } else { None };
    match in_page {
        Some(false) => return Err(nowhere()),
        Some(true) => {}
        None => {
            let moved = if delta < 0 { chrome::tabs_go_back(tab_id).await } else { chrome::tabs_go_forward(tab_id).await };
            // The tab exists (checked above): this is "Cannot find a next page in history".
            moved.map_err(|_| nowhere())?;
        }
    }
    let loaded = waiter.until_loaded(cancel).await?;
    // `history.go` past the last entry does nothing at all: no load, same URL.
    // (A same-document move changes the URL without a load.)
    if !loaded && in_page.is_some() {
        let after = js::get_str(&existing_tab(tab_id).await?, "url").unwrap_or_default();
        if after == before {
            return Err(nowhere());
        }
    }
    arrive(tab_id, summary, cancel).await
}

/// Runs `history.go(delta)` in the tab's page: `Some(false)` when the tab has
/// a single history entry, `None` when the page cannot be scripted.
async fn history_step(tab_id: i32, delta: i32) -> Option<bool> {
    let injection = js_sys::Object::new();
    let target = js::to_js(&json!({"tabId": tab_id}));
    let set = |k: &str, v: &JsValue| js_sys::Reflect::set(&injection, &k.into(), v).is_ok();
    let ready = set("target", &target) && set("func", &chrome::history_step_fn()) && set("args", &js::to_js(&json!([delta])));
    if !ready {
        return None;
    }
    let results = chrome::scripting_execute_script(&injection).await.ok()?;
    let first = js_sys::Array::from(&results).get(0);
    js_sys::Reflect::get(&first, &"result".into()).ok()?.as_bool()
}

async fn sleep(ms: u32, cancel: &CancelToken) -> Result<(), ToolError> {
    TimeoutFuture::new(ms).await;
    if cancel.is_cancelled() {
        Err(cancelled_error())
    } else {
        Ok(())
    }
}

/// After the load: settle, read where the tab ended up, bundle the summary.
async fn arrive(tab_id: i32, summary: bool, cancel: &CancelToken) -> Result<NavResult, ToolError> {
    sleep(SETTLE_MS, cancel).await?;
    let tab = existing_tab(tab_id).await?;
    let url = js::get_str(&tab, "url").unwrap_or_default();
    // A summary has the page perceived ahead by itself; without one, ask.
    let summary = if summary {
        summarize(tab_id, &url, cancel).await?
    } else {
        crate::tabs::prefetch_soon(tab_id);
        SummaryOutcome::Skipped
    };
    // The title may change while the page settles; read it last.
    let title = js::get_str(&existing_tab(tab_id).await?, "title").unwrap_or_default();
    Ok(NavResult { tab_id, url, title, summary })
}

/// The compact summary within [`SUMMARY_CAP_MS`], or why there is none.
async fn summarize(tab_id: i32, url: &str, cancel: &CancelToken) -> Result<SummaryOutcome, ToolError> {
    if url_policy::restriction(url).is_some() {
        return Ok(SummaryOutcome::Failed(SummaryError::RestrictedUrl));
    }
    let request = ContentRequest::Summary { mode: SummaryMode::Compact };
    let ask = Box::pin(tabs::ask_content(tab_id, &request));
    let capped = select(ask, TimeoutFuture::new(SUMMARY_CAP_MS));
    let outcome = match select(capped, Box::pin(cancel.cancelled())).await {
        Either::Right(_) => return Err(cancelled_error()),
        Either::Left((Either::Right(_), _)) => SummaryOutcome::Failed(SummaryError::SummaryTimeout),
        Either::Left((Either::Left((answer, _)), _)) => match answer {
            Ok(ContentResponse::Summary { summary: PageSummary::Compact(s) }) => SummaryOutcome::Ready(Box::new(s)),
            Ok(other) => {
                warn(&format!("tab {tab_id}: summary answered {other:?}"));
                SummaryOutcome::Failed(SummaryError::SummaryFailed)
            }
            Err(e) => {
                warn(&format!("tab {tab_id}: no summary: {e}"));
                SummaryOutcome::Failed(SummaryError::ScriptInjectionFailed)
            }
        },
    };
    Ok(outcome)
}

/// The seed's wire result carries a code only; the detail goes to the console.
fn warn(text: &str) {
    web_sys::console::warn_1(&format!("Browser Copilot: {text}").into());
}

/// Listens to one tab's `onUpdated`/`onRemoved` for the duration of a wait;
/// the listeners are removed when it is dropped (also on cancel or error).
struct LoadWaiter {
    tab_id: i32,
    fresh: bool,
    started: f64,
    events: mpsc::UnboundedReceiver<TabEvent>,
    on_updated: Closure<dyn FnMut(JsValue, JsValue)>,
    on_removed: Closure<dyn FnMut(JsValue)>,
}

impl LoadWaiter {
    fn start(tab_id: i32, fresh: bool) -> LoadWaiter {
        let (tx, events) = mpsc::unbounded();
        let updated_tx = tx.clone();
        let on_updated = Closure::<dyn FnMut(JsValue, JsValue)>::new(move |id: JsValue, change: JsValue| {
            if id.as_f64() != Some(f64::from(tab_id)) {
                return;
            }
            let event = match js::get_str(&change, "status").as_deref() {
                Some("loading") => TabEvent::Loading,
                Some("complete") => TabEvent::Complete,
                _ => return,
            };
            let _ = updated_tx.unbounded_send(event);
        });
        let on_removed = Closure::<dyn FnMut(JsValue)>::new(move |id: JsValue| {
            if id.as_f64() == Some(f64::from(tab_id)) {
                let _ = tx.unbounded_send(TabEvent::Removed);
            }
        });
        if let Some(ev) = chrome::tabs_event("onUpdated") {
            ev.add_listener(on_updated.as_ref().unchecked_ref());
        }
        if let Some(ev) = chrome::tabs_event("onRemoved") {
            ev.add_listener(on_removed.as_ref().unchecked_ref());
        }
        LoadWaiter { tab_id, fresh, started: js_sys::Date::now(), events, on_updated, on_removed }
    }

    /// Until the tab has loaded: events for promptness, a poll of the tab
    /// every [`POLL_MS`] so a missed event (or none, for a same-document
    /// move) cannot stall it; `timeout` (retryable) after `LOAD_TIMEOUT_MS`.
    /// `Ok(false)`: the tab was complete throughout (no load was seen).
    async fn until_loaded(mut self, cancel: &CancelToken) -> Result<bool, ToolError> {
        let mut watch = LoadWatch::new(self.fresh);
        loop {
            while let Ok(event) = self.events.try_recv() {
                watch.on_event(event);
            }
            let elapsed = js_sys::Date::now() - self.started;
            match watch.verdict(elapsed) {
                Some(LoadVerdict::Loaded) => return Ok(watch.load_seen()),
                Some(LoadVerdict::Gone) => return Err(no_such_tab(self.tab_id)),
                Some(LoadVerdict::TimedOut) => {
                    return Err(ToolError::new(
                        ErrorCode::Timeout,
                        format!("the page did not finish loading within {} s", bc_core::nav::LOAD_TIMEOUT_MS / 1000),
                        true,
                    ))
                }
                None => {}
            }
            if cancel.is_cancelled() {
                return Err(cancelled_error());
            }
            match select(self.events.next(), TimeoutFuture::new(POLL_MS)).await {
                Either::Left((Some(event), _)) => watch.on_event(event),
                Either::Left((None, _)) => {}
                Either::Right(_) => {
                    let elapsed = js_sys::Date::now() - self.started;
                    match chrome::tabs_get(self.tab_id).await {
                        Ok(tab) => crate::tabs::poll_load(&tab, self.tab_id, &mut watch, elapsed).await,
                        Err(_) => watch.on_event(TabEvent::Removed),
                    }
                }
            }
        }
    }
}

impl Drop for LoadWaiter {
    fn drop(&mut self) {
        if let Some(ev) = chrome::tabs_event("onUpdated") {
            ev.remove_listener(self.on_updated.as_ref().unchecked_ref());
        }
        if let Some(ev) = chrome::tabs_event("onRemoved") {
            ev.remove_listener(self.on_removed.as_ref().unchecked_ref());
        }
    }
}
