//! Generated sites for the explorer's tests and `cargo xtask bench
//! explore`: a tree of 50–200 pages with one goal page a few links deep,
//! decoys that share the goal's words, site chrome repeated on every page
//! (with a "Sign out" link that must never be followed), and product pages
//! whose addresses differ only by id. [`SimHost`] serves it through the
//! real ranker (`rank::rank`, as `pcd.query` ranks a page's links) and
//! counts tabs.

use super::search::{ExploreHost, ExploreProgress, Link, Reading};
use crate::rank::{rank, RankCandidate, RankQuery};
use crate::summary::{CompactPageSummary, PageType};
use crate::tools::{ErrorCode, QueryKind, ToolError};
use crate::types::MiniPcd;
use serde_json::json;
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;

pub const ORIGIN: &str = "https://sim.test";

/// What the goal page holds.
#[derive(Debug, Clone, Copy)]
pub enum GoalPage {
    /// A list of invoices with dates, amounts and a download per row.
    Invoices,
    /// A page whose heading and text answer a question.
    Answer { title: &'static str, text: &'static str },
    /// A list of orders with dates and statuses.
    Orders,
}

/// A task on a generated site.
#[derive(Debug, Clone, Copy)]
pub struct Scenario {
    pub name: &'static str,
    pub goal: &'static str,
    /// Link labels from the home page to the goal page.
    pub path: &'static [&'static str],
    /// `(index in path of the page holding it, label)`: links to pages
    /// that share the goal's words but are not the goal page (0: home).
    pub decoys: &'static [(usize, &'static str)],
    pub page: GoalPage,
}

#[rustfmt::skip]
pub const SCENARIOS: &[Scenario] = &[
    Scenario { name: "invoice, 3 deep", goal: "Download last month's invoice",
        path: &["Settings", "Organization", "Billing & invoices"],
        decoys: &[(0, "Plans"), (1, "Billing"), (0, "Billing history")], page: GoalPage::Invoices },
    Scenario { name: "rate limit, 2 deep", goal: "What is the API rate limit?",
        path: &["API reference", "Limits and quotas"],
        decoys: &[(0, "Changelog"), (1, "Errors"), (0, "Status")],
        page: GoalPage::Answer { title: "Limits and quotas", text: "Rate limits: each API key may make 600 requests per minute." } },
    Scenario { name: "orders, 2 deep", goal: "Show my order history",
        path: &["Account", "Your orders"],
        decoys: &[(0, "Order a catalog"), (1, "Returns")], page: GoalPage::Orders },
    Scenario { name: "invoice, 4 deep", goal: "Find the invoice from October",
        path: &["Admin", "Workspace", "Billing", "Invoices"],
        decoys: &[(0, "Pricing"), (2, "Payment methods"), (1, "Usage")], page: GoalPage::Invoices },
];

/// Labels of filler sections.
#[rustfmt::skip]
const FILLER: &[&str] = &[
    "Products", "Solutions", "Customers", "Blog", "Careers", "Press", "Partners", "Events", "Community",
    "Legal", "Privacy", "Integrations", "Marketplace", "Templates", "Webinars", "Case studies", "Roadmap",
    "Downloads", "Training", "Security overview", "Accessibility", "Investors", "Newsroom", "Gallery",
    "Stories", "Research", "Labs", "Academy", "Podcast", "Showcase",
];

/// One page of a generated site.
#[derive(Debug, Clone)]
pub struct SimPage {
    pub title: String,
    pub text: String,
    /// `(label, path)`: content links.
    pub links: Vec<(String, String)>,
    pub goal: Option<GoalPage>,
}

/// A generated site: pages by path, the chrome links every page shows.
#[derive(Debug, Clone)]
pub struct SimSite {
    pub pages: BTreeMap<String, SimPage>,
    pub chrome: Vec<(String, String)>,
    pub goal_path: String,
    /// Content links have no address (a single-page app's router follows
    /// them on click); the chrome's keep theirs.
    pub spa: bool,
}

/// A small deterministic generator (xorshift): the same seed, the same site.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

impl SimSite {
    /// About `size` pages around `scenario`'s goal path.
    pub fn generate(scenario: &Scenario, size: usize, seed: u64) -> SimSite {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut pages: BTreeMap<String, SimPage> = BTreeMap::new();
        let page = |title: &str| SimPage { title: title.to_owned(), text: format!("{title}. Welcome to this section of the site."), links: vec![], goal: None };
        pages.insert("/".into(), page("Home"));
        // The goal path, its decoys beside it.
        let mut chain = vec!["/".to_owned()];
        for (i, label) in scenario.path.iter().enumerate() {
            let path = format!("{}{}/", chain[i], slug(label));
            pages.get_mut(&chain[i]).unwrap().links.push(((*label).to_owned(), path.clone()));
            pages.insert(path.clone(), page(label));
            chain.push(path);
        }
        let goal_path = chain.last().unwrap().clone();
        let goal = pages.get_mut(&goal_path).unwrap();
        goal.goal = Some(scenario.page);
        if let GoalPage::Answer { title, text } = scenario.page {
            goal.title = title.to_owned();
            goal.text = text.to_owned();
        }
        for (at, label) in scenario.decoys {
            let parent = chain[(*at).min(chain.len() - 2)].clone();
            let path = format!("{parent}{}/", slug(label));
            pages.get_mut(&parent).unwrap().links.push(((*label).to_owned(), path.clone()));
            pages.insert(path, SimPage { text: format!("{label}. This page moved; see the rest of the site."), ..page(label) });
        }
        // Product pages: one kind of page, many addresses.
        for i in 0..6 {
            let path = format!("/product/{}/", 2200 + i);
            pages.get_mut("/").unwrap().links.push((format!("Product {}", 2200 + i), path.clone()));
            pages.insert(path, page(&format!("Product {}", 2200 + i)));
        }
        // Filler: a breadth-first tree under home and the path's pages.
        let mut parents: Vec<String> = chain[..chain.len() - 1].to_vec();
        let mut next = 0;
        while pages.len() < size && next < parents.len() {
            let parent = parents[next].clone();
            next += 1;
            for _ in 0..2 + rng.below(4) {
                if pages.len() >= size {
                    break;
                }
                let label = FILLER[rng.below(FILLER.len())];
                let path = format!("{parent}{}-{}/", slug(label), pages.len());
                pages.get_mut(&parent).unwrap().links.push((label.to_owned(), path.clone()));
                pages.insert(path.clone(), page(label));
                parents.push(path);
            }
        }
        // Links in a page's own order, not the generator's.
        let paths: Vec<String> = pages.keys().cloned().collect();
        for p in &paths {
            let links = &mut pages.get_mut(p).unwrap().links;
            for i in (1..links.len()).rev() {
                links.swap(i, rng.below(i + 1));
            }
        }
        let chrome = vec![
            (scenario.path[0].to_owned(), format!("/{}/", slug(scenario.path[0]))),
            ("Products".to_owned(), "/".to_owned()),
            ("Support".to_owned(), "/support/".to_owned()),
            ("Sign out".to_owned(), "/signout/".to_owned()),
        ];
        pages.insert("/support/".into(), page("Support"));
        pages.insert("/signout/".into(), page("You are signed out"));
        SimSite { pages, chrome, goal_path, spa: false }
    }

    /// The page at `url` as the MiniPCD the content module would build.
    pub fn mini(&self, url: &str) -> Option<MiniPcd> {
        let path = url.strip_prefix(ORIGIN)?;
        let page = self.pages.get(path)?;
        let mut actions: Vec<serde_json::Value> = self
            .chrome
            .iter()
            .enumerate()
            .map(|(i, (label, _))| json!({"id": format!("n{i}"), "role": "link", "label": label, "landmark": "nav"}))
            .collect();
        actions.extend(page.links.iter().enumerate().map(|(i, (label, _))| json!({"id": format!("l{i}"), "role": "link", "label": label, "landmark": "main"})));
        let mut collections = vec![];
        match page.goal {
            Some(GoalPage::Invoices) => {
                actions.push(json!({"id": "d1", "role": "button", "label": "Download invoice", "kind": "download_invoice", "landmark": "main", "appliesToCollectionId": "c1"}));
                collections.push(json!({"id": "c1", "name": "Invoices", "itemFields": ["number", "date", "amount"], "approxCount": 12}));
            }
            Some(GoalPage::Orders) => collections.push(json!({"id": "c1", "name": "Orders", "itemFields": ["order", "date", "status", "total"], "approxCount": 8})),
            _ => {}
        }
        serde_json::from_value(json!({
            "url": url, "origin": ORIGIN, "title": page.title, "loginState": "in", "ts": 1.0,
            "landmarks": ["nav", "main"], "actions": actions, "forms": [], "collections": collections,
        }))
        .map_err(|e| panic!("sim page {url}: {e}"))
        .ok()
    }

    fn summary(&self, url: &str) -> Option<CompactPageSummary> {
        let page = self.pages.get(url.strip_prefix(ORIGIN)?)?;
        Some(CompactPageSummary {
            page_type: PageType::Generic,
            title: page.title.clone(),
            headings: vec![format!("h1: {}", page.title)],
            primary_actions: vec![],
            forms: vec![],
            content_preview: page.text.clone(),
            interactive_count: page.links.len() as u32,
        })
    }

    /// The page's links ranked for `query` by the real ranker.
    fn links(&self, url: &str, query: &str) -> Vec<Link> {
        let (Some(mini), Some(page)) = (self.mini(url), self.pages.get(url.strip_prefix(ORIGIN).unwrap_or(""))) else {
            return vec![];
        };
        let href = |id: &str| -> Option<String> {
            let (list, i) = if let Some(i) = id.strip_prefix('n') { (&self.chrome, i) } else { (&page.links, id.strip_prefix('l')?) };
            list.get(i.parse::<usize>().ok()?).map(|(_, p)| format!("{ORIGIN}{p}"))
        };
        let candidates: Vec<RankCandidate> = mini.actions.iter().filter(|a| href(&a.id).is_some()).map(|a| RankCandidate::from_action(a, vec![])).collect();
        // As the worker does: the query's hits, then the page's other links
        // by position alone (score 0), up to 12.
        let ranked = |text: Option<&str>| rank(RankQuery { text: text.map(str::to_owned), kind: Some(QueryKind::Action), top_k: Some(12) }, candidates.clone()).unwrap_or_default();
        let hits = ranked(Some(query));
        let rest = ranked(None).into_iter().filter(|p| !hits.iter().any(|h| h.id == p.id)).map(|p| crate::types::QueryHit { score: 0.0, ..p });
        let all: Vec<crate::types::QueryHit> = hits.iter().cloned().chain(rest).take(12).collect();
        // A single-page app's content links have no address: the search
        // clicks them (by role and name).
        let routed = |id: &str| self.spa && id.starts_with('l');
        all.into_iter()
            .filter_map(|h| {
                let href = if routed(&h.id) { String::new() } else { href(&h.id)? };
                let selector = Some(crate::types::RoleSelector::role("link", Some(&h.label), crate::types::NameMode::Exact));
                Some(Link { href, label: h.label, role: "link".into(), score: h.score, selector })
            })
            .collect()
    }
}

fn slug(label: &str) -> String {
    label.to_lowercase().split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect::<Vec<_>>().join("-")
}

/// Serves a [`SimSite`]; counts what the search did.
pub struct SimHost {
    pub site: SimSite,
    pub clock: Cell<f64>,
    tabs: RefCell<BTreeMap<i32, String>>,
    next_tab: Cell<i32>,
    pub opened: Cell<u32>,
    pub max_open: Cell<u32>,
    pub progress: RefCell<Vec<ExploreProgress>>,
    /// The start tab (the user's) shows this page.
    pub start: String,
    /// Pressing Stop after this many opens.
    pub cancel_after: Cell<Option<u32>>,
    /// The links clicked (`open_by_click`), in order.
    pub clicks: RefCell<Vec<crate::types::RoleSelector>>,
}

impl SimHost {
    pub fn new(site: SimSite) -> SimHost {
        SimHost {
            site,
            clock: Cell::new(0.0),
            tabs: RefCell::new(BTreeMap::new()),
            next_tab: Cell::new(100),
            opened: Cell::new(0),
            max_open: Cell::new(0),
            progress: RefCell::new(vec![]),
            start: format!("{ORIGIN}/"),
            cancel_after: Cell::new(None),
            clicks: RefCell::new(vec![]),
        }
    }

    /// Tabs the search left open.
    pub fn open_tabs(&self) -> Vec<i32> {
        self.tabs.borrow().keys().copied().collect()
    }

    fn reading(&self, url: &str, query: &str) -> Result<Reading, ToolError> {
        let mini = self.site.mini(url).ok_or_else(|| ToolError::new(ErrorCode::ContentUnavailable, format!("no page at {url}"), false))?;
        Ok(Reading { summary: self.site.summary(url), links: self.site.links(url, query), mini })
    }
}

impl ExploreHost for SimHost {
    async fn read(&self, _tab: i32, query: &str) -> Result<Reading, ToolError> {
        self.reading(&self.start, query)
    }

    async fn open(&self, url: &str, query: &str) -> (Option<i32>, Result<Reading, ToolError>) {
        let tab = self.next_tab.get();
        self.next_tab.set(tab + 1);
        self.tabs.borrow_mut().insert(tab, url.to_owned());
        self.opened.set(self.opened.get() + 1);
        self.max_open.set(self.max_open.get().max(self.tabs.borrow().len() as u32));
        self.clock.set(self.clock.get() + 1.0);
        (Some(tab), self.reading(url, query))
    }

    async fn open_by_click(&self, from: &str, selector: &crate::types::RoleSelector, query: &str) -> (Option<i32>, Result<Reading, ToolError>) {
        let (tab, _) = self.open(from, query).await;
        self.clicks.borrow_mut().push(selector.clone());
        let name = match selector {
            crate::types::RoleSelector::Role { name: Some(name), .. } => name.clone(),
            _ => String::new(),
        };
        let page = from.strip_prefix(ORIGIN).and_then(|p| self.site.pages.get(p));
        let target = page.and_then(|p| p.links.iter().chain(&self.site.chrome).find(|(label, _)| *label == name)).map(|(_, path)| format!("{ORIGIN}{path}"));
        match target {
            Some(url) => {
                self.tabs.borrow_mut().insert(tab.unwrap_or_default(), url.clone());
                (tab, self.reading(&url, query))
            }
            None => (tab, Err(ToolError::new(ErrorCode::NotFound, format!("no link “{name}” on {from}"), false))),
        }
    }

    async fn close(&self, tab: i32) {
        self.tabs.borrow_mut().remove(&tab);
    }

    fn now(&self) -> f64 {
        self.clock.get()
    }

    fn cancelled(&self) -> bool {
        self.cancel_after.get().is_some_and(|n| self.opened.get() >= n)
    }

    fn progress(&self, progress: ExploreProgress) {
        self.progress.borrow_mut().push(progress);
    }
}
