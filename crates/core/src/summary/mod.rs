//! The page summary of seed 001, computed from facts the DOM side collects.
//!
//! The content script reads a [`SummaryInput`] (documented field by field in
//! `input.rs`: what to read and from where) and does nothing else; this
//! module turns it into the seed's two shapes — one code path, two
//! [`Limits`], as the seed's "one script, two modes" (§3.2):
//! - [`compact`] → [`CompactPageSummary`] (§3.3, bundled after navigation,
//!   ≤ 350 tokens at p95: 323 o200k tokens at most over the 13 page
//!   fixtures in `fixtures/pages/`; 861 with every cap saturated — see
//!   `tests.rs`);
//! - [`full`] → [`FullPageSummary`] (§4.3, standalone `page_summary`).
//!
//! Pure: no DOM, no network, no clock. Every free-text string that goes out
//! (title, headings, labels, previews, links) is redacted (`redact.rs`).
//!
//! | module        | what |
//! |---------------|------|
//! | `input`       | [`SummaryInput`]: the DOM side's contract |
//! | `output`      | the output shapes and [`Limits`] |
//! | `classify`    | [`classify`] → [`PageType`], a rule table (§3.4 + heuristics) |
//! | `cta`         | primary actions: filter, fold, rank, dedupe (§3.5) |
//! | `selector`    | `#id` > `[name]` > `[aria-label]` > `text=` with escaping |
//! | `sections`    | headings, forms, nav links, previews |
//! | `redact`      | e-mail / phone / card redaction |
//! | `text`        | clipping and label keys |

mod classify;
mod cta;
mod input;
mod output;
pub mod redact;
mod sections;
mod selector;
mod text;

#[cfg(test)]
mod tests;

pub use classify::{classify, decisive_words, PageType, Rule, Signals, RULES};
pub use text::word_count;
pub use input::{CtaCandidate, FieldFact, FormFact, HeadingFact, LinkFact, RectFact, SelectorHints, SummaryInput};
pub use output::{CompactPageSummary, FormSummary, FullPageSummary, Limits, NavLink, PrimaryAction};

/// The compact summary bundled after navigation (seed 001 §3.3).
/// Which summary `pcd.summary` returns (seed 001 §4.3).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SummaryMode {
    /// Bundled with navigation: ≤ 350 tokens, top-5 CTAs with selectors.
    #[default]
    Compact,
    /// The standalone analysis: headings H1–H3, nav links, forms, word count.
    Full,
}

impl SummaryMode {
    /// What the mode keeps (the DOM side also reads no more forms than it
    /// lists: looking for forms without a `<form>` costs a climb each).
    pub fn limits(self) -> Limits {
        match self {
            SummaryMode::Compact => Limits::COMPACT,
            SummaryMode::Full => Limits::FULL,
        }
    }
}

/// A summary of either mode; serialises as the mode's own object.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
pub enum PageSummary {
    Compact(CompactPageSummary),
    Full(FullPageSummary),
}

/// The summary of `mode` for the collected facts.
pub fn summarize(input: &SummaryInput, mode: SummaryMode) -> PageSummary {
    match mode {
        SummaryMode::Compact => PageSummary::Compact(compact(input)),
        SummaryMode::Full => PageSummary::Full(full(input)),
    }
}

pub fn compact(input: &SummaryInput) -> CompactPageSummary {
    let limits = SummaryMode::Compact.limits();
    CompactPageSummary {
        page_type: classify(input),
        title: sections::clean(&input.title, limits.max_title_chars),
        headings: sections::headings(input, &limits),
        primary_actions: cta::primary_actions(input),
        forms: sections::forms(input, &limits),
        content_preview: sections::preview(input, &limits),
        interactive_count: input.interactive_count,
    }
}

/// The full summary of a standalone `page_summary` (seed 001 §3.2, §4.3).
pub fn full(input: &SummaryInput) -> FullPageSummary {
    let limits = SummaryMode::Full.limits();
    FullPageSummary {
        url: redact::redact(input.url.trim()),
        title: sections::clean(&input.title, limits.max_title_chars),
        page_type: classify(input),
        headings: sections::headings(input, &limits),
        nav_links: sections::nav_links(input),
        forms: sections::forms(input, &limits),
        main_content_preview: sections::preview(input, &limits),
        interactive_element_count: input.interactive_count,
        word_count: input.word_count,
    }
}
