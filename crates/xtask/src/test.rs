//! `cargo xtask test`: every test, in the order that fails fastest:
//! native (core, servers, xtask), wasm-bindgen tests in headless Chromium,
//! then end-to-end tests (Playwright) of the packed extension.

use crate::project::{run as run_cmd, Project, CHROMEDRIVER};
use crate::{dist, setup};
use anyhow::Result;

pub struct Options {
    pub native: bool,
    pub wasm: bool,
    pub e2e: bool,
    pub e2e_filter: Option<String>,
}

/// Crates whose tests need a browser; they run under wasm-bindgen-test-runner.
const BROWSER_CRATES: &[&str] = &["bc-content", "bc-ui"];
/// Crates that only build for wasm32 (no native tests of their own).
const WASM_ONLY: &[&str] = &["bc-background"];

pub fn run(project: &Project, opts: Options) -> Result<()> {
    setup::ensure(project)?;
    if opts.native {
        let mut cmd = project.cmd("cargo");
        cmd.args(["test", "--workspace"]);
        for c in BROWSER_CRATES.iter().chain(WASM_ONLY) {
            cmd.args(["--exclude", c]);
        }
        run_cmd(&mut cmd)?;
    }
    if opts.wasm {
        let mut cmd = project.cmd("cargo");
        cmd.args(["test", "--target", "wasm32-unknown-unknown"]);
        for c in BROWSER_CRATES {
            cmd.args(["-p", c]);
        }
        // ChromeDriver gives each test binary's Chromium a profile of ~80 MB
        // in $TMPDIR and leaves it there when the runner ends the session;
        // a scratch TMPDIR of ours is removed afterwards, pass or fail.
        let tmp = project.target().join("tmp/wasm-bindgen-test");
        std::fs::create_dir_all(&tmp)?;
        // Each browser crate has a webdriver.json with the headless flags.
        // No DWARF in the test binaries: 27 of them, each linked and run
        // through wasm-bindgen, are 2.3× smaller without it, and a failing
        // test's panic names its file and line without it.
        cmd.env("CARGO_PROFILE_DEV_DEBUG", "false")
            .env("CHROMEDRIVER", CHROMEDRIVER)
            .env("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER", "wasm-bindgen-test-runner")
            .env("WASM_BINDGEN_TEST_TIMEOUT", "120")
            .env("TMPDIR", &tmp);
        let ran = run_cmd(&mut cmd);
        let _ = std::fs::remove_dir_all(&tmp);
        ran?;
        // The service worker crate has no browser tests of its own; it must
        // still build. The e2e stage's release build builds it anyway (a
        // separate debug build cost 3m20s of a fresh CI run).
        if !opts.e2e {
            run_cmd(project.cmd("cargo").args(["check", "--target", "wasm32-unknown-unknown", "-p", "bc-background"]))?;
        }
    }
    if opts.e2e {
        let mut cmd = dist::node_with_test_extension(project, "--test")?;
        cmd.args(["--test-concurrency=1", "--test-reporter=spec"]);
        if let Some(f) = &opts.e2e_filter {
            cmd.args(["--test-name-pattern", f]);
        }
        run_cmd(cmd.arg("tests/e2e/"))?;
    }
    println!("xtask test: all stages passed");
    Ok(())
}
