//! State and actions of the options page, kept apart from its views.

use crate::client::{Client, Reply};
use bc_core::protocol::PanelRequest;
use bc_core::settings::{Settings, SettingsInput, SettingsView};
use leptos::prelude::*;

/// What the status line says.
#[derive(Debug, Clone, PartialEq)]
pub enum Status {
    /// A request is on its way.
    Busy(String),
    Success(String),
    Error(String),
}

/// The form's fields and the state of its two requests. `Copy`: every field
/// is a handle into the reactive arena.
#[derive(Clone, Copy)]
pub struct OptionsState {
    client: StoredValue<Client, LocalStorage>,
    pub endpoint: RwSignal<String>,
    /// Only ever what the user typed: the stored key never comes back.
    pub api_key: RwSignal<String>,
    pub model: RwSignal<String>,
    pub timeout: RwSignal<String>,
    /// The masked stored key, e.g. `sk-…9f3a`.
    pub key_hint: RwSignal<Option<String>>,
    pub status: RwSignal<Option<Status>>,
    pub saving: RwSignal<bool>,
    pub testing: RwSignal<bool>,
}

impl OptionsState {
    pub fn new(client: Client) -> Self {
        OptionsState {
            client: StoredValue::new_local(client),
            endpoint: RwSignal::new(String::new()),
            api_key: RwSignal::new(String::new()),
            model: RwSignal::new(String::new()),
            timeout: RwSignal::new(Settings::DEFAULT_TIMEOUT_SECS.to_string()),
            key_hint: RwSignal::new(None),
            status: RwSignal::new(None),
            saving: RwSignal::new(false),
            testing: RwSignal::new(false),
        }
    }

    /// Fills the form from the stored settings.
    pub fn load(self) {
        self.client.with_value(|client| {
            let id = client.next_id();
            client.send(PanelRequest::GetSettings { id }, move |reply| match reply {
                Reply::Settings(Some(view)) => self.fill(&view),
                Reply::Settings(None) => {}
                Reply::Failed(failure) => self.status.set(Some(Status::Error(failure.to_string()))),
                _ => {}
            });
        });
    }

    /// Saves the form; an empty key field keeps the stored key.
    pub fn save(self) {
        let Some(settings) = self.input() else { return };
        self.saving.set(true);
        self.status.set(Some(Status::Busy("Saving…".into())));
        self.client.with_value(|client| {
            let id = client.next_id();
            client.send(
                PanelRequest::SaveSettings { id, settings },
                move |reply| match reply {
                    Reply::Saved(view) => {
                        self.fill(&view);
                        self.api_key.set(String::new());
                        self.finish(self.saving, Status::Success("Saved.".into()));
                    }
                    Reply::Failed(failure) => {
                        self.finish(self.saving, Status::Error(failure.to_string()))
                    }
                    _ => {}
                },
            );
        });
    }

    /// Tries the form's (possibly unsaved) values against the endpoint.
    pub fn test_connection(self) {
        let Some(settings) = self.input() else { return };
        self.testing.set(true);
        self.status
            .set(Some(Status::Busy("Testing the connection…".into())));
        self.client.with_value(|client| {
            let id = client.next_id();
            client.send(
                PanelRequest::TestConnection { id, settings },
                move |reply| match reply {
                    Reply::ConnectionOk(message) => {
                        self.finish(self.testing, Status::Success(message))
                    }
                    Reply::Failed(failure) => {
                        self.finish(self.testing, Status::Error(failure.to_string()))
                    }
                    _ => {}
                },
            );
        });
    }

    /// The API key placeholder: the stored hint, if a key is stored.
    pub fn key_placeholder(self) -> String {
        match self.key_hint.get() {
            Some(hint) => format!("Stored: {hint} (leave empty to keep)"),
            None => "Not stored (local servers may need none)".into(),
        }
    }

    fn finish(self, pending: RwSignal<bool>, status: Status) {
        pending.set(false);
        self.status.set(Some(status));
    }

    fn fill(self, view: &SettingsView) {
        self.endpoint.set(view.endpoint.clone());
        self.model.set(view.model.clone());
        self.timeout.set(view.timeout_secs.to_string());
        self.key_hint.set(view.api_key_hint.clone());
    }

    /// The form as [`SettingsInput`]; `None` (with the problem shown) when
    /// the timeout is not a number. Everything else the worker validates.
    fn input(self) -> Option<SettingsInput> {
        let timeout = self.timeout.get_untracked();
        let timeout_secs = match timeout.trim() {
            "" => None,
            text => match text.parse::<u32>() {
                Ok(secs) => Some(secs),
                Err(_) => {
                    self.status.set(Some(Status::Error(format!(
                        "The timeout must be a whole number of seconds (got `{text}`)."
                    ))));
                    return None;
                }
            },
        };
        let key = self.api_key.get_untracked();
        Some(SettingsInput {
            endpoint: self.endpoint.get_untracked(),
            api_key: (!key.trim().is_empty()).then_some(key),
            model: self.model.get_untracked(),
            timeout_secs,
        })
    }
}
