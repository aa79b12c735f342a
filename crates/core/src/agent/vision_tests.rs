//! Images for a vision model (seed 000 §14, issue 42 point 4): what
//! `capture_candidates` shows the main model and the Scout, once, only
//! when the user said the model takes images, and what happens when the
//! endpoint refuses them.

use super::fake::{call, page, Fake};
use super::host::AgentConfig;
use super::scout::ScoutSetup;
use super::task::{Task, TaskStatus};
use crate::llm::{LlmError, Message, ToolChatRequest};
use futures::executor::block_on;
use serde_json::json;

const SHOP: &str = "http://shop.test/lamps";

fn shop() -> Vec<crate::types::MiniPcd> {
    vec![page(
        SHOP,
        "Lamps",
        &[("a1", "button", "Add to cart", Some("add_to_cart")), ("a2", "button", "Add to cart", Some("add_to_cart")), ("a3", "link", "Help", None)],
        &[],
    )]
}

fn run(fake: &Fake, config: &AgentConfig) -> Task {
    let mut task = Task::new("t1".into(), "add the brass lamp to the cart".into(), 1, "n0nce".into(), 0.0);
    block_on(super::run(fake, &mut task, config));
    task
}

fn images(request: &ToolChatRequest) -> usize {
    request.messages.iter().map(Message::image_count).sum()
}

fn seeing() -> AgentConfig {
    AgentConfig { vision: true, ..AgentConfig::new("main") }
}

fn capture_then_click() -> Vec<Result<crate::llm::Completion, LlmError>> {
    vec![
        call("capture_candidates", json!({"ids": ["a1", "a2"]})),
        call("dom_click", json!({"id": "a2"})),
        call("done", json!({"answer": "Added."})),
    ]
}

#[test]
fn a_vision_model_sees_the_tab_and_the_crops_once() {
    let fake = Fake::new(shop(), capture_then_click());
    let task = run(&fake, &seeing());
    assert_eq!(task.status, TaskStatus::Succeeded);
    let requests = fake.requests.borrow();
    assert_eq!(requests.iter().map(images).collect::<Vec<_>>(), [0, 3, 0], "the tab and two crops, in the next request only");
    let wire = serde_json::to_value(&requests[1].messages).unwrap();
    let messages = wire.as_array().unwrap();
    let tool = messages.iter().position(|m| m["role"] == "tool").expect("the tool result");
    let shown = &messages[tool + 1];
    assert_eq!(shown["role"], "user", "the images follow the tool result in a user message: {shown}");
    let parts = shown["content"].as_array().unwrap();
    let captions: Vec<&str> = parts.iter().filter_map(|p| p["text"].as_str()).collect();
    assert_eq!(captions, ["The images capture_candidates gave:", "The tab as shown:", "a1 up close:", "a2 up close:"]);
    let urls: Vec<&str> = parts.iter().filter_map(|p| p["image_url"]["url"].as_str()).collect();
    assert_eq!(urls, ["data:image/jpeg;base64,VEFC", "data:image/jpeg;base64,CROPa1", "data:image/jpeg;base64,CROPa2"]);
    assert!(parts.iter().filter(|p| p["type"] == "image_url").all(|p| p["image_url"]["detail"] == "low"));
    assert!(messages[tool]["content"].as_str().unwrap().contains("Images follow"), "{}", messages[tool]);
    let stored = serde_json::to_string(&task).unwrap();
    assert!(!stored.contains("base64"), "no image in the task's record: {stored}");
}

#[test]
fn a_model_not_said_to_see_gets_the_boxes_only() {
    let fake = Fake::new(shop(), capture_then_click());
    let task = run(&fake, &AgentConfig::new("main"));
    assert_eq!(task.status, TaskStatus::Succeeded);
    let requests = fake.requests.borrow();
    assert_eq!(requests.iter().map(images).collect::<Vec<_>>(), [0, 0, 0]);
    let text = serde_json::to_string(&requests[1].messages).unwrap();
    assert!(text.contains("a2 at x=10 y=40") && !text.contains("Images follow"), "{text}");
}

#[test]
fn an_endpoint_that_refuses_images_gets_the_same_request_as_text() {
    let mut replies = capture_then_click();
    replies.insert(1, Err(LlmError::BadRequest { status: 400, detail: "Invalid content type. image_url is only supported by certain models.".into() }));
    let fake = Fake::new(shop(), replies);
    let task = run(&fake, &seeing());
    assert_eq!(task.status, TaskStatus::Succeeded, "{:?}", task.answer);
    let requests = fake.requests.borrow();
    assert_eq!(requests.iter().map(images).collect::<Vec<_>>(), [0, 3, 0, 0]);
    assert_eq!(requests[2].messages.len(), requests[1].messages.len() - 1, "the same request without the images' message");
    assert!(!task.vision, "no images for the rest of the task");
    // A refusal that is not about images still ends the task.
    let mut replies = capture_then_click();
    replies.insert(1, Err(LlmError::BadRequest { status: 400, detail: "bad request".into() }));
    let fake = Fake::new(shop(), replies);
    let task = run(&fake, &seeing());
    assert_eq!(task.status, TaskStatus::Failed);
}

fn scouted(vision: bool) -> AgentConfig {
    AgentConfig { scout: Some(ScoutSetup { model: "fast".into(), price: None, vision }), ..AgentConfig::new("main") }
}

/// Two "Add to cart" buttons the text cannot tell apart: a vision Scout
/// is shown both before it answers (seed 000 §14, ARIA-poor look-alikes).
#[test]
fn a_vision_scout_is_shown_tied_candidates() {
    for vision in [true, false] {
        let fake = Fake::new(
            shop(),
            vec![
                call("dom_click", json!({"selector": {"kind": "role", "role": "button", "name": "Add"}})),
                call("bundle", json!({"candidates": [{"id": "a2", "confidence": 0.8, "why": "the brass lamp's button"}]})),
                call("done", json!({"answer": "Added."})),
            ],
        );
        let task = run(&fake, &scouted(vision));
        assert_eq!(task.status, TaskStatus::Succeeded);
        let requests = fake.requests.borrow();
        assert_eq!(requests[1].model, "fast");
        assert_eq!(images(&requests[1]), if vision { 3 } else { 0 }, "vision {vision}");
        let captured = fake.tool_calls.borrow().iter().any(|c| c.name().as_str() == "capture.candidates");
        assert_eq!(captured, vision, "a text-only Scout costs no capture");
    }
}
