//! An agent task inside its exchange: the page it works on, a progress
//! bar, the model's latest note, the steps, cards for what it asks, the
//! answer and what the model calls cost.
//!
//! Each part reads the exchange's [`TaskState`] through its own memo, so
//! a streaming note redraws the note only: not the steps (the transcript
//! is a live region, and redrawn lines would be read out again), and not
//! the cards (their inputs would lose what the user typed).

use super::exchange::StepList;
use super::prompt::PromptCard;
use super::task::{percent, status_word, TaskState};
use super::{AnswerState, Conversation, Exchange};
use bc_core::agent::TaskStatus;
use bc_core::flows::takeover::SENTENCE as TAKEOVER;
use leptos::prelude::*;

/// What "Save as a flow" puts in the composer (a name may follow).
pub const SAVE_AS_FLOW: &str = "save this as a flow called";

/// The task an input runs as: `<section aria-label="Task">` with the task
/// status as `data-status`, busy while the request is open.
#[component]
pub fn TaskRun(
    /// The exchange whose task to show.
    exchange: Exchange,
    /// Where the cards' answers go.
    conversation: Conversation,
) -> impl IntoView {
    let Exchange {
        id, task, state, ..
    } = exchange;
    let status = read(task, |t| status_word(t.status));
    let page = read(task, |t| t.page.clone());
    let progress = read(task, |t| percent(t.progress));
    let note = read(task, TaskState::shown_note);
    let steps = read(task, |t| t.steps.clone());
    let prompts = read(task, |t| t.prompts.clone());
    let answer = read(task, TaskState::answer);
    let failed = read(task, |t| t.status == TaskStatus::Failed);
    let stopped = read(task, |t| t.status == TaskStatus::Cancelled);
    // A task that did something can be kept as a flow, to run again
    // with no model call (the worker saves the newest task that succeeded).
    let savable = read(task, |t| t.status == TaskStatus::Succeeded && !t.steps.is_empty());
    // A replay that stopped at a step offers the agent for the rest
    // (the worker adds the offer only when a model is configured).
    let takeover = read(task, |t| t.status == TaskStatus::Failed && t.answer().is_some_and(|a| a.contains(TAKEOVER)));
    let usage = read(task, TaskState::usage_line);
    let about = move || {
        page.get()
            .map(|page| view! { <p class="about">"On: " {page}</p> })
    };
    let card = move |(prompt_id, prompt)| {
        let task_id = task.with_untracked(|t| t.as_ref().map(|t| t.task_id.clone()));
        view! { <PromptCard conversation id task_id=task_id.unwrap_or_default() prompt_id prompt /> }
    };
    view! {
        <section
            class="bubble answer task"
            aria-label="Task"
            aria-busy=move || state.with(AnswerState::is_open).to_string()
            data-status=move || status.get()
        >
            {about}
            <TaskProgress percent=progress />
            <p class="task-note" aria-live="polite">{move || note.get()}</p>
            <Show when=move || steps.with(|steps| !steps.is_empty())>
                <StepList steps />
            </Show>
            <For each=move || prompts.get() key=|(prompt_id, _)| *prompt_id children=card />
            <Show when=move || answer.with(Option::is_some)>
                <TaskAnswer answer failed />
            </Show>
            <Show when=move || stopped.get()>
                <p class="note">"Stopped."</p>
            </Show>
            <Show when=move || savable.get()>
                <button type="button" class="chip save-flow" on:click=move |_| super::offers::to_finish(&conversation, SAVE_AS_FLOW)>
                    "Save as a flow"
                </button>
            </Show>
            <Show when=move || takeover.get()>
                <button type="button" class="chip takeover" on:click=move |_| {
                    conversation.draft.set(TAKEOVER.into());
                    conversation.ask();
                }>
                    "Let the agent finish"
                </button>
            </Show>
            {move || usage.get().map(|line| view! { <p class="task-usage">{line}</p> })}
        </section>
    }
}

/// How far the task is, as a bar with its percentage for screen readers.
#[component]
fn TaskProgress(
    /// 0–100.
    #[prop(into)]
    percent: Signal<u32>,
) -> impl IntoView {
    view! {
        <div
            class="task-progress"
            role="progressbar"
            aria-label="Progress"
            aria-valuemin="0"
            aria-valuemax="100"
            aria-valuenow=move || percent.get().to_string()
        >
            <div class="task-progress-fill" style:width=move || format!("{}%", percent.get())></div>
        </div>
    }
}

/// The task's answer; when the task failed, it says why, as an alert.
#[component]
pub fn TaskAnswer(
    /// The answer, once there is one.
    #[prop(into)]
    answer: Signal<Option<String>>,
    /// Whether the task failed.
    #[prop(into)]
    failed: Signal<bool>,
) -> impl IntoView {
    view! {
        <div
            class="answer-text"
            class:task-error=move || failed.get()
            role=move || failed.get().then_some("alert")
        >
            {move || answer.get().unwrap_or_default()}
        </div>
    }
}

/// One part of the task, recomputed when the task changes and passed on
/// only when the part did.
fn read<T>(
    task: RwSignal<Option<TaskState>>,
    part: impl Fn(&TaskState) -> T + Send + Sync + 'static,
) -> Memo<T>
where
    T: Default + PartialEq + Send + Sync + 'static,
{
    Memo::new(move |_| task.with(|t| t.as_ref().map(&part).unwrap_or_default()))
}
