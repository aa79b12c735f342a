//! Actions (`MiniAction`) from controls: label, role, kind (via
//! `kind::infer_action_kind` with an [`ActionContext`] built from the fact),
//! landmark, above-the-fold, and the cluster key that de-duplicates
//! navigation repeated across header, nav and footer (seed 000 §5).
//!
//! Cluster key: links by `(origin + path root, role, normalised label)` —
//! origin is the page's for internal links, so it is written (as its host)
//! only for links to other sites; controls without a link target by `(role, label)` when their
//! kind is page-global (log in, cart, search, menu, …), otherwise by
//! `(role, heading, label)`, so two "Edit" buttons under "Profile" and
//! "Billing" stay two actions. The best of a cluster is kept: main >
//! header/nav > none > aside > footer, then above the fold, then earlier.
//! `clusterId` is written only on an action that stands for ≥ 2 controls.

use super::budget::{landmark_rank, ActionSignals};
use super::facts::ControlFact;
use super::labels::{control_label, label_key, LabelSource};
use super::roles::{classify_control, role_name};
use crate::kind::{infer_action_kind, ActionContext, ActionKind, FormPurpose};
use crate::types::{ActionRole, Landmark};
use rustc_hash::FxHashMap as HashMap;

/// One action before dedupe, budget and ids.
#[derive(Debug, Clone, PartialEq)]
pub struct ActionCandidate {
    /// Index of the (first) control in `PageFacts::controls`: document order.
    pub order: usize,
    /// Collector key of the bound control.
    pub key: u32,
    /// For templates: the collector key of the group.
    pub group_key: Option<u32>,
    pub label: String,
    pub label_key: String,
    pub role: ActionRole,
    pub kind: Option<ActionKind>,
    pub landmark: Option<Landmark>,
    pub above_fold: Option<bool>,
    /// Dedupe key; `None` for templates (they are unique per collection).
    pub cluster: Option<String>,
    /// How many controls the cluster merged into this one.
    pub cluster_size: u32,
    /// For templates: index of the collection candidate it applies to.
    pub applies_to: Option<usize>,
    pub signals: ActionSignals,
    /// Rank context: heading, form purpose, collection name, href path.
    pub context: Vec<String>,
    /// The origin a link leads to when it is another site's.
    pub goes_to: Option<String>,
}

/// What the builder knows around a control.
#[derive(Debug, Clone, Default)]
pub struct Surroundings<'a> {
    pub form_purpose: Option<FormPurpose>,
    /// Collection name, or the group's label when it is no collection.
    pub collection: Option<&'a str>,
    /// The control sits in an item of a collection (and is no template).
    pub in_item: bool,
}

/// Kinds whose controls mean the same wherever they appear on a page.
const GLOBAL_KINDS: &[ActionKind] = &[
    ActionKind::Login,
    ActionKind::Logout,
    ActionKind::Signup,
    ActionKind::Search,
    ActionKind::Cart,
    ActionKind::Checkout,
    ActionKind::Menu,
    ActionKind::Help,
    ActionKind::Contact,
    ActionKind::Settings,
    ActionKind::Profile,
    ActionKind::Subscribe,
    ActionKind::Billing,
];

/// The `ActionContext` for a control.
pub fn action_context(c: &ControlFact, s: &Surroundings) -> ActionContext {
    ActionContext {
        role: Some(c.role.clone()).filter(|r| !r.is_empty()),
        tag: Some(c.tag.clone()).filter(|t| !t.is_empty()),
        input_type: c.input_type.clone(),
        href_path: c.href_path.clone(),
        landmark: c.landmark,
        heading: c.heading.clone(),
        form_purpose: s.form_purpose,
        collection: s.collection.map(str::to_owned),
        has_popup: c.has_popup.clone(),
        in_pagination: c.in_pagination,
        icon_hint: c.icon_hint.clone(),
    }
}

/// `rect.y < viewport_h × 1.2` (seed 000 §5); unknown without a viewport.
pub fn above_fold(y: f64, viewport_h: f64) -> Option<bool> {
    (viewport_h > 0.0).then_some(y < viewport_h * 1.2)
}

/// An action for a control, or `None` when it is not one: a field its form
/// summarises, or a control with neither name nor icon hint.
/// A "Skip to content" link: it moves keyboard focus past the header,
/// on the same page (`page_path`). An agent acts on any element by id and
/// never needs one, yet it headed every page's listing; it is left out.
pub fn is_skip_link(c: &ControlFact, page_path: &str) -> bool {
    // The name is lowercased only for same-page links: this runs for every
    // control of every page.
    c.href_origin.is_none() && c.href_path.as_deref() == Some(page_path) && {
        let name = c.name.trim().to_lowercase();
        name.starts_with("skip ") && ["content", "main", "navigation", "menu"].iter().any(|w| name.contains(w))
    }
}

pub fn action_from_control(
    order: usize,
    c: &ControlFact,
    s: &Surroundings,
    viewport_h: f64,
) -> Option<ActionCandidate> {
    let class = classify_control(c);
    if class.field && c.form.is_some() {
        return None;
    }
    let (label, source) = control_label(&c.name, c.icon_hint.as_deref())?;
    let kind = infer_action_kind(&label, &action_context(c, s));
    let key = label_key(&label);
    let cluster = cluster_key(
        class.role,
        c.href_path.as_deref(),
        c.href_origin.as_deref(),
        &key,
        c.heading.as_deref(),
        kind,
    );
    let above = above_fold(c.rect.y, viewport_h);
    let numbered_page =
        kind == Some(ActionKind::Pagination) && label.chars().all(|ch| ch.is_ascii_digit());
    let signals = ActionSignals {
        landmark: c.landmark,
        above_fold: above,
        kind,
        from_icon: source == LabelSource::IconHint,
        template: false,
        merged: false,
        in_item: s.in_item,
        numbered_page,
        disabled: c.disabled,
        clickable_only: c.clickable && class.role == ActionRole::Other,
        external: c.href_origin.is_some(),
        modal: c.in_modal,
    };
    Some(ActionCandidate {
        order,
        key: c.key,
        group_key: None,
        label,
        label_key: key,
        role: class.role,
        kind,
        landmark: c.landmark,
        above_fold: above,
        cluster: Some(cluster),
        cluster_size: 1,
        applies_to: None,
        signals,
        context: context_strings(c, s),
        goes_to: c.href_origin.clone(),
    })
}

/// Short strings that describe where a control is, for `pcd.query`.
pub fn context_strings(c: &ControlFact, s: &Surroundings) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(h) = c
        .heading
        .as_deref()
        .map(super::labels::display_label)
        .filter(|h| !h.is_empty())
    {
        out.push(h);
    }
    if let Some(p) = s.form_purpose {
        out.push(p.as_str().replace('_', " "));
    }
    if let Some(n) = s.collection {
        out.push(n.to_owned());
    }
    if let Some(p) = c
        .href_path
        .as_deref()
        .filter(|p| !p.is_empty() && *p != "/")
    {
        out.push(p.to_owned());
    }
    out
}

/// The dedupe key (see the module doc).
pub fn cluster_key(
    role: ActionRole,
    href_path: Option<&str>,
    href_origin: Option<&str>,
    label_key: &str,
    heading: Option<&str>,
    kind: Option<ActionKind>,
) -> String {
    // Concatenated by hand, not with `format!`: one key per control of
    // the page, and the formatting machinery was most of their cost.
    let role = role_name(role);
    let join = |parts: &[&str]| {
        let mut out = String::with_capacity(parts.iter().map(|p| p.len()).sum());
        parts.iter().for_each(|p| out.push_str(p));
        out
    };
    match href_path {
        Some(path) => {
            let root = path
                .trim_start_matches('/')
                .split('/')
                .next()
                .unwrap_or_default();
            // The page's own origin goes unwritten; another site's by its
            // host (and port): the scheme tells no two sites apart.
            let host = href_origin.map_or("", |o| o.split_once("://").map_or(o, |(_, h)| h));
            join(&[role, ":", host, "/", root, ":", label_key])
        }
        None if kind.is_some_and(|k| GLOBAL_KINDS.contains(&k)) => join(&[role, "::", label_key]),
        None => join(&[role, ":#", &heading.map(label_key_of).unwrap_or_default(), ":", label_key]),
    }
}

fn label_key_of(s: &str) -> String {
    label_key(s)
}

/// Keeps the best candidate of each cluster (see the module doc), in
/// document order; templates pass through.
pub fn dedupe(cands: Vec<ActionCandidate>) -> Vec<ActionCandidate> {
    let mut best: HashMap<String, usize> = HashMap::default();
    let mut out: Vec<ActionCandidate> = Vec::with_capacity(cands.len());
    let rank = |a: &ActionCandidate| {
        (
            landmark_rank(a.landmark),
            a.above_fold == Some(false),
            a.order,
        )
    };
    for cand in cands {
        let Some(cluster) = cand.cluster.clone() else {
            out.push(cand);
            continue;
        };
        match best.get(&cluster) {
            Some(&i) => {
                let size = out[i].cluster_size + 1;
                if rank(&cand) < rank(&out[i]) {
                    out[i] = cand;
                }
                out[i].cluster_size = size;
                out[i].signals.merged = true;
            }
            None => {
                best.insert(cluster, out.len());
                out.push(cand);
            }
        }
    }
    out.sort_by_key(|a| a.order);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cluster_keys() {
        use ActionRole::*;
        assert_eq!(
            cluster_key(Link, Some("/pricing"), None, "pricing", None, None),
            "link:/pricing:pricing"
        );
        assert_eq!(
            cluster_key(Link, Some("/docs/intro/x"), None, "docs", None, None),
            "link:/docs:docs"
        );
        assert_eq!(
            cluster_key(Link, Some("/"), None, "home", None, None),
            "link:/:home"
        );
        assert_eq!(
            cluster_key(Link, Some("/about"), Some("https://example.com"), "about", None, None),
            "link:example.com/about:about"
        );
        // Two other sites' "/about" links are two clusters, not one.
        assert_ne!(
            cluster_key(Link, Some("/about"), Some("https://a.example"), "about", None, None),
            cluster_key(Link, Some("/about"), Some("http://b.example:8080"), "about", None, None),
        );
        assert_eq!(
            cluster_key(
                Button,
                None,
                None,
                "sign in",
                Some("Welcome"),
                Some(ActionKind::Login)
            ),
            "button::sign in"
        );
        assert_eq!(
            cluster_key(Button, None, None, "edit", Some("Billing info"), None),
            "button:#billing info:edit"
        );
    }

    fn cand(order: usize, landmark: Option<Landmark>, above: bool) -> ActionCandidate {
        let c = ControlFact {
            role: "link".into(),
            name: "Pricing".into(),
            href_path: Some("/pricing".into()),
            landmark,
            rect: super::super::facts::Rect {
                y: if above { 10.0 } else { 5000.0 },
                ..Default::default()
            },
            ..Default::default()
        };
        action_from_control(order, &c, &Surroundings::default(), 800.0).unwrap()
    }

    #[test]
    fn skip_links_are_told_from_links_to_the_same_page() {
        let link = |name: &str, path: &str| ControlFact { role: "link".into(), name: name.into(), href_path: Some(path.into()), ..Default::default() };
        assert!(is_skip_link(&link("Skip to content", "/app/cart/"), "/app/cart/"));
        assert!(is_skip_link(&link(" Skip to main content ", "/"), "/"));
        assert!(is_skip_link(&link("Skip navigation", "/docs"), "/docs"));
        assert!(!is_skip_link(&link("Skip to content", "/other/"), "/app/cart/"), "another page");
        assert!(!is_skip_link(&link("Skip this step", "/app/cart/"), "/app/cart/"), "a step of a flow");
        assert!(!is_skip_link(&link("Catalog", "/app/catalog/"), "/app/catalog/"), "the page's own nav link");
    }

    #[test]
    fn dedupe_keeps_the_best_of_a_cluster() {
        let kept = dedupe(vec![
            cand(0, Some(Landmark::Header), true),
            cand(1, Some(Landmark::Main), false),
            cand(2, Some(Landmark::Footer), false),
        ]);
        assert_eq!(kept.len(), 1);
        assert_eq!((kept[0].order, kept[0].cluster_size), (1, 3));
        let kept = dedupe(vec![
            cand(0, Some(Landmark::Footer), false),
            cand(1, Some(Landmark::Header), true),
        ]);
        assert_eq!(kept[0].order, 1);
    }
}
