//! The selector of a primary action (seed 001 §3.5): `#id` > `[name="…"]` >
//! `[aria-label="…"]` > `text=…` > a tag fallback, each properly escaped.
//!
//! - `#id` escapes the id as a CSS identifier (CSSOM's `CSS.escape`), so
//!   React ids like `:r1:` or ids starting with a digit still parse.
//! - `[name="…"]` / `[aria-label="…"]` quote the raw attribute value as a CSS
//!   string (`"` and `\` escaped, control characters as hex escapes); values
//!   are not whitespace-collapsed because attribute selectors match exactly.
//! - `text=…` has Playwright's meaning: unquoted, a case-insensitive,
//!   whitespace-normalised substring match — so a long text is cut to its
//!   first 40 chars and still matches. Text starting with `"`, `'` or `/`
//!   would read as an exact or regex selector, so it is quoted (exact match,
//!   JSON-style escapes) and only when short enough to keep whole.
//! - The fallback is the tag with its `type` or `role` attribute, e.g.
//!   `input[type="submit"]` (seed 001 §4.2's login example).
//!
//! A hint that contains personal data (see `redact.rs`) or whose selector
//! would exceed [`MAX_SELECTOR_CHARS`] is skipped for the next one: the
//! summary must not leak it, and a giant generated id costs more tokens
//! than it is worth.

use super::input::CtaCandidate;
use super::redact::contains_pii;
use super::text::prefix;
use crate::digest::collapse_whitespace;

/// Longest selector kept (chars); longer ones fall to the next preference.
pub const MAX_SELECTOR_CHARS: usize = 60;
/// Longest `text=` prefix (chars), matching the CTA label cap.
const MAX_TEXT_CHARS: usize = 40;

/// The preferred selector for a CTA candidate.
pub fn for_candidate(c: &CtaCandidate) -> String {
    let hints = &c.selector_hints;
    let candidates = [
        usable(&hints.id).map(|id| format!("#{}", css_ident(id))),
        usable(&hints.name).map(|n| format!("[name={}]", css_string(n))),
        usable(&hints.aria_label).map(|a| format!("[aria-label={}]", css_string(a))),
        text_selector(&hints.text),
    ];
    candidates.into_iter().flatten().find(|s| s.chars().count() <= MAX_SELECTOR_CHARS).unwrap_or_else(|| fallback(c))
}

/// A hint value worth a selector: present, not blank, no personal data.
fn usable(v: &Option<String>) -> Option<&str> {
    v.as_deref().filter(|v| !v.trim().is_empty() && !contains_pii(v))
}

fn text_selector(text: &str) -> Option<String> {
    let text = collapse_whitespace(text);
    if text.is_empty() || contains_pii(&text) {
        return None;
    }
    if text.starts_with(['"', '\'', '/']) {
        // Exact match: must be whole, so only when it fits.
        return (text.chars().count() <= MAX_TEXT_CHARS).then(|| format!("text={}", json_string(&text)));
    }
    Some(format!("text={}", prefix(&text, MAX_TEXT_CHARS)))
}

fn fallback(c: &CtaCandidate) -> String {
    let tag = if c.tag.is_empty() { "*" } else { c.tag.as_str() };
    match (&c.input_type, &c.role) {
        (Some(t), _) if !t.is_empty() => format!("{tag}[type={}]", css_string(t)),
        (_, Some(r)) if !r.is_empty() => format!("{tag}[role={}]", css_string(r)),
        _ => tag.to_owned(),
    }
}

/// CSSOM "serialize an identifier" (what `CSS.escape` returns).
pub fn css_ident(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let first = s.chars().next();
    let only_dash = s == "-";
    for (i, c) in s.chars().enumerate() {
        match c {
            '\0' => out.push('\u{FFFD}'),
            '\u{1}'..='\u{1f}' | '\u{7f}' => out.push_str(&format!("\\{:x} ", c as u32)),
            '0'..='9' if i == 0 || (i == 1 && first == Some('-')) => out.push_str(&format!("\\{:x} ", c as u32)),
            '-' if only_dash => out.push_str("\\-"),
            c if c as u32 >= 0x80 || c == '-' || c == '_' || c.is_ascii_alphanumeric() => out.push(c),
            c => {
                out.push('\\');
                out.push(c);
            }
        }
    }
    out
}

/// CSSOM "serialize a string": a double-quoted CSS string.
pub fn css_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '\0' => out.push('\u{FFFD}'),
            '\u{1}'..='\u{1f}' | '\u{7f}' => out.push_str(&format!("\\{:x} ", c as u32)),
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A JSON string literal, as Playwright reads quoted `text="…"`.
fn json_string(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| format!("\"{s}\""))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::summary::input::SelectorHints;
    use expect_test::expect;

    fn cta(tag: &str, input_type: Option<&str>, role: Option<&str>, hints: SelectorHints) -> CtaCandidate {
        CtaCandidate {
            tag: tag.into(),
            input_type: input_type.map(Into::into),
            role: role.map(Into::into),
            selector_hints: hints,
            ..Default::default()
        }
    }

    fn hints(id: Option<&str>, name: Option<&str>, aria: Option<&str>, text: &str) -> SelectorHints {
        SelectorHints {
            id: id.map(Into::into),
            name: name.map(Into::into),
            aria_label: aria.map(Into::into),
            text: text.into(),
        }
    }

    /// Each row: (what it shows, candidate) → selector, in one snapshot.
    #[test]
    fn preference_and_escaping() {
        let rows = [
            ("id wins", cta("button", None, None, hints(Some("buy"), Some("b"), Some("Buy"), "Buy"))),
            ("id with colons", cta("button", None, None, hints(Some(":r1:"), None, None, "Go"))),
            ("id starting with a digit", cta("button", None, None, hints(Some("1st"), None, None, "Go"))),
            ("id with space and dot", cta("button", None, None, hints(Some("a b.c"), None, None, "Go"))),
            ("dash-digit id", cta("button", None, None, hints(Some("-1x"), None, None, "Go"))),
            ("blank id → name", cta("input", Some("submit"), None, hints(Some("  "), Some("q"), None, ""))),
            ("name with quote", cta("button", None, None, hints(None, Some(r#"say "hi"\now"#), None, "Hi"))),
            ("aria-label", cta("div", None, Some("button"), hints(None, None, Some("Close dialog"), "×"))),
            ("aria with newline", cta("a", None, None, hints(None, None, Some("Next\npage"), ""))),
            ("text", cta("a", None, None, hints(None, None, None, "  Get \n Started "))),
            (
                "long text is a prefix",
                cta("a", None, None, hints(None, None, None, "Read more about our pricing plans and discounts")),
            ),
            ("text starting with a quote", cta("button", None, None, hints(None, None, None, r#""Quoted" label"#))),
            ("regex-looking text", cta("a", None, None, hints(None, None, None, "/docs/"))),
            (
                "email in aria-label is skipped",
                cta("a", None, None, hints(None, None, Some("Mail jane@example.com"), "Contact")),
            ),
            ("PII everywhere → fallback", cta("a", None, None, hints(None, None, None, "jane@example.com"))),
            ("long generated id → name", cta("button", None, None, hints(Some(&"x".repeat(80)), Some("go"), None, ""))),
            ("submit input fallback", cta("input", Some("submit"), None, hints(None, None, None, ""))),
            ("role fallback", cta("span", None, Some("button"), hints(None, None, None, ""))),
            ("bare tag fallback", cta("button", None, None, hints(None, None, None, ""))),
        ];
        let out: String = rows.iter().map(|(what, c)| format!("{what:<32} {}\n", for_candidate(c))).collect();
        expect![[r#"
            id wins                          #buy
            id with colons                   #\:r1\:
            id starting with a digit         #\31 st
            id with space and dot            #a\ b\.c
            dash-digit id                    #-\31 x
            blank id → name                  [name="q"]
            name with quote                  [name="say \"hi\"\\now"]
            aria-label                       [aria-label="Close dialog"]
            aria with newline                [aria-label="Next\a page"]
            text                             text=Get Started
            long text is a prefix            text=Read more about our pricing plans and
            text starting with a quote       text="\"Quoted\" label"
            regex-looking text               text="/docs/"
            email in aria-label is skipped   text=Contact
            PII everywhere → fallback        a
            long generated id → name         [name="go"]
            submit input fallback            input[type="submit"]
            role fallback                    span[role="button"]
            bare tag fallback                button
        "#]]
        .assert_eq(&out);
    }

    #[test]
    fn css_ident_matches_css_escape() {
        assert_eq!(css_ident("-"), "\\-");
        assert_eq!(css_ident("a\u{0}b"), "a\u{FFFD}b");
        assert_eq!(css_ident("über"), "über");
        assert_eq!(css_ident("a\u{7f}"), "a\\7f ");
    }
}
