//! State and actions of the options page's "Reading history" section,
//! kept apart from its view (`knowledge.rs`): the switch (off by default),
//! the excluded sites, forgetting a site, deleting everything. Every
//! request is answered with the index as it now is (`PanelEvent::Knowledge`).

use crate::client::{Client, Reply};
use bc_core::knowledge::settings::KnowledgeView;
use bc_core::protocol::{PanelRequest, RequestId};
use leptos::prelude::*;

/// The reading history's state. `Copy`: every field is a reactive handle.
#[derive(Clone, Copy)]
pub struct KnowledgeState {
    client: StoredValue<Client, LocalStorage>,
    /// `None` until the worker answered.
    pub view: RwSignal<Option<KnowledgeView>>,
    /// The site typed into "Forget a site".
    pub site: RwSignal<String>,
    /// The last change's outcome, or why it failed.
    pub message: RwSignal<Option<String>>,
    pub busy: RwSignal<bool>,
}

impl KnowledgeState {
    pub fn new(client: Client) -> Self {
        KnowledgeState {
            client: StoredValue::new_local(client),
            view: RwSignal::new(None),
            site: RwSignal::new(String::new()),
            message: RwSignal::new(None),
            busy: RwSignal::new(false),
        }
    }

    pub fn load(self) {
        self.send(|id| PanelRequest::GetKnowledge { id });
    }

    pub fn set_enabled(self, enabled: bool) {
        self.send(move |id| PanelRequest::SetKnowledgeEnabled { id, enabled });
    }

    /// Forgets the site typed in the field.
    pub fn forget_typed(self) {
        let site = self.site.get_untracked().trim().to_owned();
        if site.is_empty() {
            return;
        }
        self.send(move |id| PanelRequest::ForgetKnowledgeSite { id, site: Some(site) });
    }

    /// Indexes an excluded site again.
    pub fn include(self, site: String) {
        self.send(move |id| PanelRequest::IncludeKnowledgeSite { id, site });
    }

    pub fn clear(self) {
        self.send(|id| PanelRequest::ClearKnowledge { id });
    }

    fn send(self, request: impl FnOnce(RequestId) -> PanelRequest) {
        self.busy.set(true);
        self.client.with_value(|client| {
            let id = client.next_id();
            client.send(request(id), move |reply| {
                self.busy.set(false);
                match reply {
                    Reply::Knowledge(view) => {
                        let note = view.forgot.as_ref().map(|f| {
                            format!("Forgot {}: {} {} deleted.", f.site, f.pages, if f.pages == 1 { "page" } else { "pages" })
                        });
                        if note.is_some() {
                            self.site.set(String::new());
                        }
                        self.message.set(note);
                        self.view.set(Some(view));
                    }
                    Reply::Failed(failure) => self.message.set(Some(failure.to_string())),
                    _ => {}
                }
            });
        });
    }
}

/// "12 pages (34 kB)".
pub fn size_line(view: &KnowledgeView) -> String {
    let kb = view.bytes.div_ceil(1000);
    match view.pages {
        0 => "No page stored.".to_owned(),
        1 => format!("1 page stored ({kb} kB)."),
        n => format!("{n} pages stored ({kb} kB)."),
    }
}
