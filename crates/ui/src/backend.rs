//! The port between the pages and the service worker (ports and adapters).
//!
//! [`Backend`] is all the pages know of the outside world: it carries
//! [`PanelRequest`]s out, [`PanelEvent`]s in, tells when the connection to the
//! worker is lost, and opens the options page. [`ChromeBackend`] implements it
//! with `chrome.runtime`; [`FakeBackend`] records requests and lets a test push
//! events. Request bookkeeping (ids, routing, failing requests lost with the
//! connection) lives above this layer, in [`crate::client`].

mod chrome;
mod fake;

pub(crate) use chrome::describe;
pub use chrome::ChromeBackend;
pub use fake::FakeBackend;

use bc_core::protocol::{PanelEvent, PanelRequest};
use std::rc::Rc;

/// Identifies one connection to the service worker. A new one starts
/// whenever the previous was lost and a request has to be sent.
pub type ConnectionId = u64;

/// What a [`Backend`] reports to its listener.
#[derive(Debug, Clone, PartialEq)]
pub enum BackendEvent {
    /// A decoded message from the service worker.
    Event(PanelEvent),
    /// The connection was lost (e.g. Chrome stopped the service worker):
    /// requests sent on it will never be answered.
    Disconnected(ConnectionId),
}

/// Receives [`BackendEvent`]s; called outside of any borrow of the backend,
/// so it may call back into it.
pub type Listener = Rc<dyn Fn(BackendEvent)>;

/// The service worker, as the pages see it.
pub trait Backend {
    /// Sends a request, connecting first if needed, and tells on which
    /// connection it went out. `Err` carries a message for the user.
    fn send(&self, request: &PanelRequest) -> Result<ConnectionId, String>;
    /// Sets the one listener for events and disconnections.
    fn set_listener(&self, listener: Listener);
    /// Opens the extension's options page.
    fn open_options_page(&self);
    /// Calls `f` with the tab's URL (empty when the browser hides it)
    /// whenever the page the copilot would work on may have changed: a tab
    /// was activated, or the active tab finished loading.
    fn watch_front_page(&self, f: Rc<dyn Fn(String)>);
}
