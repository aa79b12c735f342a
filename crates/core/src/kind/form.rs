//! Form purpose inference: what a form is for, from its fields' types,
//! names, labels and autocomplete tokens, its submit label and its heading.
//!
//! Every heuristic is one row of [`FORM_RULES`]; the first row whose
//! conditions all hold decides. Rows run from specific to generic: a form
//! with a card number *and* a shipping address is a checkout before it is a
//! payment method; two password fields make a signup before one makes a login.

use super::names::FormPurpose;
use super::phrases::{CompiledRules, PhraseIndex, SetBits, SetId};
use super::text::{normalize, split_identifier, split_words};
use std::sync::LazyLock;
use crate::types::Landmark;
use serde::{Deserialize, Serialize};

/// One control of a form, as the DOM side reads it. No values: only what
/// describes the field.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct FieldFacts {
    /// `name` or `id` attribute.
    pub name: Option<String>,
    /// Accessible name (label, aria-label, placeholder as a last resort).
    pub label: String,
    /// Input type, or `select` / `textarea`.
    #[serde(rename = "type")]
    pub field_type: String,
    /// The `autocomplete` attribute, space-separated tokens.
    pub autocomplete: Option<String>,
}

/// A form (or a form-like group with a submit control) as the DOM side reads it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct FormFacts {
    pub fields: Vec<FieldFacts>,
    /// Accessible name of the submit control.
    pub submit_label: Option<String>,
    /// ARIA role of the form or its wrapper (`search` for search landmarks).
    pub role: Option<String>,
    /// Accessible name of the form itself (aria-label / aria-labelledby).
    pub name: Option<String>,
    /// Text of the nearest heading above or inside the form.
    pub heading: Option<String>,
    /// Path of the form's `action` URL only.
    pub action_path: Option<String>,
    pub landmark: Option<Landmark>,
}

/// One condition of a form rule.
#[derive(Debug)]
pub enum FormWhen {
    /// Some field's autocomplete tokens include one of these.
    Autocomplete(&'static [&'static str]),
    /// Some field has one of these types.
    FieldType(&'static [&'static str]),
    /// At least this many fields have this type.
    FieldTypeCount(&'static str, usize),
    /// No field has any of these types.
    NoFieldType(&'static [&'static str]),
    /// Some field's label or name contains one of these phrases.
    Field(&'static [&'static str]),
    /// The submit label contains one of these phrases.
    Submit(&'static [&'static str]),
    /// The heading, form name or action path contains one of these phrases.
    Context(&'static [&'static str]),
    /// The form or its wrapper has `role="search"`.
    SearchRole,
    /// At most this many visible fields (hidden inputs and buttons excluded).
    MaxFields(usize),
    /// At least one of these holds.
    Any(&'static [FormWhen]),
}

/// One heuristic: when every condition holds, the form has `purpose`.
#[derive(Debug)]
pub struct FormRule {
    /// Stable name, used by the fixture tests.
    pub id: &'static str,
    pub purpose: FormPurpose,
    pub when: &'static [FormWhen],
}

use FormPurpose as P;
use FormWhen::*;

#[rustfmt::skip]
const CARD_AC: &[&str] = &["cc-number", "cc-exp", "cc-exp-month", "cc-exp-year", "cc-csc", "cc-name"];
#[rustfmt::skip]
const ADDRESS_AC: &[&str] = &[
    "street-address", "address-line1", "address-line2", "postal-code", "address-level1",
    "address-level2", "country",
];
#[rustfmt::skip]
const ADDRESS_WORDS: &[&str] = &["street", "address", "postal code", "zip", "postcode", "city"];
#[rustfmt::skip]
const LOGIN: &[&str] = &[
    "sign in", "signin", "log in", "login", "anmelden", "connexion", "iniciar sesion", "entrar",
    "accedi", "zaloguj", "inloggen", "войти", "вход", "登录", "登入", "登錄", "ログイン", "로그인",
];
#[rustfmt::skip]
const SIGNUP: &[&str] = &[
    "sign up", "signup", "register", "create account", "create an account", "create your account",
    "join", "get started", "registrieren", "s inscrire", "registrarse", "cadastre se", "registrati",
    "регистрация", "зарегистрироваться", "注册", "註冊", "新規登録", "会員登録", "회원가입",
];
#[rustfmt::skip]
const PRODUCTS: &[&str] = &["product", "shop", "store", "catalog", "catalogue", "item"];
#[rustfmt::skip]
const IS_SEARCH: FormWhen = Any(&[
    SearchRole,
    FieldType(&["search"]),
    Field(&["search", "find", "keyword", "query", "q"]),
    Submit(&["search", "find"]),
]);

/// The rules, most specific first. The first row whose conditions all hold
/// decides the purpose.
#[rustfmt::skip]
pub const FORM_RULES: &[FormRule] = &[
    FormRule { id: "password_reset.context", purpose: P::PasswordReset, when: &[Any(&[
        Context(&["forgot password", "forgot your password", "reset password", "reset your password", "password reset"]),
        Submit(&["reset password", "send reset link", "send reset", "reset"]),
    ])] },
    FormRule { id: "settings.password_change", purpose: P::Settings,
        when: &[Autocomplete(&["current-password"]), Autocomplete(&["new-password"])] },
    FormRule { id: "checkout.submit", purpose: P::Checkout, when: &[Submit(&[
        "place order", "place your order", "complete purchase", "complete order", "pay now",
        "buy now", "checkout", "pay",
    ])] },
    FormRule { id: "checkout.card_and_address", purpose: P::Checkout,
        when: &[Autocomplete(CARD_AC), Any(&[Autocomplete(ADDRESS_AC), Field(ADDRESS_WORDS)])] },
    FormRule { id: "payment_method.autocomplete", purpose: P::PaymentMethod,
        when: &[Autocomplete(CARD_AC)] },
    FormRule { id: "payment_method.labels", purpose: P::PaymentMethod, when: &[Field(&[
        "card number", "credit card", "cvc", "cvv", "security code", "expiry date",
        "expiration date", "iban",
    ])] },
    FormRule { id: "newsletter.email_only", purpose: P::Newsletter, when: &[
        FieldType(&["email"]),
        NoFieldType(&["password"]),
        MaxFields(2),
        Any(&[
            Submit(&["subscribe", "sign up", "join", "notify me", "get updates", "keep me posted"]),
            Context(&["newsletter", "subscribe", "mailing list", "updates"]),
        ]),
    ] },
    // The same without `type=email` (ARIA-poor pages, app frameworks'
    // text inputs): one field that says it wants an e-mail address.
    FormRule { id: "newsletter.email_label", purpose: P::Newsletter, when: &[
        Field(&["email", "e mail"]),
        NoFieldType(&["password"]),
        MaxFields(1),
        Any(&[
            Submit(&["subscribe", "sign up", "join", "notify me", "get updates", "keep me posted"]),
            Context(&["newsletter", "subscribe", "mailing list", "updates"]),
        ]),
    ] },
    FormRule { id: "signup.new_password", purpose: P::Signup, when: &[Autocomplete(&["new-password"])] },
    FormRule { id: "signup.confirm_password", purpose: P::Signup, when: &[FieldTypeCount("password", 2)] },
    FormRule { id: "signup.name_and_password", purpose: P::Signup, when: &[
        FieldType(&["password"]),
        Any(&[
            Field(&["first name", "last name", "full name", "your name", "name"]),
            Autocomplete(&["name", "given-name", "family-name"]),
        ]),
    ] },
    FormRule { id: "signup.submit", purpose: P::Signup, when: &[Any(&[Submit(SIGNUP), Context(SIGNUP)])] },
    FormRule { id: "login.password", purpose: P::Login, when: &[FieldType(&["password"])] },
    // Two-step sign-in pages ask for the email first, submit with "Continue".
    FormRule { id: "login.submit_or_context", purpose: P::Login, when: &[
        MaxFields(2),
        Any(&[Submit(LOGIN), Context(LOGIN)]),
    ] },
    FormRule { id: "search_products.context", purpose: P::SearchProducts, when: &[
        IS_SEARCH,
        Any(&[Context(PRODUCTS), Field(PRODUCTS), Submit(PRODUCTS)]),
    ] },
    FormRule { id: "search.role", purpose: P::Search, when: &[SearchRole] },
    FormRule { id: "search.input", purpose: P::Search, when: &[FieldType(&["search"])] },
    FormRule { id: "search.label", purpose: P::Search, when: &[MaxFields(2), IS_SEARCH] },
    FormRule { id: "filter.context", purpose: P::Filter, when: &[Any(&[
        Context(&["filter", "refine", "narrow"]),
        Submit(&["apply filters", "filter", "refine", "show results"]),
    ])] },
    FormRule { id: "sort.single_field", purpose: P::Sort, when: &[
        MaxFields(1),
        Field(&["sort", "sort by", "order by"]),
    ] },
    FormRule { id: "contact.message", purpose: P::Contact, when: &[
        Field(&["message", "your message", "how can we help", "inquiry", "enquiry"]),
        Any(&[FieldType(&["email", "tel"]), Context(&["contact"])]),
    ] },
    FormRule { id: "contact.context", purpose: P::Contact, when: &[Context(&[
        "contact", "get in touch", "contact us", "contact sales",
    ])] },
    FormRule { id: "comment.field", purpose: P::Comment, when: &[Any(&[
        Field(&["comment", "reply", "add a comment"]),
        Submit(&["post comment", "add comment", "comment", "reply"]),
    ])] },
    FormRule { id: "upload.file", purpose: P::Upload, when: &[FieldType(&["file"])] },
    FormRule { id: "schedule.datetime", purpose: P::Schedule, when: &[
        FieldType(&["date", "datetime-local", "time"]),
        Any(&[
            Submit(&["schedule", "book", "reserve", "confirm booking", "request appointment"]),
            Context(&["schedule", "appointment", "booking", "reservation", "book"]),
        ]),
    ] },
    FormRule { id: "shipping.autocomplete", purpose: P::ShippingAddress, when: &[Autocomplete(&["shipping"])] },
    FormRule { id: "billing.autocomplete", purpose: P::Billing, when: &[Autocomplete(&["billing"])] },
    FormRule { id: "shipping.context", purpose: P::ShippingAddress, when: &[
        Context(&["shipping", "delivery"]),
        Any(&[Autocomplete(ADDRESS_AC), Field(ADDRESS_WORDS)]),
    ] },
    FormRule { id: "billing.context", purpose: P::Billing, when: &[Context(&[
        "billing", "invoice", "tax id", "vat",
    ])] },
    FormRule { id: "profile.context", purpose: P::Profile, when: &[Context(&[
        "profile", "personal information", "personal details", "about you", "my account",
    ])] },
    FormRule { id: "settings.context", purpose: P::Settings, when: &[Context(&[
        "settings", "preferences", "notifications", "privacy", "security",
    ])] },
    // A group of checkboxes and nothing to type is a facet list.
    FormRule { id: "filter.checkboxes", purpose: P::Filter, when: &[
        FieldTypeCount("checkbox", 2),
        NoFieldType(&["email", "password", "text", "textarea", "tel"]),
    ] },
    // An address form with no other hint is most often a delivery address.
    FormRule { id: "shipping.address_fields", purpose: P::ShippingAddress,
        when: &[Any(&[Autocomplete(ADDRESS_AC), Field(ADDRESS_WORDS)])] },
];

/// Field types that are not something the user fills in.
const NOT_VISIBLE: &[&str] = &["hidden", "submit", "button", "image", "reset"];

/// The purpose of a form, or `None` when no rule holds.
pub fn infer_form_purpose(form: &FormFacts) -> Option<FormPurpose> {
    explain_form_purpose(form).map(|rule| rule.purpose)
}

/// The rule that decides the purpose of a form (for tests and debugging).
pub fn explain_form_purpose(form: &FormFacts) -> Option<&'static FormRule> {
    let compiled = compiled();
    let facts = Facts::new(form, &compiled.index);
    FORM_RULES.get(compiled.first(|c| facts.holds(c))?)
}

/// A condition of [`FORM_RULES`] with its keyword sets replaced by their
/// ids in a [`PhraseIndex`], as `action.rs` does for actions: each of a
/// form's strings is matched against every set once, then each keyword
/// condition is a bit test (phrase by phrase, a form's purpose cost ~60k
/// instructions; `tests.rs` checks both ways agree).
#[derive(Debug)]
enum Cond {
    Field(SetId),
    Submit(SetId),
    Context(SetId),
    Any(Vec<Cond>),
    /// A condition without keywords, evaluated as written.
    Plain(&'static FormWhen),
}

/// [`FORM_RULES`], compiled once (same order).
fn compiled() -> &'static CompiledRules<Cond> {
    static COMPILED: LazyLock<CompiledRules<Cond>> = LazyLock::new(|| CompiledRules::new(FORM_RULES.iter().map(|r| r.when), compile));
    &COMPILED
}

fn compile(when: &'static FormWhen, index: &mut PhraseIndex) -> Cond {
    match when {
        Field(phrases) => Cond::Field(index.add(phrases)),
        Submit(phrases) => Cond::Submit(index.add(phrases)),
        Context(phrases) => Cond::Context(index.add(phrases)),
        Any(options) => Cond::Any(options.iter().map(|w| compile(w, index)).collect()),
        plain => Cond::Plain(plain),
    }
}

/// The sets a text's words contain a phrase of.
fn contained(text: &str, index: &PhraseIndex) -> SetBits {
    index.matches(&split_words(&normalize(text))).contains
}

/// One field's strings, normalised once for all rules.
struct FieldWords {
    field_type: String,
    autocomplete: Vec<String>,
}

struct Facts {
    fields: Vec<FieldWords>,
    /// Sets with a phrase in some field's label or name (`Field`).
    field: SetBits,
    /// Sets with a phrase in the submit label (`Submit`).
    submit: SetBits,
    /// Sets with a phrase in the heading, form name or action path (`Context`).
    context: SetBits,
    search_role: bool,
}

impl Facts {
    fn new(form: &FormFacts, index: &PhraseIndex) -> Self {
        let mut field = SetBits::default();
        let fields = form
            .fields
            .iter()
            .map(|f| {
                field = field.union(contained(&f.label, index));
                if let Some(n) = f.name.as_deref() {
                    field = field.union(contained(&split_identifier(n), index));
                }
                FieldWords {
                    field_type: f.field_type.to_ascii_lowercase(),
                    autocomplete: f
                        .autocomplete
                        .as_deref()
                        .unwrap_or("")
                        .split_ascii_whitespace()
                        .map(str::to_ascii_lowercase)
                        .collect(),
                }
            })
            .collect();
        let context = [&form.heading, &form.name, &form.action_path]
            .into_iter()
            .flatten()
            .map(|s| contained(&split_identifier(s), index))
            .fold(SetBits::default(), SetBits::union);
        Facts {
            fields,
            field,
            submit: form.submit_label.as_deref().map(|s| contained(s, index)).unwrap_or_default(),
            context,
            search_role: form.role.as_deref().is_some_and(|r| r.eq_ignore_ascii_case("search")),
        }
    }

    fn holds(&self, cond: &Cond) -> bool {
        match cond {
            Cond::Field(id) => self.field.has(*id),
            Cond::Submit(id) => self.submit.has(*id),
            Cond::Context(id) => self.context.has(*id),
            Cond::Any(options) => options.iter().any(|c| self.holds(c)),
            Cond::Plain(when) => self.holds_plain(when),
        }
    }

    /// A condition that reads no keyword set.
    fn holds_plain(&self, when: &FormWhen) -> bool {
        match when {
            Autocomplete(tokens) => {
                self.fields.iter().any(|f| f.autocomplete.iter().any(|t| tokens.contains(&t.as_str())))
            }
            FieldType(types) => self.fields.iter().any(|f| types.contains(&f.field_type.as_str())),
            FieldTypeCount(ty, n) => self.fields.iter().filter(|f| f.field_type == *ty).count() >= *n,
            NoFieldType(types) => !self.fields.iter().any(|f| types.contains(&f.field_type.as_str())),
            SearchRole => self.search_role,
            MaxFields(n) => self.fields.iter().filter(|f| !NOT_VISIBLE.contains(&f.field_type.as_str())).count() <= *n,
            // Compiled into `Cond`s, never plain.
            Field(_) | Submit(_) | Context(_) | Any(_) => unreachable!("keyword and nested conditions are compiled"),
        }
    }
}
