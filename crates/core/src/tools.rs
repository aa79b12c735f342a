//! The tool surface (seed 000 §7, seed 002, issue 4): tool names, typed calls
//! and the `ToolResult` every tool answers with.
//!
//! `self.copilot.call(name, args)` in the service worker and the LLM
//! controller both go through [`ToolCall::parse`], so a tool is named once.

use crate::types::RoleSelector;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Every tool name the copilot knows, by its wire name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ToolName {
    #[serde(rename = "getMiniPCD")]
    GetMiniPcd,
    #[serde(rename = "pcd.query")]
    PcdQuery,
    #[serde(rename = "pcd.summary")]
    PcdSummary,
    #[serde(rename = "getDetails")]
    GetDetails,
    #[serde(rename = "dom.resolve")]
    DomResolve,
    #[serde(rename = "dom.click")]
    DomClick,
    #[serde(rename = "dom.type")]
    DomType,
    #[serde(rename = "dom.select")]
    DomSelect,
    #[serde(rename = "dom.check")]
    DomCheck,
    #[serde(rename = "dom.submit")]
    DomSubmit,
    #[serde(rename = "dom.scroll")]
    DomScroll,
    #[serde(rename = "dom.hover")]
    DomHover,
    #[serde(rename = "dom.pressKey")]
    DomPressKey,
    #[serde(rename = "dom.waitFor")]
    DomWaitFor,
    #[serde(rename = "dom.extract")]
    DomExtract,
    #[serde(rename = "tabs.open")]
    TabsOpen,
    #[serde(rename = "tabs.switch")]
    TabsSwitch,
    #[serde(rename = "tabs.close")]
    TabsClose,
    #[serde(rename = "tabs.list")]
    TabsList,
    #[serde(rename = "nav.go")]
    NavGo,
    #[serde(rename = "nav.back")]
    NavBack,
    #[serde(rename = "nav.forward")]
    NavForward,
    #[serde(rename = "nav.reload")]
    NavReload,
    #[serde(rename = "capture.candidates")]
    CaptureCandidates,
}

impl ToolName {
    pub const ALL: &'static [ToolName] = &[
        Self::GetMiniPcd,
        Self::PcdQuery,
        Self::PcdSummary,
        Self::GetDetails,
        Self::DomResolve,
        Self::DomClick,
        Self::DomType,
        Self::DomSelect,
        Self::DomCheck,
        Self::DomSubmit,
        Self::DomScroll,
        Self::DomHover,
        Self::DomPressKey,
        Self::DomWaitFor,
        Self::DomExtract,
        Self::TabsOpen,
        Self::TabsSwitch,
        Self::TabsClose,
        Self::TabsList,
        Self::NavGo,
        Self::NavBack,
        Self::NavForward,
        Self::NavReload,
        Self::CaptureCandidates,
    ];

    /// The wire name, e.g. `"pcd.query"`.
    pub fn as_str(self) -> &'static str {
        NAMES[Self::ALL.iter().position(|t| *t == self).expect("ALL lists every tool")]
    }

    pub fn from_wire(name: &str) -> Option<ToolName> {
        serde_json::from_value(Value::String(name.to_owned())).ok()
    }
}

/// Wire names in the order of [`ToolName::ALL`]; a test checks they agree with serde.
const NAMES: &[&str] = &[
    "getMiniPCD",
    "pcd.query",
    "pcd.summary",
    "getDetails",
    "dom.resolve",
    "dom.click",
    "dom.type",
    "dom.select",
    "dom.check",
    "dom.submit",
    "dom.scroll",
    "dom.hover",
    "dom.pressKey",
    "dom.waitFor",
    "dom.extract",
    "tabs.open",
    "tabs.switch",
    "tabs.close",
    "tabs.list",
    "nav.go",
    "nav.back",
    "nav.forward",
    "nav.reload",
    "capture.candidates",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum QueryKind {
    Action,
    Form,
    Collection,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ScrollDirection {
    Up,
    Down,
    Top,
    Bottom,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum WaitEvent {
    UrlChange,
    NetworkIdle,
    Selector,
    Text,
}

/// A tool call with typed arguments, `{name, args}` on the wire (seed 000 §4).
/// Tools beyond seed 000 get their arguments when they are built (issue 4).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "name", content = "args")]
pub enum ToolCall {
    #[serde(rename = "getMiniPCD", rename_all = "camelCase")]
    GetMiniPcd { tab_id: i32 },
    #[serde(rename = "pcd.query", rename_all = "camelCase")]
    PcdQuery {
        tab_id: i32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        kind: Option<QueryKind>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        text: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        top_k: Option<u32>,
    },
    #[serde(rename = "pcd.summary", rename_all = "camelCase")]
    PcdSummary {
        tab_id: i32,
        #[serde(default)]
        mode: crate::summary::SummaryMode,
    },
    #[serde(rename = "getDetails", rename_all = "camelCase")]
    GetDetails { tab_id: i32, ids: Vec<String> },
    #[serde(rename = "dom.resolve", rename_all = "camelCase")]
    DomResolve { tab_id: i32, selector: RoleSelector },
    #[serde(rename = "dom.click", rename_all = "camelCase")]
    DomClick {
        tab_id: i32,
        selector: RoleSelector,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        button: Option<crate::act::MouseButton>,
        /// 2 for a double click.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        click_count: Option<u8>,
        /// The MiniPCD id the selector came from: lets a retry re-bind it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<String>,
    },
    #[serde(rename = "dom.type", rename_all = "camelCase")]
    DomType {
        tab_id: i32,
        selector: RoleSelector,
        text: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        replace: Option<bool>,
        /// Submit (Enter) after typing.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        submit: Option<bool>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<String>,
    },
    #[serde(rename = "dom.select", rename_all = "camelCase")]
    DomSelect {
        tab_id: i32,
        selector: RoleSelector,
        value: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<crate::act::SelectBy>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<String>,
    },
    #[serde(rename = "dom.check", rename_all = "camelCase")]
    DomCheck {
        tab_id: i32,
        selector: RoleSelector,
        /// The wanted state (default: checked).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        checked: Option<bool>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<String>,
    },
    #[serde(rename = "dom.hover", rename_all = "camelCase")]
    DomHover { tab_id: i32, selector: RoleSelector },
    #[serde(rename = "dom.pressKey", rename_all = "camelCase")]
    DomPressKey {
        tab_id: i32,
        /// `Enter`, `Tab`, `Escape`, `ArrowDown`, … or a chord like `Control+a`.
        key: String,
        /// The element to focus first; else the focused element.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        selector: Option<RoleSelector>,
    },
    #[serde(rename = "dom.submit", rename_all = "camelCase")]
    DomSubmit { tab_id: i32, selector: RoleSelector },
    #[serde(rename = "dom.scroll", rename_all = "camelCase")]
    DomScroll {
        tab_id: i32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        y: Option<f64>,
        /// `up`, `down`, `top` or `bottom`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        direction: Option<ScrollDirection>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        selector: Option<RoleSelector>,
    },
    #[serde(rename = "dom.waitFor", rename_all = "camelCase")]
    DomWaitFor {
        tab_id: i32,
        event: WaitEvent,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        value: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        timeout_ms: Option<u32>,
    },
    #[serde(rename = "dom.extract", rename_all = "camelCase")]
    DomExtract {
        tab_id: i32,
        collection_id: String,
        fields: Vec<String>,
        /// Scroll the collection (virtualized list, infinite feed) to load
        /// items that are not rendered yet; the scroll position is put back.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        scroll_to_load: Option<bool>,
        /// Items wanted with `scrollToLoad` (default 50, at most 200).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        limit: Option<u32>,
    },
    #[serde(rename = "tabs.open", rename_all = "camelCase")]
    TabsOpen {
        url: String,
        /// Bundle the compact page summary (seed 001); default `true`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        summary: Option<bool>,
    },
    #[serde(rename = "tabs.switch", rename_all = "camelCase")]
    TabsSwitch { tab_id: i32 },
    #[serde(rename = "tabs.close", rename_all = "camelCase")]
    TabsClose { tab_id: i32 },
    /// The tabs of normal windows.
    #[serde(rename = "tabs.list")]
    TabsList {},
    /// Navigates a tab (default: the active one) and bundles its summary.
    #[serde(rename = "nav.go", rename_all = "camelCase")]
    NavGo {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tab_id: Option<i32>,
        url: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        summary: Option<bool>,
    },
    #[serde(rename = "nav.back", rename_all = "camelCase")]
    NavBack {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tab_id: Option<i32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        summary: Option<bool>,
    },
    #[serde(rename = "nav.forward", rename_all = "camelCase")]
    NavForward {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tab_id: Option<i32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        summary: Option<bool>,
    },
    #[serde(rename = "nav.reload", rename_all = "camelCase")]
    NavReload {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tab_id: Option<i32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        summary: Option<bool>,
    },
    #[serde(rename = "capture.candidates", rename_all = "camelCase")]
    CaptureCandidates { tab_id: i32, ids: Vec<String> },
}

impl ToolCall {
    /// Parses `(name, args)` as given to `self.copilot.call`.
    pub fn parse(name: &str, args: Value) -> Result<ToolCall, ToolError> {
        // The name first: an unknown tool is not an argument problem.
        ToolName::from_wire(name).ok_or_else(|| {
            ToolError::new(ErrorCode::UnknownTool, format!("unknown tool `{name}`"), false)
        })?;
        let args = if args.is_null() { Value::Object(Default::default()) } else { args };
        let tagged = serde_json::json!({ "name": name, "args": args });
        match serde_json::from_value::<ToolCall>(tagged) {
            Ok(call) => Ok(call),
            Err(e) => Err(ToolError::new(
                ErrorCode::InvalidArgs,
                format!("invalid arguments for `{name}`: {e}"),
                false,
            )),
        }
    }

    pub fn name(&self) -> ToolName {
        match self {
            ToolCall::GetMiniPcd { .. } => ToolName::GetMiniPcd,
            ToolCall::PcdQuery { .. } => ToolName::PcdQuery,
            ToolCall::PcdSummary { .. } => ToolName::PcdSummary,
            ToolCall::GetDetails { .. } => ToolName::GetDetails,
            ToolCall::DomResolve { .. } => ToolName::DomResolve,
            ToolCall::DomClick { .. } => ToolName::DomClick,
            ToolCall::DomType { .. } => ToolName::DomType,
            ToolCall::DomSelect { .. } => ToolName::DomSelect,
            ToolCall::DomCheck { .. } => ToolName::DomCheck,
            ToolCall::DomHover { .. } => ToolName::DomHover,
            ToolCall::DomPressKey { .. } => ToolName::DomPressKey,
            ToolCall::DomSubmit { .. } => ToolName::DomSubmit,
            ToolCall::DomScroll { .. } => ToolName::DomScroll,
            ToolCall::DomWaitFor { .. } => ToolName::DomWaitFor,
            ToolCall::DomExtract { .. } => ToolName::DomExtract,
            ToolCall::TabsOpen { .. } => ToolName::TabsOpen,
            ToolCall::TabsSwitch { .. } => ToolName::TabsSwitch,
            ToolCall::TabsClose { .. } => ToolName::TabsClose,
            ToolCall::TabsList {} => ToolName::TabsList,
            ToolCall::NavGo { .. } => ToolName::NavGo,
            ToolCall::NavBack { .. } => ToolName::NavBack,
            ToolCall::NavForward { .. } => ToolName::NavForward,
            ToolCall::NavReload { .. } => ToolName::NavReload,
            ToolCall::CaptureCandidates { .. } => ToolName::CaptureCandidates,
        }
    }
}

/// Machine-readable failure codes of a tool.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    NotImplemented,
    UnknownTool,
    InvalidArgs,
    NoSuchTab,
    RestrictedUrl,
    ContentUnavailable,
    NotFound,
    Ambiguous,
    Disabled,
    Covered,
    Detached,
    Timeout,
    Cancelled,
    /// The action ran but the page did not change (seed 003), after retries.
    NoEffect,
    /// The tab is not the one its window shows (`capture.candidates` sees
    /// only what a window shows).
    TabNotActive,
    Internal,
}

/// The failure half of `ToolResult`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, thiserror::Error)]
#[error("{error}")]
pub struct ToolError {
    pub error: String,
    pub retryable: bool,
    pub code: ErrorCode,
}

impl ToolError {
    pub fn new(code: ErrorCode, error: impl Into<String>, retryable: bool) -> Self {
        ToolError { error: error.into(), retryable, code }
    }

    pub fn not_implemented(tool: ToolName) -> Self {
        ToolError::new(
            ErrorCode::NotImplemented,
            format!("tool `{}` is not implemented yet", tool.as_str()),
            false,
        )
    }
}

/// `{ok:true, data}` | `{ok:false, error, retryable, code}` (seed 000 §4).
#[derive(Debug, Clone, PartialEq)]
pub enum ToolResult {
    Ok(Value),
    Err(ToolError),
}

impl From<Result<Value, ToolError>> for ToolResult {
    fn from(r: Result<Value, ToolError>) -> Self {
        match r {
            Ok(v) => ToolResult::Ok(v),
            Err(e) => ToolResult::Err(e),
        }
    }
}

#[derive(Serialize, Deserialize)]
struct WireResult {
    ok: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    data: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    retryable: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    code: Option<ErrorCode>,
}

impl Serialize for ToolResult {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let wire = match self {
            ToolResult::Ok(data) => WireResult {
                ok: true,
                data: Some(data.clone()),
                error: None,
                retryable: None,
                code: None,
            },
            ToolResult::Err(e) => WireResult {
                ok: false,
                data: None,
                error: Some(e.error.clone()),
                retryable: Some(e.retryable),
                code: Some(e.code),
            },
        };
        wire.serialize(s)
    }
}

impl<'de> Deserialize<'de> for ToolResult {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let w = WireResult::deserialize(d)?;
        Ok(if w.ok {
            ToolResult::Ok(w.data.unwrap_or(Value::Null))
        } else {
            ToolResult::Err(ToolError {
                error: w.error.unwrap_or_default(),
                retryable: w.retryable.unwrap_or(false),
                code: w.code.unwrap_or(ErrorCode::Internal),
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn names_table_agrees_with_serde() {
        assert_eq!(ToolName::ALL.len(), NAMES.len());
        for (tool, name) in ToolName::ALL.iter().zip(NAMES) {
            assert_eq!(serde_json::to_value(tool).unwrap(), json!(name));
            assert_eq!(ToolName::from_wire(name), Some(*tool));
        }
    }

    #[test]
    fn parse_seed_call() {
        let call = ToolCall::parse(
            "dom.type",
            json!({"tabId": 3, "selector": {"kind": "css", "css": "#q"}, "text": "hi"}),
        )
        .unwrap();
        assert_eq!(call.name(), ToolName::DomType);
        assert_eq!(serde_json::to_value(&call).unwrap()["args"]["tabId"], 3);
    }

    #[test]
    fn parse_errors_are_specific() {
        let e = ToolCall::parse("dom.teleport", json!({})).unwrap_err();
        assert_eq!(e.code, ErrorCode::UnknownTool);
        let e = ToolCall::parse("dom.click", json!({"tabId": "x"})).unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidArgs);
        assert!(e.error.contains("dom.click"), "{}", e.error);
    }

    #[test]
    fn summary_mode_defaults_to_compact() {
        let call = ToolCall::parse("pcd.summary", json!({"tabId": 2})).unwrap();
        assert_eq!(call, ToolCall::PcdSummary { tab_id: 2, mode: crate::summary::SummaryMode::Compact });
        let call = ToolCall::parse("pcd.summary", json!({"tabId": 2, "mode": "full"})).unwrap();
        assert_eq!(call, ToolCall::PcdSummary { tab_id: 2, mode: crate::summary::SummaryMode::Full });
        let e = ToolCall::parse("pcd.summary", json!({"tabId": 2, "mode": "tiny"})).unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidArgs);
    }

    #[test]
    fn every_tool_has_typed_args() {
        for tool in ToolName::ALL {
            let tagged = json!({ "name": tool.as_str(), "args": {} });
            let known_variant = match serde_json::from_value::<ToolCall>(tagged) {
                Ok(_) => true,
                Err(e) => !e.to_string().starts_with("unknown variant"),
            };
            assert!(known_variant, "{tool:?} has no ToolCall variant");
        }
    }

    #[test]
    fn action_tools_have_typed_args() {
        let sel = json!({"kind": "text", "text": "Go"});
        let call = ToolCall::parse("dom.hover", json!({"tabId": 1, "selector": sel})).unwrap();
        assert_eq!(call.name(), ToolName::DomHover);
        let call = ToolCall::parse("dom.click", json!({"tabId": 1, "selector": sel, "button": "right", "clickCount": 2})).unwrap();
        let ToolCall::DomClick { button, click_count, .. } = call else { panic!("{call:?}") };
        assert_eq!((button, click_count), (Some(crate::act::MouseButton::Right), Some(2)));
        let call = ToolCall::parse("dom.scroll", json!({"tabId": 1, "direction": "bottom"})).unwrap();
        assert!(matches!(call, ToolCall::DomScroll { direction: Some(ScrollDirection::Bottom), .. }));
        for (name, args) in [("dom.hover", json!({"tabId": 1})), ("dom.pressKey", json!({"tabId": 1})), ("dom.check", json!({"tabId": 1, "selector": sel, "checked": "yes"}))] {
            assert_eq!(ToolCall::parse(name, args).unwrap_err().code, ErrorCode::InvalidArgs, "{name}");
        }
    }

    #[test]
    fn tab_and_nav_args() {
        let call = ToolCall::parse("tabs.open", json!({"url": "example.com", "summary": false})).unwrap();
        assert_eq!(call, ToolCall::TabsOpen { url: "example.com".into(), summary: Some(false) });
        assert_eq!(ToolCall::parse("tabs.list", Value::Null).unwrap(), ToolCall::TabsList {});
        let call = ToolCall::parse("nav.go", json!({"url": "https://x/"})).unwrap();
        assert_eq!(call, ToolCall::NavGo { tab_id: None, url: "https://x/".into(), summary: None });
        let call = ToolCall::parse("nav.reload", json!({"tabId": 3, "summary": true})).unwrap();
        assert_eq!(call, ToolCall::NavReload { tab_id: Some(3), summary: Some(true) });
        assert_eq!(serde_json::to_value(&call).unwrap(), json!({"name": "nav.reload", "args": {"tabId": 3, "summary": true}}));
        for (name, args) in [("nav.go", json!({"tabId": 1})), ("nav.back", json!({"summary": "no"})), ("tabs.open", json!({}))] {
            assert_eq!(ToolCall::parse(name, args).unwrap_err().code, ErrorCode::InvalidArgs, "{name}");
        }
    }

    #[test]
    fn tool_result_wire_shape() {
        let ok = serde_json::to_value(ToolResult::Ok(json!({"tabId": 1}))).unwrap();
        assert_eq!(ok, json!({"ok": true, "data": {"tabId": 1}}));
        let err = ToolResult::Err(ToolError::not_implemented(ToolName::PcdQuery));
        let v = serde_json::to_value(&err).unwrap();
        assert_eq!(v["ok"], false);
        assert_eq!(v["code"], "not_implemented");
        assert_eq!(v["retryable"], false);
        assert_eq!(serde_json::from_value::<ToolResult>(v).unwrap(), err);
    }
}
