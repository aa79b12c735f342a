//! One [`ControlFact`] from a discovered element: role, name, link target,
//! states and context. Never reads a control's value (only `checked`, a
//! state the contract asks for).

use super::{context, dom, frames::Scope, landmark};
use crate::aria::{
    self,
    dom::{self as adom, Attrs},
};
use bc_core::pcd::{ControlFact, Rect};
use bc_core::types::Landmark;
use web_sys::Element;

pub const MAX_NAME: usize = 300;

/// The facts of `el`; `form`/`group`/`key`/`rect` are filled in by the caller.
/// `host_landmark` is the landmark of the scope's host, for shadow content
/// (landmark lookups do not cross shadow boundaries). `shown`: discovery
/// found `el` rendered and outside `aria-hidden`/inert subtrees in this
/// DOM (its name then skips the hidden check of the root).
pub fn fact(
    el: &Element,
    clickable: bool,
    scope: &Scope,
    host_landmark: Option<Landmark>,
    page_origin: &str,
    shown: bool,
) -> ControlFact {
    let tag = dom::tag(el);
    // Most attributes asked about below are absent: one read of the names
    // spares those reads.
    let attrs = Attrs::of(el);
    let computed = context::role_of(el);
    let role = computed.map(|r| r.as_str().to_owned()).unwrap_or_default();
    // A nameless link still shows something to follow: a card link around
    // an `<article>` or `<figure>` has no name in Chromium's tree (those
    // keep their content out of it), but its text tells the cards apart.
    let name = name(
        el,
        &tag,
        computed,
        &attrs,
        clickable || !scope.frame_path.is_empty() || computed == Some(aria::Role::Link),
        shown,
    );
    let (href_path, href_origin) = link(el, &tag, &attrs, page_origin);
    let lm = landmark::of(el).or(host_landmark);
    let input_type = matches!(tag.as_str(), "input" | "button")
        .then(|| attrs.nonblank(el, "type"))
        .flatten()
        .map(|t| t.to_ascii_lowercase());
    // A field of a `<form>` is no action (its form lists it): the context
    // only actions use is not read (on the 10k-element store page, a
    // quarter of the controls are such fields).
    let field = is_form_field(el, &role, &tag, input_type.as_deref());
    let heading = if field { None } else { context::heading(el) };
    let pag = !field && context::in_pagination(el, &name);
    let icon = if field { None } else { context::icon_hint(el, &tag, &attrs) };
    ControlFact {
        key: 0,
        input_type,
        href_path,
        href_origin,
        landmark: lm,
        // Read by the collection, for cached facts too (`collect_with`).
        rect: Rect::default(),
        heading,
        form: None,
        group: None,
        in_pagination: pag,
        clickable,
        disabled: adom::matches_c(
            el,
            ":disabled, [aria-disabled=true i], [aria-disabled=true i] *",
        ),
        tab_skipped: tab_skipped(el, &attrs),
        pressed: tri_state(el, &attrs, "aria-pressed"),
        checked: if tag == "input" {
            dom::checked(el).filter(|_| is_checkable(el))
        } else {
            None
        }
        .or_else(|| tri_state(el, &attrs, "aria-checked")),
        expanded: tri_state(el, &attrs, "aria-expanded").or_else(|| {
            (tag == "summary").then(|| {
                el.parent_element()
                    .is_some_and(|d| adom::matches_c(&d, "details[open]"))
            })
        }),
        has_popup: attrs.nonblank(el, "aria-haspopup").filter(|v| v != "false"),
        aria: ["role", "aria-label", "aria-labelledby"]
            .iter()
            .any(|a| attrs.has(a)),
        icon_hint: icon,
        frame_path: scope.frame_path.clone(),
        in_shadow: scope.in_shadow,
        in_modal: context::in_modal(el, scope),
        role,
        name,
        tag,
    }
}

/// Whether `el` is a form field (`bc_core::pcd::roles::classify`) that a
/// `<form>` owns: never an action, so no `heading`, pagination or icon
/// hint is read for it.
fn is_form_field(el: &Element, role: &str, tag: &str, input_type: Option<&str>) -> bool {
    matches!(tag, "input" | "select" | "textarea")
        && bc_core::pcd::roles::classify(role, tag, input_type).field
        && dom::owner_form(el).is_some()
}

/// The `heading` context of a control whose facts are `fact`: none for a
/// field of a `<form>` (see [`fact`]).
pub fn heading(el: &Element, fact: &ControlFact) -> Option<String> {
    if is_form_field(el, &fact.role, &fact.tag, fact.input_type.as_deref()) {
        return None;
    }
    context::heading(el)
}

/// The accessible name; for clickables (generic elements get no name from
/// content) and frame content (the name code's `instanceof` checks fail on
/// another realm's nodes) the rendered text or a labelling attribute.
fn name(
    el: &Element,
    tag: &str,
    role: Option<aria::Role>,
    attrs: &Attrs,
    fallback: bool,
    shown: bool,
) -> String {
    let n = aria::accessible_name_with(el, tag, role, attrs, shown);
    if !n.is_empty() || !fallback {
        return dom::clip(&n, MAX_NAME);
    }
    let text = if matches!(tag, "input" | "select" | "textarea") {
        String::new()
    } else {
        dom::short_text(el, MAX_NAME)
    };
    Some(text)
        .filter(|t| !t.is_empty())
        .or_else(|| attrs.nonblank(el, "aria-label"))
        .or_else(|| attrs.nonblank(el, "title"))
        .or_else(|| attrs.nonblank(el, "alt"))
        .or_else(|| attrs.nonblank(el, "placeholder"))
        .unwrap_or_default()
}

/// A link's path, and its origin when that is another site's.
fn link(el: &Element, tag: &str, attrs: &Attrs, page_origin: &str) -> (Option<String>, Option<String>) {
    if !matches!(tag, "a" | "area") || !attrs.has("href") {
        return (None, None);
    }
    match dom::link_parts(el) {
        // `javascript:`/`mailto:` have the opaque origin "null": not another site.
        Some((origin, path)) => {
            let other = origin != "null" && origin != page_origin;
            (Some(path), other.then_some(origin))
        }
        None => (None, None),
    }
}

fn is_checkable(el: &Element) -> bool {
    adom::matches_c(el, "[type=checkbox i], [type=radio i]")
}

/// A negative `tabindex` (an integer, as HTML parses it: "-1", " -2x";
/// not "-0").
pub(super) fn tab_skipped(el: &Element, attrs: &Attrs) -> bool {
    attrs.nonblank(el, "tabindex").is_some_and(|t| {
        let digits = t.trim_start().strip_prefix('-').map(|r| r.chars().take_while(char::is_ascii_digit));
        digits.is_some_and(|mut d| d.any(|c| c != '0'))
    })
}

/// `true`/`mixed` → true, `false` → false, absent or other → none.
pub(super) fn tri_state(el: &Element, attrs: &Attrs, name: &'static str) -> Option<bool> {
    match attrs.nonblank(el, name)?.to_ascii_lowercase().as_str() {
        "true" | "mixed" => Some(true),
        "false" => Some(false),
        _ => None,
    }
}
