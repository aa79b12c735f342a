//! The side panel showing an agent task (issue 40 point 8) in headless
//! Chromium, on a fake service worker: progress, note, steps, the answer
//! and its cost, a failed task, Stop, a worker restart. The cards are in
//! `task_prompts.rs`.

use bc_core::agent::{StepStatus, TaskEvent, TaskStatus, UserPrompt};
use bc_core::llm::{ChatTurn, Usage};
use bc_core::protocol::{CopilotError, PanelEvent, PanelRequest};
use crate::common::task::*;
use crate::common::{is_disabled, settle, Page};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn a_task_shows_its_progress_note_steps_answer_and_cost() {
    let page = Page::sidepanel().await;
    ask(&page, "Download my latest invoice").await;
    events(&page, vec![status(TaskStatus::Planning, 0.0, None)]).await;
    assert_eq!(
        attr(&page, TASK, "data-status").as_deref(),
        Some("planning")
    );
    assert_eq!(attr(&page, TASK, "aria-busy").as_deref(), Some("true"));
    assert_eq!(page.text(".task-note"), "Reading the page…");
    assert_eq!(
        page.count(".bubble.answer"),
        1,
        "the task replaces the waiting bubble"
    );
    assert_eq!(page.text(".bubble.question"), "Download my latest invoice");

    events(
        &page,
        vec![
            started("Billing – Shop"),
            status(TaskStatus::Executing, 0.0, None),
            thinking("I will open "),
            thinking("Billing."),
        ],
    )
    .await;
    assert_eq!(page.text(".task .about"), "On: Billing – Shop");
    assert_eq!(
        attr(&page, TASK, "data-status").as_deref(),
        Some("executing")
    );
    let note = page.get(".task-note");
    assert_eq!(note.text_content().as_deref(), Some("I will open Billing."));
    assert_eq!(note.get_attribute("aria-live").as_deref(), Some("polite"));
    let bar = "[role=progressbar][aria-label=Progress]";
    assert_eq!(attr(&page, bar, "aria-valuemin").as_deref(), Some("0"));
    assert_eq!(attr(&page, bar, "aria-valuemax").as_deref(), Some("100"));
    assert_eq!(attr(&page, bar, "aria-valuenow").as_deref(), Some("0"));
    assert_eq!(page.count(".task .steps"), 0, "no empty step list");

    events(
        &page,
        vec![
            llm_call(0, usage(2_000, 60, 1_024)),
            TaskEvent::StepStarted {
                index: 0,
                description: "Click “Billing” (link)".into(),
            },
        ],
    )
    .await;
    assert_eq!(page.step_statuses(), ["running"]);
    assert_eq!(
        page.text(".task ol.steps[aria-label=Steps] .step-label"),
        "Click “Billing” (link)"
    );
    assert_eq!(page.text(".step .visually-hidden"), " (running)");
    assert_eq!(page.count(".step-meta"), 0, "no time while it runs");

    events(
        &page,
        vec![
            step_done(
                0,
                StepStatus::Ok,
                "Now on “Invoices” (/billing/invoices)",
                412,
            ),
            status(TaskStatus::Executing, 0.45, None),
            thinking("Now the newest invoice."),
            llm_call(1, usage(1_210, 30, 0)),
            TaskEvent::StepStarted {
                index: 1,
                description: "Click “Download” (link)".into(),
            },
            step_done(1, StepStatus::Failed, "Nothing matches “Download”.", 1_250),
        ],
    )
    .await;
    assert_eq!(attr(&page, bar, "aria-valuenow").as_deref(), Some("45"));
    assert_eq!(page.text(".task-note"), "Now the newest invoice.");
    assert_eq!(page.step_statuses(), ["done", "failed"]);
    assert_eq!(
        page.text(".step.done .step-result"),
        "Now on “Invoices” (/billing/invoices)"
    );
    assert_eq!(page.text(".step.done .step-meta"), "0.4 s");
    assert_eq!(
        page.text(".step.failed .step-result[role=alert]"),
        "Nothing matches “Download”."
    );
    assert_eq!(page.text(".step.failed .step-meta"), "1.3 s");
    assert_eq!(page.count(".task-usage"), 0, "the cost comes at the end");

    events(
        &page,
        vec![
            llm_call(2, usage(1_000, 30, 0)),
            TaskEvent::AnswerDelta {
                text: "Downloaded invoice ".into(),
            },
            TaskEvent::AnswerDelta {
                text: "INV-1042.".into(),
            },
            status(TaskStatus::Succeeded, 1.0, None),
            finished(
                TaskStatus::Succeeded,
                Some("Downloaded invoice INV-1042."),
                usage(4_210, 120, 1_024),
            ),
        ],
    )
    .await;
    assert_eq!(
        page.text(".task .answer-text"),
        "Downloaded invoice INV-1042."
    );
    assert_eq!(
        page.text(".task-usage"),
        "3 model calls · 4,210 tokens in (1,024 cached) · 120 out"
    );
    assert_eq!(
        attr(&page, TASK, "data-status").as_deref(),
        Some("succeeded")
    );
    assert_eq!(attr(&page, TASK, "aria-busy").as_deref(), Some("false"));
    assert_eq!(attr(&page, bar, "aria-valuenow").as_deref(), Some("100"));
    assert_eq!(page.text(".task-note"), "");
    assert_eq!(page.count(".task-error, .bubble.error, .task .note"), 0);
    assert!(!is_disabled(&page.labelled(QUESTION_LABEL)));

    // A succeeded task is a turn of the conversation: follow-ups build on it.
    ask(&page, "and now the Team plan").await;
    assert_eq!(
        page.fake.last_request(),
        Some(PanelRequest::Ask {
            id: 2,
            question: "and now the Team plan".into(),
            history: vec![ChatTurn {
                question: "Download my latest invoice".into(),
                answer: "Downloaded invoice INV-1042.".into(),
            }],
        })
    );
}

/// The worker answers questions as tasks too: the answer comes with
/// `Finished`, after the model's words streamed as its note.
#[wasm_bindgen_test]
async fn a_question_answered_as_a_task_shows_the_answer_once() {
    let page = Page::sidepanel().await;
    running_task(&page, "What does Pro cost?").await;
    events(&page, vec![thinking("Pro costs "), thinking("$29/month.")]).await;
    assert_eq!(page.text(".task-note"), "Pro costs $29/month.");
    assert_eq!(page.count(".answer-text"), 0);
    events(
        &page,
        vec![
            llm_call(0, usage(900, 12, 0)),
            finished(
                TaskStatus::Succeeded,
                Some("Pro costs $29/month."),
                usage(900, 12, 0),
            ),
        ],
    )
    .await;
    assert_eq!(page.text(".answer-text"), "Pro costs $29/month.");
    assert_eq!(page.text(".task-note"), "", "not twice");
    assert_eq!(
        page.text(".task-usage"),
        "1 model call · 900 tokens in · 12 out"
    );
}

#[wasm_bindgen_test]
async fn a_failed_task_says_why_as_an_alert_and_is_no_turn() {
    let page = Page::sidepanel().await;
    running_task(&page, "Cancel my subscription").await;
    events(
        &page,
        vec![
            TaskEvent::StepStarted {
                index: 0,
                description: "Click “Cancel plan” (button)".into(),
            },
            step_done(0, StepStatus::Denied, "The user declined.", 3),
            prompt(
                1,
                UserPrompt::Question {
                    text: "Go on?".into(),
                },
            ),
            llm_call(0, usage(500, 20, 0)),
            finished(
                TaskStatus::Failed,
                Some("You did not allow cancelling the plan, so it is still active."),
                usage(500, 20, 0),
            ),
        ],
    )
    .await;
    assert_eq!(attr(&page, TASK, "data-status").as_deref(), Some("failed"));
    let why = page.get(".task .answer-text");
    assert_eq!(why.get_attribute("role").as_deref(), Some("alert"));
    assert!(why.class_list().contains("task-error"));
    assert_eq!(
        page.text("[role=alert]:not(.step-result)"),
        "You did not allow cancelling the plan, so it is still active."
    );
    assert_eq!(page.step_statuses(), ["declined"]);
    assert_eq!(page.count(".card.prompt"), 0, "the cards go with the task");
    assert_eq!(page.count(".save-flow"), 0, "a failed task is no flow");
    assert_eq!(
        page.text(".task-usage"),
        "1 model call · 500 tokens in · 20 out"
    );
    assert!(!is_disabled(&page.labelled(QUESTION_LABEL)));

    assert!(
        history_of_next_ask(&page, "Try again").await.is_empty(),
        "a failed task is not a completed turn"
    );
}

#[wasm_bindgen_test]
async fn stop_ends_a_task_and_its_cards() {
    let page = Page::sidepanel().await;
    running_task(&page, "Download every invoice").await;
    events(
        &page,
        vec![
            TaskEvent::StepStarted {
                index: 0,
                description: "Scroll down".into(),
            },
            prompt(
                1,
                UserPrompt::Question {
                    text: "All years?".into(),
                },
            ),
        ],
    )
    .await;
    page.fake.take_requests();
    page.click("Stop").await;
    assert_eq!(
        page.fake.take_requests(),
        vec![PanelRequest::Cancel { id: 1 }]
    );
    assert_eq!(
        attr(&page, TASK, "data-status").as_deref(),
        Some("cancelled")
    );
    assert_eq!(attr(&page, TASK, "aria-busy").as_deref(), Some("false"));
    assert_eq!(page.text(".task .note"), "Stopped.");
    assert_eq!(page.step_statuses(), ["stopped"]);
    assert_eq!(page.count(".card.prompt"), 0);

    // What the worker still sends about the stopped task changes nothing.
    events(
        &page,
        vec![
            step_done(0, StepStatus::Skipped, "Not run", 0),
            finished(TaskStatus::Cancelled, None, Usage::default()),
        ],
    )
    .await;
    assert_eq!(page.step_statuses(), ["stopped"]);
    assert_eq!(page.count("[role=alert]"), 0);
    assert!(!is_disabled(&page.labelled(QUESTION_LABEL)));
    assert!(
        history_of_next_ask(&page, "Again").await.is_empty(),
        "a stopped task is not a completed turn"
    );
}

#[wasm_bindgen_test]
async fn a_worker_restart_mid_task_fails_it() {
    let page = Page::sidepanel().await;
    running_task(&page, "Download my invoice").await;
    events(
        &page,
        vec![prompt(
            1,
            UserPrompt::Question {
                text: "Which?".into(),
            },
        )],
    )
    .await;
    page.fake.take_requests();
    page.fake.disconnect();
    settle().await;
    assert_eq!(
        page.text(".bubble.error[role=alert] p"),
        "The service worker restarted before answering; please ask again."
    );
    assert_eq!(attr(&page, TASK, "data-status").as_deref(), Some("failed"));
    assert_eq!(page.count(".card.prompt"), 0);
    assert!(!is_disabled(&page.labelled(QUESTION_LABEL)));
    // The panel asks where the task stopped; when the worker cannot say,
    // the generic message stays.
    assert_eq!(
        page.fake.take_requests(),
        vec![PanelRequest::GetTask {
            id: 2,
            task_id: TASK_ID.into()
        }]
    );
    page.fake.push(PanelEvent::Failed {
        id: 2,
        error: CopilotError::BadRequest {
            detail: "there is no task".into(),
        },
    });
    settle().await;
    assert_eq!(page.count(".bubble.error[role=alert]"), 1);
}

/// Chrome stopped the worker mid-task: the woken worker ended the task
/// saying where it stopped, and the panel shows that, with the steps as
/// stored, in place of the generic message.
#[wasm_bindgen_test]
async fn a_task_cut_off_by_a_worker_restart_says_where_it_stopped() {
    let page = Page::sidepanel().await;
    running_task(&page, "Buy the lamp").await;
    events(
        &page,
        vec![
            TaskEvent::StepStarted {
                index: 0,
                description: "Click “Lamps” (link)".into(),
            },
            step_done(0, StepStatus::Ok, "Now on “Lamps”", 300),
            TaskEvent::StepStarted {
                index: 1,
                description: "Click “Place order” (button)".into(),
            },
        ],
    )
    .await;
    page.fake.take_requests();
    page.fake.disconnect();
    settle().await;
    assert_eq!(
        page.fake.take_requests(),
        vec![PanelRequest::GetTask {
            id: 2,
            task_id: TASK_ID.into()
        }]
    );
    let why = "The browser stopped the copilot while it worked on this task after step 2 (“Click “Place order” (button)”), so the task ended there; nothing was repeated.";
    let steps = vec![
        step_record(
            0,
            StepStatus::Ok,
            "Click “Lamps” (link)",
            "Now on “Lamps”",
            300,
        ),
        step_record(
            1,
            StepStatus::Running,
            "Click “Place order” (button)",
            "",
            0,
        ),
    ];
    let task = stored_task(TASK_ID, "Buy the lamp", TaskStatus::Failed, 0.0, why, steps);
    page.fake.push(PanelEvent::TaskRecord {
        id: 2,
        task: Box::new(task),
    });
    settle().await;
    assert_eq!(page.count(".bubble.error"), 0, "no generic message");
    assert_eq!(page.text(".task .answer-text.task-error[role=alert]"), why);
    assert_eq!(attr(&page, TASK, "data-status").as_deref(), Some("failed"));
    assert_eq!(page.step_statuses(), ["done", "failed"]);
    assert_eq!(
        page.text(".task .about"),
        "On: Billing – Shop",
        "the page stays named"
    );
    assert!(!is_disabled(&page.labelled(QUESTION_LABEL)));
    assert!(
        history_of_next_ask(&page, "Try again").await.is_empty(),
        "a failed task is not a completed turn"
    );
}

/// A plain question has no task to ask about: the generic message says it.
#[wasm_bindgen_test]
async fn a_restart_before_any_task_event_asks_for_nothing() {
    let page = Page::sidepanel().await;
    ask(&page, "Download my invoice").await;
    page.fake.take_requests();
    page.fake.disconnect();
    settle().await;
    assert!(page.fake.requests().is_empty());
    assert_eq!(page.count(".bubble.error[role=alert]"), 1);
}

#[wasm_bindgen_test]
async fn the_usage_line_gives_the_cost_when_it_is_known() {
    let priced = |index, prompt, completion, cost| TaskEvent::LlmCall {
        index,
        usage: usage(prompt, completion, 0),
        ms: 700,
        model: "gpt-4o-mini".into(),
        cost,
    };
    let page = Page::sidepanel().await;
    running_task(&page, "What does Pro cost?").await;
    events(
        &page,
        vec![
            priced(0, 3_000, 80, Some(0.0007)),
            priced(1, 1_210, 40, Some(0.0005)),
            finished(TaskStatus::Succeeded, Some("$29."), usage(4_210, 120, 0)),
        ],
    )
    .await;
    assert_eq!(
        page.text(".task-usage"),
        "2 model calls · 4,210 tokens in · 120 out · $0.0012"
    );

    ask(&page, "And Team?").await;
    let event = |event| PanelEvent::Task {
        id: 2,
        task_id: "task-2".into(),
        event,
    };
    for e in [
        priced(0, 900, 12, None),
        TaskEvent::Finished {
            status: TaskStatus::Succeeded,
            answer: Some("$49.".into()),
            usage: usage(900, 12, 0),
            cost: Some(0.0034),
        },
    ] {
        page.fake.push(event(e));
    }
    settle().await;
    let lines = page.root.query_selector_all(".task-usage").unwrap();
    assert_eq!(
        lines.get(1).unwrap().text_content().as_deref(),
        Some("1 model call · 900 tokens in · 12 out · $0.0034"),
        "the worker's total wins"
    );
}

/// A command whose first step found nothing hands over to the agent in
/// the same exchange: the task's answer is a turn of the conversation,
/// the command's steps are not.
#[wasm_bindgen_test]
async fn a_task_a_command_handed_over_is_a_turn() {
    let page = Page::sidepanel().await;
    ask(&page, "click Preferences").await;
    page.fake.push(PanelEvent::CommandsStarted { id: 1, steps: vec!["Click “Preferences”".into()] });
    page.fake.push(PanelEvent::StepStarted { id: 1, index: 0 });
    page.fake.push(PanelEvent::StepDone {
        id: 1,
        index: 0,
        outcome: bc_core::protocol::StepOutcome {
            ok: false,
            summary: "Nothing on this page matches “Preferences”. The agent takes over.".into(),
            attachment: None,
        },
    });
    settle().await;
    events(
        &page,
        vec![
            status(TaskStatus::Planning, 0.0, None),
            started("Account – Shop"),
            llm_call(0, usage(700, 10, 0)),
            finished(TaskStatus::Succeeded, Some("Opened Settings, where preferences are."), usage(700, 10, 0)),
        ],
    )
    .await;
    assert_eq!(attr(&page, TASK, "data-status").as_deref(), Some("succeeded"));
    let history = history_of_next_ask(&page, "and the language?").await;
    assert_eq!(history, vec![ChatTurn { question: "click Preferences".into(), answer: "Opened Settings, where preferences are.".into() }]);
}

/// "Save as a flow" under a task that succeeded puts the sentence in the
/// composer for a name (a failed task has none: see above).
#[wasm_bindgen_test]
async fn a_succeeded_task_offers_to_be_saved_as_a_flow() {
    let page = Page::sidepanel().await;
    running_task(&page, "Sign me in").await;
    events(
        &page,
        vec![
            TaskEvent::StepStarted { index: 0, description: "Click “Sign in” (button)".into() },
            step_done(0, StepStatus::Ok, "Now on “Dashboard”", 40),
            finished(TaskStatus::Succeeded, Some("You are signed in."), usage(300, 5, 0)),
        ],
    )
    .await;
    assert_eq!(page.count(".save-flow"), 1);
    page.get(".save-flow").unchecked_into::<web_sys::HtmlElement>().click();
    settle().await;
    let composer: web_sys::HtmlTextAreaElement = page.labelled(QUESTION_LABEL).unchecked_into();
    assert_eq!(composer.value(), "save this as a flow called ");
}
