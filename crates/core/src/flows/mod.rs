//! WebFlows (issue 43 points 1–3; seed 004 §3): record what the user does
//! once, replay it without a model, heal when the page changed.
//!
//! - `model`: [`WebFlow`] and its steps, with the seed's JSON names; the
//!   invariant that no secret value is ever part of a flow.
//! - `record`: the content module's [`RecordedEvent`]s folded into steps
//!   and parameters ([`fold`], [`flow_from_recording`]).
//! - `grammar`: sentences generated for a flow and matched against what
//!   the user types; `record`/`stop recording`/`run` ([`route`]).
//! - `sentences`: more sentences for a flow, written by the model and
//!   checked by rules.
//! - `replay`: run values, the healing ladder, hit choice, risk.
//! - `interrupted`: a replay a stopped worker cut off, and where it
//!   may continue.
//! - `takeover`: a replay whose step failed, handed to the agent.
//! - `from_task`: a task the agent carried out, saved as a flow.
//! - `edit`: the review card's edits; `io`: JSON export and import.
//! - `discover`: a page's capabilities from its MiniPCD, as suggestions
//!   and as site commands (flows of source `discovered`; issue 43 point 5).
//!
//! The worker (`bc-background`'s `flows/`) keeps recordings and flows in
//! storage and runs replays through the tool surface; the content module
//! (`bc-content`'s `record.rs`) reports the user's own events.

pub mod discover;
pub mod edit;
pub mod from_task;
pub mod grammar;
pub mod interrupted;
pub mod io;
pub mod model;
pub mod record;
pub mod replay;
pub mod sentences;
pub mod takeover;

#[cfg(test)]
mod discover_tests;
#[cfg(test)]
mod from_task_tests;
#[cfg(test)]
mod sentences_tests;
#[cfg(test)]
mod takeover_tests;
#[cfg(test)]
mod tests;

pub use discover::{applicable, discover, without_site, CapabilityKind, Discovery, Suggestion};
pub use edit::{apply, FlowEdit};
pub use from_task::flow_from_task;
pub use grammar::{find, generate_patterns, match_sentence, route, FlowCommand, FlowMatch};
pub use interrupted::{cut_off, same_page, sent_step, CutOff, Sent};
pub use io::{export, import, ImportError};
pub use model::{FlowError, FlowParameter, FlowScope, FlowSource, FlowStep, ParamType, ScopeKind, StepAction, StepTarget, StepValue, WebFlow, FLOW_VERSION};
pub use record::{flow_from_recording, fold, Folded, RecordedEvent, RecordedKind};
pub use takeover::Stuck;
pub use replay::{accept, ladder, pick_hit, plan, risk, Attempt, Healed, ReplayError, Rung, RunStep, RunValue};
