//! The list of exchanges, newest at the bottom.

use super::exchange::ExchangeView;
use super::Conversation;
use leptos::html;
use leptos::prelude::*;

/// How close to the bottom (px) still counts as "following" the answer.
const FOLLOW_SLACK: i32 = 48;

/// A `role="log"` region with every exchange. It follows a streaming
/// answer while the user is at the bottom, and stays put if they scrolled up.
#[component]
pub fn Transcript(
    /// The conversation to show.
    conversation: Conversation,
) -> impl IntoView {
    let log = NodeRef::<html::Section>::new();
    let follow = StoredValue::new(true);
    Effect::new(move || {
        conversation.exchanges.with(|list| {
            if let Some(last) = list.last() {
                last.answer.track();
                last.state.track();
                last.steps.track();
                last.local.track();
                last.task.track();
            }
        });
        if let Some(log) = log.get() {
            if follow.get_value() {
                log.set_scroll_top(log.scroll_height());
            }
        }
    });
    let on_scroll = move |_| {
        if let Some(log) = log.get_untracked() {
            follow.set_value(
                log.scroll_height() - log.scroll_top() - log.client_height() < FOLLOW_SLACK,
            );
        }
    };
    view! {
        <section
            class="transcript"
            role="log"
            aria-live="polite"
            aria-label="Conversation"
            node_ref=log
            on:scroll=on_scroll
        >
            <Show when=move || conversation.exchanges.with(Vec::is_empty)>
                <p class="empty">
                    "Ask about the page in the active tab, or give a command: “click Sign in”, “search for lamps”, “help”."
                </p>
            </Show>
            <For
                each=move || conversation.exchanges.get()
                key=|exchange| exchange.id
                children=move |exchange| view! { <ExchangeView exchange conversation /> }
            />
        </section>
    }
}
