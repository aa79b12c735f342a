//! `cargo xtask bench flows` (issue 43 point 6): what replaying a saved
//! flow costs and how it holds up when the page changes, next to the
//! agent doing the same task again.
//!
//! `tests/bench/flows.mjs` runs the coffee order of www/flows/ through the
//! agent (the model scripted), saves that task as a flow, and replays the
//! flow on the shop as it is and under generated markup mutations (class
//! names and ids, the form's order, wrappers, reworded labels and buttons;
//! `www/flows/variant.js`). This module counts and prints; figures, never
//! a failure. `BC_BENCH_RUNS` (default 3) sets the agent runs and the
//! replays of the unchanged page, `BC_BENCH_MUTATIONS` (default 5) the
//! seeds per mutation kind; `--smoke` runs 1 and 2.
//!
//! ## What counts
//! - A replay **succeeded** when the worker said so *and* the shop's last
//!   page confirms the order the flow was saved with (a latte with an
//!   extra shot for Ada, paid): a replay that binds the wrong element and
//!   carries on is a failure.
//! - **Our time per step**: the `ms` of each `StepDone` event, measured by
//!   the worker around the step (binding and healing, the action, waiting
//!   for a page the previous step led to), minus the time a prompt waited
//!   for its answer; the agent's is `bench agent`'s (the exported task's
//!   step times, cards taken out). The model's time is in neither.
//! - **Tokens**: the agent's requests as sent, counted with o200k as
//!   `bench agent` counts them; a replay sends none (its model requests
//!   are counted from the scripted server's log, and printed).

use super::agent::{body_tokens, completion_tokens, step_times, thousands, Tok, Wait};
use super::table::{self, line, percentiles, P};
use crate::project::Project;
use crate::task_record::TaskRecord;
use anyhow::{Context, Result};
use serde::Deserialize;
use serde_json::Value;
use std::fmt::Write as _;

/// What the last page says when the saved order was placed as saved.
const ORDERED: &str = "Thank you, Ada! Your latte with an extra shot is on its way (paid: yes).";
const KINDS: [&str; 6] = ["none", "classes", "order", "wrap", "reword", "all"];

pub fn run(project: &Project, smoke: bool) -> Result<()> {
    let (out, results): (_, Results) = table::run_script(project, "flows", smoke)?;
    let bpe = tiktoken_rs::o200k_base()?;
    println!("{}", report(&results, &|text| bpe.encode_ordinary(text).len())?);
    println!("events, requests and exported tasks: {}", out.join("results.json").display());
    Ok(())
}

/// What the node script writes (`results.json`).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Results {
    runs: usize,
    mutations: usize,
    user_agent: String,
    agent: Vec<AgentRun>,
    replays: Vec<Replay>,
    saved: Option<Saved>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct AgentRun {
    requests: Vec<Value>,
    task: Value,
    waits: Vec<Wait>,
    /// The shop's confirmation at the end ("" when not on its last page).
    page: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Replay {
    kind: String,
    seed: usize,
    /// The worker's task events, each with `at` (epoch ms).
    events: Vec<Value>,
    status: String,
    answer: String,
    error: Option<String>,
    page: String,
    model_requests: usize,
}

#[derive(Debug, Deserialize)]
struct Saved {
    reply: String,
    flow: Option<Value>,
}

impl Replay {
    fn succeeded(&self) -> bool {
        self.status == "succeeded" && self.page.contains(ORDERED)
    }

    /// Our time of each step: its `ms` minus the prompts' waits within it.
    fn step_times(&self) -> Vec<f64> {
        let at = |e: &Value| e["at"].as_f64().unwrap_or(0.0);
        let mut waits = Vec::new();
        for e in self.events.iter().filter(|e| e["event"] == "prompt") {
            let closed = self.events.iter().find(|c| c["event"] == "promptClosed" && c["promptId"] == e["promptId"]);
            waits.push((at(e), closed.map_or(at(e), at)));
        }
        self.events
            .iter()
            .filter(|e| e["event"] == "stepDone")
            .map(|e| {
                let ms = e["ms"].as_f64().unwrap_or(0.0);
                let (a, b) = (at(e) - ms, at(e));
                let overlap: f64 = waits.iter().map(|(from, to)| (b.min(*to) - a.max(*from)).max(0.0)).sum();
                (ms - overlap).max(0.0)
            })
            .collect()
    }

    fn healed(&self) -> usize {
        self.events.iter().filter(|e| e["event"] == "stepDone" && e["result"].as_str().is_some_and(|r| r.contains("healed"))).count()
    }

    /// Why it failed, in one line.
    fn why(&self) -> String {
        let said = self.error.clone().unwrap_or_else(|| self.answer.lines().next().unwrap_or("").to_owned());
        let page = if self.page.is_empty() { "not on the shop's last page".to_owned() } else { format!("the page says “{}”", self.page) };
        format!("{}: {said}; {page}", self.status)
    }
}

fn p_cell(p: Option<P>) -> String {
    p.map_or_else(|| "–".into(), |p| format!("{:.0}/{:.0}", p.p50, p.p95))
}

fn mean(xs: impl Iterator<Item = usize>) -> f64 {
    let v: Vec<usize> = xs.collect();
    if v.is_empty() { f64::NAN } else { v.iter().sum::<usize>() as f64 / v.len() as f64 }
}

fn report(r: &Results, tok: Tok) -> Result<String> {
    let mut o = String::new();
    writeln!(o, "\nbench flows — the coffee order of www/flows/: the agent (model scripted) {} run(s); saved as a flow; replayed {} time(s) as is and {} time(s) per mutation kind; {}", r.runs, r.runs, r.mutations, r.user_agent)?;
    match &r.saved {
        Some(Saved { flow: Some(flow), .. }) => {
            let steps = flow["steps"].as_array().map_or(0, Vec::len);
            let params: Vec<&str> = flow["parameters"].as_array().into_iter().flatten().filter_map(|p| p["name"].as_str()).collect();
            writeln!(o, "saved from the first agent task: {steps} steps, parameters {}", params.join(", "))?;
        }
        Some(Saved { reply, .. }) => writeln!(o, "the task was NOT saved as a flow: {reply}")?,
        None => writeln!(o, "the task was NOT saved as a flow (no agent run)")?,
    }

    // The agent.
    let mut agent_times = Vec::new();
    let (mut calls, mut prompt, mut completion, mut ok) = (Vec::new(), Vec::new(), Vec::new(), 0);
    for run in &r.agent {
        let task = TaskRecord::from_value(run.task.clone()).context("an agent run's exported task")?;
        agent_times.extend(step_times(&task, &run.waits).0);
        calls.push(run.requests.len());
        prompt.push(run.requests.iter().map(|b| body_tokens(b, tok).total()).sum::<usize>());
        completion.push(completion_tokens(&task, tok));
        ok += usize::from(task.status == "succeeded" && run.page.contains(ORDERED));
    }

    writeln!(o, "\nReplays by mutation kind (our ms per step: p50/p95, prompts' waits taken out)")?;
    let head = ["kind", "replays", "succeeded", "healed steps", "model requests", "ms/step", "ms/replay p50"];
    let mut rows = vec![head.map(String::from).to_vec()];
    let mut all_times = Vec::new();
    for kind in KINDS {
        let runs: Vec<&Replay> = r.replays.iter().filter(|x| x.kind == kind).collect();
        if runs.is_empty() {
            continue;
        }
        let times: Vec<f64> = runs.iter().flat_map(|x| x.step_times()).collect();
        let totals: Vec<f64> = runs.iter().map(|x| x.step_times().iter().sum()).collect();
        all_times.extend(times.iter().copied());
        rows.push(vec![
            kind.to_owned(),
            runs.len().to_string(),
            runs.iter().filter(|x| x.succeeded()).count().to_string(),
            runs.iter().map(|x| x.healed()).sum::<usize>().to_string(),
            runs.iter().map(|x| x.model_requests).sum::<usize>().to_string(),
            p_cell(percentiles(&times)),
            percentiles(&totals).map_or("–".into(), |p| format!("{:.0}", p.p50)),
        ]);
    }
    table_out(&mut o, &rows)?;
    let failed: Vec<&Replay> = r.replays.iter().filter(|x| !x.succeeded()).collect();
    for x in &failed {
        writeln!(o, "  failed {}:{} — {}", x.kind, x.seed, x.why())?;
    }

    writeln!(o, "\nThe same task: the agent again vs the saved flow (page as it is; per task, mean over runs)")?;
    let replays: Vec<&Replay> = r.replays.iter().filter(|x| x.kind == "none").collect();
    let none_times: Vec<f64> = replays.iter().flat_map(|x| x.step_times()).collect();
    let rows = vec![
        ["", "succeeded", "model calls", "prompt tokens", "completion tokens", "steps", "our ms/step"].map(String::from).to_vec(),
        vec![
            "agent".into(),
            format!("{ok}/{}", r.agent.len()),
            format!("{:.1}", mean(calls.iter().copied())),
            thousands(mean(prompt.iter().copied()).round() as usize),
            thousands(mean(completion.iter().copied()).round() as usize),
            format!("{:.1}", agent_times.len() as f64 / r.agent.len().max(1) as f64),
            p_cell(percentiles(&agent_times)),
        ],
        vec![
            "flow replay".into(),
            format!("{}/{}", replays.iter().filter(|x| x.succeeded()).count(), replays.len()),
            format!("{:.1}", mean(replays.iter().map(|x| x.model_requests))),
            "0".into(),
            "0".into(),
            format!("{:.1}", none_times.len() as f64 / replays.len().max(1) as f64),
            p_cell(percentiles(&none_times)),
        ],
    ];
    table_out(&mut o, &rows)?;

    let mutated: Vec<&Replay> = r.replays.iter().filter(|x| x.kind != "none").collect();
    let good = mutated.iter().filter(|x| x.succeeded()).count();
    writeln!(o, "\nUnder mutation: {good}/{} replays placed the order as saved ({:.0}%), {} steps healed; over all replays our time per step {}",
        mutated.len(),
        100.0 * good as f64 / mutated.len().max(1) as f64,
        mutated.iter().map(|x| x.healed()).sum::<usize>(),
        percentiles(&all_times).map_or("–".into(), |p| format!("p50 {:.0} ms, p95 {:.0} ms", p.p50, p.p95)))?;
    writeln!(o, "  A replay succeeds when the worker says so and the shop's last page confirms the saved order; the agent's step times")?;
    writeln!(o, "  are its exported task's (cards taken out); the model's time is in neither.")?;
    Ok(o)
}

fn table_out(o: &mut String, rows: &[Vec<String>]) -> std::fmt::Result {
    let n = rows[0].len();
    let widths: Vec<usize> = (0..n).map(|i| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0)).collect();
    for row in rows {
        line(o, &widths, row, false)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn words(s: &str) -> usize {
        s.split_whitespace().count()
    }

    fn replay(kind: &str, page: &str, result: &str) -> Value {
        json!({"kind": kind, "seed": 1, "wallMs": 900, "status": "succeeded", "answer": "Ran the flow", "page": page, "modelRequests": 0, "error": null,
            "events": [
                {"at": 1000.0, "event": "stepStarted", "index": 0, "description": "Type"},
                {"at": 1100.0, "event": "stepDone", "index": 0, "status": "ok", "description": "Type", "result": result, "ms": 100},
                {"at": 1150.0, "event": "prompt", "promptId": 2, "prompt": {"kind": "secret"}},
                {"at": 1350.0, "event": "promptClosed", "promptId": 2},
                {"at": 1400.0, "event": "stepDone", "index": 1, "status": "ok", "description": "Type card", "result": "Done", "ms": 300},
                {"at": 1500.0, "event": "finished", "status": "succeeded"}
            ]})
    }

    #[test]
    fn replays_are_judged_by_the_page_and_timed_without_prompt_waits() {
        let task = json!({"id": "t", "goal": "Order", "status": "succeeded", "opening": "", "turns": [], "steps": [
            {"index": 0, "llmCall": 0, "tool": "dom_type", "args": {}, "description": "Type", "status": "ok", "result": "", "startedAt": 1000.0, "ms": 120}]});
        let r: Results = serde_json::from_value(json!({
            "runs": 1, "mutations": 1, "userAgent": "UA",
            "agent": [{"run": 1, "wallMs": 5000, "requests": [{"messages": [{"role": "user", "content": "a b c"}], "tools": []}], "task": task, "waits": [], "page": ORDERED}],
            "replays": [replay("none", ORDERED, "Done"), replay("reword", ORDERED, "Done; healed: bound to “Your name” by its CSS path"), replay("wrap", "Thank you, Ada! Your mocha", "Done")],
            "saved": {"reply": "Saved", "flow": {"steps": [1, 2], "parameters": [{"name": "drink"}]}}
        }))
        .unwrap();
        let x: Replay = serde_json::from_value(replay("none", ORDERED, "Done")).unwrap();
        // The second step waited 200 ms of its 300 for the card.
        assert_eq!(x.step_times(), vec![100.0, 100.0]);
        let out = report(&r, &words).unwrap();
        let row = |kind: &str| out.lines().find(|l| l.starts_with(&format!("{kind} "))).unwrap_or_else(|| panic!("no {kind} row:\n{out}")).split_whitespace().collect::<Vec<_>>();
        assert_eq!(row("reword")[..5], ["reword", "1", "1", "1", "0"], "{out}");
        assert_eq!(row("wrap")[2], "0", "a replay that ordered something else failed: {out}");
        assert!(out.contains("failed wrap:1 — succeeded: Ran the flow; the page says “Thank you, Ada! Your mocha”"), "{out}");
        assert!(out.contains("Under mutation: 1/2 replays placed the order as saved (50%), 1 steps healed"), "{out}");
        assert!(out.contains("saved from the first agent task: 2 steps, parameters drink"), "{out}");
        let agent = row("agent");
        assert_eq!(agent[1..4], ["1/1", "1.0", "10"], "3 for the reply + 3 per message, its role and 3 words: {out}");
    }
}
