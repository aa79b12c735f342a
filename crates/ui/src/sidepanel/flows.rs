//! The flows screen's state and requests (issue 43), kept apart from its
//! view (`flows_view.rs`): the saved flows, the recording in progress,
//! the review card of a flow just recorded (rename, delete a step, turn a
//! typed value into a parameter or back), healed steps waiting for Accept,
//! and export/import as JSON.

use super::history::Screen;
use crate::client::{Client, Reply};
use bc_core::flows::{FlowEdit, WebFlow};
use bc_core::protocol::{FlowsView, PanelRequest, RequestId};
use leptos::prelude::*;

/// The flows screen's state. `Copy`: every field is a reactive handle.
#[derive(Clone, Copy)]
pub struct Flows {
    client: StoredValue<Client, LocalStorage>,
    screen: RwSignal<Screen>,
    /// The list and what waits; `None` until the first answer.
    pub view: RwSignal<Option<FlowsView>>,
    /// The flow in the review card (just recorded, or being edited).
    pub review: RwSignal<Option<WebFlow>>,
    /// What the last request did, or why it failed.
    pub note: RwSignal<Option<String>>,
}

impl Flows {
    pub fn new(client: Client, screen: RwSignal<Screen>) -> Self {
        Flows { client: StoredValue::new_local(client), screen, view: RwSignal::new(None), review: RwSignal::new(None), note: RwSignal::new(None) }
    }

    /// Shows the flows screen, its list fetched afresh.
    pub fn show(self) {
        self.screen.set(Screen::Flows);
        self.request(|id| PanelRequest::ListFlows { id });
    }

    /// Back to the conversation.
    pub fn leave(self) {
        self.screen.set(Screen::Chat);
    }

    pub fn start_recording(self, name: String) {
        self.request(move |id| PanelRequest::StartRecording { id, name: name.clone() });
    }

    pub fn stop_recording(self) {
        self.request(|id| PanelRequest::StopRecording { id });
    }

    /// A review edit of the flow in the card.
    pub fn edit(self, edit: FlowEdit) {
        let Some(name) = self.review.with_untracked(|f| f.as_ref().map(|f| f.name.clone())) else { return };
        self.request(move |id| PanelRequest::EditFlow { id, name: name.clone(), edit: edit.clone() });
    }

    /// Closes the review card and shows the list again.
    pub fn done_reviewing(self) {
        self.review.set(None);
        self.request(|id| PanelRequest::ListFlows { id });
    }

    pub fn review_flow(self, flow: WebFlow) {
        self.review.set(Some(flow));
    }

    pub fn delete(self, name: String) {
        self.request(move |id| PanelRequest::DeleteFlow { id, name: name.clone() });
    }

    /// Removes every site command of `site` (a host).
    pub fn forget_site(self, site: String) {
        self.request(move |id| PanelRequest::ForgetSiteCommands { id, site: site.clone() });
    }

    pub fn accept_healing(self) {
        self.request(|id| PanelRequest::AcceptHealing { id });
    }

    pub fn import(self, text: String) {
        self.request(move |id| PanelRequest::ImportFlows { id, text: text.clone() });
    }

    /// Saves every flow as `flows.json`.
    pub fn export(self) {
        self.request(|id| PanelRequest::ExportFlows { id });
    }

    fn request(self, make: impl Fn(RequestId) -> PanelRequest + 'static) {
        self.client.with_value(|client| {
            let id = client.next_id();
            client.send(make(id), move |reply| self.apply(reply));
        });
    }

    fn apply(self, reply: Reply) {
        match reply {
            Reply::Flows(view) => {
                let _ = self.note.try_set(view.note.clone());
                let _ = self.view.try_set(Some(view));
            }
            Reply::FlowSaved(flow) => {
                let _ = self.note.try_set(None);
                let _ = self.review.try_set(Some(*flow));
            }
            Reply::FlowsExport(text) => {
                let saved = serde_json::from_str::<serde_json::Value>(&text).map_err(|e| e.to_string()).and_then(|v| super::download::save_json("flows.json", &v));
                let _ = self.note.try_set(Some(match saved {
                    Ok(()) => "Exported the flows to flows.json.".into(),
                    Err(e) => format!("Could not export: {e}"),
                }));
            }
            Reply::Failed(failure) => {
                let _ = self.note.try_set(Some(failure.to_string()));
            }
            _ => {}
        }
    }
}
