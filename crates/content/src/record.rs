//! The flow recorder (issue 43 point 1): while the worker has it on for
//! this page (`ContentRequest::Record`), the user's own events are
//! reported to the worker as `ContentEvent::Recorded`, each with its
//! target as `getDetails` describes it (role + name + landmark, text and
//! CSS alternatives; `resolve::details::detail_of`) and the MiniPCD kind.
//!
//! - Only trusted events count (`isTrusted`): the agent's and a replay's
//!   synthetic events (`act/`) are not the user's.
//! - Heard: `click` (on a control: the nearest element with an
//!   interactive role), `input` (held back and sent as one event per field
//!   when the user moves on: another event, `change`, leaving the page, or
//!   stop), `change` of selects, checkboxes and radios, `keydown` of
//!   Enter/Escape/Tab/arrows, and `scroll` (held back like typing).
//! - Never a secret: a field that `aria::dom::is_sensitive` or
//!   `bc_core::safety::secret_kind` calls a password, card or one-time
//!   code is reported with its kind and no value (`aria::dom::value`
//!   does not read it either).
//!
//! Listeners are on the window, capture phase, passive; they compute the
//! target synchronously (a click may leave the page right after).

use crate::aria::{self, dom as adom};
use crate::pcd::{current_element, dom};
use bc_core::flows::{RecordedEvent, RecordedKind, StepTarget};
use bc_core::protocol::ContentEvent;
use bc_core::safety::{secret_kind, FieldFacts, SecretKind};
use serde::Serialize;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, Event};

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = ["chrome", "runtime"], js_name = sendMessage, catch)]
    fn send_message(msg: &JsValue) -> Result<js_sys::Promise, JsValue>;
}

/// Keys whose presses are steps (the rest is typing).
const KEYS: &[&str] = &["Enter", "Escape", "Tab", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "PageUp", "PageDown"];
/// Roles a click is recorded on (the nearest ancestor with one).
const CLICK_ROLES: &[&str] = &[
    "button", "link", "checkbox", "radio", "switch", "tab", "menuitem", "menuitemcheckbox", "menuitemradio", "option", "textbox",
    "searchbox", "combobox", "spinbutton", "slider", "treeitem", "gridcell", "listbox",
];
const EVENTS: &[&str] = &["click", "input", "change", "keydown", "scroll", "pagehide"];

struct Armed {
    listeners: Vec<(&'static str, Closure<dyn FnMut(Event)>)>,
    /// Typing or scrolling not sent yet: (element, event).
    pending: Option<(Option<Element>, RecordedEvent)>,
}

thread_local! {
    static ARMED: RefCell<Option<Armed>> = const { RefCell::new(None) };
}

/// Whether the recorder listens in this page.
pub fn armed() -> bool {
    ARMED.with(|a| a.borrow().is_some())
}

/// Turns recording on or off; on stop, the held-back event is returned.
pub fn set(document: &Document, on: bool) -> Vec<RecordedEvent> {
    let Some(window) = document.default_view() else { return Vec::new() };
    if on {
        if armed() {
            return Vec::new();
        }
        let listeners = EVENTS
            .iter()
            .map(|name| {
                let closure = Closure::<dyn FnMut(Event)>::new(move |ev: Event| on_event(name, ev));
                let opts = web_sys::AddEventListenerOptions::new();
                opts.set_capture(true);
                opts.set_passive(true);
                let _ = window.add_event_listener_with_callback_and_add_event_listener_options(name, closure.as_ref().unchecked_ref(), &opts);
                (*name, closure)
            })
            .collect();
        ARMED.with(|a| *a.borrow_mut() = Some(Armed { listeners, pending: None }));
        return Vec::new();
    }
    let Some(armed) = ARMED.with(|a| a.borrow_mut().take()) else { return Vec::new() };
    for (name, closure) in &armed.listeners {
        let _ = window.remove_event_listener_with_callback_and_bool(name, closure.as_ref().unchecked_ref(), true);
    }
    armed.pending.map(|(_, ev)| vec![ev]).unwrap_or_default()
}

fn on_event(name: &str, ev: Event) {
    if !ev.is_trusted() {
        return;
    }
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let el = ev.target().and_then(|t| t.dyn_into::<Element>().ok());
    match name {
        "click" => {
            flush();
            let Some(control) = el.as_ref().and_then(control_of) else { return };
            send(event(&document, RecordedKind::Click, Some(&control)));
        }
        "input" => {
            let Some(el) = el else { return };
            if is_toggle(&el) || dom::tag(&el) == "select" {
                return;
            }
            let kind = input_kind(&el);
            hold(Some(el.clone()), event(&document, kind, Some(&el)));
        }
        "change" => {
            let Some(el) = el else { return };
            if is_toggle(&el) {
                flush();
                let checked = dom::checked(&el).unwrap_or(false);
                send(event(&document, RecordedKind::Check { checked }, Some(&el)));
            } else if dom::tag(&el) == "select" {
                flush();
                send(event(&document, RecordedKind::Select { value: selected_text(&el) }, Some(&el)));
            } else {
                flush();
            }
        }
        "keydown" => {
            let Some(key) = ev.dyn_ref::<web_sys::KeyboardEvent>().map(|k| k.key()) else { return };
            if !KEYS.contains(&key.as_str()) {
                return;
            }
            flush();
            let target = el.filter(|e| aria::computed_role(e).is_some() && dom::tag(e) != "body");
            send(event(&document, RecordedKind::Key { key }, target.as_ref()));
        }
        "scroll" => {
            // The page's own scroll (the document), not an inner box.
            if el.is_some() {
                return;
            }
            let y = document.default_view().and_then(|w| w.scroll_y().ok()).unwrap_or(0.0);
            hold(None, event(&document, RecordedKind::Scroll { y }, None));
        }
        _ => flush(),
    }
}

/// Keeps `ev` back (typing, scrolling) in place of the held event of the
/// same element (`None`: the page's scroll); another held event is sent.
fn hold(el: Option<Element>, ev: RecordedEvent) {
    let other = ARMED.with(|a| {
        let mut a = a.borrow_mut();
        let armed = a.as_mut()?;
        armed.pending.replace((el.clone(), ev)).filter(|(held, _)| *held != el)
    });
    if let Some((_, other)) = other {
        send(other);
    }
}

/// Sends the held-back event, if any.
fn flush() {
    if let Some((_, ev)) = ARMED.with(|a| a.borrow_mut().as_mut().and_then(|armed| armed.pending.take())) {
        send(ev);
    }
}

fn send(ev: RecordedEvent) {
    let msg = ContentEvent::Recorded { event: ev };
    let Ok(value) = msg.serialize(&serde_wasm_bindgen::Serializer::json_compatible()) else { return };
    if let Ok(promise) = send_message(&value) {
        // The worker answers nothing; a worker that could not take it is
        // no error of the page's.
        wasm_bindgen_futures::spawn_local(async move {
            let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
        });
    }
}


fn event(document: &Document, kind: RecordedKind, el: Option<&Element>) -> RecordedEvent {
    RecordedEvent { at_ms: js_sys::Date::now(), url: crate::digest::page_url(document), kind, target: el.map(|e| target_of(document, e)) }
}

/// The nearest element (this one or an ancestor, six levels up) with an
/// interactive role.
fn control_of(el: &Element) -> Option<Element> {
    let mut cur = Some(el.clone());
    for _ in 0..6 {
        let e = cur?;
        if aria::computed_role(&e).is_some_and(|r| CLICK_ROLES.contains(&r.as_str())) {
            return Some(e);
        }
        cur = e.parent_element();
    }
    None
}

fn is_toggle(el: &Element) -> bool {
    adom::matches(el, "input[type=checkbox i], input[type=radio i]")
}

/// A field's input: its value, or for a secret field its kind alone.
fn input_kind(el: &Element) -> RecordedKind {
    match secret_of(el) {
        Some(kind) => RecordedKind::Input { value: None, secret: Some(kind) },
        None => RecordedKind::Input { value: Some(adom::value(el)), secret: None },
    }
}

/// The secret kind of a field, by the core's rules; a field the DOM side
/// calls sensitive but the rules cannot name is a password.
fn secret_of(el: &Element) -> Option<SecretKind> {
    let attr = |n: &'static str| adom::attr_c(el, n);
    let (input_type, autocomplete) = (attr("type"), attr("autocomplete"));
    let name_or_id = attr("name").or_else(|| attr("id"));
    let label = aria::accessible_name(el);
    let facts = FieldFacts { input_type: input_type.as_deref(), autocomplete: autocomplete.as_deref(), name_or_id: name_or_id.as_deref(), label: &label };
    secret_kind(&facts).or_else(|| adom::is_sensitive(el).then_some(SecretKind::Password))
}

fn selected_text(el: &Element) -> String {
    let select: &web_sys::HtmlSelectElement = el.unchecked_ref();
    select.selected_options().item(0).map(|o| dom::short_text(&o, 120)).filter(|t| !t.is_empty()).unwrap_or_else(|| select.value())
}

/// The step target of `el`: `getDetails`' selectors, its role and name,
/// and its MiniPCD kind when the MiniPCD lists it.
fn target_of(document: &Document, el: &Element) -> StepTarget {
    let detail = crate::resolve::details::detail_of(document, "", el);
    let role = aria::computed_role(el).map(|r| r.as_str().to_owned());
    let mut label = aria::accessible_name(el);
    if label.is_empty() {
        label = adom::attr_nonblank_c(el, "placeholder").unwrap_or_default();
    }
    StepTarget {
        selector: detail.selector,
        alt_selectors: detail.alt_selectors.unwrap_or_default(),
        role,
        label,
        landmark: detail.landmark,
        kind: kind_of(document, el),
        frame_path: detail.frame_path,
    }
}

/// `el`'s kind in the page's current MiniPCD, if it lists it.
fn kind_of(document: &Document, el: &Element) -> Option<String> {
    let built = crate::live::current(document);
    built
        .mini
        .actions
        .iter()
        .zip(&built.bindings.actions)
        .find(|(_, b)| current_element(b.key).as_ref() == Some(el))
        .and_then(|(a, _)| a.kind.clone())
}
