//! An agent task as the side panel shows it: plain data folded from the
//! worker's [`TaskEvent`]s by pure functions, so every rule of the view
//! (notes, steps, open prompts, the answer, the usage line) is tested
//! without a DOM. The exchange keeps one [`TaskState`] in a signal; the
//! views (`task_view.rs`, `prompt.rs`) only read it.

use super::state::{Step, StepStatus};
use bc_core::agent::{self, Task, TaskEvent, TaskStatus, UserPrompt};
use bc_core::llm::Usage;

/// Shown as the note while the worker reads the page, before the model
/// has said anything.
pub const READING_NOTE: &str = "Reading the page…";

/// One agent task: what the panel knows of it so far.
#[derive(Debug, Clone, PartialEq)]
pub struct TaskState {
    pub task_id: String,
    /// The page the task started on: its title, else its URL (`None` for a
    /// tab the copilot could not read).
    pub page: Option<String>,
    pub status: TaskStatus,
    /// 0.0–1.0.
    pub progress: f32,
    /// The model's latest note, as it streams.
    pub note: String,
    /// A model call ended: the next words start a new note rather than
    /// run on from the last call's.
    note_ended: bool,
    /// The steps, by index, in order.
    pub steps: Vec<(u32, Step)>,
    /// Prompts waiting for the user, by prompt id, oldest first.
    pub prompts: Vec<(u32, UserPrompt)>,
    /// The final answer as it streamed (`AnswerDelta`).
    pub streamed: String,
    /// The answer `Finished` carried (for a failed task: why it failed).
    pub final_answer: Option<String>,
    /// Model calls made.
    pub calls: u32,
    /// Tokens used: the calls' sum, then `Finished`'s total.
    pub usage: Usage,
    /// What the calls cost in USD, summed while every call's price was
    /// known (`None` once one was not).
    call_cost: Option<f64>,
    /// The cost `Finished` (or a stored task) gave.
    final_cost: Option<f64>,
    /// The latest model call's line, until a step claims it.
    pending_call: Option<String>,
    /// A model call ended: a streamed answer after it starts afresh.
    answer_ended: bool,
}

impl TaskState {
    pub fn new(task_id: String) -> TaskState {
        TaskState {
            task_id,
            page: None,
            status: TaskStatus::Created,
            progress: 0.0,
            note: String::new(),
            note_ended: false,
            steps: Vec::new(),
            prompts: Vec::new(),
            streamed: String::new(),
            final_answer: None,
            calls: 0,
            usage: Usage::default(),
            call_cost: Some(0.0),
            final_cost: None,
            pending_call: None,
            answer_ended: false,
        }
    }

    /// A stored task (`PanelEvent::TaskRecord`) as the panel shows it:
    /// the history's read-only view, or a task whose worker restarted.
    pub fn from_record(task: &Task) -> TaskState {
        let mut claimed = std::collections::HashSet::new();
        let steps = task
            .steps
            .iter()
            .map(|record| {
                // The first step of each model call names the call.
                let call = task.llm_calls.get(record.llm_call as usize).filter(|_| claimed.insert(record.llm_call));
                let step = Step {
                    description: record.description.clone(),
                    status: step_status(record.status),
                    result: Some(record.result.clone()).filter(|r| !r.trim().is_empty()),
                    attachment: None,
                    ms: Some(record.ms),
                    llm: call.map(|c| call_line(c.index, c.usage, None)),
                };
                (record.index, step)
            })
            .collect();
        let mut state = TaskState {
            status: task.status,
            progress: task.progress,
            steps,
            final_answer: task.answer.clone().or_else(|| task.failure.clone()),
            calls: task.llm_calls.len() as u32,
            usage: task.usage(),
            call_cost: None,
            final_cost: task.cost,
            ..TaskState::new(task.id.clone())
        };
        if task.status.is_final() {
            // A step still "running" in an ended task did not finish.
            state.end(task.status);
        }
        state
    }

    /// Folds one event of the worker into the state.
    pub fn apply(&mut self, event: TaskEvent) {
        match event {
            TaskEvent::Started {
                task_id,
                url,
                title,
                ..
            } => {
                self.task_id = task_id;
                self.page = [title, url]
                    .into_iter()
                    .find(|label| !label.trim().is_empty());
            }
            TaskEvent::Status {
                status,
                progress,
                note,
            } => {
                self.status = status;
                self.progress = progress;
                if let Some(note) = note {
                    self.note = note;
                }
            }
            TaskEvent::StepStarted { index, description } => {
                let call = self.pending_call.take();
                let step = self.step_mut(index);
                step.description = description;
                step.status = StepStatus::Running;
                if call.is_some() {
                    step.llm = call;
                }
            }
            TaskEvent::StepDone {
                index,
                status,
                description,
                result,
                ms,
            } => {
                let step = self.step_mut(index);
                // Bound, the step names the element as the page does.
                if !description.trim().is_empty() {
                    step.description = description;
                }
                step.status = step_status(status);
                step.result = (!result.trim().is_empty()).then_some(result);
                step.ms = Some(ms);
            }
            TaskEvent::LlmCall { index, usage, cost, .. } => {
                self.pending_call = Some(call_line(index, usage, cost));
                self.answer_ended = true;
                self.calls += 1;
                self.usage += usage;
                self.call_cost = self.call_cost.zip(cost).map(|(sum, cost)| sum + cost);
                self.note_ended = true;
            }
            TaskEvent::Thinking { text } => {
                if std::mem::take(&mut self.note_ended) {
                    self.note.clear();
                }
                self.note.push_str(&text);
            }
            TaskEvent::AnswerDelta { text } => {
                // A `done` the worker sent back (no page showed the goal)
                // streamed an answer that a later call's replaces.
                if std::mem::take(&mut self.answer_ended) {
                    self.streamed.clear();
                }
                self.streamed.push_str(&text);
            }
            TaskEvent::Prompt { prompt_id, prompt } => {
                match self.prompts.iter_mut().find(|(id, _)| *id == prompt_id) {
                    // Shown again (a worker that restarted asks anew).
                    Some(open) => open.1 = prompt,
                    None => self.prompts.push((prompt_id, prompt)),
                }
            }
            TaskEvent::PromptClosed { prompt_id } => {
                self.prompts.retain(|(id, _)| *id != prompt_id)
            }
            TaskEvent::Finished {
                status,
                answer,
                usage,
                cost,
            } => {
                if status == TaskStatus::Succeeded {
                    self.progress = 1.0;
                }
                self.final_answer = answer;
                self.usage = usage;
                self.final_cost = cost;
                // The note told what the model was doing; once it is done,
                // the answer says it (a plain answer streamed as the note
                // would otherwise show twice).
                self.note.clear();
                self.end(status);
            }
        }
    }

    /// Ends the task on the panel's side (Stop, or the request failed):
    /// no card waits any more, and a running step shares the task's fate.
    pub fn end(&mut self, status: TaskStatus) {
        self.status = status;
        self.prompts.clear();
        let fate = match status {
            TaskStatus::Cancelled => StepStatus::Stopped,
            _ => StepStatus::Failed,
        };
        for (_, step) in &mut self.steps {
            step.status = match step.status {
                StepStatus::Running => fate,
                StepStatus::Pending => StepStatus::NotRun,
                other => other,
            };
        }
    }

    /// The answer to show: the streamed one, else `Finished`'s; `None`
    /// while there is none (or the task ended without one).
    /// The answer: `Finished`'s once the task ended (the worker's word is
    /// final), the streamed one while `done` is being written.
    pub fn answer(&self) -> Option<String> {
        let final_answer = self.final_answer.clone().filter(|answer| !answer.trim().is_empty());
        final_answer.or_else(|| (!self.streamed.is_empty()).then(|| self.streamed.clone()))
    }

    /// The note to show: the model's, or what happens before it speaks.
    pub fn shown_note(&self) -> String {
        if self.note.is_empty() && matches!(self.status, TaskStatus::Created | TaskStatus::Planning)
        {
            return READING_NOTE.to_owned();
        }
        self.note.clone()
    }

    /// The line under an ended task, if any model call was made.
    pub fn usage_line(&self) -> Option<String> {
        (self.status.is_final() && (self.calls > 0 || self.usage != Usage::default()))
            .then(|| usage_line(self.calls, self.usage, self.cost()))
    }

    /// What the task cost in USD, when known: `Finished`'s figure, else
    /// the calls' sum when every call's price was known.
    pub fn cost(&self) -> Option<f64> {
        self.final_cost
            .or(self.call_cost.filter(|_| self.calls > 0))
    }

    fn step_mut(&mut self, index: u32) -> &mut Step {
        let at = match self.steps.binary_search_by_key(&index, |(i, _)| *i) {
            Ok(at) => at,
            Err(at) => {
                // A step heard of only when it ended (a worker resumed
                // mid-step) still gets a line.
                let step = Step::new(format!("Step {}", index + 1));
                self.steps.insert(at, (index, step));
                at
            }
        };
        &mut self.steps[at].1
    }
}

/// How the panel shows an agent step's status.
pub fn step_status(status: agent::StepStatus) -> StepStatus {
    match status {
        agent::StepStatus::Running => StepStatus::Running,
        agent::StepStatus::Ok => StepStatus::Done,
        agent::StepStatus::Failed => StepStatus::Failed,
        agent::StepStatus::Denied => StepStatus::Declined,
        agent::StepStatus::Skipped => StepStatus::NotRun,
    }
}

/// The task status word of `data-status` (the wire name).
pub fn status_word(status: TaskStatus) -> &'static str {
    match status {
        TaskStatus::Created => "created",
        TaskStatus::Planning => "planning",
        TaskStatus::Exploring => "exploring",
        TaskStatus::Executing => "executing",
        TaskStatus::AwaitingUser => "awaiting_user",
        TaskStatus::Succeeded => "succeeded",
        TaskStatus::Failed => "failed",
        TaskStatus::Cancelled => "cancelled",
    }
}

/// `aria-valuenow` of the progress bar: a whole percentage.
pub fn percent(progress: f32) -> u32 {
    if progress.is_nan() {
        return 0;
    }
    (progress.clamp(0.0, 1.0) * 100.0).round() as u32
}

/// "model call 2: 1,234 tokens in · 40 out" (and its cost when known), for
/// the first step a call asked for (per-step cost, issue 40 point 8).
pub fn call_line(index: u32, usage: Usage, cost: Option<f64>) -> String {
    let cost = cost.map(|usd| format!(" · {}", dollars(usd))).unwrap_or_default();
    format!(
        "model call {}: {} tokens in · {} out{cost}",
        index + 1,
        thousands(usage.prompt_tokens),
        thousands(usage.completion_tokens)
    )
}

/// "3 model calls · 4,210 tokens in (1,024 cached) · 120 out", and
/// " · $0.0012" when the cost is known.
pub fn usage_line(calls: u32, usage: Usage, cost: Option<f64>) -> String {
    let calls = match calls {
        1 => "1 model call".to_owned(),
        n => format!("{} model calls", thousands(n)),
    };
    let cached = match usage.cached_tokens {
        0 => String::new(),
        n => format!(" ({} cached)", thousands(n)),
    };
    let cost = cost
        .map(|usd| format!(" · {}", dollars(usd)))
        .unwrap_or_default();
    format!(
        "{calls} · {} tokens in{cached} · {} out{cost}",
        thousands(usage.prompt_tokens),
        thousands(usage.completion_tokens)
    )
}

/// A cost in USD with two significant digits, at least cents: "$0.0012",
/// "$0.034", "$1.50". Model calls often cost fractions of a cent, which
/// "$0.00" would hide; below a millionth of a dollar it says so.
pub fn dollars(usd: f64) -> String {
    if !usd.is_finite() || usd <= 0.0 {
        return "$0.00".to_owned();
    }
    if usd < 0.000_001 {
        return "< $0.000001".to_owned();
    }
    let decimals = (1 - usd.log10().floor() as i32).clamp(2, 6) as usize;
    format!("${usd:.decimals$}")
}

/// A step's time to the nearest tenth of a second: "0.4 s" (half up, in
/// whole numbers: a float's 1.25 would print as 1.2).
pub fn seconds(ms: u32) -> String {
    let tenths = ms.saturating_add(50) / 100;
    format!("{}.{} s", tenths / 10, tenths % 10)
}

/// 4210 → "4,210".
pub fn thousands(n: u32) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
