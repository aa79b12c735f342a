//! Choosing the answer for a chat request: first matching rule, `times`
//! and hit counting, the default, and filling the reply's templates.

use crate::request::ChatRequest;
use crate::scenario::{Failure, Reply, Scenario, When};
use crate::template::{self, TemplateError};

/// What the scenario says to do with one request.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// Answer with this (already templated) reply.
    Reply(Reply),
    /// Fail; `reply` (templated) supplies the partial content, if any;
    /// `retry_after` is the rule's `retryAfter`.
    Fail { failure: Failure, reply: Option<Reply>, retry_after: Option<u64> },
    /// No rule matched and there is no default.
    NoMatch,
    /// The chosen reply's templates could not be filled (still a hit).
    Template(TemplateError),
}

/// A scenario plus how often each rule has answered.
#[derive(Debug, Clone, Default)]
pub struct RuleBook {
    scenario: Scenario,
    hits: Vec<u32>,
    /// What the adversary did, in order (`tool` + arguments JSON).
    attacks: Vec<String>,
}

impl RuleBook {
    pub fn new(scenario: Scenario) -> Self {
        let hits = vec![0; scenario.rules.len()];
        RuleBook { scenario, hits, attacks: Vec::new() }
    }

    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// How many requests each rule has answered, in rule order.
    pub fn hits(&self) -> &[u32] {
        &self.hits
    }

    /// The calls the adversary made, as `name arguments`.
    pub fn attacks(&self) -> &[String] {
        &self.attacks
    }

    /// Picks the first rule that matches and is not used up, counting the hit.
    pub fn select(&mut self, req: &ChatRequest) -> Outcome {
        if self.scenario.adversary {
            if let Some((attack, reply)) = crate::adversary::answer(req) {
                self.attacks.push(format!("{} {}", attack.name, attack.arguments));
                return Outcome::Reply(reply);
            }
        }
        for (i, rule) in self.scenario.rules.iter().enumerate() {
            if rule.times.is_some_and(|n| self.hits[i] >= n) || !when_matches(&rule.when, req) {
                continue;
            }
            // Counted even if its templates then fail: the rule was chosen,
            // and a `times` rule must not answer again because of that.
            self.hits[i] += 1;
            let reply = match rule.reply.as_ref().map(|r| template::fill_reply(r, req)).transpose() {
                Ok(reply) => reply,
                Err(e) => return Outcome::Template(e),
            };
            return match (rule.fail, reply) {
                (Some(failure), reply) => Outcome::Fail { failure, reply, retry_after: rule.retry_after },
                (None, Some(reply)) => Outcome::Reply(reply),
                // Validation guarantees a rule has a reply or a fail.
                (None, None) => Outcome::NoMatch,
            };
        }
        match &self.scenario.default {
            Some(d) => template::fill_reply(d, req).map_or_else(Outcome::Template, Outcome::Reply),
            None => Outcome::NoMatch,
        }
    }
}

/// Case-insensitive substring test.
fn has(haystack: &str, needle: &str) -> bool {
    haystack.to_lowercase().contains(&needle.to_lowercase())
}

/// All conditions present must hold. `…Contains` on an absent message never
/// holds; `…Lacks` on an absent message always does.
pub fn when_matches(when: &When, req: &ChatRequest) -> bool {
    let last_user = req.last_with_role("user");
    let last_tool = req.last_with_role("tool");
    let in_message = |message: Option<&str>, needle: &str| message.is_some_and(|m| has(m, needle));
    let any_tool = |needle: &str| req.messages.iter().any(|m| m.role == "tool" && has(&m.text, needle));
    when.last_user_contains.as_deref().is_none_or(|n| in_message(last_user, n))
        && when.last_user_lacks.as_deref().is_none_or(|n| !in_message(last_user, n))
        && when.last_tool_contains.as_deref().is_none_or(|n| in_message(last_tool, n))
        && when.last_tool_lacks.as_deref().is_none_or(|n| !in_message(last_tool, n))
        && when.any_tool_contains.as_deref().is_none_or(any_tool)
        && when.system_contains.as_deref().is_none_or(|n| has(&req.system_text(), n))
        && when.any_contains.as_deref().is_none_or(|n| req.messages.iter().any(|m| has(&m.text, n)))
        && when.model.as_ref().is_none_or(|m| *m == req.model)
        && when.turn.is_none_or(|n| req.turn() == n)
        && when.prompt_chars_above.is_none_or(|n| req.prompt_chars() > n)
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
    }

    /// An agent's third request: system, user, then two (assistant, tool) pairs.
    fn agent_turn_3() -> ChatRequest {
        req(
            "m",
            &[
                ("system", "sys"),
                ("user", "Open my invoices"),
                ("assistant", ""),
                ("tool", r#"a1b2 link "Invoices""#),
                ("assistant", ""),
                ("tool", "Clicked. Total due: $40"),
            ],
        )
    }

    #[test]
    fn conversation_conditions_table() {
        let agent = agent_turn_3();
        let first = req("m", &[("system", "sys"), ("user", "Open my invoices")]);
        let no_user = req("m", &[("system", "sys")]);
        // 3 + 16 + 20 + 23 characters.
        assert_eq!(agent.prompt_chars(), 62);
        let cases: &[(&ChatRequest, &str, bool)] = &[
            (&first, r#"{"turn":1}"#, true),
            (&first, r#"{"turn":2}"#, false),
            (&agent, r#"{"turn":3}"#, true),
            (&agent, r#"{"turn":3,"lastUserContains":"invoices"}"#, true),
            (&agent, r#"{"turn":3,"lastUserContains":"pricing"}"#, false),
            (&agent, r#"{"anyToolContains":"A1B2 LINK"}"#, true),
            (&agent, r#"{"lastToolContains":"a1b2"}"#, false),
            (&agent, r#"{"anyToolContains":"nowhere"}"#, false),
            (&first, r#"{"anyToolContains":""}"#, false),
            (&agent, r#"{"lastToolLacks":"a1b2"}"#, true),
            (&agent, r#"{"lastToolLacks":"total due"}"#, false),
            (&first, r#"{"lastToolLacks":"anything"}"#, true),
            (&first, r#"{"lastToolContains":""}"#, false),
            (&agent, r#"{"lastUserLacks":"INVOICES"}"#, false),
            (&agent, r#"{"lastUserLacks":"pricing"}"#, true),
            (&no_user, r#"{"lastUserLacks":"x"}"#, true),
            (&agent, r#"{"anyToolContains":"a1b2","lastToolLacks":"$40"}"#, false),
            (&agent, r#"{"anyToolContains":"a1b2","lastToolLacks":"error"}"#, true),
            (&agent, r#"{"promptCharsAbove":61}"#, true),
            (&agent, r#"{"promptCharsAbove":62}"#, false),
            (&first, r#"{"promptCharsAbove":0,"turn":1}"#, true),
            (&agent, r#"{"anyContains":"total due"}"#, true),
            (&first, r#"{"anyContains":"SYS"}"#, true),
            (&first, r#"{"anyContains":"invoice","lastUserContains":"open"}"#, true),
            (&first, r#"{"anyContains":"nowhere"}"#, false),
        ];
        for (r, when, expected) in cases {
            let w: When = serde_json::from_str(when).unwrap();
            assert_eq!(when_matches(&w, r), *expected, "{when} on turn {}", r.turn());
        }
    }

    #[test]
    fn hits_count_answers_including_failed_templates() {
        let s = Scenario::from_json(
            r#"{"rules":[
                {"when":{"turn":1},"reply":{"content":"turn one"}},
                {"when":{"anyToolContains":"link"},"fail":"rate_limited","retryAfter":9,"times":1},
                {"when":{"lastToolContains":"total"},"reply":{"toolCalls":[{"name":"f","arguments":{"id":"{{match:(\\w+) button}}"}}]}},
                {"reply":{"content":"unused"}}],
               "default":{"content":"{{match:nothing here}}"}}"#,
        )
        .unwrap();
        let mut book = RuleBook::new(s);
        assert_eq!(content(&book.select(&req("m", &[("user", "hi")]))), Some("turn one"));
        let agent = agent_turn_3();
        assert_eq!(book.select(&agent), Outcome::Fail { failure: Failure::RateLimited, reply: None, retry_after: Some(9) });
        assert!(matches!(book.select(&agent), Outcome::Template(TemplateError::Unmatched { .. })));
        assert_eq!(book.hits(), [1, 1, 1, 0]);
        let mut only_default = RuleBook::new(Scenario { rules: vec![], ..book.scenario().clone() });
        assert!(matches!(only_default.select(&agent), Outcome::Template(TemplateError::Unmatched { .. })));
        assert!(only_default.hits().is_empty());
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
