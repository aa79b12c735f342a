//! One exchange: the question bubble, then the answer bubble, or the steps
//! of a command run, or an agent task (`task_view.rs`), or a reply made
//! without the LLM; and an error bubble. [`StepItem`] shows a step of
//! either a command run or a task, in a [`StepList`].

use super::state::{run_summary, LocalAnswer, Step, StepStatus};
use super::task::seconds;
use super::knowledge_view::KnowledgeSources;
use super::task_view::TaskRun;
use super::{AnswerState, Conversation, Exchange};
use crate::client::Failure;
use bc_core::protocol::{PageRef, StepAttachment};
use leptos::prelude::*;

/// The user's question and the assistant's answer to it.
#[component]
pub fn ExchangeView(
    /// The exchange to show.
    exchange: Exchange,
    /// For the error bubble's "Open options".
    conversation: Conversation,
) -> impl IntoView {
    let state = exchange.state;
    let failure = move || match state.get() {
        AnswerState::Failed(failure) => Some(view! { <ErrorBubble failure conversation /> }),
        _ => None,
    };
    let local = exchange.local;
    let local_reply = move || {
        local
            .get()
            .map(|answer| view! { <LocalReplyBubble answer conversation /> })
    };
    let run = {
        let exchange = exchange.clone();
        move || {
            exchange
                .is_command_run()
                .then(|| view! { <CommandRun exchange=exchange.clone() /> })
        }
    };
    let task = exchange.task;
    let task_exchange = exchange.clone();
    let knowledge = exchange.knowledge;
    let sources = move || knowledge.get().map(|found| view! { <KnowledgeSources found /> });
    view! {
        <article class="exchange">
            <p class="bubble question">{exchange.question.clone()}</p>
            <AnswerBubble exchange=exchange.clone() />
            {run}
            <Show when=move || task.with(Option::is_some)>
                <TaskRun exchange=task_exchange.clone() conversation />
            </Show>
            {sources}
            {local_reply}
            {failure}
        </article>
    }
}

/// The commands an input ran as: one line per step with its status and
/// result, then a line for the whole run.
#[component]
pub fn CommandRun(
    /// The exchange whose steps to show.
    exchange: Exchange,
) -> impl IntoView {
    let Exchange { steps, state, .. } = exchange;
    let note = move || {
        (state.get() == AnswerState::Stopped).then(|| view! { <p class="note">"Stopped."</p> })
    };
    let summary = move || {
        let done = !state.with(AnswerState::is_open);
        done.then(|| steps.with(|s| run_summary(s)))
            .flatten()
            .map(|text| view! { <p class="run-summary">{text}</p> })
    };
    let numbered = Signal::derive(move || (0..).zip(steps.get()).collect::<Vec<(u32, Step)>>());
    view! {
        <div class="bubble answer run" aria-busy=move || state.with(AnswerState::is_open).to_string()>
            <StepList steps=numbered />
            {summary}
            {note}
        </div>
    }
}

/// The steps of a command run or a task, one line each; a line is redrawn
/// only when its step changes.
#[component]
pub fn StepList(
    /// The steps with their indices, in order.
    #[prop(into)]
    steps: Signal<Vec<(u32, Step)>>,
) -> impl IntoView {
    view! {
        <ol class="steps" aria-label="Steps">
            <For
                each=move || steps.get()
                key=|(index, step)| {
                    (*index, step.status, step.description.clone(), step.result.clone(), step.ms, step.llm.clone())
                }
                children=|(_, step)| view! { <StepItem step /> }
            />
        </ol>
    }
}

/// One step: an icon and words for its status, what it does, how long it
/// took (when known), what happened.
#[component]
fn StepItem(
    /// The step to show.
    step: Step,
) -> impl IntoView {
    let Step {
        description,
        status,
        result,
        attachment,
        ms,
        llm,
    } = step;
    let icon = match status {
        StepStatus::Pending => "○",
        StepStatus::Running => "…",
        StepStatus::Done => "✓",
        StepStatus::Failed => "✗",
        StepStatus::NotRun => "–",
        StepStatus::Stopped => "■",
        StepStatus::Declined => "⊘",
    };
    let meta = ms.map(|ms| view! { <span class="step-meta">{seconds(ms)}</span> });
    let llm = llm.map(|line| view! { <span class="step-llm">{line}</span> });
    let word = status.word();
    // A failure is announced; other results are read with the log.
    let result = result.map(|text| match status {
        StepStatus::Failed => view! { <p class="step-result" role="alert">{text}</p> }.into_any(),
        _ => view! { <p class="step-result">{text}</p> }.into_any(),
    });
    let attachment = attachment.map(|a| match a {
        StepAttachment::Text { text } => view! { <pre class="step-text">{text}</pre> }.into_any(),
        StepAttachment::Offers { text, suggestions } => view! {
            <pre class="step-text">{text}</pre>
            <super::offers::Offers suggestions />
        }
        .into_any(),
        StepAttachment::Image {
            data_url,
            file_name,
        } => view! {
            <figure class="step-image">
                <img src=data_url.clone() alt="Screenshot of the visible page" />
                <figcaption>
                    <a href=data_url download=file_name>"Save screenshot"</a>
                </figcaption>
            </figure>
        }
        .into_any(),
    });
    view! {
        <li class=format!("step {}", word.replace(' ', "-")) data-status=word>
            <span class="step-icon" aria-hidden="true">{icon}</span>
            <div class="step-body">
                <p class="step-description">
                    <span class="step-label">{description}</span>
                    <span class="visually-hidden">{format!(" ({word})")}</span>
                    {meta}
                </p>
                {result}
                {llm}
                {attachment}
            </div>
        </li>
    }
}

/// An answer made without the LLM (the help, or why an LLM is needed),
/// with "Open options" when an LLM would have answered.
#[component]
fn LocalReplyBubble(
    /// What to say.
    answer: LocalAnswer,
    /// Used to open the options page.
    conversation: Conversation,
) -> impl IntoView {
    let LocalAnswer { text, needs_llm } = answer;
    view! {
        <div class="bubble answer local">
            <div class="answer-text">{text}</div>
            {needs_llm
                .then(|| {
                    view! {
                        <button type="button" on:click=move |_| conversation.open_options()>
                            "Open options"
                        </button>
                    }
                })}
        </div>
    }
}

/// The streaming answer: "About: <page>", the text so far, and a note when
/// waiting or stopped. Hidden when a request failed before any text came.
#[component]
pub fn AnswerBubble(
    /// The exchange whose answer to show.
    exchange: Exchange,
) -> impl IntoView {
    let Exchange {
        page,
        answer,
        state,
        steps,
        local,
        task,
        knowledge,
        ..
    } = exchange;
    // Command runs, tasks and local replies have their own views; pages
    // found without a model's answer are shown by theirs alone.
    let visible = move || {
        steps.with(Vec::is_empty)
            && local.with(Option::is_none)
            && task.with(Option::is_none)
            && (knowledge.with(Option::is_none) || answer.with(|a| !a.is_empty()) || state.with(AnswerState::is_open))
            && (!matches!(state.get(), AnswerState::Failed(_)) || answer.with(|a| !a.is_empty()))
    };
    let about = move || {
        page.get()
            .map(|page| view! { <p class="about">"About: " {page_label(&page)}</p> })
    };
    let note = move || match state.get() {
        AnswerState::Waiting => Some(view! { <p class="note">"Reading the page…"</p> }),
        AnswerState::Stopped => Some(view! { <p class="note">"Stopped."</p> }),
        _ => None,
    };
    view! {
        <Show when=visible>
            <div class="bubble answer" aria-busy=move || state.with(AnswerState::is_open).to_string()>
                {about}
                <div class="answer-text">{move || answer.get()}</div>
                {note}
            </div>
        </Show>
    }
}

/// A failed request's message; offers the options page when the endpoint
/// is not configured.
#[component]
pub fn ErrorBubble(
    /// What went wrong.
    failure: Failure,
    /// Used to open the options page.
    conversation: Conversation,
) -> impl IntoView {
    let offer_options = failure.is_not_configured();
    view! {
        <div class="bubble error" role="alert">
            <p>{failure.to_string()}</p>
            {offer_options
                .then(|| {
                    view! {
                        <button type="button" on:click=move |_| conversation.open_options()>
                            "Open options"
                        </button>
                    }
                })}
        </div>
    }
}

/// The page's title, or its URL when it has none.
fn page_label(page: &PageRef) -> String {
    if page.title.trim().is_empty() {
        page.url.clone()
    } else {
        page.title.clone()
    }
}
