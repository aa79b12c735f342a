//! Small string helpers shared by the summary modules: whitespace collapsing,
//! char-safe clipping with an ellipsis, and the label key used for dedupe.

use crate::digest::collapse_whitespace;

/// Collapses whitespace and cuts to at most `max` chars. A cut string ends
/// in "…" (counted in `max`) so the reader knows text is missing.
pub fn clip(s: &str, max: usize) -> String {
    let s = collapse_whitespace(s);
    if s.chars().count() <= max {
        return s;
    }
    let mut out: String = s.chars().take(max.saturating_sub(1)).collect();
    out.truncate(out.trim_end().len());
    out.push('…');
    out
}

/// Collapses whitespace and cuts to at most `max` chars with no marker, at a
/// word end when there is one: for `text=` selectors, whose substring match
/// still holds for a prefix.
pub fn prefix(s: &str, max: usize) -> String {
    let s = collapse_whitespace(s);
    let mut out: String = s.chars().take(max).collect();
    let cut_mid_word = out.len() < s.len() && !s[out.len()..].starts_with(' ');
    if let (true, Some(space)) = (cut_mid_word, out.rfind(' ')) {
        out.truncate(space);
    }
    out.truncate(out.trim_end().len());
    out
}

/// The dedupe key of a label: lowercase letters and digits, words separated
/// by one space, so "Sign up →", "sign  up" and "SIGN UP!" are one CTA.
pub fn label_key(s: &str) -> String {
    let cleaned: String =
        s.chars().map(|c| if c.is_alphanumeric() { c.to_lowercase().next().unwrap_or(c) } else { ' ' }).collect();
    collapse_whitespace(&cleaned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clip_marks_cuts_and_keeps_the_budget() {
        assert_eq!(clip("  a \n b ", 10), "a b");
        assert_eq!(clip("abcdef", 4), "abc…");
        assert_eq!(clip("ab  cdef", 4), "ab…"); // no space before the ellipsis
        assert_eq!(clip("héllo wörld", 6), "héllo…");
        assert_eq!(clip("abcd", 4), "abcd");
    }

    #[test]
    fn label_key_ignores_case_punctuation_and_spacing() {
        assert_eq!(label_key("Sign up →"), "sign up");
        assert_eq!(label_key("SIGN  UP!"), "sign up");
        assert_eq!(label_key("Über uns"), "über uns");
        assert_eq!(prefix("Read the  whole thing", 8), "Read the");
        assert_eq!(prefix("Read the whole thing", 10), "Read the");
        assert_eq!(prefix("Supercalifragilistic", 5), "Super");
    }
}
