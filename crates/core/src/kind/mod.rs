//! Kind and purpose inference (seed 000 §5 "Kind/purpose", §8.3 goal
//! predicates): what a control does ([`ActionKind`]) and what a form is for
//! ([`FormPurpose`]), from labels and the cheap context the DOM side reads.
//!
//! Both are table-driven: each heuristic is one row of [`ACTION_RULES`] or
//! [`FORM_RULES`] (first matching row wins), and each row has a fixture in
//! `tests.rs`. Keyword sets are English first, with a few common synonyms
//! and German/French/Spanish words.
//!
//! - [`names`]: the kind and purpose enums and their wire names.
//! - [`action`]: [`infer_action_kind`] over [`ActionContext`].
//! - [`form`]: [`infer_form_purpose`] over [`FormFacts`].
//! - [`text`]: normalisation and phrase matching, shared with `rank`.
//! - [`phrases`]: the rule tables' keyword sets indexed by first word (one
//!   pass over a label finds every set it matches).

pub mod action;
pub mod form;
pub mod names;
pub mod phrases;
pub mod text;

#[cfg(test)]
mod tests;

pub use action::{explain_action_kind, infer_action_kind, ActionContext, ActionRule, ActionWhen, ACTION_RULES};
pub use form::{explain_form_purpose, infer_form_purpose, FieldFacts, FormFacts, FormRule, FormWhen, FORM_RULES};
pub use names::{ActionKind, FormPurpose, UnknownName};
