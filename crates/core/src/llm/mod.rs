//! OpenAI-compatible chat completions: building requests, decoding the SSE
//! stream, and turning every way an endpoint can fail into an [`LlmError`]
//! with a specific message for the user.
//!
//! Two paths share the plumbing ([`sse`]) and the error classification:
//! - the question-answering path: [`question_request`] builds a
//!   [`ChatRequest`], [`answer_deltas`] yields the answer's text;
//! - the agent's tool-calling path: a [`ToolChatRequest`] of [`Message`]s
//!   and [`ToolSpec`]s, [`completion_stream`] (or [`parse_completion_body`]
//!   for a server that answers without streaming) yields text deltas, the
//!   calls as they start, and one assembled [`Completion`] with its
//!   [`Usage`]. For small local models, which are sloppy with tool calls:
//!   [`calls_in_text`] finds calls written as text, [`parse_lenient`] reads
//!   malformed JSON, [`LlmError::ToolsUnsupported`] tells that a server has
//!   no tool calling (fall back to text mode) and
//!   [`LlmError::ContextTooLong`] that the history must shrink;
//!   [`retry_delay_ms`] says which failures are worth another attempt.
//!
//! The HTTP transport itself (browser `fetch`) lives in bc-background; here is
//! everything about the bytes that cross it.

mod chat;
mod error;
mod repair;
mod request;
mod retry;
mod sse;
mod stream;
mod text_calls;
mod tool_stream;

pub use chat::{
    Completion, ContentPart, FunctionCall, FunctionSpec, FunctionType, ImageDetail, ImageUrl, Message, UserContent, IMAGE_CHARS, StreamOptions, ToolCallWire, ToolChatRequest, ToolChoice, ToolSpec, Usage,
};
pub use error::{classify_http_failure, LlmError};
pub use repair::{parse_lenient, RepairError};
pub use request::{page_context, question_request, ChatMessage, ChatRequest, ChatRole, ChatTurn};
pub use retry::{retry_delay_ms, MAX_ATTEMPTS};
pub use stream::{answer_deltas, decode_data, StreamItem};
pub use text_calls::{calls_in_text, CallProblem, ParsedCall, TextCalls};
pub use tool_stream::{completion_stream, parse_completion_body, CompletionEvent};
