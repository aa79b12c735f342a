//! Words for the knowledge index: one tokenizer for pages and questions
//! (lower-cased alphanumeric runs, stop words dropped, a light English
//! stem so "batteries" finds "battery"), the page's keywords, and snippets.
//!
//! The stemmer is deliberately small (plural and a few verb endings): it
//! must never merge words a reader would keep apart, and both sides of a
//! match pass through the same function, so consistency matters more than
//! linguistic accuracy.

/// Common English words that carry no topic.
const STOP: &[&str] = &[
    "a", "about", "above", "after", "again", "all", "also", "am", "an", "and", "any", "are", "as", "at", "be", "been", "before",
    "being", "below", "between", "both", "but", "by", "can", "could", "did", "do", "does", "doing", "down", "during", "each",
    "few", "for", "from", "further", "had", "has", "have", "having", "he", "her", "here", "hers", "him", "his", "how", "i",
    "if", "in", "into", "is", "it", "its", "itself", "just", "me", "more", "most", "my", "myself", "no", "nor", "not", "now",
    "of", "off", "on", "once", "only", "or", "other", "our", "ours", "out", "over", "own", "same", "she", "should", "so",
    "some", "such", "than", "that", "the", "their", "theirs", "them", "then", "there", "these", "they", "this", "those",
    "through", "to", "too", "under", "until", "up", "very", "was", "we", "were", "what", "when", "where", "which", "while",
    "who", "whom", "why", "will", "with", "would", "you", "your", "yours", "s", "t", "ve", "ll", "re", "d", "m", "us", "one",
    "new", "like", "get", "got", "said", "says", "per",
];

pub fn is_stop(word: &str) -> bool {
    STOP.contains(&word)
}

/// A light stem: "batteries" → "battery", "reading" → "read", "cars" → "car".
pub fn stem(word: &str) -> String {
    let w = word;
    let n = w.chars().count();
    if n <= 3 || !w.is_ascii() {
        return w.to_owned();
    }
    if let Some(b) = w.strip_suffix("ies").filter(|b| b.len() >= 2) {
        return format!("{b}y");
    }
    if let Some(b) = w.strip_suffix("sses") {
        return format!("{b}ss");
    }
    for suffix in ["ing", "ed"] {
        if let Some(b) = w.strip_suffix(suffix).filter(|b| b.len() >= 4 && b.bytes().any(|c| b"aeiouy".contains(&c))) {
            // "running" → "run", "stopped" → "stop".
            let bytes = b.as_bytes();
            let l = bytes.len();
            if l >= 2 && bytes[l - 1] == bytes[l - 2] && !b"lsz".contains(&bytes[l - 1]) {
                return b[..l - 1].to_owned();
            }
            return b.to_owned();
        }
    }
    let w = if w.ends_with('s') && !w.ends_with("ss") && !w.ends_with("us") && !w.ends_with("is") { &w[..w.len() - 1] } else { w };
    // "recycle", "recycles", "recycled" and "recycling" meet at "recycl".
    match w.strip_suffix('e') {
        Some(b) if b.len() >= 4 => b.to_owned(),
        _ => w.to_owned(),
    }
}

/// Lower-cased alphanumeric runs of `text` (apostrophes split words).
pub fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase)
}

/// The index terms of `text`: words without stop words, stemmed.
pub fn terms(text: &str) -> Vec<String> {
    words(text).filter(|w| !is_stop(w) && w.chars().count() > 1).map(|w| stem(&w)).collect()
}

/// The tokenizer the BM25 scorer uses (the same [`terms`] everywhere).
#[derive(Debug, Default, Clone, Copy)]
pub struct Terms;

impl bm25::Tokenizer for Terms {
    fn tokenize(&self, input_text: &str) -> Vec<String> {
        terms(input_text)
    }
}

/// The `n` most frequent terms of `text` (ties: first seen), as written
/// the first time they appear, for the record's keywords.
pub fn keywords(text: &str, n: usize) -> Vec<String> {
    let mut counts: Vec<(String, String, usize)> = Vec::new();
    for w in words(text).filter(|w| !is_stop(w) && w.chars().count() > 3 && !w.chars().all(|c| c.is_ascii_digit())) {
        let s = stem(&w);
        match counts.iter_mut().find(|(stem, _, _)| *stem == s) {
            Some(entry) => entry.2 += 1,
            None => counts.push((s, w, 1)),
        }
    }
    let mut ranked: Vec<(usize, usize)> = counts.iter().enumerate().map(|(i, c)| (i, c.2)).filter(|(_, c)| *c >= 2).collect();
    ranked.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    ranked.into_iter().take(n).map(|(i, _)| counts[i].1.clone()).collect()
}

/// Sentences of `text` (split after `.`, `!`, `?` followed by a space).
pub fn sentences(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if matches!(b, b'.' | b'!' | b'?') && bytes.get(i + 1) == Some(&b' ') {
            let s = text[start..=i].trim();
            if !s.is_empty() {
                out.push(s);
            }
            start = i + 1;
        }
    }
    let s = text[start..].trim();
    if !s.is_empty() {
        out.push(s);
    }
    out
}

/// The passage of `text` that best shows `query_terms`: the run of up to
/// `max_chars` from the sentence with the most distinct query terms (the
/// earliest on ties), extended with the sentences after it. The first
/// sentences when none matches.
pub fn snippet(text: &str, query_terms: &[String], max_chars: usize) -> String {
    let sentences = sentences(text);
    let hits = |s: &str| {
        let t = terms(s);
        query_terms.iter().filter(|q| t.contains(q)).count()
    };
    let best = (0..sentences.len()).map(|i| (i, hits(sentences[i]))).fold((0, 0), |best, (i, h)| if h > best.1 { (i, h) } else { best });
    let mut out = String::new();
    for s in &sentences[best.0.min(sentences.len())..] {
        if !out.is_empty() && out.chars().count() + 1 + s.chars().count() > max_chars {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(s);
    }
    let (clipped, cut) = crate::digest::truncate_chars(&out, max_chars);
    if cut {
        format!("{}…", clipped.trim_end())
    } else {
        clipped
    }
}
