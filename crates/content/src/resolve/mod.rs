//! RoleSelector resolution (seed 000 §6) with the semantics of Playwright's
//! `getByRole` / `getByText` / CSS engines, so Playwright can referee it:
//! frame (`framePath`) → trees (document and open shadow roots) → role (or
//! text, or css) → states → name → `withinLandmark` → `nth`.
//!
//! - [`resolve`]: the live elements a selector matches, in order.
//! - [`describe`]: the same as `dom.resolve` reports it (count, and role,
//!   name, tag, box of the first matches) — nothing is acted on.
//! - [`details`]: `getDetails` — a primary selector that resolves back to
//!   exactly the element, and alternatives.

pub mod details;
pub mod near;
pub(crate) mod role;
pub mod scope;
mod text;

use crate::aria::{self, Role};
use crate::pcd::{dom, frames::{self, Root}, landmark};
use bc_core::selector::{validate, NamePattern, SelectorError};
use bc_core::types::{Landmark, Rect, ResolvedMatch, Resolution, RoleSelector};
use scope::Tree;
use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

/// `dom.resolve` reports at most this many matches (the count is exact).
pub const MAX_REPORTED: usize = 20;

/// The elements `sel` matches in `top` (following its frame path).
pub fn resolve(top: &Document, sel: &RoleSelector) -> Result<Vec<Element>, SelectorError> {
    resolve_up_to(top, sel, usize::MAX)
}

/// [`resolve`]'s first `limit` matches: the search stops there (`getDetails`
/// only needs to know whether a selector finds one element or more).
pub fn resolve_up_to(top: &Document, sel: &RoleSelector, limit: usize) -> Result<Vec<Element>, SelectorError> {
    validate(sel)?;
    let frame_path = match sel {
        RoleSelector::Role { frame_path, .. }
        | RoleSelector::Text { frame_path, .. }
        | RoleSelector::Css { frame_path, .. }
        | RoleSelector::Near { frame_path, .. } => {
            frame_path.as_deref().unwrap_or_default()
        }
    };
    let doc = scope::frame_document(top, frame_path)?;
    let mut text_budget: Option<std::rc::Rc<text::Budget>> = None;
    // Names of many candidates, and no page code runs in between.
    let _reads = aria::batch();
    // Matches come lazily, so that `nth` stops at the match it names: on a
    // 50k-element store, the 4th "Add to cart" costs four names, not 1800
    // (and no shadow-host scan when it is in the document's own tree).
    let (found, landmark_filter, nth): (Box<dyn Iterator<Item = Element>>, _, _) = match sel {
        RoleSelector::Role { role, name, name_mode, pressed, disabled, checked, expanded, selected, level, within_landmark, nth, .. } => {
            let states = role::States {
                pressed: *pressed,
                disabled: *disabled,
                checked: *checked,
                expanded: *expanded,
                selected: *selected,
                level: *level,
            };
            let name = name.as_ref().map(|n| Matcher::new(n, *name_mode)).transpose()?;
            (by_role(scope::tree_iter(&doc), role, states, name), *within_landmark, *nth)
        }
        RoleSelector::Text { text, within_landmark, nth, .. } => {
            // `"…"` (quoted, as Playwright's text engine reads it): the
            // whole text, case and spaces normalised; else a substring.
            // Subtrees are pruned by the substring either way.
            let exact = text.len() >= 2 && text.starts_with('"') && text.ends_with('"');
            let needle = if exact { &text[1..text.len() - 1] } else { text.as_str() };
            let m = Matcher::new(needle, None)?;
            let whole = bc_core::selector::normalize_ws(needle).to_lowercase();
            // Matches past `nth` or the limit are not looked for (a
            // landmark filter needs them all: it drops some).
            let wanted = match (within_landmark, nth) {
                (Some(_), _) => usize::MAX,
                (None, Some(n)) => (*n as usize).saturating_add(1).min(limit),
                (None, None) => limit,
            };
            let budget = std::rc::Rc::new(text::Budget::new(text::MAX_TEXT_CHARS, wanted));
            let spent = budget.clone();
            let found = scope::tree_iter(&doc).flat_map(move |t| {
                let accept = |s: &str| !exact || bc_core::selector::normalize_ws(s).to_lowercase() == whole;
                text::matches(top_elements(&t.root), &|s| m.test(s), &accept, &budget)
            });
            text_budget = Some(spent);
            (Box::new(found), *within_landmark, *nth)
        }
        RoleSelector::Near { role, label, nth, .. } => {
            let all: Vec<Element> = by_role(scope::tree_iter(&doc), role, role::States::default(), None).collect();
            (Box::new(near::matching(all, label).into_iter()), None, *nth)
        }
        RoleSelector::Css { css, .. } => (Box::new(by_css(&scope::trees(&doc), css)?.into_iter()), None, None),
    };
    let found: Box<dyn Iterator<Item = Element>> = match landmark_filter {
        Some(l) => Box::new(found.filter(move |el| within_landmark(el, l))),
        None => found,
    };
    let mut found = usable_first(&doc, found);
    let found: Vec<Element> = match nth {
        Some(n) => found.nth(n as usize).into_iter().collect(),
        None => found.take(limit).collect(),
    };
    if let (Some(budget), RoleSelector::Text { text, .. }) = (&text_budget, sel) {
        if budget.exhausted() {
            return Err(SelectorError::TooCostly { text: text.clone(), chars: text::MAX_TEXT_CHARS });
        }
    }
    Ok(found)
}

/// While a modal dialog is open, what is behind it is inert: matches in
/// the dialog are the selector's only ones (a summary's `text=Cookie
/// policy` is the dialog's link, not the footer's behind it). Only when
/// every match is behind it are they kept, for the action to say which
/// dialog covers them (`act::check_enabled`).
/// A single match needs no choice (and its action still says what covers
/// it), so the dialog is looked for — in shadow roots too, a walk of the
/// page's trees — only when there are two; matches stay lazy otherwise.
fn usable_first<'a>(doc: &Document, mut found: Box<dyn Iterator<Item = Element> + 'a>) -> Box<dyn Iterator<Item = Element> + 'a> {
    let first: Vec<Element> = found.by_ref().take(2).collect();
    if first.len() < 2 {
        return Box::new(first.into_iter());
    }
    let all = first.into_iter().chain(found);
    let Some(dialog) = frames::open_modal(doc) else {
        return Box::new(all);
    };
    let (usable, blocked): (Vec<Element>, Vec<Element>) = all.partition(|el| aria::flat_contains(&dialog, el));
    Box::new(if usable.is_empty() { blocked } else { usable }.into_iter())
}

/// `dom.resolve`: what `sel` matches, described.
pub fn describe(top: &Document, sel: &RoleSelector) -> Result<Resolution, SelectorError> {
    let found = resolve(top, sel)?;
    let offset = frame_offset(top, sel);
    let matches = found
        .iter()
        .take(MAX_REPORTED)
        .map(|el| {
            let r = el.get_bounding_client_rect();
            // As a MiniPCD label: a page's megabyte name stays out.
            let name = bc_core::pcd::labels::display_label(&aria::accessible_name(el));
            // Without a name, what a person sees of it and beside it (never
            // a field's value: `innerText` has none, secrets are not read).
            let unnamed = name.trim().is_empty() && !aria::dom::is_sensitive(el);
            ResolvedMatch {
                role: aria::computed_role(el).map(|r| r.as_str().to_owned()),
                name,
                tag: dom::tag(el),
                rect: Rect { x: r.x() + offset.0, y: r.y() + offset.1, width: r.width(), height: r.height() },
                goes_to: dom::leads_to(el),
                text: unnamed.then(|| dom::short_text(el, near::MAX_LABEL)).filter(|t| !t.is_empty()),
                near: unnamed.then(|| near::label(el)).flatten(),
            }
        })
        .collect();
    Ok(Resolution { count: found.len() as u32, matches })
}

/// Where the selector's frame's viewport sits in the top viewport.
fn frame_offset(top: &Document, sel: &RoleSelector) -> (f64, f64) {
    let path = match sel {
        RoleSelector::Role { frame_path, .. }
        | RoleSelector::Text { frame_path, .. }
        | RoleSelector::Css { frame_path, .. }
        | RoleSelector::Near { frame_path, .. } => {
            frame_path.clone().unwrap_or_default()
        }
    };
    let (mut dx, mut dy) = (0.0, 0.0);
    let mut doc = top.clone();
    for step in &path {
        let Some(frame) = scope::trees(&doc).iter().find_map(|t| t.root.select(step).into_iter().next()) else { break };
        let (x, y) = frames::content_origin(&frame);
        dx += x;
        dy += y;
        match dom::frame_document(&frame) {
            Some(d) => doc = d,
            None => break,
        }
    }
    (dx, dy)
}

/// A name or text pattern; regexes run in the browser's own engine.
pub struct Matcher {
    pattern: NamePattern,
    regex: Option<js_sys::RegExp>,
}

impl Matcher {
    pub fn new(name: &str, mode: Option<bc_core::types::NameMode>) -> Result<Matcher, SelectorError> {
        let pattern = NamePattern::new(name, mode);
        let regex = match &pattern {
            NamePattern::Regex { source, flags } => Some(new_regexp(source, flags)?),
            _ => None,
        };
        Ok(Matcher { pattern, regex })
    }

    pub fn test(&self, candidate: &str) -> bool {
        match &self.regex {
            // A stateful (`g`/`y`) regex would remember its last index.
            Some(re) => {
                re.set_last_index(0);
                re.test(candidate)
            }
            None => self.pattern.matches_plain(candidate).unwrap_or(false),
        }
    }
}

/// `new RegExp(source, flags)`, with the engine's own error on bad input.
fn new_regexp(source: &str, flags: &str) -> Result<js_sys::RegExp, SelectorError> {
    let ctor = js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("RegExp"))
        .ok()
        .and_then(|c| wasm_bindgen::JsCast::dyn_into::<js_sys::Function>(c).ok());
    let bad = |reason: String| SelectorError::BadRegex { pattern: source.to_owned(), reason };
    let ctor = ctor.ok_or_else(|| bad("RegExp is unavailable".into()))?;
    let args = js_sys::Array::of2(&JsValue::from_str(source), &JsValue::from_str(flags));
    js_sys::Reflect::construct(&ctor, &args)
        .map(wasm_bindgen::JsCast::unchecked_into)
        .map_err(|e| bad(js_sys::Error::from(e).message().into()))
}

/// The elements of `trees` with `role`, `states` and a name `name` takes,
/// in order, as they are asked for (the caller holds a read batch).
fn by_role(trees: scope::TreeIter, role: &str, states: role::States, name: Option<Matcher>) -> Box<dyn Iterator<Item = Element>> {
    // An unknown role matches nothing, as in Playwright.
    let Some(role) = Role::parse(role.trim()) else { return Box::new(std::iter::empty()) };
    let css = role::candidates_css(role);
    Box::new(
        trees
            .flat_map(move |t| t.root.select_list(&css).into_iter().flat_map(dom::elements))
            .filter(move |el| role::has_role(el, role) && states.hold(el, role))
            .filter(move |el| name.as_ref().is_none_or(|m| m.test(&aria::accessible_name(el)))),
    )
}

fn by_css(trees: &[Tree], css: &str) -> Result<Vec<Element>, SelectorError> {
    let mut out = Vec::new();
    for t in trees {
        let list = t.root.select_list(css).ok_or_else(|| SelectorError::BadCss { css: css.to_owned() })?;
        out.extend(dom::elements(list));
    }
    Ok(out)
}

/// The top-level elements of a tree (`<html>`, or a shadow root's children).
fn top_elements(root: &Root) -> Vec<Element> {
    match root {
        Root::Doc(d) => d.body().map(Element::from).or_else(|| d.document_element()).into_iter().collect(),
        Root::Modal(_, dialog) => vec![dialog.clone()],
        Root::Shadow(s) => {
            let kids = s.children();
            (0..kids.length()).filter_map(|i| kids.item(i)).collect()
        }
    }
}

/// Whether `el` is inside a landmark of kind `l` ([`landmark::within`]),
/// looking through the shadow roots it is in to their hosts' landmarks.
fn within_landmark(el: &Element, l: Landmark) -> bool {
    landmark::within(el, l) || shadow_host(el).is_some_and(|host| within_landmark(&host, l))
}

/// The landmark around `el`, through the shadow hosts above it.
pub fn landmark_of(el: &Element) -> Option<Landmark> {
    landmark::of(el).or_else(|| landmark_of(&shadow_host(el)?))
}

/// The host of the shadow root `el` is in (none in a document).
fn shadow_host(el: &Element) -> Option<Element> {
    const DOCUMENT_FRAGMENT: u16 = 11;
    let root = el.get_root_node();
    // A fragment that is a root node of a connected element is a shadow root.
    (root.node_type() == DOCUMENT_FRAGMENT).then(|| wasm_bindgen::JsCast::unchecked_into::<web_sys::ShadowRoot>(root).host())
}
