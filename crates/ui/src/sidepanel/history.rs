//! The task history's state and requests, kept apart from its views
//! (`history_view.rs`): which screen the panel shows, the list of past
//! tasks (`ListTasks`, `ClearTasks`), the task opened read-only
//! (`GetTask`), and the export of a task as a JSON file.
//!
//! Replies that arrive after the user moved on (a list asked for before
//! a newer one, a task opened before another) are dropped, so the
//! screen always shows what was asked last.

use super::task::TaskState;
use crate::client::{Client, Failure, Reply};
use bc_core::agent::task::TaskBrief;
use bc_core::agent::Task;
use bc_core::protocol::{CopilotError, PanelRequest, RequestId};
use leptos::prelude::*;

/// What the side panel shows below its header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    /// The conversation and the composer.
    Chat,
    /// The task history (a list, or one task opened from it).
    History,
    /// Recorded flows (`flows.rs`).
    Flows,
}

/// A past task opened from the list.
#[derive(Debug, Clone, PartialEq)]
pub struct OpenedTask {
    pub task_id: String,
    /// The goal as the list showed it, until the task itself arrives.
    pub goal: String,
    /// The stored task, once the worker sent it.
    pub record: Option<Box<Task>>,
    /// Why it could not be loaded.
    pub error: Option<String>,
}

impl OpenedTask {
    /// The task as the task view's components show it.
    pub fn shown(&self) -> Option<TaskState> {
        self.record.as_deref().map(TaskState::from_record)
    }
}

/// The history's state. `Copy`: every field is a reactive handle.
#[derive(Clone, Copy)]
pub struct History {
    client: StoredValue<Client, LocalStorage>,
    pub screen: RwSignal<Screen>,
    /// Newest first; `None` until the first list arrives.
    pub tasks: RwSignal<Option<Vec<TaskBrief>>>,
    /// Why the list could not be loaded or cleared, or a task exported.
    pub error: RwSignal<Option<String>>,
    /// `ClearTasks` is on its way.
    pub clearing: RwSignal<bool>,
    /// The task shown read-only, if one was opened.
    pub opened: RwSignal<Option<OpenedTask>>,
    /// Tasks whose export waits for the worker.
    pub exporting: RwSignal<Vec<String>>,
    /// What exploring learnt of sites (`ListSiteGraphs`), newest first.
    pub graphs: RwSignal<Vec<bc_core::explore::SiteGraph>>,
    /// The last list request: older answers are stale.
    latest_list: StoredValue<RequestId>,
}

impl History {
    pub fn new(client: Client) -> Self {
        History {
            client: StoredValue::new_local(client),
            screen: RwSignal::new(Screen::Chat),
            tasks: RwSignal::new(None),
            error: RwSignal::new(None),
            clearing: RwSignal::new(false),
            opened: RwSignal::new(None),
            exporting: RwSignal::new(Vec::new()),
            graphs: RwSignal::new(Vec::new()),
            latest_list: StoredValue::new(0),
        }
    }

    /// Shows the list of past tasks, fetched afresh (a task may have
    /// ended since it was last shown).
    pub fn show(self) {
        self.opened.set(None);
        self.error.set(None);
        self.screen.set(Screen::History);
        self.list(|id| PanelRequest::ListTasks { id });
    }

    /// Asks for the site graphs (shown under the tasks, on request: the
    /// history opens with one request, the tasks).
    pub fn site_graphs(self) {
        self.client.with_value(|client| {
            let id = client.next_id();
            client.send(PanelRequest::ListSiteGraphs { id }, move |reply| {
                if let Reply::SiteGraphs(graphs) = reply {
                    let _ = self.graphs.try_set(graphs);
                }
            });
        });
    }

    /// Back to the conversation, as it was left.
    pub fn show_chat(self) {
        self.screen.set(Screen::Chat);
    }

    /// Forgets every finished task; the worker answers with what is left
    /// (a task still running stays).
    pub fn clear(self) {
        if self.clearing.get_untracked() {
            return;
        }
        self.clearing.set(true);
        self.opened.set(None);
        self.list(|id| PanelRequest::ClearTasks { id });
        // Clearing the history forgets the site graphs too.
        self.graphs.set(Vec::new());
    }

    /// Opens task `task_id` read-only.
    pub fn open(self, task_id: String, goal: String) {
        self.error.set(None);
        self.opened.set(Some(OpenedTask {
            task_id: task_id.clone(),
            goal,
            record: None,
            error: None,
        }));
        self.fetch(task_id.clone(), move |result| {
            self.opened.update(|opened| match opened {
                Some(opened) if opened.task_id == task_id => match result {
                    Ok(task) => opened.record = Some(task),
                    Err(failure) => opened.error = Some(failure.to_string()),
                },
                // Another task was opened meanwhile, or the list shown.
                _ => {}
            });
        });
    }

    /// Back from an opened task to the list.
    pub fn close_task(self) {
        self.error.set(None);
        self.opened.set(None);
    }

    /// Saves task `task_id` as `task-….json`: at once when it is the
    /// opened one, else once the worker sent it.
    pub fn export(self, task_id: String) {
        let loaded = self.opened.with_untracked(|opened| {
            opened
                .as_ref()
                .filter(|o| o.task_id == task_id)
                .and_then(|o| o.record.clone())
        });
        if let Some(task) = loaded {
            self.save(&task);
            return;
        }
        if self.is_exporting_untracked(&task_id) {
            return;
        }
        self.exporting.update(|ids| ids.push(task_id.clone()));
        let done = task_id.clone();
        self.fetch(task_id, move |result| {
            self.exporting.update(|ids| ids.retain(|id| *id != done));
            match result {
                Ok(task) => self.save(&task),
                Err(failure) => self
                    .error
                    .set(Some(format!("Could not export the task: {failure}"))),
            }
        });
    }

    /// Whether task `task_id`'s export waits for the worker (tracked).
    pub fn is_exporting(self, task_id: &str) -> bool {
        self.exporting
            .with(|ids| ids.iter().any(|id| id == task_id))
    }

    fn is_exporting_untracked(self, task_id: &str) -> bool {
        self.exporting
            .with_untracked(|ids| ids.iter().any(|id| id == task_id))
    }

    fn save(self, task: &Task) {
        if let Err(message) = super::download::save_json(&export_file_name(&task.id), task) {
            self.error
                .set(Some(format!("Could not export the task: {message}")));
        }
    }

    /// Sends a request answered with the list (`ListTasks`, `ClearTasks`).
    fn list(self, request: impl FnOnce(RequestId) -> PanelRequest) {
        self.client.with_value(|client| {
            let id = client.next_id();
            self.latest_list.set_value(id);
            client.send(request(id), move |reply| {
                let Some(latest) = self.latest_list.try_get_value() else {
                    return; // The panel is gone.
                };
                self.clearing.set(false);
                if latest != id {
                    return;
                }
                match reply {
                    Reply::Tasks(tasks) => {
                        self.tasks.set(Some(tasks));
                        self.error.set(None);
                    }
                    Reply::Failed(failure) => self.error.set(Some(failure.to_string())),
                    other => self.error.set(Some(unexpected(&other).to_string())),
                }
            });
        });
    }

    /// Asks for one stored task.
    fn fetch(self, task_id: String, done: impl Fn(Result<Box<Task>, Failure>) + 'static) {
        self.client.with_value(|client| {
            let id = client.next_id();
            client.send(
                PanelRequest::GetTask { id, task_id },
                move |reply| match reply {
                    Reply::TaskRecord(task) => done(Ok(task)),
                    Reply::Failed(failure) => done(Err(failure)),
                    other => done(Err(unexpected(&other))),
                },
            );
        });
    }
}

/// `task-<id>.json`; the worker's ids already start with `task-`, which
/// is not said twice, and only letters, digits, `-` and `_` are kept.
pub fn export_file_name(task_id: &str) -> String {
    let safe: String = task_id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    if safe.starts_with("task-") {
        format!("{safe}.json")
    } else {
        format!("task-{safe}.json")
    }
}

fn unexpected(reply: &Reply) -> Failure {
    Failure::Copilot(CopilotError::Internal {
        detail: format!("unexpected reply {reply:?}"),
    })
}

#[cfg(test)]
mod tests {
    use super::export_file_name;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test(unsupported = test)]
    fn an_export_is_named_after_its_task() {
        assert_eq!(
            export_file_name("task-1764630000000-ab12cd34"),
            "task-1764630000000-ab12cd34.json"
        );
        assert_eq!(export_file_name("t1"), "task-t1.json");
        assert_eq!(export_file_name("../x y"), "task----x-y.json");
    }
}
