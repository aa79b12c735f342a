//! Error responses with OpenAI-shaped bodies: auth, unknown model, bad
//! request, no tool support, scripted HTTP failures, "no rule matched" and
//! unfillable templates.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::openai::error_body;
use crate::request::RequestError;
use crate::scenario::ScenarioError;
use crate::template::TemplateError;

/// Seconds a rate-limited client is told to wait unless the rule says otherwise.
pub const RETRY_AFTER_SECS: u64 = 2;

/// What OpenAI answers when a prompt exceeds the model's context window.
pub const CONTEXT_LENGTH_MESSAGE: &str = "This model's maximum context length is 8192 tokens. However, your messages resulted in 9120 tokens. Please reduce the length of the messages.";

/// Every error status the server answers with.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).")]
    MissingApiKey,
    #[error("Incorrect API key provided. You can find your API key in your scenario's \"apiKey\".")]
    WrongApiKey,
    #[error("The model `{0}` does not exist")]
    UnknownModel(String),
    #[error("Rate limit reached for requests. Please try again in {retry_after}s.")]
    RateLimited { retry_after: u64 },
    #[error("{CONTEXT_LENGTH_MESSAGE}")]
    ContextLength,
    /// Ollama's wording for a model without tool calling.
    #[error("registry.ollama.ai/library/{0}:latest does not support tools")]
    ToolsUnsupported(String),
    /// OpenAI's wording for image input to a model without vision.
    #[error("Invalid content type. image_url is only supported by certain models.")]
    ImagesUnsupported,
    #[error("The server had an error while processing your request. Sorry about that!")]
    ServerError,
    #[error("bc-llm-server: no scenario rule matched and the scenario has no \"default\" (model `{model}`, last user message {last_user:?})")]
    NoRuleMatched { model: String, last_user: String },
    #[error("{0}")]
    Template(#[from] TemplateError),
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
            ApiError::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::ServerError | ApiError::NoRuleMatched { .. } | ApiError::Template(_) => {
                StatusCode::INTERNAL_SERVER_ERROR
            }
            ApiError::BadRequest(_)
            | ApiError::BadScenario(_)
            | ApiError::ContextLength
            | ApiError::ToolsUnsupported(_)
            | ApiError::ImagesUnsupported => StatusCode::BAD_REQUEST,
            ApiError::StallEnded => StatusCode::GATEWAY_TIMEOUT,
        }
    }

    /// OpenAI `type`, `param` and `code`.
    fn fields(&self) -> (&'static str, Option<&'static str>, Option<&'static str>) {
        match self {
            ApiError::MissingApiKey | ApiError::WrongApiKey => ("invalid_request_error", None, Some("invalid_api_key")),
            ApiError::UnknownModel(_) => ("invalid_request_error", Some("model"), Some("model_not_found")),
            ApiError::RateLimited { .. } => ("requests", None, Some("rate_limit_exceeded")),
            ApiError::ContextLength => ("invalid_request_error", Some("messages"), Some("context_length_exceeded")),
            ApiError::ToolsUnsupported(_) => ("api_error", None, None),
            ApiError::ImagesUnsupported => ("invalid_request_error", Some("messages"), None),
            ApiError::ServerError => ("server_error", None, Some("server_error")),
            ApiError::NoRuleMatched { .. } => ("server_error", None, Some("no_rule_matched")),
            // Only `Unmatched` reaches a request through a validated scenario.
            ApiError::Template(TemplateError::Unmatched { .. }) => ("server_error", None, Some("template_unmatched")),
            ApiError::Template(_) => ("server_error", None, Some("invalid_scenario")),
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
        if let ApiError::RateLimited { retry_after } = self {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(retry_after));
        }
        response
    }
}
