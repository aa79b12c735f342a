//! [`Bindings`]: which collected element each MiniPCD id stands for — the
//! content script keeps them beside the MiniPCD to find elements for
//! `getDetails` and actions — plus [`rank_candidates`], the MiniPCD entries
//! and the unlisted actions past its budget, with their context strings, as
//! `pcd.query` ranks them.

use super::build::Built;
use crate::rank::RankCandidate;
use crate::types::MiniAction;
use serde::{Deserialize, Serialize};

/// Collector keys per MiniPCD id, each list in the MiniPCD's order.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Bindings {
    pub actions: Vec<ActionBinding>,
    pub forms: Vec<EntryBinding>,
    pub collections: Vec<EntryBinding>,
    /// `Built::unlisted`'s actions, in its order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unlisted: Vec<ActionBinding>,
}

/// An action's control. For a template: the first item's copy, and the
/// group, whose items hold the other copies.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ActionBinding {
    pub id: String,
    pub key: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group_key: Option<u32>,
    /// Heading, form purpose, collection name, href path (for ranking).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub context: Vec<String>,
}

/// A form's or collection's element.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EntryBinding {
    pub id: String,
    pub key: u32,
    /// For ranking priors; unknown counts as above.
    pub above_fold: bool,
}

/// What an id is bound to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Action { key: u32, group_key: Option<u32> },
    Form { key: u32 },
    Collection { key: u32 },
}

impl Bindings {
    pub fn target(&self, id: &str) -> Option<Target> {
        if let Some(a) = self.actions.iter().chain(&self.unlisted).find(|a| a.id == id) {
            return Some(Target::Action {
                key: a.key,
                group_key: a.group_key,
            });
        }
        if let Some(f) = self.forms.iter().find(|f| f.id == id) {
            return Some(Target::Form { key: f.key });
        }
        self.collections
            .iter()
            .find(|c| c.id == id)
            .map(|c| Target::Collection { key: c.key })
    }
}

/// Every action, form and collection of a build, and its unlisted actions,
/// as a ranking pool in priority order: what the MiniPCD lists, then the
/// unlisted actions best first (at most `rank::MAX_POOL`; a query's ranker
/// sieves a pool larger than a cycle's `rank::MAX_CANDIDATES`, and without
/// text keeps its first ones: the MiniPCD and the next best actions).
pub fn rank_candidates(built: &Built) -> Vec<RankCandidate> {
    let b = &built.bindings;
    // Bindings are built in the same order as their actions: paired, not
    // looked up (up to 160 actions a query).
    let with_context = |(a, x): (&MiniAction, &ActionBinding)| {
        debug_assert_eq!(a.id, x.id);
        RankCandidate::from_action(a, x.context.clone())
    };
    let actions = built.mini.actions.iter().zip(&b.actions).map(with_context);
    let unlisted = built.unlisted.iter().zip(&b.unlisted).map(with_context);
    let above = |list: &[EntryBinding], id: &str| {
        list.iter()
            .find(|x| x.id == id)
            .is_none_or(|x| x.above_fold)
    };
    let forms = built
        .mini
        .forms
        .iter()
        .map(|f| RankCandidate::from_form(f, above(&b.forms, &f.id)));
    let collections = built
        .mini
        .collections
        .iter()
        .map(|c| RankCandidate::from_collection(c, above(&b.collections, &c.id)));
    actions.chain(forms).chain(collections).chain(unlisted).take(crate::rank::MAX_POOL).collect()
}
