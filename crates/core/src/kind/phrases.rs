//! Every keyword set of a rule table, indexed by each phrase's first word,
//! so that one pass over a control's words finds all the sets it matches.
//!
//! Why: kind inference asked [`contains_phrase`](super::text::contains_phrase)
//! for every phrase of every rule and every control (~10⁶ calls on a
//! 10k-element page; ~70% of the native MiniPCD build). A label has a few
//! words, and a phrase can only match where the label has its first word
//! (or that word's plural), so the index needs at most three lookups per
//! label word. Results are the same as the phrase-by-phrase functions:
//! `tests.rs` compares both on every fixture and on generated labels.

use super::text::{contains_phrase, is_phrase, unspaced, word_is, word_matches};
use rustc_hash::FxHashMap as HashMap;

/// Keyword sets one [`PhraseIndex`] can hold (the bit width of [`SetBits`]).
pub const MAX_SETS: usize = 256;

/// A set of keyword-set ids. 32-bit words, not 64: the content module's
/// CSP fallback (wasm2js) emulates every 64-bit operation with pairs of
/// 32-bit ones, and these bits are tested for every rule of every control.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SetBits([u32; MAX_SETS / 32]);

impl SetBits {
    pub fn has(&self, id: SetId) -> bool {
        self.0[id.0 as usize / 32] & (1 << (id.0 % 32)) != 0
    }

    fn insert(&mut self, id: SetId) {
        self.0[id.0 as usize / 32] |= 1 << (id.0 % 32);
    }

    /// Both sets together.
    pub fn union(self, other: SetBits) -> SetBits {
        let mut out = self;
        for (a, b) in out.0.iter_mut().zip(other.0) {
            *a |= b;
        }
        out
    }
}

/// The id of one keyword set of a [`PhraseIndex`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SetId(u16);

/// Which keyword sets a word sequence matches.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Matches {
    /// Sets with a phrase that occurs in the words (`contains_phrase`).
    pub contains: SetBits,
    /// Sets with a phrase that is the whole of the words (`is_phrase`).
    pub is: SetBits,
}

/// Keyword sets (phrases of normalised, space-separated words), indexed by
/// each phrase's first word.
#[derive(Debug, Default)]
pub struct PhraseIndex {
    ids: HashMap<&'static [&'static str], SetId>,
    /// First word → (set, the phrase's words after the first).
    by_first: HashMap<&'static str, Vec<(SetId, Vec<&'static str>)>>,
    /// Phrases whose first word is [`unspaced`]: found inside a label's
    /// words, so not by looking a word up; asked of non-ASCII labels only.
    unspaced: Vec<(SetId, &'static str)>,
}

impl PhraseIndex {
    /// The id of `phrases`, added if new (a set with the same phrases in
    /// the same order shares the id).
    ///
    /// # Panics
    /// Past [`MAX_SETS`] sets: the tables are static, so a test finds it.
    pub fn add(&mut self, phrases: &'static [&'static str]) -> SetId {
        if let Some(id) = self.ids.get(phrases) {
            return *id;
        }
        assert!(self.ids.len() < MAX_SETS, "more than {MAX_SETS} keyword sets: widen SetBits");
        let id = SetId(self.ids.len() as u16);
        self.ids.insert(phrases, id);
        for phrase in phrases {
            let mut words = phrase.split(' ');
            let first = words.next().unwrap_or("");
            if unspaced(first) {
                self.unspaced.push((id, phrase));
                continue;
            }
            self.by_first.entry(first).or_default().push((id, words.collect()));
        }
        id
    }

    /// The sets `words` (normalised words, as `text::words` gives them) match.
    pub fn matches<S: AsRef<str>>(&self, words: &[S]) -> Matches {
        let mut m = Matches::default();
        for (i, word) in words.iter().enumerate() {
            let word = word.as_ref();
            // `word_matches(word, first)`: equal, or `word` is its plural.
            let keys = [Some(word), word.strip_suffix('s'), word.strip_suffix("es")];
            // The three keys differ in length, so no phrase is seen twice.
            for key in keys.into_iter().flatten() {
                let Some(phrases) = self.by_first.get(key) else { continue };
                for (id, rest) in phrases {
                    let end = i + 1 + rest.len();
                    if end > words.len() {
                        continue;
                    }
                    if words[i + 1..end].iter().zip(rest).all(|(w, p)| word_matches(w.as_ref(), p)) {
                        m.contains.insert(*id);
                        // Whole: also no keyword word found inside a longer one.
                        if i == 0 && end == words.len() && words[1..].iter().zip(rest).all(|(w, p)| word_is(w.as_ref(), p)) {
                            m.is.insert(*id);
                        }
                    }
                }
            }
        }
        if !self.unspaced.is_empty() && words.iter().any(|w| !w.as_ref().is_ascii()) {
            for (id, phrase) in &self.unspaced {
                if contains_phrase(words, phrase) {
                    m.contains.insert(*id);
                }
                if is_phrase(words, phrase) {
                    m.is.insert(*id);
                }
            }
        }
        m
    }
}

/// A rule table whose keyword conditions are compiled into one
/// [`PhraseIndex`] (`C`: a condition with its keyword sets replaced by
/// their ids), rules in the table's order: `action.rs` and `form.rs`.
#[derive(Debug)]
pub struct CompiledRules<C> {
    pub index: PhraseIndex,
    rules: Vec<Vec<C>>,
}

impl<C> CompiledRules<C> {
    /// Each rule's conditions (`whens`, in table order) compiled.
    pub fn new<W: 'static>(
        whens: impl Iterator<Item = &'static [W]>,
        compile: impl Fn(&'static W, &mut PhraseIndex) -> C,
    ) -> Self {
        let mut index = PhraseIndex::default();
        let rules = whens.map(|when| when.iter().map(|w| compile(w, &mut index)).collect()).collect();
        CompiledRules { index, rules }
    }

    /// The position of the first rule whose conditions all hold.
    pub fn first(&self, holds: impl Fn(&C) -> bool) -> Option<usize> {
        self.rules.iter().position(|conds| conds.iter().all(&holds))
    }
}

#[cfg(test)]
mod tests {
    use super::super::text::{contains_phrase, is_phrase, words};
    use super::*;

    const A: &[&str] = &["add to cart", "cart", "basket"];
    const B: &[&str] = &["invoice", "billing history"];
    const C: &[&str] = &["next", "next page", "es"];
    // Unspaced scripts: as a whole phrase, after a spaced word, glued.
    const D: &[&str] = &["登录", "장바구니 담기", "下一页", "wi fi 设置"];

    #[test]
    fn matches_agree_with_phrase_functions() {
        let mut index = PhraseIndex::default();
        let sets = [(index.add(A), A), (index.add(B), B), (index.add(C), C), (index.add(D), D)];
        assert_eq!(index.add(A), sets[0].0, "a set added again keeps its id");
        for label in [
            "Add to carts", "Cart", "Your baskets", "Invoices", "Billing history (2024)", "billing",
            "Next page", "Next pages ›", "nexts", "Ess", "es", "", "Add to", "invoicees",
            "用户登录", "登录", "장바구니에 담기", "장바구니 담기", "下一页 ›", "查看下一页", "Wi-Fi 设置", "Wi-Fi 网络设置",
        ] {
            let w = words(label);
            let m = index.matches(&w);
            for (id, phrases) in sets {
                assert_eq!(m.contains.has(id), phrases.iter().any(|p| contains_phrase(&w, p)), "contains {label:?} {phrases:?}");
                assert_eq!(m.is.has(id), phrases.iter().any(|p| is_phrase(&w, p)), "is {label:?} {phrases:?}");
            }
        }
    }
}
