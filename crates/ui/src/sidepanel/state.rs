//! The conversation shown in the side panel and its actions, kept apart
//! from the views.

use crate::client::{Client, Failure, Reply};
use bc_core::llm::ChatTurn;
use bc_core::protocol::{CopilotError, PageRef, PanelRequest, RequestId};
use leptos::prelude::*;

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
    pub question: String,
    /// The page the worker read to answer.
    pub page: RwSignal<Option<PageRef>>,
    pub answer: RwSignal<String>,
    pub state: RwSignal<AnswerState>,
}

impl Exchange {
    fn new(id: RequestId, question: String) -> Self {
        Exchange {
            id,
            question,
            page: RwSignal::new(None),
            answer: RwSignal::new(String::new()),
            state: RwSignal::new(AnswerState::Waiting),
        }
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
            Reply::Failed(failure) => self.state.set(AnswerState::Failed(failure)),
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
                    exchange.apply(reply);
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
            exchange.state.set(AnswerState::Stopped);
        }
        self.settle(id);
    }

    /// Opens the options page (e.g. from a "not configured" error).
    pub fn open_options(self) {
        self.client.with_value(Client::open_options_page);
    }

    /// The fully answered turns, oldest first: no failed or stopped ones.
    pub fn history(self) -> Vec<ChatTurn> {
        self.exchanges.with_untracked(|list| {
            list.iter()
                .filter(|e| e.state.get_untracked() == AnswerState::Done)
                .map(|e| ChatTurn {
                    question: e.question.clone(),
                    answer: e.answer.get_untracked(),
                })
                .collect()
        })
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
