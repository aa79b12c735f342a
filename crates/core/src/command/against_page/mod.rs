//! The last reading of a sentence (issue 45): against the page's own
//! words, when none of the grammar's readings is found on the page.
//!
//! The grammar reads text without the page, so every new way of saying a
//! thing needs a rule ("Lisbon — that's the one to pick from the
//! dropdown"). People name what they see, though: a sentence about a page
//! mostly holds the page's own names (its fields, options, checkboxes,
//! buttons), the values to type, and English that carries the order.
//! [`read_against`] finds the page's names in the sentence
//! ([`vocabulary::PageWord`], listed by the content script), takes the
//! words that are neither names nor order-carrying English
//! ([`words::is_carrier`]) as values, and pairs each value with the field
//! named in its clause, or the one field the page has.
//!
//! It reads a sentence only when it explains every word of it: one word
//! it cannot place and it reads nothing (the sentence goes on to the
//! agent, or to "not understood"), so it never acts on half a sentence.
//! Clauses that say what not to do ("leave the third empty", "don't tick
//! Green") are read and skipped. A sentence with a password in it is not
//! read here: sign-in is the grammar's, whose steps mask it.

mod vocabulary;
mod words;

#[cfg(test)]
mod tests;

pub use vocabulary::{PageWord, WordKind, MAX_NAME, MAX_WORDS};

use super::model::{Command, Ordinal, RoleHint, Target};
use words::{in_table, is_carrier, place_word, role_noun, AFTER, BEFORE, FOCUSING, JOINERS, NOT_A_NAME, NOT_DOING, UNDOING};

/// One word of the sentence.
#[derive(Debug, Clone)]
struct Word<'a> {
    /// As typed, outer punctuation trimmed (quotes too).
    text: &'a str,
    /// Lower-case.
    norm: String,
    /// Said in quotes: a value or a name, never English.
    quoted: bool,
    /// Punctuation after it ends its clause.
    ends_clause: bool,
}

/// What one word (or run of words) of a clause is.
#[derive(Debug, Clone, PartialEq)]
enum Piece {
    /// The page's control `word`, by the index in the vocabulary.
    Name(usize),
    /// The `nth` control of a kind ("the first box", "the second").
    Place { kinds: Vec<WordKind>, nth: Ordinal },
    /// A role word alone ("the dropdown").
    Role(&'static [WordKind]),
    /// Text to type, as typed.
    Value(String),
}

/// The commands `input` means on the page whose controls are `page`, if
/// every word of it is explained (module docs).
pub fn read_against(input: &str, page: &[PageWord]) -> Option<Vec<Command>> {
    if !crate::safety::typed::typed_secrets(input).is_empty() {
        return None;
    }
    let words = split(input);
    if words.is_empty() || words.len() > 60 {
        return None;
    }
    let clauses = clauses(&words, page)?;
    let mut out: Vec<Vec<Command>> = Vec::new();
    let mut loose_fields: Vec<Target> = Vec::new();
    let mut loose_values: Vec<(usize, String)> = Vec::new();
    let mut order: Vec<(usize, Order)> = Vec::new();
    for (at, clause) in clauses.iter().enumerate() {
        let commands = clause_commands(clause, page, &mut loose_fields, &mut loose_values, at)?;
        order.push((at, clause.order));
        out.push(commands);
    }
    // A field named in one clause and its value in another ("ember — it
    // goes in the username"), in the order said.
    if loose_fields.len() != loose_values.len() {
        if loose_fields.is_empty() && loose_values.len() == 1 {
            let (at, value) = loose_values.pop()?;
            out[at].push(Command::Type { text: value, field: only_field(page)? });
        } else {
            return None;
        }
    }
    for (field, (at, value)) in loose_fields.into_iter().zip(loose_values) {
        out[at].push(Command::Type { text: value, field });
    }
    let commands = in_order(out, &order);
    (!commands.is_empty()).then_some(commands)
}

/// Where a clause goes among the others.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Order {
    AsSaid,
    /// "… after picking Paris": before the clause said before it.
    BeforePrevious,
    /// "Before you press Save, …": after the clause said after it.
    AfterNext,
}

/// The clauses' commands, moved as their [`Order`] says.
fn in_order(mut out: Vec<Vec<Command>>, order: &[(usize, Order)]) -> Vec<Command> {
    for &(at, o) in order {
        match o {
            Order::BeforePrevious if at > 0 => out.swap(at, at - 1),
            Order::AfterNext if at + 1 < out.len() => out.swap(at, at + 1),
            _ => {}
        }
    }
    out.into_iter().flatten().collect()
}

/// One clause: its pieces in order, and what it says about them.
#[derive(Debug)]
struct Clause {
    pieces: Vec<Piece>,
    not_doing: bool,
    undoing: bool,
    focusing: bool,
    order: Order,
}

/// The words of `input`.
fn split(input: &str) -> Vec<Word<'_>> {
    let mut out: Vec<Word> = Vec::new();
    let mut quote: Option<(usize, char)> = None;
    let mut at = 0;
    for raw in input.split_whitespace() {
        let start = input[at..].find(raw).map_or(at, |i| at + i);
        at = start + raw.len();
        if let Some((from, open)) = quote {
            let closes = raw.trim_end_matches(|c: char| matches!(c, '.' | ',' | ';' | '!' | '?' | ':' | ')'));
            if closes.ends_with(close_of(open)) {
                let inner = &input[from..start + closes.len() - close_of(open).len_utf8()];
                let ends_clause = closes.len() < raw.len();
                out.push(Word { text: inner, norm: inner.to_lowercase(), quoted: true, ends_clause });
                quote = None;
            }
            continue;
        }
        let first = raw.chars().next().unwrap_or(' ');
        if matches!(first, '"' | '“' | '\'' | '‘' | '«') {
            let body = &raw[first.len_utf8()..];
            let trimmed = body.trim_end_matches(|c: char| matches!(c, '.' | ',' | ';' | '!' | '?' | ':' | ')'));
            if let Some(inner) = trimmed.strip_suffix(close_of(first)) {
                out.push(Word { text: inner, norm: inner.to_lowercase(), quoted: true, ends_clause: trimmed.len() < body.len() });
            } else {
                quote = Some((start + first.len_utf8(), first));
            }
            continue;
        }
        let ends_clause = raw.ends_with([',', '.', ';', '!', '?', '—', '–']) || raw == "-" || raw == "—" || raw == "–";
        let text = raw.trim_matches(|c: char| !c.is_alphanumeric() && c != '#' && c != '&');
        if text.is_empty() {
            if ends_clause {
                if let Some(last) = out.last_mut() {
                    last.ends_clause = true;
                }
            }
            continue;
        }
        out.push(Word { text, norm: text.to_lowercase().replace('’', "'"), quoted: false, ends_clause });
    }
    out
}

fn close_of(open: char) -> char {
    match open {
        '“' => '”',
        '‘' => '’',
        '«' => '»',
        c => c,
    }
}

/// The lower-case words of a control's name.
fn name_words(name: &str) -> Vec<String> {
    name.split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '#' && c != '&').to_lowercase())
        .filter(|w| !w.is_empty())
        .collect()
}

/// The sentence cut into clauses of pieces; `None` when a word is left
/// unexplained.
fn clauses(words: &[Word], page: &[PageWord]) -> Option<Vec<Clause>> {
    let names: Vec<Vec<String>> = page.iter().map(|w| name_words(&w.name)).collect();
    let mut out: Vec<Clause> = Vec::new();
    let mut current = Clause { pieces: Vec::new(), not_doing: false, undoing: false, focusing: false, order: Order::AsSaid };
    let mut value: Vec<&str> = Vec::new();
    let mut i = 0;
    let flush_value = |value: &mut Vec<&str>, clause: &mut Clause| {
        if !value.is_empty() {
            clause.pieces.push(Piece::Value(value.join(" ")));
            value.clear();
        }
    };
    while i < words.len() {
        let word = &words[i];
        let mut ends = word.ends_clause;
        if let Some((len, found)) = name_at(words, i, &names, page) {
            flush_value(&mut value, &mut current);
            let found = by_role_word(words, i, len, found, page);
            current.pieces.push(Piece::Name(found));
            ends = words[i + len - 1].ends_clause;
            i += len;
        } else if word.quoted {
            flush_value(&mut value, &mut current);
            current.pieces.push(Piece::Value(word.text.to_owned()));
            i += 1;
        } else if let Some((len, piece)) = place_at(words, i, &current, &out) {
            flush_value(&mut value, &mut current);
            current.pieces.push(piece);
            ends = words[i + len - 1].ends_clause;
            i += len;
        } else if let Some(kinds) = role_noun(&word.norm) {
            flush_value(&mut value, &mut current);
            // "the dropdown", "the button": a role said alone.
            if !matches!(current.pieces.last(), Some(Piece::Place { .. } | Piece::Name(_))) {
                current.pieces.push(Piece::Role(kinds));
            }
            i += 1;
        } else if JOINERS.contains(&word.norm.as_str()) && !(word.norm == "next" && words.get(i + 1).is_some_and(|w| w.norm == "to")) {
            flush_value(&mut value, &mut current);
            if !current.pieces.is_empty() || current.not_doing {
                out.push(std::mem::replace(&mut current, Clause { pieces: Vec::new(), not_doing: false, undoing: false, focusing: false, order: Order::AsSaid }));
            }
            i += 1;
            continue;
        } else if (AFTER.contains(&word.norm.as_str()) || BEFORE.contains(&word.norm.as_str())) && !current.pieces.is_empty() {
            // "hit Save after ticking Green": a clause of its own, done first.
            flush_value(&mut value, &mut current);
            out.push(std::mem::replace(&mut current, Clause { pieces: Vec::new(), not_doing: false, undoing: false, focusing: false, order: Order::AsSaid }));
            current.order = if AFTER.contains(&word.norm.as_str()) { Order::BeforePrevious } else { Order::AsSaid };
            i += 1;
            continue;
        } else if is_carrier(&word.norm) {
            flush_value(&mut value, &mut current);
            let w = word.norm.as_str();
            if in_table(w, NOT_DOING) {
                current.not_doing = true;
            }
            if in_table(w, UNDOING) {
                current.undoing = true;
            }
            if in_table(w, FOCUSING) {
                current.focusing = true;
            }
            if current.pieces.is_empty() && AFTER.contains(&w) {
                current.order = Order::BeforePrevious;
            }
            if current.pieces.is_empty() && BEFORE.contains(&w) && out.is_empty() {
                current.order = Order::AfterNext;
            }
            i += 1;
        } else {
            // Not the page's, not English that carries the order: a value,
            // unless it reads as a verb: before an article ("delete the
            // nickname") or after a person ("where we fly").
            let before_article = !word.ends_clause && words.get(i + 1).is_some_and(|w| matches!(w.norm.as_str(), "the" | "a" | "an" | "my" | "your" | "this" | "that" | "it"));
            let after_person = i > 0 && matches!(words[i - 1].norm.as_str(), "i" | "we" | "you" | "they" | "he" | "she");
            if value.is_empty() && (before_article || after_person) && !word.text.starts_with(char::is_uppercase) {
                return None;
            }
            value.push(word.text);
            i += 1;
        }
        if ends {
            flush_value(&mut value, &mut current);
            if !current.pieces.is_empty() || current.not_doing {
                out.push(std::mem::replace(&mut current, Clause { pieces: Vec::new(), not_doing: false, undoing: false, focusing: false, order: Order::AsSaid }));
            }
        }
    }
    flush_value(&mut value, &mut current);
    if !current.pieces.is_empty() || current.not_doing {
        out.push(current);
    }
    Some(out)
}

/// The longest name of a control that starts at word `i`: its length in
/// words, and every control that goes by it.
fn name_at(words: &[Word], i: usize, names: &[Vec<String>], page: &[PageWord]) -> Option<(usize, Vec<usize>)> {
    let mut best: Option<(usize, Vec<usize>)> = None;
    for (index, name) in names.iter().enumerate() {
        let len = name.len();
        let reachable = page[index].shown || page[index].kind == WordKind::Option || page[index].reveal.is_some();
        if len == 0 || i + len > words.len() || !reachable {
            continue;
        }
        let said = &words[i..i + len];
        // A name is said within one clause, not across a comma.
        if said[..len - 1].iter().any(|w| w.ends_clause) {
            continue;
        }
        let same = said.iter().zip(name).all(|(w, n)| &w.norm == n || w.norm.strip_suffix('s') == Some(n.as_str()));
        if !same || len == 1 && NOT_A_NAME.contains(&name[0].as_str()) {
            continue;
        }
        match &mut best {
            Some((best_len, found)) if *best_len == len => found.push(index),
            Some((best_len, _)) if *best_len > len => {}
            _ => best = Some((len, vec![index])),
        }
    }
    best
}

/// Of the controls a name fits, the one the role word beside it says
/// ("the Settings tab"), else the likeliest kind.
fn by_role_word(words: &[Word], i: usize, len: usize, mut found: Vec<usize>, page: &[PageWord]) -> usize {
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
        WordKind::Checkbox, WordKind::Radio, WordKind::Option, WordKind::Field, WordKind::Dropdown, WordKind::Button,
        WordKind::Tab, WordKind::Link, WordKind::Clickable, WordKind::Secret,
    ];
    let rank = |f: &usize| LIKELIEST.iter().position(|k| *k == page[*f].kind).unwrap_or(LIKELIEST.len());
    // Shown before hidden.
    *found.iter().min_by_key(|f| (!page[**f].shown, rank(f))).unwrap_or(&found[0])
}

/// A place among controls of one kind at word `i`: "first box", "box 2",
/// "field number 3", "input #2", or an ordinal alone after a clause that
/// named the kind ("… and the second").
fn place_at(words: &[Word], i: usize, current: &Clause, before: &[Clause]) -> Option<(usize, Piece)> {
    let word = &words[i];
    // "first box", "top field", "2nd input"
    let ordinal = Ordinal::from_word(&word.norm).or_else(|| matches!(word.norm.as_str(), "top" | "middle" | "bottom").then(|| place_word(&word.norm)).flatten());
    if let Some(nth) = ordinal {
        // "the first of the three boxes", "the top one", "the second text box"
        let mut j = i + 1;
        while j < words.len() && j <= i + 4 && !words[j - 1].ends_clause {
            if let Some(kinds) = role_noun(&words[j].norm) {
                if words[i + 1..j].iter().all(|w| matches!(w.norm.as_str(), "of" | "the" | "three" | "two" | "four" | "five" | "one" | "text" | "empty" | "input")) {
                    return Some((j - i + 1, Piece::Place { kinds: kinds.to_vec(), nth }));
                }
            }
            j += 1;
        }
        // "… and the second": the kind said last.
        let kinds = last_kinds(current, before)?;
        return Some((1, Piece::Place { kinds, nth }));
    }
    // "box 2", "field number 3", "input #2", "input one"
    let kinds = role_noun(&word.norm)?;
    let mut j = i + 1;
    if words.get(j).is_some_and(|w| matches!(w.norm.as_str(), "number" | "no" | "nr" | "#")) {
        j += 1;
    }
    let nth = words.get(j).filter(|_| !word.ends_clause).and_then(|w| {
        let n = w.norm.trim_start_matches('#');
        n.parse::<u32>().ok().filter(|n| (1..=20).contains(n)).map(Ordinal::Nth).or_else(|| place_word(n).filter(|_| matches!(n, "one" | "two" | "three" | "four" | "five")))
    })?;
    Some((j - i + 1, Piece::Place { kinds: kinds.to_vec(), nth }))
}

/// The kinds the last place or role named, in this clause or before.
fn last_kinds(current: &Clause, before: &[Clause]) -> Option<Vec<WordKind>> {
    current.pieces.iter().rev().chain(before.iter().rev().flat_map(|c| c.pieces.iter().rev())).find_map(|p| match p {
        Piece::Place { kinds, .. } => Some(kinds.clone()),
        Piece::Role(kinds) => Some(kinds.to_vec()),
        _ => None,
    })
}

/// The page's one text field, as a target.
fn only_field(page: &[PageWord]) -> Option<Target> {
    let fields: Vec<&PageWord> = page.iter().filter(|w| w.kind == WordKind::Field && w.shown).collect();
    match fields.as_slice() {
        [one] if !one.name.is_empty() => Some(Target::with_role(one.name.clone(), RoleHint::Field)),
        [_] => Some(Target::by_role(Some(RoleHint::Field), None)),
        _ => None,
    }
}

/// The target a vocabulary word names.
fn target_of(word: &PageWord, role: RoleHint) -> Target {
    if word.name.is_empty() {
        Target::by_role(Some(role), Some(Ordinal::Nth(word.nth)))
    } else {
        Target::with_role(word.name.clone(), role)
    }
}

/// The role hint of a field-like place.
fn place_target(kinds: &[WordKind], nth: Ordinal, page: &[PageWord]) -> Option<(WordKind, Target)> {
    // "box" is a field or a checkbox: whichever the page has.
    let kind = *kinds.iter().find(|k| page.iter().any(|w| w.kind == **k && w.shown))?;
    let role = match kind {
        WordKind::Field => RoleHint::Field,
        WordKind::Checkbox => RoleHint::Checkbox,
        WordKind::Radio => RoleHint::Radio,
        WordKind::Dropdown => RoleHint::Dropdown,
        WordKind::Button => RoleHint::Button,
        WordKind::Link => RoleHint::Link,
        WordKind::Tab => RoleHint::Tab,
        _ => return None,
    };
    Some((kind, Target::by_role(Some(role), Some(nth))))
}

/// The commands of one clause; fields and values it leaves unpaired go to
/// `loose_*` for the sentence to pair.
fn clause_commands(
    clause: &Clause,
    page: &[PageWord],
    loose_fields: &mut Vec<Target>,
    loose_values: &mut Vec<(usize, String)>,
    at: usize,
) -> Option<Vec<Command>> {
    if clause.not_doing {
        return Some(Vec::new());
    }
    let mut values: Vec<String> = clause.pieces.iter().filter_map(|p| if let Piece::Value(v) = p { Some(v.clone()) } else { None }).collect();
    let mut out = Vec::new();
    let mut fields: Vec<Target> = Vec::new();
    let mut dropdown: Option<Target> = None;
    let mut options: Vec<(usize, &PageWord)> = Vec::new();
    for piece in &clause.pieces {
        match piece {
            Piece::Value(_) => {}
            Piece::Role(kinds) => {
                if kinds.contains(&WordKind::Dropdown) && dropdown.is_none() {
                    dropdown = Some(Target::by_role(Some(RoleHint::Dropdown), None));
                }
                if kinds == &[WordKind::Field] && fields.is_empty() && !values.is_empty() {
                    fields.push(only_field(page)?);
                }
            }
            Piece::Place { kinds, nth } => {
                let (kind, target) = place_target(kinds, *nth, page)?;
                match kind {
                    WordKind::Field => fields.push(target),
                    WordKind::Dropdown => dropdown = Some(target),
                    WordKind::Checkbox => out.push(Command::Check { target, on: !clause.undoing }),
                    _ => out.push(Command::Click { target }),
                }
            }
            Piece::Name(index) => {
                let word = &page[*index];
                // Out of sight: open folders or tabs until it shows, then click it.
                if let (false, Some(via), false) = (word.shown, word.reveal, word.name.is_empty()) {
                    if !matches!(word.kind, WordKind::Option | WordKind::Field | WordKind::Dropdown | WordKind::Secret) {
                        out.push(Command::Reveal { label: word.name.clone(), via, click: true });
                        continue;
                    }
                }
                match word.kind {
                    WordKind::Field => fields.push(target_of(word, RoleHint::Field)),
                    WordKind::Secret => return None,
                    WordKind::Dropdown => dropdown = Some(target_of(word, RoleHint::Dropdown)),
                    WordKind::Option => {
                        options.push((out.len(), word));
                    }
                    WordKind::Checkbox => out.push(Command::Check { target: target_of(word, RoleHint::Checkbox), on: !clause.undoing }),
                    WordKind::Radio => out.push(Command::Click { target: target_of(word, RoleHint::Radio) }),
                    WordKind::Button => out.push(Command::Click { target: target_of(word, RoleHint::Button) }),
                    WordKind::Link => out.push(Command::Click { target: target_of(word, RoleHint::Link) }),
                    WordKind::Tab => out.push(Command::Click { target: target_of(word, RoleHint::Tab) }),
                    WordKind::Clickable => out.push(Command::Click { target: Target::new(word.name.clone()) }),
                }
            }
        }
    }
    // Options, in the dropdown named in the clause or their own.
    for (place, word) in options.into_iter().rev() {
        let field = match (&dropdown, &word.owner) {
            (Some(d), _) => d.clone(),
            (None, Some((name, nth))) if name.is_empty() => Target::by_role(Some(RoleHint::Dropdown), Some(Ordinal::Nth(*nth))),
            (None, Some((name, _))) => Target::with_role(name.clone(), RoleHint::Dropdown),
            (None, None) => Target::by_role(Some(RoleHint::Dropdown), None),
        };
        out.insert(place, Command::Select { option: word.name.clone(), field });
    }
    // "Set the dropdown to lisbon": a value the options do not spell alike.
    if let (Some(field), true, [value]) = (&dropdown, fields.is_empty(), values.as_slice()) {
        if !out.iter().any(|c| matches!(c, Command::Select { .. })) {
            out.push(Command::Select { option: value.clone(), field: field.clone() });
            values.clear();
        }
    }
    // Values, into the fields named in the clause, in order.
    if clause.focusing && values.is_empty() {
        out.extend(fields.drain(..).map(|target| Command::Focus { target }));
    }
    // Two values in one clause are one too many to pair by place.
    if values.len() > fields.len().max(1) {
        return None;
    }
    while !fields.is_empty() && !values.is_empty() {
        let field = fields.remove(0);
        out.push(Command::Type { text: values.remove(0), field });
    }
    loose_fields.extend(fields);
    loose_values.extend(values.into_iter().map(|v| (at, v)));
    Some(out)
}
