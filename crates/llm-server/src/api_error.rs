//! Error responses with OpenAI-shaped bodies: auth, unknown model, bad
//! request, scripted HTTP failures, and "no rule matched".

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::openai::error_body;
use crate::request::RequestError;
use crate::scenario::ScenarioError;

/// Seconds a rate-limited client is told to wait.
pub const RETRY_AFTER_SECS: u64 = 2;

/// Every error status the server answers with.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).")]
    MissingApiKey,
    #[error("Incorrect API key provided. You can find your API key in your scenario's \"apiKey\".")]
    WrongApiKey,
    #[error("The model `{0}` does not exist")]
    UnknownModel(String),
    #[error("Rate limit reached for requests. Please try again in {RETRY_AFTER_SECS}s.")]
    RateLimited,
    #[error("The server had an error while processing your request. Sorry about that!")]
    ServerError,
    #[error("bc-llm-server: no scenario rule matched and the scenario has no \"default\" (model `{model}`, last user message {last_user:?})")]
    NoRuleMatched { model: String, last_user: String },
    #[error("{0}")]
    BadRequest(#[from] RequestError),
    #[error("invalid scenario: {0}")]
    BadScenario(#[from] ScenarioError),
    #[error("Invalid URL ({method} {path})")]
    NotFound { method: String, path: String },
    #[error("bc-llm-server: the client stalled past the limit or the server is stopping")]
    StallEnded,
}

impl ApiError {
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::MissingApiKey | ApiError::WrongApiKey => StatusCode::UNAUTHORIZED,
            ApiError::UnknownModel(_) | ApiError::NotFound { .. } => StatusCode::NOT_FOUND,
            ApiError::RateLimited => StatusCode::TOO_MANY_REQUESTS,
            ApiError::ServerError | ApiError::NoRuleMatched { .. } => StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::BadRequest(_) | ApiError::BadScenario(_) => StatusCode::BAD_REQUEST,
            ApiError::StallEnded => StatusCode::GATEWAY_TIMEOUT,
        }
    }

    /// OpenAI `type`, `param` and `code`.
    fn fields(&self) -> (&'static str, Option<&'static str>, Option<&'static str>) {
        match self {
            ApiError::MissingApiKey | ApiError::WrongApiKey => ("invalid_request_error", None, Some("invalid_api_key")),
            ApiError::UnknownModel(_) => ("invalid_request_error", Some("model"), Some("model_not_found")),
            ApiError::RateLimited => ("requests", None, Some("rate_limit_exceeded")),
            ApiError::ServerError => ("server_error", None, Some("server_error")),
            ApiError::NoRuleMatched { .. } => ("server_error", None, Some("no_rule_matched")),
            ApiError::BadRequest(e) => ("invalid_request_error", e.param(), None),
            ApiError::BadScenario(_) => ("invalid_request_error", None, Some("invalid_scenario")),
            ApiError::NotFound { .. } => ("invalid_request_error", None, Some("unknown_url")),
            ApiError::StallEnded => ("server_error", None, Some("timeout")),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (kind, param, code) = self.fields();
        let body = error_body(&self.to_string(), kind, param, code);
        let mut response = (self.status(), Json(body)).into_response();
        if matches!(self, ApiError::RateLimited) {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER_SECS));
        }
        response
    }
}
