//! `dom.waitFor`: until a selector or a text appears, the URL changes (SPA
//! navigations; a full navigation unloads this script and the worker sees
//! it instead), or the network goes idle — polled every [`POLL_MS`], each
//! check bounded, with a timeout that is always honoured; a selector or
//! text is looked for again only after a mutation, or [`RECHECK_MS`] on.
//!
//! Network idle from a content script: in-flight requests are invisible
//! here, so "idle" means no new resource-timing entry and no DOM mutation
//! for [`IDLE_MS`] — what a person would call "done loading".

use super::observe::{self, MutationCounter};
use bc_core::act::{ActError, WaitOutcome};
use bc_core::tools::WaitEvent;
use crate::pcd::frames::Via;
use bc_core::types::RoleSelector;
use web_sys::Document;

const POLL_MS: i32 = 50;
const IDLE_MS: f64 = 500.0;
/// A selector or text is looked for again only when the DOM changed since
/// the last look (the wait's mutation counter), or this long after it: a
/// look searches every tree of the page (names, text), and at 50k elements
/// polling kept the page's main thread busy half the time of a wait. The
/// periodic look catches what appears with no mutation the counter sees:
/// CSS (`:hover`, animations, media queries), frames, shadow roots
/// attached since the wait began.
const RECHECK_MS: f64 = 500.0;

/// What the condition is.
fn describe(event: WaitEvent, value: Option<&str>) -> String {
    match (event, value) {
        (WaitEvent::UrlChange, Some(v)) => format!("the URL to change to one containing {v:?}"),
        (WaitEvent::UrlChange, None) => "the URL to change".into(),
        (WaitEvent::NetworkIdle, _) => "the network to go idle".into(),
        (WaitEvent::Selector, v) => format!("an element matching {}", v.unwrap_or_default()),
        (WaitEvent::Text, v) => format!("the text {:?}", v.unwrap_or_default()),
    }
}

/// The selector of a `selector` wait: a RoleSelector as JSON, or a CSS selector.
fn selector_of(value: &str) -> RoleSelector {
    serde_json::from_str(value).unwrap_or_else(|_| RoleSelector::Css { css: value.to_owned(), frame_path: None })
}

pub async fn wait_for(document: &Document, event: WaitEvent, value: Option<&str>, timeout_ms: u32) -> Result<WaitOutcome, ActError> {
    let start = observe::now();
    let url_before = crate::digest::page_url(document);
    let what = describe(event, value);
    let sel = match (event, value) {
        (WaitEvent::Selector, Some(v)) => Some(selector_of(v)),
        (WaitEvent::Text, Some(v)) => Some(RoleSelector::Text { text: v.to_owned(), within_landmark: None, nth: None, frame_path: None }),
        (WaitEvent::Selector | WaitEvent::Text, None) => {
            return Err(ActError::BadSelector(format!("waiting for {what} needs a value")));
        }
        _ => None,
    };
    let counter = MutationCounter::start(document);
    let resources = || resource_count();
    let mut last_resources = resources();
    let mut last_activity = observe::now();
    // The mutation count and the time of the last look for the selector or text.
    let mut looked: Option<(u32, f64)> = None;
    loop {
        let held: Option<Option<u32>> = match event {
            WaitEvent::Selector | WaitEvent::Text if unchanged_since(looked, counter.as_ref()) => None,
            WaitEvent::Selector | WaitEvent::Text => {
                looked = counter.as_ref().map(|c| (c.count(), observe::now()));
                let found = crate::resolve::resolve(document, sel.as_ref().expect("set above")).map_err(|e| ActError::BadSelector(e.to_string()))?;
                let mut n = found.len();
                if n == 0 && event == WaitEvent::Text {
                    n = text_in_frames(document, value.unwrap_or_default());
                }
                (n > 0).then_some(Some(n as u32))
            }
            WaitEvent::UrlChange => {
                let url = crate::digest::page_url(document);
                let changed = url != url_before && value.is_none_or(|v| url.contains(v));
                // Already there when asked counts too: the change happened.
                let there = value.is_some_and(|v| url.contains(v));
                (changed || there).then_some(None)
            }
            WaitEvent::NetworkIdle => {
                let r = resources();
                if r != last_resources || counter.as_ref().is_some_and(|c| c.quiet_for() < POLL_MS as f64 * 2.0) {
                    last_resources = r;
                    last_activity = observe::now();
                }
                (observe::now() - last_activity >= IDLE_MS).then_some(None)
            }
        };
        let waited = observe::now() - start;
        if let Some(matched) = held {
            return Ok(WaitOutcome { observation: observe::observation(document, &url_before), waited_ms: waited as u32, matched });
        }
        if waited >= f64::from(timeout_ms) {
            return Err(ActError::Timeout { what, waited_ms: waited as u32 });
        }
        observe::sleep(POLL_MS).await;
    }
}

/// Whether the DOM is as it was at the last look (`looked`: the mutation
/// count then, and when), and that look is recent enough to stand.
fn unchanged_since(looked: Option<(u32, f64)>, counter: Option<&MutationCounter>) -> bool {
    match (looked, counter) {
        (Some((count, at)), Some(c)) => observe::now() - at < RECHECK_MS && c.count() == count,
        _ => false,
    }
}

/// Matches of a text wait in the page's same-origin frames. The text names
/// no frame, and a form embedded in the page says "Thanks" inside its
/// frame. Asked only when the page has frames (`window.length`: its child
/// browsing contexts), as the page itself had no match.
fn text_in_frames(document: &Document, text: &str) -> usize {
    if document.default_view().is_none_or(|w| w.length() == 0) {
        return 0;
    }
    crate::pcd::frames::scopes(document)
        .into_iter()
        .filter(|s| s.via == Via::Frame)
        .map(|s| {
            let sel = RoleSelector::Text { text: text.to_owned(), within_landmark: None, nth: None, frame_path: Some(s.frame_path) };
            crate::resolve::resolve(document, &sel).map_or(0, |found| found.len())
        })
        .sum()
}

/// Resource-timing entries so far (requests that finished).
fn resource_count() -> u32 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0, |p| p.get_entries_by_type("resource").length())
}
