//! The tool surface behind `self.copilot.call(name, args)` (and later the
//! LLM controller): parse by seed-000 name, dispatch, answer a `ToolResult`.
//! Tools are filled in by the perception and acting issues; until then each
//! answers `not_implemented`.

use crate::js;
use bc_core::tools::{ToolCall, ToolError, ToolResult};
use wasm_bindgen::JsValue;

pub async fn call(name: &str, args: JsValue) -> ToolResult {
    let args: serde_json::Value = match js::from_js(args) {
        Ok(v) => v,
        Err(e) => {
            return ToolResult::Err(ToolError::new(bc_core::tools::ErrorCode::InvalidArgs, format!("arguments are not JSON: {e}"), false))
        }
    };
    match ToolCall::parse(name, args) {
        Ok(call) => ToolResult::Err(ToolError::not_implemented(call.name())),
        Err(e) => ToolResult::Err(e),
    }
}
