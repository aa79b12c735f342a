//! Flows as JSON files (export and import in the panel). A file is
//! `{format, version, flows}`; a single flow object is accepted too.
//! Import refuses a file or flow of a newer format than this build reads
//! ([`FLOW_VERSION`]) rather than half-understanding it, and checks every
//! flow's invariants (`WebFlow::check`: no secret value can come in).

use super::model::{FlowError, WebFlow, FLOW_VERSION};
use serde::{Deserialize, Serialize};

/// The `format` of an export.
pub const FORMAT: &str = "browser-copilot.flows";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FlowFile {
    pub format: String,
    pub version: u32,
    pub flows: Vec<WebFlow>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[serde(tag = "code", rename_all = "snake_case", rename_all_fields = "camelCase")]
pub enum ImportError {
    #[error("the file is not flows JSON: {detail}")]
    NotFlows { detail: String },
    #[error("the file is of format version {found}; this version of Browser Copilot reads up to {supported}")]
    TooNew { found: u32, supported: u32 },
    #[error("flow “{name}”: {error}")]
    Invalid { name: String, error: FlowError },
}

/// `flows` as the text of an export file.
pub fn export(flows: &[WebFlow]) -> String {
    let file = FlowFile { format: FORMAT.to_owned(), version: FLOW_VERSION, flows: flows.to_vec() };
    serde_json::to_string_pretty(&file).expect("flows serialise")
}

/// The flows of an export file (or of one flow's JSON).
pub fn import(text: &str) -> Result<Vec<WebFlow>, ImportError> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| ImportError::NotFlows { detail: e.to_string() })?;
    let version = |v: &serde_json::Value| v.get("version").and_then(serde_json::Value::as_u64).unwrap_or(0) as u32;
    let flows: Vec<serde_json::Value> = match value.get("flows") {
        Some(list) => {
            if value.get("format").and_then(serde_json::Value::as_str) != Some(FORMAT) {
                return Err(ImportError::NotFlows { detail: format!("its format is not “{FORMAT}”") });
            }
            if version(&value) > FLOW_VERSION {
                return Err(ImportError::TooNew { found: version(&value), supported: FLOW_VERSION });
            }
            list.as_array().cloned().ok_or_else(|| ImportError::NotFlows { detail: "“flows” is not a list".into() })?
        }
        None => vec![value],
    };
    flows
        .into_iter()
        .map(|v| {
            if version(&v) > FLOW_VERSION {
                return Err(ImportError::TooNew { found: version(&v), supported: FLOW_VERSION });
            }
            let flow: WebFlow = serde_json::from_value(v).map_err(|e| ImportError::NotFlows { detail: e.to_string() })?;
            flow.check().map_err(|error| ImportError::Invalid { name: flow.name.clone(), error })?;
            Ok(flow)
        })
        .collect()
}
