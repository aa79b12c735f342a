//! Rendering a task's turns into the chat request of each model call,
//! within a token budget (issue 40 point 4).
//!
//! The request is rebuilt from [`Turn`]s every time rather than kept as a
//! growing message list, so compaction is a rendering choice, not an edit
//! of history:
//! 1. page states: only the current page's keep theirs — the newest full
//!    page state and the change reports after it ([`pages_to_keep`]);
//!    older ones say it was replaced (a stale page is the biggest and
//!    least useful part of the history);
//! 2. past the budget, older results keep only their first line, oldest
//!    first, the last [`KEEP_RECENT`] turns staying verbatim;
//! 3. still past it (or after the endpoint said the context is too long),
//!    the oldest turns are folded into one line each in a recap message.
//!
//! Tokens are estimated ([`estimate_tokens`]): the worker has no tokenizer
//! and the budget only needs to be about right (tests compare the
//! estimate with o200k).

use super::prompt;
use super::task::{CallResult, Task, ToolMode, Turn};
use super::tools::TOOLS;
use crate::llm::{Message, StreamOptions, ToolCallWire, ToolChatRequest, ToolChoice, ToolSpec};

/// Turns at the end that are never shortened.
pub const KEEP_RECENT: usize = 4;

/// About how many tokens `text` is: ~4 characters per token for Latin
/// text, one per character for scripts without spaces (CJK), whichever
/// is more.
pub fn estimate_tokens(text: &str) -> usize {
    let chars = text.chars().count();
    let wide = text.chars().filter(|c| (*c as u32) >= 0x2E80).count();
    (chars - wide).div_ceil(4) + wide
}

/// How hard to compact: 0 = only stale page states dropped; 1 = older
/// results cut to one line; 2 = oldest turns folded into a recap, as far
/// as needed for the budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Squeeze(pub u8);

/// The request for the next model call.
pub fn request(task: &Task, model: &str, temperature: Option<f32>, budget: usize) -> ToolChatRequest {
    let mut squeeze = Squeeze(0);
    loop {
        let messages = messages(task, squeeze, budget);
        let size: usize = messages.iter().map(|m| m.text_len()).sum::<usize>() / 4;
        if size <= budget || squeeze >= Squeeze(2) {
            return finish(task, model, temperature, messages);
        }
        squeeze = Squeeze(squeeze.0 + 1);
    }
}

fn finish(task: &Task, model: &str, temperature: Option<f32>, messages: Vec<Message>) -> ToolChatRequest {
    let native = task.mode == ToolMode::Native;
    ToolChatRequest {
        model: model.to_owned(),
        messages,
        tools: if native { offered_specs(task) } else { Vec::new() },
        tool_choice: native.then_some(if task.auto_choice { ToolChoice::Auto } else { ToolChoice::Required }),
        parallel_tool_calls: native.then_some(false),
        stream: true,
        stream_options: Some(StreamOptions { include_usage: true }),
        temperature,
        max_tokens: None,
    }
}

/// The tools `task` offers (`offer`), as OpenAI function specs.
pub fn offered_specs(task: &Task) -> Vec<ToolSpec> {
    super::offer::offered(task).into_iter().map(|(name, description, parameters)| ToolSpec::function(name, description, parameters)).collect()
}

/// Every tool as an OpenAI function spec.
pub fn tool_specs() -> Vec<ToolSpec> {
    let tools = TOOLS.iter().map(|t| ToolSpec::function(t.name, t.description, t.parameters()));
    let skills = super::skills::SKILLS.iter().map(|s| ToolSpec::function(s.name, s.description, s.parameters()));
    tools.chain(skills).collect()
}

/// The messages for `task` at compaction level `squeeze`.
pub fn messages(task: &Task, squeeze: Squeeze, budget: usize) -> Vec<Message> {
    let system = match task.mode {
        ToolMode::Native => prompt::system(&task.nonce, &|name| super::offer::offers(task, name), &super::offer::hidden(task)),
        ToolMode::Text => prompt::system_text_mode(&task.nonce, &super::offer::offered(task), &super::offer::hidden(task)),
    };
    let mut out = vec![Message::system(system)];
    for turn in prompt::earlier(&task.earlier) {
        out.push(Message::user(turn.question.clone()));
        out.push(Message::assistant_text(turn.answer.clone()));
    }
    let turns = &task.turns;
    let (pages_kept, based) = pages_to_keep(turns);
    out.push(Message::user(opening(task, based)));
    // Folding (level 2): how many leading turns become recap lines, as
    // few as the budget allows, never the recent ones, and never in the
    // middle of a model turn and its results.
    let fold = if squeeze >= Squeeze(2) { fold_count(task, budget, &pages_kept) } else { 0 };
    if fold > 0 {
        out.push(Message::user(recap(&turns[..fold])));
    }
    let shorten_before = if squeeze >= Squeeze(1) { turns.len().saturating_sub(KEEP_RECENT) } else { 0 };
    for (i, turn) in turns.iter().enumerate().skip(fold) {
        let short = i < shorten_before;
        push_turn(&mut out, task, turn, short, |r| pages_kept.contains(&(i, r)));
    }
    out
}

/// The goal message; once a newer full page state follows, the first
/// page's state in it is stale and is left out (the goal and the tab
/// stay). It changes once, so the request's prefix stays the same from
/// then on.
fn opening(task: &Task, stale: bool) -> String {
    let open = format!("<page-{}>", task.nonce);
    let close = format!("</page-{}>", task.nonce);
    match (stale, task.opening.find(&open), task.opening.rfind(&close)) {
        (true, Some(a), Some(b)) if a < b => {
            format!("{}(page state omitted: a newer one follows){}", &task.opening[..a], &task.opening[b + close.len()..])
        }
        _ => task.opening.clone(),
    }
}

/// `(turn, result)` positions whose page state is still shown, and
/// whether one of them is a full page state (else the opening's page is
/// the one the change reports change).
///
/// The model needs the page as it is now: the newest full page state and
/// the change reports after it, all of them (a report is read against
/// what it changes). Anything older describes a page that is gone or
/// superseded, and its ids may be stale.
fn pages_to_keep(turns: &[Turn]) -> (Vec<(usize, usize)>, bool) {
    let mut keep = Vec::new();
    for (i, turn) in turns.iter().enumerate().rev() {
        if let Turn::Results { results } = turn {
            for (r, result) in results.iter().enumerate().rev() {
                if let Some(state) = &result.page {
                    keep.push((i, r));
                    if !super::page::is_change_report(state) {
                        return (keep, true);
                    }
                }
            }
        }
    }
    (keep, false)
}

fn fold_count(task: &Task, budget: usize, pages_kept: &[(usize, usize)]) -> usize {
    let turns = &task.turns;
    let limit = turns.len().saturating_sub(KEEP_RECENT);
    let fixed = estimate_tokens(&task.opening) + 1_500;
    let mut sizes: Vec<usize> = Vec::with_capacity(turns.len());
    for (i, turn) in turns.iter().enumerate() {
        let mut msgs = Vec::new();
        push_turn(&mut msgs, task, turn, i < limit, |r| pages_kept.contains(&(i, r)));
        sizes.push(msgs.iter().map(|m| m.text_len()).sum::<usize>() / 4);
    }
    let mut total: usize = fixed + sizes.iter().sum::<usize>();
    let mut fold = 0;
    while total > budget && fold < limit {
        total -= sizes[fold];
        total += 30; // its recap line
        fold += 1;
    }
    // A model turn's calls and their results go together.
    while fold < turns.len() && matches!(turns.get(fold), Some(Turn::Results { .. })) {
        fold += 1;
    }
    fold.min(turns.len())
}

/// One line per folded turn: what was called and how it went.
fn recap(turns: &[Turn]) -> String {
    let mut out = String::from("Earlier steps (summarised):\n");
    for turn in turns {
        match turn {
            Turn::Model { calls, .. } => {
                for c in calls {
                    out.push_str(&format!("- {} {}", c.name, clip_args(&c.arguments)));
                    out.push('\n');
                }
            }
            Turn::Results { results } => {
                for r in results {
                    out.push_str(&format!("  → {}\n", first_line(&r.brief)));
                }
            }
            Turn::User { text } => out.push_str(&format!("- user: {}\n", first_line(text))),
        }
    }
    out
}

fn clip_args(args: &str) -> String {
    super::page::clip(args, 120)
}

fn first_line(text: &str) -> String {
    super::page::clip(text.lines().next().unwrap_or(""), 160)
}

fn push_turn(out: &mut Vec<Message>, task: &Task, turn: &Turn, short: bool, page_kept: impl Fn(usize) -> bool) {
    match (turn, task.mode) {
        (Turn::Model { content, calls }, ToolMode::Native) => {
            let wire = calls.iter().map(|c| ToolCallWire::new(&c.id, &c.name, &c.arguments)).collect();
            let content = (!content.trim().is_empty()).then(|| content.clone());
            out.push(Message::assistant_calls(content, wire));
        }
        (Turn::Model { content, .. }, ToolMode::Text) => out.push(Message::assistant_text(content.clone())),
        (Turn::Results { results }, ToolMode::Native) => {
            for (r, result) in results.iter().enumerate() {
                out.push(Message::tool(&result.call_id, result_text(task, result, short, page_kept(r))));
            }
            push_images(out, results);
        }
        (Turn::Results { results }, ToolMode::Text) => {
            let text: Vec<String> =
                results.iter().enumerate().map(|(r, result)| format!("[{}] {}", result.name, result_text(task, result, short, page_kept(r)))).collect();
            out.push(Message::user(format!("Results:\n{}", text.join("\n"))));
            push_images(out, results);
        }
        (Turn::User { text }, _) => out.push(Message::user(text.clone())),
    }
}

/// The results' images, in a user message of their own after them: a
/// tool message takes text only at most endpoints.
fn push_images(out: &mut Vec<Message>, results: &[CallResult]) {
    for result in results.iter().filter(|r| !r.images.is_empty()) {
        out.push(Message::user_images(format!("The images {} gave:", result.name), &result.images));
    }
}

fn result_text(task: &Task, result: &CallResult, short: bool, keep_page: bool) -> String {
    let brief = if short { first_line(&result.brief) } else { result.brief.clone() };
    match (&result.page, keep_page) {
        (Some(page), true) => format!("{brief}\n{}", prompt::untrusted(&task.nonce, page)),
        (Some(_), false) => format!("{brief}\n(page state omitted: a newer one follows)"),
        (None, _) => brief,
    }
}

#[cfg(test)]
#[path = "conversation_tests.rs"]
mod tests;
