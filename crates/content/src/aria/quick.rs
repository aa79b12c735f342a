//! Shortcuts for the accessible name of the element being named (the root
//! of the computation) in the common cases where most of accname's steps
//! cannot apply: no `aria-labelledby`, no `<label>`, and either a name that
//! does not come from content or content that is only text nodes (`<button>
//! Save</button>`, `<a href>Pricing</a>`). Each shortcut gives exactly what
//! `name::steps` gives for that element — same order of steps, the same
//! helpers for pseudo-element text and `text-transform` — and answers
//! `None` whenever any other step could matter, so the full computation
//! runs. What it saves: the hidden check of the root (only hidden
//! descendants and labels depend on it), the `labels` lookup (a whole-tree
//! search in Chromium) and the recursion's per-node calls.
//! `tests/aria.rs` checks both against each other on every case.

use super::{content, dom::{self, Attrs}, generated, name, role::Role};
use wasm_bindgen::JsCast;
use web_sys::{Element, Node};

/// Elements whose host-language label (accname 2E) is something other than
/// `<label>`s: their names take the full computation.
const NATIVE_LABELLED: &[&str] = &["input", "img", "area", "fieldset", "table", "optgroup", "option", "textarea"];
/// Labelable elements (HTML): only these have `labels`.
const LABELABLE: &[&str] = &["button", "input", "meter", "output", "progress", "select", "textarea"];
/// Elements that cannot host a shadow root (`attachShadow` throws), so
/// their content is their DOM children.
const NO_SHADOW: &[&str] = &["a", "button", "summary", "li", "td", "th", "option"];

/// The accessible name of root `el` (lower-case `tag`, computed `role`,
/// attribute names `attrs`), normalised, when a shortcut applies; `None`
/// otherwise.
pub(crate) fn name(el: &Element, tag: &str, role: Option<Role>, attrs: &Attrs) -> Option<String> {
    // 2B: any aria-labelledby takes the full path (even one whose ids are
    // all missing, which falls through to the next steps there).
    if attrs.has("aria-labelledby") {
        return None;
    }
    // 2D.
    if let Some(label) = attrs.nonblank(el, "aria-label") {
        return Some(name::normalize(&label));
    }
    // 2E: SVG elements and elements with their own labelling markup go the
    // full way; `<label>`s exist only for labelable elements.
    if NATIVE_LABELLED.contains(&tag) || !dom::in_namespace(el, dom::XHTML_NS) {
        return None;
    }
    // `labels` needs an id (`for`) or an enclosing label (see `dom::labels`).
    if role != Some(Role::None)
        && LABELABLE.contains(&tag)
        && (attrs.has("id") || dom::closest_c(el, "label").is_some())
        && !dom::labels(el).is_empty()
    {
        return None;
    }
    // 2F, for roles named by their content and `<summary>`.
    let mut blank = String::new();
    let from_content = name::allows_name_from_content(role) || (tag == "summary" && !attrs.has("role"));
    if from_content {
        let c = text_only_content(el, tag, attrs)?;
        if !c.trim().is_empty() {
            return Some(name::normalize(&c));
        }
        blank = c;
    }
    if role == Some(Role::None) {
        return Some(String::new());
    }
    // 2I, then the host language's last resort (`native::fallback_name`
    // for elements other than inputs and textareas).
    let rest = attrs.nonblank(el, "title").or_else(|| attrs.nonblank(el, "aria-placeholder")).unwrap_or(blank);
    Some(name::normalize(&rest))
}

/// `content::from_content` of `el` when its content is text nodes only (no
/// element children, shadow root, slot or `aria-owns`): generated text,
/// then each text node (transformed unless blank), as that function
/// gathers it. `None` when there is more than text.
fn text_only_content(el: &Element, tag: &str, attrs: &Attrs) -> Option<String> {
    if tag == "slot" || attrs.has("aria-owns") {
        return None;
    }
    if !NO_SHADOW.contains(&tag) && el.shadow_root().is_some() {
        return None;
    }
    let mut texts: Vec<String> = Vec::new();
    let mut child = el.first_child();
    while let Some(c) = child {
        match c.node_type() {
            Node::TEXT_NODE => texts.push(c.unchecked_ref::<web_sys::CharacterData>().data()),
            Node::ELEMENT_NODE => return None,
            // Comments and the like are not text.
            _ => {}
        }
        child = c.next_sibling();
    }
    let generated = generated::may_generate_text(el);
    let mut out = if generated { content::pseudo_text(el, "::before") } else { String::new() };
    let mut transform: Option<String> = None;
    for data in texts {
        if data.trim().is_empty() {
            out.push_str(&data);
        } else {
            let t = transform.get_or_insert_with(|| dom::style_prop(el, None, "text-transform"));
            out.push_str(&content::apply_transform(&data, t));
        }
    }
    if generated {
        out.push_str(&content::pseudo_text(el, "::after"));
    }
    Some(out)
}
