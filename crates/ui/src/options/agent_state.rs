//! State and actions of the options page's "Agent" form, kept apart from
//! its views (`agent_form.rs`): tool calling, the fast model, the step
//! limit and the price table, loaded with `GetAgentSettings` and saved
//! with `SaveAgentSettings`.
//!
//! The form is checked with the worker's own rules
//! ([`AgentSettings::validated`]) before it goes out, so a mistake is
//! shown at once with the worker's words; the worker checks again, and
//! its refusal shows in the same status line.

use super::Status;
use crate::client::{Client, Reply};
use bc_core::agent::settings::{AgentSettings, AgentSettingsError, ModelPrice, ToolCalling};
use bc_core::protocol::PanelRequest;
use leptos::prelude::*;

/// A column of the price table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Column {
    Model,
    Input,
    Output,
    CachedInput,
}

impl Column {
    pub const ALL: [Column; 4] = [
        Column::Model,
        Column::Input,
        Column::Output,
        Column::CachedInput,
    ];

    /// The column's header.
    pub fn header(self) -> &'static str {
        match self {
            Column::Model => "Model",
            Column::Input => "Input",
            Column::Output => "Output",
            Column::CachedInput => "Cached input (optional)",
        }
    }

    /// A cell's label, with its row (1-based): "Input, row 2".
    pub fn label(self, row: usize) -> String {
        let name = match self {
            Column::CachedInput => "Cached input",
            other => other.header(),
        };
        format!("{name}, row {row}")
    }

    /// The part of an element id that names the column.
    pub fn slug(self) -> &'static str {
        match self {
            Column::Model => "model",
            Column::Input => "input",
            Column::Output => "output",
            Column::CachedInput => "cached",
        }
    }
}

/// One row of the price table as typed (numbers are text until saved).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PriceRow {
    /// Stable across edits and removals of other rows (the list's key).
    pub key: u32,
    pub model: String,
    pub input: String,
    pub output: String,
    pub cached_input: String,
}

impl PriceRow {
    fn cell(&self, column: Column) -> &String {
        match column {
            Column::Model => &self.model,
            Column::Input => &self.input,
            Column::Output => &self.output,
            Column::CachedInput => &self.cached_input,
        }
    }

    fn cell_mut(&mut self, column: Column) -> &mut String {
        match column {
            Column::Model => &mut self.model,
            Column::Input => &mut self.input,
            Column::Output => &mut self.output,
            Column::CachedInput => &mut self.cached_input,
        }
    }

    /// A row left empty: no price, and no mistake either.
    fn is_blank(&self) -> bool {
        Column::ALL.iter().all(|&c| self.cell(c).trim().is_empty())
    }

    /// The row as the worker stores it. A price that is not a number is
    /// refused with the worker's own message for a bad price.
    fn price(&self) -> Result<ModelPrice, AgentSettingsError> {
        let model = self.model.trim().to_owned();
        let bad = || AgentSettingsError::BadPrice {
            model: model.clone(),
        };
        let number = |text: &str| text.trim().parse::<f64>().map_err(|_| bad());
        let cached_input = match self.cached_input.trim() {
            "" => None,
            text => Some(number(text)?),
        };
        let (input, output) = (number(&self.input)?, number(&self.output)?);
        Ok(ModelPrice {
            model,
            input,
            output,
            cached_input,
        })
    }
}

/// The Agent form's fields and the state of its requests. `Copy`: every
/// field is a handle into the reactive arena.
#[derive(Clone, Copy)]
pub struct AgentState {
    client: StoredValue<Client, LocalStorage>,
    pub tool_calling: RwSignal<ToolCalling>,
    pub fast_model: RwSignal<String>,
    pub vision: RwSignal<bool>,
    pub fast_vision: RwSignal<bool>,
    pub max_steps: RwSignal<String>,
    pub context_tokens: RwSignal<String>,
    pub prices: RwSignal<Vec<PriceRow>>,
    /// The explorer's settings (`explore_form.rs`).
    pub explore_beam: RwSignal<String>,
    pub explore_depth: RwSignal<String>,
    pub explore_tabs: RwSignal<String>,
    pub explore_secs: RwSignal<String>,
    pub explore_keep: RwSignal<bool>,
    pub explore_auto: RwSignal<bool>,
    next_key: StoredValue<u32>,
    pub status: RwSignal<Option<Status>>,
    pub saving: RwSignal<bool>,
}

impl AgentState {
    /// The form with the defaults, until the stored settings arrive.
    pub fn new(client: Client) -> Self {
        let state = AgentState {
            client: StoredValue::new_local(client),
            tool_calling: RwSignal::new(ToolCalling::Auto),
            fast_model: RwSignal::new(String::new()),
            vision: RwSignal::new(false),
            fast_vision: RwSignal::new(false),
            max_steps: RwSignal::new(String::new()),
            context_tokens: RwSignal::new(String::new()),
            prices: RwSignal::new(Vec::new()),
            explore_beam: RwSignal::new(String::new()),
            explore_depth: RwSignal::new(String::new()),
            explore_tabs: RwSignal::new(String::new()),
            explore_secs: RwSignal::new(String::new()),
            explore_keep: RwSignal::new(false),
            explore_auto: RwSignal::new(true),
            next_key: StoredValue::new(1),
            status: RwSignal::new(None),
            saving: RwSignal::new(false),
        };
        state.fill(&AgentSettings::default());
        state
    }

    /// Fills the form from the stored settings.
    pub fn load(self) {
        self.client.with_value(|client| {
            let id = client.next_id();
            client.send(
                PanelRequest::GetAgentSettings { id },
                move |reply| match reply {
                    Reply::AgentSettings(settings) => self.fill(&settings),
                    Reply::Failed(failure) => {
                        self.status.set(Some(Status::Error(failure.to_string())))
                    }
                    _ => {}
                },
            );
        });
    }

    /// Checks the form and saves it; the worker answers with what it stored.
    pub fn save(self) {
        let settings = match self.settings() {
            Ok(settings) => settings,
            Err(message) => {
                self.status.set(Some(Status::Error(message)));
                return;
            }
        };
        self.saving.set(true);
        self.status.set(Some(Status::Busy("Saving…".into())));
        self.client.with_value(|client| {
            let id = client.next_id();
            client.send(
                PanelRequest::SaveAgentSettings { id, settings },
                move |reply| {
                    self.saving.set(false);
                    match reply {
                        Reply::AgentSettings(saved) => {
                            self.fill(&saved);
                            self.status.set(Some(Status::Success("Saved.".into())));
                        }
                        Reply::Failed(failure) => {
                            self.status.set(Some(Status::Error(failure.to_string())))
                        }
                        _ => {}
                    }
                },
            );
        });
    }

    /// Adds an empty row at the end of the price table.
    pub fn add_row(self) {
        let key = self.take_key();
        self.prices.update(|rows| {
            rows.push(PriceRow {
                key,
                ..PriceRow::default()
            })
        });
    }

    /// Removes the row with `key`.
    pub fn remove_row(self, key: u32) {
        self.prices.update(|rows| rows.retain(|row| row.key != key));
    }

    /// What row `key` holds in `column` (tracked).
    pub fn cell(self, key: u32, column: Column) -> String {
        self.prices.with(|rows| {
            rows.iter()
                .find(|r| r.key == key)
                .map(|r| r.cell(column).clone())
                .unwrap_or_default()
        })
    }

    /// The user typed `value` into row `key`'s `column`.
    pub fn set_cell(self, key: u32, column: Column, value: String) {
        self.prices.update(|rows| {
            if let Some(row) = rows.iter_mut().find(|r| r.key == key) {
                *row.cell_mut(column) = value;
            }
        });
    }

    /// Row `key`'s place in the table, from 1 (tracked).
    pub fn row_number(self, key: u32) -> usize {
        self.prices
            .with(|rows| rows.iter().position(|r| r.key == key).map_or(0, |i| i + 1))
    }

    fn take_key(self) -> u32 {
        let key = self.next_key.get_value();
        self.next_key.set_value(key + 1);
        key
    }

    fn fill(self, settings: &AgentSettings) {
        self.tool_calling.set(settings.tool_calling);
        self.fast_model.set(settings.fast_model.clone());
        self.vision.set(settings.vision);
        self.fast_vision.set(settings.fast_vision);
        let e = settings.explore;
        self.explore_beam.set(e.beam.to_string());
        self.explore_depth.set(e.depth.to_string());
        self.explore_tabs.set(e.max_tabs.to_string());
        self.explore_secs.set(e.budget_secs.to_string());
        self.explore_keep.set(e.keep_tab);
        self.explore_auto.set(e.auto);
        self.max_steps.set(settings.max_steps.to_string());
        self.context_tokens.set(match settings.context_tokens {
            0 => String::new(),
            n => n.to_string(),
        });
        let rows = settings
            .prices
            .iter()
            .map(|p| PriceRow {
                key: self.take_key(),
                model: p.model.clone(),
                input: p.input.to_string(),
                output: p.output.to_string(),
                cached_input: p.cached_input.map(|c| c.to_string()).unwrap_or_default(),
            })
            .collect();
        self.prices.set(rows);
    }

    /// The explore fieldset as settings (ranges are the core's to check).
    fn explore(self) -> Result<bc_core::explore::ExploreSettings, String> {
        let number = |signal: RwSignal<String>, what: &str| {
            let text = signal.get_untracked();
            text.trim().parse::<u32>().map_err(|_| format!("{what} must be a whole number (got `{}`).", text.trim()))
        };
        Ok(bc_core::explore::ExploreSettings {
            beam: number(self.explore_beam, "Pages compared per level")?,
            depth: number(self.explore_depth, "Links deep")?,
            max_tabs: number(self.explore_tabs, "Background tabs at once")?,
            budget_secs: number(self.explore_secs, "The exploration time limit")?,
            keep_tab: self.explore_keep.get_untracked(),
            auto: self.explore_auto.get_untracked(),
        })
    }

    /// The form as [`AgentSettings`], checked as the worker checks them;
    /// `Err` is the message to show. Blank rows are left out.
    fn settings(self) -> Result<AgentSettings, String> {
        let steps = self.max_steps.get_untracked();
        let max_steps = steps.trim().parse::<u32>().map_err(|_| {
            format!(
                "The step limit must be a whole number between 1 and 200 (got `{}`).",
                steps.trim()
            )
        })?;
        let context = self.context_tokens.get_untracked();
        let context_tokens = match context.trim() {
            "" => 0,
            n => n.parse::<u32>().map_err(|_| format!("The model context must be a whole number of tokens, or empty (got `{n}`)."))?,
        };
        let prices = self.prices.with_untracked(|rows| {
            rows.iter()
                .filter(|row| !row.is_blank())
                .map(PriceRow::price)
                .collect::<Result<Vec<_>, _>>()
        });
        let settings = AgentSettings {
            tool_calling: self.tool_calling.get_untracked(),
            fast_model: self.fast_model.get_untracked(),
            vision: self.vision.get_untracked(),
            fast_vision: self.fast_vision.get_untracked(),
            max_steps,
            context_tokens,
            prices: prices.map_err(|e| e.to_string())?,
            explore: self.explore()?,
        };
        settings.validated().map_err(|e| e.to_string())
    }
}
