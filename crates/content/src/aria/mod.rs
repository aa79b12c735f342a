//! Accessible roles and names as Chromium's accessibility tree computes
//! them, read from the live DOM in the content script: [`computed_role`]
//! (explicit `role`, else HTML-AAM implicit), [`accessible_name`] (accname
//! 1.2) and [`is_hidden`]. Helpers keep DOM round trips low: the browser
//! filters with `matches`/`closest`; styles are read only where needed;
//! common names take the shortcuts of `quick.rs`, which give the same result.

mod batch;
mod content;
pub(crate) mod dom;
mod generated;
mod hidden;
mod implicit;
mod labels;
mod name;
mod native;
mod quick;
mod role;

pub use batch::{batch, set_dom_epoch, Batch};
pub(crate) use batch::epoch_now;
pub use generated::may_generate_text;
pub use hidden::{aria_modals, flat_contains, is_hidden, modal_dialog, top_modal};
pub(crate) use hidden::{is_unrendered, ARIA_HIDDEN_OR_INERT};
pub use name::{accessible_name, accessible_name_full};
pub(crate) use name::accessible_name_with;
pub use role::{computed_role, heading_level, Role};
