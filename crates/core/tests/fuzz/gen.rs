//! Input generators shared by the targets: a seeded PRNG, text with the
//! characters decoders trip on, JSON trees and the ways models and servers
//! write them, and mutations.
//!
//! Why a hand-written PRNG and not `rand`/`arbitrary`: the generators need
//! a dozen helpers and no distribution theory, and a dependency-free test
//! needs no change to the crate's manifest or lock file. The PRNG is
//! splitmix64: every input is a pure function of (seed, target, case), so
//! a failing case replays alone (`BC_FUZZ_CASE`, see `main.rs`).

use serde_json::{Map, Number, Value};

pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    /// True once in `n` times.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// A length skewed to small values (most decoders' bugs need few
    /// characters; a few long inputs still come).
    pub fn len(&mut self, max: usize) -> usize {
        match self.below(4) {
            0 => self.below(4.min(max) + 1),
            1 | 2 => self.below(max / 4 + 1),
            _ => self.below(max + 1),
        }
    }
}

/// Characters that are more than one UTF-8 byte, invisible, or special to
/// text handling: a chunk boundary or a byte index can land inside them.
const TRICKY: &[char] = &[
    'é', 'ß', 'Ω', '中', '€', '😀', '👍', '\u{1f3fd}', '\u{301}', '\u{200d}', '\u{200b}', '\u{feff}', '\u{2028}', '\u{2029}',
    '\u{fffd}', '\u{202e}', '\u{10ffff}', '“', '”', '‘', '’', '…', '•', '\u{a0}', 'İ', 'ﬁ', 'Σ', 'ς',
];
/// JSON's and markup's syntax, and the characters models put around calls.
const SYNTAX: &[char] = &['{', '}', '[', ']', '"', '\'', ':', ',', '\\', '/', '*', '`', '<', '>', '|', '=', '-', '#', '?', '.', ';'];
const CONTROL: &[char] = &['\n', '\r', '\t', '\0', '\u{b}', '\u{7f}', '\u{1b}', ' ', ' '];

pub fn any_char(rng: &mut Rng) -> char {
    match rng.below(20) {
        0..=8 => (b' ' + rng.below(95) as u8) as char,
        9..=11 => *rng.pick(SYNTAX),
        12..=13 => *rng.pick(CONTROL),
        14..=17 => *rng.pick(TRICKY),
        _ => loop {
            if let Some(c) = char::from_u32(rng.below(0x11_0000) as u32) {
                break c;
            }
        },
    }
}

/// Random text of up to `max` characters.
pub fn text(rng: &mut Rng, max: usize) -> String {
    let n = rng.len(max);
    (0..n).map(|_| any_char(rng)).collect()
}

/// Up to `max` words from `vocab`, space separated.
pub fn words(rng: &mut Rng, vocab: &[&str], max: usize) -> String {
    let n = rng.range(1, max.max(1));
    (0..n).map(|_| *rng.pick(vocab)).collect::<Vec<_>>().join(" ")
}

/// Plain words for names and prose; some are tool names, some JSON's own.
pub const WORDS: &[&str] = &[
    "click", "the", "button", "Sign in", "answer", "name", "arguments", "id", "text", "done", "null", "true", "True", "None",
    "search", "Zürich", "price", "€29", "plan", "tool_call", "function", "a1", "f2", "c3", "OK", "ok", "yes", "no", "0", "-1",
];

pub fn number(rng: &mut Rng) -> Value {
    match rng.below(9) {
        0 => Value::from(rng.below(10) as i64),
        1 => Value::from(rng.below(100_000) as i64 - 50_000),
        2 => Value::from(rng.next_u64()),
        3 => Value::from(i64::MIN),
        4 => Value::from(u32::MAX as u64 + 1),
        5 => Number::from_f64((rng.below(2000) as f64 - 1000.0) / 8.0).map_or(Value::Null, Value::Number),
        6 => Number::from_f64(1e300).map_or(Value::Null, Value::Number),
        7 => Number::from_f64(-0.0).map_or(Value::Null, Value::Number),
        _ => Number::from_f64(f64::from_bits(rng.next_u64())).map_or(Value::Null, Value::Number),
    }
}

/// A JSON tree at most `depth` deep; `keys` are the object keys to favour
/// (a decoder's own field names reach further than random ones).
pub fn json(rng: &mut Rng, depth: usize, keys: &[&str]) -> Value {
    let leaf = depth == 0 || rng.one_in(3);
    match if leaf { rng.below(5) } else { rng.below(7) } {
        0 => Value::Null,
        1 => Value::Bool(rng.one_in(2)),
        2 => number(rng),
        3 | 4 => Value::String(if rng.one_in(2) { text(rng, 12) } else { words(rng, WORDS, 3) }),
        5 => Value::Array((0..rng.len(5)).map(|_| json(rng, depth - 1, keys)).collect()),
        _ => Value::Object(object_entries(rng, depth - 1, keys)),
    }
}

fn object_entries(rng: &mut Rng, depth: usize, keys: &[&str]) -> Map<String, Value> {
    (0..rng.len(6))
        .map(|_| {
            let key = if !keys.is_empty() && !rng.one_in(5) { rng.pick(keys).to_string() } else { text(rng, 6) };
            (key, json(rng, depth, keys))
        })
        .collect()
}

/// An object (what every tool's arguments are).
pub fn object(rng: &mut Rng, depth: usize, keys: &[&str]) -> Value {
    Value::Object(object_entries(rng, depth, keys))
}

/// How a JSON value is written out.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Style {
    Compact,
    Pretty,
    /// `\uXXXX` for everything beyond ASCII, surrogate pairs included
    /// (Python's `json.dumps` default, which some servers use).
    Ascii,
    /// As small models write it: single quotes, unquoted keys, trailing
    /// commas, comments, Python's constants, raw line breaks in strings.
    Sloppy,
}

pub fn style(rng: &mut Rng) -> Style {
    *rng.pick(&[Style::Compact, Style::Compact, Style::Pretty, Style::Ascii, Style::Sloppy, Style::Sloppy])
}

pub fn render(rng: &mut Rng, v: &Value, style: Style) -> String {
    match style {
        Style::Compact => v.to_string(),
        Style::Pretty => serde_json::to_string_pretty(v).expect("a Value serialises"),
        Style::Ascii => ascii(&v.to_string()),
        Style::Sloppy => {
            let mut out = String::new();
            sloppy(rng, v, &mut out);
            out
        }
    }
}

/// Compact JSON with every non-ASCII character escaped.
fn ascii(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{u:04x}"));
            }
        }
    }
    out
}

/// JSON5-ish text that reads back as `v` (for keys that are not Python
/// constants, which `parse_lenient` rewrites even unquoted).
fn sloppy(rng: &mut Rng, v: &Value, out: &mut String) {
    match v {
        Value::Null => out.push_str(if rng.one_in(2) { "None" } else { "null" }),
        Value::Bool(b) => out.push_str(match (b, rng.one_in(2)) {
            (true, true) => "True",
            (true, false) => "true",
            (false, true) => "False",
            (false, false) => "false",
        }),
        Value::Number(n) => out.push_str(&n.to_string()),
        Value::String(s) => sloppy_string(rng, s, out),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(if rng.one_in(2) { ", " } else { "," });
                }
                sloppy(rng, item, out);
            }
            if !items.is_empty() && rng.one_in(3) {
                out.push(',');
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            for (i, (k, item)) in map.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                if rng.one_in(6) {
                    out.push_str(if rng.one_in(2) { "/* c */ " } else { "// note\n" });
                }
                let ident = k.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                    && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
                if ident && !["True", "False", "None"].contains(&k.as_str()) && rng.one_in(2) {
                    out.push_str(k);
                } else {
                    sloppy_string(rng, k, out);
                }
                out.push_str(": ");
                sloppy(rng, item, out);
            }
            if !map.is_empty() && rng.one_in(3) {
                out.push(',');
            }
            out.push('}');
        }
    }
}

fn sloppy_string(rng: &mut Rng, s: &str, out: &mut String) {
    let quote = if rng.one_in(2) { '\'' } else { '"' };
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            // Raw line breaks and tabs, as models write them.
            '\n' | '\t' if rng.one_in(2) => out.push(c),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            // JSON5 forbids other raw control characters, as JSON does.
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            // JSON5 reads these two raw as line terminators.
            '\u{2028}' | '\u{2029}' => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push(quote);
}

/// Text close to `s`: a few edits of the kinds that break decoders (cuts,
/// lost or doubled pieces, stray brackets, foreign characters). Stays
/// valid UTF-8.
pub fn mutate(rng: &mut Rng, s: &str) -> String {
    let mut chars: Vec<char> = s.chars().collect();
    for _ in 0..rng.range(1, 4) {
        let n = chars.len();
        let at = rng.below(n + 1);
        match rng.below(9) {
            0 => chars.truncate(at),
            1 if n > 0 => {
                let end = (at + rng.range(1, 8)).min(n);
                chars.drain(at.min(end)..end);
            }
            2 if at < n => {
                let end = (at + rng.range(1, 16)).min(n);
                let piece: Vec<char> = chars[at..end].to_vec();
                chars.splice(at..at, piece);
            }
            3 => chars.insert(at, *rng.pick(SYNTAX)),
            4 => chars.insert(at, any_char(rng)),
            5 if at < n => chars[at] = any_char(rng),
            6 => {
                let s: String = text(rng, 8);
                chars.splice(at..at, s.chars());
            }
            7 => {
                let closer = ["}", "]", "}}", "\"", "'", "\\"][rng.below(6)];
                chars.splice(at..at, closer.chars());
            }
            _ => {
                let slip = ["True", "None", ",", "//", "/*", "\n", "\u{feff}"][rng.below(7)];
                chars.splice(at..at, slip.chars());
            }
        }
    }
    chars.into_iter().collect()
}

/// Byte edits (the result need not be UTF-8).
pub fn garble(rng: &mut Rng, bytes: &mut Vec<u8>) {
    for _ in 0..rng.range(1, 3) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(3) {
            0 => bytes.insert(at, rng.next_u64() as u8),
            1 if at < bytes.len() => bytes[at] ^= 1 << rng.below(8),
            _ if at < bytes.len() => {
                bytes.remove(at);
            }
            _ => {}
        }
    }
}

/// Cuts `len` bytes into pieces at random places (any byte: inside a
/// UTF-8 character, a line ending, a `data:`), sometimes one byte each.
pub fn cuts(rng: &mut Rng, len: usize) -> Vec<usize> {
    if len < 2 {
        return Vec::new();
    }
    if len < 300 && rng.one_in(8) {
        return (1..len).collect();
    }
    let mut at: Vec<usize> = (0..rng.range(1, 12)).map(|_| rng.range(1, len - 1)).collect();
    at.sort_unstable();
    at.dedup();
    at
}

pub fn pieces<'a>(bytes: &'a [u8], cuts: &[usize]) -> Vec<&'a [u8]> {
    let mut out = Vec::with_capacity(cuts.len() + 1);
    let mut from = 0;
    for &c in cuts {
        out.push(&bytes[from..c]);
        from = c;
    }
    out.push(&bytes[from..]);
    out
}

/// Equal JSON, numbers within a few ulps: serde_json (without its
/// `float_roundtrip` feature) reads some decimals one ulp off, so a float
/// need not read back bit for bit, through any decoder.
pub fn same_json(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) if x.is_f64() || y.is_f64() => {
            let (x, y) = (x.as_f64().unwrap_or(f64::NAN), y.as_f64().unwrap_or(f64::NAN));
            x == y || (x - y).abs() <= (x.abs().max(y.abs()) * 1e-15)
        }
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same_json(x, y)),
        (Value::Object(x), Value::Object(y)) => x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same_json(v, w))),
        _ => a == b,
    }
}

/// Bytes shown as text when they are UTF-8, escaped otherwise.
pub struct Bytes(pub Vec<u8>);

impl std::fmt::Debug for Bytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match std::str::from_utf8(&self.0) {
            Ok(s) => write!(f, "{s:?}"),
            Err(_) => write!(f, "b\"{}\"", self.0.escape_ascii()),
        }
    }
}

/// `[[[[…` or `{"a":{"a":…` `depth` deep, closed or not: serde_json stops at
/// 128 levels, a parser without a limit overflows the stack.
pub fn deep(rng: &mut Rng, depth: usize) -> String {
    let (open, close) = *rng.pick(&[("[", "]"), ("{\"a\":", "}"), ("{'a': [", "]}"), ("[{\"x\": ", "}]")]);
    let mut s = open.repeat(depth);
    if rng.one_in(2) {
        s.push('1');
        s.push_str(&close.repeat(depth));
    }
    s
}

/// What servers say when they refuse: the phrases the classifiers look for,
/// and noise.
pub fn pick_error_message(rng: &mut Rng) -> String {
    const MESSAGES: &[&str] = &[
        "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.",
        "The number of tokens to keep from the initial prompt is greater than the context length",
        "llama3 does not support tools",
        "tools param requires --jinja flag",
        "\"auto\" tool choice requires --enable-auto-tool-choice",
        "The model `x` does not exist",
        "model not found",
        "Unsupported parameter: 'tools' is not supported with this model.",
        "overloaded",
        "upstream timeout",
        "Invalid tool_choice type: 'object'. Supported string values: none, auto, required",
        "",
    ];
    match rng.below(4) {
        0 => text(rng, 40),
        1 => {
            let m = *rng.pick(MESSAGES);
            mutate(rng, m)
        }
        _ => rng.pick(MESSAGES).to_string(),
    }
}
