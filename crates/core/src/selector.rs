//! The browser-free half of the RoleSelector DSL (seed 000 §6): how names
//! and texts are compared (Playwright `getByRole`/`getByText` semantics),
//! how a selector is checked before any DOM work, and the ladder of
//! selectors `getDetails` tries for an element, most readable first.
//!
//! Name matching, as Playwright does it so our resolution can be refereed
//! by `getByRole` (issue 4, point 1):
//! - whitespace is normalised on both sides (trim, runs → one space,
//!   zero-width spaces dropped);
//! - `exact`: equal, case-sensitive;
//! - `includes` (the default when `nameMode` is absent, as in Playwright):
//!   substring, case-insensitive;
//! - `regex`: JavaScript regular expression (`/pattern/flags` or a bare
//!   pattern), run by the browser's own engine in the content script —
//!   this module only splits the literal.

use crate::types::{Landmark, NameMode, RoleSelector};

/// Why a selector cannot be resolved at all (before looking at the page).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SelectorError {
    #[error("the selector's role is empty")]
    EmptyRole,
    #[error("the text selector's text is empty")]
    EmptyText,
    #[error("the css selector is empty")]
    EmptyCss,
    #[error("nameMode is set but the selector has no name")]
    ModeWithoutName,
    #[error("invalid regular expression `{pattern}`: {reason}")]
    BadRegex { pattern: String, reason: String },
    #[error("invalid css selector `{css}`")]
    BadCss { css: String },
    #[error("frame `{step}` of framePath {path:?} was not found")]
    FrameNotFound { path: Vec<String>, step: String },
    /// Only where a request cannot be routed (the worker sends selectors
    /// with such a path to the frame's own content script).
    #[error("frame `{step}` of framePath {path:?} is cross-origin; its own content script must resolve it")]
    FrameCrossOrigin { path: Vec<String>, step: String },
    #[error("frame `{step}` of framePath {path:?} shows {url}, where the copilot may not run")]
    FrameRestricted { path: Vec<String>, step: String, url: String },
    /// The text search ran out of its budget (deep nesting of repeated
    /// text costs depth × text): it stopped rather than freeze the tab.
    #[error("timeout in stage `text search`: the text selector {text:?} would read more than {chars} characters of this page; use a role selector or a MiniPCD id")]
    TooCostly { text: String, chars: usize },
}

impl SelectorError {
    /// The tool error code and whether retrying (after the page changes)
    /// can help: a frame may still be loading; a bad pattern stays bad.
    pub fn code(&self) -> (crate::tools::ErrorCode, bool) {
        use crate::tools::ErrorCode;
        match self {
            SelectorError::FrameNotFound { .. } => (ErrorCode::NotFound, true),
            SelectorError::FrameRestricted { .. } => (ErrorCode::RestrictedUrl, false),
            SelectorError::TooCostly { .. } => (ErrorCode::Timeout, false),
            _ => (ErrorCode::InvalidArgs, false),
        }
    }
}

/// Whitespace as Playwright's `normalizeWhiteSpace` treats it.
pub fn normalize_ws(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for word in s.split(|c: char| c.is_whitespace()).filter(|w| !w.is_empty()) {
        let word = word.replace('\u{200b}', "");
        if word.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&word);
    }
    out
}

/// A name/text pattern, ready to test many candidates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NamePattern {
    Exact(String),
    /// Lowercased, normalised needle.
    Includes(String),
    Regex { source: String, flags: String },
}

impl NamePattern {
    /// The pattern of `name` under `mode` (absent mode = includes).
    pub fn new(name: &str, mode: Option<NameMode>) -> NamePattern {
        match mode.unwrap_or(NameMode::Includes) {
            NameMode::Exact => NamePattern::Exact(normalize_ws(name)),
            NameMode::Includes => NamePattern::Includes(normalize_ws(name).to_lowercase()),
            NameMode::Regex => {
                let (source, flags) = split_regex_literal(name);
                NamePattern::Regex { source, flags }
            }
        }
    }

    /// Tests `candidate` (a raw accessible name or text). `None` for regex
    /// patterns, which the caller runs with the browser's engine.
    pub fn matches_plain(&self, candidate: &str) -> Option<bool> {
        match self {
            NamePattern::Exact(want) => Some(normalize_ws(candidate) == *want),
            NamePattern::Includes(want) => Some(normalize_ws(candidate).to_lowercase().contains(want.as_str())),
            NamePattern::Regex { .. } => None,
        }
    }
}

/// `/pattern/flags` → (pattern, flags); anything else is a bare pattern.
pub fn split_regex_literal(s: &str) -> (String, String) {
    if let Some(rest) = s.strip_prefix('/') {
        if let Some(end) = rest.rfind('/') {
            let flags = &rest[end + 1..];
            if flags.chars().all(|c| "dgimsuvy".contains(c)) {
                return (rest[..end].to_owned(), flags.to_owned());
            }
        }
    }
    (s.to_owned(), String::new())
}

/// Checks what can be checked without a page.
pub fn validate(sel: &RoleSelector) -> Result<(), SelectorError> {
    match sel {
        RoleSelector::Role { role, name, name_mode, .. } => {
            if role.trim().is_empty() {
                return Err(SelectorError::EmptyRole);
            }
            if name.is_none() && name_mode.is_some() {
                return Err(SelectorError::ModeWithoutName);
            }
        }
        RoleSelector::Text { text, .. } => {
            if normalize_ws(text).is_empty() {
                return Err(SelectorError::EmptyText);
            }
        }
        RoleSelector::Css { css, .. } => {
            if css.trim().is_empty() {
                return Err(SelectorError::EmptyCss);
            }
        }
        RoleSelector::Near { role, label, .. } => {
            if role.trim().is_empty() {
                return Err(SelectorError::EmptyRole);
            }
            if normalize_ws(label).is_empty() {
                return Err(SelectorError::EmptyText);
            }
        }
    }
    Ok(())
}

/// What `getDetails` knows of an element before choosing its selectors.
#[derive(Debug, Clone, PartialEq)]
pub struct ElementIdentity {
    /// Computed role; `None`/generic elements get no role selector.
    pub role: Option<String>,
    pub name: String,
    pub landmark: Option<Landmark>,
    /// Short visible text, for the text alternative.
    pub text: String,
    pub frame_path: Vec<String>,
}

/// Roles a role selector is not worth writing for: they carry no meaning a
/// reader could recognise, so the text or css selector is primary.
const MEANINGLESS_ROLES: &[&str] = &["generic", "none", "presentation", "paragraph", "group"];

/// Role selectors to try for `id`, most readable first: exact name, then
/// within its landmark. The caller keeps the first that resolves uniquely
/// to the element, or else the last with `nth` set.
pub fn role_ladder(id: &ElementIdentity) -> Vec<RoleSelector> {
    let Some(role) = id.role.as_deref().filter(|r| !MEANINGLESS_ROLES.contains(r)) else {
        return Vec::new();
    };
    let frame_path = (!id.frame_path.is_empty()).then(|| id.frame_path.clone());
    let (name, mode) = selector_name(&normalize_ws(&id.name));
    let mut base = RoleSelector::role(role, (!name.is_empty()).then_some(name.as_str()), mode);
    if let RoleSelector::Role { frame_path: f, .. } = &mut base {
        *f = frame_path;
    }
    let mut out = vec![base.clone()];
    if id.landmark.is_some() {
        let mut scoped = base;
        if let RoleSelector::Role { within_landmark, .. } = &mut scoped {
            *within_landmark = id.landmark;
        }
        out.push(scoped);
    }
    out.truncate(MAX_LADDER);
    out
}

/// Role selectors `getDetails` tries for one element, at most (each is a
/// search of the page).
pub const MAX_LADDER: usize = 2;

/// Longest name a role selector carries. A longer one (a card link named
/// by its whole text, or a hostile page's megabyte `aria-label`) would go
/// to the LLM whole in every `getDetails`; its first words, matched as a
/// substring, still find the element, and the caller keeps a selector
/// only if it resolves to that element alone (else adds `nth`).
pub const MAX_SELECTOR_NAME_CHARS: usize = 100;

/// The name a role selector matches `name` (normalised) by: the name
/// itself, exactly; or when longer than [`MAX_SELECTOR_NAME_CHARS`], its
/// first whole words up to that length, as a substring.
fn selector_name(name: &str) -> (String, NameMode) {
    let (head, cut) = crate::digest::truncate_chars(name, MAX_SELECTOR_NAME_CHARS);
    if !cut {
        return (head, NameMode::Exact);
    }
    // Whole words: the cut stands if it falls before a space; else it goes
    // back to the last space when that keeps at least half (one huge word
    // is cut where it is).
    let end = match head.rfind(' ') {
        _ if name[head.len()..].starts_with(' ') => head.len(),
        Some(i) if i >= MAX_SELECTOR_NAME_CHARS / 2 => i,
        _ => head.len(),
    };
    (head[..end].trim_end().to_owned(), NameMode::Includes)
}

/// The text alternative for `id`, if it has visible text worth quoting.
pub fn text_selector(id: &ElementIdentity) -> Option<RoleSelector> {
    let text = normalize_ws(&id.text);
    if text.is_empty() || text.chars().count() > 80 {
        return None;
    }
    Some(RoleSelector::Text {
        text,
        within_landmark: None,
        nth: None,
        frame_path: (!id.frame_path.is_empty()).then(|| id.frame_path.clone()),
    })
}

/// `sel` narrowed to its `n`-th match (0-based).
pub fn with_nth(sel: &RoleSelector, n: u32) -> RoleSelector {
    let mut sel = sel.clone();
    match &mut sel {
        RoleSelector::Role { nth, .. } | RoleSelector::Text { nth, .. } | RoleSelector::Near { nth, .. } => *nth = Some(n),
        RoleSelector::Css { .. } => {}
    }
    sel
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whitespace_is_normalised_like_playwright() {
        for (raw, want) in [
            ("  Sign \n\t in  ", "Sign in"),
            ("a\u{200b}b", "ab"),
            ("", ""),
            (" \u{200b} ", ""),
            ("Add\u{a0}to cart", "Add to cart"),
        ] {
            assert_eq!(normalize_ws(raw), want, "{raw:?}");
        }
    }

    #[test]
    fn name_modes() {
        // (name, mode, candidate, matches)
        let cases: &[(&str, Option<NameMode>, &str, bool)] = &[
            ("Save", Some(NameMode::Exact), "Save", true),
            ("Save", Some(NameMode::Exact), " Save ", true),
            ("Save", Some(NameMode::Exact), "save", false),
            ("Save", Some(NameMode::Exact), "Save draft", false),
            ("sign  in", Some(NameMode::Exact), "sign in", true),
            ("save", Some(NameMode::Includes), "Save draft", true),
            ("SAVE", None, "Save draft", true),
            ("save  draft", None, "Save\ndraft", true),
            ("publish", None, "Save draft", false),
            ("", None, "anything", true),
        ];
        for (name, mode, cand, want) in cases {
            let p = NamePattern::new(name, *mode);
            assert_eq!(p.matches_plain(cand), Some(*want), "{name:?} {mode:?} {cand:?}");
        }
        assert_eq!(NamePattern::new("^S", Some(NameMode::Regex)).matches_plain("Save"), None);
    }

    #[test]
    fn regex_literals() {
        for (raw, src, flags) in [
            ("/^save$/i", "^save$", "i"),
            ("^save$", "^save$", ""),
            ("/a/b/", "a/b", ""),
            ("/path/to/x", "/path/to/x", ""),
        ] {
            assert_eq!(split_regex_literal(raw), (src.to_owned(), flags.to_owned()), "{raw}");
        }
    }

    #[test]
    fn validation_names_the_problem() {
        let role = |r: &str, name: Option<&str>| RoleSelector::role(r, name, NameMode::Exact);
        assert_eq!(validate(&role(" ", None)), Err(SelectorError::EmptyRole));
        let mut no_name = role("button", None);
        if let RoleSelector::Role { name_mode, .. } = &mut no_name {
            *name_mode = Some(NameMode::Exact);
        }
        assert_eq!(validate(&no_name), Err(SelectorError::ModeWithoutName));
        assert_eq!(validate(&role("button", Some("Go"))), Ok(()));
        let text = RoleSelector::Text { text: " \n".into(), within_landmark: None, nth: None, frame_path: None };
        assert_eq!(validate(&text), Err(SelectorError::EmptyText));
        let css = RoleSelector::Css { css: "".into(), frame_path: None };
        assert_eq!(validate(&css), Err(SelectorError::EmptyCss));
    }

    #[test]
    fn long_names_become_their_first_words_matched_as_a_substring() {
        let ladder = |name: &str| {
            let id = ElementIdentity { role: Some("link".into()), name: name.into(), landmark: None, text: String::new(), frame_path: vec![] };
            serde_json::to_value(&role_ladder(&id)[0]).unwrap()
        };
        let words = "Wireless keyboard with backlit keys, a numeric pad and three days of battery life per charge, in black";
        assert!(words.len() > MAX_SELECTOR_NAME_CHARS);
        assert_eq!(
            ladder(words),
            serde_json::json!({"kind":"role","role":"link","name":"Wireless keyboard with backlit keys, a numeric pad and three days of battery life per charge, in","nameMode":"includes"})
        );
        // One word two million characters long: cut at the limit, by chars.
        let huge = "é".repeat(2_000_000);
        let v = ladder(&huge);
        assert_eq!(v["name"].as_str().unwrap().chars().count(), MAX_SELECTOR_NAME_CHARS);
        assert_eq!(v["nameMode"], "includes");
        // At the limit the name stays whole and exact.
        let at = "x".repeat(MAX_SELECTOR_NAME_CHARS);
        assert_eq!(ladder(&at), serde_json::json!({"kind":"role","role":"link","name":at,"nameMode":"exact"}));
    }

    #[test]
    fn ladder_prefers_exact_name_then_landmark() {
        let id = ElementIdentity {
            role: Some("button".into()),
            name: " Add  to cart ".into(),
            landmark: Some(Landmark::Main),
            text: "Add to cart".into(),
            frame_path: vec!["iframe#shop".into()],
        };
        let ladder = role_ladder(&id);
        let v: Vec<_> = ladder.iter().map(|s| serde_json::to_value(s).unwrap()).collect();
        assert_eq!(
            v,
            vec![
                serde_json::json!({"kind":"role","role":"button","name":"Add to cart","nameMode":"exact","framePath":["iframe#shop"]}),
                serde_json::json!({"kind":"role","role":"button","name":"Add to cart","nameMode":"exact","withinLandmark":"main","framePath":["iframe#shop"]}),
            ]
        );
        let nth = serde_json::to_value(with_nth(&ladder[1], 2)).unwrap();
        assert_eq!(nth["nth"], 2);
        assert_eq!(
            serde_json::to_value(text_selector(&id).unwrap()).unwrap(),
            serde_json::json!({"kind":"text","text":"Add to cart","framePath":["iframe#shop"]})
        );
    }

    #[test]
    fn unnamed_and_generic_elements() {
        let mut id = ElementIdentity { role: Some("generic".into()), name: String::new(), landmark: None, text: "x".repeat(81), frame_path: vec![] };
        assert!(role_ladder(&id).is_empty());
        assert!(text_selector(&id).is_none());
        id.role = Some("checkbox".into());
        let v = serde_json::to_value(&role_ladder(&id)[0]).unwrap();
        assert_eq!(v, serde_json::json!({"kind":"role","role":"checkbox"}));
    }
}
