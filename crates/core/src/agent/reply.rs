//! Reading a model reply: the tool calls it makes, however it wrote them
//! (native `tool_calls`, JSON in the text, Hermes `<tool_call>` tags),
//! each decoded against the tool table or with the problem named for a
//! repair request (issue 40 point 2: "malformed tool calls … answered to
//! the model as a tool error naming the problem").

use super::task::ModelCall;
use super::tools::{self, AgentCall, CallError};
use crate::llm::{calls_in_text, parse_lenient, CallProblem, Completion};

/// At most this many calls of one reply are run (issue 40 point 4).
pub const MAX_CALLS_PER_TURN: usize = 5;

/// One call of a reply: as the model wrote it, and decoded.
#[derive(Debug, Clone, PartialEq)]
pub struct Decoded {
    pub wire: ModelCall,
    pub call: Result<AgentCall, String>,
}

/// What a reply amounts to.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    /// The model's words outside its calls (its note, or a plain answer).
    pub text: String,
    pub calls: Vec<Decoded>,
    /// Calls beyond [`MAX_CALLS_PER_TURN`] that were dropped.
    pub dropped: usize,
    /// The text tried to make a call that could not be read.
    pub problem: Option<String>,
}

impl Reply {
    /// Whether every call decoded.
    pub fn well_formed(&self) -> bool {
        self.problem.is_none() && self.calls.iter().all(|c| c.call.is_ok())
    }
}

/// Reads `completion`: native calls first; when there are none, calls
/// written in the text (small local models do that even with native tool
/// calling, and text mode asks for it).
pub fn read(completion: &Completion, turn: usize) -> Reply {
    let known = tools::tool_names();
    let mut calls: Vec<Decoded> = completion
        .tool_calls
        .iter()
        .enumerate()
        .map(|(i, wire)| {
            let id = if wire.id.is_empty() { format!("call_{turn}_{i}") } else { wire.id.clone() };
            let name = wire.function.name.clone();
            let call = match parse_lenient(if wire.function.arguments.trim().is_empty() { "{}" } else { &wire.function.arguments }) {
                Ok(args) => tools::decode(&name, args).map_err(|e| e.to_string()),
                Err(e) => Err(CallError::BadArguments { tool: static_name(&name), detail: e.to_string() }.to_string()),
            };
            Decoded { wire: ModelCall { id, name, arguments: wire.function.arguments.clone() }, call }
        })
        .collect();
    let mut text = completion.content.trim().to_owned();
    let mut problem = None;
    if calls.is_empty() && !text.is_empty() {
        let found = calls_in_text(&text, &known);
        problem = found.problem.map(|p| describe(&p));
        if !found.calls.is_empty() {
            text = found.prose.trim().to_owned();
        }
        calls = found
            .calls
            .into_iter()
            .enumerate()
            .map(|(i, c)| {
                let arguments = c.arguments.to_string();
                let call = tools::decode(&c.name, c.arguments).map_err(|e| e.to_string());
                Decoded { wire: ModelCall { id: format!("call_{turn}_{i}"), name: c.name, arguments }, call }
            })
            .collect();
    }
    let dropped = calls.len().saturating_sub(MAX_CALLS_PER_TURN);
    calls.truncate(MAX_CALLS_PER_TURN);
    Reply { text, calls, dropped, problem }
}

/// A tool name known to the table, for messages (unknown names keep theirs).
fn static_name(name: &str) -> &'static str {
    tools::find(name).map(|t| t.name).unwrap_or("that tool")
}

fn describe(problem: &CallProblem) -> String {
    match problem {
        CallProblem::UnknownTool { name, .. } => {
            CallError::UnknownTool { name: name.clone(), known: tools::tool_names().join(", ") }.to_string()
        }
        other => other.to_string(),
    }
}

#[cfg(test)]
#[path = "reply_tests.rs"]
mod tests;
