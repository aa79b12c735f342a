//! MiniPCD (seed 000 §5): the compact digest of what can be done on a page.
//! `facts` is what the content script reads from the DOM; [`build`] turns it
//! into a bounded [`MiniPcd`](crate::types::MiniPcd) plus the [`Bindings`]
//! from ids back to collected elements.
//!
//! - [`facts`] — the DOM → core contract ([`PageFacts`]).
//! - [`build`](mod@build) — the pipeline, [`Built`], `origin`.
//! - [`roles`] — computed ARIA role → MiniAction role, field or action.
//! - [`labels`] — display labels, normalised keys, camelCase.
//! - [`actions`] — action candidates, kind context, cluster dedupe.
//! - [`templates`] — per-item repeated controls → one template action.
//! - [`collections`] — which groups are collections, and their names.
//! - [`fields`] — `itemFields` from columns and samples (price/date/… recognisers).
//! - [`forms`] — form purpose and field summaries.
//! - [`login`] — `loginState`.
//! - [`budget`] — priorities, the 30/20/20 cut, [`Budget`] halved after long tasks.
//! - [`ids`] — short stable hash ids.
//! - [`bindings`] — [`Bindings`] and [`rank_candidates`] for `pcd.query`.
//! - [`version`] — when `ts` moves: [`Fingerprint`]s of landmark content, [`Version`].

pub mod actions;
pub mod bindings;
pub mod budget;
pub mod build;
pub mod collections;
pub mod extract;
pub mod facts;
pub mod fields;
pub mod forms;
pub mod ids;
pub mod implicit_forms;
pub mod labels;
pub mod login;
pub mod roles;
pub mod templates;
pub mod version;

#[cfg(test)]
mod tests;

pub use bindings::{rank_candidates, ActionBinding, Bindings, EntryBinding, Target};
pub use budget::Budget;
pub use build::{build, build_with, Built, MAX_UNLISTED, UNLISTED_ACTIONS};
pub use facts::{ControlFact, FormFact, GroupFact, GroupRef, ItemSample, PageFacts, Rect};
pub use version::{Fingerprint, Version};
