//! How the explorer judges without a model: which words lead towards a goal
//! ([`query_for`]), whether a link may be followed at all ([`followable`]),
//! and how much a page looks like the goal page ([`page_score`]).
//!
//! Goals and the links towards them rarely share words: "download last
//! month's invoice" lives behind "Settings › Organization › Billing". The
//! [`HINTS`] table adds the section words a site files a goal under, one
//! row per family of goals, in the ranker's own terms (stemmed, synonyms
//! folded: "receipt" is already `invoice`).

use crate::agent::goals::{self, GoalKind};
use crate::rank::terms::terms;
use crate::safety::risk::{assess, ActionVerb, Risk, StepFacts};
use crate::safety::sites::origin_of;
use crate::summary::CompactPageSummary;
use crate::types::{Landmark, MiniPcd};

/// Goal term → the words of the sections such goals are filed under.
#[rustfmt::skip]
pub const HINTS: &[(&[&str], &[&str])] = &[
    (&["invoice", "billing", "payment", "subscription", "plan", "charge", "refund", "card"],
        &["billing", "payment", "subscription", "plan", "setting", "account", "organization", "workspace", "admin"]),
    (&["order", "purchase", "delivery", "shipment", "return"],
        &["order", "purchase", "history", "account"]),
    (&["password", "2fa", "security", "email", "phone", "notification"],
        &["security", "setting", "profile", "account"]),
    (&["address", "name", "avatar", "photo"],
        &["profile", "setting", "account"]),
    (&["member", "team", "user", "invite", "role", "permission"],
        &["member", "team", "organization", "setting", "admin"]),
    (&["limit", "quota", "endpoint", "token", "webhook", "error", "parameter"],
        &["reference", "api", "limit", "docs", "guide"]),
];

/// Words of a goal that say what to do or when, not where: they match
/// every "Download" button and "Last updated" line on the way.
const NOT_PLACES: &[&str] = &[
    "find", "show", "open", "go", "get", "download", "save", "see", "view", "look", "what", "where", "how",
    "which", "who", "when", "last", "month", "year", "week", "today", "page", "please", "can", "you", "need",
    "want", "are", "do", "does",
];

/// The goal's own terms that name a place or a thing (not a verb or a time).
pub fn goal_terms(goal: &str) -> Vec<String> {
    // One letter is what is left of "month's".
    let mut out: Vec<String> = terms(goal).into_iter().filter(|t| t.chars().count() > 1 && !NOT_PLACES.contains(&t.as_str())).collect();
    out.dedup();
    out
}

/// The text `pcd.query` ranks a page's links by: the goal's terms, then
/// the section words of [`HINTS`] rows they trigger, each an alternative
/// (`|`): a link is as good as the best word it carries, not diluted by
/// the words it lacks.
pub fn query_for(goal: &str) -> String {
    let own = goal_terms(goal);
    let mut words: Vec<String> = own.clone();
    for (triggers, hints) in HINTS {
        if own.iter().any(|t| triggers.contains(&t.as_str())) {
            words.extend(hints.iter().map(|h| (*h).to_owned()));
        }
    }
    let mut seen = Vec::new();
    words.retain(|w| {
        let new = !seen.contains(w);
        seen.push(w.clone());
        new
    });
    words.join(" | ")
}

/// Why a link is not followed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unfollowable {
    /// Not an http(s) address, or another origin than the task's.
    Elsewhere,
    /// Its label says it does more than show a page (sign out, delete, …).
    Risky,
    /// A file, not a page.
    File,
}

/// Whether the explorer may open `href` (a link labelled `label`) while
/// exploring `origin`: read-only navigation only.
pub fn followable(href: &str, label: &str, origin: &str) -> Result<(), Unfollowable> {
    if origin_of(href).as_deref() != Some(origin) {
        return Err(Unfollowable::Elsewhere);
    }
    // Judged as if it were a button: a link's own risk is "only navigates",
    // but "Sign out" or "Delete" reached by a link still does what it says.
    // Only a rule that names a reason counts (an unknown button's default
    // is medium too).
    let verdict = assess(&StepFacts::new(ActionVerb::Click, label));
    if verdict.risk > Risk::Low && verdict.reason.is_some() {
        return Err(Unfollowable::Risky);
    }
    let path = href.split(['?', '#']).next().unwrap_or(href).to_ascii_lowercase();
    const FILES: &[&str] = &[".pdf", ".zip", ".csv", ".xlsx", ".docx", ".dmg", ".exe", ".mp4", ".png", ".jpg"];
    if FILES.iter().any(|ext| path.ends_with(ext)) {
        return Err(Unfollowable::File);
    }
    Ok(())
}

/// How a page answers a goal.
#[derive(Debug, Clone, PartialEq)]
pub struct PageScore {
    /// 0–1: 1 when a goal predicate the goal implies holds on the page.
    pub score: f64,
    /// The implied goal-page signals the page shows.
    pub goals: Vec<GoalKind>,
    /// Whether this is a goal page (predicate, or the goal's words named
    /// by the page's title or main heading and present in its text).
    pub found: bool,
}

/// Share of goal terms, past which a page whose heading names the goal
/// is a goal page when the goal implies no predicate (a docs answer).
const FOUND_COVERAGE: f64 = 0.75;

/// How much `page` (with its compact summary) looks like the goal page.
pub fn page_score(goal: &str, expected: &[GoalKind], page: &MiniPcd, summary: Option<&CompactPageSummary>) -> PageScore {
    // A form, a control or a list of the goal's kind is strong evidence; a
    // title or address that says the word ("Billing history" for
    // "billing invoices") is weak: it makes the goal page only when it
    // covers every kind the goal implies.
    let hits: Vec<goals::GoalHit> = goals::hits(page).into_iter().filter(|h| expected.contains(&h.goal)).collect();
    if !hits.is_empty() {
        let mut shown: Vec<GoalKind> = hits.iter().map(|h| h.goal).collect();
        shown.sort();
        shown.dedup();
        let strong = hits.iter().any(|h| !h.row.ends_with(".page"));
        let coverage = shown.len() as f64 / expected.len() as f64;
        let found = strong || coverage >= 1.0;
        let score = if found { 0.8 + 0.2 * coverage } else { 0.5 * coverage };
        return PageScore { score, goals: shown, found };
    }
    let wanted = goal_terms(goal);
    if wanted.is_empty() {
        return PageScore { score: 0.0, goals: vec![], found: false };
    }
    let heading_text = format!("{} {}", page.title, summary.map(|s| s.headings.join(" ")).unwrap_or_default());
    let heading = terms(&heading_text);
    let body = terms(&format!("{heading_text} {}", summary.map(|s| s.content_preview.as_str()).unwrap_or("")));
    let share = |have: &[String]| wanted.iter().filter(|t| have.contains(t)).count() as f64 / wanted.len() as f64;
    let (in_heading, in_body) = (share(&heading), share(&body));
    // A page that only shows the words in passing is on the way, not there.
    let score = 0.6 * in_body + 0.3 * in_heading;
    // The way there names the goal in a link better than in its own
    // heading ("API reference" listing "Limits and quotas" for "API rate
    // limit"); the place names it in its heading at least as well as any
    // link in its content does (site chrome is on every page: not counted).
    let in_links = page
        .actions
        .iter()
        .filter(|a| !matches!(a.landmark, Some(Landmark::Nav | Landmark::Header | Landmark::Footer)))
        .map(|a| share(&terms(&a.label)))
        .fold(0.0, f64::max);
    // A heading that names the whole goal is the place even when its items
    // repeat the words ("Desk lamps" listing "Brass desk lamp").
    let names_it = in_heading >= 1.0 || (in_heading > 0.0 && in_heading > in_links);
    let found = expected.is_empty() && names_it && in_body >= FOUND_COVERAGE;
    PageScore { score: if found { score.max(0.8) } else { score.min(0.7) }, goals: vec![], found }
}
