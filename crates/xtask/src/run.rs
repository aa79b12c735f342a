//! `cargo xtask run`: the newcomer's entry. Builds everything, then runs the
//! demo driver (`tests/demo.mjs`), which serves `www/` and the scripted LLM,
//! starts Chromium with the extension loaded as a user would, configures it
//! and asks a question. With a display Chromium is headed and stays open; on
//! a headless machine the demo prints its transcript and saves screenshots
//! under `target/demo/`.

use crate::project::{run as run_cmd, Project};
use crate::{dist, setup};
use anyhow::Result;

pub struct Options {
    pub headless: bool,
}

pub fn run(project: &Project, opts: Options) -> Result<()> {
    setup::ensure(project)?;
    run_cmd(project.cmd("cargo").args(["build", "-p", "bc-devserver", "-p", "bc-llm-server"]))?;
    let dist = dist::run(project, dist::Options { fallback: true })?;
    let has_display = std::env::var_os("DISPLAY").is_some() || std::env::var_os("WAYLAND_DISPLAY").is_some();
    let headed = has_display && !opts.headless;
    let out = project.target().join("demo");
    std::fs::create_dir_all(&out)?;
    let mut cmd = project.cmd("node");
    cmd.arg("tests/demo.mjs");
    if headed {
        cmd.arg("--headed");
    }
    cmd.env("BC_EXTENSION_DIR", &dist.unpacked)
        .env("BC_BIN_DIR", project.target().join("debug"))
        .env("BC_WWW_ROOT", project.path("www"))
        .env("BC_DEMO_OUT", &out);
    run_cmd(&mut cmd)
}
