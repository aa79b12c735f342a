//! The side panel: a conversation about the page in the active tab, and
//! the history of past tasks, and recorded flows. State and requests live in [`state`] (an
//! agent task's in [`task`], the history's in [`history`]); the
//! components only show it.

mod composer;
mod download;
mod exchange;
mod flows;
mod flows_view;
mod focus;
mod header;
pub mod history;
mod history_view;
mod knowledge_view;
mod offers;
mod prompt;
pub mod state;
pub mod task;
#[cfg(test)]
mod task_tests;
mod task_view;
mod transcript;

use composer::Composer;
pub use flows::Flows;
use flows_view::FlowsScreen;
use header::Header;
pub use history::{History, Screen};
use history_view::HistoryScreen;
use leptos::prelude::*;
pub use state::{AnswerState, Conversation, Exchange};
use transcript::Transcript;

/// The whole side panel: header, then the conversation and composer, or
/// the task history. The conversation stays mounted while the history
/// shows, so a running task's cards keep what the user typed.
#[component]
pub fn SidePanel(
    /// The conversation to show and drive.
    conversation: Conversation,
    /// The task history and which screen shows.
    history: History,
    /// Recorded flows.
    flows: Flows,
) -> impl IntoView {
    // For the suggestions under a step, which run sentences as typed.
    provide_context(conversation);
    let in_history = move || history.screen.get() == Screen::History;
    let in_flows = move || history.screen.get() == Screen::Flows;
    view! {
        <div class="panel">
            <Header conversation history flows />
            <div class="chat" hidden=move || in_history() || in_flows()>
                <Transcript conversation />
                <Composer conversation />
            </div>
            <Show when=in_history>
                <HistoryScreen history />
            </Show>
            <Show when=in_flows>
                <FlowsScreen flows conversation />
            </Show>
        </div>
    }
}
