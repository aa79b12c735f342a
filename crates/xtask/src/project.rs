//! Where things are, and running commands with their command line echoed.

use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

pub struct Project {
    pub root: PathBuf,
}

impl Project {
    pub fn locate() -> Result<Project> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize()?;
        Ok(Project { root })
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.root.join(rel)
    }

    /// The workspace version, used for the manifest and the zip name.
    pub fn version(&self) -> &'static str {
        env!("CARGO_PKG_VERSION")
    }

    /// `dist/`, or `BC_DIST_DIR` (so two builds in one checkout, e.g. two
    /// engineers' experiments, do not overwrite each other's extension).
    pub fn dist(&self) -> PathBuf {
        std::env::var_os("BC_DIST_DIR").map(PathBuf::from).unwrap_or_else(|| self.path("dist"))
    }

    pub fn unpacked(&self) -> PathBuf {
        self.dist().join("unpacked")
    }

    pub fn target(&self) -> PathBuf {
        std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| self.path("target"))
    }

    pub fn node_modules(&self) -> PathBuf {
        self.path("tests/node_modules")
    }

    /// A command run from the project root.
    pub fn cmd(&self, program: &str) -> Command {
        let mut c = Command::new(program);
        c.current_dir(&self.root);
        c
    }
}

/// Runs a command to completion, echoing it; fails with its exit status.
pub fn run(cmd: &mut Command) -> Result<()> {
    eprintln!("$ {}", display(cmd));
    let status = cmd.status().with_context(|| format!("could not start `{}`", display(cmd)))?;
    if !status.success() {
        bail!("`{}` failed with {status}", display(cmd));
    }
    Ok(())
}

/// Runs a command and returns its stdout (trimmed), or `None` if it failed or is missing.
pub fn output(cmd: &mut Command) -> Option<String> {
    let out = cmd.output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

fn display(cmd: &Command) -> String {
    let mut s = cmd.get_program().to_string_lossy().into_owned();
    for a in cmd.get_args() {
        s.push(' ');
        s.push_str(&a.to_string_lossy());
    }
    s
}

pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
