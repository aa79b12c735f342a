//! Where the user types a question.

use super::Conversation;
use leptos::ev::{KeyboardEvent, SubmitEvent};
use leptos::html;
use leptos::prelude::*;

/// The question box with Send, or Stop while an answer streams. Enter
/// sends, Shift+Enter adds a line.
#[component]
pub fn Composer(
    /// The conversation to send questions to.
    conversation: Conversation,
) -> impl IntoView {
    let input = NodeRef::<html::Textarea>::new();
    // Hand the keyboard back when an answer ends (and on first show).
    Effect::new(move || {
        if !conversation.busy() {
            if let Some(input) = input.get_untracked() {
                let _ = input.focus();
            }
        }
    });
    let on_keydown = move |ev: KeyboardEvent| {
        if ev.key() == "Enter" && !ev.shift_key() && !ev.is_composing() {
            ev.prevent_default();
            conversation.ask();
        }
    };
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        conversation.ask();
    };
    view! {
        <form class="composer" on:submit=on_submit>
            <label for="question">"Ask about this page"</label>
            <textarea
                id="question"
                rows="3"
                placeholder="e.g. What does the Pro plan cost? Or a command: click Sign in"
                node_ref=input
                disabled=move || conversation.busy()
                prop:value=move || conversation.draft.get()
                on:input=move |ev| conversation.draft.set(event_target_value(&ev))
                on:keydown=on_keydown
            ></textarea>
            <div class="actions">
                <Show
                    when=move || conversation.busy()
                    fallback=move || {
                        view! {
                            <button type="submit" class="primary" disabled=move || !conversation.can_send()>
                                "Send"
                            </button>
                        }
                    }
                >
                    <button type="button" on:click=move |_| conversation.stop()>
                        "Stop"
                    </button>
                </Show>
            </div>
        </form>
    }
}
