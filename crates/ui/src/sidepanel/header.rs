//! The side panel's title bar.

use super::Conversation;
use leptos::prelude::*;

/// "Browser Copilot" and a way to the options page.
#[component]
pub fn Header(
    /// Used to open the options page.
    conversation: Conversation,
) -> impl IntoView {
    view! {
        <header class="panel-header">
            <h1>"Browser Copilot"</h1>
            <button type="button" class="link" on:click=move |_| conversation.open_options()>
                "Options"
            </button>
        </header>
    }
}
