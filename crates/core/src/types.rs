//! The shared types of seed 000 §4, with serde names exactly as in the seed's
//! TypeScript (`camelCase` fields, lowercase string enums).

use serde::{Deserialize, Serialize};

/// Nearest landmark region of an element.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Landmark {
    Main,
    Header,
    Nav,
    Footer,
    Aside,
}

/// How a `RoleSelector` of kind `role` compares the accessible name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum NameMode {
    Exact,
    Includes,
    Regex,
}

/// The role-based selector DSL (seed 000 §6).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum RoleSelector {
    #[serde(rename_all = "camelCase")]
    Role {
        role: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name_mode: Option<NameMode>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pressed: Option<bool>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        disabled: Option<bool>,
        /// Extensions beyond seed 000 §4, as in Playwright's `getByRole`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        checked: Option<bool>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        expanded: Option<bool>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        selected: Option<bool>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        level: Option<u32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        within_landmark: Option<Landmark>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        nth: Option<u32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        frame_path: Option<Vec<String>>,
    },
    #[serde(rename_all = "camelCase")]
    Text {
        text: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        within_landmark: Option<Landmark>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        nth: Option<u32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        frame_path: Option<Vec<String>>,
    },
    #[serde(rename_all = "camelCase")]
    Css {
        css: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        frame_path: Option<Vec<String>>,
    },
    /// Beyond seed 000 (issue 45): elements of `role` whose *nearby text*
    /// reads `label` — the text a person reads as a field's label when the
    /// page did not tie it (`<span>Email</span> <input>`, a table cell
    /// before it, the words after a checkbox). A grounding fallback, after
    /// accessible names; the names themselves stay Chromium's.
    #[serde(rename_all = "camelCase")]
    Near {
        role: String,
        label: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        nth: Option<u32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        frame_path: Option<Vec<String>>,
    },
}

impl RoleSelector {
    /// A role selector with only a role and, optionally, a name compared by
    /// `mode` (every filter unset), the common case to build on.
    pub fn role(role: &str, name: Option<&str>, mode: NameMode) -> RoleSelector {
        RoleSelector::Role {
            role: role.to_owned(),
            name: name.map(str::to_owned),
            name_mode: name.map(|_| mode),
            pressed: None,
            disabled: None,
            checked: None,
            expanded: None,
            selected: None,
            level: None,
            within_landmark: None,
            nth: None,
            frame_path: None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LoginState {
    Unknown,
    In,
    Out,
}

/// Compact summary of a page's affordances (seed 000 §5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MiniPcd {
    pub url: String,
    pub origin: String,
    pub title: String,
    pub login_state: LoginState,
    /// Version timestamp in ms.
    pub ts: f64,
    pub landmarks: Vec<Landmark>,
    pub actions: Vec<MiniAction>,
    pub forms: Vec<MiniForm>,
    pub collections: Vec<MiniCollection>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metrics: Option<PcdMetrics>,
    /// framePaths of visible cross-origin frames left out of this answer:
    /// they did not announce themselves in time (a frame that never loads,
    /// or one refused by its site's framing policy; `frame_waits`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub silent_frames: Vec<Vec<String>>,
    /// Beyond seed 000 §4: how many actions the page has past the
    /// listing's budget (`pcd.query` finds them, their ids bind). The
    /// model is told, so it knows when searching can find more.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub unlisted: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl MiniPcd {
    /// Seed 000 §5 budgets.
    pub const MAX_ACTIONS: usize = 30;
    pub const MAX_FORMS: usize = 20;
    pub const MAX_COLLECTIONS: usize = 20;
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PcdMetrics {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aria_coverage: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub viewport_h: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub viewport_w: Option<f64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ActionRole {
    Button,
    Link,
    Menuitem,
    Tab,
    Checkbox,
    Radio,
    Other,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MiniAction {
    pub id: String,
    pub label: String,
    pub role: ActionRole,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub landmark: Option<Landmark>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub above_fold: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cluster_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub applies_to_collection_id: Option<String>,
    /// Beyond seed 000 §4: set on entries from cross-origin frames (merged
    /// by the worker, `bc_core::frames`), the path a selector needs to
    /// reach them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frame_path: Option<Vec<String>>,
    /// Beyond seed 000 §4: the origin a link leads to when it is not the
    /// page's own (issue 41: following it leaves the task's sites, which
    /// the worker confirms with the user before the click).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goes_to: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FieldSummary {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub label: String,
    #[serde(rename = "type")]
    pub field_type: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub required: Option<bool>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MiniForm {
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub purpose: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub landmark: Option<Landmark>,
    pub field_summaries: Vec<FieldSummary>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub submit_label: Option<String>,
    /// As [`MiniAction::frame_path`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frame_path: Option<Vec<String>>,
    /// As [`MiniAction::goes_to`]: the origin the form is sent to, when
    /// it is another site's (its `action`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goes_to: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MiniCollection {
    pub id: String,
    pub name: String,
    pub item_fields: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub landmark: Option<Landmark>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub approx_count: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PcdActionDetail {
    pub id: String,
    pub selector: RoleSelector,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alt_selectors: Option<Vec<RoleSelector>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub landmark: Option<Landmark>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frame_path: Option<Vec<String>>,
    /// Beyond seed 000 §4: where a link leads (absolute http(s) address),
    /// so the explorer (`crate::explore`) can open it in a background tab
    /// instead of clicking it in the user's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub href: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CollectionCount {
    pub id: String,
    pub count: u32,
}

/// What an action tool reports about the page after it ran.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Observation {
    pub url: String,
    pub title: String,
    pub ts: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url_changed: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub collection_summary: Option<Vec<CollectionCount>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub focused_role: Option<String>,
}

/// A box in CSS pixels of the top-level viewport.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

/// One element a selector matched (`dom.resolve`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ResolvedMatch {
    /// Computed ARIA role; `None` for elements without one.
    pub role: Option<String>,
    /// Accessible name (secrets never read, as everywhere).
    pub name: String,
    pub tag: String,
    pub rect: Rect,
    /// Beyond seed 000: the origin activating it leads to when another
    /// site's — a link's href, or the action of the form it sends or is a
    /// field of (issue 41: leaving the task's sites is confirmed first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goes_to: Option<String>,
    /// Beyond seed 000 (issue 45): for an element without a name, its own
    /// visible text (short), so an ambiguity message can tell candidates
    /// apart and a reveal can tell folders apart.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// Beyond seed 000 (issue 45): for an element without a name, the text
    /// beside it a person would read as its label ("Blue" after a checkbox).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub near: Option<String>,
}

/// What a selector resolves to, without acting (`dom.resolve`): the full
/// count and the first matches in resolution order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Resolution {
    pub count: u32,
    pub matches: Vec<ResolvedMatch>,
}

/// A ranked entry of `pcd.query` (coarse score, no selectors).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QueryHit {
    pub id: String,
    pub label: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub landmark: Option<Landmark>,
    pub score: f64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn role_selector_uses_seed_field_names() {
        let sel: RoleSelector = serde_json::from_value(json!({
            "kind": "role", "role": "button", "name": "Pay", "nameMode": "exact",
            "withinLandmark": "main", "nth": 1, "framePath": ["iframe#pay"]
        }))
        .unwrap();
        let RoleSelector::Role { within_landmark, name_mode, frame_path, .. } = &sel else {
            panic!("expected role selector, got {sel:?}")
        };
        assert_eq!(*within_landmark, Some(Landmark::Main));
        assert_eq!(*name_mode, Some(NameMode::Exact));
        assert_eq!(frame_path.as_deref(), Some(&["iframe#pay".to_string()][..]));
        let back = serde_json::to_value(&sel).unwrap();
        assert_eq!(back["withinLandmark"], "main");
        assert_eq!(back["nameMode"], "exact");
    }

    #[test]
    fn minipcd_round_trips_with_camel_case() {
        let v = json!({
            "url": "http://x/", "origin": "http://x", "title": "T", "loginState": "out",
            "ts": 1.0, "landmarks": ["main", "nav"],
            "actions": [{"id": "a1", "label": "Buy", "role": "button", "aboveFold": true,
                         "appliesToCollectionId": "c1"}],
            "forms": [{"id": "f1", "fieldSummaries": [{"label": "Email", "type": "email", "required": true}],
                       "submitLabel": "Sign in"}],
            "collections": [{"id": "c1", "name": "products", "itemFields": ["title"], "approxCount": 3}],
            "metrics": {"ariaCoverage": 0.5}
        });
        let pcd: MiniPcd = serde_json::from_value(v.clone()).unwrap();
        assert_eq!(serde_json::to_value(&pcd).unwrap(), v);
    }
}
