//! The conversation shown in the side panel and its actions, kept apart
//! from the views.

use super::task::TaskState;
use crate::client::{Client, Failure, Reply};
use bc_core::agent::{Task, TaskEvent, TaskStatus};
use bc_core::knowledge::answer::Found;
use bc_core::llm::ChatTurn;
use bc_core::protocol::{
    CopilotError, PageRef, PanelReply, PanelRequest, RequestId, StepAttachment, StepOutcome,
};
use leptos::prelude::*;

/// Where one step of a command run or of an agent task stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StepStatus {
    /// Waiting for the steps before it.
    Pending,
    Running,
    Done,
    Failed,
    /// An earlier step failed, or the run was stopped, before it ran.
    NotRun,
    /// The user pressed Stop while it ran.
    Stopped,
    /// The user said no to it (an agent step's confirmation or site).
    Declined,
}

impl StepStatus {
    /// The word for screen readers and the `data-status` attribute.
    pub fn word(self) -> &'static str {
        match self {
            StepStatus::Pending => "waiting",
            StepStatus::Running => "running",
            StepStatus::Done => "done",
            StepStatus::Failed => "failed",
            StepStatus::NotRun => "not run",
            StepStatus::Stopped => "stopped",
            StepStatus::Declined => "declined",
        }
    }
}

/// One step of a command run or of an agent task, as the panel shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// What the step does ("Click “Sign in”").
    pub description: String,
    pub status: StepStatus,
    /// What happened, or why it failed.
    pub result: Option<String>,
    pub attachment: Option<StepAttachment>,
    /// How long it took (agent steps report it; commands do not).
    pub ms: Option<u32>,
    /// The model call that asked for this step and what it used ("model
    /// call 2: 1,234 tokens in · 40 out"), on the first step it asked for.
    pub llm: Option<String>,
}

impl Step {
    pub fn new(description: String) -> Step {
        Step {
            description,
            status: StepStatus::Pending,
            result: None,
            attachment: None,
            ms: None,
            llm: None,
        }
    }
}

/// The line under a run of several commands once it ended, if any: a
/// single command's own line says it all.
pub fn run_summary(steps: &[Step]) -> Option<String> {
    let n = steps.len();
    if n < 2 {
        return None;
    }
    if let Some(i) = steps.iter().position(|s| s.status == StepStatus::Failed) {
        return Some(if i + 1 < n {
            format!("Step {} of {n} failed, so the rest did not run.", i + 1)
        } else {
            format!("The last of {n} steps failed.")
        });
    }
    steps
        .iter()
        .all(|s| s.status == StepStatus::Done)
        .then(|| format!("All {n} steps done."))
}

/// An answer made without the LLM.
#[derive(Debug, Clone, PartialEq)]
pub struct LocalAnswer {
    pub text: String,
    /// Offer the options page (an LLM would have answered).
    pub needs_llm: bool,
}

/// Where an answer stands.
#[derive(Debug, Clone, PartialEq)]
pub enum AnswerState {
    /// Sent; nothing heard yet.
    Waiting,
    /// Text is arriving.
    Streaming,
    Done,
    /// The user pressed Stop.
    Stopped,
    Failed(Failure),
}

impl AnswerState {
    pub fn is_open(&self) -> bool {
        matches!(self, AnswerState::Waiting | AnswerState::Streaming)
    }
}

/// One question and its (possibly streaming) answer.
#[derive(Clone)]
pub struct Exchange {
    /// The request id; also the key in the transcript.
    pub id: RequestId,
    /// The input as shown: text typed into a password field is masked
    /// (`bc_core::command::mask_secrets`).
    pub question: String,
    /// The page the worker read to answer.
    pub page: RwSignal<Option<PageRef>>,
    pub answer: RwSignal<String>,
    pub state: RwSignal<AnswerState>,
    /// The commands the input ran as, if it ran as commands.
    pub steps: RwSignal<Vec<Step>>,
    /// The answer made without the LLM, if any.
    pub local: RwSignal<Option<LocalAnswer>>,
    /// The agent task the input runs as, once the worker reports it.
    pub task: RwSignal<Option<TaskState>>,
    /// The pages found, when the input asked about what the user read.
    pub knowledge: RwSignal<Option<Found>>,
}

impl Exchange {
    fn new(id: RequestId, question: String) -> Self {
        Exchange {
            id,
            question: bc_core::command::mask_secrets(&question),
            page: RwSignal::new(None),
            answer: RwSignal::new(String::new()),
            state: RwSignal::new(AnswerState::Waiting),
            steps: RwSignal::new(Vec::new()),
            local: RwSignal::new(None),
            task: RwSignal::new(None),
            knowledge: RwSignal::new(None),
        }
    }

    /// Whether the input ran as commands (tracked).
    pub fn is_command_run(&self) -> bool {
        self.steps.with(|steps| !steps.is_empty())
    }

    /// Sets step `index`'s status (and result), if there is such a step.
    fn set_step(&self, index: u32, update: impl FnOnce(&mut Step)) {
        self.steps.update(|steps| {
            if let Some(step) = steps.get_mut(index as usize) {
                update(step);
            }
        });
    }

    /// Ends the run: steps that did not finish get `running`'s fate
    /// (`Stopped` by the user, else `Failed`) or `NotRun`; so does a task.
    fn end_run(&self, running: StepStatus) {
        self.steps.update(|steps| {
            for step in steps {
                step.status = match step.status {
                    StepStatus::Pending => StepStatus::NotRun,
                    StepStatus::Running => running,
                    other => other,
                };
            }
        });
        let status = match running {
            StepStatus::Stopped => TaskStatus::Cancelled,
            _ => TaskStatus::Failed,
        };
        // Touched only when there is a task: an update notifies the views.
        if self.task.with_untracked(Option::is_some) {
            self.task.update(|task| {
                if let Some(task) = task {
                    task.end(status);
                }
            });
        }
    }

    /// The turn this exchange adds to the model's conversation, if it is
    /// one: a fully answered question, or a task that succeeded with an
    /// answer (also one a command handed over to the agent). Command runs
    /// and local replies are not the model's turns.
    fn completed_turn(&self) -> Option<ChatTurn> {
        let command_only = !self.steps.with_untracked(Vec::is_empty) && self.task.with_untracked(Option::is_none);
        if self.state.get_untracked() != AnswerState::Done
            || command_only
            || self.local.with_untracked(Option::is_some)
            || self.knowledge.with_untracked(Option::is_some)
        {
            return None;
        }
        let answer = self.task.with_untracked(|task| match task {
            Some(task) if task.status == TaskStatus::Succeeded => task.answer(),
            Some(_) => None,
            None => Some(self.answer.get_untracked()),
        })?;
        Some(ChatTurn {
            question: self.question.clone(),
            answer,
        })
    }

    /// Shows a stored task in place of the generic "worker restarted"
    /// failure: the woken worker ended it first, saying where it stopped
    /// (`Task::end_interrupted`). A task not ended is left as it was.
    fn restore(&self, task: &Task) {
        if !task.status.is_final() {
            return;
        }
        let mut shown = TaskState::from_record(task);
        // The record does not name the page; the live task did.
        shown.page = self
            .task
            .with_untracked(|t| t.as_ref().and_then(|t| t.page.clone()));
        self.task.set(Some(shown));
        self.state.set(AnswerState::Done);
    }

    fn apply(&self, reply: Reply) {
        match reply {
            Reply::AnswerStarted(page) => {
                self.page.set(Some(page));
                self.state.set(AnswerState::Streaming);
            }
            Reply::AnswerDelta(text) => {
                self.answer.update(|answer| answer.push_str(&text));
                self.state.maybe_update(|state| {
                    let first = *state == AnswerState::Waiting;
                    if first {
                        *state = AnswerState::Streaming;
                    }
                    first
                });
            }
            Reply::AnswerDone => self.state.set(AnswerState::Done),
            Reply::CommandsStarted(descriptions) => {
                self.steps
                    .set(descriptions.into_iter().map(Step::new).collect());
                self.state.set(AnswerState::Streaming);
            }
            Reply::StepStarted(index) => {
                self.set_step(index, |step| step.status = StepStatus::Running)
            }
            Reply::StepDone(
                index,
                StepOutcome {
                    ok,
                    summary,
                    attachment,
                },
            ) => self.set_step(index, |step| {
                step.status = if ok {
                    StepStatus::Done
                } else {
                    StepStatus::Failed
                };
                step.result = Some(summary);
                step.attachment = attachment;
            }),
            Reply::CommandsDone => {
                self.end_run(StepStatus::Failed);
                self.state.set(AnswerState::Done);
            }
            Reply::LocalReply { text, needs_llm } => {
                self.local.set(Some(LocalAnswer { text, needs_llm }));
                self.state.set(AnswerState::Done);
            }
            Reply::Task { task_id, event } => {
                // A command that found nothing handed over to the agent:
                // the steps after it will not run.
                if self
                    .steps
                    .with_untracked(|steps| steps.iter().any(|s| s.status == StepStatus::Pending))
                {
                    self.steps.update(|steps| {
                        for step in steps.iter_mut().filter(|s| s.status == StepStatus::Pending) {
                            step.status = StepStatus::NotRun;
                        }
                    });
                }
                let finished = matches!(event, TaskEvent::Finished { .. });
                self.task.update(|task| {
                    task.get_or_insert_with(|| TaskState::new(task_id))
                        .apply(event)
                });
                let next = if finished {
                    AnswerState::Done
                } else {
                    AnswerState::Streaming
                };
                // Most events change nothing here; only a change notifies.
                self.state.maybe_update(|state| {
                    let changed = *state != next;
                    *state = next;
                    changed
                });
            }
            Reply::KnowledgeFound { found, answering } => {
                self.knowledge.set(Some(found));
                self.state.set(if answering {
                    AnswerState::Streaming
                } else {
                    AnswerState::Done
                });
            }
            Reply::Failed(failure) => {
                self.end_run(StepStatus::Failed);
                self.state.set(AnswerState::Failed(failure));
            }
            other => self.state.set(AnswerState::Failed(Failure::Copilot(
                CopilotError::Internal {
                    detail: format!("unexpected reply to a question: {other:?}"),
                },
            ))),
        }
    }
}

/// The side panel's state. `Copy`: every field is a reactive handle.
#[derive(Clone, Copy)]
pub struct Conversation {
    client: StoredValue<Client, LocalStorage>,
    /// Oldest first.
    pub exchanges: RwSignal<Vec<Exchange>>,
    /// The question being typed.
    pub draft: RwSignal<String>,
    /// The request whose answer is streaming, if any.
    pub active: RwSignal<Option<RequestId>>,
}

impl Conversation {
    pub fn new(client: Client) -> Self {
        Conversation {
            client: StoredValue::new_local(client),
            exchanges: RwSignal::new(Vec::new()),
            draft: RwSignal::new(String::new()),
            active: RwSignal::new(None),
        }
    }

    /// Whether an answer is on its way (tracked).
    pub fn busy(self) -> bool {
        self.active.with(Option::is_some)
    }

    /// Whether Send would send something (tracked).
    pub fn can_send(self) -> bool {
        !self.busy() && self.draft.with(|draft| !draft.trim().is_empty())
    }

    /// Sends the draft as a question, with the completed turns as history.
    pub fn ask(self) {
        if self.active.get_untracked().is_some() {
            return;
        }
        let question = self.draft.get_untracked().trim().to_owned();
        if question.is_empty() {
            return;
        }
        let history = self.history();
        self.client.with_value(|client| {
            let id = client.next_id();
            let exchange = Exchange::new(id, question.clone());
            self.exchanges.update(|list| list.push(exchange.clone()));
            self.draft.set(String::new());
            self.active.set(Some(id));
            client.send(
                PanelRequest::Ask {
                    id,
                    question,
                    history,
                },
                move |reply| {
                    let restarted = matches!(reply, Reply::Failed(Failure::WorkerRestarted));
                    exchange.apply(reply);
                    if restarted {
                        self.recover(exchange.clone());
                    }
                    if !exchange
                        .state
                        .try_get_untracked()
                        .is_some_and(|state| state.is_open())
                    {
                        self.settle(id);
                    }
                },
            );
        });
    }

    /// Sends "forget this site" (the worker's reading-history rule for the
    /// site in front) as its own exchange, keeping what was being typed.
    pub fn forget_this_site(self) {
        let typing = self.draft.get_untracked();
        self.draft.set(bc_core::knowledge::query::FORGET_THIS_SITE.to_owned());
        self.ask();
        self.draft.set(typing);
    }

    /// Cancels the streaming answer and keeps what arrived of it.
    pub fn stop(self) {
        let Some(id) = self.active.get_untracked() else {
            return;
        };
        self.client.with_value(|client| client.cancel(id));
        let exchange = self
            .exchanges
            .with_untracked(|list| list.iter().find(|e| e.id == id).cloned());
        if let Some(exchange) = exchange {
            exchange.end_run(StepStatus::Stopped);
            exchange.state.set(AnswerState::Stopped);
        }
        self.settle(id);
    }

    /// Opens the options page (e.g. from a "not configured" error).
    pub fn open_options(self) {
        self.client.with_value(Client::open_options_page);
    }

    /// The fully answered turns, oldest first: no failed or stopped ones,
    /// and no command runs or local replies (they are not the LLM's turns).
    pub fn history(self) -> Vec<ChatTurn> {
        self.exchanges
            .with_untracked(|list| list.iter().filter_map(Exchange::completed_turn).collect())
    }

    /// Sends the user's answer to prompt `prompt_id` of task `task_id`,
    /// which request `id` started. `Err` carries a message for the user.
    pub fn reply_to_task(
        self,
        id: RequestId,
        task_id: String,
        prompt_id: u32,
        reply: PanelReply,
    ) -> Result<(), String> {
        let request = PanelRequest::TaskReply {
            id,
            task_id,
            prompt_id,
            reply,
        };
        self.client.with_value(|client| client.post(&request))
    }

    /// The worker restarted while `exchange`'s task ran: asks for the
    /// stored task (this wakes the worker, which first ends interrupted
    /// tasks) to show where it stopped rather than a generic failure.
    fn recover(self, exchange: Exchange) {
        let Some(task_id) = exchange
            .task
            .with_untracked(|t| t.as_ref().map(|t| t.task_id.clone()))
        else {
            return;
        };
        self.client.with_value(|client| {
            let id = client.next_id();
            client.send(PanelRequest::GetTask { id, task_id }, move |reply| {
                // Otherwise the generic failure stays: it is still true.
                if let Reply::TaskRecord(task) = reply {
                    exchange.restore(&task);
                }
            });
        });
    }

    fn settle(self, id: RequestId) {
        self.active.maybe_update(|active| {
            let mine = *active == Some(id);
            if mine {
                *active = None;
            }
            mine
        });
    }
}
