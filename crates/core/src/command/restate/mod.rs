//! Restating what people write as the orders the grammar reads (issue 45).
//!
//! The grammar's rules read orders ("type amber into the first field").
//! People who never saw them write the same task in many other shapes:
//! "Would you mind picking Vienna in the city menu?", "There's only one
//! button here. Click it.", "The note should just say delta.", "Only the
//! second textbox gets indigo; the other two stay blank.". Adding a rule
//! per sentence does not carry to the next writer; these are families of
//! English, and each is restated here the same way wherever it occurs:
//!
//! 1. **Clauses**: bracketed asides are left out; the input is cut at
//!    sentence ends (`.`, `?`, `!`, `;`), at ", so" / ", but" / "then" and
//!    at a dash ("Madrid — that's the city to choose"). A partial typing
//!    and the pick after its "then" are one order (the suggestion's).
//! 2. **Words**: a clause loses the asking around the order ("would you
//!    mind …ing" becomes the imperative, "go ahead and", "for me", "pls",
//!    greetings, a checklist's "Step 3:"; thanks and sign-offs are dropped),
//!    remarks that change nothing ("case and all", "nothing else", "on
//!    this page"), and says its nouns and verbs in the grammar's words
//!    (`hyperlink` → link, `tickbox` → checkbox, `drop-down menu` →
//!    dropdown, `stick`/`pop`/`bang` → put, `shut` → close).
//! 3. **Shapes** ([`SHAPES`]): a state wished for ("X should say V", "only
//!    X should be checked", "X gets V"), an element described by its text
//!    ("the button whose text is Plum", "the one that reads CHERRY"), a
//!    verbless choice ("Madrid from the dropdown") and other whole-clause
//!    shapes become the imperative.
//! 4. **Context**: an aim or a reason before the order ("To see Specs,",
//!    "Since I'm going to Madrid,") and a clause that is no order but says what the next one
//!    points at ("There's only one button here.", "I'm heading to Paris.",
//!    "Madrid.") gives the referent for "it", "them" or "that option" in
//!    the orders after it, and is dropped; a clause that only says what to
//!    leave alone ("the other two stay blank") is dropped.
//!
//! The orders left are joined with "then" and read by the grammar again.
//! [`restate`] is tried only when the input as typed is not read as
//! commands (`super::explain`), so whatever the rules already read keeps
//! its meaning; a restatement the grammar cannot read either is dropped,
//! never run half.

use super::pattern::{Pattern, Slot};
use super::tokens::{tokenize, Token, TokenKind};
use std::sync::OnceLock;

mod clauses;
mod signin;
mod tables;
mod words;

use clauses::{clauses, with_suggestion_picked, without_asides};
use signin::signing_in;
use tables::*;
use words::{join, phrase_at, replaced, split_words, words_said_plainly, W};

fn compile(src: &str) -> Pattern {
    Pattern::compile(src).unwrap_or_else(|e| panic!("restate pattern {src:?}: {e}"))
}

fn shapes() -> &'static [Pattern] {
    static C: OnceLock<Vec<Pattern>> = OnceLock::new();
    C.get_or_init(|| SHAPES.iter().map(|(_, p, _)| compile(p)).collect())
}

fn leave_alone() -> &'static [Pattern] {
    static C: OnceLock<Vec<Pattern>> = OnceLock::new();
    C.get_or_init(|| LEAVE_ALONE.iter().map(|p| compile(p)).collect())
}

fn contexts() -> &'static [Pattern] {
    static C: OnceLock<Vec<Pattern>> = OnceLock::new();
    C.get_or_init(|| CONTEXT.iter().map(|(p, _)| compile(p)).collect())
}

/// `input` restated as orders (see the module docs), or `None` when
/// nothing changed or no order is left.
pub fn restate(input: &str) -> Option<String> {
    if let Some(order) = signing_in(input) {
        return Some(order);
    }
    // An aside in brackets ("(only these)", "(case-sensitive)") only
    // repeats or qualifies the order around it.
    let typed = input;
    let unbracketed = without_asides(input);
    let input = unbracketed.as_str();
    let mut orders: Vec<String> = Vec::new();
    let mut referent: Option<String> = None;
    let all = with_suggestion_picked(clauses(input));
    for (index, (clause, after_then)) in all.iter().cloned().enumerate() {
        let before_then = all.get(index + 1).is_some_and(|(_, then)| *then);
        // "To see Specs, click its tab": the aim names what "its" means.
        let (aim, clause) = without_aim(&clause);
        if let Some(aim) = aim {
            referent = Some(aim);
        }
        let said = without_leave_alone(&words_said_plainly(&clause));
        if said.is_empty() || matches_any(leave_alone(), &said) {
            continue;
        }
        if let Some(r) = context(&said) {
            referent = Some(r);
            continue;
        }
        // "Tick I agree, but first scroll the terms box down": an order
        // said to come before all the others.
        let lower = said.to_lowercase();
        let first = ["but first ", "first ", "but before that ", "before that "].iter().find_map(|p| lower.starts_with(p).then(|| &said[p.len()..]));
        if let Some(rest) = first.filter(|rest| index > 0 && starts_with_verb(rest)) {
            let order = read_or_shaped(rest);
            orders.insert(0, order.trim_end_matches(['?', '.', '!']).trim().to_owned());
            continue;
        }
        let order = read_or_shaped(&said);
        let order = match &referent {
            Some(r) => pointed(&order, r),
            None => order,
        };
        let order = order.trim_end_matches(['?', '.', '!']).trim().to_owned();
        let verb_first = starts_with_verb(&order);
        let a_name = order.split_whitespace().all(|w| w.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit()));
        if (after_then || before_then) && !verb_first && a_name && order.split_whitespace().count() <= 3 && !reads(&order) {
            // "Click Actions, then Rename", "Shipping, then Details": the
            // next thing to click.
            orders.push(format!("click {order}"));
            continue;
        }
        if !after_then && !verb_first && !reads(&order) {
            // Credentials are never only said: a clause that gives a
            // password and no order leaves the sentence unread (the
            // orders around it are not all of it).
            if !crate::safety::typed::typed_secrets(&order).is_empty() {
                return None;
            }
            // Nor is an order said in a way not read ("but first you have
            // to scroll the box"): the rest alone would show ✓ for half.
            if says_an_order(&clause) {
                return None;
            }
            // "Madrid." or "Country: Ireland" or "Only three cities: Dublin,
            // Rome, Oslo": a value for the next order; "These boxes have
            // no labels.": said about the page.
            if let Some(path) = folder_path(&order) {
                // "Under Archive/Old": open each folder on the way.
                orders.extend(path);
                continue;
            }
            let value = order.rsplit_once(':').map_or(order.as_str(), |(_, v)| v).trim();
            let preposition = ["under", "in", "inside", "at", "on", "below", "above"].iter().any(|p| order.to_lowercase().starts_with(&format!("{p} ")));
            if !preposition && (order.split_whitespace().count() <= 3 || (order.contains(':') && value.split_whitespace().count() <= 6)) {
                referent = Some(value.to_owned());
            }
            continue;
        }
        orders.push(order);
    }
    let out = orders.join(" then ");
    (!out.is_empty() && out != typed.trim()).then_some(out)
}

/// "Under Archive/Old", "Documents > Work > Reports", "A → B": a clause that is a
/// path of names, as the clicks that walk it.
fn folder_path(clause: &str) -> Option<Vec<String>> {
    let body = ["under ", "in ", "inside "].iter().find_map(|p| clause.to_lowercase().starts_with(p).then(|| &clause[p.len()..])).unwrap_or(clause);
    let parts: Vec<&str> = body.split(['/', '>', '→']).map(str::trim).collect();
    let names = parts.len() >= 2 && parts.iter().all(|p| !p.is_empty() && p.split_whitespace().count() <= 3 && !p.contains("://") && !p.contains('.'));
    names.then(|| parts.iter().map(|p| format!("click {p}")).collect())
}

fn reads(text: &str) -> bool {
    super::split::sequence(text, &tokenize(text)).is_some()
}

/// A clause the rules read as it is keeps its reading; shapes are for the
/// rest ("navigate to localhost:8080" is no folder walk). Two wishes
/// joined by "and" are shaped one by one ("the first box needs amber and
/// the second needs birch").
fn read_or_shaped(said: &str) -> String {
    if let Some(first) = shaped_first(said) {
        return first;
    }
    if reads(said) {
        return said.to_owned();
    }
    let lower = said.to_lowercase();
    if lower.len() == said.len() {
        for (at, _) in lower.match_indices(" and ") {
            let (a, b) = (&said[..at], &said[at + 5..]);
            let part = |p: &str| if reads(p) { Some(p.to_owned()) } else { shaped(p) };
            if let (Some(a), Some(b)) = (part(a), part(b)) {
                return format!("{a} then {b}");
            }
        }
    }
    shaped(said).unwrap_or_else(|| said.to_owned())
}

/// How an aim or a reason before the order starts.
const AIM_LEADS: &[&str] = &["to ", "since ", "because ", "seeing as ", "given that "];

/// "To see Specs, click its tab" → (Some("Specs"), "click its tab"): an
/// aim or a reason before the order ("Since I'm going to Madrid, choose
/// it"); it names a referent when it holds a capitalised name ("To move
/// on, press the button" names none).
fn without_aim(clause: &str) -> (Option<String>, String) {
    let lower = clause.to_lowercase();
    if lower.len() != clause.len() {
        return (None, clause.to_owned());
    }
    let Some(lead) = AIM_LEADS.iter().find(|l| lower.starts_with(*l)) else { return (None, clause.to_owned()) };
    let Some(comma) = lower[lead.len()..].find(", ") else { return (None, clause.to_owned()) };
    let (aim, order) = (&clause[lead.len()..lead.len() + comma], clause[lead.len() + comma + 2..].to_owned());
    // "To see Specs": the aim's verb is no name; "Since I'm going to
    // Madrid": neither is "I".
    let skip = usize::from(*lead == "to ");
    let words: Vec<&str> = aim.split_whitespace().skip(skip).filter(|w| !matches!(*w, "I" | "I'm" | "I've" | "I'd" | "I'll")).collect();
    // The name: the capitalised words, as a run.
    let named: Vec<&str> = words.iter().skip_while(|w| !w.starts_with(char::is_uppercase)).take_while(|w| {
        w.starts_with(char::is_uppercase) || matches!(**w, "and" | "or") || w.ends_with(',')
    }).copied().collect();
    let name = named.join(" ").trim_end_matches(',').to_owned();
    ((!name.is_empty()).then_some(name), order)
}

/// `text` without a last part that only says what to leave alone ("…
/// and leave the others empty", "…, nothing else").
fn without_leave_alone(text: &str) -> String {
    let lower = text.to_lowercase();
    if lower.len() != text.len() {
        return text.to_owned();
    }
    // The last cut first: "…and delta in field 2, field 3 you leave
    // empty" leaves the third alone, not the second with it.
    let mut cuts: Vec<(usize, usize)> = [" and ", ", "].iter().filter_map(|sep| lower.rfind(sep).map(|at| (at, sep.len()))).collect();
    cuts.sort_by(|a, b| b.0.cmp(&a.0));
    for (at, len) in cuts {
        if matches_any(leave_alone(), &text[at + len..]) {
            return text[..at].trim_end_matches(',').to_owned();
        }
    }
    text.to_owned()
}

/// Whether unquoted `text` of several words says something (a modal, a
/// form of "be", a contraction of one) rather than being a value.
fn is_clause(text: &str) -> bool {
    let words: Vec<String> = text.split_whitespace().map(|w| w.to_lowercase().replace('’', "'")).collect();
    let quoted = text.starts_with(['"', '\'', '“', '‘']);
    let bare = |w: &String| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'').to_owned();
    let moving = words.len() == 1 && MOVING.contains(&bare(&words[0]).as_str());
    !quoted && (moving || words.len() > 1 && words.iter().any(|w| CLAUSE_WORDS.contains(&bare(w).as_str())))
}

fn starts_with_verb(text: &str) -> bool {
    let first = text.split_whitespace().next().unwrap_or("").to_lowercase();
    VERBS.contains(&first.as_str())
}

fn words_of(text: &str) -> Vec<Token> {
    tokenize(text).into_iter().filter(|t| !matches!(t.kind, TokenKind::Sep(_))).collect()
}

fn matches_any(patterns: &[Pattern], text: &str) -> bool {
    let toks = words_of(text);
    patterns.iter().any(|p| p.matches(&toks).is_some())
}

/// The referent a context clause names, if it is one.
fn context(text: &str) -> Option<String> {
    let toks = words_of(text);
    contexts().iter().zip(CONTEXT).find_map(|(p, (_, the))| {
        let caps = p.matches(&toks)?;
        let r = caps.get(Slot::Label).or_else(|| caps.get(Slot::Field))?;
        let (first, last) = (toks.get(r.start)?, toks.get(r.end - 1)?);
        let named = &text[first.start..last.end];
        Some(if *the { format!("the {named}") } else { named.to_owned() })
    })
}

/// The order a `first.` shape means (tried before the rules read it).
fn shaped_first(text: &str) -> Option<String> {
    shaped_by(text, true)
}

/// The order a whole-clause shape means, if the clause has one.
fn shaped(text: &str) -> Option<String> {
    shaped_by(text, false)
}

fn shaped_by(text: &str, first_only: bool) -> Option<String> {
    let toks = words_of(text);
    let verb_first = starts_with_verb(text);
    shapes().iter().zip(SHAPES).find_map(|(p, (id, _, order))| {
        if (verb_first && id.starts_with("bare.")) || (first_only && !id.starts_with("first.")) {
            return None;
        }
        let caps = p.matches(&toks)?;
        let mut out = (*order).to_owned();
        for (slot, range) in caps.all() {
            let Some(name) = slot.placeholder() else { continue };
            let (first, last) = (toks.get(range.start)?, toks.get(range.end - 1)?);
            let said = &text[first.start..last.end];
            // A verbless shape's value is a value, not a clause: in
            // "that's all that should go in the textbox" nothing is said
            // to go in it.
            if id.starts_with("bare.") && name == "{text}" && is_clause(said) {
                return None;
            }
            out = out.replace(name, said);
        }
        Some(out)
    })
}

/// `order` with its pointing words ("it", "that option") replaced by what
/// the context named.
fn pointed(order: &str, referent: &str) -> String {
    let mut kinds: Vec<(&str, String)> = POINTERS_OF_KIND.iter().map(|(p, kind)| (*p, format!("the {referent} {kind}"))).collect();
    // "tick those cities", "select these three": the things just named.
    kinds.extend(["those cities", "these cities", "those items", "those options", "those boxes", "those ones", "these ones"].map(|p| (p, referent.to_owned())));
    let kinds: Vec<(&str, &str)> = kinds.iter().map(|(p, r)| (*p, r.as_str())).collect();
    let words = replaced(&split_words(order), &kinds);
    let mut out: Vec<W> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let hit = POINTERS.iter().map(|p| p.split(' ').collect::<Vec<_>>()).filter(|p| phrase_at(&words, i, p)).max_by_key(Vec::len);
        match hit {
            // "Flip through the tabs until you spot it": what is looked
            // for is the referent too.
            Some(p) => {
                let tail: String = words[i + p.len() - 1].orig.chars().rev().take_while(|c| ",.?!;:".contains(*c)).collect();
                let mut r = referent.to_owned();
                r.extend(tail.chars().rev());
                out.push(W { low: r.to_lowercase(), orig: r });
                i += p.len();
            }
            None => {
                out.push(words[i].clone());
                i += 1;
            }
        }
    }
    join(&out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pattern_compiles_and_every_shape_fills_its_slots() {
        let _ = (shapes(), leave_alone(), contexts());
        // The pattern language has no groups inside groups.
        let all = SHAPES.iter().map(|(_, p, _)| *p).chain(LEAVE_ALONE.iter().copied()).chain(CONTEXT.iter().map(|(p, _)| *p));
        for p in all {
            let mut depth = 0;
            for c in p.chars() {
                match c {
                    '(' | '[' => depth += 1,
                    ')' | ']' => depth -= 1,
                    _ => {}
                }
                assert!(depth <= 1, "nested group in {p:?}");
            }
        }
        for (id, pattern, order) in SHAPES {
            for slot in ["{text}", "{field}", "{option}", "{label}"] {
                assert_eq!(pattern.contains(slot), order.contains(slot), "{id}: {slot}");
            }
        }
    }
}

/// Whether a clause not read as an order still holds one: a verb of
/// acting on the page after its first word ("but first scroll the box
/// down", "you have to click Save").
fn says_an_order(clause: &str) -> bool {
    use crate::command::split::ACTING_VERBS as ACTING;
    // ("match the letters when you choose": a verb after "when" says
    // how, a remark.)
    const HOW: &[&str] = &["so", "when", "while", "as", "because", "since", "if", "otherwise", "which", "whenever", "once"];
    let words = crate::command::split::bare_words(clause);
    let acting = words.iter().skip(1).position(|w| ACTING.contains(&w.as_str()));
    acting.is_some_and(|at| !words[..=at].iter().any(|w| HOW.contains(&w.as_str())))
}
