//! Memos of pure functions of a string, kept across calls: a page's
//! controls and items repeat labels, headings, link paths and texts, and a
//! MiniPCD build (the first, and every rebuild after a small change) asks
//! the same questions of them. Each memo is bounded: past
//! [`MEMO_ENTRIES`] strings it starts again, so pages of endless distinct
//! labels cost memory only up to that.

use rustc_hash::FxHashMap;

/// Strings a [`StringMemo`] holds at most.
pub const MEMO_ENTRIES: usize = 4096;

/// The values a pure function gave for strings.
pub struct StringMemo<V>(FxHashMap<String, V>);

impl<V> Default for StringMemo<V> {
    fn default() -> Self {
        StringMemo(FxHashMap::default())
    }
}

impl<V: Copy> StringMemo<V> {
    /// The value for `key`: remembered, else `compute()` (which must be
    /// the same pure function of `key` for every call on this memo).
    pub fn get(&mut self, key: &str, compute: impl FnOnce() -> V) -> V {
        if let Some(v) = self.0.get(key) {
            return *v;
        }
        if self.0.len() >= MEMO_ENTRIES {
            self.0.clear();
        }
        let v = compute();
        self.0.insert(key.to_owned(), v);
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembers_and_stays_bounded() {
        let mut m = StringMemo::default();
        let mut calls = 0;
        assert_eq!(m.get("a", || { calls += 1; 1 }), 1);
        assert_eq!(m.get("a", || { calls += 1; 2 }), 1);
        assert_eq!(calls, 1);
        for i in 0..MEMO_ENTRIES + 10 {
            m.get(&i.to_string(), || i);
        }
        assert!(m.0.len() <= MEMO_ENTRIES);
    }
}
