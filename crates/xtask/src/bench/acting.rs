//! `cargo xtask bench acting` (issue 4 point 8): per tool, the time from
//! `self.copilot.call` to its Observation, next to Playwright performing
//! the same action on the same page in the same run.
//!
//! `tests/bench/acting.mjs` alternates the two sides (and which goes first)
//! and writes raw samples to `target/bench-acting/results.json`; this module
//! prints p50/p95 and the ratio. Our actions verify (they wait for the page
//! to settle and compare digests) and Playwright's do not, so the table also
//! shows "ours→effect": from the call to the last DOM event of the action
//! the page saw (or the new document's load), measured, not estimated.
//! Figures, never a failure. `--smoke` (two rounds) only shows that the
//! bench still works; `BC_BENCH_RUNS` sets the rounds (default 10).

use super::table::{self, cell, line, percentiles, P};
use crate::project::Project;
use anyhow::Result;
use serde::Deserialize;
use std::fmt::Write as _;

pub fn run(project: &Project, smoke: bool) -> Result<()> {
    let (_, results): (_, Results) = table::run_script(project, "acting", smoke)?;
    println!("{}", report(&results)?);
    Ok(())
}

/// What the node script writes (`results.json`).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Results {
    runs: usize,
    user_agent: String,
    wait_delay_ms: u32,
    tools: Vec<Tool>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Tool {
    tool: String,
    /// The Playwright call it is compared with.
    playwright: String,
    page: String,
    /// The DOM event type (or `load`) that "ours→effect" is measured to;
    /// `None` where the tool's result is its effect (waits, reads).
    effect: Option<String>,
    note: Option<String>,
    samples: Samples,
}

/// Milliseconds, one per round.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Samples {
    ours: Vec<f64>,
    /// `None` when the page saw no such event during the call.
    ours_effect: Vec<Option<f64>>,
    theirs: Vec<f64>,
    /// `attempts` of each ActOutcome (more than 1: the retry ladder ran).
    attempts: Vec<u32>,
}

fn report(r: &Results) -> Result<String> {
    let mut o = String::new();
    writeln!(o, "\nbench acting — {} alternating rounds per tool (ms, p50/p95 by nearest rank); {}", r.runs, r.user_agent)?;
    writeln!(o, "cores: {}", std::thread::available_parallelism().map_or(0, |n| n.get()))?;
    let w = [23, 3, 13, 17, 13, 9, 10, 7, 37];
    let head = ["tool", "n", "ours", "ours→effect", "Playwright", "ours/PW", "effect/PW", "retries", "Playwright call"];
    line(&mut o, &w, &head, true)?;
    for t in &r.tools {
        let s = &t.samples;
        let ours = percentiles(&s.ours);
        let effect: Vec<f64> = s.ours_effect.iter().flatten().copied().collect();
        let theirs = percentiles(&s.theirs);
        let ratio = |a: Option<P>| match (a, theirs) {
            (Some(a), Some(b)) if b.p50 > 0.0 && a.p50 / b.p50 < 1.0 => format!("{:.2}×", a.p50 / b.p50),
            (Some(a), Some(b)) if b.p50 > 0.0 => format!("{:.1}×", a.p50 / b.p50),
            _ => "–".into(),
        };
        let effect_cell = match &t.effect {
            None => "n/a".to_owned(),
            // Fewer effects than rounds: say how many the page saw.
            Some(_) if effect.len() < s.ours.len() => format!("{} ({}/{})", cell(percentiles(&effect)), effect.len(), s.ours.len()),
            Some(_) => cell(percentiles(&effect)),
        };
        let retries = s.attempts.iter().filter(|&&a| a > 1).count();
        let cells = [
            t.tool.clone(),
            s.ours.len().to_string(),
            cell(ours),
            effect_cell,
            cell(theirs),
            ratio(ours),
            if t.effect.is_some() { ratio(percentiles(&effect)) } else { "–".into() },
            retries.to_string(),
            t.playwright.clone(),
        ];
        line(&mut o, &w, &cells, true)?;
    }
    writeln!(o, "\n  ours        = self.copilot.call timed in the service worker: messaging, binding, the action, then verification")?;
    writeln!(o, "                (the page settles: ≥ 120 ms and 150 ms without mutations, at most 1.5 s; digests before/after compared)")?;
    writeln!(o, "  ours→effect = from the same call start to the last DOM event of the action the page saw (event named below),")?;
    writeln!(o, "                or to the new document's loadEventEnd: our time without the verification (clocks: timeOrigin + now);")?;
    writeln!(o, "                it ends in the page, so it also leaves out the reply's way back that Playwright's time includes")?;
    writeln!(o, "  Playwright  = the locator action timed from node (one CDP round trip; actionability checks; no verification);")?;
    writeln!(o, "                ours is timed inside the worker, without the node → worker round trip")?;
    writeln!(o, "  ours/PW, effect/PW = ratios of the p50s")?;
    writeln!(o, "  CAVEAT: ours includes verification and Playwright's does not; compare Playwright with ours→effect for the action alone")?;
    writeln!(o, "  retries     = rounds whose ActOutcome reports more than one attempt")?;
    for t in &r.tools {
        let effect = t.effect.as_deref().map_or_else(|| "n/a (the result is the effect)".to_owned(), |e| format!("effect = {e}"));
        let note = t.note.as_deref().map(|n| format!("; {n}")).unwrap_or_default();
        writeln!(o, "  {:<23} on {}: {effect}{note}", t.tool, t.page)?;
    }
    writeln!(o, "  dom.waitFor's element appears {} ms after each wait starts, on both sides", r.wait_delay_ms)?;
    Ok(o)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn report_from_results() {
        let json = r#"{"runs":2,"smoke":true,"userAgent":"UA","waitDelayMs":100,"tools":[
          {"tool":"dom.click","playwright":"getByRole('button').click()","page":"/preact-form/","effect":"click","note":null,
           "samples":{"ours":[200,220],"oursEffect":[12,null],"theirs":[40,50],"attempts":[1,2]}},
          {"tool":"dom.waitFor","playwright":"waitForSelector()","page":"/preact-form/","effect":null,"note":"appearing",
           "samples":{"ours":[150,160],"oursEffect":[null,null],"theirs":[110,120],"attempts":[1,1]}}]}"#;
        let results: Results = serde_json::from_str(json).unwrap();
        let out = report(&results).unwrap();
        assert!(out.contains("dom.click"), "{out}");
        assert!(out.contains("200.0/220.0"), "{out}");
        assert!(out.contains("12.0/12.0 (1/2)"), "{out}");
        assert!(out.contains("0.30×"), "{out}");
        assert!(out.contains("5.0×"), "{out}");
        assert!(out.contains("n/a"), "{out}");
        assert!(out.contains("CAVEAT"), "{out}");
        assert!(out.contains("effect = click"), "{out}");
    }
}
