//! Choosing the answer for a chat request: first matching rule, `times`
//! counting, the default, and the `{{lastUser}}` template.

use crate::request::ChatRequest;
use crate::scenario::{Failure, Reply, Scenario, When};

/// What the scenario says to do with one request.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// Answer with this (already templated) reply.
    Reply(Reply),
    /// Fail; `reply` (templated) supplies the partial content, if any.
    Fail { failure: Failure, reply: Option<Reply> },
    /// No rule matched and there is no default.
    NoMatch,
}

/// A scenario plus how often each rule has answered.
#[derive(Debug, Clone, Default)]
pub struct RuleBook {
    scenario: Scenario,
    hits: Vec<u32>,
}

impl RuleBook {
    pub fn new(scenario: Scenario) -> Self {
        let hits = vec![0; scenario.rules.len()];
        RuleBook { scenario, hits }
    }

    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// Picks the first rule that matches and is not used up, counting the hit.
    pub fn select(&mut self, req: &ChatRequest) -> Outcome {
        let last_user = req.last_with_role("user").unwrap_or("");
        for (i, rule) in self.scenario.rules.iter().enumerate() {
            if rule.times.is_some_and(|n| self.hits[i] >= n) || !when_matches(&rule.when, req) {
                continue;
            }
            self.hits[i] += 1;
            let reply = rule.reply.as_ref().map(|r| render(r, last_user));
            return match (rule.fail, reply) {
                (Some(failure), reply) => Outcome::Fail { failure, reply },
                (None, Some(reply)) => Outcome::Reply(reply),
                // Validation guarantees a rule has a reply or a fail.
                (None, None) => Outcome::NoMatch,
            };
        }
        match &self.scenario.default {
            Some(d) => Outcome::Reply(render(d, last_user)),
            None => Outcome::NoMatch,
        }
    }
}

/// All conditions present must hold.
pub fn when_matches(when: &When, req: &ChatRequest) -> bool {
    let contains = |haystack: Option<&str>, needle: &Option<String>| match needle {
        None => true,
        Some(n) => haystack.is_some_and(|h| h.to_lowercase().contains(&n.to_lowercase())),
    };
    contains(req.last_with_role("user"), &when.last_user_contains)
        && contains(req.last_with_role("tool"), &when.last_tool_contains)
        && contains(Some(&req.system_text()), &when.system_contains)
        && when.model.as_ref().is_none_or(|m| *m == req.model)
}

/// Fills `{{lastUser}}` in the reply's content.
fn render(reply: &Reply, last_user: &str) -> Reply {
    let mut out = reply.clone();
    if let Some(c) = &mut out.content {
        *c = c.replace("{{lastUser}}", last_user);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(model: &str, msgs: &[(&str, &str)]) -> ChatRequest {
        let messages: Vec<_> = msgs.iter().map(|(r, c)| serde_json::json!({"role": r, "content": c})).collect();
        ChatRequest::parse(serde_json::json!({"model": model, "messages": messages}).to_string().as_bytes()).unwrap()
    }

    fn content(o: &Outcome) -> Option<&str> {
        match o {
            Outcome::Reply(r) => r.content.as_deref(),
            _ => None,
        }
    }

    #[test]
    fn conditions_table() {
        let r = req("m1", &[("system", "Here is the DIGEST"), ("user", "What about the Pro Plan?"), ("tool", "invoice #3")]);
        let cases: &[(&str, bool)] = &[
            (r#"{}"#, true),
            (r#"{"lastUserContains":"pro plan"}"#, true),
            (r#"{"lastUserContains":"enterprise"}"#, false),
            (r#"{"lastToolContains":"INVOICE"}"#, true),
            (r#"{"systemContains":"digest"}"#, true),
            (r#"{"model":"m1"}"#, true),
            (r#"{"model":"M1"}"#, false),
            (r#"{"systemContains":"digest","model":"m2"}"#, false),
            (r#"{"lastUserContains":"plan","lastToolContains":"invoice","systemContains":"here"}"#, true),
        ];
        for (when, expected) in cases {
            let w: When = serde_json::from_str(when).unwrap();
            assert_eq!(when_matches(&w, &r), *expected, "{when}");
        }
        let no_tool = req("m1", &[("user", "hi")]);
        let w: When = serde_json::from_str(r#"{"lastToolContains":""}"#).unwrap();
        assert!(!when_matches(&w, &no_tool), "no tool message: lastToolContains never matches");
    }

    #[test]
    fn first_match_wins_times_runs_out_then_default() {
        let s = Scenario::from_json(
            r#"{"rules":[
                {"when":{"lastUserContains":"x"},"fail":"rate_limited","times":2},
                {"when":{"lastUserContains":"x"},"reply":{"content":"first"}},
                {"reply":{"content":"second"}}],
               "default":{"content":"never"}}"#,
        )
        .unwrap();
        let mut book = RuleBook::new(s);
        let x = req("m", &[("user", "x")]);
        assert!(matches!(book.select(&x), Outcome::Fail { failure: Failure::RateLimited, .. }));
        assert!(matches!(book.select(&x), Outcome::Fail { failure: Failure::RateLimited, .. }));
        assert_eq!(content(&book.select(&x)), Some("first"));
        assert_eq!(content(&book.select(&req("m", &[("user", "y")]))), Some("second"));
    }

    #[test]
    fn default_template_and_no_match() {
        let mut book = RuleBook::new(Scenario::from_json(r#"{"default":{"content":"You said: {{lastUser}}"}}"#).unwrap());
        assert_eq!(content(&book.select(&req("m", &[("user", "hello")]))), Some("You said: hello"));
        let mut empty = RuleBook::new(Scenario::default());
        assert_eq!(empty.select(&req("m", &[("user", "hello")])), Outcome::NoMatch);
    }
}
