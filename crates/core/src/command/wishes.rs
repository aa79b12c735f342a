//! Wishes said instead of orders (issue 45 point 4): "I want Vienna
//! selected in the list", "I'd like juniper written in the text area
//! below", "I'd like the second field to say indigo", "make the first box
//! say amber", "the quantity should be 3".
//!
//! A wish is rewritten into the imperative the grammar already reads
//! ("select Vienna from the list") and read again, rather than given rules
//! of its own: what the imperative means (roles, places, lists) then holds
//! for the wish too. Two places use it:
//! - a whole strong chunk ([`rewrite_list`]), for wishes about several
//!   items: "I want Dublin, Madrid and Oslo selected" becomes "select
//!   Dublin, Madrid and Oslo", which the splitter reads as three clicks;
//! - one part of a sequence ([`command`]), for the rest: "I'd like the
//!   first field to say a and the second to say b" is two wishes (the
//!   second without its lead).
//!
//! Slots are copied as typed (quotes kept), so quoted text stays the
//! user's.

use super::model::Command;
use super::pattern::Pattern;
use super::rules::match_command;
use super::tokens::{tokenize, Token};
use std::sync::OnceLock;

/// How a wish starts. "I want to …" is politeness before an order, taken
/// off earlier (`split::POLITE_PREFIXES`); these are followed by a thing.
const LEAD: &str = "(i want|i'd like|i would like|i need|i'd love|i would love|we want|we need|we'd like|make sure|please make sure|ensure)";

const COPULAS: &[&str] = &["is", "are", "be", "was", "were", "been", "gets", "get"];

/// One wish: an id (named by fixtures), its pattern (`LEAD` is replaced by
/// the leads above) and the imperative it means (`{slot}` replaced by what
/// the slot captured, as typed).
pub struct Wish {
    pub id: &'static str,
    pub pattern: &'static str,
    pub imperative: &'static str,
    /// Whether the wish may be about several items and is rewritten as a
    /// whole chunk ([`rewrite_list`]).
    pub list: bool,
}

const fn w(id: &'static str, pattern: &'static str, imperative: &'static str, list: bool) -> Wish {
    Wish {
        id,
        pattern,
        imperative,
        list,
    }
}

#[rustfmt::skip]
pub static WISHES: &[Wish] = &[
    w("wish.typed_into", "LEAD {text} (typed|written|entered|put|filled in|inserted|pasted) (in|into|inside) {field}", "type {text} into {field}", false),
    w("wish.typed_as", "LEAD {text} (typed|written|entered|put|filled in) as {field}", "enter {text} as {field}", false),
    w("wish.selected_in", "LEAD {option} (selected|chosen|picked) (in|from|on|under|for) {field}", "select {option} from {field}", false),
    w("wish.selected_as", "LEAD {option} (selected|chosen|picked|set) as {field}", "choose {option} as {field}", false),
    w("wish.checked", "LEAD {label} [to be] (checked|ticked|marked|turned on|switched on|enabled)", "tick {label}", true),
    w("wish.unchecked", "LEAD {label} [to be] (unchecked|unticked|cleared|turned off|switched off|disabled)", "untick {label}", true),
    w("wish.selected", "LEAD {label} [to be] (selected|chosen|picked)", "select {label}", true),
    w("wish.open", "LEAD {label} [to be] (open|opened|expanded|unfolded)", "expand {label}", false),
    // ("the note needs to say x" before "to say" takes "note needs" as its field.)
    w("wish.should", "{field} (should|must|needs to|has to) (say|read|show|contain|hold) {text}", "set {field} to {text}", false),
    // "I'd like the second field to say indigo"; without a lead only after
    // another wish ("… and the second to say fjord").
    w("wish.to_say", "[LEAD] {field} to (say|read|show|contain|hold|have) {text}", "set {field} to {text}", false),
    w("wish.make_say", "(make|get) {field} (say|read|show|contain|hold) {text}", "set {field} to {text}", false),
];

/// `pattern` with its `LEAD` (or optional `[LEAD]`) spelt out.
fn lead(pattern: &str) -> String {
    let inner = &LEAD[1..LEAD.len() - 1];
    pattern
        .replace("[LEAD]", &format!("[{inner}]"))
        .replace("LEAD", LEAD)
}

fn compiled() -> &'static [(&'static Wish, Pattern)] {
    static COMPILED: OnceLock<Vec<(&'static Wish, Pattern)>> = OnceLock::new();
    COMPILED.get_or_init(|| {
        WISHES
            .iter()
            .map(|wish| {
                (
                    wish,
                    Pattern::compile(&lead(wish.pattern)).expect("wish patterns compile"),
                )
            })
            .collect()
    })
}

/// The imperative `words` mean if they are a wish (`list`: only the wishes
/// about several items), with the wish's id.
fn imperative(input: &str, words: &[Token], list_only: bool) -> Option<(String, &'static str)> {
    compiled()
        .iter()
        .filter(|(wish, _)| !list_only || wish.list)
        .find_map(|(wish, pattern)| {
            let caps = pattern.matches(words)?;
            // "make sure Red and Blue are ticked": a state said of several
            // things the list splitter cannot read ("Red and Blue"); left to
            // the LLM rather than ticking one box called "Red and Blue are".
            let copula_last = |r: &std::ops::Range<usize>| {
                let toks = &words[r.clone()];
                let to_be = toks.len() >= 2 && toks[toks.len() - 2].is_word("to");
                !to_be
                    && toks
                        .last()
                        .is_some_and(|t| COPULAS.iter().any(|c| t.is_word(c)))
            };
            if caps.all().iter().any(|(_, r)| copula_last(r)) {
                return None;
            }
            let mut out = wish.imperative.to_owned();
            for (slot, range) in caps.all() {
                let Some(name) = slot.placeholder() else { continue };
                let mut toks = &words[range.clone()];
                // "Red, Blue to be ticked": the greedy slot took "to be".
                if let [rest @ .., to, be] = toks {
                    if to.is_word("to") && be.is_word("be") && !rest.is_empty() {
                        toks = rest;
                    }
                }
                let (first, last) = (toks.first()?, toks.last()?);
                out = out.replace(name, &input[first.start..last.end]);
            }
            Some((out, wish.id))
        })
}

/// A whole chunk that wishes several items selected or ticked, as the
/// imperative to split and read instead.
pub fn rewrite_list(input: &str, words: &[Token]) -> Option<String> {
    imperative(input, words, true).map(|(text, _)| text)
}

/// One part that is a wish, read as its imperative; the id is the wish's.
pub fn command(input: &str, words: &[Token]) -> Option<(Command, &'static str)> {
    let (text, id) = imperative(input, words, false)?;
    let tokens = tokenize(&text);
    let (cmd, _) = match_command(&text, &tokens)?;
    Some((cmd, id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_wish_compiles_and_names_its_slots_in_the_imperative() {
        for (wish, _) in compiled() {
            for slot in ["{text}", "{field}", "{option}", "{label}"] {
                assert_eq!(
                    wish.pattern.contains(slot),
                    wish.imperative.contains(slot),
                    "{}: {slot}",
                    wish.id
                );
            }
        }
    }

    #[test]
    fn a_list_wish_keeps_its_list_as_typed() {
        let rows = [
            (
                "I want Dublin, Madrid and \"Oslo\" selected",
                Some("select Dublin, Madrid and \"Oslo\""),
            ),
            ("we'd like Red, Blue to be ticked", Some("tick Red, Blue")),
            (
                "I'd like Newsletter and Offers unchecked",
                Some("untick Newsletter and Offers"),
            ),
            ("make sure Red and Blue are ticked", None),
            ("I want Oslo selected in the list", None),
        ];
        for (input, want) in rows {
            let tokens = tokenize(input);
            let words: Vec<Token> = tokens
                .into_iter()
                .filter(|t| !matches!(t.kind, super::super::tokens::TokenKind::Sep(_)))
                .collect();
            assert_eq!(rewrite_list(input, &words).as_deref(), want, "{input}");
        }
    }
}
