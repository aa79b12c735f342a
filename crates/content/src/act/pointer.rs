//! Pointer actions — click (single, double, right) and hover — as a person
//! does them: scroll the element into view, find what is actually under its
//! centre (an element covering it gets the click, so that is an error naming
//! the cover), then the pointer and mouse event sequence a browser
//! dispatches, on the element under the pointer so inner handlers see it.
//! Events are synthetic (no debugger permission); their default actions
//! (following links, toggling checkboxes, submitting forms) still run.

use super::brief;
use bc_core::act::{ActError, MouseButton};
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, MouseEventInit, PointerEventInit};

/// The point a person would click: the centre of the element's first box,
/// after scrolling it into view when needed. Frame-local coordinates.
pub fn aim(el: &Element) -> Result<(f64, f64), ActError> {
    into_view(el);
    let r = el.get_bounding_client_rect();
    let (vw, vh) = viewport(el);
    if r.width() < 1.0 || r.height() < 1.0 {
        return Err(ActError::NotVisible { target: brief(el) });
    }
    // Clamp to the visible part of a box larger than the viewport.
    let x = (r.left().max(0.0) + r.right().min(vw.max(1.0))) / 2.0;
    let y = (r.top().max(0.0) + r.bottom().min(vh.max(1.0))) / 2.0;
    Ok((x, y))
}

/// Scrolls `el` to the centre of the view when it is not wholly inside it
/// (the window, and any scrolled box around it); whether it scrolled.
pub fn into_view(el: &Element) -> bool {
    let r = el.get_bounding_client_rect();
    let (vw, vh) = viewport(el);
    let inside = r.top() >= 0.0 && r.left() >= 0.0 && r.bottom() <= vh && r.right() <= vw;
    if inside && !clipped(el, &r) {
        return false;
    }
    let opts = web_sys::ScrollIntoViewOptions::new();
    opts.set_block(web_sys::ScrollLogicalPosition::Center);
    opts.set_inline(web_sys::ScrollLogicalPosition::Center);
    opts.set_behavior(web_sys::ScrollBehavior::Instant);
    el.scroll_into_view_with_scroll_into_view_options(&opts);
    true
}

/// The size of the viewport `el` is shown in (its frame's window).
fn viewport(el: &Element) -> (f64, f64) {
    el.owner_document()
        .and_then(|d| d.default_view())
        .map(|w| (num(w.inner_width().ok()), num(w.inner_height().ok())))
        .unwrap_or((0.0, 0.0))
}

/// Whether a scrolling box around `el` hides part of `r` (its box): inside
/// the window is not enough for a row of a scrolled list or panel (a
/// virtualized list renders rows beyond its visible part).
fn clipped(el: &Element, r: &web_sys::DomRect) -> bool {
    let Some(win) = web_sys::window() else { return false };
    let mut cur = el.parent_element();
    while let Some(c) = cur {
        let tag = c.local_name();
        if tag == "body" || tag == "html" {
            return false;
        }
        // Only boxes with hidden content can clip by scrolling; reading
        // their style is the costly part, so test the sizes first.
        if c.scroll_height() > c.client_height() + 1 || c.scroll_width() > c.client_width() + 1 {
            let overflow = win.get_computed_style(&c).ok().flatten().map(|s| {
                (s.get_property_value("overflow-x").unwrap_or_default(), s.get_property_value("overflow-y").unwrap_or_default())
            });
            if overflow.is_some_and(|(x, y)| x != "visible" || y != "visible") {
                let b = c.get_bounding_client_rect();
                // The box's client area: its border box less borders (scrollbars ignored).
                let (top, left) = (b.top() + f64::from(c.client_top()), b.left() + f64::from(c.client_left()));
                if r.top() < top - 0.5 || r.left() < left - 0.5 || r.bottom() > top + f64::from(c.client_height()) + 0.5 || r.right() > left + f64::from(c.client_width()) + 0.5 {
                    return true;
                }
            }
        }
        cur = c.parent_element();
    }
    false
}

fn num(v: Option<wasm_bindgen::JsValue>) -> f64 {
    v.and_then(|v| v.as_f64()).unwrap_or(0.0)
}

/// What the pointer at (x, y) hits, in `el`'s tree (shadow roots answer for
/// their own content).
fn hit(el: &Element, x: f64, y: f64) -> Option<Element> {
    let root = el.get_root_node();
    const DOCUMENT_FRAGMENT: u16 = 11;
    if root.node_type() == DOCUMENT_FRAGMENT {
        let sr: &web_sys::ShadowRoot = root.unchecked_ref();
        return sr.element_from_point(x as f32, y as f32);
    }
    el.owner_document()?.element_from_point(x as f32, y as f32)
}

/// The element that receives events at `el`'s centre: `el` or a
/// descendant, or a label of `el`; anything else covers it.
pub fn target_at(el: &Element) -> Result<(Element, f64, f64), ActError> {
    let (x, y) = aim(el)?;
    let Some(h) = hit(el, x, y) else { return Err(ActError::NotVisible { target: brief(el) }) };
    if h == *el || el.contains(Some(&h)) {
        return Ok((h, x, y));
    }
    // A label stands in for its control (styled checkboxes).
    let labels = crate::aria::dom::labels(el);
    if labels.iter().any(|l| *l == h || l.contains(Some(&h))) {
        return Ok((h, x, y));
    }
    // Hit inside a descendant's open shadow root: retargeted to a host in el.
    Err(ActError::Covered { target: brief(el), by: brief(&h) })
}

fn mouse_init(x: f64, y: f64, button: i16, buttons: u16, detail: i32, doc: &Document) -> MouseEventInit {
    let init = MouseEventInit::new();
    init.set_bubbles(true);
    init.set_cancelable(true);
    init.set_composed(true);
    init.set_client_x(x as i32);
    init.set_client_y(y as i32);
    init.set_button(button);
    init.set_buttons(buttons);
    init.set_detail(detail);
    if let Some(w) = doc.default_view() {
        init.set_view(Some(&w));
    }
    init
}

fn pointer(target: &Element, kind: &str, x: f64, y: f64, button: i16, buttons: u16, doc: &Document) {
    let init = PointerEventInit::new();
    init.set_bubbles(!matches!(kind, "pointerenter" | "pointerleave"));
    init.set_cancelable(true);
    init.set_composed(true);
    init.set_client_x(x as i32);
    init.set_client_y(y as i32);
    init.set_button(button);
    init.set_buttons(buttons);
    init.set_pointer_id(1);
    init.set_pointer_type("mouse");
    init.set_is_primary(true);
    if let Some(w) = doc.default_view() {
        init.set_view(Some(&w));
    }
    if let Ok(ev) = web_sys::PointerEvent::new_with_event_init_dict(kind, &init) {
        let _ = target.dispatch_event(&ev);
    }
}

fn mouse(target: &Element, kind: &str, x: f64, y: f64, button: i16, buttons: u16, detail: i32, doc: &Document) -> bool {
    let init = mouse_init(x, y, button, buttons, detail, doc);
    if matches!(kind, "mouseenter" | "mouseleave") {
        init.set_bubbles(false);
    }
    match web_sys::MouseEvent::new_with_mouse_event_init_dict(kind, &init) {
        Ok(ev) => target.dispatch_event(&ev).unwrap_or(true),
        Err(_) => true,
    }
}

/// Moves the pointer onto `target` (hover).
pub fn hover_at(target: &Element, x: f64, y: f64) {
    let Some(doc) = target.owner_document() else { return };
    pointer(target, "pointerover", x, y, 0, 0, &doc);
    pointer(target, "pointerenter", x, y, 0, 0, &doc);
    mouse(target, "mouseover", x, y, 0, 0, 0, &doc);
    mouse(target, "mouseenter", x, y, 0, 0, 0, &doc);
    pointer(target, "pointermove", x, y, 0, 0, &doc);
    mouse(target, "mousemove", x, y, 0, 0, 0, &doc);
}

/// Clicks `el` like a person: hover, press, focus, release, click.
pub fn click(el: &Element, button: MouseButton, count: u8) -> Result<(), ActError> {
    let (target, x, y) = target_at(el)?;
    let Some(doc) = target.owner_document() else { return Err(ActError::Detached { target: brief(el) }) };
    let (b, bs): (i16, u16) = match button {
        MouseButton::Left => (0, 1),
        MouseButton::Middle => (1, 4),
        MouseButton::Right => (2, 2),
    };
    hover_at(&target, x, y);
    for n in 1..=count.clamp(1, 2) {
        pointer(&target, "pointerdown", x, y, b, bs, &doc);
        let proceed = mouse(&target, "mousedown", x, y, b, bs, n as i32, &doc);
        // A cancelled mousedown does not move focus (browsers agree).
        if proceed && n == 1 {
            focus_for_click(el);
        }
        pointer(&target, "pointerup", x, y, b, 0, &doc);
        mouse(&target, "mouseup", x, y, b, 0, n as i32, &doc);
        match button {
            MouseButton::Left => {
                mouse(&target, "click", x, y, b, 0, n as i32, &doc);
            }
            MouseButton::Middle => {
                mouse(&target, "auxclick", x, y, b, 0, n as i32, &doc);
            }
            MouseButton::Right => {
                mouse(&target, "contextmenu", x, y, b, 0, n as i32, &doc);
            }
        }
        if !el.is_connected() {
            break;
        }
    }
    if count >= 2 && button == MouseButton::Left && target.is_connected() {
        mouse(&target, "dblclick", x, y, b, 0, 2, &doc);
    }
    Ok(())
}

/// Focuses the nearest focusable of `el` (itself or an ancestor), as a
/// mousedown does.
fn focus_for_click(el: &Element) {
    const FOCUSABLE: &str = "a[href], button, input, select, textarea, summary, [tabindex], [contenteditable]:not([contenteditable=false i])";
    if let Some(f) = crate::pcd::dom::closest(el, FOCUSABLE) {
        super::input::call(&f, "focus", &[]);
    }
}
