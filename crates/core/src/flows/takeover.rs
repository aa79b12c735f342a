//! A replay that failed, handed to the agent (issue 43 point 3: "with a
//! model configured the agent may take over from there").
//!
//! A flow replays with no model; when a step binds nowhere even after
//! healing, the replay stops naming that step ([`Stuck`] is what the
//! worker keeps of it). With a model configured the failure ends with an
//! offer ([`offer`]); the user's "let the agent finish" ([`SENTENCE`], the
//! panel's button says it too) starts an agent task whose goal is
//! [`goal`]: what the flow is for, which steps are done (not to be
//! repeated), the step that failed and why, the steps left as recorded,
//! and the values this run was given. The agent then works as for any
//! task — its own perception, risk gates and confirmations — so the
//! takeover is as safe as a typed task, and no secret value enters the
//! goal: a secret parameter is named, and the agent's own secret prompt
//! asks the user when a field needs it.

use super::replay::RunStep;
use super::WebFlow;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What the panel's button sends and the user may type.
pub const SENTENCE: &str = "let the agent finish";

/// A replay stopped by a step that bound nowhere, kept until the next
/// replay or takeover.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Stuck {
    pub flow: String,
    /// The run's values (never a secret: those are asked, not stored).
    pub args: BTreeMap<String, String>,
    /// The index of the step that failed.
    pub at: usize,
    pub why: String,
    pub tab_id: i32,
}

/// The line that ends a failed replay when a model is configured.
pub fn offer(steps_left: usize) -> String {
    let what = match steps_left {
        1 => "its last step".to_owned(),
        n => format!("the {n} steps left"),
    };
    format!("Say “{SENTENCE}” to have the agent do {what} on the page as it is now (it calls the model).")
}

/// The agent's goal for the rest of `flow` (planned as `steps` with the
/// run's `args`) from the failed step `stuck.at`.
pub fn goal(flow: &WebFlow, steps: &[RunStep], stuck: &Stuck) -> String {
    let at = stuck.at.min(steps.len().saturating_sub(1));
    let mut out = format!("Finish the saved flow “{}” in this tab", flow.name);
    match flow.description.trim() {
        "" => out.push_str(".\n"),
        about => out.push_str(&format!(" ({}).\n", about.trim_end_matches('.'))),
    }
    let failed = steps.get(at).map_or("", |s| s.description.as_str());
    out.push_str(&format!(
        "The flow replayed without a model until step {} of {} failed: {failed} — {}.\n",
        at + 1,
        steps.len(),
        stuck.why.trim_end_matches('.')
    ));
    match at {
        0 => {}
        1 => out.push_str("Step 1 is done: do not repeat it.\n"),
        n => out.push_str(&format!("Steps 1–{n} are done: do not repeat them.\n")),
    }
    out.push_str("The page has changed since the flow was recorded; do what these steps meant on the page as it is now:\n");
    for (i, step) in steps.iter().enumerate().skip(at) {
        out.push_str(&format!("{}. {}\n", i + 1, step.description));
    }
    let values: Vec<String> = flow
        .parameters
        .iter()
        .filter(|p| !p.secret)
        .filter_map(|p| stuck.args.get(&p.name).or(p.default.as_ref()).map(|v| format!("{} = {v}", p.name)))
        .collect();
    if !values.is_empty() {
        out.push_str(&format!("Values of this run: {}.\n", values.join(", ")));
    }
    let secrets: Vec<String> = steps[at..]
        .iter()
        .filter_map(|s| match &s.value {
            Some(super::RunValue::Secret { param, .. }) => Some(format!("{{{param}}}")),
            _ => None,
        })
        .collect();
    if !secrets.is_empty() {
        out.push_str(&format!("{} is secret: type {{{{secret}}}} into its field and the user is asked privately; never guess it.\n", secrets.join(", ")));
    }
    out.push_str("When the flow's purpose is done, finish with what happened.");
    out
}
