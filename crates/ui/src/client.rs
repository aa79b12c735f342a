//! Request bookkeeping on top of a [`Backend`]: page-local request ids,
//! routing each [`PanelEvent`] to the request it answers, and a local failure
//! for every request whose connection was lost, so nothing waits forever.

use crate::backend::{Backend, BackendEvent, ConnectionId};
use bc_core::agent::TaskEvent;
use bc_core::protocol::{CopilotError, PageRef, PanelEvent, PanelRequest, RequestId, StepOutcome};
use bc_core::settings::{SettingsError, SettingsView};
use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};

/// Why a request did not succeed, as shown to the user (its `Display`).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Failure {
    /// The service worker answered with an error.
    #[error(transparent)]
    Copilot(#[from] CopilotError),
    /// The connection was lost while the request was in flight.
    #[error("The service worker restarted before answering; please ask again.")]
    WorkerRestarted,
    /// The request could not even be sent.
    #[error("Could not reach the service worker: {0}")]
    Unreachable(String),
}

impl Failure {
    /// Whether the fix is to fill in the options.
    pub fn is_not_configured(&self) -> bool {
        matches!(
            self,
            Failure::Copilot(CopilotError::Settings(SettingsError::NotConfigured))
        )
    }
}

/// One piece of the answer to a request.
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    Settings(Option<SettingsView>),
    Saved(SettingsView),
    ConnectionOk(String),
    AnswerStarted(PageRef),
    AnswerDelta(String),
    AnswerDone,
    /// The input runs as commands: one description per step.
    CommandsStarted(Vec<String>),
    StepStarted(u32),
    StepDone(u32, StepOutcome),
    CommandsDone,
    /// An answer made without the LLM; `needs_llm` offers the options.
    LocalReply {
        text: String,
        needs_llm: bool,
    },
    /// The input runs as agent task `task_id`: one step of its progress.
    /// [`TaskEvent::Finished`] is the request's final reply.
    Task {
        task_id: String,
        event: TaskEvent,
    },
    /// The task history, newest first.
    Tasks(Vec<bc_core::agent::task::TaskBrief>),
    /// One stored task, whole.
    TaskRecord(Box<bc_core::agent::Task>),
    AgentSettings(bc_core::agent::settings::AgentSettings),
    /// Origins the agent may act on without asking.
    Sites(Vec<String>),
    /// What exploring learnt of sites.
    SiteGraphs(Vec<bc_core::explore::SiteGraph>),
    /// The reading history's settings and size.
    Knowledge(bc_core::knowledge::settings::KnowledgeView),
    /// Pages found for a question about what the user read; `answering`:
    /// the model's answer follows as `AnswerDelta`s.
    KnowledgeFound {
        found: bc_core::knowledge::answer::Found,
        answering: bool,
    },
    /// The flows screen's data.
    Flows(bc_core::protocol::FlowsView),
    /// A flow saved or edited, for the review card.
    FlowSaved(Box<bc_core::flows::WebFlow>),
    /// The flows as an export file's text.
    FlowsExport(String),
    Failed(Failure),
}

impl Reply {
    /// Whether no more replies follow for the same request.
    fn is_final(&self) -> bool {
        match self {
            Reply::AnswerStarted(_)
            | Reply::AnswerDelta(_)
            | Reply::CommandsStarted(_)
            | Reply::StepStarted(_)
            | Reply::StepDone(..) => false,
            Reply::Task { event, .. } => matches!(event, TaskEvent::Finished { .. }),
            Reply::KnowledgeFound { answering, .. } => !answering,
            _ => true,
        }
    }
}

impl From<PanelEvent> for Reply {
    fn from(event: PanelEvent) -> Reply {
        match event {
            PanelEvent::Settings { settings, .. } => Reply::Settings(settings),
            PanelEvent::Saved { settings, .. } => Reply::Saved(settings),
            PanelEvent::ConnectionOk { message, .. } => Reply::ConnectionOk(message),
            PanelEvent::Failed { error, .. } => Reply::Failed(error.into()),
            PanelEvent::AnswerStarted { page, .. } => Reply::AnswerStarted(page),
            PanelEvent::AnswerDelta { text, .. } => Reply::AnswerDelta(text),
            PanelEvent::AnswerDone { .. } => Reply::AnswerDone,
            PanelEvent::CommandsStarted { steps, .. } => Reply::CommandsStarted(steps),
            PanelEvent::StepStarted { index, .. } => Reply::StepStarted(index),
            PanelEvent::StepDone { index, outcome, .. } => Reply::StepDone(index, outcome),
            PanelEvent::CommandsDone { .. } => Reply::CommandsDone,
            PanelEvent::LocalReply {
                text, needs_llm, ..
            } => Reply::LocalReply { text, needs_llm },
            PanelEvent::Task { task_id, event, .. } => Reply::Task { task_id, event },
            PanelEvent::Tasks { tasks, .. } => Reply::Tasks(tasks),
            PanelEvent::TaskRecord { task, .. } => Reply::TaskRecord(task),
            PanelEvent::AgentSettings { settings, .. } => Reply::AgentSettings(settings),
            PanelEvent::Sites { sites, .. } => Reply::Sites(sites),
            PanelEvent::SiteGraphs { graphs, .. } => Reply::SiteGraphs(graphs),
            PanelEvent::Knowledge { state, .. } => Reply::Knowledge(state),
            PanelEvent::KnowledgeFound {
                found, answering, ..
            } => Reply::KnowledgeFound { found, answering },
            PanelEvent::Flows { flows, .. } => Reply::Flows(flows),
            PanelEvent::FlowSaved { flow, .. } => Reply::FlowSaved(Box::new(flow)),
            PanelEvent::FlowsExport { text, .. } => Reply::FlowsExport(text),
        }
    }
}

/// The id a request's answers come under; `None` for those never answered.
/// A [`PanelRequest::TaskReply`] names the `Ask` that started its task, but
/// what it causes arrives as that `Ask`'s task events, not as its own.
pub fn request_id(request: &PanelRequest) -> Option<RequestId> {
    match request {
        PanelRequest::GetSettings { id }
        | PanelRequest::SaveSettings { id, .. }
        | PanelRequest::TestConnection { id, .. }
        | PanelRequest::Ask { id, .. }
        | PanelRequest::Cancel { id }
        | PanelRequest::ListTasks { id }
        | PanelRequest::GetTask { id, .. }
        | PanelRequest::ClearTasks { id }
        | PanelRequest::GetAgentSettings { id }
        | PanelRequest::SaveAgentSettings { id, .. }
        | PanelRequest::ListSites { id }
        | PanelRequest::ForgetSite { id, .. }
        | PanelRequest::ListSiteGraphs { id }
        | PanelRequest::GetKnowledge { id }
        | PanelRequest::SetKnowledgeEnabled { id, .. }
        | PanelRequest::ForgetKnowledgeSite { id, .. }
        | PanelRequest::IncludeKnowledgeSite { id, .. }
        | PanelRequest::ClearKnowledge { id }
        | PanelRequest::ListFlows { id }
        | PanelRequest::StartRecording { id, .. }
        | PanelRequest::StopRecording { id }
        | PanelRequest::EditFlow { id, .. }
        | PanelRequest::DeleteFlow { id, .. }
        | PanelRequest::ExportFlows { id }
        | PanelRequest::ImportFlows { id, .. }
        | PanelRequest::AcceptHealing { id }
        | PanelRequest::ForgetSiteCommands { id, .. } => Some(*id),
        PanelRequest::Prefetch | PanelRequest::TaskReply { .. } => None,
    }
}

type Handler = Rc<dyn Fn(Reply)>;

struct Pending {
    id: RequestId,
    connection: ConnectionId,
    on_reply: Handler,
}

struct Inner {
    backend: Rc<dyn Backend>,
    next_id: Cell<RequestId>,
    pending: RefCell<Vec<Pending>>,
}

/// A page's handle on the service worker. Cheap to clone.
#[derive(Clone)]
pub struct Client {
    inner: Rc<Inner>,
}

impl Client {
    pub fn new(backend: Rc<dyn Backend>) -> Client {
        let inner = Rc::new(Inner {
            backend,
            next_id: Cell::new(1),
            pending: RefCell::default(),
        });
        let weak: Weak<Inner> = Rc::downgrade(&inner);
        inner.backend.set_listener(Rc::new(move |event| {
            if let Some(inner) = weak.upgrade() {
                Inner::dispatch(&inner, event);
            }
        }));
        Client { inner }
    }

    /// A fresh id for the next request of this page.
    pub fn next_id(&self) -> RequestId {
        let id = self.inner.next_id.get();
        self.inner.next_id.set(id.wrapping_add(1).max(1));
        id
    }

    /// Sends `request`; `on_reply` gets each reply to it, the last one final
    /// (done, a result, or a [`Reply::Failed`]). A send failure is reported
    /// to `on_reply` before this returns.
    pub fn send(&self, request: PanelRequest, on_reply: impl Fn(Reply) + 'static) {
        let Some(id) = request_id(&request) else {
            on_reply(Reply::Failed(Failure::Unreachable("this request is never answered".into())));
            return;
        };
        match self.inner.backend.send(&request) {
            Ok(connection) => self.inner.pending.borrow_mut().push(Pending {
                id,
                connection,
                on_reply: Rc::new(on_reply),
            }),
            Err(message) => on_reply(Reply::Failed(Failure::Unreachable(message))),
        }
    }

    /// Sends a request that is never answered on its own (a
    /// [`PanelRequest::TaskReply`]); `Err` carries a message for the user.
    /// Nothing waits for it, so a lost connection fails nothing here: the
    /// task it answers fails with its own request.
    pub fn post(&self, request: &PanelRequest) -> Result<(), String> {
        self.inner.backend.send(request).map(|_connection| ())
    }

    /// Asks the worker to have the page in front perceived ahead
    /// ([`PanelRequest::Prefetch`]); nothing comes back, and a worker that
    /// cannot be reached only means no head start.
    pub fn prefetch(&self) {
        if let Err(e) = self.inner.backend.send(&PanelRequest::Prefetch) {
            web_sys::console::info_1(&format!("bc-ui: prefetch not sent: {e}").into());
        }
    }

    /// Calls `f` whenever the page in front may have changed (see
    /// [`Backend::watch_front_page`]).
    pub fn watch_front_page(&self, f: Rc<dyn Fn(String)>) {
        self.inner.backend.watch_front_page(f);
    }

    /// Stops waiting for `id` and asks the worker to cancel it.
    pub fn cancel(&self, id: RequestId) {
        let was_pending = self.forget(id);
        if was_pending {
            if let Err(e) = self.inner.backend.send(&PanelRequest::Cancel { id }) {
                // The worker is gone, and so is the work.
                web_sys::console::info_1(&format!("bc-ui: cancel of {id} not sent: {e}").into());
            }
        }
    }

    /// Whether a request still waits for replies.
    pub fn is_pending(&self, id: RequestId) -> bool {
        self.inner.pending.borrow().iter().any(|p| p.id == id)
    }

    /// Opens the extension's options page.
    pub fn open_options_page(&self) {
        self.inner.backend.open_options_page();
    }

    fn forget(&self, id: RequestId) -> bool {
        let mut pending = self.inner.pending.borrow_mut();
        let before = pending.len();
        pending.retain(|p| p.id != id);
        pending.len() != before
    }
}

impl Inner {
    fn dispatch(self: &Rc<Self>, event: BackendEvent) {
        match event {
            BackendEvent::Event(event) => {
                let id = event.id();
                let reply = Reply::from(event);
                let handler = {
                    let mut pending = self.pending.borrow_mut();
                    let Some(index) = pending.iter().position(|p| p.id == id) else {
                        // Late events of a cancelled or failed request.
                        return;
                    };
                    if reply.is_final() {
                        pending.remove(index).on_reply
                    } else {
                        pending[index].on_reply.clone()
                    }
                };
                handler(reply);
            }
            BackendEvent::Disconnected(connection) => {
                let lost: Vec<Pending> = {
                    let mut pending = self.pending.borrow_mut();
                    let (lost, kept) = pending.drain(..).partition(|p| p.connection == connection);
                    *pending = kept;
                    lost
                };
                for request in lost {
                    (request.on_reply)(Reply::Failed(Failure::WorkerRestarted));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::FakeBackend;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn recording() -> (Rc<RefCell<Vec<Reply>>>, impl Fn(Reply) + 'static) {
        let log = Rc::new(RefCell::new(Vec::new()));
        let sink = log.clone();
        (log, move |reply| sink.borrow_mut().push(reply))
    }

    #[wasm_bindgen_test(unsupported = test)]
    fn routes_events_to_their_request_until_final() {
        let fake = Rc::new(FakeBackend::default());
        let client = Client::new(fake.clone());
        let (a, b) = (client.next_id(), client.next_id());
        assert_ne!(a, b);
        let (log_a, on_a) = recording();
        let (log_b, on_b) = recording();
        client.send(PanelRequest::GetSettings { id: a }, on_a);
        client.send(
            PanelRequest::Ask {
                id: b,
                question: "q".into(),
                history: vec![],
            },
            on_b,
        );
        fake.push(PanelEvent::AnswerDelta {
            id: b,
            text: "x".into(),
        });
        fake.push(PanelEvent::Settings {
            id: a,
            settings: None,
        });
        fake.push(PanelEvent::Settings {
            id: a,
            settings: None,
        });
        assert_eq!(*log_a.borrow(), vec![Reply::Settings(None)]);
        assert_eq!(*log_b.borrow(), vec![Reply::AnswerDelta("x".into())]);
        assert!(!client.is_pending(a) && client.is_pending(b));
        client.cancel(b);
        assert_eq!(fake.last_request(), Some(PanelRequest::Cancel { id: b }));
        fake.push(PanelEvent::AnswerDone { id: b });
        assert_eq!(log_b.borrow().len(), 1);
    }

    #[wasm_bindgen_test(unsupported = test)]
    fn task_events_are_replies_until_the_task_finishes() {
        use bc_core::agent::TaskStatus;
        use bc_core::protocol::PanelReply;
        let fake = Rc::new(FakeBackend::default());
        let client = Client::new(fake.clone());
        let (log, on_reply) = recording();
        let id = client.next_id();
        let ask = PanelRequest::Ask {
            id,
            question: "Buy it".into(),
            history: vec![],
        };
        client.send(ask.clone(), on_reply);
        let task = |event| PanelEvent::Task {
            id,
            task_id: "t".into(),
            event,
        };
        fake.push(task(TaskEvent::Thinking { text: "On it".into() }));
        // A card's answer goes out on its own: nothing waits for it.
        let answer = PanelRequest::TaskReply {
            id,
            task_id: "t".into(),
            prompt_id: 1,
            reply: PanelReply::Confirm { allow: true },
        };
        assert_eq!(request_id(&answer), None);
        assert_eq!(client.post(&answer), Ok(()));
        assert_eq!(fake.requests(), vec![ask, answer]);
        assert!(client.is_pending(id));
        let finished = TaskEvent::Finished {
            status: TaskStatus::Succeeded,
            answer: Some("Bought.".into()),
            usage: Default::default(),
            cost: None,
        };
        fake.push(task(finished.clone()));
        assert!(!client.is_pending(id));
        assert_eq!(
            *log.borrow(),
            vec![
                Reply::Task {
                    task_id: "t".into(),
                    event: TaskEvent::Thinking { text: "On it".into() }
                },
                Reply::Task {
                    task_id: "t".into(),
                    event: finished
                },
            ]
        );
        fake.set_unreachable(Some("gone"));
        assert_eq!(client.post(&PanelRequest::Prefetch), Err("gone".into()));
    }

    #[wasm_bindgen_test(unsupported = test)]
    fn lost_connection_fails_only_its_requests() {
        let fake = Rc::new(FakeBackend::default());
        let client = Client::new(fake.clone());
        let (log_old, on_old) = recording();
        client.send(
            PanelRequest::GetSettings {
                id: client.next_id(),
            },
            on_old,
        );
        fake.disconnect();
        let (log_new, on_new) = recording();
        client.send(
            PanelRequest::GetSettings {
                id: client.next_id(),
            },
            on_new,
        );
        assert_eq!(
            *log_old.borrow(),
            vec![Reply::Failed(Failure::WorkerRestarted)]
        );
        assert!(log_new.borrow().is_empty());
        assert_eq!(
            Failure::WorkerRestarted.to_string(),
            "The service worker restarted before answering; please ask again."
        );
    }

    #[wasm_bindgen_test(unsupported = test)]
    fn unsendable_request_fails_at_once() {
        let fake = Rc::new(FakeBackend::default());
        fake.set_unreachable(Some("Extension context invalidated."));
        let client = Client::new(fake.clone());
        let (log, on_reply) = recording();
        let id = client.next_id();
        client.send(PanelRequest::GetSettings { id }, on_reply);
        assert!(!client.is_pending(id));
        let Reply::Failed(failure) = log.borrow()[0].clone() else {
            panic!("{:?}", log.borrow())
        };
        assert_eq!(
            failure.to_string(),
            "Could not reach the service worker: Extension context invalidated."
        );
        let not_configured = Failure::Copilot(SettingsError::NotConfigured.into());
        assert!(not_configured.is_not_configured() && !failure.is_not_configured());
    }
}
