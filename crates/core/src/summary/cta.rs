//! Primary actions (seed 001 §3.5, "simple v1"): from the CTA candidates,
//! keep those in `<main>` (all of them when none is), drop empty or
//! zero-size ones, put above-the-fold first, then rank
//! `[type=submit]` > `button` > `[role=button]` > `a[href]`, then DOM order;
//! dedupe by normalised label and take 5.
//!
//! Labels are redacted and cut to 40 chars before the dedupe, so two CTAs
//! that would print the same label are one.

use rustc_hash::FxHashSet as HashSet;

use super::input::{CtaCandidate, SummaryInput};
use super::output::{Limits, PrimaryAction};
use super::redact::redact;
use super::selector;
use super::text::{clip, label_key};

/// The top CTAs of the page, best first.
pub fn primary_actions(input: &SummaryInput) -> Vec<PrimaryAction> {
    let any_in_main = input.ctas.iter().any(|c| c.in_main);
    let mut pool: Vec<(&CtaCandidate, String)> = input
        .ctas
        .iter()
        .filter(|c| c.in_main || !any_in_main)
        .filter(|c| c.rect.width > 0.0 && c.rect.height > 0.0)
        .map(|c| (c, clip(&redact(&crate::digest::collapse_whitespace(&c.label)), Limits::MAX_CTA_LABEL_CHARS)))
        .filter(|(_, label)| !label.is_empty())
        .collect();
    pool.sort_by_key(|(c, _)| (!above_fold(c, input.viewport_height), rank(c), c.dom_index));
    let mut seen = HashSet::default();
    pool.into_iter()
        .filter(|(_, label)| seen.insert(label_key(label)))
        .take(Limits::MAX_CTAS)
        .map(|(c, label)| PrimaryAction { label, selector: selector::for_candidate(c), tag: c.tag.clone() })
        .collect()
}

/// Seed 001 §3.5 step 4; lower is better. Anything else (e.g. an
/// `input[type=button]` collected via its role) comes last.
pub fn rank(c: &CtaCandidate) -> u8 {
    if c.input_type.as_deref() == Some("submit") {
        0
    } else if c.tag == "button" {
        1
    } else if c.role.as_deref() == Some("button") {
        2
    } else if c.tag == "a" {
        3
    } else {
        4
    }
}

/// Seed 001 §3.5 step 3 (`top < innerHeight`), plus "not entirely above
/// the viewport": skip links parked at `top: -9999px` are not prominent.
/// An unknown viewport (0) puts everything above the fold.
fn above_fold(c: &CtaCandidate, viewport_height: f64) -> bool {
    viewport_height <= 0.0 || (c.rect.top < viewport_height && c.rect.top + c.rect.height > 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::summary::input::{RectFact, SelectorHints};
    use expect_test::expect;

    /// `(label, tag, type, role, top, in_main)`; width/height 10 unless the
    /// label says "zero".
    type Row<'a> = (&'a str, &'a str, Option<&'a str>, Option<&'a str>, f64, bool);

    fn input(rows: &[Row]) -> SummaryInput {
        let ctas = rows
            .iter()
            .enumerate()
            .map(|(i, &(label, tag, ty, role, top, in_main))| CtaCandidate {
                label: label.into(),
                tag: tag.into(),
                input_type: ty.map(Into::into),
                role: role.map(Into::into),
                rect: RectFact { top, height: 10.0, width: if label.contains("zero") { 0.0 } else { 10.0 } },
                in_main,
                selector_hints: SelectorHints { text: label.into(), ..Default::default() },
                dom_index: i as u32,
            })
            .collect();
        SummaryInput { ctas, viewport_height: 800.0, ..Default::default() }
    }

    fn show(input: &SummaryInput) -> String {
        primary_actions(input).iter().map(|a| format!("{:<42} {:<7} {}\n", a.label, a.tag, a.selector)).collect()
    }

    #[test]
    fn rank_then_dom_order() {
        let i = input(&[
            ("Docs", "a", None, None, 10.0, true),
            ("Menu", "div", None, Some("button"), 10.0, true),
            ("Add to cart", "button", None, None, 10.0, true),
            ("Pricing", "a", None, None, 10.0, true),
            ("Subscribe", "input", Some("submit"), None, 10.0, true),
            ("Save", "button", Some("submit"), None, 10.0, true),
        ]);
        expect![[r#"
            Subscribe                                  input   text=Subscribe
            Save                                       button  text=Save
            Add to cart                                button  text=Add to cart
            Menu                                       div     text=Menu
            Docs                                       a       text=Docs
        "#]]
        .assert_eq(&show(&i));
    }

    #[test]
    fn above_the_fold_beats_rank() {
        let i = input(&[
            ("Footer submit", "button", Some("submit"), None, 2400.0, true),
            ("Skip to content", "a", None, None, -9999.0, true),
            ("Hero link", "a", None, None, 300.0, true),
            ("Below button", "button", None, None, 900.0, true),
        ]);
        expect![[r#"
            Hero link                                  a       text=Hero link
            Footer submit                              button  text=Footer submit
            Below button                               button  text=Below button
            Skip to content                            a       text=Skip to content
        "#]]
        .assert_eq(&show(&i));
    }

    #[test]
    fn main_only_when_main_has_candidates() {
        let both = input(&[("Header login", "button", None, None, 10.0, false), ("Read", "a", None, None, 10.0, true)]);
        let none_in_main =
            input(&[("Header login", "button", None, None, 10.0, false), ("Read", "a", None, None, 10.0, false)]);
        expect![[r#"
            Read                                       a       text=Read
        "#]]
        .assert_eq(&show(&both));
        expect![[r#"
            Header login                               button  text=Header login
            Read                                       a       text=Read
        "#]]
        .assert_eq(&show(&none_in_main));
    }

    #[test]
    fn filters_dedupes_truncates_and_caps() {
        let i = input(&[
            ("   ", "button", None, None, 10.0, true),
            ("zero size", "button", None, None, 10.0, true),
            ("Sign up", "button", None, None, 10.0, true),
            ("SIGN UP!", "a", None, None, 10.0, true),
            ("Sign  up →", "a", None, None, 10.0, true),
            ("Download the complete annual report for 2025 as PDF", "a", None, None, 10.0, true),
            ("Download the complete annual report for 2024 as PDF", "a", None, None, 10.0, true),
            ("Email sales@acme.example", "a", None, None, 10.0, true),
            ("One", "a", None, None, 10.0, true),
            ("Two", "a", None, None, 10.0, true),
            ("Three", "a", None, None, 10.0, true),
        ]);
        expect![[r#"
            Sign up                                    button  text=Sign up
            Download the complete annual report for…   a       text=Download the complete annual report for
            Email [email]                              a       a
            One                                        a       text=One
            Two                                        a       text=Two
        "#]]
        .assert_eq(&show(&i));
    }
}
