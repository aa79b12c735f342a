//! `_headers.toml`: per-path response headers and SPA fallbacks.
//!
//! ```toml
//! [[rule]]
//! prefix = "/csp-strict/"
//! headers = { "Content-Security-Policy" = "script-src 'self'; object-src 'none'" }
//!
//! [[fallback]]
//! prefix = "/spa/"
//! file = "/spa/index.html"
//! ```
//!
//! Every `rule` whose prefix starts the normalised request path adds its
//! headers (later rules win for the same header). The first `fallback` whose
//! prefix matches serves its `file` with status 200 when the requested path
//! does not exist.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::{bail, Context};
use axum::http::{HeaderName, HeaderValue};
use serde::Deserialize;

use crate::resolve;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    rule: Vec<RawRule>,
    #[serde(default)]
    fallback: Vec<RawFallback>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRule {
    prefix: String,
    headers: BTreeMap<String, String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFallback {
    prefix: String,
    file: String,
}

/// A header rule: extra response headers for paths under `prefix`.
#[derive(Debug, Clone)]
pub struct HeaderRule {
    pub prefix: String,
    pub headers: Vec<(HeaderName, HeaderValue)>,
}

/// A fallback: missing paths under `prefix` are answered with `file`
/// (segments relative to the site root).
#[derive(Debug, Clone)]
pub struct Fallback {
    pub prefix: String,
    pub file: Vec<String>,
}

/// The parsed, validated `_headers.toml`.
#[derive(Debug, Clone, Default)]
pub struct Rules {
    pub headers: Vec<HeaderRule>,
    pub fallbacks: Vec<Fallback>,
}

fn check_prefix(prefix: &str) -> anyhow::Result<()> {
    if !prefix.starts_with('/') {
        bail!("prefix {prefix:?} must start with '/'");
    }
    Ok(())
}

impl Rules {
    /// Parses the text of a `_headers.toml`.
    pub fn parse(text: &str) -> anyhow::Result<Rules> {
        let raw: RawFile = toml::from_str(text)?;
        let mut rules = Rules::default();
        for r in raw.rule {
            check_prefix(&r.prefix)?;
            let mut headers = Vec::new();
            for (name, value) in r.headers {
                let n = HeaderName::from_bytes(name.as_bytes())
                    .with_context(|| format!("invalid header name {name:?}"))?;
                let v = HeaderValue::from_str(&value)
                    .with_context(|| format!("invalid value for header {name}"))?;
                headers.push((n, v));
            }
            rules.headers.push(HeaderRule {
                prefix: r.prefix,
                headers,
            });
        }
        for f in raw.fallback {
            check_prefix(&f.prefix)?;
            let clean = resolve::clean(&f.file)
                .ok()
                .filter(|c| !c.segments.is_empty() && !c.trailing_slash && !c.is_hidden())
                .with_context(|| format!("fallback file {:?} is not a plain site path", f.file))?;
            rules.fallbacks.push(Fallback {
                prefix: f.prefix,
                file: clean.segments,
            });
        }
        Ok(rules)
    }

    /// Loads `<root>/_headers.toml`; no file means no rules. Fallback files
    /// must exist, so a typo fails at start-up rather than as a 404 later.
    pub fn load(root: &Path) -> anyhow::Result<Rules> {
        let path = root.join("_headers.toml");
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Rules::default()),
            Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
        };
        let rules = Rules::parse(&text).with_context(|| format!("in {}", path.display()))?;
        for f in &rules.fallbacks {
            let file = f.file.iter().fold(root.to_path_buf(), |p, s| p.join(s));
            if !file.is_file() {
                bail!(
                    "{}: fallback file {} does not exist",
                    path.display(),
                    file.display()
                );
            }
        }
        Ok(rules)
    }

    /// Extra headers for a normalised request path, in application order.
    pub fn headers_for<'a>(
        &'a self,
        path: &'a str,
    ) -> impl Iterator<Item = &'a (HeaderName, HeaderValue)> + 'a {
        self.headers
            .iter()
            .filter(move |r| path.starts_with(&r.prefix))
            .flat_map(|r| r.headers.iter())
    }

    /// The fallback file for a missing normalised request path, if any.
    pub fn fallback_for(&self, path: &str) -> Option<&Fallback> {
        self.fallbacks.iter().find(|f| path.starts_with(&f.prefix))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"
[[rule]]
prefix = "/csp-strict/"
headers = { "Content-Security-Policy" = "script-src 'self'; object-src 'none'" }

[[rule]]
prefix = "/"
headers = { "X-Frame-Options" = "SAMEORIGIN" }

[[fallback]]
prefix = "/spa/"
file = "/spa/index.html"
"#;

    #[test]
    fn parses_and_matches() {
        let r = Rules::parse(SAMPLE).unwrap();
        let names = |p: &str| -> Vec<String> {
            r.headers_for(p)
                .map(|(n, _)| n.as_str().to_owned())
                .collect()
        };
        assert_eq!(
            names("/csp-strict/"),
            ["content-security-policy", "x-frame-options"]
        );
        assert_eq!(
            names("/csp-strict/x.js"),
            ["content-security-policy", "x-frame-options"]
        );
        assert_eq!(names("/pricing/"), ["x-frame-options"]);
        assert_eq!(
            r.fallback_for("/spa/products").unwrap().file,
            ["spa", "index.html"]
        );
        assert!(r.fallback_for("/spam").is_none());
    }

    #[test]
    fn rejects_bad_files() {
        for bad in [
            "[[rule]]\nprefix = \"csp/\"\nheaders = {}",
            "[[rule]]\nprefix = \"/\"\nheaders = { \"Bad Name\" = \"x\" }",
            "[[rule]]\nprefix = \"/\"\nheaders = { \"X-A\" = \"line\\nbreak\" }",
            "[[rule]]\nprefix = \"/\"\nheader = {}",
            "[[fallback]]\nprefix = \"/spa/\"\nfile = \"/../etc/passwd\"",
            "[[fallback]]\nprefix = \"/spa/\"\nfile = \"/spa/\"",
            "[[fallback]]\nprefix = \"/spa/\"\nfile = \"/_headers.toml\"",
        ] {
            assert!(Rules::parse(bad).is_err(), "accepted: {bad}");
        }
    }
}
