//! The HTTP transport to the user's OpenAI-compatible endpoint: browser
//! `fetch` with an `AbortController`, a timeout for the first byte and
//! between chunks, and user cancellation (the agent's streamed call is
//! `agent::llm`; "Test connection" is here). Everything about the bytes
//! (request JSON, SSE decoding, error classification) is in `bc_core::llm`.

use crate::js;
use bc_core::llm::{classify_http_failure, LlmError};
use bc_core::settings::Settings;
use futures::future::{select, Either};
use gloo_timers::future::TimeoutFuture;
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{AbortController, Headers, Request, RequestInit, Response};

/// Cancels one in-flight LLM call; tells a user's cancel from our timeout.
#[derive(Clone)]
pub struct Cancel {
    controller: AbortController,
    cancelled: Rc<Cell<bool>>,
}

impl Cancel {
    pub fn new() -> Cancel {
        Cancel { controller: AbortController::new().expect("AbortController exists in workers"), cancelled: Rc::default() }
    }

    /// Whether the user asked to stop.
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.get()
    }

    /// The user asked to stop.
    pub fn cancel(&self) {
        self.cancelled.set(true);
        self.controller.abort();
    }

    /// Our own timeout fired.
    pub fn timeout(&self) {
        self.controller.abort();
    }
}

pub fn build_request(method: &str, url: &str, settings: &Settings, body: Option<String>, cancel: &Cancel) -> Result<Request, LlmError> {
    let headers = Headers::new().map_err(internal)?;
    if !settings.api_key.is_empty() {
        headers.set("Authorization", &format!("Bearer {}", settings.api_key)).map_err(internal)?;
    }
    let init = RequestInit::new();
    init.set_method(method);
    init.set_signal(Some(&cancel.controller.signal()));
    if let Some(body) = body {
        headers.set("Content-Type", "application/json").map_err(internal)?;
        init.set_body(&JsValue::from_str(&body));
    }
    init.set_headers(&headers);
    Request::new_with_str_and_init(url, &init).map_err(|e| LlmError::Unreachable { endpoint: format!("{url} ({})", js::error_text(&e)) })
}

fn internal(e: JsValue) -> LlmError {
    LlmError::MalformedStream { detail: format!("browser refused to build the request: {}", js::error_text(&e)) }
}

/// `fetch` that fails with [`LlmError::Timeout`] when no response arrives in time.
pub async fn fetch(request: &Request, settings: &Settings, cancel: &Cancel) -> Result<Response, LlmError> {
    let global: web_sys::WorkerGlobalScope = js_sys::global().unchecked_into();
    let pending = JsFuture::from(global.fetch_with_request(request));
    let timer = TimeoutFuture::new(settings.timeout_secs * 1000);
    match select(pending, timer).await {
        Either::Left((Ok(resp), _)) => Ok(resp.unchecked_into()),
        Either::Left((Err(e), _)) => Err(fetch_failure(&e, &settings.endpoint, cancel)),
        Either::Right(((), _)) => {
            cancel.timeout();
            Err(LlmError::Timeout { secs: settings.timeout_secs })
        }
    }
}

fn fetch_failure(e: &JsValue, endpoint: &str, cancel: &Cancel) -> LlmError {
    if cancel.cancelled.get() {
        LlmError::Cancelled
    } else if js::error_name(e) == "AbortError" {
        // Only our own timeout aborts besides the user.
        LlmError::Timeout { secs: 0 }
    } else {
        // Browsers report refused connections, DNS failures and CORS
        // rejections alike as "TypeError: Failed to fetch".
        LlmError::Unreachable { endpoint: endpoint.to_owned() }
    }
}

pub async fn failure_from(resp: &Response, model: &str) -> LlmError {
    let retry_after = resp.headers().get("retry-after").ok().flatten();
    let body = match resp.text() {
        Ok(p) => JsFuture::from(p).await.ok().and_then(|v| v.as_string()).unwrap_or_default(),
        Err(_) => String::new(),
    };
    classify_http_failure(resp.status(), retry_after.as_deref(), &body, model)
}

/// Checks endpoint, key and model; `Ok` carries a message for the user.
pub async fn test_connection(settings: &Settings) -> Result<String, LlmError> {
    let cancel = Cancel::new();
    let url = settings.models_url().map_err(|e| LlmError::Unreachable { endpoint: e.to_string() })?;
    let request = build_request("GET", url.as_str(), settings, None, &cancel)?;
    let resp = fetch(&request, settings, &cancel).await?;
    match resp.status() {
        200..=299 => {
            let text = JsFuture::from(resp.text().map_err(internal)?).await.ok().and_then(|v| v.as_string()).unwrap_or_default();
            match model_ids(&text) {
                Some(ids) if ids.iter().any(|id| id == &settings.model) => {
                    Ok(format!("Connected to {}: model `{}` is available.", settings.endpoint, settings.model))
                }
                Some(ids) if !ids.is_empty() => Err(LlmError::ModelNotFound {
                    model: settings.model.clone(),
                    detail: format!("available models: {}", ids.iter().take(8).cloned().collect::<Vec<_>>().join(", ")),
                }),
                // Some servers list nothing useful: ask the model itself.
                _ => probe_chat(settings).await,
            }
        }
        404 | 405 => probe_chat(settings).await,
        _ => Err(failure_from(&resp, &settings.model).await),
    }
}

fn model_ids(body: &str) -> Option<Vec<String>> {
    let v: serde_json::Value = serde_json::from_str(body).ok()?;
    let ids = v.get("data")?.as_array()?.iter().filter_map(|m| m.get("id")?.as_str().map(str::to_owned)).collect();
    Some(ids)
}

/// A one-token, non-streamed completion, for servers without `/models`.
async fn probe_chat(settings: &Settings) -> Result<String, LlmError> {
    let cancel = Cancel::new();
    let url = settings.chat_url().map_err(|e| LlmError::Unreachable { endpoint: e.to_string() })?;
    let body = serde_json::json!({
        "model": settings.model, "max_tokens": 1, "stream": false,
        "messages": [{"role": "user", "content": "Reply with OK."}],
    });
    let request = build_request("POST", url.as_str(), settings, Some(body.to_string()), &cancel)?;
    let resp = fetch(&request, settings, &cancel).await?;
    if resp.ok() {
        Ok(format!("Connected to {}: model `{}` answered.", settings.endpoint, settings.model))
    } else {
        Err(failure_from(&resp, &settings.model).await)
    }
}
