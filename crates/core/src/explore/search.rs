//! Beam search across tabs (seed 000 §8.4, §9 step 5; issue 42 point 2).
//!
//! From the task's page, the links `pcd.query` ranks best for the goal
//! (plus the [`HINTS`](super::scoring::HINTS) words) are opened in
//! background tabs, at most `max_tabs` at once; each page is read (MiniPCD,
//! compact summary, its own ranked links), scored against the goal
//! predicates and closed at once — only a winner may be kept. The best
//! `beam` pages of a depth are expanded at the next. No model is asked: a
//! whole search is one tool call for the agent.
//!
//! Read-only by construction: only links are followed, only on the task's
//! origin, never one the risk rules rate above low (sign out, delete…).
//! A link is an address to open; a link with no address (a single-page
//! app routes it by script) is clicked in a background tab opened on the
//! page that shows it ([`ExploreHost::open_by_click`]) — a link's click,
//! never a button's, a submit or a typed value.
//! Budgets: depth, pages, time; cancellable between batches; every tab
//! it opened is closed before it returns, however it ends.

use super::graph::SiteGraph;
use super::scoring::{followable, page_score, query_for, PageScore};
use super::template::url_template;
use crate::agent::goals::{self, GoalKind};
use crate::summary::CompactPageSummary;
use crate::tools::ToolError;
use crate::types::{MiniPcd, RoleSelector};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

/// What to look for, and how far.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExploreRequest {
    pub goal: String,
    /// Pages expanded per depth (3–5).
    pub beam: usize,
    /// Links followed from the start page, at most (3–4).
    pub depth: usize,
    /// Background tabs open at once.
    pub max_tabs: usize,
    /// Pages opened in all, at most.
    pub max_pages: usize,
    pub budget_ms: f64,
    /// Keep the goal page's tab (the task switches to it) instead of
    /// closing it (the task's own tab goes there).
    pub keep_tab: bool,
}

impl ExploreRequest {
    pub fn new(goal: &str) -> ExploreRequest {
        ExploreRequest { goal: goal.to_owned(), beam: 3, depth: 3, max_tabs: 3, max_pages: 30, budget_ms: 45_000.0, keep_tab: false }
    }
}

/// A link of a page: where it leads and how well it fits the query.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Link {
    pub label: String,
    pub role: String,
    /// Empty for a link with no address (routed by script): followed by
    /// clicking its `selector`.
    pub href: String,
    /// `pcd.query`'s score.
    pub score: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selector: Option<RoleSelector>,
}

/// A page as the explorer reads it.
#[derive(Debug, Clone, PartialEq)]
pub struct Reading {
    pub mini: MiniPcd,
    pub summary: Option<CompactPageSummary>,
    /// Its links ranked for the query, best first.
    pub links: Vec<Link>,
}

/// How far a search has got (seed 000 §9.6).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExploreProgress {
    pub depth: u32,
    pub pages: u32,
    pub progress: f32,
}

/// The browser, as the explorer needs it.
#[allow(async_fn_in_trait)]
pub trait ExploreHost {
    /// Reads the page already in `tab` (the task's own tab: read only).
    async fn read(&self, tab: i32, query: &str) -> Result<Reading, ToolError>;
    /// Opens `url` in a background tab (never focused, muted, grouped for
    /// the task), waits for it to load and reads it. The tab stays open
    /// until [`close`](Self::close), also when the read failed.
    async fn open(&self, url: &str, query: &str) -> (Option<i32>, Result<Reading, ToolError>);
    /// Opens `from` in a background tab as [`open`](Self::open) does,
    /// clicks the link `selector` there, waits for the page to settle and
    /// reads it.
    async fn open_by_click(&self, from: &str, selector: &RoleSelector, query: &str) -> (Option<i32>, Result<Reading, ToolError>);
    async fn close(&self, tab: i32);
    fn now(&self) -> f64;
    fn cancelled(&self) -> bool;
    fn progress(&self, progress: ExploreProgress);
}

/// One step of the way found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PathStep {
    /// The link followed.
    pub label: String,
    /// Where it led.
    pub url: String,
    pub title: String,
}

/// A page the search rated, for the model to choose from when the goal
/// page was not recognised.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Rated {
    pub url: String,
    pub title: String,
    pub score: f64,
    pub path: Vec<String>,
}

/// Why a search ended before it could say.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cutoff {
    Cancelled,
    TimeBudget,
    PageBudget,
}

/// What a search found.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExploreReport {
    pub found: bool,
    /// The goal page (found), with the links that lead there from the start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal_url: Option<String>,
    pub path: Vec<PathStep>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<CompactPageSummary>,
    /// The goal-page signals it shows.
    pub goals: Vec<GoalKind>,
    /// The goal page's tab, when kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kept_tab: Option<i32>,
    /// The best other pages seen (not found: the candidates to try).
    pub also: Vec<Rated>,
    pub pages: u32,
    pub tabs_opened: u32,
    /// Most background tabs open at one time.
    pub max_open: u32,
    pub depth: u32,
    pub ms: f64,
    /// Batches of tabs opened one after another (pages load in parallel
    /// within one): what the search's time is made of.
    pub rounds: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cutoff: Option<Cutoff>,
    /// Pages that failed to open or read.
    pub failed: u32,
}

/// A page reached, with how.
struct Reached {
    url: String,
    path: Vec<PathStep>,
    score: PageScore,
    reading: Reading,
}

/// A link worth opening.
struct Candidate {
    parent: usize,
    link: Link,
    priority: f64,
}

/// Runs the search from the page in `start_tab`; records what it sees in
/// `graph`. Errors only when the start page cannot be read.
pub async fn explore<H: ExploreHost>(host: &H, graph: &mut SiteGraph, req: &ExploreRequest, start_tab: i32) -> Result<ExploreReport, ToolError> {
    let t0 = host.now();
    let expected = goals::expected(&req.goal);
    let query = query_for(&req.goal);
    let root = host.read(start_tab, &query).await?;
    let origin = root.mini.origin.clone();
    let root_score = page_score(&req.goal, &expected, &root.mini, root.summary.as_ref());
    graph.visit(&root.mini.url, &root.mini.title, &summary_line(&root), &root_score.goals, t0);
    let mut report = ExploreReport {
        found: false,
        goal_url: None,
        path: vec![],
        summary: None,
        goals: vec![],
        kept_tab: None,
        also: vec![],
        pages: 1,
        tabs_opened: 0,
        max_open: 0,
        depth: 0,
        ms: 0.0,
        rounds: 0,
        cutoff: None,
        failed: 0,
    };
    if root_score.found {
        return Ok(finish(host, report_found(report, &Reached { url: root.mini.url.clone(), path: vec![], score: root_score, reading: root }), t0));
    }
    let mut visited: HashSet<String> = HashSet::from([url_template(&root.mini.url)]);
    let mut frontier = vec![Reached { url: root.mini.url.clone(), path: vec![], score: root_score, reading: root }];
    let mut rated: Vec<Rated> = Vec::new();
    for depth in 1..=req.depth.max(1) {
        let candidates = candidates(&frontier, graph, &expected, &origin, &visited, req.beam.max(1));
        if candidates.is_empty() {
            break;
        }
        report.depth = depth as u32;
        let mut children: Vec<Reached> = Vec::new();
        for batch in candidates.chunks(req.max_tabs.max(1)) {
            if let Some(cut) = cutoff(host, req, &report, t0) {
                report.cutoff = Some(cut);
                break;
            }
            let opened = futures::future::join_all(batch.iter().map(|c| {
                use futures::future::Either;
                match (&c.link.selector, c.link.href.is_empty()) {
                    (Some(selector), true) => Either::Left(host.open_by_click(&frontier[c.parent].url, selector, &query)),
                    _ => Either::Right(host.open(&c.link.href, &query)),
                }
            }))
            .await;
            report.rounds += 1;
            report.tabs_opened += opened.iter().filter(|(tab, _)| tab.is_some()).count() as u32;
            report.max_open = report.max_open.max(opened.iter().filter(|(tab, _)| tab.is_some()).count() as u32);
            let mut winner: Option<(usize, i32)> = None;
            let first_child = children.len();
            for (c, (tab, reading)) in batch.iter().zip(opened) {
                visited.insert(link_key(&origin, &c.link));
                let reading = match reading {
                    Ok(r) => r,
                    Err(_) => {
                        report.failed += 1;
                        if let Some(tab) = tab {
                            host.close(tab).await;
                        }
                        continue;
                    }
                };
                let parent = &frontier[c.parent];
                let url = reading.mini.url.clone();
                // A click that led to no other address showed something in
                // place: no page to go to (the model can click it itself).
                if c.link.href.is_empty() && url_template(&url) == url_template(&parent.url) {
                    report.failed += 1;
                    if let Some(tab) = tab {
                        host.close(tab).await;
                    }
                    continue;
                }
                report.pages += 1;
                visited.insert(url_template(&url));
                let score = page_score(&req.goal, &expected, &reading.mini, reading.summary.as_ref());
                let now = host.now();
                graph.visit(&url, &reading.mini.title, &summary_line(&reading), &score.goals, now);
                graph.link(&parent.url, &url, &c.link.label, &c.link.role, c.link.selector.clone(), now);
                let mut path = parent.path.clone();
                path.push(PathStep { label: c.link.label.clone(), url: url.clone(), title: reading.mini.title.clone() });
                let better = |w: &Option<(usize, i32)>, children: &[Reached]| w.is_none_or(|(i, _)| children[i].score.score < score.score);
                match tab {
                    Some(tab) if req.keep_tab && score.found && better(&winner, &children) => {
                        if let Some((_, old)) = winner.replace((children.len(), tab)) {
                            host.close(old).await;
                        }
                    }
                    Some(tab) => host.close(tab).await,
                    None => {}
                }
                children.push(Reached { url, path, score, reading });
            }
            host.progress(ExploreProgress {
                depth: depth as u32,
                pages: report.pages,
                progress: (0.1 + 0.15 * depth as f32 + 0.02 * report.pages as f32).min(0.7),
            });
            // The best goal page of the batch ends the search.
            let best = (first_child..children.len()).filter(|&i| children[i].score.found).max_by(|&a, &b| children[a].score.score.total_cmp(&children[b].score.score));
            if let Some(i) = best {
                let mut done = report_found(report, &children.swap_remove(i));
                done.kept_tab = winner.map(|(_, tab)| tab);
                done.also = merge_rated(rated, &children);
                host.progress(ExploreProgress { depth: depth as u32, pages: done.pages, progress: goals::GOAL_PAGE_PROGRESS });
                return Ok(finish(host, done, t0));
            }
        }
        rated = merge_rated(rated, &children);
        if report.cutoff.is_some() {
            break;
        }
        // The next depth expands the best pages of this one.
        children.sort_by(|a, b| b.score.score.total_cmp(&a.score.score).then_with(|| best_link(b).total_cmp(&best_link(a))));
        children.truncate(req.beam.max(1));
        frontier = children;
    }
    report.also = rated;
    Ok(finish(host, report, t0))
}

fn finish<H: ExploreHost>(host: &H, mut report: ExploreReport, t0: f64) -> ExploreReport {
    report.ms = host.now() - t0;
    report
}

fn report_found(mut report: ExploreReport, page: &Reached) -> ExploreReport {
    report.found = true;
    report.goal_url = Some(page.url.clone());
    report.path = page.path.clone();
    report.summary = page.reading.summary.clone();
    report.goals = page.score.goals.clone();
    report
}

fn cutoff<H: ExploreHost>(host: &H, req: &ExploreRequest, report: &ExploreReport, t0: f64) -> Option<Cutoff> {
    if host.cancelled() {
        Some(Cutoff::Cancelled)
    } else if host.now() - t0 > req.budget_ms {
        Some(Cutoff::TimeBudget)
    } else if report.pages as usize >= req.max_pages {
        Some(Cutoff::PageBudget)
    } else {
        None
    }
}

/// The links of the frontier worth opening next, best first, one per kind
/// of page, at most `beam`.
fn candidates(frontier: &[Reached], graph: &SiteGraph, expected: &[GoalKind], origin: &str, visited: &HashSet<String>, beam: usize) -> Vec<Candidate> {
    let mut out: Vec<Candidate> = Vec::new();
    for (i, page) in frontier.iter().enumerate() {
        let top = page.reading.links.iter().map(|l| l.score).fold(0.0_f64, f64::max);
        for link in &page.reading.links {
            let key = link_key(origin, link);
            if !may_follow(link, &page.url, origin) || visited.contains(&key) {
                continue;
            }
            let fit = if top > 0.0 { link.score / top } else { 0.0 };
            // Memory of the site: a kind of page that showed the goal
            // before (a link with no address: where it led last time).
            let known = if link.href.is_empty() { graph.led_to(&link.label) } else { Some(link.href.clone()) };
            let known_goal = if known.as_deref().is_some_and(|u| graph.showed(u, expected)) { 1.0 } else { 0.0 };
            let novelty = known.as_deref().map_or(1.0, |u| graph.novelty(u));
            let priority = 0.6 * fit + 0.2 * page.score.score + 0.2 * novelty + known_goal;
            out.push(Candidate { parent: i, link: link.clone(), priority });
        }
    }
    out.sort_by(|a, b| b.priority.total_cmp(&a.priority));
    let mut kinds = HashSet::new();
    out.retain(|c| kinds.insert(link_key(origin, &c.link)));
    out.truncate(beam);
    out
}

/// What a link is known by: the kind of page its address is, or, with no
/// address, its label on the site. A label is taken to lead to the same
/// view from every page (an app's menu is on each view): its second
/// showing is not clicked again.
fn link_key(origin: &str, link: &Link) -> String {
    match link.href.is_empty() {
        true => format!("{origin}#click:{}", link.label.trim().to_lowercase()),
        false => url_template(&link.href),
    }
}

/// Whether the search may follow `link` of the page at `page_url`: an
/// address as [`followable`] says; with no address, a link (role) with a
/// selector, its label judged as for an address on the page's own origin.
fn may_follow(link: &Link, page_url: &str, origin: &str) -> bool {
    match link.href.is_empty() {
        false => followable(&link.href, &link.label, origin).is_ok(),
        true => link.role == "link" && link.selector.is_some() && followable(page_url, &link.label, origin).is_ok(),
    }
}

fn best_link(page: &Reached) -> f64 {
    page.reading.links.first().map_or(0.0, |l| l.score)
}

fn summary_line(r: &Reading) -> String {
    match &r.summary {
        Some(s) if !s.headings.is_empty() => format!("{} — {}", r.mini.title, s.headings.join("; ")),
        _ => r.mini.title.clone(),
    }
}

fn rated_of(page: &Reached) -> Rated {
    Rated {
        url: page.url.clone(),
        title: page.reading.mini.title.clone(),
        score: (page.score.score * 100.0).round() / 100.0,
        path: page.path.iter().map(|s| s.label.clone()).collect(),
    }
}

/// The three best pages seen so far.
fn merge_rated(mut rated: Vec<Rated>, pages: &[Reached]) -> Vec<Rated> {
    rated.extend(pages.iter().map(rated_of));
    rated.sort_by(|a, b| b.score.total_cmp(&a.score));
    rated.truncate(3);
    rated
}
