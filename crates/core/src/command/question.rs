//! Question-vs-action routing for input the grammar does not take as
//! commands (seed 003: the planner's `intent: "question" | "action"`).
//!
//! Commands are tried first, so a polite request with a question mark
//! ("can you scroll down?") stays a command. What is left is a question when
//! it leads with a request for information ("tell me…", "check if…"), an
//! interrogative ("what", "how much") or an inverted auxiliary ("is there…",
//! "can I…"), or ends with `?`. One rule per way, first match wins; each has
//! a fixture row in `tests.rs`.

use super::tokens::{ends_with_question_mark, Token, TokenKind};

#[derive(Debug)]
pub enum QuestionWhen {
    /// The input starts with one of these phrases.
    Leads(&'static [&'static str]),
    /// The input ends with a question mark.
    Mark,
}

pub struct QuestionRule {
    pub id: &'static str,
    pub when: QuestionWhen,
}

use QuestionWhen::*;

#[rustfmt::skip]
pub static QUESTION_RULES: &[QuestionRule] = &[
    QuestionRule { id: "question.request", when: Leads(&[
        "tell me", "explain", "describe", "summarize", "summarise", "find out", "check if", "check whether",
        "see if", "i wonder", "do you know", "i want to know", "i'd like to know", "compare",
    ]) },
    QuestionRule { id: "question.wh", when: Leads(&[
        "what", "what's", "whats", "which", "who", "who's", "whom", "whose", "when", "where", "where's",
        "why", "how", "how's",
    ]) },
    QuestionRule { id: "question.aux", when: Leads(&[
        "is", "are", "was", "were", "do", "does", "did", "can", "could", "should", "would", "will", "has",
        "have", "had", "am", "may", "might", "shall", "isn't", "aren't", "doesn't", "don't", "didn't",
        "can't", "won't", "wouldn't", "shouldn't",
    ]) },
    QuestionRule { id: "question.mark", when: Mark },
];

/// Words skipped before looking at how the input starts ("so, what is…").
const FILLERS: &[&str] = &["so", "ok", "okay", "hey", "hi", "please", "and", "but", "um", "well", "then"];

/// The id of the question rule that takes `input`, if any.
pub fn classify(input: &str, tokens: &[Token]) -> Option<&'static str> {
    let words: Vec<&str> = tokens
        .iter()
        .filter(|t| t.kind == TokenKind::Word)
        .map(|t| t.norm.as_str())
        .skip_while(|w| FILLERS.contains(w))
        .collect();
    QUESTION_RULES
        .iter()
        .find(|rule| match rule.when {
            Leads(phrases) => phrases.iter().any(|p| {
                let p: Vec<&str> = p.split(' ').collect();
                words.len() >= p.len() && words[..p.len()] == p[..]
            }),
            Mark => ends_with_question_mark(input),
        })
        .map(|rule| rule.id)
}

/// Polite requests that read as questions ("would you mind ticking …?"):
/// an order all the same, when the rest is one.
const REQUESTS: &[&str] = &["would you mind", "do you mind", "could you", "can you", "would you", "will you", "could u", "can u"];

/// Whether `input` asks for something to be done, as a question ("would
/// you mind ticking Oslo?"): the worker may still read it against the
/// page, which reads it only when every word is explained (a question
/// such as "can you tell me the price?" has words no order carries).
pub fn asks_to_act(input: &str) -> bool {
    let tokens = super::tokens::tokenize(input);
    let words: Vec<&str> = tokens
        .iter()
        .filter(|t| t.kind == TokenKind::Word)
        .map(|t| t.norm.as_str())
        .skip_while(|w| FILLERS.contains(w))
        .collect();
    let requested = REQUESTS.iter().any(|p| {
        let p: Vec<&str> = p.split(' ').collect();
        words.len() > p.len() && words[..p.len()] == p[..]
    });
    requested || ends_in_order(input)
}

/// Whether `input` is several sentences and the last is no question:
/// "Where to? Vienna. Set it in the dropdown." asks, then orders.
fn ends_in_order(input: &str) -> bool {
    let trimmed = input.trim().trim_end_matches(['.', '!']);
    let Some(cut) = trimmed.rfind(['?', '.', '!']) else { return false };
    let last = trimmed[cut + 1..].trim();
    if last.is_empty() || trimmed.ends_with('?') {
        return false;
    }
    let tokens = super::tokens::tokenize(last);
    classify(last, &tokens).is_none()
}

#[cfg(test)]
mod tests {
    #[test]
    fn requests_asked_as_questions() {
        let rows = [
            ("Would you mind ticking Oslo and Rome?", true),
            ("hey, could you please press Save?", true),
            ("can you", false),
            ("what can you do?", false),
            ("is there a Save button?", false),
            ("Where to? Vienna. Set it in the dropdown for me", true),
            ("Where is the Save button? I can't see it.", true),
            ("Which city is selected? And which is the cheapest?", false),
        ];
        for (input, want) in rows {
            assert_eq!(super::asks_to_act(input), want, "{input}");
        }
    }
}
