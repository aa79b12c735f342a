//! The pattern language of the grammar table, in the spirit of TypeAgent's
//! `.agr` files, matched over tokens rather than characters:
//!
//! | syntax        | matches                                                   |
//! |---------------|-----------------------------------------------------------|
//! | `word`        | that word (case-insensitive; quoted text never matches)   |
//! | `(a|b c)`     | one of the alternatives; each may be several words        |
//! | `[a|b c]`     | one of the alternatives, or nothing                       |
//! | `{slot}`      | one or more tokens captured as a [`Slot`]                 |
//!
//! A pattern must cover the whole command. Alternatives are tried in the
//! order written, then skipping an optional group. A slot takes as many
//! tokens as it can (so `type {text} into {field}` splits at the *last*
//! "into"), except [`Slot::Field`], which takes as few as it can (so
//! `fill {field} with {text}` splits at the *first* "with"). The first way
//! the whole pattern matches wins: matching is deterministic.

use super::tokens::Token;
use std::ops::Range;

/// What a `{slot}` captures; the rule's builder interprets it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// Text to type or search, kept verbatim.
    Text,
    /// An element named by its label ("the Save button").
    Label,
    /// A form field named by its label ("the search box"); lazy.
    Field,
    /// An option of a dropdown.
    Option,
    /// What to open: an address or a link label.
    Target,
    /// A URL (rules reject anything that does not look like one).
    Url,
    /// A collection on the page ("products").
    What,
    /// Words identifying a browser tab (title, site or number).
    Tab,
    /// A key name ("enter", "page down").
    Key,
    /// A password typed in the sentence ("… with password xyz").
    Secret,
    /// A recorded flow's parameter, by its index in the names given to
    /// [`Pattern::compile_with_params`] (`{drink}` in "order {drink} from
    /// the coffee shop"; `bc_core::flows::grammar`).
    Param(u8),
}

impl Slot {
    /// How a rewrite template names what this slot took (`{text}` …), for
    /// the slots a rewrite copies (wishes, restatements); `None` otherwise.
    pub fn placeholder(self) -> Option<&'static str> {
        Some(match self {
            Slot::Text => "{text}",
            Slot::Field => "{field}",
            Slot::Option => "{option}",
            Slot::Label => "{label}",
            _ => return None,
        })
    }

    fn from_name(name: &str) -> Option<Slot> {
        Some(match name {
            "text" => Slot::Text,
            "label" => Slot::Label,
            "field" => Slot::Field,
            "option" => Slot::Option,
            "target" => Slot::Target,
            "url" => Slot::Url,
            "what" => Slot::What,
            "tab" => Slot::Tab,
            "key" => Slot::Key,
            "secret" => Slot::Secret,
            _ => return None,
        })
    }

    fn lazy(self) -> bool {
        self == Slot::Field
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Elem {
    /// Alternatives, each a word sequence; `optional` may match nothing.
    Words {
        alternatives: Vec<Vec<String>>,
        optional: bool,
    },
    Slot(Slot),
}

/// A compiled pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pattern(Vec<Elem>);

/// Why a pattern of the table does not compile (a test compiles them all).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PatternError {
    #[error("unknown slot {{{0}}}")]
    UnknownSlot(String),
    #[error("unclosed {0:?}")]
    Unclosed(char),
    #[error("empty alternative in a group")]
    EmptyAlternative,
    #[error("two slots in a row cannot be told apart")]
    AdjacentSlots,
}

impl Pattern {
    pub fn compile(src: &str) -> Result<Pattern, PatternError> {
        Pattern::compile_with_params(src, &[])
    }

    /// [`Pattern::compile`] where `{name}` may also be one of `params`
    /// (a flow's parameters), captured as [`Slot::Param`] by index.
    pub fn compile_with_params(src: &str, params: &[&str]) -> Result<Pattern, PatternError> {
        let mut elems = Vec::new();
        let mut rest = src.trim();
        while !rest.is_empty() {
            let first = rest.chars().next().unwrap_or(' ');
            let (elem, used) = match first {
                '(' | '[' => {
                    let close = if first == '(' { ')' } else { ']' };
                    let end = rest.find(close).ok_or(PatternError::Unclosed(first))?;
                    let alternatives = rest[1..end]
                        .split('|')
                        .map(|alt| alt.split_whitespace().map(str::to_owned).collect::<Vec<_>>())
                        .collect::<Vec<_>>();
                    if alternatives.iter().any(Vec::is_empty) {
                        return Err(PatternError::EmptyAlternative);
                    }
                    (Elem::Words { alternatives, optional: first == '[' }, end + 1)
                }
                '{' => {
                    let end = rest.find('}').ok_or(PatternError::Unclosed('{'))?;
                    let name = &rest[1..end];
                    let param = params.iter().position(|p| *p == name).and_then(|i| u8::try_from(i).ok()).map(Slot::Param);
                    let slot = param.or_else(|| Slot::from_name(name)).ok_or_else(|| PatternError::UnknownSlot(name.to_owned()))?;
                    if matches!(elems.last(), Some(Elem::Slot(_))) {
                        return Err(PatternError::AdjacentSlots);
                    }
                    (Elem::Slot(slot), end + 1)
                }
                _ => {
                    let end = rest.find(|c: char| c.is_whitespace() || "([{".contains(c)).unwrap_or(rest.len());
                    let word = rest[..end].to_owned();
                    (Elem::Words { alternatives: vec![vec![word]], optional: false }, end)
                }
            };
            elems.push(elem);
            rest = rest[used..].trim_start();
        }
        Ok(Pattern(elems))
    }

    /// The slots captured when the pattern covers all of `tokens`.
    pub fn matches(&self, tokens: &[Token]) -> Option<Captures> {
        let mut caps = Vec::new();
        go(&self.0, tokens, 0, &mut caps).then_some(Captures(caps))
    }
}

/// Token ranges captured by slots.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Captures(Vec<(Slot, Range<usize>)>);

impl Captures {
    pub fn get(&self, slot: Slot) -> Option<Range<usize>> {
        self.0.iter().find(|(s, _)| *s == slot).map(|(_, r)| r.clone())
    }

    /// Every capture, in pattern order.
    pub fn all(&self) -> &[(Slot, Range<usize>)] {
        &self.0
    }
}

fn words_at(tokens: &[Token], at: usize, words: &[String]) -> bool {
    tokens.len() >= at + words.len() && words.iter().enumerate().all(|(k, w)| tokens[at + k].is_word(w))
}

fn go(elems: &[Elem], tokens: &[Token], at: usize, caps: &mut Vec<(Slot, Range<usize>)>) -> bool {
    let Some((first, rest)) = elems.split_first() else {
        return at == tokens.len();
    };
    match first {
        Elem::Words { alternatives, optional } => {
            for alt in alternatives {
                if words_at(tokens, at, alt) && go(rest, tokens, at + alt.len(), caps) {
                    return true;
                }
            }
            *optional && go(rest, tokens, at, caps)
        }
        Elem::Slot(slot) => {
            let max = tokens.len().saturating_sub(at);
            let try_len = |len: usize, caps: &mut Vec<(Slot, Range<usize>)>| {
                caps.push((*slot, at..at + len));
                if go(rest, tokens, at + len, caps) {
                    return true;
                }
                caps.pop();
                false
            };
            if slot.lazy() {
                (1..=max).any(|len| try_len(len, caps))
            } else {
                (1..=max).rev().any(|len| try_len(len, caps))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tokens::tokenize;
    use super::*;

    fn slots(pattern: &str, input: &str) -> Option<Vec<String>> {
        let tokens = tokenize(input);
        let caps = Pattern::compile(pattern).unwrap().matches(&tokens)?;
        Some(
            caps.0
                .iter()
                .map(|(_, r)| tokens[r.clone()].iter().map(|t| t.inner(input)).collect::<Vec<_>>().join(" "))
                .collect(),
        )
    }

    #[test]
    fn words_groups_and_slots() {
        assert_eq!(slots("scroll [the page] (down|up)", "Scroll the page down"), Some(vec![]));
        assert_eq!(slots("scroll [the page] (down|up)", "scroll up"), Some(vec![]));
        assert_eq!(slots("scroll [the page] (down|up)", "scroll sideways"), None);
        assert_eq!(slots("click [on] {label}", "click on Sign in"), Some(vec!["Sign in".into()]));
        assert_eq!(slots("click [on] {label}", "click"), None);
    }

    #[test]
    fn greedy_and_lazy_slots() {
        assert_eq!(
            slots("type {text} into {field}", "type into the void into notes"),
            Some(vec!["into the void".into(), "notes".into()])
        );
        assert_eq!(
            slots("fill {field} with {text}", "fill notes with love with care"),
            Some(vec!["notes".into(), "love with care".into()])
        );
    }

    #[test]
    fn quoted_text_never_matches_words() {
        assert_eq!(slots("click [on] {label}", "click \"on\""), Some(vec!["on".into()]));
    }

    #[test]
    fn malformed_patterns_are_errors() {
        assert_eq!(Pattern::compile("click {lable}"), Err(PatternError::UnknownSlot("lable".into())));
        assert_eq!(Pattern::compile("scroll (up|down"), Err(PatternError::Unclosed('(')));
        assert_eq!(Pattern::compile("scroll [|up]"), Err(PatternError::EmptyAlternative));
        assert_eq!(Pattern::compile("type {text} {field}"), Err(PatternError::AdjacentSlots));
    }
}
