//! The site graph (seed 000 §8.4, issue 42 point 1): what the copilot has
//! learnt of a site's shape. Nodes are kinds of pages (keyed by
//! [`url_template`]) with a short summary and the goal-page signals seen
//! there; edges are the navigation actions that led from one to another.
//!
//! One graph per origin, persisted by the service worker (IndexedDB) and
//! cleared with the task history. It is bounded: past [`SiteGraph::MAX_NODES`]
//! the node seen longest ago goes, with its edges. Nothing in it is a
//! value the user typed: labels and titles are page text, addresses are
//! templates plus one example address.

use super::template::url_template;
use crate::agent::goals::GoalKind;
use crate::types::RoleSelector;
use serde::{Deserialize, Serialize};

/// A kind of page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GraphNode {
    pub template: String,
    /// The last address of this kind visited.
    pub url: String,
    pub title: String,
    /// Title and first heading, or the summary the explorer read (≤ 200 chars).
    pub summary: String,
    /// Goal-page signals seen on it (`agent::goals::hits`).
    #[serde(default)]
    pub goals: Vec<GoalKind>,
    /// Last seen, ms since the epoch.
    pub seen: f64,
    pub visits: u32,
}

/// A navigation action between two kinds of pages.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GraphEdge {
    pub from: String,
    pub to: String,
    /// The control's accessible name ("Billing & invoices").
    pub label: String,
    /// Its role (`link`, `menuitem`, `tab`).
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selector: Option<RoleSelector>,
    pub seen: f64,
}

/// The graph of one origin.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SiteGraph {
    pub origin: String,
    pub nodes: Vec<GraphNode>,
    pub edges: Vec<GraphEdge>,
}

/// Characters of a node's summary kept.
const MAX_SUMMARY: usize = 200;

impl SiteGraph {
    pub const MAX_NODES: usize = 300;
    pub const MAX_EDGES: usize = 1200;

    pub fn new(origin: &str) -> SiteGraph {
        SiteGraph { origin: origin.to_owned(), ..SiteGraph::default() }
    }

    pub fn node(&self, url: &str) -> Option<&GraphNode> {
        let t = url_template(url);
        self.nodes.iter().find(|n| n.template == t)
    }

    /// Records a visit of `url`; returns its template.
    pub fn visit(&mut self, url: &str, title: &str, summary: &str, goals: &[GoalKind], now: f64) -> String {
        let template = url_template(url);
        let summary: String = summary.chars().take(MAX_SUMMARY).collect();
        match self.nodes.iter_mut().find(|n| n.template == template) {
            Some(n) => {
                n.url = url.to_owned();
                n.title = title.to_owned();
                n.summary = summary;
                for g in goals {
                    if !n.goals.contains(g) {
                        n.goals.push(*g);
                    }
                }
                n.seen = now;
                n.visits += 1;
            }
            None => self.nodes.push(GraphNode {
                template: template.clone(),
                url: url.to_owned(),
                title: title.to_owned(),
                summary,
                goals: goals.to_vec(),
                seen: now,
                visits: 1,
            }),
        }
        self.trim();
        template
    }

    /// Records that `label` (a `kind` control) on `from` leads to `to`.
    pub fn link(&mut self, from: &str, to: &str, label: &str, kind: &str, selector: Option<RoleSelector>, now: f64) {
        let (from, to) = (url_template(from), url_template(to));
        if from == to {
            return;
        }
        match self.edges.iter_mut().find(|e| e.from == from && e.to == to && e.label == label) {
            Some(e) => {
                e.seen = now;
                if selector.is_some() {
                    e.selector = selector;
                }
            }
            None => self.edges.push(GraphEdge { from, to, label: label.to_owned(), kind: kind.to_owned(), selector, seen: now }),
        }
        self.trim();
    }

    /// How new `url`'s kind of page is: 1 never seen, then less with each
    /// visit (a page kind seen once is still worth a second look less).
    pub fn novelty(&self, url: &str) -> f64 {
        self.node(url).map_or(1.0, |n| 1.0 / (1.0 + f64::from(n.visits)))
    }

    /// Where a control labelled `label` led the last time (that page's
    /// address), when the graph saw it.
    pub fn led_to(&self, label: &str) -> Option<String> {
        let edge = self.edges.iter().filter(|e| e.label == label).max_by(|a, b| a.seen.total_cmp(&b.seen))?;
        self.nodes.iter().find(|n| n.template == edge.to).map(|n| n.url.clone())
    }

    /// Whether a page of `url`'s kind showed one of `goals` before.
    pub fn showed(&self, url: &str, goals: &[GoalKind]) -> bool {
        self.node(url).is_some_and(|n| n.goals.iter().any(|g| goals.contains(g)))
    }

    /// Drops the longest-unseen nodes (and their edges) past the bounds.
    fn trim(&mut self) {
        if self.nodes.len() > Self::MAX_NODES {
            self.nodes.sort_by(|a, b| b.seen.total_cmp(&a.seen));
            let gone: Vec<String> = self.nodes.drain(Self::MAX_NODES..).map(|n| n.template).collect();
            self.edges.retain(|e| !gone.contains(&e.from) && !gone.contains(&e.to));
        }
        if self.edges.len() > Self::MAX_EDGES {
            self.edges.sort_by(|a, b| b.seen.total_cmp(&a.seen));
            self.edges.truncate(Self::MAX_EDGES);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_of_one_kind_are_one_node_and_novelty_falls_with_visits() {
        let mut g = SiteGraph::new("https://shop.test");
        assert_eq!(g.novelty("https://shop.test/orders/1"), 1.0);
        let t = g.visit("https://shop.test/orders/1", "Order 1", "h1: Order 1", &[], 1.0);
        assert_eq!(t, "https://shop.test/orders/:id");
        g.visit("https://shop.test/orders/2", "Order 2", "h1: Order 2", &[GoalKind::Orders], 2.0);
        assert_eq!(g.nodes.len(), 1);
        assert_eq!(g.nodes[0].visits, 2);
        assert_eq!(g.nodes[0].url, "https://shop.test/orders/2");
        assert_eq!(g.novelty("https://shop.test/orders/99"), 1.0 / 3.0);
        assert!(g.showed("https://shop.test/orders/5", &[GoalKind::Orders]));
        assert!(!g.showed("https://shop.test/orders/5", &[GoalKind::Invoices]));
    }

    #[test]
    fn edges_join_templates_and_repeat_visits_refresh_them() {
        let mut g = SiteGraph::new("https://a.test");
        g.link("https://a.test/", "https://a.test/orders/7", "Order 7", "link", None, 1.0);
        g.link("https://a.test/", "https://a.test/orders/7", "Order 7", "link", None, 5.0);
        g.link("https://a.test/", "https://a.test/#top", "Top", "link", None, 5.0);
        assert_eq!(g.edges.len(), 1, "{:?}", g.edges);
        assert_eq!((g.edges[0].to.as_str(), g.edges[0].seen), ("https://a.test/orders/:id", 5.0));
    }

    #[test]
    fn the_graph_is_bounded_and_drops_what_was_seen_longest_ago() {
        let mut g = SiteGraph::new("https://a.test");
        for i in 0..SiteGraph::MAX_NODES + 10 {
            let url = format!("https://a.test/section{}/page", char::from(b'a' + (i % 26) as u8).to_string().repeat(1 + i / 26));
            g.visit(&url, "t", "s", &[], i as f64);
            if i > 0 {
                g.link("https://a.test/", &url, "go", "link", None, i as f64);
            }
        }
        assert_eq!(g.nodes.len(), SiteGraph::MAX_NODES);
        assert!(g.nodes.iter().all(|n| n.seen >= 10.0), "the ten oldest went");
        assert!(g.edges.iter().all(|e| g.nodes.iter().any(|n| n.template == e.to)), "their edges went with them");
        let long = "x".repeat(500);
        g.visit("https://a.test/long", "t", &long, &[], 1e9);
        assert_eq!(g.node("https://a.test/long").unwrap().summary.len(), MAX_SUMMARY);
    }
}
