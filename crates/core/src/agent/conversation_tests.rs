//! Tests of request rendering: tools, stale page states, compaction.

use super::*;
use crate::agent::task::{CallResult, ModelCall, Task, Turn};

fn task_with_steps(n: usize, page_chars: usize) -> Task {
    let mut task = Task::new("t".into(), "buy a lamp".into(), 1, "n0".into(), 0.0);
    task.opening = "Task: buy a lamp".into();
    for i in 0..n {
        task.turns.push(Turn::Model { content: format!("step {i}"), calls: vec![ModelCall { id: format!("c{i}"), name: "dom_click".into(), arguments: format!("{{\"id\":\"a{i}\"}}") }] });
        task.turns.push(Turn::Results {
            results: vec![CallResult { call_id: format!("c{i}"), name: "dom_click".into(), brief: format!("Done: click {i}.\nmore detail {i}"), page: Some(format!("PAGE{i} {}", "x".repeat(page_chars))), images: Vec::new() }],
        });
    }
    task
}

fn rendered(req: &crate::llm::ToolChatRequest) -> String {
    serde_json::to_string(&req.messages).unwrap()
}

#[test]
fn native_requests_offer_the_tools_one_call_at_a_time() {
    let req = request(&task_with_steps(1, 10), "m", None, 10_000);
    let v = serde_json::to_value(&req).unwrap();
    assert_eq!(v["tool_choice"], "required");
    assert_eq!(v["parallel_tool_calls"], false);
    assert_eq!(v["stream_options"]["include_usage"], true);
    assert!(v.get("temperature").is_none(), "temperature only when the user set one");
    assert_eq!(req.tools.len(), crate::agent::tools::TOOLS.len() + crate::agent::skills::SKILLS.len());
}

/// `task` with the page states of results `reports` turned into change reports.
fn with_reports(mut task: Task, reports: &[usize]) -> Task {
    for (i, turn) in task.turns.iter_mut().filter(|t| matches!(t, Turn::Results { .. })).enumerate() {
        if let (Turn::Results { results }, true) = (turn, reports.contains(&i)) {
            let page = results[0].page.take().unwrap_or_default();
            results[0].page = Some(crate::agent::page::change_report(&page));
        }
    }
    task
}

#[test]
fn only_the_current_page_is_kept() {
    // Five full page states: the newest alone is the current page.
    let text = rendered(&request(&task_with_steps(5, 10), "m", None, 100_000));
    for i in 0..4 {
        assert!(!text.contains(&format!("PAGE{i} ")), "stale page {i} kept");
    }
    assert!(text.contains("PAGE4 "));
    assert_eq!(text.matches("page state omitted: a newer one follows").count(), 4);
    // A full page state and two change reports after it: all three, as
    // the reports are read against it; the one before is stale.
    let text = rendered(&request(&with_reports(task_with_steps(5, 10), &[3, 4]), "m", None, 100_000));
    assert!(!text.contains("PAGE1 ") && text.contains("PAGE2 ") && text.contains("PAGE3 ") && text.contains("PAGE4 "), "{text}");
    // A change report that a full page state follows is stale too.
    let text = rendered(&request(&with_reports(task_with_steps(3, 10), &[1]), "m", None, 100_000));
    assert!(!text.contains("PAGE0 ") && !text.contains("PAGE1 ") && text.contains("PAGE2 "), "{text}");
}

#[test]
fn the_first_page_is_left_out_once_a_newer_one_follows() {
    let with_start = |task: Task| {
        let mut task = task;
        task.opening = format!("Task: buy a lamp\n\nThe current tab (1) shows:\n{}", crate::agent::prompt::untrusted("n0", "START listing"));
        rendered(&request(&task, "m", None, 100_000))
    };
    let reports = with_start(with_reports(task_with_steps(2, 10), &[0, 1]));
    assert!(reports.contains("START listing"), "only change reports follow: the first page is what they change");
    let one = with_start(task_with_steps(1, 10));
    assert!(!one.contains("START listing") && !one.contains("<page-n0>\\nSTART"), "{one}");
    assert!(one.contains("Task: buy a lamp") && one.contains("The current tab (1) shows:\\n(page state omitted: a newer one follows)"), "{one}");
}

#[test]
fn past_the_budget_old_turns_are_shortened_then_folded() {
    let task = task_with_steps(30, 8_000);
    let wide = request(&task, "m", None, 1_000_000);
    assert!(rendered(&wide).contains("more detail 0"));
    // The newest page alone is ~2,000 tokens: a budget just above it
    // needs the turns before it shortened and folded.
    let tight = request(&task, "m", None, 2_400);
    let text = rendered(&tight);
    assert!(!text.contains("more detail 0"), "old results shortened");
    assert!(text.contains("Earlier steps (summarised)"), "oldest turns folded");
    assert!(text.contains("PAGE29 "), "the newest page stays");
    let size: usize = tight.messages.iter().map(|m| m.text_len()).sum::<usize>() / 4;
    assert!(size < 6_000, "{size}");
}

#[test]
fn estimates_are_close_to_a_real_tokenizer() {
    let bpe = tiktoken_rs::o200k_base().unwrap();
    let samples = [
        "Page \"Billing – Acme Cloud\" http://127.0.0.1:8080/app/billing/ · signed in\nActions:\n- a1aa link \"Dashboard\" [navigation] @nav",
        "The user answered: the October one, please download it as a PDF.",
        "请帮我下载上个月的发票，然后发送到我的邮箱。",
    ];
    for s in samples {
        let real = bpe.encode_with_special_tokens(s).len() as f64;
        let est = estimate_tokens(s) as f64;
        assert!((est / real) > 0.6 && (est / real) < 1.6, "{s}: estimate {est} vs {real}");
    }
}
