//! Settings persistence in `chrome.storage.local` (never `sync`: the API key
//! must not leave this browser profile).

use crate::{chrome, js};
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
