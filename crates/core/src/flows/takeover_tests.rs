//! The goal a failed replay hands to the agent: the recorded checkout
//! (`fixtures/checkout.json`) stopped at each of its steps in turn.

use super::takeover::{goal, offer, Stuck, SENTENCE};
use super::*;
use std::collections::BTreeMap;

fn checkout() -> WebFlow {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/flows/fixtures/checkout.json");
    let fixture: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let events: Vec<RecordedEvent> = serde_json::from_value(fixture["events"].clone()).unwrap();
    let mut flow = flow_from_recording("order coffee", &events).unwrap();
    flow.description = "Order a drink at the coffee shop.".into();
    flow
}

fn stuck(at: usize) -> Stuck {
    Stuck { flow: "order coffee".into(), args: BTreeMap::from([("drink".into(), "espresso".into())]), at, why: "nothing on the page matches “Place order” any more".into(), tab_id: 7 }
}

#[test]
fn the_goal_names_the_failed_step_what_is_done_and_what_is_left() {
    let flow = checkout();
    let steps = plan(&flow, &stuck(5).args).unwrap();
    let text = goal(&flow, &steps, &stuck(5));
    for want in [
        "Finish the saved flow “order coffee” in this tab (Order a drink at the coffee shop).",
        "until step 6 of 6 failed: Click “Place order” (button) — nothing on the page matches “Place order” any more.",
        "Steps 1–5 are done: do not repeat them.",
        "\n6. Click “Place order” (button)\n",
        "Values of this run: drink = espresso, name = Ada.",
    ] {
        assert!(text.contains(want), "missing {want:?} in:\n{text}");
    }
    // Done steps are not listed as work, and no secret is asked for: the
    // card was typed before the failure.
    assert!(!text.contains("\n5. "), "{text}");
    assert!(!text.contains("is secret"), "{text}");
}

#[test]
fn a_secret_left_to_type_is_named_never_valued() {
    let flow = checkout();
    let mut args = stuck(0).args;
    args.insert("name".into(), "Grace".into());
    let at = Stuck { at: 2, args, ..stuck(0) };
    let steps = plan(&flow, &at.args).unwrap();
    let text = goal(&flow, &steps, &at);
    assert!(text.contains("Steps 1–2 are done"), "{text}");
    assert!(text.contains("\n5. Type {card_number} into “Card number” (textbox)\n"), "{text}");
    assert!(text.contains("{card_number} is secret: type {{secret}} into its field"), "{text}");
    assert!(text.contains("name = Grace"), "{text}");
    // The card parameter has no value to leak, and none is shown.
    assert!(!text.contains("card_number ="), "{text}");
}

#[test]
fn the_first_step_failing_has_nothing_done() {
    let flow = checkout();
    let steps = plan(&flow, &BTreeMap::new()).unwrap();
    let text = goal(&flow, &steps, &Stuck { at: 0, args: BTreeMap::new(), ..stuck(0) });
    assert!(!text.contains("done: do not repeat"), "{text}");
    assert!(text.contains("\n1. Open http://shop.test/flows/shop/\n"), "{text}");
    // Defaults stand in for values the sentence did not give.
    assert!(text.contains("drink = latte, name = Ada"), "{text}");
}

#[test]
fn the_offer_says_the_sentence_and_how_much_is_left() {
    assert_eq!(offer(1), format!("Say “{SENTENCE}” to have the agent do its last step on the page as it is now (it calls the model)."));
    assert!(offer(3).contains("the 3 steps left"));
    // The sentence is one the flow grammar takes.
    assert_eq!(route(SENTENCE, &[]), Some(FlowCommand::Takeover));
}
