//! The sentence's words as typed ([`split`]): quotes kept whole, paths
//! ("Shared/2026", "A > B") cut into their parts, and for each word
//! whether it ends its clause and whether its capital marks a name.

use super::words::{CLOSING, SCROLLING, VERBS};

/// One word of the sentence.
#[derive(Debug, Clone)]
pub(super) struct Word<'a> {
    /// As typed, outer punctuation trimmed (quotes too).
    pub(super) text: &'a str,
    /// Lower-case.
    pub(super) norm: String,
    /// Said in quotes: a value or a name, never English.
    pub(super) quoted: bool,
    /// Punctuation after it ends its clause.
    pub(super) ends_clause: bool,
    /// Written with a capital where a sentence does not start ("…, then
    /// Move"): a name, even when English has the word.
    pub(super) named: bool,
    /// Its clause ends at a path's separator ("Shared > 2026",
    /// "Shared/2026"): the parts go on saying where.
    pub(super) in_path: bool,
    /// Ends with a colon before an order ("The I agree box: tick it"):
    /// what comes before is what the order is about.
    pub(super) topic: bool,
    /// Ends with a colon ("Three cities: Dublin, Madrid, Oslo").
    pub(super) colon: bool,
    /// Ends its sentence (".", "!", "?").
    pub(super) ends_sentence: bool,
}

/// The words of `input`.
pub(super) fn split(input: &str) -> Vec<Word<'_>> {
    let mut out: Vec<Word> = Vec::new();
    let mut quote: Option<(usize, char)> = None;
    let mut at = 0;
    // Whether the next word starts a sentence (after ".", "?", "!", ":").
    let mut sentence_starts = true;
    // Where a word after a colon starts.
    let mut colons = Vec::new();
    for raw in input.split_whitespace() {
        let starts = sentence_starts;
        sentence_starts = raw.ends_with(['.', '!', '?', ':']) || raw.ends_with(".\"") || raw.ends_with(".”");
        let sentence_ends = sentence_starts && !raw.ends_with(':');
        let sentence_starts = starts;
        let start = input[at..].find(raw).map_or(at, |i| at + i);
        at = start + raw.len();
        if let Some((from, open)) = quote {
            let closes = raw.trim_end_matches(|c: char| matches!(c, '.' | ',' | ';' | '!' | '?' | ':' | ')'));
            if closes.ends_with(close_of(open)) {
                let inner = &input[from..start + closes.len() - close_of(open).len_utf8()];
                let ends_clause = closes.len() < raw.len();
                out.push(Word { text: inner, norm: inner.to_lowercase(), quoted: true, ends_clause, named: false, in_path: false, topic: false, colon: false, ends_sentence: false });
                quote = None;
            }
            continue;
        }
        let first = raw.chars().next().unwrap_or(' ');
        if matches!(first, '"' | '“' | '\'' | '‘' | '«') {
            let body = &raw[first.len_utf8()..];
            let trimmed = body.trim_end_matches(|c: char| matches!(c, '.' | ',' | ';' | '!' | '?' | ':' | ')'));
            if let Some(inner) = trimmed.strip_suffix(close_of(first)) {
                out.push(Word { text: inner, norm: inner.to_lowercase(), quoted: true, ends_clause: trimmed.len() < body.len(), named: false, in_path: false, topic: false, colon: false, ends_sentence: false });
            } else {
                quote = Some((start + first.len_utf8(), first));
            }
            continue;
        }
        // ("Shared > 2026 > Reports", "kim / tulip42": a path's or a
        // pair's parts are apart.)
        let separator = matches!(raw, ">" | "/" | "→" | "»" | "|");
        let ends_clause = raw.ends_with([',', '.', ';', '!', '?', '—', '–']) || matches!(raw, "-" | "—" | "–") || separator;
        let text = raw.trim_matches(|c: char| !c.is_alphanumeric() && c != '#' && c != '&' && !CLOSE_SIGNS.contains(&c));
        if text.is_empty() {
            if ends_clause {
                if let Some(last) = out.last_mut() {
                    last.ends_clause = true;
                    last.in_path = separator;
                }
            }
            continue;
        }
        // "Shared/2026/Reports", "Shared>2026": a path written as one word.
        let parts: Vec<&str> = if text.contains("://") { vec![text] } else { text.split(['/', '>', '→']).collect() };
        for (k, part) in parts.iter().enumerate() {
            let last_part = k + 1 == parts.len();
            let text = part.trim_matches(|c: char| !c.is_alphanumeric() && c != '#' && c != '&' && !CLOSE_SIGNS.contains(&c));
            if text.is_empty() {
                continue;
            }
            let norm = text.to_lowercase().replace('’', "'");
            let named = text.starts_with(char::is_uppercase) && (!sentence_starts || k > 0) && !matches!(norm.as_str(), "i" | "i'm" | "i'd" | "i'll" | "i've" | "ok" | "okay");
            let ends_clause = if last_part { ends_clause } else { true };
            out.push(Word { text, norm, quoted: false, ends_clause, named, in_path: !last_part, topic: false, colon: false, ends_sentence: false });
        }
        if sentence_ends {
            if let Some(last) = out.last_mut() {
                last.ends_sentence = true;
            }
        }
        if raw.ends_with(':') {
            colons.push(out.len());
            if let Some(last) = out.last_mut() {
                last.colon = true;
            }
        }
    }
    // "The I agree box: scroll the terms …": a colon before an order ends
    // what was said about it ("Country: Ireland" stays one clause).
    for at in colons {
        if out.get(at).is_some_and(|next| VERBS.contains(&next.norm.as_str()) || SCROLLING.contains(&next.norm.as_str()) || CLOSING.contains(&next.norm.as_str())) {
            out[at - 1].ends_clause = true;
            out[at - 1].topic = true;
        }
    }
    out
}

/// Marks that are words of their own: a close button's "×".
pub(super) const CLOSE_SIGNS: &[char] = &['×', '✕', '✖'];

fn close_of(open: char) -> char {
    match open {
        '“' => '”',
        '‘' => '’',
        '«' => '»',
        c => c,
    }
}
