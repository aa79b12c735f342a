//! The PCD Scout in the controller: what the model named is not on the
//! page, the Scout (the fast model, read tools only) names the element,
//! and the step goes on in the same turn; every safety gate still holds.

use super::fake::{call, calls, page, Fake};
use super::host::{AgentConfig, UserPrompt, UserReply};
use super::scout::ScoutSetup;
use super::task::{StepStatus, Task, TaskStatus};
use crate::explore::{ExploreReport, PathStep};
use crate::tools::ToolCall;
use futures::executor::block_on;
use serde_json::json;

const HOME: &str = "http://shop.test/";
const BILLING: &str = "http://shop.test/billing/";

fn site() -> Vec<crate::types::MiniPcd> {
    vec![
        page(
            HOME,
            "Acme",
            &[("a1", "link", "Billing documents", Some("billing")), ("a2", "button", "Delete account", Some("delete")), ("a3", "link", "Help", None)],
            &[("f1", "login", &[("Email address", "email"), ("Password", "password")])],
        ),
        page(BILLING, "Billing", &[("b1", "button", "Download invoice INV-10", Some("download_invoice"))], &[]),
    ]
}

fn config() -> AgentConfig {
    AgentConfig { scout: Some(ScoutSetup { model: "fast".into(), price: None, vision: false }), ..AgentConfig::new("main") }
}

fn run(fake: &Fake, goal: &str, config: &AgentConfig) -> Task {
    let mut task = Task::new("t1".into(), goal.into(), 1, "n0nce".into(), 0.0);
    block_on(super::run(fake, &mut task, config));
    task
}

fn click_invoices() -> Result<crate::llm::Completion, crate::llm::LlmError> {
    call("dom_click", json!({"selector": {"kind": "role", "role": "button", "name": "Invoices"}}))
}

#[test]
fn a_guessed_name_is_found_by_the_scout_and_clicked_in_the_same_turn() {
    let fake = Fake::new(
        site(),
        vec![click_invoices(), call("bundle", json!({"candidates": [{"id": "a1", "confidence": 0.86, "why": "billing documents are the invoices"}]})), call("done", json!({"answer": "Opened."}))],
    )
    .link("a1", BILLING);
    let task = run(&fake, "open my invoices", &config());
    assert_eq!(task.status, TaskStatus::Succeeded);
    let requests = fake.requests.borrow();
    assert_eq!(requests.iter().map(|r| r.model.as_str()).collect::<Vec<_>>(), ["main", "fast", "main"]);
    let offered: Vec<&str> = requests[1].tools.iter().map(|t| t.function.name.as_str()).collect();
    assert_eq!(offered, ["getMiniPCD", "pcd_query", "getDetails", "capture_candidates", "bundle"], "read tools only");
    let asked = serde_json::to_string(&requests[1].messages).unwrap();
    assert!(asked.contains("click the button “Invoices”") && asked.contains("<page-n0nce>") && asked.contains("Billing documents"), "{asked}");
    assert!(matches!(&fake.tool_calls.borrow().iter().find(|c| c.name().as_str() == "dom.click"), Some(ToolCall::DomClick { id: Some(id), .. }) if id == "a1"));
    assert_eq!(task.steps[0].status, StepStatus::Ok);
    assert_eq!(task.steps[0].description, "Click “Billing documents” (link)");
    let after = serde_json::to_string(&requests[2].messages).unwrap();
    assert!(after.contains("Download invoice INV-10"), "the model sees the page the click led to: {after}");
    assert_eq!(task.llm_calls.iter().map(|c| c.model.as_str()).collect::<Vec<_>>(), ["main", "fast", "main"], "the Scout's call is counted");
}

#[test]
fn without_a_scout_the_model_is_told() {
    let fake = Fake::new(site(), vec![click_invoices(), call("done", json!({"answer": "No.", "success": false}))]);
    let task = run(&fake, "open my invoices", &AgentConfig::new("main"));
    assert_eq!(fake.requests.borrow().len(), 2);
    assert_eq!(task.steps[0].status, StepStatus::Failed);
    assert!(task.steps[0].result.contains("matches nothing"), "{}", task.steps[0].result);
}

#[test]
fn the_scouts_pick_still_needs_the_users_confirmation() {
    let fake = Fake::new(
        site(),
        vec![
            call("dom_click", json!({"selector": {"kind": "role", "role": "button", "name": "Close my account"}})),
            call("bundle", json!({"candidates": [{"id": "a2", "confidence": 0.9}]})),
            call("done", json!({"answer": "Not closed.", "success": false})),
        ],
    )
    .answering(vec![UserReply::Confirm { allow: false }]);
    let task = run(&fake, "close my account", &config());
    assert!(matches!(&fake.prompts.borrow()[0], UserPrompt::Confirm { action, .. } if action == "Click “Delete account” (button)"), "{:?}", fake.prompts.borrow());
    assert!(!fake.tool_names().contains(&"dom.click"), "nothing was clicked");
    assert_eq!(task.steps[0].status, StepStatus::Denied);
}

#[test]
fn the_scout_cannot_act_and_its_low_confidence_picks_are_dropped() {
    let fake = Fake::new(
        site(),
        vec![
            click_invoices(),
            calls(&[("dom_click", json!({"id": "a2"})), ("pcd_query", json!({"text": "billing"}))]),
            call("bundle", json!({"candidates": [{"id": "a3", "confidence": 0.1}, {"id": "a1", "confidence": 0.7}]})),
            call("done", json!({"answer": "Opened."})),
        ],
    )
    .link("a1", BILLING);
    let task = run(&fake, "open my invoices", &config());
    assert_eq!(task.status, TaskStatus::Succeeded);
    let second_scout_call = serde_json::to_string(&fake.requests.borrow()[2].messages).unwrap();
    assert!(second_scout_call.contains("is not available to you"), "{second_scout_call}");
    let clicks: Vec<Option<String>> = fake.tool_calls.borrow().iter().filter_map(|c| match c { ToolCall::DomClick { id, .. } => Some(id.clone()), _ => None }).collect();
    assert_eq!(clicks, [Some("a1".to_owned())], "only the confident pick was clicked, never the Scout's own call");
}

#[test]
fn a_pick_that_is_gone_falls_back_to_the_next_for_that_step() {
    let fake = Fake::new(
        site(),
        vec![
            click_invoices(),
            call("bundle", json!({"candidates": [{"id": "a3", "confidence": 0.8}, {"id": "a1", "confidence": 0.6}]})),
            call("done", json!({"answer": "Opened."})),
        ],
    )
    .link("a1", BILLING);
    fake.gone.borrow_mut().insert("a3".into());
    let task = run(&fake, "open my invoices", &config());
    let clicks: Vec<Option<String>> = fake.tool_calls.borrow().iter().filter_map(|c| match c { ToolCall::DomClick { id, .. } => Some(id.clone()), _ => None }).collect();
    assert_eq!(clicks, [Some("a3".to_owned()), Some("a1".to_owned())]);
    assert_eq!(task.steps[0].status, StepStatus::Ok);
    assert_eq!(task.steps[0].description, "Click “Billing documents” (link)");
}

#[test]
fn a_field_named_loosely_is_found_with_its_form() {
    let fake = Fake::new(
        site(),
        vec![
            call("dom_type", json!({"field": "E-mail", "text": "kim@example.com"})),
            call("bundle", json!({"candidates": [{"id": "f1", "field": "Email address", "confidence": 0.9}]})),
            call("done", json!({"answer": "Typed."})),
        ],
    );
    let task = run(&fake, "type my email", &config());
    assert_eq!(task.steps[0].status, StepStatus::Ok, "{}", task.steps[0].result);
    assert!(fake.tool_calls.borrow().iter().any(|c| matches!(c, ToolCall::DomType { text, .. } if text == "kim@example.com")));
}

#[test]
fn not_on_this_page_explores_the_site_by_itself_once() {
    let fake = Fake::new(
        site(),
        vec![
            call("dom_click", json!({"selector": {"kind": "role", "role": "link", "name": "Order history"}})),
            call("bundle", json!({"candidates": [], "elsewhere": "Orders"})),
            call("done", json!({"answer": "Here."})),
            call("done", json!({"answer": "Here it is."})),
        ],
    );
    *fake.explore_report.borrow_mut() = Some(ExploreReport {
        found: true,
        goal_url: Some(BILLING.into()),
        path: vec![PathStep { label: "Billing documents".into(), url: BILLING.into(), title: "Billing".into() }],
        pages: 3,
        tabs_opened: 2,
        ..ExploreReport::default()
    });
    let task = run(&fake, "show my order history", &config());
    assert_eq!(fake.explore_requests.borrow().len(), 1);
    assert_eq!(fake.explore_requests.borrow()[0].1.goal, "Orders");
    assert_eq!(task.steps[0].description, "Explore the site for “Orders”");
    assert!(task.steps[0].result.contains("The scout says it is on another page"), "{}", task.steps[0].result);
    assert_eq!(task.auto_explored, ["Orders"]);
    let after = serde_json::to_string(&fake.requests.borrow()[2].messages).unwrap();
    assert!(after.contains("Download invoice INV-10"), "{after}");
}

#[test]
fn when_several_forms_fit_a_skill_the_scout_picks_one() {
    let two_searches = page(HOME, "Acme", &[], &[("f1", "search", &[("Search docs", "search")]), ("f2", "search", &[("Search products", "search")])]);
    let fake = Fake::new(
        vec![two_searches],
        vec![
            call("skill_search", json!({"query": "desk lamp"})),
            call("bundle", json!({"candidates": [{"id": "f2", "confidence": 0.9, "why": "products, not docs"}]})),
            call("done", json!({"answer": "Searched."})),
            call("done", json!({"answer": "Searched."})),
        ],
    );
    run(&fake, "search the shop for a desk lamp", &config());
    assert_eq!(fake.requests.borrow()[1].model, "fast", "the Scout was asked");
    assert!(
        fake.tool_calls.borrow().iter().any(|c| matches!(c, ToolCall::DomType { selector: crate::types::RoleSelector::Role { name: Some(n), .. }, text, .. } if n.contains("products") && text == "desk lamp")),
        "{:?}",
        fake.tool_calls.borrow()
    );
    let told = serde_json::to_string(&fake.requests.borrow()[2].messages).unwrap();
    assert!(told.contains("the scout chose f2"), "{told}");
}
