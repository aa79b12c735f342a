//! Tests of the model-facing tool table: schemas, decoding, leniency.

use super::*;
use serde_json::json;

#[test]
fn every_tool_has_an_object_schema_without_references() {
    for tool in TOOLS {
        let schema = tool.parameters();
        assert_eq!(schema["type"], "object", "{}: {schema}", tool.name);
        let text = schema.to_string();
        for banned in ["$ref", "$schema", "\"title\"", "definitions", "\"null\""] {
            assert!(!text.contains(banned), "{}: schema has {banned}: {text}", tool.name);
        }
        assert!(!tool.description.is_empty() && tool.description.len() < 160, "{}", tool.name);
    }
}

#[test]
fn schemas_describe_fields_and_required_ones() {
    let find_schema = |name: &str| find(name).unwrap().parameters();
    let typed = find_schema("dom_type");
    assert_eq!(typed["required"], json!(["text"]), "{typed}");
    assert_eq!(typed["properties"]["id"]["type"], "string", "{typed}");
    assert_eq!(typed["properties"]["tabId"]["type"], "integer", "{typed}");
    assert_eq!(typed["properties"]["selector"]["type"], "object", "{typed}");
    let done = find_schema("done");
    assert_eq!(done["required"], json!(["answer"]), "{done}");
    let query = find_schema("pcd_query");
    assert_eq!(query["properties"]["kind"]["enum"], json!(["action", "form", "collection"]), "{query}");
    let wait = find_schema("dom_waitFor");
    assert_eq!(wait["properties"]["event"]["enum"], json!(["urlChange", "networkIdle", "selector", "text"]), "{wait}");
}

#[test]
fn ways_a_tool_has_no_use_for_are_decoded_but_not_advertised() {
    let scroll = find("dom_scroll").unwrap().parameters();
    assert!(scroll["properties"].get("item").is_none() && scroll["properties"].get("field").is_none(), "{scroll}");
    assert!(scroll["properties"].get("id").is_some());
    let click = find("dom_click").unwrap().parameters();
    assert!(click["properties"].get("item").is_some() && click["properties"].get("field").is_some(), "a date field is clicked: {click}");
    let call = decode("dom_scroll", json!({"id": "a3", "item": 2})).unwrap();
    assert_eq!(call, AgentCall::Scroll(ScrollArgs { direction: None, target: Target { id: Some("a3".into()), item: Some(2), ..Target::default() }, tab_id: None }));
}

/// The schemas go with every model call: their size is a cost per step.
#[test]
fn the_whole_tool_list_stays_small() {
    let bpe = tiktoken_rs::o200k_base().unwrap();
    let all = crate::agent::conversation::tool_specs();
    let tokens = bpe.encode_with_special_tokens(&serde_json::to_string(&all).unwrap()).len();
    println!("tool and skill definitions: {tokens} tokens (o200k)");
    assert!(tokens < 2_700, "tool and skill definitions take {tokens} tokens");
}

#[test]
fn calls_decode_with_loose_values() {
    let cases: &[(&str, Value, AgentCall)] = &[
        ("dom_click", json!({"id": "a1b2"}), AgentCall::Click(TargetArgs { target: Target { id: Some("a1b2".into()), ..Target::default() }, tab_id: None })),
        ("dom.click", json!({"id": 12, "tabId": "7"}), AgentCall::Click(TargetArgs { target: Target { id: Some("12".into()), ..Target::default() }, tab_id: Some(7) })),
        (
            "dom_click",
            json!({"selector": "Sign in"}),
            AgentCall::Click(TargetArgs {
                target: Target { selector: Some(RoleSelector::Text { text: "Sign in".into(), within_landmark: None, nth: None, frame_path: None }), ..Target::default() },
                tab_id: None,
            }),
        ),
        (
            "dom_type",
            json!({"field": "Email", "text": "demo@acme.test", "submit": "false", "tabId": null}),
            AgentCall::Type(TypeArgs { target: Target { field: Some("Email".into()), ..Target::default() }, text: "demo@acme.test".into(), submit: Some(false), replace: None, tab_id: None }),
        ),
        ("dom_check", json!({"id": "a9", "checked": "yes"}), AgentCall::Check(CheckArgs { target: Target { id: Some("a9".into()), ..Target::default() }, checked: Some(true), tab_id: None })),
        ("getDetails", json!({"ids": "a1, a2"}), AgentCall::GetDetails(IdsArgs { ids: vec!["a1".into(), "a2".into()], tab_id: None })),
        ("tabs_list", Value::Null, AgentCall::TabsList),
        ("done", json!({"answer": "It costs $29."}), AgentCall::Done(DoneArgs { answer: "It costs $29.".into(), success: true })),
        ("done", json!("{\"answer\": \"x\", \"success\": false}"), AgentCall::Done(DoneArgs { answer: "x".into(), success: false })),
        ("DOM_CLICK", json!({"id": "a1"}), AgentCall::Click(TargetArgs { target: Target { id: Some("a1".into()), ..Target::default() }, tab_id: None })),
    ];
    for (name, args, want) in cases {
        assert_eq!(decode(name, args.clone()).as_ref(), Ok(want), "{name} {args}");
    }
}

#[test]
fn bad_calls_say_what_to_fix() {
    let cases: &[(&str, Value, &str)] = &[
        ("dom_teleport", json!({}), "There is no tool `dom_teleport`. Use one of: getMiniPCD, pcd_query"),
        ("dom_click", json!({}), "`dom_click` needs the element: give `id`"),
        ("dom_type", json!({"id": "a1"}), "The arguments of `dom_type` are not valid: missing field `text`"),
        ("tabs_switch", json!({"tabId": "first"}), "The arguments of `tabs_switch` are not valid: invalid type"),
        ("dom_scroll", json!({"direction": "sideways"}), "unknown variant `sideways`, expected one of `up`, `down`, `top`, `bottom`"),
    ];
    for (name, args, want) in cases {
        let e = decode(name, args.clone()).unwrap_err().to_string();
        assert!(e.contains(want), "{name} {args}: {e}");
    }
}

