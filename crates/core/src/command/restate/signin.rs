//! Credentials in one breath, restated as one sign-in (see the parent
//! module).

use super::clauses::clauses;
use super::words::{phrase_at, split_words};
use super::{leave_alone, matches_any};
use crate::command::tokens::tokenize;

/// Words after which the user name follows, in a sentence that signs in.
const USER_BEFORE: &[&str] = &[
    "user name is", "username is", "name is", "user is", "user name", "username", "user", "login", "as", "i'm", "im", "i am", "for", "name", "with",
];
/// Words that make a sentence about signing in.
const SIGNING_IN: &[&str] = &["sign", "log", "login", "logging", "signing", "account", "member"];
/// Words after which the password follows (the last word of the input,
/// as people put it; `safety::typed` finds and masks it the same way).
const PASSWORD_BEFORE: &[&str] = &["password is", "password", "pw", "pass", "pwd"];

/// Credentials in one breath, however the sentence runs ("Could you sign
/// me in? User name lee, password x", "I'm kim and my password is x",
/// "Member login for kim, password x"): "sign in as U with password P".
pub(super) fn signing_in(input: &str) -> Option<String> {
    // "sign in as ana / kestrel42": the pair as "ana password kestrel42".
    let plain = crate::safety::typed::pairs_said_plainly(input);
    let paired = plain != input;
    let input = plain.as_str();
    // "… password fjord32? Thank you.": the thanks after it are no part.
    let all = clauses(input);
    let kept = all.iter().rposition(|(c, _)| !matches_any(leave_alone(), c)).map_or(0, |i| i + 1);
    let input = if kept < all.len() && kept > 0 {
        let last = &all[kept - 1].0;
        input.find(last.as_str()).map_or(input, |at| &input[..at + last.len()])
    } else {
        input
    };
    let words = split_words(input);
    if !words.iter().any(|w| SIGNING_IN.iter().any(|s| w.low.starts_with(s))) {
        return None;
    }
    // What the rules read as a sign-in keeps their reading.
    let tokens = tokenize(input);
    if let Some(steps) = crate::command::split::sequence(input, &tokens) {
        if steps.iter().any(|(c, _)| matches!(c, crate::command::model::Command::SignIn { .. })) {
            return paired.then(|| input.to_owned());
        }
    }
    // The length of the longest phrase of `table` at `i`.
    let phrase_len = |table: &[&str], i: usize| -> Option<usize> {
        table.iter().map(|t| t.split(' ').collect::<Vec<_>>()).filter(|p| phrase_at(&words, i, p)).map(|p| p.len()).max()
    };
    // The password is the last word, right after its word, or the last
    // before "then click sign in" (what signing in does anyway).
    let last = |at: usize| at + 1 == words.len() || (at + 1 < words.len() && only_submits(&words[at + 1..]));
    // ("… in the Password box": the field's name, not a password.)
    let a_password = |at: usize| !FIELD_WORDS.contains(&words[at].low.as_str());
    let pass_at = (0..words.len()).find_map(|i| phrase_len(PASSWORD_BEFORE, i).map(|n| i + n).filter(|&at| last(at) && a_password(at)))?;
    let user_at = (0..pass_at).rev().find_map(|i| {
        let at = i + phrase_len(USER_BEFORE, i)?;
        if at + 1 >= pass_at {
            return None;
        }
        // "as kim?", "user name lee,": one word, its punctuation off.
        let user = words[at].orig.trim_end_matches([',', '.', '?', '!', ';']);
        let plain = user.chars().all(|c| c.is_alphanumeric() || "._-@".contains(c));
        (plain && !user.is_empty() && !["me", "my", "the", "a", "and", "in", "to"].contains(&words[at].low.as_str())).then_some(at)
    })?;
    let user = words[user_at].orig.trim_end_matches([',', '.', '?', '!', ';']);
    let pass = words[pass_at].orig.trim_end_matches(['.', '!', ',', ';']);
    Some(format!("sign in as {user} with password {pass}"))
}

/// What a field is called: after "password", the field, not its value.
const FIELD_WORDS: &[&str] = &["box", "field", "input", "textbox", "entry", "area", "blank", "one", "here", "there", "it", "slot", "line"];

/// Words after a password that only say to submit: "then click sign in",
/// "and hit enter", ", then log in".
const SUBMIT_TAIL: &[&str] = &[
    "then", "and", "click", "press", "hit", "tap", "push", "the", "sign", "in", "log", "login", "signin", "submit", "enter", "button", "me",
    "please", "pls", "go",
];

/// Whether `tail` says nothing but to submit the sign-in.
fn only_submits(tail: &[super::words::W]) -> bool {
    let low: Vec<String> = tail.iter().map(|w| w.low.trim_matches(|c: char| !c.is_alphanumeric()).to_owned()).filter(|w| !w.is_empty()).collect();
    let submits = low.iter().any(|w| ["sign", "log", "login", "signin", "submit", "enter"].contains(&w.as_str()));
    submits && low.iter().all(|w| SUBMIT_TAIL.contains(&w.as_str()))
}
