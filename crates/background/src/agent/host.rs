//! [`SwHost`]: `bc_core::agent::Host` over the worker's parts — the LLM
//! over `fetch` (`agent::llm`), tools through the per-tab queue as the
//! task's calls (`tools::run`), the panel port for events and prompts,
//! `chrome.storage` for the task and the allowed sites.

use super::{llm, Runtime};
use crate::panel::Connection;
use crate::{store, tabs, tools};
use bc_core::agent::{Host, StreamPiece, Task, TaskEvent, UserPrompt, UserReply};
use bc_core::digest::PageDigest;
use bc_core::llm::{Completion, LlmError, ToolChatRequest};
use bc_core::protocol::{ContentRequest, ContentResponse, PanelEvent, RequestId};
use bc_core::safety::SecretKind;
use bc_core::settings::Settings;
use bc_core::tools::{ErrorCode, ToolCall, ToolError};
use futures::channel::oneshot;
use futures::future::{select, Either};
use gloo_timers::future::TimeoutFuture;
use serde_json::Value;
use std::rc::Rc;

pub struct SwHost {
    conn: Rc<Connection>,
    id: RequestId,
    rt: Rc<Runtime>,
    settings: Settings,
}

impl SwHost {
    pub fn new(conn: Rc<Connection>, id: RequestId, rt: Rc<Runtime>, settings: Settings) -> SwHost {
        SwHost { conn, id, rt, settings }
    }

    fn post(&self, event: TaskEvent) {
        self.conn.post(&PanelEvent::Task { id: self.id, task_id: self.rt.task_id.clone(), event });
    }
}

/// How often a prompt's wait checks for Stop.
const STOP_POLL_MS: u32 = 200;

impl Host for SwHost {
    async fn complete(&self, request: &ToolChatRequest, on_piece: &mut dyn FnMut(StreamPiece)) -> Result<Completion, LlmError> {
        llm::complete(&self.settings, request, &self.rt.llm, on_piece).await
    }

    async fn tool(&self, call: ToolCall) -> Result<Value, ToolError> {
        tools::run(call, Some(self.rt.stop.task_id())).await
    }

    async fn tool_with_secret(&self, call: ToolCall, handle: u32) -> Result<Value, ToolError> {
        let Some(value) = self.rt.vault.borrow().get(&handle).cloned() else {
            return Err(ToolError::new(ErrorCode::Internal, "the secret is no longer held (the worker restarted); ask the user again", false));
        };
        let call = match call {
            ToolCall::DomType { tab_id, selector, replace, submit, id, .. } => ToolCall::DomType { tab_id, selector, text: value, replace, submit, id },
            other => return Err(ToolError::new(ErrorCode::InvalidArgs, format!("a secret can only be typed, not used in `{}`", other.name().as_str()), false)),
        };
        tools::run(call, Some(self.rt.stop.task_id())).await
    }

    async fn explore(&self, tab_id: i32, request: &bc_core::explore::ExploreRequest) -> Result<bc_core::explore::ExploreReport, ToolError> {
        let on_progress = |p: bc_core::explore::ExploreProgress| {
            let note = format!("Exploring: {} pages read, {} links deep", p.pages, p.depth);
            self.post(TaskEvent::Status { status: bc_core::agent::TaskStatus::Exploring, progress: p.progress, note: Some(note) });
        };
        crate::explore::run(tab_id, request, self.rt.stop.task_id(), self.rt.stop.clone(), &on_progress).await
    }

    async fn read_page(&self, tab_id: i32) -> Result<PageDigest, ToolError> {
        let unavailable = |detail: String| ToolError::new(ErrorCode::ContentUnavailable, detail, true);
        match tabs::ask_content(tab_id, &ContentRequest::Digest).await {
            Ok(ContentResponse::Digest { digest }) => Ok(digest),
            Ok(other) => Err(unavailable(format!("unexpected answer {other:?}"))),
            Err(e) => Err(unavailable(e.to_string())),
        }
    }

    async fn ask(&self, prompt_id: u32, prompt: &UserPrompt) -> UserReply {
        let (tx, rx) = oneshot::channel();
        self.rt.waiting.borrow_mut().insert(prompt_id, (tx, prompt.clone()));
        self.post(TaskEvent::Prompt { prompt_id, prompt: prompt.clone() });
        let stopped = async {
            while !self.rt.stop.is_stopped() {
                TimeoutFuture::new(STOP_POLL_MS).await;
            }
        };
        let reply = match select(rx, Box::pin(stopped)).await {
            Either::Left((Ok(reply), _)) => reply,
            _ => UserReply::Cancelled,
        };
        self.rt.waiting.borrow_mut().remove(&prompt_id);
        self.post(TaskEvent::PromptClosed { prompt_id });
        reply
    }

    async fn stored_secret(&self, origin: &str, kind: SecretKind) -> Option<u32> {
        let value = store::remembered_secret(origin, kind).await?;
        Some(self.rt.hold_secret(value))
    }

    async fn site_allowed(&self, origin: &str) -> bool {
        store::load_site_policy().await.always.contains(origin)
    }

    async fn allow_site(&self, origin: &str) {
        let mut policy = store::load_site_policy().await;
        policy.always.insert(origin.to_owned());
        store::save_site_policy(&policy).await;
    }

    fn event(&self, event: TaskEvent) {
        self.post(event);
    }

    async fn save(&self, task: &Task) {
        store::save_task(task).await;
    }

    async fn sleep(&self, ms: u32) {
        TimeoutFuture::new(ms).await;
    }

    fn now(&self) -> f64 {
        js_sys::Date::now()
    }

    fn cancelled(&self) -> bool {
        self.rt.stop.is_stopped()
    }
}
