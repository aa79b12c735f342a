//! Typos of the words orders are made of ("clik", "chekbox", "teh",
//! "dropdwon"), corrected before a sentence is read a second time.
//!
//! People type fast into a chat box: one word in eight of a sentence set
//! written for us had a slip, and a slip in "click" or "checkbox" left the
//! whole sentence unread. Only the words the readers need are corrected,
//! and only at one edit (a letter missing, extra, wrong or two swapped:
//! `strsim::osa_distance`); never a word of fewer than four letters save
//! the few listed, never a plural, and never an English word one edit from
//! ours ("clock", "filed", "potion", "stroll"), which may be a name or a
//! value. The grammar reads the sentence as typed first (a correction is
//! its last reading); the page reader reads the corrected one first, as
//! it would take an unknown word such as "texbox" for text to type.

/// Words the readers act on, long enough that one edit away is a slip.
const WORDS: &[&str] = &[
    "click", "check", "checkbox", "select", "switch", "dropdown", "textbox", "field", "please", "button", "option", "scroll",
    "search", "result", "results", "suggestion", "folder", "folders", "section", "choose", "enter", "press", "expand", "navigate",
    "dismiss", "close", "first", "second", "third", "after", "before", "inside", "bottom", "suggestions", "input", "popup",
];

/// Short slips that are no word, with the word meant.
const SHORT: &[(&str, &str)] = &[("teh", "the"), ("adn", "and"), ("tpye", "type"), ("tyep", "type"), ("nad", "and"), ("hte", "the"), ("thn", "then")];

/// English words one edit from one of [`WORDS`]: never corrected.
const ENGLISH: &[&str] = &[
    "clink", "clock", "clack", "cluck", "slick", "flick", "chick", "cheek", "chuck", "chock", "elect", "swatch", "twitch", "yield",
    "wield", "filed", "fiend", "pleas", "lease", "mutton", "potion", "stroll", "holder", "solder", "older", "folded", "fonder", "suction",
    "chose", "choosy", "inter", "eater", "dress", "tress", "cress", "closet", "clone", "clove", "closed", "fist",
];

/// `input` with its slips corrected, if it has any.
pub(crate) fn corrected(input: &str) -> Option<String> {
    let mut out = String::with_capacity(input.len());
    let mut changed = false;
    let mut at = 0;
    for (start, word) in words(input) {
        out.push_str(&input[at..start]);
        let lower = word.to_lowercase();
        match meant(&lower) {
            Some(right) => {
                changed = true;
                // "Clik" → "Click": the case of the first letter kept.
                if word.starts_with(char::is_uppercase) {
                    let mut c = right.chars();
                    out.extend(c.next().map(|f| f.to_ascii_uppercase()));
                    out.push_str(c.as_str());
                } else {
                    out.push_str(right);
                }
            }
            None => out.push_str(word),
        }
        at = start + word.len();
    }
    out.push_str(&input[at..]);
    changed.then_some(out)
}

/// The word a slip meant.
fn meant(word: &str) -> Option<&'static str> {
    if let Some((_, right)) = SHORT.iter().find(|(slip, _)| *slip == word) {
        return Some(right);
    }
    if word.chars().count() < 4 || !word.chars().all(|c| c.is_ascii_lowercase()) || WORDS.contains(&word) || ENGLISH.contains(&word) {
        return None;
    }
    let plural = |a: &str, b: &str| a.strip_suffix('s') == Some(b) || b.strip_suffix('s') == Some(a);
    let mut near = WORDS.iter().filter(|right| strsim::osa_distance(word, right) == 1 && !plural(word, right));
    // (One word only: a slip between two of ours is not guessed.)
    match (near.next(), near.next()) {
        (Some(right), None) => Some(right),
        _ => None,
    }
}

/// The letter runs of `input` with their byte offsets.
fn words(input: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in input.char_indices().chain(std::iter::once((input.len(), ' '))) {
        match (c.is_alphabetic(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push((s, &input[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    out.into_iter()
}

#[cfg(test)]
mod tests {
    use super::corrected;

    #[test]
    fn slips_in_order_words_are_corrected_and_nothing_else() {
        let rows: &[(&str, Option<&str>)] = &[
            ("Find the only button on the page and clik it.", Some("Find the only button on the page and click it.")),
            ("tick the agree chekbox", Some("tick the agree checkbox")),
            ("open result number 3 from teh list", Some("open result number 3 from the list")),
            ("Could you swtich to Specs?", Some("Could you switch to Specs?")),
            ("Cilck Save", Some("Click Save")),
            ("the Country feild", Some("the Country field")),
            ("one of the options in the dropdwon", Some("one of the options in the dropdown")),
            // Words of English, plurals, short words and names: as typed.
            ("click the clock", None),
            ("filed under Work", None),
            ("tick the fields", None),
            ("type Kiev into City", None),
            ("click Potion", None),
        ];
        for (input, want) in rows {
            assert_eq!(corrected(input).as_deref(), *want, "{input}");
        }
    }
}
