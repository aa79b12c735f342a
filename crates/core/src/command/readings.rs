//! Every reading the grammar has of one input (issue 45), for the page to
//! choose among.
//!
//! The grammar reads text without seeing the page, and some sentences
//! have more than one reading that only the page settles: "tick Red and
//! Blue" is one checkbox named "Red and Blue" or two; "The username
//! should be ember and the city Vienna" types "ember and the city Vienna",
//! or types ember and picks Vienna. [`readings`] lists them in the order
//! the grammar prefers (the restatement, the input as typed, then each
//! with its list labels taken apart); the worker runs the first reading
//! whose targets are found on the page (`bc-background`'s
//! `command::choose`), so a reading that names nothing there gives way to
//! one that does, and a page that has both keeps the grammar's choice.

use super::model::{Command, Target};
use super::{restate, split, tokens};

/// Most names one list label is taken apart into.
const MAX_LIST: usize = 6;

/// The readings of `input` as commands, the grammar's preferred one
/// first ([`super::explain`]'s): the restatement, then the input as
/// typed; empty when it reads none. No two are the same. Each command of a
/// reading has its own [`alternatives`].
pub fn readings(input: &str) -> Vec<Vec<Command>> {
    let mut out: Vec<Vec<Command>> = Vec::new();
    for steps in read(input) {
        let reading: Vec<Command> = steps.into_iter().map(|(c, _)| c).collect();
        if !out.contains(&reading) {
            out.push(reading);
        }
    }
    out
}

/// The steps of `input` (each with the rule that read it): restated
/// first, then as typed. A reading that still points at "it" with
/// nothing named is no reading.
pub(super) fn read(input: &str) -> impl Iterator<Item = Vec<(Command, &'static str)>> + '_ {
    let steps = |text: &str| {
        split::sequence(text, &tokens::tokenize(text))
            .filter(|s| !split::points_nowhere(s) && !split::types_a_place(s))
            .map(|s| split::values_without_politeness(text, s))
    };
    let restated = restate::restate(input).and_then(|order| steps(&order));
    let as_typed = restated.into_iter().chain(std::iter::once_with(move || steps(input)).flatten());
    // With its slips corrected ("clik Save"), when it reads no other way.
    let corrected = std::iter::once_with(move || {
        let fixed = super::typos::corrected(input)?;
        let restated = restate::restate(&fixed).and_then(|order| steps(&order));
        restated.or_else(|| steps(&fixed))
    });
    as_typed.chain(corrected.flatten())
}

/// Text any reading of `input` would type into a password-like field,
/// the readings [`read`] drops included ("put that in the User name box
/// plus pa55 in the Password box" is dropped for typing its own order,
/// and still holds a password to mask wherever the input is shown).
pub(super) fn secret_texts(input: &str) -> Vec<String> {
    let steps = |text: &str| split::sequence(text, &tokens::tokenize(text));
    let restated = restate::restate(input).and_then(|order| steps(&order));
    restated
        .into_iter()
        .chain(steps(input))
        .flatten()
        .filter_map(|(c, _)| c.secret_text().filter(|t| !t.is_empty()).map(str::to_owned))
        .collect()
}

/// One way of reading a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alternative {
    pub commands: Vec<Command>,
    /// Its targets count as found only when found by their names, not
    /// as the page's one field of a kind (`Locate::Only`): a reading the
    /// grammar tries before the command as read must earn it ("and the
    /// city Vienna" is a city only where a field is named so).
    pub strict: bool,
}

/// The ways of reading `command`, in the order to try them; the command
/// as read is among them:
/// - text typed with a second field and value after an "and" ("ember and
///   the city Vienna" into Username), the verb left out: both typed, the
///   second field by name only; before the command as read;
/// - text typed into a field that is a dropdown: its option; after;
/// - a click or tick whose label is a list ("Red and Blue"): one per
///   name; after the command as read.
pub fn alternatives(command: &Command) -> Vec<Alternative> {
    let mut out: Vec<Alternative> = Vec::new();
    if let Command::Type { text, field } = command {
        for (first, second, value) in gapped(text) {
            let commands = vec![
                Command::Type { text: first.clone(), field: field.clone() },
                Command::Type { text: value, field: Target::new(second) },
            ];
            out.push(Alternative { commands, strict: true });
        }
    }
    out.push(Alternative { commands: vec![command.clone()], strict: false });
    if let Command::Type { text, field } = command {
        // "The destination should be Madrid" where the destination is a
        // dropdown: its option.
        out.push(Alternative { commands: vec![Command::Select { option: text.clone(), field: field.clone() }], strict: false });
    }
    if let Some(apart) = list_taken_apart(command) {
        out.push(Alternative { commands: apart, strict: false });
    }
    out
}

/// Words that may stand between "and" and a second field's name.
const GAP_DETERMINERS: &[&str] = &["the", "my", "its", "his", "her", "their", "your"];
/// Most words a second field's name may have.
const MAX_GAP_FIELD: usize = 3;

/// Readings of typed text as "V1 and [the] FIELD V2": (V1, FIELD, V2),
/// the longest FIELD first.
fn gapped(text: &str) -> Vec<(String, String, String)> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let Some(and) = words.iter().position(|w| w.eq_ignore_ascii_case("and")).filter(|&i| i > 0) else { return Vec::new() };
    let first = words[..and].join(" ").trim_end_matches(',').to_owned();
    let mut rest = &words[and + 1..];
    if rest.first().is_some_and(|w| GAP_DETERMINERS.contains(&w.to_lowercase().as_str())) {
        rest = &rest[1..];
    }
    let longest = MAX_GAP_FIELD.min(rest.len().saturating_sub(1));
    (1..=longest)
        .rev()
        .map(|k| {
            // "and the Username one fjord": "one" stands for the field.
            let value = rest[k..].join(" ").trim_end_matches(['.', '!']).to_owned();
            let value = value.strip_prefix("one ").map(str::to_owned).unwrap_or(value);
            (first.clone(), rest[..k].join(" "), value)
        })
        .filter(|(first, _, value)| !first.is_empty() && !value.is_empty())
        .collect()
}

/// A click or tick whose label is a list ("Red and Blue", "Paris, Rome
/// and Oslo") as one command per name; `None` when the label is no list.
fn list_taken_apart(command: &Command) -> Option<Vec<Command>> {
    let (target, on) = match command {
        Command::Click { target } => (target, None),
        Command::Check { target, on } => (target, Some(*on)),
        _ => return None,
    };
    let names = list_names(target)?;
    let remake = |label: String| {
        let target = Target { label, ..target.clone() };
        match on {
            None => Command::Click { target },
            Some(on) => Command::Check { target, on },
        }
    };
    Some(names.into_iter().map(remake).collect())
}

/// The names of a list label: parts between commas and "and" ("Red,
/// Green and Blue"), each without a leading article; `None` for a label
/// that is no list, a counted one ("the second … "), or one with an
/// empty part.
fn list_names(target: &Target) -> Option<Vec<String>> {
    if target.nth.is_some() {
        return None;
    }
    let mut names: Vec<String> = Vec::new();
    for part in target.label.split(',') {
        let mut name: Vec<&str> = Vec::new();
        for word in part.split_whitespace() {
            if matches!(word.to_lowercase().as_str(), "and" | "&" | "plus") {
                names.push(name.join(" "));
                name.clear();
            } else {
                name.push(word);
            }
        }
        names.push(name.join(" "));
    }
    let names: Vec<String> = names
        .into_iter()
        .map(|n| {
            let lower = n.to_lowercase();
            let bare = ["the ", "a ", "an "].iter().find_map(|a| lower.starts_with(a).then(|| n[a.len()..].to_owned()));
            bare.unwrap_or(n).trim().to_owned()
        })
        .collect();
    (names.len() > 1 && names.len() <= MAX_LIST && names.iter().all(|n| !n.is_empty())).then_some(names)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::model::RoleHint;

    fn check(label: &str) -> Command {
        Command::Check { target: Target::new(label), on: true }
    }

    /// Input → its readings, each as the commands' descriptions.
    #[test]
    fn readings_fixtures() {
        let rows: &[(&str, &[&[&str]])] = &[
            ("tick Blue", &[&["Check “Blue”"]]),
            // Restated, then as typed.
            ("Would you mind ticking Blue?", &[&["Check “Blue”"]]),
            // Nothing read.
            ("what is this page about?", &[]),
            // Text that says where it goes was cut at the wrong "in": no
            // reading types it (a near miss: "in the evening" says no field).
            ("put that in the User name box plus pa55 in the Notes box", &[]),
            ("type see you in the evening into Notes", &[&["Type “see you in the evening” into “Notes”"]]),
        ];
        for (input, want) in rows {
            let got: Vec<Vec<String>> = readings(input).iter().map(|r| r.iter().map(Command::describe).collect()).collect();
            let want: Vec<Vec<String>> = want.iter().map(|r| r.iter().map(|s| (*s).to_owned()).collect()).collect();
            assert_eq!(got, want, "{input}");
        }
    }

    /// Input (one command) → its alternatives, each as the commands'
    /// descriptions, `!` marking a strict one.
    #[test]
    fn alternatives_fixtures() {
        let rows: &[(&str, &[&str])] = &[
            ("tick Blue", &["Check “Blue”"]),
            // A list label: as one name, then as several.
            ("tick Red and Blue", &["Check “Red and Blue”", "Check “Red” | Check “Blue”"]),
            ("click Save and Continue", &["Click “Save and Continue”", "Click “Save” | Click “Continue”"]),
            ("tick Red & Green plus Blue", &["Check “Red & Green plus Blue”", "Check “Red” | Check “Green” | Check “Blue”"]),
            // A second field with its verb left out, the longest name first.
            (
                "The username should be ember and the city Vienna.",
                &[
                    "! Type “ember” into “username” | Type “Vienna” into “city”",
                    "Type “ember and the city Vienna” into “username”",
                    "Select “ember and the city Vienna” in “username”",
                ],
            ),
            (
                "type kim and my last name Berg into first name",
                &[
                    "! Type “kim” into “first name” | Type “Berg” into “last name”",
                    "! Type “kim” into “first name” | Type “name Berg” into “last”",
                    "Type “kim and my last name Berg” into “first name”",
                    "Select “kim and my last name Berg” in “first name”",
                ],
            ),
            // "one" after the second field's name stands for the field.
            (
                "the City box should say Oslo, and the Username one fjord",
                &[
                    "! Type “Oslo” into the “City” field | Type “fjord” into “Username one”",
                    "! Type “Oslo” into the “City” field | Type “fjord” into “Username”",
                    "Type “Oslo, and the Username one fjord” into the “City” field",
                    "Select “Oslo, and the Username one fjord” in the “City” field",
                ],
            ),
            // Typed text with nothing after the "and" to be a field and a value.
            ("type salt and pepper into Notes", &["Type “salt and pepper” into “Notes”", "Select “salt and pepper” in “Notes”"]),
            // Counted targets are not lists.
            ("click the second checkbox", &["Click the second checkbox"]),
        ];
        for (input, want) in rows {
            let read = readings(input);
            let Some([command]) = read.first().map(|r| r.as_slice()) else { panic!("{input}: not one command") };
            let got: Vec<String> = alternatives(command)
                .iter()
                .map(|a| {
                    let line = a.commands.iter().map(Command::describe).collect::<Vec<_>>().join(" | ");
                    if a.strict { format!("! {line}") } else { line }
                })
                .collect();
            assert_eq!(got, *want, "{input}");
        }
    }

    #[test]
    fn list_names_near_misses() {
        assert_eq!(list_names(&Target::new("Red and")), None, "an empty part");
        assert_eq!(list_names(&Target::new("Rock & Roll")), Some(vec!["Rock".to_owned(), "Roll".to_owned()]));
        assert_eq!(list_names(&Target::with_role("Terms", RoleHint::Checkbox)), None);
        assert_eq!(list_taken_apart(&check("Blue")), None);
    }
}
