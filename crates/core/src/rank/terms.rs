//! Ranking terms: normalised words, lightly stemmed, with synonym phrases
//! folded into one canonical term and stop words dropped. Candidates and
//! queries go through the same pipeline, so "Sign in", "log-in" and "Login"
//! all become the term `login`, and "Invoices" meets "receipt".

use crate::kind::text::words;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// Words too common to say anything about a control. Applied after synonym
/// folding, so "sign in" and "log out" keep their meaning.
#[rustfmt::skip]
const STOPWORDS: &[&str] = &[
    "a", "an", "the", "to", "of", "for", "my", "your", "our", "and", "or", "on", "at", "by",
    "with", "from", "this", "that", "is", "it", "me", "in", "i", "all",
];

/// Synonym groups: the canonical term, then the phrases (in stemmed words)
/// folded into it. Only groups where users and pages disagree in practice.
#[rustfmt::skip]
pub const SYNONYMS: &[(&str, &[&str])] = &[
    ("login", &["sign in", "signin", "log in", "login", "logon", "log on"]),
    ("signup", &[
        "sign up", "signup", "register", "registration", "create account", "create an account",
        "create your account",
    ]),
    ("logout", &["log out", "logout", "sign out", "signout", "log off"]),
    ("cart", &[
        "shopping cart", "shopping bag", "shopping basket", "cart", "basket", "bag", "trolley",
    ]),
    ("invoice", &["invoice", "bill", "receipt", "statement"]),
    ("setting", &["setting", "preference", "option", "configuration", "config"]),
    ("delete", &["delete", "remove", "trash"]),
    ("next", &["next", "more"]),
    ("previous", &["previous", "prev"]),
    ("search", &["search", "find", "look up", "lookup"]),
    ("help", &["help", "support", "faq"]),
    ("checkout", &["checkout", "check out"]),
    ("profile", &["profile", "account"]),
    ("contact", &["contact", "get in touch"]),
    ("close", &["close", "dismiss"]),
    ("edit", &["edit", "modify"]),
];

/// Strips a plural ending so "invoices" and "invoice" index alike. Kept
/// deliberately light: no "-ing"/"-ed", which would merge "billing" with
/// "bill" and "searching" with "search". A number loses its leading zeros:
/// pages pad ids ("Order #0002", "INV-00041") that people and agents ask
/// for as "order 2" or "invoice 41".
pub fn stem(word: &str) -> String {
    if word.len() > 1 && word.starts_with('0') && word.bytes().all(|b| b.is_ascii_digit()) {
        let value = word.trim_start_matches('0');
        return if value.is_empty() { "0".to_owned() } else { value.to_owned() };
    }
    let keep = word.len() <= 3
        || !word.bytes().all(|b| b.is_ascii_lowercase())
        || ["ss", "us", "is"].iter().any(|end| word.ends_with(end));
    if keep {
        word.to_owned()
    } else if let Some(base) = word.strip_suffix("ies") {
        format!("{base}y")
    } else if ["sses", "xes", "zes", "ches", "shes"].iter().any(|end| word.ends_with(end)) {
        word[..word.len() - 2].to_owned()
    } else if let Some(base) = word.strip_suffix('s') {
        base.to_owned()
    } else {
        word.to_owned()
    }
}

/// The ranking terms of a text, in order (duplicates kept: BM25 counts them).
pub fn terms(text: &str) -> Vec<String> {
    let stemmed: Vec<String> = words(text).iter().map(|w| stem(w)).collect();
    let mut out = Vec::with_capacity(stemmed.len());
    let mut i = 0;
    while i < stemmed.len() {
        match longest_synonym(&stemmed[i..]) {
            Some((canonical, len)) => {
                out.push(canonical.to_owned());
                i += len;
            }
            None => {
                if !STOPWORDS.contains(&stemmed[i].as_str()) {
                    out.push(stemmed[i].clone());
                }
                i += 1;
            }
        }
    }
    out
}

/// Synonym phrases by their first word: (canonical, all words).
type PhraseIndex = BTreeMap<&'static str, Vec<(&'static str, Vec<&'static str>)>>;

/// Built once: scanning every phrase at every word was most of the ranking time.
fn phrases_by_first_word() -> &'static PhraseIndex {
    static INDEX: OnceLock<PhraseIndex> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut index: BTreeMap<_, Vec<_>> = BTreeMap::new();
        for (canonical, phrases) in SYNONYMS {
            for phrase in *phrases {
                let words: Vec<&str> = phrase.split(' ').collect();
                index.entry(words[0]).or_default().push((*canonical, words));
            }
        }
        index
    })
}

/// The canonical term of the longest synonym phrase starting at `words[0]`,
/// and how many words it spans.
fn longest_synonym(words: &[String]) -> Option<(&'static str, usize)> {
    let candidates = phrases_by_first_word().get(words.first()?.as_str())?;
    candidates
        .iter()
        .filter(|(_, phrase)| phrase.len() <= words.len() && phrase.iter().zip(words).all(|(p, w)| p == w))
        .map(|(canonical, phrase)| (*canonical, phrase.len()))
        .max_by_key(|(_, len)| *len)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn synonyms_fold_to_one_term() {
        assert_eq!(terms("Sign in"), ["login"]);
        assert_eq!(terms("Log-In"), ["login"]);
        assert_eq!(terms("Your shopping bag"), ["cart"]);
        assert_eq!(terms("Download invoices"), ["download", "invoice"]);
        assert_eq!(terms("Receipts & statements"), ["invoice", "invoice"]);
        assert_eq!(terms("Billing"), ["billing"]);
        assert_eq!(terms("Searching tips"), ["searching", "tip"]);
    }

    #[test]
    fn numbers_lose_their_padding() {
        assert_eq!(terms("Order #0002"), ["order", "2"]);
        assert_eq!(terms("INV-00041"), ["inv", "41"]);
        assert_eq!(terms("000 and 0 and 10 and 1.05"), ["0", "0", "10", "1", "5"]);
    }

    #[test]
    fn stemming_is_light() {
        assert_eq!(stem("categories"), "category");
        assert_eq!(stem("addresses"), "address");
        assert_eq!(stem("status"), "status");
        assert_eq!(stem("settings"), "setting");
        assert_eq!(stem("billing"), "billing");
    }

    #[test]
    fn synonym_phrases_are_unique() {
        let mut seen = std::collections::BTreeSet::new();
        for phrase in SYNONYMS.iter().flat_map(|(_, p)| p.iter()) {
            assert!(seen.insert(phrase), "{phrase:?} is in two groups");
        }
    }

    #[test]
    fn synonym_phrases_are_written_stemmed() {
        // Phrases are matched against stemmed words, so each word must be
        // its own stem, or the phrase could never match.
        for (canonical, phrases) in SYNONYMS {
            assert_eq!(stem(canonical), *canonical);
            for word in phrases.iter().flat_map(|p| p.split(' ')) {
                assert_eq!(stem(word), word, "synonym word {word:?} is not stemmed");
            }
        }
    }
}
