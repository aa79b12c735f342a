//! Host-language (HTML-AAM) text alternatives: `<label>`s of labelable
//! controls, input button values and defaults, `alt`, `<legend>`,
//! `<caption>`, `<figcaption>`, SVG `<title>`, plus the value an embedded
//! control contributes to the label it sits in.

use super::{dom, hidden, name::{self, Ctx, Mode}, role::Role};
use web_sys::Element;

/// The host language's own label for `el`, if any (accname step 2E).
pub(crate) fn native_name(el: &Element, cx: &mut Ctx, mode: Mode) -> Option<String> {
    if dom::in_namespace(el, dom::SVG_NS) {
        return svg_title(el);
    }
    let tag = dom::tag(el);
    // Labels name the control they label, not controls met inside them.
    if *el == cx.root {
        if let Some(l) = from_labels(el, cx, mode) {
            return Some(l);
        }
    }
    match tag.as_str() {
        "input" => input_name(el),
        // No <figcaption> rule: Chromium's tree leaves <figure> unnamed.
        "img" | "area" => dom::attr_c(el, "alt").filter(|a| !a.trim().is_empty()),
        "fieldset" => first_child(el, "legend").map(|l| content_of(&l, cx, mode)),
        "table" => first_child(el, "caption")
            .map(|c| content_of(&c, cx, mode))
            .filter(|c| !c.trim().is_empty())
            .or_else(|| dom::attr_nonblank_c(el, "summary")),
        "optgroup" => dom::attr_nonblank_c(el, "label"),
        "option" => dom::attr_nonblank_c(el, "label"),
        _ => None,
    }
}

/// Last resorts after `title`: `placeholder` of text fields and the
/// default label of an image button.
pub(crate) fn fallback_name(el: &Element) -> Option<String> {
    match dom::tag(el).as_str() {
        "input" | "textarea" => {
            if input_type(el) == "image" {
                return Some("Submit".into());
            }
            dom::attr_nonblank_c(el, "placeholder").or_else(|| dom::attr_nonblank_c(el, "aria-placeholder"))
        }
        _ => dom::attr_nonblank_c(el, "aria-placeholder"),
    }
}

fn input_type(el: &Element) -> String {
    dom::attr_c(el, "type").map(|t| t.trim().to_ascii_lowercase()).unwrap_or_default()
}

fn input_name(el: &Element) -> Option<String> {
    match input_type(el).as_str() {
        "button" => dom::attr_c(el, "value").filter(|v| !v.trim().is_empty()),
        "submit" => Some(dom::attr_c(el, "value").filter(|v| !v.trim().is_empty()).unwrap_or_else(|| "Submit".into())),
        "reset" => Some(dom::attr_c(el, "value").filter(|v| !v.trim().is_empty()).unwrap_or_else(|| "Reset".into())),
        "image" => dom::attr_nonblank_c(el, "alt").or_else(|| dom::attr_nonblank_c(el, "value")),
        _ => None,
    }
}

/// The associated `<label>`s' text, joined with spaces.
fn from_labels(el: &Element, cx: &mut Ctx, mode: Mode) -> Option<String> {
    let labels = dom::labels(el);
    if labels.is_empty() {
        return None;
    }
    let parts: Vec<String> = labels
        .iter()
        .map(|l| {
            // A hidden label still names its control, hidden text included.
            let m = Mode { include_hidden: mode.include_hidden || hidden::is_hidden(l), ..mode };
            name::normalize(&content_of(l, cx, m))
        })
        .filter(|p| !p.is_empty())
        .collect();
    Some(parts.join(" "))
}

/// A text-alternative element's own text alternative, reached by
/// recursion (so hidden parts drop and controls give values).
fn content_of(el: &Element, cx: &mut Ctx, mode: Mode) -> String {
    name::text_alternative(el, cx, Mode { in_content: true, ..mode })
}

fn first_child(el: &Element, tag: &str) -> Option<Element> {
    el.query_selector(&format!(":scope > {tag}")).ok().flatten()
}

fn svg_title(el: &Element) -> Option<String> {
    let t = dom::query_c(el, ":scope > title")?;
    t.text_content().map(|s| name::normalize(&s)).filter(|s| !s.is_empty())
}

/// What an embedded control contributes to a label around it (accname
/// 2C): a text field's value, a select's chosen option, a range's value.
pub(crate) fn embedded_value(el: &Element, role: Option<Role>) -> Option<String> {
    match role? {
        Role::TextBox | Role::SearchBox => Some(match dom::tag(el).as_str() {
            "input" | "textarea" => dom::value(el),
            _ => el.text_content().unwrap_or_default(),
        }),
        Role::Combobox | Role::ListBox => Some(selected_text(el)),
        Role::Slider | Role::SpinButton | Role::ProgressBar | Role::ScrollBar | Role::Meter => {
            if let Some(t) = dom::attr_nonblank_c(el, "aria-valuetext") {
                return Some(t);
            }
            if let Some(n) = dom::attr_nonblank_c(el, "aria-valuenow") {
                return Some(n);
            }
            Some(dom::value(el))
        }
        _ => None,
    }
}

fn selected_text(el: &Element) -> String {
    match dom::tag(el).as_str() {
        "select" => {
            let Ok(opts) = el.query_selector_all("option:checked") else { return String::new() };
            (0..opts.length())
                .filter_map(|i| opts.item(i))
                .filter_map(|n| n.text_content())
                .map(|t| name::normalize(&t))
                .collect::<Vec<_>>()
                .join(" ")
        }
        "input" | "textarea" => dom::value(el),
        _ => {
            // The options may sit in a listbox the element owns.
            let mut scopes = vec![el.clone()];
            scopes.extend(dom::id_refs(el, "aria-owns"));
            let mut texts = Vec::new();
            for scope in &scopes {
                let Ok(opts) = scope.query_selector_all("[aria-selected='true' i]") else { continue };
                texts.extend((0..opts.length()).filter_map(|i| opts.item(i)).filter_map(|n| n.text_content()).map(|t| name::normalize(&t)));
            }
            if texts.is_empty() && dom::matches_c(el, "[role~=combobox i]") {
                // A combobox div shows its current value as text.
                return el.text_content().unwrap_or_default();
            }
            texts.join(" ")
        }
    }
}
