//! Entities found by rules in a page's (already redacted) text: names
//! written as capitalised runs of words, organisations, places, dates,
//! amounts and product or model names. No model is involved: the index
//! must work without one, and rules are cheap enough to run on every page
//! the user reads.
//!
//! Invariant: nothing that redaction removes comes back. The text is
//! redacted before it gets here (e-mails, phones and cards are
//! placeholders), and a token with six or more digits (an account or
//! order number) is never an entity of any kind.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum EntityKind {
    Name,
    Organization,
    Place,
    Date,
    Amount,
    Product,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entity {
    pub text: String,
    pub kind: EntityKind,
}

/// The most entities a record keeps.
pub const MAX_ENTITIES: usize = 40;

const ORG_WORDS: &[&str] = &[
    "inc", "corp", "corporation", "ltd", "llc", "gmbh", "plc", "company", "co", "group", "university", "institute", "agency",
    "bank", "foundation", "association", "council", "ministry", "department", "commission", "authority", "labs", "systems",
    "technologies", "society", "union", "organization", "organisation", "school", "college", "museum", "party", "times", "post",
];
const PLACE_WORDS: &[&str] = &["city", "river", "valley", "county", "island", "islands", "mountains", "lake", "bay", "coast", "province", "state", "republic", "kingdom"];
const PLACE_CUES: &[&str] = &["in", "at", "from", "near", "across", "to", "around"];
/// Lower-case words allowed inside a capitalised name ("Bank of England").
const JOINERS: &[&str] = &["of", "de", "la", "van", "von", "der", "and", "&", "for"];
const MONTHS: &[&str] = &["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const CURRENCY_WORDS: &[&str] = &["usd", "eur", "gbp", "dollars", "euros", "pounds", "yen", "percent", "million", "billion"];

fn digits(w: &str) -> usize {
    w.chars().filter(char::is_ascii_digit).count()
}

fn capitalised(w: &str) -> bool {
    w.chars().next().is_some_and(char::is_uppercase) && w.chars().any(char::is_alphabetic)
}

fn is_month(w: &str) -> bool {
    MONTHS.contains(&w.to_lowercase().trim_end_matches('.'))
}

/// A word with the punctuation around it removed (keeps inner `-`, `.`, `,`
/// for "GPT-4o", "4.5", "182,000").
fn core(w: &str) -> &str {
    let w = w.trim_matches(|c: char| !c.is_alphanumeric() && !matches!(c, '$' | '€' | '£' | '¥' | '%'));
    w.strip_suffix("'s").or_else(|| w.strip_suffix("’s")).unwrap_or(w)
}

/// Words that often open a sentence capitalised without being a name.
const OPENERS: &[&str] = &[
    "contact", "call", "email", "see", "read", "visit", "meet", "ask", "thanks", "today", "yesterday", "however", "also",
    "after", "before", "when", "while", "last", "next", "every", "each", "many", "most", "some", "several", "according",
    "like", "unlike", "since", "until", "although", "though", "because", "yes", "still", "even", "here", "there",
];

/// Entities of `text`, most frequent first (ties: first seen), deduplicated
/// case-insensitively, at most [`MAX_ENTITIES`].
pub fn extract(text: &str) -> Vec<Entity> {
    let mut found: Vec<(Entity, usize, usize)> = Vec::new();
    let mut add = |text: String, kind: EntityKind| {
        let key = text.to_lowercase();
        match found.iter_mut().find(|(e, _, _)| e.text.to_lowercase() == key) {
            Some(entry) => entry.1 += 1,
            None => {
                let at = found.len();
                found.push((Entity { text, kind }, 1, at));
            }
        }
    };
    for sentence in super::text::sentences(text) {
        let raw: Vec<&str> = sentence.split_whitespace().collect();
        let words: Vec<&str> = raw.iter().map(|w| core(w)).collect();
        let mut i = 0;
        while i < words.len() {
            let w = words[i];
            if w.len() == 10 && digits(w) == 8 && w.as_bytes()[4] == b'-' && w.as_bytes()[7] == b'-' {
                add(w.to_owned(), EntityKind::Date);
                i += 1;
                continue;
            }
            if w.is_empty() || digits(w) >= 6 {
                i += 1;
                continue;
            }
            // Dates: "March 12, 2026", "12 March 2026", "March 2026", "2026-03-12".
            if is_month(w) && w.len() > 3 || is_month(w) && raw[i].ends_with('.') {
                let mut end = i + 1;
                if words.get(end).is_some_and(|d| digits(d) > 0 && digits(d) <= 2 && d.len() <= 4) {
                    end += 1;
                }
                if words.get(end).is_some_and(|y| y.len() == 4 && digits(y) == 4) {
                    end += 1;
                }
                if end > i + 1 {
                    let text = raw[i..end].join(" ");
                    add(text.trim_end_matches(|c: char| !c.is_alphanumeric()).to_owned(), EntityKind::Date);
                    i = end;
                    continue;
                }
            }
            if digits(w) <= 2 && digits(w) > 0 && w.len() <= 4 && words.get(i + 1).is_some_and(|m| is_month(m)) && words.get(i + 2).is_some_and(|y| y.len() == 4 && digits(y) == 4) {
                add(words[i..i + 3].join(" "), EntityKind::Date);
                i += 3;
                continue;
            }
            // Amounts: "$182,000", "€4.5 million", "40%", "30 percent", "200 euros".
            if w.starts_with(['$', '€', '£', '¥']) && digits(w) > 0 {
                let mut text = w.to_owned();
                if words.get(i + 1).is_some_and(|s| matches!(s.to_lowercase().as_str(), "million" | "billion" | "thousand")) {
                    text = format!("{text} {}", words[i + 1]);
                    i += 1;
                }
                add(text, EntityKind::Amount);
                i += 1;
                continue;
            }
            if digits(w) > 0 && w.chars().all(|c| c.is_ascii_digit() || matches!(c, ',' | '.' | '%')) {
                if w.ends_with('%') {
                    add(w.to_owned(), EntityKind::Amount);
                    i += 1;
                    continue;
                }
                if let Some(unit) = words.get(i + 1).filter(|u| CURRENCY_WORDS.contains(&u.to_lowercase().as_str())) {
                    add(format!("{w} {unit}"), EntityKind::Amount);
                    i += 2;
                    continue;
                }
            }
            // Product or model names: "GPT-4o", "A380", "iPhone 15", "Windows 11".
            let letters = w.chars().any(char::is_alphabetic);
            if letters && digits(w) > 0 && w.len() >= 2 && !ordinal(w) {
                add(w.to_owned(), EntityKind::Product);
                i += 1;
                continue;
            }
            if capitalised(w) || w.chars().next().is_some_and(char::is_lowercase) && w.chars().skip(1).any(char::is_uppercase) {
                if let Some(n) = words.get(i + 1).filter(|n| n.len() <= 4 && digits(n) == n.len() && !n.is_empty()) {
                    if !is_month(w) {
                        add(format!("{w} {n}"), EntityKind::Product);
                        i += 2;
                        continue;
                    }
                }
            }
            // Capitalised runs: "Priya Raman", "Bank of England", "New York".
            if capitalised(w) {
                let mut end = i + 1;
                while end < words.len() {
                    let n = words[end];
                    let joiner = JOINERS.contains(&n) && words.get(end + 1).is_some_and(|x| capitalised(x));
                    if (capitalised(n) && !is_month(n) || joiner) && !ends_clause(raw[end - 1]) {
                        end += 1;
                    } else {
                        break;
                    }
                }
                let mut start = i;
                // A sentence's first word is capitalised anyway.
                let lower = w.to_lowercase();
                if start == 0 && (super::text::is_stop(&lower) || OPENERS.contains(&lower.as_str()) || end - start == 1) {
                    start += 1;
                }
                let run: Vec<&str> = words[start..end].to_vec();
                let all_caps = run.len() == 1 && run[0].len() >= 2 && run[0].len() <= 6 && run[0].chars().all(|c| c.is_ascii_uppercase());
                if run.len() >= 2 || all_caps || run.len() == 1 && start > 0 && PLACE_CUES.contains(&words[start - 1]) {
                    let last = run.last().map(|l| l.to_lowercase()).unwrap_or_default();
                    let first = run.first().map(|l| l.to_lowercase()).unwrap_or_default();
                    let kind = if ORG_WORDS.contains(&last.as_str()) || ORG_WORDS.contains(&first.as_str()) || all_caps {
                        EntityKind::Organization
                    } else if PLACE_WORDS.contains(&last.as_str()) || start > 0 && PLACE_CUES.contains(&words[start - 1]) {
                        EntityKind::Place
                    } else {
                        EntityKind::Name
                    };
                    if !run.is_empty() {
                        add(run.join(" "), kind);
                    }
                }
                i = end;
                continue;
            }
            i += 1;
        }
    }
    found.sort_by(|a, b| b.1.cmp(&a.1).then(a.2.cmp(&b.2)));
    found.into_iter().take(MAX_ENTITIES).map(|(e, _, _)| e).collect()
}

fn ordinal(w: &str) -> bool {
    let l = w.to_lowercase();
    ["st", "nd", "rd", "th", "s"].iter().any(|s| l.strip_suffix(s).is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit())))
}

/// A word that ends a clause (a name does not run past a comma).
fn ends_clause(raw: &str) -> bool {
    raw.ends_with([',', ';', ':', ')', '"', '”'])
}
