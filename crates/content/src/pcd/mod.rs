//! The page-facts collector for the MiniPCD (seed 000 §5): reads the live
//! DOM into [`PageFacts`] — controls, forms, repeated groups, landmarks —
//! exactly as `bc_core::pcd::facts` documents each field, and keeps the
//! elements behind every key in a [`Registry`] so later requests
//! (`getDetails`, actions) can find them. Reads only; all decisions are the
//! core's.
//!
//! Scopes (`frames.rs`): top document, open shadow roots, same-origin
//! frames. Per scope: controls (`discover.rs`, `clickable.rs`), forms
//! (`forms.rs`), groups (`groups.rs`); per control the facts of
//! `control.rs` with `landmark.rs`/`context.rs`. Cost stays with the
//! browser: candidate selectors, `matches`/`closest`, layout reads only for
//! what is reported (TOOLCHAIN.md, "Cost of the JS↔WASM boundary").

mod clickable;
mod context;
mod control;
mod discover;
pub(crate) mod dom;
mod forms;
pub(crate) mod frames;
pub(crate) mod groups;
pub(crate) mod landmark;
mod registry;

pub use registry::{current_element, set_current, Registry};

use bc_core::pcd::{ControlFact, GroupRef, PageFacts};
use bc_core::types::Landmark;
use frames::{precedes, Scope, Via};
use web_sys::{Document, Element};

const MAX_CONTROLS: usize = 2000;
const MAX_FORMS: usize = 40;
const MAX_GROUPS: usize = 40;
/// Controls sharing a name at least this often hint at a card grid.
const MIN_REPEATS: usize = 3;
/// Repeated names whose common container is looked at, per scope.
const MAX_REPEATED_NAMES: usize = 12;

/// Collects the facts of `document` (with its open shadow roots and
/// same-origin frames) and the registry of the keys handed out.
pub fn collect(document: &Document) -> (PageFacts, Registry) {
    let window = web_sys::window();
    let page_origin = document
        .location()
        .and_then(|l| l.origin().ok())
        .unwrap_or_default();
    let scopes = frames::scopes(document);
    let mut reg = Registry::default();

    // Controls of each scope, then shadow content spliced in at its host.
    let mut per_scope: Vec<Vec<discover::Found>> = Vec::with_capacity(scopes.len());
    let mut budget = MAX_CONTROLS;
    for s in &scopes {
        let found = discover::controls(&s.root, budget);
        budget -= found.len().min(budget);
        per_scope.push(found);
    }
    let order = ordered(&scopes, &mut per_scope, 0);

    let host_landmarks: Vec<Option<Landmark>> =
        scopes.iter().map(|s| host_landmark(&scopes, s)).collect();
    let mut controls: Vec<(Element, usize, ControlFact)> = order
        .into_iter()
        .take(MAX_CONTROLS)
        .map(|(f, si)| {
            let mut fact = control::fact(
                &f.el,
                f.clickable,
                &scopes[si],
                host_landmarks[si],
                &page_origin,
            );
            fact.key = reg.add(&f.el);
            (f.el, si, fact)
        })
        .collect();

    // Forms, and which form owns each control.
    let mut forms = Vec::new();
    let mut form_els: Vec<Element> = Vec::new();
    for s in &scopes {
        for (el, mut f) in forms::collect(s, MAX_FORMS - forms.len()) {
            f.key = reg.add(&el);
            form_els.push(el);
            forms.push(f);
        }
    }
    if !form_els.is_empty() {
        for (el, _, fact) in &mut controls {
            let owner = dom::owner_form(el).or_else(|| dom::closest(el, forms::FORM_SEL));
            fact.form = owner
                .and_then(|o| form_els.iter().position(|f| *f == o))
                .map(|i| i as u32);
        }
    }

    // Groups, and which group item holds each control.
    let mut groups: Vec<(usize, groups::Group)> = Vec::new();
    for (si, s) in scopes.iter().enumerate() {
        let repeated = repeated_names(
            controls
                .iter()
                .filter(|c| c.1 == si)
                .map(|c| (&c.0, c.2.name.as_str())),
        );
        for g in groups::collect(s, &repeated, MAX_GROUPS - groups.len()) {
            groups.push((si, g));
        }
    }
    for (_, g) in groups.iter_mut() {
        g.fact.key = reg.add(&g.el);
    }
    assign_groups(&mut controls, &groups);

    let mut landmarks: Vec<Landmark> = Vec::new();
    for s in &scopes {
        for l in landmark::present(&s.root) {
            if !landmarks.contains(&l) {
                landmarks.push(l);
            }
        }
    }
    let num = |v: Option<wasm_bindgen::JsValue>| v.and_then(|v| v.as_f64()).unwrap_or_default();
    let facts = PageFacts {
        url: document
            .location()
            .and_then(|l| l.href().ok())
            .unwrap_or_default(),
        title: document.title(),
        viewport_w: num(window.as_ref().and_then(|w| w.inner_width().ok())),
        viewport_h: num(window.as_ref().and_then(|w| w.inner_height().ok())),
        landmarks,
        controls: controls.into_iter().map(|c| c.2).collect(),
        forms,
        groups: groups.into_iter().map(|(_, g)| g.fact).collect(),
    };
    (facts, reg)
}

/// Collects and makes the registry the current one.
pub fn collect_current(document: &Document) -> PageFacts {
    let (facts, reg) = collect(document);
    set_current(reg);
    facts
}

/// The controls of scope `si` and its descendants in page order: shadow
/// content at its host's position, frames after their host document.
fn ordered(
    scopes: &[Scope],
    per_scope: &mut [Vec<discover::Found>],
    si: usize,
) -> Vec<(discover::Found, usize)> {
    let mut own: Vec<(discover::Found, usize)> = std::mem::take(&mut per_scope[si])
        .into_iter()
        .map(|f| (f, si))
        .collect();
    let children: Vec<usize> = (si + 1..scopes.len())
        .filter(|&c| scopes[c].parent == Some(si))
        .collect();
    // Insert shadow subtrees back to front so earlier positions stay valid.
    let mut inserts = Vec::new();
    for &c in children.iter().filter(|&&c| scopes[c].via == Via::Shadow) {
        let host = scopes[c].host.as_ref().expect("shadow scope has a host");
        // First own control that the host precedes (binary search: own is in document order).
        let pos = own.partition_point(|(f, _)| !precedes(host, &f.el));
        inserts.push((pos, ordered(scopes, per_scope, c)));
    }
    for (pos, sub) in inserts.into_iter().rev() {
        own.splice(pos..pos, sub);
    }
    for &c in children.iter().filter(|&&c| scopes[c].via == Via::Frame) {
        own.extend(ordered(scopes, per_scope, c));
    }
    own
}

/// The landmark around a shadow scope's host (through nested hosts).
fn host_landmark(scopes: &[Scope], s: &Scope) -> Option<Landmark> {
    if s.via != Via::Shadow {
        return None;
    }
    let host = s.host.as_ref()?;
    landmark::of(host).or_else(|| host_landmark(scopes, &scopes[s.parent?]))
}

/// Controls grouped by name, for names used at least `MIN_REPEATS` times.
fn repeated_names<'a>(controls: impl Iterator<Item = (&'a Element, &'a str)>) -> Vec<Vec<Element>> {
    let mut by_name: Vec<(&str, Vec<Element>)> = Vec::new();
    let mut index: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for (el, name) in controls {
        if name.is_empty() {
            continue;
        }
        let i = *index.entry(name).or_insert_with(|| {
            by_name.push((name, Vec::new()));
            by_name.len() - 1
        });
        by_name[i].1.push(el.clone());
    }
    by_name
        .into_iter()
        .map(|(_, v)| v)
        .filter(|v| v.len() >= MIN_REPEATS)
        .take(MAX_REPEATED_NAMES)
        .collect()
}

/// Sets each control's `group`: the innermost group (same scope) whose
/// container holds it, and the index of the item that holds it.
fn assign_groups(
    controls: &mut [(Element, usize, ControlFact)],
    groups: &[(usize, groups::Group)],
) {
    for (el, si, fact) in controls.iter_mut() {
        // Groups are in document order, so the last container holding the
        // control is the innermost one.
        let mut best: Option<(usize, u32)> = None;
        for (gi, (gs, g)) in groups.iter().enumerate() {
            if gs != si || !g.el.contains(Some(el)) {
                continue;
            }
            if let Some(item) = item_index(&g.items, el) {
                best = Some((gi, item));
            }
        }
        fact.group = best.map(|(g, item)| GroupRef {
            group: g as u32,
            item,
        });
    }
}

/// The item (document order) that contains `el`, by binary search.
fn item_index(items: &[Element], el: &Element) -> Option<u32> {
    // Items that start before `el` (or are `el`): the last one may hold it.
    let n = items.partition_point(|i| i == el || precedes(i, el));
    let i = n.checked_sub(1)?;
    items[i].contains(Some(el)).then_some(i as u32)
}
