//! Finding the way (seed 000 §8.4, issue 42): when the page in front has
//! nothing that serves the goal, look further without asking the model
//! at every click.
//!
//! - [`template`]: URL templates, the key of a kind of page.
//! - [`graph`]: the per-origin site graph (pages, the links between them,
//!   the goal signals seen), bounded and serialisable.
//! - [`scoring`]: query words for a goal, which links may be followed,
//!   how much a page looks like the goal page.
//! - [`search`]: the beam search over an [`ExploreHost`] (background tabs
//!   in the service worker; a generated site in tests and the bench).
//! - [`sim`]: generated site trees with one goal page, for tests and
//!   `cargo xtask bench explore`.
//!
//! Start at [`search::explore`].

pub mod graph;
pub mod scoring;
pub mod search;
pub mod settings;
pub mod sim;
pub mod template;

#[cfg(test)]
mod tests;

pub use graph::SiteGraph;
pub use search::{explore, Cutoff, ExploreHost, ExploreProgress, ExploreReport, ExploreRequest, Link, PathStep, Reading};
pub use settings::{ExploreSettings, ExploreSettingsError};
pub use template::url_template;
