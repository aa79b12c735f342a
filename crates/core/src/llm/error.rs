//! `LlmError`: every way a call to the endpoint can fail, each with its own
//! message, and the classification of HTTP failures into it.
//!
//! Servers disagree on the error body: OpenAI and most proxies send
//! `{"error": {"message", "type", "code", "param"}}`, Ollama's native errors
//! and LM Studio `{"error": "…"}`, vLLM a top-level `{"object": "error",
//! "message": …}`, OpenRouter wraps the provider's own body in
//! `error.metadata.raw`. Two failures need their own variant because the
//! agent answers them differently from a plain refusal: a server or model
//! without tool calling ([`LlmError::ToolsUnsupported`]: fall back to tool
//! calls written as text) and a prompt over the context window
//! ([`LlmError::ContextTooLong`]: compact the history and ask again). Both
//! are recognised by the server's words, since each server words them its
//! own way and few give a code.

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
    #[error("The model or server does not support tool calling, which the agent needs. Choose a model with tool support (for Ollama e.g. llama3.1 or qwen2.5), or turn it on in the server (vLLM: --enable-auto-tool-choice and --tool-call-parser; llama.cpp: --jinja).{}", detail_suffix(detail))]
    ToolsUnsupported { detail: String },
    #[error("The conversation is too long for the model's context window.{} Start a new task, or load the model with a larger context length.", detail_suffix(detail))]
    ContextTooLong { detail: String },
}

impl LlmError {
    /// For a request that carried images: the endpoint refused it for
    /// them (the model is not a vision model), so the same request with
    /// text only may pass. A refusal that names images, whatever status
    /// or class the server's wording gave it.
    pub fn refuses_images(&self) -> bool {
        match self {
            LlmError::BadRequest { detail, .. } | LlmError::ServerError { detail, .. } | LlmError::ModelNotFound { detail, .. } | LlmError::ToolsUnsupported { detail } => {
                says_images_unsupported(&detail.to_lowercase())
            }
            _ => false,
        }
    }
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

/// What an error body says, whichever server's shape it has.
#[derive(Default)]
struct ErrorFields {
    message: String,
    code: String,
    kind: String,
    param: String,
    /// The upstream provider's own body that OpenRouter passes on in
    /// `error.metadata.raw` (its `message` is then "Provider returned error").
    raw: String,
}

fn text_of(v: Option<&serde_json::Value>) -> String {
    match v {
        Some(serde_json::Value::String(s)) => s.clone(),
        Some(serde_json::Value::Null) | None => String::new(),
        Some(other) => other.to_string(),
    }
}

/// The human-readable message of an `error` value: its `message` when it is
/// an object, the string itself when it is one.
pub(super) fn error_message(err: &serde_json::Value) -> String {
    match err {
        serde_json::Value::String(s) => s.clone(),
        _ => err.get("message").and_then(|m| m.as_str()).map(str::to_owned).unwrap_or_else(|| err.to_string()),
    }
}

fn error_fields(body: &str) -> Option<ErrorFields> {
    let v: serde_json::Value = serde_json::from_str(body).ok()?;
    // vLLM (and other FastAPI servers) put the fields at the top level.
    let err = match v.get("error") {
        Some(e @ serde_json::Value::Object(_)) => e,
        Some(serde_json::Value::String(s)) => return Some(ErrorFields { message: s.clone(), ..Default::default() }),
        _ if v.get("message").is_some() => &v,
        _ => return None,
    };
    Some(ErrorFields {
        message: error_message(err),
        code: text_of(err.get("code")),
        kind: text_of(err.get("type")),
        param: text_of(err.get("param")),
        raw: text_of(err.get("metadata").and_then(|m| m.get("raw"))),
    })
}

/// Words with which servers say the prompt does not fit: OpenAI and vLLM
/// ("maximum context length"), Anthropic through proxies ("prompt is too
/// long"), llama.cpp ("exceeds the available context size"), LM Studio
/// ("greater than the context length", "context the overflows"), Gemini and
/// others ("context window", "too many tokens", "input is too long").
const CONTEXT_WORDS: &[&str] = &[
    "context_length_exceeded",
    "exceed_context_size",
    "maximum context length",
    "context length",
    "context window",
    "context size",
    "context the overflows",
    "exceeds the context",
    "prompt is too long",
    "input is too long",
    "too many tokens",
];

/// Words with which servers say the model or server cannot take `tools`:
/// Ollama ("… does not support tools"), vLLM ("\"auto\" tool choice requires
/// --enable-auto-tool-choice …"), llama.cpp ("tools param requires --jinja
/// flag"), OpenRouter ("No endpoints found that support tool use"), LM Studio
/// ("Invalid tool_choice type"), OpenAI ("'tools' is not supported with this
/// model"), Mistral-style ("function calling is not enabled").
const NO_TOOLS_WORDS: &[&str] = &[
    "not support",
    "unsupported",
    "doesn't support",
    "no endpoints found that support",
    "enable-auto-tool-choice",
    "--jinja",
    "not enabled",
    "invalid tool_choice",
];

/// Words with which servers say the model takes no images: OpenAI
/// ("image_url is only supported by certain models"), LM Studio ("Model
/// does not support images"), vLLM ("… is not a multimodal model"),
/// Ollama and others ("vision").
const IMAGE_WORDS: &[&str] = &["image", "vision", "multimodal", "multi-modal"];

const TOOL_WORDS: &[&str] = &["tool", "function call", "function_call", "functions"];

fn says_context_too_long(f: &ErrorFields, haystack: &str) -> bool {
    f.code == "context_length_exceeded" || CONTEXT_WORDS.iter().any(|w| haystack.contains(w))
}

/// Only asked of a request that carried images: then a refusal naming
/// images is about them, not about the rest of the request.
fn says_images_unsupported(haystack: &str) -> bool {
    IMAGE_WORDS.iter().any(|w| haystack.contains(w))
}

fn says_tools_unsupported(f: &ErrorFields, haystack: &str) -> bool {
    // A schema the server rejects ("'oneOf' is not supported") is our request's
    // fault, not a server without tools: that stays a BadRequest.
    if haystack.contains("schema") {
        return false;
    }
    let about_tools = matches!(f.param.as_str(), "tools" | "tool_choice") || TOOL_WORDS.iter().any(|w| haystack.contains(w));
    about_tools && (f.code == "unsupported_parameter" || NO_TOOLS_WORDS.iter().any(|w| haystack.contains(w)))
}

/// Recognises a context overflow or missing tool support by the server's
/// words alone: for errors that arrive inside a 200 stream, where there is
/// no status to go by.
pub(super) fn by_message(detail: &str) -> Option<LlmError> {
    let fields = ErrorFields { message: detail.to_owned(), ..Default::default() };
    let haystack = detail.to_lowercase();
    if says_context_too_long(&fields, &haystack) {
        Some(LlmError::ContextTooLong { detail: detail.to_owned() })
    } else if says_tools_unsupported(&fields, &haystack) {
        Some(LlmError::ToolsUnsupported { detail: detail.to_owned() })
    } else {
        None
    }
}

/// Classifies a non-2xx answer from the endpoint.
pub fn classify_http_failure(status: u16, retry_after: Option<&str>, body: &str, model: &str) -> LlmError {
    let parsed = error_fields(body);
    let fields = parsed.unwrap_or_default();
    let detail = if fields.message.is_empty() && fields.code.is_empty() && fields.kind.is_empty() {
        body.chars().take(200).collect::<String>().trim().to_owned()
    } else {
        fields.message.clone()
    };
    // The type and code too: llama.cpp's `exceed_context_size_error` is a type.
    let haystack = format!("{detail}\n{}\n{}\n{}", fields.kind, fields.code, fields.raw).to_lowercase();
    let mentions_model = fields.code == "model_not_found"
        || fields.kind == "model_not_found"
        || (detail.to_lowercase().contains("model") && detail.to_lowercase().contains("not"));
    match status {
        401 | 403 => LlmError::Unauthorized { status, detail },
        429 => LlmError::RateLimited {
            retry_after_secs: retry_after.and_then(|s| s.trim().parse::<f64>().ok()).map(|s| s.ceil() as u64),
        },
        // 413 Payload Too Large: the request (so the prompt) is over the limit.
        413 => LlmError::ContextTooLong { detail },
        400..=599 if says_context_too_long(&fields, &haystack) => LlmError::ContextTooLong { detail },
        400 | 404 | 422 | 500 | 501 if says_tools_unsupported(&fields, &haystack) => LlmError::ToolsUnsupported { detail },
        404 if mentions_model => LlmError::ModelNotFound { model: model.to_owned(), detail },
        400 if fields.code == "model_not_found" => LlmError::ModelNotFound { model: model.to_owned(), detail },
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

    /// Error bodies as servers send them (from their issue trackers):
    /// (server, status, body, expected code).
    const REAL_BODIES: &[(&str, u16, &str, &str)] = &[
        // A model or server without tool calling.
        ("Ollama /v1", 400, r#"{"error":{"message":"registry.ollama.ai/library/gemma3:4b does not support tools","type":"api_error","param":null,"code":null}}"#, "tools_unsupported"),
        ("Ollama /v1, older", 400, r#"{"error":{"message":"llama3 does not support tools","type":"api_error","param":null,"code":null}}"#, "tools_unsupported"),
        ("Ollama native", 400, r#"{"error":"registry.ollama.ai/library/Qwen3.5:0.8b does not support tools"}"#, "tools_unsupported"),
        ("vLLM without parser", 400, r#"{"object":"error","message":"\"auto\" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set","type":"BadRequestError","param":null,"code":400}"#, "tools_unsupported"),
        ("llama.cpp without --jinja", 500, r#"{"error":{"code":500,"message":"tools param requires --jinja flag","type":"server_error"}}"#, "tools_unsupported"),
        ("OpenRouter", 404, r#"{"error":{"message":"No endpoints found that support tool use. To learn more about provider routing, visit: https://openrouter.ai/docs/provider-routing","code":404}}"#, "tools_unsupported"),
        ("OpenRouter, forced tool", 404, r#"{"error":{"message":"No endpoints found that support the provided 'tool_choice' value. To learn more about provider routing, visit: https://openrouter.ai/docs/provider-routing","code":404}}"#, "tools_unsupported"),
        ("LM Studio, named tool_choice", 400, r#"{"error":"Invalid tool_choice type: 'object'. Supported string values: none, auto, required"}"#, "tools_unsupported"),
        ("OpenAI o1-preview", 400, r#"{"error":{"message":"Unsupported parameter: 'tools' is not supported with this model.","type":"invalid_request_error","param":"tools","code":"unsupported_parameter"}}"#, "tools_unsupported"),
        ("Mistral-style", 422, r#"{"object":"error","message":"Function calling is not enabled for this model","type":"invalid_request_error","param":null,"code":null}"#, "tools_unsupported"),
        // A prompt over the context window.
        ("OpenAI", 400, r#"{"error":{"message":"This model's maximum context length is 128000 tokens. However, your messages resulted in 130412 tokens. Please reduce the length of the messages.","type":"invalid_request_error","param":"messages","code":"context_length_exceeded"}}"#, "context_too_long"),
        ("DeepSeek", 400, r#"{"error":{"message":"This model's maximum context length is 131072 tokens. However, you requested 131134 tokens (122942 in the messages, 8192 in the completion). Please reduce the length of the messages or completion.","type":"invalid_request_error","param":null,"code":"invalid_request_error"}}"#, "context_too_long"),
        ("vLLM", 400, r#"{"object":"error","message":"This model's maximum context length is 8192 tokens. However, you requested 8203 tokens (7691 in the messages, 512 in the completion). Please reduce the length of the messages or completion.","type":"BadRequestError","param":null,"code":400}"#, "context_too_long"),
        ("llama.cpp", 400, r#"{"error":{"code":400,"message":"the request exceeds the available context size, try increasing it","type":"exceed_context_size_error","n_prompt_tokens":14429,"n_ctx":8192}}"#, "context_too_long"),
        ("llama.cpp, older", 500, r#"{"error":{"code":500,"message":"the request exceeds the available context size. try increasing the context size or enable context shift","type":"exceed_context_size_error","n_prompt_tokens":1407,"n_ctx":256}}"#, "context_too_long"),
        ("by type alone", 400, r#"{"error":{"code":400,"message":"request rejected","type":"exceed_context_size_error"}}"#, "context_too_long"),
        ("Anthropic through a proxy", 400, r#"{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 208310 tokens > 200000 maximum"}}"#, "context_too_long"),
        ("LM Studio", 400, r#"{"error":"Trying to keep the first 15857 tokens when context the overflows. However, the model is loaded with context length of only 4096 tokens, which is not enough. Try to load the model with a larger context length, or provide a shorter input"}"#, "context_too_long"),
        ("OpenRouter, provider's body", 400, r#"{"error":{"message":"Provider returned error","code":400,"metadata":{"raw":"{\"error\":{\"message\":\"This endpoint's maximum context length is 32768 tokens.\"}}","provider_name":"DeepInfra"}}}"#, "context_too_long"),
        ("Groq, too large", 413, r#"{"error":{"message":"Request too large for model `llama-3.1-8b-instant` on tokens per minute (TPM): Limit 6000, Requested 9012, please reduce your message size and try again.","type":"tokens","code":"rate_limit_exceeded"}}"#, "context_too_long"),
        // Neither, though they speak of tools, models or tokens.
        ("OpenAI, bad schema", 400, r#"{"error":{"message":"Invalid schema for function 'click': In context=(), 'additionalProperties' is required to be supplied and to be false.","type":"invalid_request_error","param":"tools[0].function.parameters","code":"invalid_function_parameters"}}"#, "bad_request"),
        ("Gemini, schema keyword", 400, r#"{"error":{"message":"Invalid JSON payload: tools[0].function_declarations[0].parameters: 'oneOf' is not supported in the schema","code":400}}"#, "bad_request"),
        ("OpenAI, max_tokens", 400, r#"{"error":{"message":"max_tokens is too large: 6000. This model supports at most 4096 completion tokens, whereas you provided 6000.","type":"invalid_request_error","param":"max_tokens","code":"invalid_value"}}"#, "bad_request"),
        ("Groq, malformed call", 400, r#"{"error":{"message":"Failed to call a function. Please adjust your prompt. See 'failed_generation' for more details.","type":"invalid_request_error","code":"tool_use_failed","failed_generation":"<function=click>{id: 3}</function>"}}"#, "bad_request"),
        ("Ollama, unknown model", 404, r#"{"error":{"message":"model \"llama9\" not found, try pulling it first","type":"api_error","param":null,"code":null}}"#, "model_not_found"),
        ("OpenAI, rate limit on tokens", 429, r#"{"error":{"message":"Rate limit reached for gpt-4o-mini: too many tokens per min","type":"tokens","code":"rate_limit_exceeded"}}"#, "rate_limited"),
        ("vLLM, unknown model", 404, r#"{"object":"error","message":"The model `gpt-4o` does not exist.","type":"NotFoundError","param":null,"code":404}"#, "model_not_found"),
    ];

    #[test]
    fn real_error_bodies() {
        for (server, status, body, want) in REAL_BODIES {
            let e = classify_http_failure(*status, None, body, "m");
            assert_eq!(serde_json::to_value(&e).unwrap()["code"], *want, "{server} {status}: {e}");
        }
    }

    /// Refusals of a request with images by servers whose model sees none
    /// (wordings from their issue trackers), and errors that are not that.
    #[test]
    fn refusals_of_images() {
        let cases = [
            (400, r#"{"error":{"message":"Invalid content type. image_url is only supported by certain models.","type":"invalid_request_error","param":"messages.[2].content.[1].type","code":null}}"#, true),
            (400, r#"{"error":"Model does not support images. Please use a model that does."}"#, true),
            (400, r#"{"object":"error","message":"Qwen2.5-7B-Instruct is not a multimodal model","type":"BadRequestError","param":null,"code":400}"#, true),
            (500, r#"{"error":{"message":"image input is not supported - hint: if this is unexpected, you may need to provide the mmproj","type":"server_error"}}"#, true),
            (400, r#"{"error":{"message":"bad"}}"#, false),
            (429, r#"{"error":{"message":"image rate limit"}}"#, false),
            (401, r#"{"error":{"message":"vision key invalid"}}"#, false),
        ];
        for (status, body, want) in cases {
            let e = classify_http_failure(status, None, body, "m");
            assert_eq!(e.refuses_images(), want, "{status} {body}: {e}");
        }
    }

    #[test]
    fn in_stream_errors_by_their_words() {
        let cases = [
            ("The number of tokens to keep from the initial prompt is greater than the context length.", Some("context_too_long")),
            ("llama3 does not support tools", Some("tools_unsupported")),
            ("overloaded", None),
        ];
        for (detail, want) in cases {
            let got = by_message(detail).map(|e| serde_json::to_value(&e).unwrap()["code"].as_str().unwrap().to_owned());
            assert_eq!(got.as_deref(), want, "{detail}");
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
        let e = classify_http_failure(400, None, r#"{"error":"llama2:latest does not support tools"}"#, "llama2");
        assert!(e.to_string().contains("does not support tool calling") && e.to_string().contains("Server said: llama2:latest does not support tools"), "{e}");
        let e = classify_http_failure(413, None, "", "m");
        assert_eq!(e.to_string(), "The conversation is too long for the model's context window. Start a new task, or load the model with a larger context length.");
        let json = serde_json::to_value(LlmError::ContextTooLong { detail: "x".into() }).unwrap();
        assert_eq!(json, serde_json::json!({"code": "context_too_long", "detail": "x"}));
    }
}
