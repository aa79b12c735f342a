//! The words of an instruction that are not the page's: the English that
//! carries an order ("could you please put … in the …") and says nothing
//! about which control or value is meant. A word of a sentence that is
//! none of these, nor a name on the page, is a value to type, or a word
//! the reading cannot explain (and then it does not read the sentence).

use super::said::Word;
use super::vocabulary::WordKind;

/// Words that carry the order, not its content.
const CARRIERS: &[&str] = &[
    // articles, determiners, pronouns
    "a", "an", "the", "this", "that", "these", "those", "some", "any", "each", "every", "both", "another", "other", "others",
    "i", "me", "my", "we", "us", "our", "you", "your", "it", "its", "they", "them", "their", "one", "ones", "myself",
    "yourself", "what", "which", "who", "whatever", "there", "here", "where", "whichever", "something", "thing", "things",
    "i'm", "i'd", "i'll", "you'll", "you're", "it's", "that's", "there's", "we're", "we'd", "let's", "what's", "here's",
    // the same, typed without the apostrophe
    "i've", "we've", "you've", "ahead", "everything", "ready", "away", "file", "files",
    "im", "ive", "youre", "thats", "theres", "whats", "lets", "heres", "youll",
    // warnings that open a remark ("Careful, the others look alike")
    "careful", "beware", "caution", "warning", "fyi", "btw",
    // prepositions
    "to", "into", "in", "on", "onto", "at", "by", "for", "from", "of", "off", "with", "within", "inside", "out", "over",
    "up", "down", "via", "through", "across", "about", "as", "like", "than", "per", "upon", "toward", "towards", "around",
    "round", "along", "past",
    // conjunctions and joiners
    "and", "or", "so", "if", "then", "because", "since", "while", "when", "once", "also", "plus", "too", "after", "before",
    "afterwards", "next", "finally", "first", "lastly", "well",
    // auxiliaries and modals
    "be", "is", "are", "was", "were", "been", "being", "am", "do", "does", "did", "done", "have", "has", "had", "can",
    "could", "will", "would", "shall", "should", "may", "might", "must", "need", "needs", "ought", "let", "gonna",
    "wanna", "gotta", "able", "mind", "want", "wants", "like", "love", "wish", "hope", "going", "trying",
    // asking, greeting, thanking, fillers
    "please", "pls", "plz", "kindly", "thanks", "thank", "lot", "lots", "ton", "tons", "million", "bunch", "thx", "ty", "cheers", "hi", "hello", "hey", "dear", "ok",
    "okay", "just", "now", "right", "yes", "sure", "really", "quickly", "quick", "real", "asap", "lol", "ez", "hmm",
    "um", "uh", "oh", "omg", "ugh", "argh", "meh", "idk", "btw", "tbh", "alright", "great", "cool", "good", "morning", "afternoon", "evening", "assistant", "bot", "help",
    "chance", "how", "possible", "possibly", "though", "although", "obviously", "course", "naturally", "probably", "apparently",
    "details", "info", "information", "collapsed", "expanded", "closed", "folded", "unfolded", "presumably", "definitely", "certainly", "surely", "think", "guess", "reckon", "believe", "mate", "buddy", "lastly", "simply", "actually", "basically", "maybe",
    "much", "many", "very", "appreciate", "appreciated", "grateful", "regards", "kind", "best", "task", "step",
    "instruction", "instructions", "correctly", "properly", "already", "again", "still", "only", "exactly", "same",
    "way", "all", "time", "bit", "until", "unless", "content", "contents", "wait", "whole", "rest", "few", "couple", "several", "prefix", "part", "partial", "characters",
    "chars",
    // words of the acting that say no act
    "see", "belong", "say", "read", "contain", "hold", "ensure", "sure", "finish", "end", "answer", "call", "name",
    "label", "title", "mention", "want", "needed", "required", "require", "offer", "appear", "suggestion", "suggest",
    "come", "load", "shown", "beginning", "letters", "yo", "matching", "matches", "correct", "right",
    // what people call the things they point at
    "field", "box", "input", "textbox", "textfield", "blank", "entry", "button", "btn", "link", "hyperlink",
    "checkbox", "tickbox", "checkmark", "radio", "option", "choice", "dropdown", "drop-down", "drop", "list", "menu",
    "picker", "select", "selector", "combo", "combobox", "tab", "item", "value", "text", "word", "words", "page",
    "form", "area", "spot", "slot", "line", "row", "control", "element", "widget", "entry", "label", "labelled",
    "labeled", "called", "named", "titled", "marked", "saying", "says", "reads", "square", "circle", "dot",
    "screen", "site", "website", "sentence", "paragraph", "heading", "header", "caption", "there", "place", "folder", "section", "tree", "panel", "somewhere", "hidden",
    "inside", "under", "nested", "tabs", "popup", "dialog", "window", "modal", "node", "child", "parent", "subfolder",
    "behind", "among", "amongst", "lives", "sits", "located", "tucked", "buried", "deep",
    // how a name is spelled
    "case", "sensitive", "case-sensitive", "spelling", "spellings", "spelled", "spelt", "capital", "capitals",
    "lowercase", "uppercase", "big", "small", "letter", "exact", "written",
    // context people give
    "based", "live", "living", "going", "flying", "fly", "travel", "travelling", "traveling", "trip", "favourite",
    "favorite", "prefer", "account", "user", "home", "visiting", "moving", "because", "since", "given", "seeing",
    "cause", "cuz", "coz", "care", "later", "reason", "mine",
    // what people say of a control's look or mood ("this autocomplete is
    // fiddly", "the little arrow")
    "autocomplete", "fiddly", "tricky", "annoying", "weird", "broken", "slow", "finicky", "picky", "stubborn",
    "confusing", "awkward", "strange", "odd", "buggy", "glitchy", "clunky", "janky", "little", "tiny", "large",
    "huge", "numbered", "empty", "rectangle", "arrow", "triangle", "icon", "symbol", "scrollbar", "bar",
    // places
    "top", "bottom", "middle", "above", "below", "under", "beneath", "underneath", "beside", "near", "left", "right",
    "counting", "order",
];

/// Verbs of acting on a page: a clause with one orders, one without
/// may only say how things are ("Destination is Italy").
pub(super) const VERBS: &[&str] = &[
    "type", "enter", "write", "put", "fill", "input", "insert", "add", "set", "make", "click", "press", "hit", "tap",
    "push", "select", "choose", "pick", "tick", "check", "mark", "open", "go", "find", "look", "use", "get", "give",
    "try", "show", "display", "take", "complete", "submit", "send", "switch", "toggle", "activate", "expand", "view",
    "visit", "navigate", "follow", "opt", "key", "punch", "stick", "drop", "bang", "jot", "fire", "tell", "populate",
    "provide", "supply", "change", "update", "hop", "head", "move", "land", "reach", "turn", "flip", "start",
    "continue", "proceed", "do", "sign", "log", "login", "begin", "smash", "whack", "poke", "jab", "mash", "slap",
    "bash", "pop", "chuck", "slam", "give", "hit", "nudge", "trigger", "unfold", "reveal", "paste", "jump",
];

/// Verbs of searching the page's own search box ("look up mugs", "hunt
/// for socks"): a clause that says one with a value and no field searches
/// for the value.
pub(super) const SEARCHING: &[&str] = &["search", "lookup", "query", "hunt", "seek", "google", "track", "shop", "browse"];

/// What people call the items a search brings up ("open the 2nd hit").
/// Not in the page's words: a search in the sentence makes them.
pub(super) const RESULTS: &[&str] = &["result", "hit", "match", "listing", "finding"];

/// Verbs of scrolling inside a box ("scroll the terms to the end").
pub(super) const SCROLLING: &[&str] = &["scroll", "swipe", "wheel"];

/// Words that say a scroll goes to the top rather than the end.
pub(super) const TO_TOP: &[&str] = &["top", "up", "start", "beginning"];

/// Words that say a clause is something not to do ("leave the third
/// empty", "don't tick Green"): its names are read, and nothing is done
/// with them.
pub(super) const NOT_DOING: &[&str] = &[
    "not", "no", "don't", "dont", "never", "leave", "leaving", "stay", "stays", "remain", "remains", "untouched",
    "alone", "except", "skip", "ignore", "nothing", "without", "avoid", "unchanged", "doesn't", "shouldn't", "mustn't",
    "doesnt", "shouldnt", "mustnt", "won't", "wont", "isn't", "isnt", "neither", "nor", "none", "untouched",
];

/// Verbs that clear a checkbox rather than tick it.
pub(super) const UNDOING: &[&str] = &["uncheck", "untick", "unselect", "deselect", "unmark", "clear", "untoggle"];

/// Verbs of clicking: a clause that says one has nothing to type.
pub(super) const CLICKING: &[&str] = &["click", "press", "hit", "tap", "push", "smash", "choose", "pick", "select", "open", "follow", "tick", "expand", "unfold", "reveal"];

/// Verbs that close what is in front ("close that box with the cross").
pub(super) const CLOSING: &[&str] = &["close", "dismiss", "shut", "exit", "hide", "rid", "disappear", "vanish"];

/// What people call a close button's mark.
pub(super) const CLOSE_MARKS: &[&str] = &["×", "✕", "✖", "x", "cross", "corner"];

/// Verbs of typing: a clause that says one and names a field with no
/// value is missing its value.
pub(super) const TYPING: &[&str] = &["type", "enter", "write", "fill", "input", "insert", "key", "jot", "populate", "put", "paste"];

/// Words that put the cursor in a field rather than type.
pub(super) const FOCUSING: &[&str] = &["cursor", "focus", "caret", "focused"];

/// Words that end one clause and start the next.
pub(super) const JOINERS: &[&str] = &["and", "then", "plus", "also", "but", "&", "next", "afterwards", "finally", "lastly"];

/// Words that put their clause before the one said before it ("press
/// Save after picking Paris").
pub(super) const AFTER: &[&str] = &["after", "once"];

/// Words that put their clause after the one said after it ("before you
/// press Save, pick Paris").
pub(super) const BEFORE: &[&str] = &["before"];

/// Role words, and the kinds of control each may name.
pub(super) const ROLE_NOUNS: &[(&str, &[WordKind])] = &[
    ("field", &[WordKind::Field]),
    ("textbox", &[WordKind::Field]),
    ("textfield", &[WordKind::Field]),
    ("input", &[WordKind::Field]),
    ("blank", &[WordKind::Field]),
    ("entry", &[WordKind::Field]),
    ("box", &[WordKind::Field, WordKind::Checkbox]),
    ("button", &[WordKind::Button]),
    ("btn", &[WordKind::Button]),
    ("link", &[WordKind::Link]),
    ("hyperlink", &[WordKind::Link]),
    ("checkbox", &[WordKind::Checkbox]),
    ("tickbox", &[WordKind::Checkbox]),
    ("radio", &[WordKind::Radio]),
    ("dropdown", &[WordKind::Dropdown]),
    ("drop-down", &[WordKind::Dropdown]),
    ("list", &[WordKind::Dropdown]),
    ("select", &[WordKind::Dropdown]),
    ("picker", &[WordKind::Dropdown]),
    ("menu", &[WordKind::Dropdown]),
    ("tab", &[WordKind::Tab]),
    ("option", &[WordKind::Option, WordKind::Radio]),
    ("password", &[WordKind::Secret]),
    ("passcode", &[WordKind::Secret]),
    ("passwd", &[WordKind::Secret]),
    ("pwd", &[WordKind::Secret]),
    ("pw", &[WordKind::Secret]),
    ("pass", &[WordKind::Secret]),
];

/// Single words too common to be taken as a control's name from a
/// sentence: a button called "Go" is not what "go ahead" means.
pub(super) const NOT_A_NAME: &[&str] = &[
    "a", "an", "the", "to", "in", "on", "at", "it", "of", "and", "or", "go", "yes", "no", "ok", "okay", "more", "here",
    "this", "that", "all", "me", "i", "you", "is", "be", "one", "x", "then", "next", "now", "please", "do",
];

/// Names people give a field other than the page's own ("my user is
/// kim" for a field called Username): each row one field, any spelling.
/// Kept to fields whose names vary across sites; a sentence's word is
/// read as the field only where the page has a field of the row.
pub(super) const SYNONYMS: &[&[&str]] = &[
    &["username", "user name", "user", "login", "user id", "userid", "login name"],
    &["email", "e-mail", "mail", "email address", "e-mail address", "mail address"],
    &["phone", "phone number", "telephone", "telephone number", "mobile", "mobile number", "tel", "cell"],
    &["zip", "zip code", "postcode", "post code", "postal code"],
    &["city", "town"],
    &["last name", "surname", "family name"],
    &["first name", "given name", "forename"],
];

/// The other spellings of a field's name (`SYNONYMS`), as words.
pub(super) fn synonyms(name: &[String]) -> Vec<Vec<String>> {
    let said = name.join(" ");
    SYNONYMS
        .iter()
        .find(|row| row.contains(&said.as_str()))
        .map(|row| row.iter().filter(|s| **s != said).map(|s| s.split(' ').map(str::to_owned).collect()).collect())
        .unwrap_or_default()
}

/// Positions said in words: "the top one", "the middle box".
pub(super) fn place_word(word: &str) -> Option<crate::command::Ordinal> {
    use crate::command::Ordinal;
    match word {
        "top" | "topmost" | "upper" => Some(Ordinal::Nth(1)),
        "middle" => Some(Ordinal::Nth(2)),
        "bottom" | "lowest" | "final" => Some(Ordinal::Last),
        "one" | "1" | "#1" => Some(Ordinal::Nth(1)),
        "two" | "2" | "#2" => Some(Ordinal::Nth(2)),
        "three" | "3" | "#3" => Some(Ordinal::Nth(3)),
        "four" | "4" | "#4" => Some(Ordinal::Nth(4)),
        "five" | "5" | "#5" => Some(Ordinal::Nth(5)),
        _ => crate::command::Ordinal::from_word(word),
    }
}

/// Whether `word` is one of `table`, as is or inflected ("ticking",
/// "types", "filled", "putting").
pub(super) fn in_table(word: &str, table: &[&str]) -> bool {
    if table.contains(&word) {
        return true;
    }
    let stems = [
        word.strip_suffix("ing"),
        word.strip_suffix("ed"),
        word.strip_suffix("es"),
        word.strip_suffix('s'),
        word.strip_suffix('d'),
        word.strip_suffix("'s"),
    ];
    stems.into_iter().flatten().any(|stem| {
        table.contains(&stem)
            || table.contains(&format!("{stem}e").as_str())
            // "putting" → "put", "dropped" → "drop"
            || stem.len() > 2 && stem.as_bytes()[stem.len() - 1] == stem.as_bytes()[stem.len() - 2] && table.contains(&&stem[..stem.len() - 1])
    })
}

/// Whether `word` carries the order rather than its content.
pub(super) fn is_carrier(word: &str) -> bool {
    in_table(word, CARRIERS)
        || in_table(word, VERBS)
        || in_table(word, NOT_DOING)
        || in_table(word, UNDOING)
        || in_table(word, FOCUSING)
        || in_table(word, CLOSING)
        || in_table(word, SEARCHING)
        || in_table(word, SCROLLING)
        || CLOSE_MARKS.contains(&word)
}

/// Whether `word` names the results of a search ("results", "hits"):
/// after an ordinal any of [`RESULTS`], alone only "result" ("hit Save"
/// is a verb).
pub(super) fn result_noun(word: &str, after_ordinal: bool) -> bool {
    let singular = word.strip_suffix("es").filter(|s| s.ends_with("ch")).or(word.strip_suffix('s')).unwrap_or(word);
    if after_ordinal { RESULTS.contains(&singular) } else { singular == "result" }
}

/// The kinds of control a role word names, if it is one.
pub(super) fn role_noun(word: &str) -> Option<&'static [WordKind]> {
    let singular = word.strip_suffix("es").filter(|s| s.ends_with('x')).or(word.strip_suffix('s')).unwrap_or(word);
    ROLE_NOUNS.iter().find(|(w, _)| *w == word || *w == singular).map(|(_, kinds)| *kinds)
}

/// Words that open a clause of context ("Since I fly to Madrid, …").
pub(super) const REASONS: &[&str] = &["because", "since", "as", "given", "seeing", "cause", "cuz", "coz", "careful", "beware", "caution", "warning", "note", "fyi", "btw"];

/// Reasons that warn: the sentence they open is context to its end.
pub(super) const WARNINGS: &[&str] = &["careful", "beware", "caution", "warning", "note", "fyi", "btw"];

/// Fields that take where someone is from.
pub(super) const PLACE_FIELDS: &[&str] = &["city", "town", "country", "location", "hometown", "home town", "place", "region"];

/// Words after which a capitalised word names a place on the page
/// ("the list under Colours"), not a value.
pub(super) const PLACES: &[&str] = &["under", "below", "above", "beneath", "beside", "underneath", "near", "between", "inside", "within"];

/// The length of "so I can start typing there" at `i`: a purpose that
/// says the cursor is wanted in the field, not text typed.
pub(super) fn typing_purpose(words: &[Word], i: usize) -> Option<usize> {
    const PURPOSE: &[&str] = &["so", "that", "i", "we", "can", "could", "start", "begin", "there", "in", "it", "into", "straight", "away", "right", "then"];
    const TYPING: &[&str] = &["type", "typing", "write", "writing", "enter", "entering"];
    if words[i].norm != "so" {
        return None;
    }
    let mut len = 0;
    let mut typing = false;
    for w in &words[i..] {
        if !PURPOSE.contains(&w.norm.as_str()) && !TYPING.contains(&w.norm.as_str()) || len > 8 {
            return None;
        }
        typing |= TYPING.contains(&w.norm.as_str());
        len += 1;
        if w.ends_clause {
            break;
        }
    }
    typing.then_some(len)
}
