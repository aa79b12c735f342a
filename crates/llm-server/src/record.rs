//! Recording every request to `/v1/*` (method, path, lowercased headers,
//! body) so tests can assert on exactly what left the browser.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};

use axum::body::{to_bytes, Body};
use axum::extract::{Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Largest request body the server reads.
pub const MAX_BODY_BYTES: usize = 32 * 1024 * 1024;

/// One recorded request, as `GET /__control/requests` returns it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RecordedRequest {
    pub method: String,
    /// Path without the query string, e.g. `/v1/chat/completions`.
    pub path: String,
    /// Header names lowercased; repeated headers joined with `", "`.
    pub headers: BTreeMap<String, String>,
    /// The body parsed as JSON if it is JSON, else the text; `null` if empty.
    pub body: Value,
}

impl RecordedRequest {
    pub fn new(method: &str, path: &str, headers: &HeaderMap, body: &[u8]) -> Self {
        let mut map: BTreeMap<String, String> = BTreeMap::new();
        for (name, value) in headers {
            let value = String::from_utf8_lossy(value.as_bytes()).into_owned();
            map.entry(name.as_str().to_ascii_lowercase())
                .and_modify(|v| {
                    v.push_str(", ");
                    v.push_str(&value);
                })
                .or_insert(value);
        }
        let body = if body.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(body).unwrap_or_else(|_| Value::String(String::from_utf8_lossy(body).into_owned()))
        };
        RecordedRequest { method: method.to_owned(), path: path.to_owned(), headers: map, body }
    }
}

/// The shared, ordered record.
#[derive(Debug, Clone, Default)]
pub struct Recorder(Arc<Mutex<Vec<RecordedRequest>>>);

impl Recorder {
    pub fn push(&self, r: RecordedRequest) {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).push(r);
    }

    pub fn snapshot(&self) -> Vec<RecordedRequest> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    pub fn clear(&self) {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).clear();
    }
}

/// Is this a path the recorder keeps?
pub fn is_recorded_path(path: &str) -> bool {
    path == "/v1" || path.starts_with("/v1/")
}

/// Middleware: buffers and records `/v1/*` requests, then passes them on.
pub async fn middleware(State(recorder): State<Recorder>, req: Request, next: Next) -> Response {
    if !is_recorded_path(req.uri().path()) {
        return next.run(req).await;
    }
    let (parts, body) = req.into_parts();
    let bytes = match to_bytes(body, MAX_BODY_BYTES).await {
        Ok(b) => b,
        Err(_) => return (StatusCode::PAYLOAD_TOO_LARGE, "request body too large or unreadable").into_response(),
    };
    recorder.push(RecordedRequest::new(parts.method.as_str(), parts.uri.path(), &parts.headers, &bytes));
    next.run(Request::from_parts(parts, Body::from(bytes))).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn headers_lowercased_and_joined_body_parsed() {
        let mut h = HeaderMap::new();
        h.insert("Authorization", HeaderValue::from_static("Bearer k"));
        h.append("x-a", HeaderValue::from_static("1"));
        h.append("x-a", HeaderValue::from_static("2"));
        let r = RecordedRequest::new("POST", "/v1/x", &h, br#"{"a":1}"#);
        assert_eq!(r.headers["authorization"], "Bearer k");
        assert_eq!(r.headers["x-a"], "1, 2");
        assert_eq!(r.body, serde_json::json!({"a": 1}));
        assert_eq!(RecordedRequest::new("POST", "/v1/x", &h, b"not json").body, "not json");
        assert_eq!(RecordedRequest::new("GET", "/v1/x", &h, b"").body, Value::Null);
        assert!(is_recorded_path("/v1/models") && is_recorded_path("/v1") && !is_recorded_path("/v10") && !is_recorded_path("/__control/requests"));
    }
}
