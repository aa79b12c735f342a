//! DOM action tools (`dom.click`, `dom.type`, `dom.select`, `dom.check`,
//! `dom.submit`, `dom.hover`, `dom.pressKey`, `dom.scroll`, `dom.waitFor`): the typed call
//! becomes one `ContentRequest::Act` (or `Scroll`) for the tab's content
//! script, which binds, acts, verifies and retries (bc-content `act/`).
//!
//! An action that navigates (a link, a submit) unloads the page that was
//! answering: the reply is lost. That is the action working, not failing,
//! so the worker waits for the tab to arrive and reports an Observation of
//! the new page (`urlChanged: true`), and has that page perceived ahead
//! (`tabs::prefetch_soon`).

use crate::frames::{self, AskError};
use crate::{chrome, js};
use bc_core::act::{ActOutcome, DomAction, OpenedTab, PageScroll, WaitOutcome, WAIT_DEFAULT_MS, WAIT_MAX_MS};
use bc_core::protocol::{ContentRequest, ContentResponse, CopilotError};
use bc_core::tools::{ErrorCode, ToolError, WaitEvent};
use bc_core::types::{Observation, RoleSelector};
use gloo_timers::future::TimeoutFuture;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use serde_json::Value;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// How long a navigation caused by an action may take to arrive.
const ARRIVE_MS: u32 = 15_000;
const POLL_MS: u32 = 100;

/// Runs `action` on the element `selector` binds to in `tab_id`, and
/// names the tabs it opened (the page cannot see them).
pub async fn act(tab_id: i32, selector: RoleSelector, id: Option<String>, action: DomAction) -> Result<Value, ToolError> {
    // The frame running the action: the top one until the request is
    // routed into a cross-origin frame.
    let frame = Rc::new(Cell::new(0));
    let watch = WatchOpened::start(tab_id, frame.clone());
    let outcome = send_at(tab_id, ContentRequest::Act { selector, id, action }, &frame).await;
    let opened = watch.map(WatchOpened::stop).unwrap_or_default();
    let outcome = outcome?;
    Ok(serde_json::to_value(outcome.with_opened_tabs(where_going(opened).await)).expect("outcomes serialise"))
}

/// Scrolls the page of `tab_id`.
pub async fn scroll(tab_id: i32, to: PageScroll) -> Result<Value, ToolError> {
    let outcome = send(tab_id, ContentRequest::Scroll { to }).await?;
    Ok(serde_json::to_value(outcome).expect("outcomes serialise"))
}

/// While an action runs: a tab its page opens (`chrome.tabs.onCreated`
/// with it as opener) is told to the frame running the action, which then
/// does not retry it (a `window.open` popup would open again; the page
/// itself cannot see the new tab), and is kept for the outcome.
struct WatchOpened {
    event: chrome::ChromeEvent,
    listener: Closure<dyn FnMut(JsValue)>,
    opened: Rc<RefCell<Vec<i32>>>,
}

impl WatchOpened {
    /// `None` where `chrome.tabs.onCreated` is missing.
    fn start(tab_id: i32, frame: Rc<Cell<i32>>) -> Option<WatchOpened> {
        let get = |o: &JsValue, k: &str| js_sys::Reflect::get(o, &k.into()).ok().filter(JsValue::is_object);
        let event: chrome::ChromeEvent = get(&js_sys::global(), "chrome").and_then(|c| get(&c, "tabs")).and_then(|t| get(&t, "onCreated"))?.unchecked_into();
        let opened = Rc::new(RefCell::new(Vec::new()));
        let seen = opened.clone();
        let listener = Closure::<dyn FnMut(JsValue)>::new(move |tab: JsValue| {
            let Some(id) = js::get_i32(&tab, "id").filter(|_| js::get_i32(&tab, "openerTabId") == Some(tab_id)) else { return };
            seen.borrow_mut().push(id);
            let frame_id = frame.get();
            wasm_bindgen_futures::spawn_local(async move {
                let _ = crate::tabs::ask_frame(tab_id, frame_id, &ContentRequest::TabOpened).await;
            });
        });
        event.add_listener(listener.as_ref().unchecked_ref());
        Some(WatchOpened { event, listener, opened })
    }

    /// Stops watching; the ids of the tabs opened meanwhile.
    fn stop(self) -> Vec<i32> {
        self.event.remove_listener(self.listener.as_ref().unchecked_ref());
        self.opened.take()
    }
}

/// Where each of the tabs `ids` is going (a tab closed since is left out).
async fn where_going(ids: Vec<i32>) -> Vec<OpenedTab> {
    let mut out = Vec::new();
    for tab_id in ids {
        let Ok(t) = chrome::tabs_get(tab_id).await else { continue };
        // A tab just opened has its URL as `pendingUrl` until it commits.
        if let Some(url) = js::get_str(&t, "pendingUrl").filter(|u| !u.is_empty()).or_else(|| js::get_str(&t, "url")) {
            out.push(OpenedTab { tab_id, url });
        }
    }
    out
}

/// `dom.waitFor`: the content script polls; a URL change that unloads the
/// page ends the wait from here.
pub async fn wait_for(tab_id: i32, event: WaitEvent, value: Option<String>, timeout_ms: Option<u32>) -> Result<Value, ToolError> {
    let timeout_ms = timeout_ms.unwrap_or(WAIT_DEFAULT_MS).min(WAIT_MAX_MS);
    let tab = crate::tools::readable_tab(tab_id).await?;
    let started = js_sys::Date::now();
    let outcome = match frames::routed(tab.id, ContentRequest::WaitFor { event, value, timeout_ms }).await {
        Ok((ContentResponse::Waited { mut outcome }, frame)) => {
            outcome.observation = top_observation(tab_id, frame, &tab.url, outcome.observation).await;
            outcome
        }
        Ok((ContentResponse::Refused { error }, _)) => return Err(error),
        Ok((other, _)) => return Err(ToolError::new(ErrorCode::Internal, format!("unexpected answer {other:?}"), false)),
        Err(AskError::Page(e)) if page_went_away(&e) && event == WaitEvent::UrlChange => {
            let arrived = arrived(tab_id, &tab.url).await?;
            crate::tabs::prefetch_soon(tab_id);
            WaitOutcome { observation: arrived.observation, waited_ms: (js_sys::Date::now() - started) as u32, matched: None }
        }
        Err(e) => return Err(e.tool_error()),
    };
    Ok(serde_json::to_value(outcome).expect("outcomes serialise"))
}

/// An Observation made inside a cross-origin frame, told as the tab sees
/// it: the page's URL and title (the frame's would read as a navigation),
/// `urlChanged` against the tab's URL before the action. The top frame's
/// own Observation (`frame` 0) is kept as it is.
async fn top_observation(tab_id: i32, frame: i32, url_before: &str, inner: Observation) -> Observation {
    if frame == 0 {
        return inner;
    }
    match chrome::tabs_get(tab_id).await {
        Ok(info) => {
            let url = js::get_str(&info, "url").unwrap_or_else(|| url_before.to_owned());
            Observation {
                url_changed: Some(url != url_before),
                title: js::get_str(&info, "title").unwrap_or_default(),
                url,
                ..inner
            }
        }
        Err(_) => inner,
    }
}

/// Sends an action to the frame its selector's framePath names (through
/// cross-origin frames, `frames.rs`).
async fn send(tab_id: i32, request: ContentRequest) -> Result<ActOutcome, ToolError> {
    send_at(tab_id, request, &Cell::new(0)).await
}

/// [`send`], keeping `at` on the frame the request is routed to.
async fn send_at(tab_id: i32, request: ContentRequest, at: &Cell<i32>) -> Result<ActOutcome, ToolError> {
    let tab = crate::tools::readable_tab(tab_id).await?;
    let outcome = match frames::routed_at(tab.id, request, at).await {
        Ok((ContentResponse::Acted { mut outcome }, frame)) => {
            outcome.observation = top_observation(tab_id, frame, &tab.url, outcome.observation).await;
            outcome
        }
        Ok((ContentResponse::Refused { error }, _)) => return Err(error),
        Ok((other, _)) => return Err(ToolError::new(ErrorCode::Internal, format!("unexpected answer {other:?}"), false)),
        Err(AskError::Page(e)) if page_went_away(&e) => {
            let outcome = arrived(tab_id, &tab.url).await?;
            // The next request is most likely the new page's MiniPCD.
            crate::tabs::prefetch_soon(tab_id);
            outcome
        }
        Err(e) => return Err(e.tool_error()),
    };
    Ok(outcome)
}

/// Whether the content script's page was unloaded before it answered.
fn page_went_away(e: &CopilotError) -> bool {
    let CopilotError::PageUnavailable { detail } = e else { return false };
    ["message port closed", "message channel closed", "back/forward cache", "page was unloaded", "did not answer", "Receiving end does not exist"]
        .iter()
        .any(|s| detail.contains(s))
}

/// Waits for the tab to finish loading the page the action led to: its
/// `complete`, or its own document parsed a while ago while a frame or
/// another subresource holds the load (`bc_core::nav::LoadWatch`).
async fn arrived(tab_id: i32, url_before: &str) -> Result<ActOutcome, ToolError> {
    let mut waited = 0;
    let mut watch = bc_core::nav::LoadWatch::new(true);
    loop {
        let tab = chrome::tabs_get(tab_id)
            .await
            .map_err(|_| ToolError::new(ErrorCode::NoSuchTab, format!("tab {tab_id} closed during the action"), false))?;
        let url = js::get_str(&tab, "url").unwrap_or_default();
        let there = crate::tabs::page_there(&tab, tab_id, &mut watch, f64::from(waited)).await;
        if there || waited >= ARRIVE_MS {
            let title = js::get_str(&tab, "title").unwrap_or_default();
            let url_changed = url != url_before;
            return Ok(ActOutcome {
                observation: Observation {
                    url,
                    title,
                    ts: js_sys::Date::now(),
                    url_changed: Some(url_changed),
                    collection_summary: None,
                    focused_role: None,
                },
                changed: true,
                changes: vec![if url_changed { "url" } else { "reload" }.to_owned()],
                attempts: 1,
                used_selector: None,
                detail: (js::get_str(&tab, "status").as_deref() != Some("complete")).then(|| "a part of the page (a frame, an image) was still loading".to_owned()),
                opened_tabs: Vec::new(),
            });
        }
        TimeoutFuture::new(POLL_MS).await;
        waited += POLL_MS;
    }
}

/// `dom.extract`: the collection's items, read in the page.
pub async fn extract(tab_id: i32, collection_id: String, fields: Vec<String>, load: bc_core::pcd::extract::LoadOptions) -> Result<Value, ToolError> {
    let tab = crate::tools::readable_tab(tab_id).await?;
    // A framed collection id (`childId@tag`) is its cross-origin frame's to read.
    match frames::by_id(tab.id, ContentRequest::Extract { collection_id, fields, load }).await {
        Ok(ContentResponse::Extracted { extraction }) => Ok(serde_json::to_value(extraction).expect("extractions serialise")),
        Ok(ContentResponse::Refused { error }) => Err(error),
        Ok(other) => Err(ToolError::new(ErrorCode::Internal, format!("unexpected answer {other:?}"), false)),
        Err(e) => Err(e),
    }
}
