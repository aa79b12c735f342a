//! DOM actions (seed 000 §7, seed 002, issue 4): what the worker asks the
//! content script to do to one element, what comes back, and the pure rules
//! around it — whether the page changed (seed 003: judged on a structural
//! digest, never on HTML strings) and the retry ladder (up to 3 attempts:
//! the selector as given, then re-resolved on a refreshed MiniPCD, then an
//! alternative selector or a re-bind by label).

use crate::types::{Observation, RoleSelector};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MouseButton {
    #[default]
    Left,
    Right,
    Middle,
}

/// How `dom.select` picks the option.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SelectBy {
    /// The option's value, else its text (what a person or LLM usually means).
    #[default]
    Auto,
    Value,
    Text,
    Index,
}

/// One action on one element.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum DomAction {
    Click {
        #[serde(default)]
        button: MouseButton,
        /// 1 or 2 (double click).
        #[serde(default = "one")]
        click_count: u8,
    },
    Type {
        text: String,
        /// Replace the current content (default) or append to it.
        #[serde(default = "yes")]
        replace: bool,
        /// Press Enter / submit the form afterwards.
        #[serde(default)]
        submit: bool,
    },
    Select {
        value: String,
        #[serde(default)]
        by: SelectBy,
    },
    Check {
        checked: bool,
    },
    Submit,
    Hover,
    PressKey {
        key: String,
    },
    /// Scroll the element into view. When nothing matches and the page has
    /// virtualized lists, they are scrolled until the element renders
    /// (seed 000 §12: "scroll to materialize before binding").
    ScrollIntoView,
    /// Scroll the element's own content: the element when it scrolls, else
    /// the scrolling box inside it (a data grid's viewport), else the one
    /// around it (`dom.scroll` with a selector and `y` or `direction`).
    Scroll {
        #[serde(flatten)]
        to: PageScroll,
    },
}

fn one() -> u8 {
    1
}
fn yes() -> bool {
    true
}

impl DomAction {
    /// Actions whose effect may not show in the page (a download, a hover
    /// over a tooltip-less element, focusing): retrying them would repeat
    /// a side effect the digest cannot see, so they are done once.
    pub fn retry_when_unchanged(&self) -> bool {
        matches!(self, DomAction::Click { .. } | DomAction::Type { .. } | DomAction::Select { .. } | DomAction::Check { .. } | DomAction::Submit)
    }

    pub fn name(&self) -> &'static str {
        match self {
            DomAction::Click { .. } => "click",
            DomAction::Type { .. } => "type",
            DomAction::Select { .. } => "select",
            DomAction::Check { .. } => "check",
            DomAction::Submit => "submit",
            DomAction::Hover => "hover",
            DomAction::PressKey { .. } => "pressKey",
            DomAction::ScrollIntoView | DomAction::Scroll { .. } => "scroll",
        }
    }
}

/// Where to scroll the page (`dom.scroll` without a selector).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "to", rename_all = "camelCase")]
pub enum PageScroll {
    /// By this many CSS pixels (positive: down).
    By { y: f64 },
    Up,
    Down,
    Top,
    Bottom,
}

impl From<crate::tools::ScrollDirection> for PageScroll {
    fn from(d: crate::tools::ScrollDirection) -> PageScroll {
        use crate::tools::ScrollDirection::*;
        match d {
            Up => PageScroll::Up,
            Down => PageScroll::Down,
            Top => PageScroll::Top,
            Bottom => PageScroll::Bottom,
        }
    }
}

/// The `scrollTop` a scroll box should get: `top` is where it is,
/// `client` its visible height and `content` its scroll height. Up/down
/// move by 80 % of a screen (a person keeps a few lines for context).
pub fn scroll_target(how: PageScroll, top: f64, client: f64, content: f64) -> f64 {
    let to = match how {
        PageScroll::By { y } => top + y,
        PageScroll::Down => top + client * 0.8,
        PageScroll::Up => top - client * 0.8,
        PageScroll::Top => 0.0,
        PageScroll::Bottom => content,
    };
    to.clamp(0.0, (content - client).max(0.0))
}

/// Bounds of materializing an element of a virtualized list (scrolling
/// the list until it renders): at most this many scroll steps, and this
/// much time, over all the page's virtualized lists.
pub const MATERIALIZE_MAX_STEPS: u32 = 400;
pub const MATERIALIZE_MAX_MS: f64 = 15_000.0;

/// The `scrollTop`s to visit, in order, to render every row of a
/// virtualized list once: from `start` down to the end, then from the top
/// back to `start` (the row is more likely after the current position:
/// lists are read downwards). Steps are 90 % of the visible height, so
/// consecutive windows overlap and no row is skipped even without overscan.
pub fn sweep(start: f64, client: f64, content: f64) -> Vec<f64> {
    let end = (content - client).max(0.0);
    let step = (client * 0.9).max(1.0);
    let start = start.clamp(0.0, end);
    let mut out = Vec::new();
    let mut at = start;
    while at < end && out.len() < MATERIALIZE_MAX_STEPS as usize {
        at = (at + step).min(end);
        out.push(at);
    }
    if start > 0.0 {
        let mut at = 0.0;
        out.push(at);
        while at + step < start && out.len() < MATERIALIZE_MAX_STEPS as usize {
            at += step;
            out.push(at);
        }
    }
    out
}

/// A structural digest of the page, taken before and after an action: what a
/// person would notice, in numbers and hashes. Values are hashed in the page
/// and the digest never leaves it (deliberately not serialisable).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PageDigestLite {
    pub url: String,
    pub title: String,
    pub element_count: u32,
    /// Hash of the rendered text of the main region.
    pub text_hash: u64,
    /// Hash of every form control's value and checked/selected state.
    pub state_hash: u64,
    /// Hash of aria-expanded/pressed/selected/checked/current and open dialogs.
    pub aria_hash: u64,
    /// Role and name of the focused element.
    pub focus: String,
    /// Scroll position, in whole pixels.
    pub scroll_y: i64,
}

/// What changed between two digests (empty: nothing a person would see).
/// `focus_on_target`: focus ended on the element acted on (or inside it),
/// which the click itself does, so a focus change is not an effect; the
/// mutations the action caused still are (a header's cart count is
/// outside the text digest: calling that click "no effect" would retry it
/// and add a second item).
pub fn changes(before: &PageDigestLite, after: &PageDigestLite, mutations: u32, focus_on_target: bool) -> Vec<&'static str> {
    type Differs = fn(&PageDigestLite, &PageDigestLite) -> bool;
    const ASPECTS: &[(&str, Differs)] = &[
        ("url", |a, b| a.url != b.url),
        ("title", |a, b| a.title != b.title),
        ("structure", |a, b| a.element_count != b.element_count),
        ("text", |a, b| a.text_hash != b.text_hash),
        ("form state", |a, b| a.state_hash != b.state_hash),
        ("widget state", |a, b| a.aria_hash != b.aria_hash),
        ("focus", |a, b| a.focus != b.focus),
        ("scroll", |a, b| a.scroll_y != b.scroll_y),
    ];
    let mut out: Vec<&'static str> = ASPECTS
        .iter()
        .filter(|(name, differs)| differs(before, after) && !(focus_on_target && *name == "focus"))
        .map(|(name, _)| *name)
        .collect();
    // Mutations that changed none of the above still changed the page.
    if out.is_empty() && mutations > 0 {
        out.push("dom");
    }
    out
}

/// What an action tool returns (the data of its `ToolResult`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ActOutcome {
    pub observation: Observation,
    /// Whether the page changed (seed 003).
    pub changed: bool,
    /// What changed: url, title, structure, text, form state, widget state,
    /// focus, scroll, dom, new tab.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub changes: Vec<String>,
    /// How many attempts it took (1–3).
    pub attempts: u8,
    /// The selector that finally worked, when it is not the one given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub used_selector: Option<RoleSelector>,
    /// Data some actions return (e.g. the option chosen by `dom.select`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    /// Tabs the action opened (a link or form with a `target`, a page's
    /// `window.open`): the worker sees them, the page cannot.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub opened_tabs: Vec<OpenedTab>,
}

/// A tab an action opened, where it is going.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OpenedTab {
    pub tab_id: i32,
    pub url: String,
}

impl ActOutcome {
    /// Adds the tabs the action opened: a change, though not of the page.
    pub fn with_opened_tabs(mut self, tabs: Vec<OpenedTab>) -> ActOutcome {
        if !tabs.is_empty() {
            self.changed = true;
            if !self.changes.iter().any(|c| c == "new tab") {
                self.changes.push("new tab".to_owned());
            }
            self.opened_tabs = tabs;
        }
        self
    }
}

/// What `dom.waitFor` reports when its condition held.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WaitOutcome {
    pub observation: Observation,
    /// How long it waited, in whole milliseconds.
    pub waited_ms: u32,
    /// For `selector`/`text`: how many elements matched when it held.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub matched: Option<u32>,
}

/// `dom.waitFor`'s default and largest timeouts.
pub const WAIT_DEFAULT_MS: u32 = 5_000;
pub const WAIT_MAX_MS: u32 = 60_000;

/// The attempts of the retry ladder, in order (seed 003: up to 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attempt {
    /// The selector as given.
    AsGiven,
    /// Re-resolved after refreshing the MiniPCD (the element may have been
    /// re-rendered).
    Refreshed,
    /// An alternative selector of the element, or the element re-bound by
    /// its label.
    Alternative,
}

pub const ATTEMPTS: [Attempt; 3] = [Attempt::AsGiven, Attempt::Refreshed, Attempt::Alternative];

/// A short description of an element for error messages (candidates of an
/// ambiguous selector, the element covering a target).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ElementBrief {
    pub role: Option<String>,
    pub name: String,
    pub tag: String,
    /// The rendered text of an element without a name: what tells apart
    /// candidates that are all `generic <div>` to the accessibility tree.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

impl std::fmt::Display for ElementBrief {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let role = self.role.as_deref().unwrap_or(&self.tag);
        let short = |s: &str| crate::selector::normalize_ws(s).chars().take(60).collect::<String>();
        match self.text.as_deref().filter(|t| !t.trim().is_empty()) {
            _ if !self.name.is_empty() => write!(f, "{role} \"{}\"", short(&self.name)),
            Some(text) => write!(f, "{role} <{}> \"{}\"", self.tag, short(text)),
            None => write!(f, "{role} <{}>", self.tag),
        }
    }
}

/// Why an action failed, each with the code and retryability of its
/// `ToolResult` and a message that names what went wrong.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ActError {
    #[error("no element matches {selector}")]
    NotFound { selector: String },
    #[error("{count} elements match {selector}; add a name, withinLandmark or nth. Candidates: {}", list(candidates))]
    Ambiguous { selector: String, count: u32, candidates: Vec<ElementBrief> },
    #[error("{target} is disabled")]
    Disabled { target: ElementBrief },
    #[error("{target} is covered by {by}, which would receive the click")]
    Covered { target: ElementBrief, by: ElementBrief },
    #[error("{target} was removed from the page during the action")]
    Detached { target: ElementBrief },
    #[error("{target} is not visible (no box on the page)")]
    NotVisible { target: ElementBrief },
    #[error("{target} cannot {action}: {why}")]
    Unsupported { target: ElementBrief, action: &'static str, why: String },
    #[error("{action} on {target} changed nothing on the page after {attempts} attempts")]
    NoEffect { action: &'static str, target: ElementBrief, attempts: u8 },
    #[error("invalid selector: {0}")]
    BadSelector(String),
    #[error("waited {waited_ms} ms for {what}; it did not happen")]
    Timeout { what: String, waited_ms: u32 },
    /// Nothing matched, and scrolling the page's virtualized lists did not
    /// render it either. `complete`: every row was rendered once (so the
    /// element is not in the list); else the bounds stopped the search.
    #[error("no element matches {selector}, also after scrolling {} ({steps} scroll steps{})", lists.join(", "), if *complete { ", every row rendered once" } else { "; gave up before the end" })]
    NotMaterialized { selector: String, lists: Vec<String>, steps: u32, complete: bool },
}

fn list(c: &[ElementBrief]) -> String {
    c.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ")
}

impl ActError {
    pub fn code(&self) -> (crate::tools::ErrorCode, bool) {
        use crate::tools::ErrorCode::*;
        match self {
            ActError::NotFound { .. } => (NotFound, true),
            ActError::Ambiguous { .. } => (Ambiguous, false),
            ActError::Disabled { .. } => (Disabled, true),
            ActError::Covered { .. } => (Covered, true),
            ActError::Detached { .. } => (Detached, true),
            ActError::NotVisible { .. } => (NotFound, true),
            ActError::Unsupported { .. } => (InvalidArgs, false),
            ActError::NoEffect { .. } => (NoEffect, true),
            ActError::BadSelector(_) => (InvalidArgs, false),
            ActError::Timeout { .. } => (Timeout, true),
            // A complete sweep saw every row: asking again finds nothing new.
            ActError::NotMaterialized { complete, .. } => (NotFound, !complete),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn actions_have_camel_case_wire_names_and_defaults() {
        let cases = [
            (json!({"type":"click"}), DomAction::Click { button: MouseButton::Left, click_count: 1 }),
            (json!({"type":"click","button":"right","clickCount":2}), DomAction::Click { button: MouseButton::Right, click_count: 2 }),
            (json!({"type":"type","text":"hi"}), DomAction::Type { text: "hi".into(), replace: true, submit: false }),
            (json!({"type":"select","value":"M","by":"text"}), DomAction::Select { value: "M".into(), by: SelectBy::Text }),
            (json!({"type":"pressKey","key":"Enter"}), DomAction::PressKey { key: "Enter".into() }),
            (json!({"type":"scrollIntoView"}), DomAction::ScrollIntoView),
            (json!({"type":"scroll","to":"down"}), DomAction::Scroll { to: PageScroll::Down }),
            (json!({"type":"scroll","to":"by","y":120.0}), DomAction::Scroll { to: PageScroll::By { y: 120.0 } }),
        ];
        for (v, want) in cases {
            assert_eq!(serde_json::from_value::<DomAction>(v.clone()).unwrap(), want, "{v}");
        }
        assert_eq!(serde_json::to_value(PageScroll::By { y: 200.0 }).unwrap(), json!({"to":"by","y":200.0}));
        assert_eq!(serde_json::to_value(PageScroll::Bottom).unwrap(), json!({"to":"bottom"}));
    }

    #[test]
    fn scroll_targets_stay_inside_the_box() {
        // (how, top, expected) for a box 500 high showing 10,500 px.
        let rows = [
            (PageScroll::Down, 0.0, 400.0),
            (PageScroll::Up, 300.0, 0.0),
            (PageScroll::Bottom, 0.0, 10_000.0),
            (PageScroll::Top, 900.0, 0.0),
            (PageScroll::By { y: 250.0 }, 9_900.0, 10_000.0),
            (PageScroll::By { y: -50.0 }, 100.0, 50.0),
        ];
        for (how, top, want) in rows {
            assert_eq!(scroll_target(how, top, 500.0, 10_500.0), want, "{how:?} from {top}");
        }
    }

    #[test]
    fn a_sweep_visits_every_window_once_from_where_the_list_is() {
        // From the top: down to the end in 90 % steps.
        assert_eq!(sweep(0.0, 100.0, 400.0), [90.0, 180.0, 270.0, 300.0]);
        // From the middle: down to the end, then from the top back to the start.
        assert_eq!(sweep(150.0, 100.0, 400.0), [240.0, 300.0, 0.0, 90.0]);
        // At the end: the top, then down to where it was.
        assert_eq!(sweep(300.0, 100.0, 400.0), [0.0, 90.0, 180.0, 270.0]);
        // Nothing to scroll.
        assert!(sweep(0.0, 400.0, 400.0).is_empty());
        // Consecutive windows overlap: no row falls between two steps.
        let s = sweep(0.0, 440.0, 44_000.0);
        assert!(s.windows(2).all(|w| w[1] - w[0] <= 440.0 && w[1] > w[0]));
        assert_eq!(*s.last().unwrap(), 44_000.0 - 440.0);
        // Bounded, however long the list.
        assert_eq!(sweep(0.0, 10.0, 1e9).len(), MATERIALIZE_MAX_STEPS as usize);
    }

    #[test]
    fn change_detection_names_what_changed() {
        let base = PageDigestLite { url: "http://x/".into(), title: "T".into(), element_count: 10, ..Default::default() };
        // (mutate, mutations, expected; focus is not on the target)
        type Mutate = fn(&mut PageDigestLite);
        let rows: &[(Mutate, u32, &[&str])] = &[
            (|_| {}, 0, &[]),
            (|_| {}, 3, &["dom"]),
            (|d| d.url = "http://x/next".into(), 0, &["url"]),
            (|d| d.element_count = 11, 5, &["structure"]),
            (|d| d.text_hash = 1, 0, &["text"]),
            (|d| d.state_hash = 9, 0, &["form state"]),
            (|d| d.aria_hash = 9, 0, &["widget state"]),
            (|d| d.focus = "textbox Email".into(), 0, &["focus"]),
            (|d| d.scroll_y = 400, 0, &["scroll"]),
            (|d| { d.title = "U".into(); d.text_hash = 2 }, 0, &["title", "text"]),
        ];
        for (mutate, mutations, want) in rows {
            let mut after = base.clone();
            mutate(&mut after);
            assert_eq!(changes(&base, &after, *mutations, false), *want);
        }
        // Focus moved onto the target: the click itself, not its effect;
        // what it mutated is.
        let focused = PageDigestLite { focus: "button Add to cart".into(), ..base.clone() };
        let rows: &[(&PageDigestLite, u32, &[&str])] = &[
            (&focused, 0, &[]),
            (&focused, 2, &["dom"]),
            (&PageDigestLite { text_hash: 3, ..focused.clone() }, 2, &["text"]),
        ];
        for (after, mutations, want) in rows {
            assert_eq!(changes(&base, after, *mutations, true), *want);
        }
    }

    #[test]
    fn errors_name_the_problem_and_carry_codes() {
        let b = |role: &str, name: &str, tag: &str| ElementBrief { role: Some(role.into()), name: name.into(), tag: tag.into(), text: None };
        let amb = ActError::Ambiguous {
            selector: "button \"Save\"".into(),
            count: 2,
            candidates: vec![b("button", "Save", "button"), b("button", "Save draft", "button")],
        };
        assert_eq!(
            amb.to_string(),
            "2 elements match button \"Save\"; add a name, withinLandmark or nth. Candidates: button \"Save\"; button \"Save draft\""
        );
        assert_eq!(amb.code(), (crate::tools::ErrorCode::Ambiguous, false));
        let cov = ActError::Covered { target: b("button", "Buy", "button"), by: ElementBrief { role: None, name: String::new(), tag: "div".into(), text: None } };
        assert_eq!(cov.to_string(), "button \"Buy\" is covered by div <div>, which would receive the click");
        // Nameless candidates are told apart by their text.
        let tile = |t: &str| ElementBrief { role: Some("generic".into()), name: String::new(), tag: "div".into(), text: Some(t.into()) };
        let tiles = ActError::Ambiguous { selector: "text \"Open report 7\"".into(), count: 2, candidates: vec![tile("Open report 7"), tile("Open  report\n71")] };
        assert!(tiles.to_string().ends_with("Candidates: generic <div> \"Open report 7\"; generic <div> \"Open report 71\""), "{tiles}");
        let none = ActError::NoEffect { action: "click", target: b("link", "Next", "a"), attempts: 3 };
        assert_eq!(none.code(), (crate::tools::ErrorCode::NoEffect, true));
        assert!(!DomAction::Hover.retry_when_unchanged());
        let swept = ActError::NotMaterialized { selector: "link \"Order #9999\"".into(), lists: vec!["table \"Orders\" (1000 rows)".into()], steps: 99, complete: true };
        assert_eq!(
            swept.to_string(),
            "no element matches link \"Order #9999\", also after scrolling table \"Orders\" (1000 rows) (99 scroll steps, every row rendered once)"
        );
        assert_eq!(swept.code(), (crate::tools::ErrorCode::NotFound, false));
    }
}
