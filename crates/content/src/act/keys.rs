//! Key presses (`dom.pressKey`): keydown/keypress/keyup with the key, code
//! and modifiers of a chord like `Control+a`, plus the default actions a
//! browser would take for a trusted press, since synthetic key events have
//! none: Enter submits a field's form (implicit submission) or activates a
//! button or link, Space toggles a checkbox or activates a button, Tab moves
//! focus, arrows move through a `<select>`, printable keys insert text.

use super::{brief, input, pointer};
use bc_core::act::{ActError, MouseButton};
use web_sys::{Element, KeyboardEventInit};

/// A parsed chord.
struct Chord {
    key: String,
    ctrl: bool,
    shift: bool,
    alt: bool,
    meta: bool,
}

fn parse(chord: &str) -> Result<Chord, String> {
    let parts: Vec<&str> = chord.split('+').map(str::trim).collect();
    let (key, mods) = match parts.split_last() {
        // "Control++" ends in an empty part: the key is '+'.
        Some((k, m)) if k.is_empty() && chord.ends_with("++") => ("+", &m[..m.len().saturating_sub(1)]),
        Some((k, m)) if !k.is_empty() => (*k, m),
        _ => return Err(format!("no key in {chord:?}")),
    };
    let mut c = Chord { key: canonical(key), ctrl: false, shift: false, alt: false, meta: false };
    for m in mods {
        match m.to_ascii_lowercase().as_str() {
            "control" | "ctrl" => c.ctrl = true,
            "shift" => c.shift = true,
            "alt" | "option" => c.alt = true,
            "meta" | "cmd" | "command" => c.meta = true,
            other => return Err(format!("unknown modifier {other:?} in {chord:?}")),
        }
    }
    Ok(c)
}

/// Key names as `KeyboardEvent.key` spells them.
fn canonical(key: &str) -> String {
    match key.to_ascii_lowercase().as_str() {
        "enter" | "return" => "Enter".into(),
        "tab" => "Tab".into(),
        "escape" | "esc" => "Escape".into(),
        "space" | " " => " ".into(),
        "backspace" => "Backspace".into(),
        "delete" | "del" => "Delete".into(),
        "up" | "arrowup" => "ArrowUp".into(),
        "down" | "arrowdown" => "ArrowDown".into(),
        "left" | "arrowleft" => "ArrowLeft".into(),
        "right" | "arrowright" => "ArrowRight".into(),
        "home" => "Home".into(),
        "end" => "End".into(),
        "pageup" => "PageUp".into(),
        "pagedown" => "PageDown".into(),
        _ => key.to_owned(),
    }
}

fn code_of(key: &str) -> String {
    match key {
        " " => "Space".into(),
        k if k.chars().count() == 1 => {
            let c = k.chars().next().expect("one char");
            if c.is_ascii_alphabetic() {
                format!("Key{}", c.to_ascii_uppercase())
            } else if c.is_ascii_digit() {
                format!("Digit{c}")
            } else {
                String::new()
            }
        }
        k => k.to_owned(),
    }
}

fn key_event(target: &Element, kind: &str, c: &Chord) -> bool {
    let init = KeyboardEventInit::new();
    init.set_bubbles(true);
    init.set_cancelable(true);
    init.set_composed(true);
    init.set_key(&c.key);
    init.set_code(&code_of(&c.key));
    init.set_ctrl_key(c.ctrl);
    init.set_shift_key(c.shift);
    init.set_alt_key(c.alt);
    init.set_meta_key(c.meta);
    match web_sys::KeyboardEvent::new_with_keyboard_event_init_dict(kind, &init) {
        Ok(ev) => target.dispatch_event(&ev).unwrap_or(true),
        Err(_) => true,
    }
}

/// Presses `chord` on `target` (focused first).
pub fn press(target: &Element, chord: &str) -> Result<(), ActError> {
    let c = parse(chord).map_err(|why| ActError::Unsupported { target: brief(target), action: "press a key", why })?;
    input::call(target, "focus", &[]);
    let proceed = key_event(target, "keydown", &c);
    let printable = c.key.chars().count() == 1 && !c.ctrl && !c.meta && !c.alt;
    if proceed && (printable || c.key == "Enter") {
        key_event(target, "keypress", &c);
    }
    if proceed {
        default_action(target, &c)?;
    }
    key_event(target, "keyup", &c);
    Ok(())
}

fn default_action(el: &Element, c: &Chord) -> Result<(), ActError> {
    let tag = crate::pcd::dom::tag(el);
    let role = crate::aria::computed_role(el);
    use crate::aria::Role;
    match c.key.as_str() {
        "Enter" if !c.ctrl && !c.meta => {
            if tag == "textarea" {
                insert(el, "\n");
            } else if tag == "input" && !crate::pcd::dom::matches(el, "[type=checkbox i], [type=radio i], [type=button i], [type=submit i], [type=reset i]") {
                // Implicit submission: only when the field is in a form.
                if crate::pcd::dom::owner_form(el).is_some() {
                    let _ = input::submit(el);
                }
            } else if matches!(role, Some(Role::Button | Role::Link | Role::MenuItem | Role::Tab | Role::Option)) || tag == "summary" {
                pointer::click(el, MouseButton::Left, 1)?;
            }
        }
        " " if !c.ctrl && !c.meta => {
            if matches!(role, Some(Role::Button | Role::Checkbox | Role::Switch | Role::Radio)) && !is_text_entry(el) {
                pointer::click(el, MouseButton::Left, 1)?;
            } else if is_text_entry(el) {
                insert(el, " ");
            }
        }
        "Tab" => move_focus(el, !c.shift),
        "ArrowDown" | "ArrowUp" if tag == "select" => {
            let idx = js_sys::Reflect::get(el, &"selectedIndex".into()).ok().and_then(|v| v.as_f64()).unwrap_or(0.0) as i32;
            let len = js_sys::Reflect::get(el, &"length".into()).ok().and_then(|v| v.as_f64()).unwrap_or(0.0) as i32;
            let next = if c.key == "ArrowDown" { (idx + 1).min(len - 1) } else { (idx - 1).max(0) };
            if next != idx {
                let _ = js_sys::Reflect::set(el, &"selectedIndex".into(), &next.into());
                for kind in ["input", "change"] {
                    let init = web_sys::EventInit::new();
                    init.set_bubbles(true);
                    if let Ok(ev) = web_sys::Event::new_with_event_init_dict(kind, &init) {
                        let _ = el.dispatch_event(&ev);
                    }
                }
            }
        }
        "a" if (c.ctrl || c.meta) && is_text_entry(el) => {
            input::call(el, "select", &[]);
        }
        "Backspace" | "Delete" if is_text_entry(el) => {
            if let Some(doc) = el.owner_document() {
                input::exec(&doc, if c.key == "Backspace" { "delete" } else { "forwardDelete" }, "");
            }
        }
        k if k.chars().count() == 1 && !c.ctrl && !c.meta && !c.alt && is_text_entry(el) => insert(el, k),
        _ => {}
    }
    Ok(())
}

fn is_text_entry(el: &Element) -> bool {
    crate::pcd::dom::matches(
        el,
        "textarea, input:not([type=checkbox i]):not([type=radio i]):not([type=button i]):not([type=submit i]):not([type=reset i]):not([type=range i]):not([type=file i]), [contenteditable]:not([contenteditable=false i])",
    )
}

fn insert(el: &Element, text: &str) {
    let _ = input::type_text(el, text, false, false);
}

/// Tab order, simplified: positive tabindex first (ascending), then
/// document order; only rendered, enabled, focusable elements.
fn move_focus(from: &Element, forward: bool) {
    let Some(doc) = from.owner_document() else { return };
    const TABBABLE: &str = "a[href], button:not(:disabled), input:not(:disabled):not([type=hidden i]), select:not(:disabled), \
textarea:not(:disabled), summary, [tabindex], [contenteditable]:not([contenteditable=false i])";
    let Ok(list) = doc.query_selector_all(TABBABLE) else { return };
    let mut all: Vec<(i32, usize, Element)> = crate::pcd::dom::elements(list)
        .enumerate()
        .filter_map(|(i, el)| {
            let ti = crate::pcd::dom::attr(&el, "tabindex").and_then(|v| v.trim().parse::<i32>().ok()).unwrap_or(0);
            (ti >= 0 && !crate::aria::is_hidden(&el)).then_some((ti, i, el))
        })
        .collect();
    all.sort_by_key(|(ti, i, _)| (if *ti > 0 { 0 } else { 1 }, if *ti > 0 { *ti } else { 0 }, *i));
    let pos = all.iter().position(|(_, _, e)| e == from);
    let next = match (pos, forward) {
        (Some(p), true) => all.get(p + 1).or(all.first()),
        (Some(p), false) => p.checked_sub(1).and_then(|q| all.get(q)).or(all.last()),
        (None, true) => all.first(),
        (None, false) => all.last(),
    };
    if let Some((_, _, el)) = next {
        input::call(el, "focus", &[]);
    }
}
