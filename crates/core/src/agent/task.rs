//! A task's state (seed 000 §9): goal, status, the model conversation
//! (as turns the request is rendered from each time), the step records
//! (seed 000 §13 telemetry), usage, and what the service worker needs to
//! resume it after Chrome stopped the worker.
//!
//! Everything here is serialisable and is saved after every step; none of
//! it ever holds a secret value (typed secrets are `{{secret}}` here and
//! are substituted by the service worker at execution time).

use super::host::UserPrompt;
use crate::llm::Usage;
use crate::safety::{Risk, TaskGrants};
use crate::tools::ToolCall;
use crate::types::{MiniPcd, Observation, RoleSelector};
use serde::{Deserialize, Serialize};

/// Seed 000 §9's statuses (`exploring`/`blocked` come with exploration).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TaskStatus {
    Created,
    Planning,
    /// Searching the site in background tabs (`explore`).
    Exploring,
    Executing,
    AwaitingUser,
    Succeeded,
    Failed,
    Cancelled,
}

impl TaskStatus {
    pub fn is_final(self) -> bool {
        matches!(self, TaskStatus::Succeeded | TaskStatus::Failed | TaskStatus::Cancelled)
    }
}

/// How tools reach the model: native tool calling, or described in the
/// system prompt with JSON replies in the text (servers without tools).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ToolMode {
    #[default]
    Native,
    Text,
}

/// One call the model made, as it made it (arguments as sent).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModelCall {
    pub id: String,
    pub name: String,
    pub arguments: String,
}

/// What one call gave back to the model: a short result that stays in the
/// history, and the page state after it, which later turns drop once a
/// newer page state exists (old pages are stale and the largest part).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CallResult {
    pub call_id: String,
    pub name: String,
    pub brief: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<String>,
    /// Images a vision model sees with this result, once: `(caption,
    /// data URL)`. Only in the request right after the result (older
    /// results drop theirs), and never stored, exported or logged: a
    /// task's record holds the result's text only.
    #[serde(skip)]
    pub images: Vec<(String, String)>,
}

/// The conversation with the model, in order; each request is rendered
/// from these (`conversation.rs`), compacted as needed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "turn", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Turn {
    /// The model spoke: its note and its calls (text mode: the raw reply).
    Model { content: String, calls: Vec<ModelCall> },
    /// The results of the previous model turn's calls.
    Results { results: Vec<CallResult> },
    /// The user (an answer to `ask_user`) or the controller (a nudge, a
    /// repair request) speaking to the model.
    User { text: String },
}

/// How one step ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StepStatus {
    Running,
    Ok,
    Failed,
    /// The user declined the confirmation or the site.
    Denied,
    /// Not run: the page changed under the batch, or the task stopped.
    Skipped,
}

/// One step as recorded for the panel, the history and replay (seed 000 §13).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StepRecord {
    pub index: u32,
    /// The model call (index into `Task::llm_calls`) that asked for it.
    pub llm_call: u32,
    /// The model's tool name and arguments as decoded (secrets as `{{secret}}`).
    pub tool: String,
    pub args: serde_json::Value,
    /// For people: "Click “Invoices” (link)".
    pub description: String,
    /// The tool call the worker ran, after binding (selector and tab filled in).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub call: Option<ToolCall>,
    /// The selector that finally worked, when it is not the one bound.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub used_selector: Option<RoleSelector>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub risk: Option<Risk>,
    pub status: StepStatus,
    /// One line: what happened, or why it failed.
    pub result: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observation: Option<Observation>,
    /// The MiniPCD version (`ts`) the model saw after the step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pcd_ts: Option<f64>,
    pub started_at: f64,
    /// Our own time for the step (tools and perception), in ms.
    pub ms: u32,
}

/// One model call, for cost and timing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LlmCallRecord {
    pub index: u32,
    pub model: String,
    pub started_at: f64,
    pub ms: u32,
    pub usage: Usage,
    /// Attempts it took (429 / 5xx retries, compaction after a context error).
    pub attempts: u32,
}

/// A step that was sent to the page but whose outcome was not recorded
/// (the worker stopped in between): on resume it is re-checked, never
/// repeated blindly.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PendingStep {
    pub step: u32,
    pub call: ToolCall,
    /// The page's URL and listing version before it ran.
    pub url_before: String,
    pub ts_before: f64,
}

/// A task: one user request carried out by the agent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Task {
    pub id: String,
    pub goal: String,
    pub status: TaskStatus,
    pub created_at: f64,
    pub updated_at: f64,
    /// The tab the task acts on unless a call names another.
    pub tab_id: i32,
    /// Every tab the task has used (it may act on these only).
    pub tabs: Vec<i32>,
    /// Marks page text in prompts as untrusted (`prompt::untrusted`).
    pub nonce: String,
    pub mode: ToolMode,
    /// The endpoint refused `tool_choice: "required"`; `auto` is sent.
    #[serde(default)]
    pub auto_choice: bool,
    /// The `explore` tool's settings for this task.
    #[serde(default)]
    pub explore: crate::explore::ExploreSettings,
    /// The PCD Scout's model (`None`: no Scout; see `scout`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scout: Option<super::scout::ScoutSetup>,
    /// The model takes images (off after the endpoint refused them).
    #[serde(default)]
    pub vision: bool,
    /// Goals the task explored for by itself (once each).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub auto_explored: Vec<String>,
    /// USD spent on model calls, when the model's price is known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<f64>,
    /// 0.0–1.0 (seed 000 §9.6).
    pub progress: f32,
    /// The goal-page predicates the goal implies (`goals::expected`).
    #[serde(default)]
    pub goals: Vec<super::goals::GoalKind>,
    /// Goal-page signals the task's pages showed.
    #[serde(default)]
    pub goal_hits: Vec<super::goals::GoalHit>,
    /// A `done` no page supported was sent back once already.
    #[serde(default)]
    pub done_doubted: bool,
    /// The model's latest note about what it did and does next.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Earlier exchanges of the conversation (follow-ups keep context).
    #[serde(default)]
    pub earlier: Vec<crate::llm::ChatTurn>,
    /// The first page state, in the goal message.
    pub opening: String,
    /// The page the task started on (its address and title): where a flow
    /// saved from the task starts (`flows::from_task`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_title: Option<String>,
    pub turns: Vec<Turn>,
    pub steps: Vec<StepRecord>,
    pub llm_calls: Vec<LlmCallRecord>,
    /// The tools offered to the model so far (`offer`): grows as pages
    /// call for more, never shrinks. Empty on a task stored before it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub offered: Vec<String>,
    /// The latest listing the model saw (deltas and risk facts come from it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<MiniPcd>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending: Option<PendingStep>,
    /// A question, confirmation or secret the task waits for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub waiting_for: Option<UserPrompt>,
    /// Malformed model replies in a row (≤ 2 repairs, then the task stops).
    pub repairs_in_row: u32,
    /// The last id given to a user prompt (cards in the panel).
    #[serde(default)]
    pub next_prompt: u32,
    /// Sites allowed once, or refused, for this task.
    #[serde(default)]
    pub grants: TaskGrants,
    /// Where the task may go without asking (`leaving`).
    #[serde(default)]
    pub sites: super::leaving::TaskSites,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<String>,
    /// Why the task failed, for the user.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<String>,
}

impl Task {
    /// A password or code the user wrote into `goal` is withheld
    /// (`safety::typed`): the goal keeps the placeholder, never the value.
    pub fn new(id: String, goal: String, tab_id: i32, nonce: String, now: f64) -> Task {
        Task {
            id,
            goal: crate::safety::typed::withhold_typed_secrets(&goal),
            status: TaskStatus::Created,
            created_at: now,
            updated_at: now,
            tab_id,
            tabs: vec![tab_id],
            nonce,
            mode: ToolMode::default(),
            auto_choice: false,
            explore: Default::default(),
            scout: None,
            vision: false,
            auto_explored: Vec::new(),
            cost: None,
            progress: 0.0,
            goals: Vec::new(),
            goal_hits: Vec::new(),
            done_doubted: false,
            note: None,
            earlier: Vec::new(),
            opening: String::new(),
            start_url: None,
            start_title: None,
            turns: Vec::new(),
            offered: Vec::new(),
            steps: Vec::new(),
            llm_calls: Vec::new(),
            page: None,
            pending: None,
            waiting_for: None,
            repairs_in_row: 0,
            next_prompt: 0,
            grants: TaskGrants::default(),
            sites: Default::default(),
            answer: None,
            failure: None,
        }
    }

    /// Token use of all model calls so far.
    pub fn usage(&self) -> Usage {
        self.llm_calls.iter().fold(Usage::default(), |mut sum, c| {
            sum += c.usage;
            sum
        })
    }

    /// Steps that acted or read (not skipped ones).
    pub fn steps_run(&self) -> usize {
        self.steps.iter().filter(|s| s.status != StepStatus::Skipped).count()
    }
}

/// What the history lists of a task (`PanelEvent::Tasks`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TaskBrief {
    pub id: String,
    pub goal: String,
    pub status: TaskStatus,
    pub created_at: f64,
    pub updated_at: f64,
    pub steps: u32,
    pub usage: Usage,
    /// The answer or the failure, cut to one line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<String>,
}

impl Task {
    pub fn brief(&self) -> TaskBrief {
        let outcome = self.answer.as_ref().or(self.failure.as_ref()).map(|t| super::page::clip(t, 160));
        TaskBrief {
            id: self.id.clone(),
            goal: self.goal.clone(),
            status: self.status,
            created_at: self.created_at,
            updated_at: self.updated_at,
            steps: self.steps_run() as u32,
            usage: self.usage(),
            outcome,
        }
    }

    /// The worker that ran the task was stopped (Chrome stopped it, the
    /// browser closed): the task ends here, saying where, and nothing is
    /// repeated — a step that was sent but not confirmed is named so the
    /// user can check the page. Returns whether the task was interrupted.
    pub fn end_interrupted(&mut self, now: f64) -> bool {
        if self.status.is_final() || self.status == TaskStatus::Created {
            return false;
        }
        let last = self.steps.last().map(|s| format!(" after step {} (“{}”)", s.index + 1, s.description)).unwrap_or_default();
        let mut why = format!("The browser stopped the copilot while it worked on this task{last}, so the task ended there; nothing was repeated.");
        if let Some(p) = &self.pending {
            let what = self.steps.iter().find(|s| s.index == p.step).map(|s| s.description.clone());
            let what = what.unwrap_or_else(|| p.call.name().as_str().to_owned());
            why.push_str(&format!(" The step “{what}” had been sent to the page, but whether it took effect is not known: check the page before asking again."));
        }
        if let Some(prompt) = &self.waiting_for {
            let asked = match prompt {
                super::host::UserPrompt::Question { text } => format!("your answer to “{text}”"),
                super::host::UserPrompt::Confirm { action, .. } => format!("your confirmation of “{action}”"),
                super::host::UserPrompt::Site { origin, .. } => format!("your permission to act on {origin}"),
                super::host::UserPrompt::Secret { field, .. } => format!("a value for “{field}”"),
            };
            why.push_str(&format!(" It was waiting for {asked}."));
        }
        self.status = TaskStatus::Failed;
        self.failure = Some(why);
        self.pending = None;
        self.waiting_for = None;
        self.updated_at = now;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::ToolCall;

    fn running() -> Task {
        let mut t = Task::new("t".into(), "buy a lamp".into(), 1, "n".into(), 0.0);
        t.status = TaskStatus::Executing;
        t
    }

    #[test]
    fn an_interrupted_task_says_where_it_stopped_and_what_to_check() {
        let mut t = running();
        t.steps.push(StepRecord {
            index: 0,
            llm_call: 0,
            tool: "dom_click".into(),
            args: serde_json::json!({"id": "a1"}),
            description: "Click “Place order” (button)".into(),
            call: None,
            used_selector: None,
            risk: None,
            status: StepStatus::Running,
            result: String::new(),
            observation: None,
            pcd_ts: None,
            started_at: 0.0,
            ms: 0,
        });
        t.pending = Some(PendingStep { step: 0, call: ToolCall::TabsList {}, url_before: "u".into(), ts_before: 1.0 });
        assert!(t.end_interrupted(5.0));
        assert_eq!(t.status, TaskStatus::Failed);
        let why = t.failure.as_deref().unwrap();
        assert!(why.contains("after step 1 (“Click “Place order” (button)”)") && why.contains("check the page"), "{why}");
        assert!(t.pending.is_none());
        assert!(!t.end_interrupted(6.0), "a final task stays as it is");
    }

    #[test]
    fn a_task_waiting_for_the_user_says_so() {
        let mut t = running();
        t.waiting_for = Some(super::super::host::UserPrompt::Question { text: "Which month?".into() });
        t.end_interrupted(1.0);
        assert!(t.failure.unwrap().contains("waiting for your answer to “Which month?”"));
    }
}
