//! "Let the agent finish" (issue 43 point 3): a replay whose step bound
//! nowhere keeps where it stopped ([`keep`]); the user's sentence starts
//! an agent task on that tab with the goal `bc_core::flows::takeover`
//! writes ([`run`]). One takeover per failure: the record is dropped when
//! the agent starts, and by the next replay.

use super::store;
use crate::command::Stop;
use crate::llm_http::Cancel;
use crate::panel::Connection;
use crate::tabs;
use bc_core::flows::takeover::{goal, offer};
use bc_core::flows::{plan, Stuck};
use bc_core::protocol::{CopilotError, PanelEvent, RequestId};
use std::rc::Rc;

const STUCK_KEY: &str = "flowStuck";

/// Keeps (or, with `None`, drops) the replay that failed; with a model
/// configured, the line offering the takeover of `steps_left` steps.
pub async fn keep(stuck: Option<&Stuck>, steps_left: usize) -> Option<String> {
    store::session_set(STUCK_KEY, stuck).await;
    stuck?;
    let configured = matches!(crate::store::load_settings().await, Ok(Some(_)));
    configured.then(|| offer(steps_left))
}

/// Hands the rest of the failed replay to the agent, on the tab it ran in.
pub async fn run(conn: &Rc<Connection>, id: RequestId, cancel: &Cancel, stop: &Rc<Stop>) -> Result<(), CopilotError> {
    let say = |text: String| conn.post(&PanelEvent::LocalReply { id, text, needs_llm: false });
    let Some(stuck) = store::session_get::<Stuck>(STUCK_KEY).await else {
        say("No flow has stopped at a step for the agent to finish.".into());
        return Ok(());
    };
    let flows = super::discovered::with_offered(store::all().await).await;
    let Some(flow) = bc_core::flows::find(&flows, &stuck.flow) else {
        say(format!("There is no flow called “{}” any more.", stuck.flow));
        return Ok(());
    };
    let steps = match plan(flow, &stuck.args) {
        Ok(steps) => steps,
        Err(e) => {
            say(e.to_string());
            return Ok(());
        }
    };
    let active = tabs::active_tab().await?;
    if active.id != stuck.tab_id {
        say(format!("The flow “{}” stopped in another tab: go back to it and say “{}”.", flow.name, bc_core::flows::takeover::SENTENCE));
        return Ok(());
    }
    let goal = goal(flow, &steps, &stuck);
    store::session_set::<Stuck>(STUCK_KEY, None).await;
    let ran = crate::agent::run(conn, id, &goal, &[], cancel, stop).await;
    if ran.is_err() {
        // The task never started (no endpoint, say): the user may try again.
        store::session_set(STUCK_KEY, Some(&stuck)).await;
    }
    ran
}
