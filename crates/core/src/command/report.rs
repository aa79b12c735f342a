//! What a command's step did, in the words the side panel shows: the tool
//! results a step gets back ([`NavResult`], [`ActOutcome`], [`TabInfo`], …)
//! become one specific line ("Clicked “Sign in” → now on “Dashboard – Acme
//! Cloud” (/app/dashboard/)"), page readings (MiniPCD, page summary,
//! extracted items) become text, and grounding picks the element a label
//! names ([`choose_hit`]) or says why none fits ([`GroundError`]).
//!
//! The worker (`bc-background`'s `command.rs`) runs the tools; everything it
//! decides or words lives here, tested natively.

use super::dates::Month;
use super::model::{Key, RoleHint, ZoomDir};
use super::plan::ElementAction;
use crate::act::ActOutcome;
use crate::nav::{NavResult, TabInfo};
use crate::summary::PageSummary;
use crate::tools::ScrollDirection;
use crate::types::{ActionRole, MiniCollection, MiniPcd, PcdActionDetail, QueryHit, ResolvedMatch, RoleSelector};
use serde_json::Value;
use url::Url;

/// How long one command may take (a navigation waits up to 15 s for the
/// load and 3 s for the summary; an action retries three times).
pub const STEP_TIMEOUT_MS: u32 = 30_000;

/// `pcd.query` hits scoring lower are not taken for what the user named:
/// a page with no "Sign in" should fail the step, not click "Sign up".
/// (Scores are in [0, 1] and comparable across queries; one query word found
/// in a label scores about 0.5.)
pub const MIN_HIT_SCORE: f64 = 0.25;

/// How many lines of a list (actions, items, headings) a reply shows.
const MAX_LINES: usize = 12;

/// Chrome's zoom steps (the ones its menu and Ctrl +/- use).
pub const ZOOM_LEVELS: &[f64] = &[0.25, 0.33, 0.5, 0.67, 0.75, 0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0, 4.0, 5.0];

/// The zoom factor after zooming `dir` from `current`: the next of Chrome's
/// steps, or `0.0` for reset (`chrome.tabs.setZoom`'s "back to default").
pub fn next_zoom(current: f64, dir: ZoomDir) -> f64 {
    const EPS: f64 = 0.005;
    match dir {
        ZoomDir::In => ZOOM_LEVELS.iter().copied().find(|z| *z > current + EPS).unwrap_or(current),
        ZoomDir::Out => ZOOM_LEVELS.iter().rev().copied().find(|z| *z < current - EPS).unwrap_or(current),
        ZoomDir::Reset => 0.0,
    }
}

/// "Zoom is now 110 %" (and whether it was already at a limit).
pub fn zoomed(before: f64, after: f64, dir: ZoomDir) -> String {
    let pct = (after * 100.0).round();
    match dir {
        ZoomDir::In | ZoomDir::Out if (after - before).abs() < 0.005 => {
            format!("Zoom stays at {pct} %: it is already as {} as it goes", if dir == ZoomDir::In { "large" } else { "small" })
        }
        ZoomDir::Reset => format!("Zoom reset to {pct} %"),
        _ => format!("Zoom is now {pct} %"),
    }
}

/// A page's address as the panel shows it: its path (and query) when the
/// step stayed on the same site as `before`, else without the scheme.
pub fn short_url(url: &str, before: Option<&str>) -> String {
    let Ok(parsed) = Url::parse(url) else { return url.to_owned() };
    if !matches!(parsed.scheme(), "http" | "https") {
        return url.to_owned();
    }
    let path = match parsed.query() {
        Some(q) => format!("{}?{q}", parsed.path()),
        None => parsed.path().to_owned(),
    };
    let same_site = before.and_then(|b| Url::parse(b).ok()).is_some_and(|b| b.origin() == parsed.origin());
    if same_site {
        path
    } else {
        format!("{}{path}", parsed.host_str().map(|h| match parsed.port() {
            Some(p) => format!("{h}:{p}"),
            None => h.to_owned(),
        }).unwrap_or_default())
    }
}

/// `“Title” (/path)`, or just the address when the page has no title.
pub fn page(title: &str, url: &str, before: Option<&str>) -> String {
    let at = short_url(url, before);
    let title = title.trim();
    if title.is_empty() {
        at
    } else {
        format!("“{title}” ({at})")
    }
}

/// What a navigation (`open`, `back`, `forward`, `reload`, `new tab`) did.
pub fn navigated(verb: NavVerb, nav: &NavResult, before: Option<&str>) -> String {
    let at = page(&nav.title, &nav.url, before);
    match verb {
        NavVerb::Open => format!("Now on {at}"),
        NavVerb::Back => format!("Went back → now on {at}"),
        NavVerb::Forward => format!("Went forward → now on {at}"),
        NavVerb::Reload => format!("Reloaded {at}"),
        NavVerb::NewTab => format!("Opened a new tab on {}", page(&nav.title, &nav.url, None)),
    }
}

/// Which navigation [`navigated`] words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NavVerb {
    Open,
    Back,
    Forward,
    Reload,
    NewTab,
}

/// What followed an action: the page it led to, or that nothing changed.
fn after(o: &ActOutcome, before: Option<&str>) -> String {
    let obs = &o.observation;
    let moved = obs.url_changed == Some(true) || before.is_some_and(|b| b != obs.url);
    if moved {
        format!(" → now on {}", page(&obs.title, &obs.url, before))
    } else if let Some(tab) = o.opened_tabs.first() {
        format!(" → opened a new tab on {}", page("", &tab.url, before))
    } else if !o.changed {
        " (the page did not change)".to_owned()
    } else {
        String::new()
    }
}

/// What an action on a grounded element did; `name` is the element's name
/// as found on the page (else the user's label).
pub fn acted(act: &ElementAction, name: &str, o: &ActOutcome, before: Option<&str>) -> String {
    let next = after(o, before);
    match act {
        ElementAction::Click => format!("Clicked “{name}”{next}"),
        ElementAction::Type { submit: true, .. } => format!("Searched with “{name}”{next}"),
        // The text itself is not repeated: it may be a password.
        ElementAction::Type { submit: false, .. } => format!("Typed into “{name}”{next}"),
        ElementAction::Select { option } => {
            let chosen = o.detail.as_deref().unwrap_or(option);
            format!("Selected “{chosen}” in “{name}”{next}")
        }
        ElementAction::Check { on: true } => format!("Checked “{name}”{next}"),
        ElementAction::Check { on: false } => format!("Unchecked “{name}”{next}"),
        ElementAction::Focus => format!("Put the cursor in “{name}”{next}"),
    }
}

/// What a page scroll did.
pub fn scrolled(dir: ScrollDirection, o: &ActOutcome) -> String {
    let (done, limit) = match dir {
        ScrollDirection::Up => ("Scrolled up", "already at the top"),
        ScrollDirection::Down => ("Scrolled down", "already at the bottom"),
        ScrollDirection::Top => ("Scrolled to the top", "already at the top"),
        ScrollDirection::Bottom => ("Scrolled to the bottom", "already at the bottom"),
    };
    if o.changed {
        done.to_owned()
    } else {
        format!("Did not scroll: {limit}")
    }
}

/// What scrolling inside an element did.
pub fn scrolled_in(name: &str, dir: ScrollDirection, o: &ActOutcome) -> String {
    let to = match dir {
        ScrollDirection::Up => "up",
        ScrollDirection::Down => "down",
        ScrollDirection::Top => "to the top",
        ScrollDirection::Bottom => "to the end",
    };
    if o.changed {
        format!("Scrolled “{name}” {to}")
    } else {
        format!("“{name}” did not scroll: it is already there or does not scroll")
    }
}

/// What a reveal opened before its target showed, and the click on it.
pub fn revealed(label: &str, opened: &[String], clicked: Option<&ActOutcome>) -> String {
    let path = if opened.is_empty() { String::new() } else { format!("Opened {}; ", opened.join(", ")) };
    match clicked {
        Some(o) => format!("{path}clicked “{label}”{}", after(o, None)),
        None => format!("{path}“{label}” is shown"),
    }
}

/// Why a reveal gave up.
pub fn not_revealed(label: &str, opened: &[String]) -> String {
    if opened.is_empty() {
        format!("“{label}” is not on this page, and nothing here opens to show more.")
    } else {
        format!("“{label}” did not show after opening {}.", opened.join(", "))
    }
}

/// What a key press did.
pub fn pressed(key: Key, o: &ActOutcome, before: Option<&str>) -> String {
    format!("Pressed {}{}", key.as_str(), after(o, before))
}

/// Why a key press had nowhere to go.
pub fn nothing_focused(key: Key) -> String {
    format!(
        "Nothing on the page has the keyboard focus, so {} went nowhere. Click or type into a field first (“type lamp into search then press enter”).",
        key.as_str()
    )
}

/// The tab switched to.
pub fn switched(tab: &TabInfo) -> String {
    format!("Switched to {}", page(&tab.title, &tab.url, None))
}

/// Why "switch to tab X" found no tab, listing the open ones.
pub fn no_tab_matches(text: &str, tabs: &[TabInfo]) -> String {
    let open: Vec<String> = tabs
        .iter()
        .take(MAX_LINES)
        .enumerate()
        .map(|(i, t)| format!("{} “{}”", i + 1, if t.title.trim().is_empty() { &t.url } else { &t.title }))
        .collect();
    format!("No open tab matches “{text}”. Open tabs: {}.", open.join(", "))
}

/// The hit of `pcd.query` to act on: among hits scoring at least
/// [`MIN_HIT_SCORE`] whose `getDetails` selector exists, the first whose
/// role fits the role the user named, else the first. Hits come best first.
///
/// A role word restricts the role (issue 45): when the user named one, a
/// hit of another role is never taken ("the button" is no link). Generic
/// clickables (no role: a `<span>` tab, a `<div>` menu item, bound by CSS
/// or text) still may be; and for the loose kinds (tab, section, menu) a
/// button or link also does, since plain pages build those from them.
pub fn choose_hit<'a>(hits: &'a [QueryHit], details: &'a [PcdActionDetail], role: Option<RoleHint>) -> Option<Chosen<'a>> {
    let usable: Vec<Chosen> = hits
        .iter()
        .filter(|h| h.score >= MIN_HIT_SCORE)
        .filter_map(|hit| details.iter().find(|d| d.id == hit.id).map(|detail| Chosen { hit, detail }))
        .collect();
    let Some(role) = role else { return usable.into_iter().next() };
    let fits = |c: &Chosen| match &c.detail.selector {
        RoleSelector::Role { role: r, .. } => role.aria_roles().contains(&r.as_str()),
        _ => false,
    };
    let allowed = |c: &Chosen| match &c.detail.selector {
        RoleSelector::Role { role: r, .. } => {
            let loose = matches!(role, RoleHint::Tab | RoleHint::Section | RoleHint::Menu);
            role.aria_roles().contains(&r.as_str()) || (loose && ["button", "link", "menuitem"].contains(&r.as_str()))
        }
        _ => true,
    };
    let preferred = usable.iter().position(fits).or_else(|| usable.iter().position(allowed))?;
    usable.into_iter().nth(preferred)
}

/// A `pcd.query` hit with its selector.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Chosen<'a> {
    pub hit: &'a QueryHit,
    pub detail: &'a PcdActionDetail,
}

/// Why grounding found no single element for a label.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GroundError {
    #[error("Nothing on this page matches “{label}”.")]
    NotFound { label: String },
    /// "open X" where X is no link on the page: the user may have meant a site.
    #[error("Nothing on this page is called “{label}”. To open a website, type its address, like “open {suggestion}”.")]
    NoLink { label: String, suggestion: String },
    #[error("{count} elements match “{label}”: {}. Say which, e.g. with its role (“the {label} button”) or in quotes with its full name.", list(candidates))]
    Ambiguous { label: String, count: u32, candidates: Vec<String> },
    /// Several elements of the kind the user named without a name ("the
    /// checkbox"): they are told apart by place and nearby text.
    #[error("{count} elements match {label}: {}. Say which by its place (“the second one”) or by the text beside it.", list(candidates))]
    AmbiguousKind { label: String, count: u32, candidates: Vec<String> },
}

fn list(candidates: &[String]) -> String {
    candidates.join("; ")
}

impl GroundError {
    /// Nothing found for `label`; `open` when the user said "open X".
    /// `ambiguous` is the first selector that matched several elements.
    pub fn new(label: &str, open: bool, ambiguous: Option<(u32, &[ResolvedMatch])>) -> GroundError {
        if let Some((count, matches)) = ambiguous {
            let candidates = matches.iter().take(5).enumerate().map(|(i, m)| candidate(i, count, m)).collect();
            // An unnamed target's label is its description ("the checkbox").
            if label.starts_with("the ") {
                return GroundError::AmbiguousKind { label: label.to_owned(), count, candidates };
            }
            return GroundError::Ambiguous { label: label.to_owned(), count, candidates };
        }
        if open {
            let host: String = label.split_whitespace().collect::<Vec<_>>().join("").to_lowercase();
            return GroundError::NoLink { label: label.to_owned(), suggestion: format!("{host}.com") };
        }
        GroundError::NotFound { label: label.to_owned() }
    }
}

/// One candidate of an ambiguity: `button “Save”`; one without a name by
/// its role, place, own text and the text beside it (issue 45):
/// `checkbox 2 of 5, next to “Blue”`.
fn candidate(i: usize, count: u32, m: &ResolvedMatch) -> String {
    let role = m.role.as_deref().unwrap_or(&m.tag);
    let name = crate::selector::normalize_ws(&m.name);
    if !name.is_empty() {
        return format!("{role} “{name}”");
    }
    let mut out = format!("{role} {} of {count}", i + 1);
    if let Some(text) = m.text.as_deref().map(crate::selector::normalize_ws).filter(|t| !t.is_empty()) {
        out.push_str(&format!(" “{text}”"));
    }
    if let Some(near) = m.near.as_deref().map(crate::selector::normalize_ws).filter(|t| !t.is_empty()) {
        out.push_str(&format!(", next to “{near}”"));
    }
    out
}

fn role_word(role: ActionRole) -> &'static str {
    match role {
        ActionRole::Button => "button",
        ActionRole::Link => "link",
        ActionRole::Menuitem => "menu item",
        ActionRole::Tab => "tab",
        ActionRole::Checkbox => "checkbox",
        ActionRole::Radio => "option",
        ActionRole::Other => "control",
    }
}

fn collection_line(c: &MiniCollection) -> String {
    let count = c.approx_count.map(|n| format!("about {n} ")).unwrap_or_default();
    let fields = if c.item_fields.is_empty() { String::new() } else { format!(" ({})", c.item_fields.join(", ")) };
    format!("{}: {count}items{fields}", c.name)
}

/// "What can I do here": the page's MiniPCD as a short list.
pub fn what_can_i_do(mini: &MiniPcd) -> String {
    let mut out = format!("On “{}”", mini.title.trim());
    match mini.login_state {
        crate::types::LoginState::In => out.push_str(" (signed in)"),
        crate::types::LoginState::Out => out.push_str(" (signed out)"),
        crate::types::LoginState::Unknown => {}
    }
    out.push_str(" you can:\n");
    for form in &mini.forms {
        let fields: Vec<&str> = form.field_summaries.iter().map(|f| f.label.as_str()).collect();
        let purpose = form.purpose.as_deref().map(|p| format!("{p} ")).unwrap_or_default();
        let submit = form.submit_label.as_deref().map(|s| format!(" → “{s}”")).unwrap_or_default();
        out.push_str(&format!("  • fill in the {purpose}form: {}{submit}\n", fields.join(", ")));
    }
    for action in mini.actions.iter().take(MAX_LINES) {
        out.push_str(&format!("  • {} “{}”\n", role_word(action.role), action.label));
    }
    if mini.actions.len() > MAX_LINES {
        out.push_str(&format!("  • … and {} more\n", mini.actions.len() - MAX_LINES));
    }
    for c in &mini.collections {
        out.push_str(&format!("  • read the list {}\n", collection_line(c)));
    }
    if mini.forms.is_empty() && mini.actions.is_empty() && mini.collections.is_empty() {
        out.push_str("  nothing: no controls were found.\n");
    }
    out.trim_end().to_owned()
}

/// One line for what-can-I-do's step: how much there is.
pub fn offers(mini: &MiniPcd) -> String {
    format!(
        "Found {} actions, {} forms and {} lists",
        mini.actions.len(),
        mini.forms.len(),
        mini.collections.len()
    )
}

/// "Summarize this page": seed 001's summary as text (headings, preview,
/// forms, links).
pub fn page_summary(summary: &PageSummary) -> String {
    let (title, kind, headings, preview, forms, links, words) = match summary {
        PageSummary::Full(s) => (&s.title, s.page_type, &s.headings, &s.main_content_preview, &s.forms, s.nav_links.as_slice(), Some(s.word_count)),
        PageSummary::Compact(s) => (&s.title, s.page_type, &s.headings, &s.content_preview, &s.forms, &[][..], None),
    };
    let kind = serde_json::to_value(kind).ok().and_then(|v| v.as_str().map(|s| s.replace('_', " "))).unwrap_or_default();
    let mut out = format!("“{}” — a {kind} page", title.trim());
    if let Some(words) = words {
        out.push_str(&format!(" of about {words} words"));
    }
    out.push('\n');
    if !headings.is_empty() {
        out.push_str("Sections:\n");
        for h in headings.iter().take(MAX_LINES) {
            // "h2: Plans" → indented by level.
            let (level, text) = h.split_once(": ").unwrap_or(("h1", h));
            let depth = level.trim_start_matches('h').parse::<usize>().unwrap_or(1);
            out.push_str(&format!("{}• {text}\n", "  ".repeat(depth)));
        }
    }
    if !preview.trim().is_empty() {
        out.push_str(&format!("It begins: {}\n", preview.trim()));
    }
    for form in forms.iter().take(3) {
        out.push_str(&format!("A form asks for: {}\n", form.fields.join(", ")));
    }
    if !links.is_empty() {
        let names: Vec<&str> = links.iter().take(MAX_LINES).map(|l| l.text.as_str()).collect();
        out.push_str(&format!("Links: {}\n", names.join(", ")));
    }
    out.trim_end().to_owned()
}

/// The first line of [`page_summary`], for the step.
pub fn summarized(summary: &PageSummary) -> String {
    let title = match summary {
        PageSummary::Full(s) => &s.title,
        PageSummary::Compact(s) => &s.title,
    };
    format!("Summarized “{}”", title.trim())
}

/// Why "extract X" could not run where `dom.extract` is not available,
/// naming the collection that was found (so the user learns it is there).
pub fn extract_unavailable(found: &MiniCollection) -> String {
    format!(
        "Extracting items is not available yet. The page has the list {}; ask me to “summarize this page” or scroll through it.",
        collection_line(found)
    )
}

/// Why "extract X" found nothing.
pub fn no_collection(what: &str, mini: &MiniPcd) -> String {
    if mini.collections.is_empty() {
        format!("There is no list of “{what}” on this page (no repeated items were found).")
    } else {
        let names: Vec<&str> = mini.collections.iter().map(|c| c.name.as_str()).collect();
        format!("There is no list of “{what}” on this page. Lists here: {}.", names.join(", "))
    }
}

/// Why "download last month's invoice" found no item of that month: the
/// months the items do show, newest first, so the user can ask again.
pub fn no_item_in_month(what: &str, month: Month, shown: &[Option<Month>]) -> String {
    let mut months: Vec<Month> = shown.iter().flatten().copied().collect();
    months.sort_unstable_by(|a, b| b.cmp(a));
    months.dedup();
    match months.as_slice() {
        [] => format!("No “{what}” of {month} here: the items of the list show no dates."),
        seen => {
            let list: Vec<String> = seen.iter().take(6).map(Month::to_string).collect();
            format!("No “{what}” of {month} here. The list has items of {}.", list.join(", "))
        }
    }
}

/// Why the item of a month was found but not its own control.
pub fn no_item_control(verb: &str, what: &str, title: &str, month: Month) -> String {
    format!("Found the {what} of {month} (“{title}”), but not its own “{verb}” button or link.")
}

/// How many extracted items a reply lists.
const MAX_ITEMS_SHOWN: usize = 50;

/// Extracted items as text: `dom.extract`'s `{fields, items, total}` (or a
/// bare array), one line per item with its fields in the order asked for;
/// empty fields are left out.
pub fn extracted(data: &Value) -> (String, String) {
    let items = data.get("items").unwrap_or(data);
    let Some(items) = items.as_array() else {
        return ("Extracted the list".to_owned(), data.to_string());
    };
    let order: Vec<&str> =
        data.get("fields").and_then(Value::as_array).map(|f| f.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
    let show = |v: &Value| match v {
        Value::String(s) => s.clone(),
        Value::Bool(true) => "yes".into(),
        Value::Bool(false) => "no".into(),
        other => other.to_string(),
    };
    let lines: Vec<String> = items
        .iter()
        .take(MAX_ITEMS_SHOWN)
        .map(|item| match item.as_object() {
            Some(fields) => {
                let mut keys: Vec<&str> = order.iter().copied().filter(|k| fields.contains_key(*k)).collect();
                keys.extend(fields.keys().map(String::as_str).filter(|k| !order.contains(k)));
                keys.iter()
                    .filter(|k| !fields[**k].is_null())
                    .map(|k| format!("{k}: {}", show(&fields[*k])))
                    .collect::<Vec<_>>()
                    .join("; ")
            }
            None => show(item),
        })
        .map(|l| format!("  • {l}"))
        .collect();
    let count = items.len();
    let total = data.get("total").and_then(Value::as_u64).unwrap_or(count as u64) as usize;
    let mut line = if total > count { format!("Extracted {count} of {total} items") } else { format!("Extracted {count} items") };
    // `dom.extract` with `scrollToLoad` says why it stopped scrolling.
    match data.get("stoppedBy").and_then(Value::as_str) {
        Some("exhausted") => line.push_str(", scrolled to the end of the list"),
        Some("limit") => line.push_str(", scrolled until the limit"),
        Some("budget") => line.push_str(", scrolled until the time ran out"),
        _ => {}
    }
    if lines.len() < count {
        line.push_str(&format!(" (the first {} listed)", lines.len()));
    }
    (line, lines.join("\n"))
}

/// A file name for a screenshot of `url` taken at `unix_ms`.
pub fn screenshot_name(url: &str, unix_ms: f64) -> String {
    let host = Url::parse(url).ok().and_then(|u| u.host_str().map(str::to_owned)).unwrap_or_else(|| "page".into());
    let host: String = host.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '-' }).collect();
    format!("screenshot-{host}-{}.png", unix_ms as u64 / 1000)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::act::{ActOutcome, OpenedTab};
    use crate::nav::SummaryOutcome;
    use crate::types::{Observation, Rect};

    fn outcome(url: &str, title: &str, url_changed: bool, changed: bool) -> ActOutcome {
        ActOutcome {
            observation: Observation {
                url: url.into(),
                title: title.into(),
                ts: 0.0,
                url_changed: Some(url_changed),
                collection_summary: None,
                focused_role: None,
            },
            changed,
            changes: vec![],
            attempts: 1,
            used_selector: None,
            detail: None,
            opened_tabs: vec![],
        }
    }

    const SIGNIN: &str = "http://127.0.0.1:8123/app/signin/";

    #[test]
    fn lines_say_what_happened() {
        let went = outcome("http://127.0.0.1:8123/app/dashboard/", "Dashboard – Acme Cloud", true, true);
        let stayed = outcome(SIGNIN, "Sign in", false, true);
        let nothing = outcome(SIGNIN, "Sign in", false, false);
        let mut selected = stayed.clone();
        selected.detail = Some("Pro".into());
        let cases = [
            (acted(&ElementAction::Click, "Sign in", &went, Some(SIGNIN)), "Clicked “Sign in” → now on “Dashboard – Acme Cloud” (/app/dashboard/)"),
            (acted(&ElementAction::Type { text: "x".into(), submit: false }, "Email", &stayed, Some(SIGNIN)), "Typed into “Email”"),
            (acted(&ElementAction::Type { text: "lamp".into(), submit: true }, "Search products", &went, Some(SIGNIN)), "Searched with “Search products” → now on “Dashboard – Acme Cloud” (/app/dashboard/)"),
            (acted(&ElementAction::Select { option: "pro".into() }, "Plan", &selected, Some(SIGNIN)), "Selected “Pro” in “Plan”"),
            (acted(&ElementAction::Check { on: false }, "Remember me", &nothing, Some(SIGNIN)), "Unchecked “Remember me” (the page did not change)"),
            (acted(&ElementAction::Click, "Docs", &nothing.clone().with_opened_tabs(vec![OpenedTab { tab_id: 7, url: "http://127.0.0.1:8123/article/?doc=1".into() }]), Some(SIGNIN)), "Clicked “Docs” → opened a new tab on /article/?doc=1"),
            (scrolled(ScrollDirection::Bottom, &nothing), "Did not scroll: already at the bottom"),
            (scrolled(ScrollDirection::Down, &stayed), "Scrolled down"),
            (pressed(Key::Enter, &went, Some("https://other.example/")), "Pressed Enter → now on “Dashboard – Acme Cloud” (127.0.0.1:8123/app/dashboard/)"),
        ];
        for (got, want) in cases {
            assert_eq!(got, want);
        }
        let nav = NavResult { tab_id: 1, url: "http://127.0.0.1:8123/app/catalog/?q=&page=2".into(), title: "Page 2 – Catalog".into(), summary: SummaryOutcome::Skipped };
        assert_eq!(navigated(NavVerb::Back, &nav, Some(SIGNIN)), "Went back → now on “Page 2 – Catalog” (/app/catalog/?q=&page=2)");
        assert_eq!(navigated(NavVerb::NewTab, &nav, Some(SIGNIN)), "Opened a new tab on “Page 2 – Catalog” (127.0.0.1:8123/app/catalog/?q=&page=2)");
        assert_eq!(page("", "chrome://newtab/", None), "chrome://newtab/");
    }

    #[test]
    fn zoom_follows_chromes_steps() {
        assert_eq!(next_zoom(1.0, ZoomDir::In), 1.1);
        assert_eq!(next_zoom(1.0, ZoomDir::Out), 0.9);
        assert_eq!(next_zoom(1.05, ZoomDir::In), 1.1, "from off-step zoom to the next step");
        assert_eq!(next_zoom(5.0, ZoomDir::In), 5.0);
        assert_eq!(next_zoom(0.25, ZoomDir::Out), 0.25);
        assert_eq!(next_zoom(1.5, ZoomDir::Reset), 0.0);
        assert_eq!(zoomed(1.0, 1.1, ZoomDir::In), "Zoom is now 110 %");
        assert_eq!(zoomed(5.0, 5.0, ZoomDir::In), "Zoom stays at 500 %: it is already as large as it goes");
        assert_eq!(zoomed(1.5, 1.0, ZoomDir::Reset), "Zoom reset to 100 %");
    }

    fn hit(id: &str, score: f64) -> QueryHit {
        QueryHit { id: id.into(), label: id.into(), kind: None, landmark: None, score }
    }

    fn detail(id: &str, role: &str) -> PcdActionDetail {
        let mut selector = RoleSelector::role(role, Some(id), crate::types::NameMode::Exact);
        if let RoleSelector::Role { name_mode, .. } = &mut selector {
            *name_mode = None;
        }
        PcdActionDetail { id: id.into(), selector, alt_selectors: None, landmark: None, frame_path: None, href: None }
    }

    #[test]
    fn hits_prefer_the_named_role_and_skip_weak_ones() {
        let hits = [hit("a", 0.9), hit("b", 0.7), hit("c", 0.1)];
        let details = [detail("a", "link"), detail("b", "button"), detail("c", "button")];
        let pick = |role| choose_hit(&hits, &details, role).map(|c| c.hit.id.as_str());
        assert_eq!(pick(None), Some("a"));
        assert_eq!(pick(Some(RoleHint::Button)), Some("b"));
        assert_eq!(pick(Some(RoleHint::Checkbox)), None, "a role word restricts the role: no checkbox, no hit");
        assert_eq!(pick(Some(RoleHint::Tab)), Some("a"), "tabs are often links or buttons on plain pages");
        let generic = [detail("a", "link"), PcdActionDetail { id: "b".into(), selector: RoleSelector::Css { css: "span.tab".into(), frame_path: None }, alt_selectors: None, landmark: None, frame_path: None, href: None }];
        assert_eq!(choose_hit(&hits, &generic, Some(RoleHint::Checkbox)).map(|c| c.hit.id.as_str()), Some("b"), "a generic clickable may be what the role names");
        assert_eq!(choose_hit(&hits[2..], &details, None), None, "too weak to act on");
        assert_eq!(choose_hit(&hits, &details[2..], None), None, "no selector for the good hits");
    }

    #[test]
    fn grounding_failures_say_what_to_do() {
        assert_eq!(GroundError::new("Sign in", false, None).to_string(), "Nothing on this page matches “Sign in”.");
        assert_eq!(
            GroundError::new("git hub", true, None).to_string(),
            "Nothing on this page is called “git hub”. To open a website, type its address, like “open github.com”."
        );
        let m = |role: &str, name: &str| ResolvedMatch { role: Some(role.into()), name: name.into(), tag: "a".into(), rect: Rect::default(), goes_to: None, text: None, near: None };
        let matches = [m("link", "Sign in"), m("link", "Sign  in")];
        assert_eq!(
            GroundError::new("sign in", false, Some((2, &matches))).to_string(),
            "2 elements match “sign in”: link “Sign in”; link “Sign in”. Say which, e.g. with its role (“the sign in button”) or in quotes with its full name."
        );
        // Unnamed candidates: by role, place, own text and the text beside them.
        let unnamed = |near: Option<&str>, text: Option<&str>| ResolvedMatch {
            role: Some("checkbox".into()), name: String::new(), tag: "input".into(), rect: Rect::default(), goes_to: None,
            text: text.map(str::to_owned), near: near.map(str::to_owned),
        };
        let boxes = [unnamed(Some("Red"), None), unnamed(Some("Blue"), None), unnamed(None, None)];
        assert_eq!(
            GroundError::new("the checkbox", false, Some((5, &boxes))).to_string(),
            "5 elements match the checkbox: checkbox 1 of 5, next to “Red”; checkbox 2 of 5, next to “Blue”; checkbox 3 of 5. Say which by its place (“the second one”) or by the text beside it."
        );
        let spans = [ResolvedMatch { role: None, tag: "span".into(), ..unnamed(None, Some("▸ Documents")) }];
        assert_eq!(
            GroundError::new("Documents", false, Some((2, &spans))).to_string(),
            "2 elements match “Documents”: span 1 of 2 “▸ Documents”. Say which, e.g. with its role (“the Documents button”) or in quotes with its full name."
        );
    }

    #[test]
    fn extracted_items_are_listed() {
        let (line, text) = extracted(&serde_json::json!({"items": [{"price": "$49.00"}, {"price": 29.99}, "Mouse"]}));
        assert_eq!(line, "Extracted 3 items");
        assert_eq!(text, "  • price: $49.00\n  • price: 29.99\n  • Mouse");
        let data = serde_json::json!({"collectionId": "c1", "fields": ["title", "price", "image"], "total": 60,
            "items": [{"image": true, "price": "$49.00", "title": "Aurora Desk Lamp"}, {"image": false, "price": null, "title": "Mouse"}]});
        let (line, text) = extracted(&data);
        assert_eq!(line, "Extracted 2 of 60 items");
        assert_eq!(text, "  • title: Aurora Desk Lamp; price: $49.00; image: yes\n  • title: Mouse; image: no");
        // Scrolled for more: (items, total, stoppedBy, line).
        let rows = [
            (3, 3, "exhausted", "Extracted 3 items, scrolled to the end of the list"),
            (50, 1000, "limit", "Extracted 50 of 1000 items, scrolled until the limit"),
            (60, 80, "budget", "Extracted 60 of 80 items, scrolled until the time ran out (the first 50 listed)"),
        ];
        for (n, total, why, want) in rows {
            let items: Vec<Value> = (0..n).map(|i| serde_json::json!({"title": format!("Post {i}")})).collect();
            let data = serde_json::json!({"collectionId": "c1", "fields": ["title"], "total": total, "items": items, "stoppedBy": why});
            assert_eq!(extracted(&data).0, want);
        }
        assert_eq!(screenshot_name("http://127.0.0.1:8123/x", 1_700_000_000_123.0), "screenshot-127-0-0-1-1700000000.png");
    }
}
