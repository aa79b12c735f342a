//! Helpers for the task tests: a worker's task events for request 1, the
//! replies the cards send, and the task view's parts.

use super::{settle, type_into, Page};
use bc_core::agent::{StepStatus, TaskEvent, TaskStatus, UserPrompt};
use bc_core::llm::{ChatTurn, Usage};
use bc_core::protocol::{PanelEvent, PanelReply, PanelRequest};
use wasm_bindgen::JsCast;

pub const QUESTION_LABEL: &str = "Ask about this page";
pub const TASK_ID: &str = "task-1-abc";
pub const TASK: &str = "section.bubble.answer.task[aria-label=Task]";

pub async fn ask(page: &Page, input: &str) {
    type_into(&page.labelled(QUESTION_LABEL), input).await;
    page.click("Send").await;
}

/// Delivers task events for request 1, as the worker would.
pub async fn events(page: &Page, events: Vec<TaskEvent>) {
    for event in events {
        page.fake.push(PanelEvent::Task {
            id: 1,
            task_id: TASK_ID.into(),
            event,
        });
    }
    settle().await;
}

pub fn attr(page: &Page, selector: &str, name: &str) -> Option<String> {
    page.get(selector).get_attribute(name)
}

pub fn status(status: TaskStatus, progress: f32, note: Option<&str>) -> TaskEvent {
    TaskEvent::Status {
        status,
        progress,
        note: note.map(str::to_owned),
    }
}

pub fn started(title: &str) -> TaskEvent {
    TaskEvent::Started {
        task_id: TASK_ID.into(),
        goal: "goal".into(),
        url: "https://shop.example/billing".into(),
        title: title.into(),
    }
}

pub fn thinking(text: &str) -> TaskEvent {
    TaskEvent::Thinking { text: text.into() }
}

pub fn usage(prompt_tokens: u32, completion_tokens: u32, cached_tokens: u32) -> Usage {
    Usage {
        prompt_tokens,
        completion_tokens,
        cached_tokens,
    }
}

pub fn llm_call(index: u32, usage: Usage) -> TaskEvent {
    TaskEvent::LlmCall {
        index,
        usage,
        ms: 800,
        model: "m".into(),
        cost: None,
    }
}

pub fn step_done(index: u32, status: StepStatus, result: &str, ms: u32) -> TaskEvent {
    TaskEvent::StepDone {
        index,
        status,
        description: String::new(),
        result: result.into(),
        ms,
    }
}

pub fn prompt(prompt_id: u32, prompt: UserPrompt) -> TaskEvent {
    TaskEvent::Prompt { prompt_id, prompt }
}

pub fn finished(status: TaskStatus, answer: Option<&str>, usage: Usage) -> TaskEvent {
    TaskEvent::Finished {
        status,
        answer: answer.map(str::to_owned),
        usage,
        cost: None,
    }
}

pub fn reply(prompt_id: u32, reply: PanelReply) -> PanelRequest {
    PanelRequest::TaskReply {
        id: 1,
        task_id: TASK_ID.into(),
        prompt_id,
        reply,
    }
}

/// A task that is running on "Billing – Shop", with nothing asked yet.
pub async fn running_task(page: &Page, input: &str) {
    ask(page, input).await;
    events(
        page,
        vec![
            status(TaskStatus::Planning, 0.0, None),
            started("Billing – Shop"),
            status(TaskStatus::Executing, 0.0, None),
        ],
    )
    .await;
}

/// Sends `input` as the next question and gives the history it carried.
pub async fn history_of_next_ask(page: &Page, input: &str) -> Vec<ChatTurn> {
    ask(page, input).await;
    match page.fake.last_request() {
        Some(PanelRequest::Ask { history, .. }) => history,
        other => panic!("no Ask but {other:?}"),
    }
}

/// Types `value` into the card's control `input` and presses `button`:
/// the requests that sent (and no earlier ones).
pub async fn answer_card(page: &Page, input: &str, value: &str, button: &str) -> Vec<PanelRequest> {
    type_into(&page.get(input).unchecked_into(), value).await;
    page.fake.take_requests();
    page.click(button).await;
    page.fake.take_requests()
}

/// A step as the worker stores it in a task.
pub fn step_record(
    index: u32,
    status: StepStatus,
    description: &str,
    result: &str,
    ms: u32,
) -> bc_core::agent::StepRecord {
    bc_core::agent::StepRecord {
        index,
        llm_call: 0,
        tool: "dom_click".into(),
        args: Default::default(),
        description: description.into(),
        call: None,
        used_selector: None,
        risk: None,
        status,
        result: result.into(),
        observation: None,
        pcd_ts: None,
        started_at: 0.0,
        ms,
    }
}

/// A task as the worker stores it: ended with `status`, and `outcome`
/// as its answer (succeeded) or its failure (otherwise).
pub fn stored_task(
    id: &str,
    goal: &str,
    status: TaskStatus,
    created_at: f64,
    outcome: &str,
    steps: Vec<bc_core::agent::StepRecord>,
) -> bc_core::agent::Task {
    let mut task = bc_core::agent::Task::new(id.into(), goal.into(), 1, "n".into(), created_at);
    task.status = status;
    match status {
        TaskStatus::Succeeded => task.answer = Some(outcome.into()),
        _ => task.failure = Some(outcome.into()),
    }
    task.steps = steps;
    task
}
