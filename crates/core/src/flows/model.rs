//! The WebFlow type (issue 43 point 2; seed 004 §3 "WebFlow definition"),
//! serialised with the seed's JSON names (`grammarPatterns`, `scope.type`,
//! …). Steps replace the seed's `script`: a flow is data, replayed by the
//! worker through the tool surface, never code.
//!
//! Invariant: a parameter marked `secret` never has a `default`, and a
//! step typing a secret refers to its parameter: no password, card or
//! one-time-code value is ever part of a flow (checked by
//! [`WebFlow::check`], which import and save run).

use crate::safety::SecretKind;
use crate::types::{Landmark, RoleSelector};
use serde::{Deserialize, Serialize};

/// The current format; [`crate::flows::io`] refuses newer ones.
pub const FLOW_VERSION: u32 = 1;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WebFlow {
    /// The user's name for it ("order coffee"); unique in the store.
    pub name: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub parameters: Vec<FlowParameter>,
    pub steps: Vec<FlowStep>,
    /// Sentences that run the flow (`{param}` captures a parameter;
    /// `[a|b]` optional words, `(a|b)` alternatives; `command::pattern`).
    #[serde(default)]
    pub grammar_patterns: Vec<String>,
    pub scope: FlowScope,
    pub source: FlowSource,
    pub version: u32,
    /// Beyond the fields: the site's name as its pages title it
    /// ("Bean There Coffee Shop"), from which sentences are generated again
    /// after a rename.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub site_name: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FlowParameter {
    /// Lower-case words joined by `_` ("drink", "full_name").
    pub name: String,
    #[serde(rename = "type")]
    pub param_type: ParamType,
    pub required: bool,
    /// Used when a sentence does not give the value; never set for secrets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub secret: bool,
    /// For a secret: which kind, so replay asks for the right value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret_kind: Option<SecretKind>,
    /// The field it fills ("Drink"), for the panel.
    #[serde(default)]
    pub description: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ParamType {
    String,
    Number,
    Boolean,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FlowScope {
    #[serde(rename = "type")]
    pub kind: ScopeKind,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub domains: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ScopeKind {
    Site,
    Global,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FlowSource {
    Recording,
    Task,
    Manual,
    /// Found on a page by action discovery (`discover`): a site command.
    Discovered,
}

/// One replayable step: what to do, on what.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FlowStep {
    #[serde(flatten)]
    pub action: StepAction,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<StepTarget>,
    /// The click (or key) led to another page: replay waits for the load
    /// instead of navigating itself.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub navigates: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum StepAction {
    /// Go to `url` (the page the recording started on, or one the user
    /// typed); skipped on replay when the tab already shows that page.
    Navigate { url: String },
    Click,
    Type { value: StepValue },
    Select { value: StepValue },
    Check { checked: bool },
    /// `Enter`, `Escape`, `ArrowDown`, …
    PressKey { key: String },
    /// The page (no target) or the target scrolled to `y` px.
    Scroll { y: f64 },
}

/// A typed or selected value: as recorded, or a parameter's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum StepValue {
    Literal(String),
    Param(String),
}

/// The element a step acts on: a role-based selector first (role +
/// accessible name + landmark, as `getDetails` picks it), its text and
/// CSS alternatives, and what `pcd.query` heals with (label and kind).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StepTarget {
    pub selector: RoleSelector,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alt_selectors: Vec<RoleSelector>,
    /// The ARIA role (`button`, `textbox`, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    /// The accessible name, or the visible label of a field.
    #[serde(default)]
    pub label: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub landmark: Option<Landmark>,
    /// The MiniPCD action kind (`add_to_cart`, `submit`, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frame_path: Option<Vec<String>>,
}

/// Why a flow is not acceptable as it is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[serde(tag = "code", rename_all = "snake_case", rename_all_fields = "camelCase")]
pub enum FlowError {
    #[error("a flow needs a name")]
    NoName,
    #[error("the flow “{name}” has no steps")]
    NoSteps { name: String },
    #[error("step {step} uses parameter “{param}”, which the flow does not declare")]
    UnknownParam { step: usize, param: String },
    #[error("the secret parameter “{param}” has a stored value; secrets are never kept in a flow")]
    SecretValue { param: String },
    #[error("step {step} types into a {kind} field a value kept in the flow; it must be a secret parameter")]
    SecretLiteral { step: usize, kind: String },
    #[error("only a task that succeeded can be saved as a flow; this one {status}")]
    TaskNotDone { status: String },
    #[error("grammar pattern “{pattern}” does not compile: {detail}")]
    BadPattern { pattern: String, detail: String },
}

impl WebFlow {
    /// The parameter called `name`.
    pub fn param(&self, name: &str) -> Option<&FlowParameter> {
        self.parameters.iter().find(|p| p.name == name)
    }

    /// Checks the invariants (see the module docs); the first breach.
    pub fn check(&self) -> Result<(), FlowError> {
        if self.name.trim().is_empty() {
            return Err(FlowError::NoName);
        }
        if self.steps.is_empty() {
            return Err(FlowError::NoSteps { name: self.name.clone() });
        }
        if let Some(p) = self.parameters.iter().find(|p| p.secret && p.default.is_some()) {
            return Err(FlowError::SecretValue { param: p.name.clone() });
        }
        for (i, step) in self.steps.iter().enumerate() {
            let value = match &step.action {
                StepAction::Type { value } | StepAction::Select { value } => value,
                _ => continue,
            };
            match value {
                StepValue::Param(name) if self.param(name).is_none() => {
                    return Err(FlowError::UnknownParam { step: i + 1, param: name.clone() });
                }
                StepValue::Literal(text) => {
                    if let Some(kind) = step.target.as_ref().and_then(super::record::secret_of_target).or_else(|| crate::safety::looks_like_secret_value(text)) {
                        return Err(FlowError::SecretLiteral { step: i + 1, kind: kind.as_str().to_owned() });
                    }
                }
                StepValue::Param(_) => {}
            }
        }
        for pattern in &self.grammar_patterns {
            let names: Vec<&str> = self.parameters.iter().map(|p| p.name.as_str()).collect();
            if let Err(e) = crate::command::pattern::Pattern::compile_with_params(pattern, &names) {
                return Err(FlowError::BadPattern { pattern: pattern.clone(), detail: e.to_string() });
            }
        }
        Ok(())
    }

    /// The origin of the page the flow starts on, when it has one.
    pub fn start_url(&self) -> Option<&str> {
        self.steps.iter().find_map(|s| match &s.action {
            StepAction::Navigate { url } => Some(url.as_str()),
            _ => None,
        })
    }
}

impl StepAction {
    /// The verb, for descriptions and risk rules.
    pub fn verb(&self) -> &'static str {
        match self {
            StepAction::Navigate { .. } => "Open",
            StepAction::Click => "Click",
            StepAction::Type { .. } => "Type into",
            StepAction::Select { .. } => "Choose in",
            StepAction::Check { checked: true } => "Check",
            StepAction::Check { checked: false } => "Uncheck",
            StepAction::PressKey { .. } => "Press",
            StepAction::Scroll { .. } => "Scroll",
        }
    }
}

impl FlowStep {
    /// One line for the panel: "Click “Add to order” (button)",
    /// "Type {drink} into “Drink”".
    pub fn describe(&self) -> String {
        let on = self.target.as_ref().map(|t| match &t.role {
            Some(role) => format!("“{}” ({role})", t.label),
            None => format!("“{}”", t.label),
        });
        let on = on.unwrap_or_else(|| "the page".to_owned());
        match &self.action {
            StepAction::Navigate { url } => format!("Open {url}"),
            StepAction::Type { value } => format!("Type {} into {on}", value.shown()),
            StepAction::Select { value } => format!("Choose {} in {on}", value.shown()),
            StepAction::PressKey { key } => match &self.target {
                Some(_) => format!("Press {key} in {on}"),
                None => format!("Press {key}"),
            },
            StepAction::Scroll { y } => format!("Scroll {on} to {y:.0} px"),
            other => format!("{} {on}", other.verb()),
        }
    }
}

impl StepValue {
    /// `{drink}` or the text in quotes.
    pub fn shown(&self) -> String {
        match self {
            StepValue::Literal(t) => format!("“{t}”"),
            StepValue::Param(p) => format!("{{{p}}}"),
        }
    }
}
