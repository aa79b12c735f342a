//! "What can I do here" as runnable suggestions (issue 43 point 5): one
//! button per capability the worker found (`StepAttachment::Offers`), and
//! "Remember these for this site". A pressed suggestion goes through the
//! same entry as typed text (`Conversation::ask`); one that still needs a
//! value ("search for …") is put in the composer for the user to finish.

use super::Conversation;
use bc_core::flows::Suggestion;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The sentence that remembers the page's site commands.
pub const REMEMBER: &str = "remember these actions for this site";

/// The suggestions under a "what can I do here" step.
#[component]
pub fn Offers(
    /// What the page offers, in the worker's order.
    suggestions: Vec<Suggestion>,
) -> impl IntoView {
    // Provided by `SidePanel`; tests mounting a step alone have none.
    let conversation = use_context::<Conversation>();
    let say = move |sentence: String, complete: bool| {
        let Some(conversation) = conversation else { return };
        if complete {
            conversation.draft.set(sentence);
            conversation.ask();
        } else {
            to_finish(&conversation, &sentence.replace('…', ""));
        }
    };
    let can_remember = suggestions.iter().any(|s| !matches!(s.kind, bc_core::flows::CapabilityKind::Action | bc_core::flows::CapabilityKind::Collection | bc_core::flows::CapabilityKind::Form));
    view! {
        <div class="offers" role="group" aria-label="Suggestions">
            {suggestions.into_iter().map(|s| {
                let complete = s.complete();
                let sentence = s.sentence.clone();
                view! {
                    <button type="button" class="chip" title=s.label.clone() on:click=move |_| say(sentence.clone(), complete)>{s.sentence.clone()}</button>
                }
            }).collect_view()}
            {can_remember.then(|| view! {
                <button type="button" class="primary" on:click=move |_| say(REMEMBER.into(), true)>"Remember these for this site"</button>
            })}
        </div>
    }
}

/// Puts `sentence` in the composer, focused, for the user to finish.
pub fn to_finish(conversation: &Conversation, sentence: &str) {
    conversation.draft.set(sentence.trim_end().to_owned() + " ");
    if let Some(input) = document().get_element_by_id("question") {
        let _ = input.unchecked_into::<web_sys::HtmlElement>().focus();
    }
}
