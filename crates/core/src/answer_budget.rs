//! How long the worker waits for a content request's answer before it
//! answers `timeout` itself (issue 44 point 4: one `getDetails` once held
//! its tab's lane for 233 s, and every later call on the tab, `getMiniPCD`
//! included, waited behind it). The page bounds its own work (the text
//! search's budget, `getDetails`' deadline, sliced MiniPCD builds); this
//! is the backstop for whatever it does not: past it, the call ends with
//! an error naming the stage and the tab's lane is free again.
//!
//! Only reads have a budget. Actions (`Act`, `Scroll`, scrolling
//! `Extract`) and `WaitFor` wait for the page on purpose, with their own
//! bounds, and an action already sent must hold the lane until it is done
//! (`background/queue.rs`).

use crate::protocol::ContentRequest;
use crate::tools::{ErrorCode, ToolError};

/// A read's budget: far above any healthy answer (a first MiniPCD of a
/// 50k-element page in the wasm2js build takes about a second), far below
/// a frozen tab.
pub const READ_BUDGET_MS: u32 = 15_000;

impl ContentRequest {
    /// How long the worker waits for the answer; `None`: as long as it takes.
    pub fn answer_budget_ms(&self) -> Option<u32> {
        match self {
            ContentRequest::Act { .. } | ContentRequest::Scroll { .. } | ContentRequest::WaitFor { .. } => None,
            ContentRequest::Extract { load, .. } if load.scroll_to_load => None,
            _ => Some(READ_BUDGET_MS),
        }
    }

    /// The request as the tool surface names it, for errors.
    pub fn stage(&self) -> &'static str {
        match self {
            ContentRequest::Ping => "ping",
            ContentRequest::Digest => "main text",
            ContentRequest::Summary { .. } => "pcd.summary",
            ContentRequest::MiniPcd => "getMiniPCD",
            ContentRequest::Query { .. } => "pcd.query",
            ContentRequest::Resolve { .. } => "dom.resolve",
            ContentRequest::Details { .. } => "getDetails",
            ContentRequest::Act { .. } => "action",
            ContentRequest::Scroll { .. } => "dom.scroll",
            ContentRequest::Extract { .. } => "dom.extract",
            ContentRequest::WaitFor { .. } => "dom.waitFor",
            ContentRequest::CandidateBoxes { .. } => "capture.candidates",
            ContentRequest::EnterFrame { .. } => "entering a frame",
            ContentRequest::Prefetch => "prefetch",
            ContentRequest::TabOpened => "tab opened",
            ContentRequest::Record { .. } => "recording",
            ContentRequest::Vocabulary => "page vocabulary",
        }
    }

    /// The worker's answer when the page did not answer within the budget.
    pub fn timed_out(&self, frame_id: i32, budget_ms: u32) -> ToolError {
        let frame = if frame_id == 0 { "the page".to_owned() } else { format!("frame {frame_id}") };
        ToolError::new(
            ErrorCode::Timeout,
            format!("timeout in stage `{}`: {frame} did not answer within {budget_ms} ms (it may be busy); the tab is free for other calls", self.stage()),
            true,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_have_a_budget_and_actions_wait_as_long_as_they_must() {
        // (request as the worker sends it, budget, stage named)
        let cases = [
            (json!({"type": "details", "ids": ["a1"]}), Some(READ_BUDGET_MS), "getDetails"),
            (json!({"type": "miniPcd"}), Some(READ_BUDGET_MS), "getMiniPCD"),
            (json!({"type": "summary", "mode": "compact"}), Some(READ_BUDGET_MS), "pcd.summary"),
            (json!({"type": "resolve", "selector": {"kind": "text", "text": "Go"}}), Some(READ_BUDGET_MS), "dom.resolve"),
            (json!({"type": "extract", "collectionId": "c1", "fields": []}), Some(READ_BUDGET_MS), "dom.extract"),
            (json!({"type": "extract", "collectionId": "c1", "fields": [], "load": {"scrollToLoad": true}}), None, "dom.extract"),
            (json!({"type": "act", "selector": {"kind": "text", "text": "Go"}, "id": null, "action": {"type": "click"}}), None, "action"),
            (json!({"type": "waitFor", "event": "networkIdle", "value": null, "timeoutMs": 100}), None, "dom.waitFor"),
        ];
        for (wire, budget, stage) in cases {
            let req: ContentRequest = serde_json::from_value(wire.clone()).unwrap_or_else(|e| panic!("{wire}: {e}"));
            assert_eq!((req.answer_budget_ms(), req.stage()), (budget, stage), "{wire}");
        }
        let e = ContentRequest::Details { ids: vec![] }.timed_out(0, 15_000);
        assert_eq!(e.code, ErrorCode::Timeout);
        assert!(e.error.contains("stage `getDetails`") && e.error.contains("15000 ms"), "{}", e.error);
    }
}
