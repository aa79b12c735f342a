//! Grounding for targets named the way people name them (issue 45): by
//! kind and place ("the button", "the 3rd input", "the last checkbox", "the
//! 2nd result"), by the text beside a field the page did not tie to it
//! (`RoleSelector::Near`), with the user's case first ("Apple" beats
//! "apple"), and the fixed targets of sentence commands (the sign-in
//! form's fields, a popup's close button, a suggestion, a scrolling box,
//! the openers of folders and tabs).
//!
//! An unnamed target is the one element of its kind, or the n-th in page
//! order; several without an ordinal fail with the candidates listed
//! (`report::GroundError`), never a guess.

use super::model::{Ordinal, RevealVia, RoleHint, Target};
use super::plan::{query, role_named, role_selector, Grounding, Locate};
use crate::tools::QueryKind;
use crate::types::{NameMode, RoleSelector};

/// A role with no name, narrowed to `nth` (0-based).
fn role_nth(role: &str, nth: Option<u32>) -> RoleSelector {
    let mut sel = role_selector(role, None, NameMode::Includes);
    if let (RoleSelector::Role { nth: slot, .. }, Some(n)) = (&mut sel, nth) {
        *slot = Some(n);
    }
    sel
}

/// The element of each role at `place` (the only one without a place).
fn by_place(roles: &[&str], place: Option<Ordinal>) -> Vec<Locate> {
    roles
        .iter()
        .map(|role| match place {
            None => Locate::Selector(role_nth(role, None)),
            Some(Ordinal::Nth(n)) => Locate::Selector(role_nth(role, Some(n.saturating_sub(1)))),
            Some(Ordinal::Last) => Locate::Last(role_nth(role, None)),
        })
        .collect()
}

/// A role with no name whose `aria-expanded` is false.
fn collapsed(role: &str) -> RoleSelector {
    let mut sel = role_selector(role, None, NameMode::Includes);
    if let RoleSelector::Role { expanded, .. } = &mut sel {
        *expanded = Some(false);
    }
    sel
}

fn css(css: &str) -> Locate {
    Locate::Selector(RoleSelector::Css { css: css.to_owned(), frame_path: None })
}

fn text(t: &str) -> Locate {
    Locate::Selector(RoleSelector::Text { text: t.to_owned(), within_landmark: None, nth: None, frame_path: None })
}

/// An exact-name selector ([`super::exact_any_case`]) narrowed to the
/// user's case (Playwright's exact mode is case-sensitive): tried when the
/// any-case one matched several, so "Apple" beats "apple" (issue 45).
pub fn exact_case(sel: &RoleSelector) -> Option<RoleSelector> {
    let RoleSelector::Role { name: Some(name), name_mode: Some(NameMode::Regex), .. } = sel else { return None };
    let label = super::plan::exact_any_case_label(name)?;
    let mut narrowed = sel.clone();
    if let RoleSelector::Role { name, name_mode, .. } = &mut narrowed {
        *name = Some(label);
        *name_mode = Some(NameMode::Exact);
    }
    Some(narrowed)
}

/// Elements whose whole text is `label` (a quoted text selector).
pub(super) fn exact_text(label: &str) -> Locate {
    text(&format!("\"{}\"", label.trim()))
}

/// Elements of `roles` whose nearby text reads `label`.
pub(super) fn near(roles: &[&str], label: &str) -> Vec<Locate> {
    roles
        .iter()
        .map(|role| Locate::Selector(RoleSelector::Near { role: (*role).to_owned(), label: label.to_owned(), nth: None, frame_path: None }))
        .collect()
}

/// How much of `text` an autocomplete is given: enough letters to narrow
/// the suggestions, as a person types them.
pub fn prefix(text: &str) -> String {
    const TYPED: usize = 4;
    text.chars().take(TYPED).collect()
}

/// Collapsed sections, as plain pages draw them: a button that says it is
/// collapsed, a closed `<details>`, a header with a closed-triangle mark.
pub(super) const COLLAPSED: &[&str] = &["▸", "▶", "►", "⏵"];

impl Grounding {
    /// A target named by kind and place only; `default` is the kind the
    /// command implies when none was said ("the second one" to type into).
    pub(super) fn unnamed(t: &Target, default: RoleHint) -> Grounding {
        let role = t.role.unwrap_or(default);
        let locate = match role {
            RoleHint::Result => {
                let item = match t.nth {
                    None => "li".to_owned(),
                    Some(Ordinal::Nth(n)) => format!("li:nth-of-type({n})"),
                    Some(Ordinal::Last) => "li:last-of-type".to_owned(),
                };
                vec![css(&format!(":is(ol, ul) > {item} a[href]")), css(&format!(":is(ol, ul) > {item} [role=link]"))]
            }
            RoleHint::Section => {
                let mut l = vec![Locate::Selector(collapsed("button"))];
                l.push(css("details:not([open]) > summary"));
                l.extend(COLLAPSED.iter().map(|m| text(m)));
                l
            }
            _ => by_place(role.aria_roles(), t.nth),
        };
        Grounding { label: super::model::target(t), role: Some(role), locate, settle: role == RoleHint::Result }
    }

    /// A sign-in form's user name field.
    pub(super) fn username() -> Grounding {
        const NAMES: &[&str] = &["user name", "username", "user", "email", "e-mail", "login", "account"];
        let mut locate: Vec<Locate> = NAMES.iter().map(|n| role_named("textbox", n)).collect();
        locate.extend(NAMES.iter().map(|n| Locate::Selector(role_selector("textbox", Some(n), NameMode::Includes))));
        locate.extend(NAMES.iter().flat_map(|n| near(&["textbox"], n)));
        locate.push(css("form:has(input[type=password i]) :is(input:not([type]), input[type=text i], input[type=email i])"));
        Grounding { label: "user name".into(), role: Some(RoleHint::Field), locate, settle: false }
    }

    /// A sign-in form's password field.
    pub(super) fn password() -> Grounding {
        let mut locate = vec![css("input[type=password i]"), Locate::Selector(role_selector("textbox", Some("password"), NameMode::Includes))];
        locate.extend(near(&["textbox"], "password"));
        Grounding { label: "password".into(), role: Some(RoleHint::Field), locate, settle: false }
    }

    /// The button that sends a sign-in form.
    pub(super) fn sign_in_button() -> Grounding {
        const NAMES: &[&str] = &["sign in", "log in", "login", "sign on", "log on", "submit", "continue"];
        let mut locate: Vec<Locate> = NAMES.iter().map(|n| role_named("button", n)).collect();
        locate.push(css("form:has(input[type=password i]) :is(button:not([type=button i]):not([type=reset i]), input[type=submit i])"));
        Grounding { label: "sign in".into(), role: Some(RoleHint::Button), locate, settle: false }
    }

    /// The close button of the popup in front.
    pub(super) fn close_button() -> Grounding {
        const NAMES: &[&str] = &["close", "×", "✕", "✖", "x", "dismiss", "close dialog", "close popup", "no thanks"];
        let mut locate: Vec<Locate> = NAMES.iter().map(|n| role_named("button", n)).collect();
        locate.extend(["close", "dismiss"].iter().map(|n| Locate::Selector(role_selector("button", Some(n), NameMode::Includes))));
        locate.push(css("[class*=close i]:is(button, a, span, div, [role=button])"));
        Grounding { label: "close".into(), role: Some(RoleHint::Button), locate, settle: false }
    }

    /// A suggestion named `label` that typing has just brought up.
    pub(super) fn suggestion(label: &str) -> Grounding {
        let mut locate: Vec<Locate> = ["option", "menuitem", "link", "button"].iter().map(|r| role_named(r, label)).collect();
        locate.push(query(QueryKind::Action, label));
        locate.push(exact_text(label));
        Grounding { label: label.to_owned(), role: None, locate, settle: true }
    }

    /// An element that scrolls, named `label` ("the terms box"): by role
    /// and name, else by an id or class that says it.
    pub(super) fn scroller(label: &str) -> Grounding {
        let roles = ["region", "textbox", "group", "list", "listbox", "log", "document", "article", "dialog"];
        let mut locate: Vec<Locate> = roles.iter().map(|r| Locate::Selector(role_selector(r, Some(label), NameMode::Includes))).collect();
        if let Some(word) = css_word(label) {
            locate.insert(0, css(&format!("[id*=\"{word}\" i], [class*=\"{word}\" i]")));
        }
        Grounding { label: label.to_owned(), role: None, locate, settle: false }
    }
}

/// The longest word of `label` safe inside a CSS attribute selector.
fn css_word(label: &str) -> Option<String> {
    label
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
        .filter(|w| w.len() >= 3)
        .max_by_key(|w| w.len())
        .map(str::to_lowercase)
}

/// What [`super::PlannedStep::Reveal`] clicks to show more: collapsed
/// folders, or the tabs of a strip (a tab role, else the children of an
/// element whose class says it holds tabs).
pub fn reveal_openers(via: RevealVia) -> Vec<RoleSelector> {
    let sel = |l: Locate| match l {
        Locate::Selector(s) => s,
        _ => unreachable!("only selectors here"),
    };
    match via {
        RevealVia::Folders => {
            let mut out = vec![collapsed("treeitem")];
            out.extend(COLLAPSED.iter().map(|m| sel(text(m))));
            out.push(sel(css("details:not([open]) > summary")));
            out
        }
        RevealVia::Tabs => vec![
            role_selector("tab", None, NameMode::Includes),
            sel(css("[class*=tabs i] > *, [class*=tabbar i] > *, [class*=tab-bar i] > *, [class*=tablist i] > *, [class*=tab-list i] > *")),
        ],
    }
}

/// How [`super::PlannedStep::Reveal`] recognises its target once shown.
pub fn reveal_target(label: &str) -> Vec<RoleSelector> {
    let mut out: Vec<RoleSelector> = ["link", "button", "treeitem", "menuitem", "tab"]
        .iter()
        .map(|r| role_selector(r, Some(&super::plan::exact_any_case(label)), NameMode::Regex))
        .collect();
    out.push(RoleSelector::Text { text: format!("\"{}\"", label.trim()), within_landmark: None, nth: None, frame_path: None });
    // A folder is its name behind an open or closed mark ("▸ 2026").
    for mark in COLLAPSED.iter().chain(EXPANDED) {
        out.push(RoleSelector::Text { text: format!("\"{mark} {}\"", label.trim()), within_landmark: None, nth: None, frame_path: None });
    }
    out
}

/// The marks of an open folder.
const EXPANDED: &[&str] = &["▾", "▼", "⏷"];

/// An opener's identity across clicks: its words without marks ("▸ Work"
/// and "▾ Work" are the same folder).
pub fn opener_key(text: &str) -> String {
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ").to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_count_in_page_order() {
        let t = Target::by_role(Some(RoleHint::Checkbox), Some(Ordinal::Nth(2)));
        let g = Grounding::field(&t, RoleHint::Checkbox);
        assert_eq!(g.label, "the second checkbox");
        assert!(matches!(&g.locate[0], Locate::Selector(RoleSelector::Role { role, nth: Some(1), name: None, .. }) if role == "checkbox"));
        let last = Grounding::field(&Target::by_role(Some(RoleHint::Field), Some(Ordinal::Last)), RoleHint::Field);
        assert!(matches!(&last.locate[0], Locate::Last(RoleSelector::Role { role, nth: None, .. }) if role == "textbox"));
        let result = Grounding::control(&Target::by_role(Some(RoleHint::Result), Some(Ordinal::Nth(2))));
        assert!(matches!(&result.locate[0], Locate::Selector(RoleSelector::Css { css, .. }) if css.contains("li:nth-of-type(2)")));
        assert!(result.settle);
    }

    #[test]
    fn exact_case_narrows_an_exact_match_and_a_role_word_drops_the_text_fallback() {
        let g = Grounding::control(&Target::with_role("Apple  pie", RoleHint::Button));
        let Locate::Selector(first) = &g.locate[0] else { panic!() };
        let narrowed = exact_case(first).unwrap();
        assert!(matches!(&narrowed, RoleSelector::Role { name: Some(n), name_mode: Some(NameMode::Exact), .. } if n == "Apple pie"), "{narrowed:?}");
        assert_eq!(exact_case(&narrowed), None, "already exact");
        assert!(!g.locate.iter().any(|l| matches!(l, Locate::Selector(RoleSelector::Text { .. }))), "{:?}", g.locate);
        let free = Grounding::control(&Target::new("Apple"));
        assert!(free.locate.iter().any(|l| matches!(l, Locate::Selector(RoleSelector::Text { .. }))));
    }

    #[test]
    fn fields_fall_back_to_nearby_text_after_names() {
        let g = Grounding::field(&Target::new("Username"), RoleHint::Field);
        let first_near = g.locate.iter().position(|l| matches!(l, Locate::Selector(RoleSelector::Near { .. }))).unwrap();
        let last_name = g.locate.iter().rposition(|l| matches!(l, Locate::Selector(RoleSelector::Role { name: Some(_), .. }))).unwrap();
        assert!(last_name < first_near);
    }

    #[test]
    fn helpers() {
        assert_eq!(prefix("Portugal"), "Port");
        assert_eq!(prefix("Ur"), "Ur");
        assert_eq!(css_word("terms and conditions").as_deref(), Some("conditions"));
        assert_eq!(css_word("a\"]"), None);
        assert_eq!(opener_key("▸ Work"), "work");
        assert_eq!(opener_key("▾ Work "), "work");
        // A folder shown with its mark is found by its name.
        let found = reveal_target("2026");
        assert!(found.iter().any(|s| matches!(s, RoleSelector::Text { text, .. } if text == "\"▸ 2026\"")));
    }
}
