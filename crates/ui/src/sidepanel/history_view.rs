//! The task history screen: `<section aria-label="Task history">` with
//! the past tasks, newest first, each with "Open" and "Export", and
//! "Clear history"; or one task opened read-only, shown with the task
//! view's own step list and answer (no cards, no Stop: it is over).

use super::exchange::StepList;
use super::focus::focus_if_lost;
use super::history::{History, OpenedTask};
use super::task::{status_word, thousands, TaskState};
use super::task_view::TaskAnswer;
use bc_core::agent::task::TaskBrief;
use bc_core::agent::TaskStatus;
use leptos::html;
use leptos::prelude::*;

/// The history screen: the list, or the task opened from it.
#[component]
pub fn HistoryScreen(
    /// The history's state and actions.
    history: History,
) -> impl IntoView {
    let is_open = Memo::new(move |_| history.opened.with(Option::is_some));
    view! {
        <section class="history" aria-label="Task history">
            <Show when=move || is_open.get() fallback=move || view! { <TaskList history /> }>
                <PastTask history />
            </Show>
        </section>
    }
}

/// The past tasks, newest first, with "Clear history".
#[component]
fn TaskList(
    /// The history's state and actions.
    history: History,
) -> impl IntoView {
    let heading = NodeRef::<html::H2>::new();
    focus_if_lost(heading);
    let tasks = history.tasks;
    let empty = move || tasks.with(|t| t.as_ref().is_some_and(Vec::is_empty));
    let loading = move || tasks.with(Option::is_none) && history.error.with(Option::is_none);
    view! {
        <div class="history-bar">
            <h2 tabindex="-1" node_ref=heading>"Past tasks"</h2>
            <button
                type="button"
                disabled=move || history.clearing.get() || empty() || tasks.with(Option::is_none)
                on:click=move |_| history.clear()
            >
                "Clear history"
            </button>
        </div>
        <HistoryError history />
        <Show when=loading>
            <p class="note">"Loading…"</p>
        </Show>
        <Show when=empty>
            <p class="empty">"No task yet: what you ask the copilot to do is kept here."</p>
        </Show>
        <ol class="history-list" aria-label="Past tasks">
            <For
                each=move || tasks.get().unwrap_or_default()
                key=|brief| (brief.id.clone(), brief.updated_at.to_bits(), status_word(brief.status))
                children=move |brief| view! { <HistoryItem history brief /> }
            />
        </ol>
        <SiteMaps history />
    }
}

/// What exploring learnt of each site (issue 42: the site graph): one
/// disclosure per site, its kinds of pages and how many links join them.
#[component]
fn SiteMaps(history: History) -> impl IntoView {
    let graphs = history.graphs;
    view! {
        <button type="button" class="link" on:click=move |_| history.site_graphs()>
            "Show site maps"
        </button>
        <Show when=move || graphs.with(|g| !g.is_empty())>
            <h2>"Site maps"</h2>
            <ul class="site-maps" aria-label="Site maps">
                <For
                    each=move || graphs.get()
                    key=|g| (g.origin.clone(), g.nodes.len(), g.edges.len())
                    children=move |g| {
                        let summary = format!("{}: {} pages, {} links", g.origin, g.nodes.len(), g.edges.len());
                        let pages: Vec<String> = g
                            .nodes
                            .iter()
                            .map(|n| {
                                let path = n.template.strip_prefix(&g.origin).unwrap_or(&n.template).to_owned();
                                let goals = if n.goals.is_empty() { String::new() } else { format!(" (shows {})", n.goals.iter().map(|k| format!("{k:?}").to_lowercase()).collect::<Vec<_>>().join(", ")) };
                                format!("{} — {path}{goals}", n.title)
                            })
                            .collect();
                        view! {
                            <li>
                                <details>
                                    <summary>{summary}</summary>
                                    <ul>{pages.into_iter().map(|p| view! { <li>{p}</li> }).collect_view()}</ul>
                                </details>
                            </li>
                        }
                    }
                />
            </ul>
        </Show>
    }
}

/// One past task: its goal, how it ended and when, its steps and tokens,
/// the outcome line, "Open" and "Export".
#[component]
fn HistoryItem(
    /// Where Open and Export go.
    history: History,
    /// The task as the list has it.
    brief: TaskBrief,
) -> impl IntoView {
    let TaskBrief {
        id,
        goal,
        status,
        created_at,
        steps,
        usage,
        outcome,
        ..
    } = brief;
    let steps = match steps {
        1 => "1 step".to_owned(),
        n => format!("{} steps", thousands(n)),
    };
    let tokens = format!(
        "{} tokens in · {} out",
        thousands(usage.prompt_tokens),
        thousands(usage.completion_tokens)
    );
    let (open_id, open_goal) = (id.clone(), goal.clone());
    let export_id = id.clone();
    let busy_id = id.clone();
    view! {
        <li class="history-item" data-status=status_word(status)>
            <p class="history-goal">{goal.clone()}</p>
            <p class="history-meta">
                <span class="history-status">{status_label(status)}</span>
                " · "
                <When at=created_at />
                " · "
                {steps}
                " · "
                {tokens}
            </p>
            {outcome.map(|text| view! { <p class="history-outcome">{text}</p> })}
            <div class="actions">
                <button type="button" on:click=move |_| history.open(open_id.clone(), open_goal.clone())>
                    "Open"
                    <span class="visually-hidden">{format!(" {goal}")}</span>
                </button>
                <button
                    type="button"
                    disabled=move || history.is_exporting(&busy_id)
                    on:click=move |_| history.export(export_id.clone())
                >
                    "Export"
                    <span class="visually-hidden">{format!(" {goal}")}</span>
                </button>
            </div>
        </li>
    }
}

/// A task opened from the list, read-only: goal, how it ended and when,
/// its steps with results and times, the answer or the failure, usage
/// and cost; "Back to history" and "Export".
#[component]
fn PastTask(
    /// The history, whose opened task to show.
    history: History,
) -> impl IntoView {
    let opened = history.opened;
    let part = move |f: fn(&OpenedTask) -> Option<String>| {
        Memo::new(move |_| opened.with(|o| o.as_ref().and_then(f)))
    };
    let goal = part(|o| {
        Some(
            o.record
                .as_ref()
                .map_or_else(|| o.goal.clone(), |t| t.goal.clone()),
        )
    });
    let error = part(|o| o.error.clone());
    let shown = Memo::new(move |_| opened.with(|o| o.as_ref().and_then(OpenedTask::shown)));
    let created = Memo::new(move |_| {
        opened.with(|o| {
            o.as_ref()
                .and_then(|o| o.record.as_ref().map(|t| t.created_at))
        })
    });
    let task_id = move || opened.with_untracked(|o| o.as_ref().map(|o| o.task_id.clone()));
    let heading = NodeRef::<html::H2>::new();
    focus_if_lost(heading);
    let export = move |_| {
        if let Some(id) = task_id() {
            history.export(id);
        }
    };
    view! {
        <article
            class="bubble answer task past-task"
            aria-label="Past task"
            data-status=move || shown.with(|s| s.as_ref().map(|s| status_word(s.status)))
        >
            <div class="history-bar">
                <button type="button" class="link" on:click=move |_| history.close_task()>
                    "Back to history"
                </button>
                <button
                    type="button"
                    disabled=move || shown.with(Option::is_none)
                    on:click=export
                >
                    "Export"
                </button>
            </div>
            <h2 class="task-goal" tabindex="-1" node_ref=heading>{move || goal.get()}</h2>
            <HistoryError history />
            {move || error.get().map(|text| view! { <p class="task-error" role="alert">{text}</p> })}
            <Show when=move || shown.with(Option::is_none) && error.with(Option::is_none)>
                <p class="note">"Loading the task…"</p>
            </Show>
            {move || shown.get().map(|task| view! { <TaskRecord task created=created.get().unwrap_or_default() /> })}
        </article>
    }
}

/// What a stored task did, with the live task view's parts.
#[component]
fn TaskRecord(
    /// The task as the task view shows it.
    task: TaskState,
    /// When it was asked for (ms since the epoch).
    created: f64,
) -> impl IntoView {
    let answer = task.answer();
    let usage = task.usage_line();
    let failed = task.status == TaskStatus::Failed;
    let steps = task.steps.clone();
    view! {
        <p class="history-meta">
            <span class="history-status">{status_label(task.status)}</span>
            " · "
            <When at=created />
        </p>
        {(!steps.is_empty()).then(|| view! { <StepList steps /> })}
        {answer.map(|answer| view! { <TaskAnswer answer=Some(answer) failed /> })}
        {usage.map(|line| view! { <p class="task-usage">{line}</p> })}
    }
}

/// A moment as the reader's locale writes it ("Dec 1, 2026, 11:18 PM"),
/// with the exact time in `datetime`.
#[component]
fn When(
    /// Milliseconds since the epoch.
    at: f64,
) -> impl IntoView {
    let (iso, text) = moment(at);
    view! { <time datetime=iso>{text}</time> }
}

/// Why the list could not be loaded or cleared, or a task exported.
#[component]
fn HistoryError(
    /// The history whose error to show.
    history: History,
) -> impl IntoView {
    move || {
        history
            .error
            .get()
            .map(|text| view! { <p class="history-error" role="alert">{text}</p> })
    }
}

/// How a task ended (or stands), in words.
pub fn status_label(status: TaskStatus) -> &'static str {
    match status {
        TaskStatus::Succeeded => "Done",
        TaskStatus::Failed => "Failed",
        TaskStatus::Cancelled => "Stopped",
        TaskStatus::AwaitingUser => "Waiting for you",
        TaskStatus::Created | TaskStatus::Planning | TaskStatus::Exploring | TaskStatus::Executing => "Running",
    }
}

/// `ms` since the epoch as an ISO string and in the reader's locale.
pub fn moment(ms: f64) -> (String, String) {
    let date = js_sys::Date::new(&ms.into());
    if date.get_time().is_nan() {
        return (String::new(), String::new());
    }
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"dateStyle".into(), &"medium".into());
    let _ = js_sys::Reflect::set(&options, &"timeStyle".into(), &"short".into());
    let locale = window()
        .navigator()
        .language()
        .unwrap_or_else(|| "en".into());
    (
        date.to_iso_string().into(),
        date.to_locale_string(&locale, &options).into(),
    )
}
