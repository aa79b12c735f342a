//! Reads the raw strings of the page digest from the DOM; every rule about
//! what is kept is in `bc_core::digest`.
//!
//! Only rendered text is read (`innerText`, which skips `display:none`,
//! `<script>`, `<style>` and form-control values), so password and card
//! fields never enter the digest, and no HTML leaves the page.

use bc_core::digest::PageDigest;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlElement};

/// Where the main content is, most specific first.
const MAIN_SELECTORS: &str = "main, [role=main]";
const FALLBACK_SELECTORS: &str = "article";

pub fn page_url(document: &Document) -> String {
    document.location().and_then(|l| l.href().ok()).unwrap_or_default()
}

pub fn read(document: &Document) -> PageDigest {
    let headings = visible_texts(document, "h1, h2, h3, [role=heading]", PageDigest::MAX_HEADINGS * 2);
    let text = main_region(document).map(|(m, _)| m.inner_text()).unwrap_or_default();
    PageDigest::new(&page_url(document), &document.title(), headings, &text)
}

/// The main content region: the first rendered `main, [role=main]`, else the
/// first rendered `article`, else the body (then the flag is true).
pub fn main_region(document: &Document) -> Option<(HtmlElement, bool)> {
    first_rendered(document, MAIN_SELECTORS)
        .or_else(|| first_rendered(document, FALLBACK_SELECTORS))
        .map(|m| (m, false))
        .or_else(|| document.body().map(|b| (b, true)))
}

/// Has a layout box and is not in an `aria-hidden`/`inert` subtree.
pub fn is_rendered(el: &Element) -> bool {
    has_box(el) && el.closest(HIDDEN_SUBTREE).ok().flatten().is_none()
}

/// `aria-hidden`/`inert` subtrees, as [`is_rendered`] excludes them.
const HIDDEN_SUBTREE: &str = "[aria-hidden=true], [inert]";

/// `selector`'s matches outside `aria-hidden`/`inert` subtrees: the
/// selector engine does [`is_rendered`]'s `closest` for every match at once
/// (one per element from WASM cost ~40 ms on a 50k-element page).
pub fn outside_hidden_subtrees(selector: &str) -> String {
    format!(":is({selector}):not([aria-hidden=true], [aria-hidden=true] *, [inert], [inert] *)")
}

/// Whether `el` has a layout box (`checkVisibility()`: no `display:none`
/// on it or above, no skipped `content-visibility` content). The same
/// answer as "has client rects", without making a list of them.
pub fn has_box(el: &Element) -> bool {
    crate::aria::dom::check_visibility_box(el)
}

fn first_rendered(document: &Document, selectors: &str) -> Option<HtmlElement> {
    let nodes = document.query_selector_all(selectors).ok()?;
    (0..nodes.length())
        .filter_map(|i| nodes.item(i)?.dyn_into::<HtmlElement>().ok())
        .find(|el| is_rendered(el))
}

fn visible_texts(document: &Document, selectors: &str, max: usize) -> Vec<String> {
    let Ok(nodes) = document.query_selector_all(selectors) else { return Vec::new() };
    (0..nodes.length())
        .filter_map(|i| nodes.item(i)?.dyn_into::<HtmlElement>().ok())
        .filter(|el| is_rendered(el))
        .map(|el| el.inner_text())
        .take(max)
        .collect()
}
