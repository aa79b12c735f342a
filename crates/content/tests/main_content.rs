//! The article of a page without landmarks (issue 44 point 3): the
//! compact summary's preview and the question digest start at the
//! article's first paragraph, not at the site's menu; a page with a
//! `main` landmark keeps it; a page with no article (a grid of links)
//! keeps the body. Each row: a page, and what the preview starts with.

mod common;

use bc_core::protocol::{ContentRequest, ContentResponse};
use serde_json::{json, Value};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const LEAD: &str = "Temporary flood barriers along the River Alder held through Thursday night";

fn article_paragraphs() -> String {
    let rest = [
        "as the water rose to its highest level in eleven years, sparing about 300 homes from flooding, officials said.",
        "The river peaked at 4.1 metres at the Harford Bridge gauge shortly after 2am, more than two metres above its normal level, after three days of heavy rain.",
        "\"Without the barriers we would have been looking at water in living rooms on at least four streets,\" said Daniel Reyes, who leads the county's emergency planning team.",
        "Two businesses on Quay Lane, which sits outside the protected stretch, reported water in their cellars, and the B4032 remained closed on Friday.",
        "The Environment Agency lifted its severe warning at 9am but kept two flood warnings in place downstream, where the river is expected to stay high until Sunday.",
    ];
    format!("<p>{LEAD} {}</p>{}", rest[0], rest[1..].iter().map(|p| format!("<p>{p}</p>")).collect::<String>())
}

fn menu() -> String {
    let items: String = ["Home", "News", "Breaking News", "Local", "Politics", "Business", "Sport", "Weather", "Opinion", "Jobs"]
        .iter()
        .map(|t| format!("<li><a href=\"/{t}\">{t}</a></li>"))
        .collect();
    format!("<div class=\"site-header\"><p class=\"site-title\"><a href=\"/\">The Riverside Ledger</a></p><div id=\"site-navigation\" class=\"main-navigation\"><ul class=\"menu\">{items}</ul></div></div>")
}

fn sidebar() -> String {
    "<div id=\"secondary\" class=\"widget-area\"><div class=\"widget\"><h2>About</h2><p>The Riverside Ledger is an independent, reader-funded newspaper covering the valley, its councils, courts, schools and sports clubs every week since 1998, and we rely on our readers.</p></div></div>".into()
}

fn comments() -> String {
    let one = "<li class=\"comment\"><div class=\"comment-body\"><p>I live on Low Street and I can honestly say the barriers made all the difference this time, thank you to everyone who put them up, really.</p><button>Reply</button></div></li>";
    format!("<div id=\"comments\" class=\"comments-area\"><ol>{}</ol><form><textarea name=\"comment\"></textarea><input name=\"author\"><input name=\"email\" type=\"email\"><input name=\"url\"><button>Post</button></form></div>", one.repeat(6))
}

/// (case, page, what the preview starts with)
fn cases() -> Vec<(&'static str, String, &'static str)> {
    vec![
        (
            "WordPress-like, no landmarks",
            format!("{}<div class=\"site-content\"><div class=\"content-area\"><div class=\"post hentry\"><h1>Flood barriers hold</h1><div class=\"entry-content\">{}</div></div>{}</div>{}</div>", menu(), article_paragraphs(), comments(), sidebar()),
            LEAD,
        ),
        (
            "sidebar first, unnamed divs",
            format!("{}<div class=\"a\"><div class=\"b\">{}</div><div class=\"c\"><div class=\"d\">{}</div></div></div>", menu(), sidebar(), article_paragraphs()),
            LEAD,
        ),
        ("a main landmark is kept", format!("{}<main><h1>Landmark</h1>{}</main>", menu(), article_paragraphs()), "Landmark"),
        (
            "a grid of links has no article",
            format!("{}<div class=\"grid\">{}</div>", menu(), (0..30).map(|i| format!("<div class=\"card\"><a href=\"/p{i}\">Product number {i} with a long enough name</a></div>")).collect::<String>()),
            "The Riverside Ledger",
        ),
    ]
}

async fn summary() -> Value {
    let req = serde_wasm_bindgen::to_value(&json!({"type": "summary", "mode": "compact"})).unwrap();
    match common::message(req).await {
        ContentResponse::Summary { summary } => serde_json::to_value(summary).unwrap(),
        other => panic!("unexpected {other:?}"),
    }
}

async fn digest_text() -> String {
    match common::message(serde_wasm_bindgen::to_value(&ContentRequest::Digest).unwrap()).await {
        ContentResponse::Digest { digest } => digest.text,
        other => panic!("unexpected {other:?}"),
    }
}

#[wasm_bindgen_test]
async fn the_preview_and_the_digest_start_at_the_article() {
    for (case, html, start) in cases() {
        common::fixture(&html);
        let s = summary().await;
        let preview = s["content_preview"].as_str().unwrap_or_default();
        let text = digest_text().await;
        if case.contains("no article") {
            // The body: the test runner's own text may come first.
            assert!(preview.contains(start), "{case}: preview {preview:?}");
            assert!(text.contains(start) && text.contains("Product number 29"), "{case}: digest {text:?}");
        } else {
            assert!(preview.starts_with(start), "{case}: preview {preview:?}");
            assert!(text.starts_with(start), "{case}: digest {text:?}");
        }
    }
}

#[wasm_bindgen_test]
async fn a_long_article_amid_comments_and_a_comment_form_is_an_article() {
    let long: String = (0..4).map(|_| article_paragraphs()).collect();
    common::fixture(&format!("{}<div class=\"wrap\"><div class=\"story\">{long}</div>{}</div>{}", menu(), comments(), sidebar()));
    let s = summary().await;
    assert_eq!(s["type"], "article", "{s}");
}
