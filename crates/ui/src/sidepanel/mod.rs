//! The side panel: a conversation about the page in the active tab.
//! State and requests live in [`state`] (and an agent task's in [`task`]);
//! the components only show it.

mod composer;
mod exchange;
mod header;
mod prompt;
pub mod state;
pub mod task;
#[cfg(test)]
mod task_tests;
mod task_view;
mod transcript;

use composer::Composer;
use header::Header;
use leptos::prelude::*;
pub use state::{AnswerState, Conversation, Exchange};
use transcript::Transcript;

/// The whole side panel: header, transcript, composer.
#[component]
pub fn SidePanel(
    /// The conversation to show and drive.
    conversation: Conversation,
) -> impl IntoView {
    view! {
        <div class="panel">
            <Header conversation />
            <Transcript conversation />
            <Composer conversation />
        </div>
    }
}
