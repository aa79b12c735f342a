//! Small helpers at the JS boundary: serde conversion, error text, logging.

use serde::{de::DeserializeOwned, Serialize};
use wasm_bindgen::prelude::*;

/// Serialises to plain JS objects (maps as objects, not `Map`): JSON text
/// the engine parses, one boundary crossing for the whole value. Built
/// value by value from WASM, a tool result holding a 10k-element page's
/// MiniPCD took ~5 ms on a fresh worker (every value a crossing through
/// glue not yet compiled).
pub fn to_js<T: Serialize>(value: &T) -> JsValue {
    match serde_json::to_string(value) {
        Ok(text) => js_sys::JSON::parse(&text).unwrap_or_else(|_| JsValue::from_str(&text)),
        Err(e) => JsValue::from_str(&format!("serialisation failed: {e}")),
    }
}

pub fn from_js<T: DeserializeOwned>(value: JsValue) -> Result<T, String> {
    serde_wasm_bindgen::from_value(value).map_err(|e| e.to_string())
}

/// The `message` of a JS Error, or its string form.
pub fn error_text(e: &JsValue) -> String {
    if let Some(err) = e.dyn_ref::<js_sys::Error>() {
        return String::from(err.message());
    }
    e.as_string().unwrap_or_else(|| format!("{e:?}"))
}

/// The `name` of a JS Error (e.g. `AbortError`, `TypeError`).
pub fn error_name(e: &JsValue) -> String {
    js_sys::Reflect::get(e, &"name".into()).ok().and_then(|n| n.as_string()).unwrap_or_default()
}

/// Fire-and-forget calls log their failure and go on.
pub fn log_err(what: &str, r: Result<(), JsValue>) {
    if let Err(e) = r {
        web_sys::console::warn_1(&format!("Browser Copilot: {what} failed: {}", error_text(&e)).into());
    }
}

/// Reads a string field of a JS object.
pub fn get_str(obj: &JsValue, key: &str) -> Option<String> {
    js_sys::Reflect::get(obj, &key.into()).ok().and_then(|v| v.as_string())
}

/// Reads a number field of a JS object as i32.
pub fn get_i32(obj: &JsValue, key: &str) -> Option<i32> {
    js_sys::Reflect::get(obj, &key.into()).ok().and_then(|v| v.as_f64()).map(|n| n as i32)
}
