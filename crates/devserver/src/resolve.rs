//! Request-path resolution: turns the path of a request URI into clean,
//! percent-decoded path segments that can only name something *inside* the
//! directory they are later joined to, or refuses the path.
//!
//! This is the path-traversal guard of the dev server. It works on the raw
//! (still encoded) path so that `%2e%2e`, `%2f` and `%5c` tricks are seen for
//! what they are once decoded.

use percent_encoding::percent_decode_str;

/// A request path after decoding and checking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CleanPath {
    /// Decoded, non-empty segments; none is `.`/`..` or contains a separator.
    pub segments: Vec<String>,
    /// The request path ended with `/` (or was `/`).
    pub trailing_slash: bool,
}

impl CleanPath {
    /// The normalised, decoded path, e.g. `/csp-strict/` or `/spa/products`.
    /// Header and fallback rules are matched against this form, so encoding
    /// a path differently cannot dodge a rule.
    pub fn normalized(&self) -> String {
        let mut s = String::from("/");
        s.push_str(&self.segments.join("/"));
        if self.trailing_slash && !self.segments.is_empty() {
            s.push('/');
        }
        s
    }

    /// True when a segment is hidden: dot files (`.git`, `.env`) and the
    /// server's own configuration files starting with `_` (`_headers.toml`).
    pub fn is_hidden(&self) -> bool {
        self.segments
            .iter()
            .any(|s| s.starts_with('.') || s.starts_with('_'))
    }
}

/// Why a path was refused outright (answered with 400, never looked up).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// Not an absolute path (`*`, `http://…` forms, empty).
    NotAbsolute,
    /// A segment decodes to something that is not valid UTF-8.
    BadEncoding,
    /// A `.`/`..` segment, an encoded `/`, a `\`, a NUL or a drive colon.
    Traversal,
}

/// Splits and decodes `raw_path` (the path of a request URI, without query).
pub fn clean(raw_path: &str) -> Result<CleanPath, Refused> {
    let rest = raw_path.strip_prefix('/').ok_or(Refused::NotAbsolute)?;
    let mut segments = Vec::new();
    for raw in rest.split('/') {
        if raw.is_empty() {
            continue;
        }
        let seg = percent_decode_str(raw)
            .decode_utf8()
            .map_err(|_| Refused::BadEncoding)?;
        if seg == "." || seg == ".." || seg.contains(['/', '\\', '\0', ':']) {
            return Err(Refused::Traversal);
        }
        segments.push(seg.into_owned());
    }
    Ok(CleanPath {
        segments,
        trailing_slash: raw_path.ends_with('/'),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepted_paths() {
        let cases: &[(&str, &[&str], bool, &str)] = &[
            ("/", &[], true, "/"),
            ("/index.html", &["index.html"], false, "/index.html"),
            ("/csp-strict/", &["csp-strict"], true, "/csp-strict/"),
            ("//a///b/", &["a", "b"], true, "/a/b/"),
            ("/csp%2Dstrict/", &["csp-strict"], true, "/csp-strict/"),
            ("/a%20b.txt", &["a b.txt"], false, "/a b.txt"),
            ("/caf%C3%A9", &["café"], false, "/café"),
            ("/...", &["..."], false, "/..."),
            ("/a..b", &["a..b"], false, "/a..b"),
        ];
        for (raw, segs, slash, norm) in cases {
            let p = clean(raw).unwrap_or_else(|e| panic!("{raw}: {e:?}"));
            assert_eq!(p.segments, *segs, "{raw}");
            assert_eq!(p.trailing_slash, *slash, "{raw}");
            assert_eq!(p.normalized(), *norm, "{raw}");
        }
    }

    #[test]
    fn refused_paths() {
        let cases: &[(&str, Refused)] = &[
            ("/../Cargo.toml", Refused::Traversal),
            ("/a/../../Cargo.toml", Refused::Traversal),
            ("/./index.html", Refused::Traversal),
            ("/%2e%2e/Cargo.toml", Refused::Traversal),
            ("/%2E%2E/Cargo.toml", Refused::Traversal),
            ("/.%2e/Cargo.toml", Refused::Traversal),
            ("/a%2f..%2f..%2fCargo.toml", Refused::Traversal),
            ("/..%5cCargo.toml", Refused::Traversal),
            ("/a%00.html", Refused::Traversal),
            ("/C:%5cwindows", Refused::Traversal),
            ("/%ff", Refused::BadEncoding),
            ("Cargo.toml", Refused::NotAbsolute),
            ("", Refused::NotAbsolute),
        ];
        for (raw, want) in cases {
            assert_eq!(clean(raw), Err(want.clone()), "{raw}");
        }
    }

    #[test]
    fn hidden_paths() {
        for (raw, hidden) in [
            ("/_headers.toml", true),
            ("/.git/config", true),
            ("/a/.env", true),
            ("/app/index.html", false),
            ("/a_b/c", false),
        ] {
            assert_eq!(clean(raw).unwrap().is_hidden(), hidden, "{raw}");
        }
    }
}
