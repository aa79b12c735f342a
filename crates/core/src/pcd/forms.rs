//! Forms (`MiniForm`): purpose from `kind::infer_form_purpose`, at most
//! [`MAX_FIELD_SUMMARIES`] field summaries (hidden inputs and buttons are not
//! fields), the submit label, the landmark.
//!
//! `required` is written only when true (absent means "not required"), and
//! `name` only when the page gives one: both keep the digest small.

use super::facts::FormFact;
use super::labels::{display_label, label_key};
use crate::kind::FormPurpose;
use crate::types::{FieldSummary, MiniForm};

/// A login form has 2–3 fields, a checkout 10–15; 12 keeps every field of
/// ordinary forms while bounding pathological ones.
pub const MAX_FIELD_SUMMARIES: usize = 12;

/// A form before the budget cut and ids.
#[derive(Debug, Clone, PartialEq)]
pub struct FormCandidate {
    /// Index into `PageFacts::forms` (document order).
    pub index: usize,
    pub key: u32,
    pub purpose: Option<FormPurpose>,
    pub above_fold: Option<bool>,
    /// Identity for the stable id: purpose, submit label, landmark.
    pub identity: String,
    /// The MiniForm with an empty id.
    pub form: MiniForm,
}

/// `purpose`: `infer_form_purpose(&f.facts)`, which the caller has already
/// worked out for its controls' kinds (matching every rule's phrases is the
/// costly part, several times so in the wasm2js build).
pub fn form_candidate(index: usize, f: &FormFact, purpose: Option<FormPurpose>, viewport_h: f64) -> FormCandidate {
    let field_summaries: Vec<FieldSummary> = f
        .facts
        .fields
        .iter()
        .enumerate()
        .filter(|(_, field)| {
            !matches!(
                field.field_type.to_ascii_lowercase().as_str(),
                "hidden" | "submit" | "button" | "reset" | "image"
            )
        })
        .take(MAX_FIELD_SUMMARIES)
        .map(|(i, field)| {
            let name = field
                .name
                .as_deref()
                .map(str::trim)
                .filter(|n| !n.is_empty())
                .map(str::to_owned);
            let field_type = match field.field_type.trim().to_ascii_lowercase() {
                t if t.is_empty() => "text".to_owned(),
                t => t,
            };
            let label = match display_label(&field.label) {
                l if !l.is_empty() => l,
                _ => name.clone().unwrap_or_else(|| field_type.clone()),
            };
            FieldSummary {
                name,
                label,
                field_type,
                required: f.required.get(i).copied().filter(|r| *r),
            }
        })
        .collect();
    let submit_label = f
        .facts
        .submit_label
        .as_deref()
        .map(display_label)
        .filter(|s| !s.is_empty());
    let identity = format!(
        "{}|{}|{:?}",
        purpose.map_or("form", |p| p.as_str()),
        submit_label.as_deref().map(label_key).unwrap_or_default(),
        f.facts.landmark
    );
    FormCandidate {
        index,
        key: f.key,
        purpose,
        above_fold: (viewport_h > 0.0).then_some(f.top < viewport_h * 1.2),
        identity,
        form: MiniForm {
            id: String::new(),
            purpose: purpose.map(|p| p.as_str().to_owned()),
            landmark: f.facts.landmark,
            field_summaries,
            submit_label,
            frame_path: None,
            goes_to: f.goes_to.clone(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kind::{infer_form_purpose, FieldFacts, FormFacts};

    #[test]
    fn login_form_summary() {
        let field = |name: &str, label: &str, ty: &str| FieldFacts {
            name: Some(name.into()),
            label: label.into(),
            field_type: ty.into(),
            autocomplete: None,
        };
        let f = FormFact {
            key: 7,
            facts: FormFacts {
                fields: vec![
                    field("csrf", "", "hidden"),
                    field("email", " E-mail\n address ", "email"),
                    field("password", "Password", "password"),
                    field("", "", "submit"),
                ],
                submit_label: Some("Sign in".into()),
                ..Default::default()
            },
            required: vec![false, true, true, false],
            goes_to: None,
            top: 900.0,
        };
        let c = form_candidate(0, &f, infer_form_purpose(&f.facts), 800.0);
        assert_eq!(c.purpose, Some(FormPurpose::Login));
        assert_eq!(c.above_fold, Some(true));
        let labels: Vec<_> = c
            .form
            .field_summaries
            .iter()
            .map(|s| (s.label.as_str(), s.required))
            .collect();
        assert_eq!(
            labels,
            [("E-mail address", Some(true)), ("Password", Some(true))]
        );
        assert_eq!(c.form.submit_label.as_deref(), Some("Sign in"));
    }

    #[test]
    fn at_most_twelve_field_summaries() {
        let fields = (0..20).map(|i| FieldFacts {
            label: format!("F{i}"),
            field_type: "text".into(),
            ..Default::default()
        });
        let f = FormFact {
            facts: FormFacts {
                fields: fields.collect(),
                ..Default::default()
            },
            ..Default::default()
        };
        assert_eq!(
            form_candidate(0, &f, None, 0.0).form.field_summaries.len(),
            MAX_FIELD_SUMMARIES
        );
    }
}
