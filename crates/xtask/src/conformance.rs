//! `cargo xtask conformance <what>`: measures us against third-party
//! conformance data in `../shared/bench-data` (never committed here) and
//! Chromium's own accessibility tree. Prints figures; a machine without the
//! data gets a message, not a failure.

use crate::dist;
use crate::project::{run as run_cmd, Project};
use anyhow::{bail, Result};

pub fn run(project: &Project, what: &str, args: &[String]) -> Result<()> {
    let mut cmd = match what {
        // Names and roles, case by case: the content module alone in a page.
        "aria" => {
            crate::setup::ensure(project)?;
            // The content module of the release build carries the debug exports the script calls.
            let unpacked = dist::run(project, dist::Options { fallback: false, optimize: true })?;
            let mut cmd = project.cmd("node");
            cmd.arg("tests/conformance/aria.mjs").env("BC_CONTENT_PKG", unpacked.join("content"));
            cmd
        }
        // Whole third-party pages, through the extension as a user loads it.
        "perception" => dist::node_with_extension(project, "tests/conformance/perception.mjs")?,
        // The compact summary's preview against the article's beginning
        // (www/articles-wild/ and the real sites' pages).
        "main-content" => dist::node_with_extension(project, "tests/conformance/main_content.mjs")?,
        // Typed instructions on www/widgets-plain/, every set of phrasings
        // and six seeds of each page (the test's own run in `cargo xtask
        // test` asserts the first two sets, on four seeds).
        "commands" => {
            let mut cmd = dist::node_with_extension(project, "--test")?;
            cmd.args(["--test-reporter=spec", "--test-name-pattern", "typed instructions", "tests/e2e/widgets_plain.test.mjs"])
                .env("BC_PHRASINGS", "tuned,held-out,fresh,fresh-2,fresh-3,fresh-4,fresh-5,fresh-6,unseen")
                .env("BC_WIDGET_SEEDS", "1,2,3,4,5,6");
            cmd
        }
        other => bail!("unknown conformance suite `{other}`; available: aria, perception, main-content, commands"),
    };
    run_cmd(cmd.args(args))
}
