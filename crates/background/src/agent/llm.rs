//! The agent's model call over `fetch`: a tool-calling chat completion,
//! streamed (SSE), or read whole when a server ignores `stream: true` and
//! answers `application/json`. The bytes are decoded by
//! `bc_core::llm::completion_stream`; the transport (timeouts, abort,
//! error classification) is `llm_http`'s.

use crate::js;
use crate::llm_http::{self, Cancel};
use bc_core::agent::StreamPiece;
use bc_core::llm::{completion_stream, parse_completion_body, Completion, CompletionEvent, LlmError, ToolChatRequest};
use bc_core::settings::Settings;
use futures::future::{select, Either};
use futures::StreamExt;
use gloo_timers::future::TimeoutFuture;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// One completion; `on_piece` sees the text as it streams and each call
/// as it starts.
pub async fn complete(settings: &Settings, request: &ToolChatRequest, cancel: &Cancel, on_piece: &mut dyn FnMut(StreamPiece)) -> Result<Completion, LlmError> {
    let url = settings.chat_url().map_err(|e| LlmError::Unreachable { endpoint: e.to_string() })?;
    let json = serde_json::to_string(request).expect("ToolChatRequest serialises");
    let req = llm_http::build_request("POST", url.as_str(), settings, Some(json), cancel)?;
    let resp = llm_http::fetch(&req, settings, cancel).await?;
    if !resp.ok() {
        return Err(llm_http::failure_from(&resp, &settings.model).await);
    }
    let content_type = resp.headers().get("content-type").ok().flatten().unwrap_or_default();
    if content_type.contains("application/json") {
        let text = JsFuture::from(resp.text().map_err(|e| LlmError::MalformedStream { detail: js::error_text(&e) })?)
            .await
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_default();
        let completion = parse_completion_body(&text)?;
        if !completion.content.is_empty() {
            on_piece(StreamPiece::Text(completion.content.clone()));
        }
        return Ok(completion);
    }
    let Some(raw_body) = resp.body() else {
        return Err(LlmError::MalformedStream { detail: "the response has no body".into() });
    };
    let bytes = wasm_streams::ReadableStream::from_raw(raw_body.unchecked_into())
        .into_stream()
        .map(|chunk| chunk.map(|v| js_sys::Uint8Array::new(&v).to_vec()).map_err(|e| js::error_text(&e)));
    let mut events = Box::pin(completion_stream(Box::pin(bytes)));
    loop {
        let timer = TimeoutFuture::new(settings.timeout_secs * 1000);
        match select(events.next(), timer).await {
            Either::Left((Some(Ok(event)), _)) => match event {
                CompletionEvent::ContentDelta(text) => on_piece(StreamPiece::Text(text)),
                CompletionEvent::ToolCallStarted { index, name } => on_piece(StreamPiece::CallStarted { index, name }),
                CompletionEvent::ArgumentsDelta { index, text } => on_piece(StreamPiece::Arguments { index, text }),
                CompletionEvent::Finished(completion) => return Ok(completion),
            },
            Either::Left((Some(Err(e)), _)) => return Err(if cancel.is_cancelled() { LlmError::Cancelled } else { e }),
            Either::Left((None, _)) => return Err(LlmError::MalformedStream { detail: "the stream ended without a completion".into() }),
            Either::Right(((), _)) => {
                cancel.timeout();
                return Err(LlmError::Timeout { secs: settings.timeout_secs });
            }
        }
    }
}
