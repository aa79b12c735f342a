//! State and actions of the options page's "Allowed sites" list, kept
//! apart from its view (`sites.rs`): the origins the agent may act on
//! without asking (`ListSites`), and forgetting one (`ForgetSite`, which
//! the worker answers with the list as it now is).

use crate::client::{Client, Reply};
use bc_core::protocol::{PanelRequest, RequestId};
use leptos::prelude::*;

/// The allowed sites. `Copy`: every field is a reactive handle.
#[derive(Clone, Copy)]
pub struct SitesState {
    client: StoredValue<Client, LocalStorage>,
    /// Sorted origins; `None` until the worker answered.
    pub sites: RwSignal<Option<Vec<String>>>,
    /// Why the list could not be loaded or a site removed.
    pub error: RwSignal<Option<String>>,
    /// The origin whose removal is on its way.
    pub removing: RwSignal<Option<String>>,
}

impl SitesState {
    pub fn new(client: Client) -> Self {
        SitesState {
            client: StoredValue::new_local(client),
            sites: RwSignal::new(None),
            error: RwSignal::new(None),
            removing: RwSignal::new(None),
        }
    }

    /// Fetches the list.
    pub fn load(self) {
        self.send(|id| PanelRequest::ListSites { id });
    }

    /// Forgets `origin`: the agent asks again before acting there.
    pub fn forget(self, origin: String) {
        self.removing.set(Some(origin.clone()));
        self.send(move |id| PanelRequest::ForgetSite { id, origin });
    }

    fn send(self, request: impl FnOnce(RequestId) -> PanelRequest) {
        self.client.with_value(|client| {
            let id = client.next_id();
            client.send(request(id), move |reply| {
                self.removing.set(None);
                match reply {
                    Reply::Sites(sites) => {
                        self.sites.set(Some(sites));
                        self.error.set(None);
                    }
                    Reply::Failed(failure) => self.error.set(Some(failure.to_string())),
                    _ => {}
                }
            });
        });
    }
}
