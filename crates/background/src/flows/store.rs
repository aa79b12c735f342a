//! Saved flows in `chrome.storage.local` under `flows` (one JSON text: a
//! few flows of a few kilobytes each, read once per panel input), and the
//! session's small records in `chrome.storage.session` (memory only, gone
//! when the browser closes): the recording in progress, a replay in
//! progress, the last replay's healed steps. Writes take turns ([`LOCK`]):
//! recorded events arrive faster than storage answers.

use crate::{chrome, js};
use bc_core::flows::WebFlow;
use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::JsValue;

const FLOWS_KEY: &str = "flows";

thread_local! {
    static LOCK: std::rc::Rc<futures::lock::Mutex<()>> = std::rc::Rc::new(futures::lock::Mutex::new(()));
}

/// The store's turns: hold `lock().lock().await` across a read-modify-write.
pub fn lock() -> std::rc::Rc<futures::lock::Mutex<()>> {
    LOCK.with(std::rc::Rc::clone)
}

/// Every saved flow, in the order saved (unreadable storage: none).
pub async fn all() -> Vec<WebFlow> {
    let key = JsValue::from_str(FLOWS_KEY);
    let Ok(items) = chrome::storage_local_get(&key).await else { return Vec::new() };
    let text = js_sys::Reflect::get(&items, &key).ok().and_then(|v| v.as_string()).unwrap_or_default();
    serde_json::from_str(&text).unwrap_or_default()
}

pub async fn save_all(flows: &[WebFlow]) {
    let items = js_sys::Object::new();
    let text = serde_json::to_string(flows).unwrap_or_else(|_| "[]".into());
    let _ = js_sys::Reflect::set(&items, &FLOWS_KEY.into(), &JsValue::from_str(&text));
    js::log_err("saving the flows", chrome::storage_local_set(&items).await.map(drop));
}

/// Saves `flow`, replacing one of the same name.
pub async fn put(flow: WebFlow) {
    let lock = lock();
    let _turn = lock.lock().await;
    let mut flows = all().await;
    match flows.iter_mut().find(|f| f.name.eq_ignore_ascii_case(&flow.name)) {
        Some(old) => *old = flow,
        None => flows.push(flow),
    }
    save_all(&flows).await;
}

/// Removes the flow called `name`; whether there was one.
pub async fn delete(name: &str) -> bool {
    let lock = lock();
    let _turn = lock.lock().await;
    let mut flows = all().await;
    let before = flows.len();
    flows.retain(|f| f.name != name);
    save_all(&flows).await;
    flows.len() != before
}

/// A session record (`chrome.storage.session`, JSON text).
pub async fn session_get<T: DeserializeOwned>(key: &str) -> Option<T> {
    let k = JsValue::from_str(key);
    let items = chrome::storage_session_get(&k).await.ok()?;
    let text = js_sys::Reflect::get(&items, &k).ok()?.as_string()?;
    serde_json::from_str(&text).ok()
}

/// Sets (or with `None`, clears) a session record.
pub async fn session_set<T: Serialize>(key: &str, value: Option<&T>) {
    let items = js_sys::Object::new();
    let v = match value {
        Some(v) => JsValue::from_str(&serde_json::to_string(v).unwrap_or_default()),
        None => JsValue::NULL,
    };
    let _ = js_sys::Reflect::set(&items, &key.into(), &v);
    js::log_err("saving session state", chrome::storage_session_set(&items).await.map(drop));
}
