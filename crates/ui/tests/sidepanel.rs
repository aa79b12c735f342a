//! The side panel in headless Chromium, on a fake service worker.

mod common;

use bc_core::llm::{ChatTurn, LlmError};
use bc_core::protocol::{PageRef, PanelEvent, PanelRequest};
use bc_core::settings::SettingsError;
use common::{is_disabled, press, settle, type_into, value_of, Page};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

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
