//! Recording in the worker (issue 43 point 1): the state lives in
//! `chrome.storage.session` ([`KEY`]), so a stopped worker loses nothing:
//! the content module's events wake it (`ContentEvent::Recorded`), and so
//! does the tab loading another page ([`on_tab_updated`]: noted as a
//! navigation, and the recorder armed again in the new page). Only the
//! recorded tab's top frame is heard.

use super::store;
use crate::{chrome, js, tabs};
use bc_core::flows::{flow_from_recording, RecordedEvent, RecordedKind, WebFlow};
use bc_core::protocol::{ContentRequest, ContentResponse, CopilotError};
use serde::{Deserialize, Serialize};
use wasm_bindgen::JsValue;

const KEY: &str = "flowRecording";

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Recording {
    name: String,
    tab_id: i32,
    events: Vec<RecordedEvent>,
}

/// What stopping gave.
pub enum Stopped {
    Saved(WebFlow),
    Nothing,
}

/// Starts recording the active tab as flow `name` (empty: "flow N").
pub async fn start(name: &str) -> Result<String, CopilotError> {
    let tab = tabs::active_tab().await?;
    tabs::check_readable(&tab)?;
    let name = match name.trim() {
        "" => format!("flow {}", store::all().await.len() + 1),
        n => n.to_owned(),
    };
    let title = chrome::tabs_get(tab.id).await.ok().and_then(|t| js::get_str(&t, "title")).unwrap_or_default();
    let start = RecordedEvent { at_ms: js_sys::Date::now(), url: tab.url.clone(), kind: RecordedKind::Start { title }, target: None };
    let lock = store::lock();
    let _turn = lock.lock().await;
    store::session_set(KEY, Some(&Recording { name: name.clone(), tab_id: tab.id, events: vec![start] })).await;
    arm(tab.id, true).await?;
    Ok(format!("Recording “{name}”: do the steps on this page yourself, then say “stop recording”. Passwords and card numbers are never recorded."))
}

/// Stops the recording and saves it as a flow.
pub async fn stop() -> Result<Stopped, CopilotError> {
    let lock = store::lock();
    let turn = lock.lock().await;
    let Some(mut rec) = store::session_get::<Recording>(KEY).await else { return Ok(Stopped::Nothing) };
    // The page may be gone (tab closed): what was heard stands.
    if let Ok(pending) = arm(rec.tab_id, false).await {
        rec.events.extend(pending);
    }
    store::session_set::<Recording>(KEY, None).await;
    drop(turn);
    rec.events.sort_by(|a, b| a.at_ms.total_cmp(&b.at_ms));
    let flow = flow_from_recording(&rec.name, &rec.events).map_err(|e| CopilotError::BadRequest { detail: e.to_string() })?;
    store::put(flow.clone()).await;
    Ok(Stopped::Saved(flow))
}

/// The name of the flow being recorded, if one is.
pub async fn current() -> Option<String> {
    store::session_get::<Recording>(KEY).await.map(|r| r.name)
}

/// Whether a recording runs (and on which tab).
async fn recording_tab() -> Option<i32> {
    store::session_get::<Recording>(KEY).await.map(|r| r.tab_id)
}

/// Turns the page's recorder on or off; off hands over held-back events.
async fn arm(tab_id: i32, on: bool) -> Result<Vec<RecordedEvent>, CopilotError> {
    match tabs::ask_content(tab_id, &ContentRequest::Record { on }).await? {
        ContentResponse::Recording { pending, .. } => Ok(pending),
        other => Err(CopilotError::PageUnavailable { detail: format!("the page answered {other:?} to recording") }),
    }
}

/// At worker start: arms the recorder in the recorded tab again. A worker
/// stopped between a page load and its arming (`on_tab_updated`) would
/// otherwise leave the new page unheard until the next load; arming is
/// idempotent in the page, so a page already armed keeps its events.
pub async fn rearm() {
    let Some(tab_id) = recording_tab().await else { return };
    if let Err(e) = arm(tab_id, true).await {
        js::log_err("arming the recorder again", Err(JsValue::from_str(&e.to_string())));
    }
}

/// `ContentEvent::Recorded` from `tab_id`'s frame `frame_id`.
pub fn on_recorded(tab_id: i32, frame_id: i32, event: RecordedEvent) {
    if frame_id != 0 {
        return;
    }
    wasm_bindgen_futures::spawn_local(async move {
        let lock = store::lock();
        let _turn = lock.lock().await;
        let Some(mut rec) = store::session_get::<Recording>(KEY).await.filter(|r| r.tab_id == tab_id) else { return };
        rec.events.push(event);
        store::session_set(KEY, Some(&rec)).await;
    });
}

/// `chrome.tabs.onUpdated` (registered by `background.js` for every tab,
/// so it wakes a stopped worker): a new address is a navigation of the
/// recording; a finished load arms the recorder in the new page.
pub fn on_tab_updated(tab_id: i32, info: JsValue) {
    let url = js::get_str(&info, "url");
    let complete = js::get_str(&info, "status").as_deref() == Some("complete");
    wasm_bindgen_futures::spawn_local(async move {
        if recording_tab().await != Some(tab_id) {
            return;
        }
        if let Some(url) = url {
            let lock = store::lock();
            let _turn = lock.lock().await;
            if let Some(mut rec) = store::session_get::<Recording>(KEY).await.filter(|r| r.tab_id == tab_id) {
                rec.events.push(RecordedEvent { at_ms: js_sys::Date::now(), url, kind: RecordedKind::Navigation, target: None });
                store::session_set(KEY, Some(&rec)).await;
            }
        }
        if complete {
            if let Err(e) = arm(tab_id, true).await {
                js::log_err("arming the recorder", Err(JsValue::from_str(&e.to_string())));
            }
        }
    });
}

/// The review of a saved flow, as the panel shows it after stop.
pub fn review(flow: &WebFlow) -> String {
    let mut text = format!("Saved the flow “{}” ({} steps):\n", flow.name, flow.steps.len());
    for (i, step) in flow.steps.iter().enumerate() {
        text.push_str(&format!("{}. {}\n", i + 1, step.describe()));
    }
    if !flow.parameters.is_empty() {
        let params: Vec<String> = flow
            .parameters
            .iter()
            .map(|p| match (&p.default, p.secret) {
                (_, true) => format!("{} (secret: asked each run, never stored)", p.name),
                (Some(d), _) => format!("{} (default “{d}”)", p.name),
                (None, _) => p.name.clone(),
            })
            .collect();
        text.push_str(&format!("Parameters: {}\n", params.join(", ")));
    }
    // The rules' sentences come first, then the model's (`sentences`).
    let rules = bc_core::flows::generate_patterns(&flow.name, flow.site_name.as_deref(), &flow.parameters).len().min(flow.grammar_patterns.len());
    if let Some(p) = flow.grammar_patterns[..rules].last().or(flow.grammar_patterns.last()) {
        text.push_str(&format!("Run it by saying: {p}"));
    }
    if flow.grammar_patterns.len() > rules && rules > 0 {
        text.push_str(&format!("\nOr: {}", flow.grammar_patterns[rules..].join("; ")));
    }
    text
}
