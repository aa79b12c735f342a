//! The reading history in headless Chromium, on a fake service worker:
//! the side panel's list of pages found (alone, and under a streamed
//! answer), and the options page's switch and excluded sites.

use bc_core::knowledge::answer::{Found, Source};
use bc_core::knowledge::settings::KnowledgeView;
use bc_core::protocol::{PanelEvent, PanelRequest};
use crate::common::{settle, type_into, Page};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

fn found() -> Found {
    let source = |n: u32, url: &str, title: &str, date: &str| Source {
        n,
        title: title.into(),
        url: url.into(),
        site: "news.example".into(),
        visited_ms: 0.0,
        date: date.into(),
        snippet: format!("Snippet of {title}."),
    };
    Found {
        heading: "2 pages you read about “solar” last month:".into(),
        sources: vec![
            source(1, "https://news.example/a", "Batteries", "Oct 14, 2026"),
            source(2, "https://news.example/b", "Grid", "Oct 20, 2026"),
        ],
        tally: None,
    }
}

async fn ask(page: &Page, question: &str) {
    type_into(&page.labelled("Ask about this page"), question).await;
    page.click("Send").await;
}

#[wasm_bindgen_test]
async fn pages_found_without_a_model_are_listed_with_links_dates_and_snippets() {
    let page = Page::sidepanel().await;
    ask(&page, "what did I read about solar last month?").await;
    page.fake.push(PanelEvent::KnowledgeFound { id: 1, found: found(), answering: false });
    settle().await;
    assert_eq!(page.text(".knowledge-heading"), "2 pages you read about “solar” last month:");
    assert_eq!(page.count(".knowledge-source"), 2);
    let link: web_sys::HtmlAnchorElement = page.get(".knowledge-source:first-child a").unchecked_into();
    assert_eq!(link.href(), "https://news.example/a");
    assert_eq!(link.text().unwrap(), "Batteries");
    assert_eq!(page.text(".knowledge-source:first-child .source-meta"), "news.example · read Oct 14, 2026");
    assert_eq!(page.text(".knowledge-source:last-child .source-snippet"), "Snippet of Grid.");
    // No empty answer bubble beside the list, and the composer is free again.
    assert_eq!(page.count(".bubble.answer:not(.knowledge)"), 0);
    assert!(!crate::common::is_disabled(&page.labelled("Ask about this page")));
}

#[wasm_bindgen_test]
async fn a_model_s_answer_streams_above_its_sources() {
    let page = Page::sidepanel().await;
    ask(&page, "summarize what I read about solar").await;
    page.fake.push(PanelEvent::KnowledgeFound { id: 1, found: found(), answering: true });
    page.fake.push(PanelEvent::AnswerDelta { id: 1, text: "Batteries got cheaper [1] ".into() });
    settle().await;
    assert_eq!(
        page.get(".bubble.answer:not(.knowledge)").get_attribute("aria-busy").as_deref(),
        Some("true"),
        "still answering"
    );
    page.fake.push(PanelEvent::AnswerDelta { id: 1, text: "and the grid strains [2].".into() });
    page.fake.push(PanelEvent::AnswerDone { id: 1 });
    settle().await;
    assert_eq!(page.text(".answer-text"), "Batteries got cheaper [1] and the grid strains [2].");
    assert_eq!(page.count(".knowledge-source"), 2);
}

#[wasm_bindgen_test]
async fn the_options_switch_and_excluded_sites() {
    let page = crate::common::options::loaded(None, Default::default(), vec![]).await;
    let switch: web_sys::HtmlInputElement = page.get("input[role=switch]").unchecked_into();
    assert!(!switch.checked(), "off by default");
    assert_eq!(page.text(".knowledge-size"), "No page stored.");
    switch.click();
    settle().await;
    assert_eq!(page.fake.take_requests(), vec![PanelRequest::SetKnowledgeEnabled { id: crate::common::options::FIRST_ID, enabled: true }]);
    page.fake.push(PanelEvent::Knowledge {
        id: crate::common::options::FIRST_ID,
        state: KnowledgeView { enabled: true, excluded: vec!["bank.example".into()], pages: 3, bytes: 12_345, forgot: None },
    });
    settle().await;
    assert!(switch.checked());
    assert_eq!(page.text(".knowledge-size"), "3 pages stored (13 kB).");
    assert_eq!(page.text(".excluded-sites code"), "bank.example");
    page.click("Remove bank.example").await;
    assert_eq!(
        page.fake.take_requests(),
        vec![PanelRequest::IncludeKnowledgeSite { id: crate::common::options::FIRST_ID + 1, site: "bank.example".into() }]
    );
}

#[wasm_bindgen_test]
async fn forget_this_site_is_one_click_away_in_the_panel() {
    let page = Page::sidepanel().await;
    type_into(&page.labelled("Ask about this page"), "half a question").await;
    page.click("Forget this site").await;
    let sent = page.fake.take_requests();
    assert!(
        matches!(sent.as_slice(), [PanelRequest::Ask { question, .. }] if question == bc_core::knowledge::query::FORGET_THIS_SITE),
        "{sent:?}"
    );
    assert_eq!(crate::common::value_of(&page.labelled("Ask about this page")), "half a question", "the draft is kept");
}
