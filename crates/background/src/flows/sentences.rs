//! More sentences for a flow just saved, written by the model when one is
//! configured (issue 43 point 2): one call (`bc_core::flows::sentences`
//! builds it and checks every line the model sends back), the flow stored
//! again with the sentences kept. Without a model, or when the call fails
//! or takes longer than [`WAIT_MS`] (the review waits on it), the flow
//! keeps the rules' sentences.

use super::store;
use crate::llm_http::Cancel;
use bc_core::flows::sentences::{accept, request};
use bc_core::flows::WebFlow;
use bc_core::agent::StreamPiece;
use futures::future::{select, Either};
use gloo_timers::future::TimeoutFuture;

/// How long the saved flow's review waits for the model's sentences.
pub const WAIT_MS: u32 = 10_000;

/// `flow` with the model's sentences added (and stored), or as it was.
/// `stop`: the panel request's own cancel (the user pressed Stop).
pub async fn add(flow: WebFlow, stop: &Cancel) -> WebFlow {
    if stop.is_cancelled() {
        return flow;
    }
    let Some(settings) = crate::store::load_settings().await.ok().flatten() else { return flow };
    let nonce = crate::agent::random_word();
    let req = request(&settings.model, &flow, &nonce);
    let mut text = String::new();
    let outcome = {
        let mut on_piece = |piece: StreamPiece| {
            if let StreamPiece::Text(t) = piece {
                text.push_str(&t);
            }
        };
        let cancel = Cancel::new();
        let call = std::pin::pin!(crate::agent::llm::complete(&settings, &req, &cancel, &mut on_piece));
        match select(call, TimeoutFuture::new(WAIT_MS)).await {
            Either::Left((outcome, _)) => outcome.map(|_| ()).map_err(|e| e.to_string()),
            Either::Right(_) => {
                cancel.timeout();
                Err(format!("no answer within {} s", WAIT_MS / 1000))
            }
        }
    };
    if let Err(e) = outcome {
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
