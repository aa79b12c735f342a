//! Tool calls written as text.
//!
//! Small local models often write the call into `content` instead of
//! `tool_calls`, even when the server offers native tool calling (Ollama
//! with Llama 3.1 8B or Qwen 2.5 7B, LM Studio with a template that does not
//! parse them), and a server without tool calling leaves the agent a "text
//! mode" where the prompt asks for the call as JSON. Either way the call is
//! somewhere in prose, in one of the shapes models are trained on:
//! - a bare JSON object or array, or one inside a ```json fence;
//! - `{"tool" | "name" | "function" | "action": NAME, "args" | "arguments" |
//!   "parameters" | "params" | "input": {…}}`, the arguments possibly a JSON
//!   string holding the object, or the arguments beside the name
//!   (`{"action": "click", "id": 3}`);
//! - OpenAI's own `{"tool_calls": [{"function": {"name", "arguments"}}]}`;
//! - `{NAME: {…}}` with NAME a known tool (browser-use's action format);
//! - Hermes / Qwen `<tool_call>{…}</tool_call>` (several in a row);
//! - Llama 3.1's `<|python_tag|>{"name": …, "parameters": {…}}` and
//!   `<function=NAME>{…}</function>`; Mistral's `[TOOL_CALLS]` prefix;
//! - a list of any of these: several calls.
//!
//! Only names the agent offered count as calls, so a JSON answer that
//! happens to have a `name` field is not mistaken for one; a call-shaped
//! object naming another tool is reported ([`CallProblem::UnknownTool`])
//! so the agent can tell the model which tools exist. The JSON is read with
//! [`parse_lenient`], so the usual slips of small models are forgiven; what
//! still cannot be read is [`CallProblem::BadJson`] when markup said it was
//! JSON (a fence, a tag) or it mentions a tool, and prose otherwise (braces
//! in an answer's code sample are no call).

use super::repair::{balanced_end, parse_lenient};
use serde_json::{Map, Value};
use std::ops::Range;

/// A call found in text.
#[derive(Debug, Clone, PartialEq)]
pub struct ParsedCall {
    /// The offered tool's name as the agent spelled it (a model's `Click`
    /// or `functions.click` is `click`).
    pub name: String,
    pub arguments: Value,
}

/// Why text that looks like a call is not one, in words for the model.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CallProblem {
    #[error("There is no tool named `{name}`. The tools are: {}.", known.join(", "))]
    UnknownTool { name: String, known: Vec<String> },
    #[error("The tool call is not valid JSON: {detail}.")]
    BadJson { detail: String },
    #[error("The tool call does not say which tool to call: write {{\"name\": TOOL, \"arguments\": {{…}}}}.")]
    MissingName,
}

/// What [`calls_in_text`] found.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TextCalls {
    pub calls: Vec<ParsedCall>,
    /// The text without the calls (and without the markers around them).
    pub prose: String,
    /// The first thing that looked like a call but was not one.
    pub problem: Option<CallProblem>,
}

/// Finds the tool calls written in `text`; only names in `known_tools`
/// are calls. See the module doc for the shapes.
pub fn calls_in_text(text: &str, known_tools: &[&str]) -> TextCalls {
    let mut found = Found { known: known_tools, calls: Vec::new(), problem: None };
    let mut removed: Vec<Range<usize>> = Vec::new();
    for span in spans(text) {
        let inner = &text[span.inner.clone()];
        let attempted = match &span.kind {
            Kind::Marker => true,
            Kind::Named(name) => {
                let arguments = if inner.trim().is_empty() { Ok(Value::Object(Map::new())) } else { parse_lenient(inner) };
                match arguments {
                    Ok(arguments) => found.call(name, arguments),
                    Err(e) => found.problem(CallProblem::BadJson { detail: e.to_string() }),
                }
                true
            }
            Kind::Json { tagged, bare } => match parse_lenient(inner) {
                Ok(value) => {
                    let attempted = found.interpret(&value);
                    if *tagged && !attempted {
                        found.problem(CallProblem::MissingName);
                    }
                    attempted || *tagged
                }
                // Braces in prose that say nothing of a tool are not a call.
                Err(_) if *bare && !found.names_a_tool(inner) => false,
                Err(e) => {
                    found.problem(CallProblem::BadJson { detail: e.to_string() });
                    true
                }
            },
        };
        if attempted {
            removed.push(span.outer);
        }
    }
    TextCalls { calls: found.calls, prose: prose_without(text, &removed), problem: found.problem }
}

struct Found<'a> {
    known: &'a [&'a str],
    calls: Vec<ParsedCall>,
    problem: Option<CallProblem>,
}

/// Keys that name the tool, and keys that hold its arguments, as models
/// write them.
const NAME_KEYS: &[&str] = &["tool", "name", "function", "action", "tool_name"];
const ARGUMENT_KEYS: &[&str] = &["arguments", "args", "parameters", "params", "input"];

impl Found<'_> {
    fn problem(&mut self, problem: CallProblem) {
        self.problem.get_or_insert(problem);
    }

    fn call(&mut self, name: &str, arguments: Value) {
        match self.resolve(name) {
            Some(tool) => self.calls.push(ParsedCall { name: tool.to_owned(), arguments }),
            None => self.problem(CallProblem::UnknownTool {
                name: name.to_owned(),
                known: self.known.iter().map(|k| k.to_string()).collect(),
            }),
        }
    }

    /// The offered tool `name` means: exactly, or but for case, `-`/`_`,
    /// and a `functions.` prefix (as OpenAI's own prompt format writes it).
    fn resolve(&self, name: &str) -> Option<&str> {
        fn plain(n: &str) -> String {
            let n = n.trim();
            n.strip_prefix("functions.").unwrap_or(n).to_lowercase().replace(['-', ' '], "_")
        }
        let wanted = plain(name);
        self.known.iter().find(|k| **k == name).or_else(|| self.known.iter().find(|k| plain(k) == wanted)).copied()
    }

    /// Whether unreadable JSON-ish text mentions a tool or a key that names
    /// one: an attempt at a call, not a code sample in an answer.
    fn names_a_tool(&self, text: &str) -> bool {
        let text = text.to_lowercase();
        NAME_KEYS.iter().chain(self.known).any(|word| text.contains(&word.to_lowercase()))
    }

    /// Reads the calls in a JSON value; false when it is not call-shaped
    /// (a JSON answer, not an attempt at a call).
    fn interpret(&mut self, value: &Value) -> bool {
        match value {
            Value::Array(items) => self.interpret_all(items),
            Value::Object(map) => self.interpret_object(map),
            _ => false,
        }
    }

    /// Every item is read (no stopping at the first call: a list is
    /// several calls); true when any was call-shaped.
    fn interpret_all(&mut self, items: &[Value]) -> bool {
        let mut any = false;
        for item in items {
            any |= self.interpret(item);
        }
        any
    }

    fn interpret_object(&mut self, map: &Map<String, Value>) -> bool {
        if let Some(Value::Array(calls)) = map.get("tool_calls") {
            return self.interpret_all(calls);
        }
        if let Some(function @ Value::Object(_)) = map.get("function") {
            return self.interpret(function);
        }
        let name_key = NAME_KEYS.iter().copied().find(|k| map.get(*k).is_some_and(Value::is_string));
        let arguments_key = ARGUMENT_KEYS.iter().copied().find(|k| map.contains_key(*k));
        if let Some(name_key) = name_key {
            let name = map[name_key].as_str().unwrap_or_default();
            // `{"name": "Alice", "age": 30}` is data unless Alice is a tool.
            if name_key == "name" && arguments_key.is_none() && self.resolve(name).is_none() {
                return false;
            }
            let arguments = match arguments_key {
                Some(k) => arguments_of(&map[k]),
                None => Ok(Value::Object(
                    map.iter()
                        .filter(|(k, v)| k.as_str() != name_key && !(k.as_str() == "type" && v.as_str() == Some("function")))
                        .map(|(k, v)| (k.clone(), v.clone()))
                        .collect(),
                )),
            };
            match arguments {
                Ok(arguments) => self.call(name, arguments),
                Err(detail) => self.problem(CallProblem::BadJson { detail }),
            }
            return true;
        }
        match map.iter().next() {
            Some((name, arguments @ Value::Object(_))) if map.len() == 1 && self.resolve(name).is_some() => {
                self.call(name, arguments.clone());
                true
            }
            _ => false,
        }
    }
}

/// The arguments object from what a model put under `arguments`: the
/// object, or a string holding it (once or twice encoded); nothing is `{}`.
fn arguments_of(value: &Value) -> Result<Value, String> {
    match value {
        Value::Null => Ok(Value::Object(Map::new())),
        Value::String(s) if s.trim().is_empty() => Ok(Value::Object(Map::new())),
        Value::String(s) => match parse_lenient(s).map_err(|e| e.to_string())? {
            Value::String(inner) => parse_lenient(&inner).map_err(|e| e.to_string()),
            parsed => Ok(parsed),
        },
        other => Ok(other.clone()),
    }
}

/// A piece of the text that may hold calls.
struct Span {
    /// All of it, markup included: what leaves the prose when it is a call.
    outer: Range<usize>,
    /// The JSON inside the markup.
    inner: Range<usize>,
    kind: Kind,
}

enum Kind {
    /// JSON holding calls; `tagged` when markup says it is a call
    /// (`<tool_call>`), so that a non-call inside is a problem; `bare` when
    /// no markup says it is JSON at all.
    Json { tagged: bool, bare: bool },
    /// `<function=NAME>{arguments}</function>`.
    Named(String),
    /// A special token around calls, dropped from the prose.
    Marker,
}

const MARKERS: &[&str] = &["<|python_tag|>", "<|eom_id|>", "<|eot_id|>", "[TOOL_CALLS]"];
const FENCE_LANGUAGES: &[&str] = &["", "json", "json5", "jsonc", "tool_call", "tool_code"];

/// The spans of `text` that may hold calls, in order: markup first
/// (tags, fences, markers), then bare JSON in the text between them.
fn spans(text: &str) -> Vec<Span> {
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(marked) = next_marked(text, at) {
        // A bare value that holds the markup (a "```" or "<tool_call>" in
        // one of its strings: text to type, say) is read whole, and markup
        // looked for after it; cutting the value at the markup dropped or
        // truncated calls (found by `tests/fuzz`).
        let stop = bare_json(text, at..marked.outer.start, &mut out);
        if stop > marked.outer.start {
            at = stop;
            continue;
        }
        at = marked.outer.end;
        out.extend(marked.span);
    }
    bare_json(text, at..text.len(), &mut out);
    out
}

/// A piece of markup: where it is, and the span it makes (none for a
/// fence of code other than JSON, which is passed over whole: a Python
/// dict in it is no call).
struct Marked {
    outer: Range<usize>,
    span: Option<Span>,
}

/// The next tag, fence or marker from `from`.
fn next_marked(text: &str, from: usize) -> Option<Marked> {
    let rest = &text[from..];
    let candidates = ["<tool_call>", "<function=", "```"].into_iter().chain(MARKERS.iter().copied());
    let (offset, opener) = candidates.filter_map(|o| rest.find(o).map(|i| (i, o))).min_by_key(|&(i, _)| i)?;
    let start = from + offset;
    let after = start + opener.len();
    // Where the closer is, and where it ends; the end of the text when the
    // model stopped before writing it. It is looked for after the JSON
    // value the markup holds, if whole: a closer inside one of its strings
    // does not end it (found by `tests/fuzz`).
    let until = |closer: &str, from: usize| {
        let json = after_comments(&text[from..]).starts_with(['{', '[']);
        let from = if json { balanced_end(&text[from..]).map_or(from, |e| from + e) } else { from };
        text[from..].find(closer).map_or((text.len(), text.len()), |i| (from + i, from + i + closer.len()))
    };
    let (end, span) = match opener {
        "<tool_call>" => {
            let (inner_end, end) = until("</tool_call>", after);
            (end, Some((after..inner_end, Kind::Json { tagged: true, bare: false })))
        }
        "<function=" => {
            let name_end = text[after..].find('>').map_or(text.len(), |i| after + i);
            let (inner_end, end) = until("</function>", (name_end + 1).min(text.len()));
            let name = text[after..name_end].trim().to_owned();
            (end, Some(((name_end + 1).min(inner_end)..inner_end, Kind::Named(name))))
        }
        "```" => {
            let line_end = text[after..].find('\n').map_or(text.len(), |i| after + i);
            let language = text[after..line_end].trim().to_lowercase();
            let (inner_end, end) = until("```", line_end);
            let json = text[line_end..inner_end].trim_start().starts_with(['{', '[']);
            (end, (FENCE_LANGUAGES.contains(&language.as_str()) && json).then_some((line_end..inner_end, Kind::Json { tagged: false, bare: false })))
        }
        _ => (after, Some((after..after, Kind::Marker))),
    };
    Some(Marked { outer: start..end, span: span.map(|(inner, kind)| Span { outer: start..end, inner, kind }) })
}

/// Bare JSON objects and arrays of objects starting in `range`; a `{` in
/// prose ("{name}") is not one: JSON's `{` is followed by a key. Returns
/// where the last one ends when that is past `range` (it holds what
/// follows the range), else the range's end.
fn bare_json(text: &str, range: Range<usize>, out: &mut Vec<Span>) -> usize {
    let mut at = range.start;
    while let Some(offset) = text[at..range.end].find(['{', '[']) {
        let start = at + offset;
        if !starts_json(&text[start..range.end]) {
            at = start + 1;
            continue;
        }
        // Cut off before its end (max_tokens): the rest of the range.
        let end = balanced_end(&text[start..]).map_or(range.end, |e| start + e);
        out.push(Span { outer: start..end, inner: start..end, kind: Kind::Json { tagged: false, bare: true } });
        if end > range.end {
            return end;
        }
        at = end;
    }
    range.end
}

fn starts_json(s: &str) -> bool {
    let mut chars = s.chars();
    let opener = chars.next();
    // A comment may come first (`{ // why` or `{/* … */ "name": …`): JSON5,
    // which `parse_lenient` reads, and a call was missed for it (found by
    // `tests/fuzz`).
    let rest = after_comments(chars.as_str());
    match opener {
        Some('[') => rest.starts_with('{') && starts_json(rest),
        Some('{') => {
            let key_len = rest.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(rest.len());
            rest.starts_with(['"', '\'']) || (key_len > 0 && rest[key_len..].trim_start().starts_with(':'))
        }
        _ => false,
    }
}

/// `s` from its first character that is neither whitespace nor in a
/// comment; empty when a comment is never closed.
fn after_comments(mut s: &str) -> &str {
    loop {
        s = s.trim_start();
        if let Some(rest) = s.strip_prefix("//") {
            s = rest.find('\n').map_or("", |i| &rest[i..]);
        } else if let Some(rest) = s.strip_prefix("/*") {
            s = rest.find("*/").map_or("", |i| &rest[i + 2..]);
        } else {
            return s;
        }
    }
}

/// `text` without the `removed` ranges (in order, not overlapping), trimmed;
/// nothing when only punctuation is left (the `;` between two calls).
fn prose_without(text: &str, removed: &[Range<usize>]) -> String {
    let mut prose = String::with_capacity(text.len());
    let mut at = 0;
    for r in removed {
        prose.push_str(&text[at..r.start]);
        at = r.end;
    }
    prose.push_str(&text[at..]);
    while prose.contains("\n\n\n") {
        prose = prose.replace("\n\n\n", "\n\n");
    }
    let prose = prose.trim();
    if prose.chars().all(|c| c.is_whitespace() || c.is_ascii_punctuation()) {
        String::new()
    } else {
        prose.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const TOOLS: &[&str] = &["click", "type_text", "scroll", "done"];

    /// What a case expects: the calls (name, arguments), the prose, and
    /// the kind of problem if any.
    struct Case {
        text: &'static str,
        calls: Vec<(&'static str, Value)>,
        prose: &'static str,
        problem: Option<&'static str>,
    }

    fn case(text: &'static str, calls: Vec<(&'static str, Value)>, prose: &'static str) -> Case {
        Case { text, calls, prose, problem: None }
    }

    fn problem_kind(p: &CallProblem) -> &'static str {
        match p {
            CallProblem::UnknownTool { .. } => "unknown",
            CallProblem::BadJson { .. } => "bad_json",
            CallProblem::MissingName => "missing_name",
        }
    }

    fn check(cases: Vec<Case>) {
        for c in cases {
            let got = calls_in_text(c.text, TOOLS);
            let calls: Vec<(&str, Value)> = got.calls.iter().map(|p| (p.name.as_str(), p.arguments.clone())).collect();
            assert_eq!(calls, c.calls, "calls of {:?}", c.text);
            assert_eq!(got.prose, c.prose, "prose of {:?}", c.text);
            assert_eq!(got.problem.as_ref().map(problem_kind), c.problem, "problem of {:?}: {:?}", c.text, got.problem);
        }
    }

    #[test]
    fn shapes_of_calls() {
        check(vec![
            case(r#"{"name": "click", "arguments": {"id": 3}}"#, vec![("click", json!({"id": 3}))], ""),
            case(r#"{"tool": "click", "args": {"id": 3}}"#, vec![("click", json!({"id": 3}))], ""),
            case(r#"{"function": "click", "parameters": {"id": 3}}"#, vec![("click", json!({"id": 3}))], ""),
            case(r#"{"action": "type_text", "params": {"id": 4, "text": "hi"}}"#, vec![("type_text", json!({"id": 4, "text": "hi"}))], ""),
            case(r#"{"tool": "scroll", "input": {"direction": "down"}}"#, vec![("scroll", json!({"direction": "down"}))], ""),
            // Arguments as a JSON string, once or twice encoded.
            case(r#"{"name": "click", "arguments": "{\"id\": 3}"}"#, vec![("click", json!({"id": 3}))], ""),
            case(r#"{"name": "click", "arguments": "\"{\\\"id\\\": 3}\""}"#, vec![("click", json!({"id": 3}))], ""),
            // Arguments beside the name, or none.
            case(r#"{"action": "click", "id": 3}"#, vec![("click", json!({"id": 3}))], ""),
            case(r#"{"name": "done"}"#, vec![("done", json!({}))], ""),
            case(r#"{"type": "function", "name": "click", "parameters": {"id": 3}}"#, vec![("click", json!({"id": 3}))], ""),
            // OpenAI's shape, written as text.
            case(
                r#"{"tool_calls": [{"id": "c1", "type": "function", "function": {"name": "click", "arguments": "{\"id\": 3}"}}, {"function": {"name": "done", "arguments": "{}"}}]}"#,
                vec![("click", json!({"id": 3})), ("done", json!({}))],
                "",
            ),
            case(r#"{"type": "function", "function": {"name": "click", "arguments": {"id": 3}}}"#, vec![("click", json!({"id": 3}))], ""),
            // browser-use's action format.
            case(r#"{"click": {"id": 3}}"#, vec![("click", json!({"id": 3}))], ""),
            // A list is several calls.
            case(
                r#"[{"name": "type_text", "arguments": {"id": 4, "text": "a"}}, {"name": "click", "arguments": {"id": 5}}]"#,
                vec![("type_text", json!({"id": 4, "text": "a"})), ("click", json!({"id": 5}))],
                "",
            ),
            // Names as models misspell them.
            case(r#"{"name": "Click", "arguments": {"id": 3}}"#, vec![("click", json!({"id": 3}))], ""),
            case(r#"{"name": "functions.type-text", "arguments": {}}"#, vec![("type_text", json!({}))], ""),
        ]);
    }

    #[test]
    fn markup_around_calls() {
        check(vec![
            // Llama 3.1.
            case(r#"<|python_tag|>{"name": "click", "parameters": {"id": 3}}<|eom_id|>"#, vec![("click", json!({"id": 3}))], ""),
            case(
                r#"{"name": "click", "parameters": {"id": 3}}; {"name": "done", "parameters": {}}"#,
                vec![("click", json!({"id": 3})), ("done", json!({}))],
                "",
            ),
            case(r#"<function=click>{"id": 3}</function>"#, vec![("click", json!({"id": 3}))], ""),
            // Hermes / Qwen 2.5, several tags.
            case(
                "I will fill the form.\n<tool_call>\n{\"name\": \"type_text\", \"arguments\": {\"id\": 4, \"text\": \"Ada\"}}\n</tool_call>\n<tool_call>\n{\"name\": \"click\", \"arguments\": {\"id\": 9}}\n</tool_call>",
                vec![("type_text", json!({"id": 4, "text": "Ada"})), ("click", json!({"id": 9}))],
                "I will fill the form.",
            ),
            // Fences, with prose around.
            case(
                "Let me click the button.\n```json\n{\"name\": \"click\", \"arguments\": {\"id\": 3}}\n```\nThat should submit it.",
                vec![("click", json!({"id": 3}))],
                "Let me click the button.\n\nThat should submit it.",
            ),
            case("```\n[{\"tool\": \"scroll\", \"args\": {}}]\n```", vec![("scroll", json!({}))], ""),
            // Mistral.
            case(r#"[TOOL_CALLS] [{"name": "click", "arguments": {"id": 3}}]"#, vec![("click", json!({"id": 3}))], ""),
            // Prose, then a bare call.
            case(
                r#"The search box is element 4. {"name": "type_text", "arguments": {"id": 4, "text": "shoes"}}"#,
                vec![("type_text", json!({"id": 4, "text": "shoes"}))],
                "The search box is element 4.",
            ),
        ]);
    }

    #[test]
    fn sloppy_json_is_forgiven() {
        check(vec![
            case("{'name': 'click', 'arguments': {'id': 3,},}", vec![("click", json!({"id": 3}))], ""),
            case(r#"{"name": "click", "parameters": {"id": 3}}}"#, vec![("click", json!({"id": 3}))], ""),
            case(r#"{"name": "type_text", "arguments": {"text": "Hello wor"#, vec![("type_text", json!({"text": "Hello wor"}))], ""),
            case("<tool_call>\n{\"name\": \"click\", \"arguments\": {\"id\": 3, \"force\": True}}", vec![("click", json!({"id": 3, "force": true}))], ""),
        ]);
    }

    #[test]
    fn not_calls() {
        let cases = vec![
            case("The Pro plan costs $29 a month.", vec![], "The Pro plan costs $29 a month."),
            case("Use the {name} placeholder, or [1] and [here](x).", vec![], "Use the {name} placeholder, or [1] and [here](x)."),
            // A JSON answer that is not a call.
            case(r#"{"name": "Alice", "age": 30}"#, vec![], r#"{"name": "Alice", "age": 30}"#),
            case("```json\n{\"price\": 29}\n```", vec![], "```json\n{\"price\": 29}\n```"),
            case("```python\nprint({'name': 'click'})\n```", vec![], "```python\nprint({'name': 'click'})\n```"),
            case("Set it as { key: value + 1 } in the config.", vec![], "Set it as { key: value + 1 } in the config."),
            case("", vec![], ""),
        ];
        check(cases);
    }

    #[test]
    fn problems() {
        check(vec![
            Case {
                text: r#"{"name": "navigate", "arguments": {"url": "https://x"}}"#,
                calls: vec![],
                prose: "",
                problem: Some("unknown"),
            },
            Case { text: r#"{"tool": "submit_form"}"#, calls: vec![], prose: "", problem: Some("unknown") },
            // One good call and one unknown: the good one is kept.
            Case {
                text: r#"[{"name": "click", "arguments": {"id": 1}}, {"name": "hover", "arguments": {"id": 2}}]"#,
                calls: vec![("click", json!({"id": 1}))],
                prose: "",
                problem: Some("unknown"),
            },
            Case { text: "```json\n{\"name\": \"click\", \"arguments\": {\"id\" 3}}\n```", calls: vec![], prose: "", problem: Some("bad_json") },
            Case { text: r#"{"name": "click", "arguments": "{id 3}"}"#, calls: vec![], prose: "", problem: Some("bad_json") },
            Case { text: r#"Clicking. {"name": "click" "arguments": {"id": 3}}"#, calls: vec![], prose: "Clicking.", problem: Some("bad_json") },
            Case { text: r#"{click: id=3}"#, calls: vec![], prose: "", problem: Some("bad_json") },
            Case { text: "<tool_call>\n{\"id\": 3}\n</tool_call>", calls: vec![], prose: "", problem: Some("missing_name") },
            Case { text: "<function=click>{id 3}</function>", calls: vec![], prose: "", problem: Some("bad_json") },
        ]);
    }

    /// Markup inside a call's strings (text to type that holds a fence or
    /// a tag) cut the call there (found by `tests/fuzz`): read whole.
    #[test]
    fn markup_inside_a_string_is_text() {
        let typed = "```js\nx()\n``` or <tool_call>";
        let args = json!({"id": 3, "text": typed});
        let call = json!({"name": "type_text", "arguments": args}).to_string();
        for text in [
            format!("Typing. {call} Then <tool_call>{{\"name\": \"done\"}}</tool_call>"),
            format!("```json\n{call}\n```\n<function=done>{{}}</function>"),
            format!("<tool_call>{call}</tool_call><tool_call>{{\"name\": \"done\"}}</tool_call>"),
        ] {
            let found = calls_in_text(&text, TOOLS);
            let want = vec![ParsedCall { name: "type_text".into(), arguments: args.clone() }, ParsedCall { name: "done".into(), arguments: json!({}) }];
            assert_eq!(found.calls, want, "{text}");
            assert_eq!(found.problem, None, "{text}");
        }
    }

    /// A comment before the first key hid a bare call (found by
    /// `tests/fuzz`).
    #[test]
    fn a_comment_before_the_first_key() {
        for text in ["{// the button\n\"name\": \"click\", \"arguments\": {\"id\": 3}}", "Now: [{/* first */ name: 'click', arguments: {id: 3}}]"] {
            let found = calls_in_text(text, TOOLS);
            assert_eq!(found.calls, vec![ParsedCall { name: "click".into(), arguments: json!({"id": 3}) }], "{text}");
        }
        // An unclosed comment is no JSON.
        assert!(calls_in_text("{/* name: 'click'", TOOLS).calls.is_empty());
    }

    #[test]
    fn problems_speak_to_the_model() {
        let unknown = calls_in_text(r#"{"name": "navigate", "arguments": {}}"#, TOOLS).problem.unwrap().to_string();
        assert_eq!(unknown, "There is no tool named `navigate`. The tools are: click, type_text, scroll, done.");
        let bad = calls_in_text("```json\n{\"name\": \"click\" \"arguments\": {}}\n```", TOOLS).problem.unwrap().to_string();
        assert!(bad.starts_with("The tool call is not valid JSON: expected `,` or `}` at line 1 column 18"), "{bad}");
    }
}
