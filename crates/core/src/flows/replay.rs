//! Replay planning and healing (issue 43 point 3). The worker runs a flow
//! step by step through the tool surface; what it decides is here:
//!
//! - [`plan`]: the steps with the run's values filled in (a sentence's
//!   arguments, else the defaults; a secret is asked of the user at run
//!   time, never stored); a required value missing stops before anything
//!   runs.
//! - [`ladder`]: how a step's target is bound at run time. Each rung must
//!   find exactly one element (`dom.resolve`): the recorded role + name
//!   (first as recorded, then without its landmark and `nth`, which
//!   reordered pages break), then the text alternative, then the CSS path,
//!   then a `pcd.query` on the step's label and kind whose hits
//!   [`pick_hit`] judges (fields and boxes, which the query does not
//!   rank, are looked for by the text near them and by each word of their
//!   label). Any
//!   rung past the first is a *heal*, reported with what it bound to; the
//!   flow changes only when the user accepts ([`accept`]).
//! - [`risk`]: the agent's risk rules (`safety::assess`) for a step; a
//!   high-risk step waits for the user's confirmation on replay too.

use super::model::{FlowStep, StepAction, StepTarget, StepValue, WebFlow};
use crate::kind::ActionKind;
use crate::safety::{assess, ActionVerb, RiskVerdict, SecretKind, StepFacts};
use crate::types::{NameMode, RoleSelector};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A value a step types or selects on this run.
#[derive(Clone, PartialEq, Eq)]
pub enum RunValue {
    Text(String),
    /// The user gives it when the step runs (never stored).
    Secret { kind: SecretKind, param: String },
}

impl std::fmt::Debug for RunValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunValue::Text(t) => f.debug_tuple("Text").field(t).finish(),
            RunValue::Secret { kind, param } => write!(f, "Secret({}, {param})", kind.as_str()),
        }
    }
}

/// One step as this run carries it out.
#[derive(Debug, Clone, PartialEq)]
pub struct RunStep {
    pub step: FlowStep,
    pub value: Option<RunValue>,
    /// The step's line in the panel, values filled in.
    pub description: String,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[serde(tag = "code", rename_all = "snake_case", rename_all_fields = "camelCase")]
pub enum ReplayError {
    #[error("the flow “{flow}” needs a value for “{param}”")]
    MissingValue { flow: String, param: String },
    #[error("the flow “{flow}” has no parameter “{param}”")]
    UnknownParam { flow: String, param: String },
    #[error("there is no flow called “{0}”")]
    NoSuchFlow(String),
}

/// The steps of `flow` with `args` filled in (see the module docs).
pub fn plan(flow: &WebFlow, args: &BTreeMap<String, String>) -> Result<Vec<RunStep>, ReplayError> {
    if let Some(unknown) = args.keys().find(|k| flow.param(k).is_none()) {
        return Err(ReplayError::UnknownParam { flow: flow.name.clone(), param: unknown.clone() });
    }
    let missing = |param: &str| ReplayError::MissingValue { flow: flow.name.clone(), param: param.to_owned() };
    flow.steps
        .iter()
        .map(|step| {
            let value = match &step.action {
                StepAction::Type { value } | StepAction::Select { value } => Some(match value {
                    StepValue::Literal(t) => RunValue::Text(t.clone()),
                    StepValue::Param(name) => {
                        let p = flow.param(name).ok_or_else(|| missing(name))?;
                        match (p.secret, args.get(name).or(p.default.as_ref())) {
                            (true, _) => RunValue::Secret { kind: p.secret_kind.unwrap_or(SecretKind::Password), param: name.clone() },
                            (false, Some(v)) => RunValue::Text(v.clone()),
                            (false, None) => return Err(missing(name)),
                        }
                    }
                }),
                _ => None,
            };
            let description = match (&value, &step.action) {
                (Some(RunValue::Text(t)), StepAction::Type { .. } | StepAction::Select { .. }) => {
                    let filled = FlowStep { action: with_literal(&step.action, t), ..step.clone() };
                    filled.describe()
                }
                _ => step.describe(),
            };
            Ok(RunStep { step: step.clone(), value, description })
        })
        .collect()
}

fn with_literal(action: &StepAction, text: &str) -> StepAction {
    let value = StepValue::Literal(text.to_owned());
    match action {
        StepAction::Select { .. } => StepAction::Select { value },
        _ => StepAction::Type { value },
    }
}

/// A rung of the healing ladder.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Rung {
    /// The recorded role + accessible name.
    RoleName,
    Text,
    Css,
    /// `pcd.query` on the label and kind (or a field's nearby text).
    Query,
}

impl Rung {
    pub fn describe(self) -> &'static str {
        match self {
            Rung::RoleName => "role and name",
            Rung::Text => "its text",
            Rung::Css => "its CSS path",
            Rung::Query => "a page search for its label",
        }
    }
}

/// One way to bind a target.
#[derive(Debug, Clone, PartialEq)]
pub enum Attempt {
    /// `dom.resolve` must find exactly one element.
    Resolve { rung: Rung, selector: RoleSelector },
    /// `pcd.query` with this text; [`pick_hit`] chooses.
    Query { text: String },
}

/// Roles of form fields (`pcd.query` ranks actions and forms, not fields).
const FIELD_ROLES: &[&str] = &["textbox", "searchbox", "spinbutton", "combobox", "listbox", "slider", "checkbox", "radio", "switch"];

/// The ladder for `target`, in order (see the module docs).
pub fn ladder(target: &StepTarget) -> Vec<Attempt> {
    let mut out: Vec<Attempt> = Vec::new();
    let mut push = |rung: Rung, selector: RoleSelector| {
        let dup = out.iter().any(|a| matches!(a, Attempt::Resolve { selector: s, .. } if *s == selector));
        if !dup {
            out.push(Attempt::Resolve { rung, selector });
        }
    };
    let primary = &target.selector;
    match primary {
        RoleSelector::Role { .. } | RoleSelector::Near { .. } => {
            push(Rung::RoleName, primary.clone());
            if let RoleSelector::Role { role, name: Some(name), name_mode, .. } = primary {
                let mut loose = RoleSelector::role(role, Some(name), name_mode.unwrap_or(NameMode::Exact));
                if let (RoleSelector::Role { frame_path, .. }, Some(fp)) = (&mut loose, &target.frame_path) {
                    *frame_path = Some(fp.clone());
                }
                push(Rung::RoleName, loose);
            }
        }
        RoleSelector::Text { .. } => push(Rung::Text, primary.clone()),
        RoleSelector::Css { .. } => push(Rung::Css, primary.clone()),
    }
    for alt in target.alt_selectors.iter().filter(|s| matches!(s, RoleSelector::Text { .. })) {
        push(Rung::Text, alt.clone());
    }
    for alt in target.alt_selectors.iter().filter(|s| matches!(s, RoleSelector::Css { .. })) {
        push(Rung::Css, alt.clone());
    }
    let label = target.label.trim();
    if label.is_empty() {
        return out;
    }
    match target.role.as_deref() {
        Some(role) if FIELD_ROLES.contains(&role) => {
            push(Rung::Query, RoleSelector::Near { role: role.to_owned(), label: label.to_owned(), nth: None, frame_path: target.frame_path.clone() });
            // A reworded label keeps some word ("Extra shot" → "Double
            // shot"): each, longest first; binding needs exactly one match.
            for word in words_by_length(label) {
                push(Rung::Query, RoleSelector::role(role, Some(&word), NameMode::Includes));
            }
        }
        _ => out.push(Attempt::Query { text: label.to_owned() }),
    }
    out
}

/// The label's words of 3 characters or more that are not stop words
/// ("your", "the"), longest first (stable).
fn words_by_length(label: &str) -> Vec<String> {
    let mut words: Vec<&str> = label
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 3 && !crate::knowledge::text::is_stop(&w.to_lowercase()))
        .collect();
    words.dedup();
    words.sort_by_key(|w| std::cmp::Reverse(w.chars().count()));
    words.into_iter().map(str::to_owned).collect()
}

fn label_words(s: &str) -> Vec<String> {
    crate::kind::text::words(s)
}

/// Share of the recorded label's words found in `other` (0–1).
pub fn word_overlap(recorded: &str, other: &str) -> f64 {
    let want = label_words(recorded);
    if want.is_empty() {
        return 0.0;
    }
    let have = label_words(other);
    let found = want.iter().filter(|w| have.contains(w)).count();
    found as f64 / want.len() as f64
}

/// A healing hit must carry at least this share of the label's words.
pub const MIN_OVERLAP: f64 = 0.6;

/// The `pcd.query` hit a step's target heals to: of another kind never
/// (when both kinds are known); at least [`MIN_OVERLAP`] of the label's
/// words; the most words, then the best score, then the earliest.
pub fn pick_hit<'a>(target: &StepTarget, hits: &'a [crate::types::QueryHit]) -> Option<&'a crate::types::QueryHit> {
    let mut best: Option<(&crate::types::QueryHit, f64)> = None;
    for hit in hits {
        if let (Some(want), Some(got)) = (&target.kind, &hit.kind) {
            if want != got {
                continue;
            }
        }
        let overlap = word_overlap(&target.label, &hit.label);
        if overlap < MIN_OVERLAP {
            continue;
        }
        let better = best.is_none_or(|(b, o)| overlap > o || (overlap == o && hit.score > b.score));
        if better {
            best = Some((hit, overlap));
        }
    }
    best.map(|(h, _)| h)
}

/// A step that bound through a rung past the first, and what it bound to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Healed {
    /// 0-based index into the flow's steps.
    pub step: usize,
    pub rung: Rung,
    /// The element's new target (from `getDetails`), which [`accept`] stores.
    pub target: StepTarget,
}

impl Healed {
    /// "Step 4 “Add to order” → “Add to your order” (button), found by a page search for its label".
    pub fn describe(&self, old_label: &str) -> String {
        let role = self.target.role.as_deref().map(|r| format!(" ({r})")).unwrap_or_default();
        format!("Step {} “{old_label}” → “{}”{role}, found by {}", self.step + 1, self.target.label, self.rung.describe())
    }
}

/// `flow` with the healed steps' targets replaced (the user accepted).
pub fn accept(flow: &WebFlow, healed: &[Healed]) -> WebFlow {
    let mut out = flow.clone();
    for h in healed {
        if let Some(step) = out.steps.get_mut(h.step) {
            step.target = Some(h.target.clone());
        }
    }
    out
}

/// The risk of running `step` on page `url` (the agent's rules).
pub fn risk(step: &FlowStep, url: &str, title: &str) -> RiskVerdict {
    let verb = match (&step.action, step.navigates) {
        (StepAction::Navigate { .. }, _) => ActionVerb::Navigate,
        (StepAction::Click, _) => ActionVerb::Click,
        (StepAction::Type { .. }, _) => ActionVerb::Type,
        (StepAction::Select { .. }, _) => ActionVerb::Select,
        (StepAction::Check { .. }, _) => ActionVerb::Check,
        (StepAction::PressKey { key }, _) if key == "Enter" => ActionVerb::PressEnter,
        _ => ActionVerb::Other,
    };
    let target = step.target.as_ref();
    let label = target.map_or("", |t| t.label.as_str());
    let kind = target.and_then(|t| t.kind.as_deref()).and_then(|k| k.parse::<ActionKind>().ok());
    assess(&StepFacts { action: verb, label, role: target.and_then(|t| t.role.as_deref()), kind, form_purpose: None, form_submit_label: None, page_url: url, page_title: title })
}
