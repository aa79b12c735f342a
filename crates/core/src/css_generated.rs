//! Which style rules can put text into an element's accessible name through
//! CSS generated content (`::before`/`::after` with `content`), read from
//! the rules' text alone. The content script asks the browser for an
//! element's pseudo-element styles only when a rule may apply to it; these
//! are the browser-free parts of that decision. Every answer errs towards
//! "may apply": a wrong "may" costs one style read, a wrong "cannot" loses
//! text from a name.

/// What one style rule's selector says about generated content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PseudoSelectors {
    /// The rule styles no `::before`/`::after`.
    None,
    /// Selectors of the elements whose `::before`/`::after` it styles (the
    /// selector with the pseudo-element taken off).
    Elements(Vec<String>),
    /// It styles pseudo-elements of elements that a selector of their own
    /// cannot name from this tree scope: `:host`, `::slotted()`, `::part()`
    /// (elements of other tree scopes), nesting (`&`) and `:scope`.
    CrossesScopes,
    /// Not understood (another pseudo-element left after taking one off).
    Unknown,
}

/// The pseudo-elements that generate name text, longest spelling first.
const PSEUDOS: &[&str] = &["::before", "::after", ":before", ":after"];

/// Selectors whose subject lives in another tree scope or is relative.
const CROSSING: &[&str] = &[":host", "::slotted(", "::part(", ":scope", "&"];

/// Reads a rule's `selectorText` (a selector list).
pub fn pseudo_selectors(selector_text: &str) -> PseudoSelectors {
    // Most rules: no mention at all.
    let lower = selector_text.to_ascii_lowercase();
    if !lower.contains("before") && !lower.contains("after") {
        return PseudoSelectors::None;
    }
    let mut out = Vec::new();
    // ASCII lowercasing keeps byte offsets: search the lowercase text, cut
    // the original (class names and ids are case-sensitive).
    for (start, end) in split_top_level(&lower, b',') {
        let part = &lower[start..end];
        let Some(at) = find_pseudo(part) else { continue };
        if CROSSING.iter().any(|c| part.contains(c)) {
            return PseudoSelectors::CrossesScopes;
        }
        if has_pseudo_element(&part[..at]) {
            return PseudoSelectors::Unknown;
        }
        let head = &selector_text[start..start + at];
        let subject = head.trim();
        // `div ::before`, `ul > ::after`, `::before`: the pseudo-element
        // belongs to any element there.
        let any = subject.is_empty() || head.trim_end().len() != head.len() || subject.ends_with(['>', '+', '~']);
        out.push(match (any, subject.is_empty()) {
            (true, true) => "*".to_string(),
            (true, false) => format!("{subject} *"),
            (false, _) => subject.to_string(),
        });
    }
    if out.is_empty() {
        PseudoSelectors::None
    } else {
        PseudoSelectors::Elements(out)
    }
}

/// Whether a declared `content` value (as `getPropertyValue` gives it from
/// a rule) can produce text: not absent, `none`, `normal` or an empty string.
pub fn content_may_generate(value: &str) -> bool {
    !matches!(value.trim(), "" | "none" | "normal" | "\"\"" | "''")
}

/// The byte ranges of `s` between `sep`s outside parentheses, brackets
/// and quotes.
fn split_top_level(s: &str, sep: u8) -> Vec<(usize, usize)> {
    let mut parts = Vec::new();
    let mut start = 0;
    walk(s, |i, b, depth| {
        if b == sep && depth == 0 {
            parts.push((start, i));
            start = i + 1;
        }
        false
    });
    parts.push((start, s.len()));
    parts
}

/// Byte offset of the first `::before`/`::after`/`:before`/`:after`
/// outside parentheses, brackets and quotes, not followed by a name
/// character (`:before-x` is no pseudo-element).
fn find_pseudo(part: &str) -> Option<usize> {
    let mut found = None;
    walk(part, |i, b, depth| {
        if b != b':' || depth != 0 {
            return false;
        }
        let rest = &part[i..];
        for p in PSEUDOS {
            if rest.starts_with(p) && !rest[p.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
                found = Some(i);
                return true;
            }
        }
        // `::before` is seen from its first colon; skip the second.
        false
    });
    found
}

/// Whether `s` has a `::` outside quotes.
fn has_pseudo_element(s: &str) -> bool {
    let mut found = false;
    walk(s, |i, b, _| {
        found = b == b':' && s.as_bytes().get(i + 1) == Some(&b':');
        found
    });
    found
}

/// Calls `f(byte index, byte, nesting depth)` for each byte outside
/// quotes and escapes, until it returns true.
fn walk(s: &str, mut f: impl FnMut(usize, u8, u32) -> bool) {
    let bytes = s.as_bytes();
    let (mut depth, mut quote, mut i) = (0u32, None::<u8>, 0);
    while i < bytes.len() {
        let b = bytes[i];
        match (quote, b) {
            (_, b'\\') => i += 1,
            (Some(q), _) if b == q => quote = None,
            (Some(_), _) => {}
            (None, b'"' | b'\'') => quote = Some(b),
            (None, b'(' | b'[') => depth += 1,
            (None, b')' | b']') => depth = depth.saturating_sub(1),
            (None, _) => {
                if f(i, b, depth) {
                    return;
                }
            }
        }
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use PseudoSelectors::*;

    fn els(v: &[&str]) -> PseudoSelectors {
        Elements(v.iter().map(|s| s.to_string()).collect())
    }

    #[test]
    fn selectors_of_generating_rules() {
        let cases: &[(&str, PseudoSelectors)] = &[
            (".btn", None),
            (".before, .after-x", None),
            ("a:hover", None),
            (".x:before-y", None),
            (".Note::before", els(&[".Note"])),
            (".a:after", els(&[".a"])),
            ("#T::AFTER", els(&["#T"])),
            ("::before", els(&["*"])),
            ("*::before", els(&["*"])),
            ("div ::before", els(&["div *"])),
            ("ul > ::after", els(&["ul > *"])),
            ("ul >::after", els(&["ul > *"])),
            (".a::before, .b, .c .d::after", els(&[".a", ".c .d"])),
            ("a::before:hover", els(&["a"])),
            (r#"[title="x::before, y"]::after"#, els(&[r#"[title="x::before, y"]"#])),
            (":is(.a, .b)::before", els(&[":is(.a, .b)"])),
            (":not(.a::before)", None),
            (":host::before", CrossesScopes),
            (":host(.x) .y::before", CrossesScopes),
            ("::slotted(span)::after", CrossesScopes),
            ("::part(label)::before", CrossesScopes),
            ("&::before", CrossesScopes),
            (":scope::after", CrossesScopes),
            ("input::-webkit-x::before", Unknown),
            (r".a\:b::before", els(&[r".a\:b"])),
        ];
        let mut failures = Vec::new();
        for (sel, want) in cases {
            let got = pseudo_selectors(sel);
            if &got != want {
                failures.push(format!("{sel:?}: expected {want:?}, got {got:?}"));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn content_values() {
        for v in ["\"Note: \"", "attr(title)", "url(x.png) / \"Alt\"", "var(--x)", "counter(n)", "open-quote"] {
            assert!(content_may_generate(v), "{v}");
        }
        for v in ["", " ", "none", "normal", "\"\"", "''"] {
            assert!(!content_may_generate(v), "{v:?}");
        }
    }
}
