//! Turning captured tokens into values: verbatim text, element targets (with
//! articles and role words taken off: `the "Sign in" button` → `Sign in`,
//! button) and addresses (`example.com` → `https://example.com/`).

use super::model::{RoleHint, Target};
use super::tokens::{Token, TokenKind};

/// Articles dropped at the start of a label ("click the Save button").
const ARTICLES: &[&str] = &["the", "a", "an"];

/// Role words, longest first; matched at the end of a label ("the search
/// box") or at its start when more follows ("the link Pricing").
#[rustfmt::skip]
const ROLE_WORDS: &[(&[&str], RoleHint)] = &[
    (&["radio", "button"], RoleHint::Radio),
    (&["check", "box"], RoleHint::Checkbox),
    (&["tick", "box"], RoleHint::Checkbox),
    (&["text", "box"], RoleHint::Field),
    (&["text", "field"], RoleHint::Field),
    (&["text", "area"], RoleHint::Field),
    (&["input", "field"], RoleHint::Field),
    (&["drop", "down"], RoleHint::Dropdown),
    (&["select", "box"], RoleHint::Dropdown),
    (&["button"], RoleHint::Button),
    (&["btn"], RoleHint::Button),
    (&["link"], RoleHint::Link),
    (&["checkbox"], RoleHint::Checkbox),
    (&["tickbox"], RoleHint::Checkbox),
    (&["toggle"], RoleHint::Checkbox),
    (&["switch"], RoleHint::Checkbox),
    (&["radio"], RoleHint::Radio),
    (&["dropdown"], RoleHint::Dropdown),
    (&["drop-down"], RoleHint::Dropdown),
    (&["textbox"], RoleHint::Field),
    (&["textarea"], RoleHint::Field),
    (&["field"], RoleHint::Field),
    (&["box"], RoleHint::Field),
    (&["input"], RoleHint::Field),
    (&["tab"], RoleHint::Tab),
];

/// Words between a leading role word and the label: "the button *labelled* Save".
const NAMING_WORDS: &[&[&str]] = &[
    &["labelled"],
    &["labeled"],
    &["called"],
    &["named"],
    &["titled"],
    &["saying"],
    &["that", "says"],
    &["with", "text"],
    &["with", "the", "text"],
];

/// The text of `tokens` as typed: one quoted token gives its inside,
/// anything else the input from the first token to the last.
pub fn verbatim(input: &str, tokens: &[Token]) -> String {
    match tokens {
        [] => String::new(),
        [only] => only.inner(input).trim().to_owned(),
        [first, .., last] => input[first.start..last.end].trim().to_owned(),
    }
}

fn starts_with_words(tokens: &[Token], words: &[&str]) -> bool {
    tokens.len() >= words.len() && words.iter().zip(tokens).all(|(w, t)| t.is_word(w))
}

fn ends_with_words(tokens: &[Token], words: &[&str]) -> bool {
    tokens.len() >= words.len() && words.iter().rev().zip(tokens.iter().rev()).all(|(w, t)| t.is_word(w))
}

/// `tokens` without a leading article (unless nothing would be left).
pub fn without_article(tokens: &[Token]) -> &[Token] {
    match tokens {
        [first, rest @ ..] if !rest.is_empty() && ARTICLES.iter().any(|a| first.is_word(a)) => rest,
        _ => tokens,
    }
}

/// `tokens` without these trailing words, if something is left.
pub fn without_suffix<'t>(tokens: &'t [Token], suffixes: &[&[&str]]) -> &'t [Token] {
    for words in suffixes {
        if tokens.len() > words.len() && ends_with_words(tokens, words) {
            return &tokens[..tokens.len() - words.len()];
        }
    }
    tokens
}

/// An element target from a slot: article, role words and naming words
/// taken off. `None` when no label is left (`click the button`).
pub fn target(input: &str, tokens: &[Token]) -> Option<Target> {
    let mut toks = without_article(tokens);
    let mut role = None;
    // Trailing role word: "the Save button", "the search box".
    for (words, hint) in ROLE_WORDS {
        if toks.len() > words.len() && ends_with_words(toks, words) {
            toks = &toks[..toks.len() - words.len()];
            role = Some(*hint);
            break;
        }
    }
    // Leading role word: "the link Pricing", "the button labelled Save".
    if role.is_none() {
        for (words, hint) in ROLE_WORDS {
            if toks.len() > words.len() && starts_with_words(toks, words) {
                let rest = &toks[words.len()..];
                let named = NAMING_WORDS.iter().find(|n| rest.len() > n.len() && starts_with_words(rest, n));
                toks = named.map_or(rest, |n| &rest[n.len()..]);
                role = Some(*hint);
                break;
            }
        }
    }
    let label = verbatim(input, toks);
    (!label.is_empty()).then_some(Target { label, role })
}

/// The normalised words of a slot (quoted text included), for vocabulary
/// slots such as key names.
pub fn words(tokens: &[Token]) -> Vec<&str> {
    tokens.iter().map(|t| t.norm.as_str()).collect()
}

/// Whether the slot is one quoted token (its text is the user's, verbatim).
pub fn is_quoted(tokens: &[Token]) -> bool {
    matches!(tokens, [t] if t.kind == TokenKind::Quoted)
}

/// The absolute `http(s)` URL a slot names, if it is an address, as
/// `nav.go` reads addresses ([`crate::nav::normalize_url`]: a URL with
/// scheme, a loopback host or IP, or `name.tld` with an optional port and
/// path). Other schemes (`javascript:`, `chrome://`, `about:`) are not
/// addresses the grammar opens.
pub fn url(raw: &str) -> Option<String> {
    let url = crate::nav::normalize_url(raw).ok()?;
    (url.starts_with("http://") || url.starts_with("https://")).then_some(url)
}

#[cfg(test)]
mod tests {
    use super::super::tokens::tokenize;
    use super::*;

    fn t(input: &str) -> Option<Target> {
        let tokens = tokenize(input);
        target(input, &tokens)
    }

    #[test]
    fn targets_lose_articles_and_role_words() {
        assert_eq!(t("the Save button"), Some(Target::with_role("Save", RoleHint::Button)));
        assert_eq!(t("the \"Sign in\" button"), Some(Target::with_role("Sign in", RoleHint::Button)));
        assert_eq!(t("the search box"), Some(Target::with_role("search", RoleHint::Field)));
        assert_eq!(t("the link Pricing"), Some(Target::with_role("Pricing", RoleHint::Link)));
        assert_eq!(t("the button labelled Save draft"), Some(Target::with_role("Save draft", RoleHint::Button)));
        assert_eq!(t("Remember me check box"), Some(Target::with_role("Remember me", RoleHint::Checkbox)));
        assert_eq!(t("Terms & Conditions"), Some(Target::new("Terms & Conditions")));
        assert_eq!(t("the button"), Some(Target::new("button")));
        assert_eq!(t("\"the button\""), Some(Target::new("the button")));
        assert_eq!(t("A"), Some(Target::new("A")));
    }

    #[test]
    fn addresses() {
        assert_eq!(url("example.com").as_deref(), Some("https://example.com/"));
        assert_eq!(url("Example.com/Docs?q=1").as_deref(), Some("https://example.com/Docs?q=1"));
        assert_eq!(url("www.bbc.co.uk").as_deref(), Some("https://www.bbc.co.uk/"));
        assert_eq!(url("http://x.test:8080/a").as_deref(), Some("http://x.test:8080/a"));
        assert_eq!(url("localhost:8000/app").as_deref(), Some("http://localhost:8000/app"));
        assert_eq!(url("127.0.0.1").as_deref(), Some("http://127.0.0.1/"));
        assert_eq!(url("settings"), None);
        assert_eq!(url("v1.2"), None);
        assert_eq!(url("javascript:alert(1)"), None);
        assert_eq!(url("chrome://extensions"), None);
        assert_eq!(url("example .com"), None);
        assert_eq!(url("mailto:me@example.com"), None);
    }
}
