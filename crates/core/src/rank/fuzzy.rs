//! Typo-tolerant term matching ("chekout" → "checkout", "invoce" →
//! "invoice"), on `strsim`'s optimal-string-alignment distance: Damerau-
//! Levenshtein restricted to adjacent transpositions ("invocie" is one edit),
//! which needs no hash map, unlike the unrestricted variant.

/// How much a fuzzy match is worth relative to an exact one, times its
/// similarity: a near miss must never beat the word the user typed.
pub const FUZZY_WEIGHT: f64 = 0.8;

/// Similarity in (0, 1) of a query term to a different page term, or `None`
/// when they are too far apart. Short words get no edits ("cart" must not
/// match "card"); 5–7 letters allow one, longer words two. A query term of 4+
/// letters that starts a longer page term ("invo" → "invoice") also matches,
/// weaker the more is missing.
pub fn similarity(query: &str, term: &str) -> Option<f64> {
    if query == term || !query.bytes().all(|b| b.is_ascii_lowercase()) {
        return None;
    }
    let (q, t) = (query.chars().count(), term.chars().count());
    if q >= 4 && t > q && term.starts_with(query) {
        return Some(q as f64 / t as f64);
    }
    let max_edits = match q {
        0..=4 => return None,
        5..=7 => 1,
        _ => 2,
    };
    if q.abs_diff(t) > max_edits {
        return None;
    }
    let edits = strsim::osa_distance(query, term);
    (edits <= max_edits).then(|| 1.0 - edits as f64 / q.max(t) as f64)
}

#[cfg(test)]
mod tests {
    use super::similarity;

    #[test]
    fn typos_match_and_short_words_do_not() {
        assert!(similarity("chekout", "checkout").unwrap() > 0.8);
        assert!(similarity("invocie", "invoice").is_some());
        assert!(similarity("setting", "seting").is_some());
        assert_eq!(similarity("cart", "card"), None);
        assert_eq!(similarity("invoice", "invoice"), None);
        assert_eq!(similarity("2024", "2023"), None);
        assert_eq!(similarity("billing", "building"), None);
        assert!(similarity("invo", "invoice").unwrap() < 0.6);
    }
}
