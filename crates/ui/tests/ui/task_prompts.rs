//! The cards of an agent task in headless Chromium, on a fake service
//! worker: each kind answered, with the exact `TaskReply` it sends; a
//! secret that stays nowhere on the page; an answer that cannot be sent.

use bc_core::agent::{TaskEvent, TaskStatus, UserPrompt};
use bc_core::protocol::PanelReply;
use bc_core::safety::{Risk, SecretKind, SiteAnswer};
use crate::common::task::*;
use crate::common::{is_disabled, settle, value_of, Page};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn a_question_card_sends_the_answer_once() {
    let page = Page::sidepanel().await;
    running_task(&page, "Download my invoice").await;
    events(
        &page,
        vec![
            status(TaskStatus::AwaitingUser, 0.1, None),
            prompt(
                1,
                UserPrompt::Question {
                    text: "Which invoice, October or November?".into(),
                },
            ),
        ],
    )
    .await;
    assert_eq!(
        attr(&page, TASK, "data-status").as_deref(),
        Some("awaiting_user")
    );
    let card = "form.card.prompt[aria-label='Question from Browser Copilot']";
    assert_eq!(
        page.text(&format!("{card} .prompt-text")),
        "Which invoice, October or November?"
    );
    let input = format!("{card} input[aria-label='Your answer']");
    assert_eq!(
        answer_card(&page, &input, "  the October one ", "Reply").await,
        vec![reply(
            1,
            PanelReply::Answer {
                text: "the October one".into()
            }
        )]
    );
    assert!(is_disabled(&page.button("Reply")) && is_disabled(&page.get(&input)));
    page.button("Reply").click();
    settle().await;
    assert!(page.fake.requests().is_empty(), "one answer per card");

    events(&page, vec![TaskEvent::PromptClosed { prompt_id: 1 }]).await;
    assert_eq!(page.count(".card.prompt"), 0);
}

#[wasm_bindgen_test]
async fn a_confirm_card_allows_or_refuses_the_exact_action() {
    let page = Page::sidepanel().await;
    running_task(&page, "Buy the lamp").await;
    let confirm = |prompt_id| {
        prompt(
            prompt_id,
            UserPrompt::Confirm {
                action: "Click “Place order” (button)".into(),
                site: "https://shop.example".into(),
                risk: Risk::High,
                reason: "a payment".into(),
            },
        )
    };
    events(&page, vec![confirm(1)]).await;
    let card = "div.card.prompt[role=alertdialog][aria-label='Confirm this action']";
    assert_eq!(
        page.text(&format!("{card} .prompt-action")),
        "Click “Place order” (button)"
    );
    assert_eq!(
        page.text(&format!("{card} .prompt-site")),
        "on https://shop.example"
    );
    assert_eq!(
        page.text(&format!("{card} .prompt-why")),
        "This is a payment."
    );
    page.fake.take_requests();
    page.click("Allow").await;
    assert_eq!(
        page.fake.take_requests(),
        vec![reply(1, PanelReply::Confirm { allow: true })]
    );
    assert!(is_disabled(&page.button("Allow")) && is_disabled(&page.button("Don't allow")));

    events(
        &page,
        vec![TaskEvent::PromptClosed { prompt_id: 1 }, confirm(2)],
    )
    .await;
    page.click("Don't allow").await;
    assert_eq!(
        page.fake.take_requests(),
        vec![reply(2, PanelReply::Confirm { allow: false })]
    );
}

#[wasm_bindgen_test]
async fn a_site_card_offers_once_always_and_no() {
    let page = Page::sidepanel().await;
    running_task(&page, "Add the lamp to my cart").await;
    page.fake.take_requests();
    let choices = [
        ("Allow once", SiteAnswer::Once),
        ("Always allow this site", SiteAnswer::Always),
        ("Don't allow", SiteAnswer::No),
    ];
    for (prompt_id, (button, answer)) in (1..).zip(choices) {
        events(
            &page,
            vec![prompt(
                prompt_id,
                UserPrompt::Site {
                    origin: "https://shop.example".into(),
                    action: "Click “Add to cart” (button)".into(),
                },
            )],
        )
        .await;
        let card = "div.card.prompt[role=alertdialog][aria-label='Allow actions on this site?']";
        assert_eq!(
            page.text(&format!("{card} .prompt-text")),
            "Browser Copilot wants to act on https://shop.example: Click “Add to cart” (button)."
        );
        page.click(button).await;
        assert_eq!(
            page.fake.take_requests(),
            vec![reply(prompt_id, PanelReply::Site { answer })]
        );
        assert!(is_disabled(&page.button("Allow once")));
        events(&page, vec![TaskEvent::PromptClosed { prompt_id }]).await;
        assert_eq!(page.count(".card.prompt"), 0);
    }
}

const PASSWORD_CARD: &str = "form.card.prompt[aria-label='Enter the password']";

/// A running task that asks for the password of https://shop.example.
async fn asked_for_a_password() -> Page {
    let page = Page::sidepanel().await;
    running_task(&page, "Sign in").await;
    events(
        &page,
        vec![prompt(
            1,
            UserPrompt::Secret {
                secret: SecretKind::Password,
                field: "Password".into(),
                site: "https://shop.example".into(),
            },
        )],
    )
    .await;
    page
}

#[wasm_bindgen_test]
async fn a_secret_goes_out_once_and_stays_nowhere_on_the_page() {
    let page = asked_for_a_password().await;
    let card = PASSWORD_CARD;
    assert_eq!(
        page.text(&format!("{card} .prompt-text")),
        "The password goes into the field “Password” on https://shop.example only; the AI model never sees it."
    );
    let selector = format!("{card} input[aria-label=Password]");
    let input = page.get(&selector);
    assert_eq!(input.get_attribute("type").as_deref(), Some("password"));
    assert_eq!(input.get_attribute("autocomplete").as_deref(), Some("off"));
    let remember = page.labelled(REMEMBER);
    assert_eq!(remember.get_attribute("type").as_deref(), Some("checkbox"));
    assert!(!is_checked(&remember), "not remembered unless asked");
    assert_eq!(
        answer_card(&page, &selector, "hunter2", "Fill in").await,
        vec![reply(
            1,
            PanelReply::Secret {
                value: "hunter2".into(),
                remember: false
            }
        )]
    );
    assert_eq!(
        value_of(&input.unchecked_into()),
        "",
        "the input is cleared"
    );
    assert!(is_disabled(&page.button("Fill in")) && is_disabled(&page.button("Don't fill in")));
    assert!(
        !page.root.inner_html().contains("hunter2"),
        "in no node or attribute"
    );
    let document = web_sys::window().unwrap().document().unwrap();
    let inputs = document.query_selector_all("input, textarea").unwrap();
    for i in 0..inputs.length() {
        let control: web_sys::HtmlElement = inputs.get(i).unwrap().unchecked_into();
        assert_ne!(value_of(&control), "hunter2", "no other control holds it");
    }

    events(
        &page,
        vec![
            TaskEvent::PromptClosed { prompt_id: 1 },
            prompt(
                2,
                UserPrompt::Secret {
                    secret: SecretKind::CardCvc,
                    field: "CVC".into(),
                    site: "https://pay.example".into(),
                },
            ),
        ],
    )
    .await;
    let card = "form.card.prompt[aria-label='Enter the card security code']";
    assert_eq!(
        page.count(&format!(
            "{card} input[type=password][aria-label='Card security code']"
        )),
        1
    );
    page.click("Don't fill in").await;
    assert_eq!(
        page.fake.take_requests(),
        vec![reply(2, PanelReply::Decline)]
    );
}

const REMEMBER: &str = "Remember for this site until the browser closes";

fn is_checked(control: &web_sys::HtmlElement) -> bool {
    control
        .unchecked_ref::<web_sys::HtmlInputElement>()
        .checked()
}

#[wasm_bindgen_test]
async fn a_secret_is_remembered_for_the_site_only_when_asked() {
    let page = asked_for_a_password().await;
    page.labelled(REMEMBER).click();
    settle().await;
    let card = PASSWORD_CARD;
    assert_eq!(
        answer_card(
            &page,
            &format!("{card} input[aria-label=Password]"),
            "hunter2",
            "Fill in"
        )
        .await,
        vec![reply(
            1,
            PanelReply::Secret {
                value: "hunter2".into(),
                remember: true
            }
        )]
    );
    assert!(is_disabled(&page.labelled(REMEMBER)), "one answer per card");
}

#[wasm_bindgen_test]
async fn a_card_whose_answer_cannot_be_sent_says_so_and_stays_open() {
    let page = Page::sidepanel().await;
    running_task(&page, "Buy the lamp").await;
    events(
        &page,
        vec![prompt(
            1,
            UserPrompt::Confirm {
                action: "Click “Pay” (button)".into(),
                site: "https://shop.example".into(),
                risk: Risk::High,
                reason: "a payment".into(),
            },
        )],
    )
    .await;
    page.fake
        .set_unreachable(Some("Extension context invalidated."));
    page.click("Allow").await;
    assert_eq!(
        page.text(".card.prompt .prompt-error[role=alert]"),
        "Could not reach the service worker: Extension context invalidated."
    );
    assert!(!is_disabled(&page.button("Allow")));
}
