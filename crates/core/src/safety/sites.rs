//! Where the agent may go and where it may write: refused navigation
//! targets, origins, and the user's per-site write permission.
//!
//! Why each choice:
//! - **Navigation is an allowlist of schemes** (`http`, `https`, and
//!   `about:blank`), not a blocklist: `javascript:` runs code in the page
//!   the user is logged in to, `data:` and `blob:` pages can hold anything
//!   under an address that says nothing (peers' domain allowlists were
//!   bypassed through them), `file:` reads the disk, browser and extension
//!   schemes change the browser, and app schemes (`mailto:`, `intent:`,
//!   custom ones) start programs outside it. The scheme is read the way a
//!   careless parser would not: leading whitespace and control characters
//!   dropped, tabs and newlines removed anywhere (as browsers do), case
//!   folded, and percent-encoding decoded, so `\tJaVa%53cript:` is still
//!   refused as `javascript:`. Refusals never echo the URL: a `data:` URL
//!   can carry a prompt-injection payload.
//! - **Credentials in a URL are refused**: `https://bank.example@evil.example`
//!   opens `evil.example`, which a model (or a user reading the step) may
//!   take for the bank.
//! - **Write permission is per exact origin** (scheme, host, port), as the
//!   browser's own security boundary: allowing `https://example.com` allows
//!   neither `http://example.com` nor `https://shop.example.com` (an XSS on
//!   an allow-listed subdomain must not inherit trust). Pages without a web
//!   origin (`data:`, `blob:`, `file:`, opaque) are never written to.
//! - **A "No" holds for the task** and beats an "always" granted later in
//!   settings while the task runs; a new task asks again.

use crate::url_policy::{self, Restriction};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use url::Url;

use super::risk::ActionVerb;

/// `scheme://host[:port]` of an `http(s)` URL, lower case, the default port
/// left out and international hosts in their ASCII (punycode) form; `None`
/// for anything else (opaque, `data:`, `blob:`, `file:`, unparsable).
pub fn origin_of(url: &str) -> Option<String> {
    let url = Url::parse(url.trim()).ok()?;
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none_or(str::is_empty) {
        return None;
    }
    Some(url.origin().ascii_serialization())
}

/// Why a navigation target is refused. Messages say why, never the URL.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "refusal", rename_all = "snake_case")]
pub enum NavRefusal {
    #[error("no URL was given")]
    Empty,
    #[error("javascript: URLs are refused: they run code in the page instead of opening one")]
    Javascript,
    #[error("data: URLs are refused: a page could hide anything in one")]
    Data,
    #[error("blob: URLs are refused: a page script made their content, and the address says nothing about it")]
    Blob,
    #[error("file: URLs are refused: they open files on this computer")]
    File,
    #[error("filesystem: URLs are refused: they open a site's sandboxed files, not a web page")]
    Filesystem,
    #[error("view-source: URLs are refused: they show a page's source instead of the page")]
    ViewSource,
    #[error("about: pages other than about:blank are refused: they are the browser's own pages")]
    About,
    #[error("{scheme}: URLs are refused: they open the browser's own pages (settings, flags, history)")]
    BrowserInternal { scheme: String },
    #[error("{scheme}: URLs are refused: extension pages could change the browser or this copilot")]
    Extension { scheme: String },
    #[error("{scheme}: URLs are refused: only http and https web pages are opened (other schemes start apps outside the browser)")]
    NotWeb { scheme: String },
    #[error("not an absolute http(s) URL: give one such as https://example.com")]
    NotAbsolute,
    #[error("not a valid URL ({reason})")]
    Invalid { reason: String },
    #[error("URLs with a user name or password before the host are refused: they disguise the real site (https://bank.example@evil.example opens evil.example)")]
    Credentials,
    #[error("the Chrome Web Store is refused: the copilot does not install or remove extensions")]
    WebStore,
}

/// Browser-internal schemes of Chrome and the Chromium browsers.
const BROWSER_SCHEMES: &[&str] = &[
    "chrome", "chrome-untrusted", "chrome-search", "chrome-devtools", "devtools", "edge", "brave", "opera",
    "vivaldi", "arc", "comet", "browser",
];
/// Extension page schemes.
const EXTENSION_SCHEMES: &[&str] = &["chrome-extension", "moz-extension", "extension", "edge-extension", "safari-web-extension"];

/// `Ok` when the agent may go to `url` (call it on the URL the tab will
/// load, after `nav::normalize_url`; a bare `example.com` is refused here).
pub fn check_navigation(url: &str) -> Result<(), NavRefusal> {
    let cleaned = clean(url);
    if cleaned.is_empty() {
        return Err(NavRefusal::Empty);
    }
    let Some(scheme) = scheme_of(&cleaned) else { return Err(NavRefusal::NotAbsolute) };
    match scheme.as_str() {
        "http" | "https" => check_web(&cleaned),
        "about" => {
            let rest = cleaned.split_once(':').map_or("", |(_, r)| r);
            let page = rest.split(['#', '?']).next().unwrap_or("");
            if page.eq_ignore_ascii_case("blank") { Ok(()) } else { Err(NavRefusal::About) }
        }
        "javascript" | "vbscript" => Err(NavRefusal::Javascript),
        "data" => Err(NavRefusal::Data),
        "blob" => Err(NavRefusal::Blob),
        "file" => Err(NavRefusal::File),
        "filesystem" => Err(NavRefusal::Filesystem),
        "view-source" => Err(NavRefusal::ViewSource),
        s if BROWSER_SCHEMES.contains(&s) => Err(NavRefusal::BrowserInternal { scheme }),
        s if EXTENSION_SCHEMES.contains(&s) => Err(NavRefusal::Extension { scheme }),
        _ => Err(NavRefusal::NotWeb { scheme }),
    }
}

/// The URL as a browser reads it: tabs and newlines removed anywhere,
/// leading and trailing whitespace and control characters dropped (plus
/// the Unicode spaces and byte-order marks a browser would keep, which
/// only ever make a URL relative here).
fn clean(url: &str) -> String {
    let no_breaks: String = url.chars().filter(|c| !matches!(c, '\t' | '\n' | '\r')).collect();
    no_breaks.trim_matches(|c: char| c.is_whitespace() || c.is_control() || c == '\u{feff}').to_owned()
}

/// The scheme, lower case, with percent-encoding decoded (up to three
/// layers: `%256A` is `%6A` is `j`) and control characters dropped again;
/// `None` when there is no valid scheme (a relative URL).
fn scheme_of(url: &str) -> Option<String> {
    let (raw, _) = url.split_once(':')?;
    let mut scheme = raw.to_owned();
    for _ in 0..3 {
        if !scheme.contains('%') {
            break;
        }
        scheme = percent_decode(&scheme);
    }
    let scheme = clean(&scheme).to_ascii_lowercase();
    let mut chars = scheme.chars();
    let valid = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    valid.then_some(scheme)
}

/// `%XX` sequences decoded (invalid ones kept as written).
fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| char::from(b).to_digit(16);
        match (bytes[i], bytes.get(i + 1).and_then(|&b| hex(b)), bytes.get(i + 2).and_then(|&b| hex(b))) {
            (b'%', Some(hi), Some(lo)) => {
                out.push((hi * 16 + lo) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// An `http(s)` target: parsable, with a host, no credentials, not the Web Store.
fn check_web(url: &str) -> Result<(), NavRefusal> {
    let parsed = Url::parse(url).map_err(|e| NavRefusal::Invalid { reason: e.to_string() })?;
    if parsed.host_str().is_none_or(str::is_empty) {
        return Err(NavRefusal::Invalid { reason: "no host".into() });
    }
    if !parsed.username().is_empty() || parsed.password().is_some() {
        return Err(NavRefusal::Credentials);
    }
    match url_policy::restriction(parsed.as_str()) {
        Some(Restriction::WebStore { .. }) => Err(NavRefusal::WebStore),
        _ => Ok(()),
    }
}

/// Whether a step writes to the page, so needs the site's permission:
/// clicks (a link click is the page's own navigation), typing, selecting,
/// checking, submitting and Enter. Navigating by URL and opening a tab are
/// not writes ([`check_navigation`] guards them); downloads and reading
/// tools are not either.
pub fn is_write(verb: ActionVerb) -> bool {
    use ActionVerb as V;
    match verb {
        V::Click | V::Type | V::Select | V::Check | V::Submit | V::PressEnter => true,
        V::Navigate | V::OpenTab | V::Download | V::Other => false,
    }
}

/// Origins the user allowed always (kept in `chrome.storage`). Entries are
/// normalised origins; stored ones that are not are normalised or dropped
/// when read back.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "StoredPolicy")]
pub struct SitePolicy {
    pub always: BTreeSet<String>,
}

#[derive(Deserialize)]
struct StoredPolicy {
    #[serde(default)]
    always: Vec<String>,
}

impl From<StoredPolicy> for SitePolicy {
    fn from(stored: StoredPolicy) -> Self {
        SitePolicy { always: stored.always.iter().filter_map(|o| origin_of(o)).collect() }
    }
}

impl SitePolicy {
    /// Removes an origin the user no longer allows (settings); whether it was there.
    pub fn forget(&mut self, origin: &str) -> bool {
        origin_of(origin).is_some_and(|o| self.always.remove(&o))
    }
}

/// This task's answers: origins allowed once, and origins refused.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TaskGrants {
    pub once: BTreeSet<String>,
    pub denied: BTreeSet<String>,
}

/// Whether the agent may write on an origin now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WritePermission {
    Allowed,
    /// Stop and ask the user ([`SiteAnswer`]).
    Ask,
    Denied,
}

/// The user's answer to "Let the copilot act on `https://shop.example`?".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SiteAnswer {
    /// For this task only.
    Once,
    /// From now on (saved in the policy).
    Always,
    /// Not in this task.
    No,
}

/// A page address with no web origin to grant.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("this page has no web origin (only http and https sites can be allowed)")]
pub struct NotAnOrigin;

/// The permission for `origin` (an origin or any URL of it). A page
/// without a web origin is `Denied`.
pub fn write_permission(policy: &SitePolicy, grants: &TaskGrants, origin: &str) -> WritePermission {
    let Some(origin) = origin_of(origin) else { return WritePermission::Denied };
    if grants.denied.contains(&origin) {
        WritePermission::Denied
    } else if grants.once.contains(&origin) || policy.always.contains(&origin) {
        WritePermission::Allowed
    } else {
        WritePermission::Ask
    }
}

/// Records the user's answer for `origin` (an origin or any URL of it);
/// returns the normalised origin it was recorded for.
pub fn apply_answer(
    policy: &mut SitePolicy,
    grants: &mut TaskGrants,
    origin: &str,
    answer: SiteAnswer,
) -> Result<String, NotAnOrigin> {
    let origin = origin_of(origin).ok_or(NotAnOrigin)?;
    match answer {
        SiteAnswer::Once => {
            grants.denied.remove(&origin);
            grants.once.insert(origin.clone());
        }
        SiteAnswer::Always => {
            grants.denied.remove(&origin);
            policy.always.insert(origin.clone());
        }
        SiteAnswer::No => {
            grants.once.remove(&origin);
            grants.denied.insert(origin.clone());
        }
    }
    Ok(origin)
}
