//! `cargo xtask run`: the newcomer's entry. Builds everything, then runs the
//! demo driver (`tests/demo.mjs`), which serves `www/` and the scripted LLM,
//! starts Chromium with the extension loaded as a user would, configures it
//! and asks a question. With a display Chromium is headed and stays open; on
//! a headless machine the demo prints its transcript and saves screenshots
//! under `target/demo/`.

use crate::dist;
use crate::project::{run as run_cmd, Project};
use anyhow::Result;

pub struct Options {
    pub headless: bool,
}

pub fn run(project: &Project, opts: Options) -> Result<()> {
    let has_display = std::env::var_os("DISPLAY").is_some() || std::env::var_os("WAYLAND_DISPLAY").is_some();
    let out = project.target().join("demo");
    std::fs::create_dir_all(&out)?;
    let mut cmd = dist::node_with_extension(project, "tests/demo.mjs")?;
    if has_display && !opts.headless {
        cmd.arg("--headed");
    }
    run_cmd(cmd.env("BC_DEMO_OUT", &out))
}
