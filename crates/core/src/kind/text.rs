//! Text normalisation shared by kind inference and ranking: lower-casing,
//! folding common Latin diacritics, splitting into word tokens, and matching
//! keyword phrases against token sequences.

/// Latin letters with diacritics and their ASCII folds. A small table rather
/// than full Unicode decomposition keeps the content WASM small; it covers the
/// languages the keyword tables use (de, fr, es, pt, it, nl). Entries are
/// lower case: folding runs after lower-casing.
#[rustfmt::skip]
const FOLDS: &[(char, &str)] = &[
    ('à', "a"), ('á', "a"), ('â', "a"), ('ã', "a"), ('ä', "a"), ('å', "a"),
    ('æ', "ae"), ('ç', "c"), ('è', "e"), ('é', "e"), ('ê', "e"), ('ë', "e"),
    ('ì', "i"), ('í', "i"), ('î', "i"), ('ï', "i"), ('ñ', "n"), ('ò', "o"),
    ('ó', "o"), ('ô', "o"), ('õ', "o"), ('ö', "o"), ('ø', "o"), ('œ', "oe"),
    ('ù', "u"), ('ú', "u"), ('û', "u"), ('ü', "u"), ('ý', "y"), ('ÿ', "y"),
    ('ß', "ss"),
];

/// Lower-cases, folds diacritics, turns every non-alphanumeric run into one
/// space and trims. `"Log-In ›"` → `"log in"`, `"Paramètres"` → `"parametres"`.
pub fn normalize(s: &str) -> String {
    if s.is_ascii() {
        return normalize_ascii(s);
    }
    let mut out = String::with_capacity(s.len());
    let mut pending_space = false;
    for c in s.chars() {
        // ASCII first: most labels are, and Unicode case tables cost.
        if c.is_ascii() {
            push_folded(&mut out, &mut pending_space, c.to_ascii_lowercase(), c.is_ascii_alphanumeric());
        } else {
            for c in c.to_lowercase() {
                push_folded(&mut out, &mut pending_space, c, c.is_alphanumeric());
            }
        }
    }
    out
}

/// [`normalize`] of an ASCII text, byte by byte: most labels and item
/// texts are ASCII, and normalising is a good part of a MiniPCD build.
fn normalize_ascii(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut pending_space = false;
    for b in s.bytes() {
        if !b.is_ascii_alphanumeric() {
            pending_space = true;
            continue;
        }
        if pending_space && !out.is_empty() {
            out.push(' ');
        }
        pending_space = false;
        out.push(char::from(b.to_ascii_lowercase()));
    }
    out
}

/// One lower-case character of [`normalize`]: a word character (folded),
/// or a separator that becomes one space before the next word character.
fn push_folded(out: &mut String, pending_space: &mut bool, c: char, word: bool) {
    if !word {
        *pending_space = true;
        return;
    }
    if *pending_space && !out.is_empty() {
        out.push(' ');
    }
    *pending_space = false;
    match (!c.is_ascii()).then(|| FOLDS.iter().find(|(from, _)| *from == c)).flatten() {
        Some((_, to)) => out.push_str(to),
        None => out.push(c),
    }
}

/// The normalised words of `s`.
pub fn words(s: &str) -> Vec<String> {
    normalize(s).split(' ').filter(|w| !w.is_empty()).map(str::to_owned).collect()
}

/// The words of an already normalised text ([`normalize`]), borrowed: the
/// same words as [`words`] without a string each.
pub fn split_words(normalized: &str) -> Vec<&str> {
    normalized.split(' ').filter(|w| !w.is_empty()).collect()
}

/// Splits identifier-like names (`productGrid`, `download_invoice`) into
/// words, so collection names and kind names read like labels.
pub fn split_identifier(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 4);
    let mut prev_lower = false;
    for c in s.chars() {
        if c.is_uppercase() && prev_lower {
            out.push(' ');
        }
        prev_lower = c.is_lowercase() || c.is_ascii_digit();
        out.push(c);
    }
    out
}

/// Whether a word of the text is a word of a keyword phrase. A trailing
/// plural `s`/`es` on the text side is tolerated ("invoices" is "invoice"),
/// but not other suffixes ("searching" is not "search").
pub fn word_is(text_word: &str, phrase_word: &str) -> bool {
    text_word == phrase_word || text_word.strip_prefix(phrase_word).is_some_and(|rest| rest == "s" || rest == "es")
}

/// Whether a word of the text matches a word of a keyword phrase: it is
/// that word ([`word_is`]), or, for a keyword of a script written without
/// spaces between words ([`unspaced`]), holds it ("用户登录", "user login",
/// holds "登录"; "장바구니에" holds "장바구니").
pub fn word_matches(text_word: &str, phrase_word: &str) -> bool {
    word_is(text_word, phrase_word) || (unspaced(phrase_word) && text_word.contains(phrase_word))
}

/// Whether a word is written in a script that does not separate words by
/// spaces (Han, kana, Thai) or glues particles to them (Hangul): a label's
/// "word" there is a whole phrase, and keywords are found inside it.
pub fn unspaced(word: &str) -> bool {
    !word.is_ascii() && word.chars().any(|c| written_without_spaces(c) || matches!(c, '\u{ac00}'..='\u{d7af}'))
}

/// A character of a script that does not separate words by spaces at all:
/// Thai, kana, Han (Hangul separates words, gluing particles to them).
pub fn written_without_spaces(c: char) -> bool {
    matches!(c, '\u{0e00}'..='\u{0e7f}' | '\u{3040}'..='\u{30ff}' | '\u{3400}'..='\u{4dbf}' | '\u{4e00}'..='\u{9fff}' | '\u{f900}'..='\u{faff}')
}

/// Whether the phrase (space-separated normalised words) occurs as a
/// contiguous word sequence of `words`. Kind inference asks this for every
/// keyword of every rule and every control (~10⁶ calls on a 10k-element
/// page), so the phrase is walked in place rather than split into a list.
pub fn contains_phrase<S: AsRef<str>>(words: &[S], phrase: &str) -> bool {
    let len = phrase_len(phrase);
    if len > words.len() {
        return false;
    }
    // Most windows fail on their first word: test it before walking the rest.
    let (first, rest) = phrase.split_once(' ').unwrap_or((phrase, ""));
    words.windows(len).any(|window| {
        word_matches(window[0].as_ref(), first) && window[1..].iter().zip(rest.split(' ')).all(|(w, p)| word_matches(w.as_ref(), p))
    })
}

/// Whether the whole of `words` is exactly the phrase (plural-tolerant;
/// an unspaced keyword is not found inside a word here: "下一页" is the
/// label "下一页 ›", not "查看下一页").
pub fn is_phrase<S: AsRef<str>>(words: &[S], phrase: &str) -> bool {
    words.len() == phrase_len(phrase) && words.iter().zip(phrase.split(' ')).all(|(w, p)| word_is(w.as_ref(), p))
}

/// The number of words `phrase.split(' ')` yields.
fn phrase_len(phrase: &str) -> usize {
    phrase.bytes().filter(|&b| b == b' ').count() + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_folds_case_accents_and_punctuation() {
        assert_eq!(normalize("  Log-In ›"), "log in");
        assert_eq!(normalize("Paramètres du compte"), "parametres du compte");
        assert_eq!(normalize("Straße"), "strasse");
        assert_eq!(normalize("Cart (3)"), "cart 3");
        assert_eq!(normalize("×"), "");
        // The ASCII path and the general one agree.
        for text in ["  Log-In ›", "Log-In", "  ", "", "a--b  c.", "Cart (3)", "ABC_def-12"] {
            let general = text.chars().flat_map(char::to_lowercase).map(|c| if c.is_alphanumeric() { c } else { ' ' }).collect::<String>();
            assert_eq!(normalize(text), general.split_whitespace().collect::<Vec<_>>().join(" "), "{text:?}");
        }
    }

    #[test]
    fn phrases_match_whole_words_with_plurals() {
        let w = words("Download your invoices");
        assert!(contains_phrase(&w, "invoice"));
        assert!(contains_phrase(&w, "download your invoice"));
        assert!(!contains_phrase(&words("Searching tips"), "search"));
        assert!(is_phrase(&words("Next ›"), "next"));
        assert!(!is_phrase(&words("Next-gen features"), "next"));
    }

    #[test]
    fn unspaced_keywords_are_found_inside_words() {
        assert!(contains_phrase(&words("用户登录"), "登录"));
        assert!(contains_phrase(&words("カートに入れる"), "カートに入れる"));
        assert!(contains_phrase(&words("장바구니에 담기"), "장바구니 담기"));
        assert!(!contains_phrase(&words("登录"), "用户登录"));
        assert!(is_phrase(&words("下一页 ›"), "下一页"));
        assert!(!is_phrase(&words("查看下一页"), "下一页"));
        // Spaced scripts keep whole words.
        assert!(!contains_phrase(&words("Входящие"), "вход"));
        assert!(contains_phrase(&words("Вход"), "вход"));
    }

    #[test]
    fn identifiers_split_into_words() {
        assert_eq!(normalize(&split_identifier("productGrid")), "product grid");
        assert_eq!(normalize(&split_identifier("download_invoice")), "download invoice");
    }
}
