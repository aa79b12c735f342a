//! The `explore` tool (issue 42 point 3, seed 000 §9 step 5): one model
//! call searches the site in background tabs (`crate::explore`), then the
//! task's tab goes to the page found (or, with the setting, the found
//! page's tab becomes the task's). The model reads a short report — the
//! way found, the goal page's listing — instead of paying a call per click.

use super::host::{Host, TaskEvent};
use super::prompt::untrusted;
use super::step::{navigate, switch, Nav, Outcome, Step};
use super::task::{Task, TaskStatus};
use crate::explore::{ExploreReport, ExploreRequest};
use std::fmt::Write;

pub(super) async fn explore<H: Host>(host: &H, task: &mut Task, goal: &str, out: Outcome) -> Step {
    if goal.trim().is_empty() {
        return Err(out.failed("`explore` needs a goal: the page you need, in words a link to it may carry.".into()));
    }
    let request = ExploreRequest { goal: goal.to_owned(), ..task.explore.request(goal) };
    host.event(TaskEvent::Status { status: TaskStatus::Exploring, progress: task.progress, note: Some(format!("Exploring the site for “{goal}”")) });
    let report = host.explore(task.tab_id, &request).await;
    host.event(TaskEvent::Status { status: TaskStatus::Executing, progress: task.progress, note: None });
    let report = report.map_err(|e| out.clone().failed(format!("Exploring failed: {}", e.error)))?;
    let brief = brief(&task.nonce, goal, &report);
    let Some(url) = report.goal_url.clone().filter(|_| report.found) else {
        return Err(out.failed(brief));
    };
    let mut moved = match report.kept_tab {
        Some(tab) => switch(host, task, tab, out).await?,
        None if report.path.is_empty() => {
            let mut here = out;
            here.brief = String::new();
            here
        }
        None => navigate(host, task, Nav::Go(url, None), out).await?,
    };
    task.progress = task.progress.max(super::goals::GOAL_PAGE_PROGRESS);
    moved.brief = if moved.brief.is_empty() { brief } else { format!("{brief}\n{}", moved.brief) };
    Ok(moved)
}

/// What the model wanted to act on is not on the page and the PCD Scout
/// named the page that has it: the step explores the site for it instead
/// (seed 000 §9 step 5, "on failure … otherwise explore"), once per task
/// and goal. The model reads why, then the report and the page found.
pub(super) async fn after_missing<H: Host>(host: &H, task: &mut Task, goal: &str, failure: &str, mut out: Outcome) -> Step {
    task.auto_explored.push(goal.to_owned());
    out.description = format!("Explore the site for “{}”", super::page::clip(goal, 60));
    let why = format!("{failure} The scout says it is on another page (“{goal}”), so the site was explored.");
    match explore(host, task, goal, out).await {
        Ok(mut done) => {
            done.brief = format!("{why}\n{}", done.brief);
            Ok(done)
        }
        Err(mut failed) => {
            failed.brief = format!("{why}\n{}", failed.brief);
            Err(failed)
        }
    }
}

/// The report for the model: first line what happened (kept when the
/// history is compacted), then the way and what else was seen. Titles
/// and labels are page text: wrapped as untrusted.
fn brief(nonce: &str, goal: &str, r: &ExploreReport) -> String {
    let cost = format!("{} pages, {} background tabs, {:.1} s", r.pages, r.tabs_opened, r.ms / 1000.0);
    let mut way = String::new();
    for s in &r.path {
        let _ = writeln!(way, "→ {} ({})", s.label, s.url);
    }
    let mut also = String::new();
    for a in &r.also {
        let _ = writeln!(also, "{} — {} (via {})", a.url, a.title, a.path.join(" › "));
    }
    let cut = match r.cutoff {
        Some(c) => format!(" The search stopped early ({c:?})."),
        None => String::new(),
    };
    if r.found && r.path.is_empty() {
        return format!("Explored for “{goal}”: this page is already the one ({cost}).");
    }
    if r.found {
        let shows = if r.goals.is_empty() { String::new() } else { format!(" It shows: {:?}.", r.goals).to_lowercase() };
        return format!("Explored for “{goal}” ({cost}); found the page by:\n{}{shows}", untrusted(nonce, &way));
    }
    let mut text = format!("Explored for “{goal}” ({cost}) without finding a page that matches.{cut}");
    if !also.is_empty() {
        let _ = write!(text, " Closest pages (open one with nav_go, or explore with other words):\n{}", untrusted(nonce, &also));
    }
    text
}
