//! What the benches share: running their node script into a fresh output
//! folder and reading its `results.json`, nearest-rank p50/p95, and the
//! fixed-width tables they print.

use crate::dist;
use crate::project::{run as run_cmd, Project};
use anyhow::{Context, Result};
use serde::de::DeserializeOwned;
use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;

/// Runs `tests/bench/<name>.mjs` with the extension built, into a fresh
/// `target/bench-<name>/`; returns that folder and the script's results.
pub fn run_script<R: DeserializeOwned>(project: &Project, name: &str, smoke: bool) -> Result<(PathBuf, R)> {
    let out = project.target().join(format!("bench-{name}"));
    if out.exists() {
        fs::remove_dir_all(&out)?;
    }
    fs::create_dir_all(&out)?;
    let mut cmd = dist::node_with_extension(project, &format!("tests/bench/{name}.mjs"))?;
    cmd.env("BC_BENCH_OUT", &out);
    if smoke {
        cmd.env("BC_BENCH_SMOKE", "1");
    }
    run_cmd(&mut cmd)?;
    let results = serde_json::from_str(&fs::read_to_string(out.join("results.json"))?).context("results.json")?;
    Ok((out, results))
}

/// p50 and p95 by nearest rank (with 10 runs, p95 is the slowest run).
#[derive(Debug, Clone, Copy)]
pub struct P {
    pub p50: f64,
    pub p95: f64,
}

pub fn percentiles(xs: &[f64]) -> Option<P> {
    if xs.is_empty() {
        return None;
    }
    let mut s = xs.to_vec();
    s.sort_by(f64::total_cmp);
    let rank = |p: f64| s[((p / 100.0 * s.len() as f64).ceil() as usize).clamp(1, s.len()) - 1];
    Some(P { p50: rank(50.0), p95: rank(95.0) })
}

/// `p50/p95`, or `–` without samples.
pub fn cell(p: Option<P>) -> String {
    p.map_or_else(|| "–".into(), |p| format!("{:.1}/{:.1}", p.p50, p.p95))
}

/// One table row: the first column left-aligned, the others right-aligned,
/// except the last when `text_last` (a free-text column).
pub fn line(o: &mut String, widths: &[usize], cells: &[impl AsRef<str>], text_last: bool) -> std::fmt::Result {
    let mut s = String::new();
    for (i, (w, c)) in widths.iter().zip(cells).enumerate() {
        let c = c.as_ref();
        if i == 0 {
            write!(s, "{c:<w$}")?;
        } else if text_last && i == widths.len() - 1 {
            write!(s, " {c:<w$}")?;
        } else {
            write!(s, " {c:>w$}")?;
        }
    }
    writeln!(o, "{}", s.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank_percentiles() {
        let xs: Vec<f64> = (1..=10).map(f64::from).collect();
        let p = percentiles(&xs).unwrap();
        assert_eq!((p.p50, p.p95), (5.0, 10.0));
        assert!(percentiles(&[]).is_none());
        assert_eq!(cell(None), "–");
    }

    #[test]
    fn table_alignment() {
        let mut o = String::new();
        line(&mut o, &[4, 3, 6], &["ab", "1", "free"], true).unwrap();
        line(&mut o, &[4, 3, 6], &["ab", "1", "22"], false).unwrap();
        assert_eq!(o, "ab     1 free\nab     1     22\n");
    }
}
