//! Which tools a task offers the model: the ones its pages can use, a set
//! that grows as the task meets pages that need more and never shrinks.
//!
//! Why: the tool definitions travel with every model call. All 31 of them
//! are about 2,650 tokens, more than a typical page listing, and most are
//! of no use on a given page (no list to extract, no dropdown to choose
//! in, no sign-in form). Offering fewer also keeps a small model from
//! reaching for a tool the page cannot serve.
//!
//! Invariants:
//! - [`ALWAYS`] is offered from the first call: what any page needs
//!   (read, click, type, go to an address, explore, ask, done).
//! - Every other tool and skill has a reason ([`RULES`], skills' `fits`):
//!   a fact of a page the task has seen (more than the listing shows,
//!   something below the fold, a form, a list, a checkbox, a dropdown, a
//!   widget worked with keys, a menu, a pager…), of the task (a second
//!   tab, a page left behind, a failed step, a model that sees images)
//!   or of its goal (it speaks of tabs, keys, scrolling, going back,
//!   waiting). A small page that lists everything on one screen needs
//!   no search, scroll or keys; a page on the web at large is long and
//!   offers them from its first call.
//! - Grow-only: a tool, once offered, stays for the rest of the task. The
//!   model may have planned with it, and an unchanged tool list keeps the
//!   request's prefix the same from call to call (providers cache it).
//! - The offer narrows what the model is told, not what it may call: a
//!   call of any tool is still decoded and run through the same gates (a
//!   model that knows `dom_hover` from elsewhere is not refused), so the
//!   offer is about tokens and focus, never safety.
//! - A task with no offer recorded (stored before this existed) offers
//!   every tool.
//! - The shape follows the same rule: `tabId` appears in the schemas once
//!   the tab tools are offered (a second tab), and stays.

use super::skills::SKILLS;
use super::task::{StepStatus, Task, Turn};
use super::tools::TOOLS;
use crate::kind::text::words;
use crate::types::{ActionRole, MiniPcd};
use serde_json::Value;

/// Offered to every task from its first call: what any page needs.
pub const ALWAYS: &[&str] = &["read_page", "dom_click", "dom_type", "nav_go", "explore", "ask_user", "done"];

/// Why a tool beyond [`ALWAYS`] is offered.
pub enum Reason {
    /// A page of the task shows this.
    Page(fn(&MiniPcd) -> bool),
    /// The task is in this state.
    Task(fn(&Task) -> bool),
}

/// The tools offered on a reason (skills have their own, `SkillDef::fits`).
pub static RULES: &[(&str, Reason)] = &[
    ("pcd_query", Reason::Page(has_more)),
    ("pcd_query", Reason::Task(in_trouble)),
    ("dom_scroll", Reason::Page(|p| has_more(p) || below_the_fold(p))),
    ("dom_scroll", Reason::Task(|t| in_trouble(t) || says(&t.goal, &["scroll", "bottom", "below", "further", "more"]))),
    ("dom_pressKey", Reason::Page(takes_keys)),
    ("dom_pressKey", Reason::Task(|t| in_trouble(t) || says(&t.goal, &["press", "key", "keys", "enter", "escape", "esc", "keyboard", "shortcut"]))),
    ("tabs_open", Reason::Task(several_tabs)),
    ("nav_back", Reason::Task(|t| moved(t) || says(&t.goal, &["back", "previous"]))),
    ("dom_select", Reason::Page(has_choice)),
    ("dom_check", Reason::Page(has_checkable)),
    ("dom_submit", Reason::Page(|p| !p.forms.is_empty())),
    ("dom_extract", Reason::Page(|p| !p.collections.is_empty())),
    ("dom_hover", Reason::Page(super::skills::fits::menu)),
    ("dom_hover", Reason::Task(in_trouble)),
    ("tabs_switch", Reason::Task(several_tabs)),
    ("tabs_close", Reason::Task(several_tabs)),
    ("tabs_list", Reason::Task(several_tabs)),
    ("getMiniPCD", Reason::Task(in_trouble)),
    ("getDetails", Reason::Task(in_trouble)),
    ("dom_waitFor", Reason::Task(|t| in_trouble(t) || says(&t.goal, &["wait", "until", "loaded", "loading"]))),
    ("capture_candidates", Reason::Task(|t| t.vision || in_trouble(t))),
];

/// The page has more than its listing shows: actions past the budget
/// (`pcd_query` finds them, and the listing says how many).
fn has_more(page: &MiniPcd) -> bool {
    page.unlisted > 0 || page.actions.len() >= MiniPcd::MAX_ACTIONS
}

/// Something listed lies below the first screen, so the page scrolls.
fn below_the_fold(page: &MiniPcd) -> bool {
    page.actions.iter().any(|a| a.above_fold == Some(false))
}

/// A control that is worked with keys: a widget no form holds (slider,
/// combobox…: role `other`), menu items and tabs (arrows, Escape), or a
/// form field that suggests or steps (Arrow keys, Enter to pick).
fn takes_keys(page: &MiniPcd) -> bool {
    page.actions.iter().any(|a| matches!(a.role, ActionRole::Other | ActionRole::Menuitem | ActionRole::Tab))
        || page.forms.iter().flat_map(|f| &f.field_summaries).any(|x| {
            matches!(x.field_type.to_ascii_lowercase().as_str(), "combobox" | "listbox" | "date" | "time" | "datetime-local" | "month" | "week" | "range")
        })
}

/// A field to choose an option in: a form's dropdown, or a control no
/// form holds (a "Sort by" dropdown beside a list is listed as an action
/// of role `other`, like a loose text field or slider: the listing cannot
/// tell them apart, so any of them counts).
fn has_choice(page: &MiniPcd) -> bool {
    let in_form = page.forms.iter().flat_map(|f| &f.field_summaries).any(|x| {
        matches!(x.field_type.to_ascii_lowercase().as_str(), "select" | "select-one" | "select-multiple" | "combobox" | "listbox")
    });
    in_form || page.actions.iter().any(|a| a.role == ActionRole::Other)
}

/// A checkbox, radio button or switch, in a form or on its own.
fn has_checkable(page: &MiniPcd) -> bool {
    page.forms.iter().flat_map(|f| &f.field_summaries).any(|x| matches!(x.field_type.to_ascii_lowercase().as_str(), "checkbox" | "radio" | "switch"))
        || page.actions.iter().any(|a| matches!(a.role, ActionRole::Checkbox | ActionRole::Radio))
}

/// The task has more than one tab, or the user speaks of tabs.
fn several_tabs(task: &Task) -> bool {
    task.tabs.len() > 1 || says(&task.goal, &["tab", "tabs"])
}

/// Something failed: a step, a skill (its plan or its effect, which the
/// steps' records do not show), or a call that could not be read. The
/// model may need to re-list (the failure messages name `getMiniPCD`),
/// inspect, wait, look, or hover what a click could not reach.
fn in_trouble(task: &Task) -> bool {
    task.steps.iter().any(|s| s.status == StepStatus::Failed)
        || task.turns.iter().any(|t| match t {
            Turn::Results { results } => results.iter().any(|r| r.brief.starts_with("Failed") || r.brief.starts_with("Error:")),
            _ => false,
        })
}

/// The task has left the page it started on (a result carries a full
/// page state): there is somewhere to go back to.
fn moved(task: &Task) -> bool {
    task.turns.iter().any(|t| match t {
        Turn::Results { results } => results.iter().any(|r| r.page.as_deref().is_some_and(|p| !super::page::is_change_report(p))),
        _ => false,
    })
}

fn says(text: &str, any: &[&str]) -> bool {
    words(text).iter().any(|w| any.contains(&w.as_str()))
}

/// Whether `name` has a reason to be offered now.
fn called_for(task: &Task, name: &str) -> bool {
    if ALWAYS.contains(&name) {
        return true;
    }
    if let Some(skill) = SKILLS.iter().find(|s| s.name == name) {
        return task.page.as_ref().is_some_and(skill.fits);
    }
    RULES.iter().filter(|(n, _)| *n == name).any(|(_, reason)| match reason {
        Reason::Page(fits) => task.page.as_ref().is_some_and(fits),
        Reason::Task(holds) => holds(task),
    })
}

/// Adds to `task.offered` what the task's current page and state call
/// for (before each model call). The list keeps the table's order.
pub fn grow(task: &mut Task) {
    let offered: Vec<String> = super::tools::tool_names().into_iter().filter(|n| task.offered.iter().any(|o| o == n) || called_for(task, n)).map(str::to_owned).collect();
    task.offered = offered;
}

/// Whether the task offers `name` (every tool when no offer is recorded).
pub fn offers(task: &Task, name: &str) -> bool {
    task.offered.is_empty() || task.offered.iter().any(|o| o == name)
}

/// The arguments the schemas leave out while the task has no use for
/// them, each tied to a tool whose offer says the use appeared (so they
/// too only grow):
/// - `tabId` until the tab tools (a second tab): it could only name the
///   one tab, and ten tools carry it;
/// - `item` until `dom_extract` (a list): only a list's per-item actions
///   take it;
/// - `field` until `dom_submit` or `dom_select` (a form, or a loose
///   field): elsewhere there is no field to name;
/// - `selector` until `pcd_query` (a page with more than its listing
///   shows, or a failure): while every control is listed, ids name them
///   all, and a selector is only a way to name one wrongly.
///
/// Left-out arguments are still decoded, like tools not offered.
pub fn hidden(task: &Task) -> Vec<&'static str> {
    let mut out = Vec::new();
    if !offers(task, "tabs_list") {
        out.push("tabId");
    }
    if !offers(task, "dom_extract") {
        out.push("item");
    }
    if !offers(task, "dom_submit") && !offers(task, "dom_select") {
        out.push("field");
    }
    if !offers(task, "pcd_query") {
        out.push("selector");
    }
    out
}

/// The offered tools as (name, description, parameters), in table order,
/// without the [`hidden`] arguments.
pub fn offered(task: &Task) -> Vec<(&'static str, &'static str, Value)> {
    let hidden = hidden(task);
    let shaped = |params: Value| super::tools::without(params, &hidden);
    let tools = TOOLS.iter().filter(|t| offers(task, t.name)).map(|t| (t.name, t.description, shaped(t.parameters())));
    let skills = SKILLS.iter().filter(|s| offers(task, s.name)).map(|s| (s.name, s.description, shaped(s.parameters())));
    tools.chain(skills).collect()
}

#[cfg(test)]
#[path = "offer_tests.rs"]
mod tests;
