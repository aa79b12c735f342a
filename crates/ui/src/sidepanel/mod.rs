//! The side panel: a conversation about the page in the active tab.
//! State and requests live in [`state`]; the components only show it.

mod composer;
mod exchange;
mod header;
pub mod state;
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
