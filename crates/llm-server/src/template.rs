//! Reply templates: `{{lastUser}}` and `{{match:REGEX}}` in a reply's
//! `content` and in every string of its tool calls' `arguments`, filled from
//! the request's messages.
//!
//! `{{match:REGEX}}` lets a scenario use what the extension put in the
//! prompt (an element id from a page listing, say) without knowing it in
//! advance. A regex that matches nothing is an error the test sees (HTTP
//! 500), not an empty string, so a scripted step cannot pass by accident.

use regex::Regex;
use serde_json::Value;

use crate::request::ChatRequest;
use crate::scenario::Reply;

const OPEN: &str = "{{";
const CLOSE: &str = "}}";
const MATCH: &str = "match:";
const LAST_USER: &str = "lastUser}}";

/// Why a template could not be used.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TemplateError {
    #[error("template `{template}` has no closing `}}}}`")]
    Unterminated { template: String },
    #[error("template `{template}`: invalid regex: {source}")]
    InvalidRegex {
        template: String,
        #[source]
        source: regex::Error,
    },
    #[error("bc-llm-server: template `{template}` found no match for the regex `{pattern}` in any message of the request")]
    Unmatched { template: String, pattern: String },
}

/// A template text cut into literal text and placeholders.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece<'a> {
    Text(&'a str),
    LastUser,
    /// `template` is the whole `{{match:…}}`, for error messages.
    Match { template: &'a str, pattern: &'a str },
}

/// Cuts `text` into pieces. A `{{` that starts no known placeholder is text.
fn pieces(text: &str) -> Result<Vec<Piece<'_>>, TemplateError> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(OPEN) {
        let (before, from) = rest.split_at(at);
        out.push(Piece::Text(before));
        let inner = &from[OPEN.len()..];
        if let Some(after) = inner.strip_prefix(LAST_USER) {
            out.push(Piece::LastUser);
            rest = after;
        } else if let Some(body) = inner.strip_prefix(MATCH) {
            let len = pattern_len(body).ok_or_else(|| TemplateError::Unterminated { template: from.to_owned() })?;
            let end = OPEN.len() + MATCH.len() + len + CLOSE.len();
            out.push(Piece::Match { template: &from[..end], pattern: &body[..len] });
            rest = &from[end..];
        } else {
            // Step over one brace only, so `{{{lastUser}}` still finds its placeholder.
            out.push(Piece::Text("{"));
            rest = &from[1..];
        }
    }
    out.push(Piece::Text(rest));
    Ok(out)
}

/// Length of the regex after `{{match:`: it ends before the last two `}` of
/// the first run of two or more, so a regex may end with a `}` of its own
/// (`{{match:\d{4}}}` is the regex `\d{4}`).
fn pattern_len(body: &str) -> Option<usize> {
    let start = body.find(CLOSE)?;
    let run = body[start..].bytes().take_while(|b| *b == b'}').count();
    Some(start + run - CLOSE.len())
}

fn compile(template: &str, pattern: &str) -> Result<Regex, TemplateError> {
    Regex::new(pattern).map_err(|source| TemplateError::InvalidRegex { template: template.to_owned(), source })
}

/// Capture group 1 (else the whole match) of the first match of `pattern`
/// in the newest message that has one.
fn find_in_messages(template: &str, pattern: &str, req: &ChatRequest) -> Result<String, TemplateError> {
    let re = compile(template, pattern)?;
    req.messages
        .iter()
        .rev()
        .find_map(|m| re.captures(&m.text).map(|c| c.get(1).or_else(|| c.get(0)).map_or("", |g| g.as_str()).to_owned()))
        .ok_or_else(|| TemplateError::Unmatched { template: template.to_owned(), pattern: pattern.to_owned() })
}

/// `text` with its placeholders filled from `req`. Replacements are not
/// scanned again, so a message quoting `{{…}}` is inserted as is.
pub fn fill(text: &str, req: &ChatRequest) -> Result<String, TemplateError> {
    let mut out = String::with_capacity(text.len());
    for piece in pieces(text)? {
        match piece {
            Piece::Text(t) => out.push_str(t),
            Piece::LastUser => out.push_str(req.last_with_role("user").unwrap_or("")),
            Piece::Match { template, pattern } => out.push_str(&find_in_messages(template, pattern, req)?),
        }
    }
    Ok(out)
}

/// Checks what can be checked before a request: closed placeholders, valid regexes.
pub fn check(text: &str) -> Result<(), TemplateError> {
    for piece in pieces(text)? {
        if let Piece::Match { template, pattern } = piece {
            compile(template, pattern)?;
        }
    }
    Ok(())
}

/// `value` with `f` applied to every string in it (object values, array
/// items, or the value itself); keys are left alone. The result is a JSON
/// value again, so replacements are escaped when it is serialised.
fn map_strings<E>(value: &Value, f: &mut impl FnMut(&str) -> Result<String, E>) -> Result<Value, E> {
    Ok(match value {
        Value::String(s) => Value::String(f(s)?),
        Value::Array(items) => Value::Array(items.iter().map(|v| map_strings(v, f)).collect::<Result<_, _>>()?),
        Value::Object(map) => {
            Value::Object(map.iter().map(|(k, v)| Ok((k.clone(), map_strings(v, f)?))).collect::<Result<_, _>>()?)
        }
        other => other.clone(),
    })
}

/// `reply` with `f` applied to its content and to every string of its tool
/// calls' arguments; an error comes with the field it was found in.
fn map_reply<E>(reply: &Reply, mut f: impl FnMut(&str) -> Result<String, E>) -> Result<Reply, (String, E)> {
    let mut out = reply.clone();
    if let Some(content) = &mut out.content {
        *content = f(content).map_err(|e| ("reply.content".to_owned(), e))?;
    }
    for (i, call) in out.tool_calls.iter_mut().enumerate() {
        call.arguments = map_strings(&call.arguments, &mut f).map_err(|e| (format!("reply.toolCalls[{i}].arguments"), e))?;
    }
    Ok(out)
}

/// The reply as sent for `req`: every placeholder filled.
pub fn fill_reply(reply: &Reply, req: &ChatRequest) -> Result<Reply, TemplateError> {
    map_reply(reply, |t| fill(t, req)).map_err(|(_, e)| e)
}

/// Checks every template of a reply; on error, names the field.
pub fn check_reply(reply: &Reply) -> Result<(), (String, TemplateError)> {
    map_reply(reply, |t| check(t).map(|()| t.to_owned())).map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn req(msgs: &[(&str, &str)]) -> ChatRequest {
        let messages: Vec<_> = msgs.iter().map(|(r, c)| json!({"role": r, "content": c})).collect();
        ChatRequest::parse(json!({"model": "m", "messages": messages}).to_string().as_bytes()).unwrap()
    }

    const LISTING: &str = "Page listing:\na1b2 link \"Invoices\"\nc3d4 button \"Pay\"";

    #[test]
    fn fill_table() {
        let r = req(&[
            ("system", "You are Browser Copilot. Session 7731"),
            ("user", "open my invoices"),
            ("assistant", "Looking at page 12"),
            ("tool", LISTING),
            ("tool", "page 3 of 9"),
        ]);
        let cases: &[(&str, &str)] = &[
            ("plain text", "plain text"),
            ("You said: {{lastUser}}", "You said: open my invoices"),
            (r#"{{match:(\w+) link "Invoices"}}"#, "a1b2"),
            (r#"id {{match:(\w+) button}} then {{match:(\w+) link}}"#, "id c3d4 then a1b2"),
            // No group: the whole match. Newest message first: the latest tool wins.
            (r"{{match:page \d+}}", "page 3"),
            // Older messages are searched too, down to the system prompt.
            (r"{{match:\d{4}}}", "7731"),
            (r"{{match:Looking at page (\d+)}}", "12"),
            // `{{` that starts no placeholder is text; the brace run is kept.
            ("{{x}} {{{lastUser}}", "{{x}} {open my invoices"),
        ];
        for (text, want) in cases {
            assert_eq!(fill(text, &r).as_deref(), Ok(*want), "{text}");
        }
    }

    #[test]
    fn errors_table() {
        let r = req(&[("user", "hi")]);
        let unmatched = fill("id {{match:(\\d+) link}}", &r).unwrap_err();
        assert_eq!(
            unmatched,
            TemplateError::Unmatched { template: r"{{match:(\d+) link}}".into(), pattern: r"(\d+) link".into() }
        );
        let message = unmatched.to_string();
        assert!(message.contains(r"{{match:(\d+) link}}") && message.contains(r"`(\d+) link`"), "{message}");
        let kind = |e: &TemplateError| match e {
            TemplateError::Unterminated { .. } => "unterminated",
            TemplateError::InvalidRegex { .. } => "invalid regex",
            TemplateError::Unmatched { .. } => "unmatched",
        };
        let cases: &[(&str, &str)] = &[
            ("{{match:(\\w+}}", "invalid regex"),
            ("{{match:abc", "unterminated"),
            ("ok {{match:a}b", "unterminated"),
        ];
        for (text, want) in cases {
            let e = check(text).unwrap_err();
            assert_eq!(kind(&e), *want, "{text}: {e:?}");
            assert_eq!(fill(text, &r).unwrap_err(), e, "{text}");
        }
        assert_eq!(check("{{match:(\\w+) link}} {{lastUser}}"), Ok(()));
    }

    #[test]
    fn arguments_are_filled_in_every_string_and_stay_valid_json() {
        let r = req(&[("user", r#"say "hi" \ there"#), ("tool", LISTING)]);
        let reply: Reply = serde_json::from_value(json!({
            "content": "Clicking {{match:(\\w+) link}}",
            "toolCalls": [
                {"name": "dom_click", "arguments": {"id": "{{match:(\\w+) link \"Invoices\"}}", "n": 1, "also": ["{{lastUser}}"]}},
                {"name": "raw", "arguments": "{\"id\":\"{{match:(\\w+) button}}\""},
            ]
        }))
        .unwrap();
        let filled = fill_reply(&reply, &r).unwrap();
        assert_eq!(filled.content.as_deref(), Some("Clicking a1b2"));
        let args: Value = serde_json::from_str(&filled.tool_calls[0].arguments_text()).unwrap();
        assert_eq!(args, json!({"id": "a1b2", "n": 1, "also": [r#"say "hi" \ there"#]}));
        // A raw string is filled in place and sent verbatim (still unclosed here).
        assert_eq!(filled.tool_calls[1].arguments_text(), r#"{"id":"c3d4""#);
    }

    #[test]
    fn check_reply_names_the_field() {
        let reply: Reply = serde_json::from_value(json!({
            "content": "fine",
            "toolCalls": [{"name": "a"}, {"name": "b", "arguments": {"deep": [{"x": "{{match:[}}"}]}}]
        }))
        .unwrap();
        let (field, e) = check_reply(&reply).unwrap_err();
        assert_eq!(field, "reply.toolCalls[1].arguments");
        assert!(matches!(e, TemplateError::InvalidRegex { .. }));
    }
}
