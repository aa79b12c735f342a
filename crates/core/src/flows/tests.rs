//! Data-driven tests of WebFlows: recordings in `fixtures/*.json` (events
//! in, the expected steps, parameters and sentences beside them), and
//! tables for sentences, the healing ladder, hit choice, edits and files.

use super::*;
use crate::types::QueryHit;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::PathBuf;

fn fixtures() -> Vec<(String, Value)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/flows/fixtures");
    let mut out: Vec<(String, Value)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap()))
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    assert!(out.len() >= 3, "want ≥ 3 recordings, found {}", out.len());
    out
}

/// The flow name each fixture is recorded as (its sentences follow it).
fn name_for(file: &str) -> &'static str {
    match file {
        "checkout.json" => "order coffee",
        "browse.json" => "read docs",
        _ => "update settings",
    }
}

fn recorded(fixture: &Value) -> Vec<RecordedEvent> {
    serde_json::from_value(fixture["events"].clone()).unwrap()
}

#[test]
fn recordings_fold_into_the_expected_steps() {
    for (file, fx) in fixtures() {
        let flow = flow_from_recording(name_for(&file), &recorded(&fx)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let want = &fx["expect"];
        let lines: Vec<String> = flow.steps.iter().map(FlowStep::describe).collect();
        assert_eq!(json!(lines), want["steps"], "{file}: steps");
        let navigates: Vec<usize> = flow.steps.iter().enumerate().filter(|(_, s)| s.navigates).map(|(i, _)| i).collect();
        assert_eq!(json!(navigates), want["navigates"], "{file}: navigating steps");
        assert_eq!(serde_json::to_value(&flow.parameters).unwrap(), want["parameters"], "{file}: parameters");
        assert_eq!(json!(flow.scope.domains), want["domains"], "{file}: domains");
        assert_eq!(json!(flow.grammar_patterns), want["patterns"], "{file}: sentences");
        assert_eq!(flow.source, FlowSource::Recording);
        assert_eq!(flow.version, FLOW_VERSION);
    }
}

#[test]
fn no_secret_value_survives_a_recording_even_if_the_page_sent_one() {
    // A content module that wrongly sent a card number with `secret` set:
    // the fold keeps the parameter, never the value.
    let target = json!({"selector": {"kind": "role", "role": "textbox", "name": "Card number", "nameMode": "exact"}, "role": "textbox", "label": "Card number"});
    let events: Vec<RecordedEvent> = serde_json::from_value(json!([
        {"atMs": 0, "url": "https://s.test/", "event": "start", "title": "Pay"},
        {"atMs": 1, "url": "https://s.test/", "event": "input", "value": "4242 4242 4242 4242", "secret": "card_number", "target": target},
    ]))
    .unwrap();
    let flow = flow_from_recording("pay", &events).unwrap();
    let text = export(&[flow]);
    assert!(!text.contains("4242"), "{text}");
    assert!(text.contains("\"secret\": true"), "{text}");
}

#[test]
fn a_flow_that_keeps_a_secret_value_is_refused() {
    let mut flow = coffee();
    let card = flow.parameters.iter_mut().find(|p| p.secret).unwrap();
    card.default = Some("4242424242424242".into());
    assert_eq!(flow.check(), Err(FlowError::SecretValue { param: "card_number".into() }));
    // A literal card number typed into a card field is refused too.
    let mut flow = coffee();
    flow.steps[4].action = StepAction::Type { value: StepValue::Literal("4242 4242 4242 4242".into()) };
    assert!(matches!(flow.check(), Err(FlowError::SecretLiteral { step: 5, .. })), "{:?}", flow.check());
}

fn coffee() -> WebFlow {
    let fx = fixtures().into_iter().find(|(f, _)| f == "checkout.json").unwrap().1;
    flow_from_recording("order coffee", &recorded(&fx)).unwrap()
}

#[test]
fn sentences_route_to_flows_and_commands() {
    let flows = vec![coffee()];
    let args = |pairs: &[(&str, &str)]| pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect::<BTreeMap<_, _>>();
    let run = |pairs: &[(&str, &str)]| Some(FlowCommand::Run { name: "order coffee".into(), args: args(pairs) });
    let cases: Vec<(&str, Option<FlowCommand>)> = vec![
        ("order espresso from the bean there coffee shop", run(&[("drink", "espresso")])),
        ("Order a Flat White at Bean There Coffee Shop", run(&[("drink", "a Flat White")])),
        ("please order cortado from bean there coffee shop.", run(&[("drink", "cortado")])),
        ("order coffee with oat latte", run(&[("drink", "oat latte")])),
        ("order coffee", run(&[])),
        ("run the order coffee flow", run(&[])),
        ("run Order-Coffee", run(&[])),
        ("replay order coffee", run(&[])),
        ("record order tea", Some(FlowCommand::Record { name: "order tea".into() })),
        ("record a flow called Pay rent", Some(FlowCommand::Record { name: "Pay rent".into() })),
        ("start recording", Some(FlowCommand::Record { name: String::new() })),
        ("stop recording", Some(FlowCommand::StopRecording)),
        ("Stop the recording", Some(FlowCommand::StopRecording)),
        ("accept the healed steps", Some(FlowCommand::AcceptHealing)),
        ("save this as a flow called buy lamp", Some(FlowCommand::SaveTask { name: "buy lamp".into() })),
        ("Save the last task as a workflow", Some(FlowCommand::SaveTask { name: String::new() })),
        ("please turn that into a macro named Pay Rent.", Some(FlowCommand::SaveTask { name: "Pay Rent".into() })),
        ("make a flow from this task", Some(FlowCommand::SaveTask { name: String::new() })),
        // The panel's "Save as a flow" sentence, sent without a name.
        ("save this as a flow called", Some(FlowCommand::SaveTask { name: String::new() })),
        ("continue the flow", Some(FlowCommand::Continue)),
        ("Please resume the interrupted workflow.", Some(FlowCommand::Continue)),
        ("go on with the flow", Some(FlowCommand::Continue)),
        (takeover::SENTENCE, Some(FlowCommand::Takeover)),
        ("Let the agent do the rest, please", Some(FlowCommand::Takeover)),
        ("finish it with the AI", Some(FlowCommand::Takeover)),
        ("hand the rest over to the agent", Some(FlowCommand::Takeover)),
        ("agent take over", Some(FlowCommand::Takeover)),
        ("let the agent finish the quarterly report", None),
        // Not flows: the command grammar or the agent has them.
        ("stop", None),
        ("run the numbers", None),
        ("order espresso", None),
        ("click Add to order", None),
        ("order espresso from the other shop", None),
        ("save this article", None),
        ("save the form as draft", None),
        ("continue", None),
        ("continue to checkout", None),
    ];
    for (input, want) in cases {
        assert_eq!(route(input, &flows), want, "{input:?}");
    }
}

#[test]
fn a_run_fills_values_from_the_sentence_then_defaults_and_asks_for_secrets() {
    let flow = coffee();
    let steps = plan(&flow, &BTreeMap::from([("drink".to_string(), "espresso".to_string())])).unwrap();
    let lines: Vec<&str> = steps.iter().map(|s| s.description.as_str()).collect();
    assert_eq!(lines[1], "Type “espresso” into “Drink” (textbox)");
    assert_eq!(lines[3], "Type “Ada” into “Name” (textbox)");
    assert_eq!(steps[4].value, Some(RunValue::Secret { kind: crate::safety::SecretKind::CardNumber, param: "card_number".into() }));
    assert_eq!(lines[4], "Type {card_number} into “Card number” (textbox)");
    let err = plan(&flow, &BTreeMap::from([("size".to_string(), "L".to_string())])).unwrap_err();
    assert_eq!(err, ReplayError::UnknownParam { flow: "order coffee".into(), param: "size".into() });
    let mut strict = flow.clone();
    strict.parameters.iter_mut().find(|p| p.name == "drink").unwrap().default = None;
    strict.parameters.iter_mut().find(|p| p.name == "drink").unwrap().required = true;
    assert_eq!(plan(&strict, &BTreeMap::new()).unwrap_err(), ReplayError::MissingValue { flow: "order coffee".into(), param: "drink".into() });
}

fn target(v: Value) -> StepTarget {
    serde_json::from_value(v).unwrap()
}

fn rungs(t: &StepTarget) -> Vec<String> {
    ladder(t)
        .iter()
        .map(|a| match a {
            Attempt::Resolve { rung, selector } => format!("{rung:?} {}", serde_json::to_string(selector).unwrap()),
            Attempt::Query { text } => format!("Query {text}"),
        })
        .collect()
}

#[test]
fn the_healing_ladder_goes_role_text_css_then_query() {
    let button = target(json!({
        "selector": {"kind": "role", "role": "button", "name": "Add to order", "nameMode": "exact", "withinLandmark": "main", "nth": 1},
        "altSelectors": [{"kind": "css", "css": "#add"}, {"kind": "text", "text": "Add to order"}],
        "role": "button", "label": "Add to order", "kind": "add_to_cart"
    }));
    assert_eq!(rungs(&button), vec![
        r#"RoleName {"kind":"role","role":"button","name":"Add to order","nameMode":"exact","withinLandmark":"main","nth":1}"#.to_string(),
        r#"RoleName {"kind":"role","role":"button","name":"Add to order","nameMode":"exact"}"#.to_string(),
        r#"Text {"kind":"text","text":"Add to order"}"#.to_string(),
        r##"Css {"kind":"css","css":"#add"}"##.to_string(),
        "Query Add to order".to_string(),
    ]);
    let field = target(json!({"selector": {"kind": "role", "role": "textbox", "name": "Your name", "nameMode": "exact"}, "role": "textbox", "label": "Your name"}));
    assert_eq!(rungs(&field), vec![
        r#"RoleName {"kind":"role","role":"textbox","name":"Your name","nameMode":"exact"}"#.to_string(),
        r#"Query {"kind":"near","role":"textbox","label":"Your name"}"#.to_string(),
        r#"Query {"kind":"role","role":"textbox","name":"name","nameMode":"includes"}"#.to_string(),
    ]);
    // A box is a field too; a reworded label ("Double shot") keeps a word.
    let check = target(json!({"selector": {"kind": "role", "role": "checkbox", "name": "/^\\s*Extra\\s+shot\\s*$/i", "nameMode": "regex"}, "role": "checkbox", "label": "Extra shot"}));
    assert_eq!(rungs(&check)[1..], [
        r#"Query {"kind":"near","role":"checkbox","label":"Extra shot"}"#.to_string(),
        r#"Query {"kind":"role","role":"checkbox","name":"Extra","nameMode":"includes"}"#.to_string(),
        r#"Query {"kind":"role","role":"checkbox","name":"shot","nameMode":"includes"}"#.to_string(),
    ]);
    let css_only = target(json!({"selector": {"kind": "css", "css": "div > a"}, "label": ""}));
    assert_eq!(rungs(&css_only), vec![r#"Css {"kind":"css","css":"div > a"}"#.to_string()]);
}

#[test]
fn healing_picks_the_hit_with_the_labels_words_and_kind() {
    let t = target(json!({"selector": {"kind": "role", "role": "button", "name": "Add to order"}, "role": "button", "label": "Add to order", "kind": "add_to_cart"}));
    let hit = |id: &str, label: &str, kind: Option<&str>, score: f64| QueryHit { id: id.into(), label: label.into(), kind: kind.map(str::to_owned), landmark: None, score };
    let cases: Vec<(Vec<QueryHit>, Option<&str>)> = vec![
        (vec![hit("a1", "Add to your order", Some("add_to_cart"), 0.7), hit("a2", "Order history", None, 0.9)], Some("a1")),
        // Another kind never heals, however well it ranks.
        (vec![hit("a1", "Add to order", Some("navigate"), 0.99)], None),
        // An unknown kind may, on the words.
        (vec![hit("a3", "Add to the order", None, 0.5)], Some("a3")),
        // Too few of the label's words.
        (vec![hit("a4", "Order now", Some("add_to_cart"), 0.95)], None),
        // More words first, then the better score.
        (vec![hit("a5", "Add order", None, 0.9), hit("a6", "Add to order now", None, 0.4), hit("a7", "Add to order", None, 0.6)], Some("a7")),
        (vec![], None),
    ];
    for (hits, want) in cases {
        assert_eq!(pick_hit(&t, &hits).map(|h| h.id.as_str()), want, "{hits:?}");
    }
}

#[test]
fn accepting_a_heal_replaces_only_that_steps_target() {
    let flow = coffee();
    let healed = Healed {
        step: 2,
        rung: Rung::Query,
        target: target(json!({"selector": {"kind": "role", "role": "button", "name": "Add to your order", "nameMode": "exact"}, "role": "button", "label": "Add to your order"})),
    };
    assert_eq!(healed.describe("Add to order"), "Step 3 “Add to order” → “Add to your order” (button), found by a page search for its label");
    let updated = accept(&flow, std::slice::from_ref(&healed));
    assert_eq!(updated.steps[2].target, Some(healed.target.clone()));
    assert_eq!(updated.steps[2].action, flow.steps[2].action);
    for i in [0, 1, 3, 4, 5] {
        assert_eq!(updated.steps[i], flow.steps[i], "step {i}");
    }
}

#[test]
fn risky_steps_are_the_agents_risky_steps() {
    let flow = coffee();
    let verdicts: Vec<bool> = flow.steps.iter().map(|s| risk(s, "http://shop.test/flows/checkout/", "Checkout").risk.needs_confirmation()).collect();
    // Only "Place order" commits money.
    assert_eq!(verdicts, vec![false, false, false, false, false, true]);
}

#[test]
fn review_edits_rename_delete_and_mark_parameters() {
    let flow = coffee();
    let renamed = apply(&flow, &FlowEdit::Rename { name: "Buy drink".into() }).unwrap();
    assert_eq!(renamed.grammar_patterns[0], "[run] [the] buy drink [flow]");
    assert_eq!(route("buy mocha from the bean there coffee shop", std::slice::from_ref(&renamed)), Some(FlowCommand::Run { name: "Buy drink".into(), args: BTreeMap::from([("drink".into(), "mocha".into())]) }));
    let fewer = apply(&flow, &FlowEdit::DeleteStep { step: 3 }).unwrap();
    assert_eq!(fewer.steps.len(), flow.steps.len() - 1);
    // Unmark the drink: the value is fixed again, the sentences lose it.
    let fixed = apply(&flow, &FlowEdit::UnmarkParam { step: 1 }).unwrap();
    assert_eq!(fixed.steps[1].action, StepAction::Type { value: StepValue::Literal("latte".into()) });
    assert!(fixed.param("drink").is_none());
    assert_eq!(fixed.grammar_patterns[1], "order coffee (with|for) {name}");
    // …and mark it again under a name of the user's.
    let marked = apply(&fixed, &FlowEdit::MarkParam { step: 1, name: Some("beverage".into()) }).unwrap();
    assert_eq!(marked.steps[1].action, StepAction::Type { value: StepValue::Param("beverage".into()) });
    assert_eq!(marked.param("beverage").and_then(|p| p.default.as_deref()), Some("latte"));
    // A secret cannot be unmarked into a stored value.
    let still = apply(&flow, &FlowEdit::UnmarkParam { step: 4 }).unwrap();
    assert_eq!(still.steps[4], flow.steps[4]);
    assert_eq!(apply(&flow, &FlowEdit::Rename { name: " ".into() }), Err(FlowError::NoName));
}

#[test]
fn export_and_import_round_trip_with_a_version_check() {
    let flows = vec![coffee()];
    let text = export(&flows);
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["format"], "browser-copilot.flows");
    // The seed's JSON names.
    let f = &v["flows"][0];
    for key in ["name", "description", "parameters", "steps", "grammarPatterns", "scope", "source", "version"] {
        assert!(f.get(key).is_some(), "{key} missing in {f}");
    }
    assert_eq!(f["scope"], json!({"type": "site", "domains": ["shop.test"]}));
    assert_eq!(f["steps"][2]["action"], "click");
    assert_eq!(f["steps"][1]["value"], json!({"param": "drink"}));
    assert_eq!(import(&text).unwrap(), flows);
    // One flow on its own imports too.
    assert_eq!(import(&f.to_string()).unwrap(), flows);
    let mut newer = v.clone();
    newer["version"] = json!(FLOW_VERSION + 1);
    assert_eq!(import(&newer.to_string()), Err(ImportError::TooNew { found: FLOW_VERSION + 1, supported: FLOW_VERSION }));
    let mut newer_flow = v.clone();
    newer_flow["flows"][0]["version"] = json!(FLOW_VERSION + 1);
    assert!(matches!(import(&newer_flow.to_string()), Err(ImportError::TooNew { .. })));
    let mut leaky = v.clone();
    leaky["flows"][0]["parameters"][0]["default"] = json!("4242424242424242");
    assert!(matches!(import(&leaky.to_string()), Err(ImportError::Invalid { error: FlowError::SecretValue { .. }, .. })));
    assert!(matches!(import("{\"format\": \"other\", \"flows\": []}"), Err(ImportError::NotFlows { .. })));
    assert!(matches!(import("not json"), Err(ImportError::NotFlows { .. })));
}

#[test]
fn site_names_come_from_titles() {
    let cases = [
        ("Menu – Bean There Coffee Shop", Some("Bean There Coffee Shop")),
        ("Settings | Acme", Some("Acme")),
        ("The Coffee Shop", Some("Coffee Shop")),
        ("Docs", Some("Docs")),
        ("", None),
        (" – ", None),
    ];
    for (title, want) in cases {
        assert_eq!(grammar::site_name(title).as_deref(), want, "{title:?}");
    }
}

#[test]
fn a_step_sent_when_the_worker_stopped_is_redone_only_when_harmless() {
    let steps = plan(&coffee(), &BTreeMap::new()).unwrap();
    let find = |pred: &dyn Fn(&RunStep) -> bool| steps.iter().find(|s| pred(s)).unwrap().clone();
    let typing = find(&|s| matches!(s.step.action, StepAction::Type { .. }));
    let leaving = find(&|s| matches!(s.step.action, StepAction::Click) && s.step.navigates);
    let mut staying = leaving.clone();
    staying.step.navigates = false;
    let opening = RunStep { step: FlowStep { action: StepAction::Navigate { url: "http://shop.test/flows/shop/".into() }, target: None, navigates: false }, value: None, description: "Open".into() };
    let shop = "http://shop.test/flows/shop/";
    let checkout = "http://shop.test/flows/checkout/?d=1";
    let cases: Vec<(&RunStep, &str, &str, Sent)> = vec![
        (&typing, shop, shop, Sent::Redo),
        (&leaving, shop, checkout, Sent::Done),
        (&leaving, shop, "http://shop.test/flows/shop/#top", Sent::Unknown),
        (&staying, shop, shop, Sent::Unknown),
        (&opening, "about:blank", "http://shop.test/flows/shop", Sent::Done),
        (&opening, "about:blank", "about:blank", Sent::Redo),
    ];
    for (i, (run, before, now, want)) in cases.into_iter().enumerate() {
        assert_eq!(sent_step(run, before, now), want, "case {i}: {}", run.description);
    }
}

#[test]
fn a_cut_off_replay_says_where_it_stopped_and_what_is_left() {
    let steps = plan(&coffee(), &BTreeMap::new()).unwrap();
    let n = steps.len();
    assert!(n >= 4, "{n} steps");
    let d = |i: usize| steps[i].description.clone();
    // Stopped between steps: continue from the next one.
    let cut = cut_off("order coffee", &steps, 2, None);
    assert_eq!(cut.resume_at, 2);
    assert!(cut.message.contains(&format!("after step 2 (“{}”)", d(1))), "{}", cut.message);
    assert!(cut.message.contains(&format!("the {} steps left", n - 2)), "{}", cut.message);
    // A step that took effect counts as done.
    let cut = cut_off("order coffee", &steps, 2, Some(Sent::Done));
    assert_eq!(cut.resume_at, 3);
    assert!(cut.message.contains(&format!("after step 3 (“{}”)", d(2))), "{}", cut.message);
    // One whose effect is unknown is named, and is where "continue" starts.
    let cut = cut_off("order coffee", &steps, 2, Some(Sent::Unknown));
    assert_eq!(cut.resume_at, 2);
    assert!(cut.message.contains(&format!("Step 3 (“{}”) had been sent to the page", d(2))), "{}", cut.message);
    // Before the first step; and after the last, nothing is left to continue.
    assert!(cut_off("order coffee", &steps, 0, None).message.contains("before its first step"));
    let last = cut_off("order coffee", &steps, n - 1, Some(Sent::Done));
    assert_eq!(last.resume_at, n);
    assert!(!last.message.contains("continue the flow"), "{}", last.message);
    assert!(cut_off("order coffee", &steps, n - 1, None).message.contains("to run its last step"));
}
