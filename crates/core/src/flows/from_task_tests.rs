//! Tasks saved as flows: `fixtures/tasks/*.json` hold a task's steps as the
//! controller records them (compact: status, line, call, where the page
//! went) and the flow expected from them.

use super::*;
use crate::agent::task::Turn;
use crate::agent::{StepRecord, StepStatus, Task, TaskStatus};
use crate::types::Observation;
use serde_json::{json, Value};
use std::path::PathBuf;

fn fixtures() -> Vec<(String, Value)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/flows/fixtures/tasks");
    let mut out: Vec<(String, Value)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap()))
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    assert!(out.len() >= 2, "want ≥ 2 tasks, found {}", out.len());
    out
}

/// A succeeded task with the fixture's goal, start page, answers and steps.
fn task_of(fx: &Value) -> Task {
    let mut task = Task::new("t1".into(), fx["goal"].as_str().unwrap().into(), 1, "nonce".into(), 0.0);
    task.status = TaskStatus::Succeeded;
    task.start_url = fx["startUrl"].as_str().map(str::to_owned);
    task.start_title = fx["startTitle"].as_str().map(str::to_owned);
    for answer in fx["answers"].as_array().into_iter().flatten() {
        task.turns.push(Turn::User { text: answer.as_str().unwrap().into() });
    }
    for (i, s) in fx["steps"].as_array().unwrap().iter().enumerate() {
        let call: crate::tools::ToolCall = serde_json::from_value(s["call"].clone()).unwrap();
        task.steps.push(StepRecord {
            index: i as u32,
            llm_call: 0,
            tool: s["call"]["name"].as_str().unwrap().replace('.', "_"),
            args: s["call"]["args"].clone(),
            description: s["description"].as_str().unwrap().into(),
            call: Some(call),
            used_selector: serde_json::from_value(s["usedSelector"].clone()).unwrap(),
            risk: None,
            status: serde_json::from_value(s["status"].clone()).unwrap(),
            result: String::new(),
            observation: Some(Observation {
                url: s["url"].as_str().unwrap_or(fx["startUrl"].as_str().unwrap()).into(),
                title: String::new(),
                ts: 0.0,
                url_changed: s["urlChanged"].as_bool(),
                collection_summary: None,
                focused_role: None,
            }),
            pcd_ts: None,
            started_at: 0.0,
            ms: 0,
        });
    }
    task
}

#[test]
fn tasks_become_the_expected_flows() {
    for (file, fx) in fixtures() {
        let flow = flow_from_task(fx["name"].as_str().unwrap(), &task_of(&fx["task"])).unwrap_or_else(|e| panic!("{file}: {e}"));
        let want = &fx["expect"];
        let lines: Vec<String> = flow.steps.iter().map(FlowStep::describe).collect();
        assert_eq!(json!(lines), want["steps"], "{file}: steps");
        let navigates: Vec<usize> = flow.steps.iter().enumerate().filter(|(_, s)| s.navigates).map(|(i, _)| i).collect();
        assert_eq!(json!(navigates), want["navigates"], "{file}: navigating steps");
        let params: Vec<String> = flow
            .parameters
            .iter()
            .map(|p| match (&p.default, p.secret) {
                (_, true) => format!("{} (secret)", p.name),
                (Some(d), _) => format!("{}={d}", p.name),
                (None, _) => p.name.clone(),
            })
            .collect();
        assert_eq!(json!(params), want["parameters"], "{file}: parameters");
        assert_eq!(json!(flow.scope.domains), want["domains"], "{file}: domains");
        assert_eq!(json!(flow.grammar_patterns), want["patterns"], "{file}: sentences");
        for (i, step) in flow.steps.iter().enumerate() {
            let alts = step.target.as_ref().map(|t| serde_json::to_value(&t.alt_selectors).unwrap()).unwrap_or(json!([]));
            assert_eq!(alts, want["alts"].get(i.to_string()).cloned().unwrap_or(json!([])), "{file}: alternatives of step {i}");
        }
        assert_eq!(flow.source, FlowSource::Task);
        // What is stored holds no secret, and the flow checks out.
        assert!(!serde_json::to_string(&flow).unwrap().contains("{{secret"), "{file}");
        flow.check().unwrap();
    }
}

#[test]
fn a_task_that_did_not_succeed_or_did_nothing_is_not_a_flow() {
    let (_, fx) = fixtures().remove(0);
    let mut task = task_of(&fx["task"]);
    for (status, says) in [(TaskStatus::Failed, "failed"), (TaskStatus::Cancelled, "was stopped"), (TaskStatus::Executing, "has not ended")] {
        task.status = status;
        let e = flow_from_task("x", &task).unwrap_err();
        assert!(e.to_string().ends_with(says), "{e}");
    }
    task.status = TaskStatus::Succeeded;
    task.steps.retain(|s| s.tool == "getMiniPCD" || s.status != StepStatus::Ok);
    assert_eq!(flow_from_task("read only", &task).unwrap_err(), FlowError::NoSteps { name: "read only".into() });
}

#[test]
fn an_unnamed_flow_is_named_from_the_goal_without_a_withheld_secret() {
    let mut task = task_of(&fixtures()[0].1["task"]);
    task.goal = "log in with {{secret:password}} and order the blue lamp please".into();
    assert_eq!(flow_from_task(" ", &task).unwrap().name, "log in with and order the");
}
