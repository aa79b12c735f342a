//! Signing in, read against the page: a password said in the sentence
//! ("log in as omar, password juniper99") is typed into the page's
//! password field and nowhere else, and the form is sent.
//!
//! The values come from `safety::typed` (a value after a password word),
//! which the panel masks wherever it shows the input; a password field
//! never takes any other value, so a misread sentence cannot type a
//! user name there, nor a password into a plain field.

use super::vocabulary::{PageWord, WordKind};
use super::typing;
use crate::command::model::{Command, RoleHint, Target};

/// Whether `field` names one of the page's password fields.
pub(super) fn is_secret_field(field: &Target, page: &[PageWord]) -> bool {
    !field.label.is_empty() && page.iter().any(|w| w.kind == WordKind::Secret && w.name == field.label)
}

/// The page's one named password field.
pub(super) fn only_secret_field(page: &[PageWord]) -> Option<Target> {
    let secret: Vec<&PageWord> = page.iter().filter(|w| w.kind == WordKind::Secret && w.shown).collect();
    match secret.as_slice() {
        [one] if !one.name.is_empty() => Some(Target::with_role(one.name.clone(), RoleHint::Field)),
        _ => None,
    }
}

/// Takes the password fields out of `fields`, each with a value of the
/// clause that `secrets` holds; `None` when a password field has none.
pub(super) fn pair_secrets(fields: &mut Vec<Target>, values: &mut Vec<String>, secrets: &[String], page: &[PageWord]) -> Option<Vec<Command>> {
    let (secret, plain): (Vec<Target>, Vec<Target>) = std::mem::take(fields).into_iter().partition(|f| is_secret_field(f, page));
    *fields = plain;
    let mut out = Vec::new();
    for field in secret {
        let at = values.iter().position(|v| secrets.contains(v))?;
        out.push(typing(values.remove(at), field, page));
    }
    Some(out)
}

/// `commands` when each of `secrets` is typed into a password field
/// once and nothing else is; a sentence that `signs_in` sends the form:
/// a click is added on the page's sign-in button when it clicked nothing
/// ("log me in, pass is x"). `None` otherwise.
pub(super) fn checked(mut commands: Vec<Command>, secrets: &[String], page: &[PageWord], signs_in: bool) -> Option<Vec<Command>> {
    for command in &commands {
        if let Command::Type { text, field } | Command::Suggest { text, field: Some(field) } = command {
            if secrets.contains(text) != is_secret_field(field, page) {
                return None;
            }
        }
    }
    let typed = |s: &String| commands.iter().filter(|c| matches!(c, Command::Type { text, .. } if text == s)).count() == 1;
    if !secrets.iter().all(typed) {
        return None;
    }
    if signs_in && !secrets.is_empty() && !commands.iter().any(|c| matches!(c, Command::Click { .. } | Command::PressKey { .. })) {
        commands.push(Command::Click { target: Target::with_role(send_button(page)?, RoleHint::Button) });
    }
    Some(commands)
}

/// What sends a sign-in form: the button that says so, or the page's one button.
fn send_button(page: &[PageWord]) -> Option<String> {
    const SENDS: &[&str] = &["sign in", "log in", "login", "sign-in", "log on", "submit", "continue"];
    let buttons: Vec<&PageWord> = page.iter().filter(|w| w.kind == WordKind::Button && w.shown && !w.name.is_empty()).collect();
    buttons
        .iter()
        .find(|w| SENDS.iter().any(|s| w.name.to_lowercase().contains(s)))
        .or(if buttons.len() == 1 { buttons.first() } else { None })
        .map(|w| w.name.clone())
}
