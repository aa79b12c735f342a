//! Reads the raw strings of the page digest from the DOM; every rule about
//! what is kept is in `bc_core::digest`.
//!
//! Only rendered text is read (`innerText`, which skips `display:none`,
//! `<script>`, `<style>` and form-control values), so password and card
//! fields never enter the digest, and no HTML leaves the page.

use bc_core::digest::PageDigest;
use web_sys::{Document, Element, HtmlElement};

pub fn page_url(document: &Document) -> String {
    document.location().and_then(|l| l.href().ok()).unwrap_or_default()
}

/// The main text a digest needs: one character past its cap, so that it
/// knows it cut the text.
const ENOUGH: crate::trees::text::Enough = crate::trees::text::Enough { chars: PageDigest::MAX_TEXT_CHARS + 1, words: 0 };

/// The digest a question about the page is answered from: headings and
/// main text of the document and its open shadow roots (`crate::trees`: a
/// page of web components otherwise had neither), then those of each
/// same-origin frame, its text after a line naming the frame (an embedded
/// form or help page is part of what the person sees). Cross-origin frames
/// cannot be read from here.
pub fn read(document: &Document) -> PageDigest {
    let docs = crate::trees::Documents::of(document);
    let mut headings = Vec::new();
    let mut text = String::new();
    for (i, (doc, trees)) in docs.iter().enumerate() {
        headings.extend(
            trees
                .rendered("h1, h2, h3, [role=heading]")
                .filter_map(|el| crate::trees::as_html(&el).map(HtmlElement::inner_text))
                .take(PageDigest::MAX_HEADINGS * 2),
        );
        // The article where the page marks no main region
        // (`crate::main_content`), not the body with its menus.
        let main = crate::main_content::reader_region(&trees, doc)
            .map(|(m, _, _)| crate::trees::text::rendered_text_upto(&m, &trees.hosts(), Some(ENOUGH)))
            .unwrap_or_default();
        if i == 0 {
            text = main;
        } else if !main.trim().is_empty() {
            text.push_str(&format!("\n[Frame “{}”]\n{main}", doc.title().trim()));
        }
    }
    let mut digest = PageDigest::new(&page_url(document), &document.title(), headings, &text);
    let content_type = document.content_type();
    if content_type != "text/html" {
        digest.content_type = Some(content_type);
    }
    digest
}

/// `selector`'s matches outside `aria-hidden`/`inert` subtrees: the
/// selector engine does the ancestor test for every match at once
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
