//! The options page: where the user points Browser Copilot at an
//! OpenAI-compatible endpoint. State and requests live in [`state`]; the
//! components here only show it.

mod field;
mod form;
mod help;
pub mod state;
mod status;

use field::Field;
use form::SettingsForm;
use help::EndpointHelp;
use leptos::prelude::*;
pub use state::{OptionsState, Status};
use status::StatusLine;

/// The whole options page: title, settings form, status line, examples.
#[component]
pub fn OptionsPage(
    /// The form's state; the caller decides when to load it.
    state: OptionsState,
) -> impl IntoView {
    view! {
        <main class="options">
            <h1>"Browser Copilot options"</h1>
            <p class="lead">"Browser Copilot answers questions with any OpenAI-compatible chat API."</p>
            <SettingsForm state />
            <StatusLine status=state.status />
            <EndpointHelp />
        </main>
    }
}
