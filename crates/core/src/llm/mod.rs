//! OpenAI-compatible chat completions: building requests, decoding the SSE
//! stream, and turning every way an endpoint can fail into an [`LlmError`]
//! with a specific message for the user.
//!
//! The HTTP transport itself (browser `fetch`) lives in bc-background; here is
//! everything about the bytes that cross it.

mod error;
mod request;
mod stream;

pub use error::{classify_http_failure, LlmError};
pub use request::{page_context, question_request, ChatMessage, ChatRequest, ChatRole, ChatTurn};
pub use stream::{answer_deltas, decode_data, StreamItem};
