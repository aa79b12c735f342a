//! Kind and purpose inference (seed 000 §5 "Kind/purpose", §8.3 goal
//! predicates): what a control does ([`ActionKind`]) and what a form is for
//! ([`FormPurpose`]), from labels and the cheap context the DOM side reads.
//!
//! Both are table-driven: each heuristic is one row of [`ACTION_RULES`] or
//! [`FORM_RULES`] (first matching row wins), and each row has a fixture in
//! `tests.rs` (a test fails for a rule without one).
//!
//! Keywords of the common kinds (login, logout, signup, search, cart, add
//! to cart, checkout, download, invoice, settings, help, next page) are in
//! English, German, French, Spanish, Portuguese, Italian, Polish, Dutch,
//! Russian, Chinese, Japanese and Korean, written as [`text::normalize`]
//! leaves a label (a test checks every keyword). A keyword of a script
//! written without spaces between words (Han, kana, Thai; Hangul, which
//! glues particles on) is found inside a label's words ([`text::unspaced`]:
//! "用户登录" holds "登录"); elsewhere only whole words match.
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
