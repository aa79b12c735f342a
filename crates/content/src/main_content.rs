//! Reads the per-block facts of `bc_core::main_content` from a region of
//! the page and finds the article in a page without landmarks (issue 44
//! point 3). Every decision is the core's; this module only reads:
//! `textContent` (no layout, no `innerText`), `checkVisibility` per block,
//! `closest`, class and id attributes.
//!
//! Cost (it runs for every summary and every Q&A digest): one
//! `querySelectorAll` for the blocks of the region, at most
//! [`MAX_SCANNED`] matches looked at and [`MAX_BLOCKS`] kept; per block
//! its text length (read without copying the string into WASM), at most
//! [`MAX_BLOCK_TEXT`] characters copied to count words and commas, its
//! links' lengths, a `closest` for boilerplate, and its three ancestors,
//! each read once (a `Map` from element to index: tag, class, id, role).
//! Text and link lengths of containers only for the core's shortlist
//! (`bc_core::main_content::shortlist`). Text lengths are read as JS
//! string lengths: a 10 MB `<pre>` is never copied.
//! Shadow roots are not looked into: their text is read for the region
//! chosen, not scored.

use crate::digest::{has_box, outside_hidden_subtrees};
use crate::pcd::dom::attr;
use bc_core::main_content::{BlockFact, BlockFacts, ContainerFact};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, HtmlElement};

/// Leaves of the page's text structure: paragraphs and preformatted text,
/// cells, quotes and list items without blocks inside, and `div`s and
/// `section`s of text only (forums and CMSs write paragraphs as `<div>`s
/// with `<br>`s).
/// Only children are looked at (`:has(> …)`): a descendant `:has` walks
/// every `div`'s subtree (on a 50k-element page it was most of the cost).
const BLOCKS: &str = "p, pre, dd:not(:has(> p, > div, > dl)), td:not(:has(> table, > p, > div)), blockquote:not(:has(> p, > div)), \
    li:not(:has(> p, > div, > ul, > ol)), \
    div:not(:has(> div, > p, > pre, > table, > ul, > ol, > dl, > blockquote, > section, > article, > h1, > h2, > h3, > h4, > form)), \
    section:not(:has(> div, > p, > section, > article, > ul, > ol))";

/// What may be boilerplate around a block; the core reads the words
/// (`bc_core::main_content` hints) and decides. The body and the root are
/// never asked (WordPress puts `has-sidebar` on the `<body>`).
const BOILER: &str = ":not(body, html):is(nav, aside, footer, [role=navigation i], [role=complementary i], [role=contentinfo i], \
    [class*=sidebar i], [id*=sidebar i], [class*=comment i], [id*=comment i], [class*=menu i], [class*=nav i], \
    [class*=footer i], [class*=related i], [class*=share i], [class*=cookie i], [class*=consent i], \
    [class*=newsletter i], [class*=promo i], [class*=widget i], [class*=trending i])";

/// Block candidates looked at, at most.
pub const MAX_SCANNED: u32 = 1500;
/// Blocks kept, at most.
pub const MAX_BLOCKS: usize = 400;
/// Characters of a block copied into WASM to count its words and commas.
const MAX_BLOCK_TEXT: u32 = 3000;
/// Characters from which a block that is not a `<p>` is a candidate for
/// the article itself (a table cell, a forum post's `div` of text).
const OWN_CHARS: u32 = 500;
/// Characters a block needs to be read at all (the core's minimum).
const MIN_CHARS: u32 = 25;

/// The facts of the blocks inside `region`, and the containers' elements
/// (same indices as `facts.containers`).
pub struct Found {
    pub facts: BlockFacts,
    pub containers: Vec<Element>,
}

/// Reads the blocks of `region` (document order, rendered, outside
/// `aria-hidden`/inert subtrees).
pub fn blocks(region: &Element) -> Found {
    let mut found = Collector { facts: BlockFacts::default(), containers: Vec::new(), index: js_sys::Map::new(), region: region.clone() };
    let Ok(list) = region.query_selector_all(&outside_hidden_subtrees(BLOCKS)) else { return found.done() };
    for i in 0..list.length().min(MAX_SCANNED) {
        if found.facts.blocks.len() >= MAX_BLOCKS {
            break;
        }
        let Some(el) = list.item(i).map(JsCast::unchecked_into::<Element>) else { continue };
        found.block(&el);
    }
    found.done()
}

/// The article's element of a page whose main region is the body: the
/// core's choice over the body's blocks, the containers it shortlists
/// measured first; `None` when no container holds enough prose. Also
/// gives the facts it chose from.
pub fn article(body: &HtmlElement) -> (Option<HtmlElement>, Found) {
    let mut found = blocks(body);
    for i in bc_core::main_content::shortlist(&found.facts) {
        let chars = text_of(&found.containers[i]).length();
        let c = &mut found.facts.containers[i];
        c.chars = chars;
        c.link_chars = link_chars(&found.containers[i], chars);
        c.measured = true;
    }
    let chosen = bc_core::main_content::choose(&found.facts)
        .and_then(|i| found.containers.get(i))
        .and_then(|el| crate::trees::as_html(el).cloned());
    (chosen, found)
}

struct Collector {
    facts: BlockFacts,
    containers: Vec<Element>,
    /// Element → index into `containers`.
    index: js_sys::Map,
    region: Element,
}

/// `el.textContent` as a JS string (not copied into WASM).
fn text_of(el: &Element) -> js_sys::JsString {
    js_sys::Reflect::get(el, &JsValue::from_str("textContent")).ok().and_then(|v| v.dyn_into().ok()).unwrap_or_default()
}

/// Characters of the text of the links in `el` (all of it when `el` is in
/// a link: a teaser card that is one big link).
fn link_chars(el: &Element, own: u32) -> u32 {
    if el.closest("a[href]").ok().flatten().is_some() {
        return own;
    }
    let Ok(links) = el.query_selector_all("a[href]") else { return 0 };
    (0..links.length()).filter_map(|i| links.item(i)).map(|a| text_of(a.unchecked_ref()).length()).sum::<u32>().min(own)
}

impl Collector {
    fn block(&mut self, el: &Element) {
        let text = text_of(el);
        let len = text.length();
        if len < MIN_CHARS || !has_box(el) {
            return;
        }
        let head = String::from(text.slice(0, MAX_BLOCK_TEXT));
        let (mut chars, commas, words) = BlockFact::measure(&head);
        if chars < MIN_CHARS {
            return;
        }
        if len > MAX_BLOCK_TEXT {
            chars += len - MAX_BLOCK_TEXT;
        }
        let mut path = Vec::with_capacity(3);
        let mut at = el.parent_element();
        while let Some(p) = at.filter(|p| p != &self.region) {
            if path.len() == 3 {
                break;
            }
            path.push(self.container(&p));
            at = p.parent_element();
        }
        let own = (chars >= OWN_CHARS && !el.tag_name().eq_ignore_ascii_case("p")).then(|| self.container(el));
        let boiler = el.closest(BOILER).ok().flatten().filter(|b| b != &self.region && self.region.contains(Some(b.unchecked_ref()))).map(|b| self.container(&b));
        let link_chars = link_chars(el, chars);
        let breaks = if own.is_some() { el.query_selector_all("br").map_or(0, |l| l.length()) } else { 0 };
        self.facts.blocks.push(BlockFact { chars, link_chars, commas, breaks, words, path, own, boiler });
    }

    /// The index of container `el`, read the first time it is met.
    fn container(&mut self, el: &Element) -> u32 {
        if let Some(i) = self.index.get(el).as_f64() {
            return i as u32;
        }
        let i = self.containers.len() as u32;
        let hint = [attr(el, "class"), attr(el, "id"), attr(el, "role")].into_iter().flatten().collect::<Vec<_>>().join(" ");
        let hint: String = hint.to_lowercase().chars().take(200).collect();
        self.facts.containers.push(ContainerFact { tag: el.tag_name().to_ascii_lowercase(), hint, ..Default::default() });
        self.index.set(el, &JsValue::from(i));
        self.containers.push(el.clone());
        i
    }

    fn done(mut self) -> Found {
        for (i, el) in self.containers.iter().enumerate() {
            let parent = el.parent_element().and_then(|p| self.index.get(&p).as_f64());
            self.facts.containers[i].parent = parent.map(|p| p as u32);
        }
        Found { facts: self.facts, containers: self.containers }
    }
}

/// The region a reader wants and the prose in it: the main region
/// (`Trees::main_region`), except that where that falls back to the body
/// the article found in it stands instead (the flag is then false, as for
/// a landmark), with the paragraph-level fact of the page type
/// (`bc_core::main_content::prose`). A region with a landmark is taken
/// as it is and its prose is not read (default): reading it doubled the
/// summary's time on the Rust docs, whose types were right already.
pub fn reader_region(trees: &crate::trees::Trees, document: &web_sys::Document) -> Option<(HtmlElement, bool, bc_core::main_content::Prose)> {
    match trees.main_region(document)? {
        (body, true) => {
            let (chosen, found) = article(&body);
            let within = chosen.as_ref().and_then(|c| found.containers.iter().position(|el| el == c.unchecked_ref::<Element>()));
            let prose = bc_core::main_content::prose(&found.facts, within);
            Some(match chosen {
                Some(a) => (a, false, prose),
                None => (body, true, prose),
            })
        }
        (m, false) => Some((m, false, Default::default())),
    }
}
