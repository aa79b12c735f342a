//! `getDetails` (seed 000 §5 "Details"): for MiniPCD ids, a primary
//! RoleSelector that resolves back to exactly the element, alternatives
//! (text, css), landmark and frame path. Every selector handed out has been
//! resolved here first; a selector that does not come back to the same
//! element is never reported. Details are cached per id until the element
//! leaves the document or the id points at another element.
//!
//! Bounded (issue 44 point 4: one `getDetails` once held a tab for 233 s):
//! the ladder tries at most [`bc_core::selector::MAX_LADDER`] role
//! selectors, each resolved only as far as it must be (two matches say "not
//! unique"; an `nth` past [`MAX_NTH`] is no readable selector); the text
//! engine has its own character budget; and a request has [`BUDGET_MS`]:
//! past it, the rest of the alternatives are skipped, or, with no selector
//! yet, it answers `timeout` naming the stage it was in.

use super::{landmark_of, resolve_up_to, scope};
use crate::clock::now;
use crate::aria;
use crate::pcd::{current_element, dom};
use bc_core::pcd::{Built, Target};
use bc_core::selector::{role_ladder, text_selector, with_nth, ElementIdentity};
use bc_core::types::{PcdActionDetail, RoleSelector};
use std::cell::RefCell;
use rustc_hash::FxHashMap as HashMap;
use web_sys::{Document, Element};

/// Why `getDetails` could not answer.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DetailsError {
    #[error("unknown id(s) {0:?}: not in the page's current MiniPCD (the page may have changed; call getMiniPCD again)")]
    UnknownIds(Vec<String>),
    #[error("the element of id {0} is no longer in the page (call getMiniPCD again)")]
    Detached(String),
    #[error("timeout in stage `{stage}` of getDetails for id {id}: over its {budget_ms} ms budget on this page; act on the id itself (dom_* tools take ids)")]
    Timeout { id: String, stage: Stage, budget_ms: u32 },
}

impl DetailsError {
    /// The tool error code, and whether retrying can help.
    pub fn code(&self) -> (bc_core::tools::ErrorCode, bool) {
        use bc_core::tools::ErrorCode;
        match self {
            // The LLM planned with ids of an older MiniPCD: refreshing helps.
            DetailsError::UnknownIds(_) | DetailsError::Detached(_) => (ErrorCode::NotFound, true),
            DetailsError::Timeout { .. } => (ErrorCode::Timeout, false),
        }
    }
}

/// Where `getDetails` spends its time, named in its `timeout`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    RoleLadder,
    TextAlternative,
    CssPath,
}

impl std::fmt::Display for Stage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Stage::RoleLadder => "role selector ladder",
            Stage::TextAlternative => "text alternative",
            Stage::CssPath => "css path",
        })
    }
}

/// One `getDetails` request's time, all its ids together.
pub const BUDGET_MS: u32 = 1_000;
/// A role selector's matches looked at, at most: the element must be among
/// them for an `nth` to be worth writing.
pub const MAX_NTH: usize = 50;

thread_local! {
    static CACHE: RefCell<HashMap<String, (Element, PcdActionDetail)>> = RefCell::new(HashMap::default());
}

/// Details for `ids` of `built` (whose registry is the current one),
/// within [`BUDGET_MS`].
pub fn details(top: &Document, built: &Built, ids: &[String]) -> Result<Vec<PcdActionDetail>, DetailsError> {
    details_within(top, built, ids, now() + f64::from(BUDGET_MS))
}

/// [`details`] that must be done by `deadline` (`clock::now` time).
pub fn details_within(top: &Document, built: &Built, ids: &[String], deadline: f64) -> Result<Vec<PcdActionDetail>, DetailsError> {
    let unknown: Vec<String> = ids.iter().filter(|id| built.bindings.target(id).is_none()).cloned().collect();
    if !unknown.is_empty() {
        return Err(DetailsError::UnknownIds(unknown));
    }
    ids.iter()
        .map(|id| {
            let key = match built.bindings.target(id).expect("checked above") {
                Target::Action { key, .. } | Target::Form { key } | Target::Collection { key } => key,
            };
            let el = current_element(key).ok_or_else(|| DetailsError::Detached(id.clone()))?;
            let cached = CACHE.with(|c| {
                c.borrow().get(id).filter(|(e, _)| *e == el && dom::is_connected(e)).map(|(_, d)| d.clone())
            });
            if let Some(d) = cached {
                return Ok(d);
            }
            let d = detail_within(top, id, &el, deadline)?;
            CACHE.with(|c| c.borrow_mut().insert(id.clone(), (el, d.clone())));
            Ok(d)
        })
        .collect()
}

/// The detail of one live element, within [`BUDGET_MS`] (a late one has
/// fewer alternatives, or is the css path).
pub fn detail_of(top: &Document, id: &str, el: &Element) -> PcdActionDetail {
    detail_within(top, id, el, now() + f64::from(BUDGET_MS)).unwrap_or_else(|_| {
        let css = css_path(el).unwrap_or_else(|| dom::tag(el));
        PcdActionDetail { id: id.to_owned(), selector: RoleSelector::Css { css, frame_path: None }, alt_selectors: None, landmark: None, frame_path: None, href: link_href(el) }
    })
}

/// The detail of one live element, by `deadline`: past it, what was chosen
/// stands and the rest is skipped; with nothing chosen, a timeout.
pub fn detail_within(top: &Document, id: &str, el: &Element, deadline: f64) -> Result<PcdActionDetail, DetailsError> {
    let late = |stage: Stage| (now() > deadline).then_some(DetailsError::Timeout { id: id.to_owned(), stage, budget_ms: BUDGET_MS });
    let frame_path = scope::frame_path_of(el);
    let identity = ElementIdentity {
        role: aria::computed_role(el).map(|r| r.as_str().to_owned()),
        name: aria::accessible_name(el),
        landmark: landmark_of(el),
        text: visible_text(el),
        frame_path: frame_path.clone(),
    };
    if let Some(e) = late(Stage::RoleLadder) {
        return Err(e);
    }
    let mut chosen: Vec<RoleSelector> = Vec::new();
    if let Some(s) = pick(top, el, &role_ladder(&identity), deadline) {
        chosen.push(s);
    }
    // Text is only offered when it alone finds the element: counting text
    // matches with `nth` is fragile (hidden copies, substrings like "1").
    match late(Stage::TextAlternative) {
        Some(e) if chosen.is_empty() => return Err(e),
        Some(_) => return Ok(detail(id, el, chosen, identity.landmark, frame_path)),
        None => {}
    }
    if let Some(t) = text_selector(&identity).filter(|t| resolves_to(top, t, el)) {
        chosen.push(t);
    }
    match late(Stage::CssPath) {
        Some(e) if chosen.is_empty() => return Err(e),
        Some(_) => return Ok(detail(id, el, chosen, identity.landmark, frame_path)),
        None => {}
    }
    if let Some(css) = css_path(el) {
        let sel = RoleSelector::Css { css, frame_path: (!frame_path.is_empty()).then(|| frame_path.clone()) };
        if resolves_to(top, &sel, el) {
            chosen.push(sel);
        }
    }
    // Nothing resolves back (e.g. an unnamed generic in a detached frame):
    // the css path is still the most specific thing to say.
    if chosen.is_empty() {
        chosen.push(RoleSelector::Css { css: css_path(el).unwrap_or_else(|| dom::tag(el)), frame_path: None });
    }
    Ok(detail(id, el, chosen, identity.landmark, frame_path))
}

/// The detail of `chosen` selectors (the first is primary; not empty).
fn detail(id: &str, el: &Element, mut chosen: Vec<RoleSelector>, landmark: Option<bc_core::types::Landmark>, frame_path: Vec<String>) -> PcdActionDetail {
    let primary = chosen.remove(0);
    PcdActionDetail {
        id: id.to_owned(),
        selector: primary,
        alt_selectors: (!chosen.is_empty()).then_some(chosen),
        landmark,
        frame_path: (!frame_path.is_empty()).then_some(frame_path),
        href: link_href(el),
    }
}

/// Where a link (`<a href>`, `<area href>`) leads: the browser's resolved
/// address, http(s) only (never `javascript:`, `mailto:`, …).
fn link_href(el: &Element) -> Option<String> {
    if !matches!(dom::tag(el).as_str(), "a" | "area") || !el.has_attribute("href") {
        return None;
    }
    let href = js_sys::Reflect::get(el, &"href".into()).ok()?.as_string()?;
    (href.starts_with("https://") || href.starts_with("http://")).then_some(href)
}

/// The first of `ladder` that resolves to `el` alone; else the one that
/// narrows `el` down to the fewest matches (earliest on ties: the simpler
/// selector), made unique with `nth`.
/// Each is resolved to at most [`MAX_NTH`] matches; none after `deadline`.
fn pick(top: &Document, el: &Element, ladder: &[RoleSelector], deadline: f64) -> Option<RoleSelector> {
    let mut fallback: Option<(usize, RoleSelector)> = None;
    for sel in ladder.iter().take(bc_core::selector::MAX_LADDER) {
        if now() > deadline {
            break;
        }
        let Ok(found) = resolve_up_to(top, sel, MAX_NTH) else { continue };
        if found.len() == 1 && found[0] == *el {
            return Some(sel.clone());
        }
        if let Some(n) = found.iter().position(|f| f == el) {
            if fallback.as_ref().is_none_or(|(count, _)| found.len() < *count) {
                fallback = Some((found.len(), with_nth(sel, n as u32)));
            }
        }
    }
    fallback.map(|(_, s)| s).filter(|s| resolves_to(top, s, el))
}

/// Whether `sel` finds `el` alone (looking no further than a second match).
fn resolves_to(top: &Document, sel: &RoleSelector, el: &Element) -> bool {
    matches!(resolve_up_to(top, sel, 2).as_deref(), Ok([only]) if only == el)
}

/// Visible text worth quoting (input buttons show their value).
fn visible_text(el: &Element) -> String {
    if dom::matches(el, "input[type=button i], input[type=submit i], input[type=reset i]") {
        return dom::attr(el, "value").unwrap_or_default();
    }
    if dom::tag(el) == "input" || aria::dom::is_sensitive(el) {
        return String::new();
    }
    dom::short_text(el, 120)
}

/// A CSS path unique in `el`'s tree: `#id` when the id is unique, else
/// `tag:nth-of-type(k)` steps up to the nearest uniquely-id'd ancestor (or
/// the tree's top).
pub fn css_path(el: &Element) -> Option<String> {
    let root = el.get_root_node();
    let unique = |css: &str| -> bool {
        let list = match wasm_bindgen::JsCast::dyn_ref::<web_sys::Document>(&root) {
            Some(d) => d.query_selector_all(css),
            None => wasm_bindgen::JsCast::unchecked_ref::<web_sys::DocumentFragment>(&root).query_selector_all(css),
        };
        list.is_ok_and(|l| l.length() == 1)
    };
    let id_step = |e: &Element| -> Option<String> {
        let id = e.id();
        (!id.is_empty()).then(|| format!("#{}", web_sys::css::escape(&id))).filter(|s| unique(s))
    };
    let mut steps: Vec<String> = Vec::new();
    let mut cur = Some(el.clone());
    while let Some(e) = cur {
        if let Some(s) = id_step(&e) {
            steps.push(s);
            break;
        }
        let tag = dom::tag(&e);
        let parent = e.parent_element();
        let step = match &parent {
            Some(p) => {
                let same: Vec<Element> = {
                    let kids = p.children();
                    (0..kids.length()).filter_map(|i| kids.item(i)).filter(|k| dom::tag(k) == tag).collect()
                };
                if same.len() > 1 {
                    let k = same.iter().position(|k| *k == e).map_or(1, |i| i + 1);
                    format!("{tag}:nth-of-type({k})")
                } else {
                    tag
                }
            }
            None => tag,
        };
        steps.push(step);
        if steps.len() > 24 {
            return None;
        }
        cur = parent;
    }
    steps.reverse();
    let css = steps.join(" > ");
    unique(&css).then_some(css)
}
