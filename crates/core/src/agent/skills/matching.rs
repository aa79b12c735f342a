//! What every skill's matching shares: reading kinds and purposes off the
//! listing, comparing labels as the page's words, choosing among equally
//! good entries (or saying they tie), and writing the model's calls.
//!
//! Calls are built as the model would write them (an id from the listing,
//! or a form's id with a field label), so the controller binds them with
//! the same code and the same gates, and a test can compare them with the
//! model's own calls decoded by `tools::decode`.

use super::SkillError;
use crate::agent::tools::{AgentCall, CheckArgs, ExtractArgs, SelectArgs, Target, TargetArgs, TypeArgs};
use crate::kind::text::{contains_phrase, normalize, words};
use crate::kind::{ActionKind, FormPurpose};
use crate::pcd::budget::landmark_rank;
use crate::safety::{secret_kind, FieldFacts, SecretKind};
use crate::types::{FieldSummary, Landmark, MiniAction, MiniForm, MiniPcd};

pub fn kind_of(a: &MiniAction) -> Option<ActionKind> {
    a.kind.as_deref().and_then(|k| k.parse().ok())
}

pub fn purpose_of(f: &MiniForm) -> Option<FormPurpose> {
    f.purpose.as_deref().and_then(|p| p.parse().ok())
}

/// The forms of `page` with one of `purposes`.
pub fn forms_for<'a>(page: &'a MiniPcd, purposes: &'a [FormPurpose]) -> impl Iterator<Item = &'a MiniForm> {
    page.forms.iter().filter(|f| purpose_of(f).is_some_and(|p| purposes.contains(&p)))
}

/// The actions of `page` of one of `kinds`.
pub fn actions_of<'a>(page: &'a MiniPcd, kinds: &'a [ActionKind]) -> impl Iterator<Item = &'a MiniAction> {
    page.actions.iter().filter(|a| kind_of(a).is_some_and(|k| kinds.contains(&k)))
}

/// How well a label fits the words asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Fit {
    /// The label is the words (any case, punctuation aside).
    Exact,
    /// The label holds the words ("Billing & invoices" for "billing").
    Partial,
}

pub fn fit(label: &str, wanted: &str) -> Option<Fit> {
    let (label_n, wanted_n) = (normalize(label), normalize(wanted));
    if wanted_n.is_empty() {
        return None;
    }
    if label_n == wanted_n {
        return Some(Fit::Exact);
    }
    contains_phrase(&words(label), &wanted_n).then_some(Fit::Partial)
}

/// Where an entry is, as a preference (lower is better): main content,
/// then header or nav, then the rest (`pcd`'s cluster preference).
pub fn place(l: Option<Landmark>) -> u8 {
    landmark_rank(l)
}

/// The entries with the best (lowest) key: none, one, or a tie.
pub enum Pick<'a, T> {
    None,
    One(&'a T),
    Tie(Vec<&'a T>),
}

pub fn pick<'a, T, K: Ord>(items: impl IntoIterator<Item = &'a T>, key: impl Fn(&T) -> K) -> Pick<'a, T> {
    let mut best: Vec<(&'a T, K)> = Vec::new();
    for item in items {
        let k = key(item);
        match best.first() {
            Some((_, b)) if k > *b => {}
            Some((_, b)) if k < *b => best = vec![(item, k)],
            _ => best.push((item, k)),
        }
    }
    match best.len() {
        0 => Pick::None,
        1 => Pick::One(best[0].0),
        _ => Pick::Tie(best.into_iter().map(|(i, _)| i).collect()),
    }
}

/// The best entry, the first of a tie: for controls that do the same
/// thing wherever they are (two "Sign in" links, top and bottom pagers).
pub fn first_best<'a, T, K: Ord>(items: impl IntoIterator<Item = &'a T>, key: impl Fn(&T) -> K) -> Option<&'a T> {
    match pick(items, key) {
        Pick::None => None,
        Pick::One(item) => Some(item),
        Pick::Tie(all) => all.first().copied(),
    }
}

/// `a1 “Sign in”, a2 “Log in”` for error texts (page words, clipped).
pub fn action_options<'a>(actions: impl IntoIterator<Item = &'a MiniAction>) -> String {
    let list: Vec<String> = actions.into_iter().take(6).map(|a| format!("{} “{}”", a.id, crate::agent::page::clip(&a.label, 40))).collect();
    list.join(", ")
}

/// `f1 (Email, Password)` for error texts.
pub fn form_options<'a>(forms: impl IntoIterator<Item = &'a MiniForm>) -> String {
    let list: Vec<String> = forms.into_iter().take(6).map(|f| format!("{} ({})", f.id, field_labels(f))).collect();
    list.join(", ")
}

/// A form's field labels, for error texts.
pub fn field_labels(f: &MiniForm) -> String {
    let labels: Vec<String> = f.field_summaries.iter().map(|s| crate::agent::page::clip(&s.label, 40)).collect();
    if labels.is_empty() {
        "no fields".into()
    } else {
        labels.join(", ")
    }
}

/// The one form with one of `purposes` (or the one named by `id`), the
/// main content's before the header's; `ambiguous` is the error's words
/// and rule when several are equally placed.
pub fn one_form<'a>(
    page: &'a MiniPcd,
    purposes: &'a [FormPurpose],
    id: Option<&str>,
    ambiguous: &str,
    rule_ambiguous: &'static str,
) -> Result<Option<&'a MiniForm>, SkillError> {
    if let Some(id) = id {
        return match page.forms.iter().find(|f| f.id == id) {
            Some(f) => Ok(Some(f)),
            None => Err(no_form(id, page)),
        };
    }
    match pick(forms_for(page, purposes), |f| place(f.landmark)) {
        Pick::None => Ok(None),
        Pick::One(f) => Ok(Some(f)),
        Pick::Tie(forms) => Err(SkillError::Ambiguous {
            rule: rule_ambiguous,
            what: ambiguous.to_owned(),
            options: form_options(forms),
            instead: "Call the skill again with `form` set to the right one's id.".into(),
        }),
    }
}

/// The error for a form id that is not on the page.
pub fn no_form(id: &str, page: &MiniPcd) -> SkillError {
    SkillError::NoMatch {
        rule: "form.unknown",
        what: format!("A form with id {id}"),
        instead: if page.forms.is_empty() {
            "The page lists no forms; look at the page again (getMiniPCD).".into()
        } else {
            format!("Its forms: {}.", form_options(&page.forms))
        },
    }
}

/// The secret a field holds (password, card, code), by the safety rules.
pub fn field_secret(f: &FieldSummary) -> Option<SecretKind> {
    secret_kind(&FieldFacts { input_type: Some(&f.field_type), autocomplete: None, name_or_id: f.name.as_deref(), label: &f.label })
}

/// Field types one types text into.
pub fn is_texty(field: &FieldSummary) -> bool {
    !matches!(
        field.field_type.to_ascii_lowercase().as_str(),
        "checkbox" | "radio" | "switch" | "select" | "combobox" | "listbox" | "file" | "hidden" | "submit" | "button" | "image" | "reset" | "range" | "color"
    )
}

/// The text field of `form` that `wanted` recognises, else its only text
/// field; never a secret one (those get the placeholder, not a value).
pub fn text_field(form: &MiniForm, wanted: impl Fn(&FieldSummary) -> bool) -> Option<&FieldSummary> {
    let texty: Vec<&FieldSummary> = form.field_summaries.iter().filter(|f| is_texty(f) && field_secret(f).is_none()).collect();
    texty.iter().copied().find(|f| wanted(f)).or(match texty[..] {
        [only] => Some(only),
        _ => None,
    })
}

// The calls, as the model writes them.

pub fn by_id(id: &str) -> Target {
    Target { id: Some(id.to_owned()), ..Target::default() }
}

/// A field of a form: the form's id and the field's label.
pub fn in_form(form: &str, label: &str) -> Target {
    Target { id: Some(form.to_owned()), field: Some(label.to_owned()), ..Target::default() }
}

pub fn click(id: &str) -> AgentCall {
    AgentCall::Click(TargetArgs { target: by_id(id), tab_id: None })
}

pub fn hover(id: &str) -> AgentCall {
    AgentCall::Hover(TargetArgs { target: by_id(id), tab_id: None })
}

pub fn submit(form: &str) -> AgentCall {
    AgentCall::Submit(TargetArgs { target: by_id(form), tab_id: None })
}

/// Types `text` into a form's field; `enter` presses Enter after it.
pub fn type_into(form: &str, label: &str, text: &str, enter: bool) -> AgentCall {
    AgentCall::Type(TypeArgs { target: in_form(form, label), text: text.to_owned(), submit: enter.then_some(true), replace: None, tab_id: None })
}

pub fn select(form: &str, label: &str, value: &str) -> AgentCall {
    AgentCall::Select(SelectArgs { target: in_form(form, label), value: value.to_owned(), tab_id: None })
}

pub fn check(form: &str, label: &str, on: bool) -> AgentCall {
    AgentCall::Check(CheckArgs { target: in_form(form, label), checked: Some(on), tab_id: None })
}

pub fn extract(collection: &str, fields: Vec<String>) -> AgentCall {
    AgentCall::Extract(ExtractArgs { collection_id: collection.to_owned(), fields, scroll_to_load: None, limit: None, tab_id: None })
}
