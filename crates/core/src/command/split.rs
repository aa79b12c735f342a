//! Splitting input into a sequence of commands, and taking politeness off
//! each one.
//!
//! Split points are runs of separators between words: `;`, a line break and
//! "then" are strong; `,`, `.` and "and" are weak ("and then", ", then" are
//! one strong point). Strong points always split (text containing "then"
//! is quoted), so a part that is not a command makes the whole input not a
//! sequence, never a command with a strange label. Weak points split where
//! every part is a command, preferring the reading with the most splits.
//!
//! So "open example.com and scroll down" is two commands, while
//! "type rock and roll into search" and "click Save and Continue" are one
//! (their parts "type rock", "Continue" are not commands), and
//! "type Paris, France into city then press enter" splits only at "then".
//!
//! **Continuations** (issue 45): a part without a verb borrows the previous
//! command's. "type a into the first field and b into the second" types
//! twice ("b into the second" is read as "type b into the second"; a fill
//! reads as "fill in …", "City to Oslo" as "set City to Oslo"). A bare label continues a click or a check only in
//! a comma list ("pick Paris, Rome and Oslo"; "go into Documents, then
//! Work, and click Reports") and when short, so "click Save and Continue"
//! stays one click. After a command that finds something (opening folders
//! or tabs until X shows), "click it"/"open it" is that command's click.

use super::model::{Command, OpenTarget};
use super::rules::match_command;
use super::wishes;
use super::slots;
use super::tokens::{Strength, Token, TokenKind};
use std::collections::HashMap;
use std::ops::Range;

/// Rules whose sentence may hold a "then" that does not split it.
const SPANS_THEN: &[&str] = &["suggest.start_typing", "suggest.start_typing_in", "suggest.beginning", "suggest.beginning_in"];

/// Beyond this many weak points in a chunk only the two plain readings are
/// tried (all split, none) instead of every combination.
const MAX_WEAK_COMBINED: usize = 12;

/// Input with more split points than this is not read as commands at all:
/// it is prose, for the LLM.
const MAX_POINTS: usize = 32;

/// Leading politeness and filler, taken off before matching.
#[rustfmt::skip]
const POLITE_PREFIXES: &[&[&str]] = &[
    &["please"], &["pls"], &["plz"], &["kindly"],
    &["can", "you"], &["could", "you"], &["would", "you"], &["will", "you"], &["can", "u"], &["could", "u"],
    &["i", "want", "to"], &["i", "would", "like", "to"], &["i'd", "like", "to"], &["i", "need", "to"],
    &["i", "want", "you", "to"], &["i", "would", "like", "you", "to"], &["i'd", "like", "you", "to"], &["i", "need", "you", "to"],
    &["try", "to"], &["try", "and"], &["go", "and"],
    &["let's"], &["lets"], &["let", "us"], &["go", "ahead", "and"],
    &["don't", "forget", "to"], &["dont", "forget", "to"], &["do", "not", "forget", "to"], &["remember", "to"], &["make", "sure", "to"],
    &["now"], &["just"], &["ok"], &["okay"], &["hey"], &["so"], &["and"], &["then"], &["also"],
];

/// Trailing politeness ("… for me, please"). Not "now": "click Buy now".
#[rustfmt::skip]
const POLITE_SUFFIXES: &[&[&str]] = &[
    &["please"], &["pls"], &["plz"], &["for", "me"], &["thanks"], &["thank", "you"], &["thx"],
    // "… and click it once you find it": when is already how it runs.
    &["once", "you", "find", "it"], &["when", "you", "find", "it"], &["if", "you", "find", "it"], &["once", "you", "see", "it"],
    &["when", "you", "see", "it"], &["once", "it", "appears"], &["when", "it", "appears"], &["when", "it", "shows", "up"],
    &["once", "it", "shows", "up"], &["once", "found"], &["when", "found"],
];

/// Words after which the rest of a step says why ("click in the email box
/// *so I can type there*"): the reason is not part of the order.
const PURPOSE: &[&[&str]] = &[&["so", "i"], &["so", "that"], &["so", "we"], &["so", "you", "can"], &["in", "order", "to"]];

fn separatorish(t: &Token) -> Option<Strength> {
    match t.kind {
        TokenKind::Sep(s) => Some(s),
        TokenKind::Word if t.norm == "then" => Some(Strength::Strong),
        TokenKind::Word if t.norm == "and" => Some(Strength::Weak),
        _ => None,
    }
}

pub(crate) fn strip_politeness(tokens: &[Token]) -> &[Token] {
    let mut toks = tokens;
    if let Some(cut) = (1..toks.len()).find(|&i| PURPOSE.iter().any(|p| p.iter().zip(&toks[i..]).filter(|(w, t)| t.is_word(w)).count() == p.len())) {
        toks = &toks[..cut];
    }
    loop {
        let before = toks.len();
        for p in POLITE_PREFIXES {
            if toks.len() > p.len() && p.iter().zip(toks).all(|(w, t)| t.is_word(w)) {
                toks = &toks[p.len()..];
            }
        }
        for s in POLITE_SUFFIXES {
            if toks.len() > s.len() && s.iter().rev().zip(toks.iter().rev()).all(|(w, t)| t.is_word(w)) {
                toks = &toks[..toks.len() - s.len()];
            }
        }
        if toks.len() == before {
            return toks;
        }
    }
}

/// A run of separators between two commands' worth of words.
struct Point {
    range: Range<usize>,
    strength: Strength,
}

/// The commands of `input` and the rule that read each, if every part of
/// some split is a command.
pub fn sequence(input: &str, tokens: &[Token]) -> Option<Vec<(Command, &'static str)>> {
    let lo = tokens.iter().position(|t| !matches!(t.kind, TokenKind::Sep(_)))?;
    let hi = tokens.iter().rposition(|t| !matches!(t.kind, TokenKind::Sep(_)))? + 1;
    let points = split_points(tokens, lo..hi);
    if points.len() > MAX_POINTS {
        return None;
    }
    // "start typing Sweden and then pick the suggestion" is one command
    // across its "then": the typing alone is not an order to end there.
    let words: Vec<Token> = tokens[lo..hi].iter().filter(|t| !matches!(t.kind, TokenKind::Sep(_))).cloned().collect();
    if let Some(whole) = match_command(input, strip_politeness(&words)).filter(|(_, id)| SPANS_THEN.contains(id)) {
        return Some(vec![whole]);
    }
    // Strong points always split, so each chunk between them is read on its own.
    let mut out: Vec<(Command, &'static str)> = Vec::new();
    let mut start = lo;
    // Whether the strong point before the chunk held a comma (", then").
    let mut after_comma = false;
    let strong = points.iter().filter(|p| p.strength == Strength::Strong);
    for (end, comma) in strong.map(|p| (p.range.clone(), has_comma(input, tokens, p))).chain(std::iter::once((hi..hi, false))) {
        let weak: Vec<&Point> = points.iter().filter(|p| p.range.start >= start && p.range.end <= end.start).collect();
        let prev = out.last().map(|(c, _)| c.clone());
        let words: Vec<Token> = tokens[start..end.start].iter().filter(|t| !matches!(t.kind, TokenKind::Sep(_))).cloned().collect();
        match wishes::rewrite_list(input, strip_politeness(&words)) {
            // "I want Dublin, Madrid and Oslo selected": read as the
            // order it means, split as such.
            Some(order) => {
                let toks = super::tokens::tokenize(&order);
                let points = split_points(&toks, 0..toks.len());
                let weak: Vec<&Point> = points.iter().collect();
                out.extend(chunk(&order, &toks, 0..toks.len(), &weak, prev, after_comma)?);
            }
            None => out.extend(chunk(input, tokens, start..end.start, &weak, prev, after_comma)?),
        }
        start = end.end;
        after_comma = comma;
    }
    Some(with_pronouns_resolved(out))
}

/// Most words a bare label continuing a click may have ("Rome", "New York
/// City"): longer parts are sentences of their own.
const MAX_CONTINUED_LABEL: usize = 3;

/// Pronouns that point back at what the previous command found.
const POINTING_BACK: &[&str] = &["it", "that", "this", "them", "that one", "this one", "their", "its", "these", "those"];

/// Whether a command of `steps` still names its target or text by a
/// pronoun ("click it", "type it into the box") once [`sequence`] resolved
/// what it could: nothing said what "it" is, and a guess types or clicks
/// the wrong thing (the page's one field takes "it" as its text).
pub(crate) fn points_nowhere(steps: &[(Command, &'static str)]) -> bool {
    let pronoun = |s: &str| POINTING_BACK.contains(&s.trim().to_lowercase().as_str());
    steps.iter().any(|(c, _)| match c {
        Command::Click { target } | Command::Check { target, .. } | Command::Focus { target } | Command::Open { target: OpenTarget::Link(target) } => {
            pronoun(&target.label)
        }
        Command::InMenu { menu, item } => pronoun(&menu.label) || pronoun(&item.label),
        Command::Suggest { text, .. } | Command::SwitchTab { text } => pronoun(text),
        Command::Type { text, field } => pronoun(text) || pronoun(&field.label),
        Command::Select { option, field } => pronoun(option) || pronoun(&field.label),
        _ => false,
    })
}

/// Whether a command of `steps` types text that itself says where to
/// type ("that in the User name box plus fjord32" into Password): the
/// sentence was cut at the wrong "in", and typing it would show ✓ for a
/// field filled with the order's own words.
pub(crate) fn types_a_place(steps: &[(Command, &'static str)]) -> bool {
    steps.iter().any(|(c, _)| match c {
        Command::Type { text, field } => {
            says_a_place(text) || says_an_order(text) || says_a_means(text) || says_a_reason(text) || is_an_order(&field.label) || says_a_reason(&field.label)
        }
        Command::Suggest { text, .. } => says_a_place(text) || says_an_order(text) || says_a_means(text) || says_a_reason(text),
        // "Click into it and type juniper …, since …": a target whose name
        // goes on into another order or a reason.
        Command::Click { target } | Command::Focus { target } | Command::Check { target, .. } => {
            let words = bare_words(&target.label);
            let goes_on = words.windows(2).any(|w| matches!(w[0].as_str(), "and" | "then") && ORDERS.contains(&w[1].as_str()) && w[1] != "please");
            goes_on && says_a_reason(&target.label) || says_an_order(&target.label) || orders_after_comma(&target.label)
        }
        _ => false,
    })
}

/// "write kestrel for me in the box": politeness said inside the order
/// is no part of the value (text typed in quotes stays as typed).
pub(crate) fn values_without_politeness(input: &str, steps: Vec<(Command, &'static str)>) -> Vec<(Command, &'static str)> {
    const TAILS: &[&str] = &[" please", " pls", " plz", " for me", " for us", " thanks", " thank you", " thx"];
    let quoted = |text: &str| ['"', '\'', '“', '‘'].iter().any(|q| input.contains(&format!("{q}{text}")));
    let strip = |text: &mut String| {
        if quoted(text) {
            return;
        }
        while let Some(tail) = TAILS.iter().find(|t| text.to_lowercase().ends_with(*t) && text.len() > t.len()) {
            text.truncate(text.len() - tail.len());
            let kept = text.trim_end_matches([',', ' ']).len();
            text.truncate(kept);
        }
    };
    steps
        .into_iter()
        .map(|(mut c, rule)| {
            if let Command::Type { text, .. } | Command::Suggest { text, .. } = &mut c {
                strip(text);
            }
            (c, rule)
        })
        .collect()
}

/// "Norway using the suggestions": the way to set it, said after the value.
fn says_a_means(text: &str) -> bool {
    const MEANS: &[&str] = &["using", "with", "via", "from", "through"];
    const WIDGETS: &[&str] = &["suggestions", "suggestion", "list", "dropdown", "autocomplete", "options", "menu", "picker"];
    let words = bare_words(text);
    words.windows(3).any(|w| MEANS.contains(&w[0].as_str()) && w[1] == "the" && WIDGETS.contains(&w[2].as_str()))
}

/// The words of `text`, lower-case, their outer punctuation off.
pub(crate) fn bare_words(text: &str) -> Vec<String> {
    text.split_whitespace().map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase()).collect()
}

/// Words that open an order (or end a request) in a sentence.
const ORDERS: &[&str] = &[
    "fill", "click", "press", "type", "enter", "put", "tick", "check", "select", "choose", "pick", "open", "hit", "tap", "then", "please",
    "thanks", "use", "scroll", "find", "look", "wait", "make", "place", "move", "leave", "set", "go", "jump", "don't", "dont", "do",
];

/// "granite, fill it in", "the country set to Norway - type it": unquoted
/// text with a comma or dash and an order after it is the sentence going
/// on, not a value.
fn says_an_order(text: &str) -> bool {
    let quoted = text.starts_with(['"', '\'', '“', '‘']);
    let parts = text.split([',', ';', '—', '–']).flat_map(|p| p.split(" - ")).skip(1);
    const FILLERS: &[&str] = &["just", "and", "then", "now", "also", "so", "but", "first"];
    let opens = |rest: &str| {
        let mut words = rest.split_whitespace().map(str::to_lowercase).skip_while(|w| FILLERS.contains(&w.as_str()));
        words.next().is_some_and(|w| ORDERS.contains(&w.as_str()))
    };
    !quoted && parts.clone().any(opens)
}

/// Verbs of acting on the page: a clause that holds one orders something.
pub(crate) const ACTING_VERBS: &[&str] = &[
    "click", "tick", "check", "untick", "uncheck", "scroll", "type", "press", "select", "choose", "pick", "open", "enter", "fill",
    "hit", "tap", "expand", "close", "dismiss", "search", "submit",
];

/// "I agree, but you have to scroll the terms box first" taken for a
/// name: after a comma, a clause with a verb of acting in it.
fn orders_after_comma(label: &str) -> bool {
    let quoted = label.starts_with(['"', '\'', '“', '‘']);
    !quoted && label.split([',', ';']).skip(1).any(|part| bare_words(part).iter().any(|w| ACTING_VERBS.contains(&w.as_str())))
}

/// "and click the suggestion that comes up" taken for a field's name: a
/// name that is an order.
fn is_an_order(label: &str) -> bool {
    let mut words = bare_words(label).into_iter();
    let first = words.next().unwrap_or_default();
    let mut head = first;
    while matches!(head.as_str(), "and" | "then" | "but" | "first" | "just") {
        head = words.next().unwrap_or_default();
    }
    ORDERS.contains(&head.as_str()) && head != "please" || says_an_order(label)
}

/// "juniper with no full stop, since it has to match exactly": a reason
/// said after the value (or the field) is no part of it.
fn says_a_reason(text: &str) -> bool {
    const REASONS: &[&str] = &["since", "because", "otherwise", "cause", "coz", "cuz"];
    let quoted = text.starts_with(['"', '\'', '“', '‘']);
    let words = bare_words(text);
    !quoted && words.len() > 2 && words.iter().skip(1).any(|w| REASONS.contains(&w.as_str()))
}

/// "… in the User name box …": "in"/"into" and a field's role word at
/// most four words later, the text's own last word excepted.
fn says_a_place(text: &str) -> bool {
    const FIELD_WORDS: &[&str] = &["box", "field", "input", "textbox", "blank"];
    let words = bare_words(text);
    let said_in = words.iter().enumerate().any(|(i, w)| {
        matches!(w.as_str(), "in" | "into") && words.get(i + 1).is_some_and(|n| n == "the")
            && words.iter().skip(i + 2).take(4).any(|n| FIELD_WORDS.contains(&n.as_str()))
    });
    // "amber, second field: birch": the next field named in a list.
    let listed = text.split(',').skip(1).any(|part| {
        let mut it = bare_words(part).into_iter();
        let (first, second) = (it.next().unwrap_or_default(), it.next().unwrap_or_default());
        matches!(first.as_str(), "first" | "second" | "third" | "fourth" | "last" | "next" | "other") && FIELD_WORDS.contains(&second.as_str())
    });
    said_in || listed
}

/// "…until you reach Reports, then click it": the reveal clicks what it
/// found; the pronoun's click is that click, not a second one.
fn with_pronouns_resolved(commands: Vec<(Command, &'static str)>) -> Vec<(Command, &'static str)> {
    let mut out: Vec<(Command, &'static str)> = Vec::with_capacity(commands.len());
    for (cmd, rule) in commands {
        let pointing = match &cmd {
            Command::Click { target } | Command::Open { target: OpenTarget::Link(target) } => {
                target.role.is_none() && POINTING_BACK.contains(&target.label.to_lowercase().as_str())
            }
            _ => false,
        };
        if pointing {
            if let Some((Command::Reveal { click, .. }, _)) = out.last_mut() {
                *click = true;
                continue;
            }
        }
        out.push((cmd, rule));
    }
    out
}

/// A part with no verb of its own read with the previous command's (see
/// the module docs); `list`: the part is an item of a comma list.
fn continued(input: &str, words: &[Token], prev: &Command, list: bool) -> Option<(Command, &'static str)> {
    let (first, last) = (words.first()?, words.last()?);
    let part = &input[first.start..last.end];
    // "…; don't type anything in the third" says what not to do: it is no
    // step, and never the previous verb's value.
    let lead = input[first.start..first.end].to_lowercase().replace('’', "'");
    if NEGATIONS.contains(&lead.as_str()) {
        return None;
    }
    match prev {
        Command::Type { .. } => ["type", "fill in", "set"].iter().find_map(|verb| {
            let text = format!("{verb} {part}");
            let toks = super::tokens::tokenize(&text);
            match match_command(&text, &toks)? {
                (cmd @ Command::Type { .. }, rule) => Some((cmd, rule)),
                _ => None,
            }
        }),
        Command::Click { .. } | Command::Open { target: OpenTarget::Link(_) } if list && words.len() <= MAX_CONTINUED_LABEL => {
            Some((Command::Click { target: slots::target(input, words)? }, "click"))
        }
        Command::Check { on, .. } if list && words.len() <= MAX_CONTINUED_LABEL => {
            Some((Command::Check { target: slots::target(input, words)?, on: *on }, "check.on"))
        }
        _ => None,
    }
}

/// Words that open a part saying what not to do.
const NEGATIONS: &[&str] = &["don't", "don", "dont", "do", "never", "not", "no", "leave", "skip", "ignore"];

/// Whether the separators of `point` hold a comma.
fn has_comma(input: &str, tokens: &[Token], point: &Point) -> bool {
    tokens[point.range.clone()].iter().any(|t| matches!(t.kind, TokenKind::Sep(_)) && input[t.start..t.end].contains(','))
}

/// The commands of one chunk, split at the weak points where every part is
/// a command, most splits first.
fn chunk(
    input: &str,
    tokens: &[Token],
    body: Range<usize>,
    weak: &[&Point],
    before: Option<Command>,
    after_comma: bool,
) -> Option<Vec<(Command, &'static str)>> {
    let list = after_comma || weak.iter().any(|p| has_comma(input, tokens, p));
    let mut memo: HashMap<Range<usize>, Option<(Command, &'static str)>> = HashMap::new();
    let mut one = |range: Range<usize>| -> Option<(Command, &'static str)> {
        memo.entry(range.clone())
            .or_insert_with(|| {
                let words: Vec<Token> =
                    tokens[range].iter().filter(|t| !matches!(t.kind, TokenKind::Sep(_))).cloned().collect();
                let words = strip_politeness(&words);
                match_command(input, words).or_else(|| wishes::command(input, words))
            })
            .clone()
    };
    masks(weak.len()).into_iter().find_map(|mask| {
        let mut start = body.start;
        let mut parts = Vec::new();
        for (k, p) in weak.iter().enumerate() {
            if mask & (1 << k) != 0 {
                parts.push(start..p.range.start);
                start = p.range.end;
            }
        }
        parts.push(start..body.end);
        let mut read: Vec<(Command, &'static str)> = Vec::new();
        for part in parts {
            let prev = read.last().map(|(c, _)| c.clone()).or_else(|| before.clone());
            let cmd = one(part.clone()).or_else(|| {
                let words: Vec<Token> =
                    tokens[part].iter().filter(|t| !matches!(t.kind, TokenKind::Sep(_))).cloned().collect();
                continued(input, strip_politeness(&words), prev.as_ref()?, list)
            })?;
            read.push(cmd);
        }
        Some(read)
    })
}

/// Interior runs of separators in `body` (runs touching its ends are words).
fn split_points(tokens: &[Token], body: Range<usize>) -> Vec<Point> {
    let mut points = Vec::new();
    let mut i = body.start;
    while i < body.end {
        let Some(mut strength) = separatorish(&tokens[i]) else {
            i += 1;
            continue;
        };
        let start = i;
        while i < body.end {
            match separatorish(&tokens[i]) {
                Some(s) => strength = strength.max(s),
                None => break,
            }
            i += 1;
        }
        if start > body.start && i < body.end {
            points.push(Point { range: start..i, strength });
        }
    }
    points
}

/// Split masks over `n` weak points (bit k: split at point k), most splits
/// first; past [`MAX_WEAK_COMBINED`] only all or none.
fn masks(n: usize) -> Vec<u32> {
    let all = ((1u64 << n) - 1) as u32;
    if n > MAX_WEAK_COMBINED {
        return vec![all, 0];
    }
    let mut masks: Vec<u32> = (0..=all).collect();
    masks.sort_by_key(|m| (std::cmp::Reverse(m.count_ones()), *m));
    masks
}

#[cfg(test)]
mod tests {
    use super::super::tokens::tokenize;
    use super::*;

    #[test]
    fn points_have_strengths_and_masks_prefer_more_splits() {
        let tokens = tokenize("a and b then c");
        let points = split_points(&tokens, 0..tokens.len());
        let strengths: Vec<Strength> = points.iter().map(|p| p.strength).collect();
        assert_eq!(strengths, [Strength::Weak, Strength::Strong]);
        assert_eq!(masks(2), vec![0b11, 0b01, 0b10, 0b00]);
        assert_eq!(masks(13), vec![0x1fff, 0]);
    }

    #[test]
    fn runs_merge_and_edges_do_not_split() {
        let tokens = tokenize("then a, and then b.");
        let lo = 0;
        let hi = tokens.len() - 1;
        let points = split_points(&tokens, lo..hi);
        assert_eq!(points.len(), 1);
        assert_eq!(points[0].strength, Strength::Strong);
    }

    #[test]
    fn politeness_comes_off_both_ends() {
        let input = "could you please scroll down for me thanks";
        let tokens = tokenize(input);
        let words: Vec<&str> = strip_politeness(&tokens).iter().map(|t| t.norm.as_str()).collect();
        assert_eq!(words, ["scroll", "down"]);
        let tokens = tokenize("please");
        assert_eq!(strip_politeness(&tokens).len(), 1);
    }
}
