//! The knowledge index in the worker (issue 43 point 4): indexing the
//! pages the user reads, when the user turned it on, and the panel's
//! requests about it. Questions are answered in [`ask`]; records live in
//! IndexedDB ([`store`]); every rule is `bc_core::knowledge`'s.
//!
//! **What counts as read.** A top-frame page that finished loading in the
//! active tab of a normal window and is still the active tab's page
//! [`DWELL_MS`] later (`chrome.tabs.onUpdated` with `status: complete`, or
//! `onActivated` for a tab loaded in the background). Then the worker asks
//! that page's content module for its digest (the request the agent uses
//! to read a page), so only bounded, redacted text leaves the page — never
//! HTML, never a form value. A PDF (a `.pdf` path, or a page whose
//! document is `application/pdf`: Chrome's viewer, with no text of its
//! own) is fetched from its URL by the worker and read in WASM ([`pdf`]).
//! Never indexed: incognito tabs, non-http(s) pages, excluded sites, and
//! anything while the switch is off (the default), checked both before
//! and after the wait.
//!
//! Settings are in `chrome.storage.local` under [`SETTINGS_KEY`]. The
//! worker's notion of "now" can be fixed for tests through
//! `self.copilot.setKnowledgeNow(ms)` (kept in `chrome.storage.session`,
//! so a restarted worker keeps it until the browser closes).

mod ask;
mod pdf;
pub mod store;

pub use ask::answer;

use crate::{chrome, js, tabs};
use bc_core::knowledge::index::IndexBudget;
use bc_core::knowledge::pdf::is_pdf_url;
use bc_core::knowledge::record::PageRecord;
use bc_core::knowledge::settings::{site_of, Forgot, KnowledgeSettings, KnowledgeView};
use bc_core::knowledge::time::Clock;
use bc_core::protocol::{ContentRequest, ContentResponse, CopilotError, PanelEvent, PanelRequest, RequestId};
use gloo_timers::future::TimeoutFuture;
use std::cell::RefCell;
use wasm_bindgen::JsValue;

/// How long a page must stay in front to count as read.
pub const DWELL_MS: u32 = 3000;
pub const SETTINGS_KEY: &str = "knowledge";
const CLOCK_KEY: &str = "knowledgeNow";

thread_local! {
    /// (tab, URL) pairs waiting out their dwell: a load and an activation
    /// of the same page start one wait, not two.
    static WATCHING: RefCell<Vec<(i32, String)>> = const { RefCell::new(Vec::new()) };
}

pub async fn load_settings() -> KnowledgeSettings {
    let key = JsValue::from_str(SETTINGS_KEY);
    let Ok(all) = chrome::storage_local_get(&key).await else { return KnowledgeSettings::default() };
    let raw = js_sys::Reflect::get(&all, &key).unwrap_or(JsValue::UNDEFINED);
    if raw.is_undefined() || raw.is_null() {
        return KnowledgeSettings::default();
    }
    js::from_js::<KnowledgeSettings>(raw).unwrap_or_default()
}

async fn save_settings(settings: &KnowledgeSettings) -> Result<(), CopilotError> {
    let items = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&items, &SETTINGS_KEY.into(), &js::to_js(settings));
    chrome::storage_local_set(&items).await.map(drop).map_err(|e| CopilotError::Internal { detail: js::error_text(&e) })
}

/// Now, in the user's time zone (or the time a test fixed).
pub async fn clock() -> Clock {
    let tz_offset_min = -(js_sys::Date::new_0().get_timezone_offset() as i32);
    let key = JsValue::from_str(CLOCK_KEY);
    let fixed = match chrome::storage_session_get(&key).await {
        Ok(all) => js_sys::Reflect::get(&all, &key).ok().and_then(|v| v.as_f64()),
        Err(_) => None,
    };
    Clock { now_ms: fixed.unwrap_or_else(js_sys::Date::now), tz_offset_min }
}

/// Fixes "now" for indexing and questions (`None`: the real time again).
pub async fn set_now(ms: Option<f64>) {
    let items = js_sys::Object::new();
    let value = ms.map(JsValue::from_f64).unwrap_or(JsValue::NULL);
    let _ = js_sys::Reflect::set(&items, &CLOCK_KEY.into(), &value);
    js::log_err("fixing the knowledge clock", chrome::storage_session_set(&items).await.map(drop));
}

/// `chrome.tabs.onUpdated`: a page finished loading.
pub fn on_tab_updated(tab_id: i32, info: JsValue, tab: JsValue) {
    if js::get_str(&info, "status").as_deref() == Some("complete") && js_sys::Reflect::get(&tab, &"active".into()).ok().and_then(|v| v.as_bool()) == Some(true) {
        wasm_bindgen_futures::spawn_local(watch(tab_id));
    }
}

/// `chrome.tabs.onActivated`: a tab came to the front.
pub fn on_tab_activated(tab_id: i32) {
    wasm_bindgen_futures::spawn_local(watch(tab_id));
}

/// The tab's URL if it is a loaded, active, non-incognito tab whose page
/// may be indexed now.
async fn eligible(tab_id: i32) -> Option<String> {
    let tab = chrome::tabs_get(tab_id).await.ok()?;
    let flag = |k: &str| js_sys::Reflect::get(&tab, &k.into()).ok().and_then(|v| v.as_bool()).unwrap_or(false);
    let url = js::get_str(&tab, "url")?;
    let loaded = js::get_str(&tab, "status").as_deref() == Some("complete");
    if !flag("active") || !loaded {
        return None;
    }
    load_settings().await.may_index(&url, flag("incognito")).ok()?;
    Some(url)
}

async fn watch(tab_id: i32) {
    let Some(url) = eligible(tab_id).await else { return };
    let key = (tab_id, url.clone());
    let fresh = WATCHING.with(|w| {
        let mut w = w.borrow_mut();
        let fresh = !w.contains(&key);
        if fresh {
            w.push(key.clone());
        }
        fresh
    });
    if !fresh {
        return;
    }
    TimeoutFuture::new(DWELL_MS).await;
    let still = eligible(tab_id).await.as_deref() == Some(url.as_str());
    WATCHING.with(|w| w.borrow_mut().retain(|k| *k != key));
    if still {
        index_tab(tab_id, &url).await;
    }
}

async fn index_tab(tab_id: i32, url: &str) {
    let now = clock().await.now_ms;
    let record = if is_pdf_url(url) {
        pdf::read(url, pdf::Expect::Pdf, now).await
    } else {
        match tabs::ask_content(tab_id, &ContentRequest::Digest).await {
            // Chrome's viewer (in recent versions) lets a content script
            // into the PDF's page, which has no text.
            Ok(ContentResponse::Digest { digest }) if digest.content_type.as_deref() == Some("application/pdf") => pdf::read(url, pdf::Expect::Pdf, now).await,
            Ok(ContentResponse::Digest { digest }) => {
                // The page may have moved on (a single-page app) since the check.
                if site_of(&digest.url) != site_of(url) {
                    return;
                }
                PageRecord::from_digest(&digest, now).map_err(pdf::Skipped::Record)
            }
            // No content script: an older Chrome's PDF viewer, or a page
            // no extension may script.
            Err(CopilotError::PageUnavailable { .. }) => pdf::read(url, pdf::Expect::Sniff, now).await,
            _ => return,
        }
    };
    let record = match record {
        Ok(record) => record,
        Err(e) => {
            web_sys::console::debug_1(&format!("bc: {url} not indexed: {e}").into());
            return;
        }
    };
    // The switch or the exclusions may have changed while the page was read.
    if load_settings().await.may_index(&record.url, false).is_err() {
        return;
    }
    match store::put(&record, IndexBudget::default()).await {
        Ok(store::Stored::Kept { evicted }) if evicted > 0 => web_sys::console::debug_1(&format!("bc: knowledge index full, {evicted} oldest pages evicted").into()),
        Ok(_) => {}
        Err(e) => web_sys::console::warn_1(&format!("bc: indexing {url} failed: {e}").into()),
    }
}

async fn view(forgot: Option<Forgot>) -> KnowledgeView {
    let settings = load_settings().await;
    let (pages, bytes) = store::size().await;
    KnowledgeView { enabled: settings.enabled, excluded: settings.excluded, pages, bytes, forgot }
}

fn failed(e: rexie::Error) -> CopilotError {
    CopilotError::Internal { detail: format!("the reading history could not be changed: {e}") }
}

/// The panel's knowledge requests, each answered with the index as it now
/// is: the request's id and the outcome.
pub async fn request(req: PanelRequest) -> (RequestId, Result<PanelEvent, CopilotError>) {
    let id = match &req {
        PanelRequest::GetKnowledge { id }
        | PanelRequest::SetKnowledgeEnabled { id, .. }
        | PanelRequest::ForgetKnowledgeSite { id, .. }
        | PanelRequest::IncludeKnowledgeSite { id, .. }
        | PanelRequest::ClearKnowledge { id } => *id,
        _ => 0,
    };
    (id, change(id, req).await)
}

async fn change(id: RequestId, req: PanelRequest) -> Result<PanelEvent, CopilotError> {
    let mut settings = load_settings().await;
    let mut forgot = None;
    match req {
        PanelRequest::SetKnowledgeEnabled { enabled, .. } => {
            settings.enabled = enabled;
            save_settings(&settings).await?;
        }
        PanelRequest::ForgetKnowledgeSite { site, .. } => {
            let site = match site {
                Some(site) => bc_core::knowledge::settings::normalise(&site),
                None => {
                    let tab = tabs::active_tab().await?;
                    site_of(&tab.url).ok_or_else(|| CopilotError::BadRequest { detail: format!("{} is not a web site", tab.url) })?
                }
            };
            if site.is_empty() {
                return Err(CopilotError::BadRequest { detail: "no site named".into() });
            }
            settings.exclude(&site);
            save_settings(&settings).await?;
            let pages = store::forget_site(&site).await.map_err(failed)?;
            forgot = Some(Forgot { site, pages });
        }
        PanelRequest::IncludeKnowledgeSite { site, .. } => {
            settings.include(&site);
            save_settings(&settings).await?;
        }
        PanelRequest::ClearKnowledge { .. } => store::clear().await.map_err(failed)?,
        _ => {}
    }
    Ok(PanelEvent::Knowledge { id, state: view(forgot).await })
}
