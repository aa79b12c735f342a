//! Which URLs the copilot must not read or act on, and why.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Restriction {
    #[error("Browser Copilot cannot read or act on browser-internal pages ({url}).")]
    BrowserInternal { url: String },
    #[error("Chrome does not let extensions read or act on the Chrome Web Store ({url}).")]
    WebStore { url: String },
    #[error("Browser Copilot cannot read extension pages ({url}).")]
    ExtensionPage { url: String },
    #[error("Browser Copilot cannot read local files unless \"Allow access to file URLs\" is on for it in chrome://extensions ({url}).")]
    LocalFile { url: String },
    #[error("This tab has no web page the copilot can read (url: `{url}`).")]
    NotAWebPage { url: String },
    /// Chrome hides the URL of tabs extensions may not read (chrome:// pages,
    /// the Web Store, other extensions' pages) from extensions without the
    /// `tabs` permission, so an empty URL means one of those.
    #[error("Chrome does not let extensions read this tab (a browser page such as chrome://…, the Chrome Web Store, or another extension's page). Switch to a web page and try again.")]
    HiddenByBrowser,
}

/// `None` when content scripts can run on `url`.
pub fn restriction(url: &str) -> Option<Restriction> {
    if url.is_empty() {
        return Some(Restriction::HiddenByBrowser);
    }
    let owned = || url.to_owned();
    let lower = url.to_ascii_lowercase();
    let scheme = lower.split(':').next().unwrap_or_default();
    match scheme {
        "http" | "https" => {
            let host = lower.split("://").nth(1).unwrap_or_default().split(['/', '?', '#']).next().unwrap_or_default();
            let host = host.rsplit('@').next().unwrap_or_default();
            let host = host.split(':').next().unwrap_or_default();
            let path = lower.split("://").nth(1).and_then(|r| r.find('/').map(|i| &r[i..])).unwrap_or("/");
            if host == "chromewebstore.google.com" || (host == "chrome.google.com" && path.starts_with("/webstore")) {
                Some(Restriction::WebStore { url: owned() })
            } else {
                None
            }
        }
        "chrome" | "edge" | "about" | "devtools" | "view-source" | "chrome-search" | "chrome-untrusted" => {
            Some(Restriction::BrowserInternal { url: owned() })
        }
        "chrome-extension" | "moz-extension" => Some(Restriction::ExtensionPage { url: owned() }),
        "file" => Some(Restriction::LocalFile { url: owned() }),
        _ => Some(Restriction::NotAWebPage { url: owned() }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table() {
        let cases = [
            ("https://example.com/", "ok"),
            ("http://127.0.0.1:8080/app", "ok"),
            ("chrome://settings", "browser_internal"),
            ("about:blank", "browser_internal"),
            ("chrome-extension://abc/sidepanel.html", "extension_page"),
            ("https://chromewebstore.google.com/detail/x", "web_store"),
            ("https://chrome.google.com/webstore/category", "web_store"),
            ("https://chrome.google.com/search", "ok"),
            ("file:///tmp/a.html", "local_file"),
            ("data:text/html,hi", "not_a_web_page"),
            ("", "hidden_by_browser"),
        ];
        for (url, want) in cases {
            let got = restriction(url)
                .map(|r| serde_json::to_value(r).unwrap()["reason"].as_str().unwrap().to_owned())
                .unwrap_or_else(|| "ok".into());
            assert_eq!(got, want, "{url}");
        }
    }
}
