//! The per-section builders shared by both modes — headings, forms, nav
//! links, previews — each bounded by [`Limits`] and redacted, since all of it
//! is page text that leaves the page.

use rustc_hash::FxHashSet as HashSet;

use super::input::{FieldFact, SummaryInput};
use super::output::{FormSummary, Limits, NavLink};
use super::redact::redact;
use super::text::{clip, label_key};
use crate::digest::collapse_whitespace;

/// Clean page text for output: collapse, redact, then clip (redaction first,
/// so a number is never cut in half before it is recognised).
pub fn clean(s: &str, max: usize) -> String {
    clip(&redact(&collapse_whitespace(s)), max)
}

/// "h1: Text" for headings up to `limits.max_heading_level`, in document
/// order, without empties and repeats (responsive pages often render a
/// heading twice).
pub fn headings(input: &SummaryInput, limits: &Limits) -> Vec<String> {
    let mut seen = HashSet::default();
    input
        .headings
        .iter()
        .filter(|h| (1..=limits.max_heading_level).contains(&h.level))
        .filter_map(|h| {
            let text = clean(&h.text, Limits::MAX_HEADING_CHARS);
            (!text.is_empty()).then(|| format!("h{}: {text}", h.level))
        })
        .filter(|h| seen.insert(h.clone()))
        .take(limits.max_headings)
        .collect()
}

/// Forms as lists of field names. Forms without fields (a lone "Log out"
/// button) say nothing a model can fill, so they are left out.
pub fn forms(input: &SummaryInput, limits: &Limits) -> Vec<FormSummary> {
    input
        .forms
        .iter()
        .map(|f| {
            let mut seen = HashSet::default();
            let fields = f
                .fields
                .iter()
                .filter(|x| !NOT_FIELDS.contains(&x.input_type.as_str()))
                .map(field_name)
                .filter(|n| !n.is_empty() && seen.insert(label_key(n)))
                .take(limits.max_fields)
                .collect();
            FormSummary { fields }
        })
        .filter(|f| !f.fields.is_empty())
        .take(limits.max_forms)
        .collect()
}

/// Input types that are buttons or invisible, not fields (the DOM side
/// should not send them; this keeps a slip from costing tokens).
const NOT_FIELDS: &[&str] = &["hidden", "submit", "button", "reset", "image"];

/// What a model calls a field: its visible label, else its name, else its
/// autocomplete hint, else its type.
fn field_name(f: &FieldFact) -> String {
    [&f.label, &f.name, &f.autocomplete, &f.input_type]
        .into_iter()
        .map(|s| clean(s, Limits::MAX_FIELD_CHARS))
        .find(|s| !s.is_empty())
        .unwrap_or_default()
}

/// Up to 25 distinct nav links with a label and a followable `href`
/// (`javascript:` and fragment-only links go nowhere a model can navigate).
pub fn nav_links(input: &SummaryInput) -> Vec<NavLink> {
    let mut seen = HashSet::default();
    input
        .nav_links
        .iter()
        .filter_map(|l| {
            let text = clean(&l.label, Limits::MAX_NAV_LABEL_CHARS);
            let href = redact(l.href.trim());
            let followable = !href.is_empty()
                && !href.starts_with('#')
                && !href.to_ascii_lowercase().starts_with("javascript:")
                && href.chars().count() <= Limits::MAX_HREF_CHARS;
            (!text.is_empty() && followable).then_some(NavLink { text, href })
        })
        .filter(|l| seen.insert((l.text.clone(), l.href.clone())))
        .take(Limits::MAX_NAV_LINKS)
        .collect()
}

/// The main region's text, redacted and clipped to the mode's preview size.
pub fn preview(input: &SummaryInput, limits: &Limits) -> String {
    clean(&input.main_text, limits.max_preview_chars)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::summary::input::{FormFact, HeadingFact, LinkFact};
    use expect_test::expect;

    fn headings_input() -> SummaryInput {
        let mut hs = vec![
            HeadingFact { level: 1, text: "  Pricing \n plans ".into() },
            HeadingFact { level: 1, text: "Pricing plans".into() },
            HeadingFact { level: 4, text: "Too deep".into() },
            HeadingFact { level: 2, text: "".into() },
            HeadingFact { level: 1, text: "Contact jane@x.example".into() },
            HeadingFact { level: 1, text: "Third".into() },
            HeadingFact { level: 1, text: "Fourth h1 is over the compact cap".into() },
        ];
        hs.extend((0..40).map(|i| HeadingFact { level: 2 + (i % 2), text: format!("Section {i}") }));
        SummaryInput { headings: hs, ..Default::default() }
    }

    #[test]
    fn compact_headings_are_three_h1s() {
        expect![[r#"["h1: Pricing plans", "h1: Contact [email]", "h1: Third"]"#]]
            .assert_eq(&format!("{:?}", headings(&headings_input(), &Limits::COMPACT)));
    }

    #[test]
    fn full_headings_are_thirty_h1_to_h3() {
        let hs = headings(&headings_input(), &Limits::FULL);
        assert_eq!(hs.len(), 30);
        expect![[r#"["h1: Pricing plans", "h1: Contact [email]", "h1: Third", "h1: Fourth h1 is over the compact cap", "h2: Section 0", "h3: Section 1"]"#]]
            .assert_eq(&format!("{:?}", &hs[..6]));
        assert_eq!(hs[29], "h3: Section 25");
    }

    fn field(label: &str, name: &str, ty: &str, ac: &str) -> FieldFact {
        FieldFact { label: label.into(), name: name.into(), input_type: ty.into(), autocomplete: ac.into() }
    }

    fn forms_input() -> SummaryInput {
        let big = FormFact {
            fields: (0..30).map(|i| field("", &format!("f{i}"), "text", "")).collect(),
            ..Default::default()
        };
        let signup = FormFact {
            fields: vec![
                field("Work email", "email", "email", "email"),
                field("", "", "password", "new-password"),
                field("", "", "checkbox", ""),
                field("", "csrf", "hidden", ""),
                field("Work  EMAIL", "email2", "email", ""),
                field("A very long label that goes on and on about terms", "terms", "checkbox", ""),
            ],
            has_password: true,
            submit_label: "Create account".into(),
        };
        let logout = FormFact { fields: vec![], submit_label: "Log out".into(), ..Default::default() };
        let forms = [vec![signup, logout], vec![big; 12]].concat();
        SummaryInput { forms, ..Default::default() }
    }

    #[test]
    fn compact_forms_are_three_by_five() {
        let out = forms(&forms_input(), &Limits::COMPACT);
        expect![[r#"
            [
              {
                "fields": [
                  "Work email",
                  "new-password",
                  "checkbox",
                  "A very long label that goes on and on a…"
                ]
              },
              {
                "fields": [
                  "f0",
                  "f1",
                  "f2",
                  "f3",
                  "f4"
                ]
              },
              {
                "fields": [
                  "f0",
                  "f1",
                  "f2",
                  "f3",
                  "f4"
                ]
              }
            ]"#]]
        .assert_eq(&serde_json::to_string_pretty(&out).unwrap());
    }

    #[test]
    fn full_forms_are_ten_by_twenty_five() {
        let out = forms(&forms_input(), &Limits::FULL);
        assert_eq!(out.len(), 10);
        assert_eq!(out[0].fields.len(), 4);
        assert!(out[1..].iter().all(|f| f.fields.len() == 25), "{out:?}");
    }

    #[test]
    fn nav_links_are_distinct_followable_and_capped() {
        let mut links = vec![
            LinkFact { label: "Home".into(), href: "https://x.test/".into() },
            LinkFact { label: " Home ".into(), href: "https://x.test/".into() },
            LinkFact { label: "Menu".into(), href: "javascript:void(0)".into() },
            LinkFact { label: "Top".into(), href: "#top".into() },
            LinkFact { label: "".into(), href: "https://x.test/icon".into() },
            LinkFact { label: "Me".into(), href: "https://x.test/u?email=jane@x.example".into() },
            LinkFact { label: "Call".into(), href: "tel:+14155550134".into() },
        ];
        links.extend((0..40).map(|i| LinkFact { label: format!("L{i}"), href: format!("https://x.test/{i}") }));
        let out = nav_links(&SummaryInput { nav_links: links, ..Default::default() });
        assert_eq!(out.len(), Limits::MAX_NAV_LINKS);
        expect![[r#"
            [
              {
                "text": "Home",
                "href": "https://x.test/"
              },
              {
                "text": "Me",
                "href": "https://x.test/u?email=[email]"
              },
              {
                "text": "Call",
                "href": "tel:[phone]"
              }
            ]"#]]
        .assert_eq(&serde_json::to_string_pretty(&out[..3]).unwrap());
    }

    #[test]
    fn previews_are_redacted_before_clipping() {
        // The card straddles char 300: clipping first would leak its head.
        let text = format!("{} 4111 1111 1111 1111 and more", "word ".repeat(57));
        let input = SummaryInput { main_text: text, ..Default::default() };
        let compact = preview(&input, &Limits::COMPACT);
        assert!(compact.ends_with("word [card] and more"), "{compact}");
        assert!(
            preview(&SummaryInput { main_text: "x".repeat(900), ..Default::default() }, &Limits::FULL).chars().count()
                == 500
        );
    }
}
