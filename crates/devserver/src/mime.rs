//! Content-Type by file extension, for the few kinds of files the demo sites
//! and the vendored npm packages contain.

use std::path::Path;

/// The Content-Type header value for `path` (by extension, case-insensitive).
pub fn content_type(path: &Path) -> &'static str {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    match ext.as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" | "cjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "webmanifest" => "application/manifest+json",
        "txt" | "toml" => "text/plain; charset=utf-8",
        "md" => "text/markdown; charset=utf-8",
        "xml" => "application/xml",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "wasm" => "application/wasm",
        "pdf" => "application/pdf",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        _ => "application/octet-stream",
    }
}

/// Whether `{{MAIN_ORIGIN}}`/`{{SECOND_ORIGIN}}` are substituted in this file.
pub fn has_placeholders(path: &Path) -> bool {
    matches!(
        path.extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .as_deref(),
        Some("html" | "htm" | "js" | "mjs")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types() {
        for (name, want) in [
            ("a.html", "text/html; charset=utf-8"),
            ("A.HTML", "text/html; charset=utf-8"),
            ("a.js", "text/javascript; charset=utf-8"),
            ("a.mjs", "text/javascript; charset=utf-8"),
            ("a.css", "text/css; charset=utf-8"),
            ("a.json", "application/json"),
            ("a.svg", "image/svg+xml"),
            ("a.png", "image/png"),
            ("a.wasm", "application/wasm"),
            ("a.pdf", "application/pdf"),
            ("a.txt", "text/plain; charset=utf-8"),
            ("noext", "application/octet-stream"),
        ] {
            assert_eq!(content_type(Path::new(name)), want, "{name}");
        }
        assert!(has_placeholders(Path::new("x.html")));
        assert!(has_placeholders(Path::new("x.js")));
        assert!(!has_placeholders(Path::new("x.css")));
    }
}
