//! Where the keyboard goes when part of the panel appears: a card the
//! task waits for takes it; a screen that replaced the focused control
//! (a list item's "Open", a "Back" button) takes it only then, so the
//! keyboard is never left on the page's body.

use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Moves the keyboard to `node` when it appears.
pub fn focus_when_shown<E>(node: NodeRef<E>)
where
    E: html::ElementType,
    E::Output: JsCast + Clone + 'static,
{
    Effect::new(move || {
        if let Some(element) = node.get() {
            let _ = element.unchecked_ref::<web_sys::HtmlElement>().focus();
        }
    });
}

/// Moves the keyboard to `node` when it appears and the control that had
/// it went away with what `node` replaced.
pub fn focus_if_lost<E>(node: NodeRef<E>)
where
    E: html::ElementType,
    E::Output: JsCast + Clone + 'static,
{
    Effect::new(move || {
        let Some(element) = node.get() else { return };
        // Judged once the render that mounted `node` is done: the control
        // it replaces may still be in the document (and focused) while
        // this effect first runs, and would only then drop the keyboard.
        let element: web_sys::HtmlElement = element.unchecked_into();
        set_timeout(
            move || {
                let document = document();
                let lost = match (document.active_element(), document.body()) {
                    (None, _) => true,
                    (Some(active), Some(body)) => active == *body.unchecked_ref::<web_sys::Element>(),
                    (Some(_), None) => false,
                };
                if lost && element.is_connected() {
                    let _ = element.focus();
                }
            },
            std::time::Duration::ZERO,
        );
    });
}
