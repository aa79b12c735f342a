//! Helpers for the options page tests: the page loaded with what a
//! worker would answer to its four opening requests.

use super::{settle, Page};
use bc_core::agent::settings::AgentSettings;
use bc_core::protocol::{PanelEvent, PanelRequest};
use bc_core::settings::SettingsView;

/// The endpoint form's status line.
pub const SETTINGS_STATUS: &str = "#settings-status[role=status]";
/// The Agent form's status line.
pub const AGENT_STATUS: &str = "#agent-status[role=status]";
/// The id of the first request a test makes after loading.
pub const FIRST_ID: u32 = 5;

/// Mounts the options page, checks its opening requests (endpoint
/// settings, agent settings, allowed sites, reading history) and answers
/// them (the reading history: off, as it starts).
pub async fn loaded(
    settings: Option<SettingsView>,
    agent: AgentSettings,
    sites: Vec<String>,
) -> Page {
    let page = Page::options().await;
    assert_eq!(
        page.fake.take_requests(),
        vec![
            PanelRequest::GetSettings { id: 1 },
            PanelRequest::GetAgentSettings { id: 2 },
            PanelRequest::ListSites { id: 3 },
            PanelRequest::GetKnowledge { id: 4 },
        ]
    );
    page.fake.push(PanelEvent::Settings { id: 1, settings });
    page.fake.push(PanelEvent::AgentSettings {
        id: 2,
        settings: agent,
    });
    page.fake.push(PanelEvent::Sites { id: 3, sites });
    page.fake.push(PanelEvent::Knowledge {
        id: 4,
        state: Default::default(),
    });
    settle().await;
    page
}
