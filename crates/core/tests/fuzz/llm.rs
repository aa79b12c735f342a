//! What a model server sends: the SSE stream (`completion_stream`,
//! `answer_deltas`), a whole completion body, an error body, and the
//! streamed `done` answer (`AnswerStream`).

use crate::gen::{self, Bytes, Rng, Style};
use crate::{calls, fuzz};
use bc_core::agent::answer_stream::AnswerStream;
use bc_core::agent::tools::tool_names;
use bc_core::llm::{answer_deltas, classify_http_failure, completion_stream, parse_completion_body, retry_delay_ms, CompletionEvent, LlmError, MAX_ATTEMPTS};
use futures::executor::block_on;
use futures::StreamExt;
use serde_json::{json, Value};

/// The error's wire code (`malformed_stream`, `server_error`…).
pub fn code(e: &LlmError) -> String {
    serde_json::to_value(e).ok().and_then(|v| v["code"].as_str().map(str::to_owned)).unwrap_or_else(|| "?".into())
}

/// A tool name as a model writes it: offered, skill, cased, dotted, unknown.
pub fn tool_name(rng: &mut Rng) -> String {
    let names = tool_names();
    match rng.below(8) {
        0..=3 => rng.pick(&names).to_string(),
        4 => rng.pick(&names).to_uppercase(),
        5 => rng.pick(&names).replace('_', "."),
        6 => format!("functions.{}", rng.pick(&names)),
        _ => gen::text(rng, 10),
    }
}

/// Keys the tools' and skills' arguments use.
pub const ARG_KEYS: &[&str] = &[
    "id", "field", "selector", "item", "text", "submit", "replace", "tabId", "ids", "fields", "topK", "kind", "direction", "key",
    "url", "question", "answer", "success", "collectionId", "limit", "scrollToLoad", "event", "value", "timeoutMs", "checked",
    "option", "query", "username", "form", "path", "collection", "opened", "fromCart", "to", "amount", "label", "role", "name",
];

#[derive(Debug)]
struct SseCase {
    body: Bytes,
    cuts: Vec<usize>,
}

/// One event of a stream: `data:` payload(s), or a raw line (comment,
/// `event:`, `id:`).
enum Frame {
    Data(String),
    Line(String),
}

fn chunk(rng: &mut Rng, v: Value) -> String {
    let style = if rng.one_in(4) { Style::Ascii } else { Style::Compact };
    gen::render(rng, &v, style)
}

/// Cuts `s` at random character boundaries.
fn split_text(rng: &mut Rng, s: &str) -> Vec<String> {
    let chars: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    let mut at = 0;
    while at < chars.len() {
        let end = (at + rng.range(1, 12)).min(chars.len());
        out.push(chars[at..end].iter().collect());
        at = end;
    }
    out
}

/// A stream as servers write one (see `tool_stream.rs` for who bends the
/// protocol how), then noise: foreign frames, a mangled frame, odd line
/// endings, cut-off ends, garbled bytes.
fn make_sse(rng: &mut Rng) -> SseCase {
    let mut frames = Vec::new();
    if rng.one_in(2) {
        frames.push(Frame::Data(chunk(rng, json!({"choices": [{"index": 0, "delta": {"role": "assistant"}}]}))));
    }
    if rng.one_in(2) {
        let content = if rng.one_in(2) { gen::text(rng, 60) } else { gen::words(rng, gen::WORDS, 10) };
        for piece in split_text(rng, &content) {
            frames.push(Frame::Data(chunk(rng, json!({"choices": [{"index": 0, "delta": {"content": piece}}]}))));
        }
    }
    // How this server numbers calls: 0, 1, 2…; all 0 (vLLM); none (Ollama).
    let index_policy = rng.below(3);
    for n in 0..rng.len(3) {
        let index = match index_policy {
            0 => json!(n),
            1 => json!(0),
            _ => Value::Null,
        };
        let id = if rng.one_in(4) { Value::Null } else { json!(format!("call_{}", rng.below(4))) };
        let name = tool_name(rng);
        let args = gen::object(rng, 2, ARG_KEYS);
        let style = gen::style(rng);
        let args_text = gen::render(rng, &args, style);
        if rng.one_in(3) {
            // Whole, in one chunk; arguments as text or as an object.
            let arguments = if rng.one_in(3) { args } else { json!(args_text) };
            frames.push(Frame::Data(chunk(
                rng,
                json!({"choices": [{"index": 0, "delta": {"tool_calls": [{"index": index, "id": id, "function": {"name": name, "arguments": arguments}}]}}]}),
            )));
        } else {
            frames.push(Frame::Data(chunk(
                rng,
                json!({"choices": [{"index": 0, "delta": {"tool_calls": [{"index": index, "id": id, "type": "function", "function": {"name": name, "arguments": ""}}]}}]}),
            )));
            let continuation_id = if rng.one_in(3) { json!("") } else { Value::Null };
            for piece in split_text(rng, &args_text) {
                frames.push(Frame::Data(chunk(
                    rng,
                    json!({"choices": [{"index": 0, "delta": {"tool_calls": [{"index": index, "id": continuation_id, "function": {"arguments": piece}}]}}]}),
                )));
            }
        }
    }
    if !rng.one_in(5) {
        let reason = *rng.pick(&["stop", "tool_calls", "length", "content_filter"]);
        frames.push(Frame::Data(chunk(rng, json!({"choices": [{"index": 0, "delta": {}, "finish_reason": reason}]}))));
    }
    if rng.one_in(3) {
        // Out of `u32` range at times: the chunk is then malformed.
        let prompt = if rng.one_in(5) { gen::number(rng) } else { json!(rng.below(100_000)) };
        let usage = json!({"prompt_tokens": prompt, "completion_tokens": rng.below(500), "prompt_tokens_details": {"cached_tokens": rng.below(100)}});
        frames.push(Frame::Data(chunk(rng, json!({"choices": [], "usage": usage}))));
    }
    if !rng.one_in(4) {
        frames.push(Frame::Data("[DONE]".into()));
    }
    let noise = if rng.one_in(2) { 0 } else { rng.range(1, 3) };
    for _ in 0..noise {
        let noise = match rng.below(12) {
            0 => Frame::Line(": keep-alive".into()),
            1 => Frame::Line(format!("event: {}", rng.pick(&["error", "message", "ping"]))),
            2 => Frame::Line(format!("id: {}", rng.below(100))),
            3 => Frame::Line(format!("retry: {}", gen::number(rng))),
            4 => Frame::Data(json!({"choices": [{"index": 1, "delta": {"content": "other choice"}}]}).to_string()),
            5 => Frame::Data(json!({"error": {"message": gen::pick_error_message(rng), "code": rng.below(600)}}).to_string()),
            6 => Frame::Data(json!({"error": null, "choices": [{"index": 0, "delta": {"content": "x"}}]}).to_string()),
            7 => Frame::Data(gen::text(rng, 30)),
            8 => {
                let depth = rng.range(100, 400);
                Frame::Data(gen::deep(rng, depth))
            }
            9 => Frame::Data(format!("{{\"choices\": [{{\"index\": 0, \"delta\": {{\"content\": {}}}}}]}}", "9".repeat(rng.range(20, 400)))),
            10 => Frame::Data(gen::json(rng, 3, &["choices", "delta", "content", "tool_calls", "index", "function", "usage"]).to_string()),
            _ => Frame::Data(String::new()),
        };
        let at = rng.below(frames.len() + 1);
        frames.insert(at, noise);
    }
    if !frames.is_empty() && rng.one_in(5) {
        let at = rng.below(frames.len());
        if let Frame::Data(d) = &frames[at] {
            frames[at] = Frame::Data(gen::mutate(rng, d));
        }
    }
    let eol = *rng.pick(&["\n", "\n", "\n", "\r\n", "\r\n", "\r"]);
    let space = if rng.one_in(5) { "" } else { " " };
    let mut body = String::new();
    if rng.one_in(20) {
        body.push('\u{feff}');
    }
    for frame in &frames {
        match frame {
            Frame::Line(l) => {
                body.push_str(l);
                body.push_str(eol);
            }
            Frame::Data(d) => {
                // A payload with a line break is several `data:` lines.
                for line in d.split(['\n', '\r']) {
                    body.push_str(&format!("data:{space}{line}{eol}"));
                }
                body.push_str(eol);
            }
        }
    }
    if rng.one_in(8) {
        let keep = rng.below(body.len() + 1);
        body = String::from_utf8_lossy(&body.as_bytes()[..keep]).into_owned();
    }
    let mut bytes = body.into_bytes();
    if rng.one_in(10) {
        gen::garble(rng, &mut bytes);
    }
    let cuts = gen::cuts(rng, bytes.len());
    SseCase { body: Bytes(bytes), cuts }
}

fn run_completion(pieces: &[&[u8]]) -> Vec<Result<CompletionEvent, LlmError>> {
    let body = futures::stream::iter(pieces.iter().map(|p| Ok::<_, std::convert::Infallible>(p.to_vec())));
    block_on(completion_stream(body).collect::<Vec<_>>())
}

fn run_answer(pieces: &[&[u8]]) -> Vec<Result<String, LlmError>> {
    let body = futures::stream::iter(pieces.iter().map(|p| Ok::<_, std::convert::Infallible>(p.to_vec())));
    block_on(answer_deltas(body).collect::<Vec<_>>())
}

/// What `completion_stream`'s events must always be: at most one
/// `Finished`, last; an error ends the stream; the deltas add up to the
/// completion; call starts and argument pieces name calls that exist.
fn check_completion_events(events: &[Result<CompletionEvent, LlmError>]) -> String {
    if let Some(at) = events.iter().position(Result::is_err) {
        assert_eq!(at, events.len() - 1, "events after an error: {events:?}");
    }
    let finished: Vec<usize> = (0..events.len()).filter(|&i| matches!(events[i], Ok(CompletionEvent::Finished(_)))).collect();
    assert!(finished.len() <= 1, "several Finished: {events:?}");
    let Some(&at) = finished.first() else {
        return match events.last() {
            Some(Err(e)) => code(e),
            _ => panic!("the stream ended with neither Finished nor an error: {events:?}"),
        };
    };
    assert_eq!(at, events.len() - 1, "events after Finished: {events:?}");
    let Ok(CompletionEvent::Finished(done)) = &events[at] else { unreachable!() };
    let mut content = String::new();
    let mut pieces = vec![String::new(); done.tool_calls.len()];
    let mut started = vec![false; done.tool_calls.len()];
    for e in &events[..at] {
        match e {
            Ok(CompletionEvent::ContentDelta(t)) => content.push_str(t),
            Ok(CompletionEvent::ToolCallStarted { index, name }) => {
                assert!(*index < done.tool_calls.len() && !started[*index], "start of call {index}: {events:?}");
                started[*index] = true;
                assert_eq!(*name, done.tool_calls[*index].function.name);
            }
            Ok(CompletionEvent::ArgumentsDelta { index, text }) => {
                assert!(*index < done.tool_calls.len(), "pieces of call {index}: {events:?}");
                pieces[*index].push_str(text);
            }
            other => panic!("unexpected event {other:?}"),
        }
    }
    assert_eq!(content, done.content, "content deltas add up to the content");
    for (call, joined) in done.tool_calls.iter().zip(&pieces) {
        assert!(!call.id.is_empty(), "a call without an id: {done:?}");
        assert!(!call.function.arguments.trim().is_empty(), "blank arguments are sent back as `{{}}`: {done:?}");
        if !joined.trim().is_empty() {
            assert_eq!(*joined, call.function.arguments, "a call's pieces add up to its arguments");
        }
    }
    calls::check_reply(done);
    format!("finished({} calls)", done.tool_calls.len().min(2))
}

fn check_sse(case: &SseCase) -> String {
    let bytes = &case.body.0;
    let whole = run_completion(&[bytes]);
    let split = run_completion(&gen::pieces(bytes, &case.cuts));
    assert_eq!(split, whole, "completion_stream: cut at {:?} differs from whole", case.cuts);
    let class = check_completion_events(&whole);
    let answer_whole = run_answer(&[bytes]);
    let answer_split = run_answer(&gen::pieces(bytes, &case.cuts));
    assert_eq!(answer_split, answer_whole, "answer_deltas: cut at {:?} differs from whole", case.cuts);
    if let Some(at) = answer_whole.iter().position(Result::is_err) {
        assert_eq!(at, answer_whole.len() - 1, "answer_deltas went on after an error");
    }
    let answer = match answer_whole.last() {
        Some(Err(e)) => code(e),
        _ => "ok".into(),
    };
    format!("{class} / answer {answer}")
}

#[test]
fn sse_stream() {
    fuzz("sse_stream", 3000, make_sse, check_sse);
}

/// A whole `chat.completion` body (servers that ignore `stream: true`).
fn completion_json(rng: &mut Rng) -> Value {
    let calls: Vec<Value> = (0..rng.len(7))
        .map(|_| {
            let args = gen::object(rng, 2, ARG_KEYS);
            let arguments = match rng.below(5) {
                0 => args,
                1 => Value::Null,
                2 => json!(gen::mutate(rng, &args.to_string())),
                _ => {
                    let style = gen::style(rng);
                    json!(gen::render(rng, &args, style))
                }
            };
            let mut call = json!({"type": "function", "function": {"name": tool_name(rng), "arguments": arguments}});
            if !rng.one_in(3) {
                call["id"] = json!(format!("call_{}", rng.below(5)));
            }
            call
        })
        .collect();
    let content = match rng.below(4) {
        0 => Value::Null,
        1 => json!(calls::make_model_text(rng).text),
        _ => json!(gen::text(rng, 40)),
    };
    let tool_calls = if calls.is_empty() && rng.one_in(2) { Value::Null } else { json!(calls) };
    json!({
        "id": "chatcmpl-1", "object": "chat.completion", "model": "m",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content, "tool_calls": tool_calls}, "finish_reason": "tool_calls"}],
        "usage": {"prompt_tokens": rng.below(9000), "completion_tokens": rng.below(900), "total_tokens": 1}
    })
}

fn make_body(rng: &mut Rng) -> String {
    match rng.below(8) {
        0..=2 => {
            let v = completion_json(rng);
            let style = *rng.pick(&[Style::Compact, Style::Pretty, Style::Ascii]);
            gen::render(rng, &v, style)
        }
        3 | 4 => {
            let v = completion_json(rng);
            gen::mutate(rng, &v.to_string())
        }
        5 => json!({"error": {"message": gen::pick_error_message(rng)}}).to_string(),
        6 => gen::json(rng, 4, &["choices", "message", "delta", "content", "tool_calls", "function", "name", "arguments", "index", "error"]).to_string(),
        _ => {
            let depth = rng.range(1, 300);
            gen::deep(rng, depth)
        }
    }
}

#[test]
fn completion_body() {
    fuzz("completion_body", 5000, make_body, |body: &String| match parse_completion_body(body) {
        Ok(done) => {
            for call in &done.tool_calls {
                assert!(!call.id.is_empty() && !call.function.arguments.trim().is_empty(), "{done:?}");
            }
            calls::check_reply(&done);
            format!("ok({} calls)", done.tool_calls.len().min(2))
        }
        Err(e) => code(&e),
    });
}

#[derive(Debug)]
struct HttpFailure {
    status: u16,
    retry_after: Option<String>,
    body: String,
}

#[test]
fn http_failure() {
    let make = |rng: &mut Rng| {
        let status = if rng.one_in(4) { rng.range(0, 999) as u16 } else { *rng.pick(&[400, 401, 403, 404, 408, 413, 422, 429, 500, 502, 503]) };
        let retry_after = match rng.below(4) {
            0 => None,
            1 => Some(rng.below(100).to_string()),
            2 => Some(rng.pick(&["-1", "1e999", "NaN", "inf", "2.5", "99999999999999999999", "Wed, 21 Oct 2015 07:28:00 GMT"]).to_string()),
            _ => Some(gen::text(rng, 8)),
        };
        let message = gen::pick_error_message(rng);
        let body = match rng.below(6) {
            0 => json!({"error": {"message": message, "type": "invalid_request_error", "param": rng.pick(&["tools", "messages", ""]), "code": rng.pick(&["context_length_exceeded", "model_not_found", "unsupported_parameter", ""])}}).to_string(),
            1 => json!({"error": message}).to_string(),
            2 => json!({"object": "error", "message": message, "code": rng.below(600)}).to_string(),
            3 => gen::mutate(rng, &json!({"error": {"message": message, "code": 400}}).to_string()),
            4 => gen::json(rng, 3, &["error", "message", "code", "type", "param", "detail"]).to_string(),
            _ => gen::text(rng, 300),
        };
        HttpFailure { status, retry_after, body }
    };
    fuzz("http_failure", 10_000, make, |f: &HttpFailure| {
        let e = classify_http_failure(f.status, f.retry_after.as_deref(), &f.body, "model");
        for attempt in 0..=MAX_ATTEMPTS + 1 {
            if let Some(ms) = retry_delay_ms(&e, attempt) {
                assert!(ms <= 30_000, "a wait of {ms} ms after {e:?}");
            }
        }
        assert!(!e.to_string().is_empty());
        // The panel is told: the error must cross to it.
        crate::protocol::answer_failure(e.clone().into());
        code(&e)
    });
}

#[derive(Debug)]
struct AnswerCase {
    /// The answer the arguments hold, when the pieces are well formed.
    answer: Option<String>,
    pieces: Vec<String>,
}

/// `done`'s arguments as they stream, cut anywhere between characters;
/// written plainly, pretty, with `\u` escapes (surrogate pairs cut in
/// two), or mangled.
fn make_answer(rng: &mut Rng) -> AnswerCase {
    let answer = if rng.one_in(2) { gen::text(rng, 40) } else { gen::words(rng, gen::WORDS, 8) };
    let args = if rng.one_in(2) { json!({"answer": answer, "success": true}) } else { json!({"success": rng.one_in(2), "answer": answer}) };
    let style = *rng.pick(&[Style::Compact, Style::Pretty, Style::Ascii]);
    let text = gen::render(rng, &args, style);
    let (answer, text) = if rng.one_in(4) { (None, gen::mutate(rng, &text)) } else { (Some(answer), text) };
    AnswerCase { answer, pieces: split_text(rng, &text) }
}

#[test]
fn answer_stream() {
    fuzz("answer_stream", 20_000, make_answer, |case: &AnswerCase| {
        let mut stream = AnswerStream::default();
        let shown: String = case.pieces.iter().filter_map(|p| stream.push(p)).collect();
        match &case.answer {
            Some(answer) => {
                assert_eq!(&shown, answer, "the streamed answer is the answer");
                "whole".into()
            }
            None if shown.is_empty() => "nothing (mangled)".into(),
            None => "some (mangled)".into(),
        }
    });
}
