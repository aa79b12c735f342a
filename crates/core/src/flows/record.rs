//! Recording → steps (seed 004 §3 "Normalization"): the content module
//! reports the user's own events one by one ([`RecordedEvent`]); the worker
//! keeps them and, on stop, [`fold`]s them into [`FlowStep`]s by rule:
//!
//! - **typing** is one step per field: consecutive inputs into the same
//!   field keep the last value;
//! - **focus-only clicks** are dropped: a click on a text field, a select
//!   or a checkbox (its `check`/`select`/`input` event carries the change);
//!   a second click on the same control within [`DOUBLE_CLICK_MS`] too;
//! - **form submits** are dropped: the click or Enter that sent the form is
//!   the step (kept once);
//! - **navigations** within [`NAV_CAUSE_MS`] of a click or key press were
//!   caused by it: that step is marked `navigates` (replay waits for the
//!   load); any other navigation (typed in the address bar, history) is a
//!   `Navigate` step;
//! - **scrolls** coalesce into one; a scroll before another step is
//!   dropped (acting scrolls its target into view), a final one is kept;
//! - **Tab** presses move focus only and are dropped.
//!
//! Secrets: the content module never reports a password, card or
//! one-time-code value (`value: None`, `secret: Some(kind)`); such a field
//! becomes a parameter marked secret, with no default. Every other typed
//! value becomes a parameter named after its field, the recorded value its
//! default ([`FlowParameter`]), so a sentence can change it.

use super::grammar::generate_patterns;
use super::model::{FlowParameter, FlowScope, FlowSource, FlowStep, ParamType, ScopeKind, StepAction, StepTarget, StepValue, WebFlow, FLOW_VERSION};
use crate::safety::{secret_kind, FieldFacts, SecretKind};
use serde::{Deserialize, Serialize};

/// A navigation this soon after a click or key press was caused by it.
pub const NAV_CAUSE_MS: f64 = 5_000.0;
/// A second click on the same control this soon is a double click.
pub const DOUBLE_CLICK_MS: f64 = 400.0;

/// Roles whose clicks only focus (typing or the change event is the step).
const FIELD_ROLES: &[&str] = &["textbox", "searchbox", "spinbutton", "combobox", "listbox", "slider", "checkbox", "radio", "switch", "option"];

/// One event of the user's, as the content module reports it (or, for
/// `start` and `navigation`, as the worker notes it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RecordedEvent {
    /// Milliseconds since the epoch.
    pub at_ms: f64,
    /// The page it happened on.
    pub url: String,
    #[serde(flatten)]
    pub kind: RecordedKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<StepTarget>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum RecordedKind {
    /// Recording began on `url`; `title` is the page's.
    Start { title: String },
    Click,
    /// A field's value changed; `value` is `None` for a secret field.
    Input {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        value: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        secret: Option<SecretKind>,
    },
    Select { value: String },
    Check { checked: bool },
    Key { key: String },
    Submit,
    Scroll { y: f64 },
    /// The tab's page became `url`.
    Navigation,
}

/// What a recording folds into.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Folded {
    pub steps: Vec<FlowStep>,
    pub parameters: Vec<FlowParameter>,
    /// The title of the page recording started on.
    pub title: String,
}

/// The secret kind a target's field holds, judged by its label (what a
/// stored flow still knows; the content module judged the live field).
pub fn secret_of_target(t: &StepTarget) -> Option<SecretKind> {
    let field = t.role.as_deref().is_some_and(|r| FIELD_ROLES.contains(&r));
    if !field {
        return None;
    }
    secret_kind(&FieldFacts { input_type: None, autocomplete: None, name_or_id: None, label: &t.label })
}

fn same_target(a: Option<&StepTarget>, b: Option<&StepTarget>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => a.selector == b.selector,
        (None, None) => true,
        _ => false,
    }
}

/// Folds `events` (in the order they happened) into steps; see the module docs.
pub fn fold(events: &[RecordedEvent]) -> Folded {
    let mut out = Folded::default();
    // Time of the last click or key step, for navigation causes and double clicks.
    let mut last_act: Option<(f64, usize)> = None;
    let mut url: Option<String> = None;
    for ev in events {
        let last = out.steps.last();
        let same_as_last = last.is_some_and(|s| same_target(s.target.as_ref(), ev.target.as_ref()));
        match &ev.kind {
            RecordedKind::Start { title } => {
                out.title = title.clone();
                url = Some(ev.url.clone());
                out.steps.push(step(StepAction::Navigate { url: ev.url.clone() }, None));
            }
            RecordedKind::Click => {
                let role = ev.target.as_ref().and_then(|t| t.role.as_deref());
                if role.is_some_and(|r| FIELD_ROLES.contains(&r)) {
                    continue;
                }
                let double = same_as_last
                    && matches!(last.map(|s| &s.action), Some(StepAction::Click))
                    && last_act.is_some_and(|(at, _)| ev.at_ms - at <= DOUBLE_CLICK_MS);
                if !double {
                    out.steps.push(step(StepAction::Click, ev.target.clone()));
                }
                last_act = Some((ev.at_ms, out.steps.len() - 1));
            }
            RecordedKind::Input { value, secret } => {
                let value = match (secret, value) {
                    (Some(kind), _) => StepValue::Param(secret_param(&mut out.parameters, *kind, ev.target.as_ref())),
                    (None, Some(text)) => StepValue::Literal(text.clone()),
                    (None, None) => continue,
                };
                let action = StepAction::Type { value };
                match out.steps.last_mut() {
                    Some(s) if same_as_last && matches!(s.action, StepAction::Type { .. }) => s.action = action,
                    _ => out.steps.push(step(action, ev.target.clone())),
                }
            }
            RecordedKind::Select { value } => {
                let action = StepAction::Select { value: StepValue::Literal(value.clone()) };
                match out.steps.last_mut() {
                    Some(s) if same_as_last && matches!(s.action, StepAction::Select { .. }) => s.action = action,
                    _ => out.steps.push(step(action, ev.target.clone())),
                }
            }
            RecordedKind::Check { checked } => {
                let action = StepAction::Check { checked: *checked };
                match out.steps.last_mut() {
                    Some(s) if same_as_last && matches!(s.action, StepAction::Check { .. }) => s.action = action,
                    _ => out.steps.push(step(action, ev.target.clone())),
                }
            }
            RecordedKind::Key { key } => {
                if key == "Tab" {
                    continue;
                }
                out.steps.push(step(StepAction::PressKey { key: key.clone() }, ev.target.clone()));
                last_act = Some((ev.at_ms, out.steps.len() - 1));
            }
            RecordedKind::Submit => {}
            RecordedKind::Scroll { y } => {
                let action = StepAction::Scroll { y: *y };
                match out.steps.last_mut() {
                    Some(s) if same_as_last && matches!(s.action, StepAction::Scroll { .. }) => s.action = action,
                    _ => out.steps.push(step(action, ev.target.clone())),
                }
            }
            RecordedKind::Navigation => {
                if url.as_deref() == Some(ev.url.as_str()) {
                    continue;
                }
                url = Some(ev.url.clone());
                match last_act {
                    Some((at, index)) if ev.at_ms - at <= NAV_CAUSE_MS && !out.steps[index].navigates => out.steps[index].navigates = true,
                    _ => out.steps.push(step(StepAction::Navigate { url: ev.url.clone() }, None)),
                }
                last_act = None;
            }
        }
    }
    drop_scrolls_before_steps(&mut out.steps);
    parameterize(&mut out);
    out
}

fn step(action: StepAction, target: Option<StepTarget>) -> FlowStep {
    FlowStep { action, target, navigates: false }
}

/// Scrolls followed by another step are dropped (that step scrolls its
/// own target into view); a final scroll stays.
fn drop_scrolls_before_steps(steps: &mut Vec<FlowStep>) {
    let n = steps.len();
    let mut index = 0;
    steps.retain(|s| {
        index += 1;
        !(matches!(s.action, StepAction::Scroll { .. }) && index < n)
    });
}

/// A parameter name from a field's label: lower-case words joined by `_`
/// ("Full name" → `full_name`), unique among `taken`.
pub fn param_name(label: &str, taken: &[FlowParameter]) -> String {
    let words: Vec<String> = label
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(4)
        .map(str::to_lowercase)
        .collect();
    let base = if words.is_empty() { "value".to_owned() } else { words.join("_") };
    let mut name = base.clone();
    let mut n = 2;
    while taken.iter().any(|p| p.name == name) {
        name = format!("{base}_{n}");
        n += 1;
    }
    name
}

/// The secret parameter for a field (one per field: typing into it again
/// reuses it).
pub(super) fn secret_param(params: &mut Vec<FlowParameter>, kind: SecretKind, target: Option<&StepTarget>) -> String {
    let label = target.map_or("", |t| t.label.as_str());
    if let Some(p) = params.iter().find(|p| p.secret && p.description == label) {
        return p.name.clone();
    }
    let name = param_name(kind.as_str(), params);
    params.push(FlowParameter {
        name: name.clone(),
        param_type: ParamType::String,
        required: true,
        default: None,
        secret: true,
        secret_kind: Some(kind),
        description: label.to_owned(),
    });
    name
}

/// Typed values become parameters named after their field, the value
/// recorded their default.
pub(super) fn parameterize(out: &mut Folded) {
    for i in 0..out.steps.len() {
        let (StepAction::Type { value: StepValue::Literal(text) }, Some(target)) = (&out.steps[i].action, &out.steps[i].target) else { continue };
        if text.is_empty() {
            continue;
        }
        let (text, label) = (text.clone(), target.label.clone());
        let name = param_name(&label, &out.parameters);
        out.parameters.push(FlowParameter {
            name: name.clone(),
            param_type: if text.trim().parse::<f64>().is_ok() { ParamType::Number } else { ParamType::String },
            required: false,
            default: Some(text),
            secret: false,
            secret_kind: None,
            description: label,
        });
        out.steps[i].action = StepAction::Type { value: StepValue::Param(name) };
    }
}

/// The host of `url` (`shop.test` of `https://shop.test/menu`).
pub fn host_of(url: &str) -> Option<String> {
    let rest = url.split_once("://")?.1;
    let host = rest.split(['/', '?', '#']).next()?;
    let host = host.rsplit('@').next()?;
    (!host.is_empty()).then(|| host.to_lowercase())
}

/// A flow named `name` from a recording (source `recording`, scoped to the
/// sites it visited, its sentences generated by rule).
pub fn flow_from_recording(name: &str, events: &[RecordedEvent]) -> Result<WebFlow, super::FlowError> {
    let folded = fold(events);
    let mut domains: Vec<String> = Vec::new();
    for ev in events {
        if let Some(h) = host_of(&ev.url).filter(|h| !domains.contains(h)) {
            domains.push(h);
        }
    }
    let site = super::grammar::site_name(&folded.title);
    let flow = WebFlow {
        name: name.trim().to_owned(),
        description: match folded.title.is_empty() {
            true => format!("Recorded: {} steps", folded.steps.len()),
            false => format!("Recorded on “{}”: {} steps", folded.title, folded.steps.len()),
        },
        grammar_patterns: generate_patterns(name, site.as_deref(), &folded.parameters),
        parameters: folded.parameters,
        steps: folded.steps,
        scope: FlowScope { kind: ScopeKind::Site, domains },
        source: FlowSource::Recording,
        version: FLOW_VERSION,
        site_name: site,
    };
    flow.check()?;
    Ok(flow)
}
