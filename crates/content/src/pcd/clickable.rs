//! Clickable elements that nothing in the markup declares interactive — the
//! `cursor:pointer` divs of ARIA-poor pages. Reading computed styles costs a
//! style lookup per element, so only a bounded, browser-filtered candidate
//! set is asked: leaf-ish `div/span/li/i` with text, and `img/svg` with a
//! text alternative, that are not inside or around a real control.
//!
//! The browser's query keeps to the cheap part of that test (tags,
//! attributes, `:empty`); the parts that walk the tree — "no block inside"
//! (`:has`), "not inside a control" — are asked per candidate, in order,
//! and only for the candidates the loop gets to: run over a whole page in
//! one `querySelectorAll`, `:has` alone cost ~10 ms at 10k elements. The
//! cursor is read first: few candidates are pointers, and a style read
//! costs less than the ancestor walks of "not inside a control" (in the
//! page, on the generated app page's 7,575 candidates: 4 ms against 10).

use super::discover::{marks, Unread};
use super::frames::{count_before, precedes, Root};
use crate::aria::{self, dom as adom};
use wasm_bindgen::JsCast;
use web_sys::Element;

/// Leaf-ish elements with something to name them by (a `div`/`li` must also
/// hold no [`BLOCKS`]), not part of a control ([`NOT_IN_CONTROL`]: those
/// are found semantically) and not already declaring interactivity.
const CANDIDATES: &str = ":is(div, li):not(:empty), \
span:not(:empty), i:is([title], [aria-label]), img:is([alt]:not([alt='']), [title]), svg:is([aria-label], :has(> title))";
/// What a leaf-ish `div`/`li` holds none of.
const BLOCKS: &str = "div, p, li, ul, ol, table, section, article, form, h1, h2, h3, h4, h5, h6";
const NOT_IN_CONTROL: &str =
    "a[href] *, button *, label *, summary *, select *, [role~=button i] *, [role~=link i] *, \
[onclick] *, [onclick], [tabindex]:not([tabindex^='-'])";
const HAS_CONTROL: &str =
    ":has(a[href], button, input, select, textarea, [role~=button i], [role~=link i])";

/// Candidates whose style is read, at most (every candidate, up to this
/// many in document order: a 10k-element page has 4k–8k).
const MAX_STYLE_READS: usize = 8000;
/// How far a pointer region is followed up to its topmost element.
const MAX_CLIMB: usize = 4;

/// The topmost `cursor:pointer` elements of `root`, document order, at
/// most `max`, and only before `before` when given (the caller keeps no
/// control past it: candidates there need no style read) and outside the
/// `unread` spans (controls there go unread anyway).
pub fn pointer_elements(root: &Root, max: usize, before: Option<&Element>, unread: &[Unread]) -> Vec<Element> {
    pointer_elements_in(root_node(root), max, before, unread, MAX_STYLE_READS)
}

/// [`pointer_elements`] inside `node` (a scope's root, or one element),
/// reading the styles of its first `max_reads` candidates at most.
pub fn pointer_elements_in(
    node: &web_sys::Node,
    max: usize,
    before: Option<&Element>,
    unread: &[Unread],
    max_reads: usize,
) -> Vec<Element> {
    pointers(node, max, before, unread, max_reads, false)
}

/// The `cursor:pointer` elements in `node` whether they show or not: a
/// closed menu's items, which a sentence may name after the click that
/// opens it (`vocabulary`).
pub fn pointers_shown_or_not(node: &web_sys::Node, max: usize) -> Vec<Element> {
    pointers(node, max, None, &[], MAX_STYLE_READS, true)
}

fn pointers(node: &web_sys::Node, max: usize, before: Option<&Element>, unread: &[Unread], max_reads: usize, hidden_too: bool) -> Vec<Element> {
    if max == 0 {
        return Vec::new();
    }
    let Ok(list) = adom::query_all_in_str(node, &adom::js_str(CANDIDATES)) else {
        return Vec::new();
    };
    let end = match before {
        Some(b) => count_before(&list, b),
        None => list.length(),
    };
    let marks = marks(&list, unread);
    // Read lazily: the loop usually stops long before the last candidate.
    let candidates = (0..end.min(max_reads as u32))
        .filter(|&i| marks[i as usize].is_none())
        .filter_map(|i| list.item(i))
        .map(JsCast::unchecked_into::<Element>)
        .filter(is_pointer)
        .filter(|el| {
            !adom::matches_c(el, NOT_IN_CONTROL)
                && (!adom::matches_c(el, "div, li") || adom::query_c(el, BLOCKS).is_none())
                // A pointer region around real controls (a code block's
                // copy/run buttons) is not one more: those are the controls
                // (reported when they show; hover-revealed ones when hovered).
                && !adom::matches_c(el, HAS_CONTROL)
        });
    let mut out: Vec<Element> = Vec::new();
    for el in candidates {
        if out.len() >= max {
            break;
        }
        // `cursor` inherits: the clickable thing is the topmost element of
        // the pointer region, as long as it wraps no real control.
        let mut top = el;
        for _ in 0..MAX_CLIMB {
            let Some(p) = top.parent_element() else { break };
            if !is_pointer(&p)
                || adom::matches_c(&p, HAS_CONTROL)
                || adom::matches_c(&p, "body, html")
            {
                break;
            }
            top = p;
        }
        if out.iter().rev().take(8).any(|o| *o == top) || !hidden_too && aria::is_hidden(&top) {
            continue;
        }
        out.push(top);
    }
    // Climbing can reach an ancestor of an earlier hit: restore document order.
    sort_by_position(&mut out);
    out.dedup();
    out
}

/// The document or shadow root behind `root`.
pub fn root_node(root: &Root) -> &web_sys::Node {
    root.container()
}

fn is_pointer(el: &Element) -> bool {
    adom::style_prop(el, None, "cursor") == "pointer"
}

/// Insertion sort: the list is nearly sorted, so this is ~n comparisons.
fn sort_by_position(v: &mut [Element]) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && precedes(&v[j], &v[j - 1]) {
            v.swap(j, j - 1);
            j -= 1;
        }
    }
}
