//! Controls said by place rather than by name: "the first box", "box
//! 2", "… and the second", "the next one", "the box after Red", and the
//! results of a search ("the 3rd hit", "result number 2").

use super::clauses::{Clause, Piece};
use super::said::Word;
use super::vocabulary::{PageWord, WordKind};
use super::words::{place_word, result_noun, role_noun};
use crate::command::model::Ordinal;

/// Words that say "the next one" of a list, and which way.
const NEIGHBOURS: &[(&str, i64)] = &[
    ("after", 1), ("following", 1), ("below", 1), ("under", 1), ("beneath", 1), ("underneath", 1),
    ("before", -1), ("above", -1), ("preceding", -1),
];

/// Whether `word` is what a neighbour is said of: a role word or "one"
/// ("the box after Red", "the one under Blue").
pub(super) fn points_at_neighbour(word: &Word) -> bool {
    !word.ends_clause && (matches!(word.norm.as_str(), "one") || role_noun(&word.norm).is_some())
}

/// "the box after Red": the control of Red's kind just after (or before)
/// it, when the name at word `i` follows a neighbour word said of a role
/// word or "one". Only for controls whose name stands beside them
/// (checkboxes, buttons…): "the box under Username" is Username's field,
/// its label written above it.
/// `Some(None)` when there is no such neighbour.
pub(super) fn neighbour(words: &[Word], i: usize, named: &PageWord) -> Option<Option<Piece>> {
    let way = NEIGHBOURS.iter().find(|(w, _)| i >= 2 && words[i - 1].norm == *w)?.1;
    if !points_at_neighbour(&words[i - 2]) || words[i - 1].ends_clause {
        return None;
    }
    if !matches!(named.kind, WordKind::Checkbox | WordKind::Radio | WordKind::Button | WordKind::Link | WordKind::Tab) {
        return None;
    }
    let nth = u32::try_from(i64::from(named.nth) + way).ok().filter(|n| *n >= 1);
    Some(nth.map(|nth| Piece::Place { kinds: vec![named.kind], nth: Ordinal::Nth(nth) }))
}

/// A place among controls of one kind at word `i`: "first box", "box 2",
/// "field number 3", "input #2", or an ordinal alone after a clause that
/// named the kind ("… and the second").
pub(super) fn place_at(words: &[Word], i: usize, current: &Clause, before: &[Clause]) -> Option<(usize, Piece)> {
    let word = &words[i];
    // "first box", "top field", "2nd input"
    let ordinal = Ordinal::from_word(&word.norm).or_else(|| matches!(word.norm.as_str(), "top" | "middle" | "bottom").then(|| place_word(&word.norm)).flatten());
    // ("click around the tabs first to find it": when, not which.)
    let adverb = word.norm == "first"
        && !(i > 0
            && matches!(words[i - 1].norm.as_str(), "the" | "a" | "my" | "your" | "its" | "their" | "our" | "and" | "or" | "into" | "in" | "on" | "to" | "at" | "for" | "from" | "of"))
        && words.get(i + 1).is_none_or(|n| word.ends_clause || !(n.norm == "one" || role_noun(&n.norm).is_some() || n.norm == "of"));
    // ("Actions at the top of the box": where it is, not which.)
    let side_of = matches!(word.norm.as_str(), "top" | "middle" | "bottom") && words.get(i + 1).is_some_and(|n| n.norm == "of");
    if adverb || side_of {
        return None;
    }
    if let Some(nth) = ordinal {
        // "the first of the three boxes", "the top one", "the second text box"
        let mut j = i + 1;
        while j < words.len() && j <= i + 5 && !words[j - 1].ends_clause {
            // "the 2nd result", "the third one in the search results"
            if result_noun(&words[j].norm, true)
                && words[i + 1..j].iter().all(|w| {
                    matches!(w.norm.as_str(), "of" | "the" | "one" | "in" | "from" | "among" | "search" | "item" | "entry" | "link" | "product" | "on" | "list")
                })
            {
                return Some((j - i + 1, Piece::Result(nth)));
            }
            if j > i + 4 {
                break;
            }
            if let Some(kinds) = role_noun(&words[j].norm) {
                // "the first link that comes up", after a search: a result.
                let searched = current.searching || before.iter().any(|c| c.searching);
                let comes_up = words.get(j + 1).is_some_and(|w| matches!(w.norm.as_str(), "that" | "which"))
                    && words.get(j + 2).is_some_and(|w| matches!(w.norm.as_str(), "comes" | "appears" | "shows" | "pops" | "turns" | "come" | "appear" | "show"));
                if searched && comes_up && !words[j].ends_clause {
                    return Some((j - i + 1, Piece::Result(nth)));
                }
                if words[i + 1..j].iter().all(|w| matches!(w.norm.as_str(), "of" | "the" | "three" | "two" | "four" | "five" | "one" | "text" | "empty" | "input")) {
                    return Some((j - i + 1, Piece::Place { kinds: kinds.to_vec(), nth }));
                }
            }
            j += 1;
        }
        // "… and the second": the kind said last ("the top one" too, but
        // "the cross at the top" is where, not which).
        if matches!(word.norm.as_str(), "top" | "middle" | "bottom") && !words.get(i + 1).is_some_and(|w| w.norm == "one") {
            return None;
        }
        // "when the results show up, click the second one"
        if (current.results || before.iter().any(|c| c.results)) && i > 0 && words[i - 1].norm == "the" {
            return Some((1, Piece::Result(nth)));
        }
        // "search for mugs and open the third one": a result.
        // "type delta into the first": typed into, so a field.
        let typed_into = i > 1 && words[i - 1].norm == "the" && matches!(words[i - 2].norm.as_str(), "into" | "in");
        let Some(kinds) = last_kinds(current, before).or_else(|| typed_into.then(|| vec![WordKind::Field])) else {
            // ("Search for socks first, then …": when, not which.)
            let searched = current.searching || before.iter().any(|c| c.searching);
            return (searched && i > 0 && words[i - 1].norm == "the").then_some((1, Piece::Result(nth)));
        };
        return Some((1, Piece::Place { kinds, nth }));
    }
    // "… in the first box and fjord in the next one": the one after the
    // place said last.
    if word.norm == "next" && words.get(i + 1).is_some_and(|w| w.norm == "one" || role_noun(&w.norm).is_some()) && !word.ends_clause {
        let (kinds, n) = last_place(current, before)?;
        return Some((2, Piece::Place { kinds, nth: Ordinal::Nth(n + 1) }));
    }
    // "result 2", "result number 3"
    if result_noun(&word.norm, false) {
        // ("result link #2", "search result number 3")
        let mut j = i + 1;
        while words.get(j).is_some_and(|w| matches!(w.norm.as_str(), "number" | "no" | "nr" | "#" | "link" | "item" | "entry")) && j < i + 3 {
            j += 1;
        }
        let n = words.get(j).filter(|_| !word.ends_clause).and_then(|w| w.norm.trim_start_matches(['#', '\\']).parse::<u32>().ok()).filter(|n| (1..=20).contains(n))?;
        return Some((j - i + 1, Piece::Result(Ordinal::Nth(n))));
    }
    // "box 2", "field number 3", "input #2", "input one"
    let kinds = role_noun(&word.norm)?;
    let mut j = i + 1;
    if words.get(j).is_some_and(|w| matches!(w.norm.as_str(), "number" | "no" | "nr" | "#")) {
        j += 1;
    }
    let nth = words.get(j).filter(|_| !word.ends_clause).and_then(|w| {
        let n = w.norm.trim_start_matches(['#', '\\']);
        n.parse::<u32>().ok().filter(|n| (1..=20).contains(n)).map(Ordinal::Nth).or_else(|| place_word(n).filter(|_| matches!(n, "one" | "two" | "three" | "four" | "five")))
    })?;
    Some((j - i + 1, Piece::Place { kinds: kinds.to_vec(), nth }))
}

/// The last place said by number, in this clause or before.
fn last_place(current: &Clause, before: &[Clause]) -> Option<(Vec<WordKind>, u32)> {
    current.pieces.iter().rev().chain(before.iter().rev().flat_map(|c| c.pieces.iter().rev())).find_map(|p| match p {
        Piece::Place { kinds, nth: Ordinal::Nth(n) } => Some((kinds.clone(), *n)),
        _ => None,
    })
}

/// The kinds the last place or role named, in this clause or before.
fn last_kinds(current: &Clause, before: &[Clause]) -> Option<Vec<WordKind>> {
    current.pieces.iter().rev().chain(before.iter().rev().flat_map(|c| c.pieces.iter().rev())).find_map(|p| match p {
        Piece::Place { kinds, .. } => Some(kinds.clone()),
        Piece::Role(kinds) => Some(kinds.to_vec()),
        _ => None,
    })
}
