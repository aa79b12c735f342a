//! The real [`Backend`]: a `chrome.runtime` port named
//! [`PANEL_PORT`](bc_core::protocol::PANEL_PORT), opened lazily and reopened
//! on the next send after Chrome stopped the service worker.

use super::{Backend, BackendEvent, ConnectionId, Listener};
use bc_core::protocol::{PanelEvent, PanelRequest, PANEL_PORT};
use serde::Serialize;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen]
extern "C" {
    /// `chrome.runtime.Port`.
    type Port;
    /// `chrome.events.Event`.
    type ChromeEvent;

    #[wasm_bindgen(catch, js_namespace = ["chrome", "runtime"], js_name = connect)]
    fn runtime_connect(info: &JsValue) -> Result<Port, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "runtime"], js_name = openOptionsPage)]
    fn runtime_open_options_page() -> Result<JsValue, JsValue>;

    #[wasm_bindgen(catch, method, js_name = postMessage)]
    fn post_message(this: &Port, message: &JsValue) -> Result<(), JsValue>;
    #[wasm_bindgen(method)]
    fn disconnect(this: &Port);
    #[wasm_bindgen(method, getter, js_name = onMessage)]
    fn on_message(this: &Port) -> ChromeEvent;
    #[wasm_bindgen(method, getter, js_name = onDisconnect)]
    fn on_disconnect(this: &Port) -> ChromeEvent;

    /// `chrome.tabs.onActivated` / `chrome.tabs.onUpdated`.
    #[wasm_bindgen(thread_local_v2, js_namespace = ["chrome", "tabs"], js_name = onActivated)]
    static TABS_ON_ACTIVATED: ChromeEvent;
    #[wasm_bindgen(thread_local_v2, js_namespace = ["chrome", "tabs"], js_name = onUpdated)]
    static TABS_ON_UPDATED: ChromeEvent;

    #[wasm_bindgen(catch, js_namespace = ["chrome", "tabs"], js_name = get)]
    async fn tabs_get(tab_id: i32) -> Result<JsValue, JsValue>;

    #[wasm_bindgen(method, js_name = addListener)]
    fn add_listener(this: &ChromeEvent, callback: &js_sys::Function);
    #[wasm_bindgen(method, js_name = removeListener)]
    fn remove_listener(this: &ChromeEvent, callback: &js_sys::Function);
}

type SharedListener = Rc<RefCell<Option<Listener>>>;

fn notify(listener: &SharedListener, event: BackendEvent) {
    let listener = listener.borrow().clone();
    if let Some(listener) = listener {
        listener(event);
    }
}

/// What the port's callbacks and the backend both know of one connection.
struct LinkState {
    id: ConnectionId,
    alive: Cell<bool>,
    /// Whether [`BackendEvent::Disconnected`] was sent for it (exactly once).
    reported: Cell<bool>,
}

impl LinkState {
    fn report_lost(&self, listener: &SharedListener) {
        self.alive.set(false);
        if !self.reported.replace(true) {
            notify(listener, BackendEvent::Disconnected(self.id));
        }
    }
}

/// One open port and the callbacks registered on it.
struct Link {
    port: Port,
    state: Rc<LinkState>,
    on_message: Closure<dyn FnMut(JsValue)>,
    on_disconnect: Closure<dyn FnMut(JsValue)>,
}

impl Link {
    fn open(id: ConnectionId, listener: &SharedListener) -> Result<Link, String> {
        let info = js_sys::Object::new();
        js_sys::Reflect::set(&info, &"name".into(), &PANEL_PORT.into()).map_err(describe)?;
        let port = runtime_connect(&info).map_err(describe)?;
        let state = Rc::new(LinkState {
            id,
            alive: Cell::new(true),
            reported: Cell::new(false),
        });

        let to_listener = listener.clone();
        let on_message = Closure::<dyn FnMut(JsValue)>::new(move |message: JsValue| {
            match serde_wasm_bindgen::from_value::<PanelEvent>(message.clone()) {
                Ok(event) => notify(&to_listener, BackendEvent::Event(event)),
                Err(e) => web_sys::console::warn_2(
                    &format!("bc-ui: skipping an undecodable message: {e}").into(),
                    &message,
                ),
            }
        });
        let (lost, to_listener) = (state.clone(), listener.clone());
        let on_disconnect = Closure::<dyn FnMut(JsValue)>::new(move |_port: JsValue| {
            // Reading lastError marks it as checked, so Chrome does not log it.
            if let Some(error) = last_error() {
                web_sys::console::info_1(
                    &format!("bc-ui: service worker port closed: {error}").into(),
                );
            }
            lost.report_lost(&to_listener);
        });
        port.on_message()
            .add_listener(on_message.as_ref().unchecked_ref());
        port.on_disconnect()
            .add_listener(on_disconnect.as_ref().unchecked_ref());
        Ok(Link {
            port,
            state,
            on_message,
            on_disconnect,
        })
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        self.port
            .on_message()
            .remove_listener(self.on_message.as_ref().unchecked_ref());
        self.port
            .on_disconnect()
            .remove_listener(self.on_disconnect.as_ref().unchecked_ref());
        if self.state.alive.get() {
            self.port.disconnect();
        }
    }
}

/// [`Backend`] over `chrome.runtime.connect`.
#[derive(Default)]
pub struct ChromeBackend {
    link: RefCell<Option<Link>>,
    next_id: Cell<ConnectionId>,
    listener: SharedListener,
}

impl ChromeBackend {
    pub fn new() -> Self {
        Self::default()
    }

    /// Makes sure a live port exists; a dead one is retired (its loss
    /// reported if Chrome did not) once the current call stack is done.
    fn ensure_link(&self) -> Result<(), String> {
        if self
            .link
            .borrow()
            .as_ref()
            .is_some_and(|link| link.state.alive.get())
        {
            return Ok(());
        }
        let id = self.next_id.get();
        self.next_id.set(id + 1);
        let fresh = Link::open(id, &self.listener)?;
        if let Some(old) = self.link.borrow_mut().replace(fresh) {
            // Deferred: we may be inside one of the old port's callbacks.
            let listener = self.listener.clone();
            wasm_bindgen_futures::spawn_local(async move {
                old.state.report_lost(&listener);
                drop(old);
            });
        }
        Ok(())
    }
}

impl Backend for ChromeBackend {
    fn send(&self, request: &PanelRequest) -> Result<ConnectionId, String> {
        let message = request
            .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
            .map_err(|e| format!("the request could not be encoded: {e}"))?;
        // A port can be dead before its onDisconnect arrives: then try once
        // more on a fresh one.
        let mut error = String::new();
        for _ in 0..2 {
            self.ensure_link()?;
            let link = self.link.borrow();
            let link = link.as_ref().expect("ensure_link leaves a link");
            match link.port.post_message(&message) {
                Ok(()) => return Ok(link.state.id),
                Err(e) => {
                    link.state.alive.set(false);
                    error = describe(e);
                }
            }
        }
        Err(error)
    }

    fn set_listener(&self, listener: Listener) {
        *self.listener.borrow_mut() = Some(listener);
    }

    fn watch_front_page(&self, f: Rc<dyn Fn(String)>) {
        let get = |o: &JsValue, k: &str| js_sys::Reflect::get(o, &k.into()).unwrap_or(JsValue::UNDEFINED);
        let activated = {
            let f = f.clone();
            Closure::<dyn FnMut(JsValue)>::new(move |info: JsValue| {
                // onActivated carries no URL: ask for the tab.
                let Some(id) = get(&info, "tabId").as_f64() else { return };
                let f = f.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    if let Ok(tab) = tabs_get(id as i32).await {
                        f(get(&tab, "url").as_string().unwrap_or_default());
                    }
                });
            })
        };
        // onUpdated fires for every title, favicon and loading step: only a
        // completed load of the active tab changes what is in front.
        let updated = Closure::<dyn FnMut(JsValue, JsValue, JsValue)>::new(move |_id: JsValue, change: JsValue, tab: JsValue| {
            if get(&change, "status").as_string().as_deref() == Some("complete") && get(&tab, "active").is_truthy() {
                f(get(&tab, "url").as_string().unwrap_or_default());
            }
        });
        TABS_ON_ACTIVATED.with(|e| e.add_listener(activated.as_ref().unchecked_ref()));
        TABS_ON_UPDATED.with(|e| e.add_listener(updated.as_ref().unchecked_ref()));
        // Listening for the life of the page (one pair per side panel).
        activated.forget();
        updated.forget();
    }

    fn open_options_page(&self) {
        match runtime_open_options_page() {
            Ok(result) => {
                if let Ok(promise) = result.dyn_into::<js_sys::Promise>() {
                    wasm_bindgen_futures::spawn_local(async move {
                        if let Err(e) = wasm_bindgen_futures::JsFuture::from(promise).await {
                            web_sys::console::warn_1(
                                &format!("bc-ui: could not open the options page: {}", describe(e))
                                    .into(),
                            );
                        }
                    });
                }
            }
            Err(e) => web_sys::console::warn_1(
                &format!("bc-ui: could not open the options page: {}", describe(e)).into(),
            ),
        }
    }
}

/// `chrome.runtime.lastError.message`, if set.
fn last_error() -> Option<String> {
    let chrome = js_sys::Reflect::get(&js_sys::global(), &"chrome".into()).ok()?;
    let runtime = js_sys::Reflect::get(&chrome, &"runtime".into()).ok()?;
    let error = js_sys::Reflect::get(&runtime, &"lastError".into()).ok()?;
    if error.is_undefined() || error.is_null() {
        return None;
    }
    Some(describe(error))
}

/// A readable message for a thrown JS value.
pub(crate) fn describe(value: JsValue) -> String {
    if let Some(error) = value.dyn_ref::<js_sys::Error>() {
        return String::from(error.message());
    }
    if let Ok(message) = js_sys::Reflect::get(&value, &"message".into()) {
        if let Some(message) = message.as_string() {
            return message;
        }
    }
    value.as_string().unwrap_or_else(|| format!("{value:?}"))
}
