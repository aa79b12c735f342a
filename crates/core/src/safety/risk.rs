//! The risk of one agent step: whether it commits money or has an outward
//! or irreversible effect (`High`: the service worker asks the user first),
//! changes something reversible (`Medium`), or only looks (`Low`).
//!
//! Every heuristic is one row of [`RISK_RULES`]; the first row whose
//! conditions all hold decides, and every row has a fixture in
//! `risk_tests.rs` (a test fails for a row without one). The order:
//! 1. the verb: navigating by URL, downloading, typing, selecting,
//!    checking and clicking into a field commit nothing by themselves
//!    (typing never does; the submit does), except toggles and selects of
//!    access controls, which often save at once;
//! 2. submits of checkout, payment-method and comment forms (their purpose
//!    comes from card and address fields, not only from a label), whatever
//!    the button says;
//! 3. near misses that must not read as their keyword ("Cancel" in a
//!    dialog, "Remove filter", "Don't delete", a question, "Send code");
//! 4. submits of newsletter and contact forms (they go to the site itself)
//!    and Enter in a chat or comment box (it sends);
//! 5. phrases that commit whatever element carries them ("Place order",
//!    "Delete", "Cancel subscription"), in all the languages of `words`;
//! 6. links: past this point a link only navigates, so it is `Low`
//!    ("Buy" on a product card opens the product);
//! 7. single verbs that commit on a button ("Buy", "Send", "Share"), a
//!    generic "Confirm" on a checkout or deletion page;
//! 8. the kinds `kind` infers (add to cart, sign in, save…) and any other
//!    form submit (`Medium`), views (`Low`), and an unknown button
//!    (`Medium`: it may do anything reversible; [`super`] says what each
//!    level means to the caller).
//!
//! Labels are read with `kind`'s normalisation and phrase matching
//! (`kind::text`): whole words, plurals, diacritics folded, unspaced
//! scripts matched inside words. When the step has no `kind`, it is
//! inferred from the label with `kind::infer_action_kind`, so `kind`'s
//! keyword tables (login, cart, search… in a dozen languages) serve here too.
//!
//! What labels can and cannot do: they are the page's own words. On an
//! honest site (the common case: a prompt injection hidden in a review or
//! an e-mail steers the model toward "Delete account") they say what a
//! button does, and these rules catch it. A hostile site can mislabel its
//! own buttons; against it the defences are the ones that do not rest on
//! labels: form purposes read from field types and autocomplete tokens
//! (row group 2), and the per-site write permission (`sites`).

use super::secrets::{secret_kind, FieldFacts};
use super::words::*;
use crate::kind::text::{contains_phrase, is_phrase, normalize, split_identifier, unspaced, word_is, words};
use crate::kind::{infer_action_kind, ActionContext, ActionKind, FormPurpose};
use serde::{Deserialize, Serialize};

/// How much a step can do. Ordered: `Low < Medium < High`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Risk {
    /// Looks, moves around, or types without committing.
    Low,
    /// Changes something the user can undo (cart, settings, a sign-in).
    Medium,
    /// Commits money or has an outward or irreversible effect.
    High,
}

impl Risk {
    /// Whether the step waits for the user's yes (seed 000 §12 "two-phase confirm").
    pub fn needs_confirmation(self) -> bool {
        self == Risk::High
    }
}

/// Declares [`RiskReason`] with one phrase per variant, for "This step looks like …".
macro_rules! reasons {
    ($($(#[$meta:meta])* $variant:ident = $phrase:literal,)*) => {
        /// Why a step has its risk.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum RiskReason {
            $($(#[$meta])* $variant,)*
        }

        impl RiskReason {
            pub const ALL: &'static [RiskReason] = &[$(RiskReason::$variant,)*];

            /// A short phrase for the confirmation prompt ("a payment").
            pub fn describe(self) -> &'static str {
                match self { $(RiskReason::$variant => $phrase,)* }
            }
        }
    };
}

reasons! {
    Purchase = "a purchase",
    Payment = "a payment",
    PaymentMethod = "saving payment details",
    PaidPlan = "a paid plan or upgrade",
    Booking = "a booking",
    Delete = "a deletion",
    CancelSubscription = "cancelling a subscription",
    CloseAccount = "closing the account",
    CancelOrder = "cancelling an order or booking",
    Send = "sending a message",
    Publish = "publishing something",
    Transfer = "a money transfer",
    AccountChange = "an account change",
    SecurityChange = "a security change",
    GrantAccess = "granting access",
    /// Entering checkout (the order is placed later, with its own confirmation).
    Checkout = "going to checkout",
    CartChange = "changing the cart or a saved list",
    SaveChanges = "saving changes",
    Upload = "uploading a file",
    SignIn = "signing in",
    SignUp = "creating an account",
    SignOut = "signing out",
    Subscribe = "subscribing",
    Confirm = "confirming a dialog",
    FormSubmit = "submitting a form",
    EnterSecret = "entering a secret",
}

/// What the step does, as the tool call says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionVerb {
    Click,
    Type,
    Select,
    Check,
    Submit,
    PressEnter,
    /// Going to a URL (`nav.go`); refused targets are `check_navigation`'s.
    Navigate,
    OpenTab,
    Download,
    /// Scrolling, hovering, waiting, reading.
    Other,
}

/// What the service worker knows about a step before running it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StepFacts<'a> {
    pub action: ActionVerb,
    /// Accessible name of the target element (for a submit, of the form or
    /// the field; for Enter, of the field).
    pub label: &'a str,
    /// ARIA role of the target (`MiniAction.role`: `button`, `link`,
    /// `menuitem`, `tab`, …). A link only navigates unless its label
    /// commits on its own; `None` is read as "not a link".
    pub role: Option<&'a str>,
    /// `MiniAction.kind`; inferred from the label when `None`.
    pub kind: Option<ActionKind>,
    /// Purpose of the enclosing (or submitted) form.
    pub form_purpose: Option<FormPurpose>,
    /// Accessible name of that form's submit control.
    pub form_submit_label: Option<&'a str>,
    pub page_url: &'a str,
    pub page_title: &'a str,
}

impl<'a> StepFacts<'a> {
    /// A step with only its verb and target label known.
    pub fn new(action: ActionVerb, label: &'a str) -> Self {
        StepFacts { action, label, role: None, kind: None, form_purpose: None, form_submit_label: None, page_url: "", page_title: "" }
    }
}

/// The outcome of [`assess`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RiskVerdict {
    pub risk: Risk,
    pub reason: Option<RiskReason>,
}

/// One condition of a risk rule.
#[derive(Debug)]
pub enum RiskWhen {
    /// The step's verb is one of these.
    Verb(&'static [ActionVerb]),
    /// The label (and, for a submit or Enter, the form's submit label)
    /// contains one of these phrases as whole words.
    Said(&'static [&'static str]),
    /// The whole label (or submit label, as for `Said`) is one of these.
    SaidIs(&'static [&'static str]),
    /// The label starts with one of these phrases.
    Leads(&'static [&'static str]),
    /// The label is a question ("How do I delete my account?").
    Question,
    /// The kind, given or inferred from the label, is one of these.
    Kind(&'static [ActionKind]),
    /// The enclosing form has one of these purposes.
    Form(&'static [FormPurpose]),
    /// The step submits its form: a submit, Enter, or a click on the form's
    /// submit control (or on a button of a form whose submit is not known).
    Submits,
    /// The target's role is one of these.
    Role(&'static [&'static str]),
    /// The page title or URL path contains one of these phrases.
    Page(&'static [&'static str]),
    /// The label names a secret field (`secrets::secret_kind`).
    SecretField,
    /// At least one of these holds.
    Any(&'static [RiskWhen]),
    /// All of these hold (inside an `Any`).
    All(&'static [RiskWhen]),
    /// This does not hold.
    Not(&'static RiskWhen),
}

/// One heuristic: when every condition holds, the step has `risk` for `reason`.
#[derive(Debug)]
pub struct RiskRule {
    /// Stable name, used by the fixture tests and in logs.
    pub id: &'static str,
    pub risk: Risk,
    pub reason: Option<RiskReason>,
    pub when: &'static [RiskWhen],
}

use ActionKind as K;
use ActionVerb as V;
use FormPurpose as P;
use Risk::{High, Low, Medium};
use RiskReason as R;
use RiskWhen::*;

const NOT_SUBMIT: RiskWhen = Not(&Submits);
/// Roles of form fields: clicking one focuses or toggles it, and submits nothing.
const FIELD_ROLES: &[&str] = &[
    "checkbox", "switch", "radio", "combobox", "listbox", "option", "menuitemcheckbox", "menuitemradio",
    "textbox", "searchbox", "spinbutton", "slider",
];
/// Setting a field: selecting, checking, or clicking into a field.
const SETS_FIELD: RiskWhen = Any(&[Verb(&[V::Select, V::Check]), All(&[Verb(&[V::Click]), Role(FIELD_ROLES)])]);
const ANY_DELETE: RiskWhen = Any(&[Said(DELETE), Said(DELETE_BUTTON)]);

/// Declares one row of [`RISK_RULES`].
macro_rules! rule {
    ($id:literal, $risk:expr, $reason:expr, [$($when:expr),* $(,)?]) => {
        RiskRule { id: $id, risk: $risk, reason: $reason, when: &[$($when),*] }
    };
}

/// The rules, in the order of the module doc. The first row whose
/// conditions all hold decides.
#[rustfmt::skip]
pub const RISK_RULES: &[RiskRule] = &[
    // 1. Verbs that commit nothing by themselves.
    rule!("verb.navigate", Low, None, [Verb(&[V::Navigate, V::OpenTab])]),
    rule!("verb.download", Low, None, [Verb(&[V::Download])]),
    rule!("verb.other", Low, None, [Verb(&[V::Other])]),
    rule!("type.secret", Medium, Some(R::EnterSecret), [Verb(&[V::Type]), SecretField]),
    rule!("type.field", Low, None, [Verb(&[V::Type])]),
    rule!("toggle.access_control", Medium, Some(R::SecurityChange), [SETS_FIELD, Said(ACCESS_CONTROLS)]),
    rule!("toggle.field", Low, None, [SETS_FIELD]),
    // 2. Submits of forms whose fields say they commit: before the near
    // misses, so a checkout's "Keep going" is still the order.
    rule!("form.checkout", High, Some(R::Purchase), [Submits, Form(&[P::Checkout])]),
    rule!("form.payment_method", High, Some(R::PaymentMethod), [Submits, Form(&[P::PaymentMethod])]),
    rule!("form.comment", High, Some(R::Publish), [Submits, Form(&[P::Comment])]),
    rule!("form.account_routing", High, Some(R::SecurityChange), [Submits, Said(ACCOUNT_ROUTING)]),
    // 3. Near misses.
    rule!("near.tab", Low, None, [Role(&["tab"])]),
    rule!("near.decline", Low, None, [Leads(DECLINE_LEAD)]),
    rule!("near.dismiss", Low, None, [SaidIs(DISMISS_EXACT)]),
    rule!("near.question", Low, None, [Question, NOT_SUBMIT]),
    rule!("near.remove_view_object", Low, None, [ANY_DELETE, Any(&[Said(VIEW_OBJECTS), Kind(&[K::Filter, K::Sort, K::Search])])]),
    rule!("near.search_submit", Low, None, [Submits, Any(&[
        Form(&[P::Search, P::SearchProducts, P::Filter, P::Sort]),
        Kind(&[K::Search, K::Filter, K::Sort]),
    ])]),
    rule!("near.copy", Low, None, [Said(COPY)]),
    rule!("near.composer_open", Low, None, [Said(COMPOSER_OPEN), NOT_SUBMIT]),
    rule!("near.cart_remove", Medium, Some(R::CartChange), [Kind(&[K::RemoveFromCart])]),
    rule!("near.send_to_self", Medium, Some(R::FormSubmit), [Said(SEND_TO_SELF)]),
    rule!("near.feedback", Medium, Some(R::FormSubmit), [Said(FEEDBACK)]),
    rule!("near.consent", Medium, Some(R::Confirm), [Said(CONSENT)]),
    // 4. Forms whose purpose says they stay with the site.
    rule!("form.newsletter", Medium, Some(R::Subscribe), [Submits, Form(&[P::Newsletter])]),
    // A contact form goes to the site itself, which gets what any form sends it.
    rule!("form.contact", Medium, Some(R::FormSubmit), [Submits, Form(&[P::Contact])]),
    // Chat and comment boxes send on Enter, and are often not forms.
    rule!("enter.composer", High, Some(R::Send), [Verb(&[V::PressEnter]), Said(COMPOSER_FIELD)]),
    // 5. Phrases that commit on any element.
    rule!("purchase.label", High, Some(R::Purchase), [Said(PURCHASE)]),
    rule!("payment.label", High, Some(R::Payment), [Said(PAYMENT)]),
    rule!("paid_plan.label", High, Some(R::PaidPlan), [Said(PAID_PLAN)]),
    rule!("booking.label", High, Some(R::Booking), [Said(BOOKING)]),
    rule!("transfer.label", High, Some(R::Transfer), [Said(TRANSFER)]),
    rule!("close_account.label", High, Some(R::CloseAccount), [Said(CLOSE_ACCOUNT)]),
    rule!("cancel_subscription.label", High, Some(R::CancelSubscription), [Said(CANCEL_SUBSCRIPTION)]),
    rule!("cancel_order.label", High, Some(R::CancelOrder), [Said(CANCEL_ORDER)]),
    rule!("security.label", High, Some(R::SecurityChange), [Said(SECURITY)]),
    rule!("grant_access.label", High, Some(R::GrantAccess), [Said(GRANT_ACCESS)]),
    rule!("send.label", High, Some(R::Send), [Said(SEND)]),
    rule!("publish.label", High, Some(R::Publish), [Said(PUBLISH)]),
    // Links too: `<a data-method="delete">` and script links delete.
    rule!("delete.label", High, Some(R::Delete), [Said(DELETE)]),
    // 6. What is left of links navigates; section names show something.
    rule!("view.info", Low, None, [NOT_SUBMIT, Said(INFO_NOUNS)]),
    rule!("view.link", Low, None, [Role(&["link"])]),
    // 7. Verbs that commit on a button.
    rule!("purchase.button", High, Some(R::Purchase), [Said(PURCHASE_BUTTON)]),
    rule!("payment.button", High, Some(R::Payment), [Said(PAYMENT_BUTTON)]),
    rule!("paid_plan.button", High, Some(R::PaidPlan), [Said(PAID_PLAN_BUTTON)]),
    rule!("transfer.button", High, Some(R::Transfer), [Said(TRANSFER_BUTTON)]),
    rule!("password.button", High, Some(R::SecurityChange), [Said(PASSWORD_CHANGE_BUTTON)]),
    rule!("account_change.button", High, Some(R::AccountChange), [Said(ACCOUNT_CHANGE_BUTTON)]),
    rule!("grant_access.button", High, Some(R::GrantAccess), [Any(&[Said(GRANT_ACCESS_BUTTON), Kind(&[K::Share])])]),
    rule!("grant_access.allow", High, Some(R::GrantAccess), [SaidIs(ALLOW_EXACT)]),
    rule!("send.button", High, Some(R::Send), [Said(SEND_BUTTON)]),
    rule!("publish.button", High, Some(R::Publish), [Said(PUBLISH_BUTTON)]),
    // Icon-only trash buttons: `kind` read their icon hint.
    rule!("delete.button", High, Some(R::Delete), [Any(&[Said(DELETE_BUTTON), Kind(&[K::Delete])])]),
    rule!("page.checkout_confirm", High, Some(R::Purchase), [SaidIs(CONFIRM_EXACT), Page(CHECKOUT_PAGE)]),
    rule!("page.delete_confirm", High, Some(R::Delete), [SaidIs(CONFIRM_EXACT), Page(DELETE)]),
    rule!("page.cancel_confirm", High, Some(R::CancelSubscription), [SaidIs(CONFIRM_EXACT), Any(&[
        Page(CANCEL_SUBSCRIPTION), Page(CLOSE_ACCOUNT),
    ])]),
    // 8. Inferred kinds and other submits.
    rule!("kind.checkout", Medium, Some(R::Checkout), [Kind(&[K::Checkout])]),
    rule!("kind.add_to_cart", Medium, Some(R::CartChange), [Kind(&[K::AddToCart])]),
    rule!("saved_list.button", Medium, Some(R::CartChange), [Said(SAVED_LISTS)]),
    rule!("kind.payment_method", Medium, Some(R::PaymentMethod), [Kind(&[K::PaymentMethod])]),
    rule!("kind.upload", Medium, Some(R::Upload), [Kind(&[K::Upload])]),
    rule!("form.upload", Medium, Some(R::Upload), [Submits, Form(&[P::Upload])]),
    rule!("form.login", Medium, Some(R::SignIn), [Submits, Form(&[P::Login])]),
    rule!("kind.login", Medium, Some(R::SignIn), [Kind(&[K::Login])]),
    rule!("form.signup", Medium, Some(R::SignUp), [Submits, Form(&[P::Signup])]),
    rule!("kind.signup", Medium, Some(R::SignUp), [Kind(&[K::Signup])]),
    rule!("kind.logout", Medium, Some(R::SignOut), [Kind(&[K::Logout])]),
    rule!("kind.subscribe", Medium, Some(R::Subscribe), [Kind(&[K::Subscribe])]),
    rule!("form.settings", Medium, Some(R::SaveChanges), [Submits, Form(&[P::Settings, P::Profile, P::Billing, P::ShippingAddress])]),
    rule!("kind.save", Medium, Some(R::SaveChanges), [Kind(&[K::Save])]),
    rule!("kind.booking", Medium, Some(R::Booking), [Kind(&[K::Book, K::Schedule])]),
    rule!("kind.confirm", Medium, Some(R::Confirm), [Kind(&[K::Confirm])]),
    rule!("form.other", Medium, Some(R::FormSubmit), [Submits]),
    rule!("kind.view", Low, None, [Kind(&[
        K::Search, K::Filter, K::Sort, K::Pagination, K::Navigation, K::Menu, K::Help, K::Close,
        K::Cancel, K::Cart, K::Billing, K::Settings, K::Profile, K::Download, K::DownloadInvoice,
        K::Contact, K::PasswordReset, K::Edit, K::Apply,
    ])]),
    // A button nothing above explains may do anything reversible (links
    // left at `view.link`). Holds for every step: the table always decides.
    rule!("button.unknown", Medium, None, []),
];

/// The risk of a step.
pub fn assess(facts: &StepFacts) -> RiskVerdict {
    let rule = explain(facts);
    RiskVerdict { risk: rule.risk, reason: rule.reason }
}

/// The rule that decides a step's risk (for tests, logs and debugging).
pub fn explain(facts: &StepFacts) -> &'static RiskRule {
    let read = Read::new(facts);
    RISK_RULES.iter().find(|rule| rule.when.iter().all(|w| read.holds(w))).unwrap_or(LAST)
}

/// The last row, which has no condition (so `find` never misses).
const LAST: &RiskRule = &RISK_RULES[RISK_RULES.len() - 1];

/// A step's strings, normalised once for all rules.
struct Read<'a> {
    facts: &'a StepFacts<'a>,
    /// The label's words, then the submit label's when the step submits
    /// by Submit or Enter (a click's own label is its submit label).
    said: Vec<Vec<String>>,
    kind: Option<ActionKind>,
    submits: bool,
    /// Page title words, then URL path words.
    page: Vec<Vec<String>>,
}

impl<'a> Read<'a> {
    fn new(facts: &'a StepFacts<'a>) -> Self {
        let by_verb = matches!(facts.action, ActionVerb::Submit | ActionVerb::PressEnter);
        let mut said = vec![words(facts.label)];
        if let (true, Some(submit)) = (by_verb, facts.form_submit_label) {
            said.push(words(submit));
        }
        let is_link = role_is(facts.role, &["link"]);
        let in_form = facts.form_purpose.is_some() || facts.form_submit_label.is_some();
        let its_submit = facts.form_submit_label.is_none_or(|s| normalize(s) == normalize(facts.label));
        let submits = by_verb || (facts.action == ActionVerb::Click && in_form && !is_link && its_submit);
        let kind = facts.kind.or_else(|| {
            let ctx = ActionContext { role: facts.role.map(str::to_owned), form_purpose: facts.form_purpose, ..ActionContext::default() };
            infer_action_kind(facts.label, &ctx)
        });
        // The fragment too: single-page apps route by it (`#/checkout/review`).
        let route = url::Url::parse(facts.page_url.trim())
            .map(|u| format!("{} {}", u.path(), u.fragment().unwrap_or("")))
            .unwrap_or_default();
        let page = vec![words(facts.page_title), words(&split_identifier(&route))];
        Read { facts, said, kind, submits, page }
    }

    fn holds(&self, when: &RiskWhen) -> bool {
        let any_in = |texts: &[Vec<String>], phrases: &[&str], whole: bool| {
            texts.iter().any(|w| phrases.iter().any(|p| if whole { is_phrase(w, p) } else { contains_phrase(w, p) }))
        };
        match when {
            Verb(verbs) => verbs.contains(&self.facts.action),
            Said(phrases) => any_in(&self.said, phrases, false),
            SaidIs(phrases) => any_in(&self.said, phrases, true),
            Leads(phrases) => phrases.iter().any(|p| leads(&self.said[0], p)),
            Question => self.facts.label.trim_end().ends_with(['?', '？']),
            Kind(kinds) => self.kind.is_some_and(|k| kinds.contains(&k)),
            Form(purposes) => self.facts.form_purpose.is_some_and(|p| purposes.contains(&p)),
            Submits => self.submits,
            Role(roles) => role_is(self.facts.role, roles),
            Page(phrases) => any_in(&self.page, phrases, false),
            SecretField => secret_kind(&FieldFacts { label: self.facts.label, ..FieldFacts::default() }).is_some(),
            Any(options) => options.iter().any(|w| self.holds(w)),
            All(conditions) => conditions.iter().all(|w| self.holds(w)),
            Not(inner) => !self.holds(inner),
        }
    }
}

fn role_is(role: Option<&str>, roles: &[&str]) -> bool {
    role.is_some_and(|r| roles.iter().any(|x| r.trim().eq_ignore_ascii_case(x)))
}

/// Whether the words start with the phrase (an unspaced phrase starts the
/// first word: "不要删除" starts with "不要").
fn leads(words: &[String], phrase: &str) -> bool {
    let parts: Vec<&str> = phrase.split(' ').collect();
    match words.first() {
        Some(first) if parts.len() == 1 && unspaced(phrase) => first.starts_with(phrase),
        _ => words.len() >= parts.len() && words.iter().zip(&parts).all(|(w, p)| word_is(w, p)),
    }
}
