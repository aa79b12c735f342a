//! One page the user read, as the index keeps it: title, URL, site, visit
//! time, headings, main text, keywords and entities. Built from the page
//! digest the content module already sends (`digest::PageDigest`), and
//! redacted here as the summary is (`summary::redact`) before anything is
//! derived from it, so no e-mail, phone or card number is stored.

use super::entities::{self, Entity};
use super::settings::site_of;
use super::text;
use crate::digest::PageDigest;
use crate::summary::redact::redact;
use serde::{Deserialize, Serialize};

/// The most keywords a record keeps.
pub const MAX_KEYWORDS: usize = 12;
/// Pages with fewer words than this are not worth indexing (a sign-in
/// form, an empty app shell).
pub const MIN_WORDS: usize = 40;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PageRecord {
    /// The page's URL without its fragment: the record's key.
    pub url: String,
    /// Its host without `www.` (what exclusions and "forget" name).
    pub site: String,
    pub title: String,
    /// When the user read it (ms since the epoch); a revisit moves it.
    pub visited_ms: f64,
    pub headings: Vec<String>,
    pub text: String,
    pub keywords: Vec<String>,
    pub entities: Vec<Entity>,
}

/// Why a page was not made into a record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotIndexed {
    #[error("not an http(s) page")]
    NotWeb,
    #[error("too little text ({words} words)")]
    TooShort { words: usize },
}

impl PageRecord {
    /// The record of `digest` read at `visited_ms`.
    pub fn from_digest(digest: &PageDigest, visited_ms: f64) -> Result<PageRecord, NotIndexed> {
        let site = site_of(&digest.url).ok_or(NotIndexed::NotWeb)?;
        let text = redact(&digest.text);
        let words = text.split_whitespace().count();
        if words < MIN_WORDS {
            return Err(NotIndexed::TooShort { words });
        }
        let title = redact(&digest.title);
        let headings: Vec<String> = digest.headings.iter().map(|h| redact(h)).collect();
        let all = format!("{title}. {}. {text}", headings.join(". "));
        let mut url = url::Url::parse(&digest.url).map_err(|_| NotIndexed::NotWeb)?;
        url.set_fragment(None);
        Ok(PageRecord {
            url: url.to_string(),
            site,
            keywords: text::keywords(&all, MAX_KEYWORDS),
            entities: entities::extract(&all),
            title,
            visited_ms,
            headings,
            text,
        })
    }

    /// What the record weighs in storage (its JSON size, in bytes).
    pub fn bytes(&self) -> usize {
        serde_json::to_string(self).map(|s| s.len()).unwrap_or(0)
    }

    /// The text BM25 reads: the title and headings count twice.
    pub fn searchable(&self) -> String {
        let head = format!("{} {}", self.title, self.headings.join(" "));
        format!("{head} {head} {} {}", self.keywords.join(" "), self.text)
    }
}
