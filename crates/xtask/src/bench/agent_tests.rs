//! Tests of `bench agent`'s counting, baseline and report.

use super::*;

fn words(s: &str) -> usize {
    s.split_whitespace().count()
}

fn results() -> Results {
    let task = json!({
        "id": "t1", "goal": "Buy it", "status": "succeeded", "opening": "Task: Buy it\n\nThe current tab (7) shows:\n<page-n>\nPage \"Shop\" http://x/ \nActions:\n- a1 button \"Buy\"\n</page-n>",
        "turns": [
            {"turn": "model", "content": "Buying.", "calls": [{"id": "c1", "name": "dom_type", "arguments": "{\"field\":\"Name\"}"}, {"id": "c2", "name": "dom_click", "arguments": "{\"id\":\"a1\"}"}]},
            {"turn": "results", "results": [{"callId": "c1", "name": "dom_type", "brief": "Done: Type.\nmore words here"}, {"callId": "c2", "name": "dom_click", "brief": "Done: Click “Buy” (button).", "page": "Changes: x"}]},
            {"turn": "model", "content": "", "calls": [{"id": "c3", "name": "done", "arguments": "{\"answer\":\"ok\"}"}]}
        ],
        "steps": [
            {"index": 0, "llmCall": 0, "tool": "dom_type", "args": {}, "description": "Type", "status": "ok", "result": "", "startedAt": 1000.0, "ms": 100},
            {"index": 1, "llmCall": 0, "tool": "dom_click", "args": {}, "description": "Click", "status": "ok", "result": "", "startedAt": 2000.0, "ms": 1300}
        ]
    });
    let tools = json!([{"type": "function", "function": {"name": "dom_click"}}]);
    let req = |msgs: Value| json!({"messages": msgs, "tools": tools});
    let system = json!({"role": "system", "content": "You are it"});
    let opening = json!({"role": "user", "content": task["opening"]});
    let r1 = req(json!([system, opening]));
    let r2 = req(json!([system, opening,
        {"role": "assistant", "content": "Buying.", "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "dom_type", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": "Done: Type."}]));
    let snap = |k: usize, yaml: &str| json!({"request": k, "url": "http://x/", "title": "Shop", "yaml": yaml});
    serde_json::from_value(json!({
        "runs": 1, "delayMs": 250, "userAgent": "UA",
        "tasks": [{"name": "buy", "label": "buy", "run": 1, "requests": [r1, r2],
                   "snapshots": [snap(1, "- button \"Buy\" a b c d e f g h"), snap(2, "- text: Thanks i j k l m n o p")],
                   "task": task, "waits": [{"from": 2100.0, "to": 3100.0}]}]
    }))
    .unwrap()
}

#[test]
fn the_baseline_replays_our_calls_with_a_snapshot_after_each_turn() {
    let r = results();
    let run = &r.tasks[0];
    let task = TaskRecord::from_value(run.task.clone()).unwrap();
    let snapshot = |k: usize| run.snapshots.iter().find(|s| s.request == k).map(render);
    let reqs = baseline_requests(&task, &run.requests[0], &snapshot).unwrap();
    assert_eq!(reqs.len(), 3, "one request for the first snapshot, then one per model turn");
    assert_eq!(reqs[0].len(), 2);
    assert_eq!(reqs[0][1]["content"], "Task: Buy it", "the goal alone");
    let first_page = &reqs[1];
    assert_eq!(first_page[2]["tool_calls"][0]["function"]["name"], "browser_snapshot");
    let snap = first_page[3]["content"].as_str().unwrap();
    assert!(snap.starts_with("- Page URL: http://x/") && !snap.contains("<page-n>"), "our listing is replaced: {snap}");
    let second = &reqs[2];
    assert_eq!(second.len(), 7, "{second:?}");
    assert_eq!(second[4]["tool_calls"].as_array().unwrap().len(), 2);
    assert_eq!(second[5]["content"], "Done: Type.", "an earlier call of the turn: our first line only");
    let last = second[6]["content"].as_str().unwrap();
    assert!(last.starts_with("Done: Click “Buy” (button).\n- Page URL") && last.contains("Thanks"), "{last}");
}

#[test]
fn counting_and_the_report() {
    let tok: Tok = &words;
    let m = json!({"role": "assistant", "content": null, "tool_calls": [{"id": "c1", "function": {"name": "done", "arguments": "{\"a\": 1}"}}]});
    // 3 + role + id + name + arguments (two words)
    assert_eq!(message_tokens(&m, tok), 3 + 1 + 1 + 1 + 2);
    let parts = json!({"role": "user", "content": [{"type": "text", "text": "a b"}, {"type": "text", "text": "c"}]});
    assert_eq!(message_tokens(&parts, tok), 3 + 1 + 3);

    // The baseline carries the peer's tools in every request, ours what we sent.
    let peer = Peer { tools: json!([{"type": "function", "function": {"name": "browser_click", "description": "one two three"}}]), what: "the peer's".into() };
    let rows = rows(&results(), &peer, tok).unwrap();
    assert_eq!(rows[0].baseline.tools, 3 * tok(&peer.tools.to_string()), "three requests (one for the first snapshot), the peer's tools in each");
    assert_eq!(rows[0].ours.tools, 2 * tok(&json!([{"type": "function", "function": {"name": "dom_click"}}]).to_string()));

    let out = report(&results(), &peer, tok).unwrap();
    assert!(out.contains("Prompt tokens per task"), "{out}");
    assert!(out.contains("the baseline's = the peer's"), "{out}");
    let row = out.lines().find(|l| l.starts_with("buy ")).unwrap();
    assert!(row.contains("succeeded") && row.contains(" 2 "), "{row}");
    // The click (1300 ms) waited 1000 ms for a card: 300 ms of ours.
    let time_row = out.lines().filter(|l| l.starts_with("buy ")).nth(2).unwrap();
    assert_eq!(time_row.split_whitespace().collect::<Vec<_>>(), ["buy", "2", "100", "300", "300", "1"], "{out}");
    assert!(out.contains("our time per step, p50 over all steps: 100 ms (p95 300) — target ≤ 150 ms: met"), "{out}");
    assert!(out.contains("prompt tokens, buy: "), "{out}");
    let blocks: Vec<&str> = page_blocks("a <page-n>\nx\n</page-n> b <page-n>y</page-n>").collect();
    assert_eq!(blocks, ["<page-n>\nx\n</page-n>", "<page-n>y</page-n>"]);
    assert!(out.contains("Where the prompt tokens go"), "{out}");
    assert_eq!(thousands(1234567), "1,234,567");
    assert_eq!(thousands(999), "999");
}
