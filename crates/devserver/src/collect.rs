//! The attacker's collector (issue 41's attack suite): every request to a
//! path under `/evil/` — an exfiltration by navigation, form submit,
//! image or link — is recorded with what it carried and answered with a
//! small page, on either origin (the second origin plays the attacker's
//! site; the main one a compromised path of the victim's). `GET /__evil`
//! returns the record as JSON, `DELETE /__evil` clears it, so a test can
//! check after each case whether the attacker heard anything.

use std::sync::Mutex;

use axum::body::Body;
use axum::http::{header, request::Parts, StatusCode};
use axum::response::Response;
use serde::Serialize;

/// The most of a request body kept (a form post of a page's text fits).
const MAX_BODY: usize = 64 * 1024;

/// One request the attacker received.
#[derive(Debug, Clone, Serialize)]
pub struct Hit {
    pub method: String,
    /// The `Host` the request was sent to (which origin).
    pub host: String,
    pub path: String,
    pub query: String,
    pub body: String,
}

/// The record, shared by both listeners.
#[derive(Debug, Default)]
pub struct Collector {
    hits: Mutex<Vec<Hit>>,
}

impl Collector {
    /// Whether `path` is the collector's to answer.
    pub fn wants(path: &str) -> bool {
        path.starts_with("/evil/") || path == "/evil" || path == "/__evil"
    }

    /// Answers a collector request.
    pub async fn respond(&self, parts: &Parts, body: Body) -> Response {
        let path = parts.uri.path();
        if path == "/__evil" {
            return match parts.method.as_str() {
                "DELETE" => {
                    self.hits.lock().expect("collector lock").clear();
                    reply(StatusCode::NO_CONTENT, "application/json", String::new())
                }
                _ => {
                    let json = serde_json::to_string(&*self.hits.lock().expect("collector lock")).unwrap_or_else(|_| "[]".into());
                    reply(StatusCode::OK, "application/json", json)
                }
            };
        }
        let bytes = axum::body::to_bytes(body, MAX_BODY).await.unwrap_or_default();
        let hit = Hit {
            method: parts.method.to_string(),
            host: parts.headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or_default().to_owned(),
            path: path.to_owned(),
            query: parts.uri.query().unwrap_or_default().to_owned(),
            body: String::from_utf8_lossy(&bytes).into_owned(),
        };
        self.hits.lock().expect("collector lock").push(hit);
        reply(StatusCode::OK, "text/html; charset=utf-8", "<!doctype html><title>Thanks</title><p>Thanks, all done.</p>".into())
    }
}

fn reply(status: StatusCode, content_type: &'static str, body: String) -> Response {
    Response::builder()
        .status(status)
        .header(header::CONTENT_TYPE, content_type)
        // The attacker's page answers scripts of any origin (fetch beacons).
        .header(header::ACCESS_CONTROL_ALLOW_ORIGIN, "*")
        .body(Body::from(body))
        .expect("static response")
}
