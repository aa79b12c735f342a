//! `skill_checkout {}`: from a product or cart page to the checkout page,
//! the cart first when no checkout control is on the page.
//!
//! It never places the order. A control qualifies only if the safety rules
//! (`safety::assess`, the same table the confirmation gate reads) do not
//! rate clicking it high risk: "Proceed to checkout" and "Checkout" are
//! medium (they show a page), "Place order", "Buy now" and "Pay now" are
//! high (they commit money) and are never a skill's step. Placing the
//! order stays the model's own call, which the controller confirms with
//! the user.

use super::effects::Expect;
use super::matching::{action_options, actions_of, click, first_best, form_options, forms_for, place};
use super::{MatchRule, SkillError, SkillPlan};
use crate::kind::{ActionKind, FormPurpose};
use crate::pcd::roles::role_name;
use crate::safety::{assess, ActionVerb, Risk, StepFacts};
use crate::types::{ActionRole, MiniAction, MiniPcd};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;

#[derive(Debug, Clone, PartialEq, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutArgs {
    /// Set by the skill itself: the cart was opened already.
    #[serde(default)]
    #[schemars(skip)]
    pub from_cart: bool,
}

#[rustfmt::skip]
pub const CHECKOUT_RULES: &[MatchRule] = &[
    MatchRule { id: "checkout.here", when: "a checkout, shipping or payment form is on the page: error, the model fills it" },
    MatchRule { id: "checkout.proceed", when: "a checkout control whose click does not commit (not high risk): click it" },
    MatchRule { id: "checkout.only_order", when: "only controls that place the order: error, that is the model's own confirmed call" },
    MatchRule { id: "checkout.cart", when: "no checkout control, a cart control: click it, plan again in the cart" },
    MatchRule { id: "checkout.empty_cart", when: "in the cart, no checkout control: error" },
    MatchRule { id: "checkout.none", when: "neither checkout nor cart control: error" },
];

/// Forms the checkout asks to fill.
const CHECKOUT_FORMS: &[FormPurpose] = &[FormPurpose::Checkout, FormPurpose::ShippingAddress, FormPurpose::PaymentMethod];

/// Whether clicking `a` commits something (the rules of the gate).
fn commits(page: &MiniPcd, a: &MiniAction) -> bool {
    let facts = StepFacts {
        action: ActionVerb::Click,
        label: &a.label,
        role: Some(role_name(a.role)),
        kind: a.kind.as_deref().and_then(|k| k.parse().ok()),
        form_purpose: None,
        form_submit_label: None,
        page_url: &page.url,
        page_title: &page.title,
    };
    assess(&facts).risk == Risk::High
}

/// Buttons before links (a cart's "Checkout" button, not the header's
/// link to the help page on checkout), the content's before the chrome's.
fn preference(a: &MiniAction) -> (bool, u8) {
    (a.role != ActionRole::Button, place(a.landmark))
}

pub fn checkout(page: &MiniPcd, args: CheckoutArgs) -> Result<SkillPlan, SkillError> {
    let forms: Vec<_> = forms_for(page, CHECKOUT_FORMS).collect();
    if !forms.is_empty() {
        return Err(SkillError::NotHere {
            rule: "checkout.here",
            why: format!("This is the checkout already: {}.", form_options(forms)),
            instead: "Fill it in yourself (skill_fill_form). Placing the order is your own call, and the user confirms it.".into(),
        });
    }
    let controls: Vec<&MiniAction> = actions_of(page, &[ActionKind::Checkout]).collect();
    if let Some(proceed) = first_best(controls.iter().copied().filter(|a| !commits(page, a)), preference) {
        return Ok(SkillPlan {
            steps: vec![click(&proceed.id)],
            summary: format!("Go to the checkout (“{}”); the order is not placed.", proceed.label),
            rule: "checkout.proceed",
            expect: Expect::AtCheckout,
            then: None,
        });
    }
    if !controls.is_empty() {
        return Err(SkillError::NotHere {
            rule: "checkout.only_order",
            why: format!("The only way on here places the order ({}).", action_options(controls)),
            instead: "That is your own call with dom_click, and the user confirms it; make sure it is what the user asked for.".into(),
        });
    }
    if args.from_cart {
        return Err(SkillError::NoMatch {
            rule: "checkout.empty_cart",
            what: "A checkout button in the cart".into(),
            instead: "The cart may be empty or ask for something first; read the page (read_page).".into(),
        });
    }
    match first_best(actions_of(page, &[ActionKind::Cart]), |a| place(a.landmark)) {
        Some(cart) => Ok(SkillPlan {
            steps: vec![click(&cart.id)],
            summary: format!("Open the cart (“{}”), then go to the checkout.", cart.label),
            rule: "checkout.cart",
            expect: Expect::Changed { failure: format!("Clicking “{}” did not open the cart. Look at the page (getMiniPCD).", cart.label) },
            then: Some(json!({ "fromCart": true })),
        }),
        None => Err(SkillError::NoMatch {
            rule: "checkout.none",
            what: "A cart or checkout control".into(),
            instead: "Add the item to the cart first, or find the cart with pcd_query \"cart\".".into(),
        }),
    }
}
