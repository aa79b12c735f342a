//! `cargo xtask <verb>`: the only build entry of Browser Copilot.
//!
//! - `setup`: installs what the build and tests need, idempotently.
//! - `dist`: release-builds every WASM module of `wasm-pack.toml` (plus the
//!   CSP fallback), assembles `dist/unpacked/` and the zip, prints sizes.
//! - `test`: native tests, wasm-bindgen tests in headless Chromium, then
//!   end-to-end tests of the packed extension (the README's test command).
//! - `run`: builds, serves `www/` and the scripted LLM, and starts Chromium
//!   with the extension (headed with a display, else a scripted demo).
//! - `bench <what>`: benchmarks that print figures (never pass/fail).
//! - `conformance <what>`: agreement with third-party conformance data.
//! - `inspect <url>`: what the copilot sees on a page (MiniPCD, summary, query).
//! - `replay <export.json>`: replays a task exported from the side panel
//!   against `www/` and compares it step by step with the record.

mod bench;
mod bundle;
mod conformance;
mod dist;
mod project;
mod replay;
mod run;
mod setup;
mod task_record;
mod test;
mod zip_dir;

use anyhow::{bail, Result};

const USAGE: &str = "\
usage: cargo xtask <verb> [options]
  setup                      install toolchains, Chromium, npm packages (idempotent)
  dist [--no-fallback]       build dist/unpacked and dist/browser-copilot-<version>.zip
  test [--skip-native] [--skip-wasm] [--skip-e2e] [--e2e FILTER]
                             run all tests (native, wasm in headless Chromium, end-to-end)
  run [--headless]           build, serve www/, start Chromium with the extension
  bench load                 page-load overhead with the extension vs without, on www/ pages
  bench perception [--smoke] MiniPCD and summary time and tokens vs Playwright's ariaSnapshot,
                             www/ pages, generated 10k/50k-element store pages and a 10k app page
                             (ARIA widgets of divs), WASM and wasm2js
  bench acting [--smoke]     per tool, self.copilot.call to its Observation vs Playwright's same action
  bench agent [--smoke]      the www/ agent tasks: model calls, prompt/completion tokens, our time per
                             step, vs a baseline sending Playwright's ariaSnapshot each step
  bench safety [--smoke]     the www/attacks/ suite against a model that obeys injections: per case
                             what blocked the attack and whether the user's task was done
  bench explore [--smoke]    the explorer on generated sites of 50-200 pages vs a greedy walk and a
                             model call per click: success, model calls, tabs, modelled time
  bench flows [--smoke]      the coffee order saved from an agent task as a flow, replayed as is and
                             under generated markup mutations: success, healing, time per step, vs
                             the agent doing it again (model calls, tokens)
  inspect <url-or-file> [--summary compact|full] [--query TEXT] [--kind K] [--top N] [--root DIR]
                             what the copilot sees on any page, as JSON, with timings
  replay <export.json> [--prebuilt]
                             replay a task exported from the side panel against www/ (scripted
                             model) and compare it step by step with the record; exit 1 on a change
  conformance aria           our accessible names/roles vs WPT, axe and Chromium's AX tree
  conformance perception     controls we report on the ARIA Authoring Practices example pages
                             vs Chromium's AX tree: agreement, recall, and findability by name
                             (both read ../shared/bench-data; print figures)
  conformance main-content   the compact summary's preview vs the article's first 300 characters
                             (word-F1) on www/articles-wild/ and the real sites' pages";

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (verb, rest) = match args.split_first() {
        Some((v, rest)) => (v.as_str(), rest),
        None => {
            println!("{USAGE}");
            return Ok(());
        }
    };
    let flag = |name: &str| rest.iter().any(|a| a == name);
    let value = |name: &str| rest.iter().position(|a| a == name).and_then(|i| rest.get(i + 1)).cloned();
    let project = project::Project::locate()?;
    match verb {
        "setup" => setup::run(&project),
        "dist" => {
            setup::ensure(&project)?;
            dist::run(&project, dist::Options { fallback: !flag("--no-fallback"), optimize: true }).map(drop)
        }
        "test" => test::run(
            &project,
            test::Options {
                native: !flag("--skip-native"),
                wasm: !flag("--skip-wasm"),
                e2e: !flag("--skip-e2e"),
                e2e_filter: value("--e2e"),
            },
        ),
        "run" => run::run(&project, run::Options { headless: flag("--headless") }),
        "bench" => bench::run(&project, rest.first().map(String::as_str).unwrap_or(""), &rest[1.min(rest.len())..]),
        // Usage needs no build.
        "inspect" if flag("--help") || flag("-h") => project::run(project.cmd("node").args(["tests/tools/inspect.mjs", "--help"])),
        "inspect" => {
            let mut cmd = dist::node_with_extension(&project, "tests/tools/inspect.mjs")?;
            project::run(cmd.args(rest))
        }
        "replay" => replay::run(&project, rest),
        "conformance" => conformance::run(&project, rest.first().map(String::as_str).unwrap_or(""), &rest[1.min(rest.len())..]),
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            Ok(())
        }
        other => bail!("unknown verb `{other}`\n{USAGE}"),
    }
}
