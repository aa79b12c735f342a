//! The `explore` tool in the controller: one model call searches (the
//! fake host answers a scripted report), the task's tab goes to the page
//! found, and the model's next request holds the way and that page.

use super::fake::{call, page, Fake};
use super::host::{AgentConfig, TaskEvent};
use super::task::{StepStatus, Task, TaskStatus};
use crate::explore::{ExploreReport, ExploreSettings, PathStep};
use crate::tools::ToolCall;
use futures::executor::block_on;
use serde_json::json;

const HOME: &str = "http://app.test/";
const BILLING: &str = "http://app.test/settings/org/billing/";

fn site() -> Vec<crate::types::MiniPcd> {
    vec![
        page(HOME, "Dashboard", &[("a1", "link", "Settings", None)], &[]),
        page(BILLING, "Billing & invoices", &[("b1", "button", "Download invoice", Some("download_invoice"))], &[]),
    ]
}

fn report(found: bool) -> ExploreReport {
    let step = |label: &str, url: &str| PathStep { label: label.into(), url: url.into(), title: label.into() };
    ExploreReport {
        found,
        goal_url: found.then(|| BILLING.to_owned()),
        path: if found { vec![step("Settings", "http://app.test/settings/"), step("Organization", "http://app.test/settings/org/"), step("Billing & invoices", BILLING)] } else { vec![] },
        summary: None,
        goals: vec![],
        kept_tab: None,
        also: vec![],
        pages: 7,
        tabs_opened: 6,
        max_open: 3,
        depth: 3,
        ms: 2400.0,
        rounds: 3,
        cutoff: None,
        failed: 0,
    }
}

fn run(fake: &Fake, config: &AgentConfig) -> Task {
    let mut task = Task::new("t1".into(), "Download last month's invoice".into(), 1, "n0nce".into(), 0.0);
    block_on(super::run(fake, &mut task, config));
    task
}

#[test]
fn one_call_finds_the_page_and_the_tab_goes_there() {
    let fake = Fake::new(site(), vec![call("explore", json!({"goal": "billing invoices"})), call("done", json!({"answer": "Found it."}))]);
    *fake.explore_report.borrow_mut() = Some(report(true));
    let config = AgentConfig { explore: ExploreSettings { beam: 4, depth: 4, ..Default::default() }, ..AgentConfig::new("m") };
    let task = run(&fake, &config);
    assert_eq!(task.status, TaskStatus::Succeeded);
    let asked = fake.explore_requests.borrow();
    assert_eq!(asked.len(), 1);
    assert_eq!((asked[0].0, asked[0].1.goal.as_str(), asked[0].1.beam, asked[0].1.depth), (1, "billing invoices", 4, 4));
    assert!(fake.tool_calls.borrow().iter().any(|c| matches!(c, ToolCall::NavGo { url, tab_id: Some(1), .. } if url == BILLING)), "{:?}", fake.tool_calls.borrow());
    let next = serde_json::to_string(&fake.requests.borrow()[1].messages).unwrap();
    assert!(next.contains("found the page by") && next.contains("Organization") && next.contains("Download invoice"), "{next}");
    assert!(next.contains("<page-n0nce>"), "page words are marked untrusted");
    assert_eq!(task.steps[0].status, StepStatus::Ok);
    assert!(fake.events.borrow().iter().any(|e| matches!(e, TaskEvent::Status { status: TaskStatus::Exploring, .. })));
    assert!(task.steps[0].description.starts_with("Explore the site for “billing invoices”"));
}

#[test]
fn a_search_that_finds_nothing_is_a_failed_step_the_model_reads() {
    let fake = Fake::new(site(), vec![call("explore", json!({"goal": "tax forms"})), call("done", json!({"answer": "Not found.", "success": false}))]);
    *fake.explore_report.borrow_mut() = Some(report(false));
    let task = run(&fake, &AgentConfig::new("m"));
    assert_eq!(task.steps[0].status, StepStatus::Failed);
    assert!(!fake.tool_calls.borrow().iter().any(|c| matches!(c, ToolCall::NavGo { .. })));
    let next = serde_json::to_string(&fake.requests.borrow()[1].messages).unwrap();
    assert!(next.contains("without finding a page"), "{next}");
}
