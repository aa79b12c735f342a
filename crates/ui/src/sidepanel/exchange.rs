//! One exchange: the question bubble, the answer bubble, an error bubble.

use super::{AnswerState, Conversation, Exchange};
use crate::client::Failure;
use bc_core::protocol::PageRef;
use leptos::prelude::*;

/// The user's question and the assistant's answer to it.
#[component]
pub fn ExchangeView(
    /// The exchange to show.
    exchange: Exchange,
    /// For the error bubble's "Open options".
    conversation: Conversation,
) -> impl IntoView {
    let state = exchange.state;
    let failure = move || match state.get() {
        AnswerState::Failed(failure) => Some(view! { <ErrorBubble failure conversation /> }),
        _ => None,
    };
    view! {
        <article class="exchange">
            <p class="bubble question">{exchange.question.clone()}</p>
            <AnswerBubble exchange />
            {failure}
        </article>
    }
}

/// The streaming answer: "About: <page>", the text so far, and a note when
/// waiting or stopped. Hidden when a request failed before any text came.
#[component]
pub fn AnswerBubble(
    /// The exchange whose answer to show.
    exchange: Exchange,
) -> impl IntoView {
    let Exchange {
        page,
        answer,
        state,
        ..
    } = exchange;
    let visible =
        move || !matches!(state.get(), AnswerState::Failed(_)) || answer.with(|a| !a.is_empty());
    let about = move || {
        page.get()
            .map(|page| view! { <p class="about">"About: " {page_label(&page)}</p> })
    };
    let note = move || match state.get() {
        AnswerState::Waiting => Some(view! { <p class="note">"Reading the page…"</p> }),
        AnswerState::Stopped => Some(view! { <p class="note">"Stopped."</p> }),
        _ => None,
    };
    view! {
        <Show when=visible>
            <div class="bubble answer" aria-busy=move || state.with(AnswerState::is_open).to_string()>
                {about}
                <div class="answer-text">{move || answer.get()}</div>
                {note}
            </div>
        </Show>
    }
}

/// A failed request's message; offers the options page when the endpoint
/// is not configured.
#[component]
pub fn ErrorBubble(
    /// What went wrong.
    failure: Failure,
    /// Used to open the options page.
    conversation: Conversation,
) -> impl IntoView {
    let offer_options = failure.is_not_configured();
    view! {
        <div class="bubble error" role="alert">
            <p>{failure.to_string()}</p>
            {offer_options
                .then(|| {
                    view! {
                        <button type="button" on:click=move |_| conversation.open_options()>
                            "Open options"
                        </button>
                    }
                })}
        </div>
    }
}

/// The page's title, or its URL when it has none.
fn page_label(page: &PageRef) -> String {
    if page.title.trim().is_empty() {
        page.url.clone()
    } else {
        page.title.clone()
    }
}
