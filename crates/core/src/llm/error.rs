//! `LlmError`: every way a call to the endpoint can fail, each with its own
//! message, and the classification of HTTP failures into it.

use serde::{Deserialize, Serialize};

/// Every way a call to the LLM endpoint can fail, each with its own message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "code", rename_all = "snake_case", rename_all_fields = "camelCase")]
pub enum LlmError {
    #[error("Could not reach {endpoint}: the connection was refused or the host is unreachable. Is the server running, and is the API endpoint right?")]
    Unreachable { endpoint: String },
    #[error("The endpoint rejected the API key (HTTP {status}). Check the API key in the options.{}", detail_suffix(detail))]
    Unauthorized { status: u16, detail: String },
    #[error("The endpoint does not know the model `{model}`. Check the Model in the options.{}", detail_suffix(detail))]
    ModelNotFound { model: String, detail: String },
    #[error("The endpoint is rate-limiting requests (HTTP 429){}. Wait a moment and ask again.", retry_suffix(*retry_after_secs))]
    RateLimited { retry_after_secs: Option<u64> },
    #[error("The endpoint had an internal error (HTTP {status}). Try again later.{}", detail_suffix(detail))]
    ServerError { status: u16, detail: String },
    #[error("The endpoint refused the request (HTTP {status}).{}", detail_suffix(detail))]
    BadRequest { status: u16, detail: String },
    #[error("The endpoint sent a response that is not a valid chat-completions stream: {detail}")]
    MalformedStream { detail: String },
    #[error("The endpoint did not answer within {secs} s. It may be overloaded; try again or raise the timeout in the options.")]
    Timeout { secs: u32 },
    #[error("The request was cancelled.")]
    Cancelled,
}

fn detail_suffix(detail: &str) -> String {
    if detail.is_empty() {
        String::new()
    } else {
        format!(" Server said: {detail}")
    }
}

fn retry_suffix(secs: Option<u64>) -> String {
    secs.map(|s| format!("; it asks to retry after {s} s")).unwrap_or_default()
}

#[derive(Deserialize)]
struct ErrorBody {
    error: ErrorDetail,
}

#[derive(Deserialize)]
struct ErrorDetail {
    #[serde(default)]
    message: String,
    #[serde(default)]
    code: Option<serde_json::Value>,
    #[serde(default, rename = "type")]
    kind: Option<String>,
}

/// Classifies a non-2xx answer from the endpoint.
pub fn classify_http_failure(status: u16, retry_after: Option<&str>, body: &str, model: &str) -> LlmError {
    let parsed: Option<ErrorDetail> = serde_json::from_str::<ErrorBody>(body).ok().map(|b| b.error);
    let detail = parsed
        .as_ref()
        .map(|d| d.message.clone())
        .unwrap_or_else(|| body.chars().take(200).collect::<String>().trim().to_owned());
    let code = parsed
        .as_ref()
        .and_then(|d| d.code.as_ref())
        .map(|c| c.as_str().map(str::to_owned).unwrap_or_else(|| c.to_string()))
        .unwrap_or_default();
    let kind = parsed.as_ref().and_then(|d| d.kind.clone()).unwrap_or_default();
    let mentions_model = code == "model_not_found"
        || kind == "model_not_found"
        || (detail.to_lowercase().contains("model") && detail.to_lowercase().contains("not"));
    match status {
        401 | 403 => LlmError::Unauthorized { status, detail },
        404 if mentions_model => LlmError::ModelNotFound { model: model.to_owned(), detail },
        400 if code == "model_not_found" => LlmError::ModelNotFound { model: model.to_owned(), detail },
        429 => LlmError::RateLimited {
            retry_after_secs: retry_after.and_then(|s| s.trim().parse::<f64>().ok()).map(|s| s.ceil() as u64),
        },
        500..=599 => LlmError::ServerError { status, detail },
        _ => LlmError::BadRequest { status, detail },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classification_table() {
        let cases: &[(u16, Option<&str>, &str, &str)] = &[
            (401, None, r#"{"error":{"message":"Incorrect API key provided"}}"#, "unauthorized"),
            (404, None, r#"{"error":{"message":"The model `x` does not exist","code":"model_not_found"}}"#, "model_not_found"),
            (404, None, "no such route", "bad_request"),
            (429, Some("2"), "{}", "rate_limited"),
            (500, None, "boom", "server_error"),
            (503, None, "", "server_error"),
            (400, None, r#"{"error":{"message":"bad"}}"#, "bad_request"),
        ];
        for (status, retry, body, want) in cases {
            let e = classify_http_failure(*status, *retry, body, "x");
            let v = serde_json::to_value(&e).unwrap();
            assert_eq!(v["code"], *want, "{status} {body}: {e}");
        }
    }

    #[test]
    fn messages_are_specific() {
        let e = classify_http_failure(429, Some("2"), "{}", "m");
        assert!(e.to_string().contains("retry after 2 s"), "{e}");
        let e = classify_http_failure(404, None, r#"{"error":{"message":"model gpt-9 not found","code":"model_not_found"}}"#, "gpt-9");
        assert!(e.to_string().contains("`gpt-9`"), "{e}");
        let e = classify_http_failure(401, None, r#"{"error":{"message":"bad key"}}"#, "m");
        assert!(e.to_string().contains("API key") && e.to_string().contains("bad key"), "{e}");
    }
}
