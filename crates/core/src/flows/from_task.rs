//! A task the agent carried out, saved as a flow (issue 43 point 2: "a
//! successful agent task can be saved as a flow"), so the next time runs
//! with no model call. The flow is the task's acting steps that worked,
//! in order, bound as they were bound then:
//!
//! - the page the task started on is the first step (`Navigate`, skipped
//!   on replay when the tab is already there);
//! - clicks, typing, selects, checks and key presses that ended `ok` become
//!   steps on the element the worker used (the selector that finally
//!   worked first, the one bound before it as an alternative); reads
//!   (listing, queries, extraction, waits), scrolls (acting scrolls into
//!   view) and steps that failed, were refused or skipped are left out;
//! - a step after which the page's address changed `navigates` (replay
//!   waits for the load); `nav.go`/`tabs.open` become `Navigate` steps;
//! - typing into the same field again keeps the last value; typing with
//!   `submit` is the typing and an Enter on the field; `dom.submit` of a
//!   form is an Enter on the field typed last (a flow has no form step);
//! - **the values the user gave become parameters**: every typed value
//!   (named after its field, the value its default, as recordings are),
//!   and a chosen option the user's own words named; a secret the agent
//!   typed (`{{secret}}`, `{{secret:…}}`) is a secret parameter, asked on every run and
//!   never stored.

use super::grammar::{generate_patterns, site_name, words};
use super::model::{FlowError, FlowScope, FlowSource, FlowStep, ScopeKind, StepAction, StepTarget, StepValue, WebFlow, FLOW_VERSION};
use super::record::{host_of, param_name, parameterize, secret_of_target, secret_param, Folded};
use crate::agent::task::Turn;
use crate::agent::{StepRecord, StepStatus, Task, TaskStatus};
use crate::agent::gates::secret_asked;
use crate::command::exact_any_case_label;
use crate::safety::parse_placeholder;
use crate::tools::ToolCall;
use crate::types::{NameMode, RoleSelector};

/// A flow named `name` (empty: from the goal's first words) from `task`.
pub fn flow_from_task(name: &str, task: &Task) -> Result<WebFlow, FlowError> {
    if task.status != TaskStatus::Succeeded {
        let status = match task.status {
            TaskStatus::Failed => "failed",
            TaskStatus::Cancelled => "was stopped",
            _ => "has not ended",
        };
        return Err(FlowError::TaskNotDone { status: status.to_owned() });
    }
    let name = match name.trim() {
        "" => default_name(&task.goal),
        n => n.to_owned(),
    };
    let mut out = Folded { title: task.start_title.clone().unwrap_or_default(), ..Folded::default() };
    if let Some(url) = &task.start_url {
        out.steps.push(plain(StepAction::Navigate { url: url.clone() }, None));
    }
    for record in task.steps.iter().filter(|s| s.status == StepStatus::Ok) {
        let Some(call) = &record.call else { continue };
        add(&mut out, record, call);
    }
    parameterize(&mut out);
    parameterize_choices(&mut out, &user_words(task));
    // In the order the steps use them: a flow's sentence takes the first.
    let first_use = |name: &str| {
        out.steps.iter().position(|s| matches!(&s.action, StepAction::Type { value: StepValue::Param(p) } | StepAction::Select { value: StepValue::Param(p) } if p == name))
    };
    let mut parameters = std::mem::take(&mut out.parameters);
    parameters.sort_by_key(|p| first_use(&p.name));
    out.parameters = parameters;
    let mut domains: Vec<String> = Vec::new();
    let opened = out.steps.iter().filter_map(|s| match &s.action {
        StepAction::Navigate { url } => Some(url),
        _ => None,
    });
    let seen = task.steps.iter().filter(|s| s.status == StepStatus::Ok).filter_map(|s| s.observation.as_ref().map(|o| &o.url));
    for url in opened.chain(seen) {
        if let Some(h) = host_of(url).filter(|h| !domains.contains(h)) {
            domains.push(h);
        }
    }
    let site = site_name(&out.title);
    let flow = WebFlow {
        description: format!("From the task “{}”: {} steps", task.goal, out.steps.len()),
        grammar_patterns: generate_patterns(&name, site.as_deref(), &out.parameters),
        name,
        parameters: out.parameters,
        steps: out.steps,
        scope: FlowScope { kind: ScopeKind::Site, domains },
        source: FlowSource::Task,
        version: FLOW_VERSION,
        site_name: site,
    };
    // Only the start page: nothing was done that a replay could repeat.
    if !flow.steps.iter().any(|s| s.target.is_some()) {
        return Err(FlowError::NoSteps { name: flow.name });
    }
    flow.check()?;
    Ok(flow)
}

/// One recorded step's share of the flow.
fn add(out: &mut Folded, record: &StepRecord, call: &ToolCall) {
    let navigated = record.observation.as_ref().and_then(|o| o.url_changed) == Some(true);
    let target = |selector: &RoleSelector| Some(target_of(record, selector));
    let step = match call {
        ToolCall::DomClick { selector, .. } => plain(StepAction::Click, target(selector)),
        ToolCall::DomType { selector, text, submit, .. } => {
            let field = target(selector);
            // A bare `{{secret}}` is asked by the field's kind (`gates`).
            let kind = parse_placeholder(text)
                .or_else(|| secret_asked(text).map(|fallback| field.as_ref().and_then(secret_of_target).unwrap_or(fallback)));
            let value = match kind {
                Some(kind) => StepValue::Param(secret_param(&mut out.parameters, kind, field.as_ref())),
                None => StepValue::Literal(text.clone()),
            };
            push_field_step(out, plain(StepAction::Type { value }, field.clone()));
            if *submit != Some(true) {
                return;
            }
            plain(StepAction::PressKey { key: "Enter".into() }, field)
        }
        ToolCall::DomSelect { selector, value, .. } => {
            let step = plain(StepAction::Select { value: StepValue::Literal(value.clone()) }, target(selector));
            return push_field_step(out, step);
        }
        ToolCall::DomCheck { selector, checked, .. } => {
            let step = plain(StepAction::Check { checked: checked.unwrap_or(true) }, target(selector));
            return push_field_step(out, step);
        }
        ToolCall::DomPressKey { key, selector, .. } => plain(StepAction::PressKey { key: key.clone() }, selector.as_ref().and_then(|s| target(s))),
        ToolCall::DomSubmit { .. } => {
            let Some(field) = out.steps.iter().rev().find(|s| matches!(s.action, StepAction::Type { .. })) else { return };
            plain(StepAction::PressKey { key: "Enter".into() }, field.target.clone())
        }
        ToolCall::NavGo { url, .. } | ToolCall::TabsOpen { url, .. } => {
            return out.steps.push(plain(StepAction::Navigate { url: url.clone() }, None));
        }
        _ => return,
    };
    out.steps.push(FlowStep { navigates: navigated, ..step });
}

/// Typing, choosing or checking the same field again keeps the last.
fn push_field_step(out: &mut Folded, step: FlowStep) {
    let same = |s: &FlowStep| s.target.as_ref().map(|t| &t.selector) == step.target.as_ref().map(|t| &t.selector);
    let kind = std::mem::discriminant(&step.action);
    match out.steps.last_mut() {
        Some(last) if same(last) && std::mem::discriminant(&last.action) == kind => *last = step,
        _ => out.steps.push(step),
    }
}

fn plain(action: StepAction, target: Option<StepTarget>) -> FlowStep {
    FlowStep { action, target, navigates: false }
}

/// The element a step acted on: the selector that finally worked first,
/// the one bound before it as the alternative. Role, label and landmark
/// come from whichever of the two names the element (a CSS path does not).
fn target_of(record: &StepRecord, bound: &RoleSelector) -> StepTarget {
    let (selector, alt_selectors) = match &record.used_selector {
        Some(used) if used != bound => (used.clone(), vec![bound.clone()]),
        _ => (bound.clone(), Vec::new()),
    };
    let named = |s: &RoleSelector| match s {
        RoleSelector::Role { role, name, name_mode, within_landmark, .. } => {
            let name = name.as_deref().unwrap_or_default();
            let label = match name_mode {
                // The agent's field binding: `/^\s*Email\s*$/i` is “Email”.
                Some(NameMode::Regex) => exact_any_case_label(name).unwrap_or_default(),
                _ => name.to_owned(),
            };
            Some((Some(role.clone()), label, *within_landmark))
        }
        RoleSelector::Near { role, label, .. } => Some((Some(role.clone()), label.clone(), None)),
        RoleSelector::Text { text, within_landmark, .. } => Some((None, text.clone(), *within_landmark)),
        RoleSelector::Css { .. } => None,
    };
    let (role, label, landmark) = named(&selector).or_else(|| named(bound)).unwrap_or((None, String::new(), None));
    // Nothing names it: the step's own line does ("Click “Go” (button)").
    let label = if label.is_empty() { quoted(&record.description).unwrap_or_default() } else { label };
    let frame_path = match &selector {
        RoleSelector::Role { frame_path, .. } | RoleSelector::Near { frame_path, .. } | RoleSelector::Text { frame_path, .. } | RoleSelector::Css { frame_path, .. } => frame_path.clone(),
    };
    StepTarget { selector, alt_selectors, role, label, landmark, kind: None, frame_path }
}

/// The first “quoted” part of a step's description.
fn quoted(text: &str) -> Option<String> {
    let (_, rest) = text.split_once('“')?;
    let (inner, _) = rest.split_once('”')?;
    Some(inner.to_owned())
}

/// What the user wrote to the task (its goal and their answers) as its
/// words between spaces, for whole-word matches.
fn user_words(task: &Task) -> String {
    let answers = task.turns.iter().filter_map(|t| match t {
        Turn::User { text } => Some(text.as_str()),
        _ => None,
    });
    let text = std::iter::once(task.goal.as_str()).chain(answers).collect::<Vec<_>>().join("\n");
    format!(" {} ", words(&text).join(" "))
}

/// A chosen option the user's own words named is a value of theirs: a
/// parameter (default: that option), so a sentence can choose another.
fn parameterize_choices(out: &mut Folded, said: &str) {
    for i in 0..out.steps.len() {
        let (StepAction::Select { value: StepValue::Literal(text) }, Some(target)) = (&out.steps[i].action, &out.steps[i].target) else { continue };
        let key = format!(" {} ", words(text).join(" "));
        if key.trim().is_empty() || !said.contains(&key) {
            continue;
        }
        let name = param_name(&target.label, &out.parameters);
        out.parameters.push(super::model::FlowParameter {
            name: name.clone(),
            param_type: super::model::ParamType::String,
            required: false,
            default: Some(text.clone()),
            secret: false,
            secret_kind: None,
            description: target.label.clone(),
        });
        out.steps[i].action = StepAction::Select { value: StepValue::Param(name) };
    }
}

/// A name from the goal: its first six words, lower case, without a
/// withheld secret's placeholder.
fn default_name(goal: &str) -> String {
    let mut text = goal.to_owned();
    while let (Some(start), Some(len)) = (text.find("{{"), text.find("{{").and_then(|s| text[s..].find("}}"))) {
        text.replace_range(start..start + len + 2, " ");
    }
    let kept: Vec<String> = words(&text).into_iter().take(6).collect();
    if kept.is_empty() {
        "saved task".to_owned()
    } else {
        kept.join(" ")
    }
}
