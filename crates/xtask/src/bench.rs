//! `cargo xtask bench <what>`: benchmarks print figures, measured against a
//! baseline in the same run; they never pass or fail on time.

use crate::dist;
use crate::project::{run as run_cmd, Project};
use anyhow::{bail, Result};

pub fn run(project: &Project, what: &str) -> Result<()> {
    let script = match what {
        "load" => "tests/bench/load.mjs",
        other => bail!("unknown benchmark `{other}`; available: load"),
    };
    run_cmd(&mut dist::node_with_extension(project, script)?)
}
