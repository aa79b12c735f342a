//! `cargo xtask conformance <what>`: measures us against third-party
//! conformance data in `../shared/bench-data` (never committed here) and
//! Chromium's own accessibility tree. Prints figures; a machine without the
//! data gets a message, not a failure.

use crate::dist;
use crate::project::{run as run_cmd, Project};
use anyhow::{bail, Result};

pub fn run(project: &Project, what: &str, args: &[String]) -> Result<()> {
    let script = match what {
        "aria" => "tests/conformance/aria.mjs",
        other => bail!("unknown conformance suite `{other}`; available: aria"),
    };
    crate::setup::ensure(project)?;
    // The content module of the release build carries the debug exports the script calls.
    let unpacked = dist::run(project, dist::Options { fallback: false })?;
    let mut cmd = project.cmd("node");
    cmd.arg(script).args(args).env("BC_CONTENT_PKG", unpacked.join("content"));
    run_cmd(&mut cmd)
}
