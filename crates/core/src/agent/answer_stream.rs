//! The `done` call's answer while its arguments stream: the model writes
//! `{"answer": "The Pro plan costs…` piece by piece, and the panel shows
//! the answer as it comes (issue 40 point 8, "the streamed final
//! answer") instead of all at once when the call is complete.
//!
//! A small incremental reader of one JSON string value: it finds the
//! `"answer"` key, then decodes the string's characters as they arrive
//! (escapes included, an escape cut between two pieces waits for the
//! next), and hands out only what is new. Anything it cannot follow (the
//! key spelled otherwise, a value that is not a string) yields nothing:
//! the whole answer still comes with the finished call.

/// Follows one call's arguments text.
#[derive(Debug, Default)]
pub struct AnswerStream {
    text: String,
    /// Where the answer's string starts in `text` (after its quote).
    start: Option<usize>,
    /// How far `text` has been decoded, and whether the string ended.
    read: usize,
    ended: bool,
}

impl AnswerStream {
    /// Adds a piece of the arguments; returns the answer's new text, if any.
    pub fn push(&mut self, piece: &str) -> Option<String> {
        self.text.push_str(piece);
        if self.ended {
            return None;
        }
        if self.start.is_none() {
            self.start = value_start(&self.text);
            self.read = self.start?;
        }
        let mut out = String::new();
        let bytes = self.text.as_bytes();
        let mut at = self.read;
        while at < bytes.len() {
            match bytes[at] {
                b'"' => {
                    self.ended = true;
                    at += 1;
                    break;
                }
                b'\\' => {
                    let Some((decoded, len)) = escape(&self.text[at..]) else { break };
                    out.push_str(&decoded);
                    at += len;
                }
                _ => {
                    let c = self.text[at..].chars().next()?;
                    out.push(c);
                    at += c.len_utf8();
                }
            }
        }
        self.read = at;
        (!out.is_empty()).then_some(out)
    }
}

/// Where the string value of `"answer"` starts, once `"answer": "` is there.
fn value_start(text: &str) -> Option<usize> {
    let key = text.find("\"answer\"")?;
    let rest = &text[key + "\"answer\"".len()..];
    let colon = rest.find(|c: char| !c.is_whitespace())?;
    if !rest[colon..].starts_with(':') {
        return None;
    }
    let after = &rest[colon + 1..];
    let quote = after.find(|c: char| !c.is_whitespace())?;
    after[quote..].starts_with('"').then(|| text.len() - after.len() + quote + 1)
}

/// The escape at the start of `s`, decoded, and its length; `None` when it
/// is not complete yet.
fn escape(s: &str) -> Option<(String, usize)> {
    let kind = *s.as_bytes().get(1)?;
    let simple = |c: char| Some((c.to_string(), 2));
    match kind {
        b'n' => simple('\n'),
        b't' => simple('\t'),
        b'r' => simple('\r'),
        b'b' => simple('\u{8}'),
        b'f' => simple('\u{c}'),
        b'u' => {
            let hex = s.get(2..6)?;
            let unit = u16::from_str_radix(hex, 16).ok()?;
            if (0xD800..0xDC00).contains(&unit) {
                // A surrogate pair: wait for its second half.
                let low = u16::from_str_radix(s.get(8..12)?, 16).ok()?;
                let c = char::decode_utf16([unit, low]).next()?.ok()?;
                return Some((c.to_string(), 12));
            }
            Some((char::from_u32(unit as u32).unwrap_or('\u{fffd}').to_string(), 6))
        }
        other if other.is_ascii() => simple(other as char),
        // A backslash before a character of several bytes (`\é`, not JSON
        // but JSON5's identity escape): the whole character. Taking its
        // first byte as the character left `read` inside it, and the next
        // slice of the text panicked (found by `tests/fuzz`).
        _ => {
            let c = s[1..].chars().next()?;
            Some((c.to_string(), 1 + c.len_utf8()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feeds `pieces` and returns what came out, piece by piece.
    fn feed(pieces: &[&str]) -> Vec<String> {
        let mut s = AnswerStream::default();
        pieces.iter().filter_map(|p| s.push(p)).collect()
    }

    #[test]
    fn the_answer_comes_out_as_it_is_written() {
        let cases: &[(&[&str], &[&str])] = &[
            (&["{\"answer\": \"The Pro", " plan costs $29.", "\", \"success\": true}"], &["The Pro", " plan costs $29."]),
            (&["{\"success\":true,\"ans", "wer\":\"Done", ".\"}"], &["Done", "."]),
            // An escape cut between two pieces waits for the next.
            (&["{\"answer\":\"Say \\", "\"hi\\\" and\\n", "bye\"}"], &["Say ", "\"hi\" and\n", "bye"]),
            (&["{\"answer\":\"caf\\u00", "e9 \\ud83d\\ude00\"}"], &["caf", "é 😀"]),
            // Not a string, or another key: nothing early (the finished call has it).
            (&["{\"answer\": 42}"], &[]),
            (&["{\"result\": \"x\"}"], &[]),
        ];
        for (pieces, want) in cases {
            assert_eq!(feed(pieces), *want, "{pieces:?}");
        }
    }

    /// An escaped character of several bytes panicked (found by
    /// `tests/fuzz`): it comes out whole, in one piece or cut after `\`.
    #[test]
    fn an_escaped_multibyte_character_comes_out_whole() {
        assert_eq!(feed(&["{\"answer\":\"a\\•b\\’\"}"]), ["a•b’"]);
        assert_eq!(feed(&["{\"answer\":\"a\\", "🏽b\"}"]), ["a", "🏽b"]);
    }
}
