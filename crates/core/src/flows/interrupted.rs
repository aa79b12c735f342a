//! A replay cut off by a stopped worker (issue 43 point 6). It ends
//! there, saying where, as an agent task does (`Task::end_interrupted`):
//! nothing acts on the page while no panel watches, and nothing is
//! repeated blindly. What was done is kept, so the user can say
//! "continue the flow" to run the rest ([`FlowCommand::Continue`]).
//!
//! The step that was sent to the page when the worker stopped is judged
//! by what it does ([`sent_step`]): setting a field, a choice or a box
//! again is harmless, so it is redone; a click or key that should have
//! left the page and did is done; any other click or key may or may not
//! have happened, which the user is told to check.
//!
//! [`FlowCommand::Continue`]: super::FlowCommand::Continue

use super::replay::RunStep;
use super::StepAction;

/// What became of a step the worker had sent when it stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sent {
    /// Safe to run again (same value, same page).
    Redo,
    /// It took effect (the page it led to is showing).
    Done,
    /// A click or key whose effect cannot be seen from here.
    Unknown,
}

/// Judges the step `run` sent from `url_before` now that the tab shows `url_now`.
pub fn sent_step(run: &RunStep, url_before: &str, url_now: &str) -> Sent {
    match &run.step.action {
        StepAction::Navigate { url } if same_page(url_now, url) => Sent::Done,
        StepAction::Navigate { .. } | StepAction::Type { .. } | StepAction::Select { .. } | StepAction::Check { .. } | StepAction::Scroll { .. } => Sent::Redo,
        StepAction::Click | StepAction::PressKey { .. } if run.step.navigates && !same_page(url_now, url_before) => Sent::Done,
        StepAction::Click | StepAction::PressKey { .. } => Sent::Unknown,
    }
}

/// Same origin and path (the query and fragment may differ).
pub fn same_page(a: &str, b: &str) -> bool {
    let cut = |u: &str| u.split(['?', '#']).next().unwrap_or("").trim_end_matches('/').to_owned();
    cut(a) == cut(b)
}

/// Where a cut-off replay stands: the step to continue from and what to
/// tell the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CutOff {
    /// The first step "continue the flow" runs (`steps.len()`: none left).
    pub resume_at: usize,
    pub message: String,
}

/// The replay of `flow` over `steps` stopped with `next` steps done and,
/// if the worker had sent step `next` already, that step judged `sent`.
pub fn cut_off(flow: &str, steps: &[RunStep], next: usize, sent: Option<Sent>) -> CutOff {
    let done = next + usize::from(sent == Some(Sent::Done));
    let resume_at = done.min(steps.len());
    let last = match done.checked_sub(1).and_then(|i| steps.get(i)) {
        Some(step) => format!(" after step {done} (“{}”)", step.description),
        None => " before its first step".to_owned(),
    };
    let mut message = format!("The browser stopped the copilot during the flow “{flow}”{last}, so the flow ended there; nothing was repeated.");
    if sent == Some(Sent::Unknown) {
        if let Some(step) = steps.get(next) {
            message.push_str(&format!(
                " Step {} (“{}”) had been sent to the page, but whether it took effect is not known: check the page first.",
                next + 1,
                step.description
            ));
        }
    }
    match steps.len() - resume_at {
        0 => {}
        1 => message.push_str(" Say “continue the flow” to run its last step."),
        left => message.push_str(&format!(" Say “continue the flow” to run the {left} steps left.")),
    }
    CutOff { resume_at, message }
}
