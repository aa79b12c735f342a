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

mod ids;
mod report;

use ids::*;
use report::*;

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
