//! The tools the agent offers the model: seed 000's tool surface with `_`
//! for `.` (`dom.click` → `dom_click`), plus `read_page`, `ask_user` and
//! `done` (seed 002), each with a JSON Schema and a short description
//! written for models.
//!
//! One source of truth: every tool's arguments are a Rust struct that both
//! decodes the model's call (serde) and generates the schema sent to the
//! model (schemars, doc comments as descriptions). The schemas are then
//! trimmed ([`compact`]) because they travel with every model call: no
//! titles, no `$schema`, `Option<T>` as plain `T`.
//!
//! Differences from the tool surface the service worker runs
//! (`crate::tools::ToolCall`), all for models:
//! - `tabId` is optional everywhere: it defaults to the task's current tab;
//! - `dom_*` take `id` (an id from the page listing, resolved through
//!   `getDetails`), or `field` (a form field's label, with the form's `id`
//!   when several forms have one), or `selector` (the RoleSelector DSL);
//! - loose values are accepted where models are loose ([`lenient`]): a
//!   number for an id, `"true"` for `true`, `"12"` for `12`, a selector
//!   written as plain text.
//!
//! Decoding failures are [`CallError`]s whose text is written to be shown
//! to the model, naming the problem and the fix (the controller sends it
//! back as the tool's result, seed 000 §7 "tell the model").

use crate::tools::{QueryKind, ScrollDirection, WaitEvent};
use crate::types::RoleSelector;
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Where an element is, as the model names it.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
// The four ways are explained once, in the system prompt
// (`prompt::HOW`), not in every tool's schema: they are the same for the
// eight tools that take an element, and every request carries the schemas.
pub struct Target {
    // An id from the page listing, e.g. "a1b2".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    // A form field's label (with its form's id if several forms have it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "selector_schema")]
    pub selector: Option<RoleSelector>,
    // For an action listed per item: the item's number (1 = first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub item: Option<u32>,
}

impl Target {
    pub fn is_empty(&self) -> bool {
        self.id.is_none() && self.field.is_none() && self.selector.is_none()
    }
}

/// Arguments of tools that only need a tab.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TabArgs {
    // Default: the task's current tab (said once, in the system prompt).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tab_id: Option<i32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct QueryArgs {
    /// What you look for, in the page's words ("invoices", "add to cart", "next page").
    pub text: String,
    /// Only actions, forms or collections (lists).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<QueryKind>,
    // How many results (default 8): decoded, not advertised (the model has
    // no better number, and every request carries the schema).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(skip)]
    pub top_k: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tab_id: Option<i32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct IdsArgs {
    /// Ids from the page listing or pcd_query.
    pub ids: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tab_id: Option<i32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TargetArgs {
    #[serde(flatten)]
    pub target: Target,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tab_id: Option<i32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TypeArgs {
    #[serde(flatten)]
    pub target: Target,
    /// Text to type; {{secret}} for a password, card or one-time-code field (the user is asked).
    pub text: String,
    /// Press Enter after.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub submit: Option<bool>,
    /// false: append (default: replace).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replace: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tab_id: Option<i32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SelectArgs {
    #[serde(flatten)]
    pub target: Target,
    /// The option's text or value.
    pub value: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tab_id: Option<i32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckArgs {
    #[serde(flatten)]
    pub target: Target,
    /// Wanted state (default true).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checked: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tab_id: Option<i32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScrollArgs {
    // The enum says it: up, down, top or bottom.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub direction: Option<ScrollDirection>,
    /// Scroll inside this element (a list), or to it when no direction is given.
    #[serde(flatten)]
    pub target: Target,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tab_id: Option<i32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct KeyArgs {
    /// Enter, Escape, Tab, ArrowDown, … or a chord like Control+a.
    pub key: String,
    /// Element to focus first; default: the focused element.
    #[serde(flatten)]
    pub target: Target,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tab_id: Option<i32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaitArgs {
    /// urlChange, networkIdle, selector (value: a CSS selector) or text (value: text to appear).
    pub event: WaitEvent,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// At most 60000 (default 5000).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout_ms: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tab_id: Option<i32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExtractArgs {
    /// A list's id ("c4p2").
    pub collection_id: String,
    /// Fields wanted (default: all).
    #[serde(default)]
    pub fields: Vec<String>,
    /// Scroll to load more (long lists).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scroll_to_load: Option<bool>,
    /// With scrollToLoad: how many (default 50, at most 200).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tab_id: Option<i32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UrlArgs {
    /// An http(s) address, or a site like "example.com".
    pub url: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct NavGoArgs {
    /// An http(s) address, or a site like "example.com".
    pub url: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tab_id: Option<i32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TabIdArgs {
    /// A tab id from tabs_list or tabs_open.
    pub tab_id: i32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct AskArgs {
    /// One short question; list the choices when there are several.
    pub question: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct DoneArgs {
    /// For the user: the answer (quote the page) or what was done.
    pub answer: String,
    /// false if the task could not be done.
    #[serde(default = "yes")]
    pub success: bool,
}

fn yes() -> bool {
    true
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ExploreArgs {
    /// The page you need, in a link's words ("billing invoices").
    pub goal: String,
}

/// A decoded call of the model, arguments typed.
#[derive(Debug, Clone, PartialEq)]
pub enum AgentCall {
    GetMiniPcd(TabArgs),
    PcdQuery(QueryArgs),
    GetDetails(IdsArgs),
    ReadPage(TabArgs),
    Click(TargetArgs),
    Type(TypeArgs),
    Select(SelectArgs),
    Check(CheckArgs),
    Submit(TargetArgs),
    Scroll(ScrollArgs),
    Hover(TargetArgs),
    PressKey(KeyArgs),
    WaitFor(WaitArgs),
    Extract(ExtractArgs),
    TabsOpen(UrlArgs),
    TabsSwitch(TabIdArgs),
    TabsClose(TabIdArgs),
    TabsList,
    NavGo(NavGoArgs),
    NavBack(TabArgs),
    CaptureCandidates(IdsArgs),
    Explore(ExploreArgs),
    AskUser(AskArgs),
    Done(DoneArgs),
    /// A skill (`skills::SKILLS`): several steps for one call.
    Skill { name: &'static str, args: Value },
}

/// One tool as the model sees it.
pub struct ToolDef {
    pub name: &'static str,
    pub description: &'static str,
    schema: fn() -> Value,
    decode: fn(Value) -> Result<AgentCall, serde_json::Error>,
}

/// Ways of naming an element a tool takes but does not advertise, as no
/// page calls for them (a menu is not hovered by a form field's label,
/// a list item's action is not scrolled to or submitted, keys go to a
/// field or a control, not to an item): every request carries the
/// schemas. They are still decoded.
const NOT_ADVERTISED: &[(&str, &[&str])] =
    &[("dom_hover", &["field"]), ("dom_submit", &["item"]), ("dom_scroll", &["field", "item"]), ("dom_pressKey", &["item"])];

impl ToolDef {
    /// The arguments' JSON Schema, compacted.
    pub fn parameters(&self) -> Value {
        let unused = NOT_ADVERTISED.iter().find(|(name, _)| *name == self.name).map_or(&[][..], |(_, args)| *args);
        without((self.schema)(), unused)
    }
}

/// `schema` without the properties `args` (still decoded: serde reads
/// what the struct has, whatever the schema shows).
pub fn without(mut schema: Value, args: &[&str]) -> Value {
    if let Some(props) = schema.get_mut("properties").and_then(Value::as_object_mut) {
        for arg in args {
            props.remove(*arg);
        }
    }
    schema
}

/// Declares the tool table: name, description, argument type, variant.
macro_rules! tools {
    ($( $name:literal => $desc:literal, $args:ty, $make:expr; )*) => {
        /// Every tool offered to the model, in the order they are listed.
        pub static TOOLS: &[ToolDef] = &[
            $( ToolDef {
                name: $name,
                description: $desc,
                schema: || root(compact(schemars::generate::SchemaSettings::draft07().into_generator().into_root_schema_for::<$args>().to_value())),
                decode: |v| serde_json::from_value::<$args>(v).map($make),
            }, )*
        ];
    };
}

/// Arguments of tools that take none.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct NoArgs {}

tools! {
    "getMiniPCD" => "List the page's actions, forms and lists again (the page listing), with their ids.", TabArgs, AgentCall::GetMiniPcd;
    "pcd_query" => "Find actions, forms or lists by meaning, also ones not in the listing (ranked, with ids).", QueryArgs, AgentCall::PcdQuery;
    "getDetails" => "Selectors for ids (rarely needed: dom_* tools take ids).", IdsArgs, AgentCall::GetDetails;
    "read_page" => "The page's main text (headings and visible text), to answer questions about it.", TabArgs, AgentCall::ReadPage;
    "dom_click" => "Click an element.", TargetArgs, AgentCall::Click;
    "dom_type" => "Type into a text field.", TypeArgs, AgentCall::Type;
    "dom_select" => "Choose an option of a dropdown or list box.", SelectArgs, AgentCall::Select;
    "dom_check" => "Check or uncheck a checkbox, radio button or switch.", CheckArgs, AgentCall::Check;
    "dom_submit" => "Submit a form (its id).", TargetArgs, AgentCall::Submit;
    "dom_scroll" => "Scroll the page, or inside / to an element.", ScrollArgs, AgentCall::Scroll;
    "dom_hover" => "Move the pointer over an element (opens hover menus).", TargetArgs, AgentCall::Hover;
    "dom_pressKey" => "Press a key.", KeyArgs, AgentCall::PressKey;
    "dom_waitFor" => "Wait for the URL to change, the network to settle, or text to appear.", WaitArgs, AgentCall::WaitFor;
    "dom_extract" => "Read a list's items as records (rows of a table, products, results).", ExtractArgs, AgentCall::Extract;
    "tabs_open" => "Open an address in a new tab; it becomes the task's current tab.", UrlArgs, AgentCall::TabsOpen;
    "tabs_switch" => "Make a tab the task's current tab.", TabIdArgs, AgentCall::TabsSwitch;
    "tabs_close" => "Close a tab.", TabIdArgs, AgentCall::TabsClose;
    "tabs_list" => "The open tabs.", NoArgs, |_| AgentCall::TabsList;
    "nav_go" => "Go to an address in the current tab.", NavGoArgs, AgentCall::NavGo;
    "nav_back" => "Go back in the current tab.", TabArgs, AgentCall::NavBack;
    "capture_candidates" => "Where elements are on screen and whether they are visible; if you can see images, with the tab and close-ups (for look-alikes).", IdsArgs, AgentCall::CaptureCandidates;
    "explore" => "Find a page of this site that is not linked here: follows links in background tabs (one call, not one per click) and goes there.", ExploreArgs, AgentCall::Explore;
    "ask_user" => "Ask the user: the task is ambiguous or facts are missing.", AskArgs, AgentCall::AskUser;
    "done" => "Finish: the answer or what was done, and whether it succeeded.", DoneArgs, AgentCall::Done;
}

/// A tool's parameters without the argument type's own doc (the tool has
/// its description; a flattened `Target` would lend it its own).
fn root(mut schema: Value) -> Value {
    if let Some(map) = schema.as_object_mut() {
        map.remove("description");
    }
    schema
}

/// The names of every tool and skill, in table order.
pub fn tool_names() -> Vec<&'static str> {
    TOOLS.iter().map(|t| t.name).chain(super::skills::SKILLS.iter().map(|s| s.name)).collect()
}

impl AgentCall {
    /// The tool's model-facing name.
    pub fn name(&self) -> &'static str {
        match self {
            AgentCall::Skill { name, .. } => name,
            other => TOOLS[other.table_index()].name,
        }
    }

    fn table_index(&self) -> usize {
        match self {
            AgentCall::GetMiniPcd(_) => 0,
            AgentCall::PcdQuery(_) => 1,
            AgentCall::GetDetails(_) => 2,
            AgentCall::ReadPage(_) => 3,
            AgentCall::Click(_) => 4,
            AgentCall::Type(_) => 5,
            AgentCall::Select(_) => 6,
            AgentCall::Check(_) => 7,
            AgentCall::Submit(_) => 8,
            AgentCall::Scroll(_) => 9,
            AgentCall::Hover(_) => 10,
            AgentCall::PressKey(_) => 11,
            AgentCall::WaitFor(_) => 12,
            AgentCall::Extract(_) => 13,
            AgentCall::TabsOpen(_) => 14,
            AgentCall::TabsSwitch(_) => 15,
            AgentCall::TabsClose(_) => 16,
            AgentCall::TabsList => 17,
            AgentCall::NavGo(_) => 18,
            AgentCall::NavBack(_) => 19,
            AgentCall::CaptureCandidates(_) => 20,
            AgentCall::Explore(_) => 21,
            AgentCall::AskUser(_) => 22,
            AgentCall::Done(_) => 23,
            AgentCall::Skill { .. } => unreachable!("skills are not in TOOLS"),
        }
    }

    /// The arguments as the model would write them (for records of the
    /// steps a skill runs).
    pub fn arguments(&self) -> Value {
        let v = match self {
            AgentCall::GetMiniPcd(a) | AgentCall::ReadPage(a) | AgentCall::NavBack(a) => serde_json::to_value(a),
            AgentCall::PcdQuery(a) => serde_json::to_value(a),
            AgentCall::GetDetails(a) | AgentCall::CaptureCandidates(a) => serde_json::to_value(a),
            AgentCall::Click(a) | AgentCall::Submit(a) | AgentCall::Hover(a) => serde_json::to_value(a),
            AgentCall::Type(a) => serde_json::to_value(a),
            AgentCall::Select(a) => serde_json::to_value(a),
            AgentCall::Check(a) => serde_json::to_value(a),
            AgentCall::Scroll(a) => serde_json::to_value(a),
            AgentCall::PressKey(a) => serde_json::to_value(a),
            AgentCall::WaitFor(a) => serde_json::to_value(a),
            AgentCall::Extract(a) => serde_json::to_value(a),
            AgentCall::TabsOpen(a) => serde_json::to_value(a),
            AgentCall::TabsSwitch(a) | AgentCall::TabsClose(a) => serde_json::to_value(a),
            AgentCall::NavGo(a) => serde_json::to_value(a),
            AgentCall::Explore(a) => serde_json::to_value(a),
            AgentCall::AskUser(a) => serde_json::to_value(a),
            AgentCall::Done(a) => serde_json::to_value(a),
            AgentCall::TabsList => Ok(Value::Object(Map::new())),
            AgentCall::Skill { args, .. } => Ok(args.clone()),
        };
        v.unwrap_or(Value::Null)
    }
}

/// Why a model's call could not be decoded; the text is for the model.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CallError {
    #[error("There is no tool `{name}`. Use one of: {known}.")]
    UnknownTool { name: String, known: String },
    #[error("The arguments of `{tool}` are not valid: {detail}. Send a JSON object matching its parameters.")]
    BadArguments { tool: &'static str, detail: String },
    #[error("`{tool}` needs the element: give `id` (from the page listing, e.g. \"a1b2\"), or `field` (a form field's label), or `selector`.")]
    NoTarget { tool: &'static str },
}

/// Decodes a call of tool `name` with `args` (JSON, possibly loose).
/// Skills' arguments are decoded when the skill plans.
pub fn decode(name: &str, args: Value) -> Result<AgentCall, CallError> {
    if let Some(skill) = super::skills::find(name) {
        return Ok(AgentCall::Skill { name: skill.name, args: lenient(args) });
    }
    let def = find(name).ok_or_else(|| CallError::UnknownTool { name: name.to_owned(), known: tool_names().join(", ") })?;
    let args = lenient(args);
    let call = (def.decode)(args).map_err(|e| CallError::BadArguments { tool: def.name, detail: e.to_string() })?;
    let needs_target = match &call {
        AgentCall::Click(a) | AgentCall::Submit(a) | AgentCall::Hover(a) => a.target.is_empty(),
        AgentCall::Type(a) => a.target.is_empty(),
        AgentCall::Select(a) => a.target.is_empty(),
        AgentCall::Check(a) => a.target.is_empty(),
        _ => false,
    };
    if needs_target {
        return Err(CallError::NoTarget { tool: def.name });
    }
    Ok(call)
}

/// The tool by name; the seed's dotted names (`dom.click`) and case
/// slips (`dom_pressenter` aside) are accepted, models write both.
pub fn find(name: &str) -> Option<&'static ToolDef> {
    let wanted = name.trim().replace('.', "_");
    TOOLS
        .iter()
        .find(|t| t.name == wanted)
        .or_else(|| TOOLS.iter().find(|t| t.name.eq_ignore_ascii_case(&wanted)))
}

/// The one translation of loose model input into the strict shapes:
/// numbers where ids are strings, strings where numbers or booleans are
/// expected, a selector written as text, `null` for absent.
pub fn lenient(args: Value) -> Value {
    let mut map = match args {
        Value::Object(map) => map,
        // `null`, or a model that sent nothing.
        Value::Null => Map::new(),
        // A string holding the JSON object (a double-encoded argument).
        Value::String(s) => match serde_json::from_str::<Value>(&s) {
            Ok(Value::Object(map)) => map,
            _ => return Value::String(s),
        },
        other => return other,
    };
    map.retain(|_, v| !v.is_null());
    for (key, value) in map.iter_mut() {
        match key.as_str() {
            "id" | "collectionId" | "field" | "text" | "value" | "key" | "url" | "question" | "answer" => {
                if let Value::Number(n) = value {
                    *value = Value::String(n.to_string());
                }
            }
            "tabId" | "topK" | "timeoutMs" | "limit" | "item" => {
                if let Some(n) = value.as_str().and_then(|s| s.trim().parse::<i64>().ok()) {
                    *value = Value::from(n);
                }
            }
            "submit" | "replace" | "checked" | "success" | "scrollToLoad" => {
                if let Some(b) = value.as_str().and_then(|s| match s.trim().to_ascii_lowercase().as_str() {
                    "true" | "yes" | "1" => Some(true),
                    "false" | "no" | "0" => Some(false),
                    _ => None,
                }) {
                    *value = Value::Bool(b);
                }
            }
            "ids" | "fields" => match value {
                Value::String(s) => *value = Value::Array(s.split(',').map(|p| Value::String(p.trim().to_owned())).collect()),
                Value::Array(items) => {
                    for item in items.iter_mut() {
                        if let Value::Number(n) = item {
                            *item = Value::String(n.to_string());
                        }
                    }
                }
                _ => {}
            },
            "selector" => {
                if let Value::String(s) = value {
                    *value = match serde_json::from_str::<Value>(s) {
                        Ok(v @ Value::Object(_)) => v,
                        // Plain text: the element's visible text.
                        _ => serde_json::json!({ "kind": "text", "text": s.trim() }),
                    };
                }
            }
            _ => {}
        }
    }
    Value::Object(map)
}

/// The RoleSelector schema, written by hand: the derived one is a large
/// `oneOf`, and models only need the two common shapes.
fn selector_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({ "type": "object" })
}

/// Trims a generated schema to what models use: drops `$schema`,
/// `title`, integer `format`/`minimum`, and writes `Option<T>` (`["T",
/// "null"]`) as `T` (absent is how models say "none").
pub fn compact(mut schema: Value) -> Value {
    fn walk(v: &mut Value) {
        match v {
            Value::Object(map) => {
                map.remove("$schema");
                map.remove("title");
                if let Some(Value::Array(types)) = map.get("type") {
                    let non_null: Vec<Value> = types.iter().filter(|t| t.as_str() != Some("null")).cloned().collect();
                    if non_null.len() == 1 {
                        map.insert("type".into(), non_null[0].clone());
                    }
                }
                if map.get("type").and_then(Value::as_str) == Some("integer") {
                    map.remove("format");
                    map.remove("minimum");
                }
                // A described reference comes as `allOf: [{…}]`.
                if let Some(Value::Array(all)) = map.get("allOf") {
                    if all.len() == 1 {
                        if let Some(Value::Object(inner)) = map.remove("allOf").and_then(|a| a.get(0).cloned()) {
                            for (k, v) in inner {
                                map.entry(k).or_insert(v);
                            }
                        }
                    }
                }
                // `Option<Enum>` comes as `anyOf: [{enum…}, {type: null}]`.
                if let Some(Value::Array(any)) = map.get("anyOf") {
                    let non_null: Vec<Value> = any.iter().filter(|s| s.get("type").and_then(Value::as_str) != Some("null")).cloned().collect();
                    if non_null.len() == 1 {
                        map.remove("anyOf");
                        if let Value::Object(inner) = non_null[0].clone() {
                            for (k, v) in inner {
                                map.entry(k).or_insert(v);
                            }
                        }
                    }
                }
                // Defaults are said in descriptions where they matter
                // ("default 50"); as schema keys they only cost tokens.
                // (A property map is walked too: no argument is called
                // "default".)
                map.remove("default");
                for child in map.values_mut() {
                    walk(child);
                }
            }
            Value::Array(items) => items.iter_mut().for_each(walk),
            _ => {}
        }
    }
    inline_definitions(&mut schema);
    walk(&mut schema);
    schema
}

/// Replaces `{"$ref": "#/definitions/X"}` with the definition itself and
/// drops `definitions`: small models follow inline schemas better, and
/// the few enums here are tiny.
fn inline_definitions(schema: &mut Value) {
    let Some(defs) = schema.as_object_mut().and_then(|m| m.remove("definitions")) else { return };
    fn walk(v: &mut Value, defs: &Value) {
        match v {
            Value::Object(map) => {
                if let Some(name) = map.get("$ref").and_then(Value::as_str).and_then(|r| r.strip_prefix("#/definitions/")) {
                    if let Some(def) = defs.get(name) {
                        let mut def = def.clone();
                        walk(&mut def, defs);
                        map.remove("$ref");
                        if let Value::Object(inner) = def {
                            for (k, v) in inner {
                                map.entry(k).or_insert(v);
                            }
                        }
                    }
                }
                for child in map.values_mut() {
                    walk(child, defs);
                }
            }
            Value::Array(items) => items.iter_mut().for_each(|i| walk(i, defs)),
            _ => {}
        }
    }
    walk(schema, &defs);
}

/// Decodes arguments into `T` after [`lenient`] (for skills' arguments).
pub fn decode_args<T: DeserializeOwned>(args: Value) -> Result<T, serde_json::Error> {
    serde_json::from_value(lenient(args))
}

#[cfg(test)]
#[path = "tools_tests.rs"]
mod tests;
