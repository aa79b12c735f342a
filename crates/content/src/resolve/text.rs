//! The text engine, as Playwright's `getByText`: the smallest elements
//! whose (whitespace-normalised) text matches — an element whose text
//! matches only because one of its children's does is not itself a match —
//! plus buttons made of `<input>` whose value is the text. Unlike
//! Playwright, hidden elements are never matches: the copilot acts as a
//! person who cannot click what is not shown.
//!
//! Search goes top-down and prunes: a subtree whose text cannot contain the
//! needle is never entered, so cost follows the matching paths, not the page.
//! Each element on such a path reads its whole subtree's text, so a needle
//! found at every level of deep nesting costs depth × text: on 800 nested
//! levels of repeated text, 25 s for one `getDetails` (issue 44 point 4).
//! The search is therefore bounded by a [`Budget`] of characters read (and
//! matches wanted): past it, it stops and says so, rather than freezing the tab.

use crate::aria;
use crate::pcd::{dom, frames::precedes};
use std::cell::Cell;
use web_sys::Element;

/// Characters of text one text search may read beyond [`READ_FACTOR`]
/// times its trees' own text: an ordinary page's matching paths read far
/// less; the pathological depth × text case far more (~30 ms per million
/// characters in a debug build).
pub const MAX_TEXT_CHARS: usize = 2_000_000;
/// A search may read each tree's text this many times over (so a page of
/// 10 MB of text is still searched once: cost linear in the page).
pub const READ_FACTOR: usize = 4;

/// What one text search (all trees of a resolve) may still spend.
pub struct Budget {
    chars_left: Cell<usize>,
    /// Matches wanted at most (`usize::MAX`: all).
    matches_left: Cell<usize>,
    exhausted: Cell<bool>,
}

impl Budget {
    pub fn new(chars: usize, matches: usize) -> Budget {
        Budget { chars_left: Cell::new(chars), matches_left: Cell::new(matches), exhausted: Cell::new(false) }
    }

    /// Whether the search stopped because its characters ran out (its
    /// matches are then incomplete).
    pub fn exhausted(&self) -> bool {
        self.exhausted.get()
    }

    fn done(&self) -> bool {
        self.exhausted.get() || self.matches_left.get() == 0
    }

    /// Pays for reading `n` characters; false (and exhausted) when it cannot.
    fn pay(&self, n: usize) -> bool {
        match self.chars_left.get().checked_sub(n) {
            Some(left) => {
                self.chars_left.set(left);
                true
            }
            None => {
                self.exhausted.set(true);
                false
            }
        }
    }

    /// Allows `n` more characters (a tree's top text, [`READ_FACTOR`] times).
    fn grant(&self, n: usize) {
        self.chars_left.set(self.chars_left.get().saturating_add(n));
    }

    fn found(&self) {
        self.matches_left.set(self.matches_left.get().saturating_sub(1));
    }
}

/// Elements whose own text never counts.
const SKIP: &[&str] = &["script", "style", "noscript", "template", "head"];
/// Text (UTF-16 units) past which an element is not matched by its own
/// text: ten pages of prose, far longer than any name given to a target.
const MAX_MATCH_TEXT: u32 = 20_000;
const INPUT_BUTTONS: &str = "input[type=button i], input[type=submit i], input[type=reset i]";

/// Matches of `pattern` under `children` (the top elements of one tree), in
/// document order, as far as `budget` goes. `test` runs a pattern on a
/// text (regex needs the browser) and prunes the walk; `accept` narrows
/// what matches (a whole-text match for a quoted selector; for a
/// substring, every text `test` passes).
pub fn matches(children: Vec<Element>, test: &dyn Fn(&str) -> bool, accept: &dyn Fn(&str) -> bool, budget: &Budget) -> Vec<Element> {
    let mut out = Vec::new();
    for el in &children {
        if budget.done() {
            break;
        }
        visit(el, test, accept, &mut out, budget, true);
    }
    // Input buttons come before some of these in document order: merged
    // in, the first matches wanted are still among them.
    if budget.exhausted() {
        return out;
    }
    let mut inputs: Vec<Element> = children
        .iter()
        .flat_map(|c| {
            let own = dom::matches(c, INPUT_BUTTONS).then(|| c.clone());
            own.into_iter().chain(dom::select(c, INPUT_BUTTONS))
        })
        .filter(|i| {
            let value = dom::attr(i, "value").unwrap_or_default();
            test(&value) && accept(&value) && !aria::is_hidden(i)
        })
        .collect();
    if inputs.is_empty() {
        return out;
    }
    // Merge the inputs in, keeping document order.
    out.append(&mut inputs);
    out.sort_by(|a, b| {
        if a == b {
            std::cmp::Ordering::Equal
        } else if precedes(a, b) {
            std::cmp::Ordering::Less
        } else {
            std::cmp::Ordering::Greater
        }
    });
    out
}

/// Adds `el` or its matching descendants; returns whether `el` or one of
/// its descendants matched. A search stopped by its budget leaves `el`
/// unjudged (returns true, so no ancestor counts as a match in its place).
fn visit(el: &Element, test: &dyn Fn(&str) -> bool, accept: &dyn Fn(&str) -> bool, out: &mut Vec<Element>, budget: &Budget, top: bool) -> bool {
    if budget.done() {
        return true;
    }
    if SKIP.contains(&dom::tag(el).as_str()) {
        return false;
    }
    // An element with more text than anyone names a target by is never a
    // match itself, only a way down, and its text is not read (a 10 MB log
    // copied into WASM once per ancestor cost 100+ ms each).
    let huge = dom::text_longer_than(el, MAX_MATCH_TEXT);
    let text = if huge { String::new() } else { el.text_content().unwrap_or_default() };
    if !huge {
        if top {
            budget.grant(text.len().saturating_mul(READ_FACTOR));
        }
        if !budget.pay(text.len()) {
            return true;
        }
        if !test(&text) {
            return false;
        }
    }
    let mut child_matched = false;
    let mut child = el.first_element_child();
    while let Some(c) = child {
        child_matched |= visit(&c, test, accept, out, budget, false);
        if budget.done() {
            return true;
        }
        child = c.next_element_sibling();
    }
    if huge {
        return child_matched;
    }
    let matched = accept(&text);
    if !child_matched && matched && !aria::is_hidden(el) {
        out.push(el.clone());
        budget.found();
    }
    child_matched || matched
}
