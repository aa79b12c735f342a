//! Which tab the copilot works on, and talking to the content script in it.

use crate::{chrome, js};
use bc_core::protocol::{ContentRequest, ContentResponse, CopilotError};
use bc_core::url_policy;
use serde_json::json;

/// The tab a question or action is about.
#[derive(Debug, Clone)]
pub struct TargetTab {
    pub id: i32,
    pub url: String,
}

/// The active tab of the last-focused *normal* window. Asking for normal
/// windows keeps this right when the panel page runs in its own popup window.
pub async fn active_tab() -> Result<TargetTab, CopilotError> {
    let internal = |e: wasm_bindgen::JsValue| CopilotError::Internal { detail: js::error_text(&e) };
    let window = chrome::windows_get_last_focused(&js::to_js(&json!({"windowTypes": ["normal"]})))
        .await
        .map_err(|_| CopilotError::NoActiveTab)?;
    let window_id = js::get_i32(&window, "id").ok_or(CopilotError::NoActiveTab)?;
    let tabs = chrome::tabs_query(&js::to_js(&json!({"active": true, "windowId": window_id}))).await.map_err(internal)?;
    let tab = js_sys::Array::from(&tabs).get(0);
    let id = js::get_i32(&tab, "id").ok_or(CopilotError::NoActiveTab)?;
    Ok(TargetTab {
        id,
        // Without host access Chrome hides the URL; such a tab is not readable either.
        url: js::get_str(&tab, "url").unwrap_or_default(),
    })
}

/// The tab with this id, if it exists.
pub async fn tab(tab_id: i32) -> Option<TargetTab> {
    let tab = chrome::tabs_get(tab_id).await.ok()?;
    Some(TargetTab { id: js::get_i32(&tab, "id")?, url: js::get_str(&tab, "url").unwrap_or_default() })
}

/// Refuses URLs content scripts cannot run on, with the reason.
pub fn check_readable(tab: &TargetTab) -> Result<(), CopilotError> {
    match url_policy::restriction(&tab.url) {
        Some(r) => Err(r.into()),
        None => Ok(()),
    }
}

/// Has the page the next question would be about perceived ahead
/// ([`ContentRequest::Prefetch`]): the side panel asks whenever that page
/// may have changed. Pages content scripts cannot run on are skipped;
/// failures only mean no head start, so they are not reported.
pub async fn prefetch_active() {
    let Ok(tab) = active_tab().await else { return };
    if check_readable(&tab).is_err() {
        return;
    }
    if let Err(e) = ask_content(tab.id, &ContentRequest::Prefetch).await {
        web_sys::console::debug_1(&format!("bc: no prefetch in tab {}: {e}", tab.id).into());
    }
}

/// Has a page a tool just led to perceived ahead, as the side panel does
/// for the page in front: an action that navigated, a tab switched to, a
/// navigation without its summary (a summary prefetches by itself). The
/// caller's next request is nearly always that page's MiniPCD, asked
/// after the LLM has read the result; its work is then done in the page's
/// idle time meanwhile (10k elements: ~25 ms instead of ~100–300 ms cold).
/// Not awaited: the tool's result does not wait for the page's module to
/// load, and a page that cannot be prefetched only has no head start.
pub fn prefetch_soon(tab_id: i32) {
    wasm_bindgen_futures::spawn_local(async move {
        let Some(tab) = tab(tab_id).await else { return };
        if check_readable(&tab).is_err() {
            return;
        }
        if let Err(e) = ask_content(tab.id, &ContentRequest::Prefetch).await {
            web_sys::console::debug_1(&format!("bc: no prefetch in tab {}: {e}", tab.id).into());
        }
    });
}

/// Sends a request to the content script of the tab's top frame. Tabs that
/// were open before the extension was installed have no content script yet:
/// then the loader is injected once and the request retried.
pub async fn ask_content(tab_id: i32, req: &ContentRequest) -> Result<ContentResponse, CopilotError> {
    ask_frame(tab_id, 0, req).await
}

/// One poll of `tab` (its `chrome.tabs.get` object) during a load after an
/// action: whether its page is there — `complete`, or its own document
/// parsed [`bc_core::nav::PARSED_GRACE_MS`] ago while a frame or another
/// subresource holds the load (`LoadWatch`; issue 44 point 1).
pub async fn page_there(tab: &wasm_bindgen::JsValue, tab_id: i32, watch: &mut bc_core::nav::LoadWatch, elapsed_ms: f64) -> bool {
    poll_load(tab, tab_id, watch, elapsed_ms).await;
    watch.verdict(elapsed_ms) == Some(bc_core::nav::LoadVerdict::Loaded)
}

/// Feeds `watch` one poll of `tab`: `complete` is `status: complete` with
/// no `pendingUrl`; a load still going when the watch wants it probes
/// whether the loading document answers (`top_frame_answers`).
pub async fn poll_load(tab: &wasm_bindgen::JsValue, tab_id: i32, watch: &mut bc_core::nav::LoadWatch, elapsed_ms: f64) {
    let pending = js_sys::Reflect::get(tab, &"pendingUrl".into()).map(|v| !v.is_undefined()).unwrap_or(false);
    let complete = !pending && js::get_str(tab, "status").as_deref() == Some("complete");
    watch.on_poll(elapsed_ms, complete);
    if !pending && !complete && watch.wants_probe(elapsed_ms) && top_frame_answers(tab_id, PROBE_MS).await {
        watch.on_parsed(elapsed_ms);
    }
}

/// How long a probe of a loading document may take (its first message
/// starts the content module: ~100–250 ms).
const PROBE_MS: u32 = 600;

/// Whether the top frame's content script answers a ping now, without
/// injecting it: the manifest runs it at `document_idle`, so an answer
/// during a load says the loading document is parsed. Waits at most
/// `within_ms` (the first message also starts the content module).
pub async fn top_frame_answers(tab_id: i32, within_ms: u32) -> bool {
    let msg = js::to_js(&ContentRequest::Ping);
    let target = js::to_js(&json!({"frameId": 0}));
    let asked = std::pin::pin!(chrome::tabs_send_message(tab_id, &msg, &target));
    match futures::future::select(asked, gloo_timers::future::TimeoutFuture::new(within_ms)).await {
        futures::future::Either::Left((Ok(reply), _)) => matches!(decode(reply), Ok(ContentResponse::Pong { .. })),
        _ => false,
    }
}

/// Sends a request to the content script of one frame of the tab (frame 0:
/// the top frame, with the loader injected where missing; other frames are
/// reached through `frames.rs`, and the answer is theirs as is — an
/// `EnterFrame` included).
///
/// A read the page does not answer within its budget
/// (`ContentRequest::answer_budget_ms`) is answered `timeout` here, naming
/// the stage: the call ends and the tab's lane is free for the next one.
pub async fn ask_frame(tab_id: i32, frame_id: i32, req: &ContentRequest) -> Result<ContentResponse, CopilotError> {
    let Some(budget_ms) = req.answer_budget_ms() else { return ask_frame_unbounded(tab_id, frame_id, req).await };
    let asked = std::pin::pin!(ask_frame_unbounded(tab_id, frame_id, req));
    match futures::future::select(asked, gloo_timers::future::TimeoutFuture::new(budget_ms)).await {
        futures::future::Either::Left((answer, _)) => answer,
        futures::future::Either::Right(_) => Ok(ContentResponse::Refused { error: req.timed_out(frame_id, budget_ms) }),
    }
}

async fn ask_frame_unbounded(tab_id: i32, frame_id: i32, req: &ContentRequest) -> Result<ContentResponse, CopilotError> {
    let msg = js::to_js(req);
    let target = js::to_js(&json!({"frameId": frame_id}));
    let reply = match chrome::tabs_send_message(tab_id, &msg, &target).await {
        Ok(reply) => reply,
        Err(e) if frame_id == 0 && is_no_receiver(&e) => {
            inject_loader(tab_id).await?;
            chrome::tabs_send_message(tab_id, &msg, &target).await.map_err(unavailable)?
        }
        Err(e) => return Err(unavailable(e)),
    };
    if reply.is_undefined() {
        return Err(CopilotError::PageUnavailable { detail: "the page's content script did not answer".into() });
    }
    match decode(reply) {
        Ok(ContentResponse::Failed { error }) => Err(CopilotError::PageUnavailable { detail: error }),
        Ok(resp) => Ok(resp),
        Err(e) => Err(CopilotError::PageUnavailable { detail: format!("unexpected answer from the page: {e}") }),
    }
}

/// A content script's answer: JSON text (`ContentResponse::to_wire`), or
/// the object the loader itself answers with when the module could not
/// start (`{type: "failed", error}`, extension/content-loader.js).
fn decode(reply: wasm_bindgen::JsValue) -> Result<ContentResponse, String> {
    match reply.as_string() {
        Some(text) => ContentResponse::from_wire(&text).map_err(|e| e.to_string()),
        None => js::from_js::<ContentResponse>(reply),
    }
}

fn is_no_receiver(e: &wasm_bindgen::JsValue) -> bool {
    let text = js::error_text(e);
    text.contains("Receiving end does not exist") || text.contains("Could not establish connection")
}

fn unavailable(e: wasm_bindgen::JsValue) -> CopilotError {
    CopilotError::PageUnavailable { detail: js::error_text(&e) }
}

async fn inject_loader(tab_id: i32) -> Result<(), CopilotError> {
    // The top frame first, awaited: the request goes there. Then every
    // frame, not awaited (a tab open since before the install has no loader
    // in its frames either, and cross-origin frames are reached through
    // theirs): an injection into all frames waits for a frame whose load
    // never finishes (an ad server holding the request), and held the
    // page's first request 15 s (issue 44 point 1). The top frame's second
    // copy stops at once (its `let` is declared already).
    let files = json!(["content-loader.js"]);
    let top = js::to_js(&json!({"target": {"tabId": tab_id, "frameIds": [0]}, "files": files}));
    chrome::scripting_execute_script(&top).await.map(drop).map_err(|e| CopilotError::PageUnavailable {
        detail: format!("could not start the copilot in this tab ({}); reload the page and ask again", js::error_text(&e)),
    })?;
    let all = js::to_js(&json!({"target": {"tabId": tab_id, "allFrames": true}, "files": files}));
    wasm_bindgen_futures::spawn_local(async move {
        let _ = chrome::scripting_execute_script(&all).await;
    });
    Ok(())
}
