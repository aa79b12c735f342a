//! Finding the page's names in the sentence: the longest name a run of
//! words says (a control's before a heading's), and of the controls that
//! go by it the one the role word beside it, the typed case or the
//! likeliest kind picks.

use super::said::{Word, CLOSE_SIGNS};
use super::vocabulary::{PageWord, WordKind};
use super::words::{role_noun, NOT_A_NAME};

/// The lower-case words of a control's name.
pub(super) fn name_words(name: &str) -> Vec<String> {
    name.split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '#' && c != '&' && !CLOSE_SIGNS.contains(&c)).to_lowercase())
        .filter(|w| !w.is_empty())
        .collect()
}

/// The longest name of a control that starts at word `i`: its length in
/// words, and every control that goes by it.
pub(super) fn name_at(words: &[Word], i: usize, names: &[Vec<Vec<String>>], page: &[PageWord]) -> Option<(usize, Vec<usize>)> {
    // A control's name before a heading's, even a shorter one ("the
    // Shipping field" under a heading "Shipping address").
    name_of_kind(words, i, names, page, false).or_else(|| name_of_kind(words, i, names, page, true))
}

fn name_of_kind(words: &[Word], i: usize, names: &[Vec<Vec<String>>], page: &[PageWord], headings: bool) -> Option<(usize, Vec<usize>)> {
    let mut best: Option<(usize, Vec<usize>)> = None;
    let spellings = names.iter().enumerate().filter(|(index, _)| (page[*index].kind == WordKind::Heading) == headings);
    for (index, name) in spellings.flat_map(|(index, spellings)| spellings.iter().map(move |s| (index, s))) {
        // A name said in quotes is one word of the sentence ("tick the
        // “I agree” box").
        let quoted = words.get(i).is_some_and(|w| w.quoted && name_words(w.text) == *name);
        let len = if quoted { 1 } else { name.len() };
        // (A hidden clickable may be a closed menu's item: `in_menus`.)
        let reachable = page[index].shown || matches!(page[index].kind, WordKind::Option | WordKind::Clickable) || page[index].reveal.is_some();
        if len == 0 || i + len > words.len() || !reachable {
            continue;
        }
        let said = &words[i..i + len];
        // A name is said within one clause, not across a comma.
        if said[..len - 1].iter().any(|w| w.ends_clause) {
            continue;
        }
        let same = quoted || said.iter().zip(name).all(|(w, n)| &w.norm == n || w.norm.strip_suffix('s') == Some(n.as_str()));
        // "go" is English; "Go", written as the page writes its button, is the button.
        let as_written = said[0].text.starts_with(char::is_uppercase) && page[index].name.trim() == said[0].text;
        if !same || len == 1 && !quoted && NOT_A_NAME.contains(&name[0].as_str()) && !as_written {
            continue;
        }
        match &mut best {
            Some((best_len, found)) if *best_len == len && found.contains(&index) => {}
            Some((best_len, found)) if *best_len == len => found.push(index),
            Some((best_len, _)) if *best_len > len => {}
            _ => best = Some((len, vec![index])),
        }
    }
    best
}

/// Of the controls a name fits, the one the role word beside it says
/// ("the Settings tab"), else the likeliest kind.
pub(super) fn by_role_word(words: &[Word], i: usize, len: usize, mut found: Vec<usize>, page: &[PageWord]) -> usize {
    // A name said with its case beats one that matches only without
    // ("Apple" the button, "apple" the link).
    let said: Vec<&str> = words[i..i + len].iter().map(|w| w.text).collect();
    let same_case: Vec<usize> = found.iter().copied().filter(|&f| page[f].name.split_whitespace().eq(said.iter().copied())).collect();
    if !same_case.is_empty() {
        found = same_case;
    }
    let beside = [words.get(i + len), i.checked_sub(1).and_then(|b| words.get(b))];
    for word in beside.into_iter().flatten() {
        if let Some(kinds) = role_noun(&word.norm) {
            if let Some(&hit) = found.iter().find(|&&f| kinds.contains(&page[f].kind)) {
                return hit;
            }
        }
    }
    const LIKELIEST: &[WordKind] = &[
        WordKind::Checkbox, WordKind::Radio, WordKind::Option, WordKind::Field, WordKind::Suggesting, WordKind::Dropdown, WordKind::Button,
        WordKind::Tab, WordKind::Link, WordKind::Clickable, WordKind::Secret,
    ];
    let rank = |f: &usize| LIKELIEST.iter().position(|k| *k == page[*f].kind).unwrap_or(LIKELIEST.len());
    // Shown before hidden.
    // (A heading last of all: a control of its name is what is meant.)
    *found.iter().min_by_key(|f| (page[**f].kind == WordKind::Heading, !page[**f].shown, rank(f))).unwrap_or(&found[0])
}
