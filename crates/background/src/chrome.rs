//! The `chrome.*` APIs the service worker uses, declared once. Promise-based
//! calls return `Result<JsValue, JsValue>` after awaiting; synchronous throws
//! (e.g. a missing permission makes the namespace undefined) are caught too.

use js_sys::Promise;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

#[wasm_bindgen]
extern "C" {
    /// `chrome.runtime.Port`.
    pub type Port;
    #[wasm_bindgen(method, getter)]
    pub fn name(this: &Port) -> String;
    #[wasm_bindgen(method, getter)]
    pub fn sender(this: &Port) -> JsValue;
    #[wasm_bindgen(method, catch, js_name = postMessage)]
    pub fn post_message(this: &Port, msg: &JsValue) -> Result<(), JsValue>;
    #[wasm_bindgen(method, getter, js_name = onMessage)]
    pub fn on_message(this: &Port) -> ChromeEvent;
    #[wasm_bindgen(method, getter, js_name = onDisconnect)]
    pub fn on_disconnect(this: &Port) -> ChromeEvent;
    #[wasm_bindgen(method)]
    pub fn disconnect(this: &Port);

    /// A `chrome.events.Event`.
    pub type ChromeEvent;
    #[wasm_bindgen(method, js_name = addListener)]
    pub fn add_listener(this: &ChromeEvent, f: &js_sys::Function);
    #[wasm_bindgen(method, js_name = removeListener)]
    pub fn remove_listener(this: &ChromeEvent, f: &js_sys::Function);

    #[wasm_bindgen(catch, js_namespace = ["chrome", "storage", "local"], js_name = get)]
    fn storage_local_get_(keys: &JsValue) -> Result<Promise, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "storage", "local"], js_name = set)]
    fn storage_local_set_(items: &JsValue) -> Result<Promise, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "storage", "local"], js_name = remove)]
    fn storage_local_remove_(key: &str) -> Result<Promise, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "storage", "session"], js_name = get)]
    fn storage_session_get_(keys: &JsValue) -> Result<Promise, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "storage", "session"], js_name = set)]
    fn storage_session_set_(items: &JsValue) -> Result<Promise, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "tabs"], js_name = query)]
    fn tabs_query_(query: &JsValue) -> Result<Promise, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "tabs"], js_name = get)]
    fn tabs_get_(tab_id: i32) -> Result<Promise, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "tabs"], js_name = sendMessage)]
    fn tabs_send_message_(tab_id: i32, msg: &JsValue, options: &JsValue) -> Result<Promise, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "tabs"], js_name = create)]
    fn tabs_create_(props: &JsValue) -> Result<Promise, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "tabs"], js_name = update)]
    fn tabs_update_(tab_id: i32, props: &JsValue) -> Result<Promise, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "tabs"], js_name = remove)]
    fn tabs_remove_(tab_id: i32) -> Result<Promise, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "tabs"], js_name = goBack)]
    fn tabs_go_back_(tab_id: i32) -> Result<Promise, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "tabs"], js_name = goForward)]
    fn tabs_go_forward_(tab_id: i32) -> Result<Promise, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "tabs"], js_name = reload)]
    fn tabs_reload_(tab_id: i32) -> Result<Promise, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "tabs"], js_name = group)]
    fn tabs_group_(options: &JsValue) -> Result<Promise, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "tabGroups"], js_name = update)]
    fn tab_groups_update_(group_id: i32, props: &JsValue) -> Result<Promise, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "windows"], js_name = update)]
    fn windows_update_(window_id: i32, props: &JsValue) -> Result<Promise, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "windows"], js_name = create)]
    fn windows_create_(props: &JsValue) -> Result<Promise, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "tabs"], js_name = getZoom)]
    fn tabs_get_zoom_(tab_id: i32) -> Result<Promise, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "tabs"], js_name = setZoom)]
    fn tabs_set_zoom_(tab_id: i32, factor: f64) -> Result<Promise, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "tabs"], js_name = captureVisibleTab)]
    fn tabs_capture_visible_tab_(window_id: i32, options: &JsValue) -> Result<Promise, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "windows"], js_name = getLastFocused)]
    fn windows_get_last_focused_(query: &JsValue) -> Result<Promise, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "scripting"], js_name = executeScript)]
    fn scripting_execute_script_(injection: &JsValue) -> Result<Promise, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "sidePanel"], js_name = setPanelBehavior)]
    fn side_panel_set_panel_behavior_(behavior: &JsValue) -> Result<Promise, JsValue>;
    #[wasm_bindgen(js_namespace = ["chrome", "runtime"], js_name = getURL)]
    pub fn runtime_get_url(path: &str) -> String;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "runtime"], js_name = getPlatformInfo)]
    fn runtime_get_platform_info_() -> Result<Promise, JsValue>;
}

// Functions Chrome runs *in a page* (`chrome.scripting.executeScript({func})`
// sends their source): they must be real JS functions, and the extension's
// CSP forbids building one from a string in the worker.
#[wasm_bindgen(inline_js = "export function historyStep() {
  return function (delta) {
    // The page's own history.go, not chrome.tabs.goBack: Chrome's back
    // button skips entries the user never interacted with, and every page
    // the copilot opened is such an entry.
    if (history.length <= 1) return false;
    history.go(delta);
    return true;
  };
}")]
extern "C" {
    /// `(delta) => boolean`: moves the page's session history by `delta`;
    /// `false` when the tab has a single entry.
    #[wasm_bindgen(js_name = historyStep)]
    pub fn history_step_fn() -> js_sys::Function;
}

async fn settle(p: Result<Promise, JsValue>) -> Result<JsValue, JsValue> {
    JsFuture::from(p?).await
}

/// `chrome.runtime.getPlatformInfo()`: the cheapest extension API call,
/// which resets the worker's idle timer (`agent::keepalive`).
pub async fn runtime_get_platform_info() -> Result<JsValue, JsValue> {
    settle(runtime_get_platform_info_()).await
}

/// `chrome.runtime.id`.
pub fn runtime_id() -> String {
    let chrome = js_sys::Reflect::get(&js_sys::global(), &"chrome".into()).unwrap_or(JsValue::UNDEFINED);
    let runtime = js_sys::Reflect::get(&chrome, &"runtime".into()).unwrap_or(JsValue::UNDEFINED);
    js_sys::Reflect::get(&runtime, &"id".into()).ok().and_then(|v| v.as_string()).unwrap_or_default()
}

pub async fn storage_local_get(keys: &JsValue) -> Result<JsValue, JsValue> {
    settle(storage_local_get_(keys)).await
}
/// `chrome.storage.session`: memory only, gone when the browser closes,
/// and (by default) out of content scripts' reach.
pub async fn storage_session_get(keys: &JsValue) -> Result<JsValue, JsValue> {
    settle(storage_session_get_(keys)).await
}
pub async fn storage_session_set(items: &JsValue) -> Result<JsValue, JsValue> {
    settle(storage_session_set_(items)).await
}
pub async fn storage_local_remove(key: &str) -> Result<JsValue, JsValue> {
    settle(storage_local_remove_(key)).await
}
pub async fn storage_local_set(items: &JsValue) -> Result<JsValue, JsValue> {
    settle(storage_local_set_(items)).await
}
pub async fn tabs_query(query: &JsValue) -> Result<JsValue, JsValue> {
    settle(tabs_query_(query)).await
}
pub async fn tabs_get(tab_id: i32) -> Result<JsValue, JsValue> {
    settle(tabs_get_(tab_id)).await
}
pub async fn tabs_send_message(tab_id: i32, msg: &JsValue, options: &JsValue) -> Result<JsValue, JsValue> {
    settle(tabs_send_message_(tab_id, msg, options)).await
}
pub async fn tabs_create(props: &JsValue) -> Result<JsValue, JsValue> {
    settle(tabs_create_(props)).await
}
pub async fn tabs_update(tab_id: i32, props: &JsValue) -> Result<JsValue, JsValue> {
    settle(tabs_update_(tab_id, props)).await
}
/// `chrome.tabs.group(options)`: the group's id.
pub async fn tabs_group(options: &JsValue) -> Result<JsValue, JsValue> {
    settle(tabs_group_(options)).await
}
/// `chrome.tabGroups.update` (the `tabGroups` permission).
pub async fn tab_groups_update(group_id: i32, props: &JsValue) -> Result<JsValue, JsValue> {
    settle(tab_groups_update_(group_id, props)).await
}
pub async fn tabs_remove(tab_id: i32) -> Result<JsValue, JsValue> {
    settle(tabs_remove_(tab_id)).await
}
pub async fn tabs_go_back(tab_id: i32) -> Result<JsValue, JsValue> {
    settle(tabs_go_back_(tab_id)).await
}
pub async fn tabs_go_forward(tab_id: i32) -> Result<JsValue, JsValue> {
    settle(tabs_go_forward_(tab_id)).await
}
pub async fn tabs_reload(tab_id: i32) -> Result<JsValue, JsValue> {
    settle(tabs_reload_(tab_id)).await
}
/// The tab's zoom factor (1.0 = 100 %).
pub async fn tabs_get_zoom(tab_id: i32) -> Result<f64, JsValue> {
    let factor = settle(tabs_get_zoom_(tab_id)).await?;
    factor.as_f64().ok_or_else(|| JsValue::from_str("getZoom gave no number"))
}
/// Sets the tab's zoom factor; `0.0` resets it to the default.
pub async fn tabs_set_zoom(tab_id: i32, factor: f64) -> Result<JsValue, JsValue> {
    settle(tabs_set_zoom_(tab_id, factor)).await
}
/// A `data:` URL of the visible area of the window's active tab (needs host
/// access to the page: `<all_urls>`).
pub async fn tabs_capture_visible_tab(window_id: i32, options: &JsValue) -> Result<JsValue, JsValue> {
    settle(tabs_capture_visible_tab_(window_id, options)).await
}
pub async fn windows_update(window_id: i32, props: &JsValue) -> Result<JsValue, JsValue> {
    settle(windows_update_(window_id, props)).await
}
pub async fn windows_create(props: &JsValue) -> Result<JsValue, JsValue> {
    settle(windows_create_(props)).await
}

/// `chrome.tabs.onUpdated` / `chrome.tabs.onRemoved`, read at call time (no
/// `tabs` permission is needed for them; without it `url`/`title` are only
/// reported for pages under our host access, and `status` always is).
pub fn tabs_event(name: &str) -> Option<ChromeEvent> {
    let get = |obj: &JsValue, key: &str| js_sys::Reflect::get(obj, &key.into()).ok().filter(|v| !v.is_undefined());
    let chrome = get(&js_sys::global(), "chrome")?;
    let event = get(&get(&chrome, "tabs")?, name)?;
    Some(event.unchecked_into())
}

pub async fn windows_get_last_focused(query: &JsValue) -> Result<JsValue, JsValue> {
    settle(windows_get_last_focused_(query)).await
}
pub async fn scripting_execute_script(injection: &JsValue) -> Result<JsValue, JsValue> {
    settle(scripting_execute_script_(injection)).await
}

pub fn set_panel_behavior_open_on_click() -> Result<(), JsValue> {
    let behavior = js_sys::Object::new();
    js_sys::Reflect::set(&behavior, &"openPanelOnActionClick".into(), &true.into())?;
    let p = side_panel_set_panel_behavior_(&behavior)?;
    wasm_bindgen_futures::spawn_local(async move {
        crate::js::log_err("setPanelBehavior", JsFuture::from(p).await.map(drop));
    });
    Ok(())
}
