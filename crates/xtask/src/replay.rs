//! `cargo xtask replay <export.json>` (issue 40 point 11): replays a task
//! exported from the side panel against `www/` and says, step by step,
//! whether the page still answers as it did when the task was recorded.
//!
//! The recorded model turns are played back by the scripted server
//! (`bc-llm-server`): rule N answers the N-th model request of the task
//! with the recorded turn N's note and tool calls (the recorded call ids
//! too). The extension itself runs for real — perception, binding, the
//! safety gates, the tools — in the side panel, on the task's start page
//! (the page line of its opening message), with the demo session set when
//! that page said "signed in".
//!
//! ## Listing ids
//! A recorded argument that is an id of the page listing (`"id": "a1b2"`,
//! `"collectionId": "c3d4"`, …) is not replayed as that id: the id is
//! looked up in what the model had seen before that turn (the opening and
//! the recorded tool results in `turns`, newest first; lines of a "Gone"
//! section do not count), and replaced by a `{{match:…}}` template on the
//! label that line gave it — role and name for an action (`button
//! "Download invoice"`), the name for a list, purpose and first field for
//! a form — so the server fills in whichever id the page lists *now* for
//! that label. When several lines had the same label, the recorded one's
//! rank among them is kept (or the last there is now). A page whose
//! labels changed therefore binds another element, or none: when no line
//! matches, the server answers 500 `template_unmatched`, the agent would
//! retry it, and the replay stops the task there and says which labels
//! the turn needed.
//!
//! ## Prompts
//! Site cards are answered "Allow once" (the profile is fresh), unless the
//! recorded step was refused for the site. Confirmations are answered as
//! the recorded step's status says (allowed if it ran, not if it was
//! declined), and refused when no recorded step has that description (the
//! record never confirmed that action). Secrets are refused: their values
//! were never recorded, so a step typing one is reported as "secret
//! refused", not as a difference (later steps may differ because of it).
//! Questions get the recorded answers, in order.
//!
//! ## Comparing
//! Steps are paired by the model call that asked for them and their order
//! in it; each pair must have the same tool, the same bound description
//! ("Click “Download invoice INV-2026-009” (button)": the element as the
//! page named it) and the same status. The first step that does not
//! match is shown in detail (then and now: description, status, result,
//! bound selector). Exit code 1 when anything no longer matches.

use crate::project::{self, Project};
use crate::task_record::{StepRecord, TaskRecord, Turn};
use crate::dist;
use anyhow::{bail, Context, Result};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

pub const USAGE: &str = "\
usage: cargo xtask replay <export.json> [--prebuilt]
  Replays a task exported from the side panel (the Task JSON, as GetTask gives it) against
  www/: the scripted model answers each model turn with the recorded note and tool calls, and
  the extension runs for real on the task's start page. Compares each step with the record
  (same tool, same bound description, same status), prints a table and what differs at the
  first step that does not match; exit code 1 when anything no longer matches.
  - a recorded listing id is found again by the label the recorded listing gave it (role and
    name, a list's name), so a page whose labels changed binds another element, or none;
  - site cards: Allow once; confirmations: as the recorded step went (never for a step the
    record does not have); secrets: refused (never recorded); questions: the recorded answers.
  --prebuilt   use the extension and servers named by BC_EXTENSION_DIR, BC_BIN_DIR and
               BC_WWW_ROOT (as under `cargo xtask test`) instead of building them";

pub fn run(project: &Project, args: &[String]) -> Result<()> {
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return Ok(());
    }
    let prebuilt = args.iter().any(|a| a == "--prebuilt");
    let files: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    if let Some(unknown) = args.iter().find(|a| a.starts_with("--") && *a != "--prebuilt") {
        bail!("replay: unknown option {unknown}\n{USAGE}");
    }
    let [file] = files.as_slice() else {
        bail!("replay: {}\n{USAGE}", if files.is_empty() { "which task? give the path of an exported task (JSON)".to_owned() } else { format!("one task at a time (got {})", files.len()) });
    };
    let record = TaskRecord::load(Path::new(file.as_str()))?;
    let plan = Plan::build(&record)?;

    let dir = project.target().join("replay");
    fs::create_dir_all(&dir)?;
    let (plan_path, out_path) = (dir.join("plan.json"), dir.join("replayed.json"));
    let _ = fs::remove_file(&out_path);
    fs::write(&plan_path, serde_json::to_string_pretty(&plan.to_json())?)?;
    let mut cmd = if prebuilt {
        for var in ["BC_EXTENSION_DIR", "BC_BIN_DIR", "BC_WWW_ROOT"] {
            if std::env::var_os(var).is_none() {
                bail!("replay --prebuilt: {var} is not set (it names what `cargo xtask test` built); run without --prebuilt to build");
            }
        }
        let mut cmd = project.cmd("node");
        cmd.arg("tests/tools/replay.mjs");
        cmd
    } else {
        dist::node_with_extension(project, "tests/tools/replay.mjs")?
    };
    cmd.env("BC_REPLAY_PLAN", &plan_path).env("BC_REPLAY_OUT", &out_path);
    project::run(&mut cmd)?;
    let replayed: Replayed = serde_json::from_str(&fs::read_to_string(&out_path).with_context(|| format!("the replay wrote no {}", out_path.display()))?)
        .context("the replay's output")?;
    let now = TaskRecord::from_value(replayed.task.clone()).context("the replayed task")?;
    let report = Report::new(&record, &plan, &now, &replayed);
    println!("{}", report.render(Path::new(file.as_str())));
    if !report.all_match() {
        std::process::exit(1);
    }
    Ok(())
}

/// Where the task started.
#[derive(Debug, Clone, PartialEq)]
struct Start {
    url: String,
    /// The page said "signed in" / "signed out" (the demo app's session).
    signed_in: Option<bool>,
}

/// The start page from the opening message's page line
/// (`Page "Billing – Acme Cloud" http://127.0.0.1:PORT/app/billing/ · signed in`).
fn start_of(opening: &str) -> Result<Start> {
    for line in opening.lines() {
        let Some(rest) = line.strip_prefix("Page \"") else { continue };
        let Some(end) = rest.find("\" ") else { continue };
        let after = &rest[end + 2..];
        let url = after.split_whitespace().next().unwrap_or("").to_owned();
        if url.is_empty() {
            continue;
        }
        let signed_in = if after.contains("· signed in") {
            Some(true)
        } else if after.contains("· signed out") {
            Some(false)
        } else {
            None
        };
        let host = url.split("://").nth(1).and_then(|r| r.split(['/', ':']).next()).unwrap_or("");
        if host != "127.0.0.1" && host != "localhost" {
            bail!("the task started on {url}, not on the demo site: replay runs the recorded turns against www/ only");
        }
        return Ok(Start { url, signed_in });
    }
    bail!("its opening message has no page line (`Page \"…\" URL`): the tab it started on could not be read, so there is no page to replay on")
}

/// A line of a listing (or of `pcd_query` hits) that named an id.
#[derive(Debug, Clone, PartialEq)]
struct Named {
    id: String,
    /// What the line said of it, e.g. `button "Download invoice"`.
    key: String,
    /// Its rank among the lines of that message with the same key.
    rank: usize,
    /// A `pcd_query` hit line rather than a listing line.
    query: bool,
}

/// The key of a listing line's entry: what identifies it to a reader.
fn listing_key(id: &str, rest: &str) -> String {
    let cut = |stops: &[&str]| {
        let end = stops.iter().filter_map(|s| rest.find(s)).min().unwrap_or(rest.len());
        rest[..end].to_owned()
    };
    match id.chars().next() {
        Some('c') => cut(&[", ~", ": ", " @", " (in a frame)"]),
        Some('f') => cut(&[" (", " →", " @"]),
        _ => {
            // `role "label"`: up to the label's closing quote.
            let quoted = rest.find(" \"").and_then(|q| rest[q + 2..].find('"').map(|e| q + 2 + e + 1));
            match quoted {
                Some(end) => rest[..end].to_owned(),
                None => cut(&[" [", " @", " per item", " (in a frame)"]),
            }
        }
    }
}

/// What may follow a key on its line (so `invoices` does not match `invoices archive`).
fn boundary(id: &str) -> &'static str {
    match id.chars().next() {
        Some('c') => r"(?:,|:| @| \(|$)",
        Some('f') => r"(?: \(| →| @|$)",
        _ => "",
    }
}

/// `a1b2 Download invoice [download] 0.93` → (id, label with kind).
fn query_hit(line: &str) -> Option<(&str, &str)> {
    let (id, rest) = line.split_once(' ')?;
    let (label, score) = rest.rsplit_once(' ')?;
    (is_id(id) && score.parse::<f64>().is_ok()).then_some((id, label))
}

/// Looks like a listing id: a prefix letter and 4 base-36 characters.
fn is_id(s: &str) -> bool {
    s.len() == 5 && s.starts_with(|c: char| c.is_ascii_lowercase()) && s.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
}

/// The line that last named `id` in `texts` (oldest first).
fn find_named(texts: &[String], id: &str) -> Option<Named> {
    for text in texts.iter().rev() {
        let mut section = "";
        let mut listing: Vec<(String, String)> = Vec::new(); // (id, key), this text's listing lines
        let mut hits: Vec<(String, String)> = Vec::new();
        for line in text.lines() {
            if let Some(entry) = line.strip_prefix("- ") {
                if section == "Gone" {
                    continue;
                }
                if let Some((line_id, rest)) = entry.split_once(' ') {
                    listing.push((line_id.to_owned(), listing_key(line_id, rest)));
                }
            } else if let Some((hit_id, label)) = query_hit(line) {
                hits.push((hit_id.to_owned(), label.to_owned()));
            } else if (line.ends_with(':') && !line.contains(' ')) || line == "Changes in the listing:" {
                section = line.trim_end_matches(':');
            }
        }
        for (lines, query) in [(&listing, false), (&hits, true)] {
            if let Some(pos) = lines.iter().position(|(i, _)| i == id) {
                let key = lines[pos].1.clone();
                let rank = lines[..pos].iter().filter(|(_, k)| *k == key).count();
                return Some(Named { id: id.to_owned(), key, rank, query });
            }
        }
    }
    None
}

/// The server template that finds, in the replayed request, the id the
/// page lists now for what `named` named then.
fn template(named: &Named) -> String {
    let prefix = named.id.chars().next().map(|c| c.to_string()).unwrap_or_default();
    let key = regex::escape(&named.key);
    let (line, bound) = if named.query {
        (format!(r"^({prefix}\w*) {key} [0-9.]+$"), format!(r"^\w+ {key} [0-9.]+$"))
    } else {
        let b = boundary(&named.id);
        (format!(r"^- ({prefix}\w*) {key}{b}"), format!(r"^- \w+ {key}{b}"))
    };
    if named.rank == 0 {
        format!("{{{{match:(?m){line}}}}}")
    } else {
        // Skip as many same-key lines as before (greedy: as many as there are, up to that).
        format!("{{{{match:(?ms)(?:{bound}.*?){{0,{}}}{line}}}}}", named.rank)
    }
}

/// The replay's plan: the server's rules and what the node side needs.
#[derive(Debug)]
struct Plan {
    goal: String,
    start: Start,
    rules: Vec<Value>,
    /// Per model turn (1-based), what its templates look for.
    needs: BTreeMap<usize, Vec<Named>>,
    /// Ids no recorded listing named (kept as recorded).
    unresolved: Vec<(usize, String)>,
    answers: Vec<String>,
    /// How each recorded step went, for answering its cards.
    recorded_steps: Vec<Value>,
}

impl Plan {
    fn build(task: &TaskRecord) -> Result<Plan> {
        if task.mode.as_deref() == Some("text") {
            bail!("the task ran in text mode (an endpoint without tool calling): replay plays back native tool calls only");
        }
        if task.model_turns().next().is_none() {
            bail!("the task has no model turn to replay (it ended before the model answered: {})", task.failure.as_deref().unwrap_or(&task.status));
        }
        let start = start_of(&task.opening)?;
        let mut seen: Vec<String> = vec![task.opening.clone()];
        let (mut rules, mut needs, mut unresolved, mut answers) = (Vec::new(), BTreeMap::new(), Vec::new(), Vec::new());
        let mut n = 0;
        for turn in &task.turns {
            match turn {
                Turn::Model { content, calls } => {
                    n += 1;
                    let mut named = Vec::new();
                    let calls: Vec<Value> = calls
                        .iter()
                        .map(|c| {
                            let arguments = match serde_json::from_str::<Value>(&c.arguments) {
                                Ok(v) => resolve_ids(v, &seen, &mut |found| match found {
                                    Ok(nm) => named.push(nm),
                                    Err(id) => unresolved.push((n, id)),
                                }),
                                // A malformed call is replayed as malformed.
                                Err(_) => Value::String(c.arguments.clone()),
                            };
                            json!({"id": c.id, "name": c.name, "arguments": arguments})
                        })
                        .collect();
                    let mut reply = json!({"content": content, "chunkChars": 4096});
                    if !calls.is_empty() {
                        reply["toolCalls"] = Value::Array(calls);
                    }
                    rules.push(json!({"when": {"turn": n}, "reply": reply}));
                    needs.insert(n, named);
                }
                Turn::Results { results } => {
                    for r in results {
                        if let Some(answer) = r.brief.strip_prefix("The user answered: ") {
                            answers.push(answer.to_owned());
                        }
                        seen.push(r.brief.clone());
                        seen.extend(r.page.clone());
                    }
                }
                Turn::User { text } => seen.push(text.clone()),
            }
        }
        let recorded_steps = task.steps.iter().map(|s| json!({"description": s.description, "status": s.status, "result": s.result})).collect();
        Ok(Plan { goal: task.goal.clone(), start, rules, needs, unresolved, answers, recorded_steps })
    }

    fn to_json(&self) -> Value {
        json!({
            "goal": self.goal,
            "start": {"url": self.start.url, "signedIn": self.start.signed_in},
            "rules": self.rules,
            // Beyond the record: end the task rather than wait.
            "default": {"toolCalls": [{"name": "done", "arguments": {"answer": "The replay has no recorded model turn for this request.", "success": false}}]},
            "answers": self.answers,
            "recordedSteps": self.recorded_steps,
        })
    }
}

/// Replaces each string that is a listed id by its template; `found`
/// hears of each id named (or, `Err`, an id-like string no listing named).
fn resolve_ids(v: Value, seen: &[String], found: &mut dyn FnMut(Result<Named, String>)) -> Value {
    match v {
        Value::String(s) => match find_named(seen, &s) {
            Some(named) => {
                let t = template(&named);
                found(Ok(named));
                Value::String(t)
            }
            None => {
                if is_id(&s) {
                    found(Err(s.clone()));
                }
                Value::String(s)
            }
        },
        Value::Array(items) => Value::Array(items.into_iter().map(|i| resolve_ids(i, seen, found)).collect()),
        Value::Object(map) => Value::Object(map.into_iter().map(|(k, i)| (k, resolve_ids(i, seen, found))).collect()),
        other => other,
    }
}

/// What `tests/tools/replay.mjs` writes.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Replayed {
    task: Value,
    #[serde(default)]
    prompts: Vec<PromptSeen>,
    /// The model turn whose templates found nothing (the task was stopped there).
    #[serde(default)]
    stopped_at_turn: Option<usize>,
}

#[derive(Debug, Deserialize)]
struct PromptSeen {
    kind: String,
    #[serde(default)]
    action: String,
    answer: String,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Verdict {
    Same,
    /// A secret the replay would not give (never recorded).
    SecretRefused,
    Differs,
    NotRunNow,
    Extra,
}

struct Pair<'a> {
    then: Option<&'a StepRecord>,
    now: Option<&'a StepRecord>,
    verdict: Verdict,
}

struct Report<'a> {
    record: &'a TaskRecord,
    now: &'a TaskRecord,
    plan: &'a Plan,
    replayed: &'a Replayed,
    pairs: Vec<Pair<'a>>,
}

fn secret_typed(s: &StepRecord) -> bool {
    s.args.get("text").and_then(Value::as_str).is_some_and(|t| t.contains("{{secret"))
}

/// The bound selector's role and name: `button “Sign in”`.
fn bound(s: &StepRecord) -> Option<String> {
    let sel = s.call.as_ref()?.get("args")?.get("selector")?;
    let role = sel.get("role").and_then(Value::as_str).unwrap_or("?");
    Some(match sel.get("name").and_then(Value::as_str) {
        Some(name) => format!("{role} “{name}”"),
        None => role.to_owned(),
    })
}

impl<'a> Report<'a> {
    fn new(record: &'a TaskRecord, plan: &'a Plan, now: &'a TaskRecord, replayed: &'a Replayed) -> Report<'a> {
        // Steps keyed by (model call, order within it).
        let keyed = |t: &'a TaskRecord| {
            let mut order: BTreeMap<u32, usize> = BTreeMap::new();
            t.steps
                .iter()
                .map(|s| {
                    let k = order.entry(s.llm_call).or_default();
                    *k += 1;
                    ((s.llm_call, *k), s)
                })
                .collect::<BTreeMap<_, _>>()
        };
        let (then, mut now_steps) = (keyed(record), keyed(now));
        let mut pairs = Vec::new();
        for (key, t) in then {
            let n = now_steps.remove(&key);
            let verdict = match n {
                None => Verdict::NotRunNow,
                Some(n) if n.tool == t.tool && n.description == t.description && n.status == t.status => Verdict::Same,
                Some(n) if n.tool == t.tool && n.description == t.description && secret_typed(t) && n.status == "denied" => Verdict::SecretRefused,
                Some(_) => Verdict::Differs,
            };
            pairs.push(Pair { then: Some(t), now: n, verdict });
        }
        pairs.extend(now_steps.into_values().map(|n| Pair { then: None, now: Some(n), verdict: Verdict::Extra }));
        Report { record, now, plan, replayed, pairs }
    }

    fn ended_alike(&self) -> bool {
        self.record.status == self.now.status
    }

    fn all_match(&self) -> bool {
        self.pairs.iter().all(|p| matches!(p.verdict, Verdict::Same | Verdict::SecretRefused)) && self.replayed.stopped_at_turn.is_none() && self.ended_alike()
    }

    fn render(&self, file: &Path) -> String {
        let mut o = String::new();
        let _ = writeln!(
            o,
            "\nreplay of {} (task {}) — “{}”, {} model turns, {} steps recorded",
            file.display(),
            self.record.id,
            self.record.goal,
            self.plan.rules.len(),
            self.record.steps.len()
        );
        let _ = writeln!(o, "started on {}{}", self.plan.start.url, match self.plan.start.signed_in {
            Some(true) => " (signed in)",
            Some(false) => " (signed out)",
            None => "",
        });
        let w = [2, 4, 12, 7, 7, 14, 0];
        let _ = crate::bench::line(&mut o, &w, &["#", "call", "tool", "then", "now", "verdict", "description (then → now)"], true);
        for (i, p) in self.pairs.iter().enumerate() {
            let any = p.then.or(p.now).expect("a pair has a side");
            let status = |s: Option<&StepRecord>| s.map_or("–".to_owned(), |s| s.status.clone());
            let verdict = match p.verdict {
                Verdict::Same => "same",
                Verdict::SecretRefused => "secret refused",
                Verdict::Differs => "DIFFERS",
                Verdict::NotRunNow => "NOT RUN NOW",
                Verdict::Extra => "EXTRA NOW",
            };
            let description = match (p.then, p.now) {
                (Some(t), Some(n)) if t.description != n.description => format!("{} → {}", t.description, n.description),
                (Some(s), _) | (None, Some(s)) => s.description.clone(),
                (None, None) => String::new(),
            };
            let cells = [(i + 1).to_string(), (any.llm_call + 1).to_string(), any.tool.clone(), status(p.then), status(p.now), verdict.to_owned(), description];
            let _ = crate::bench::line(&mut o, &w, &cells, true);
        }
        let _ = writeln!(
            o,
            "ended: then {}{}, now {}{}",
            self.record.status,
            self.record.answer.as_deref().map(|a| format!(" (“{a}”)")).unwrap_or_default(),
            self.now.status,
            self.now.answer.as_deref().or(self.now.failure.as_deref()).map(|a| format!(" (“{a}”)")).unwrap_or_default()
        );
        for p in &self.replayed.prompts {
            let what = if p.action.is_empty() { String::new() } else { format!(" for “{}”", p.action) };
            let why = if p.kind == "secret" { " — secrets are never recorded, so the replay does not give one" } else { "" };
            let _ = writeln!(o, "asked: {}{what} → {}{why}", p.kind, p.answer);
        }
        for (turn, id) in &self.plan.unresolved {
            let _ = writeln!(o, "note: model turn {turn} names {id}, which no recorded listing gave: replayed as recorded");
        }
        if let Some(turn) = self.replayed.stopped_at_turn {
            let needs: Vec<String> = self.plan.needs.get(&turn).into_iter().flatten().map(|n| n.key.clone()).collect();
            let _ = writeln!(
                o,
                "\nModel turn {turn} could not be replayed: the page no longer lists {} (the replay found its ids by these labels), so the task was stopped there.",
                if needs.is_empty() { "what it named".to_owned() } else { needs.join(", ") }
            );
        }
        match self.pairs.iter().position(|p| !matches!(p.verdict, Verdict::Same | Verdict::SecretRefused)) {
            Some(i) => self.first_difference(&mut o, i),
            None if self.all_match() => {
                let refused = self.pairs.iter().filter(|p| p.verdict == Verdict::SecretRefused).count();
                let _ = writeln!(
                    o,
                    "\nAll {} steps match the record{}.",
                    self.pairs.len(),
                    if refused > 0 { format!(" ({refused} typed a secret the replay refused to give)") } else { String::new() }
                );
            }
            None if !self.ended_alike() => {
                let _ = writeln!(o, "\nEvery step matches, but the task ended otherwise: {} then, {} now.", self.record.status, self.now.status);
            }
            None => {}
        }
        if !self.all_match() {
            let _ = writeln!(o, "The page no longer answers as recorded.");
        }
        o
    }

    fn first_difference(&self, o: &mut String, i: usize) {
        let p = &self.pairs[i];
        let _ = writeln!(o, "\nFirst step that no longer matches: #{}", i + 1);
        let side = |o: &mut String, when: &str, s: Option<&StepRecord>| match s {
            None => {
                let _ = writeln!(o, "  {when}: not run");
            }
            Some(s) => {
                let _ = writeln!(o, "  {when}: {} {} — {}", s.status, s.tool, s.description);
                if let Some(b) = bound(s) {
                    let _ = writeln!(o, "        bound to {b}");
                }
                let _ = writeln!(o, "        args {}", s.args);
                if !s.result.is_empty() {
                    let _ = writeln!(o, "        {}", s.result);
                }
            }
        };
        side(o, "then", p.then);
        side(o, "now ", p.now);
        let why = match (p.then, p.now) {
            (Some(t), Some(n)) => {
                let mut why = Vec::new();
                if t.tool != n.tool {
                    why.push(format!("another tool ran: {} then, {} now", t.tool, n.tool));
                }
                match (bound(t), bound(n)) {
                    (Some(a), Some(b)) if a != b => why.push(format!("it binds another element: {a} then, {b} now")),
                    _ if t.description != n.description => why.push(format!("it names another element: “{}” then, “{}” now", t.description, n.description)),
                    _ => {}
                }
                if t.status != n.status {
                    why.push(if t.status == "ok" {
                        format!("it succeeded then and is {} now: {}", n.status, n.result)
                    } else {
                        format!("it was {} then and is {} now", t.status, n.status)
                    });
                }
                why.join("; ")
            }
            (Some(_), None) => match (self.replayed.stopped_at_turn, &self.now.failure) {
                (Some(turn), _) => format!("the replay stopped at model turn {turn} (above)"),
                (None, Some(f)) => format!("the task ended before it: {f}"),
                (None, None) => "the task ended before it".to_owned(),
            },
            (None, Some(_)) => "a step ran now that the record does not have".to_owned(),
            (None, None) => String::new(),
        };
        let _ = writeln!(o, "  → {why}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const OPENING: &str = "Task: Find my invoice\n\nThe current tab (3) shows:\n<page-n1>\nType: dashboard\nPage \"Billing – Acme\" http://127.0.0.1:4321/app/billing/ · signed in\nActions:\n- a111 link \"Billing\" @nav\n- a222 button \"Update payment method\"\n- a333 button \"Download invoice\" per item of c444 (give \"item\": N)\nLists:\n- c444 invoices, ~12 items: date, number\n</page-n1>";

    fn task() -> TaskRecord {
        TaskRecord::from_value(json!({
            "id": "t", "goal": "Find my invoice", "status": "succeeded", "opening": OPENING, "answer": "Downloaded.",
            "turns": [
                {"turn": "model", "content": "Reading.", "calls": [{"id": "k1", "name": "dom_extract", "arguments": "{\"collectionId\":\"c444\"}"}]},
                {"turn": "results", "results": [{"callId": "k1", "name": "dom_extract", "brief": "12 of 12 items:\n1. a | b"}]},
                {"turn": "model", "content": "Row 2.", "calls": [{"id": "k2", "name": "dom_click", "arguments": "{\"id\":\"a333\",\"item\":2}"}]},
                {"turn": "results", "results": [{"callId": "k2", "name": "dom_click", "brief": "Done.", "page": "Changes in the listing:\nNew:\n- a999 button \"Close\"\nGone:\n- a222 \"Update payment method\""}]},
                {"turn": "model", "content": "", "calls": [{"id": "k3", "name": "done", "arguments": "{\"answer\":\"Downloaded.\"}"}]}
            ],
            "steps": [
                step(0, 0, "dom_extract", "Read the list “invoices”", "ok", json!({"collectionId": "c444"})),
                step(1, 1, "dom_click", "Click “Download invoice INV-1” (button)", "ok", json!({"id": "a333", "item": 2}))
            ]
        }))
        .unwrap()
    }

    fn step(index: u32, call: u32, tool: &str, description: &str, status: &str, args: Value) -> Value {
        json!({"index": index, "llmCall": call, "tool": tool, "args": args, "description": description, "status": status,
               "result": format!("Done: {description}."), "startedAt": 0.0, "ms": 10,
               "call": {"name": "dom.click", "args": {"tabId": 1, "selector": {"kind": "role", "role": "button", "name": description}}}})
    }

    /// What the server's regex finds in `text`, as the template says.
    fn fill(template: &str, text: &str) -> Option<String> {
        let re = template.strip_prefix("{{match:")?.strip_suffix("}}")?;
        let caps = regex::Regex::new(re).unwrap().captures(text)?;
        Some(caps.get(1).unwrap_or_else(|| caps.get(0).unwrap()).as_str().to_owned())
    }

    #[test]
    fn the_start_page_and_session_come_from_the_opening() {
        assert_eq!(start_of(OPENING).unwrap(), Start { url: "http://127.0.0.1:4321/app/billing/".into(), signed_in: Some(true) });
        let err = start_of("Task: x\n<page-n>\n(This tab cannot be read: …)\n</page-n>").unwrap_err().to_string();
        assert!(err.contains("no page line"), "{err}");
        let err = start_of("Page \"Rust\" https://www.rust-lang.org/ \n").unwrap_err().to_string();
        assert!(err.contains("www/ only"), "{err}");
    }

    #[test]
    fn recorded_ids_become_templates_on_their_labels() {
        let plan = Plan::build(&task()).unwrap();
        assert_eq!(plan.rules.len(), 3);
        let args = |turn: usize| plan.rules[turn]["reply"]["toolCalls"][0]["arguments"].clone();
        let extract = args(0)["collectionId"].as_str().unwrap().to_owned();
        let click = args(1)["id"].as_str().unwrap().to_owned();
        assert_eq!(args(1)["item"], 2, "other arguments stay");
        assert_eq!(plan.rules[1]["reply"]["toolCalls"][0]["id"], "k2", "the recorded call id");
        assert_eq!(plan.rules[1]["when"]["turn"], 2);
        // The page now lists other ids for the same labels.
        let now = "<page-x>\nActions:\n- a000 link \"Billing\" @nav\n- a777 button \"Download invoice\" per item of c888 (give \"item\": N)\nLists:\n- c888 invoices, ~12 items: date\n- c889 invoices archive, ~3 items\n</page-x>";
        assert_eq!(fill(&extract, now).as_deref(), Some("c888"), "{extract}");
        assert_eq!(fill(&click, now).as_deref(), Some("a777"), "{click}");
        // A label the page no longer has: no match (the server answers template_unmatched).
        assert_eq!(fill(&click, &now.replace("Download invoice", "Get invoice")), None);
        assert_eq!(plan.needs[&2][0].key, "button \"Download invoice\"");
        assert_eq!(plan.answers, Vec::<String>::new());
        assert_eq!(plan.to_json()["start"]["signedIn"], true);
    }

    #[test]
    fn lines_of_gone_entries_do_not_name_an_id_and_ranks_are_kept() {
        let texts = vec![OPENING.to_owned(), "Changes in the listing:\nGone:\n- a333 \"Download invoice\"".to_owned()];
        assert_eq!(find_named(&texts, "a333").unwrap().key, "button \"Download invoice\"", "from the opening, not the Gone line");
        let two = "Actions:\n- a1 link \"Next\" @nav\n- a2 link \"Next\"\n".to_owned();
        let named = find_named(std::slice::from_ref(&two), "a2").unwrap();
        assert_eq!(named.rank, 1);
        let t = template(&named);
        assert_eq!(fill(&t, &two.replace("a1", "a7").replace("a2", "a8")).as_deref(), Some("a8"), "{t}");
        assert_eq!(fill(&t, "- a9 link \"Next\"\n").as_deref(), Some("a9"), "fewer now: the last there is");
        let hits = "3 matches, best first (id label [kind] score):\n<page-n>\na5d1q Add to cart [add_to_cart] 0.91\n</page-n>".to_owned();
        let named = find_named(&[hits], "a5d1q").unwrap();
        assert!(named.query);
        assert_eq!(fill(&template(&named), "a0z9q Add to cart [add_to_cart] 0.88").as_deref(), Some("a0z9q"));
        assert!(find_named(&[OPENING.to_owned()], "a555").is_none());
    }

    #[test]
    fn labels_are_escaped_for_the_regex_and_the_template() {
        let named = Named { id: "a1".into(), key: "button \"Save (2) }} [x]\"".into(), rank: 0, query: false };
        let t = template(&named);
        assert_eq!(t.matches("}}").count(), 1, "only the closing braces: {t}");
        assert_eq!(fill(&t, "- a9 button \"Save (2) }} [x]\"").as_deref(), Some("a9"));
    }

    fn replayed(task: Value, stopped: Option<usize>) -> Replayed {
        Replayed { task, prompts: vec![PromptSeen { kind: "site".into(), action: "Click “Download invoice INV-1” (button)".into(), answer: "Allow once".into() }], stopped_at_turn: stopped }
    }

    #[test]
    fn a_faithful_replay_matches_and_a_changed_page_is_named() {
        let record = task();
        let plan = Plan::build(&record).unwrap();
        let mut same = serde_json::to_value(json!({
            "id": "t2", "goal": "Find my invoice", "status": "succeeded", "opening": OPENING, "turns": [], "answer": "Downloaded.",
            "steps": [step(0, 0, "dom_extract", "Read the list “invoices”", "ok", json!({})), step(1, 1, "dom_click", "Click “Download invoice INV-1” (button)", "ok", json!({}))]
        }))
        .unwrap();
        let r = replayed(same.clone(), None);
        let now = TaskRecord::from_value(same.clone()).unwrap();
        let report = Report::new(&record, &plan, &now, &r);
        assert!(report.all_match());
        let out = report.render(Path::new("x.json"));
        assert!(out.contains("All 2 steps match the record."), "{out}");
        assert!(out.contains("asked: site for “Click “Download invoice INV-1” (button)” → Allow once"), "{out}");

        same["steps"][1] = step(1, 1, "dom_click", "Click “Update payment method” (button)", "denied", json!({}));
        let now = TaskRecord::from_value(same.clone()).unwrap();
        let r = replayed(same.clone(), None);
        let report = Report::new(&record, &plan, &now, &r);
        assert!(!report.all_match());
        let out = report.render(Path::new("x.json"));
        assert!(out.contains("First step that no longer matches: #2"), "{out}");
        assert!(out.contains("DIFFERS") && out.contains("→ Click “Update payment method” (button)"), "{out}");
        assert!(out.contains("it binds another element: button “Click “Download invoice INV-1” (button)” then, button “Click “Update payment method” (button)” now; it succeeded then and is denied now: Done: "), "{out}");

        same["steps"] = json!([step(0, 0, "dom_extract", "Read the list “invoices”", "ok", json!({}))]);
        same["status"] = json!("cancelled");
        let now = TaskRecord::from_value(same.clone()).unwrap();
        let r = replayed(same, Some(2));
        let out = Report::new(&record, &plan, &now, &r).render(Path::new("x.json"));
        assert!(out.contains("Model turn 2 could not be replayed: the page no longer lists button \"Download invoice\""), "{out}");
        assert!(out.contains("NOT RUN NOW") && out.contains("the replay stopped at model turn 2"), "{out}");
    }

    #[test]
    fn a_refused_secret_is_not_a_difference() {
        let mut record = task();
        record.steps[1].args = json!({"field": "Password", "text": "{{secret}}"});
        record.steps[1].description = "Type the password into “Password”".into();
        let plan = Plan::build(&record).unwrap();
        let mut now = record.clone();
        now.steps[1].status = "denied".into();
        let r = replayed(json!({}), None);
        let report = Report::new(&record, &plan, &now, &r);
        assert!(report.all_match());
        assert!(report.render(Path::new("x")).contains("(1 typed a secret the replay refused to give)"));
    }

    #[test]
    fn text_mode_and_empty_tasks_are_refused_with_a_reason() {
        let mut t = task();
        t.mode = Some("text".into());
        assert!(Plan::build(&t).unwrap_err().to_string().contains("text mode"));
        let mut t = task();
        t.turns.clear();
        assert!(Plan::build(&t).unwrap_err().to_string().contains("no model turn"));
    }
}
