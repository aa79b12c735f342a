//! Accessible roles and names as Chromium's accessibility tree computes
//! them, read from the live DOM in the content script: [`computed_role`]
//! (explicit `role`, else HTML-AAM implicit), [`accessible_name`] (accname
//! 1.2) and [`is_hidden`]. Helpers keep DOM round trips low: the browser
//! filters with `matches`/`closest`; styles are read only where needed.

mod content;
pub(crate) mod dom;
mod hidden;
mod implicit;
mod name;
mod native;
mod role;

pub use hidden::is_hidden;
pub use name::accessible_name;
pub use role::{computed_role, heading_level, Role};
