//! The controller end to end against the scripted host: a site of fake
//! pages, the model's replies in order, the user's answers in order; each
//! test says what must have happened (tool calls, prompts, the outcome).

use super::fake::{call, calls, page, text, Fake};
use super::host::{AgentConfig, TaskEvent, UserPrompt, UserReply};
use super::task::{StepStatus, Task, TaskStatus, ToolMode};
use crate::llm::LlmError;
use crate::safety::{Risk, SiteAnswer};
use crate::tools::ToolCall;
use futures::executor::block_on;
use serde_json::json;

const HOME: &str = "http://shop.test/";
const BILLING: &str = "http://shop.test/billing/";

fn site() -> Vec<crate::types::MiniPcd> {
    vec![
        page(HOME, "Acme", &[("a1", "link", "Billing", Some("billing")), ("a2", "button", "Delete account", Some("delete"))], &[("f1", "login", &[("Email", "email"), ("Password", "password")])]),
        page(BILLING, "Billing", &[("a3", "button", "Download invoice INV-10", Some("download_invoice"))], &[]),
    ]
}

fn run(fake: &Fake, goal: &str) -> Task {
    let mut task = Task::new("t1".into(), goal.into(), 1, "n0nce".into(), 0.0);
    block_on(super::run(fake, &mut task, &AgentConfig::new("m")));
    task
}

#[test]
fn a_question_is_answered_from_the_page_without_acting() {
    let fake = Fake::new(site(), vec![call("done", json!({"answer": "The Pro plan costs $29 per month."}))]);
    let task = run(&fake, "What is the price of the Pro plan?");
    assert_eq!(task.status, TaskStatus::Succeeded);
    assert_eq!(task.answer.as_deref(), Some("The Pro plan costs $29 per month."));
    assert_eq!(fake.tool_names(), ["getMiniPCD", "pcd.summary"], "only read tools");
    let opening = &fake.requests.borrow()[0].messages[1];
    let text = serde_json::to_string(opening).unwrap();
    assert!(text.contains("$29 per month") && text.contains("<page-n0nce>"), "the page text went in, marked: {text}");
}

#[test]
fn a_plain_text_reply_is_the_answer() {
    let fake = Fake::new(site(), vec![text("It costs $29.")]);
    let task = run(&fake, "how much is it?");
    assert_eq!((task.status, task.answer.as_deref()), (TaskStatus::Succeeded, Some("It costs $29.")));
}

#[test]
fn clicking_an_id_navigates_and_the_model_sees_the_new_page() {
    let fake = Fake::new(site(), vec![call("dom_click", json!({"id": "a1"})), call("done", json!({"answer": "Opened billing."}))]).link("a1", BILLING);
    let task = run(&fake, "open billing");
    assert_eq!(task.status, TaskStatus::Succeeded);
    assert!(matches!(&fake.tool_calls.borrow()[3], ToolCall::DomClick { id: Some(id), .. } if id == "a1"), "{:?}", fake.tool_calls.borrow());
    let second = serde_json::to_string(&fake.requests.borrow()[1].messages).unwrap();
    assert!(second.contains("Download invoice INV-10") && second.contains("Done: Click “Billing” (link)"), "{second}");
    assert_eq!(task.steps[0].status, StepStatus::Ok);
    assert_eq!(task.steps[0].description, "Click “Billing” (link)");
}

#[test]
fn a_malformed_call_is_answered_with_the_problem_and_repaired() {
    let fake = Fake::new(site(), vec![call("dom_click", json!("{\"id\": ")), call("dom_type", json!({"field": "Email"})), call("done", json!({"answer": "ok"}))]);
    let task = run(&fake, "sign in");
    assert_eq!(task.status, TaskStatus::Succeeded);
    let req = serde_json::to_string(&fake.requests.borrow()[2].messages).unwrap();
    assert!(req.contains("missing field `text`"), "the model was told what was wrong: {req}");
}

#[test]
fn three_malformed_replies_in_a_row_stop_the_task() {
    let bad = || call("dom_click", json!({}));
    let fake = Fake::new(site(), vec![bad(), bad(), bad()]);
    let task = run(&fake, "click it");
    assert_eq!(task.status, TaskStatus::Failed);
    assert!(task.failure.as_deref().unwrap().contains("needs the element"), "{:?}", task.failure);
}

#[test]
fn rate_limits_are_waited_out_as_the_endpoint_asks() {
    let fake = Fake::new(site(), vec![Err(LlmError::RateLimited { retry_after_secs: Some(2) }), call("done", json!({"answer": "ok"}))]);
    let task = run(&fake, "what is this?");
    assert_eq!(task.status, TaskStatus::Succeeded);
    assert_eq!(fake.slept.get(), 2_000);
    assert_eq!(task.llm_calls[0].attempts, 2);
}

#[test]
fn a_server_without_tools_switches_to_text_mode() {
    let fake = Fake::new(site(), vec![Err(LlmError::ToolsUnsupported { detail: "no tools".into() }), text("I'll finish.\n{\"tool\": \"done\", \"args\": {\"answer\": \"Hi\"}}")]);
    let task = run(&fake, "say hi");
    assert_eq!((task.status, task.mode, task.answer.as_deref()), (TaskStatus::Succeeded, ToolMode::Text, Some("Hi")));
    let second = &fake.requests.borrow()[1];
    assert!(second.tools.is_empty() && serde_json::to_string(&second.messages).unwrap().contains("dom_click"), "tools described in text");
}

#[test]
fn a_context_error_compacts_and_retries() {
    let fake = Fake::new(site(), vec![Err(LlmError::ContextTooLong { detail: "too long".into() }), call("done", json!({"answer": "ok"}))]);
    let task = run(&fake, "what is this?");
    assert_eq!(task.status, TaskStatus::Succeeded);
    assert_eq!(fake.requests.borrow().len(), 2);
}

#[test]
fn a_high_risk_step_waits_for_confirmation_and_a_denial_is_told_to_the_model() {
    let fake = Fake::new(site(), vec![call("dom_click", json!({"id": "a2"})), call("done", json!({"answer": "Not deleted.", "success": false}))])
        .answering(vec![UserReply::Confirm { allow: false }]);
    let task = run(&fake, "delete my account");
    assert!(matches!(&fake.prompts.borrow()[0], UserPrompt::Confirm { action, site, risk: Risk::High, .. } if action == "Click “Delete account” (button)" && site == "http://shop.test"), "{:?}", fake.prompts.borrow());
    assert!(!fake.tool_names().contains(&"dom.click"), "nothing was clicked");
    assert_eq!(task.steps[0].status, StepStatus::Denied);
    let second = serde_json::to_string(&fake.requests.borrow()[1].messages).unwrap();
    assert!(second.contains("The user declined"), "{second}");
}

#[test]
fn an_id_the_listing_left_out_is_judged_by_its_own_name() {
    // pcd_query found "Delete account" past the listing's budget: the
    // click is high risk because of what the element says, not its id.
    let fake = Fake::new(site(), vec![call("dom_click", json!({"id": "a9"})), call("done", json!({"answer": "Not deleted.", "success": false}))])
        .answering(vec![UserReply::Confirm { allow: false }]);
    fake.unlisted.borrow_mut().push(("a9".into(), "button".into(), "Delete account".into()));
    let task = run(&fake, "delete my account");
    assert!(matches!(&fake.prompts.borrow()[0], UserPrompt::Confirm { action, risk: Risk::High, .. } if action == "Click “Delete account” (button)"), "{:?}", fake.prompts.borrow());
    assert_eq!(task.steps[0].status, StepStatus::Denied);
    assert_eq!(task.steps[0].description, "Click “Delete account” (button)");
}

#[test]
fn a_confirmed_high_risk_step_runs() {
    let fake = Fake::new(site(), vec![call("dom_click", json!({"id": "a2"})), call("done", json!({"answer": "Deleted."}))]).answering(vec![UserReply::Confirm { allow: true }]);
    let task = run(&fake, "delete my account");
    assert_eq!(task.status, TaskStatus::Succeeded);
    assert!(fake.tool_names().contains(&"dom.click"));
}

#[test]
fn the_first_write_on_a_site_not_allowed_asks_and_no_means_no() {
    let fake = Fake::new(site(), vec![call("dom_click", json!({"id": "a1"})), call("dom_click", json!({"id": "a1"})), call("done", json!({"answer": "stopped", "success": false}))])
        .answering(vec![UserReply::Site { answer: SiteAnswer::No }]);
    fake.allowed.borrow_mut().clear();
    let task = run(&fake, "open billing");
    assert_eq!(fake.prompts.borrow().len(), 1, "asked once; the refusal holds for the task");
    assert!(matches!(&fake.prompts.borrow()[0], UserPrompt::Site { origin, .. } if origin == "http://shop.test"));
    assert!(!fake.tool_names().contains(&"dom.click"));
    assert_eq!(task.steps.iter().filter(|s| s.status == StepStatus::Denied).count(), 2);
}

#[test]
fn always_remembers_the_site_and_read_tools_never_ask() {
    let fake = Fake::new(site(), vec![call("pcd_query", json!({"text": "billing"})), call("dom_click", json!({"id": "a1"})), call("done", json!({"answer": "ok"}))])
        .link("a1", BILLING)
        .answering(vec![UserReply::Site { answer: SiteAnswer::Always }]);
    fake.allowed.borrow_mut().clear();
    run(&fake, "open billing");
    assert_eq!(fake.prompts.borrow().len(), 1);
    assert!(fake.allowed.borrow().contains("http://shop.test"));
}

#[test]
fn a_password_is_asked_from_the_user_and_never_seen_by_the_model() {
    let fake = Fake::new(site(), vec![call("dom_type", json!({"id": "f1", "field": "Password", "text": "{{secret}}"})), call("done", json!({"answer": "Signed in."}))])
        .answering(vec![UserReply::SecretReady { handle: 7 }]);
    let task = run(&fake, "sign in");
    assert_eq!(task.status, TaskStatus::Succeeded);
    assert!(matches!(&fake.prompts.borrow()[0], UserPrompt::Secret { field, .. } if field == "Password"), "{:?}", fake.prompts.borrow());
    let (typed, handle) = fake.secret_calls.borrow()[0].clone();
    assert_eq!(handle, 7);
    assert!(matches!(typed, ToolCall::DomType { text, .. } if text == "{{secret:password}}"));
}

#[test]
fn a_literal_typed_into_a_password_field_is_replaced_by_the_users_secret() {
    let fake = Fake::new(site(), vec![call("dom_type", json!({"field": "Password", "text": "hunter2"})), call("done", json!({"answer": "ok"}))])
        .answering(vec![UserReply::SecretReady { handle: 1 }]);
    let task = run(&fake, "sign in");
    assert_eq!(fake.secret_calls.borrow().len(), 1, "the model's literal was not typed");
    assert!(!serde_json::to_string(&task.steps).unwrap().contains("\"text\":\"{{secret}}\"\"hunter2"));
}

#[test]
fn a_clarifying_question_is_asked_and_the_answer_goes_to_the_model() {
    let fake = Fake::new(site(), vec![call("ask_user", json!({"question": "Which invoice?"})), call("done", json!({"answer": "ok"}))])
        .answering(vec![UserReply::Answer { text: "The October one".into() }]);
    let task = run(&fake, "pick one for me");
    assert_eq!(task.status, TaskStatus::Succeeded);
    let second = serde_json::to_string(&fake.requests.borrow()[1].messages).unwrap();
    assert!(second.contains("The user answered: The October one"), "{second}");
}

#[test]
fn the_same_failing_action_is_nudged_then_stopped() {
    let replies = (0..10).map(|_| call("dom_click", json!({"id": "zz"}))).collect();
    let fake = Fake::new(site(), replies);
    let task = run(&fake, "click zz");
    assert_eq!(task.status, TaskStatus::Failed);
    assert!(task.failure.as_deref().unwrap().contains("repeated"), "{:?}", task.failure);
    let nudged = serde_json::to_string(&fake.requests.borrow()[3].messages).unwrap();
    assert!(nudged.contains("3 times with the same result"), "{nudged}");
}

#[test]
fn a_batch_stops_when_the_page_moves() {
    let fake = Fake::new(site(), vec![calls(&[("dom_click", json!({"id": "a1"})), ("dom_click", json!({"id": "a2"}))]), call("done", json!({"answer": "ok"}))]).link("a1", BILLING);
    let task = run(&fake, "go to billing");
    assert_eq!(task.steps.len(), 1, "the second click was not run on the new page");
    let second = serde_json::to_string(&fake.requests.borrow()[1].messages).unwrap();
    assert!(second.contains("Not run: the page changed"), "{second}");
}

#[test]
fn stop_ends_the_task_as_cancelled() {
    let fake = Fake::new(site(), vec![call("dom_click", json!({"id": "a1"})), call("done", json!({"answer": "ok"}))]).link("a1", BILLING);
    fake.cancel_after_calls.set(Some(1));
    let task = run(&fake, "open billing");
    assert_eq!(task.status, TaskStatus::Cancelled);
    assert!(matches!(fake.events.borrow().last(), Some(TaskEvent::Finished { status: TaskStatus::Cancelled, .. })));
}

#[test]
fn unsafe_navigations_are_refused_in_code() {
    let fake = Fake::new(site(), vec![call("nav_go", json!({"url": "javascript:alert(1)"})), call("done", json!({"answer": "no"}))]);
    let task = run(&fake, "go");
    assert_eq!(task.steps[0].status, StepStatus::Failed);
    assert!(task.steps[0].result.starts_with("Refused"), "{}", task.steps[0].result);
    assert!(!fake.tool_names().contains(&"nav.go"));
}

#[test]
fn every_step_is_saved_and_usage_is_counted() {
    let fake = Fake::new(site(), vec![call("dom_click", json!({"id": "a1"})), call("done", json!({"answer": "ok"}))]).link("a1", BILLING);
    let task = run(&fake, "open billing");
    assert!(fake.saves.get() >= 3, "saved {} times", fake.saves.get());
    assert_eq!(task.usage().prompt_tokens, 2000);
    assert!(fake.events.borrow().iter().any(|e| matches!(e, TaskEvent::LlmCall { .. })));
}

#[test]
fn a_server_refusing_required_tool_choice_gets_auto() {
    let refused = Err(LlmError::ToolsUnsupported { detail: "\"required\" tool_choice is not supported".into() });
    let fake = Fake::new(site(), vec![refused, call("done", json!({"answer": "ok"}))]);
    let task = run(&fake, "what is this?");
    assert_eq!((task.status, task.mode), (TaskStatus::Succeeded, ToolMode::Native));
    let second = serde_json::to_value(&fake.requests.borrow()[1]).unwrap();
    assert_eq!(second["tool_choice"], "auto");
}

#[test]
fn calls_and_tasks_are_priced_when_the_model_has_a_price() {
    let fake = Fake::new(site(), vec![call("dom_click", json!({"id": "a1"})), call("done", json!({"answer": "ok"}))]).link("a1", BILLING);
    let mut task = Task::new("t1".into(), "open billing".into(), 1, "n0nce".into(), 0.0);
    let settings = super::settings::AgentSettings::default();
    block_on(super::run(&fake, &mut task, &AgentConfig::with_settings("gpt-4o-mini", &settings)));
    // Two calls of 1,000 prompt and 20 completion tokens at $0.15 / $0.60 per million.
    let want = 2.0 * (1000.0 * 0.15 + 20.0 * 0.60) / 1e6;
    assert!((task.cost.unwrap() - want).abs() < 1e-12, "{:?}", task.cost);
    assert!(matches!(fake.events.borrow().last(), Some(TaskEvent::Finished { cost: Some(c), .. }) if (c - want).abs() < 1e-12));
}

#[test]
fn a_secret_remembered_for_the_site_is_used_without_asking() {
    let fake = Fake::new(site(), vec![call("dom_type", json!({"field": "Password", "text": "{{secret}}"})), call("done", json!({"answer": "ok"}))]);
    fake.stored.borrow_mut().push(("http://shop.test".into(), crate::safety::SecretKind::Password, 3));
    run(&fake, "sign in");
    assert!(fake.prompts.borrow().is_empty(), "not asked again");
    assert_eq!(fake.secret_calls.borrow()[0].1, 3);
}

#[test]
fn a_done_no_page_supported_is_sent_back_once() {
    // "Download the invoice" needs an invoice page; home shows none.
    let fake = Fake::new(site(), vec![call("done", json!({"answer": "Downloaded."})), call("done", json!({"answer": "Downloaded, really."}))]);
    let task = run(&fake, "download the invoice for october");
    assert_eq!((task.status, task.answer.as_deref()), (TaskStatus::Succeeded, Some("Downloaded, really.")));
    let second = serde_json::to_string(&fake.requests.borrow()[1].messages).unwrap();
    assert!(second.contains("Not finished yet?"), "{second}");
}

#[test]
fn a_skill_runs_its_steps_without_more_model_calls() {
    let fake = Fake::new(site(), vec![call("skill_login", json!({"username": "demo@acme.test"})), call("done", json!({"answer": "Signed in."}))])
        .answering(vec![UserReply::SecretReady { handle: 4 }]);
    let task = run(&fake, "sign in");
    assert_eq!(fake.requests.borrow().len(), 2, "one model call ran the whole sign-in");
    let typed: Vec<&str> = task.steps.iter().map(|s| s.tool.as_str()).collect();
    assert!(typed.starts_with(&["dom_type", "dom_type"]), "{typed:?}");
    assert_eq!(fake.secret_calls.borrow().len(), 1, "the password came from the user");
    let second = serde_json::to_string(&fake.requests.borrow()[1].messages).unwrap();
    assert!(second.contains("skill_login"), "{second}");
}

#[test]
fn dones_answer_streams_to_the_panel_as_it_is_written() {
    let fake = Fake::new(site(), vec![call("done", json!({"answer": "The Pro plan costs $29 per month."}))]);
    run(&fake, "What is the price of the Pro plan?");
    let streamed: String = fake
        .events
        .borrow()
        .iter()
        .filter_map(|e| match e {
            TaskEvent::AnswerDelta { text } => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(streamed, "The Pro plan costs $29 per month.");
    let pieces = fake.events.borrow().iter().filter(|e| matches!(e, TaskEvent::AnswerDelta { .. })).count();
    assert!(pieces > 1, "in pieces, not at once");
}

#[test]
fn a_field_labelled_only_by_the_text_beside_it_is_typed_into() {
    let unlabelled = page(HOME, "Acme", &[], &[("f1", "login", &[("", "text"), ("", "password")])]);
    let fake = Fake::new(vec![unlabelled], vec![call("dom_type", json!({"field": "Username", "text": "kim"})), call("done", json!({"answer": "Typed."}))]);
    fake.near.borrow_mut().push("Username".into());
    let task = run(&fake, "type kim as the username");
    assert_eq!(task.steps[0].status, StepStatus::Ok, "{}", task.steps[0].result);
    assert!(
        fake.tool_calls.borrow().iter().any(|c| matches!(c, ToolCall::DomType { selector: crate::types::RoleSelector::Near { label, .. }, text, .. } if label == "Username" && text == "kim")),
        "{:?}",
        fake.tool_calls.borrow()
    );
    assert_eq!(task.steps[0].description, "Type “kim” into “Username”");
}

#[test]
fn a_password_written_into_the_task_never_reaches_the_model() {
    let fake = Fake::new(site(), vec![call("done", json!({"answer": "ok"}))]);
    let mut task = Task::new("t1".into(), "sign in as kim, password juniper99".into(), 1, "n0nce".into(), 0.0);
    task.earlier = vec![crate::llm::ChatTurn { question: "my PIN is 4821".into(), answer: "Noted.".into() }];
    block_on(super::run(&fake, &mut task, &AgentConfig::new("m")));
    let sent = serde_json::to_string(&fake.requests.borrow()[0]).unwrap();
    assert!(!sent.contains("juniper99") && !sent.contains("4821"), "{sent}");
    assert!(sent.contains("password {{secret:password}}"), "the model learns a password was given: {sent}");
    assert!(!serde_json::to_string(&task).unwrap().contains("juniper99"), "nor the stored task");
}
