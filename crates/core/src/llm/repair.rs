//! Reading the JSON a model wrote even when it is not quite JSON.
//!
//! Small local models (Llama 3.1 8B, Qwen 2.5 7B) write tool-call arguments
//! with single quotes, trailing commas, unquoted keys, comments, Python's
//! `True`/`False`/`None`, raw line breaks inside strings, one `}` too many,
//! or stop in the middle when `max_tokens` runs out. Refusing all of that
//! costs a whole model turn per slip; [`parse_lenient`] reads what is
//! unambiguous and, when nothing helps, says what is wrong in serde_json's
//! words ("expected `,` or `}` at line 1 column 35") plus the text around
//! it, which a model can act on when told.
//!
//! The stages, cheapest and most faithful first:
//! 1. strict JSON (`serde_json`): what well-behaved models send;
//! 2. JSON5 through the `json5` crate, after turning Python's constants
//!    into JSON's and escaping raw control characters inside strings (the
//!    two slips JSON5 does not cover). JSON5 is the grammar of "JSON as
//!    people write it by hand"; a maintained parser of it beats a
//!    hand-written lenient one. Crates that "repair LLM JSON" were
//!    considered: `llm_json` depends on clap (a CLI parser, in a wasm
//!    library), `jsonrepair` is a new 0.1 port; neither is needed for the
//!    slips above;
//! 3. one complete value followed only by stray closing brackets;
//! 4. a value cut off: close the open string, then the open objects and
//!    arrays, filling a dangling `"key":` with `null` or, failing that,
//!    dropping the unfinished last member.

use serde_json::Value;

/// Why a text could not be read as JSON, in words a model can act on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RepairError {
    #[error("there is no JSON: the text is empty")]
    Empty,
    #[error("{message} at line {line} column {column}, near `{near}`")]
    Invalid { message: String, line: usize, column: usize, near: String },
}

impl RepairError {
    fn from_serde(e: &serde_json::Error, text: &str) -> RepairError {
        let full = e.to_string();
        let message = match full.rfind(" at line ") {
            Some(i) => full[..i].to_owned(),
            None => full,
        };
        RepairError::Invalid { message, line: e.line(), column: e.column(), near: near(text, e.line(), e.column()) }
    }
}

/// Up to 20 characters either side of (line, column), on one line.
fn near(text: &str, line: usize, column: usize) -> String {
    let Some(l) = text.lines().nth(line.saturating_sub(1)) else {
        return String::new();
    };
    let chars: Vec<char> = l.chars().collect();
    let at = column.min(chars.len());
    chars[at.saturating_sub(20)..(at + 20).min(chars.len())].iter().collect()
}

/// Reads `text` as JSON, as strictly as it can and as leniently as it must
/// (see the module doc for the stages).
pub fn parse_lenient(text: &str) -> Result<Value, RepairError> {
    let text = text.trim().trim_start_matches('\u{feff}');
    if text.is_empty() {
        return Err(RepairError::Empty);
    }
    let strict_error = match serde_json::from_str(text) {
        Ok(v) => return Ok(v),
        Err(e) => e,
    };
    let normal = normalize(text);
    // `json5` recurses once per level with no limit of its own: a model
    // stuck repeating `[` (thousands before `max_tokens`) overflowed the
    // stack, which aborts the whole extension worker (in wasm as natively,
    // found by `tests/fuzz`). serde_json refused it already, with its own
    // recursion limit's words; no call's arguments nest that deep.
    if nesting_depth(&normal) > MAX_DEPTH {
        return Err(RepairError::from_serde(&strict_error, text));
    }
    if let Ok(v) = json5::from_str::<Value>(&normal) {
        return Ok(v);
    }
    if let Some(end) = balanced_end(&normal) {
        let stray = normal[end..].chars().all(|c| c.is_whitespace() || "}]);,".contains(c));
        if let (true, Ok(v)) = (stray, json5::from_str::<Value>(&normal[..end])) {
            return Ok(v);
        }
    }
    closings(&normal)
        .into_iter()
        .find_map(|candidate| json5::from_str::<Value>(&candidate).ok())
        .ok_or_else(|| RepairError::from_serde(&strict_error, text))
}

/// What a character of JSON-ish text is part of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Class {
    Code,
    /// Inside a string, quotes included (single or double quoted).
    Str,
    Comment,
}

/// Each character with its byte offset and [`Class`], and the quote of a
/// string still open at the end of the text (cut off).
pub(super) fn classify(text: &str) -> (Vec<(usize, char, Class)>, Option<char>) {
    let mut out = Vec::with_capacity(text.len());
    let mut quote: Option<char> = None;
    let mut escaped = false;
    // Some(true) inside /* */, Some(false) inside //.
    let mut comment: Option<bool> = None;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if let Some(block) = comment {
            out.push((i, c, Class::Comment));
            if !block && c == '\n' {
                comment = None;
            } else if block && c == '*' && chars.peek().map(|&(_, n)| n) == Some('/') {
                out.extend(chars.next().map(|(j, n)| (j, n, Class::Comment)));
                comment = None;
            }
            continue;
        }
        if let Some(q) = quote {
            out.push((i, c, Class::Str));
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == q {
                quote = None;
            }
            continue;
        }
        match (c, chars.peek().map(|&(_, n)| n)) {
            ('"' | '\'', _) => {
                quote = Some(c);
                out.push((i, c, Class::Str));
            }
            ('/', Some(n @ ('/' | '*'))) => {
                comment = Some(n == '*');
                out.push((i, c, Class::Comment));
                out.extend(chars.next().map(|(j, n)| (j, n, Class::Comment)));
            }
            _ => out.push((i, c, Class::Code)),
        }
    }
    (out, quote)
}

/// Where the object or array that `text` starts with ends (the byte after
/// its closing bracket), or `None` when it is never closed or `text` does
/// not start with one.
pub(super) fn balanced_end(text: &str) -> Option<usize> {
    let (chars, _) = classify(text);
    let mut depth = 0usize;
    for (i, c, class) in chars {
        if class != Class::Code || (depth == 0 && c.is_whitespace()) {
            continue;
        }
        match c {
            '{' | '[' => depth += 1,
            '}' | ']' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ if depth == 0 => return None,
            _ => {}
        }
    }
    None
}

/// The deepest nesting the lenient stages read: serde_json's own limit, so
/// both readers refuse the same texts for depth.
const MAX_DEPTH: usize = 128;

/// How deep the objects and arrays of `text` nest (brackets in strings and
/// comments aside; unmatched closers do not count).
fn nesting_depth(text: &str) -> usize {
    let (chars, _) = classify(text);
    let (mut depth, mut deepest) = (0usize, 0usize);
    for (_, c, class) in chars {
        match (class, c) {
            (Class::Code, '{' | '[') => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            (Class::Code, '}' | ']') => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

/// Python's constants as JSON's, and raw line breaks and tabs inside strings
/// escaped: the slips JSON5 does not forgive.
fn normalize(text: &str) -> String {
    let (chars, _) = classify(text);
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let (start, c, class) = chars[i];
        match (class, c) {
            (Class::Str, '\n') => out.push_str("\\n"),
            (Class::Str, '\r') => out.push_str("\\r"),
            (Class::Str, '\t') => out.push_str("\\t"),
            (Class::Code, c) if c.is_alphabetic() || c == '_' => {
                let mut end = i;
                while end < chars.len() && chars[end].2 == Class::Code && (chars[end].1.is_alphanumeric() || chars[end].1 == '_') {
                    end += 1;
                }
                let stop = chars.get(end).map_or(text.len(), |&(at, _, _)| at);
                out.push_str(match &text[start..stop] {
                    "True" => "true",
                    "False" => "false",
                    "None" => "null",
                    word => word,
                });
                i = end;
                continue;
            }
            (_, c) => out.push(c),
        }
        i += 1;
    }
    out
}

/// Ways to complete a text cut off inside a value, most faithful first;
/// empty when nothing is open.
fn closings(text: &str) -> Vec<String> {
    let (chars, open_quote) = classify(text);
    // Per open container: its closer, where its members start, its last comma.
    let mut stack: Vec<(char, usize, Option<usize>)> = Vec::new();
    let mut last_code = None;
    for &(i, c, class) in &chars {
        if class != Class::Code {
            continue;
        }
        match c {
            '{' => stack.push(('}', i + 1, None)),
            '[' => stack.push((']', i + 1, None)),
            '}' | ']' => {
                // A closer that does not match is a mistake, not a cut: closing
                // the rest would only hide it.
                let open = stack.pop().map(|s| s.0);
                if open != Some(c) {
                    return Vec::new();
                }
            }
            ',' => {
                if let Some(top) = stack.last_mut() {
                    top.2 = Some(i);
                }
            }
            _ => {}
        }
        if !c.is_whitespace() {
            last_code = Some(c);
        }
    }
    if stack.is_empty() && open_quote.is_none() {
        return Vec::new();
    }
    let closers: String = stack.iter().rev().map(|s| s.0).collect();
    let mut body = text.to_owned();
    if let Some(q) = open_quote {
        // A lone backslash at the cut would escape the closing quote.
        if body.chars().rev().take_while(|&c| c == '\\').count() % 2 == 1 {
            body.pop();
        }
        body.push(q);
    }
    let mut out = vec![format!("{body}{closers}")];
    if open_quote.is_none() && last_code == Some(':') {
        out.push(format!("{body}null{closers}"));
    }
    if let Some(&(_, members, comma)) = stack.last() {
        out.push(format!("{}{closers}", &text[..comma.unwrap_or(members)]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn what_is_read_and_how() {
        let cases: &[(&str, Value)] = &[
            // Strict JSON.
            (r#"{"id": 3, "text": "a \"b\""}"#, json!({"id": 3, "text": "a \"b\""})),
            (" [1, 2] ", json!([1, 2])),
            ("\u{feff}{\"a\": 1}", json!({"a": 1})),
            // JSON5.
            ("{'id': 3, 'text': 'it\\'s'}", json!({"id": 3, "text": "it's"})),
            (r#"{"id": 3,}"#, json!({"id": 3})),
            (r#"[1, 2,]"#, json!([1, 2])),
            (r#"{id: 3, element_id: "e1"}"#, json!({"id": 3, "element_id": "e1"})),
            ("{\"id\": 3 // the button\n}", json!({"id": 3})),
            ("{/* why */ \"id\": 3}", json!({"id": 3})),
            // Python's constants, not inside strings.
            (r#"{"checked": True, "submit": False, "value": None, "text": "None True"}"#, json!({"checked": true, "submit": false, "value": null, "text": "None True"})),
            ("{'Trueish': 1, 'x': [True, None]}", json!({"Trueish": 1, "x": [true, null]})),
            // Raw control characters inside a string.
            ("{\"text\": \"line one\nline two\tend\"}", json!({"text": "line one\nline two\tend"})),
            // A stray closer after a whole value (Llama 3.1's extra brace).
            (r#"{"name": "click", "parameters": {"id": 3}}}"#, json!({"name": "click", "parameters": {"id": 3}})),
            (r#"{"id": 3}]"#, json!({"id": 3})),
            // Cut off by max_tokens.
            (r#"{"text": "Hello wor"#, json!({"text": "Hello wor"})),
            (r#"{"id": 3, "options": [1, 2"#, json!({"id": 3, "options": [1, 2]})),
            (r#"{"id": 3,"#, json!({"id": 3})),
            (r#"{"id": 3, "text":"#, json!({"id": 3, "text": null})),
            (r#"{"id": 3, "te"#, json!({"id": 3})),
            (r#"{"id": 3, "text""#, json!({"id": 3})),
            (r#"{"id": 3, "submit": tr"#, json!({"id": 3})),
            (r#"{"a": {"b": fal"#, json!({"a": {}})),
            (r#"{"text": "ends in a backslash \"#, json!({"text": "ends in a backslash "})),
            (r#"[{"name": "a"}, {"name": "b", "arguments": {"x": "#, json!([{"name": "a"}, {"name": "b", "arguments": {"x": null}}])),
            ("{'text': 'single quoted, cut", json!({"text": "single quoted, cut"})),
        ];
        for (text, want) in cases {
            assert_eq!(parse_lenient(text).as_ref(), Ok(want), "{text}");
        }
    }

    #[test]
    fn what_cannot_be_read_says_where() {
        let cases: &[(&str, &str)] = &[
            (r#"{"a": 1 "b": 2}"#, "expected `,` or `}` at line 1 column 9, near `{\"a\": 1 \"b\": 2}`"),
            (r#"{"text": "He said "hi" to me"}"#, "expected `,` or `}` at line 1 column 20"),
            ("click the button", "expected value at line 1 column 1, near `click the button`"),
            ("{\"a\": 1}\n{\"b\": 2}", "trailing characters at line 2 column 1"),
            ("{\"a\": [1, 2}", "at line 1 column 12"),
        ];
        for (text, want) in cases {
            let e = parse_lenient(text).expect_err(text).to_string();
            assert!(e.contains(want), "{text}: {e}");
        }
        assert_eq!(parse_lenient("  \n"), Err(RepairError::Empty));
    }

    /// A model repeating `[` until `max_tokens` overflowed the stack in
    /// `json5` (found by `tests/fuzz`): now refused in serde_json's words.
    #[test]
    fn deep_nesting_is_refused_not_a_stack_overflow() {
        for text in ["[".repeat(100_000), format!("{}1{}", "[".repeat(129), "]".repeat(129))] {
            let e = parse_lenient(&text).expect_err("too deep");
            assert!(e.to_string().contains("recursion limit exceeded"), "{e}");
        }
        // JSON5 from the first character: serde_json's first complaint.
        assert!(parse_lenient(&"{'a': [".repeat(20_000)).is_err());
        // What serde_json reads, and a cut-off text as deep, still read.
        assert!(parse_lenient(&format!("{}1{}", "[".repeat(100), "]".repeat(100))).is_ok());
        assert!(parse_lenient(&format!("{}1", "[".repeat(100))).is_ok());
    }

    #[test]
    fn balanced_end_finds_the_first_value() {
        let cases: &[(&str, Option<usize>)] = &[
            (r#"{"a": "}"} tail"#, Some(10)),
            (r#"  [1, [2]] , 3"#, Some(10)),
            (r#"{"a": {"b": 1}"#, None),
            ("not json {}", None),
            ("{'it''s': '}'}", Some(14)),
        ];
        for (text, want) in cases {
            assert_eq!(balanced_end(text), *want, "{text}");
        }
    }
}
