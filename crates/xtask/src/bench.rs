//! `cargo xtask bench <what>`: benchmarks print figures, measured against a
//! baseline in the same run; they never pass or fail on time.

mod acting;
mod agent;
mod explore;
mod mcp;
mod flows;
mod perception;
mod safety;
mod table;

/// The benches' table rows, for other reports (`replay`).
pub use table::line;

use crate::dist;
use crate::project::{run as run_cmd, Project};
use anyhow::{bail, Result};

pub fn run(project: &Project, what: &str, args: &[String]) -> Result<()> {
    match what {
        "load" => run_cmd(&mut dist::node_with_extension(project, "tests/bench/load.mjs")?),
        "perception" => perception::run(project, args.iter().any(|a| a == "--smoke")),
        "acting" => acting::run(project, args.iter().any(|a| a == "--smoke")),
        "agent" => agent::run(project, args.iter().any(|a| a == "--smoke")),
        "safety" => safety::run(project, args.iter().any(|a| a == "--smoke")),
        "explore" => explore::run(args.iter().any(|a| a == "--smoke")),
        "flows" => flows::run(project, args.iter().any(|a| a == "--smoke")),
        other => bail!("unknown benchmark `{other}`; available: load, perception, acting, agent, safety, explore, flows"),
    }
}
