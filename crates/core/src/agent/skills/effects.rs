//! Whether a skill's steps worked, judged on the page after them (seed
//! 000 §10 `effects`): every step can succeed (the click landed, the text
//! was typed) while the skill failed (the password was wrong, the search
//! found nothing, the "Next" button was disabled). The model hears about
//! it as it hears about a failed action, with what to do next.
//!
//! Judged on the listing (the MiniPCD before and after) and the last
//! step's observation, never on page text: only what the content script
//! measured, not what a page claims.

use super::matching::{field_secret, forms_for, purpose_of};
use crate::agent::goals::{hits, GoalKind};
use crate::agent::page::delta;
use crate::kind::FormPurpose;
use crate::safety::SecretKind;
use crate::types::{LoginState, MiniForm, MiniPcd, Observation};

/// What the page after a plan's steps must show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expect {
    /// Signed in: the login state says so, or the sign-in form `form` is
    /// gone (the site moved on).
    SignedIn { form: String },
    /// Something the listing shows changed: the address, the title, the
    /// content version, its entries, a form's fields, a list's items.
    /// `failure` tells the model what it means when nothing did.
    Changed { failure: String },
    /// At the checkout: a checkout, shipping or payment form, or a page
    /// that says checkout.
    AtCheckout,
    /// Nothing to check in the listing (typed values are not in it; a
    /// read reports its own failure).
    Nothing,
}

impl Expect {
    pub fn judge(&self, before: &MiniPcd, after: &MiniPcd, observation: Option<&Observation>) -> Result<(), String> {
        match self {
            Expect::Nothing => Ok(()),
            Expect::Changed { failure } => if changed(before, after, observation) { Ok(()) } else { Err(failure.clone()) },
            Expect::SignedIn { form } => signed_in(form, before, after),
            Expect::AtCheckout => at_checkout(after),
        }
    }
}

/// Whether anything the listing shows changed.
pub fn changed(before: &MiniPcd, after: &MiniPcd, observation: Option<&Observation>) -> bool {
    let counts_moved = observation.and_then(|o| o.collection_summary.as_ref()).is_some_and(|summary| {
        summary.iter().any(|c| before.collections.iter().find(|b| b.id == c.id).is_none_or(|b| b.approx_count != Some(c.count)))
    });
    observation.is_some_and(|o| o.url_changed == Some(true))
        || before.url != after.url
        || before.ts != after.ts
        || before.forms != after.forms
        || delta(before, after).is_some()
        || counts_moved
}

fn secret_of(form: &MiniForm) -> impl Iterator<Item = SecretKind> + '_ {
    form.field_summaries.iter().filter_map(field_secret)
}

fn signed_in(form: &str, before: &MiniPcd, after: &MiniPcd) -> Result<(), String> {
    if after.login_state == LoginState::In {
        return Ok(());
    }
    if after.forms.iter().any(|f| secret_of(f).any(|k| k == SecretKind::OneTimeCode)) {
        return Err("The site now asks for a verification code: type {{secret:one_time_code}} into its field (the user is asked for it), then submit.".into());
    }
    let still = after.url == before.url && after.forms.iter().any(|f| f.id == form);
    let asks_password = forms_for(after, &[FormPurpose::Login]).any(|f| secret_of(f).any(|k| k == SecretKind::Password));
    if still && asks_password {
        return Err("The sign-in form is still there: the username or password may be wrong, or the site wants something else. Read the page (read_page) for its message and tell the user; do not guess passwords.".into());
    }
    Ok(())
}

fn at_checkout(after: &MiniPcd) -> Result<(), String> {
    let checkout_forms = [FormPurpose::Checkout, FormPurpose::ShippingAddress, FormPurpose::PaymentMethod];
    if hits(after).iter().any(|h| h.goal == GoalKind::Checkout) || after.forms.iter().any(|f| purpose_of(f).is_some_and(|p| checkout_forms.contains(&p))) {
        return Ok(());
    }
    if forms_for(after, &[FormPurpose::Login, FormPurpose::Signup]).next().is_some() {
        return Err("The shop asks to sign in (or to go on as a guest) before the checkout: ask the user which, or use skill_login.".into());
    }
    Err("This does not look like the checkout (no checkout, address or payment form, and the page does not say checkout). Look at the page (getMiniPCD) and go on yourself.".into())
}
