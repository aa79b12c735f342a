//! The model's sentences for the recorded coffee order: a reply in, the
//! patterns kept and the lines dropped (with why) out.

use super::sentences::{accept, request, Dropped, MAX_SENTENCES};
use super::*;

fn coffee() -> WebFlow {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/flows/fixtures/checkout.json")).unwrap();
    let fx: serde_json::Value = serde_json::from_str(&text).unwrap();
    let events: Vec<RecordedEvent> = serde_json::from_value(fx["events"].clone()).unwrap();
    flow_from_recording("order coffee", &events).unwrap()
}

#[test]
fn the_models_lines_are_kept_only_as_plain_sentences_of_the_flows_own_slots() {
    let flow = coffee();
    let spoken: Vec<&str> = flow.parameters.iter().filter(|p| !p.secret).map(|p| p.name.as_str()).collect();
    assert!(spoken.contains(&"drink"), "{spoken:?}");
    let secret = flow.parameters.iter().find(|p| p.secret).map(|p| p.name.clone()).unwrap();
    let reply = format!(
        "1. Get me a {{drink}} please\n\
         - \"I'd like a {{drink}}\"\n\
         • Buy a coffee.\n\
         grab a {{size}} {{drink}}\n\
         pay with card {{{secret}}}\n\
         order [a] {{drink}}\n\
         click Add to order\n\
         stop recording\n\
         {{drink}}\n\
         get me a {{drink}} please\n\
         \n\
         order {{drink}} {{drink}}\n"
    );
    let (kept, dropped) = accept(&flow, &reply, &[]);
    // "please" is dropped as the grammar drops it from what people type.
    assert_eq!(kept, ["get me a {drink}", "i'd like a {drink}", "buy a coffee"]);
    let why: Vec<(&str, &Dropped)> = dropped.iter().map(|(l, d)| (l.as_str(), d)).collect();
    assert_eq!(why, [
        ("grab a {size} {drink}", &Dropped::UnknownSlot("size".into())),
        (format!("pay with card {{{secret}}}").as_str(), &Dropped::UnknownSlot(secret.clone())),
        ("order [a] {drink}", &Dropped::Syntax),
        ("click Add to order", &Dropped::Taken),
        ("stop recording", &Dropped::Taken),
        ("{drink}", &Dropped::Length),
        ("get me a {drink} please", &Dropped::Duplicate),
        ("order {drink} {drink}", &Dropped::UnknownSlot("drink".into())),
    ]);
    // A kept sentence runs the flow, with its value.
    let mut with = flow.clone();
    with.grammar_patterns.extend(kept);
    let m = match_sentence("Get me a flat white please", std::slice::from_ref(&with)).unwrap();
    assert_eq!(m.args.get("drink").map(String::as_str), Some("flat white"));
}

#[test]
fn another_flows_sentence_is_not_taken_and_at_most_five_are_kept() {
    let flow = coffee();
    let mut tea = flow.clone();
    tea.name = "order tea".into();
    tea.grammar_patterns = vec!["get me a {drink}".into()];
    let (kept, dropped) = accept(&flow, "get me a {drink}\nbrew a {drink}", std::slice::from_ref(&tea));
    assert_eq!(kept, ["brew a {drink}"]);
    assert_eq!(dropped, [("get me a {drink}".to_string(), Dropped::Taken)]);
    let many: String = (1..=8).map(|i| format!("coffee run number {i} with {{drink}}\n")).collect();
    assert_eq!(accept(&flow, &many, &[]).0.len(), MAX_SENTENCES);
}

#[test]
fn the_request_lists_spoken_slots_only_and_marks_the_steps_as_data() {
    let flow = coffee();
    let req = request("m", &flow, "n0nce");
    let crate::llm::Message::User { content: crate::llm::UserContent::Text(user) } = &req.messages[1] else { panic!("{:?}", req.messages) };
    assert!(user.contains("Macro name: order coffee"), "{user}");
    assert!(user.contains("{drink}"), "{user}");
    let secret = flow.parameters.iter().find(|p| p.secret).unwrap();
    assert!(!user.contains(&format!("{{{}}}", secret.name)), "a secret is never a slot: {user}");
    assert!(user.contains("<page-n0nce>") && user.contains("Click “Add to order”"), "{user}");
    assert!(req.tools.is_empty());
}
