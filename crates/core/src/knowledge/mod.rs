//! Knowledge of what the user read (issue 43 point 4, seed 004 §2 and §7):
//! an opt-in, bounded local index of pages the user actually read, and
//! questions about it answered by rules, with one optional model call.
//!
//! - [`settings`]: on/off (off by default), excluded sites, which pages
//!   may be indexed (never incognito, non-http(s) or excluded sites).
//! - [`record`]: a page as stored, from the page digest, redacted, with
//!   [`text`] keywords and [`entities`] found by rules.
//! - [`pdf`]: a PDF's extracted text made into the same record.
//! - [`index`]: the size budget, oldest-first eviction, forgetting a site.
//! - [`time`] and [`query`]: temporal filters against a passed-in
//!   [`time::Clock`]; whether an input is a knowledge question, its intent,
//!   topic and entities.
//! - [`rank`]: hybrid ranking (BM25 + entities + phrase + recency).
//! - [`answer`]: the panel's list of sources with snippets, and the
//!   budgeted prompt for the model's answer.
//!
//! The service worker stores records in IndexedDB and runs these
//! functions; nothing here does I/O or reads a clock.

pub mod answer;
pub mod entities;
pub mod index;
pub mod pdf;
pub mod query;
pub mod rank;
pub mod record;
pub mod settings;
pub mod text;
pub mod time;

#[cfg(test)]
mod tests;
