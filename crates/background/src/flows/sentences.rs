//! More sentences for a flow just saved, written by the model when one is
//! configured (issue 43 point 2): one call (`bc_core::flows::sentences`
//! builds it and checks every line the model sends back), the flow stored
//! again with the sentences kept. Without a model, or when the call fails,
//! the flow keeps the rules' sentences: saving never waits on it to work.

use super::store;
use crate::llm_http::Cancel;
use bc_core::flows::sentences::{accept, request};
use bc_core::flows::WebFlow;
use bc_core::agent::StreamPiece;

/// `flow` with the model's sentences added (and stored), or as it was.
pub async fn add(flow: WebFlow, cancel: &Cancel) -> WebFlow {
    let Some(settings) = crate::store::load_settings().await.ok().flatten() else { return flow };
    let nonce = crate::agent::random_word();
    let req = request(&settings.model, &flow, &nonce);
    let mut text = String::new();
    let mut on_piece = |piece: StreamPiece| {
        if let StreamPiece::Text(t) = piece {
            text.push_str(&t);
        }
    };
    if let Err(e) = crate::agent::llm::complete(&settings, &req, cancel, &mut on_piece).await {
        web_sys::console::warn_1(&format!("Browser Copilot: flow sentences: the model call failed: {e}").into());
        return flow;
    }
    let others: Vec<WebFlow> = store::all().await.into_iter().filter(|f| f.name != flow.name).collect();
    let (kept, dropped) = accept(&flow, &text, &others);
    if !dropped.is_empty() {
        web_sys::console::warn_1(&format!("Browser Copilot: flow sentences: {} of the model's lines dropped", dropped.len()).into());
    }
    if kept.is_empty() {
        return flow;
    }
    let mut flow = flow;
    flow.grammar_patterns.extend(kept);
    store::put(flow.clone()).await;
    flow
}
