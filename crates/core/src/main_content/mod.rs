//! Where a page's article is when the page marks no `main`/`article`
//! landmark (issue 44 point 3): reader modes' question, answered over
//! cheap per-block facts the content module reads ([`BlockFacts`]).
//!
//! On about one real page in ten without landmarks the compact summary's
//! preview and the Q&A main text began with the navigation menu ("Home
//! News Breaking News Local …"), because the main region fell back to the
//! body. Readers (Mozilla Readability, Safari's reader, boilerpipe) find
//! the article by scoring containers for the prose directly inside them;
//! this module does the same, with its own weights:
//! - a *block* is a leaf of text (`p`, `pre`, `td`, `li`, a `div` of text
//!   only …) with its length, links, commas and up to three ancestors;
//! - a block weighs by its length and commas, times the share of it that
//!   is not link text; a block inside boilerplate (a `nav`, `aside`,
//!   `footer`, a comments, sidebar, share or cookie box) weighs nothing;
//! - each ancestor gets the weight, halved at the grandparent and divided
//!   by six at the great-grandparent, on top of a prior from its tag and
//!   its class/id words (`hints.rs`: "article", "entry", "story" up;
//!   "sidebar", "comment", "related", "promo" down);
//! - a container's score is scaled by the share of its text that is not
//!   link text; the best wins, then climbs to its parent while the parent
//!   keeps most of the score (an article split into a lead and a body),
//!   or to the nearest ancestor of it and two other near-best containers
//!   (a manual's chapter of sections).
//!
//! Two passes, as Readability applies link density to its top candidates
//! only: [`shortlist`] names the containers worth measuring (the best by
//! prose and the ancestors a choice may climb to); the content module
//! reads their text and link lengths; [`choose`] decides among them.
//!
//! [`prose`] is the paragraph-level fact the page type reads
//! (`summary::classify`, issue 44 point 2): how many blocks of the main
//! content are prose (25+ words, under a quarter links), and their words.
//!
//! Pure and bounded: the content module sends at most a few hundred blocks
//! (`MAX_BLOCKS` there), and everything here is linear in them.

mod hints;
mod score;

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

pub use score::{choose, scores, shortlist};

/// The blocks of text of a page's region and the containers above them.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct BlockFacts {
    /// Rendered text blocks, document order.
    pub blocks: Vec<BlockFact>,
    /// The blocks' ancestors (and boilerplate containers) they name by index.
    pub containers: Vec<ContainerFact>,
}

/// One block of text: a leaf of the page's text structure.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct BlockFact {
    /// Characters of its text (`textContent`, whitespace collapsed).
    pub chars: u32,
    /// Characters of the text of the links inside it.
    pub link_chars: u32,
    /// Commas, Latin and CJK (`,`, `，`, `、`): a sign of sentences.
    pub commas: u32,
    /// `<br>` elements inside: a block of text written with line breaks
    /// (`text<br><br>text`) holds that many paragraphs, about.
    pub breaks: u32,
    /// Words, as [`crate::summary::word_count`] counts them.
    pub words: u32,
    /// Indices into [`BlockFacts::containers`]: parent, grandparent,
    /// great-grandparent (as many as exist below the body).
    pub path: Vec<u32>,
    /// The block itself as a container, for a long block that may be the
    /// whole article (a table cell of an old layout, a forum post's `div`
    /// of text with `<br>`s): it gets its own weight in full.
    pub own: Option<u32>,
    /// The nearest ancestor that looks like boilerplate (a `nav`, `aside`,
    /// `footer`, `[role=navigation|complementary|contentinfo]`, or a class
    /// or id naming a sidebar, comments, …), as an index into containers;
    /// the core decides whether it is ([`hints::is_boilerplate`]).
    pub boiler: Option<u32>,
}

/// One container of blocks.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ContainerFact {
    /// Lowercase tag name.
    pub tag: String,
    /// Its `class` and `id` attributes, space-separated, lowercased, at
    /// most 200 characters.
    pub hint: String,
    /// Characters of its whole text (`textContent` length). Read only for
    /// the [`shortlist`] (`measured`): reading every container's links
    /// cost most of the summary on big pages.
    pub chars: u32,
    /// Characters of the text of the links inside it (as `chars`).
    pub link_chars: u32,
    /// Whether `chars` and `link_chars` were read.
    pub measured: bool,
    /// Its parent, when that is a container too.
    pub parent: Option<u32>,
}

impl BlockFact {
    /// A block's text measures: characters (whitespace collapsed), commas
    /// and words. `text` may be a prefix of a long block's text.
    pub fn measure(text: &str) -> (u32, u32, u32) {
        let mut chars = 0u32;
        let mut commas = 0u32;
        let mut space = true;
        for c in text.chars() {
            if c.is_whitespace() {
                if !space {
                    chars += 1;
                }
                space = true;
                continue;
            }
            space = false;
            chars += 1;
            if matches!(c, ',' | '，' | '、') {
                commas += 1;
            }
        }
        if space && chars > 0 {
            chars -= 1;
        }
        (chars, commas, crate::summary::word_count(text) as u32)
    }

    /// The share of its text inside links.
    pub fn link_density(&self) -> f64 {
        density(self.link_chars, self.chars)
    }
}

fn density(links: u32, chars: u32) -> f64 {
    if chars == 0 {
        0.0
    } else {
        (f64::from(links) / f64::from(chars)).min(1.0)
    }
}

/// What [`prose`] counts: the prose blocks of a region.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Prose {
    /// Blocks of 25+ words with under a quarter of their text in links,
    /// outside boilerplate (a block of `<br><br>`-separated text counts
    /// its paragraphs, one per 25 words at most).
    pub paragraphs: u32,
    /// Their words.
    pub words: u32,
}

/// Words a block needs to count as a paragraph of prose.
pub const PROSE_WORDS: u32 = 25;

/// The prose of the blocks inside container `within` (all blocks when
/// `None`): the paragraph-level fact of the page type's article rule.
pub fn prose(facts: &BlockFacts, within: Option<usize>) -> Prose {
    let mut out = Prose::default();
    for b in &facts.blocks {
        let inside = within.is_none_or(|w| score::is_inside(facts, b, w));
        let boiler = b.boiler.is_some_and(|c| facts.containers.get(c as usize).is_some_and(hints::is_boilerplate));
        if inside && !boiler && b.words >= PROSE_WORDS && b.link_density() < 0.25 {
            // A forum post or an old layout's cell of `<br><br>`-separated
            // paragraphs: as many as its words make room for.
            out.paragraphs += (b.breaks / 2 + 1).min(b.words / PROSE_WORDS).max(1);
            out.words += b.words;
        }
    }
    out
}
