//! What each [`Command`] does, as steps over the tool surface
//! ([`Command::plan`]): direct tool calls, elements to ground first, and the
//! few `chrome.*` operations that are not tools (zoom, screenshot).
//!
//! Grounding ([`Grounding`]) turns what the user called an element into a
//! selector: its [`Locate`] attempts run in order and the first that yields
//! an element wins:
//! - [`Locate::Query`]: `pcd.query {kind, text, topK: 5}`; the best hit
//!   (among hits whose role fits [`Grounding::role`], when the user named
//!   one) is turned into a selector with `getDetails`.
//! - [`Locate::Selector`]: `dom.resolve` of a role or text selector; it
//!   must match exactly one element.
//! - [`Locate::FramedField`]: a field inside a cross-origin frame, last:
//!   `pcd.query {kind: form}` for the label (the frames' forms are merged
//!   into its hits, their fields are only in their form's summary), then
//!   the field's role selectors again inside the frame of each framed form
//!   hit ([`Locate::in_frames`]), since a selector without a framePath sees
//!   only the top page.
//!
//! Clicks rank with `pcd.query` first (fuzzy, kind- and landmark-aware),
//! then fall back to the label as visible text. Form fields try role
//! selectors first, because fields inside a form are summarised by their
//! form and are not `pcd.query` actions; `pcd.query` comes last for fields
//! outside forms (a header search box). When the user named a role
//! ("the Save *button*"), selectors of that role come first.
//!
//! Calls are built as `self.copilot.call(name, args)` gets them, through
//! [`ToolCall::parse`], so they are checked against the tool surface's own
//! argument types (a test parses every call every command plans).

use super::dates::{month_in, Month, MonthRef};
use super::model::{Command, Key, OpenTarget, RevealVia, RoleHint, Target, ZoomDir};
use crate::nav::TabInfo;
use crate::summary::SummaryMode;
use crate::tools::{QueryKind, ScrollDirection, ToolCall, ToolError, ToolName};
use crate::types::{NameMode, PcdActionDetail, QueryHit, RoleSelector};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// What "new tab" opens when no address was given.
pub const NEW_TAB_URL: &str = "chrome://newtab/";

/// Candidates asked of `pcd.query` when grounding.
pub const QUERY_TOP_K: u32 = 5;

/// `tool` with `args`, typed by the tool surface.
fn tool_call(tool: ToolName, args: Value) -> Result<ToolCall, ToolError> {
    ToolCall::parse(tool.as_str(), args)
}

/// One step of a command's plan.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "camelCase")]
pub enum PlannedStep {
    /// A tool call whose arguments follow from the command alone.
    Call { call: DirectCall },
    /// Ground an element, then act on it with its selector.
    OnElement { find: Grounding, act: ElementAction },
    /// `pcd.query {kind: collection, text: what}`, then `dom.extract` of the
    /// best collection with its `itemFields` (from `getMiniPCD`).
    ExtractCollection {
        what: String,
        /// Scroll the collection for every item (`dom.extract` `scrollToLoad`).
        #[serde(default)]
        all: bool,
    },
    /// `pcd.query {kind: collection, text: what}`, `dom.extract` of its
    /// items, the one dated in `when` ([`pick_month`]), then a click on
    /// that item's `verb` control.
    ItemOfMonth { verb: String, what: String, when: MonthRef },
    /// `tabs.list`, then `tabs.switch` to the tab [`pick_tab`] chooses.
    SwitchTab { text: String },
    /// A `chrome.*` call the worker makes itself (no tool for it yet).
    Browser { action: BrowserAction },
    /// Answered in the panel without touching the browser.
    Reply { reply: LocalReply },
    /// Ground a scrolling element, then `dom.scroll` inside it.
    ScrollIn { find: Grounding, dir: ScrollDirection },
    /// Open folders or tabs one by one until `label` shows; click it when
    /// `click` ([`super::ground::reveal_openers`]).
    Reveal { label: String, via: RevealVia, click: bool },
}

/// Tool calls that need nothing from the page first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "call", rename_all = "camelCase")]
pub enum DirectCall {
    Navigate {
        url: String,
    },
    Back,
    Forward,
    Reload,
    OpenTab {
        url: String,
    },
    /// Closes the target tab.
    CloseTab,
    Scroll {
        dir: ScrollDirection,
    },
    /// Presses a key on the focused element.
    PressKey {
        key: Key,
    },
    Summary {
        mode: SummaryMode,
    },
    MiniPcd,
}

impl DirectCall {
    pub fn tool(&self) -> ToolName {
        match self {
            DirectCall::Navigate { .. } => ToolName::NavGo,
            DirectCall::Back => ToolName::NavBack,
            DirectCall::Forward => ToolName::NavForward,
            DirectCall::Reload => ToolName::NavReload,
            DirectCall::OpenTab { .. } => ToolName::TabsOpen,
            DirectCall::CloseTab => ToolName::TabsClose,
            DirectCall::Scroll { .. } => ToolName::DomScroll,
            DirectCall::PressKey { .. } => ToolName::DomPressKey,
            DirectCall::Summary { .. } => ToolName::PcdSummary,
            DirectCall::MiniPcd => ToolName::GetMiniPcd,
        }
    }

    /// The call on tab `tab_id` (the tab the command is about).
    pub fn call(&self, tab_id: i32) -> Result<ToolCall, ToolError> {
        let args = match self {
            DirectCall::Navigate { url } => json!({ "tabId": tab_id, "url": url }),
            DirectCall::OpenTab { url } => json!({ "url": url }),
            DirectCall::Scroll { dir } => json!({ "tabId": tab_id, "direction": dir }),
            DirectCall::PressKey { key } => json!({ "tabId": tab_id, "key": key.as_str() }),
            DirectCall::Summary { mode } => json!({ "tabId": tab_id, "mode": mode }),
            DirectCall::Back
            | DirectCall::Forward
            | DirectCall::Reload
            | DirectCall::CloseTab
            | DirectCall::MiniPcd => {
                json!({ "tabId": tab_id })
            }
        };
        tool_call(self.tool(), args)
    }
}

/// How to find the element a user named.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Grounding {
    /// The user's words, for messages ("no “Sign in” on this page").
    pub label: String,
    /// The role the user named; `pcd.query` hits of other roles lose.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<RoleHint>,
    /// Attempts, in order; the first that finds an element wins.
    pub locate: Vec<Locate>,
    /// The element may appear only just after the previous step (a
    /// suggestion, a result, a menu item): grounding waits a little and
    /// tries again before it gives up.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub settle: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Locate {
    Query { kind: QueryKind, text: String },
    Selector(RoleSelector),
    /// `selectors` inside the cross-origin frames whose forms `pcd.query`
    /// ranks for `text` (see the module docs).
    FramedField { text: String, selectors: Vec<RoleSelector> },
    /// The last element `dom.resolve` of this selector matches ("the last
    /// checkbox"): its count, then that one by `nth`.
    Last(RoleSelector),
    /// The element of this selector when it is the only one on the page,
    /// else nothing (never an ambiguity): the last resort for a field whose
    /// name matches nothing ("the search box" on a page whose one text
    /// field has no label).
    Only(RoleSelector),
}

impl Locate {
    /// `pcd.query` or `dom.resolve` on tab `tab_id` (for `FramedField`, its
    /// form query; the resolves follow from [`Locate::in_frames`]).
    pub fn call(&self, tab_id: i32) -> Result<ToolCall, ToolError> {
        match self {
            Locate::Query { kind, text } => tool_call(
                ToolName::PcdQuery,
                json!({ "tabId": tab_id, "kind": kind, "text": text, "topK": QUERY_TOP_K }),
            ),
            Locate::FramedField { text, .. } => tool_call(
                ToolName::PcdQuery,
                json!({ "tabId": tab_id, "kind": QueryKind::Form, "text": text, "topK": QUERY_TOP_K }),
            ),
            Locate::Selector(selector) | Locate::Last(selector) | Locate::Only(selector) => {
                tool_call(ToolName::DomResolve, json!({ "tabId": tab_id, "selector": selector }))
            }
        }
    }
}

impl Locate {
    /// A `pcd.query` whose text is stop words only ("it", "the"): it would
    /// rank the page's controls by place alone and hand back the first
    /// (`rank::query::Alternative::terms`), so "open it" clicked whatever
    /// folder came first and showed ✓. The exact-name selectors beside it
    /// still find a control whose whole label those words are.
    pub fn names_nothing(&self) -> bool {
        match self {
            Locate::Query { text, .. } | Locate::FramedField { text, .. } => {
                text.chars().any(char::is_alphanumeric) && crate::rank::terms::terms(text).is_empty()
            }
            _ => false,
        }
    }

    /// The ids of `hits` worth a `getDetails` for [`Locate::FramedField`]:
    /// forms in cross-origin frames (framed ids) scoring at least
    /// [`MIN_HIT_SCORE`](super::report::MIN_HIT_SCORE), best first. A
    /// top-page form needs nothing more: the plain selectors saw its fields.
    pub fn framed_forms(hits: &[QueryHit]) -> Vec<&str> {
        hits.iter()
            .filter(|h| h.score >= super::report::MIN_HIT_SCORE && crate::frames::split_framed_id(&h.id).is_some())
            .map(|h| h.id.as_str())
            .collect()
    }

    /// `selectors` inside the frame of each form in `details` (in order,
    /// one frame once): what [`Locate::FramedField`] resolves.
    pub fn in_frames(selectors: &[RoleSelector], details: &[PcdActionDetail]) -> Vec<RoleSelector> {
        let mut paths: Vec<&Vec<String>> = Vec::new();
        for path in details.iter().filter_map(|d| d.frame_path.as_ref()).filter(|p| !p.is_empty()) {
            if !paths.contains(&path) {
                paths.push(path);
            }
        }
        paths.iter().flat_map(|path| selectors.iter().map(|s| crate::frames::with_prefix(s, path))).collect()
    }
}

/// What is done to a grounded element.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "act", rename_all = "camelCase")]
pub enum ElementAction {
    Click,
    /// Replaces the field's value; `submit` presses Enter after.
    Type {
        text: String,
        submit: bool,
    },
    Select {
        option: String,
    },
    Check {
        on: bool,
    },
    /// A click whose purpose is the keyboard focus (a field).
    Focus,
}

impl ElementAction {
    pub fn tool(&self) -> ToolName {
        match self {
            ElementAction::Click | ElementAction::Focus => ToolName::DomClick,
            ElementAction::Type { .. } => ToolName::DomType,
            ElementAction::Select { .. } => ToolName::DomSelect,
            ElementAction::Check { .. } => ToolName::DomCheck,
        }
    }

    /// The call on the grounded element: its `selector`, and the MiniPCD
    /// `id` it came from when `pcd.query` found it (lets a retry re-bind).
    pub fn call(&self, tab_id: i32, selector: &RoleSelector, id: Option<&str>) -> Result<ToolCall, ToolError> {
        let mut args = json!({ "tabId": tab_id, "selector": selector });
        match self {
            ElementAction::Click | ElementAction::Focus => {}
            ElementAction::Type { text, submit } => {
                args["text"] = json!(text);
                args["replace"] = json!(true);
                if *submit {
                    args["submit"] = json!(true);
                }
            }
            ElementAction::Select { option } => args["value"] = json!(option),
            ElementAction::Check { on } => args["checked"] = json!(on),
        }
        if let Some(id) = id {
            args["id"] = json!(id);
        }
        tool_call(self.tool(), args)
    }
}

/// `chrome.*` operations without a tool: `tabs.setZoom` (in/out by Chrome's
/// zoom steps, reset to the default factor) and `tabs.captureVisibleTab`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum BrowserAction {
    Zoom(ZoomDir),
    Screenshot,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum LocalReply {
    /// [`super::help_text`].
    Help,
}

pub(super) fn role_selector(role: &str, name: Option<&str>, mode: NameMode) -> RoleSelector {
    RoleSelector::role(role, name, mode)
}

/// Characters with a meaning in a JavaScript regular expression.
const REGEX_SPECIAL: &str = "\\^$.|?*+()[]{}/";

/// A regex literal matching exactly `label` as an accessible name, in any
/// case and with any whitespace between words: people type "sign in" for
/// "Sign in", and Playwright's exact mode is case-sensitive.
pub fn exact_any_case(label: &str) -> String {
    let words: Vec<String> = label
        .split_whitespace()
        .map(|w| w.chars().fold(String::new(), |mut out, c| {
            if REGEX_SPECIAL.contains(c) {
                out.push('\\');
            }
            out.push(c);
            out
        }))
        .collect();
    format!("/^\\s*{}\\s*$/i", words.join("\\s+"))
}

/// The label back from [`exact_any_case`], for outlines; `None` for other patterns.
pub(crate) fn exact_any_case_label(pattern: &str) -> Option<String> {
    let inner = pattern.strip_prefix("/^\\s*")?.strip_suffix("\\s*$/i")?;
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next()? {
                's' => {
                    chars.next().filter(|c| *c == '+')?;
                    out.push(' ');
                }
                escaped => out.push(escaped),
            },
            c => out.push(c),
        }
    }
    Some(out)
}

/// A role whose accessible name is `label` in any case ([`exact_any_case`]).
pub(super) fn role_named(role: &str, label: &str) -> Locate {
    Locate::Selector(role_selector(role, Some(&exact_any_case(label)), NameMode::Regex))
}

/// The label as accessible name of each role: all exact matches (any case)
/// first, then all partial ones. (An exact match that finds several is
/// narrowed to the user's case: [`exact_case`].)
fn by_name(roles: &[&str], label: &str) -> Vec<Locate> {
    let exact = roles.iter().map(|role| role_named(role, label));
    let partial = roles.iter().map(|role| Locate::Selector(role_selector(role, Some(label), NameMode::Includes)));
    exact.chain(partial).collect()
}

/// Roles of the fields a click may be meant to put the cursor in.
const TYPED_INTO: &[&str] = &["textbox", "searchbox", "combobox"];

/// Roles of the controls people click by name, most likely first.
const CLICKABLE_ROLES: &[&str] = &["button", "link", "menuitem", "tab", "checkbox", "radio", "option"];

pub(super) fn query(kind: QueryKind, text: &str) -> Locate {
    Locate::Query { kind, text: text.to_owned() }
}

pub(super) fn text_selector(text: &str) -> Locate {
    Locate::Selector(RoleSelector::Text { text: text.to_owned(), within_landmark: None, nth: None, frame_path: None })
}

use super::ground::{exact_text, near};

impl Grounding {
    /// A button, link or other control to click.
    pub(super) fn control(t: &Target) -> Grounding {
        if t.is_unnamed() {
            return Grounding::unnamed(t, RoleHint::Button);
        }
        let locate = match t.role {
            // A role word restricts the role: no plain-text fallback (a
            // paragraph that says "button" is no button), and `pcd.query`
            // hits must fit the role or be generic clickables
            // (`report::choose_hit`).
            Some(role) => {
                let mut l = by_name(role.aria_roles(), &t.label);
                l.insert(l.len() / 2, query(QueryKind::Action, &t.label));
                l
            }
            // A control named exactly so is what the user named ("Add
            // Aurora Floor Lamp to cart": that item's button, not the "Add
            // to cart" template `pcd.query` ranks first, which is bound to
            // the first item); otherwise ranking decides.
            // A field named so, or with the name beside it, is clicked
            // into ("click the email box thing"; clicking the unbound
            // text "Email" beside it focuses nothing) before plain text.
            None => CLICKABLE_ROLES
                .iter()
                .chain(TYPED_INTO)
                .map(|role| role_named(role, &t.label))
                .chain([query(QueryKind::Action, &t.label)])
                .chain(near(TYPED_INTO, &t.label))
                .chain([exact_text(&t.label), text_selector(&t.label)])
                .collect(),
        };
        Grounding { label: t.label.clone(), role: t.role, locate, settle: false }
    }

    /// A form control; `default` is the kind of control the command implies.
    pub(super) fn field(t: &Target, default: RoleHint) -> Grounding {
        if t.is_unnamed() {
            return Grounding::unnamed(t, default);
        }
        let role = t.role.unwrap_or(default);
        let mut locate = by_name(role.aria_roles(), &t.label);
        // Text beside the field, after the accessible names had their turn.
        locate.extend(near(role.aria_roles(), &t.label));
        let selectors = locate.iter().filter_map(|l| if let Locate::Selector(s) = l { Some(s.clone()) } else { None }).collect();
        locate.push(query(QueryKind::Action, &t.label));
        locate.push(Locate::FramedField { text: t.label.clone(), selectors });
        // Nothing is named so: the page's one text field or dropdown is the
        // one meant ("the note box", "select Madrid as the destination"
        // where the one dropdown says "City"). Not a checkbox: ticking the
        // one box there is when the user named another could agree to
        // what they never read.
        if matches!(role, RoleHint::Field | RoleHint::Dropdown) {
            if let Some(first) = role.aria_roles().first() {
                locate.push(Locate::Only(role_selector(first, None, NameMode::Includes)));
            }
        }
        Grounding { label: t.label.clone(), role: Some(role), locate, settle: false }
    }

    /// The page's own search box: a searchbox, else a field named "search".
    fn search_box() -> Grounding {
        let locate = vec![
            Locate::Selector(role_selector("searchbox", None, NameMode::Includes)),
            Locate::Selector(role_selector("textbox", Some("search"), NameMode::Includes)),
            Locate::Selector(role_selector("combobox", Some("search"), NameMode::Includes)),
            query(QueryKind::Action, "search"),
            // A page whose one text field is its search (a shop's "Go" form).
            Locate::Selector(role_selector("textbox", None, NameMode::Includes)),
        ];
        Grounding { label: "search".into(), role: Some(RoleHint::Field), locate, settle: false }
    }
}

impl Command {
    /// The steps that carry the command out, in order.
    pub fn plan(&self) -> Vec<PlannedStep> {
        let call = |call: DirectCall| PlannedStep::Call { call };
        let on = |find: Grounding, act: ElementAction| PlannedStep::OnElement { find, act };
        match self {
            Command::Open { target: OpenTarget::Url(url) } => vec![call(DirectCall::Navigate { url: url.clone() })],
            Command::Open { target: OpenTarget::Link(t) } => vec![on(Grounding::control(t), ElementAction::Click)],
            Command::Back => vec![call(DirectCall::Back)],
            Command::Forward => vec![call(DirectCall::Forward)],
            Command::Reload => vec![call(DirectCall::Reload)],
            Command::Scroll { dir } => vec![call(DirectCall::Scroll { dir: *dir })],
            Command::Zoom { zoom } => vec![PlannedStep::Browser { action: BrowserAction::Zoom(*zoom) }],
            Command::NewTab { url } => {
                vec![call(DirectCall::OpenTab { url: url.clone().unwrap_or_else(|| NEW_TAB_URL.to_owned()) })]
            }
            Command::CloseTab => vec![call(DirectCall::CloseTab)],
            Command::SwitchTab { text } => vec![PlannedStep::SwitchTab { text: text.clone() }],
            Command::Click { target } => vec![on(Grounding::control(target), ElementAction::Click)],
            Command::Focus { target } => vec![on(Grounding::field(target, RoleHint::Field), ElementAction::Focus)],
            Command::SignIn { user, password } => vec![
                on(Grounding::username(), ElementAction::Type { text: user.clone(), submit: false }),
                on(Grounding::password(), ElementAction::Type { text: password.clone(), submit: false }),
                on(Grounding::sign_in_button(), ElementAction::Click),
            ],
            Command::ClosePopup => vec![on(Grounding::close_button(), ElementAction::Click)],
            Command::Suggest { text, field } => {
                let field = field.clone().unwrap_or_else(|| Target::by_role(Some(RoleHint::Field), None));
                vec![
                    on(Grounding::field(&field, RoleHint::Field), ElementAction::Type { text: super::ground::prefix(text), submit: false }),
                    on(Grounding::suggestion(text), ElementAction::Click),
                ]
            }
            Command::Reveal { label, via, click } => vec![PlannedStep::Reveal { label: label.clone(), via: *via, click: *click }],
            Command::ScrollIn { label, dir } => vec![PlannedStep::ScrollIn { find: Grounding::scroller(label), dir: *dir }],
            Command::InMenu { menu, item } => vec![
                on(Grounding::control(menu), ElementAction::Click),
                on(Grounding { settle: true, ..Grounding::control(item) }, ElementAction::Click),
            ],
            Command::Type { text, field } => vec![on(
                Grounding::field(field, RoleHint::Field),
                ElementAction::Type { text: text.clone(), submit: false },
            )],
            Command::Select { option, field } => {
                vec![on(Grounding::field(field, RoleHint::Dropdown), ElementAction::Select { option: option.clone() })]
            }
            Command::Check { target, on: state } => {
                vec![on(Grounding::field(target, RoleHint::Checkbox), ElementAction::Check { on: *state })]
            }
            Command::PressKey { key } => vec![call(DirectCall::PressKey { key: *key })],
            Command::Search { text } => {
                vec![on(Grounding::search_box(), ElementAction::Type { text: text.clone(), submit: true })]
            }
            Command::Extract { what, all } => vec![PlannedStep::ExtractCollection { what: what.clone(), all: *all }],
            Command::ForMonth { verb, what, when } => {
                vec![PlannedStep::ItemOfMonth { verb: verb.clone(), what: what.clone(), when: *when }]
            }
            Command::WhatCanIDo => vec![call(DirectCall::MiniPcd)],
            Command::Summarize => vec![call(DirectCall::Summary { mode: SummaryMode::Full })],
            Command::Screenshot => vec![PlannedStep::Browser { action: BrowserAction::Screenshot }],
            Command::Help => vec![PlannedStep::Reply { reply: LocalReply::Help }],
        }
    }
}

fn selector_outline(sel: &RoleSelector) -> String {
    match sel {
        RoleSelector::Role { role, name: Some(name), name_mode, .. } => match name_mode {
            Some(NameMode::Exact) => format!("{role}=“{name}”"),
            Some(NameMode::Regex) => match exact_any_case_label(name) {
                Some(label) => format!("{role}≡“{label}”"),
                None => format!("{role}~{name}"),
            },
            _ => format!("{role}~“{name}”"),
        },
        RoleSelector::Role { role, .. } => role.clone(),
        RoleSelector::Text { text, .. } => format!("text “{text}”"),
        RoleSelector::Css { css, .. } => format!("css {css}"),
        RoleSelector::Near { role, label, .. } => format!("{role} near “{label}”"),
    }
}

impl PlannedStep {
    /// A compact one-line form for logs and tests, e.g.
    /// `find “Sign in” [pcd.query action | text “Sign in”] → dom.click`.
    pub fn outline(&self) -> String {
        match self {
            PlannedStep::Call { call } => {
                let detail = match call {
                    DirectCall::Navigate { url } | DirectCall::OpenTab { url } => format!(" {url}"),
                    DirectCall::Scroll { dir } => format!(" {}", json!(dir).as_str().unwrap_or_default()),
                    DirectCall::PressKey { key } => format!(" {}", key.as_str()),
                    DirectCall::Summary { mode: SummaryMode::Full } => " full".into(),
                    DirectCall::Summary { mode: SummaryMode::Compact } => " compact".into(),
                    _ => String::new(),
                };
                format!("{}{detail}", call.tool().as_str())
            }
            PlannedStep::OnElement { find, act } => {
                let tries: Vec<String> = find
                    .locate
                    .iter()
                    .map(|l| match l {
                        Locate::Query { kind, text } => {
                            let kind = serde_json::to_value(kind).ok().and_then(|v| v.as_str().map(str::to_owned));
                            format!("pcd.query {} “{text}”", kind.unwrap_or_default())
                        }
                        Locate::Selector(sel) => selector_outline(sel),
                        Locate::Last(sel) => format!("last {}", selector_outline(sel)),
                        Locate::Only(sel) => format!("only {}", selector_outline(sel)),
                        Locate::FramedField { text, .. } => format!("in a frame's form “{text}”"),
                    })
                    .collect();
                let arg = match act {
                    ElementAction::Click => String::new(),
                    ElementAction::Type { text, submit: false } => format!(" “{text}”"),
                    ElementAction::Type { text, submit: true } => format!(" “{text}” + Enter"),
                    ElementAction::Select { option } => format!(" “{option}”"),
                    ElementAction::Check { on } => format!(" {on}"),
                    ElementAction::Focus => " (focus)".into(),
                };
                format!("find “{}” [{}] → {}{arg}", find.label, tries.join(" | "), act.tool().as_str())
            }
            PlannedStep::ExtractCollection { what, all: false } => format!("pcd.query collection “{what}” → dom.extract"),
            PlannedStep::ExtractCollection { what, all: true } => format!("pcd.query collection “{what}” → dom.extract scrollToLoad"),
            PlannedStep::ItemOfMonth { verb, what, when } => {
                format!("pcd.query collection “{what}” → dom.extract → the item of {when} → dom.click “{verb}”")
            }
            PlannedStep::SwitchTab { text } => format!("tabs.list → tabs.switch “{text}”"),
            PlannedStep::Browser { action: BrowserAction::Zoom(z) } => format!("chrome.tabs.setZoom {z:?}"),
            PlannedStep::Browser { action: BrowserAction::Screenshot } => "chrome.tabs.captureVisibleTab".into(),
            PlannedStep::Reply { reply: LocalReply::Help } => "reply help".into(),
            PlannedStep::ScrollIn { find, dir } => {
                let tries: Vec<String> = find.locate.iter().map(|l| match l {
                    Locate::Selector(sel) | Locate::Last(sel) | Locate::Only(sel) => selector_outline(sel),
                    other => format!("{other:?}"),
                }).collect();
                format!("find “{}” [{}] → dom.scroll {}", find.label, tries.join(" | "), json!(dir).as_str().unwrap_or_default())
            }
            PlannedStep::Reveal { label, via, click } => {
                format!("reveal “{label}” opening {via:?} → {}", if *click { "dom.click" } else { "found" })
            }
        }
    }
}

const ORDINALS: &[&str] =
    &["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];

/// The month each extracted item is dated in: its `date` field, else the
/// first date in any of its texts; `None` for undated items.
pub fn item_months(items: &[serde_json::Map<String, Value>]) -> Vec<Option<Month>> {
    items
        .iter()
        .map(|item| {
            let date = item.get("date").and_then(Value::as_str).and_then(month_in);
            date.or_else(|| item.values().filter_map(Value::as_str).find_map(month_in))
        })
        .collect()
}

/// Selectors of an item's own `verb` control, most specific first: named
/// with the item ("Download invoice INV-2026-010"), as a button, then a link.
pub fn item_control_selectors(verb: &str, title: &str) -> Vec<RoleSelector> {
    let (verb, title) = (regex_words(verb), regex_words(title));
    if title.is_empty() {
        return Vec::new();
    }
    ["button", "link"]
        .into_iter()
        .map(|role| RoleSelector::role(role, Some(&format!("/^\\s*{verb}\\b.*{title}/i")), NameMode::Regex))
        .collect()
}

/// Selectors of every item's `verb` control ("Download" on each row), as a
/// button, then a link: one per item means the n-th belongs to item n.
pub fn per_item_selectors(verb: &str) -> Vec<RoleSelector> {
    let verb = regex_words(verb);
    ["button", "link"]
        .into_iter()
        .map(|role| RoleSelector::role(role, Some(&format!("/^\\s*{verb}\\b/i")), NameMode::Regex))
        .collect()
}

/// `text` as a regex fragment: specials escaped, any whitespace between words.
fn regex_words(text: &str) -> String {
    let pattern = exact_any_case(text);
    pattern.strip_prefix("/^\\s*").and_then(|p| p.strip_suffix("\\s*$/i")).unwrap_or_default().to_owned()
}

/// The items dated in `month`, in page order.
pub fn pick_month(items: &[serde_json::Map<String, Value>], month: Month) -> Vec<usize> {
    item_months(items).iter().enumerate().filter(|(_, m)| **m == Some(month)).map(|(i, _)| i).collect()
}

/// The tab "switch to tab X" means, in window order: a position ("2",
/// "2nd", "second", "last"), else the tab whose title and address contain
/// the most of X's words (at least half; prefixes of 3+ letters count, so
/// "git" finds GitHub). Ties go to the leftmost tab.
pub fn pick_tab(text: &str, tabs: &[TabInfo]) -> Option<i32> {
    use crate::kind::text::{normalize, word_matches, words};
    let said = words(text);
    let by_position = match said.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["last"] => tabs.len().checked_sub(1),
        [w] => {
            let digits = w.trim_end_matches(|c: char| c.is_ascii_alphabetic());
            match digits.parse::<usize>() {
                Ok(n)
                    if n >= 1
                        && (digits.len() == w.len() || ["st", "nd", "rd", "th"].contains(&&w[digits.len()..])) =>
                {
                    Some(n - 1)
                }
                _ => ORDINALS.iter().position(|o| o == &w),
            }
        }
        _ => None,
    };
    if let Some(i) = by_position {
        return tabs.get(i).map(|t| t.tab_id);
    }
    let wanted: Vec<&String> = said.iter().filter(|w| !["the", "a", "tab", "page"].contains(&w.as_str())).collect();
    if wanted.is_empty() {
        return None;
    }
    let score = |tab: &TabInfo| {
        let have: Vec<String> =
            normalize(&format!("{} {}", tab.title, tab.url)).split(' ').map(str::to_owned).collect();
        wanted
            .iter()
            .filter(|w| have.iter().any(|h| word_matches(h, w) || (w.len() >= 3 && h.starts_with(w.as_str()))))
            .count()
    };
    let (best, hits) =
        tabs.iter().map(|t| (t.tab_id, score(t))).fold(
            (None, 0),
            |(bi, bs), (id, s)| {
                if s > bs {
                    (Some(id), s)
                } else {
                    (bi, bs)
                }
            },
        );
    (hits * 2 >= wanted.len()).then_some(best).flatten()
}
