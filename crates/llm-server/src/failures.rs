//! Scripted failures (`"fail"` in a rule), each as a real endpoint behaves:
//! HTTP errors (rate limit, context length, …), a garbage stream, a stall
//! before or after the headers, and a connection dropped mid-stream.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::json;
use tokio::sync::watch;

use crate::api_error::{ApiError, RETRY_AFTER_SECS};
use crate::openai::{self, ResponseMeta};
use crate::scenario::{Failure, Reply};
use crate::stream::{self, Step, STALL_LIMIT};

/// Sent as the one chunk before a mid-stream failure when the rule has no reply content.
pub const DEFAULT_PARTIAL: &str = "Partial answer";

/// The non-JSON event a `malformed_stream` sends (what a proxy error page looks like).
pub const GARBAGE: &str = "data: <html>Bad Gateway</html>\n\n";

/// Builds the response for `failure`. `stall` waits here, before any header.
/// `retry_after` is the rule's `retryAfter` (only used by `rate_limited`).
pub async fn respond(
    failure: Failure,
    reply: Option<&Reply>,
    retry_after: Option<u64>,
    meta: &ResponseMeta,
    streaming: bool,
    mut shutdown: watch::Receiver<bool>,
) -> Response {
    match failure {
        Failure::Unauthorized => ApiError::WrongApiKey.into_response(),
        Failure::UnknownModel => ApiError::UnknownModel(meta.model.clone()).into_response(),
        Failure::RateLimited => {
            ApiError::RateLimited { retry_after: retry_after.unwrap_or(RETRY_AFTER_SECS) }.into_response()
        }
        Failure::ContextLength => ApiError::ContextLength.into_response(),
        Failure::ServerError => ApiError::ServerError.into_response(),
        Failure::Stall => {
            tokio::select! {
                _ = tokio::time::sleep(STALL_LIMIT) => {}
                _ = shutdown.wait_for(|stop| *stop) => {}
            }
            ApiError::StallEnded.into_response()
        }
        Failure::MalformedStream | Failure::StallMidStream | Failure::DisconnectMidStream => {
            let steps = partial_plan(failure, reply, meta, streaming);
            let content_type = if streaming { "text/event-stream" } else { "application/json" };
            Response::builder()
                .status(StatusCode::OK)
                .header(header::CONTENT_TYPE, content_type)
                .header(header::CACHE_CONTROL, "no-cache")
                .body(stream::body(steps, shutdown))
                .expect("static response parts are valid")
        }
    }
}

/// Steps of a mid-stream failure: one valid piece, then garbage, a hold or a drop.
///
/// Streaming: one chunk carrying the role and the first content piece.
/// Non-streaming: the first bytes of a `chat.completion` object.
pub fn partial_plan(failure: Failure, reply: Option<&Reply>, meta: &ResponseMeta, streaming: bool) -> Vec<Step> {
    let first = reply
        .and_then(|r| r.content.as_deref().map(|c| (c, r.chunk_chars())))
        .and_then(|(c, n)| stream::pieces(c, n).into_iter().next())
        .unwrap_or_else(|| DEFAULT_PARTIAL.to_owned());
    let valid = if streaming {
        openai::sse(&openai::chunk(meta, json!({"role": "assistant", "content": first}), None))
    } else {
        format!(r#"{{"id":"{}","object":"chat.completion","#, meta.id())
    };
    let end = match failure {
        Failure::MalformedStream if streaming => Step::Send(GARBAGE.to_owned()),
        Failure::MalformedStream => Step::Send("<html>Bad Gateway</html>".to_owned()),
        Failure::StallMidStream => Step::Hold,
        _ => Step::Drop,
    };
    vec![Step::Send(valid), end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partial_plans() {
        let meta = ResponseMeta { seq: 1, created: 0, model: "m".into() };
        let reply = Reply { content: Some("Hello there".into()), chunk_chars: Some(5), ..Default::default() };
        let plan = partial_plan(Failure::MalformedStream, Some(&reply), &meta, true);
        let Step::Send(first) = &plan[0] else { panic!() };
        assert!(first.contains(r#""content":"Hello""#), "{first}");
        assert_eq!(plan[1], Step::Send(GARBAGE.into()));
        assert_eq!(partial_plan(Failure::StallMidStream, None, &meta, true)[1], Step::Hold);
        let plan = partial_plan(Failure::DisconnectMidStream, None, &meta, true);
        assert!(matches!(&plan[0], Step::Send(s) if s.contains(DEFAULT_PARTIAL)));
        assert_eq!(plan[1], Step::Drop);
    }
}
