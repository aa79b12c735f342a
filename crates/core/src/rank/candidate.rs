//! What the ranker ranks: one action, form or collection with the strings
//! that describe it, and how the MiniPCD entries map onto it.

use crate::tools::QueryKind;
use crate::types::{Landmark, MiniAction, MiniCollection, MiniForm};
use serde::{Deserialize, Serialize};

/// One rankable entry of the page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RankCandidate {
    /// The MiniPCD id; unique within one ranking.
    pub id: String,
    /// Accessible name (actions), submit label (forms), name (collections).
    pub label: String,
    /// Which MiniPCD list it comes from; `pcd.query`'s `kind` filters on it.
    pub entity: QueryKind,
    /// Inferred kind or purpose (`download_invoice`, `login`, …).
    #[serde(default)]
    pub kind: Option<String>,
    /// ARIA role (`button`, `link`, `search`, …).
    #[serde(default)]
    pub role: Option<String>,
    /// Short strings around it: nearest heading, form purpose, collection
    /// name, href path. Never values the user typed.
    #[serde(default)]
    pub context: Vec<String>,
    #[serde(default)]
    pub landmark: Option<Landmark>,
    #[serde(default)]
    pub above_fold: bool,
    /// Dedupe key (role + label + path root): only the best of a cluster is kept.
    #[serde(default)]
    pub cluster_id: Option<String>,
    /// A form's field labels (also in `context`): a query that is one of
    /// them whole names a control the form stands for, as a label would.
    #[serde(default)]
    pub fields: Vec<String>,
}

impl RankCandidate {
    /// An action, with the context strings the DOM side read for it.
    /// Unknown above-the-fold state counts as above: unknown is not a penalty.
    pub fn from_action(a: &MiniAction, context: Vec<String>) -> RankCandidate {
        let role = serde_json::to_value(a.role).ok().and_then(|v| v.as_str().map(str::to_owned));
        RankCandidate {
            id: a.id.clone(),
            label: a.label.clone(),
            entity: QueryKind::Action,
            kind: a.kind.clone(),
            role,
            context,
            landmark: a.landmark,
            above_fold: a.above_fold.unwrap_or(true),
            cluster_id: a.cluster_id.clone(),
            fields: Vec::new(),
        }
    }

    /// A form: named by its submit label (else its purpose in words),
    /// described by its purpose and field labels.
    pub fn from_form(f: &MiniForm, above_fold: bool) -> RankCandidate {
        let purpose = f.purpose.as_deref().map(|p| p.replace('_', " "));
        let label = f.submit_label.clone().or_else(|| purpose.clone()).unwrap_or_default();
        RankCandidate {
            id: f.id.clone(),
            label,
            entity: QueryKind::Form,
            kind: f.purpose.clone(),
            role: Some("form".to_owned()),
            context: purpose.into_iter().chain(f.field_summaries.iter().map(|s| s.label.clone())).collect(),
            landmark: f.landmark,
            above_fold,
            cluster_id: None,
            fields: f.field_summaries.iter().map(|s| s.label.clone()).collect(),
        }
    }

    /// A collection: named by its MiniPCD name (ranking reads `productGrid`
    /// as "product grid"), described by its item fields.
    pub fn from_collection(c: &MiniCollection, above_fold: bool) -> RankCandidate {
        RankCandidate {
            id: c.id.clone(),
            label: c.name.clone(),
            entity: QueryKind::Collection,
            kind: None,
            role: Some("list".to_owned()),
            context: c.item_fields.clone(),
            landmark: c.landmark,
            above_fold,
            cluster_id: None,
            fields: Vec::new(),
        }
    }
}
