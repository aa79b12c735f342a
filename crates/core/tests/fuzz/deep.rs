//! Deep nesting through every decoder that reads text, on a stack the
//! size of the extension's (wasm32's 1 MiB).
//!
//! A stack overflow aborts the process instead of panicking, so
//! `catch_unwind` cannot report it with its input like the other failures:
//! each decoder runs on its own thread, named after it and the depth, and
//! the abort message ("thread '…' has overflowed its stack") names it.

use bc_core::agent::answer_stream::AnswerStream;
use bc_core::agent::reply;
use bc_core::command;
use bc_core::llm::{calls_in_text, classify_http_failure, completion_stream, parse_completion_body, parse_lenient, Completion, ToolCallWire};
use bc_core::protocol::{ContentResponse, PanelRequest};
use futures::executor::block_on;
use futures::StreamExt;

const STACK: usize = 1 << 20;
/// Past serde_json's limit (128), and far past where a recursion without
/// limit overflows 1 MiB (`json5` did below 10,000 on 2 MiB).
const DEPTHS: &[usize] = &[129, 1_000, 20_000];

fn completion(content: &str, arguments: &str) -> Completion {
    let tool_calls = if arguments.is_empty() { vec![] } else { vec![ToolCallWire::new("c1", "done", arguments)] };
    Completion { content: content.into(), tool_calls, finish_reason: Some("stop".into()), usage: None }
}

/// Reads a text, the ways it reaches one decoder.
type Decode = fn(&str);

/// The decoders, each with the ways text reaches it.
const DECODERS: &[(&str, Decode)] = &[
    ("parse_lenient", |t| drop(parse_lenient(t))),
    ("calls_in_text", |t| {
        for text in [t.to_owned(), format!("```json\n{t}\n```"), format!("<tool_call>{t}</tool_call>"), format!("{{\"name\": \"done\", \"arguments\": {t}}}")] {
            drop(calls_in_text(&text, &["done"]));
        }
    }),
    ("reply::read", |t| {
        drop(reply::read(&completion(t, ""), 0));
        drop(reply::read(&completion("", t), 0));
    }),
    ("parse_completion_body", |t| drop(parse_completion_body(t))),
    ("completion_stream", |t| {
        let body = futures::stream::iter([Ok::<_, std::convert::Infallible>(format!("data: {t}\n\n").into_bytes())]);
        drop(block_on(completion_stream(body).collect::<Vec<_>>()));
    }),
    ("classify_http_failure", |t| drop(classify_http_failure(400, None, t, "m"))),
    ("AnswerStream", |t| drop(AnswerStream::default().push(&format!("{{\"answer\": \"x{t}"))) ),
    ("protocol", |t| {
        drop(serde_json::from_str::<PanelRequest>(t));
        drop(ContentResponse::from_wire(t));
        drop(ContentResponse::from_wire(&format!("{{\"type\": \"extracted\", \"extraction\": {t}}}")));
    }),
    ("command::parse", |t| drop(command::parse(t))),
];

#[test]
fn deep_nesting() {
    for &depth in DEPTHS {
        let mut texts = Vec::new();
        for (open, close) in [("[", "]"), ("{\"a\":", "}"), ("{'a': [", "]}"), ("[{\"x\": ", "}]")] {
            texts.push(open.repeat(depth));
            texts.push(format!("{}1{}", open.repeat(depth), close.repeat(depth)));
        }
        let texts = std::sync::Arc::new(texts);
        for &(what, decode) in DECODERS {
            let texts = texts.clone();
            std::thread::Builder::new()
                .name(format!("deep nesting: {what}, depth {depth}"))
                .stack_size(STACK)
                .spawn(move || texts.iter().for_each(|t| decode(t)))
                .expect("a thread")
                .join()
                .unwrap_or_else(|_| panic!("{what} panicked at depth {depth}"));
        }
    }
}
