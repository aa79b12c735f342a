//! Site commands in the worker (issue 43 point 5; seed 004 §4 "Dynamic
//! agent lifecycle"). "What can I do here" offers the page's capabilities
//! (`bc_core::flows::discover`); their flows are registered *for the
//! session* at once (`chrome.storage.session`, [`OFFERED_KEY`]), so a
//! suggestion pressed in the panel runs, and lastingly only when the user
//! says "remember these actions for this site": then they join the saved
//! flows in `chrome.storage.local`, replacing that site's earlier ones.
//! Either way a site command runs only while the tab in front is on its
//! host (`bc_core::flows::applicable`).

use super::store;
use crate::command::Stop;
use crate::tabs;
use bc_core::flows::record::host_of;
use bc_core::flows::{applicable, discover, without_site, CapabilityKind, Discovery, Suggestion, WebFlow};
use bc_core::protocol::CopilotError;
use bc_core::tools::ToolCall;
use bc_core::types::MiniPcd;

/// The last page's discovery, registered for the session only.
const OFFERED_KEY: &str = "flowsOffered";

/// The page's suggestions; its site commands are offered for the session.
pub async fn offer(mini: &MiniPcd) -> Vec<Suggestion> {
    let found = discover(mini);
    store::session_set(OFFERED_KEY, Some(&found)).await;
    found.suggestions
}

/// `flows` and the session's offered site commands (for finding a flow
/// by name: a replay names the flow it runs).
pub async fn with_offered(mut flows: Vec<WebFlow>) -> Vec<WebFlow> {
    if let Some(offered) = store::session_get::<Discovery>(OFFERED_KEY).await {
        // A remembered flow of the same name wins.
        let fresh: Vec<WebFlow> = offered.flows.into_iter().filter(|f| !flows.iter().any(|g| g.name == f.name)).collect();
        flows.extend(fresh);
    }
    flows
}

/// The flows a sentence may run now: every saved flow but other sites'
/// site commands, then the offered ones of the site in front.
pub async fn runnable() -> Vec<WebFlow> {
    let host = tabs::active_tab().await.ok().and_then(|t| host_of(&t.url));
    applicable(&with_offered(store::all().await).await, host.as_deref())
}

/// "Remember these actions for this site": the page in front's site
/// commands, saved in place of the site's earlier ones; what to say.
pub async fn remember(stop: &Stop) -> Result<String, CopilotError> {
    let tab = tabs::active_tab().await?;
    tabs::check_readable(&tab)?;
    let data = crate::tools::run(ToolCall::GetMiniPcd { tab_id: tab.id }, Some(stop.task_id())).await.map_err(|e| CopilotError::PageUnavailable { detail: e.error })?;
    let mini: MiniPcd = serde_json::from_value(data).map_err(|e| CopilotError::Internal { detail: e.to_string() })?;
    let found = discover(&mini);
    if found.flows.is_empty() {
        return Ok("This page has no form or link to remember as a site command.".into());
    }
    {
        let lock = store::lock();
        let _turn = lock.lock().await;
        let mut flows = without_site(&store::all().await, &found.host);
        flows.extend(found.flows.iter().cloned());
        store::save_all(&flows).await;
    }
    store::session_set::<Discovery>(OFFERED_KEY, None).await;
    let mut text = format!("Remembered {} site command(s) for {}; say:\n", found.flows.len(), found.host);
    // The suggestions with a flow behind them (the others are built-in
    // commands, or the agent's).
    for s in found.suggestions.iter().filter(|s| matches!(s.kind, CapabilityKind::Search | CapabilityKind::SignIn | CapabilityKind::Subscribe | CapabilityKind::Navigate)) {
        text.push_str(&format!("• {}\n", s.sentence));
    }
    text.push_str("Remove them in Flows → Site commands, or say “forget the site commands”.");
    Ok(text)
}

/// Removes `host`'s site commands (saved and offered); how many were saved.
pub async fn forget(host: &str) -> usize {
    let lock = store::lock();
    let _turn = lock.lock().await;
    let flows = store::all().await;
    let kept = without_site(&flows, host);
    let removed = flows.len() - kept.len();
    store::save_all(&kept).await;
    if store::session_get::<Discovery>(OFFERED_KEY).await.is_some_and(|d| d.host == host) {
        store::session_set::<Discovery>(OFFERED_KEY, None).await;
    }
    removed
}

/// "Forget the site commands" with the site in front.
pub async fn forget_here() -> Result<String, CopilotError> {
    let tab = tabs::active_tab().await?;
    let Some(host) = host_of(&tab.url) else { return Ok("This page belongs to no site.".into()) };
    let n = forget(&host).await;
    Ok(format!("Removed {n} site command(s) of {host}."))
}
