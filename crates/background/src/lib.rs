//! Browser Copilot's service worker (loaded by `extension/background.js`).
//!
//! It is the only context that holds the API key and the only one that talks
//! to the network (the user's LLM endpoint). It routes:
//! - extension pages' [`PanelRequest`](bc_core::protocol::PanelRequest)s
//!   arriving over a `chrome.runtime` Port ([`panel`]),
//! - commands typed in the panel, run without an LLM through the tools
//!   ([`command`]; anything else goes on to the agent),
//! - the agent ([`agent`]): a task for anything that is not a command —
//!   a question answered from the page, or steps carried out — driven by
//!   `bc_core::agent` with the model over `fetch` ([`llm_http`]),
//! - tool calls by seed-000 name ([`tools`], also `self.copilot.call`),
//!   each through its tab's action queue ([`queue`]); tab and navigation
//!   tools are in [`nav`]; requests into cross-origin frames are routed by
//!   [`frames`].
//!
//! - the knowledge index ([`knowledge`]): pages the user read, when they
//!   turned it on, and questions about them.
//!
//! Chrome may stop the worker at any time; nothing here keeps state that
//! matters in memory: settings live in `chrome.storage.local` ([`store`]).

mod act;
mod agent;
mod capture;
mod chrome;
mod command;
mod explore;
mod flows;
mod frames;
mod graph_store;
mod js;
mod knowledge;
mod llm_http;
mod nav;
mod panel;
mod queue;
mod store;
mod tabs;
mod tools;

use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
fn init() {
    console_error_panic_hook::set_once();
    // Clicking the toolbar icon opens the side panel. Chrome persists this,
    // but setting it on every start also covers profiles where it was reset.
    js::log_err("setPanelBehavior", chrome::set_panel_behavior_open_on_click());
    // Tasks a stopped worker left running end here, saying where.
    wasm_bindgen_futures::spawn_local(agent::recover());
    // So does a flow replay; "continue the flow" runs the rest.
    wasm_bindgen_futures::spawn_local(flows::interrupted());
    // A recording a stopped worker left hears its tab's page again.
    wasm_bindgen_futures::spawn_local(flows::rearm_recording());
}

/// `chrome.runtime.onConnect`: an extension page or a content script opened a
/// port. `early` holds the messages that arrived before the module was ready.
#[wasm_bindgen]
pub fn on_connect(port: chrome::Port, early: js_sys::Array) {
    panel::accept(port, early);
}

/// `chrome.runtime.onMessage`: our content scripts' events (a child frame
/// announcing the nonce its parent posted, see `frames.rs`; a recorded
/// user event, see `flows`). Nothing is answered.
#[wasm_bindgen]
pub fn on_message(msg: JsValue, sender: JsValue) {
    frames::on_message(msg, sender);
}

/// `self.copilot.call(name, args, {taskId}?)`: runs any tool by its seed-000
/// name and resolves to a `ToolResult` (`{ok:true,data}` |
/// `{ok:false,error,retryable,code}`). Calls on one tab run one at a time in
/// order; `taskId` (string or number) groups calls for `self.copilot.cancel`.
#[wasm_bindgen]
pub async fn call_tool(name: String, args: JsValue, options: JsValue) -> JsValue {
    let result = tools::call(&name, args, task_id(&options)).await;
    js::to_js(&result)
}

/// `self.copilot.cancel(taskId)`: answers the task's queued and running calls
/// `cancelled` at once and refuses its later calls; resolves to
/// `{queued, running}` (how many of each were cancelled).
#[wasm_bindgen]
pub fn cancel_task(task_id: JsValue) -> JsValue {
    let report = match task_from(&task_id) {
        Some(task) => queue::cancel_task(&task),
        None => queue::CancelReport { queued: 0, running: 0 },
    };
    js::to_js(&report)
}

fn task_id(options: &JsValue) -> Option<bc_core::tab_queue::TaskId> {
    let v = js_sys::Reflect::get(options, &"taskId".into()).ok()?;
    task_from(&v)
}

/// Task ids are opaque: a string, or a number (e.g. a panel request id).
fn task_from(v: &JsValue) -> Option<bc_core::tab_queue::TaskId> {
    let text = v.as_string().or_else(|| v.as_f64().map(|n| n.to_string()))?;
    Some(bc_core::tab_queue::TaskId(text))
}

/// `self.copilot.contentStatus(tabId)`: loads the content module in the tab
/// if needed and reports which build runs there (WASM or wasm2js) and why.
#[wasm_bindgen]
pub async fn content_status(tab_id: i32) -> JsValue {
    use bc_core::protocol::ContentRequest;
    use bc_core::tools::{ErrorCode, ToolError, ToolResult};
    let result = match tabs::ask_content(tab_id, &ContentRequest::Ping).await {
        Ok(resp) => ToolResult::Ok(serde_json::to_value(resp).expect("ContentResponse serialises")),
        Err(e) => ToolResult::Err(ToolError::new(ErrorCode::ContentUnavailable, e.to_string(), true)),
    };
    js::to_js(&result)
}

/// `chrome.tabs.onUpdated` (`info`: its change info): a recording's
/// navigations and re-arming the recorder in the new page (`flows`); the
/// knowledge index notes a page that finished loading in the active tab
/// (nothing happens while it is off).
#[wasm_bindgen]
pub fn on_tab_updated(tab_id: i32, info: JsValue, tab: JsValue) {
    flows::on_tab_updated(tab_id, info.clone());
    knowledge::on_tab_updated(tab_id, info, tab);
}

/// `chrome.tabs.onActivated`: as [`on_tab_updated`], for a tab brought to the front.
#[wasm_bindgen]
pub fn on_tab_activated(info: JsValue) {
    if let Some(tab_id) = js::get_i32(&info, "tabId") {
        knowledge::on_tab_activated(tab_id);
    }
}

/// `self.copilot.setKnowledgeNow(ms | null)`, for tests: the time the
/// knowledge index stamps visits with and resolves "last month" against.
#[wasm_bindgen]
pub async fn set_knowledge_now(ms: JsValue) {
    knowledge::set_now(ms.as_f64()).await;
}
