//! The explorer on generated sites (`sim`): every scenario at several
//! sizes and seeds finds its goal page by the intended path, closes every
//! tab it opened, never follows "Sign out", and stays within its budgets.

use super::search::{explore, Cutoff, ExploreRequest};
use super::sim::{Scenario, SimHost, SimSite, ORIGIN, SCENARIOS};
use super::SiteGraph;
use futures::executor::block_on;

fn run(host: &SimHost, graph: &mut SiteGraph, req: &ExploreRequest) -> super::ExploreReport {
    block_on(explore(host, graph, req, 1)).expect("the start page reads")
}

/// A search deep enough for `scenario`'s path.
fn deep_enough(scenario: &Scenario) -> ExploreRequest {
    ExploreRequest { depth: scenario.path.len().max(3), ..ExploreRequest::new(scenario.goal) }
}

/// Whether `r` found `goal_url` by `scenario`'s path; else what it found.
fn by_the_path(r: &super::ExploreReport, scenario: &Scenario, goal_url: &str) -> Result<(), String> {
    let labels: Vec<&str> = r.path.iter().map(|s| s.label.as_str()).collect();
    match r.found && r.goal_url.as_deref() == Some(goal_url) && labels == scenario.path {
        true => Ok(()),
        false => Err(format!("found {} at {:?} by {labels:?}; also {:?}", r.found, r.goal_url, r.also)),
    }
}

#[test]
fn every_scenario_finds_its_goal_page_and_leaves_no_tab_open() {
    let mut failures = Vec::new();
    for scenario in SCENARIOS {
        for size in [50, 120, 200] {
            for seed in 1..=4 {
                let site = SimSite::generate(scenario, size, seed);
                let goal_url = format!("{ORIGIN}{}", site.goal_path);
                let host = SimHost::new(site);
                let mut graph = SiteGraph::new(ORIGIN);
                let req = deep_enough(scenario);
                let r = run(&host, &mut graph, &req);
                if let Err(what) = by_the_path(&r, scenario, &goal_url) {
                    failures.push(format!("{} / {size} pages / seed {seed}: {what}", scenario.name));
                }
                assert!(host.open_tabs().is_empty(), "{}: tabs left open", scenario.name);
                assert!(r.max_open as usize <= req.max_tabs && host.max_open.get() as usize <= req.max_tabs);
                assert!(graph.node(&format!("{ORIGIN}/signout/")).is_none(), "{}: followed Sign out", scenario.name);
                let last = host.progress.borrow().last().map(|p| p.progress);
                assert!(if r.found { last == Some(0.8) } else { last.is_none_or(|p| p < 0.8) }, "progress {last:?}");
            }
        }
    }
    assert!(failures.is_empty(), "{} of {} searches failed:\n{}", failures.len(), SCENARIOS.len() * 12, failures.join("\n"));
}

#[test]
fn a_kept_goal_tab_is_the_only_one_left_open() {
    let host = SimHost::new(SimSite::generate(&SCENARIOS[0], 80, 7));
    let req = ExploreRequest { keep_tab: true, ..ExploreRequest::new(SCENARIOS[0].goal) };
    let r = run(&host, &mut SiteGraph::new(ORIGIN), &req);
    assert!(r.found);
    assert_eq!(host.open_tabs(), r.kept_tab.into_iter().collect::<Vec<_>>());
    assert!(r.kept_tab.is_some());
}

#[test]
fn stop_and_budgets_end_the_search_with_every_tab_closed() {
    let scenario = &SCENARIOS[3];
    let host = SimHost::new(SimSite::generate(scenario, 150, 3));
    host.cancel_after.set(Some(2));
    let r = run(&host, &mut SiteGraph::new(ORIGIN), &ExploreRequest::new(scenario.goal));
    assert_eq!((r.found, r.cutoff), (false, Some(Cutoff::Cancelled)));
    assert!(host.open_tabs().is_empty());
    assert!(r.tabs_opened <= 3, "at most the batch in flight when Stop came: {}", r.tabs_opened);

    let host = SimHost::new(SimSite::generate(scenario, 150, 3));
    let r = run(&host, &mut SiteGraph::new(ORIGIN), &ExploreRequest { max_pages: 4, ..ExploreRequest::new(scenario.goal) });
    assert_eq!(r.cutoff, Some(Cutoff::PageBudget));
    assert!(r.pages <= 4 + 3, "{}", r.pages);
    assert!(host.open_tabs().is_empty());

    let host = SimHost::new(SimSite::generate(scenario, 150, 3));
    let r = run(&host, &mut SiteGraph::new(ORIGIN), &ExploreRequest { budget_ms: 2.0, ..ExploreRequest::new(scenario.goal) });
    assert_eq!(r.cutoff, Some(Cutoff::TimeBudget));
}

#[test]
fn the_site_graph_remembers_the_way_for_the_next_search() {
    let scenario = &SCENARIOS[0];
    let host = SimHost::new(SimSite::generate(scenario, 150, 5));
    let mut graph = SiteGraph::new(ORIGIN);
    let first = run(&host, &mut graph, &ExploreRequest::new(scenario.goal));
    assert!(first.found);
    let kinds = graph.nodes.len();
    assert!(kinds >= 3 && graph.edges.len() >= 3, "{kinds} nodes, {} edges", graph.edges.len());
    // Six product pages are one kind of page.
    assert!(graph.nodes.iter().filter(|n| n.template.contains("/product/")).count() <= 1);
    let again = run(&host, &mut graph, &ExploreRequest::new(scenario.goal));
    assert!(again.found);
    assert!(again.pages <= first.pages, "remembered: {} pages, first time {}", again.pages, first.pages);
}

#[test]
fn a_goal_the_start_page_already_shows_needs_no_tab() {
    let scenario = &SCENARIOS[0];
    let mut host = SimHost::new(SimSite::generate(scenario, 60, 2));
    host.start = format!("{ORIGIN}{}", host.site.goal_path);
    let r = run(&host, &mut SiteGraph::new(ORIGIN), &ExploreRequest::new(scenario.goal));
    assert!(r.found && r.path.is_empty() && r.tabs_opened == 0);
}

/// (href, label, followable?): read-only navigation on the task's origin.
const FOLLOW: &[(&str, &str, bool)] = &[
    ("https://sim.test/settings/", "Settings", true),
    ("https://sim.test/settings/organization/", "Organization", true),
    ("https://sim.test/docs/limits/", "Limits and quotas", true),
    ("https://sim.test/billing/", "Billing & invoices", true),
    ("https://sim.test/signout/", "Sign out", false),
    ("https://sim.test/account/delete/", "Delete account", false),
    ("https://other.test/billing/", "Billing", false),
    ("javascript:void(0)", "Billing", false),
    ("https://sim.test/invoices/INV-1.pdf", "INV-1", false),
];

#[test]
fn only_read_only_links_on_the_tasks_origin_are_followed() {
    for (href, label, want) in FOLLOW {
        assert_eq!(super::scoring::followable(href, label, ORIGIN).is_ok(), *want, "{label} → {href}");
    }
}

#[test]
fn goal_words_lead_to_the_sections_they_are_filed_under() {
    let q = super::scoring::query_for("Download last month's invoice");
    assert!(q.starts_with("invoice | billing"), "{q}");
    assert!(q.contains("setting") && !q.contains("download") && !q.contains("month"), "{q}");
    assert_eq!(super::scoring::query_for("What is the API rate limit?"), "api | rate | limit | reference | docs | guide");
}

/// A title that says the goal's word is weak evidence: "Billing history"
/// is not the invoices page "billing invoices" asks for; a list of
/// invoices, or a title covering every kind the goal implies, is.
#[test]
fn a_page_named_like_the_goal_is_not_the_goal_page_unless_it_shows_it() {
    use super::scoring::page_score;
    use crate::agent::goals::expected;
    use serde_json::json;
    let page = |title: &str, collections: serde_json::Value| -> crate::types::MiniPcd {
        serde_json::from_value(json!({"url": "https://a.test/x/", "origin": "https://a.test", "title": title, "loginState": "in", "ts": 1.0,
            "landmarks": ["main"], "actions": [], "forms": [], "collections": collections})).unwrap()
    };
    let goal = "billing invoices";
    let want = expected(goal);
    let decoy = page("Billing history", json!([]));
    let s = page_score(goal, &want, &decoy, None);
    assert!(!s.found && s.score < 0.8, "{s:?}");
    let real = page("Billing & invoices", json!([{"id": "c1", "name": "Invoices", "itemFields": ["number", "date", "amount"]}]));
    let s = page_score(goal, &want, &real, None);
    assert!(s.found && s.score > 0.9, "{s:?}");
    let only_billing = page("Billing", json!([]));
    assert!(page_score("open billing", &expected("open billing"), &only_billing, None).found);
}

/// Without a goal predicate, the goal page's heading names the goal; a
/// page that shares one word in its heading and lists the rest is the way
/// there, not the place.
#[test]
fn a_docs_answer_is_the_page_whose_heading_names_it() {
    use super::scoring::page_score;
    use crate::summary::{CompactPageSummary, PageType};
    let goal = "API rate limit";
    let page = |title: &str, preview: &str, links: &[&str]| {
        let actions: Vec<serde_json::Value> = links.iter().enumerate().map(|(i, l)| serde_json::json!({"id": format!("a{i}"), "role": "link", "label": l, "landmark": "main"})).collect();
        let mini: crate::types::MiniPcd = serde_json::from_value(serde_json::json!({"url": "https://d.test/x/", "origin": "https://d.test",
            "title": title, "loginState": "unknown", "ts": 1.0, "landmarks": ["main"], "actions": actions, "forms": [], "collections": []})).unwrap();
        let summary = CompactPageSummary { page_type: PageType::Article, title: title.into(), headings: vec![format!("h1: {title}")],
            primary_actions: vec![], forms: vec![], content_preview: preview.into(), interactive_count: 0 };
        page_score(goal, &[], &mini, Some(&summary))
    };
    let way = page("API reference – Docs", "Authentication. Limits and quotas: rate limits per key. Errors. Pagination.", &["Authentication", "Limits and quotas", "Errors"]);
    assert!(!way.found, "{way:?}");
    let there = page("Limits and quotas – Docs", "Rate limits: each API key may make 600 requests per minute.", &["Errors"]);
    assert!(there.found && there.score > way.score, "{there:?}");
    let goal = "desk lamps";
    let shelf = {
        let actions: Vec<serde_json::Value> = ["Brass desk lamp", "Clamp desk lamp"].iter().enumerate().map(|(i, l)| serde_json::json!({"id": format!("p{i}"), "role": "link", "label": l, "landmark": "main"})).collect();
        let mini: crate::types::MiniPcd = serde_json::from_value(serde_json::json!({"url": "https://s.test/lamps/", "origin": "https://s.test",
            "title": "Desk lamps – Shop", "loginState": "unknown", "ts": 1.0, "landmarks": ["main"], "actions": actions, "forms": [], "collections": []})).unwrap();
        let summary = CompactPageSummary { page_type: PageType::LinkList, title: "Desk lamps".into(), headings: vec!["h1: Desk lamps".into()],
            primary_actions: vec![], forms: vec![], content_preview: "Desk lamps. Brass desk lamp $39.00".into(), interactive_count: 2 };
        page_score(goal, &[], &mini, Some(&summary))
    };
    assert!(shelf.found, "a heading naming the whole goal is the place: {shelf:?}");
}

#[test]
fn links_without_an_address_are_clicked_in_background_tabs_and_remembered() {
    for scenario in SCENARIOS {
        for seed in 1..=3 {
            let mut site = SimSite::generate(scenario, 120, seed);
            site.spa = true;
            let goal_url = format!("{ORIGIN}{}", site.goal_path);
            let host = SimHost::new(site);
            let mut graph = SiteGraph::new(ORIGIN);
            let req = deep_enough(scenario);
            let r = run(&host, &mut graph, &req);
            if let Err(what) = by_the_path(&r, scenario, &goal_url) {
                panic!("{} / seed {seed}: {what}", scenario.name);
            }
            // Every content link was a click; none of them "Sign out".
            let clicks = host.clicks.borrow().len();
            assert!(clicks >= scenario.path.len(), "{}: {clicks} clicks", scenario.name);
            assert!(host.open_tabs().is_empty(), "{}: tabs left open", scenario.name);
            assert!(graph.node(&format!("{ORIGIN}/signout/")).is_none());
            // The graph keeps where each click led: a second search on it
            // goes the known way first, and reads no more pages.
            let again = SimHost::new(host.site.clone());
            let second = run(&again, &mut graph, &req);
            assert!(second.found && second.pages <= r.pages, "{} / seed {seed}: {} pages, then {}", scenario.name, r.pages, second.pages);
        }
    }
}
