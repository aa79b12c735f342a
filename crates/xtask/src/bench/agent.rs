//! `cargo xtask bench agent` (issue 40 point 9): what the agent costs on
//! the www/ tasks — model calls, prompt and completion tokens, and our own
//! time per step — next to a baseline loop that sends the model
//! Playwright's aria snapshot of the page each step, for the same decisions.
//!
//! `tests/bench/agent.mjs` runs each task of `tests/support/agent_tasks.mjs`
//! (the ones `tests/e2e/agent.test.mjs` checks: the invoice download, a
//! question, sign-in with a secret, catalog → checkout with secrets and a
//! confirmation), and those of `tests/bench/agent_real.mjs` on real
//! sites' docs pages where this machine holds them (the size pages are on
//! the web), through the real side panel against the scripted model,
//! and writes per run: the request bodies the extension sent, the task as
//! the panel exports it, when its cards waited for the user, and
//! `page.locator('body').ariaSnapshot()` of the page at each model turn.
//! This module counts and prints. Figures, never a failure.
//! `BC_BENCH_RUNS` sets the runs per task (default 3: tokens are the first
//! run's, as every run sends the same; step times pool all runs);
//! `--smoke` runs the invoice and question tasks once; `BC_BENCH_ONLY` (a
//! regex over task names) runs some; `BC_BENCH_RESULTS` (a results.json an
//! earlier run wrote) reports on it without running anything, to try a
//! change of the counting or the baseline.
//!
//! ## Counting
//! Prompt tokens are counted with o200k_base on each request as sent:
//! every message's strings (role, content, tool call ids, names and
//! arguments) plus 3 tokens per message and 3 for the reply, as OpenAI
//! documents for chat messages, plus the tool definitions' JSON: ours as
//! each request carried them (the tools the task offered, bc-core
//! `agent::offer`), the baseline's in every request (below). Completion
//! tokens are the scripted replies (note, tool names, arguments), the same
//! decisions on both sides.
//!
//! ## Our time per step
//! The `ms` of each `StepRecord` of the exported task: measured by the
//! worker around the step (binding, the tool, its verification, the page
//! read after it), so the model's time is outside by construction. A step
//! that waited for a card (a secret, a confirmation) also counts that
//! wait; the bench records when each card was shown and answered, and
//! that overlap is taken out.
//!
//! ## The baseline
//! A loop that works as Playwright MCP does: after every action the model
//! gets the full aria snapshot of the page, and the client keeps every
//! tool result in its history. Built from our own run, so the decisions
//! are the same by construction; the page state and the tool definitions differ:
//! - the same system prompt (our first request's);
//! - Playwright MCP's own tool definitions, as its server lists them, in
//!   every request ([`super::mcp`]; our whole tool table if they cannot
//!   be had), as a client of it sends them;
//! - the first user message is the goal alone ("Task: …"): an MCP
//!   client's model sees the page only as a tool result, so the baseline
//!   starts with one request more, whose reply calls `browser_snapshot`,
//!   answered with the snapshot taken when our first request arrived
//!   (where our opening carries our listing);
//! - per model turn, the same assistant message (note and tool calls);
//!   each call's result is the first line of ours ("Done: Click …"), and
//!   the turn's last result also carries the page after the turn (the
//!   snapshot taken when our next request arrived) as Playwright MCP
//!   renders it (URL, title, YAML). Earlier calls of a turn of several get
//!   no snapshot of their own (MCP would send one after each): that
//!   favours the baseline. An `ask_user` result is passed as ours;
//! - no result is ever dropped or shortened (we drop stale page states).
//!
//! Playwright MCP 0.0.83 itself writes the snapshot after an action to a
//! file and inlines it only when the model calls `browser_snapshot`: one
//! more request per page (seen by running it: `browser_navigate` answers
//! with a link to the file). The baseline inlines it instead (as earlier
//! versions did), which favours the baseline. So does its snapshot: MCP
//! sends `page.ariaSnapshot({ mode: 'ai' })` (element refs, generic
//! nodes); the baseline uses the default, smaller one, and the report
//! says how much smaller.
//!
//! The snapshot is taken while the scripted reply waits before streaming
//! (`delayMs`), so it is the page the model decided on. Ids in the calls
//! stay ours (Playwright's refs, `e123`, would cost about the same).

use super::table::{self, line, percentiles};
use crate::project::Project;
use crate::task_record::{TaskRecord, Turn};
use anyhow::{Context, Result};
use serde::Deserialize;
use serde_json::{json, Value};
use std::fmt::Write as _;

/// Issue 40's targets.
const TOKEN_RATIO_TARGET: f64 = 0.25;
const STEP_P50_TARGET_MS: f64 = 150.0;

pub fn run(project: &Project, smoke: bool) -> Result<()> {
    let peer = match super::mcp::tool_specs(project) {
        Ok((tools, version)) => Peer { tools: Value::Array(tools), what: format!("Playwright MCP {version}'s tool definitions (tools/list)") },
        Err(e) => {
            eprintln!("bench agent: Playwright MCP's tools could not be listed ({e:#}); the baseline carries our whole tool table");
            Peer::ours()
        }
    };
    let (out, results): (_, Results) = match std::env::var_os("BC_BENCH_RESULTS") {
        Some(file) => {
            let file = std::path::PathBuf::from(file);
            let results = serde_json::from_str(&std::fs::read_to_string(&file)?).with_context(|| file.display().to_string())?;
            (file.parent().map(Into::into).unwrap_or_default(), results)
        }
        None => table::run_script(project, "agent", smoke)?,
    };
    let bpe = tiktoken_rs::o200k_base()?;
    println!("{}", report(&results, &peer, &|text| bpe.encode_ordinary(text).len())?);
    println!("requests, snapshots and exported tasks: {}", out.join("results.json").display());
    Ok(())
}

/// The tool definitions the baseline sends with every request: a peer's
/// client sends every tool its server lists, every time.
pub(super) struct Peer {
    /// Function specs, as in a request's `tools`.
    pub(super) tools: Value,
    /// Whose, for the report.
    pub(super) what: String,
}

impl Peer {
    /// Our whole tool table (when Playwright MCP's cannot be had).
    pub(super) fn ours() -> Peer {
        let tools = serde_json::to_value(bc_core::agent::conversation::tool_specs()).unwrap_or_default();
        Peer { tools, what: "our whole tool table (every tool, every request)".into() }
    }
}

/// What the node script writes (`results.json`).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Results {
    runs: usize,
    delay_ms: u32,
    user_agent: String,
    tasks: Vec<Run>,
}

/// One task, one run.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Run {
    name: String,
    label: String,
    run: usize,
    /// The chat request bodies, in order.
    requests: Vec<Value>,
    snapshots: Vec<Snapshot>,
    /// The task as the panel exports it.
    task: Value,
    /// When a card waited for the user, epoch ms (the worker's clock too).
    waits: Vec<Wait>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Snapshot {
    /// The model request (1-based) whose arrival it was taken at.
    request: usize,
    /// The poll saw more than one new request: an earlier page was missed.
    #[serde(default)]
    late: bool,
    url: String,
    title: String,
    yaml: String,
    /// The same page as Playwright MCP sends it: `page.ariaSnapshot({
    /// mode: 'ai' })`, with element refs (`[ref=e12]`) and generic nodes.
    #[serde(default)]
    yaml_ai: Option<String>,
}

#[derive(Debug, Clone, Copy, Deserialize)]
pub(super) struct Wait {
    pub(super) from: f64,
    pub(super) to: f64,
}

pub(super) type Tok<'a> = &'a dyn Fn(&str) -> usize;

/// A prompt's tokens: its messages, and its tool definitions.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(super) struct Prompt {
    messages: usize,
    tools: usize,
}

impl Prompt {
    pub(super) fn total(self) -> usize {
        self.messages + self.tools
    }
}

impl std::ops::AddAssign for Prompt {
    fn add_assign(&mut self, o: Prompt) {
        self.messages += o.messages;
        self.tools += o.tools;
    }
}

/// The text of a message's content: a string, or its parts' texts.
fn content_text(content: &Value) -> String {
    match content {
        Value::String(s) => s.clone(),
        Value::Array(parts) => parts.iter().filter_map(|p| p["text"].as_str()).collect::<Vec<_>>().join("\n"),
        _ => String::new(),
    }
}

fn message_tokens(m: &Value, tok: Tok) -> usize {
    let mut n = 3;
    for key in ["role", "tool_call_id", "name"] {
        if let Some(s) = m[key].as_str() {
            n += tok(s) + usize::from(key == "name");
        }
    }
    n += tok(&content_text(&m["content"]));
    for call in m["tool_calls"].as_array().into_iter().flatten() {
        for s in [&call["id"], &call["function"]["name"], &call["function"]["arguments"]] {
            n += s.as_str().map_or(0, tok);
        }
    }
    n
}

/// Prompt tokens of a chat request body.
fn prompt_tokens(messages: &[Value], tools: &Value, tok: Tok) -> Prompt {
    let messages = 3 + messages.iter().map(|m| message_tokens(m, tok)).sum::<usize>();
    let tools = match tools.as_array() {
        Some(t) if !t.is_empty() => tok(&tools.to_string()),
        _ => 0,
    };
    Prompt { messages, tools }
}

pub(super) fn body_tokens(body: &Value, tok: Tok) -> Prompt {
    prompt_tokens(body["messages"].as_array().map_or(&[][..], Vec::as_slice), &body["tools"], tok)
}

/// Completion tokens: every model turn's note, tool names and arguments.
pub(super) fn completion_tokens(task: &TaskRecord, tok: Tok) -> usize {
    task.model_turns().map(|(content, calls)| tok(content) + calls.iter().map(|c| tok(&c.name) + tok(&c.arguments)).sum::<usize>()).sum()
}

/// How a rendered snapshot starts.
const SNAPSHOT_START: &str = "- Page URL: ";

/// A page as Playwright MCP shows it after an action.
fn render(s: &Snapshot) -> String {
    render_yaml(s, &s.yaml)
}

fn render_yaml(s: &Snapshot, yaml: &str) -> String {
    format!("{SNAPSHOT_START}{}\n- Page Title: {}\n- Page Snapshot:\n```yaml\n{}\n```", s.url, s.title, yaml.trim_end())
}

/// The page-state tokens of the baseline's requests.
fn page_tokens(requests: &[Vec<Value>], tok: Tok) -> usize {
    // A snapshot ends the message that carries it.
    requests.iter().flatten().map(|m| {
        let text = content_text(&m["content"]);
        text.find(SNAPSHOT_START).map_or(0, |i| tok(&text[i..]))
    }).sum()
}

/// The `<page-NONCE>…</page-NONCE>` blocks of a message: page-derived text.
fn page_blocks(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        let start = rest.find("<page-")?;
        let tail = &rest[start..];
        let end = tail.find("</page-").map_or(tail.len(), |e| e + tail[e..].find('>').map_or(tail.len() - e, |g| g + 1));
        rest = &tail[end..];
        Some(&tail[..end])
    })
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or("")
}

/// The baseline's message lists, one per model request (module doc).
/// `first` is our first request's body; `snapshot(k)` the page at request k.
fn baseline_requests(task: &TaskRecord, first: &Value, snapshot: &dyn Fn(usize) -> Option<String>) -> Result<Vec<Vec<Value>>> {
    let ours = first["messages"].as_array().context("our first request has no messages")?;
    let (opening, before) = ours.split_last().context("our first request has no messages")?;
    let opening = content_text(&opening["content"]);
    // "Task: …\n\nThe current tab (N) shows:\n" + the page.
    let words = opening.find("<page-").map_or(opening.as_str(), |i| &opening[..i]);
    let page = snapshot(1).unwrap_or_else(|| opening[words.len()..].to_owned());
    let goal = words.find("\n\nThe current tab").map_or(words, |i| &words[..i]);
    let mut history: Vec<Value> = before.to_vec();
    history.push(json!({"role": "user", "content": goal}));
    // The page reaches an MCP client's model only as a tool result: the
    // first request has the goal alone, and the model asks for the page.
    let mut requests = vec![history.clone()];
    history.push(json!({"role": "assistant", "content": null,
        "tool_calls": [{"id": "snapshot-0", "type": "function", "function": {"name": "browser_snapshot", "arguments": "{}"}}]}));
    history.push(json!({"role": "tool", "tool_call_id": "snapshot-0", "content": page}));

    let mut model_turn = 0;
    for turn in &task.turns {
        match turn {
            Turn::Model { content, calls } => {
                requests.push(history.clone());
                model_turn += 1;
                let tool_calls: Vec<Value> =
                    calls.iter().map(|c| json!({"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}})).collect();
                let content = if content.trim().is_empty() { Value::Null } else { Value::String(content.clone()) };
                let mut m = json!({"role": "assistant", "content": content});
                if !tool_calls.is_empty() {
                    m["tool_calls"] = Value::Array(tool_calls);
                }
                history.push(m);
            }
            Turn::Results { results } => {
                let last_page_call = results.iter().rposition(|r| r.name != "ask_user");
                for (i, r) in results.iter().enumerate() {
                    let content = if r.name == "ask_user" {
                        r.brief.clone()
                    } else if Some(i) == last_page_call {
                        // The page after this model turn: as the next request found it.
                        match snapshot(model_turn + 1) {
                            Some(page) => format!("{}\n{page}", first_line(&r.brief)),
                            None => first_line(&r.brief).to_owned(),
                        }
                    } else {
                        first_line(&r.brief).to_owned()
                    };
                    history.push(json!({"role": "tool", "tool_call_id": r.call_id, "content": content}));
                }
            }
            Turn::User { text } => history.push(json!({"role": "user", "content": text})),
        }
    }
    Ok(requests)
}

/// Our own time of each step, ms: its `ms` minus the time a card waited.
pub(super) fn step_times(task: &TaskRecord, waits: &[Wait]) -> (Vec<f64>, usize) {
    let mut waited = 0;
    let times = task
        .steps
        .iter()
        .filter(|s| s.status != "skipped")
        .map(|s| {
            let (a, b) = (s.started_at, s.started_at + s.ms);
            let overlap: f64 = waits.iter().map(|w| (b.min(w.to) - a.max(w.from)).max(0.0)).sum();
            if overlap > 0.0 {
                waited += 1;
            }
            (s.ms - overlap).max(0.0)
        })
        .collect();
    (times, waited)
}

/// One task's figures (tokens from its first run, times from all runs).
struct Row {
    label: String,
    status: String,
    calls: usize,
    steps: usize,
    ours: Prompt,
    baseline: Prompt,
    completion: usize,
    times: Vec<f64>,
    waited: usize,
    /// Model requests without a snapshot of their own, and late ones.
    missing_snapshots: usize,
    /// The baseline's model requests (ours + the first snapshot's).
    baseline_calls: usize,
    /// Of the prompts: the system prompt's tokens, and the page states'
    /// (ours: the `<page-…>` blocks; the baseline's: the snapshots).
    system: usize,
    ours_page: usize,
    baseline_page: usize,
    /// The baseline's page states with MCP's own snapshots (`mode: 'ai'`).
    baseline_page_ai: Option<usize>,
}

fn rows(results: &Results, peer: &Peer, tok: Tok) -> Result<Vec<Row>> {
    let mut rows: Vec<Row> = Vec::new();
    for run in &results.tasks {
        let task = TaskRecord::from_value(run.task.clone()).with_context(|| format!("{} run {}: the exported task", run.name, run.run))?;
        let (times, waited) = step_times(&task, &run.waits);
        if let Some(row) = rows.iter_mut().find(|r| r.label == run.label) {
            row.times.extend(times);
            row.waited += waited;
            continue;
        }
        let (mut ours, mut system, mut ours_page) = (Prompt::default(), 0, 0);
        for body in &run.requests {
            ours += body_tokens(body, tok);
            for m in body["messages"].as_array().into_iter().flatten() {
                let text = content_text(&m["content"]);
                // (The system prompt names the wrapper; it holds no page text.)
                if m["role"] == "system" {
                    system += tok(&text);
                } else {
                    ours_page += page_blocks(&text).map(tok).sum::<usize>();
                }
            }
        }
        let first = run.requests.first().with_context(|| format!("{}: no request to the model was recorded", run.name))?;
        let snapshot = |k: usize| run.snapshots.iter().find(|s| s.request == k && !s.late).map(render);
        let mut baseline = Prompt::default();
        let baseline_reqs = baseline_requests(&task, first, &snapshot)?;
        let baseline_calls = baseline_reqs.len();
        for messages in &baseline_reqs {
            baseline += prompt_tokens(messages, &peer.tools, tok);
        }
        let baseline_page = page_tokens(&baseline_reqs, tok);
        // The same with the snapshots MCP itself sends (when recorded).
        let ai = |k: usize| run.snapshots.iter().find(|s| s.request == k && !s.late).and_then(|s| s.yaml_ai.as_deref().map(|y| render_yaml(s, y)));
        let recorded = run.snapshots.iter().all(|s| s.yaml_ai.is_some());
        let baseline_page_ai = if recorded { Some(page_tokens(&baseline_requests(&task, first, &ai)?, tok)) } else { None };
        let calls = task.model_turns().count();
        rows.push(Row {
            label: run.label.clone(),
            status: task.status.clone(),
            calls: run.requests.len(),
            steps: task.steps.len(),
            ours,
            baseline,
            completion: completion_tokens(&task, tok),
            times,
            waited,
            missing_snapshots: (1..=calls).filter(|k| snapshot(*k).is_none()).count(),
            baseline_calls,
            system,
            ours_page,
            baseline_page,
            baseline_page_ai,
        });
    }
    Ok(rows)
}

fn ratio(a: usize, b: usize) -> f64 {
    if b > 0 { a as f64 / b as f64 } else { f64::NAN }
}

fn met(ok: bool) -> &'static str {
    if ok { "met" } else { "NOT met" }
}

/// `12,345`.
pub(super) fn thousands(n: usize) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn report(results: &Results, peer: &Peer, tok: Tok) -> Result<String> {
    let rows = rows(results, peer, tok)?;
    let mut o = String::new();
    writeln!(o, "\nbench agent — the www/ tasks through the real side panel, the model scripted; {} run(s) each; {}", results.runs, results.user_agent)?;
    writeln!(o, "cores: {}", std::thread::available_parallelism().map_or(0, |n| n.get()))?;

    writeln!(o, "\nPrompt tokens per task (o200k_base, each request's messages + tool definitions, summed over the task's model calls; first run)")?;
    writeln!(o, "  baseline = the same decisions with Playwright's ariaSnapshot() of the page after every step, all kept in the history,")?;
    writeln!(o, "  and one request more: the first, where the model has only the goal and calls browser_snapshot to see the page")?;
    let w = [24, 10, 5, 5, 9, 9, 7, 10, 9, 10];
    let head = ["task", "status", "calls", "steps", "ours", "baseline", "ratio", "target", "msg ratio", "completion"];
    line(&mut o, &w, &head, false)?;
    let (mut ours, mut base, mut completion, mut calls, mut base_calls) = (Prompt::default(), Prompt::default(), 0, 0, 0);
    for r in &rows {
        let x = ratio(r.ours.total(), r.baseline.total());
        let cells = [
            r.label.clone(),
            r.status.clone(),
            r.calls.to_string(),
            r.steps.to_string(),
            thousands(r.ours.total()),
            thousands(r.baseline.total()),
            format!("{x:.3}"),
            format!("≤ {TOKEN_RATIO_TARGET} {}", if x <= TOKEN_RATIO_TARGET { "✓" } else { "✗" }),
            format!("{:.3}", ratio(r.ours.messages, r.baseline.messages)),
            thousands(r.completion),
        ];
        line(&mut o, &w, &cells, false)?;
        ours += r.ours;
        base += r.baseline;
        completion += r.completion;
        calls += r.calls;
        base_calls += r.baseline_calls;
    }
    let x = ratio(ours.total(), base.total());
    let total = [
        "total".to_owned(),
        String::new(),
        calls.to_string(),
        rows.iter().map(|r| r.steps).sum::<usize>().to_string(),
        thousands(ours.total()),
        thousands(base.total()),
        format!("{x:.3}"),
        format!("≤ {TOKEN_RATIO_TARGET} {}", if x <= TOKEN_RATIO_TARGET { "✓" } else { "✗" }),
        format!("{:.3}", ratio(ours.messages, base.messages)),
        thousands(completion),
    ];
    line(&mut o, &w, &total, false)?;
    let per_request = |p: Prompt, n: usize| thousands(p.tools.checked_div(n).unwrap_or(0));
    writeln!(o, "  ratio = ours/baseline; msg ratio = the same without the tool definitions (per request: ours {}, the baseline's {})", per_request(ours, calls), per_request(base, base_calls))?;
    writeln!(o, "  tool definitions: ours = the tools the task offered (bc-core agent::offer); the baseline's = {}", peer.what)?;
    writeln!(o, "  completion = the scripted replies (note, tool names, arguments): the same decisions on both sides")?;
    writeln!(o, "\nWhere the prompt tokens go (first run, summed over the task's requests)")?;
    writeln!(o, "  page = ours: the page-derived text (listings, change reports, extracted rows, page text); baseline: the snapshots")?;
    let w = [24, 10, 10, 8, 9, 9, 9, 9, 7];
    line(&mut o, &w, &["task", "tools ours", "tools base", "system", "page ours", "page base", "rest ours", "rest base", "page ×"], false)?;
    for r in &rows {
        let cells = [
            r.label.clone(),
            thousands(r.ours.tools),
            thousands(r.baseline.tools),
            thousands(r.system),
            thousands(r.ours_page),
            thousands(r.baseline_page),
            thousands(r.ours.messages.saturating_sub(r.system + r.ours_page)),
            thousands(r.baseline.messages.saturating_sub(r.system + r.baseline_page)),
            format!("{:.3}", ratio(r.ours_page, r.baseline_page)),
        ];
        line(&mut o, &w, &cells, false)?;
    }
    writeln!(o, "  system is the same on both sides; rest = goal, notes, tool calls, result lines, message overhead")?;
    writeln!(o, "  page × = ours/baseline for the page states alone")?;
    let ai: Vec<String> = rows
        .iter()
        .filter_map(|r| r.baseline_page_ai.map(|a| format!("{} {}", r.label, thousands(a))))
        .collect();
    if !ai.is_empty() {
        let (a, d): (usize, usize) = rows.iter().filter_map(|r| r.baseline_page_ai.map(|a| (a, r.baseline_page))).fold((0, 0), |(x, y), (a, d)| (x + a, y + d));
        writeln!(o, "  the baseline's snapshots as Playwright MCP sends them (ariaSnapshot mode 'ai': refs, generic nodes) would be {:.2}× these:", ratio(a, d))?;
        writeln!(o, "    {}; the baseline above uses the smaller default snapshots", ai.join(", "))?;
    }
    let missing: usize = rows.iter().map(|r| r.missing_snapshots).sum();
    if missing > 0 {
        writeln!(o, "  ! {missing} model request(s) had no snapshot of their own (taken late): the baseline used our page text there")?;
    }

    writeln!(o, "\nOur time per step (ms, nearest rank over every step of every run): StepRecord.ms, the model's time excluded by construction,")?;
    writeln!(o, "  minus the time a card waited for the user (secrets, confirmations)")?;
    let w = [24, 6, 8, 8, 8, 7];
    line(&mut o, &w, &["task", "steps", "p50", "p95", "max", "waited"], false)?;
    let mut all = Vec::new();
    for r in &rows {
        let p = percentiles(&r.times);
        let max = r.times.iter().copied().fold(f64::NAN, f64::max);
        let cells = [
            r.label.clone(),
            r.times.len().to_string(),
            p.map_or("–".into(), |p| format!("{:.0}", p.p50)),
            p.map_or("–".into(), |p| format!("{:.0}", p.p95)),
            if max.is_nan() { "–".into() } else { format!("{max:.0}") },
            r.waited.to_string(),
        ];
        line(&mut o, &w, &cells, false)?;
        all.extend_from_slice(&r.times);
    }
    let p = percentiles(&all);
    let max = all.iter().copied().fold(f64::NAN, f64::max);
    let cells = [
        "all".to_owned(),
        all.len().to_string(),
        p.map_or("–".into(), |p| format!("{:.0}", p.p50)),
        p.map_or("–".into(), |p| format!("{:.0}", p.p95)),
        if max.is_nan() { "–".into() } else { format!("{max:.0}") },
        rows.iter().map(|r| r.waited).sum::<usize>().to_string(),
    ];
    line(&mut o, &w, &cells, false)?;
    writeln!(o, "  waited = steps that showed a card; the card's time is taken out")?;

    writeln!(o, "\nVerdicts (targets of issue 40)")?;
    for r in &rows {
        let x = ratio(r.ours.total(), r.baseline.total());
        writeln!(o, "  prompt tokens, {}: {x:.3}× the baseline — target ≤ {TOKEN_RATIO_TARGET}×: {}", r.label, met(x <= TOKEN_RATIO_TARGET))?;
    }
    if let Some(p) = p {
        writeln!(o, "  our time per step, p50 over all steps: {:.0} ms (p95 {:.0}) — target ≤ {STEP_P50_TARGET_MS} ms: {}", p.p50, p.p95, met(p.p50 <= STEP_P50_TARGET_MS))?;
    }
    writeln!(o, "\nThe baseline (crates/xtask/src/bench/agent.rs has the details): our run's system prompt, goal and tool calls, {}; the page as", peer.what)?;
    writeln!(o, "  Playwright's ariaSnapshot() of <body> where we send our listing or change report, after every step, none dropped; snapshots")?;
    writeln!(o, "  taken when each model request arrived (the scripted replies wait {} ms first).", results.delay_ms)?;
    Ok(o)
}

#[cfg(test)]
#[path = "agent_tests.rs"]
mod tests;
