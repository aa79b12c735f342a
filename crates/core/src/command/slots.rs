//! Turning captured tokens into values: verbatim text, element targets (with
//! articles and role words taken off: `the "Sign in" button` → `Sign in`,
//! button) and addresses (`example.com` → `https://example.com/`).

use super::model::{Ordinal, RoleHint, Target};
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
    (&["input", "box"], RoleHint::Field),
    (&["text", "input"], RoleHint::Field),
    (&["dropdown", "list"], RoleHint::Dropdown),
    (&["drop-down", "list"], RoleHint::Dropdown),
    (&["select", "list"], RoleHint::Dropdown),
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
    (&["section"], RoleHint::Section),
    (&["menu"], RoleHint::Menu),
    // Plurals, as in "the boxes for Berlin, Vienna and Lisbon".
    (&["check", "boxes"], RoleHint::Checkbox),
    (&["tick", "boxes"], RoleHint::Checkbox),
    (&["checkboxes"], RoleHint::Checkbox),
    (&["buttons"], RoleHint::Button),
    (&["links"], RoleHint::Link),
    (&["fields"], RoleHint::Field),
    (&["boxes"], RoleHint::Field),
];

/// Nouns that name a kind of element only when they are all the user said
/// ("select Paris from *the list*", "open *the 2nd result*"); as the end
/// of a longer label they stay words of it ("click Reading list").
#[rustfmt::skip]
const ROLE_ONLY_WORDS: &[(&[&str], RoleHint)] = &[
    (&["list"], RoleHint::Dropdown),
    (&["select"], RoleHint::Dropdown),
    (&["search", "result"], RoleHint::Result),
    (&["result"], RoleHint::Result),
    (&["hit"], RoleHint::Result),
];

/// Where the element is, as people point at it; says nothing a page-order
/// search can use, so it comes off ("the textbox *below*").
#[rustfmt::skip]
const PLACE_WORDS: &[&[&str]] = &[
    &["below"], &["above"], &["here"], &["underneath"], &["on", "the", "page"], &["on", "this", "page"],
    &["in", "the", "text"], &["in", "the", "paragraph"], &["in", "the", "sentence"], &["on", "the", "left"], &["on", "the", "right"], &["at", "the", "top"], &["at", "the", "bottom"],
    &["in", "the", "list"], &["on", "the", "list"], &["in", "this", "list"], &["in", "the", "form"], &["on", "the", "form"], &["in", "the", "group"],
    &["there"], &["over", "there"], &["somewhere"], &["on", "screen"], &["on", "the", "screen"],
];

/// "the 2nd one *in the results*": counts search results.
#[rustfmt::skip]
const AMONG_RESULTS: &[&[&str]] = &[
    &["in", "the", "results"], &["of", "the", "results"], &["among", "the", "results"], &["from", "the", "results"],
    &["in", "the", "search", "results"], &["of", "the", "search", "results"], &["on", "the", "results", "page"],
    &["in", "the", "list", "of", "results"], &["in", "the", "result", "list"],
];

/// Pointing words that stand for an article before a role word alone
/// ("click *that* button"); before a name they are part of it ("This Week").
const POINTING_ARTICLES: &[&str] = &["this", "that", "the", "these", "those"];

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
    &["next", "to"],
    &["beside"],
    &["for"],
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

/// The role a slot names when the whole slot is a role word ("button",
/// "text field", "list").
fn role_only(tokens: &[Token]) -> Option<RoleHint> {
    ROLE_WORDS
        .iter()
        .chain(ROLE_ONLY_WORDS)
        .find(|(words, _)| tokens.len() == words.len() && starts_with_words(tokens, words))
        .map(|(_, hint)| *hint)
        // "click Menu" names a button called Menu (a site's hamburger).
        .filter(|hint| *hint != RoleHint::Menu)
}

/// "result number 2", "result no. 3", "result 2": the place at the end
/// of a slot (the caller checks that a role-only noun comes before it).
fn trailing_number(tokens: &[Token]) -> Option<(&[Token], Ordinal)> {
    let number = |t: &Token| t.norm.parse::<u32>().ok().filter(|n| (1..=99).contains(n));
    match tokens {
        [rest @ .., no, n] if (no.is_word("number") || no.is_word("no") || no.is_word("#")) && !rest.is_empty() => {
            Some((rest, Ordinal::Nth(number(n)?)))
        }
        [rest @ .., n] if !rest.is_empty() => Some((rest, Ordinal::Nth(number(n)?))),
        _ => None,
    }
}

/// An element target from a slot: article, place words, an ordinal, role
/// words and naming words taken off. A slot that is only a role and/or an
/// ordinal gives an unnamed target ("the button", "the 3rd input", "the
/// second one"); `None` when nothing is left.
pub fn target(input: &str, tokens: &[Token]) -> Option<Target> {
    let mut toks = without_article(tokens);
    toks = without_suffix(toks, PLACE_WORDS);
    // "the second one in the results": a result, counted.
    let among_results = without_suffix(toks, AMONG_RESULTS);
    if among_results.len() < toks.len() {
        // ("the second link from the results": a result too.)
        if let Some(Target { label, role: None | Some(RoleHint::Link), nth }) = target(input, among_results) {
            if label.is_empty() {
                return Some(Target::by_role(Some(RoleHint::Result), nth));
            }
        }
    }
    // "that button": a pointing word before a role word alone.
    if let [first, rest @ ..] = toks {
        if POINTING_ARTICLES.iter().any(|w| first.is_word(w)) && role_only(rest).is_some() {
            toks = rest;
        }
    }
    // An ordinal counts elements of a kind: it is one only when a role word,
    // "one" or nothing follows ("the second checkbox"), not in a name
    // ("click First Class", "the Second Life link").
    let mut nth = None;
    if let [first, rest @ ..] = toks {
        let rest = without_suffix(rest, &[&["one"]]);
        let rest = if matches!(rest, [only] if only.is_word("one")) { &rest[..0] } else { rest };
        if let Some(o) = Ordinal::from_word(&first.norm).filter(|_| first.kind == TokenKind::Word) {
            if rest.is_empty() || role_only(rest).is_some() {
                nth = Some(o);
                toks = rest;
            }
        }
    }
    if nth.is_none() {
        // Only after a role-only noun: "result 2", "field number 3", not
        // "Apollo 11" (a bare number after a field is a name: "Line 2").
        if let Some((rest, n)) = trailing_number(toks).filter(|(rest, _)| {
            let said_number = toks.len() >= rest.len() + 2;
            role_only(rest) == Some(RoleHint::Result) || (said_number && role_only(rest).is_some())
        }) {
            nth = Some(n);
            toks = rest;
        }
    }
    if toks.is_empty() {
        return nth.map(|n| Target::by_role(None, Some(n)));
    }
    if let Some(role) = role_only(toks) {
        return Some(Target::by_role(Some(role), nth));
    }
    // "the Shared folder", "the Reports file": a tree's item is named
    // without the noun ("▸ Shared").
    if toks.len() > 1 && toks.last().is_some_and(|t| t.kind == TokenKind::Word && matches!(t.norm.as_str(), "folder" | "file" | "directory")) {
        toks = &toks[..toks.len() - 1];
    }
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
    (!label.is_empty()).then_some(Target { label, role, nth })
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
        assert_eq!(t("the button"), Some(Target::by_role(Some(RoleHint::Button), None)));
        assert_eq!(t("the textbox below"), Some(Target::by_role(Some(RoleHint::Field), None)));
        assert_eq!(t("the 3rd input"), Some(Target::by_role(Some(RoleHint::Field), Some(Ordinal::Nth(3)))));
        assert_eq!(t("the second one"), Some(Target::by_role(None, Some(Ordinal::Nth(2)))));
        assert_eq!(t("the last checkbox"), Some(Target::by_role(Some(RoleHint::Checkbox), Some(Ordinal::Last))));
        assert_eq!(t("the list"), Some(Target::by_role(Some(RoleHint::Dropdown), None)));
        assert_eq!(t("the 2nd result"), Some(Target::by_role(Some(RoleHint::Result), Some(Ordinal::Nth(2)))));
        assert_eq!(t("result number 3"), Some(Target::by_role(Some(RoleHint::Result), Some(Ordinal::Nth(3)))));
        assert_eq!(t("the Shared folder"), Some(Target::new("Shared")));
        assert_eq!(t("the second link from the results"), Some(Target::by_role(Some(RoleHint::Result), Some(Ordinal::Nth(2)))));
        assert_eq!(t("the section below"), Some(Target::by_role(Some(RoleHint::Section), None)));
        assert_eq!(t("the Actions menu"), Some(Target::with_role("Actions", RoleHint::Menu)));
        assert_eq!(t("Menu"), Some(Target::new("Menu")));
        assert_eq!(t("Apollo number 11"), Some(Target::new("Apollo number 11")));
        // Near misses: an ordinal or a role-only noun inside a name.
        assert_eq!(t("First Class"), Some(Target::new("First Class")));
        assert_eq!(t("Reading list"), Some(Target::new("Reading list")));
        assert_eq!(t("the Second Life link"), Some(Target::with_role("Second Life", RoleHint::Link)));
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
