//! Virtualized lists (seed 000 §12: "treat virtualized lists as collection
//! templates; scroll to materialize before binding"). A virtualized list
//! renders only the rows near its visible part; the rest do not exist in
//! the DOM, so a selector for them matches nothing until the list is
//! scrolled there. What a person does — scroll the list until the row
//! shows — is what [`materialize`] does, bounded by
//! `bc_core::act::MATERIALIZE_MAX_STEPS` / `MATERIALIZE_MAX_MS`.
//!
//! A list counts as virtualized when it declares more items than it
//! renders: `aria-rowcount` on a table/grid (`-1`: unknown, i.e. endless)
//! larger than its rendered rows, or items whose `aria-setsize` is larger
//! than the items present. Lists that declare nothing are not scrolled:
//! on an ordinary page a missing element stays a quick `not_found`.
//!
//! Also the scroll box of an element for `dom.scroll` with a selector and
//! a direction ([`scroll_box`]).

use super::observe;
use crate::pcd::dom;
use bc_core::act::{scroll_target, sweep, ActError, PageScroll, MATERIALIZE_MAX_MS, MATERIALIZE_MAX_STEPS};
use bc_core::types::RoleSelector;
use web_sys::{Document, Element};

/// Containers that may declare a total, and the items they render.
const DECLARING: &str = "[aria-rowcount]";
const SET_ITEMS: &str = "[aria-setsize]";
/// Declared lists looked at per page, at most.
const MAX_LISTS: usize = 20;

/// One virtualized list: the element that declares it, the box that
/// scrolls it, and how it is named in messages.
pub struct VirtualList {
    pub el: Element,
    pub scroller: Element,
    pub label: String,
}

/// The virtualized lists of `document`, in document order.
pub fn lists(document: &Document) -> Vec<VirtualList> {
    let mut out: Vec<VirtualList> = Vec::new();
    let push = |out: &mut Vec<VirtualList>, el: Element, declared: Option<u32>, rendered: u32, first_item: Option<Element>| {
        if out.len() >= MAX_LISTS || out.iter().any(|l| l.el == el) {
            return;
        }
        // `None`: the list says it does not know its size (endless feeds).
        if declared.is_some_and(|d| d <= rendered) {
            return;
        }
        // The box around the rendered items scrolls them (a grid's
        // viewport may sit inside the element that declares the count).
        let Some(scroller) = first_item.as_ref().and_then(scrolling_ancestor).or_else(|| scrolling_ancestor(&el)).or_else(|| document.scrolling_element()) else {
            return;
        };
        let label = describe(&el, declared);
        out.push(VirtualList { el, scroller, label });
    };
    if let Ok(found) = document.query_selector_all(DECLARING) {
        for el in dom::elements(found).take(MAX_LISTS) {
            let declared = dom::attr(&el, "aria-rowcount").and_then(|v| v.trim().parse::<i64>().ok());
            let Some(declared) = declared else { continue };
            let rows: Vec<Element> = dom::select(&el, "[role~=row i]").collect();
            push(&mut out, el, u32::try_from(declared).ok(), rows.len() as u32, rows.last().cloned());
        }
    }
    if let Ok(found) = document.query_selector_all(SET_ITEMS) {
        // Items of one list share a parent; the first item stands for it.
        for item in dom::elements(found).take(2000) {
            let Some(parent) = item.parent_element() else { continue };
            if out.iter().any(|l| l.el == parent) {
                continue;
            }
            let declared = dom::attr(&item, "aria-setsize").and_then(|v| v.trim().parse::<i64>().ok());
            let Some(declared) = declared else { continue };
            let rendered = dom::select(&parent, ":scope > [aria-setsize]").count() as u32;
            push(&mut out, parent, u32::try_from(declared).ok(), rendered, Some(item));
        }
    }
    out.sort_by(|a, b| if crate::pcd::frames::precedes(&a.el, &b.el) { std::cmp::Ordering::Less } else { std::cmp::Ordering::Greater });
    out
}

/// `table "Orders" (1000 rows)` — what the error message names.
fn describe(el: &Element, declared: Option<u32>) -> String {
    let role = crate::aria::computed_role(el).map(|r| r.as_str().to_owned()).unwrap_or_else(|| dom::tag(el));
    let name = crate::aria::accessible_name(el);
    let size = declared.map_or_else(|| "size unknown".to_owned(), |n| format!("{n} rows"));
    if name.is_empty() {
        format!("the virtualized {role} ({size})")
    } else {
        format!("the virtualized {role} \"{}\" ({size})", dom::clip(&name, 60))
    }
}

/// Whether `el` scrolls vertically: it has more content than shows and
/// its style lets it scroll.
pub(crate) fn scrolls(el: &Element) -> bool {
    if el.scroll_height() <= el.client_height() + 1 {
        return false;
    }
    let Some(style) = web_sys::window().and_then(|w| w.get_computed_style(el).ok().flatten()) else { return false };
    let overflow = style.get_property_value("overflow-y").unwrap_or_default();
    matches!(overflow.as_str(), "auto" | "scroll" | "overlay")
}

/// The nearest ancestor of `el` that scrolls (not `el` itself).
fn scrolling_ancestor(el: &Element) -> Option<Element> {
    let mut cur = el.parent_element();
    while let Some(c) = cur {
        if dom::tag(&c) == "body" || dom::tag(&c) == "html" {
            return None;
        }
        if scrolls(&c) {
            return Some(c);
        }
        cur = c.parent_element();
    }
    None
}

/// The box `dom.scroll` scrolls for the element `el`: `el` itself when it
/// scrolls; else the first box inside it that does (a data grid's
/// viewport inside the element that carries its role); else the nearest
/// one around it; else the page.
pub fn scroll_box(el: &Element) -> Option<Element> {
    const MAX_INSIDE: usize = 2000;
    if scrolls(el) {
        return Some(el.clone());
    }
    // Cheap test first: only boxes with hidden content can scroll.
    let inside = dom::select(el, "*").take(MAX_INSIDE).find(|c| c.scroll_height() > c.client_height() + 1 && scrolls(c));
    inside.or_else(|| scrolling_ancestor(el)).or_else(|| el.owner_document().and_then(|d| d.scrolling_element()))
}

/// Scrolls `scroller` as `how` says; returns (before, after) `scrollTop`.
pub fn scroll_by(scroller: &Element, how: PageScroll) -> (f64, f64) {
    let top = f64::from(scroller.scroll_top());
    let to = scroll_target(how, top, f64::from(scroller.client_height()), f64::from(scroller.scroll_height()));
    scroller.set_scroll_top(to.round() as i32);
    (top, f64::from(scroller.scroll_top()))
}

/// The box that scrolls a collection that declares no size (an infinite
/// feed, for `dom.extract` with `scrollToLoad`): `el` itself when it
/// scrolls, else the nearest box around it, else the page. Never a box
/// inside it: that would be one item's own scrolling part.
pub fn feed_box(el: &Element) -> Option<Element> {
    if scrolls(el) {
        return Some(el.clone());
    }
    scrolling_ancestor(el).or_else(|| el.owner_document().and_then(|d| d.scrolling_element()))
}

/// Resolves after the next animation frame, or after `FRAME_FALLBACK_MS`
/// where frames do not run (a hidden tab).
pub(crate) async fn frame() {
    const FRAME_FALLBACK_MS: i32 = 50;
    let p = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.request_animation_frame(&resolve);
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, FRAME_FALLBACK_MS);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(p).await;
}

/// What a found element adds to the action's outcome.
pub struct Materialized {
    pub el: Element,
    /// e.g. `rendered by scrolling the virtualized table "Orders" (1000 rows), 17 steps`.
    pub note: String,
}

/// Scrolls the page's virtualized lists until `sel` matches exactly one
/// element. `Ok(None)`: the page has no virtualized list (nothing to try).
/// A list whose search failed is put back where it was.
pub async fn materialize(document: &Document, sel: &RoleSelector, selector_text: &str) -> Result<Option<Materialized>, ActError> {
    // Virtualized lists in frames would need the frame's own scroller;
    // selectors into frames are left to the ordinary not_found.
    if frame_path(sel).is_some_and(|p| !p.is_empty()) {
        return Ok(None);
    }
    let found = lists(document);
    if found.is_empty() {
        return Ok(None);
    }
    let started = observe::now();
    let mut steps = 0u32;
    let mut complete = true;
    for list in &found {
        let s = &list.scroller;
        let start = f64::from(s.scroll_top());
        let counter = observe::MutationCounter::start(document);
        for to in sweep(start, f64::from(s.client_height()), f64::from(s.scroll_height())) {
            if steps >= MATERIALIZE_MAX_STEPS || observe::now() - started >= MATERIALIZE_MAX_MS {
                complete = false;
                break;
            }
            steps += 1;
            s.set_scroll_top(to.round() as i32);
            // The framework renders on the scroll event, which fires with
            // the next frame; a second frame lets schedulers that defer
            // the render to a task (React) finish.
            frame().await;
            frame().await;
            if let Some(el) = bind_one(document, sel)? {
                return Ok(Some(Materialized { el, note: format!("rendered by scrolling {} in {steps} steps", list.label) }));
            }
            // Still rendering (mutations within the last frame): one more.
            if counter.as_ref().is_some_and(|c| c.quiet_for() < 20.0) {
                frame().await;
                if let Some(el) = bind_one(document, sel)? {
                    return Ok(Some(Materialized { el, note: format!("rendered by scrolling {} in {steps} steps", list.label) }));
                }
            }
        }
        s.set_scroll_top(start.round() as i32);
        frame().await;
    }
    Err(ActError::NotMaterialized { selector: selector_text.to_owned(), lists: found.iter().map(|l| l.label.clone()).collect(), steps, complete })
}

/// The one element `sel` matches now, if any; more than one is ambiguous.
fn bind_one(document: &Document, sel: &RoleSelector) -> Result<Option<Element>, ActError> {
    match super::bind(document, sel) {
        Ok(el) => Ok(Some(el)),
        Err(ActError::NotFound { .. }) => Ok(None),
        Err(e) => Err(e),
    }
}

fn frame_path(sel: &RoleSelector) -> Option<&Vec<String>> {
    match sel {
        RoleSelector::Role { frame_path, .. }
        | RoleSelector::Text { frame_path, .. }
        | RoleSelector::Css { frame_path, .. }
        | RoleSelector::Near { frame_path, .. } => frame_path.as_ref(),
    }
}
