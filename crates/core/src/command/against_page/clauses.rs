//! The sentence cut into clauses of pieces ([`clauses`]): the page's
//! names found in it, places among controls of a kind ("the second box"),
//! role words, values, and what each clause says about them (not to do,
//! undo, context, …).

use super::vocabulary::{PageWord, WordKind};
use super::words::{
    in_table, is_carrier, synonyms, result_noun, role_noun, AFTER, BEFORE, CLICKING, CLOSE_MARKS, CLOSING, FOCUSING, JOINERS, NOT_DOING, SCROLLING, TYPING,
    SEARCHING, TO_TOP, UNDOING, VERBS, PLACES, PLACE_FIELDS, REASONS, WARNINGS, typing_purpose,
};
use super::names::{by_role_word, name_at, name_words};
use super::places::{neighbour, place_at, points_at_neighbour};
use super::said::Word;
use crate::command::model::Ordinal;

/// What one word (or run of words) of a clause is.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Piece {
    /// The page's control `word`, by the index in the vocabulary.
    Name(usize),
    /// The `nth` control of a kind ("the first box", "the second").
    Place { kinds: Vec<WordKind>, nth: Ordinal },
    /// A role word alone ("the dropdown").
    Role(&'static [WordKind]),
    /// Text to type, as typed.
    Value(String),
    /// The `nth` result of a search ("the 2nd hit"): not on the page
    /// until the search runs.
    Result(Ordinal),
}


/// Where a clause goes among the others.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(super) enum Order {
    #[default]
    AsSaid,
    /// "… after picking Paris": before the clause said before it.
    BeforePrevious,
    /// "Before you press Save, …": after the clause said after it.
    AfterNext,
    /// "… , you'll have to open Shared and 2026 first": this clause and
    /// the ones from the given index (where "you'll have to" began) go
    /// before all that was said before them.
    FirstFrom(usize),
    /// "…after ticking Vienna, Lisbon and Berlin": goes where the clause
    /// before it goes (set by `mod.rs` once clauses are known).
    WithPrevious,
}


/// One clause: its pieces in order, and what it says about them.
#[derive(Debug, Clone, Default)]
pub(super) struct Clause {
    pub(super) pieces: Vec<Piece>,
    pub(super) not_doing: bool,
    pub(super) undoing: bool,
    pub(super) focusing: bool,
    /// "close", "dismiss": with nothing named, the popup in front.
    pub(super) closing: bool,
    /// Opens with "because", "since": context, acted on only where a
    /// later clause points at it ("…, pick it").
    pub(super) reason: bool,
    /// A list's title ("Three cities: …"): the names after it, said in
    /// clauses of their own, are context with it.
    pub(super) listing: bool,
    /// Says "it" or "them".
    pub(super) pointing: bool,
    /// Says "click", "press": its values are nothing to type.
    pub(super) clicking: bool,
    /// It says to choose ("pick", "choose", "select"): a value put in a
    /// text field by it is picked from what the field suggests.
    pub(super) picking: bool,
    /// It says to type ("type", "enter", "fill in"…): a field it names
    /// with no value is a value missing, not a field to put the cursor in.
    pub(super) typing: bool,
    /// Has a verb of acting ([`VERBS`]).
    pub(super) acting: bool,
    /// Says how things are, with no verb of acting ("Destination is
    /// Italy"): context like `reason`; what it states is its pieces from
    /// `stated_from` (after the "is").
    pub(super) stating: bool,
    pub(super) stated_from: usize,
    /// Says "search", "look up", "find": a value with no field is
    /// searched for.
    pub(super) searching: bool,
    /// Says "scroll": inside the box it names, or the page's one.
    pub(super) scrolling: bool,
    /// A name said as where its target is ("Move under Actions"): for a
    /// closed menu's item, the menu.
    pub(super) landmark: Option<usize>,
    /// Speaks of the results ("when the results show, …"): "the second
    /// one" after it is a result.
    pub(super) results: bool,
    /// Scrolls to the top rather than the end.
    pub(super) to_top: bool,
    /// Says "page": the page scrolls, not a box in it.
    pub(super) whole_page: bool,
    /// Says "bottom", "end", "through": with a box named, it is scrolled
    /// ("read the terms to the end").
    pub(super) to_end: bool,
    pub(super) order: Order,
    /// Said after "then" (or "next", "finally"): a step of its own.
    pub(super) then: bool,
}

impl Clause {
    /// Whether the clause is kept: it names something, says what not to
    /// do, points at what was named ("tick it"), closes the popup, or is
    /// context ("I'm ready,": kept, so that it does not color the next).
    fn says_something(&self) -> bool {
        !self.pieces.is_empty() || self.not_doing || self.pointing || self.closing || self.scrolling || self.reason
    }
}

/// How many words of the clause that word `i` is in come before it.
pub(super) fn said_in_clause(words: &[Word], i: usize) -> usize {
    words[..i].iter().rev().take_while(|w| !w.ends_clause && !JOINERS.contains(&w.norm.as_str())).count()
}

/// The sentence cut into clauses of pieces; `None` when a word is left
/// unexplained.
pub(super) fn clauses(words: &[Word], page: &[PageWord]) -> Option<Vec<Clause>> {
    // A box's name ("terms", from its class) that is a word of ours is
    // read only in a sentence that scrolls: elsewhere "the list" is the
    // dropdown, not a box called "list".
    let scrolls = words.iter().any(|w| in_table(&w.norm, SCROLLING) || w.norm == "bottom");
    // Each control's spellings: its name, and for a field the names
    // people give it elsewhere ("user" for Username: `SYNONYMS`).
    let names: Vec<Vec<Vec<String>>> = page
        .iter()
        .map(|w| {
            let name = name_words(&w.name);
            let ours = name.iter().all(|n| role_noun(n).is_some() || is_carrier(n));
            if w.kind == WordKind::Scroller && ours && !scrolls {
                return Vec::new();
            }
            // (A heading of our words, "A link", is never read as one:
            // "there's a link" is the link.)
            if w.kind == WordKind::Heading && ours {
                return Vec::new();
            }
            let mut spellings = match w.kind {
                WordKind::Field | WordKind::Suggesting => synonyms(&name),
                _ => Vec::new(),
            };
            spellings.insert(0, name);
            spellings
        })
        .collect();
    let mut out: Vec<Clause> = Vec::new();
    let mut current = Clause::default();
    // In a warning's sentence ("Careful, …"): context.
    let mut warned = false;
    let mut value: Vec<&str> = Vec::new();
    let mut i = 0;
    let flush_value = |value: &mut Vec<&str>, clause: &mut Clause| {
        if !value.is_empty() {
            clause.pieces.push(Piece::Value(value.join(" ")));
            value.clear();
        }
    };
    // The word before was a place's name ("under Order …").
    let mut placing = false;
    // The clause where "you'll have to …" began (a step said to come first).
    let mut needs_from: Option<usize> = None;
    while i < words.len() {
        let word = &words[i];
        let was_placing = std::mem::take(&mut placing);
        let mut ends = word.ends_clause;
        if warned {
            current.reason = true;
        }
        if let Some((len, found)) = name_at(words, i, &names, page) {
            flush_value(&mut value, &mut current);
            let found = by_role_word(words, i, len, found, page);
            let neighbour = neighbour(words, i, &page[found]);
            if page[found].kind == WordKind::Heading {
                // "On the Fruit stand, …": a heading says where, nothing more.
            } else if let Some(piece) = neighbour {
                // "the box after Red", "the one under Blue": its neighbour.
                // ("the box above the first": none, and no guess.)
                let piece = piece?;
                if matches!(current.pieces.last(), Some(Piece::Role(_))) {
                    current.pieces.pop();
                }
                current.pieces.push(piece);
            } else if i > 0
                && (PLACES.contains(&words[i - 1].norm.as_str())
                    || i > 1 && words[i - 1].norm == "the" && PLACES.contains(&words[i - 2].norm.as_str())
                    || words[i - 1].norm == "to" && i > 1 && words[i - 2].norm == "next")
                && current.pieces.iter().any(|p| matches!(p, Piece::Name(_) | Piece::Place { .. }))
            {
                // "tick Red, just below Blue": a name after a place word, in a
                // clause that named its target already, is a landmark.
                current.landmark = Some(found);
            } else {
                current.pieces.push(Piece::Name(found));
            }
            ends = words[i + len - 1].ends_clause;
            i += len;
        } else if let Some(len) = typing_purpose(words, i) {
            // "so I can start typing there": the cursor put in the field.
            flush_value(&mut value, &mut current);
            current.focusing = true;
            ends = words[i + len - 1].ends_clause;
            i += len;
        } else if word.quoted {
            flush_value(&mut value, &mut current);
            current.pieces.push(Piece::Value(word.text.to_owned()));
            i += 1;
        } else if let Some((len, piece)) = place_at(words, i, &current, &out) {
            flush_value(&mut value, &mut current);
            // "the first two fields": each of them, in order.
            let count = words.get(i + 1).filter(|_| len > 2).and_then(|w| match w.norm.as_str() {
                "two" | "2" => Some(2),
                "three" | "3" => Some(3),
                _ => None,
            });
            match (piece, count) {
                (Piece::Place { kinds, nth: Ordinal::Nth(1) }, Some(count)) => {
                    current.pieces.extend((1..=count).map(|n| Piece::Place { kinds: kinds.clone(), nth: Ordinal::Nth(n) }));
                }
                (piece, _) => current.pieces.push(piece),
            }
            ends = words[i + len - 1].ends_clause;
            i += len;
        } else if result_noun(&word.norm, false) {
            flush_value(&mut value, &mut current);
            // "open the result": the first; "… in the results": where.
            let said_where = words[..i].iter().rev().take(3).any(|w| matches!(w.norm.as_str(), "in" | "from" | "among" | "amongst" | "of" | "within" | "through"));
            if !said_where {
                if word.norm.ends_with('s') {
                    return None;
                }
                current.pieces.push(Piece::Result(Ordinal::Nth(1)));
            } else if matches!(current.pieces.last(), Some(Piece::Role(_))) {
                // ("a list of results": the results, not a dropdown.)
                current.pieces.pop();
            }
            current.results = true;
            i += 1;
        } else if let Some(kinds) = role_noun(&word.norm).filter(|_| {
            let head = current.pieces.is_empty() && value.is_empty();
            !(word.norm == "select" && head || word.norm == "tab" && head && words.get(i + 1).is_some_and(|n| matches!(n.norm.as_str(), "into" | "to")))
        }) {
            // ("select Move", "tab into Email": the verb, at the head of its clause.)
            flush_value(&mut value, &mut current);
            // "the button in the box": where the thing named is, not a
            // second thing.
            let container = current.pieces.iter().any(|p| matches!(p, Piece::Role(_) | Piece::Name(_) | Piece::Place { .. }))
                && words[..i].iter().rev().take(3).any(|w| matches!(w.norm.as_str(), "in" | "inside" | "within"));
            // "the dropdown", "the button": a role said alone.
            if !container && !matches!(current.pieces.last(), Some(Piece::Place { .. } | Piece::Name(_))) {
                current.pieces.push(Piece::Role(kinds));
            }
            i += 1;
        } else if JOINERS.contains(&word.norm.as_str())
            && !(word.norm == "next" && words.get(i + 1).is_some_and(|w| w.norm == "to" || w.norm == "one" || role_noun(&w.norm).is_some()))
        {
            flush_value(&mut value, &mut current);
            if current.says_something() {
                out.push(std::mem::take(&mut current));
            }
            current.then |= matches!(word.norm.as_str(), "then" | "next" | "afterwards" | "finally" | "lastly");
            i += 1;
            continue;
        } else if matches!(word.norm.as_str(), "after" | "following") && words.get(i + 1).is_some_and(|n| matches!(n.norm.as_str(), "that" | "this" | "which")) {
            // "…, after that click on Save": then.
            flush_value(&mut value, &mut current);
            if current.says_something() {
                out.push(std::mem::take(&mut current));
            }
            current.then = true;
            i += 2;
            continue;
        } else if (AFTER.contains(&word.norm.as_str()) || BEFORE.contains(&word.norm.as_str()))
            && !current.pieces.is_empty()
            && !(i > 0 && points_at_neighbour(&words[i - 1]) && name_at(words, i + 1, &names, page).is_some())
        {
            // "hit Save after ticking Green": a clause of its own, done first.
            flush_value(&mut value, &mut current);
            out.push(std::mem::take(&mut current));
            current.order = if AFTER.contains(&word.norm.as_str()) { Order::BeforePrevious } else { Order::AsSaid };
            i += 1;
            continue;
        } else if in_table(&word.norm, NOT_DOING)
            && (!current.pieces.is_empty() || current.closing)
            && !current.not_doing
            && !word.ends_clause
            && i + 1 < words.len()
        {
            // "tick the third box dont touch the rest": what not to do is
            // a clause of its own ("Red no": the clause's own last word).
            flush_value(&mut value, &mut current);
            // ("The other two can stay empty": the others are what is
            // left alone, the whole clause.)
            let others = words[i - said_in_clause(words, i)..i].iter().any(|w| matches!(w.norm.as_str(), "other" | "others" | "rest" | "remaining"));
            if others && !current.acting {
                current = Clause { not_doing: true, ..Clause::default() };
                value.clear();
                i += 1;
                continue;
            }
            out.push(std::mem::replace(&mut current, Clause { not_doing: true, ..Clause::default() }));
            i += 1;
            continue;
        } else if is_carrier(&word.norm) && (!word.named || CLOSE_MARKS.contains(&word.norm.as_str())) || word.norm.parse::<u32>().is_ok() && i > 0 && words[i - 1].norm == "step" {
            // ("Step 2: …": the step's number is no value.)
            flush_value(&mut value, &mut current);
            let w = word.norm.as_str();
            // "theres a link in there somewhere just click it": the order
            // after the context, with no comma between.
            if current.reason && !current.pieces.is_empty() && in_table(w, CLICKING) {
                out.push(std::mem::take(&mut current));
            }
            if in_table(w, NOT_DOING) {
                current.not_doing = true;
            }
            if in_table(w, UNDOING) {
                current.undoing = true;
            }
            if in_table(w, FOCUSING) {
                current.focusing = true;
            }
            if in_table(w, TYPING) {
                current.typing = true;
            }
            // ("pick the City box …" picks the box, not a value.)
            let object_next = words.get(i + 1).is_some_and(|n| !matches!(n.norm.as_str(), "the" | "a" | "an" | "that" | "this" | "its" | "my" | "your"));
            if matches!(w, "pick" | "choose" | "select" | "picking" | "choosing" | "selecting") && object_next {
                current.picking = true;
            }
            // "I'll type it myself", "let me fill it in": the speaker's
            // part, not an order.
            let own = i > 0 && matches!(words[i - 1].norm.as_str(), "i'll" | "ill" | "will" | "me" | "myself") && i > 1 && !matches!(words[i - 2].norm.as_str(), "you" | "can" | "could");
            // ("I'd like to type my email myself": the same.)
            let themselves = matches!(w, "myself" | "ourselves") && current.typing;
            if own && in_table(w, TYPING) || themselves {
                current.reason = true;
                current.acting = false;
                current.typing = false;
            }
            // "that 10% off box is in the way": a complaint, context for
            // the order after it.
            if w == "way" && i > 1 && words[i - 1].norm == "the" && words[i - 2].norm == "in" || matches!(w, "blocking" | "covering") {
                current.reason = true;
            }
            // "I'm ready to move on", "I've read everything": how the
            // speaker is, not an order.
            let speaker = i > 0 && matches!(words[i - 1].norm.as_str(), "i'm" | "im" | "am" | "we're" | "i've" | "ive" | "we've");
            if speaker && matches!(w, "ready" | "done" | "finished" | "happy" | "fine" | "read" | "seen" | "checked") {
                current.reason = true;
                current.acting = false;
            }
            // "I'm shopping for kettles", "Of the three boxes, …": what the
            // order after it is about.
            if speaker && in_table(w, SEARCHING) || w == "of" && said_in_clause(words, i) == 0 {
                current.reason = true;
            }
            // "hit the little x in the corner": clicking a close mark closes.
            let away = w == "away" && i > 0 && matches!(words[i - 1].norm.as_str(), "go" | "goes" | "gone");
            // ("Use the X button": the close mark, used.)
            let uses = words[i - said_in_clause(words, i)..i].iter().any(|w| matches!(w.norm.as_str(), "use" | "using" | "via"));
            if in_table(w, CLOSING) || away || (current.clicking || uses) && matches!(w, "x" | "×" | "✕" | "✖" | "cross") {
                current.closing = true;
            }
            // "put that in the box", "put those in": a pronoun, not a determiner.
            let stands_alone = word.ends_clause || words.get(i + 1).is_none_or(|n| matches!(n.norm.as_str(), "in" | "into" | "on" | "there" | "to" | "down"));
            // ("check their boxes", "tick those boxes": the ones said.)
            let their = matches!(w, "their" | "those" | "these" | "that") && words.get(i + 1).is_some_and(|n| role_noun(&n.norm).is_some());
            if matches!(w, "it" | "them" | "that's" | "thats" | "it's") || matches!(w, "that" | "those" | "this") && stands_alone || their {
                current.pointing = true;
            }
            if current.pieces.is_empty() && value.is_empty() && REASONS.contains(&w) && said_in_clause(words, i) == 0 {
                current.reason = true;
                // "Careful, the others look almost the same.": a warning,
                // the rest of its sentence with it.
                warned |= WARNINGS.contains(&w) && word.ends_clause && !word.ends_sentence;
            }
            // ", which is the third one down": says where, does nothing.
            if current.pieces.is_empty() && value.is_empty() && matches!(w, "which" | "whose") && said_in_clause(words, i) == 0 {
                current.not_doing = true;
            }
            if in_table(w, CLICKING) {
                current.clicking = true;
            }
            // "look for socks", "find mugs", "hunt for kettles"
            if in_table(w, SEARCHING) || w == "find" || w == "look" && words.get(i + 1).is_some_and(|n| matches!(n.norm.as_str(), "for" | "up")) {
                current.searching = true;
            }
            if in_table(w, SCROLLING) {
                current.scrolling = true;
            }
            if TO_TOP.contains(&w) {
                current.to_top = true;
            }
            if matches!(w, "bottom" | "end" | "through") {
                current.to_end = true;
            }
            if w == "page" {
                current.whole_page = true;
            }
            if in_table(w, VERBS) {
                current.acting = true;
            }
            // "Destination is Italy": says what a later "it" is.
            let named = current.pieces.iter().any(|p| matches!(p, Piece::Name(_) | Piece::Place { .. } | Piece::Role(_)));
            if matches!(w, "is" | "are" | "was") && !current.acting && !current.stating && !current.pieces.is_empty() && !named {
                current.stating = true;
                current.stated_from = current.pieces.len();
            }
            // "there's a link called Warranty": what the page has, said as
            // context for the order after it.
            let next_is = words.get(i + 1).is_some_and(|n| matches!(n.norm.as_str(), "is" | "are" | "'s"));
            if matches!(w, "there's" | "theres") || w == "there" && next_is {
                current.reason = true;
            }
            // "A box has appeared over the page saying …": what happened,
            // context like a reason.
            // ("each name has a little square on its left": what it has.)
            let participle = words.get(i + 1).is_some_and(|n| n.norm.ends_with("ed") || n.norm.ends_with("en") || n.norm.ends_with("wn"));
            let having = words.get(i + 1).is_some_and(|n| matches!(n.norm.as_str(), "a" | "an" | "its" | "one" | "two" | "three" | "some" | "little" | "small" | "each"));
            if matches!(w, "has" | "have" | "had") && (participle || having) && !current.acting {
                current.reason = true;
            }
            // "once those three are ticked, press Save": a condition, not
            // an order (the order is the clause it goes before).
            let opener = &words[i - said_in_clause(words, i)].norm;
            if matches!(w, "is" | "are" | "was" | "were") && participle && matches!(opener.as_str(), "once" | "when" | "after" | "until" | "whenever") {
                current.not_doing = true;
            }
            // "you'll find that button": where it is, not an order.
            if matches!(w, "find" | "see" | "spot" | "notice") && i > 0 && matches!(words[i - 1].norm.as_str(), "you'll" | "youll" | "will" | "can") {
                current.reason = true;
                current.acting = false;
                current.searching = false;
            }
            // ", so that only it has a tick": what should come of it.
            if w == "so" && words.get(i + 1).is_some_and(|n| n.norm == "that") && said_in_clause(words, i) == 0 {
                current.not_doing = true;
            }
            // "you'll have to open Shared first": where a step that
            // must come first begins, and where it ends.
            let person = i > 0 && matches!(words[i - 1].norm.as_str(), "you" | "you'll" | "youll" | "you'd" | "might" | "may" | "will" | "probably" | "also" | "prolly");
            let obliged = matches!(w, "have" | "need" | "needs" | "got") && words.get(i + 1).is_some_and(|n| n.norm == "to") || w == "must";
            if person && obliged && needs_from.is_none() {
                needs_from = Some(out.len());
            }
            if w == "first" && (word.ends_clause || i + 1 == words.len()) {
                let from = needs_from.take().unwrap_or(out.len());
                if from > 0 {
                    current.order = Order::FirstFrom(from);
                }
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
            // A word before a role word describes it ("the colour list",
            // "the fruit button"); in a clause of what not to do, any word
            // is read and left alone.
            // (After an article: "im ana pass is x" names a user, not a pass.)
            // (Not a name written as one: "the Duplicate menu item".)
            let describes = !word.ends_clause
                && !word.named
                && words.get(i + 1).is_some_and(|w| role_noun(&w.norm).is_some() || matches!(w.norm.as_str(), "page" | "site" | "screen" | "view" | "window" | "panel" | "section" | "form" | "area" | "tree" | "folder" | "sidebar" | "toolbar" | "table" | "file"))
                && i > 0
                && matches!(words[i - 1].norm.as_str(), "the" | "a" | "an" | "that" | "this" | "your" | "my" | "its" | "their");
            // "mark the cities Prague, Athens and Rome": what the names
            // are, said before them.
            let describes = describes
                || !word.ends_clause
                    && !word.named
                    && word.norm.len() > 3
                    && word.norm.ends_with('s')
                    && i > 0
                    && words[i - 1].norm == "the"
                    && name_at(words, i + 1, &names, page).is_some();
            // "the list under Colours": a place, named by the page's text.
            // ("just below the Document heading": after an article too.)
            let place_before = |k: usize| PLACES.contains(&words[k].norm.as_str());
            // ("under Order 4711": the name the place word says, whole.)
            let placed = word.text.starts_with(char::is_uppercase)
                && (i > 0 && place_before(i - 1) || i > 1 && matches!(words[i - 1].norm.as_str(), "the" | "a") && place_before(i - 2))
                || was_placing && word.text.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit());
            placing = placed && !word.ends_clause;
            // "three boxes": how many, not a value.
            // ("three empty boxes": a word of ours between.)
            let plural_role = |w: &Word| w.norm.ends_with('s') && role_noun(&w.norm).is_some();
            let counts = matches!(word.norm.as_str(), "two" | "three" | "four" | "five" | "six" | "2" | "3" | "4" | "5" | "6")
                && (words.get(i + 1).is_some_and(plural_role) || words.get(i + 1).is_some_and(|w| is_carrier(&w.norm)) && words.get(i + 2).is_some_and(plural_role));
            // "for this product": which one, said of the page, not a value.
            let demonstrated = !word.named
                && !word.text.starts_with(char::is_uppercase)
                && i > 0
                && (matches!(words[i - 1].norm.as_str(), "this" | "these" | "those")
                    || i > 1 && matches!(words[i - 1].norm.as_str(), "my" | "our") && words[i - 2].norm == "for")
                && (word.ends_clause || i + 1 == words.len());
            // "Destination country should be Norway": a word that opens the
            // clause right before a field's name says which field.
            let opens_name = said_in_clause(words, i) == 0
                && !word.ends_clause
                && name_at(words, i + 1, &names, page).is_some_and(|(len, found)| {
                    // (… and the clause goes on to say what it should be.)
                    let rest = words[i + 1 + len..].iter().take_while(|w| !w.ends_clause).chain(words.get(i + 1 + len));
                    found.iter().all(|&f| matches!(page[f].kind, WordKind::Field | WordKind::Suggesting | WordKind::Dropdown))
                        && rest.clone().any(|w| matches!(w.norm.as_str(), "should" | "is" | "must" | "needs" | "gets" | "be"))
                });
            if current.not_doing || (describes || placed || counts || demonstrated || opens_name) && value.is_empty() {
                i += 1;
                continue;
            }
            if value.is_empty() && (before_article || after_person) && !word.text.starts_with(char::is_uppercase) && !current.reason {
                return None;
            }
            // "im from Vienna": where one is from goes in the page's one
            // field for a place (City, Town, Country…).
            let lives_in = i > 1 && words[i - 1].norm == "in" && matches!(words[i - 2].norm.as_str(), "live" | "living" | "based" | "reside" | "stay" | "staying");
            if value.is_empty() && i > 0 && (words[i - 1].norm == "from" || lives_in) && !current.reason {
                let places: Vec<usize> = (0..page.len())
                    .filter(|&f| matches!(page[f].kind, WordKind::Field | WordKind::Suggesting | WordKind::Dropdown) && page[f].shown)
                    .filter(|&f| PLACE_FIELDS.contains(&page[f].name.to_lowercase().as_str()))
                    .collect();
                if let [field] = places.as_slice() {
                    if !current.pieces.iter().any(|p| matches!(p, Piece::Name(n) if n == field)) {
                        current.pieces.push(Piece::Name(*field));
                    }
                }
            }
            value.push(word.text);
            i += 1;
            // "Three cities: Dublin, Madrid, Oslo.": the title of a list
            // of names, context for the order that points at them.
            if word.colon && !current.acting && current.pieces.is_empty() && value.len() <= 3 && name_at(words, i, &names, page).is_some() {
                value.clear();
                current.reason = true;
                current.listing = true;
                ends = true;
            }
        }
        if ends {
            flush_value(&mut value, &mut current);
            if warned {
                current.reason = true;
                current.acting = false;
                warned = !words[i - 1].ends_sentence;
            }
            // "The I agree box: …": said before a colon with no verb, the
            // topic of what follows, context for its "it".
            if words[i - 1].topic && !current.acting && !current.pointing && !current.not_doing {
                current.reason = true;
            }
            if current.says_something() {
                out.push(std::mem::take(&mut current));
            }
        }
    }
    flush_value(&mut value, &mut current);
    if current.says_something() {
        out.push(current);
    }
    Some(out)
}
