//! Memos of pure functions of a string, kept across calls: a page's
//! controls and items repeat labels, headings, link paths and texts, and a
//! MiniPCD build (the first, and every rebuild after a small change) asks
//! the same questions of them. Each memo is bounded: past
//! [`MEMO_ENTRIES`] strings it starts again, so pages of endless distinct
//! labels cost memory only up to that.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Strings a [`StringMemo`] holds at most.
pub const MEMO_ENTRIES: usize = 4096;

/// The values a pure function gave for strings.
pub struct StringMemo<V>(HashMap<String, V, BuildHasherDefault<Fnv32>>);

impl<V> Default for StringMemo<V> {
    fn default() -> Self {
        StringMemo(HashMap::default())
    }
}

/// 32-bit FNV-1a, for the memos' short string keys. Not FxHash: its string
/// hashing multiplies in 64 bits even on wasm32, which the content
/// module's CSP fallback (wasm2js) emulates — there a memo lookup cost as
/// much as what it spared.
pub struct Fnv32(u32);

impl Default for Fnv32 {
    fn default() -> Self {
        Fnv32(0x811c_9dc5)
    }
}

impl Hasher for Fnv32 {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u32::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0193);
        }
    }

    fn finish(&self) -> u64 {
        // hashbrown takes its 7 tag bits from the top of the 64 (on 64-bit
        // hosts): the high half must vary too.
        (u64::from(self.0.wrapping_mul(0x9e37_79b9)) << 32) | u64::from(self.0)
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
