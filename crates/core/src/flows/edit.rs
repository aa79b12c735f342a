//! The review card's edits after a recording stops (and the flows list's):
//! rename, delete a step, turn a typed value into a parameter or back.
//! Sentences are generated again after each edit (they follow the name
//! and the parameters), and the result is checked (`WebFlow::check`).

use super::grammar::generate_patterns;
use super::model::{FlowError, FlowParameter, ParamType, StepAction, StepValue, WebFlow};
use super::record::param_name;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "edit", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum FlowEdit {
    Rename { name: String },
    /// 0-based.
    DeleteStep { step: usize },
    /// The value step `step` types becomes a parameter (named after its
    /// field unless `name` is given), the value its default.
    MarkParam { step: usize, name: Option<String> },
    /// Step `step` types its parameter's default as a fixed value again.
    UnmarkParam { step: usize },
}

/// `flow` with `edit` applied; an edit that does not fit leaves an error.
pub fn apply(flow: &WebFlow, edit: &FlowEdit) -> Result<WebFlow, FlowError> {
    let mut out = flow.clone();
    match edit {
        FlowEdit::Rename { name } => out.name = name.trim().to_owned(),
        FlowEdit::DeleteStep { step } => {
            if *step < out.steps.len() {
                out.steps.remove(*step);
            }
        }
        FlowEdit::MarkParam { step, name } => {
            let Some(s) = out.steps.get(*step) else { return Ok(out) };
            let (StepAction::Type { value: StepValue::Literal(text) } | StepAction::Select { value: StepValue::Literal(text) }) = &s.action else {
                return Ok(out);
            };
            let label = s.target.as_ref().map_or("", |t| t.label.as_str()).to_owned();
            let wanted = name.clone().filter(|n| !n.trim().is_empty()).unwrap_or_else(|| label.clone());
            let pname = param_name(&wanted, &out.parameters);
            out.parameters.push(FlowParameter {
                name: pname.clone(),
                param_type: ParamType::String,
                required: false,
                default: Some(text.clone()),
                secret: false,
                secret_kind: None,
                description: label,
            });
            set_value(&mut out.steps[*step].action, StepValue::Param(pname));
        }
        FlowEdit::UnmarkParam { step } => {
            let Some(s) = out.steps.get(*step) else { return Ok(out) };
            let (StepAction::Type { value: StepValue::Param(p) } | StepAction::Select { value: StepValue::Param(p) }) = &s.action else {
                return Ok(out);
            };
            let p = p.clone();
            // A secret has no value to fix.
            let Some(default) = out.param(&p).filter(|p| !p.secret).and_then(|p| p.default.clone()) else { return Ok(out) };
            set_value(&mut out.steps[*step].action, StepValue::Literal(default));
            let still_used = out.steps.iter().any(|s| matches!(&s.action, StepAction::Type { value: StepValue::Param(q) } | StepAction::Select { value: StepValue::Param(q) } if *q == p));
            if !still_used {
                out.parameters.retain(|q| q.name != p);
            }
        }
    }
    out.grammar_patterns = generate_patterns(&out.name, out.site_name.as_deref(), &out.parameters);
    out.check()?;
    Ok(out)
}

fn set_value(action: &mut StepAction, value: StepValue) {
    match action {
        StepAction::Type { value: v } | StepAction::Select { value: v } => *v = value,
        _ => {}
    }
}
