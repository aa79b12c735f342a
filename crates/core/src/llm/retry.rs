//! Which failed calls to the model are worth another attempt, and when.
//!
//! An agent's task is many model calls; one dropped connection or 429 in
//! the middle should not end it, and a failure that will fail again the
//! same way (a wrong key, an unknown model, a request the server refuses)
//! should end it at once, with its own message. Two failures are not
//! retried here because the caller answers them with a *different*
//! request: [`LlmError::ToolsUnsupported`] (ask again in text mode) and
//! [`LlmError::ContextTooLong`] (compact the history first).

use super::LlmError;

/// Attempts in all, the first included.
pub const MAX_ATTEMPTS: u32 = 4;

/// Longest wait a server's `Retry-After` is honoured for: a user watching
/// the side panel will not wait longer, and cancelling is always possible.
const MAX_RETRY_AFTER_SECS: u64 = 30;

/// How long to wait before the next attempt after `error`, when
/// `attempt` attempts have failed (1 after the first); `None` when the
/// call should not be tried again.
pub fn retry_delay_ms(error: &LlmError, attempt: u32) -> Option<u32> {
    if attempt >= MAX_ATTEMPTS {
        return None;
    }
    // 1 s, 2 s, 4 s: local servers loading a model and hosted ones shedding
    // load both recover within seconds.
    let backoff = 1000u32 << attempt.saturating_sub(1).min(10);
    match error {
        LlmError::RateLimited { retry_after_secs: Some(secs) } => Some((*secs).clamp(1, MAX_RETRY_AFTER_SECS) as u32 * 1000),
        LlmError::RateLimited { retry_after_secs: None }
        | LlmError::ServerError { .. }
        | LlmError::Unreachable { .. }
        | LlmError::Timeout { .. }
        // A stream cut off in the middle: the connection dropped.
        | LlmError::MalformedStream { .. } => Some(backoff),
        LlmError::Unauthorized { .. }
        | LlmError::ModelNotFound { .. }
        | LlmError::BadRequest { .. }
        | LlmError::ToolsUnsupported { .. }
        | LlmError::ContextTooLong { .. }
        | LlmError::Cancelled => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_table() {
        let rate = |s| LlmError::RateLimited { retry_after_secs: s };
        let server = LlmError::ServerError { status: 503, detail: String::new() };
        let unreachable = LlmError::Unreachable { endpoint: "http://localhost:11434/v1".into() };
        let timeout = LlmError::Timeout { secs: 60 };
        let dropped = LlmError::MalformedStream { detail: "the stream ended in the middle of the answer".into() };
        let cases: Vec<(LlmError, u32, Option<u32>)> = vec![
            (rate(Some(2)), 1, Some(2000)),
            (rate(Some(2)), 3, Some(2000)),
            (rate(Some(120)), 1, Some(30_000)),
            (rate(Some(0)), 1, Some(1000)),
            (rate(None), 1, Some(1000)),
            (rate(None), 2, Some(2000)),
            (rate(None), 3, Some(4000)),
            (rate(None), 4, None),
            (rate(Some(2)), 4, None),
            (server.clone(), 1, Some(1000)),
            (server.clone(), 2, Some(2000)),
            (server.clone(), 3, Some(4000)),
            (server, 4, None),
            (unreachable.clone(), 1, Some(1000)),
            (unreachable, 9, None),
            (timeout.clone(), 2, Some(2000)),
            (timeout, 4, None),
            (dropped.clone(), 1, Some(1000)),
            (dropped, 3, Some(4000)),
            (LlmError::Unauthorized { status: 401, detail: String::new() }, 1, None),
            (LlmError::ModelNotFound { model: "m".into(), detail: String::new() }, 1, None),
            (LlmError::BadRequest { status: 400, detail: String::new() }, 1, None),
            (LlmError::ToolsUnsupported { detail: String::new() }, 1, None),
            (LlmError::ContextTooLong { detail: String::new() }, 1, None),
            (LlmError::Cancelled, 1, None),
        ];
        for (error, attempt, want) in cases {
            assert_eq!(retry_delay_ms(&error, attempt), want, "{error:?} after {attempt}");
        }
    }

    #[test]
    fn a_call_is_tried_at_most_max_attempts_times() {
        let error = LlmError::ServerError { status: 502, detail: String::new() };
        let attempts = 1 + (1..).take_while(|&failed| retry_delay_ms(&error, failed).is_some()).count() as u32;
        assert_eq!(attempts, MAX_ATTEMPTS);
    }
}
