//! An in-memory [`Backend`] for tests: records what the page sends and
//! delivers whatever events the test pushes.

use super::{Backend, BackendEvent, ConnectionId, Listener};
use bc_core::protocol::{PanelEvent, PanelRequest};
use std::cell::{Cell, RefCell};

/// Scriptable stand-in for the service worker.
#[derive(Default)]
pub struct FakeBackend {
    sent: RefCell<Vec<PanelRequest>>,
    listener: RefCell<Option<Listener>>,
    connection: Cell<ConnectionId>,
    options_opened: Cell<u32>,
    unreachable: RefCell<Option<String>>,
    front_page: RefCell<Vec<std::rc::Rc<dyn Fn(String)>>>,
}

impl FakeBackend {
    /// Every request sent so far, oldest first.
    pub fn requests(&self) -> Vec<PanelRequest> {
        self.sent.borrow().clone()
    }

    /// Every request sent so far, forgotten from here on.
    pub fn take_requests(&self) -> Vec<PanelRequest> {
        std::mem::take(&mut *self.sent.borrow_mut())
    }

    /// The most recent request.
    pub fn last_request(&self) -> Option<PanelRequest> {
        self.sent.borrow().last().cloned()
    }

    /// Delivers an event as if the service worker had sent it.
    pub fn push(&self, event: PanelEvent) {
        self.deliver(BackendEvent::Event(event));
    }

    /// Drops the current connection, as Chrome does when it stops the worker.
    pub fn disconnect(&self) {
        let lost = self.connection.get();
        self.connection.set(lost + 1);
        self.deliver(BackendEvent::Disconnected(lost));
    }

    /// Makes every later send fail with `message` (`None` heals it).
    pub fn set_unreachable(&self, message: Option<&str>) {
        *self.unreachable.borrow_mut() = message.map(str::to_owned);
    }

    /// How often the page asked to open the options page.
    pub fn options_opened(&self) -> u32 {
        self.options_opened.get()
    }

    /// Tells the watchers that the page in front changed, as the browser's
    /// tab events would.
    pub fn front_page_changed(&self, url: &str) {
        let watchers = self.front_page.borrow().clone();
        for f in watchers {
            f(url.to_owned());
        }
    }

    fn deliver(&self, event: BackendEvent) {
        let listener = self.listener.borrow().clone();
        if let Some(listener) = listener {
            listener(event);
        }
    }
}

impl Backend for FakeBackend {
    fn send(&self, request: &PanelRequest) -> Result<ConnectionId, String> {
        if let Some(message) = self.unreachable.borrow().clone() {
            return Err(message);
        }
        self.sent.borrow_mut().push(request.clone());
        Ok(self.connection.get())
    }

    fn set_listener(&self, listener: Listener) {
        *self.listener.borrow_mut() = Some(listener);
    }

    fn open_options_page(&self) {
        self.options_opened.set(self.options_opened.get() + 1);
    }

    fn watch_front_page(&self, f: std::rc::Rc<dyn Fn(String)>) {
        self.front_page.borrow_mut().push(f);
    }
}
