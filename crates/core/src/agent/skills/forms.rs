//! `skill_search {query}` and `skill_fill_form {form?, fields, submit?}`:
//! the two skills that write into a form the page lists.
//!
//! Search uses the page's own search form, never a web search engine (as
//! the command grammar does): the field `kind`'s search rules recognise
//! (a search input, or a label that says search in one of its languages),
//! the query typed, Enter pressed. Filling takes labels as the model read
//! them in the listing and matches them to the form's fields as the
//! binder does (exact, any case, before partial); a secret field gets the
//! placeholder whatever value the model sent, so the user is asked.

use super::effects::Expect;
use super::matching::{
    action_options, actions_of, check, click, field_labels, field_secret, first_best, fit, form_options, no_form, one_form, pick, place,
    select, submit, text_field, type_into, Fit, Pick,
};
use super::{MatchRule, SkillError, SkillPlan};
use crate::kind::{infer_action_kind, ActionContext, ActionKind, FormPurpose};
use crate::safety::placeholder;
use crate::types::{FieldSummary, MiniForm, MiniPcd};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;

#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchArgs {
    /// What to search for.
    pub query: String,
    /// The search form's id, when the page has several.
    #[serde(default)]
    pub form: Option<String>,
    /// Set by the skill itself: a search control was opened already.
    #[serde(default)]
    #[schemars(skip)]
    pub opened: bool,
}

#[rustfmt::skip]
pub const SEARCH_RULES: &[MatchRule] = &[
    MatchRule { id: "form.unknown", when: "`form` names no form of the page: error listing the forms" },
    MatchRule { id: "search.ambiguous", when: "several search forms equally placed: error, give `form`" },
    MatchRule { id: "search.form", when: "a search form: type the query into its search field and press Enter" },
    MatchRule { id: "search.no_field", when: "a search form without a text field: error" },
    MatchRule { id: "search.opener", when: "no search form, a search control (a button that opens one): click it, plan again" },
    MatchRule { id: "search.none", when: "neither: error" },
];

/// The search field: one `kind` reads as a search input (its type, or a
/// label that says search), else the only text field.
fn search_field(form: &MiniForm) -> Option<&FieldSummary> {
    text_field(form, |f| {
        let ctx = ActionContext { input_type: Some(f.field_type.clone()), ..ActionContext::default() };
        infer_action_kind(&f.label, &ctx) == Some(ActionKind::Search)
    })
}

pub fn search(page: &MiniPcd, args: SearchArgs) -> Result<SkillPlan, SkillError> {
    let query = args.query.trim();
    if query.is_empty() {
        return Err(SkillError::BadArguments { skill: "skill_search", detail: "`query` is empty".into() });
    }
    let purposes = [FormPurpose::Search, FormPurpose::SearchProducts];
    if let Some(form) = one_form(page, &purposes, args.form.as_deref(), "Several search forms are on this page", "search.ambiguous")? {
        let Some(field) = search_field(form) else {
            return Err(SkillError::NoMatch {
                rule: "search.no_field",
                what: format!("A search field in form {} ({})", form.id, field_labels(form)),
                instead: "Type into the right field yourself with dom_type.".into(),
            });
        };
        return Ok(SkillPlan {
            steps: vec![type_into(&form.id, &field.label, query, true)],
            summary: format!("Search for “{query}” with form {}.", form.id),
            rule: "search.form",
            expect: Expect::Changed {
                failure: "The search ran, but nothing on the page changed (same address, same lists). Read the page (read_page): it may say nothing was found.".into(),
            },
            then: None,
        });
    }
    let openers = || actions_of(page, &[ActionKind::Search]);
    match first_best(openers(), |a| place(a.landmark)).filter(|_| !args.opened) {
        Some(opener) => Ok(SkillPlan {
            steps: vec![click(&opener.id)],
            summary: format!("Open the search (“{}”).", opener.label),
            rule: "search.opener",
            expect: Expect::Changed { failure: format!("Clicking “{}” opened no search box. Look at the page (getMiniPCD).", opener.label) },
            then: Some(json!({ "query": query, "opened": true })),
        }),
        None => Err(SkillError::NoMatch {
            rule: "search.none",
            what: "A search box".into(),
            instead: match openers().next() {
                Some(_) => format!("The search controls ({}) opened none; look at the page (getMiniPCD).", action_options(openers())),
                None => "This site has no search here; find the page by its links (pcd_query), or go to a search page with nav_go.".into(),
            },
        }),
    }
}

#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FillArgs {
    /// The form's id (default: the one with all these fields).
    #[serde(default)]
    pub form: Option<String>,
    /// Label → value, e.g. {"Name": "Ada", "Newsletter": false}: checkboxes true/false, dropdowns the option's text, password or card fields {{secret}}.
    #[schemars(schema_with = "fields_schema")]
    pub fields: BTreeMap<String, Value>,
    /// Submit the form after filling it (default false).
    #[serde(default)]
    pub submit: Option<bool>,
}

fn fields_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": "object",
        "additionalProperties": {"type": ["string", "number", "boolean"]},
        "description": "Label → value, e.g. {\"Name\": \"Ada\", \"Newsletter\": false}: checkboxes true/false, dropdowns the option's text, password or card fields {{secret}}."
    })
}

#[rustfmt::skip]
pub const FILL_RULES: &[MatchRule] = &[
    MatchRule { id: "form.unknown", when: "`form` names no form of the page: error listing the forms" },
    MatchRule { id: "fill.by_id", when: "`form` given and it has every field: fill them in the form's order" },
    MatchRule { id: "fill.by_fields", when: "no `form`: the one form that has every field (best fitting labels, then place)" },
    MatchRule { id: "fill.ambiguous", when: "several forms fit equally: error, give `form`" },
    MatchRule { id: "fill.ambiguous_field", when: "a label fits several fields of the form equally: error, use the full label" },
    MatchRule { id: "fill.missing", when: "some label fits no field: error listing the form's fields" },
];

/// The form's field for `label`: the best fit, or why there is none.
fn field_for<'a>(form: &'a MiniForm, label: &str) -> Result<(&'a FieldSummary, Fit), Option<Vec<&'a FieldSummary>>> {
    let fits = form.field_summaries.iter().filter_map(|f| fit(&f.label, label).map(|q| (f, q)));
    let all: Vec<(&FieldSummary, Fit)> = fits.collect();
    match pick(&all, |(_, q)| *q) {
        Pick::One((f, q)) => Ok((*f, *q)),
        Pick::Tie(tied) => Err(Some(tied.into_iter().map(|(f, _)| *f).collect())),
        Pick::None => Err(None),
    }
}

/// Each label's field in `form`, or the first failure.
fn bind_all<'a>(form: &'a MiniForm, labels: &[&str]) -> Result<Vec<(&'a FieldSummary, Fit)>, SkillError> {
    labels
        .iter()
        .map(|label| {
            field_for(form, label).map_err(|why| match why {
                Some(tied) => SkillError::Ambiguous {
                    rule: "fill.ambiguous_field",
                    what: format!("Several fields of form {} fit “{label}”", form.id),
                    options: tied.iter().map(|f| format!("“{}”", f.label)).collect::<Vec<_>>().join(", "),
                    instead: "Use the field's full label as the listing shows it.".into(),
                },
                None => SkillError::NoMatch {
                    rule: "fill.missing",
                    what: format!("A field “{label}” in form {}", form.id),
                    instead: format!("Its fields: {}.", field_labels(form)),
                },
            })
        })
        .collect()
}

pub fn fill_form(page: &MiniPcd, args: FillArgs) -> Result<SkillPlan, SkillError> {
    let submit_after = args.submit == Some(true);
    if args.fields.is_empty() && !submit_after {
        return Err(SkillError::BadArguments { skill: "skill_fill_form", detail: "`fields` is empty".into() });
    }
    let labels: Vec<&str> = args.fields.keys().map(String::as_str).collect();
    let (form, bound, rule) = match &args.form {
        Some(id) => {
            let form = page.forms.iter().find(|f| &f.id == id).ok_or_else(|| no_form(id, page))?;
            (form, bind_all(form, &labels)?, "fill.by_id")
        }
        None => {
            let fitting: Vec<(&MiniForm, Vec<(&FieldSummary, Fit)>)> = page.forms.iter().filter_map(|f| bind_all(f, &labels).ok().map(|b| (f, b))).collect();
            let partial = |b: &Vec<(&FieldSummary, Fit)>| b.iter().filter(|(_, q)| *q == Fit::Partial).count();
            match pick(&fitting, |(f, b)| (partial(b), place(f.landmark))) {
                Pick::One((f, b)) => (*f, b.clone(), "fill.by_fields"),
                Pick::Tie(tied) => {
                    return Err(SkillError::Ambiguous {
                        rule: "fill.ambiguous",
                        what: "Several forms have these fields".into(),
                        options: form_options(tied.iter().map(|(f, _)| *f)),
                        instead: "Call skill_fill_form again with `form` set to the right one's id.".into(),
                    })
                }
                // The form closest to fitting says what it lacks.
                Pick::None => {
                    let closest = match pick(&page.forms, |f| labels.iter().filter(|l| field_for(f, l).is_err()).count()) {
                        Pick::One(f) => bind_all(f, &labels).err(),
                        _ => None,
                    };
                    return Err(closest.unwrap_or_else(|| SkillError::NoMatch {
                        rule: "fill.missing",
                        what: format!("A form with the fields {}", labels.iter().map(|l| format!("“{l}”")).collect::<Vec<_>>().join(", ")),
                        instead: if page.forms.is_empty() { "The page lists no forms.".into() } else { format!("The forms: {}.", form_options(&page.forms)) },
                    }));
                }
            }
        }
    };
    let mut steps = Vec::new();
    // In the form's order, as a person fills it (later fields may depend on earlier ones).
    let mut order: Vec<(usize, &str, &FieldSummary)> = labels
        .iter()
        .zip(&bound)
        .map(|(label, (field, _))| (form.field_summaries.iter().position(|f| std::ptr::eq(f, *field)).unwrap_or(usize::MAX), *label, *field))
        .collect();
    order.sort_by_key(|(i, _, _)| *i);
    for (_, label, field) in order {
        steps.push(fill_one(&form.id, field, &args.fields[label])?);
    }
    if submit_after {
        steps.push(submit(&form.id));
    }
    Ok(SkillPlan {
        summary: format!("Fill {} field(s) of form {}{}.", labels.len(), form.id, if submit_after { " and submit it" } else { "" }),
        steps,
        rule,
        expect: if submit_after {
            Expect::Changed { failure: format!("Nothing changed after submitting form {}: a required field may be empty or a value wrong. Read the page (read_page).", form.id) }
        } else {
            Expect::Nothing
        },
        then: None,
    })
}

/// The call that sets one field to `value`, by the field's type.
fn fill_one(form: &str, field: &FieldSummary, value: &Value) -> Result<crate::agent::tools::AgentCall, SkillError> {
    let bad = |detail: String| SkillError::BadArguments { skill: "skill_fill_form", detail };
    let text = match value {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        other => return Err(bad(format!("the value of “{}” is {other}; give text, a number or true/false", field.label))),
    };
    let label = field.label.as_str();
    Ok(match field.field_type.to_ascii_lowercase().as_str() {
        "checkbox" | "radio" | "switch" => {
            let on = match text.trim().to_ascii_lowercase().as_str() {
                "true" | "yes" | "on" | "1" | "checked" | "x" => true,
                "false" | "no" | "off" | "0" | "unchecked" | "" => false,
                _ => return Err(bad(format!("“{label}” is a checkbox; give true or false, not “{text}”"))),
            };
            check(form, label, on)
        }
        "select" | "combobox" | "listbox" => select(form, label, &text),
        // The user gives secrets, never the model (seed 000 §12).
        _ => match field_secret(field) {
            Some(kind) => type_into(form, label, &placeholder(kind), false),
            None => type_into(form, label, &text, false),
        },
    })
}
