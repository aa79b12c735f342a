//! Browser Copilot's extension pages, side panel and options, as one
//! Leptos (CSR) WebAssembly module.
//!
//! - [`backend`]: the port to the service worker (`chrome.runtime` adapter
//!   and a test fake).
//! - [`client`]: request ids, routing of events to requests, local failures
//!   when the worker goes away.
//! - [`options`] and [`sidepanel`]: each a state struct and small views.
//!
//! The pages talk to the worker only through `bc_core::protocol`.
//! `extension/sidepanel.js` and `extension/options.js` call the two
//! `start_*` exports; tests mount the same views on a [`FakeBackend`] with
//! [`mount_sidepanel`] / [`mount_options`].

pub mod backend;
pub mod client;
pub mod options;
pub mod sidepanel;

pub use backend::{Backend, ChromeBackend, FakeBackend};

use client::Client;
use leptos::prelude::*;
use options::{AgentState, KnowledgeState, OptionsPage, OptionsState, SitesState};
use sidepanel::{Conversation, Flows, History, SidePanel};
use std::any::Any;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

#[cfg(test)]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

/// Runs once when the module is instantiated.
#[wasm_bindgen(start)]
fn install_panic_hook() {
    console_error_panic_hook::set_once();
}

/// Entry of `sidepanel.html`.
#[wasm_bindgen]
pub fn start_sidepanel() {
    mount_sidepanel(Rc::new(ChromeBackend::new()), mount_point()).keep();
}

/// Entry of `options.html`.
#[wasm_bindgen]
pub fn start_options() {
    mount_options(Rc::new(ChromeBackend::new()), mount_point()).keep();
}

/// A mounted page; dropping it unmounts the page.
pub struct Mounted(Box<dyn Any>);

impl Mounted {
    /// Keeps the page mounted for the life of the document.
    pub fn keep(self) {
        std::mem::forget(self.0);
    }
}

/// Mounts the side panel into `parent`, talking through `backend`.
pub fn mount_sidepanel(backend: Rc<dyn Backend>, parent: web_sys::HtmlElement) -> Mounted {
    let client = Client::new(backend);
    // While the panel is open, the page in front is perceived in its idle
    // time, so the first question or command about it finds that done.
    // Pages the copilot cannot read (browser pages, hidden URLs) are let
    // be: asking would only wake the worker for nothing.
    client.prefetch();
    let warm = client.clone();
    client.watch_front_page(Rc::new(move |url: String| {
        if bc_core::url_policy::restriction(&url).is_none() {
            warm.prefetch();
        }
    }));
    Mounted(Box::new(leptos::mount::mount_to(parent, move || {
        let history = History::new(client.clone());
        let flows = Flows::new(client.clone(), history.screen);
        view! { <SidePanel conversation=Conversation::new(client) history flows /> }
    })))
}

/// Mounts the options page into `parent` and loads, in this order, the
/// endpoint settings, the agent settings, the allowed sites and the
/// reading history.
pub fn mount_options(backend: Rc<dyn Backend>, parent: web_sys::HtmlElement) -> Mounted {
    let client = Client::new(backend);
    Mounted(Box::new(leptos::mount::mount_to(parent, move || {
        let state = OptionsState::new(client.clone());
        let agent = AgentState::new(client.clone());
        let sites = SitesState::new(client.clone());
        let knowledge = KnowledgeState::new(client);
        state.load();
        agent.load();
        sites.load();
        knowledge.load();
        view! { <OptionsPage state agent sites knowledge /> }
    })))
}

/// `<main id="app">`'s parent role: the element with id `app`, else `<body>`.
fn mount_point() -> web_sys::HtmlElement {
    let document = document();
    document
        .get_element_by_id("app")
        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok())
        .or_else(|| document.body())
        .expect("the page has a body")
}
