//! "Open folders until you reach Reports, then click it" and "look through
//! the tabs for Pricing and open it" (issue 45): open what hides more (a
//! collapsed folder, the next tab) one at a time, in page order, until the
//! target shows; then click it. Each opener is opened once (known by its
//! words, so "▸ Work" and "▾ Work" are one folder), and the search gives up
//! after [`MAX_OPENS`], saying what it opened.
//!
//! Which elements count as openers and as the target is the core's
//! (`bc_core::command::{reveal_openers, reveal_target}`).

use super::{call, loaded_tab, tool_call, Done, Stop, StepError};
use bc_core::act::ActOutcome;
use bc_core::command::report;
use bc_core::command::{opener_key, reveal_openers, reveal_target, RevealVia};
use bc_core::selector::with_nth;
use bc_core::tools::{ErrorCode, ToolName};
use bc_core::types::{Resolution, RoleSelector};
use gloo_timers::future::TimeoutFuture;
use serde_json::json;

/// Most openers one search clicks.
const MAX_OPENS: usize = 12;
/// A pause after each opening, for what it shows to render.
const SETTLE_MS: u32 = 150;

pub(super) async fn reveal(label: &str, via: RevealVia, click: bool, stop: &Stop) -> Result<Done, StepError> {
    let tab = loaded_tab().await?;
    let targets = reveal_target(label);
    let openers = reveal_openers(via);
    let mut opened: Vec<String> = Vec::new();
    loop {
        if let Some(target) = first_match(tab.id, &targets, stop).await? {
            if !click {
                return Ok(Done::line(report::revealed(label, &opened, None)));
            }
            let outcome: ActOutcome = call(tool_call(ToolName::DomClick, json!({ "tabId": tab.id, "selector": target })), stop).await?;
            return Ok(Done::line(report::revealed(label, &opened, Some(&outcome))));
        }
        if opened.len() >= MAX_OPENS {
            break;
        }
        let Some((opener, key)) = next_opener(tab.id, &openers, &opened, stop).await? else { break };
        let _: ActOutcome = call(tool_call(ToolName::DomClick, json!({ "tabId": tab.id, "selector": opener })), stop).await?;
        opened.push(key);
        TimeoutFuture::new(SETTLE_MS).await;
    }
    Err(StepError::Said(report::not_revealed(label, &opened)))
}

async fn resolve(tab_id: i32, selector: &RoleSelector, stop: &Stop) -> Result<Option<Resolution>, StepError> {
    match call(tool_call(ToolName::DomResolve, json!({ "tabId": tab_id, "selector": selector })), stop).await {
        Ok(r) => Ok(Some(r)),
        Err(StepError::Tool(e)) if e.code == ErrorCode::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// The first of `selectors` that matches something, narrowed to its first
/// match (a shown target is clicked where it first appears).
async fn first_match(tab_id: i32, selectors: &[RoleSelector], stop: &Stop) -> Result<Option<RoleSelector>, StepError> {
    for sel in selectors {
        if resolve(tab_id, sel, stop).await?.is_some_and(|r| r.count > 0) {
            return Ok(Some(with_nth(sel, 0)));
        }
    }
    Ok(None)
}

/// The first opener not opened yet, as a selector of that one element, and
/// its key.
async fn next_opener(tab_id: i32, openers: &[RoleSelector], opened: &[String], stop: &Stop) -> Result<Option<(RoleSelector, String)>, StepError> {
    for sel in openers {
        let Some(found) = resolve(tab_id, sel, stop).await? else { continue };
        for (i, m) in found.matches.iter().enumerate() {
            let shown = if m.name.trim().is_empty() { m.text.clone().unwrap_or_default() } else { m.name.clone() };
            let key = opener_key(&shown);
            if key.is_empty() || opened.contains(&key) {
                continue;
            }
            let one = match sel {
                // A CSS selector cannot be narrowed: the opener by its whole text.
                RoleSelector::Css { .. } => RoleSelector::Text { text: format!("\"{}\"", shown.trim()), within_landmark: None, nth: None, frame_path: None },
                _ => with_nth(sel, i as u32),
            };
            return Ok(Some((one, key)));
        }
    }
    Ok(None)
}
