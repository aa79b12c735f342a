//! The side panel's title bar.

use super::history::{History, Screen};
use super::{Conversation, Flows};
use leptos::prelude::*;

/// "Browser Copilot", the way to the task history and back, "Forget this
/// site" (the reading history's, for the page in front), and a way to the
/// options page.
#[component]
pub fn Header(
    /// Used to open the options page.
    conversation: Conversation,
    /// Which screen shows, and the way between them.
    history: History,
    /// The flows screen.
    flows: Flows,
) -> impl IntoView {
    let in_flows = move || history.screen.get() == Screen::Flows;
    let toggle_flows = move |_| {
        if history.screen.get_untracked() == Screen::Flows {
            history.show_chat();
        } else {
            flows.show();
        }
    };
    let in_history = move || history.screen.get() == Screen::History;
    // One button whose name changes, so the keyboard stays on it.
    let toggle = move |_| {
        if history.screen.get_untracked() == Screen::History {
            history.show_chat();
        } else {
            history.show();
        }
    };
    view! {
        <header class="panel-header">
            <h1>"Browser Copilot"</h1>
            <div class="header-actions">
                <button type="button" class="link" on:click=toggle>
                    {move || if in_history() { "Back to chat" } else { "History" }}
                </button>
                <button
                    type="button"
                    class="link"
                    title="Delete the pages of the site in front from your reading history, and never keep it again"
                    disabled=move || conversation.busy()
                    on:click=move |_| conversation.forget_this_site()
                >
                    "Forget this site"
                </button>
                <button type="button" class="link" on:click=toggle_flows>
                    {move || if in_flows() { "Back to chat" } else { "Flows" }}
                </button>
                <button type="button" class="link" on:click=move |_| conversation.open_options()>
                    "Options"
                </button>
            </div>
        </header>
    }
}
