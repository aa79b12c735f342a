//! Secrets the user writes into their own request: "log me in as omar,
//! password juniper99", "my PIN is 4821". The text goes to the agent as
//! the task's goal, and the goal goes into every prompt, so the value
//! would reach the model. Each value after a password, PIN or code word is
//! found by rule and withheld: the goal keeps the placeholder the model
//! types into a field (`{{secret:password}}`), and the user is asked for
//! the value (masked, in the panel) when a field needs it. The panel's
//! echo of the input shows it masked.
//!
//! A value is the next word after the trigger (skipping "is", ":", "=",
//! "to"), unless that word is one a sentence about passwords uses ("reset
//! my password", "the password field", "PIN code"): those are never
//! values. Wrongly withheld words cost a question; a missed value costs
//! the secret, so the list of non-values is kept short and plain.

use super::secrets::{placeholder, SecretKind};
use std::ops::Range;

/// Words after which the next word is the secret itself.
const TRIGGERS: &[(&str, SecretKind)] = &[
    ("password", SecretKind::Password),
    ("passwort", SecretKind::Password),
    ("passcode", SecretKind::Password),
    ("passphrase", SecretKind::Password),
    ("passwd", SecretKind::Password),
    ("pwd", SecretKind::Password),
    ("pw", SecretKind::Password),
    ("pin", SecretKind::Password),
    ("otp", SecretKind::OneTimeCode),
];
/// Words that name a password only with a joiner after them ("pass is
/// ember51", "pass: x"): "pass" alone is an ordinary word ("pass the
/// test", "boarding pass").
const TRIGGERS_WITH_JOINER: &[&str] = &["pass"];
/// "code" is a secret only after these ("one-time code 123456").
const CODE_AFTER: &[&str] = &["one-time", "onetime", "verification", "2fa", "security", "sms", "login", "authentication", "auth"];
/// Joining words between the trigger and the value.
const JOINERS: &[&str] = &["is", "was", ":", "=", "-", "to", "as", "of"];
/// Words that follow a password word in sentences about passwords and are
/// never the value.
const NOT_VALUES: &[&str] = &[
    "a", "an", "the", "my", "your", "our", "his", "her", "their", "this", "that", "it", "and", "or", "but", "for", "with", "then",
    "now", "here", "there", "on", "in", "into", "at", "from", "please", "again", "field", "box", "input", "form", "page", "screen",
    "button", "link", "manager", "reset", "recovery", "change", "hint", "policy", "rules", "requirements", "strength", "expired",
    "expires", "code", "number", "entry", "prompt", "protected", "protection", "required", "saved", "stored", "remembered", "forgotten",
    "forgot", "too", "wrong", "incorrect", "correct", "so", "if", "when", "you", "me", "i", "be", "set", "same", "new", "old", "?",
];

/// The byte ranges of secret values in `text`, with their kind.
pub fn typed_secrets(text: &str) -> Vec<(Range<usize>, SecretKind)> {
    let words: Vec<(Range<usize>, String)> = word_spans(text);
    let mut found = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let word = words[i].1.as_str();
        let joined = text[words[i].0.clone()].ends_with([':', '=']) || words.get(i + 1).is_some_and(|(_, next)| JOINERS.contains(&next.as_str()));
        let kind = TRIGGERS.iter().find(|(t, _)| *t == word).map(|(_, k)| *k).or_else(|| {
            (word == "code" && i > 0 && CODE_AFTER.contains(&words[i - 1].1.as_str())).then_some(SecretKind::OneTimeCode)
        }).or_else(|| (joined && TRIGGERS_WITH_JOINER.contains(&word)).then_some(SecretKind::Password));
        // "password:hunter2" is one word: the value follows the colon.
        let glued = text[words[i].0.clone()].split_once(['=', ':']).filter(|(head, tail)| !tail.is_empty() && TRIGGERS.iter().any(|(t, _)| head.eq_ignore_ascii_case(t)));
        if let Some((head, _)) = glued {
            let start = words[i].0.start + head.len() + 1;
            found.push((trimmed(text, start..words[i].0.end), SecretKind::Password));
            i += 1;
            continue;
        }
        let Some(kind) = kind else {
            i += 1;
            continue;
        };
        // "fjord32 in the Password box", "x as my password": the value
        // said before, where it goes after.
        if let Some(before) = value_before(&words, i) {
            if !found.iter().any(|(r, _): &(Range<usize>, SecretKind)| r.start >= before.start && r.start < before.end) {
                found.push((trimmed(text, before), kind));
            }
        }
        let mut j = i + 1;
        while j < words.len() && JOINERS.contains(&words[j].1.as_str()) {
            j += 1;
        }
        if j < words.len() && !NOT_VALUES.contains(&words[j].1.as_str()) && !words[j].1.is_empty() {
            found.push((trimmed(text, words[j].0.clone()), kind));
            i = j + 1;
        } else {
            i += 1;
        }
    }
    let said_at = signs_in(&words);
    if !said_at.is_empty() {
        for range in paired(text, &words, &said_at) {
            if !found.iter().any(|(r, _)| r.start < range.end && range.start < r.end) {
                found.push((range, SecretKind::Password));
            }
        }
        found.sort_by_key(|(r, _)| r.start);
    }
    found.retain(|(r, _)| !r.is_empty());
    found
}

/// `text` with each credential pair ("ana / kestrel42", "ana:kestrel42")
/// said as a user and a password ("ana password kestrel42"), for readers
/// that know only the latter.
pub fn pairs_said_plainly(text: &str) -> String {
    let words = word_spans(text);
    let mut out = text.to_owned();
    for value in paired(text, &words, &signs_in(&words)).into_iter().rev() {
        let before = text[..value.start].trim_end();
        let sep = before.len() - before.chars().last().map_or(0, char::len_utf8);
        let head = text[..sep].trim_end().len();
        out.replace_range(head..value.start, " password ");
    }
    out
}

/// Where the sentence says it signs in (the index of the phrase's last
/// word): only just after it is "kim / ember66" a user and a password.
fn signs_in(words: &[(Range<usize>, String)]) -> Vec<usize> {
    const ONE_WORD: &[&str] = &["login", "signin", "logon", "credentials", "creds", "username", "user"];
    const SECOND: &[(&str, &str)] = &[("sign", "in"), ("log", "in"), ("log", "on"), ("sign", "on"), ("logged", "in"), ("signed", "in")];
    let mut at = Vec::new();
    for (i, (_, w)) in words.iter().enumerate() {
        if ONE_WORD.contains(&w.as_str()) {
            at.push(i);
        } else if SECOND.iter().any(|(a, b)| w == a && words.get(i + 1).is_some_and(|(_, n)| n == b)) {
            at.push(i + 1);
        } else if matches!(w.as_str(), "log" | "sign") && words.get(i + 2).is_some_and(|(_, n)| n == "in") {
            // "log me in"
            at.push(i + 2);
        }
    }
    at
}

/// How many words after the sign-in words a pair may start ("sign in as
/// ana / x", "log in for me with kim/x").
const PAIR_WITHIN: usize = 5;

/// Credentials written as a pair, the password after the user: "ana /
/// kestrel42", "ana/kestrel42", "ana:kestrel42". Not an address or a
/// path ("example.com/login"), nor "and/or".
fn paired(text: &str, words: &[(Range<usize>, String)], said_at: &[usize]) -> Vec<Range<usize>> {
    let plain = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_alphanumeric() || "_-@+.!#$%&*".contains(c)) && !w.contains("..");
    let user = |w: &str| plain(w) && !w.contains('.') || w.contains('@');
    let value = |w: &str| plain(w) && !NOT_VALUES.contains(&w);
    let mut out = Vec::new();
    for (i, (range, word)) in words.iter().enumerate() {
        if !said_at.iter().any(|&at| at < i && i <= at + PAIR_WITHIN) {
            continue;
        }
        // "ana / kestrel42": the separator a word of its own.
        if matches!(word.as_str(), "/" | "|") && i > 0 {
            if let Some((next, norm)) = words.get(i + 1) {
                if user(&words[i - 1].1) && value(norm) {
                    out.push(trimmed(text, next.clone()));
                }
            }
            continue;
        }
        // "ana/kestrel42", "ana:kestrel42": one word.
        let raw = &text[range.clone()];
        if raw.contains("://") || raw.matches(['/', ':']).count() != 1 {
            continue;
        }
        let Some((head, tail)) = raw.split_once(['/', ':']) else { continue };
        let tail_norm = tail.trim_end_matches([',', ';', '.', '!', '?', ')', '"', '\'', '”', '’']).to_lowercase();
        let head_norm = head.trim_start_matches(['"', '\'', '“', '‘', '(']).to_lowercase();
        if user(&head_norm) && value(&tail_norm) && !(head_norm == "and" && tail_norm == "or") && !head_norm.is_empty() {
            let start = range.start + head.len() + 1;
            out.push(trimmed(text, start..range.end));
        }
    }
    out
}

/// Prepositions that put a value said before a password word into it.
const INTO: &[&str] = &["in", "into", "as", "for", "inside"];

/// The word before "in the", "as my", "into" … the trigger at `i`, when
/// it may be a value: at least 4 characters, with a digit or not a plain
/// lower-case word of English ("put it in the password box": "it").
fn value_before(words: &[(Range<usize>, String)], i: usize) -> Option<Range<usize>> {
    let mut k = i.checked_sub(1)?;
    if matches!(words[k].1.as_str(), "the" | "my" | "your" | "a" | "this") {
        k = k.checked_sub(1)?;
    }
    if !INTO.contains(&words[k].1.as_str()) {
        return None;
    }
    let (range, word) = &words[k.checked_sub(1)?];
    let digits = word.chars().any(|c| c.is_ascii_digit());
    (word.chars().count() >= 4 && !NOT_VALUES.contains(&word.as_str()) && (digits || word.chars().any(|c| !c.is_ascii_lowercase()))).then(|| range.clone())
}

/// `text` with each secret value replaced by the placeholder the model
/// types into a field of that kind.
pub fn withhold_typed_secrets(text: &str) -> String {
    replace(text, |kind, _| placeholder(kind))
}

/// `text` with each secret value replaced by `mask(value)`.
pub fn mask_typed_secrets(text: &str, mask: impl Fn(&str) -> String) -> String {
    replace(text, |_, value| mask(value))
}

fn replace(text: &str, with: impl Fn(SecretKind, &str) -> String) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for (range, kind) in typed_secrets(text) {
        out.push_str(&text[at..range.start]);
        out.push_str(&with(kind, &text[range.clone()]));
        at = range.end;
    }
    out.push_str(&text[at..]);
    out
}

/// Whitespace-separated words with their byte ranges, lowercased and
/// stripped of surrounding quotes and punctuation for comparison.
fn word_spans(text: &str) -> Vec<(Range<usize>, String)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                let raw = &text[s..i];
                let norm = raw.trim_matches(|c: char| matches!(c, '"' | '\'' | '“' | '”' | '‘' | '’' | ',' | ';' | '.' | '!' | '(' | ')'));
                let norm = if norm == ":" || norm == "=" || norm == "-" { norm.to_owned() } else { norm.trim_end_matches([':', '=']).to_lowercase() };
                out.push((s..i, norm));
                start = None;
            }
            _ => {}
        }
    }
    out
}

/// `range` without surrounding quotes and sentence punctuation.
fn trimmed(text: &str, range: Range<usize>) -> Range<usize> {
    let word = &text[range.clone()];
    let lead = word.len() - word.trim_start_matches(['"', '\'', '“', '‘', '(']).len();
    let rest = &word[lead..];
    // A quoted value is all that is inside the quotes ("s3cr3t!"); an
    // unquoted one ends before the sentence's punctuation.
    let kept = if lead > 0 {
        let closed = rest.trim_end_matches([',', ';', '.', '!', '?', ')']);
        closed.strip_suffix(['"', '\'', '”', '’']).unwrap_or(closed)
    } else {
        rest.trim_end_matches(['"', '\'', '”', '’', ',', ';', '.', '!', '?', ')'])
    };
    // A value that is all punctuation was no value.
    if kept.is_empty() {
        return range.start..range.start;
    }
    range.start + lead..range.start + lead + kept.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (input, what the goal keeps) — values withheld, sentences about
    /// passwords left as they are.
    const ROWS: &[(&str, &str)] = &[
        ("Please log me in as omar, password juniper99.", "Please log me in as omar, password {{secret:password}}."),
        ("Can you sign in? The user name is lee and the password fjord32.", "Can you sign in? The user name is lee and the password {{secret:password}}."),
        ("sign in as kim with password \"s3cr3t!\" then open billing", "sign in as kim with password \"{{secret:password}}\" then open billing"),
        ("my PIN is 4821, pay the bill", "my PIN is {{secret:password}}, pay the bill"),
        ("password: hunter2", "password: {{secret:password}}"),
        ("login with password=hunter2", "login with password={{secret:password}}"),
        ("the verification code is 123456", "the verification code is {{secret:one_time_code}}"),
        ("set the password to Tr0ub4dor&3 and save", "set the password to {{secret:password}} and save"),
        ("log me in pls im ana pass is ember51", "log me in pls im ana pass is {{secret:password}}"),
        ("user kim, pass: fjord32", "user kim, pass: {{secret:password}}"),
        // The value before, where it goes after.
        ("put lee in the user box plus fjord32 in the Password box", "put lee in the user box plus {{secret:password}} in the Password box"),
        ("use Hunter2x as my password", "use {{secret:password}} as my password"),
        // Sentences about passwords: nothing withheld.
        ("I need a boarding pass for Oslo", "I need a boarding pass for Oslo"),
        ("pass the test and sign in", "pass the test and sign in"),
        ("reset my password", "reset my password"),
        ("what is my password?", "what is my password?"),
        ("open the password manager settings", "open the password manager settings"),
        ("type it into the password field", "type it into the password field"),
        ("click in the password field", "click in the password field"),
        ("type something into the password box", "type something into the password box"),
        ("change the PIN code of my card", "change the PIN code of my card"),
        ("I forgot my password, please help", "I forgot my password, please help"),
        ("enter the code from the email", "enter the code from the email"),
        ("sign in, password is {{secret:password}}", "sign in, password is {{secret:password}}"),
        // A pair, where the sentence signs in.
        ("Sign in as ana / kestrel42.", "Sign in as ana / {{secret:password}}."),
        ("log in with kim/ember66 please", "log in with kim/{{secret:password}} please"),
        ("login ana:Tr0ub4dor&3", "login ana:{{secret:password}}"),
        ("credentials: lee@example.com / fjord32", "credentials: lee@example.com / {{secret:password}}"),
        ("sign in and/or register", "sign in and/or register"),
        ("log in at example.com/login", "log in at example.com/login"),
        ("log in, then open https://example.com/a", "log in, then open https://example.com/a"),
        ("open Shared/2026 and click Reports", "open Shared/2026 and click Reports"),
        ("sign in, then open the Shared folder and then Shared/2026", "sign in, then open the Shared folder and then Shared/2026"),
    ];

    #[test]
    fn values_after_password_words_are_withheld_and_sentences_about_them_are_not() {
        for (input, want) in ROWS {
            assert_eq!(withhold_typed_secrets(input), *want, "{input}");
        }
    }

    #[test]
    fn pairs_are_said_plainly() {
        assert_eq!(pairs_said_plainly("Sign in as ana / kestrel42."), "Sign in as ana password kestrel42.");
        assert_eq!(pairs_said_plainly("log in with kim/ember66 please"), "log in with kim password ember66 please");
        assert_eq!(pairs_said_plainly("open Shared/2026"), "open Shared/2026");
    }

    #[test]
    fn the_echo_masks_the_value() {
        assert_eq!(mask_typed_secrets("Please log me in as ana, password kestrel42.", |v| "•".repeat(v.len().min(8))), "Please log me in as ana, password ••••••••.");
    }
}
