//! Small string helpers shared by the summary modules: whitespace collapsing,
//! char-safe clipping with an ellipsis, the label key used for dedupe, and
//! the word count of a page's text in any script.

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

/// Words per characters of a script written without spaces, as a ratio:
/// running Chinese text averages about 1.5 characters a word (its most
/// frequent words are single characters), Japanese about as many. At 2
/// characters a word a short Chinese news story (390 characters, five
/// paragraphs) counted 191 words, under the article rule's 200.
const UNSPACED_WORDS_PER_CHARS: (usize, usize) = (2, 3);

/// The words of `text`: whitespace-separated ones, and in scripts written
/// without spaces (the ones kind inference finds keywords inside words of,
/// `kind::text::written_without_spaces`) two per three characters
/// ([`UNSPACED_WORDS_PER_CHARS`]). Split on spaces alone, a
/// 2,000-character Chinese article was ~120 words, and classified as a
/// list of links (issue 44 point 2).
pub fn word_count(text: &str) -> usize {
    text.split_whitespace()
        .map(|token| {
            if token.is_ascii() {
                return 1;
            }
            let unspaced = token.chars().filter(|c| crate::kind::text::written_without_spaces(*c)).count();
            let other = token.chars().any(|c| c.is_alphanumeric() && !crate::kind::text::written_without_spaces(c));
            // Rounded to the nearest, at least one a run: "北京" is one word.
            let (words, chars) = UNSPACED_WORDS_PER_CHARS;
            let counted = if unspaced == 0 { 0 } else { ((2 * unspaced * words + chars) / (2 * chars)).max(1) };
            counted + usize::from(other || unspaced == 0)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_counted_in_scripts_with_and_without_spaces() {
        // (text, words)
        let cases = [
            ("", 0),
            ("  The quick  brown fox ", 4),
            ("Über uns — 2026", 4),
            ("Привет, мир", 2),
            // Han: two words per three characters (to the nearest, one at least).
            ("我们今天讨论人工智能的发展", 9),
            ("北京 上海", 2),
            ("我", 1),
            // Japanese: kana and kanji alike.
            ("東京で新しい展示会が始まりました", 11),
            // Thai.
            ("ภาษาไทย", 5),
            // Korean separates words with spaces: counted as spaced words.
            ("한국어 문장입니다", 2),
            // Mixed tokens: the unspaced run and the rest.
            ("2026年12月", 2),
            ("AI技术", 2),
        ];
        for (text, want) in cases {
            assert_eq!(word_count(text), want, "{text:?}");
        }
        // A 2,000-character article (issue 44's case) is some 1,300 words.
        assert_eq!(word_count(&"新闻报道内容".repeat(333)), 1332);
    }

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
