//! `cargo xtask bench explore` (issue 42 point 6): the explorer against
//! two baselines on generated sites (`bc_core::explore::sim`: 50–200
//! pages, one goal page 2–4 links deep, decoys sharing the goal's words):
//!
//! - **beam**: the product's search (beam 3, depth 4, 3 tabs at once), one
//!   model call to ask for it and one to finish;
//! - **greedy**: the same ranking, following only the single best link at
//!   each step (beam 1, one tab);
//! - **ask per click**: a model call for every click on the way the beam
//!   search found (the same choices, as today's agents pay for them).
//!
//! Printed: success, model calls, tabs opened, and a modelled wall time
//! (`LOAD_MS` per round of page loads, `MODEL_MS` per model call: the
//! search itself runs natively here, in microseconds), with ratios. The
//! real sites (www/deep/) are measured in `tests/e2e/explore.test.mjs`,
//! which prints real times.

use anyhow::Result;
use bc_core::explore::sim::{SimHost, SimSite, ORIGIN, SCENARIOS};
use bc_core::explore::{explore, ExploreRequest, SiteGraph};
use futures::executor::block_on;
use std::fmt::Write;

/// A page load and settle in a background tab, as measured on www/.
const LOAD_MS: f64 = 600.0;
/// One model call of a hosted small model (gpt-4o-mini class), p50.
const MODEL_MS: f64 = 1500.0;

#[derive(Default, Clone, Copy)]
struct Tally {
    runs: u32,
    found: u32,
    calls: u32,
    tabs: u32,
    ms: f64,
}

impl Tally {
    fn add(&mut self, found: bool, calls: u32, tabs: u32, ms: f64) {
        self.runs += 1;
        self.found += u32::from(found);
        self.calls += calls;
        self.tabs += tabs;
        self.ms += ms;
    }
    fn per_run(&self, v: f64) -> f64 {
        v / f64::from(self.runs.max(1))
    }
}

pub fn run(smoke: bool) -> Result<()> {
    let sizes: &[usize] = if smoke { &[60] } else { &[50, 100, 150, 200] };
    let seeds = if smoke { 1..=2 } else { 1..=10 };
    let (mut beam, mut greedy, mut ask) = (Tally::default(), Tally::default(), Tally::default());
    let mut lines = String::new();
    for scenario in SCENARIOS {
        let (mut b, mut g, mut a) = (Tally::default(), Tally::default(), Tally::default());
        for &size in sizes {
            for seed in seeds.clone() {
                let site = SimSite::generate(scenario, size, seed);
                let goal_url = format!("{ORIGIN}{}", site.goal_path);
                let req = ExploreRequest { depth: 4, ..ExploreRequest::new(scenario.goal) };
                let host = SimHost::new(site.clone());
                let r = block_on(explore(&host, &mut SiteGraph::new(ORIGIN), &req, 1))?;
                let ok = r.found && r.goal_url.as_deref() == Some(goal_url.as_str());
                b.add(ok, 2, r.tabs_opened, f64::from(r.rounds) * LOAD_MS + 2.0 * MODEL_MS);
                let host = SimHost::new(site);
                let one = ExploreRequest { beam: 1, max_tabs: 1, ..req.clone() };
                let r1 = block_on(explore(&host, &mut SiteGraph::new(ORIGIN), &one, 1))?;
                let ok1 = r1.found && r1.goal_url.as_deref() == Some(goal_url.as_str());
                g.add(ok1, 2, r1.tabs_opened, f64::from(r1.rounds) * LOAD_MS + 2.0 * MODEL_MS);
                // The same choices, a model call per click (and one to finish).
                let clicks = scenario.path.len() as u32;
                a.add(ok, clicks + 1, 0, f64::from(clicks) * (LOAD_MS + MODEL_MS) + MODEL_MS);
            }
        }
        for (t, name) in [(&b, "beam"), (&g, "greedy"), (&a, "ask per click")] {
            writeln!(lines, "{:<22} {:<14} {:>3}/{:<3} {:>6.1} {:>6.1} {:>8.0}", scenario.name, name, t.found, t.runs, t.per_run(f64::from(t.calls)), t.per_run(f64::from(t.tabs)), t.per_run(t.ms))?;
        }
        for (total, t) in [(&mut beam, b), (&mut greedy, g), (&mut ask, a)] {
            total.runs += t.runs;
            total.found += t.found;
            total.calls += t.calls;
            total.tabs += t.tabs;
            total.ms += t.ms;
        }
    }
    println!("explore on generated sites ({} sizes x {} seeds per scenario; LOAD_MS {LOAD_MS}, MODEL_MS {MODEL_MS})", sizes.len(), seeds.clone().count());
    println!("{:<22} {:<14} {:>7} {:>6} {:>6} {:>8}", "scenario", "strategy", "found", "calls", "tabs", "ms");
    print!("{lines}");
    let rate = |t: &Tally| f64::from(t.found) / f64::from(t.runs.max(1));
    println!("\ntotals: success beam {:.0}% / greedy {:.0}% / ask-per-click {:.0}%", 100.0 * rate(&beam), 100.0 * rate(&greedy), 100.0 * rate(&ask));
    println!(
        "ratios beam/greedy: success {:.2}x, tabs {:.2}x, time {:.2}x",
        rate(&beam) / rate(&greedy).max(1e-9),
        f64::from(beam.tabs) / f64::from(greedy.tabs.max(1)),
        beam.ms / greedy.ms.max(1.0)
    );
    println!(
        "ratios beam/ask-per-click: model calls {:.2}x, time {:.2}x",
        f64::from(beam.calls) / f64::from(ask.calls.max(1)),
        beam.ms / ask.ms.max(1.0)
    );
    Ok(())
}
