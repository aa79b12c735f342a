//! Input actions: type (replace/append, optional submit), select, check,
//! submit — done so framework-controlled inputs (React, Preact, Vue) see
//! them: text goes in through `execCommand('insertText')`, which fires the
//! same beforeinput/input events as typing; where that is refused, the
//! native value setter plus an `input` event. (From the content script's
//! isolated world the page's own value-tracking wrappers are invisible, so
//! the native setter is the one that runs, and React notices the change.)
//! Values are written, and read back only to verify, never reported.

use super::{brief, keys, pointer};
use bc_core::act::{ActError, MouseButton, SelectBy};
use bc_core::selector::normalize_ws;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(extends = Element)]
    type Field;
    #[wasm_bindgen(method, getter)]
    fn value(this: &Field) -> JsValue;
    #[wasm_bindgen(method, setter)]
    fn set_value(this: &Field, v: &str);
    #[wasm_bindgen(method, getter)]
    fn checked(this: &Field) -> JsValue;
    #[wasm_bindgen(method, getter, js_name = selectedIndex)]
    fn selected_index(this: &Field) -> i32;
    #[wasm_bindgen(method, setter, js_name = selectedIndex)]
    fn set_selected_index(this: &Field, i: i32);
    #[wasm_bindgen(method, getter)]
    fn options(this: &Field) -> JsValue;
    #[wasm_bindgen(method, getter)]
    fn form(this: &Field) -> Option<Element>;
    #[wasm_bindgen(method, js_name = requestSubmit, catch)]
    fn request_submit(this: &Field, submitter: Option<&Element>) -> Result<(), JsValue>;
    #[wasm_bindgen(method, js_name = select)]
    fn select_all(this: &Field);
    #[wasm_bindgen(method)]
    fn focus(this: &Field);
    /// `document.execCommand`, only on `Document` at runtime.
    #[wasm_bindgen(extends = web_sys::Document)]
    type EditDoc;
    #[wasm_bindgen(method, js_name = execCommand)]
    fn exec_command(this: &EditDoc, cmd: &str, ui: bool, value: &str) -> bool;
}

/// `document.execCommand(cmd, false, value)`.
pub fn exec(doc: &web_sys::Document, cmd: &str, value: &str) -> bool {
    doc.unchecked_ref::<EditDoc>().exec_command(cmd, false, value)
}

/// Calls `obj[name](...args)`, ignoring a missing method (elements of other
/// frames are other realms: no typed casts there).
pub fn call(obj: &JsValue, name: &str, args: &[JsValue]) -> JsValue {
    let Ok(f) = js_sys::Reflect::get(obj, &JsValue::from_str(name)) else { return JsValue::UNDEFINED };
    let Some(f) = f.dyn_ref::<js_sys::Function>() else { return JsValue::UNDEFINED };
    let arr: js_sys::Array = args.iter().collect();
    f.apply(obj, &arr).unwrap_or(JsValue::UNDEFINED)
}

fn field(el: &Element) -> &Field {
    el.unchecked_ref()
}

fn fire(el: &Element, kind: &str) {
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    init.set_composed(kind == "input");
    if let Ok(ev) = web_sys::Event::new_with_event_init_dict(kind, &init) {
        let _ = el.dispatch_event(&ev);
    }
}

pub(super) fn is_text_field(el: &Element) -> bool {
    let tag = crate::pcd::dom::tag(el);
    tag == "textarea"
        || (tag == "input"
            && !crate::pcd::dom::matches(
                el,
                "[type=checkbox i], [type=radio i], [type=button i], [type=submit i], [type=reset i], [type=file i], [type=image i], [type=hidden i], [type=range i], [type=color i]",
            ))
}

fn is_editable(el: &Element) -> bool {
    crate::pcd::dom::matches(el, "[contenteditable]:not([contenteditable=false i])")
        || el.unchecked_ref::<web_sys::HtmlElement>().is_content_editable()
}

/// Types `text` into a text field or contenteditable. Returns whether a
/// change was expected (false: it already held exactly that).
pub fn type_text(el: &Element, text: &str, replace: bool, submit: bool) -> Result<bool, ActError> {
    let text_field = is_text_field(el);
    if !text_field && !is_editable(el) {
        return Err(ActError::Unsupported { target: brief(el), action: "type", why: "it is not a text field or editable region".into() });
    }
    if crate::pcd::dom::matches(el, "[readonly]") {
        return Err(ActError::Unsupported { target: brief(el), action: "type", why: "it is read-only".into() });
    }
    let f = field(el);
    let current = |el: &Element| -> String {
        if text_field { field(el).value().as_string().unwrap_or_default() } else { el.text_content().unwrap_or_default() }
    };
    let before = current(el);
    let want = if replace { text.to_owned() } else { format!("{before}{text}") };
    let expected = before != want;
    pointer::aim(el)?;
    f.focus();
    let doc = el.owner_document().ok_or_else(|| ActError::Detached { target: brief(el) })?;
    if replace {
        if text_field {
            f.select_all();
        } else if let (Some(sel), Ok(range)) = (doc.get_selection().ok().flatten(), doc.create_range()) {
            let _ = range.select_node_contents(el);
            let _ = sel.remove_all_ranges();
            let _ = sel.add_range(&range);
        }
    } else if text_field {
        // Caret at the end.
        let len = before.encode_utf16().count() as u32;
        call(el, "setSelectionRange", &[len.into(), len.into()]);
    }
    let inserted = if text.is_empty() {
        exec(&doc, "delete", "")
    } else {
        exec(&doc, "insertText", text)
    };
    if !inserted || normalize_ws(&current(el)) != normalize_ws(&want) {
        // The page refused the editing command (or filtered it): write the
        // value natively and say so with an input event.
        if text_field {
            f.set_value(&want);
        } else {
            el.set_text_content(Some(&want));
        }
        fire(el, "input");
    }
    fire(el, "change");
    if submit {
        keys::press(el, "Enter")?;
    }
    Ok(expected || submit)
}

/// Chooses an option of a `<select>` (by value, text or index); ARIA
/// listboxes and comboboxes are `listbox.rs`'s.
/// Returns the chosen option's text and whether the selection changed.
pub fn select(el: &Element, value: &str, by: SelectBy) -> Result<(String, bool), ActError> {
    if crate::pcd::dom::tag(el) != "select" {
        return Err(ActError::Unsupported {
            target: brief(el),
            action: "select",
            why: "it is not a <select>, listbox or combobox".into(),
        });
    }
    let f = field(el);
    let options: Vec<Element> = {
        let opts = f.options();
        let len = js_sys::Reflect::get(&opts, &"length".into()).ok().and_then(|v| v.as_f64()).unwrap_or(0.0) as u32;
        (0..len)
            .filter_map(|i| js_sys::Reflect::get_u32(&opts, i).ok())
            .map(|o| o.unchecked_into::<Element>())
            .collect()
    };
    let text_of = |o: &Element| normalize_ws(&o.text_content().unwrap_or_default());
    let value_of = |o: &Element| field(o).value().as_string().unwrap_or_default();
    let want = normalize_ws(value);
    let find = |by: SelectBy| -> Option<usize> {
        match by {
            SelectBy::Value => options.iter().position(|o| value_of(o) == value),
            SelectBy::Text => options
                .iter()
                .position(|o| text_of(o) == want)
                .or_else(|| options.iter().position(|o| text_of(o).eq_ignore_ascii_case(&want))),
            SelectBy::Index => value.trim().parse::<usize>().ok().filter(|i| *i < options.len()),
            SelectBy::Auto => None,
        }
    };
    let index = match by {
        SelectBy::Auto => find(SelectBy::Value).or_else(|| find(SelectBy::Text)),
        other => find(other),
    };
    let Some(index) = index else {
        let have: Vec<String> = options.iter().take(12).map(text_of).collect();
        return Err(ActError::Unsupported { target: brief(el), action: "select", why: format!("no option {value:?}; options: {}", have.join(", ")) });
    };
    if options[index].matches(":disabled").unwrap_or(false) {
        return Err(ActError::Disabled { target: brief(&options[index]) });
    }
    let changed = f.selected_index() != index as i32;
    pointer::aim(el)?;
    f.focus();
    f.set_selected_index(index as i32);
    fire(el, "input");
    fire(el, "change");
    Ok((text_of(&options[index]), changed))
}

/// The checked state of a checkbox, radio or switch (native or ARIA).
pub fn is_checked(el: &Element) -> Option<bool> {
    if crate::pcd::dom::tag(el) == "input" {
        return field(el).checked().as_bool();
    }
    crate::pcd::dom::attr(el, "aria-checked").map(|v| v.trim().eq_ignore_ascii_case("true"))
}

/// Sets a checkbox/radio/switch to `want` by clicking it (or its label,
/// when the input itself is visually replaced). Returns whether it had to.
pub fn check(el: &Element, want: bool) -> Result<bool, ActError> {
    let Some(now) = is_checked(el) else {
        return Err(ActError::Unsupported { target: brief(el), action: "check", why: "it is not a checkbox, radio or switch".into() });
    };
    if now == want {
        return Ok(false);
    }
    if !want && crate::pcd::dom::matches(el, "input[type=radio i]") {
        return Err(ActError::Unsupported { target: brief(el), action: "uncheck", why: "a radio button is unchecked by choosing another one".into() });
    }
    match pointer::click(el, MouseButton::Left, 1) {
        Ok(()) => Ok(true),
        // Styled inputs are often hidden behind (or replaced by) their label.
        Err(ActError::NotVisible { .. } | ActError::Covered { .. }) if !crate::aria::dom::labels(el).is_empty() => {
            let label = crate::aria::dom::labels(el).into_iter().next().expect("checked non-empty");
            pointer::click(&label, MouseButton::Left, 1)?;
            Ok(true)
        }
        Err(e) => Err(e),
    }
}

/// Submits the form of `el` (a form, a field in one, or a submit button)
/// with `requestSubmit`, so validation and submit handlers run.
pub fn submit(el: &Element) -> Result<(), ActError> {
    let is_form = crate::pcd::dom::tag(el) == "form";
    let form = if is_form { Some(el.clone()) } else { field(el).form().or_else(|| crate::pcd::dom::closest(el, "form")) };
    let Some(form) = form else {
        return Err(ActError::Unsupported { target: brief(el), action: "submit", why: "it is not in a form; click its button instead".into() });
    };
    let submitter = (!is_form && crate::pcd::dom::matches(el, "button:not([type=button i]):not([type=reset i]), input[type=submit i], input[type=image i]"))
        .then_some(el);
    field(&form)
        .request_submit(submitter)
        .map_err(|e| ActError::Unsupported { target: brief(el), action: "submit", why: js_sys::Error::from(e).message().into() })
}
