//! The agent's ports (Ruffle's backend-trait pattern): everything the
//! controller needs from the outside world — the model, the tools, the
//! user, storage, time — as one trait. The service worker implements it
//! over `fetch`, the per-tab queue, the panel port and `chrome.storage`;
//! tests implement it with scripted fakes, so the whole controller runs
//! natively in milliseconds.
//!
//! Also the messages the controller sends the panel ([`TaskEvent`]) and
//! what it asks the user ([`UserPrompt`] / [`UserReply`]).

use super::task::{StepStatus, Task, TaskStatus};
use crate::digest::PageDigest;
use crate::llm::{Completion, LlmError, ToolChatRequest, Usage};
use crate::safety::{Risk, SecretKind, SiteAnswer};
use crate::tools::{ToolCall, ToolError};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// What the controller asks the user; the panel shows a card for each.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum UserPrompt {
    /// The model's clarifying question (seed 002 `ask_user`).
    Question { text: String },
    /// A high-risk step waits for the user's click: exactly what will be
    /// done, on which site, and why it needs confirming.
    Confirm { action: String, site: String, risk: Risk, reason: String },
    /// The first write on a site the user has not allowed.
    Site { origin: String, action: String },
    /// A password, card or one-time-code field: the user types the value
    /// in the panel (masked); it never reaches the model.
    Secret { secret: SecretKind, field: String, site: String },
}

/// The user's answer, as the controller sees it (a secret's value stays
/// with the service worker; the controller only learns it is ready).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum UserReply {
    Answer { text: String },
    Confirm { allow: bool },
    Site { answer: SiteAnswer },
    /// The secret is held by the worker under `handle`, for this task.
    SecretReady { handle: u32 },
    /// The user declined to give the secret.
    SecretRefused,
    /// The task was stopped while waiting.
    Cancelled,
}

/// Progress the panel shows while a task runs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum TaskEvent {
    /// The task exists (its id is what history and resume refer to).
    Started { task_id: String, goal: String, url: String, title: String },
    Status { status: TaskStatus, progress: f32, note: Option<String> },
    /// A step began (`description` says what, on which element).
    StepStarted { index: u32, description: String },
    /// `description` as bound: the element's name on the page ("Click
    /// “Download invoice INV-2026-011” (button)").
    StepDone { index: u32, status: StepStatus, description: String, result: String, ms: u32 },
    /// A model call ended; `step_from` is the first step it asked for.
    /// `cost` in USD when the model's price is known.
    LlmCall { index: u32, usage: Usage, ms: u32, model: String, cost: Option<f64> },
    /// The model's words as they stream (its note before a call, or a
    /// plain answer).
    Thinking { text: String },
    /// The final answer as it streams.
    AnswerDelta { text: String },
    /// The task waits for the user.
    Prompt { prompt_id: u32, prompt: UserPrompt },
    /// The prompt was answered (or dropped); the panel closes its card.
    PromptClosed { prompt_id: u32 },
    Finished { status: TaskStatus, answer: Option<String>, usage: Usage, cost: Option<f64> },
}

/// What the model's streamed reply shows before it is complete.
#[derive(Debug, Clone, PartialEq)]
pub enum StreamPiece {
    /// Text content (a note, or a plain-text answer).
    Text(String),
    /// Call `index`'s name is known.
    CallStarted { index: usize, name: String },
    /// A piece of call `index`'s arguments (JSON text).
    Arguments { index: usize, text: String },
}

/// The outside world of one task.
#[allow(async_fn_in_trait)]
pub trait Host {
    /// One chat completion, streamed: `on_piece` sees content as it comes.
    async fn complete(&self, request: &ToolChatRequest, on_piece: &mut dyn FnMut(StreamPiece)) -> Result<Completion, LlmError>;
    /// Runs a tool in its tab's lane, as part of this task.
    async fn tool(&self, call: ToolCall) -> Result<Value, ToolError>;
    /// Runs `call` (a `dom.type`) with the text replaced by the secret
    /// held under `handle` — the value exists only in the worker.
    async fn tool_with_secret(&self, call: ToolCall, handle: u32) -> Result<Value, ToolError>;
    /// Searches the site from the page in `tab_id` in background tabs
    /// (`explore::search`), recording what it sees in the origin's site
    /// graph. The task's tabs are not touched.
    async fn explore(&self, tab_id: i32, request: &crate::explore::ExploreRequest) -> Result<crate::explore::ExploreReport, ToolError>;
    /// The page's main text (the question prompt's digest).
    async fn read_page(&self, tab_id: i32) -> Result<PageDigest, ToolError>;
    /// Shows `prompt` and waits for the user (or the task's stop).
    async fn ask(&self, prompt_id: u32, prompt: &UserPrompt) -> UserReply;
    /// A value the user let the worker remember for `origin` (until the
    /// browser closes), made available to this task under a handle.
    async fn stored_secret(&self, origin: &str, kind: SecretKind) -> Option<u32>;
    /// Whether writes on `origin` are allowed for good (the options' list).
    async fn site_allowed(&self, origin: &str) -> bool;
    /// The user said "always" for `origin`.
    async fn allow_site(&self, origin: &str);
    fn event(&self, event: TaskEvent);
    /// Persists the task (after every step).
    async fn save(&self, task: &Task);
    async fn sleep(&self, ms: u32);
    /// Milliseconds since the epoch.
    fn now(&self) -> f64;
    /// The user pressed Stop.
    fn cancelled(&self) -> bool;
}

/// The model settings a task runs with.
#[derive(Debug, Clone, PartialEq)]
pub struct AgentConfig {
    pub model: String,
    /// Force text mode (servers known to lack tool calling).
    pub text_mode: bool,
    /// Only sent when the user set one (some servers reject it).
    pub temperature: Option<f32>,
    pub max_steps: u32,
    /// The history is compacted past this many (estimated) tokens.
    pub history_budget: usize,
    /// The model's price, for the cost shown per call and task.
    pub price: Option<super::settings::ModelPrice>,
    pub explore: crate::explore::ExploreSettings,
    /// The PCD Scout's model: the fast model, when the user set one.
    pub scout: Option<super::scout::ScoutSetup>,
    /// The model takes images (`AgentSettings::vision`).
    pub vision: bool,
}

impl AgentConfig {
    pub const DEFAULT_MAX_STEPS: u32 = 40;
    pub const DEFAULT_HISTORY_BUDGET: usize = 12_000;

    pub fn new(model: &str) -> AgentConfig {
        AgentConfig {
            model: model.to_owned(),
            text_mode: false,
            temperature: None,
            max_steps: Self::DEFAULT_MAX_STEPS,
            history_budget: Self::DEFAULT_HISTORY_BUDGET,
            price: None,
            explore: Default::default(),
            scout: None,
            vision: false,
        }
    }

    /// The config for `model` under the user's agent settings.
    pub fn with_settings(model: &str, settings: &super::settings::AgentSettings) -> AgentConfig {
        AgentConfig {
            text_mode: settings.tool_calling == super::settings::ToolCalling::Text,
            max_steps: settings.max_steps,
            history_budget: settings.history_budget(),
            price: settings.price_of(model).cloned(),
            explore: settings.explore,
            scout: Some(settings.fast_model.trim()).filter(|m| !m.is_empty()).map(|m| super::scout::ScoutSetup {
                model: m.to_owned(),
                price: settings.price_of(m).cloned(),
                vision: settings.fast_vision,
            }),
            vision: settings.vision,
            ..AgentConfig::new(model)
        }
    }
}
