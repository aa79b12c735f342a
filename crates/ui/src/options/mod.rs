//! The options page: where the user points Browser Copilot at an
//! OpenAI-compatible endpoint, sets how the agent works, and sees the
//! sites it may act on without asking, and turns the reading history
//! on. State and requests live in [`state`], [`agent_state`],
//! [`sites_state`] and [`knowledge_state`]; the components here only show
//! it.

mod agent_form;
pub mod agent_state;
mod explore_form;
mod field;
mod form;
mod help;
mod knowledge;
pub mod knowledge_state;
mod sites;
pub mod sites_state;
pub mod state;
mod status;

use agent_form::AgentSection;
pub use agent_state::AgentState;
use field::Field;
use form::SettingsForm;
use help::EndpointHelp;
use knowledge::ReadingHistory;
pub use knowledge_state::KnowledgeState;
use leptos::prelude::*;
use sites::AllowedSites;
pub use sites_state::SitesState;
pub use state::{OptionsState, Status};
use status::StatusLine;

/// The whole options page: title, endpoint form and its status line,
/// examples, then the Agent form and the allowed sites.
#[component]
pub fn OptionsPage(
    /// The endpoint form's state; the caller decides when to load it.
    state: OptionsState,
    /// The Agent form's state.
    agent: AgentState,
    /// The allowed sites.
    sites: SitesState,
    /// The reading history (the knowledge index).
    knowledge: KnowledgeState,
) -> impl IntoView {
    view! {
        <main class="options">
            <h1>"Browser Copilot options"</h1>
            <p class="lead">"Browser Copilot answers questions with any OpenAI-compatible chat API."</p>
            <SettingsForm state />
            <StatusLine id="settings-status" status=state.status />
            <EndpointHelp />
            <AgentSection agent />
            <AllowedSites sites />
            <ReadingHistory knowledge />
        </main>
    }
}
