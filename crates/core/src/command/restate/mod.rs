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
//! 1. **Clauses**: the input is cut at sentence ends (`.`, `?`, `!`, `;`)
//!    and at ", so" / ", but" / "but".
//! 2. **Words**: a clause loses the asking around the order ("would you
//!    mind …ing" becomes the imperative, "go ahead and", "for me", "pls"),
//!    remarks that change nothing ("case and all", "nothing else", "on
//!    this page"), and says its nouns and verbs in the grammar's words
//!    (`hyperlink` → link, `tickbox` → checkbox, `drop-down menu` →
//!    dropdown, `stick`/`pop`/`bang` → put, `shut` → close).
//! 3. **Shapes** ([`SHAPES`]): a state wished for ("X should say V", "only
//!    X should be checked", "X gets V"), an element described by its text
//!    ("the button whose text is Plum", "the one that reads CHERRY"), a
//!    verbless choice ("Madrid from the dropdown") and other whole-clause
//!    shapes become the imperative.
//! 4. **Context**: a clause that is no order but says what the next one
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

mod tables;

use tables::*;

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
    let mut orders: Vec<String> = Vec::new();
    let mut referent: Option<String> = None;
    for (clause, after_then) in clauses(input) {
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
        let order = read_or_shaped(&said);
        let order = match &referent {
            Some(r) => pointed(&order, r),
            None => order,
        };
        let order = order.trim_end_matches(['?', '.', '!']).trim().to_owned();
        let verb_first = starts_with_verb(&order);
        let a_name = order.split_whitespace().all(|w| w.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit()));
        if after_then && !verb_first && a_name && order.split_whitespace().count() <= 3 && !reads(&order) {
            // "Click Actions, then Rename": the next thing to click.
            orders.push(format!("click {order}"));
            continue;
        }
        if !after_then && !verb_first && !reads(&order) {
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
    (!out.is_empty() && out != input.trim()).then_some(out)
}

/// "Under Archive/Old", "Documents > Work > Reports": a clause that is a
/// path of names, as the clicks that walk it.
fn folder_path(clause: &str) -> Option<Vec<String>> {
    let body = ["under ", "in ", "inside "].iter().find_map(|p| clause.to_lowercase().starts_with(p).then(|| &clause[p.len()..])).unwrap_or(clause);
    let parts: Vec<&str> = body.split(['/', '>']).map(str::trim).collect();
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

/// "To see Specs, click its tab" → (Some("Specs"), "click its tab"): an
/// aim before the order; it names a referent when it holds a capitalised
/// name ("To move on, press the button" names none).
fn without_aim(clause: &str) -> (Option<String>, String) {
    let lower = clause.to_lowercase();
    let Some(rest) = lower.strip_prefix("to ") else { return (None, clause.to_owned()) };
    let Some(comma) = rest.find(", ") else { return (None, clause.to_owned()) };
    let (aim, order) = (&clause[3..3 + comma], clause[3 + comma + 2..].to_owned());
    let words: Vec<&str> = aim.split_whitespace().collect();
    // The name: the capitalised words after the aim's verb, as a run.
    let named: Vec<&str> = words.iter().skip(1).skip_while(|w| !w.starts_with(char::is_uppercase)).take_while(|w| {
        w.starts_with(char::is_uppercase) || matches!(**w, "and" | "or") || w.ends_with(',')
    }).copied().collect();
    let name = named.join(" ").trim_end_matches(',').to_owned();
    ((!name.is_empty()).then_some(name), order)
}

/// Words after which the user name follows, in a sentence that signs in.
const USER_BEFORE: &[&str] = &[
    "user name is", "username is", "name is", "user is", "user name", "username", "user", "login", "as", "i'm", "i am", "for", "name",
];
/// Words that make a sentence about signing in.
const SIGNING_IN: &[&str] = &["sign", "log", "login", "logging", "signing", "account", "member"];
/// Words after which the password follows (the last word of the input,
/// as people put it; `safety::typed` finds and masks it the same way).
const PASSWORD_BEFORE: &[&str] = &["password is", "password", "pw", "pass", "pwd"];

/// Credentials in one breath, however the sentence runs ("Could you sign
/// me in? User name lee, password x", "I'm kim and my password is x",
/// "Member login for kim, password x"): "sign in as U with password P".
fn signing_in(input: &str) -> Option<String> {
    let words = split_words(input);
    if !words.iter().any(|w| SIGNING_IN.iter().any(|s| w.low.starts_with(s))) {
        return None;
    }
    // What the rules read as a sign-in keeps their reading.
    let tokens = tokenize(input);
    if let Some(steps) = super::split::sequence(input, &tokens) {
        if steps.iter().any(|(c, _)| matches!(c, super::model::Command::SignIn { .. })) {
            return None;
        }
    }
    // The length of the longest phrase of `table` at `i`.
    let phrase_len = |table: &[&str], i: usize| -> Option<usize> {
        table.iter().map(|t| t.split(' ').collect::<Vec<_>>()).filter(|p| phrase_at(&words, i, p)).map(|p| p.len()).max()
    };
    // The password is the last word, right after its word.
    let pass_at = (0..words.len()).find_map(|i| phrase_len(PASSWORD_BEFORE, i).map(|n| i + n).filter(|&at| at + 1 == words.len()))?;
    let user_at = (0..pass_at).rev().find_map(|i| {
        let at = i + phrase_len(USER_BEFORE, i)?;
        if at + 1 >= pass_at {
            return None;
        }
        // "as kim?", "user name lee,": one word, its punctuation off.
        let user = words[at].orig.trim_end_matches([',', '.', '?', '!', ';']);
        let plain = user.chars().all(|c| c.is_alphanumeric() || "._-@".contains(c));
        (plain && !user.is_empty() && !["me", "my", "the", "a", "and", "in", "to"].contains(&words[at].low.as_str())).then_some(at)
    })?;
    let user = words[user_at].orig.trim_end_matches([',', '.', '?', '!', ';']);
    let pass = words[pass_at].orig.trim_end_matches(['.', '!']);
    Some(format!("sign in as {user} with password {pass}"))
}

/// `text` without a last part that only says what to leave alone ("…
/// and leave the others empty", "…, nothing else").
fn without_leave_alone(text: &str) -> String {
    let lower = text.to_lowercase();
    if lower.len() != text.len() {
        return text.to_owned();
    }
    for sep in [" and ", ", "] {
        if let Some(at) = lower.rfind(sep) {
            if matches_any(leave_alone(), &text[at + sep.len()..]) {
                return text[..at].trim_end_matches(',').to_owned();
            }
        }
    }
    text.to_owned()
}

/// Where a sentence holds two clauses (the earliest cut first).
const CLAUSE_CUTS: &[&str] = &[
    ", so ", ", but ", " but ", ", just ", ", and then ", " and then ", ", then ", " then ", ", and finally ", " and finally ", ", finally ",
    " so the ",
];

/// The clauses of `input`: cut at sentence ends and [`CLAUSE_CUTS`]; each
/// says whether it came after a "then" (a step of the same order: "click
/// Actions, then Rename").
fn clauses(input: &str) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let chars: Vec<char> = input.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let end = matches!(c, '.' | '?' | '!' | ';') && chars.get(i + 1).is_none_or(|n| n.is_whitespace());
        if end {
            if c == '?' {
                cur.push('?');
            }
            out.push(std::mem::take(&mut cur));
        } else {
            cur.push(c);
        }
    }
    out.push(cur);
    out.into_iter()
        .flat_map(|c| {
            let lower = c.to_lowercase();
            // Byte offsets agree: lower-casing keeps ASCII lengths, and the
            // cut words are ASCII.
            if lower.len() != c.len() {
                return vec![(c, false)];
            }
            let mut parts = Vec::new();
            let mut rest = 0;
            let mut then = false;
            loop {
                let cut = CLAUSE_CUTS.iter().filter_map(|s| lower[rest..].find(s).map(|at| (rest + at, s.len(), s.contains("then")))).min();
                let Some((at, len, is_then)) = cut else { break };
                parts.push((c[rest..at].to_owned(), then));
                rest = at + len;
                then = is_then;
            }
            parts.push((c[rest..].to_owned(), then));
            parts
        })
        .map(|(c, then)| (c.trim().to_owned(), then))
        .filter(|(c, _)| !c.is_empty() && c != "?")
        .collect()
}

/// A clause's words, as typed but lower-cased for comparison: `orig`
/// keeps the case and the punctuation glued to the word.
#[derive(Clone)]
struct W {
    orig: String,
    low: String,
}

fn split_words(text: &str) -> Vec<W> {
    text.split_whitespace()
        .map(|w| W { orig: w.to_owned(), low: w.trim_matches(|c: char| ",.?!;:\"“”()".contains(c)).to_lowercase().replace('’', "'") })
        .collect()
}

fn join(words: &[W]) -> String {
    words.iter().map(|w| w.orig.as_str()).collect::<Vec<_>>().join(" ")
}

fn phrase_at(words: &[W], at: usize, phrase: &[&str]) -> bool {
    words.len() >= at + phrase.len() && phrase.iter().enumerate().all(|(k, p)| words[at + k].low == *p)
}

/// Step 2 of the module docs: asking, remarks and synonyms.
fn words_said_plainly(clause: &str) -> String {
    let mut words = split_words(clause);
    let mut gerunds = false;
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
        for t in TRAILING {
            let phrase: Vec<&str> = t.split(' ').collect();
            if words.len() > phrase.len() + 1 && phrase_at(&words, words.len() - phrase.len(), &phrase) {
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
fn replaced(words: &[W], table: &[(&str, &str)]) -> Vec<W> {
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
        // A phrase said away ("these cities:") takes its punctuation along.
        if let (Some(last), false) = (out.last_mut(), to.is_empty()) {
            last.orig.push_str(&tail);
        }
        i += n;
    }
    out
}

fn punctuation_after(word: &str) -> String {
    let tail: String = word.chars().rev().take_while(|c| ",.?!;:".contains(*c)).collect();
    tail.chars().rev().collect()
}

/// "the link in that paragraph" → "the link" ([`WHERE_IT_IS`]).
fn without_where_it_is(words: &[W]) -> Vec<W> {
    let mut out: Vec<W> = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        out.push(words[i].clone());
        i += 1;
        if !ROLE_WORDS.contains(&words[i - 1].low.as_str()) || !punctuation_after(&words[i - 1].orig).is_empty() {
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
fn base_of(word: &str) -> Option<&'static str> {
    let stem = word.strip_suffix("ing")?;
    let tries = [stem.to_owned(), format!("{stem}e"), stem.chars().take(stem.chars().count().saturating_sub(1)).collect()];
    tries.iter().find_map(|t| VERBS.iter().find(|v| **v == t.as_str()).copied())
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
            out = out.replace(name, &text[first.start..last.end]);
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

    #[test]
    fn gerunds_find_their_verbs() {
        for (ger, base) in [("clicking", "click"), ("choosing", "choose"), ("popping", "pop"), ("ticking", "tick"), ("closing", "close"), ("typing", "type")] {
            assert_eq!(base_of(ger), Some(base), "{ger}");
        }
        assert_eq!(base_of("wedding"), None);
        assert_eq!(base_of("thing"), None);
    }
}
