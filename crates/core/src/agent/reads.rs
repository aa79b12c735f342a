//! The read tools as the model calls them (issue 40 point 3): the page
//! listing again, `pcd_query`, `getDetails`, `read_page`, `dom_extract`
//! and `capture_candidates`. Each answers from the page in the task's tab
//! (or the tab named) without changing it; page-derived text in the
//! answer is wrapped as untrusted here. The PCD Scout (`scout`) runs the
//! same functions for its read calls.

use super::bind::read;
use super::host::Host;
use super::page::{self, clip};
use super::prompt::untrusted;
use super::step::{tab_of, Outcome, Step};
use super::task::Task;
use crate::capture::CandidateCapture;
use crate::pcd::extract::{Extraction, LoadOptions};
use crate::tools::ToolCall;
use crate::types::{MiniPcd, PcdActionDetail, QueryHit};
use std::fmt::Write;

/// The page listing again (in full).
pub(super) async fn look<H: Host>(host: &H, task: &mut Task, tab: Option<i32>, mut out: Outcome) -> Step {
    let tab = tab_of(task, tab).map_err(|e| out.clone().failed(e))?;
    let mini: MiniPcd = read(host, ToolCall::GetMiniPcd { tab_id: tab }).await.map_err(|e| out.clone().failed(e))?;
    out.brief = format!("The page listing of tab {tab}:");
    out.page = Some(page::listing(&mini));
    if tab == task.tab_id {
        task.page = Some(mini);
    }
    Ok(out)
}

pub(super) async fn query<H: Host>(host: &H, task: &mut Task, a: &super::tools::QueryArgs, mut out: Outcome) -> Step {
    let tab = tab_of(task, a.tab_id).map_err(|e| out.clone().failed(e))?;
    let call = ToolCall::PcdQuery { tab_id: tab, kind: a.kind, text: Some(a.text.clone()), top_k: Some(a.top_k.unwrap_or(8).min(30)) };
    let hits: Vec<QueryHit> = read(host, call).await.map_err(|e| out.clone().failed(e))?;
    if hits.is_empty() {
        out.brief = format!("Nothing on the page matches “{}”. If it is on another page of this site, explore finds it.", a.text);
        return Ok(out);
    }
    let mut lines = String::new();
    for h in &hits {
        let _ = writeln!(lines, "{} {}{} {:.2}", h.id, page::clip(&h.label, 80), h.kind.as_ref().map(|k| format!(" [{k}]")).unwrap_or_default(), h.score);
    }
    out.brief = format!("{} matches, best first (id label [kind] score):\n{}", hits.len(), untrusted(&task.nonce, &lines));
    Ok(out)
}

pub(super) async fn get_details<H: Host>(host: &H, task: &mut Task, tab: Option<i32>, ids: &[String], mut out: Outcome) -> Step {
    let tab = tab_of(task, tab).map_err(|e| out.clone().failed(e))?;
    let details: Vec<PcdActionDetail> = read(host, ToolCall::GetDetails { tab_id: tab, ids: ids.to_vec() }).await.map_err(|e| out.clone().failed(e))?;
    let text = serde_json::to_string(&details).unwrap_or_default();
    out.brief = format!("Selectors:\n{}", untrusted(&task.nonce, &text));
    Ok(out)
}

pub(super) async fn read_page<H: Host>(host: &H, task: &mut Task, tab: Option<i32>, mut out: Outcome) -> Step {
    let tab = tab_of(task, tab).map_err(|e| out.clone().failed(e))?;
    let digest = host.read_page(tab).await.map_err(|e| out.clone().failed(e.error))?;
    out.brief = "The page's text:".into();
    out.page = Some(crate::summary::redact::redact(&digest.render_for_prompt()));
    Ok(out)
}
/// At most this many items are shown to the model from one extraction.
const MAX_ITEMS_SHOWN: usize = 50;

pub(super) async fn extract<H: Host>(host: &H, task: &mut Task, a: &super::tools::ExtractArgs, mut out: Outcome) -> Step {
    let tab = tab_of(task, a.tab_id).map_err(|e| out.clone().failed(e))?;
    let fields = if a.fields.is_empty() {
        task.page.as_ref().and_then(|p| p.collections.iter().find(|c| c.id == a.collection_id)).map(|c| c.item_fields.clone()).unwrap_or_default()
    } else {
        a.fields.clone()
    };
    let call = ToolCall::DomExtract {
        tab_id: tab,
        collection_id: a.collection_id.clone(),
        fields,
        scroll_to_load: a.scroll_to_load,
        limit: a.limit.or(LoadOptions::default().limit),
    };
    let ex: Extraction = read(host, call).await.map_err(|e| out.clone().failed(e))?;
    let mut lines = String::new();
    for (i, item) in ex.items.iter().take(MAX_ITEMS_SHOWN).enumerate() {
        let cells: Vec<String> = item
            .iter()
            .filter(|(_, v)| !v.is_null())
            .map(|(k, v)| format!("{k}: {}", clip(&v.as_str().map(str::to_owned).unwrap_or_else(|| v.to_string()), 80)))
            .collect();
        let _ = writeln!(lines, "{}. {}", i + 1, cells.join(" | "));
    }
    out.brief = format!(
        "{} of {} items{}:\n{}",
        ex.items.len().min(MAX_ITEMS_SHOWN),
        ex.total,
        if ex.has_unrendered() { " (more load with scrollToLoad)" } else { "" },
        untrusted(&task.nonce, &lines)
    );
    Ok(out)
}

/// `capture_candidates`: where the ids are on screen; with `vision`
/// (the caller's model takes images) the tab and the crops as images.
pub(super) async fn capture<H: Host>(host: &H, task: &mut Task, tab: Option<i32>, ids: &[String], vision: bool, mut out: Outcome) -> Step {
    let tab = tab_of(task, tab).map_err(|e| out.clone().failed(e))?;
    let shot: CandidateCapture = read(host, ToolCall::CaptureCandidates { tab_id: tab, ids: ids.to_vec() }).await.map_err(|e| out.clone().failed(e))?;
    let mut lines = String::new();
    for b in &shot.boxes {
        let _ = writeln!(lines, "{} at x={:.0} y={:.0} {:.0}×{:.0}{}", b.id, b.rect.x, b.rect.y, b.rect.width, b.rect.height, if b.visible { "" } else { " (not visible)" });
    }
    out.brief = format!("On screen:\n{lines}");
    if vision && !shot.image.is_empty() {
        out.images = images_of(shot);
        let _ = write!(out.brief, "Images follow: the tab, then {}.", if out.images.len() > 1 { "each visible candidate up close" } else { "no close-up (no candidate is visible)" });
    }
    Ok(out)
}

/// A capture as captioned images (seed 000 §14: the whole tab for the
/// layout, then ≤ 3 crops, each named by its id).
pub(super) fn images_of(shot: CandidateCapture) -> Vec<(String, String)> {
    let mut images = vec![("The tab as shown:".to_owned(), shot.image)];
    for c in shot.crops {
        images.push((format!("{} up close:", c.id), c.image));
    }
    images
}
