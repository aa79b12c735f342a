//! The side panel in headless Chromium, on a fake service worker.

use bc_core::llm::{ChatTurn, LlmError};
use bc_core::protocol::{PageRef, PanelEvent, PanelRequest, StepAttachment, StepOutcome};
use bc_core::settings::SettingsError;
use crate::common::{is_disabled, press, settle, type_into, value_of, Page};
use wasm_bindgen_test::*;

const QUESTION_LABEL: &str = "Ask about this page";

async fn ask(page: &Page, question: &str) {
    type_into(&page.labelled(QUESTION_LABEL), question).await;
    page.click("Send").await;
}

async fn answer(page: &Page, id: u32, title: &str, parts: &[&str]) {
    let page_ref = PageRef {
        url: "https://shop.example/pricing".into(),
        title: title.into(),
    };
    page.fake
        .push(PanelEvent::AnswerStarted { id, page: page_ref });
    for text in parts {
        page.fake.push(PanelEvent::AnswerDelta {
            id,
            text: (*text).into(),
        });
    }
    settle().await;
}

#[wasm_bindgen_test]
async fn has_a_header_with_options() {
    let page = Page::sidepanel().await;
    assert_eq!(page.text("header h1"), "Browser Copilot");
    page.click("Options").await;
    assert_eq!(page.fake.options_opened(), 1);
    assert_eq!(
        page.get("[role=log]").get_attribute("aria-live").as_deref(),
        Some("polite")
    );
    assert_eq!(page.labelled(QUESTION_LABEL).tag_name(), "TEXTAREA");
}

#[wasm_bindgen_test]
async fn an_answer_streams_into_its_bubble() {
    let page = Page::sidepanel().await;
    ask(&page, "  What does Pro cost?  ").await;
    assert_eq!(
        page.fake.requests(),
        vec![PanelRequest::Ask {
            id: 1,
            question: "What does Pro cost?".into(),
            history: vec![]
        }]
    );
    assert_eq!(page.text(".bubble.question"), "What does Pro cost?");
    assert_eq!(value_of(&page.labelled(QUESTION_LABEL)), "");
    assert!(is_disabled(&page.labelled(QUESTION_LABEL)));
    assert_eq!(page.count(".bubble.answer .note"), 1, "waiting note");

    answer(&page, 1, "Pricing – Shop", &["Pro costs ", "$29/month."]).await;
    assert_eq!(page.text(".about"), "About: Pricing – Shop");
    assert_eq!(page.text(".answer-text"), "Pro costs $29/month.");
    assert_eq!(page.count(".bubble.answer .note"), 0);
    assert_eq!(
        page.get(".bubble.answer")
            .get_attribute("aria-busy")
            .as_deref(),
        Some("true")
    );

    page.fake.push(PanelEvent::AnswerDone { id: 1 });
    settle().await;
    assert_eq!(page.text(".answer-text"), "Pro costs $29/month.");
    assert_eq!(
        page.get(".bubble.answer")
            .get_attribute("aria-busy")
            .as_deref(),
        Some("false")
    );
    assert!(!is_disabled(&page.labelled(QUESTION_LABEL)));
    assert_eq!(page.count("[role=alert]"), 0);
}

#[wasm_bindgen_test]
async fn the_next_question_carries_the_completed_turns() {
    let page = Page::sidepanel().await;
    ask(&page, "What does Pro cost?").await;
    answer(&page, 1, "Pricing", &["$29", "/month"]).await;
    page.fake.push(PanelEvent::AnswerDone { id: 1 });
    settle().await;

    ask(&page, "And Team?").await;
    page.fake.push(PanelEvent::Failed {
        id: 2,
        error: LlmError::Timeout { secs: 60 }.into(),
    });
    settle().await;

    ask(&page, "And Enterprise?").await;
    let history = vec![ChatTurn {
        question: "What does Pro cost?".into(),
        answer: "$29/month".into(),
    }];
    assert_eq!(
        page.fake.last_request(),
        Some(PanelRequest::Ask {
            id: 3,
            question: "And Enterprise?".into(),
            history
        })
    );
    assert_eq!(page.count(".exchange"), 3);
}

#[wasm_bindgen_test]
async fn a_failure_shows_an_alert_and_keeps_the_conversation_usable() {
    let page = Page::sidepanel().await;
    ask(&page, "First?").await;
    answer(&page, 1, "Page", &["One."]).await;
    page.fake.push(PanelEvent::AnswerDone { id: 1 });
    ask(&page, "Second?").await;
    let error = LlmError::RateLimited {
        retry_after_secs: Some(3),
    };
    page.fake.push(PanelEvent::Failed {
        id: 2,
        error: error.clone().into(),
    });
    settle().await;

    assert_eq!(page.text("[role=alert] p"), error.to_string());
    assert_eq!(
        page.count("[role=alert] button"),
        0,
        "no options button for a rate limit"
    );
    let input = page.labelled(QUESTION_LABEL);
    assert!(!is_disabled(&input));
    assert_eq!(page.count(".bubble.question"), 2);
    assert_eq!(
        page.text(".answer-text"),
        "One.",
        "the failed answer shows no empty bubble"
    );
    type_into(&input, "Third?").await;
    assert!(!is_disabled(&page.button("Send")));
}

#[wasm_bindgen_test]
async fn not_configured_offers_the_options_page() {
    let page = Page::sidepanel().await;
    ask(&page, "Hi?").await;
    page.fake.push(PanelEvent::Failed {
        id: 1,
        error: SettingsError::NotConfigured.into(),
    });
    settle().await;
    assert_eq!(
        page.text("[role=alert] p"),
        SettingsError::NotConfigured.to_string()
    );
    page.click("Open options").await;
    assert_eq!(page.fake.options_opened(), 1);
}

#[wasm_bindgen_test]
async fn stop_cancels_and_keeps_the_partial_answer() {
    let page = Page::sidepanel().await;
    ask(&page, "Summarise").await;
    answer(&page, 1, "Article", &["The article "]).await;
    page.click("Stop").await;
    assert_eq!(
        page.fake.last_request(),
        Some(PanelRequest::Cancel { id: 1 })
    );
    assert_eq!(page.text(".bubble.answer .note"), "Stopped.");
    // Late events for the cancelled request change nothing.
    page.fake.push(PanelEvent::AnswerDelta {
        id: 1,
        text: "argues".into(),
    });
    page.fake.push(PanelEvent::Failed {
        id: 1,
        error: LlmError::Cancelled.into(),
    });
    settle().await;
    assert_eq!(page.text(".answer-text"), "The article ");
    assert_eq!(page.count("[role=alert]"), 0);
    assert!(!is_disabled(&page.labelled(QUESTION_LABEL)));

    ask(&page, "Again").await;
    let Some(PanelRequest::Ask { history, .. }) = page.fake.last_request() else {
        panic!("no Ask")
    };
    assert!(
        history.is_empty(),
        "a stopped answer is not a completed turn"
    );
}

#[wasm_bindgen_test]
async fn enter_sends_and_shift_enter_does_not() {
    let page = Page::sidepanel().await;
    let input = page.labelled(QUESTION_LABEL);
    type_into(&input, "Line one").await;
    press(&input, "Enter", true).await;
    assert!(page.fake.requests().is_empty());
    press(&input, "Enter", false).await;
    assert_eq!(
        page.fake.requests(),
        vec![PanelRequest::Ask {
            id: 1,
            question: "Line one".into(),
            history: vec![]
        }]
    );
}

#[wasm_bindgen_test]
async fn a_worker_restart_mid_answer_fails_locally() {
    let page = Page::sidepanel().await;
    ask(&page, "Question?").await;
    answer(&page, 1, "Page", &["Partial"]).await;
    page.fake.disconnect();
    settle().await;
    assert_eq!(
        page.text("[role=alert] p"),
        "The service worker restarted before answering; please ask again."
    );
    assert!(!is_disabled(&page.labelled(QUESTION_LABEL)));
}

#[wasm_bindgen_test]
async fn empty_questions_are_not_sent() {
    let page = Page::sidepanel().await;
    type_into(&page.labelled(QUESTION_LABEL), "   ").await;
    assert!(is_disabled(&page.button("Send")));
    press(&page.labelled(QUESTION_LABEL), "Enter", false).await;
    assert!(page.fake.requests().is_empty());
}

#[wasm_bindgen_test]
async fn an_unreachable_worker_fails_at_once() {
    let page = Page::sidepanel().await;
    page.fake
        .set_unreachable(Some("Extension context invalidated."));
    ask(&page, "Anyone there?").await;
    assert_eq!(
        page.text("[role=alert] p"),
        "Could not reach the service worker: Extension context invalidated."
    );
    assert!(!is_disabled(&page.labelled(QUESTION_LABEL)));
}

/// While open, the panel asks for the page in front to be perceived ahead
/// whenever that page may have changed, unless the copilot cannot read it
/// (nothing would come of waking the worker); nothing is shown for it, and
/// an unreachable worker changes nothing on screen either.
#[wasm_bindgen_test]
async fn a_new_page_in_front_is_prefetched_quietly() {
    let page = Page::sidepanel().await;
    page.fake.front_page_changed("https://shop.example/cart");
    page.fake.front_page_changed("chrome://extensions/");
    page.fake.front_page_changed("");
    page.fake.front_page_changed("http://127.0.0.1:8080/pricing/");
    assert_eq!(page.fake.requests(), vec![PanelRequest::Prefetch, PanelRequest::Prefetch]);
    page.fake.set_unreachable(Some("Extension context invalidated."));
    page.fake.front_page_changed("https://shop.example/");
    settle().await;
    assert_eq!(page.count("[role=alert]"), 0);
    // The conversation still works once the worker is back.
    page.fake.set_unreachable(None);
    ask(&page, "Still there?").await;
    assert!(matches!(page.fake.last_request(), Some(PanelRequest::Ask { .. })), "{:?}", page.fake.requests());
}

fn step_done(id: u32, index: u32, ok: bool, summary: &str) -> PanelEvent {
    PanelEvent::StepDone {
        id,
        index,
        outcome: StepOutcome {
            ok,
            summary: summary.into(),
            attachment: None,
        },
    }
}

#[wasm_bindgen_test]
async fn a_command_run_shows_each_step_with_its_status_and_result() {
    let page = Page::sidepanel().await;
    ask(&page, "click Sign in then type ada into Email").await;
    page.fake.push(PanelEvent::CommandsStarted {
        id: 1,
        steps: vec!["Click “Sign in”".into(), "Type “ada” into “Email”".into()],
    });
    page.fake.push(PanelEvent::StepStarted { id: 1, index: 0 });
    settle().await;
    assert_eq!(page.step_statuses(), ["running", "waiting"]);
    assert_eq!(
        page.count(".bubble.answer:not(.run)"),
        0,
        "no empty answer bubble"
    );
    assert!(page
        .text(".step.running .step-description")
        .starts_with("Click “Sign in”"));
    assert!(
        is_disabled(&page.labelled(QUESTION_LABEL)),
        "busy while it runs"
    );

    page.fake.push(step_done(
        1,
        0,
        true,
        "Clicked “Sign in” → now on “Dashboard” (/app/dashboard/)",
    ));
    page.fake.push(PanelEvent::StepStarted { id: 1, index: 1 });
    page.fake.push(step_done(
        1,
        1,
        false,
        "Nothing on this page matches “Email”.",
    ));
    settle().await;
    assert_eq!(page.step_statuses(), ["done", "failed"]);
    assert_eq!(
        page.text(".step.done .step-result"),
        "Clicked “Sign in” → now on “Dashboard” (/app/dashboard/)"
    );
    assert_eq!(
        page.text(".step.failed [role=alert]"),
        "Nothing on this page matches “Email”."
    );

    page.fake.push(PanelEvent::CommandsDone { id: 1 });
    settle().await;
    assert_eq!(page.text(".run-summary"), "The last of 2 steps failed.");
    assert_eq!(
        page.get(".bubble.run")
            .get_attribute("aria-busy")
            .as_deref(),
        Some("false")
    );
    assert!(!is_disabled(&page.labelled(QUESTION_LABEL)));

    // A command run is no turn of the LLM's conversation.
    ask(&page, "What is this page?").await;
    let Some(PanelRequest::Ask { history, .. }) = page.fake.last_request() else {
        panic!("no Ask")
    };
    assert!(history.is_empty());
}

#[wasm_bindgen_test]
async fn steps_after_a_failure_are_marked_not_run() {
    let page = Page::sidepanel().await;
    ask(&page, "go back then reload then scroll down").await;
    page.fake.push(PanelEvent::CommandsStarted {
        id: 1,
        steps: vec![
            "Go back".into(),
            "Reload the page".into(),
            "Scroll down".into(),
        ],
    });
    page.fake.push(PanelEvent::StepStarted { id: 1, index: 0 });
    page.fake
        .push(step_done(1, 0, false, "There is no page to go back to."));
    page.fake.push(PanelEvent::CommandsDone { id: 1 });
    settle().await;
    assert_eq!(page.step_statuses(), ["failed", "not run", "not run"]);
    assert_eq!(
        page.text(".run-summary"),
        "Step 1 of 3 failed, so the rest did not run."
    );

    ask(&page, "scroll down and zoom in").await;
    page.fake.push(PanelEvent::CommandsStarted {
        id: 2,
        steps: vec!["Scroll down".into(), "Zoom in".into()],
    });
    for index in 0..2 {
        page.fake.push(PanelEvent::StepStarted { id: 2, index });
        page.fake.push(step_done(2, index, true, "ok"));
    }
    page.fake.push(PanelEvent::CommandsDone { id: 2 });
    settle().await;
    assert_eq!(
        page.root
            .query_selector_all(".run-summary")
            .unwrap()
            .get(1)
            .unwrap()
            .text_content()
            .as_deref(),
        Some("All 2 steps done.")
    );
}

#[wasm_bindgen_test]
async fn step_attachments_show_text_and_a_screenshot_to_save() {
    let page = Page::sidepanel().await;
    ask(&page, "help then take a screenshot").await;
    page.fake.push(PanelEvent::CommandsStarted {
        id: 1,
        steps: vec!["Show what I understand".into(), "Take a screenshot".into()],
    });
    page.fake.push(PanelEvent::StepDone {
        id: 1,
        index: 0,
        outcome: StepOutcome {
            ok: true,
            summary: "Here is what I understand without an LLM".into(),
            attachment: Some(StepAttachment::Text {
                text: "Go places\n  • open example.com".into(),
            }),
        },
    });
    let data_url = "data:image/png;base64,iVBORw0KGgo=";
    page.fake.push(PanelEvent::StepDone {
        id: 1,
        index: 1,
        outcome: StepOutcome {
            ok: true,
            summary: "Took a screenshot of “Pricing” (127.0.0.1/pricing/)".into(),
            attachment: Some(StepAttachment::Image {
                data_url: data_url.into(),
                file_name: "screenshot-127-0-0-1-1.png".into(),
            }),
        },
    });
    page.fake.push(PanelEvent::CommandsDone { id: 1 });
    settle().await;
    assert_eq!(page.text(".step-text"), "Go places\n  • open example.com");
    assert_eq!(
        page.get(".step-image img").get_attribute("src").as_deref(),
        Some(data_url)
    );
    let save = page.get(".step-image a");
    assert_eq!(save.text_content().as_deref(), Some("Save screenshot"));
    assert_eq!(
        save.get_attribute("download").as_deref(),
        Some("screenshot-127-0-0-1-1.png")
    );
    assert_eq!(save.get_attribute("href").as_deref(), Some(data_url));
}

#[wasm_bindgen_test]
async fn a_local_reply_shows_its_text_and_offers_the_options() {
    let page = Page::sidepanel().await;
    ask(&page, "do a little dance").await;
    page.fake.push(PanelEvent::LocalReply {
        id: 1,
        text: "I did not understand that as a command.\n\nGo places".into(),
        needs_llm: true,
    });
    settle().await;
    assert_eq!(
        page.text(".bubble.local .answer-text"),
        "I did not understand that as a command.\n\nGo places"
    );
    assert_eq!(page.count("[role=alert]"), 0);
    assert_eq!(page.count(".bubble.answer"), 1, "only the local reply");
    page.click("Open options").await;
    assert_eq!(page.fake.options_opened(), 1);
    assert!(!is_disabled(&page.labelled(QUESTION_LABEL)));
}

#[wasm_bindgen_test]
async fn stop_ends_a_command_run() {
    let page = Page::sidepanel().await;
    ask(&page, "open example.com then scroll down").await;
    page.fake.push(PanelEvent::CommandsStarted {
        id: 1,
        steps: vec!["Open https://example.com/".into(), "Scroll down".into()],
    });
    page.fake.push(PanelEvent::StepStarted { id: 1, index: 0 });
    settle().await;
    page.click("Stop").await;
    assert_eq!(
        page.fake.last_request(),
        Some(PanelRequest::Cancel { id: 1 })
    );
    assert_eq!(page.step_statuses(), ["stopped", "not run"]);
    assert_eq!(page.text(".bubble.run .note"), "Stopped.");
    // What the worker still sends about the stopped run changes nothing.
    page.fake.push(step_done(1, 0, false, "Stopped."));
    page.fake.push(PanelEvent::CommandsDone { id: 1 });
    settle().await;
    assert_eq!(page.step_statuses(), ["stopped", "not run"]);
    assert!(!is_disabled(&page.labelled(QUESTION_LABEL)));
}

#[wasm_bindgen_test]
async fn a_password_typed_by_a_command_is_masked_in_the_transcript() {
    let page = Page::sidepanel().await;
    ask(&page, "type hunter2 into password").await;
    assert_eq!(page.text(".bubble.question"), "type •••••• into password");
    let Some(PanelRequest::Ask { question, .. }) = page.fake.last_request() else {
        panic!("no Ask")
    };
    assert_eq!(
        question, "type hunter2 into password",
        "the worker gets what was typed"
    );
}
