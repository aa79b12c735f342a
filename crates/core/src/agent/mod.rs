//! The agent (issue 40; seed 000 §9–§10, §12–§13; seeds 002 and 003): an
//! LLM controller that answers, asks or acts on the user's behalf.
//!
//! Everything here is pure: the controller reaches the model, the page,
//! the user and storage only through [`host::Host`], which the service
//! worker implements (bc-background `agent/`) and tests fake. Start
//! reading at [`controller::run`].
//!
//! - [`task`]: the task's state, turns and step records (persisted).
//! - [`tools`]: the tools offered to the model, their schemas and decoding;
//!   [`offer`]: which of them a task offers (what its pages can use).
//! - [`reply`]: reading a model reply's calls, however they were written.
//! - [`conversation`]: the request of each model call, within a budget.
//! - [`prompt`]: system prompts and the untrusted-data wrapper.
//! - [`page`]: the page listing, summary gist and change reports.
//! - [`step`]: carrying out one call; [`bind`]: ids/fields/selectors to
//!   elements; [`gates`]: site permission, confirmation, secrets.
//! - [`explore_step`]: the `explore` tool (background-tab search).
//! - [`loops`]: loop detection.
//! - [`settings`]: tool calling mode, fast model, step limit, prices.
//! - [`skills`]: several steps for one model call (sign in, search, fill
//!   a form, paginate, menus, to the checkout, extract), checked by their
//!   effects; [`goals`]: what a goal page shows, for progress and `done`.

pub mod answer_stream;
pub mod bind;
pub mod controller;
pub mod conversation;
pub mod explore_step;
pub mod gates;
pub mod goals;
pub mod host;
pub mod leaving;
pub mod loops;
pub mod offer;
pub mod page;
pub mod prompt;
pub mod reads;
pub mod reply;
pub mod scout;
pub mod settings;
pub mod skills;
pub mod step;
pub mod task;
pub mod tools;

#[cfg(test)]
mod fake;
#[cfg(test)]
mod controller_tests;
#[cfg(test)]
mod leaving_tests;
#[cfg(test)]
mod explore_tests;
#[cfg(test)]
mod scout_tests;
#[cfg(test)]
mod vision_tests;

pub use controller::run;
pub use host::{AgentConfig, Host, StreamPiece, TaskEvent, UserPrompt, UserReply};
pub use task::{StepRecord, StepStatus, Task, TaskStatus, ToolMode};
