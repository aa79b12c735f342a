//! A task as the side panel exports it (`PanelRequest::GetTask` answers
//! with `bc_core::agent::Task` as JSON; the worker stores the same text
//! under `task:<id>` in `chrome.storage.local`): the fields `bench agent`
//! and `replay` read, mirrored here rather than taken from bc-core, so
//! xtask does not rebuild with every change of the core. Unknown fields
//! are ignored; the ones read are checked with a message that says what
//! is missing.

use anyhow::{bail, Context, Result};
use serde::Deserialize;
use serde_json::Value;
use std::path::Path;

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TaskRecord {
    pub id: String,
    pub goal: String,
    /// `created`, `executing`, `succeeded`, `failed`, `cancelled`, …
    pub status: String,
    /// `native` (tool calling) or `text` (JSON in the replies).
    #[serde(default)]
    pub mode: Option<String>,
    /// The opening user message: the goal and the first page state.
    pub opening: String,
    pub turns: Vec<Turn>,
    pub steps: Vec<StepRecord>,
    #[serde(default)]
    pub answer: Option<String>,
    #[serde(default)]
    pub failure: Option<String>,
}

/// The conversation as the worker keeps it (`bc_core::agent::task::Turn`).
#[derive(Debug, Clone, Deserialize)]
#[serde(tag = "turn", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Turn {
    Model { content: String, calls: Vec<ModelCall> },
    Results { results: Vec<CallResult> },
    User { text: String },
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModelCall {
    pub id: String,
    pub name: String,
    /// As the model sent it (JSON text, or anything it wrote).
    pub arguments: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CallResult {
    pub call_id: String,
    pub name: String,
    pub brief: String,
    #[serde(default)]
    pub page: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StepRecord {
    /// The model call that asked for the step.
    pub llm_call: u32,
    pub tool: String,
    #[serde(default)]
    pub args: Value,
    pub description: String,
    /// The tool call as bound (`{name, args: {selector, …}}`).
    #[serde(default)]
    pub call: Option<Value>,
    /// `ok`, `failed`, `denied`, `skipped`, `running`.
    pub status: String,
    pub result: String,
    pub started_at: f64,
    /// Our own time for the step, ms (the worker's clock around the step).
    pub ms: f64,
}

impl TaskRecord {
    /// Reads an export, saying plainly when the file is missing or is not one.
    pub fn load(path: &Path) -> Result<TaskRecord> {
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read the task export {}", path.display()))?;
        let value: Value = serde_json::from_str(&text).with_context(|| format!("{} is not JSON", path.display()))?;
        TaskRecord::from_value(value).with_context(|| format!("{} is not a task exported from the side panel", path.display()))
    }

    pub fn from_value(value: Value) -> Result<TaskRecord> {
        // An export wrapped as the panel event that carried it is fine too.
        let value = match value.get("type").and_then(Value::as_str) {
            Some("taskRecord") => value.get("task").cloned().unwrap_or(Value::Null),
            _ => value,
        };
        let Some(obj) = value.as_object() else { bail!("expected a JSON object (the task), found {}", kind(&value)) };
        let missing: Vec<&str> = ["id", "goal", "status", "opening", "turns", "steps"].into_iter().filter(|k| !obj.contains_key(*k)).collect();
        if !missing.is_empty() {
            bail!("it has no {} (a task export has id, goal, status, opening, turns and steps)", missing.join(", "));
        }
        serde_json::from_value(value).context("its fields do not have the shapes of a task export")
    }

    /// The model's turns, in order.
    pub fn model_turns(&self) -> impl Iterator<Item = (&str, &[ModelCall])> {
        self.turns.iter().filter_map(|t| match t {
            Turn::Model { content, calls } => Some((content.as_str(), calls.as_slice())),
            _ => None,
        })
    }
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_a_task_and_names_what_is_missing() {
        let t = json!({"id": "t1", "goal": "g", "status": "succeeded", "opening": "Task: g", "nonce": "n",
            "turns": [{"turn": "model", "content": "x", "calls": [{"id": "c1", "name": "done", "arguments": "{}"}]},
                      {"turn": "results", "results": [{"callId": "c1", "name": "done", "brief": "ok"}]},
                      {"turn": "user", "text": "nudge"}],
            "steps": [], "llmCalls": []});
        let task = TaskRecord::from_value(t.clone()).unwrap();
        assert_eq!(task.model_turns().count(), 1);
        let wrapped = TaskRecord::from_value(json!({"type": "taskRecord", "id": 3, "task": t})).unwrap();
        assert_eq!(wrapped.id, "t1");
        let err = TaskRecord::from_value(json!({"id": "x", "goal": "g"})).unwrap_err().to_string();
        assert!(err.contains("status, opening, turns, steps"), "{err}");
        let err = TaskRecord::from_value(json!([1])).unwrap_err().to_string();
        assert!(err.contains("an array"), "{err}");
    }
}
