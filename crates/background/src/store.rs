//! Persistence in `chrome.storage.local` (never `sync`: the API key and the
//! user's tasks must not leave this browser profile): settings, the sites
//! the agent may write on, and agent tasks (saved after every step; they
//! never hold a secret value, see `bc_core::agent::task`).

use crate::{chrome, js};
use bc_core::agent::Task;
use bc_core::safety::SitePolicy;
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

/// A task under `task:<id>` (its JSON text: one value to write).
pub async fn save_task(task: &Task) {
    let items = js_sys::Object::new();
    let text = serde_json::to_string(task).unwrap_or_default();
    let _ = js_sys::Reflect::set(&items, &format!("task:{}", task.id).into(), &JsValue::from_str(&text));
    js::log_err("saving the task", chrome::storage_local_set(&items).await.map(drop));
}
