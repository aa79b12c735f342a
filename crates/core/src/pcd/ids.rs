//! Short, stable ids for MiniPCD entries (`a…` actions, `f…` forms, `c…`
//! collections).
//!
//! An id is the prefix plus 4 base-36 chars of an FNV-1a hash of the entry's
//! *identity* — role, normalised label, landmark (forms: purpose, submit
//! label; collections: name) — and its ordinal among entries with the same
//! identity, counted in document order over *all* candidates before the
//! budget cut. Why a hash and not `a1, a2, …` by position: the LLM plans with
//! ids across refreshes, and a positional id would silently point at another
//! control when an unrelated control is added earlier in the document. With
//! the hash, a control keeps its id unless a same-named control in the same
//! landmark is added before it. Same facts → same ids.
//!
//! Collisions (4 base-36 chars = 1.68M values; at most 200 ids per page: the
//! MiniPCD's 70 and the unlisted actions `pcd.query` ranks) are
//! resolved by rehashing with a salt, in output order, so they stay
//! deterministic.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// Counts ordinals among equal identities (feed every candidate, in document
/// order, before any cut).
#[derive(Debug, Default)]
pub struct Ordinals(HashMap<String, u32>);

impl Ordinals {
    /// The identity with its ordinal appended (`"button|save|main#1"`).
    pub fn seed(&mut self, identity: String) -> String {
        // Written by hand, not with `format!`: a MiniPCD build seeds every
        // candidate, and the formatting machinery cost more than the rest.
        let n = match self.0.get_mut(&identity) {
            Some(n) => n,
            None => self.0.entry(identity.clone()).or_insert(0),
        };
        let mut seed = identity;
        seed.push('#');
        push_decimal(&mut seed, *n);
        *n += 1;
        seed
    }
}

/// Hands out ids for seeds, unique within one MiniPCD.
#[derive(Debug, Default)]
pub struct IdAllocator {
    used: HashSet<String>,
}

impl IdAllocator {
    pub fn id(&mut self, prefix: char, seed: &str) -> String {
        let mut salt = 0u32;
        loop {
            let mut id = String::with_capacity(5);
            id.push(prefix);
            id.push_str(&base36_4(fnv1a(seed, salt)));
            if self.used.insert(id.clone()) {
                return id;
            }
            salt += 1;
        }
    }
}

/// 32-bit FNV-1a: tiny, dependency-free and identical on every platform
/// (std's hasher is randomly seeded and not stable across versions).
fn fnv1a(s: &str, salt: u32) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for b in s.bytes().chain(salt.to_le_bytes()) {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    h
}

/// `n` in decimal, appended to `out` (as `format!("{n}")` writes it).
pub(crate) fn push_decimal(out: &mut String, n: u32) {
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    let mut v = n;
    loop {
        i -= 1;
        digits[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    out.extend(digits[i..].iter().map(|&d| char::from(d)));
}

fn base36_4(mut v: u32) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    v %= 36u32.pow(4);
    let mut out = [b'0'; 4];
    for slot in out.iter_mut().rev() {
        *slot = DIGITS[(v % 36) as usize];
        v /= 36;
    }
    String::from_utf8(out.to_vec()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_short_deterministic_and_unique() {
        let mut a = IdAllocator::default();
        let x = a.id('a', "button|save|main#0");
        assert_eq!(x.len(), 5);
        assert!(x.starts_with('a'));
        assert_eq!(IdAllocator::default().id('a', "button|save|main#0"), x);
        // The same seed twice still gets two ids (salted rehash).
        let y = a.id('a', "button|save|main#0");
        assert_ne!(x, y);
    }

    #[test]
    fn ordinals_count_equal_identities_only() {
        let mut o = Ordinals::default();
        assert_eq!(o.seed("x".into()), "x#0");
        assert_eq!(o.seed("y".into()), "y#0");
        assert_eq!(o.seed("x".into()), "x#1");
        for n in [0, 7, 10, 99, 4096, u32::MAX] {
            let mut s = String::new();
            push_decimal(&mut s, n);
            assert_eq!(s, n.to_string());
        }
    }
}
