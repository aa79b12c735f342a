//! A clause's words said plainly (see the parent module, step 2): asking
//! and remarks off, synonyms in the grammar's words, where an element is
//! left out, an element named by its text.

use super::tables::*;

/// A clause's words, as typed but lower-cased for comparison: `orig`
/// keeps the case and the punctuation glued to the word.
#[derive(Clone)]
pub(super) struct W {
    pub(super) orig: String,
    pub(super) low: String,
}

pub(super) fn split_words(text: &str) -> Vec<W> {
    text.split_whitespace()
        .map(|w| W { orig: w.to_owned(), low: w.trim_matches(|c: char| ",.?!;:\"“”()".contains(c)).to_lowercase().replace('’', "'") })
        .collect()
}

pub(super) fn join(words: &[W]) -> String {
    words.iter().map(|w| w.orig.as_str()).collect::<Vec<_>>().join(" ")
}

pub(super) fn phrase_at(words: &[W], at: usize, phrase: &[&str]) -> bool {
    words.len() >= at + phrase.len() && phrase.iter().enumerate().all(|(k, p)| words[at + k].low == *p)
}

/// Step 2 of the module docs: asking, remarks and synonyms.
pub(super) fn words_said_plainly(clause: &str) -> String {
    let mut words = split_words(clause);
    let mut gerunds = false;
    // A checklist's "Step 2:" before the order.
    if words.len() > 2 && words[0].low == "step" && words[1].low.chars().all(|c| c.is_ascii_digit()) && !words[1].low.is_empty() {
        words.drain(..2);
    }
    'lead: loop {
        for (lead, ger) in ASKING {
            let phrase: Vec<&str> = lead.split(' ').collect();
            if words.len() > phrase.len() && phrase_at(&words, 0, &phrase) {
                words.drain(..phrase.len());
                gerunds |= *ger;
                continue 'lead;
            }
        }
        break;
    }
    'trail: loop {
        for (t, least) in TRAILING.iter().map(|t| (t, 2)).chain(FILLERS.iter().map(|t| (t, 1))) {
            let phrase: Vec<&str> = t.split(' ').collect();
            if words.len() >= phrase.len() + least && phrase_at(&words, words.len() - phrase.len(), &phrase) {
                // A comma before the remark goes with it.
                words.truncate(words.len() - phrase.len());
                if let Some(last) = words.last_mut() {
                    last.orig = last.orig.trim_end_matches(',').to_owned();
                }
                continue 'trail;
            }
        }
        break;
    }
    let mut words = replaced(&words, SAME_AS);
    if gerunds {
        for w in &mut words {
            if let Some(base) = base_of(&w.low) {
                let tail: String = w.orig.chars().skip_while(|c| c.is_alphabetic()).collect();
                w.orig = format!("{base}{tail}");
                w.low = base.to_owned();
            }
        }
    }
    // Again: "tracking down" reads "track down" only now.
    let words = if gerunds { replaced(&words, SAME_AS) } else { words };
    join(&named_by_text(&without_where_it_is(&words)))
}

/// `words` with each phrase of `table` (longest first at each place)
/// replaced; punctuation after the phrase is kept.
pub(super) fn replaced(words: &[W], table: &[(&str, &str)]) -> Vec<W> {
    let mut out: Vec<W> = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        let hit = table.iter().filter(|(from, _)| phrase_at(words, i, &from.split(' ').collect::<Vec<_>>())).max_by_key(|(from, _)| from.len());
        let Some((from, to)) = hit else {
            out.push(words[i].clone());
            i += 1;
            continue;
        };
        let n = from.split(' ').count();
        let tail = punctuation_after(&words[i + n - 1].orig);
        out.extend(to.split(' ').filter(|t| !t.is_empty()).map(|t| W { orig: t.to_owned(), low: t.to_owned() }));
        // A phrase said away ("these cities:") takes its punctuation along,
        // but not a comma between clauses ("then 2026 inside it, and click
        // Reports": the comma stays, and with it the cut).
        let keeps = !to.is_empty() || tail.starts_with([',', ';']);
        if let (Some(last), true) = (out.last_mut(), keeps) {
            last.orig.push_str(&tail);
        }
        i += n;
    }
    out
}

pub(super) fn punctuation_after(word: &str) -> String {
    let tail: String = word.chars().rev().take_while(|c| ",.?!;:".contains(*c)).collect();
    tail.chars().rev().collect()
}

/// "the link in that paragraph" → "the link" ([`WHERE_IT_IS`], and
/// [`PLACE_PREPOSITIONS`] before "the" and lower-case words).
fn without_where_it_is(words: &[W]) -> Vec<W> {
    let mut out: Vec<W> = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        out.push(words[i].clone());
        i += 1;
        let role = ROLE_WORDS.contains(&words[i - 1].low.as_str()) || words[i - 1].low == "tab";
        // "click Actions near the top": after a name, a place above or
        // beside it (not "in the …": "type Paris in the city box").
        let named = i > 1 && words[i - 1].orig.starts_with(char::is_uppercase) && words.get(i).is_some_and(|w| NEAR_PREPOSITIONS.contains(&w.low.as_str()));
        if named && punctuation_after(&words[i - 1].orig).is_empty() {
            if let Some(end) = common_place(words, i) {
                i = end;
                continue;
            }
        }
        if !role || !punctuation_after(&words[i - 1].orig).is_empty() {
            continue;
        }
        // "the Specs tab on the page" says it is the page's tab: kept.
        let on_page = words[i - 1].low == "tab" && words.get(i).is_some_and(|w| w.low == "on");
        if let Some(end) = common_place(words, i).filter(|_| !on_page) {
            let tail = punctuation_after(&words[end - 1].orig);
            if let Some(last) = out.last_mut() {
                last.orig.push_str(&tail);
            }
            i = end;
            continue;
        }
        if words[i - 1].low == "tab" {
            continue;
        }
        let hit = WHERE_IT_IS.iter().map(|p| p.split(' ').collect::<Vec<_>>()).filter(|p| phrase_at(words, i, p)).max_by_key(Vec::len);
        if let Some(p) = hit {
            let tail = punctuation_after(&words[i + p.len() - 1].orig);
            if let Some(last) = out.last_mut() {
                last.orig.push_str(&tail);
            }
            i += p.len();
        }
    }
    out
}

/// The end of a place phrase at `at` ("in the body text", "at the top
/// of the page"): a [`PLACE_PREPOSITIONS`] word, then "the", then
/// lower-case words up to the clause's end or its next punctuation, "and"
/// or "then".
fn common_place(words: &[W], at: usize) -> Option<usize> {
    let first = words.get(at)?;
    if !PLACE_PREPOSITIONS.contains(&first.low.as_str()) || words.get(at + 1)?.low != "the" {
        return None;
    }
    let mut end = at + 2;
    while end < words.len() {
        let w = &words[end];
        if matches!(w.low.as_str(), "and" | "then") {
            break;
        }
        let lower = !w.orig.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit());
        if !lower || w.low.is_empty() {
            return None;
        }
        end += 1;
        if !punctuation_after(&w.orig).is_empty() {
            break;
        }
    }
    (end > at + 2).then_some(end)
}

/// "the button whose text is Plum" → "the Plum button"; "the one that
/// reads CHERRY" → "CHERRY"; "the Apple one" → "Apple"; "the offer popup"
/// → "the popup".
fn named_by_text(words: &[W]) -> Vec<W> {
    let mut words = words.to_vec();
    for k in 0..words.len() {
        let Some(p) = TEXT_IS.iter().map(|p| p.split(' ').collect::<Vec<_>>()).filter(|p| phrase_at(&words, k + 1, p)).max_by_key(Vec::len) else {
            continue;
        };
        let at = k + 1 + p.len();
        if at >= words.len() {
            continue;
        }
        let noun = words[k].low.clone();
        let the = k > 0 && words[k - 1].low == "the";
        if !the || !(noun == "one" || ROLE_WORDS.contains(&noun.as_str())) {
            continue;
        }
        // The text runs to the next punctuation or the end.
        let end = (at..words.len()).find(|&j| !punctuation_after(&words[j].orig).is_empty()).map_or(words.len(), |j| j + 1);
        let mut named: Vec<W> = words[at..end].to_vec();
        if noun != "one" {
            let tail = punctuation_after(&named.last().map(|w| w.orig.clone()).unwrap_or_default());
            if let Some(last) = named.last_mut() {
                last.orig.truncate(last.orig.len() - tail.len());
            }
            named.push(W { orig: format!("{noun}{tail}"), low: noun.clone() });
        } else {
            // "the one that reads X" is X itself: no article.
            words.remove(k - 1);
            return [&words[..k - 1], &named[..], &words[end - 1..]].concat();
        }
        return [&words[..k], &named[..], &words[end..]].concat();
    }
    // "the Apple one" (end of the clause) and "the offer popup".
    let n = words.len();
    for k in 1..n.saturating_sub(1) {
        let (before, after) = (&words[k - 1].low, &words[k + 1].low);
        let last = k + 2 == n || !punctuation_after(&words[k + 1].orig).is_empty();
        let ordinal = ["first", "second", "third", "fourth", "fifth", "last", "next", "other", "top", "bottom", "middle"].contains(&words[k].low.as_str())
            || words[k].low.ends_with(|c: char| c.is_ascii_digit())
            || ["1st", "2nd", "3rd", "4th", "5th"].contains(&words[k].low.as_str());
        if before == "the" && after == "one" && last && !ordinal {
            let tail = punctuation_after(&words[k + 1].orig);
            let mut named = words[k].clone();
            named.orig.push_str(&tail);
            return [&words[..k - 1], &[named][..], &words[k + 2..]].concat();
        }
        if before == "the" && after == "popup" && punctuation_after(&words[k].orig).is_empty() {
            return [&words[..k], &words[k + 1..]].concat();
        }
    }
    words
}

/// The verb a gerund stands for ("clicking" → "click", "choosing" →
/// "choose", "popping" → "pop").
pub(super) fn base_of(word: &str) -> Option<&'static str> {
    let stem = word.strip_suffix("ing")?;
    let tries = [stem.to_owned(), format!("{stem}e"), stem.chars().take(stem.chars().count().saturating_sub(1)).collect()];
    tries.iter().find_map(|t| VERBS.iter().find(|v| **v == t.as_str()).copied())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gerunds_find_their_verbs() {
        for (ger, base) in [("clicking", "click"), ("choosing", "choose"), ("popping", "pop"), ("ticking", "tick"), ("closing", "close"), ("typing", "type")] {
            assert_eq!(base_of(ger), Some(base), "{ger}");
        }
        assert_eq!(base_of("wedding"), None);
        assert_eq!(base_of("thing"), None);
    }
}
