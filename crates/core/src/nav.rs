//! The browser-free half of the tab and navigation tools (issue 4, seed 000
//! §7 "Tab tools", seed 001): what "open <site>" means as a URL, which
//! targets the copilot refuses to open, when a tab counts as loaded, the
//! seed-001 timings, and the result shapes (`NavResult`, `TabInfo`).
//!
//! Decisions (documented here because the tools' behaviour follows them):
//! - **Bare domains** (`example.com`, `example.com/pricing`) get `https://`;
//!   loopback hosts (`localhost`, `127.0.0.1`, `[::1]`) get `http://`, since
//!   local servers rarely speak TLS.
//! - **Search-like text** (`cheap flights rome`, `pricing`) is an error, not a
//!   search URL: turning the user's words into a query to a search engine they
//!   did not choose would send their text to a third party the copilot was not
//!   told about. The model can still open a search page by its full URL.
//! - **Restricted targets** (chrome://, about:, the Web Store, extension pages,
//!   file:, javascript:, data:) are refused with `restricted_url` and nothing is
//!   opened (seed 001 §4.2 "Navigation failed: restricted_url"): the copilot can
//!   neither read nor act on such a page, so opening it would leave the task
//!   blind, and an agent steering the browser to chrome://settings or
//!   chrome://extensions is not something a user expects from a page helper.
//!   History moves (`nav.back/forward`) and `nav.reload` are allowed on any
//!   tab: their destination is the user's own history; when the page they land
//!   on cannot be read, the result says so with `summary_error: restricted_url`.

use crate::summary::CompactPageSummary;
use crate::tools::{ErrorCode, ToolError};
use crate::url_policy::{self, Restriction};
use serde::{Deserialize, Serialize};
use url::Url;

/// Seed 001 §3.7: wait this long after `load` before summarising ("do not reduce").
pub const SETTLE_MS: u32 = 500;
/// Seed 001 §3.6: hard cap on the bundled summary; past it the navigation
/// still succeeds with `summary: null, summary_error: "summary_timeout"`.
pub const SUMMARY_CAP_MS: u32 = 3_000;
/// How long a navigation may take to reach `status: complete` before the tool
/// answers `timeout` (retryable). Seed 001's 15 s sync ceiling.
pub const LOAD_TIMEOUT_MS: u32 = 15_000;
/// A history move or reload that starts no load within this time (a
/// same-document history entry, or nothing to do) counts as loaded once the
/// tab reports `complete`.
pub const START_GRACE_MS: u32 = 1_000;
/// A load still `loading` this long asks the top document whether it is
/// parsed (most loads are `complete` before: no question asked).
pub const PARSE_PROBE_AFTER_MS: u32 = 1_000;
/// The top document answered (its content script runs at `document_idle`,
/// within 200 ms of `DOMContentLoaded`) and the tab is still `loading` this
/// much later: what it waits for are subresources, typically a frame whose
/// server never answers (an ad server down or blocked; issue 44 point 1;
/// `load` then never fires). The page itself is there: loaded.
pub const PARSED_GRACE_MS: u32 = 2_000;
/// The load watcher also polls the tab this often, so a missed event never
/// leaves it waiting for the timeout.
pub const POLL_MS: u32 = 100;

/// `summary?: boolean` of the navigation tools: on unless `false` (seed 001 §4.1).
pub fn wants_summary(summary: Option<bool>) -> bool {
    summary.unwrap_or(true)
}

/// Why a `url` argument is not a web address.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UrlInputError {
    #[error("no URL was given")]
    Empty,
    #[error("`{input}` is not a web address; give a URL such as https://example.com (the copilot does not turn words into a web search)")]
    NotAUrl { input: String },
    #[error("`{input}` is not a valid URL ({reason})")]
    Invalid { input: String, reason: String },
}

/// Why `tabs.open` / `nav.go` will not go to a target.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NavTargetError {
    #[error(transparent)]
    Input(#[from] UrlInputError),
    #[error("Not opened: {0}")]
    Restricted(#[from] Restriction),
}

impl NavTargetError {
    pub fn tool_error(&self) -> ToolError {
        let code = match self {
            NavTargetError::Input(_) => ErrorCode::InvalidArgs,
            NavTargetError::Restricted(_) => ErrorCode::RestrictedUrl,
        };
        ToolError::new(code, self.to_string(), false)
    }
}

/// Schemes written without `//` that still mean "this is a URL, not a host".
const OPAQUE_SCHEMES: &[&str] = &["about", "javascript", "data", "mailto", "blob", "chrome", "view-source", "file", "tel"];

/// The URL to open for what the model (or user) wrote: absolute URLs as
/// given (normalised), bare hosts with a scheme added; see the module doc.
pub fn normalize_url(input: &str) -> Result<String, UrlInputError> {
    let s = input.trim();
    if s.is_empty() {
        return Err(UrlInputError::Empty);
    }
    let invalid = |e: url::ParseError| UrlInputError::Invalid { input: s.to_owned(), reason: e.to_string() };
    if has_explicit_scheme(s) {
        let url = Url::parse(s).map_err(invalid)?;
        if matches!(url.scheme(), "http" | "https") && url.host_str().is_none_or(str::is_empty) {
            return Err(UrlInputError::Invalid { input: s.to_owned(), reason: "no host".into() });
        }
        return Ok(url.into());
    }
    let not_a_url = || UrlInputError::NotAUrl { input: s.to_owned() };
    if s.chars().any(char::is_whitespace) || s.contains('@') || s.starts_with('/') {
        return Err(not_a_url());
    }
    let authority = s.split(['/', '?', '#']).next().unwrap_or_default();
    let host = host_of(authority).ok_or_else(not_a_url)?;
    let scheme = match classify_host(host) {
        HostKind::Loopback => "http",
        HostKind::Public => "https",
        HostKind::NotAHost => return Err(not_a_url()),
    };
    let url = Url::parse(&format!("{scheme}://{s}")).map_err(invalid)?;
    Ok(url.into())
}

/// `scheme://…`, or one of the opaque schemes (`about:blank`, `javascript:…`).
/// `localhost:8080` and `example.com:443/x` are hosts with ports, not schemes.
fn has_explicit_scheme(s: &str) -> bool {
    let Some((scheme, rest)) = s.split_once(':') else { return false };
    let valid = scheme.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && scheme.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    valid && (rest.starts_with("//") || OPAQUE_SCHEMES.contains(&scheme.to_ascii_lowercase().as_str()))
}

/// The host of `host[:port]` (IPv6 in brackets), if the port part is digits.
fn host_of(authority: &str) -> Option<&str> {
    if let Some(rest) = authority.strip_prefix('[') {
        let (inner, after) = rest.split_once(']')?;
        let port_ok = after.is_empty() || after.strip_prefix(':').is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
        return port_ok.then_some(&authority[..inner.len() + 2]);
    }
    match authority.rsplit_once(':') {
        Some((host, port)) if !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) => Some(host),
        Some(_) => None,
        None => Some(authority),
    }
}

enum HostKind {
    Loopback,
    Public,
    NotAHost,
}

fn classify_host(host: &str) -> HostKind {
    let lower = host.to_ascii_lowercase();
    if lower == "localhost" || lower.ends_with(".localhost") || lower == "[::1]" || lower.starts_with("127.") && is_ipv4(&lower) {
        return HostKind::Loopback;
    }
    if is_ipv4(&lower) || (lower.starts_with('[') && lower.ends_with(']')) {
        return HostKind::Public;
    }
    let labels: Vec<&str> = lower.split('.').collect();
    let label_ok = |l: &&str| !l.is_empty() && !l.starts_with('-') && !l.ends_with('-') && l.chars().all(|c| c.is_alphanumeric() || c == '-');
    let tld = labels.last().copied().unwrap_or_default();
    // A dot and a plausible top-level domain ("com", "de", "xn--p1ai") is what
    // tells a host from a word; "pricing" or "v1.2" is not a site.
    let tld_ok = tld.starts_with("xn--") || (tld.chars().count() >= 2 && tld.chars().all(char::is_alphabetic));
    if labels.len() >= 2 && labels.iter().all(label_ok) && tld_ok {
        HostKind::Public
    } else {
        HostKind::NotAHost
    }
}

fn is_ipv4(s: &str) -> bool {
    let parts: Vec<&str> = s.split('.').collect();
    parts.len() == 4 && parts.iter().all(|p| !p.is_empty() && p.len() <= 3 && p.bytes().all(|b| b.is_ascii_digit()) && p.parse::<u16>().is_ok_and(|n| n <= 255))
}

/// The URL `tabs.open` / `nav.go` go to, or why they will not.
pub fn open_target(input: &str) -> Result<String, NavTargetError> {
    let url = normalize_url(input)?;
    match url_policy::restriction(&url) {
        Some(r) => Err(r.into()),
        None => Ok(url),
    }
}

/// What the service worker saw of a tab while waiting for a load.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TabEvent {
    /// `chrome.tabs.onUpdated` with `status: "loading"`.
    Loading,
    /// `chrome.tabs.onUpdated` with `status: "complete"`.
    Complete,
    /// `chrome.tabs.onRemoved`, or the tab no longer exists.
    Removed,
}

/// How waiting for a load ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoadVerdict {
    Loaded,
    Gone,
    TimedOut,
}

/// Decides when a navigation has loaded from `onUpdated` events and polls.
///
/// A `complete` counts only after a `loading` seen since the watch began:
/// the tab's previous document was `complete` too, and its late events must
/// not end the wait. A brand-new tab (`fresh`) has no previous document.
#[derive(Debug, Clone)]
pub struct LoadWatch {
    saw_loading: bool,
    /// When the loading document's own content script first answered.
    parsed_at: Option<f64>,
    verdict: Option<LoadVerdict>,
}

impl LoadWatch {
    pub fn new(fresh: bool) -> LoadWatch {
        LoadWatch { saw_loading: fresh, parsed_at: None, verdict: None }
    }

    pub fn on_event(&mut self, event: TabEvent) {
        if self.verdict.is_some() {
            return;
        }
        match event {
            TabEvent::Loading => self.saw_loading = true,
            TabEvent::Complete if self.saw_loading => self.verdict = Some(LoadVerdict::Loaded),
            TabEvent::Complete => {}
            TabEvent::Removed => self.verdict = Some(LoadVerdict::Gone),
        }
    }

    /// A poll of the tab `elapsed_ms` after the watch began: `complete` is
    /// `status == "complete"` with no `pendingUrl`, `loading` anything else.
    pub fn on_poll(&mut self, elapsed_ms: f64, complete: bool) {
        if self.verdict.is_some() {
            return;
        }
        if !complete {
            self.saw_loading = true;
        } else if self.saw_loading || elapsed_ms >= START_GRACE_MS as f64 {
            self.verdict = Some(LoadVerdict::Loaded);
        }
    }

    /// Whether to ask the top document if it is parsed now: a load seen,
    /// still going after [`PARSE_PROBE_AFTER_MS`], no answer yet.
    pub fn wants_probe(&self, elapsed_ms: f64) -> bool {
        self.verdict.is_none() && self.saw_loading && self.parsed_at.is_none() && elapsed_ms >= PARSE_PROBE_AFTER_MS as f64
    }

    /// The loading document (no `pendingUrl`: the new one) answered.
    pub fn on_parsed(&mut self, elapsed_ms: f64) {
        if self.saw_loading && self.parsed_at.is_none() {
            self.parsed_at = Some(elapsed_ms);
        }
    }

    /// Whether a load was seen at all (always, for a fresh tab). `false` with
    /// [`LoadVerdict::Loaded`] means the tab stayed `complete` throughout the
    /// grace period: a same-document move, or nothing happened.
    pub fn load_seen(&self) -> bool {
        self.saw_loading
    }

    pub fn verdict(&self, elapsed_ms: f64) -> Option<LoadVerdict> {
        let parsed_long_ago = self.parsed_at.is_some_and(|at| elapsed_ms - at >= PARSED_GRACE_MS as f64);
        self.verdict
            .or(parsed_long_ago.then_some(LoadVerdict::Loaded))
            .or((elapsed_ms >= LOAD_TIMEOUT_MS as f64).then_some(LoadVerdict::TimedOut))
    }
}

/// Why a navigation came back without its summary (seed 001 §6 names the
/// first two).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(rename_all = "snake_case")]
pub enum SummaryError {
    /// No summary within [`SUMMARY_CAP_MS`] (e.g. the page keeps its main thread busy).
    #[error("the page did not answer within the summary's time cap")]
    SummaryTimeout,
    /// The copilot could not run in the page (no content script, injection refused).
    #[error("the copilot could not run in the page")]
    ScriptInjectionFailed,
    /// The page it landed on is one the copilot may not read (chrome://, Web Store, …).
    #[error("the page is one the copilot may not read")]
    RestrictedUrl,
    /// The content script ran but gave no summary.
    #[error("the page's summary failed")]
    SummaryFailed,
}

/// The summary part of a navigation's result: absent (`summary: false`), the
/// compact summary, or `summary: null` with `summary_error` (seed 001 §4.2).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(into = "SummaryWire", try_from = "SummaryWire")]
pub enum SummaryOutcome {
    Skipped,
    Ready(Box<CompactPageSummary>),
    Failed(SummaryError),
}

#[derive(Serialize, Deserialize)]
struct SummaryWire {
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "present")]
    summary: Option<Option<Box<CompactPageSummary>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    summary_error: Option<SummaryError>,
}

/// `summary: null` is "present, failed", not "absent".
fn present<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

impl From<SummaryOutcome> for SummaryWire {
    fn from(o: SummaryOutcome) -> Self {
        match o {
            SummaryOutcome::Skipped => SummaryWire { summary: None, summary_error: None },
            SummaryOutcome::Ready(s) => SummaryWire { summary: Some(Some(s)), summary_error: None },
            SummaryOutcome::Failed(e) => SummaryWire { summary: Some(None), summary_error: Some(e) },
        }
    }
}

/// Why a navigation result's summary fields do not fit together.
#[derive(Debug, thiserror::Error)]
pub enum SummaryWireError {
    #[error("`summary` is null but there is no `summary_error`")]
    NullWithoutError,
    #[error("`summary_error` given with a summary")]
    ErrorWithSummary,
}

impl TryFrom<SummaryWire> for SummaryOutcome {
    type Error = SummaryWireError;
    fn try_from(w: SummaryWire) -> Result<Self, Self::Error> {
        match (w.summary, w.summary_error) {
            (None, None) => Ok(SummaryOutcome::Skipped),
            (Some(Some(s)), None) => Ok(SummaryOutcome::Ready(s)),
            (Some(None), Some(e)) | (None, Some(e)) => Ok(SummaryOutcome::Failed(e)),
            (Some(None), None) => Err(SummaryWireError::NullWithoutError),
            (Some(Some(_)), Some(_)) => Err(SummaryWireError::ErrorWithSummary),
        }
    }
}

/// What `tabs.open` and `nav.*` answer: the tab, where it ended up (after
/// redirects), and the bundled compact summary (seed 001's `summary` /
/// `summary_error` names; `tabId` as in seed 000).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NavResult {
    #[serde(rename = "tabId")]
    pub tab_id: i32,
    pub url: String,
    pub title: String,
    #[serde(flatten)]
    pub summary: SummaryOutcome,
}

/// One tab of `tabs.list` (and the answer of `tabs.switch`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TabInfo {
    pub tab_id: i32,
    /// Empty when Chrome hides it (browser pages).
    pub url: String,
    pub title: String,
    pub active: bool,
    pub window_id: i32,
    /// Whether the copilot can read and act on the page (`url_policy`), so the
    /// model does not pick a tab every tool will refuse.
    pub readable: bool,
}

impl TabInfo {
    pub fn new(tab_id: i32, url: String, title: String, active: bool, window_id: i32) -> TabInfo {
        let readable = url_policy::restriction(&url).is_none();
        TabInfo { tab_id, url, title, active, window_id, readable }
    }
}

/// The answer of `tabs.close`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClosedTab {
    pub tab_id: i32,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn url_normalisation_table() {
        let ok = [
            ("example.com", "https://example.com/"),
            ("  Example.COM/pricing?x=1#top ", "https://example.com/pricing?x=1#top"),
            ("www.example.co.uk", "https://www.example.co.uk/"),
            ("example.com:8443/a", "https://example.com:8443/a"),
            ("localhost:8080", "http://localhost:8080/"),
            ("127.0.0.1:3000/app", "http://127.0.0.1:3000/app"),
            ("[::1]:8080", "http://[::1]:8080/"),
            ("93.184.216.34", "https://93.184.216.34/"),
            ("bücher.de", "https://xn--bcher-kva.de/"),
            ("http://example.com", "http://example.com/"),
            ("HTTPS://example.com/a b", "https://example.com/a%20b"),
            ("chrome://settings", "chrome://settings"),
            ("about:blank", "about:blank"),
            ("javascript:alert(1)", "javascript:alert(1)"),
        ];
        for (input, want) in ok {
            assert_eq!(normalize_url(input).as_deref(), Ok(want), "{input}");
        }
        let not_urls = ["cheap flights rome", "pricing", "v1.2", "me@example.com", "/pricing", "example.c0m", "localhost:http"];
        for input in not_urls {
            assert!(matches!(normalize_url(input), Err(UrlInputError::NotAUrl { .. })), "{input}: {:?}", normalize_url(input));
        }
        assert_eq!(normalize_url("  "), Err(UrlInputError::Empty));
        assert!(matches!(normalize_url("https://"), Err(UrlInputError::Invalid { .. })));
    }

    #[test]
    fn restricted_targets_are_refused_with_a_clear_message() {
        for (input, code) in [
            ("chrome://settings", ErrorCode::RestrictedUrl),
            ("https://chromewebstore.google.com/detail/x", ErrorCode::RestrictedUrl),
            ("file:///etc/passwd", ErrorCode::RestrictedUrl),
            ("javascript:alert(1)", ErrorCode::RestrictedUrl),
            ("data:text/html,hi", ErrorCode::RestrictedUrl),
            ("buy shoes", ErrorCode::InvalidArgs),
        ] {
            let e = open_target(input).unwrap_err().tool_error();
            assert_eq!(e.code, code, "{input}");
            assert!(!e.retryable);
        }
        let msg = open_target("chrome://settings").unwrap_err().to_string();
        assert!(msg.starts_with("Not opened:") && msg.contains("browser-internal") && msg.contains("chrome://settings"), "{msg}");
        assert!(open_target("chromewebstore.google.com").unwrap_err().to_string().contains("Web Store"));
        assert_eq!(open_target("example.com/docs").unwrap(), "https://example.com/docs");
    }

    #[test]
    fn summary_defaults_to_on() {
        assert!(wants_summary(None));
        assert!(wants_summary(Some(true)));
        assert!(!wants_summary(Some(false)));
    }

    #[test]
    fn a_stale_complete_does_not_end_the_wait() {
        let mut w = LoadWatch::new(false);
        w.on_event(TabEvent::Complete);
        assert_eq!(w.verdict(10.0), None);
        w.on_event(TabEvent::Loading);
        assert_eq!(w.verdict(20.0), None);
        w.on_event(TabEvent::Complete);
        assert_eq!(w.verdict(30.0), Some(LoadVerdict::Loaded));
    }

    #[test]
    fn a_fresh_tab_is_loaded_at_its_first_complete() {
        let mut w = LoadWatch::new(true);
        w.on_event(TabEvent::Complete);
        assert_eq!(w.verdict(5.0), Some(LoadVerdict::Loaded));
    }

    #[test]
    fn polls_cover_missed_events_and_same_document_moves() {
        // A poll sees the load, then its end: loaded without any event.
        let mut w = LoadWatch::new(false);
        w.on_poll(100.0, false);
        w.on_poll(200.0, true);
        assert_eq!(w.verdict(200.0), Some(LoadVerdict::Loaded));
        // Nothing ever loads (same-document history entry): loaded after the grace.
        let mut w = LoadWatch::new(false);
        w.on_poll(100.0, true);
        assert_eq!(w.verdict(100.0), None);
        w.on_poll(START_GRACE_MS as f64, true);
        assert_eq!(w.verdict(START_GRACE_MS as f64), Some(LoadVerdict::Loaded));
        assert!(!w.load_seen(), "nothing loaded: the caller can tell a no-op");
    }

    #[test]
    fn a_parsed_page_whose_frames_never_load_is_loaded_after_the_grace() {
        let mut w = LoadWatch::new(false);
        w.on_event(TabEvent::Loading);
        assert!(!w.wants_probe(PARSE_PROBE_AFTER_MS as f64 - 1.0), "most loads end before anyone asks");
        assert!(w.wants_probe(PARSE_PROBE_AFTER_MS as f64));
        w.on_parsed(1_200.0);
        assert!(!w.wants_probe(1_300.0), "asked once");
        assert_eq!(w.verdict(1_200.0 + PARSED_GRACE_MS as f64 - 1.0), None, "a late `complete` still has its chance");
        assert_eq!(w.verdict(1_200.0 + PARSED_GRACE_MS as f64), Some(LoadVerdict::Loaded));
        assert!(w.load_seen());
        // Before any load was seen (the old document), an answer means nothing.
        let mut w = LoadWatch::new(false);
        w.on_parsed(10.0);
        assert!(!w.wants_probe(PARSE_PROBE_AFTER_MS as f64));
        assert_eq!(w.verdict(10.0 + PARSED_GRACE_MS as f64), None);
        // `complete` first: loaded at once, as always.
        let mut w = LoadWatch::new(false);
        w.on_event(TabEvent::Loading);
        w.on_parsed(1_100.0);
        w.on_event(TabEvent::Complete);
        assert_eq!(w.verdict(1_150.0), Some(LoadVerdict::Loaded));
    }

    #[test]
    fn removal_and_timeout() {
        let mut w = LoadWatch::new(false);
        w.on_event(TabEvent::Loading);
        w.on_event(TabEvent::Removed);
        w.on_event(TabEvent::Complete);
        assert_eq!(w.verdict(1.0), Some(LoadVerdict::Gone));
        let mut w = LoadWatch::new(false);
        w.on_poll(1.0, false);
        assert_eq!(w.verdict(LOAD_TIMEOUT_MS as f64 - 1.0), None);
        assert_eq!(w.verdict(LOAD_TIMEOUT_MS as f64), Some(LoadVerdict::TimedOut));
    }

    fn compact() -> CompactPageSummary {
        serde_json::from_value(json!({
            "type": "article", "title": "T", "headings": ["h1: T"], "primary_actions": [],
            "forms": [], "content_preview": "…", "interactive_count": 3
        }))
        .unwrap()
    }

    #[test]
    fn nav_result_wire_shapes() {
        let base = |summary| NavResult { tab_id: 4, url: "https://x/".into(), title: "X".into(), summary };
        let skipped = serde_json::to_value(base(SummaryOutcome::Skipped)).unwrap();
        assert_eq!(skipped, json!({"tabId": 4, "url": "https://x/", "title": "X"}));
        let failed = serde_json::to_value(base(SummaryOutcome::Failed(SummaryError::SummaryTimeout))).unwrap();
        assert_eq!(failed, json!({"tabId": 4, "url": "https://x/", "title": "X", "summary": null, "summary_error": "summary_timeout"}));
        let ready = serde_json::to_value(base(SummaryOutcome::Ready(Box::new(compact())))).unwrap();
        assert_eq!(ready["summary"]["type"], "article");
        assert_eq!(ready["summary"]["interactive_count"], 3);
        assert!(ready.get("summary_error").is_none());
        for v in [skipped, failed, ready] {
            let back: NavResult = serde_json::from_value(v.clone()).unwrap();
            assert_eq!(serde_json::to_value(back).unwrap(), v);
        }
        let bad = json!({"tabId": 4, "url": "u", "title": "t", "summary": null});
        assert!(serde_json::from_value::<NavResult>(bad).is_err());
    }

    #[test]
    fn tab_info_says_whether_the_copilot_can_read_it() {
        let web = serde_json::to_value(TabInfo::new(1, "https://x/".into(), "X".into(), true, 9)).unwrap();
        assert_eq!(web, json!({"tabId": 1, "url": "https://x/", "title": "X", "active": true, "windowId": 9, "readable": true}));
        assert!(!TabInfo::new(2, String::new(), String::new(), false, 9).readable);
        assert_eq!(serde_json::to_value(ClosedTab { tab_id: 3 }).unwrap(), json!({"tabId": 3}));
    }
}
