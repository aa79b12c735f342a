//! Persistence in `chrome.storage.local` (never `sync`: the API key and the
//! user's tasks must not leave this browser profile): settings, the sites
//! the agent may write on, and agent tasks (saved after every step; they
//! never hold a secret value, see `bc_core::agent::task`).

use crate::{chrome, js};
use bc_core::agent::settings::AgentSettings;
use bc_core::agent::task::TaskBrief;
use bc_core::agent::Task;
use bc_core::safety::{SecretKind, SitePolicy};
use bc_core::settings::Settings;
use wasm_bindgen::JsValue;

pub async fn load_settings() -> Result<Option<Settings>, String> {
    let key = JsValue::from_str(Settings::STORAGE_KEY);
    let all = chrome::storage_local_get(&key).await.map_err(|e| js::error_text(&e))?;
    let raw = js_sys::Reflect::get(&all, &key).unwrap_or(JsValue::UNDEFINED);
    if raw.is_undefined() || raw.is_null() {
        return Ok(None);
    }
    // A malformed stored value is reported, not silently replaced.
    js::from_js::<Settings>(raw).map(Some).map_err(|e| format!("stored settings are unreadable ({e}); save them again"))
}

pub async fn save_settings(settings: &Settings) -> Result<(), String> {
    let items = js_sys::Object::new();
    js_sys::Reflect::set(&items, &Settings::STORAGE_KEY.into(), &js::to_js(settings)).map_err(|e| js::error_text(&e))?;
    chrome::storage_local_set(&items).await.map(drop).map_err(|e| js::error_text(&e))
}

/// Where the sites the user allowed "always" are kept.
const SITES_KEY: &str = "allowedSites";

/// The allowed sites; unreadable storage allows nothing (and says why).
pub async fn load_site_policy() -> SitePolicy {
    let key = JsValue::from_str(SITES_KEY);
    let all = match chrome::storage_local_get(&key).await {
        Ok(all) => all,
        Err(e) => {
            js::log_err("reading the allowed sites", Err(e));
            return SitePolicy::default();
        }
    };
    let raw = js_sys::Reflect::get(&all, &key).unwrap_or(JsValue::UNDEFINED);
    if raw.is_undefined() || raw.is_null() {
        return SitePolicy::default();
    }
    js::from_js::<SitePolicy>(raw).unwrap_or_default()
}

pub async fn save_site_policy(policy: &SitePolicy) {
    let items = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&items, &SITES_KEY.into(), &js::to_js(policy));
    js::log_err("saving the allowed sites", chrome::storage_local_set(&items).await.map(drop));
}

thread_local! {
    /// Index updates are read-modify-write: two tasks saving at once must
    /// not lose each other's brief, so they take turns (one queue of
    /// writes, as uBO Lite's worker keeps).
    static INDEX_LOCK: std::rc::Rc<futures::lock::Mutex<()>> = std::rc::Rc::new(futures::lock::Mutex::new(()));
}

/// The task history's index: briefs, newest first.
const TASKS_KEY: &str = "tasks";
/// Tasks kept; the oldest finished ones go first.
const MAX_TASKS: usize = 100;

fn task_key(id: &str) -> String {
    format!("task:{id}")
}

async fn get(key: &str) -> Option<JsValue> {
    let key = JsValue::from_str(key);
    let all = chrome::storage_local_get(&key).await.ok()?;
    let raw = js_sys::Reflect::get(&all, &key).ok()?;
    (!raw.is_undefined() && !raw.is_null()).then_some(raw)
}

async fn set(key: &str, value: JsValue, what: &str) {
    let items = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&items, &key.into(), &value);
    js::log_err(what, chrome::storage_local_set(&items).await.map(drop));
}

/// The history's briefs, newest first.
pub async fn task_briefs() -> Vec<TaskBrief> {
    match get(TASKS_KEY).await {
        Some(raw) => js::from_js(raw).unwrap_or_default(),
        None => Vec::new(),
    }
}

/// A stored task, whole.
pub async fn load_task(id: &str) -> Option<Task> {
    let text = get(&task_key(id)).await?.as_string()?;
    serde_json::from_str(&text).ok()
}

/// Saves a task under `task:<id>` (its JSON text: one value to write) and
/// its brief in the index; the oldest tasks past [`MAX_TASKS`] are dropped.
pub async fn save_task(task: &Task) {
    let text = serde_json::to_string(task).unwrap_or_default();
    set(&task_key(&task.id), JsValue::from_str(&text), "saving the task").await;
    let lock = INDEX_LOCK.with(std::rc::Rc::clone);
    let _turn = lock.lock().await;
    let mut briefs = task_briefs().await;
    briefs.retain(|b| b.id != task.id);
    briefs.insert(0, task.brief());
    let dropped: Vec<String> = briefs.iter().skip(MAX_TASKS).map(|b| b.id.clone()).collect();
    briefs.truncate(MAX_TASKS);
    set(TASKS_KEY, js::to_js(&briefs), "saving the task list").await;
    for id in dropped {
        js::log_err("dropping an old task", chrome::storage_local_remove(&task_key(&id)).await.map(drop_value));
    }
}

/// Forgets every finished task; running ones stay.
pub async fn clear_finished_tasks() -> Vec<TaskBrief> {
    let lock = INDEX_LOCK.with(std::rc::Rc::clone);
    let _turn = lock.lock().await;
    let briefs = task_briefs().await;
    let (keep, drop): (Vec<TaskBrief>, Vec<TaskBrief>) = briefs.into_iter().partition(|b| !b.status.is_final());
    for b in &drop {
        js::log_err("forgetting a task", chrome::storage_local_remove(&task_key(&b.id)).await.map(drop_value));
    }
    set(TASKS_KEY, js::to_js(&keep), "saving the task list").await;
    keep
}

fn drop_value(_: JsValue) {}

/// The agent's settings; defaults when none are stored or they are unreadable.
pub async fn load_agent_settings() -> AgentSettings {
    match get(AgentSettings::STORAGE_KEY).await {
        Some(raw) => js::from_js(raw).unwrap_or_default(),
        None => AgentSettings::default(),
    }
}

pub async fn save_agent_settings(settings: &AgentSettings) {
    set(AgentSettings::STORAGE_KEY, js::to_js(settings), "saving the agent settings").await;
}

fn secret_key(origin: &str, kind: SecretKind) -> String {
    format!("secret:{origin}:{}", kind.as_str())
}

/// A secret the user let the worker remember for `origin` until the
/// browser closes (`chrome.storage.session`, never on disk).
pub async fn remembered_secret(origin: &str, kind: SecretKind) -> Option<String> {
    let key = JsValue::from_str(&secret_key(origin, kind));
    let all = chrome::storage_session_get(&key).await.ok()?;
    js_sys::Reflect::get(&all, &key).ok()?.as_string()
}

pub async fn remember_secret(origin: &str, kind: SecretKind, value: &str) {
    let items = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&items, &secret_key(origin, kind).into(), &JsValue::from_str(value));
    js::log_err("remembering a secret for the session", chrome::storage_session_set(&items).await.map(drop_value));
}
