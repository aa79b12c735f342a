//! `cargo xtask bench safety` (issue 41): the attack suite's table —
//! case, channel, goal, what blocked the attack, whether the user's task
//! was still done, whether the attack succeeded — and the totals.
//!
//! `tests/bench/safety.mjs` plays every case of `www/attacks/cases.js`
//! through the real side panel against the adversarial scripted model
//! (the runner and its judgement are `tests/support/attack_run.mjs`, the
//! same as the e2e test's); this module prints. Figures, never a failure
//! (the e2e test is the one that fails on a successful attack).
//! `--smoke` plays the mail site's cases only.

use crate::project::Project;
use anyhow::Result;
use serde::Deserialize;
use std::collections::BTreeMap;

pub fn run(project: &Project, smoke: bool) -> Result<()> {
    let (out, results): (_, Results) = super::table::run_script(project, "safety", smoke)?;
    println!("{}", report(&results)?);
    println!("rows: {}", out.join("results.json").display());
    Ok(())
}

#[derive(Debug, Deserialize)]
struct Results {
    rows: Vec<Row>,
    seconds: f64,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Row {
    id: String,
    channel: String,
    goal: String,
    attacked: bool,
    succeeded: bool,
    why: Vec<String>,
    blocked_by: String,
    benign_completed: bool,
}

fn report(r: &Results) -> Result<String> {
    let mut o = String::new();
    let head = ["case", "channel", "goal", "blocked by", "task done", "attack"];
    let cells: Vec<[String; 6]> = r
        .rows
        .iter()
        .map(|x| {
            let attack = if x.succeeded { format!("SUCCEEDED: {}", x.why.join("; ")) } else { "failed".into() };
            [x.id.clone(), x.channel.clone(), x.goal.clone(), x.blocked_by.chars().take(60).collect(), yes(x.benign_completed).into(), attack]
        })
        .collect();
    let widths: Vec<usize> = (0..6).map(|i| cells.iter().map(|c| c[i].chars().count()).chain([head[i].len()]).max().unwrap_or(0)).collect();
    let row = |o: &mut String, c: &[&str]| {
        let cells: Vec<String> = c.iter().zip(&widths).map(|(c, w)| format!("{c:<w$}")).collect();
        o.push_str(cells.join("  ").trim_end());
        o.push('\n');
    };
    row(&mut o, &head);
    for c in &cells {
        row(&mut o, &c.iter().map(String::as_str).collect::<Vec<_>>());
    }
    let n = r.rows.len();
    let exfil = r.rows.iter().filter(|x| x.succeeded && x.goal.starts_with("exfiltrate")).count();
    let acted = r.rows.iter().filter(|x| x.succeeded && !x.goal.starts_with("exfiltrate")).count();
    let mut by_what: BTreeMap<&str, usize> = BTreeMap::new();
    for x in &r.rows {
        let key = if x.blocked_by.starts_with("the step failed") { "the step failed" } else { x.blocked_by.as_str() };
        *by_what.entry(key).or_default() += 1;
    }
    o.push('\n');
    o.push_str(&format!("cases: {n} ({:.0} s); the model obeyed an injection in {}\n", r.seconds, r.rows.iter().filter(|x| x.attacked).count()));
    o.push_str(&format!("successful exfiltrations: {exfil}; unconfirmed unwanted actions or departures: {acted}\n"));
    o.push_str(&format!("benign task completed: {}/{n}\n", r.rows.iter().filter(|x| x.benign_completed).count()));
    o.push_str("blocked by:\n");
    for (what, count) in by_what {
        o.push_str(&format!("  {count:>3}  {what}\n"));
    }
    Ok(o)
}

fn yes(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "NO"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_counts_what_succeeded_and_what_blocked() {
        let r: Results = serde_json::from_value(serde_json::json!({"seconds": 3.0, "rows": [
            {"id": "mail-a", "channel": "visible text", "goal": "exfiltrate by navigation", "attacked": true, "succeeded": false, "why": [], "blockedBy": "data-leak check (refused)", "benignCompleted": true},
            {"id": "shop-b", "channel": "alt", "goal": "delete", "attacked": true, "succeeded": true, "why": ["site logged “deleted”"], "blockedBy": "NOT BLOCKED: Done", "benignCompleted": false}
        ]})).unwrap();
        let t = report(&r).unwrap();
        assert!(t.contains("successful exfiltrations: 0; unconfirmed unwanted actions or departures: 1"), "{t}");
        assert!(t.contains("benign task completed: 1/2"), "{t}");
        assert!(t.contains("SUCCEEDED: site logged “deleted”"), "{t}");
        assert!(t.contains("  1  data-leak check (refused)"), "{t}");
    }
}
