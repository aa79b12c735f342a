//! Forms without a `<form>`: fields no form owns, gathered with the button
//! that commits them. Apps built with React, Vue or web components often
//! render a sign-in box, a settings panel or a newsletter field as `div`s
//! with an `onClick` on the button; without this their fields are loose
//! actions and the MiniPCD has no form with a purpose (`login`,
//! `settings` …) for skills and goal predicates to find.
//!
//! The DOM side climbs from each loose field through its ancestors (a few
//! levels) and asks [`judge`] about the controls each ancestor holds; the
//! first ancestor that holds a commit button becomes the form. It stops as
//! soon as an ancestor holds something a form does not: a control of a
//! collection, or more than a few other controls (a header with its
//! navigation, a toolbar). A real `<form>`'s controls are left out of
//! the count: they are that form's.

use super::facts::ControlFact;
use super::roles::classify_control;
use crate::kind::text::words;
use crate::types::ActionRole;

/// Fields of one form at most (as the DOM side reads for a `<form>`).
pub const MAX_FIELDS: usize = 40;
/// Controls that are neither fields nor commit buttons ("Forgot
/// password?", "Cancel", "Show password") an ancestor may hold.
pub const MAX_OTHERS: usize = 4;
/// Controls an ancestor may hold at most, all kinds together: past this it
/// cannot be accepted, and the DOM side stops reading what it holds.
pub const MAX_RANGE: usize = MAX_FIELDS + MAX_OTHERS + 4;
/// Words a commit button's label has at most ("Sign up for free").
const MAX_COMMIT_WORDS: usize = 5;

/// What an ancestor of a loose field is, by the controls it holds
/// (indices are into the slice [`judge`] was given).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// A form: its loose fields, and the button that commits them.
    Form { fields: Vec<usize>, submit: usize },
    /// No commit button yet, nothing that rules a form out: look one
    /// ancestor higher.
    Climb,
    /// No form here or higher up.
    Stop,
}

/// Judges the controls one ancestor of a loose field holds (document
/// order).
pub fn judge<'a>(held: impl IntoIterator<Item = &'a ControlFact>) -> Verdict {
    let mut fields = Vec::new();
    let mut commits = Vec::new();
    let mut others = 0;
    for (i, c) in held.into_iter().enumerate() {
        if i >= MAX_RANGE || c.group.is_some() {
            return Verdict::Stop;
        }
        // A real form's controls are its own (a coupon field and its
        // "Apply" beside the checkout `<form>` are still one).
        if c.form.is_some() {
            continue;
        }
        if is_loose_field(c) {
            fields.push(i);
        } else if is_commit_button(c) {
            commits.push(i);
        } else {
            others += 1;
        }
    }
    if fields.len() > MAX_FIELDS || others > MAX_OTHERS {
        return Verdict::Stop;
    }
    let Some(&first) = commits.first() else {
        return Verdict::Climb;
    };
    if fields.is_empty() {
        return Verdict::Climb;
    }
    // The button after the fields commits them ("Cancel" may come first,
    // an unrelated one before them).
    let last_field = fields[fields.len() - 1];
    let submit = commits
        .iter()
        .copied()
        .find(|&b| b > last_field)
        .unwrap_or(first);
    Verdict::Form { fields, submit }
}

/// A field (text box, combobox, checkbox, slider …) that no form owns and
/// no collection item holds: where [`judge`] starts climbing.
pub fn is_loose_field(c: &ControlFact) -> bool {
    c.form.is_none() && c.group.is_none() && !c.in_pagination && classify_control(c).field
}

/// A button whose label says it commits what was entered: a native or
/// ARIA button (or a clickable `div`), not a toggle, a menu opener or a
/// button kept out of the tab order (a spin button's "Add adult" stepper).
fn is_commit_button(c: &ControlFact) -> bool {
    let class = classify_control(c);
    let button_like = class.role == ActionRole::Button
        || (c.clickable && class.role == ActionRole::Other && !class.field);
    button_like
        && c.input_type.as_deref() != Some("reset")
        && c.has_popup.is_none()
        && c.expanded.is_none()
        && c.pressed.is_none()
        && !c.in_pagination
        && !c.tab_skipped
        && is_commit_label(&c.name)
}

/// The first words of commit labels ("Sign in", "Save changes", "Search").
/// One fixture row each in the tests.
#[rustfmt::skip]
const COMMIT_STARTS: &[&str] = &[
    "submit", "send", "save", "apply", "search", "find", "go", "ok", "continue", "proceed",
    "confirm", "sign in", "sign up", "sign me up", "log in", "login", "signin", "signup", "register",
    "join", "subscribe", "pay", "place order", "book", "reserve", "update", "create", "add", "post",
    "reply", "comment", "publish", "upload", "schedule", "done", "finish", "verify", "request",
    "get", "calculate", "check", "redeem", "notify me", "invite", "filter", "generate", "ask",
    "enter", "start",
    // A few other languages' most common ones.
    "envoyer", "enregistrer", "rechercher", "valider", "suchen", "senden", "speichern",
    "anmelden", "buscar", "enviar", "guardar",
];

/// Whether a button labelled so commits a form (see [`COMMIT_STARTS`]).
pub fn is_commit_label(label: &str) -> bool {
    let w = words(label);
    if w.is_empty() || w.len() > MAX_COMMIT_WORDS {
        return false;
    }
    COMMIT_STARTS.iter().any(|start| {
        let phrase: Vec<&str> = start.split(' ').collect();
        phrase.len() <= w.len() && w.iter().zip(&phrase).all(|(a, b)| a == b)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pcd::facts::GroupRef;

    fn field(role: &str, name: &str) -> ControlFact {
        ControlFact {
            role: role.into(),
            name: name.into(),
            tag: "div".into(),
            ..Default::default()
        }
    }
    fn button(name: &str) -> ControlFact {
        ControlFact {
            role: "button".into(),
            name: name.into(),
            tag: "button".into(),
            ..Default::default()
        }
    }
    fn link(name: &str) -> ControlFact {
        ControlFact {
            role: "link".into(),
            name: name.into(),
            tag: "a".into(),
            ..Default::default()
        }
    }

    #[test]
    fn commit_labels() {
        // Every table row has a label that starts with it.
        for start in COMMIT_STARTS {
            let label = format!("{start} now");
            assert!(is_commit_label(&label), "{label:?}");
        }
        #[rustfmt::skip]
        let rows: &[(&str, bool)] = &[
            ("Sign in", true), ("Save changes", true), ("SEARCH", true), ("Log-in ›", true),
            ("Subscribe", true), ("Place order", true), ("Get started", true),
            ("Cancel", false), ("Close", false), ("Back", false), ("Show password", false),
            ("Clear", false), ("Reset", false), ("Delete", false), ("Menu", false), ("", false),
            // "sign" alone, or "place" alone, is no commit.
            ("Sign", false), ("Placeholder", false),
            // A spin button's steppers and a carousel's arrows move; they commit nothing.
            ("Next day", false), ("Next", false),
            // Long texts are prose, not button labels.
            ("Search the archive of every issue since 1998", false),
        ];
        for (label, want) in rows {
            assert_eq!(is_commit_label(label), *want, "{label:?}");
        }
    }

    #[test]
    fn verdicts() {
        let grouped = ControlFact {
            group: Some(GroupRef { group: 0, item: 0 }),
            ..field("checkbox", "Select row")
        };
        let owned = ControlFact {
            form: Some(0),
            ..field("textbox", "Email")
        };
        let toggle = ControlFact {
            pressed: Some(false),
            ..button("Save")
        };
        let opener = ControlFact {
            has_popup: Some("menu".into()),
            ..button("Add")
        };
        let reset = ControlFact {
            input_type: Some("reset".into()),
            ..button("Send")
        };
        let clickable = ControlFact {
            role: String::new(),
            clickable: true,
            ..button("Subscribe")
        };
        let paging = ControlFact {
            in_pagination: true,
            ..button("Next")
        };
        let stepper = ControlFact {
            tab_skipped: true,
            ..button("Add adult")
        };
        use Verdict::*;
        #[rustfmt::skip]
        let rows: Vec<(&str, Vec<ControlFact>, Verdict)> = vec![
            ("login box", vec![field("textbox", "Email"), field("textbox", "Password"), link("Forgot password?"), button("Sign in")],
                Form { fields: vec![0, 1], submit: 3 }),
            ("the button after the fields, not the one before",
                vec![button("Search"), field("textbox", "Name"), button("Cancel"), button("Save")],
                Form { fields: vec![1], submit: 3 }),
            ("a commit before the fields when none follows", vec![button("Save"), field("switch", "Dark mode")],
                Form { fields: vec![1], submit: 0 }),
            ("a clickable div commits", vec![field("textbox", "Email"), clickable], Form { fields: vec![0], submit: 1 }),
            ("no commit button yet", vec![field("textbox", "Email"), button("Cancel")], Climb),
            ("a toggle is no commit", vec![field("textbox", "Note"), toggle], Climb),
            ("a menu opener is no commit", vec![field("textbox", "Note"), opener], Climb),
            ("a reset is no commit", vec![field("textbox", "Note"), reset], Climb),
            ("pagination is no commit", vec![field("textbox", "Page"), paging], Climb),
            ("a stepper out of the tab order is no commit", vec![field("spinbutton", "Adults"), stepper], Climb),
            ("a collection's control", vec![field("textbox", "Filter"), grouped, button("Apply")], Stop),
            ("a real form's controls are neither fields nor others",
                vec![owned.clone(), owned.clone(), owned.clone(), owned.clone(), owned, field("textbox", "Coupon"), button("Apply")],
                Form { fields: vec![5], submit: 6 }),
            ("a header with its navigation",
                vec![link("Home"), link("Docs"), link("Blog"), link("Pricing"), link("About"), field("searchbox", "Search"), button("Sign in")],
                Stop),
        ];
        for (what, held, want) in rows {
            assert_eq!(judge(&held), want, "{what}");
        }
        // Too many controls to be one form.
        let many: Vec<ControlFact> = (0..=MAX_RANGE)
            .map(|i| field("checkbox", &format!("Option {i}")))
            .collect();
        assert_eq!(judge(&many), Stop);
    }
}
