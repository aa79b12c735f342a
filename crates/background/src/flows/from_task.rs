//! "Save this as a flow" (issue 43 point 2): the newest task in the
//! history that succeeded (the panel offers "Save as a flow" under those
//! only; a later task that failed or was stopped is passed over) becomes
//! a flow by
//! `bc_core::flows::flow_from_task` and is stored like a recording; the
//! panel shows the same review.

use super::store;
use bc_core::agent::TaskStatus;
use bc_core::flows::{flow_from_task, FlowError, WebFlow};

/// Why nothing was saved; each says what to do, for the panel.
#[derive(Debug)]
pub enum SaveError {
    NoTask,
    Gone { id: String },
    NotAFlow { goal: String, why: FlowError },
}

impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SaveError::NoTask => f.write_str("There is no task that succeeded to save yet: ask me to do something on a page, then say “save this as a flow”."),
            SaveError::Gone { id } => write!(f, "The task {id} is no longer in the history."),
            SaveError::NotAFlow { goal, why } => write!(f, "“{goal}” was not saved as a flow: {why}."),
        }
    }
}

/// Saves the newest task that succeeded as flow `name` (empty: named from its goal).
pub async fn save(name: &str) -> Result<WebFlow, SaveError> {
    let id = crate::store::task_briefs()
        .await
        .into_iter()
        .filter(|b| b.status == TaskStatus::Succeeded)
        .max_by(|a, b| a.created_at.total_cmp(&b.created_at))
        .map(|b| b.id)
        .ok_or(SaveError::NoTask)?;
    let task = crate::store::load_task(&id).await.ok_or(SaveError::Gone { id })?;
    let flow = flow_from_task(name, &task).map_err(|why| SaveError::NotAFlow { goal: task.goal.clone(), why })?;
    store::put(flow.clone()).await;
    Ok(flow)
}
