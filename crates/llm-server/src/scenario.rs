//! The scenario file: which reply or failure each chat request gets.
//!
//! A scenario is JSON (camelCase keys, unknown keys rejected so typos in a
//! test fail loudly). See the crate README for the format.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::template::{self, TemplateError};

/// Default size, in characters, of each streamed content or arguments piece.
pub const DEFAULT_CHUNK_CHARS: usize = 8;

/// A whole scenario: optional auth and model list, ordered rules, a default.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Scenario {
    /// If set, `/v1/*` requires `Authorization: Bearer <apiKey>`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_key: Option<String>,
    /// If set, a chat request for a model not in this list gets 404; also
    /// the list `GET /v1/models` returns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub models: Option<Vec<String>>,
    /// Tried in order; the first whose `when` matches (and whose `times` is
    /// not used up) answers.
    #[serde(default)]
    pub rules: Vec<Rule>,
    /// Reply when no rule matches; without it such a request gets a 500.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<Reply>,
    /// `false`: behave as a server whose model cannot call tools (a request
    /// with `tools` gets Ollama's 400). Absent means `true`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_support: Option<bool>,
    /// `false`: behave as a server whose model sees no images (a request
    /// with an `image_url` part gets OpenAI's 400). Absent means `true`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vision: Option<bool>,
    /// Play a model that obeys instructions injected into what it reads
    /// (`crate::adversary`) before the rules answer.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub adversary: bool,
}

/// One rule: conditions, then a reply and/or a failure.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Rule {
    #[serde(default)]
    pub when: When,
    /// The answer. With a mid-stream `fail`, its first content piece is the
    /// one chunk sent before the failure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply: Option<Reply>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fail: Option<Failure>,
    /// Apply only to the first N matching requests, then skip this rule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub times: Option<u32>,
    /// With `fail: "rate_limited"`: the `Retry-After` seconds (default 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<u64>,
}

/// Match conditions: all optional, all must hold. Text tests are
/// case-insensitive substring tests; `model` is exact. See
/// [`crate::matching::when_matches`] for each one's meaning.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct When {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_user_contains: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_user_lacks: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_tool_contains: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_tool_lacks: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub any_tool_contains: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub system_contains: Option<String>,
    /// Some message of any role contains it (the page an agent was shown
    /// travels in a user or tool message).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub any_contains: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    /// The request is the N-th model turn of its conversation (N ≥ 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<usize>,
    /// The prompt has more than N characters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prompt_chars_above: Option<usize>,
}

/// A scripted assistant answer: text, tool calls, or both.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Reply {
    /// May contain templates (`{{lastUser}}`, `{{match:REGEX}}`), see [`crate::template`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tool_calls: Vec<ToolCall>,
    /// Characters per streamed piece (default 8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chunk_chars: Option<usize>,
    /// Pause before each streamed piece, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delay_ms: Option<u64>,
}

impl Reply {
    pub fn chunk_chars(&self) -> usize {
        self.chunk_chars.unwrap_or(DEFAULT_CHUNK_CHARS)
    }
}

/// A tool call the assistant makes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ToolCall {
    pub name: String,
    /// A JSON value (sent serialised) or a string (sent verbatim, so tests
    /// can script malformed arguments). Templates are filled in its strings.
    #[serde(default = "empty_object")]
    pub arguments: serde_json::Value,
    /// Tool call id; default `call_<response>_<index>`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
}

fn empty_object() -> serde_json::Value {
    serde_json::Value::Object(Default::default())
}

impl ToolCall {
    /// The `function.arguments` string as sent on the wire.
    pub fn arguments_text(&self) -> String {
        match &self.arguments {
            serde_json::Value::String(s) => s.clone(),
            other => other.to_string(),
        }
    }
}

/// Simulated failures, each behaving as a real endpoint would.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Failure {
    Unauthorized,
    UnknownModel,
    RateLimited,
    ServerError,
    MalformedStream,
    Stall,
    StallMidStream,
    DisconnectMidStream,
    ContextLength,
}

/// Why a scenario could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum ScenarioError {
    #[error("scenario is not valid JSON for the scenario format: {0}")]
    Json(#[from] serde_json::Error),
    #[error("cannot read scenario file {path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("rule {rule}: needs a \"reply\" or a \"fail\"")]
    EmptyRule { rule: usize },
    #[error("rule {rule}: \"chunkChars\" must be at least 1")]
    ZeroChunkChars { rule: usize },
    #[error("default reply: \"chunkChars\" must be at least 1")]
    ZeroDefaultChunkChars,
    #[error("rule {rule}: \"when.turn\" counts from 1")]
    ZeroTurn { rule: usize },
    #[error("rule {rule}: \"retryAfter\" needs \"fail\": \"rate_limited\"")]
    RetryAfterWithoutRateLimit { rule: usize },
    #[error("{place}: {source}")]
    Template {
        /// `rule N reply.…` or `default reply.…`.
        place: String,
        #[source]
        source: TemplateError,
    },
}

impl Scenario {
    /// Parses and validates a scenario.
    pub fn from_json(text: &str) -> Result<Self, ScenarioError> {
        let scenario: Scenario = serde_json::from_str(text)?;
        scenario.validate()?;
        Ok(scenario)
    }

    /// Reads, parses and validates a scenario file.
    pub fn from_path(path: impl AsRef<Path>) -> Result<Self, ScenarioError> {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path).map_err(|source| ScenarioError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Self::from_json(&text)
    }

    /// Whether chat requests may carry `tools` (`toolSupport`, default true).
    pub fn supports_tools(&self) -> bool {
        self.tool_support.unwrap_or(true)
    }

    /// Whether chat requests may carry images (`vision`, default true).
    pub fn sees_images(&self) -> bool {
        self.vision.unwrap_or(true)
    }

    /// Checks what serde cannot: every rule does something, pieces are
    /// non-empty, turns count from 1, `retryAfter` goes with a rate limit,
    /// templates are closed and their regexes compile.
    pub fn validate(&self) -> Result<(), ScenarioError> {
        for (rule, r) in self.rules.iter().enumerate() {
            if r.reply.is_none() && r.fail.is_none() {
                return Err(ScenarioError::EmptyRule { rule });
            }
            if r.reply.as_ref().is_some_and(|reply| reply.chunk_chars == Some(0)) {
                return Err(ScenarioError::ZeroChunkChars { rule });
            }
            if r.when.turn == Some(0) {
                return Err(ScenarioError::ZeroTurn { rule });
            }
            if r.retry_after.is_some() && r.fail != Some(Failure::RateLimited) {
                return Err(ScenarioError::RetryAfterWithoutRateLimit { rule });
            }
            check_templates(r.reply.as_ref(), &format!("rule {rule}"))?;
        }
        if self.default.as_ref().is_some_and(|d| d.chunk_chars == Some(0)) {
            return Err(ScenarioError::ZeroDefaultChunkChars);
        }
        check_templates(self.default.as_ref(), "default")
    }
}

fn check_templates(reply: Option<&Reply>, owner: &str) -> Result<(), ScenarioError> {
    let Some(reply) = reply else { return Ok(()) };
    template::check_reply(reply).map_err(|(field, source)| ScenarioError::Template { place: format!("{owner} {field}"), source })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_documented_example() {
        let s = Scenario::from_json(
            r#"{
              "apiKey": "sk-test-123",
              "models": ["scripted-model"],
              "rules": [
                { "when": { "lastUserContains": "Pro plan" }, "reply": { "content": "The Pro plan costs $29 per month.", "chunkChars": 6, "delayMs": 20 } },
                { "when": { "lastToolContains": "invoice" }, "reply": { "toolCalls": [ { "name": "dom.click", "arguments": {"tabId": 1} } ] } },
                { "when": { "lastUserContains": "rate" }, "fail": "rate_limited", "times": 1 },
                { "when": { "systemContains": "digest", "model": "m2"}, "reply": {"content": "x"} }
              ],
              "default": { "content": "I don't know." }
            }"#,
        )
        .unwrap();
        assert_eq!(s.api_key.as_deref(), Some("sk-test-123"));
        assert_eq!(s.rules.len(), 4);
        assert_eq!(s.rules[0].reply.as_ref().unwrap().chunk_chars(), 6);
        assert_eq!(s.rules[1].reply.as_ref().unwrap().tool_calls[0].arguments_text(), r#"{"tabId":1}"#);
        assert_eq!(s.rules[2].fail, Some(Failure::RateLimited));
        assert_eq!(s.rules[2].times, Some(1));
        assert_eq!(s.rules[3].when.model.as_deref(), Some("m2"));
        assert_eq!(s.default.unwrap().chunk_chars(), DEFAULT_CHUNK_CHARS);
    }

    #[test]
    fn rejects_typos_and_useless_rules() {
        assert!(matches!(
            Scenario::from_json(r#"{"rules":[{"when":{"lastUserContain":"x"},"reply":{}}]}"#),
            Err(ScenarioError::Json(_))
        ));
        assert!(matches!(Scenario::from_json(r#"{"rules":[{"fail":"explode"}]}"#), Err(ScenarioError::Json(_))));
        assert!(matches!(
            Scenario::from_json(r#"{"rules":[{"when":{}}]}"#),
            Err(ScenarioError::EmptyRule { rule: 0 })
        ));
        assert!(matches!(
            Scenario::from_json(r#"{"rules":[{"reply":{"content":"a","chunkChars":0}}]}"#),
            Err(ScenarioError::ZeroChunkChars { rule: 0 })
        ));
        assert!(matches!(Scenario::from_path("/nonexistent/s.json"), Err(ScenarioError::Io { .. })));
    }

    #[test]
    fn new_keys_parse_and_are_checked() {
        let s = Scenario::from_json(
            r#"{"toolSupport": false, "rules": [
                {"when": {"turn": 2, "anyToolContains": "a", "lastToolLacks": "b", "lastUserLacks": "c", "promptCharsAbove": 100},
                 "fail": "context_length"},
                {"fail": "rate_limited", "retryAfter": 7},
                {"reply": {"content": "{{match:(\\w+) link}}"}}]}"#,
        )
        .unwrap();
        assert!(!s.supports_tools() && Scenario::default().supports_tools());
        assert_eq!(s.rules[0].when.turn, Some(2));
        assert_eq!(s.rules[0].when.prompt_chars_above, Some(100));
        assert_eq!(s.rules[0].fail, Some(Failure::ContextLength));
        assert_eq!(s.rules[1].retry_after, Some(7));
        type Check = fn(&ScenarioError) -> bool;
        let rejected: &[(&str, Check)] = &[
            (r#"{"rules":[{"when":{"turn":0},"reply":{}}]}"#, |e| matches!(e, ScenarioError::ZeroTurn { rule: 0 })),
            (r#"{"rules":[{"reply":{},"retryAfter":3}]}"#, |e| {
                matches!(e, ScenarioError::RetryAfterWithoutRateLimit { rule: 0 })
            }),
            (r#"{"rules":[{"fail":"server_error","retryAfter":3}]}"#, |e| {
                matches!(e, ScenarioError::RetryAfterWithoutRateLimit { rule: 0 })
            }),
            (r#"{"rules":[{"fail":"rate_limited","retryAfter":-1}]}"#, |e| matches!(e, ScenarioError::Json(_))),
            (r#"{"rules":[{"reply":{}},{"reply":{"content":"{{match:(}}"}}]}"#, |e| {
                matches!(e, ScenarioError::Template { place, source: TemplateError::InvalidRegex { .. } } if place == "rule 1 reply.content")
            }),
            (r#"{"rules":[{"fail":"stall","reply":{"toolCalls":[{"name":"f","arguments":{"id":"{{match:x"}}]}}]}"#, |e| {
                matches!(e, ScenarioError::Template { place, source: TemplateError::Unterminated { .. } } if place == "rule 0 reply.toolCalls[0].arguments")
            }),
            (r#"{"default":{"content":"{{match:[a-}}"}}"#, |e| {
                matches!(e, ScenarioError::Template { place, .. } if place == "default reply.content")
            }),
        ];
        for (json, is_expected) in rejected {
            let e = Scenario::from_json(json).unwrap_err();
            assert!(is_expected(&e), "{json}: {e}");
        }
    }

    #[test]
    fn string_arguments_are_sent_verbatim() {
        let call: ToolCall = serde_json::from_value(serde_json::json!({"name":"f","arguments":"{not json"})).unwrap();
        assert_eq!(call.arguments_text(), "{not json");
        let call: ToolCall = serde_json::from_value(serde_json::json!({"name":"f"})).unwrap();
        assert_eq!(call.arguments_text(), "{}");
    }
}
