//! The two summary shapes of seed 001: [`CompactPageSummary`] (§3.3, bundled
//! after navigation) and [`FullPageSummary`] (§3.2/§4.3, standalone
//! `page_summary`), with the seed's snake_case JSON field names in the seed's
//! order, and the [`Limits`] that tell the two modes apart.

use serde::{Deserialize, Serialize};

use super::classify::PageType;

/// Seed 001 §3.3. Target ≤ 350 tokens serialised (tested on fixtures).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CompactPageSummary {
    #[serde(rename = "type")]
    pub page_type: PageType,
    /// `document.title`, ≤ 120 chars.
    pub title: String,
    /// H1s only, max 3, each "h1: Text".
    pub headings: Vec<String>,
    /// Top 5 CTAs (§3.5).
    pub primary_actions: Vec<PrimaryAction>,
    /// Max 3 forms × 5 fields.
    pub forms: Vec<FormSummary>,
    /// First 300 chars of the main region, redacted.
    pub content_preview: String,
    pub interactive_count: u32,
}

/// Seed 001 §3.2 full mode / §4.3 "standalone analyze".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FullPageSummary {
    pub url: String,
    pub title: String,
    #[serde(rename = "type")]
    pub page_type: PageType,
    /// H1–H3 in document order, max 30, each "hN: Text".
    pub headings: Vec<String>,
    /// Max 25, deduplicated.
    pub nav_links: Vec<NavLink>,
    /// Max 10 forms × 25 fields.
    pub forms: Vec<FormSummary>,
    /// First 500 chars of the main region, redacted.
    pub main_content_preview: String,
    pub interactive_element_count: u32,
    pub word_count: u32,
}

/// One ranked CTA: `{label, selector, tag}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PrimaryAction {
    /// ≤ 40 chars.
    pub label: String,
    /// `#id`, `[name="…"]`, `[aria-label="…"]`, `text=…`, or a tag fallback
    /// such as `input[type="submit"]` (see `selector.rs`).
    pub selector: String,
    /// Lowercase tag name.
    pub tag: String,
}

/// A form as its field names/labels.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FormSummary {
    pub fields: Vec<String>,
}

/// A navigation link. `text` (not `label`) as in the existing full payload
/// the seed keeps "unchanged" (§9).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NavLink {
    pub text: String,
    pub href: String,
}

/// What differs between the modes (seed 001 §4.3); one code path uses both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Highest heading level kept (1 = H1 only).
    pub max_heading_level: u8,
    pub max_headings: usize,
    pub max_forms: usize,
    pub max_fields: usize,
    pub max_preview_chars: usize,
    pub max_title_chars: usize,
}

impl Limits {
    pub const COMPACT: Limits = Limits {
        max_heading_level: 1,
        max_headings: 3,
        max_forms: 3,
        max_fields: 5,
        max_preview_chars: 300,
        max_title_chars: 120,
    };
    /// The seed puts no cap on the full title; 200 bounds a hostile one.
    pub const FULL: Limits = Limits {
        max_heading_level: 3,
        max_headings: 30,
        max_forms: 10,
        max_fields: 25,
        max_preview_chars: 500,
        max_title_chars: 200,
    };
    /// Per heading: the seed gives no cap; a heading is a line, not a page.
    pub const MAX_HEADING_CHARS: usize = 120;
    pub const MAX_FIELD_CHARS: usize = 40;
    pub const MAX_NAV_LINKS: usize = 25;
    pub const MAX_NAV_LABEL_CHARS: usize = 80;
    pub const MAX_HREF_CHARS: usize = 300;
    pub const MAX_CTAS: usize = 5;
    pub const MAX_CTA_LABEL_CHARS: usize = 40;
}
