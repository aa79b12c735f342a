//! The agent's settings (the options page's "Agent" part), kept apart
//! from the endpoint settings: how tools reach the model, an optional
//! fast model for cheap sub-calls, the step limit, and the price table
//! that turns token counts into money in the panel.
//!
//! Prices are per million tokens, as providers publish them; a model not
//! in the table shows tokens only (a guessed price is worse than none).
//! The defaults cover models people commonly configure; local models
//! (Ollama, LM Studio) cost nothing per token and need no row.

use crate::llm::Usage;
use serde::{Deserialize, Serialize};

/// How tools reach the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ToolCalling {
    /// Native tool calling; text mode when the endpoint refuses tools.
    #[default]
    Auto,
    /// Always describe the tools in the prompt and read JSON replies
    /// (servers whose tool calling is broken rather than absent).
    Text,
}

/// One row of the price table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModelPrice {
    /// The model name as configured (`gpt-4o-mini`, `openai/gpt-4o-mini`).
    pub model: String,
    /// USD per million prompt tokens.
    pub input: f64,
    /// USD per million completion tokens.
    pub output: f64,
    /// USD per million cached prompt tokens (absent: as `input`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cached_input: Option<f64>,
}

impl ModelPrice {
    /// What `usage` cost, in USD.
    pub fn cost(&self, usage: &Usage) -> f64 {
        let cached = usage.cached_tokens.min(usage.prompt_tokens) as f64;
        let fresh = usage.prompt_tokens as f64 - cached;
        (fresh * self.input + cached * self.cached_input.unwrap_or(self.input) + usage.completion_tokens as f64 * self.output) / 1e6
    }
}

/// Stored under [`AgentSettings::STORAGE_KEY`] in `chrome.storage.local`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AgentSettings {
    #[serde(default)]
    pub tool_calling: ToolCalling,
    /// A cheaper model for sub-calls (empty: the main model does all).
    #[serde(default)]
    pub fast_model: String,
    /// The main model takes images: `capture_candidates` shows it the
    /// tab and crops of the candidates (seed 000 §14, look-alikes on
    /// ARIA-poor pages). Off by default: a text-only model refuses them.
    #[serde(default)]
    pub vision: bool,
    /// The fast model takes images: the Scout sees crops of tied
    /// candidates.
    #[serde(default)]
    pub fast_vision: bool,
    #[serde(default = "default_max_steps")]
    pub max_steps: u32,
    /// The model's context window in tokens, when the user knows it is
    /// small (a local model: Ollama's `num_ctx`); 0: large enough. Local
    /// servers cut an overlong prompt silently instead of refusing it, so
    /// the agent keeps its history within it ([`AgentSettings::history_budget`]).
    #[serde(default)]
    pub context_tokens: u32,
    #[serde(default = "default_prices")]
    pub prices: Vec<ModelPrice>,
    /// The `explore` tool's beam, depth, tabs and time.
    #[serde(default)]
    pub explore: crate::explore::ExploreSettings,
}

fn default_max_steps() -> u32 {
    super::AgentConfig::DEFAULT_MAX_STEPS
}

fn price(model: &str, input: f64, output: f64, cached: f64) -> ModelPrice {
    ModelPrice { model: model.into(), input, output, cached_input: Some(cached) }
}

/// Published list prices (USD per million tokens), late 2026; the user
/// edits them in the options.
pub fn default_prices() -> Vec<ModelPrice> {
    vec![
        price("gpt-4o-mini", 0.15, 0.60, 0.075),
        price("gpt-4o", 2.50, 10.00, 1.25),
        price("gpt-4.1-mini", 0.40, 1.60, 0.10),
        price("gpt-4.1-nano", 0.10, 0.40, 0.025),
        price("claude-3-5-haiku", 0.80, 4.00, 0.08),
        price("claude-haiku-4-5", 1.00, 5.00, 0.10),
    ]
}

impl Default for AgentSettings {
    fn default() -> Self {
        AgentSettings {
            tool_calling: ToolCalling::Auto,
            fast_model: String::new(),
            vision: false,
            fast_vision: false,
            max_steps: default_max_steps(),
            context_tokens: 0,
            prices: default_prices(),
            explore: Default::default(),
        }
    }
}

/// Why agent settings were refused.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "code", rename_all = "snake_case", rename_all_fields = "camelCase")]
pub enum AgentSettingsError {
    #[error("The step limit must be between 1 and 200 (got {0}).")]
    // `{"code": "bad_step_limit", "got": 500}`: as a bare number it did not
    // encode (found by `tests/fuzz`; see `crate::settings::got`).
    #[serde(with = "crate::settings::got")]
    BadStepLimit(u32),
    #[error("The price of `{model}` must be a number of dollars per million tokens, 0 or more.")]
    BadPrice { model: String },
    #[error("A price row needs the model's name.")]
    UnnamedPrice,
    #[error("The model context must be at least {min} tokens, or empty (got {got}).")]
    SmallContext { min: u32, got: u32 },
    #[error("{0}")]
    Explore(#[from] crate::explore::ExploreSettingsError),
}

/// Tokens of every request besides the history: the tools' schemas
/// (~2,550), the system prompt (~550) and room for the reply.
pub const FIXED_TOKENS: usize = 4_500;
/// The smallest context the agent works in (a few steps of history).
pub const MIN_CONTEXT: u32 = 8_192;

impl AgentSettings {
    pub const STORAGE_KEY: &'static str = "agentSettings";

    /// Checks and tidies what the options page submitted.
    pub fn validated(mut self) -> Result<AgentSettings, AgentSettingsError> {
        if !(1..=200).contains(&self.max_steps) {
            return Err(AgentSettingsError::BadStepLimit(self.max_steps));
        }
        if self.context_tokens != 0 && self.context_tokens < MIN_CONTEXT {
            return Err(AgentSettingsError::SmallContext { min: MIN_CONTEXT, got: self.context_tokens });
        }
        self.explore = self.explore.validated()?;
        self.fast_model = self.fast_model.trim().to_owned();
        for p in &mut self.prices {
            p.model = p.model.trim().to_owned();
            if p.model.is_empty() {
                return Err(AgentSettingsError::UnnamedPrice);
            }
            let ok = |v: f64| v.is_finite() && v >= 0.0;
            if !ok(p.input) || !ok(p.output) || !p.cached_input.is_none_or(ok) {
                return Err(AgentSettingsError::BadPrice { model: p.model.clone() });
            }
        }
        Ok(self)
    }

    /// The price row of `model`: its exact name (any case), else the row
    /// whose name ends the configured one (`openai/gpt-4o-mini`), the
    /// longest such (so `gpt-4o-mini` wins over `gpt-4o`), else one the
    /// name starts with followed by a dash and a date (`gpt-4o-mini-2024-07-18`).
    pub fn price_of(&self, model: &str) -> Option<&ModelPrice> {
        let m = model.trim().to_ascii_lowercase();
        let name = |p: &&ModelPrice| p.model.to_ascii_lowercase();
        self.prices.iter().find(|p| name(p) == m).or_else(|| {
            self.prices
                .iter()
                .filter(|p| {
                    let n = name(p);
                    m.ends_with(&format!("/{n}")) || m.strip_prefix(&n).is_some_and(|rest| rest.starts_with('-') && rest[1..].starts_with(|c: char| c.is_ascii_digit()))
                })
                .max_by_key(|p| p.model.len())
        })
    }

    /// The history budget (tokens) for the model's context: what is left
    /// of it after the tools' schemas, the system prompt and the reply
    /// ([`FIXED_TOKENS`]), at most the default; the default when the
    /// context is not set.
    pub fn history_budget(&self) -> usize {
        let default = super::AgentConfig::DEFAULT_HISTORY_BUDGET;
        match self.context_tokens {
            0 => default,
            n => (n as usize).saturating_sub(FIXED_TOKENS).clamp(MIN_CONTEXT as usize - FIXED_TOKENS, default),
        }
    }

    /// What `usage` of `model` cost, when its price is known.
    pub fn cost(&self, model: &str, usage: &Usage) -> Option<f64> {
        self.price_of(model).map(|p| p.cost(usage))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_are_found_by_the_configured_name() {
        let s = AgentSettings::default();
        let cases = [
            ("gpt-4o-mini", Some("gpt-4o-mini")),
            ("GPT-4o-mini", Some("gpt-4o-mini")),
            ("openai/gpt-4o-mini", Some("gpt-4o-mini")),
            ("gpt-4o-mini-2024-07-18", Some("gpt-4o-mini")),
            ("gpt-4o", Some("gpt-4o")),
            ("llama3.1", None),
            ("gpt-4o-minimal", None),
        ];
        for (model, want) in cases {
            assert_eq!(s.price_of(model).map(|p| p.model.as_str()), want, "{model}");
        }
    }

    #[test]
    fn cost_counts_cached_tokens_at_their_price() {
        let p = price("m", 1.0, 4.0, 0.5);
        let usage = Usage { prompt_tokens: 1_000_000, completion_tokens: 250_000, cached_tokens: 400_000 };
        assert!((p.cost(&usage) - (0.6 + 0.2 + 1.0)).abs() < 1e-9);
    }

    #[test]
    fn the_history_fits_a_small_local_context() {
        let with = |context_tokens| AgentSettings { context_tokens, ..AgentSettings::default() }.history_budget();
        assert_eq!(with(0), 12_000, "not set: the default");
        assert_eq!(with(8_192), 3_692);
        assert_eq!(with(16_384), 11_884);
        assert_eq!(with(128_000), 12_000, "never more than the default");
        let small = AgentSettings { context_tokens: 4_096, ..AgentSettings::default() }.validated().unwrap_err();
        assert!(small.to_string().contains("at least 8192 tokens"), "{small}");
    }

    #[test]
    fn bad_settings_say_what_is_wrong() {
        let mut s = AgentSettings { max_steps: 0, ..AgentSettings::default() };
        assert_eq!(s.clone().validated().unwrap_err(), AgentSettingsError::BadStepLimit(0));
        s.max_steps = 40;
        s.prices.push(ModelPrice { model: " x ".into(), input: -1.0, output: 0.0, cached_input: None });
        assert!(s.clone().validated().unwrap_err().to_string().contains("`x`"));
        let stored: AgentSettings = serde_json::from_str("{}").unwrap();
        assert_eq!(stored, AgentSettings::default(), "an empty store means the defaults");
    }

    /// A refused step limit could not be encoded for the options page
    /// (found by `tests/fuzz`).
    #[test]
    fn a_bad_step_limit_crosses_to_the_options_page() {
        let e = AgentSettings { max_steps: 500, ..AgentSettings::default() }.validated().unwrap_err();
        let wire = serde_json::to_value(&e).expect("the error encodes");
        assert_eq!(wire, serde_json::json!({"code": "bad_step_limit", "got": 500}));
        assert_eq!(serde_json::from_value::<AgentSettingsError>(wire).unwrap(), AgentSettingsError::BadStepLimit(500));
    }
}
