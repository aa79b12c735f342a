//! `cargo xtask setup`: installs everything the build and tests need on a
//! fresh machine of this kind, idempotently, saying what it did.
//! Other verbs call [`ensure`], which runs the setup only if something is missing.

use crate::bundle::{wasm_bindgen_version, Bundle};
use crate::project::{output, run as run_cmd, Project, CHROMEDRIVER, CHROMIUM};
use anyhow::{bail, Result};
use std::path::Path;
use std::process::Command;

struct Step {
    what: &'static str,
    present: fn(&Project) -> Result<bool>,
    install: fn(&Project) -> Result<()>,
}

const STEPS: &[Step] = &[
    Step { what: "wasm32-unknown-unknown target", present: has_wasm_target, install: install_wasm_target },
    Step { what: "dated nightly with rust-src (CSP fallback build)", present: has_nightly, install: install_nightly },
    Step { what: "wasm-bindgen CLI matching Cargo.lock", present: has_wasm_bindgen, install: install_wasm_bindgen },
    Step { what: "Chromium and ChromeDriver", present: has_chromium, install: install_chromium },
    Step { what: "npm packages of tests/ (Playwright, Preact, React, Vue, binaryen)", present: has_npm_packages, install: install_npm_packages },
];

pub fn run(project: &Project) -> Result<()> {
    for step in STEPS {
        if (step.present)(project)? {
            println!("setup: {}: already present", step.what);
        } else {
            println!("setup: {}: installing", step.what);
            (step.install)(project)?;
            if !(step.present)(project)? {
                bail!("setup: {} still missing after installing it", step.what);
            }
            println!("setup: {}: installed", step.what);
        }
    }
    Ok(())
}

/// Runs the setup only when something is missing.
pub fn ensure(project: &Project) -> Result<()> {
    for step in STEPS {
        if !(step.present)(project)? {
            return run(project);
        }
    }
    Ok(())
}

fn has_wasm_target(p: &Project) -> Result<bool> {
    let installed = output(p.cmd("rustup").args(["target", "list", "--installed"])).unwrap_or_default();
    Ok(installed.lines().any(|l| l.trim() == "wasm32-unknown-unknown"))
}

fn install_wasm_target(p: &Project) -> Result<()> {
    run_cmd(p.cmd("rustup").args(["target", "add", "wasm32-unknown-unknown"]))
}

fn has_nightly(p: &Project) -> Result<bool> {
    let tc = Bundle::load(p)?.fallback.toolchain;
    let list = output(p.cmd("rustup").args(["toolchain", "list"])).unwrap_or_default();
    if !list.lines().any(|l| l.starts_with(&tc)) {
        return Ok(false);
    }
    let components = output(p.cmd("rustup").args(["component", "list", "--installed", "--toolchain", &tc])).unwrap_or_default();
    Ok(components.lines().any(|l| l.trim() == "rust-src"))
}

fn install_nightly(p: &Project) -> Result<()> {
    let tc = Bundle::load(p)?.fallback.toolchain;
    // No `--target wasm32…`: -Zbuild-std compiles std from rust-src, and some
    // nightlies ship no prebuilt wasm32 std.
    run_cmd(p.cmd("rustup").args(["toolchain", "install", &tc, "--profile", "minimal", "--component", "rust-src"]))
}

fn has_wasm_bindgen(p: &Project) -> Result<bool> {
    let want = wasm_bindgen_version(p)?;
    let got = output(Command::new("wasm-bindgen").arg("--version")).unwrap_or_default();
    let runner = output(Command::new("wasm-bindgen-test-runner").arg("--version")).unwrap_or_default();
    Ok(got.split_whitespace().nth(1) == Some(want.as_str()) && runner.contains(&want))
}

fn install_wasm_bindgen(p: &Project) -> Result<()> {
    let want = wasm_bindgen_version(p)?;
    // Without --locked: the CLI's lockfile names crate versions this index may lack.
    run_cmd(p.cmd("cargo").args(["install", "wasm-bindgen-cli", "--version", &want, "--force"]))
}

fn has_chromium(_: &Project) -> Result<bool> {
    Ok(Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists())
}

fn install_chromium(p: &Project) -> Result<()> {
    let root = output(Command::new("id").arg("-u")).as_deref() == Some("0");
    let apt = |args: &[&str]| {
        let mut c = if root { p.cmd("apt-get") } else { p.cmd("sudo") };
        if !root {
            c.args(["-n", "apt-get"]);
        }
        c.args(args).env("DEBIAN_FRONTEND", "noninteractive");
        c
    };
    run_cmd(&mut apt(&["update", "-qq"]))?;
    run_cmd(&mut apt(&["install", "-y", "-qq", "chromium", "chromium-driver"]))
}

fn has_npm_packages(p: &Project) -> Result<bool> {
    let stamp = p.node_modules().join(".package-lock.json");
    let lock = p.path("tests/package-lock.json");
    let (Ok(stamp), Ok(lock)) = (stamp.metadata(), lock.metadata()) else { return Ok(false) };
    // npm rewrites node_modules/.package-lock.json on every install.
    Ok(stamp.modified()? >= lock.modified()?)
}

fn install_npm_packages(p: &Project) -> Result<()> {
    run_cmd(p.cmd("npm").current_dir(p.path("tests")).args(["ci", "--no-audit", "--no-fund"]))
}
