//! The cards a running task shows when it waits for the user: a question
//! to answer, a high-risk step to allow, a site to allow actions on, a
//! secret to type. Each sends one `PanelRequest::TaskReply` and then
//! disables itself; the worker's `PromptClosed` removes it.
//!
//! A secret's value is read from its input when the form is submitted,
//! put straight into the request and the input cleared: it is never kept
//! in a signal, shown, or logged.

use super::focus::focus_when_shown;
use super::Conversation;
use crate::client::Failure;
use bc_core::agent::gates::secret_words;
use bc_core::agent::UserPrompt;
use bc_core::protocol::{PanelReply, RequestId};
use bc_core::safety::{Risk, SecretKind, SiteAnswer};
use leptos::ev::SubmitEvent;
use leptos::html;
use leptos::prelude::*;

/// One open prompt of a task, as the card that answers it.
#[component]
pub fn PromptCard(
    /// Where the answer goes.
    conversation: Conversation,
    /// The request that started the task.
    id: RequestId,
    /// The task that asks.
    task_id: String,
    /// The prompt's id within its task.
    prompt_id: u32,
    /// What the task asks.
    prompt: UserPrompt,
) -> impl IntoView {
    let card = Card {
        conversation,
        id,
        task_id: StoredValue::new(task_id),
        prompt_id,
        answered: RwSignal::new(false),
        error: RwSignal::new(None),
    };
    match prompt {
        UserPrompt::Question { text } => view! { <QuestionCard card text /> }.into_any(),
        UserPrompt::Confirm {
            action,
            site,
            risk,
            reason,
        } => view! { <ConfirmCard card action site risk reason /> }.into_any(),
        UserPrompt::Site { origin, action } => view! { <SiteCard card origin action /> }.into_any(),
        UserPrompt::Secret {
            secret,
            field,
            site,
        } => view! { <SecretCard card secret field site /> }.into_any(),
    }
}

/// What every card shares: where its one answer goes, and how that went.
#[derive(Clone, Copy)]
struct Card {
    conversation: Conversation,
    id: RequestId,
    task_id: StoredValue<String>,
    prompt_id: u32,
    /// An answer went out: the card takes no other.
    answered: RwSignal<bool>,
    /// Why the answer could not be sent (the user may try again).
    error: RwSignal<Option<String>>,
}

impl Card {
    fn answer(self, reply: PanelReply) {
        if self.answered.get_untracked() {
            return;
        }
        let sent = self.conversation.reply_to_task(
            self.id,
            self.task_id.get_value(),
            self.prompt_id,
            reply,
        );
        match sent {
            Ok(()) => {
                self.answered.set(true);
                self.error.set(None);
            }
            Err(message) => self
                .error
                .set(Some(Failure::Unreachable(message).to_string())),
        }
    }

    /// Whether its controls are disabled (tracked).
    fn done(self) -> bool {
        self.answered.get()
    }

    /// The id of the text that describes the card.
    fn text_id(self) -> String {
        format!("prompt-{}-{}", self.id, self.prompt_id)
    }
}

/// The model's clarifying question, with a box for the answer.
#[component]
fn QuestionCard(
    /// Where the answer goes.
    card: Card,
    /// The question.
    text: String,
) -> impl IntoView {
    let input = NodeRef::<html::Input>::new();
    focus_when_shown(input);
    let on_submit = move |ev: SubmitEvent| {
        let text = submitted(&ev, input, false).unwrap_or_default();
        let text = text.trim();
        if !text.is_empty() {
            card.answer(PanelReply::Answer {
                text: text.to_owned(),
            });
        }
    };
    view! {
        <form
            class="card prompt"
            aria-label="Question from Browser Copilot"
            aria-describedby=card.text_id()
            on:submit=on_submit
        >
            <p class="prompt-text" id=card.text_id()>{text}</p>
            <input type="text" aria-label="Your answer" required node_ref=input disabled=move || card.done() />
            <div class="actions">
                <button type="submit" class="primary" disabled=move || card.done()>"Reply"</button>
            </div>
            <CardError card />
        </form>
    }
}

/// A high-risk step waiting for the user's yes: exactly what, where, why.
#[component]
fn ConfirmCard(
    /// Where the answer goes.
    card: Card,
    /// What will be done ("Click “Place order” (button)").
    action: String,
    /// The site it is done on.
    site: String,
    /// How risky it is (for styling).
    risk: Risk,
    /// Why it needs confirming ("a payment").
    reason: String,
) -> impl IntoView {
    let reason = reason.trim_end_matches('.').to_owned();
    let choices = vec![
        ("Allow", PanelReply::Confirm { allow: true }),
        ("Don't allow", PanelReply::Confirm { allow: false }),
    ];
    view! {
        <ChoiceCard card label="Confirm this action" risk choices>
            <p class="prompt-action">{action}</p>
            <p class="prompt-site">"on " {site}</p>
            <p class="prompt-why">"This is " {reason} "."</p>
        </ChoiceCard>
    }
}

/// The first action on a site the user has not allowed.
#[component]
fn SiteCard(
    /// Where the answer goes.
    card: Card,
    /// The site ("https://shop.example").
    origin: String,
    /// The action that would be the first ("Click “Add to cart” (button)").
    action: String,
) -> impl IntoView {
    let choices = [
        ("Allow once", SiteAnswer::Once),
        ("Always allow this site", SiteAnswer::Always),
        ("Don't allow", SiteAnswer::No),
    ]
    .into_iter()
    .map(|(label, answer)| (label, PanelReply::Site { answer }))
    .collect();
    let text = format!(
        "Browser Copilot wants to act on {origin}: {}.",
        action.trim_end_matches('.')
    );
    view! {
        <ChoiceCard card label="Allow actions on this site?" choices>
            <p class="prompt-text">{text}</p>
        </ChoiceCard>
    }
}

/// A card answered with a button: an `alertdialog` that takes the
/// keyboard when it appears, its text, one button per answer.
#[component]
fn ChoiceCard(
    /// Where the answer goes.
    card: Card,
    /// The dialog's accessible name.
    label: &'static str,
    /// The step's risk, when it has one (for styling).
    #[prop(optional)]
    risk: Option<Risk>,
    /// Each button's label and the answer it sends.
    choices: Vec<(&'static str, PanelReply)>,
    /// What the card says; it describes the dialog.
    children: Children,
) -> impl IntoView {
    let dialog = NodeRef::<html::Div>::new();
    focus_when_shown(dialog);
    view! {
        <div
            class="card prompt"
            role="alertdialog"
            aria-label=label
            aria-describedby=card.text_id()
            data-risk=risk.map(risk_word)
            tabindex="-1"
            node_ref=dialog
        >
            <div id=card.text_id()>{children()}</div>
            <Choices card choices />
            <CardError card />
        </div>
    }
}

/// A password, card or one-time-code field: the user types the value
/// here, masked, and it goes into that field only.
#[component]
fn SecretCard(
    /// Where the answer goes.
    card: Card,
    /// What kind of secret.
    secret: SecretKind,
    /// The field's label on the page.
    field: String,
    /// The site the field is on.
    site: String,
) -> impl IntoView {
    let words = secret_words(secret);
    let input = NodeRef::<html::Input>::new();
    let remember = NodeRef::<html::Input>::new();
    focus_when_shown(input);
    let on_submit = move |ev: SubmitEvent| {
        // Out of the page at once: the value lives only in the request.
        if let Some(value) = submitted(&ev, input, true).filter(|v| !v.is_empty()) {
            let remember = remember.get_untracked().is_some_and(|r| r.checked());
            card.answer(PanelReply::Secret { value, remember });
        }
    };
    let remember_id = format!("{}-remember", card.text_id());
    let decline = move |_| {
        if let Some(input) = input.get_untracked() {
            input.set_value("");
        }
        card.answer(PanelReply::Decline);
    };
    view! {
        <form class="card prompt" aria-label=format!("Enter the {words}") aria-describedby=card.text_id() on:submit=on_submit>
            <p class="prompt-text" id=card.text_id()>
                {format!(
                    "The {words} goes into the field “{field}” on {site} only; the AI model never sees it.",
                )}
            </p>
            <input
                type="password"
                autocomplete="off"
                aria-label=capitalized(words)
                required
                node_ref=input
                disabled=move || card.done()
            />
            // Unchecked unless the user asks: remembering is a choice, kept
            // in the browser's memory only (`storage.session`).
            <div class="prompt-remember">
                <input type="checkbox" id=remember_id.clone() node_ref=remember disabled=move || card.done() />
                <label for=remember_id>"Remember for this site until the browser closes"</label>
            </div>
            <div class="actions">
                <button type="submit" class="primary" disabled=move || card.done()>"Fill in"</button>
                <button type="button" disabled=move || card.done() on:click=decline>"Don't fill in"</button>
            </div>
            <CardError card />
        </form>
    }
}

/// A card's buttons, one answer each; all disabled once one was sent.
#[component]
fn Choices(
    /// Where the answer goes.
    card: Card,
    /// Each button's label and the answer it sends.
    choices: Vec<(&'static str, PanelReply)>,
) -> impl IntoView {
    view! {
        <div class="actions">
            {choices
                .into_iter()
                .map(|(label, reply)| {
                    view! {
                        <button
                            type="button"
                            disabled=move || card.done()
                            on:click=move |_| card.answer(reply.clone())
                        >
                            {label}
                        </button>
                    }
                })
                .collect_view()}
        </div>
    }
}

/// Why a card's answer did not go out, if it did not.
#[component]
fn CardError(
    /// The card whose answer failed.
    card: Card,
) -> impl IntoView {
    move || {
        card.error
            .get()
            .map(|message| view! { <p class="prompt-error" role="alert">{message}</p> })
    }
}

/// A card form was submitted: stops the page from reloading and gives
/// what its input holds, emptying the input when `clear`.
fn submitted(ev: &SubmitEvent, input: NodeRef<html::Input>, clear: bool) -> Option<String> {
    ev.prevent_default();
    let input = input.get_untracked()?;
    let value = input.value();
    if clear {
        input.set_value("");
    }
    Some(value)
}

fn risk_word(risk: Risk) -> &'static str {
    match risk {
        Risk::Low => "low",
        Risk::Medium => "medium",
        Risk::High => "high",
    }
}

/// "card number" → "Card number".
fn capitalized(words: &str) -> String {
    let mut chars = words.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
