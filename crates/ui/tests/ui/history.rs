//! The side panel's task history (issue 40 point 8) in headless
//! Chromium, on a fake service worker: the list and the exact requests
//! behind History, Open, Export and Clear history; a past task shown
//! read-only; the way back to the conversation; failures shown.

use bc_core::agent::task::{LlmCallRecord, TaskBrief};
use bc_core::agent::{StepStatus, Task, TaskStatus};
use bc_core::protocol::{CopilotError, PanelEvent, PanelRequest};
use crate::common::task::{ask, step_record, stored_task, usage, QUESTION_LABEL};
use crate::common::{is_disabled, settle, Page};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

const HISTORY: &str = "section.history[aria-label='Task history']";
const PAST_TASK: &str = "article.past-task[aria-label='Past task']";
/// 2026-12-01T22:00:00Z and an hour later.
const EARLIER: f64 = 1_796_162_400_000.0;
const LATER: f64 = EARLIER + 3_600_000.0;

fn brief(
    id: &str,
    goal: &str,
    status: TaskStatus,
    created_at: f64,
    steps: u32,
    outcome: Option<&str>,
) -> TaskBrief {
    TaskBrief {
        id: id.into(),
        goal: goal.into(),
        status,
        created_at,
        updated_at: created_at + 60_000.0,
        steps,
        usage: usage(4_210, 120, 0),
        outcome: outcome.map(str::to_owned),
    }
}

fn briefs() -> Vec<TaskBrief> {
    vec![
        brief(
            "task-2-b",
            "Download my latest invoice",
            TaskStatus::Succeeded,
            LATER,
            3,
            Some("Downloaded invoice INV-1042."),
        ),
        brief(
            "task-1-a",
            "Cancel my plan",
            TaskStatus::Failed,
            EARLIER,
            1,
            Some("You did not allow cancelling the plan."),
        ),
    ]
}

/// The invoice task as stored: two steps, the answer, two priced calls.
fn invoice_task() -> Task {
    let steps = vec![
        step_record(
            0,
            StepStatus::Ok,
            "Click “Billing” (link)",
            "Now on “Billing”",
            412,
        ),
        step_record(
            1,
            StepStatus::Ok,
            "Click “Download invoice INV-1042” (button)",
            "Downloaded INV-1042.pdf",
            1_250,
        ),
    ];
    let mut task = stored_task(
        "task-2-b",
        "Download my latest invoice",
        TaskStatus::Succeeded,
        LATER,
        "Downloaded invoice INV-1042.",
        steps,
    );
    task.cost = Some(0.0012);
    task.llm_calls = [usage(3_000, 80, 0), usage(1_210, 40, 0)]
        .into_iter()
        .zip(0..)
        .map(|(usage, index)| LlmCallRecord {
            index,
            model: "gpt-4o-mini".into(),
            started_at: LATER,
            ms: 800,
            usage,
            attempts: 1,
        })
        .collect();
    task
}

/// The panel with its history open and listed.
async fn listed() -> Page {
    let page = Page::sidepanel().await;
    page.click("History").await;
    assert_eq!(
        page.fake.take_requests(),
        vec![PanelRequest::ListTasks { id: 1 }]
    );
    page.fake.push(PanelEvent::Tasks {
        id: 1,
        tasks: briefs(),
    });
    settle().await;
    page
}

fn texts(page: &Page, selector: &str) -> Vec<String> {
    let all = page.root.query_selector_all(selector).unwrap();
    (0..all.length())
        .map(|i| all.get(i).unwrap().text_content().unwrap_or_default())
        .collect()
}

fn focused_text() -> String {
    let document = web_sys::window().unwrap().document().unwrap();
    document
        .active_element()
        .and_then(|e| e.text_content())
        .unwrap_or_default()
}

#[wasm_bindgen_test]
async fn history_lists_past_tasks_and_leads_back_to_the_chat() {
    let page = Page::sidepanel().await;
    ask(&page, "What does Pro cost?").await;
    page.fake.take_requests();
    assert_eq!(page.count(HISTORY), 0);
    page.click("History").await;
    assert_eq!(
        page.fake.take_requests(),
        vec![PanelRequest::ListTasks { id: 2 }]
    );
    assert_eq!(page.count(HISTORY), 1);
    assert!(
        page.get(".chat").has_attribute("hidden"),
        "the conversation is hidden, not gone"
    );
    assert_eq!(page.text(&format!("{HISTORY} .note")), "Loading…");

    page.fake.push(PanelEvent::Tasks {
        id: 2,
        tasks: briefs(),
    });
    settle().await;
    assert_eq!(page.count(&format!("{HISTORY} .note")), 0);
    assert_eq!(
        texts(
            &page,
            "ol.history-list[aria-label='Past tasks'] .history-goal"
        ),
        ["Download my latest invoice", "Cancel my plan"]
    );
    let statuses: Vec<_> = (0..2)
        .map(|i| {
            page.root
                .query_selector_all(".history-item")
                .unwrap()
                .get(i)
                .unwrap()
                .unchecked_into::<web_sys::Element>()
                .get_attribute("data-status")
                .unwrap()
        })
        .collect();
    assert_eq!(statuses, ["succeeded", "failed"]);
    let time = page
        .root
        .query_selector(".history-item time")
        .unwrap()
        .unwrap();
    assert_eq!(
        time.get_attribute("datetime").as_deref(),
        Some("2026-12-01T23:00:00.000Z")
    );
    let when = time.text_content().unwrap();
    assert!(!when.is_empty());
    assert_eq!(
        texts(&page, ".history-meta")[0],
        format!("Done · {when} · 3 steps · 4,210 tokens in · 120 out")
    );
    assert!(
        texts(&page, ".history-meta")[1].starts_with("Failed · ")
            && texts(&page, ".history-meta")[1].contains(" · 1 step · ")
    );
    assert_eq!(
        texts(&page, ".history-outcome"),
        [
            "Downloaded invoice INV-1042.",
            "You did not allow cancelling the plan."
        ]
    );
    for name in [
        "Open Download my latest invoice",
        "Export Download my latest invoice",
        "Open Cancel my plan",
        "Export Cancel my plan",
    ] {
        assert!(!is_disabled(&page.button(name)), "{name}");
    }

    page.click("Back to chat").await;
    assert_eq!(page.count(HISTORY), 0);
    assert!(!page.get(".chat").has_attribute("hidden"));
    assert_eq!(
        page.text(".bubble.question"),
        "What does Pro cost?",
        "the conversation as it was left"
    );
    assert_eq!(page.button("History").tag_name(), "BUTTON");
    assert!(page.fake.requests().is_empty());
}

#[wasm_bindgen_test]
async fn an_opened_task_is_shown_read_only_with_steps_answer_and_cost() {
    let page = listed().await;
    page.click("Open Download my latest invoice").await;
    assert_eq!(
        page.fake.take_requests(),
        vec![PanelRequest::GetTask {
            id: 2,
            task_id: "task-2-b".into()
        }]
    );
    assert_eq!(page.count(".history-list"), 0);
    assert_eq!(
        page.text(&format!("{PAST_TASK} h2")),
        "Download my latest invoice"
    );
    assert_eq!(
        focused_text(),
        "Download my latest invoice",
        "the keyboard goes to the task"
    );
    assert_eq!(
        page.text(&format!("{PAST_TASK} .note")),
        "Loading the task…"
    );
    assert!(is_disabled(&page.button("Export")));

    page.fake.push(PanelEvent::TaskRecord {
        id: 2,
        task: Box::new(invoice_task()),
    });
    settle().await;
    let past = page.get(PAST_TASK);
    assert_eq!(
        past.get_attribute("data-status").as_deref(),
        Some("succeeded")
    );
    assert!(page
        .text(&format!("{PAST_TASK} .history-meta"))
        .starts_with("Done · "));
    assert_eq!(page.step_statuses(), ["done", "done"]);
    assert_eq!(
        texts(&page, ".step-label"),
        [
            "Click “Billing” (link)",
            "Click “Download invoice INV-1042” (button)"
        ]
    );
    assert_eq!(
        texts(&page, ".step-result"),
        ["Now on “Billing”", "Downloaded INV-1042.pdf"]
    );
    assert_eq!(texts(&page, ".step-meta"), ["0.4 s", "1.3 s"]);
    assert_eq!(
        page.text(&format!("{PAST_TASK} .answer-text")),
        "Downloaded invoice INV-1042."
    );
    assert_eq!(
        page.text(&format!("{PAST_TASK} .task-usage")),
        "2 model calls · 4,210 tokens in · 120 out · $0.0012"
    );
    assert_eq!(
        page.count(".card.prompt, [role=progressbar], [role=alert]"),
        0,
        "no cards, no progress, no error"
    );
    assert!(
        !texts(&page, "button").iter().any(|b| b == "Stop"),
        "nothing to stop"
    );

    page.click("Back to history").await;
    assert_eq!(page.count(PAST_TASK), 0);
    assert_eq!(texts(&page, ".history-goal").len(), 2, "the list as it was");
    assert_eq!(focused_text(), "Past tasks");
    assert!(page.fake.requests().is_empty());
}

#[wasm_bindgen_test]
async fn a_failed_task_shows_why_and_a_task_that_cannot_load_says_so() {
    let page = listed().await;
    page.click("Open Cancel my plan").await;
    let step = step_record(
        0,
        StepStatus::Denied,
        "Click “Cancel plan” (button)",
        "The user declined.",
        3,
    );
    let task = stored_task(
        "task-1-a",
        "Cancel my plan",
        TaskStatus::Failed,
        EARLIER,
        "You did not allow cancelling the plan.",
        vec![step],
    );
    page.fake.push(PanelEvent::TaskRecord {
        id: 2,
        task: Box::new(task),
    });
    settle().await;
    assert_eq!(
        page.text(&format!("{PAST_TASK} .answer-text.task-error[role=alert]")),
        "You did not allow cancelling the plan."
    );
    assert_eq!(page.step_statuses(), ["declined"]);
    assert_eq!(page.count(".task-usage"), 0, "no model call, no usage line");

    page.click("Back to history").await;
    page.click("Open Download my latest invoice").await;
    page.fake.push(PanelEvent::Failed {
        id: 3,
        error: CopilotError::BadRequest {
            detail: "there is no task task-2-b".into(),
        },
    });
    // A late answer for the task opened before changes nothing.
    page.fake.push(PanelEvent::TaskRecord {
        id: 2,
        task: Box::new(invoice_task()),
    });
    settle().await;
    assert_eq!(
        page.text(&format!("{PAST_TASK} [role=alert]")),
        "The message was not understood by the service worker: there is no task task-2-b"
    );
    assert_eq!(
        page.count(&format!("{PAST_TASK} .note, {PAST_TASK} .steps")),
        0
    );
}

/// Records what a download link would save, instead of saving it.
struct Downloads {
    saved: Rc<RefCell<Vec<(String, String)>>>,
    listener: Closure<dyn FnMut(web_sys::Event)>,
}

impl Downloads {
    fn intercept() -> Downloads {
        let saved = Rc::new(RefCell::new(Vec::new()));
        let sink = saved.clone();
        let listener = Closure::<dyn FnMut(web_sys::Event)>::new(move |ev: web_sys::Event| {
            let Some(link) = ev
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlAnchorElement>().ok())
            else {
                return;
            };
            if link.has_attribute("download") {
                ev.prevent_default();
                sink.borrow_mut().push((link.download(), link.href()));
            }
        });
        web_sys::window()
            .unwrap()
            .add_event_listener_with_callback_and_bool(
                "click",
                listener.as_ref().unchecked_ref(),
                true,
            )
            .unwrap();
        Downloads { saved, listener }
    }

    fn take(&self) -> Vec<(String, String)> {
        std::mem::take(&mut *self.saved.borrow_mut())
    }
}

impl Drop for Downloads {
    fn drop(&mut self) {
        let _ = web_sys::window()
            .unwrap()
            .remove_event_listener_with_callback_and_bool(
                "click",
                self.listener.as_ref().unchecked_ref(),
                true,
            );
    }
}

async fn read_url(url: &str) -> String {
    let response: web_sys::Response =
        wasm_bindgen_futures::JsFuture::from(web_sys::window().unwrap().fetch_with_str(url))
            .await
            .unwrap()
            .unchecked_into();
    wasm_bindgen_futures::JsFuture::from(response.text().unwrap())
        .await
        .unwrap()
        .as_string()
        .unwrap()
}

#[wasm_bindgen_test]
async fn export_saves_the_task_as_json() {
    let downloads = Downloads::intercept();
    let page = listed().await;
    page.click("Export Download my latest invoice").await;
    assert_eq!(
        page.fake.take_requests(),
        vec![PanelRequest::GetTask {
            id: 2,
            task_id: "task-2-b".into()
        }]
    );
    assert!(is_disabled(
        &page.button("Export Download my latest invoice")
    ));
    assert!(downloads.take().is_empty(), "nothing to save yet");

    page.fake.push(PanelEvent::TaskRecord {
        id: 2,
        task: Box::new(invoice_task()),
    });
    settle().await;
    let saved = downloads.take();
    assert_eq!(saved.len(), 1, "{saved:?}");
    let (file, url) = &saved[0];
    assert_eq!(file, "task-2-b.json");
    assert!(url.starts_with("blob:"), "{url}");
    let json: serde_json::Value = serde_json::from_str(&read_url(url).await).unwrap();
    assert_eq!(json, serde_json::to_value(invoice_task()).unwrap());
    assert!(!is_disabled(
        &page.button("Export Download my latest invoice")
    ));
    assert_eq!(
        page.count("a[download]"),
        0,
        "the link was only there for the click"
    );

    // An opened task is exported as it is, without asking again.
    page.click("Open Download my latest invoice").await;
    page.fake.push(PanelEvent::TaskRecord {
        id: 3,
        task: Box::new(invoice_task()),
    });
    settle().await;
    page.fake.take_requests();
    page.click("Export").await;
    assert!(page.fake.requests().is_empty());
    assert_eq!(
        downloads
            .take()
            .into_iter()
            .map(|(file, _)| file)
            .collect::<Vec<_>>(),
        ["task-2-b.json"]
    );
}

#[wasm_bindgen_test]
async fn clear_history_forgets_the_finished_tasks() {
    let page = listed().await;
    page.click("Clear history").await;
    assert_eq!(
        page.fake.take_requests(),
        vec![PanelRequest::ClearTasks { id: 2 }]
    );
    assert!(is_disabled(&page.button("Clear history")));
    page.fake.push(PanelEvent::Tasks {
        id: 2,
        tasks: vec![],
    });
    settle().await;
    assert_eq!(page.count(".history-item"), 0);
    assert_eq!(
        page.text(&format!("{HISTORY} .empty")),
        "No task yet: what you ask the copilot to do is kept here."
    );
    assert!(
        is_disabled(&page.button("Clear history")),
        "nothing to clear"
    );
}

#[wasm_bindgen_test]
async fn a_history_that_cannot_load_says_why_and_reopening_asks_again() {
    let page = Page::sidepanel().await;
    page.click("History").await;
    page.fake.disconnect();
    settle().await;
    assert_eq!(
        page.text(&format!("{HISTORY} [role=alert]")),
        "The service worker restarted before answering; please ask again."
    );
    assert_eq!(page.count(&format!("{HISTORY} .note, {HISTORY} .empty")), 0);
    page.fake.take_requests();
    page.click("Back to chat").await;
    page.click("History").await;
    assert_eq!(
        page.fake.take_requests(),
        vec![PanelRequest::ListTasks { id: 2 }]
    );
    assert_eq!(page.count(&format!("{HISTORY} [role=alert]")), 0);
    assert!(
        !is_disabled(&page.labelled(QUESTION_LABEL)),
        "the composer is untouched"
    );
}
