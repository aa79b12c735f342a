//! The tool surface behind `self.copilot.call(name, args)` (and later the
//! LLM controller): parse by seed-000 name, dispatch, answer a `ToolResult`.
//! Tools are filled in by the perception and acting issues; until then each
//! answers `not_implemented`.

use crate::{js, tabs};
use bc_core::protocol::{ContentRequest, ContentResponse, CopilotError};
use bc_core::rank::RankQuery;
use bc_core::tools::{ErrorCode, ToolCall, ToolError, ToolResult};
use serde_json::Value;
use wasm_bindgen::JsValue;

pub async fn call(name: &str, args: JsValue) -> ToolResult {
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
    let result = match call {
        ToolCall::PcdSummary { tab_id, mode } => content_call(tab_id, ContentRequest::Summary { mode }).await,
        ToolCall::GetMiniPcd { tab_id } => content_call(tab_id, ContentRequest::MiniPcd).await,
        ToolCall::PcdQuery { tab_id, kind, text, top_k } => {
            let query = RankQuery { text, kind, top_k: top_k.map(|k| k as usize) };
            content_call(tab_id, ContentRequest::Query { query }).await
        }
        ToolCall::GetDetails { tab_id, ids } => content_call(tab_id, ContentRequest::Details { ids }).await,
        ToolCall::DomResolve { tab_id, selector } => content_call(tab_id, ContentRequest::Resolve { selector }).await,
        other => Err(ToolError::not_implemented(other.name())),
    };
    result.into()
}

/// A tab the content script can run in, or the specific reason it cannot.
async fn readable_tab(tab_id: i32) -> Result<tabs::TargetTab, ToolError> {
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

/// Sends a read request to the tab's content script; the tool's data is the
/// payload of its answer (`summary`, `mini`, `hits`, …); a refusal is the
/// tool's error as the content script worded it.
async fn content_call(tab_id: i32, request: ContentRequest) -> Result<Value, ToolError> {
    let tab = readable_tab(tab_id).await?;
    let data = match tabs::ask_content(tab.id, &request).await.map_err(content_error)? {
        ContentResponse::Summary { summary } => serde_json::to_value(summary),
        ContentResponse::MiniPcd { mini } => serde_json::to_value(mini),
        ContentResponse::Hits { hits } => serde_json::to_value(hits),
        ContentResponse::Resolved { resolution } => serde_json::to_value(resolution),
        ContentResponse::Details { details } => serde_json::to_value(details),
        ContentResponse::Refused { error } => return Err(error),
        other => {
            return Err(content_error(CopilotError::PageUnavailable { detail: format!("unexpected answer {other:?}") }))
        }
    };
    Ok(data.expect("content answers serialise"))
}
