//! The user's LLM endpoint configuration.
//!
//! [`Settings`] lives in `chrome.storage.local` (never sync) under
//! [`Settings::STORAGE_KEY`]. The API key never leaves the service worker
//! except in the `Authorization` header of the LLM call: pages of the
//! extension only ever see a [`SettingsView`] with a masked hint.

use serde::{Deserialize, Serialize};
use std::fmt;
use url::Url;

/// Stored configuration. `Debug` redacts the key so it cannot reach a log.
#[derive(Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Settings {
    /// Base URL of an OpenAI-compatible API, e.g. `https://api.openai.com/v1`.
    pub endpoint: String,
    #[serde(default)]
    pub api_key: String,
    pub model: String,
    /// Seconds to wait for the first byte and between stream chunks.
    #[serde(default = "default_timeout")]
    pub timeout_secs: u32,
}

fn default_timeout() -> u32 {
    Settings::DEFAULT_TIMEOUT_SECS
}

impl Settings {
    pub const STORAGE_KEY: &'static str = "settings";
    pub const DEFAULT_TIMEOUT_SECS: u32 = 60;

    pub fn view(&self) -> SettingsView {
        SettingsView {
            endpoint: self.endpoint.clone(),
            model: self.model.clone(),
            timeout_secs: self.timeout_secs,
            api_key_hint: mask_key(&self.api_key),
        }
    }

    /// Applies what the user submitted; an empty or absent key keeps the stored one.
    pub fn apply(previous: Option<&Settings>, input: SettingsInput) -> Result<Settings, SettingsError> {
        let endpoint = normalize_endpoint(&input.endpoint)?;
        let model = input.model.trim().to_owned();
        if model.is_empty() {
            return Err(SettingsError::MissingModel);
        }
        let api_key = match input.api_key.map(|k| k.trim().to_owned()) {
            Some(k) if !k.is_empty() => k,
            _ => previous.map(|p| p.api_key.clone()).unwrap_or_default(),
        };
        let timeout_secs = input.timeout_secs.unwrap_or(Self::DEFAULT_TIMEOUT_SECS);
        if !(1..=600).contains(&timeout_secs) {
            return Err(SettingsError::BadTimeout(timeout_secs));
        }
        Ok(Settings { endpoint, api_key, model, timeout_secs })
    }

    /// `{endpoint}/chat/completions`.
    pub fn chat_url(&self) -> Result<Url, SettingsError> {
        join(&self.endpoint, "chat/completions")
    }

    /// `{endpoint}/models`.
    pub fn models_url(&self) -> Result<Url, SettingsError> {
        join(&self.endpoint, "models")
    }
}

impl fmt::Debug for Settings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Settings")
            .field("endpoint", &self.endpoint)
            .field("api_key", &mask_key(&self.api_key))
            .field("model", &self.model)
            .field("timeout_secs", &self.timeout_secs)
            .finish()
    }
}

/// What extension pages see of the settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SettingsView {
    pub endpoint: String,
    pub model: String,
    pub timeout_secs: u32,
    /// e.g. `"sk-…9f3a"`; `None` when no key is stored.
    pub api_key_hint: Option<String>,
}

/// What the options form submits.
#[derive(Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SettingsInput {
    pub endpoint: String,
    /// `None` or empty keeps the stored key.
    #[serde(default)]
    pub api_key: Option<String>,
    pub model: String,
    #[serde(default)]
    pub timeout_secs: Option<u32>,
}

impl fmt::Debug for SettingsInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SettingsInput")
            .field("endpoint", &self.endpoint)
            .field("api_key", &self.api_key.as_deref().map(mask_key))
            .field("model", &self.model)
            .finish()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "code", rename_all = "snake_case", rename_all_fields = "camelCase")]
pub enum SettingsError {
    #[error("Enter the API endpoint (e.g. https://api.openai.com/v1).")]
    MissingEndpoint,
    #[error("The API endpoint `{endpoint}` is not a valid URL: {reason}.")]
    InvalidEndpoint { endpoint: String, reason: String },
    #[error("The API endpoint must start with http:// or https://, not `{scheme}:`.")]
    UnsupportedScheme { scheme: String },
    #[error("Enter the model name (e.g. gpt-4o-mini).")]
    MissingModel,
    #[error("The timeout must be between 1 and 600 seconds (got {0}).")]
    #[serde(with = "got")]
    BadTimeout(u32),
    #[error("No LLM endpoint is configured yet: open the options page and fill in API endpoint and Model.")]
    NotConfigured,
}

/// The number of an error tagged by `code` (`BadTimeout(0)`), written as
/// `{"code": "bad_timeout", "got": 0}`. serde cannot write a bare number
/// inside an internally tagged enum: the error did not encode, and the
/// options page never learnt why its settings were refused (found by
/// `tests/fuzz`). [`crate::agent::settings::AgentSettingsError`] has one too.
pub(crate) mod got {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    struct Got {
        got: u32,
    }

    pub fn serialize<S: Serializer>(n: &u32, s: S) -> Result<S::Ok, S::Error> {
        Got { got: *n }.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
        Got::deserialize(d).map(|g| g.got)
    }
}

/// Trims, validates and strips a pasted `/chat/completions` suffix and trailing slashes.
pub fn normalize_endpoint(raw: &str) -> Result<String, SettingsError> {
    let trimmed = raw.trim();
    if trimmed.is_empty() {
        return Err(SettingsError::MissingEndpoint);
    }
    let url = Url::parse(trimmed).map_err(|e| SettingsError::InvalidEndpoint {
        endpoint: trimmed.to_owned(),
        reason: e.to_string(),
    })?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(SettingsError::UnsupportedScheme { scheme: url.scheme().to_owned() });
    }
    let mut s = url.as_str().trim_end_matches('/').to_owned();
    for suffix in ["/chat/completions", "/completions"] {
        if let Some(stripped) = s.strip_suffix(suffix) {
            s = stripped.to_owned();
        }
    }
    Ok(s)
}

fn join(endpoint: &str, path: &str) -> Result<Url, SettingsError> {
    let base = normalize_endpoint(endpoint)?;
    Url::parse(&format!("{base}/{path}")).map_err(|e| SettingsError::InvalidEndpoint {
        endpoint: endpoint.to_owned(),
        reason: e.to_string(),
    })
}

/// Shows at most the first 3 and last 4 characters of a key, and only when the
/// key is long enough that this reveals little.
pub fn mask_key(key: &str) -> Option<String> {
    let chars: Vec<char> = key.chars().collect();
    match chars.len() {
        0 => None,
        n if n < 12 => Some("•".repeat(8)),
        n => Some(format!(
            "{}…{}",
            chars[..3].iter().collect::<String>(),
            chars[n - 4..].iter().collect::<String>()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(endpoint: &str, key: Option<&str>, model: &str) -> SettingsInput {
        SettingsInput {
            endpoint: endpoint.into(),
            api_key: key.map(Into::into),
            model: model.into(),
            timeout_secs: None,
        }
    }

    #[test]
    fn endpoint_normalization() {
        let cases = [
            ("https://api.openai.com/v1", Ok("https://api.openai.com/v1")),
            ("  https://api.openai.com/v1/ ", Ok("https://api.openai.com/v1")),
            ("http://127.0.0.1:11434/v1/chat/completions", Ok("http://127.0.0.1:11434/v1")),
            ("", Err("Enter the API endpoint")),
            ("api.openai.com", Err("is not a valid URL")),
            ("ftp://x/v1", Err("must start with http")),
        ];
        for (raw, want) in cases {
            match (normalize_endpoint(raw), want) {
                (Ok(got), Ok(w)) => assert_eq!(got, w, "{raw}"),
                (Err(e), Err(w)) => assert!(e.to_string().contains(w), "{raw}: {e}"),
                (got, w) => panic!("{raw}: got {got:?}, want {w:?}"),
            }
        }
    }

    #[test]
    fn empty_key_keeps_previous() {
        let first = Settings::apply(None, input("http://h/v1", Some("sk-abcdefghijklmnop"), "m")).unwrap();
        let second = Settings::apply(Some(&first), input("http://h/v2", Some(""), "m2")).unwrap();
        assert_eq!(second.api_key, "sk-abcdefghijklmnop");
        assert_eq!(second.endpoint, "http://h/v2");
        assert_eq!(second.chat_url().unwrap().as_str(), "http://h/v2/chat/completions");
    }

    #[test]
    fn key_never_shown_in_full() {
        let s = Settings::apply(None, input("http://h/v1", Some("sk-abcdefghijklmnop"), "m")).unwrap();
        assert_eq!(s.view().api_key_hint.as_deref(), Some("sk-…mnop"));
        assert!(!format!("{s:?}").contains("abcdefghijklmnop"));
        assert_eq!(mask_key("short").as_deref(), Some("••••••••"));
        assert_eq!(mask_key(""), None);
    }

    /// A refused timeout could not be encoded for the options page (found
    /// by `tests/fuzz`).
    #[test]
    fn a_bad_timeout_crosses_to_the_options_page() {
        let e = Settings::apply(None, SettingsInput { timeout_secs: Some(0), ..input("http://h/v1", None, "m") }).unwrap_err();
        let wire = serde_json::to_value(&e).expect("the error encodes");
        assert_eq!(wire, serde_json::json!({"code": "bad_timeout", "got": 0}));
        assert_eq!(serde_json::from_value::<SettingsError>(wire).unwrap(), SettingsError::BadTimeout(0));
    }
}
