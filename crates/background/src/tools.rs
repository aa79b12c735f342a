//! The tool surface behind `self.copilot.call(name, args)` (and later the
//! LLM controller): parse by seed-000 name, dispatch, answer a `ToolResult`.
//! Tools are filled in by the perception and acting issues; until then each
//! answers `not_implemented`.
//!
//! Every call goes through the per-tab queue ([`queue`]): the lane comes from
//! `bc_core::tab_queue::target` (a `tabId` argument, or the active tab for
//! `nav.*` without one), so calls on one tab never overlap.

use crate::queue::{self, CancelToken};
use crate::{act, capture, frames, js, nav, tabs};
use bc_core::act::{DomAction, PageScroll};
use bc_core::types::RoleSelector;
use bc_core::nav::wants_summary;
use bc_core::tab_queue::{self, Lane, Target, TaskId};
use bc_core::protocol::{ContentRequest, ContentResponse, CopilotError};
use bc_core::rank::RankQuery;
use bc_core::tools::{ErrorCode, ToolCall, ToolError, ToolResult};
use serde_json::Value;
use wasm_bindgen::JsValue;

pub async fn call(name: &str, args: JsValue, task: Option<TaskId>) -> ToolResult {
    let args: serde_json::Value = match js::from_js(args) {
        Ok(v) => v,
        Err(e) => {
            return ToolResult::Err(ToolError::new(bc_core::tools::ErrorCode::InvalidArgs, format!("arguments are not JSON: {e}"), false))
        }
    };
    let call = match ToolCall::parse(name, args) {
        Ok(call) => call,
        Err(e) => return ToolResult::Err(e),
    };
    run(call, task).await.into()
}

/// Runs a parsed call in its tab's lane, as part of `task` (cancellable with
/// [`queue::cancel_task`]). The entry point for the LLM controller too.
pub async fn run(call: ToolCall, task: Option<TaskId>) -> Result<Value, ToolError> {
    let (lane, default_tab) = match tab_queue::target(&call) {
        Target::Tab(id) => (Lane::Tab(id), None),
        Target::Free => (Lane::Free, None),
        Target::ActiveTab => {
            let id = nav::active_tab_id().await?;
            (Lane::Tab(id), Some(id))
        }
    };
    queue::run(lane, task, move |cancel| dispatch(call, default_tab, cancel)).await
}

/// `default_tab` is the active tab for `nav.*` calls without `tabId`.
async fn dispatch(call: ToolCall, default_tab: Option<i32>, cancel: CancelToken) -> Result<Value, ToolError> {
    let tab = |tab_id: Option<i32>| tab_id.or(default_tab).ok_or_else(nav::no_active_tab);
    match call {
        ToolCall::TabsOpen { url, summary } => json(nav::open(&url, wants_summary(summary), &cancel).await),
        ToolCall::TabsSwitch { tab_id } => json(nav::switch(tab_id).await),
        ToolCall::TabsClose { tab_id } => json(nav::close(tab_id).await),
        ToolCall::TabsList {} => json(nav::list().await),
        ToolCall::NavGo { tab_id, url, summary } => json(nav::go(tab(tab_id)?, &url, wants_summary(summary), &cancel).await),
        ToolCall::NavBack { tab_id, summary } => json(nav::history(tab(tab_id)?, nav::Move::Back, wants_summary(summary), &cancel).await),
        ToolCall::NavForward { tab_id, summary } => {
            json(nav::history(tab(tab_id)?, nav::Move::Forward, wants_summary(summary), &cancel).await)
        }
        ToolCall::NavReload { tab_id, summary } => json(nav::history(tab(tab_id)?, nav::Move::Reload, wants_summary(summary), &cancel).await),
        ToolCall::PcdSummary { tab_id, mode } => content_call(tab_id, ContentRequest::Summary { mode }).await,
        ToolCall::GetMiniPcd { tab_id } => {
            readable_tab(tab_id).await?;
            json(frames::mini_pcd(tab_id).await)
        }
        ToolCall::PcdQuery { tab_id, kind, text, top_k } => {
            let query = RankQuery { text, kind, top_k: top_k.map(|k| k as usize) };
            readable_tab(tab_id).await?;
            json(frames::query(tab_id, query).await)
        }
        ToolCall::GetDetails { tab_id, ids } => {
            readable_tab(tab_id).await?;
            json(frames::details(tab_id, ids).await)
        }
        ToolCall::DomResolve { tab_id, selector } => content_call(tab_id, ContentRequest::Resolve { selector }).await,
        ToolCall::DomClick { tab_id, selector, button, click_count, id } => {
            act::act(tab_id, selector, id, DomAction::Click { button: button.unwrap_or_default(), click_count: click_count.unwrap_or(1) }).await
        }
        ToolCall::DomType { tab_id, selector, text, replace, submit, id } => {
            act::act(tab_id, selector, id, DomAction::Type { text, replace: replace.unwrap_or(true), submit: submit.unwrap_or(false) }).await
        }
        ToolCall::DomSelect { tab_id, selector, value, by, id } => {
            act::act(tab_id, selector, id, DomAction::Select { value, by: by.unwrap_or_default() }).await
        }
        ToolCall::DomCheck { tab_id, selector, checked, id } => {
            act::act(tab_id, selector, id, DomAction::Check { checked: checked.unwrap_or(true) }).await
        }
        ToolCall::DomSubmit { tab_id, selector } => act::act(tab_id, selector, None, DomAction::Submit).await,
        ToolCall::DomHover { tab_id, selector } => act::act(tab_id, selector, None, DomAction::Hover).await,
        ToolCall::DomPressKey { tab_id, key, selector } => {
            // Without a selector the key goes to whatever has focus.
            let selector = selector.unwrap_or(RoleSelector::Css { css: "*:focus".into(), frame_path: None });
            act::act(tab_id, selector, None, DomAction::PressKey { key }).await
        }
        ToolCall::DomScroll { tab_id, y, direction, selector } => match (selector, y.map(|y| PageScroll::By { y }).or(direction.map(PageScroll::from))) {
            // A selector with y/direction scrolls inside that element (a
            // scroll container); a selector alone scrolls to it.
            (Some(selector), Some(to)) => act::act(tab_id, selector, None, DomAction::Scroll { to }).await,
            (Some(selector), None) => act::act(tab_id, selector, None, DomAction::ScrollIntoView).await,
            (None, Some(to)) => act::scroll(tab_id, to).await,
            (None, None) => Err(ToolError::new(ErrorCode::InvalidArgs, "dom.scroll needs y, direction or selector", false)),
        },
        ToolCall::DomWaitFor { tab_id, event, value, timeout_ms } => act::wait_for(tab_id, event, value, timeout_ms).await,
        ToolCall::DomExtract { tab_id, collection_id, fields, scroll_to_load, limit } => {
            let load = bc_core::pcd::extract::LoadOptions { scroll_to_load: scroll_to_load.unwrap_or(false), limit };
            act::extract(tab_id, collection_id, fields, load).await
        }
        ToolCall::CaptureCandidates { tab_id, ids } => json(capture::candidates(tab_id, ids).await),
        // Every seed-000 tool is built; a tool added to `ToolCall` answers
        // `not_implemented` until its arm is written.
        #[allow(unreachable_patterns)]
        other => Err(ToolError::not_implemented(other.name())),
    }
}

fn json<T: serde::Serialize>(r: Result<T, ToolError>) -> Result<Value, ToolError> {
    r.map(|v| serde_json::to_value(v).expect("tool results serialise"))
}

/// A tab the content script can run in, or the specific reason it cannot.
pub(crate) async fn readable_tab(tab_id: i32) -> Result<tabs::TargetTab, ToolError> {
    let tab = tabs::tab(tab_id)
        .await
        .ok_or_else(|| ToolError::new(ErrorCode::NoSuchTab, format!("there is no tab {tab_id}"), false))?;
    tabs::check_readable(&tab).map_err(|e| ToolError::new(ErrorCode::RestrictedUrl, e.to_string(), false))?;
    Ok(tab)
}

/// Failures of the content script are worth a retry (the page may be loading).
fn content_error(e: CopilotError) -> ToolError {
    ToolError::new(ErrorCode::ContentUnavailable, e.to_string(), true)
}

/// Sends a read request to the tab's content script (through cross-origin
/// frames when its selector's framePath says so); the tool's data is the
/// payload of its answer (`summary`, `hits`, …); a refusal is the tool's
/// error as the content script worded it.
async fn content_call(tab_id: i32, request: ContentRequest) -> Result<Value, ToolError> {
    let tab = readable_tab(tab_id).await?;
    let data = match frames::ask(tab.id, request).await.map_err(|e| e.tool_error())? {
        ContentResponse::Summary { summary } => serde_json::to_value(summary),
        ContentResponse::MiniPcd { mini, .. } => serde_json::to_value(mini),
        ContentResponse::Hits { hits, .. } => serde_json::to_value(hits),
        ContentResponse::Resolved { resolution } => serde_json::to_value(resolution),
        ContentResponse::Details { details } => serde_json::to_value(details),
        ContentResponse::Refused { error } => return Err(error),
        other => {
            return Err(content_error(CopilotError::PageUnavailable { detail: format!("unexpected answer {other:?}") }))
        }
    };
    Ok(data.expect("content answers serialise"))
}
