//! Tests of reading model replies: native calls, calls in text, problems.

use super::*;
use crate::llm::{Completion, ToolCallWire};

fn native(calls: &[(&str, &str)]) -> Completion {
    Completion {
        content: String::new(),
        tool_calls: calls.iter().enumerate().map(|(i, (n, a))| ToolCallWire::new(format!("id{i}"), *n, *a)).collect(),
        finish_reason: Some("tool_calls".into()),
        usage: None,
    }
}

fn content(text: &str) -> Completion {
    Completion { content: text.into(), tool_calls: vec![], finish_reason: Some("stop".into()), usage: None }
}

#[test]
fn replies_are_read_however_the_call_was_written() {
    let cases: &[(Completion, &[&str], bool)] = &[
        (native(&[("dom_click", r#"{"id":"a1"}"#)]), &["dom_click"], true),
        // Empty arguments are an empty object.
        (native(&[("tabs_list", "")]), &["tabs_list"], true),
        // Single quotes and a trailing comma: repaired.
        (native(&[("dom_click", "{'id': 'a1',}")]), &["dom_click"], true),
        (native(&[("dom_click", r#"{"id": "#)]), &["dom_click"], false),
        (content("Clicking now.\n{\"tool\": \"dom_click\", \"args\": {\"id\": \"a1\"}}"), &["dom_click"], true),
        (content("<tool_call>{\"name\": \"done\", \"arguments\": {\"answer\": \"x\"}}</tool_call>"), &["done"], true),
        (content("The price is $29."), &[], true),
    ];
    for (completion, names, ok) in cases {
        let reply = read(completion, 0);
        let got: Vec<&str> = reply.calls.iter().map(|c| c.wire.name.as_str()).collect();
        assert_eq!(&got, names, "{completion:?}");
        assert_eq!(reply.well_formed(), *ok, "{completion:?}: {reply:?}");
    }
}

#[test]
fn prose_around_a_text_call_becomes_the_note() {
    let reply = read(&content("I will open billing.\n{\"tool\": \"dom_click\", \"args\": {\"id\": \"a1\"}}"), 3);
    assert_eq!(reply.text, "I will open billing.");
    assert_eq!(reply.calls[0].wire.id, "call_3_0");
}

#[test]
fn at_most_five_calls_run_per_reply() {
    let many: Vec<(&str, &str)> = (0..7).map(|_| ("tabs_list", "{}")).collect();
    let reply = read(&native(&many), 0);
    assert_eq!((reply.calls.len(), reply.dropped), (5, 2));
}

#[test]
fn an_unknown_tool_in_text_is_a_problem_to_repair() {
    let reply = read(&content("{\"tool\": \"teleport\", \"args\": {}}"), 0);
    assert!(reply.calls.is_empty());
    assert!(reply.problem.unwrap().contains("There is no tool `teleport`"));
}
