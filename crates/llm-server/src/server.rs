//! The HTTP routes: `/v1/chat/completions`, `/v1/models`, the `/__control`
//! endpoints, and the shared state behind them.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{SystemTime, UNIX_EPOCH};

use axum::body::Bytes;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use tokio::sync::watch;

use crate::api_error::ApiError;
use crate::failures;
use crate::matching::{Outcome, RuleBook};
use crate::openai::{self, ResponseMeta};
use crate::record::Recorder;
use crate::request::ChatRequest;
use crate::scenario::Scenario;
use crate::{cors, record, stream};

/// State shared by all handlers.
#[derive(Debug)]
pub struct AppState {
    book: Mutex<RuleBook>,
    pub recorder: Recorder,
    shutdown: watch::Receiver<bool>,
    seq: AtomicU64,
}

pub type Shared = Arc<AppState>;

impl AppState {
    pub fn new(scenario: Scenario, shutdown: watch::Receiver<bool>) -> Self {
        AppState { book: Mutex::new(RuleBook::new(scenario)), recorder: Recorder::default(), shutdown, seq: AtomicU64::new(0) }
    }

    fn book(&self) -> MutexGuard<'_, RuleBook> {
        self.book.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Replaces the scenario (and its `times` counters); keeps the record.
    pub fn set_scenario(&self, scenario: Scenario) {
        *self.book() = RuleBook::new(scenario);
    }

    pub fn scenario(&self) -> Scenario {
        self.book().scenario().clone()
    }

    /// How many requests each rule has answered, in rule order.
    pub fn hits(&self) -> Vec<u32> {
        self.book().hits().to_vec()
    }

    fn next_meta(&self, model: &str) -> ResponseMeta {
        let created = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
        ResponseMeta { seq: self.seq.fetch_add(1, Ordering::Relaxed) + 1, created, model: model.to_owned() }
    }
}

pub fn router(state: Shared) -> Router {
    Router::new()
        .route("/v1/chat/completions", post(chat))
        .route("/v1/models", get(models))
        .route("/__control/scenario", put(put_scenario).get(get_scenario))
        .route("/__control/requests", get(list_requests).delete(clear_requests))
        .route("/__control/hits", get(hits))
        .route("/__control/attacks", get(attacks))
        .fallback(not_found)
        .layer(middleware::from_fn_with_state(state.recorder.clone(), record::middleware))
        .layer(middleware::from_fn(cors::middleware))
        .with_state(state)
}

/// Checks `Authorization: Bearer <apiKey>` when the scenario sets a key.
fn check_auth(scenario_key: Option<&str>, headers: &HeaderMap) -> Result<(), ApiError> {
    let Some(key) = scenario_key else { return Ok(()) };
    let given = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).map(str::trim);
    let token = given.and_then(|v| v.split_once(' ')).filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"));
    match (given, token) {
        (None, _) | (Some(""), _) => Err(ApiError::MissingApiKey),
        (_, Some((_, t))) if t.trim() == key => Ok(()),
        _ => Err(ApiError::WrongApiKey),
    }
}

async fn chat(State(state): State<Shared>, headers: HeaderMap, body: Bytes) -> Response {
    let decided = (|| {
        let mut book = state.book();
        check_auth(book.scenario().api_key.as_deref(), &headers)?;
        let req = ChatRequest::parse(&body)?;
        if let Some(models) = &book.scenario().models {
            if !models.contains(&req.model) {
                return Err(ApiError::UnknownModel(req.model));
            }
        }
        if req.has_tools && !book.scenario().supports_tools() {
            return Err(ApiError::ToolsUnsupported(req.model));
        }
        if req.has_images && !book.scenario().sees_images() {
            return Err(ApiError::ImagesUnsupported);
        }
        let outcome = book.select(&req);
        Ok((req, outcome))
    })();
    let (req, outcome) = match decided {
        Ok(d) => d,
        Err(e) => return e.into_response(),
    };
    let meta = state.next_meta(&req.model);
    match outcome {
        Outcome::NoMatch => ApiError::NoRuleMatched {
            model: req.model.clone(),
            last_user: req.last_with_role("user").unwrap_or("").to_owned(),
        }
        .into_response(),
        Outcome::Template(e) => ApiError::Template(e).into_response(),
        Outcome::Fail { failure, reply, retry_after } => {
            failures::respond(failure, reply.as_ref(), retry_after, &meta, req.stream, state.shutdown.clone()).await
        }
        Outcome::Reply(reply) if req.stream => {
            let usage = req.include_usage.then(|| req.prompt_tokens());
            let steps = stream::reply_plan(&meta, &reply, usage);
            (
                [(header::CONTENT_TYPE, "text/event-stream"), (header::CACHE_CONTROL, "no-cache")],
                stream::body(steps, state.shutdown.clone()),
            )
                .into_response()
        }
        Outcome::Reply(reply) => Json(openai::completion(&meta, &reply, req.prompt_tokens())).into_response(),
    }
}

async fn models(State(state): State<Shared>, headers: HeaderMap) -> Response {
    let scenario = state.scenario();
    if let Err(e) = check_auth(scenario.api_key.as_deref(), &headers) {
        return e.into_response();
    }
    Json(openai::models_list(scenario.models.as_deref().unwrap_or(&[]))).into_response()
}

async fn put_scenario(State(state): State<Shared>, body: Bytes) -> Response {
    let text = String::from_utf8_lossy(&body);
    match Scenario::from_json(&text) {
        Ok(s) => {
            state.set_scenario(s);
            StatusCode::NO_CONTENT.into_response()
        }
        Err(e) => ApiError::BadScenario(e).into_response(),
    }
}

async fn get_scenario(State(state): State<Shared>) -> Response {
    Json(state.scenario()).into_response()
}

async fn list_requests(State(state): State<Shared>) -> Response {
    Json(state.recorder.snapshot()).into_response()
}

async fn hits(State(state): State<Shared>) -> Response {
    Json(state.hits()).into_response()
}

/// The adversary's calls so far (`crate::adversary`).
async fn attacks(State(state): State<Shared>) -> Response {
    Json(state.book().attacks().to_vec()).into_response()
}

async fn clear_requests(State(state): State<Shared>) -> Response {
    state.recorder.clear();
    StatusCode::NO_CONTENT.into_response()
}

async fn not_found(req: Request) -> Response {
    ApiError::NotFound { method: req.method().to_string(), path: req.uri().path().to_owned() }.into_response()
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn auth_table() {
        let cases: &[(Option<&str>, Option<&str>, Option<&str>)] = &[
            (None, None, None),
            (Some("k"), Some("Bearer k"), None),
            (Some("k"), Some("bearer k"), None),
            (Some("k"), None, Some("missing")),
            (Some("k"), Some("Bearer x"), Some("wrong")),
            (Some("k"), Some("k"), Some("wrong")),
        ];
        for (key, header_value, expected) in cases {
            let mut h = HeaderMap::new();
            if let Some(v) = header_value {
                h.insert(header::AUTHORIZATION, HeaderValue::from_str(v).unwrap());
            }
            let got = match check_auth(*key, &h) {
                Ok(()) => None,
                Err(ApiError::MissingApiKey) => Some("missing"),
                Err(ApiError::WrongApiKey) => Some("wrong"),
                Err(e) => panic!("{e}"),
            };
            assert_eq!(got, *expected, "{key:?} {header_value:?}");
        }
    }
}
