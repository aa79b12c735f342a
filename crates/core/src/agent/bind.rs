//! Binding what the model names (an id from the listing, a field label,
//! or a selector) to a selector the page resolves to exactly one element,
//! with the facts the safety rules need (label, kind, form purpose,
//! whether the field holds a secret).
//!
//! Seed 000 §7's ladder for ids: `getDetails`; when the id is gone (the
//! page re-rendered), re-bind by the label the listing had for it
//! (`pcd.query`, same label); only then tell the model. Fields are found
//! by role and accessible name, exact (any case) before partial, as the
//! command grammar does (`command::RoleHint`).

use super::host::Host;
use super::page::{entry, Entry};
use super::task::Task;
use super::tools::Target;
use crate::command::{exact_any_case, per_item_selectors, RoleHint};
use crate::selector::with_nth;
use crate::kind::{ActionKind, FormPurpose};
use crate::safety::{secret_kind, FieldFacts, SecretKind};
use crate::tools::{ErrorCode, ToolCall};
use crate::types::{FieldSummary, MiniAction, MiniForm, NameMode, PcdActionDetail, QueryHit, Resolution, RoleSelector};
use serde::de::DeserializeOwned;

/// An element the step acts on.
#[derive(Debug, Clone, PartialEq)]
pub struct Bound {
    pub selector: RoleSelector,
    /// The MiniPCD id it came from (lets the act layer re-bind on retry).
    pub id: Option<String>,
    /// Its name as the page names it.
    pub label: String,
    /// "button", "link", "field", "form", … for descriptions.
    pub role: String,
    pub kind: Option<ActionKind>,
    /// The form it belongs to (a field) or is (a form id).
    pub form: Option<FormFacts>,
    pub secret: Option<SecretKind>,
    /// The origin activating it leads to when another site's (a link's
    /// href, its form's action), when the page said so.
    pub goes_to: Option<String>,
}

/// What the risk rules need of a form.
#[derive(Debug, Clone, PartialEq)]
pub struct FormFacts {
    pub purpose: Option<FormPurpose>,
    pub submit_label: Option<String>,
    /// The origin it is sent to when another site's (`MiniForm::goes_to`).
    pub goes_to: Option<String>,
}

impl FormFacts {
    fn of(form: &MiniForm) -> FormFacts {
        FormFacts { purpose: form.purpose.as_deref().and_then(|p| p.parse().ok()), submit_label: form.submit_label.clone(), goes_to: form.goes_to.clone() }
    }
}

/// Why a target could not be bound; the text is for the model.
#[derive(Debug, Clone, PartialEq)]
pub struct BindError {
    pub message: String,
    /// Nothing (or more than one thing) on the page fits what the model
    /// named: the PCD Scout may find it (`scout`). Otherwise the model's
    /// call itself needs changing (a form id without a field, say).
    pub missing: bool,
}

impl BindError {
    fn missing(message: String) -> BindError {
        BindError { message, missing: true }
    }
}

impl From<String> for BindError {
    fn from(message: String) -> BindError {
        BindError { message, missing: false }
    }
}

impl From<&str> for BindError {
    fn from(message: &str) -> BindError {
        message.to_owned().into()
    }
}

/// Runs a read tool and decodes its data.
pub async fn read<H: Host, T: DeserializeOwned>(host: &H, call: ToolCall) -> Result<T, String> {
    let tool = call.name().as_str();
    let data = host.tool(call).await.map_err(|e| e.error)?;
    serde_json::from_value(data).map_err(|e| format!("`{tool}` answered something unexpected: {e}"))
}

/// Binds `target` on tab `tab`; `hint` is the kind of control the verb
/// implies (a field for typing, a checkbox for checking…). The error is
/// for the model.
pub async fn bind<H: Host>(host: &H, task: &Task, tab: i32, target: &Target, hint: RoleHint) -> Result<Bound, BindError> {
    let page = task.page.as_ref().filter(|_| task.tab_id == tab);
    if let Some(id) = &target.id {
        let listed = page.and_then(|p| entry(p, id));
        return match (listed, &target.field) {
            (Some(Entry::Form(form)), Some(field)) => field_in(host, tab, Some(form), field, hint).await,
            (Some(Entry::Form(form)), None) if hint == RoleHint::Button => by_id(host, tab, id, Some(Entry::Form(form))).await,
            (Some(Entry::Form(form)), None) => Err(format!(
                "{id} is a form; name the field too, e.g. {{\"id\": \"{id}\", \"field\": \"{}\"}}.",
                form.field_summaries.first().map(|f| f.label.as_str()).unwrap_or("Email")
            )
            .into()),
            (Some(Entry::Collection(c)), _) => Err(format!("{id} is a list ({}); act on one of its items' controls, or read it with dom_extract.", c.name).into()),
            (Some(Entry::Action(a)), _) if target.item.is_some() => per_item(host, tab, a, target.item.unwrap_or(1)).await,
            (listed, _) => by_id(host, tab, id, listed).await,
        };
    }
    if let Some(field) = &target.field {
        let form = page.and_then(|p| p.forms.iter().find(|f| field_summary(f, field).is_some()));
        return field_in(host, tab, form, field, hint).await;
    }
    match &target.selector {
        Some(selector) => by_selector(host, tab, selector.clone()).await,
        None => Err("Name the element: `id`, `field` or `selector`.".into()),
    }
}

/// The `item`-th (1-based) item's own control of a per-item action (a
/// row's "Download"): the n-th element named like the template, in page
/// order, which is the items' order.
async fn per_item<H: Host>(host: &H, tab: i32, action: &MiniAction, item: u32) -> Result<Bound, BindError> {
    if action.applies_to_collection_id.is_none() {
        return Err(format!("{} is not listed per item of a list; drop `item`.", action.id).into());
    }
    let n = item.max(1) - 1;
    // Items' own controls start like the template ("Download invoice" →
    // "Download invoice INV-2026-011"), or hold its words in order with
    // the item between them ("Add to cart" → "Add Aurora Desk Lamp to
    // cart", the name aria-label gives each row's button).
    let mut candidates = per_item_selectors(&action.label);
    candidates.extend(words_in_order(&action.label));
    for selector in candidates {
        let resolution: Resolution = match read(host, ToolCall::DomResolve { tab_id: tab, selector: selector.clone() }).await {
            Ok(r) => r,
            Err(_) => continue,
        };
        if resolution.count > n {
            let selector = with_nth(&selector, n);
            let (label, goes_to) = match read::<_, Resolution>(host, ToolCall::DomResolve { tab_id: tab, selector: selector.clone() }).await {
                Ok(r) => (r.matches.first().map(|m| m.name.clone()).unwrap_or_else(|| action.label.clone()), r.matches.first().and_then(|m| m.goes_to.clone())),
                Err(_) => (action.label.clone(), action.goes_to.clone()),
            };
            return Ok(Bound {
                selector,
                id: None,
                label,
                role: crate::pcd::roles::role_name(action.role).to_owned(),
                kind: action.kind.as_deref().and_then(|k| k.parse().ok()),
                form: None,
                secret: None,
                goes_to,
            });
        } else if resolution.count > 0 {
            return Err(format!("The list has {} such controls; item {item} is not among them.", resolution.count).into());
        }
    }
    Err(BindError::missing(format!("No item controls named like “{}” are on the page now.", action.label)))
}

/// Button and link selectors whose name holds `label`'s words in order,
/// anything between them.
fn words_in_order(label: &str) -> Vec<RoleSelector> {
    // Word boundaries only where a word begins or ends with a letter or
    // digit: `\b` next to "(" would demand a letter there.
    let edge = |c: Option<char>| if c.is_some_and(char::is_alphanumeric) { "\\b" } else { "" };
    let words: Vec<String> = label
        .split_whitespace()
        .map(|w| {
            let escaped = exact_any_case(w).trim_start_matches("/^\\s*").trim_end_matches("\\s*$/i").to_owned();
            format!("{}{escaped}{}", edge(w.chars().next()), edge(w.chars().last()))
        })
        .collect();
    if words.len() < 2 {
        return Vec::new();
    }
    let pattern = format!("/^\\s*{}/i", words.join(".*"));
    ["button", "link"].into_iter().map(|role| RoleSelector::role(role, Some(&pattern), NameMode::Regex)).collect()
}

/// An id: `getDetails`, or a re-bind by its listed label when it is gone.
async fn by_id<H: Host>(host: &H, tab: i32, id: &str, listed: Option<Entry<'_>>) -> Result<Bound, BindError> {
    let facts = |detail: PcdActionDetail, listed: &Option<Entry<'_>>| {
        let (label, role, kind, form) = match listed {
            Some(Entry::Action(a)) => (a.label.clone(), crate::pcd::roles::role_name(a.role).to_owned(), a.kind.as_deref().and_then(|k| k.parse().ok()), None),
            Some(Entry::Form(f)) => (f.submit_label.clone().unwrap_or_else(|| "the form".into()), "form".to_owned(), None, Some(FormFacts::of(f))),
            // Unresolved: the name its selector was written with, at least.
            _ => match &detail.selector {
                RoleSelector::Role { role, name: Some(name), .. } => (name.clone(), role.clone(), None, None),
                _ => (detail.id.clone(), "element".to_owned(), None, None),
            },
        };
        let goes_to = match listed {
            Some(Entry::Action(a)) => a.goes_to.clone(),
            Some(Entry::Form(f)) => f.goes_to.clone(),
            _ => None,
        };
        Bound { selector: detail.selector, id: Some(detail.id), label, role, kind, form, secret: None, goes_to }
    };
    match details(host, tab, id).await {
        // Not in the listing (an id from pcd_query): the element's own
        // name and role, as for a selector, so that its description and
        // above all its risk are judged on what it says ("Delete
        // account"), not on its id.
        Ok(detail) if listed.is_none() => match by_selector(host, tab, detail.selector.clone()).await {
            Ok(b) => Ok(Bound { id: Some(detail.id), ..b }),
            Err(_) => Ok(facts(detail, &listed)),
        },
        Ok(detail) => Ok(facts(detail, &listed)),
        Err(e) => {
            let Some(Entry::Action(action)) = &listed else {
                return Err(BindError::missing(format!("{id} is not on the page now ({e}). Look at the latest listing (getMiniPCD) or search with pcd_query.")));
            };
            // Seed 000 §7: re-bind the same control by its label.
            let hits: Vec<QueryHit> = read(host, ToolCall::PcdQuery { tab_id: tab, kind: None, text: Some(action.label.clone()), top_k: Some(5) }).await?;
            let same = hits.iter().find(|h| h.label.trim().eq_ignore_ascii_case(action.label.trim()));
            match same {
                Some(hit) => {
                    let detail = details(host, tab, &hit.id).await?;
                    Ok(facts(detail, &listed))
                }
                None => Err(BindError::missing(format!("{id} (“{}”) is not on the page now. Look at the latest listing or search with pcd_query.", action.label))),
            }
        }
    }
}

async fn details<H: Host>(host: &H, tab: i32, id: &str) -> Result<PcdActionDetail, String> {
    let mut list: Vec<PcdActionDetail> = read(host, ToolCall::GetDetails { tab_id: tab, ids: vec![id.to_owned()] }).await?;
    if list.is_empty() {
        return Err(format!("no element has the id {id}"));
    }
    Ok(list.swap_remove(0))
}


/// The field of `form` the model named: its exact label (any case), else
/// the one whose label holds the words.
fn field_summary<'a>(form: &'a MiniForm, label: &str) -> Option<&'a FieldSummary> {
    let wanted = label.trim().to_lowercase();
    form.field_summaries
        .iter()
        .find(|f| f.label.trim().to_lowercase() == wanted)
        .or_else(|| form.field_summaries.iter().find(|f| f.label.to_lowercase().contains(&wanted)))
}

/// A field by its label, through role selectors; `form` (when known) says
/// what it is for and whether it holds a secret.
async fn field_in<H: Host>(host: &H, tab: i32, form: Option<&MiniForm>, label: &str, hint: RoleHint) -> Result<Bound, BindError> {
    let summary = form.and_then(|f| field_summary(f, label));
    let name = summary.map(|s| s.label.as_str()).unwrap_or(label);
    let roles = if hint == RoleHint::Button { RoleHint::Field.aria_roles() } else { hint.aria_roles() };
    let exact = roles.iter().map(|r| RoleSelector::role(r, Some(&exact_any_case(name)), NameMode::Regex));
    let partial = roles.iter().map(|r| RoleSelector::role(r, Some(name), NameMode::Includes));
    // Last, the text a person reads as the label where the page did not
    // tie one to the field (`<span>Email</span> <input>`): issue 45's
    // grounding fallback, after every accessible name had its turn.
    let near = roles.iter().map(|r| RoleSelector::Near { role: (*r).to_owned(), label: name.to_owned(), nth: None, frame_path: None });
    let mut several: Option<(RoleSelector, Resolution)> = None;
    for selector in exact.chain(partial).chain(near) {
        let resolution: Resolution = match read(host, ToolCall::DomResolve { tab_id: tab, selector: selector.clone() }).await {
            Ok(r) => r,
            Err(_) => continue,
        };
        match resolution.count {
            0 => continue,
            1 => {
                let secret = secret_kind(&FieldFacts {
                    input_type: summary.map(|s| s.field_type.as_str()),
                    autocomplete: None,
                    name_or_id: summary.and_then(|s| s.name.as_deref()),
                    label: name,
                });
                let found = resolution.matches.first().map(|m| m.name.clone()).filter(|n| !n.trim().is_empty());
                return Ok(Bound {
                    selector,
                    id: None,
                    label: found.unwrap_or_else(|| name.to_owned()),
                    role: "field".into(),
                    kind: None,
                    form: form.map(FormFacts::of),
                    secret,
                    goes_to: resolution.matches.first().and_then(|m| m.goes_to.clone()),
                });
            }
            _ => {
                several.get_or_insert((selector, resolution));
            }
        }
    }
    Err(BindError::missing(match several {
        Some((_, r)) => format!("Several fields are named “{label}” ({}); give the form's id with `field`, or a selector with `nth`.", r.count),
        None => format!("No field named “{label}” is on the page. Check the listing's forms for the field labels."),
    }))
}

/// A selector the model wrote: it must match one element.
async fn by_selector<H: Host>(host: &H, tab: i32, selector: RoleSelector) -> Result<Bound, BindError> {
    let resolution: Resolution = match read(host, ToolCall::DomResolve { tab_id: tab, selector: selector.clone() }).await {
        Ok(r) => r,
        Err(e) => return Err(format!("The selector does not work: {e}").into()),
    };
    match resolution.count {
        0 => Err(BindError::missing("The selector matches nothing on the page. Use an id from the listing, or pcd_query.".into())),
        1 => {
            let m = &resolution.matches[0];
            Ok(Bound {
                selector,
                id: None,
                label: m.name.clone(),
                role: m.role.clone().unwrap_or_else(|| m.tag.clone()),
                kind: None,
                form: None,
                secret: None,
                goes_to: m.goes_to.clone(),
            })
        }
        n => {
            let names: Vec<String> = resolution.matches.iter().take(5).map(|m| format!("“{}”", m.name)).collect();
            Err(BindError::missing(format!("The selector matches {n} elements ({}); add `nth` (0 = first) or use an id.", names.join(", "))))
        }
    }
}

/// Whether a tool error means the element is simply not there.
pub fn is_missing(code: ErrorCode) -> bool {
    matches!(code, ErrorCode::NotFound | ErrorCode::Detached)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_items_control_may_hold_the_item_between_the_templates_words() {
        let names = |label: &str| -> Vec<String> {
            words_in_order(label)
                .into_iter()
                .map(|s| match s {
                    RoleSelector::Role { role, name, .. } => format!("{role} {}", name.unwrap_or_default()),
                    other => format!("{other:?}"),
                })
                .collect()
        };
        assert_eq!(names("Add to cart"), [r"button /^\s*\bAdd\b.*\bto\b.*\bcart\b/i", r"link /^\s*\bAdd\b.*\bto\b.*\bcart\b/i"]);
        assert_eq!(names("Download (PDF)"), [r"button /^\s*\bDownload\b.*\(PDF\)/i", r"link /^\s*\bDownload\b.*\(PDF\)/i"]);
        assert!(names("Download").is_empty(), "one word: the template's prefix says it all");
    }
}
