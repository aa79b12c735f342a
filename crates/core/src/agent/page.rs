//! The page as the model reads it: the MiniPCD rendered as short lines
//! (the "page listing"), the page summary's gist after a navigation, and
//! after an action only what changed (new and gone entries, lists that
//! grew) rather than the whole listing again (issue 40 point 4).
//!
//! Text, not JSON: a listing line such as `a1b2 button "Add to cart"
//! [add_to_cart]` costs a third of the tokens of the same entry as JSON,
//! and small models read it as well. Ids are the MiniPCD's stable ids
//! (`pcd::ids`), so the model can keep referring to what it saw while a
//! control's role, name and landmark do not change.
//!
//! Every string here comes from the page, so it is untrusted: the caller
//! wraps the rendering ([`super::prompt::untrusted`]); [`clip`] bounds
//! each string so a page cannot flood the context through one label.

use crate::summary::CompactPageSummary;
use crate::types::{ActionRole, Landmark, LoginState, MiniAction, MiniCollection, MiniForm, MiniPcd};
use std::collections::HashSet;
use std::fmt::Write;

/// Longest label, field or heading shown (characters).
const MAX_LABEL: usize = 80;
/// Longest text preview shown after a navigation (characters).
const MAX_PREVIEW: usize = 300;
/// At most this many new or gone entries are listed in a change report;
/// beyond that the whole listing is cheaper to read.
const MAX_DELTA_LINES: usize = 24;

/// Cuts `text` to `max` characters (whole words where possible) and
/// folds whitespace, so one page string never dominates the prompt.
pub fn clip(text: &str, max: usize) -> String {
    let clean = super::prompt::strip_controls(text);
    let folded: String = clean.split_whitespace().collect::<Vec<_>>().join(" ");
    if folded.chars().count() <= max {
        return folded;
    }
    let cut: String = folded.chars().take(max).collect();
    let cut = match cut.rfind(' ') {
        Some(i) if i > max / 2 => cut[..i].to_owned(),
        _ => cut,
    };
    format!("{cut}…")
}

fn quoted(label: &str) -> String {
    format!("\"{}\"", clip(label, MAX_LABEL).replace('"', "'"))
}

fn role_word(role: ActionRole) -> &'static str {
    match role {
        ActionRole::Other => "control",
        known => crate::pcd::roles::role_name(known),
    }
}

/// Where an entry is, when that helps tell it apart (main content is the
/// default and not said).
fn place(landmark: Option<Landmark>) -> &'static str {
    match landmark {
        Some(Landmark::Nav) => " @nav",
        Some(Landmark::Header) => " @header",
        Some(Landmark::Footer) => " @footer",
        Some(Landmark::Aside) => " @aside",
        Some(Landmark::Main) | None => "",
    }
}

/// `a1b2 button "Add to cart" [add_to_cart] per item of c9x1`.
pub fn action_line(a: &MiniAction) -> String {
    let mut line = format!("{} {} {}", a.id, role_word(a.role), quoted(&a.label));
    // `navigation` says of a link that it goes somewhere, which is what a
    // link is; nearly every header, nav and footer link has it, and every
    // page state repeats them.
    if let Some(kind) = a.kind.as_deref().filter(|k| *k != "navigation") {
        let _ = write!(line, " [{kind}]");
    }
    line.push_str(place(a.landmark));
    if let Some(c) = &a.applies_to_collection_id {
        let _ = write!(line, " per item of {c} (give \"item\": N)");
    }
    if a.frame_path.is_some() {
        line.push_str(" (in a frame)");
    }
    if let Some(origin) = &a.goes_to {
        // The page's text cannot fake this: it is the link's href.
        let _ = write!(line, " → {}", clip(origin, 60));
    }
    line
}

/// `f3k9 [login] Email (email, required); Password (password, required) → "Sign in"`
/// (and `sent to ORIGIN` when its action is another site's).
pub fn form_line(f: &MiniForm) -> String {
    let mut line = f.id.clone();
    if let Some(p) = &f.purpose {
        let _ = write!(line, " [{p}]");
    }
    let fields: Vec<String> = f
        .field_summaries
        .iter()
        .map(|field| {
            let mut s = format!("{} ({}", clip(&field.label, MAX_LABEL), field.field_type);
            if field.required == Some(true) {
                s.push_str(", required");
            }
            s.push(')');
            s
        })
        .collect();
    let _ = write!(line, " {}", if fields.is_empty() { "no fields".to_owned() } else { fields.join("; ") });
    if let Some(submit) = &f.submit_label {
        let _ = write!(line, " → {}", quoted(submit));
    }
    line.push_str(place(f.landmark));
    if f.frame_path.is_some() {
        line.push_str(" (in a frame)");
    }
    if let Some(origin) = &f.goes_to {
        let _ = write!(line, " sent to {}", clip(origin, 60));
    }
    line
}

/// `c9x1 invoices, ~12 items: date, number, amount`.
pub fn collection_line(c: &MiniCollection) -> String {
    let mut line = format!("{} {}", c.id, clip(&c.name, MAX_LABEL));
    if let Some(n) = c.approx_count {
        let _ = write!(line, ", ~{n} items");
    }
    if !c.item_fields.is_empty() {
        let _ = write!(line, ": {}", c.item_fields.join(", "));
    }
    line.push_str(place(c.landmark));
    line
}

fn login_word(state: LoginState) -> &'static str {
    match state {
        LoginState::In => " · signed in",
        LoginState::Out => " · signed out",
        LoginState::Unknown => "",
    }
}

/// The listing of a MiniPCD: a header line, then actions, forms and lists.
pub fn listing(mini: &MiniPcd) -> String {
    let mut out = format!("Page {} {}{}\n", quoted(&mini.title), mini.url, login_word(mini.login_state));
    section(&mut out, "Actions", mini.actions.iter().map(action_line));
    if mini.unlisted > 0 {
        let _ = writeln!(out, "- (and {} more not listed: pcd_query finds them)", mini.unlisted);
    }
    section(&mut out, "Forms", mini.forms.iter().map(form_line));
    section(&mut out, "Lists", mini.collections.iter().map(collection_line));
    if mini.actions.is_empty() && mini.forms.is_empty() && mini.collections.is_empty() {
        out.push_str("(nothing to act on was found)\n");
    }
    out
}

fn section(out: &mut String, title: &str, lines: impl Iterator<Item = String>) {
    let mut first = true;
    for line in lines {
        if first {
            let _ = writeln!(out, "{title}:");
            first = false;
        }
        let _ = writeln!(out, "- {line}");
    }
}

/// The gist of seed 001's compact summary that the listing does not
/// already say: the page type, its H1s and the start of its text.
pub fn summary_gist(summary: &CompactPageSummary) -> String {
    let mut out = format!("Type: {}\n", serde_json::to_value(summary.page_type).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default());
    let headings: Vec<String> = summary.headings.iter().map(|h| clip(h.trim_start_matches("h1: "), MAX_LABEL)).collect();
    if !headings.is_empty() {
        let _ = writeln!(out, "Headings: {}", headings.join(" | "));
    }
    let preview = clip(&summary.content_preview, MAX_PREVIEW);
    if !preview.is_empty() {
        let _ = writeln!(out, "Text: {preview}");
    }
    out
}

/// The page in full: the summary's gist (when there is one) and the listing.
pub fn full_page(mini: &MiniPcd, summary: Option<&CompactPageSummary>) -> String {
    let mut out = String::new();
    if let Some(s) = summary {
        out.push_str(&summary_gist(s));
    }
    out.push_str(&listing(mini));
    out
}

/// How a change report starts ([`change_report`]).
const CHANGES: &str = "Changes in the listing:";
/// How a change report too big to be one starts: the whole listing follows.
const MUCH: &str = "Much of the page changed; the listing now:";

/// The page state after a step on the same page: what changed, said as such.
pub fn change_report(delta: &str) -> String {
    format!("{CHANGES}\n{delta}")
}

/// Whether a page state given to the model is a change report, which
/// only makes sense with the page state it changes (a full page, or a
/// report of a change so big that it lists the whole page, is not).
pub fn is_change_report(state: &str) -> bool {
    state.strip_prefix(CHANGES).is_some_and(|rest| !rest.trim_start().starts_with(MUCH))
}

/// What changed between two listings of the same page, as lines for the
/// model; `None` when nothing it can see changed. Entries are compared by
/// id (a control whose label changed is a gone one and a new one, which is
/// what the model must know: the old id is no longer valid).
pub fn delta(before: &MiniPcd, after: &MiniPcd) -> Option<String> {
    let old_ids: HashSet<&str> = ids(before).collect();
    let new_ids: HashSet<&str> = ids(after).collect();
    let mut added: Vec<String> = Vec::new();
    added.extend(after.actions.iter().filter(|a| !old_ids.contains(a.id.as_str())).map(action_line));
    added.extend(after.forms.iter().filter(|f| !old_ids.contains(f.id.as_str())).map(form_line));
    added.extend(after.collections.iter().filter(|c| !old_ids.contains(c.id.as_str())).map(collection_line));
    let mut gone: Vec<String> = Vec::new();
    gone.extend(before.actions.iter().filter(|a| !new_ids.contains(a.id.as_str())).map(|a| format!("{} {}", a.id, quoted(&a.label))));
    gone.extend(before.forms.iter().filter(|f| !new_ids.contains(f.id.as_str())).map(|f| format!("{} form", f.id)));
    gone.extend(before.collections.iter().filter(|c| !new_ids.contains(c.id.as_str())).map(|c| format!("{} {}", c.id, clip(&c.name, MAX_LABEL))));
    let mut resized: Vec<String> = Vec::new();
    for c in &after.collections {
        if let Some(old) = before.collections.iter().find(|o| o.id == c.id) {
            if old.approx_count != c.approx_count {
                resized.push(format!("{} {}: {} → {} items", c.id, clip(&c.name, MAX_LABEL), count(old.approx_count), count(c.approx_count)));
            }
        }
    }
    let title_changed = before.title != after.title;
    if added.is_empty() && gone.is_empty() && resized.is_empty() && !title_changed {
        return None;
    }
    if added.len() + gone.len() > MAX_DELTA_LINES {
        return Some(format!("{MUCH}\n{}", listing(after)));
    }
    let mut out = String::new();
    if title_changed {
        let _ = writeln!(out, "Title now {}", quoted(&after.title));
    }
    section(&mut out, "New", added.into_iter());
    section(&mut out, "Gone", gone.into_iter());
    section(&mut out, "Lists", resized.into_iter());
    Some(out)
}

fn count(n: Option<u32>) -> String {
    n.map(|n| n.to_string()).unwrap_or_else(|| "?".into())
}

fn ids(mini: &MiniPcd) -> impl Iterator<Item = &str> {
    mini.actions
        .iter()
        .map(|a| a.id.as_str())
        .chain(mini.forms.iter().map(|f| f.id.as_str()))
        .chain(mini.collections.iter().map(|c| c.id.as_str()))
}

/// What the listing says about an id: the facts risk rules and step
/// descriptions need.
#[derive(Debug, Clone, PartialEq)]
pub enum Entry<'a> {
    Action(&'a MiniAction),
    Form(&'a MiniForm),
    Collection(&'a MiniCollection),
}

pub fn entry<'a>(mini: &'a MiniPcd, id: &str) -> Option<Entry<'a>> {
    mini.actions
        .iter()
        .find(|a| a.id == id)
        .map(Entry::Action)
        .or_else(|| mini.forms.iter().find(|f| f.id == id).map(Entry::Form))
        .or_else(|| mini.collections.iter().find(|c| c.id == id).map(Entry::Collection))
}

#[cfg(test)]
#[path = "page_tests.rs"]
mod tests;
