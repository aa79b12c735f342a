//! WebFlows in the worker (issue 43): recording ([`recording`]), the
//! saved flows ([`store`]) and replay ([`replay`]). [`route`] runs first
//! for every panel input: `record <name>`, `stop recording`, `run <flow>`,
//! `accept the healed steps`, `save this as a flow` (the last task,
//! [`from_task`]), `continue the flow` (a replay a stopped worker cut off), `let the agent
//! finish` (one whose step failed, [`takeover`]) and any sentence of a saved flow
//! (`bc_core::flows::route`) are handled here, with no model call (but
//! one for a flow just saved, below); so are
//! the site commands action discovery found ([`discovered`]). A flow just
//! saved gets more sentences from the model when one is configured
//! ([`sentences`]).

mod discovered;
mod from_task;
mod recording;
mod replay;
mod requests;
mod sentences;
mod store;
mod takeover;

pub use discovered::offer;
pub use recording::{on_recorded, on_tab_updated, rearm as rearm_recording};
pub use replay::{cut_record, interrupted, reply};
pub use requests::handle;

use crate::command::Stop;
use crate::llm_http::Cancel;
use crate::panel::Connection;
use bc_core::flows::FlowCommand;
use bc_core::protocol::{CopilotError, PanelEvent, RequestId};
use std::rc::Rc;

/// Handles `input` if it is about flows; `false` leaves it to the commands
/// and the agent.
pub async fn route(conn: &Rc<Connection>, id: RequestId, input: &str, cancel: &Cancel, stop: &Rc<Stop>) -> Result<bool, CopilotError> {
    let flows = discovered::runnable().await;
    let Some(command) = bc_core::flows::route(input, &flows) else { return Ok(false) };
    let say = |text: String| conn.post(&PanelEvent::LocalReply { id, text, needs_llm: false });
    match command {
        FlowCommand::Record { name } => say(recording::start(&name).await.unwrap_or_else(|e| e.to_string())),
        FlowCommand::StopRecording => say(match recording::stop().await {
            Ok(recording::Stopped::Saved(flow)) => recording::review(&sentences::add(flow, cancel).await),
            Ok(recording::Stopped::Nothing) => "Nothing is being recorded.".into(),
            Err(e) => e.to_string(),
        }),
        FlowCommand::AcceptHealing => say(replay::accept().await),
        FlowCommand::RememberSite => say(discovered::remember(stop).await.unwrap_or_else(|e| e.to_string())),
        FlowCommand::ForgetSite => say(discovered::forget_here().await.unwrap_or_else(|e| e.to_string())),
        FlowCommand::SaveTask { name } => say(match from_task::save(&name).await {
            Ok(flow) => recording::review(&sentences::add(flow, cancel).await),
            Err(e) => e.to_string(),
        }),
        FlowCommand::Run { name, args } => replay::run(conn, id, &name, args, stop).await,
        FlowCommand::Continue => replay::resume(conn, id, stop).await,
        FlowCommand::Takeover => takeover::run(conn, id, cancel, stop).await?,
    }
    Ok(true)
}
