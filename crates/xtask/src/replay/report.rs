//! Comparing the replayed task with the record, step by step, and the
//! report printed for it.

use super::*;

/// What `tests/tools/replay.mjs` writes.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Replayed {
    pub(super) task: Value,
    #[serde(default)]
    pub(super) prompts: Vec<PromptSeen>,
    /// The model turn whose templates found nothing (the task was stopped there).
    #[serde(default)]
    pub(super) stopped_at_turn: Option<usize>,
}

#[derive(Debug, Deserialize)]
pub(super) struct PromptSeen {
    pub(super) kind: String,
    #[serde(default)]
    pub(super) action: String,
    pub(super) answer: String,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Verdict {
    Same,
    /// A secret the replay would not give (never recorded).
    SecretRefused,
    Differs,
    NotRunNow,
    Extra,
}

pub(super) struct Pair<'a> {
    pub(super) then: Option<&'a StepRecord>,
    pub(super) now: Option<&'a StepRecord>,
    pub(super) verdict: Verdict,
}

pub(super) struct Report<'a> {
    pub(super) record: &'a TaskRecord,
    pub(super) now: &'a TaskRecord,
    pub(super) plan: &'a Plan,
    pub(super) replayed: &'a Replayed,
    pub(super) pairs: Vec<Pair<'a>>,
}

pub(super) fn secret_typed(s: &StepRecord) -> bool {
    s.args.get("text").and_then(Value::as_str).is_some_and(|t| t.contains("{{secret"))
}

/// The bound selector's role and name: `button “Sign in”`.
pub(super) fn bound(s: &StepRecord) -> Option<String> {
    let sel = s.call.as_ref()?.get("args")?.get("selector")?;
    let role = sel.get("role").and_then(Value::as_str).unwrap_or("?");
    Some(match sel.get("name").and_then(Value::as_str) {
        Some(name) => format!("{role} “{name}”"),
        None => role.to_owned(),
    })
}

impl<'a> Report<'a> {
    pub(super) fn new(record: &'a TaskRecord, plan: &'a Plan, now: &'a TaskRecord, replayed: &'a Replayed) -> Report<'a> {
        // Steps keyed by (model call, order within it).
        let keyed = |t: &'a TaskRecord| {
            let mut order: BTreeMap<u32, usize> = BTreeMap::new();
            t.steps
                .iter()
                .map(|s| {
                    let k = order.entry(s.llm_call).or_default();
                    *k += 1;
                    ((s.llm_call, *k), s)
                })
                .collect::<BTreeMap<_, _>>()
        };
        let (then, mut now_steps) = (keyed(record), keyed(now));
        let mut pairs = Vec::new();
        for (key, t) in then {
            let n = now_steps.remove(&key);
            let verdict = match n {
                None => Verdict::NotRunNow,
                Some(n) if n.tool == t.tool && n.description == t.description && n.status == t.status => Verdict::Same,
                Some(n) if n.tool == t.tool && n.description == t.description && secret_typed(t) && n.status == "denied" => Verdict::SecretRefused,
                Some(_) => Verdict::Differs,
            };
            pairs.push(Pair { then: Some(t), now: n, verdict });
        }
        pairs.extend(now_steps.into_values().map(|n| Pair { then: None, now: Some(n), verdict: Verdict::Extra }));
        Report { record, now, plan, replayed, pairs }
    }

    pub(super) fn ended_alike(&self) -> bool {
        self.record.status == self.now.status
    }

    pub(super) fn all_match(&self) -> bool {
        self.pairs.iter().all(|p| matches!(p.verdict, Verdict::Same | Verdict::SecretRefused)) && self.replayed.stopped_at_turn.is_none() && self.ended_alike()
    }

    pub(super) fn render(&self, file: &Path) -> String {
        let mut o = String::new();
        let _ = writeln!(
            o,
            "\nreplay of {} (task {}) — “{}”, {} model turns, {} steps recorded",
            file.display(),
            self.record.id,
            self.record.goal,
            self.plan.rules.len(),
            self.record.steps.len()
        );
        let _ = writeln!(o, "started on {}{}", self.plan.start.url, match self.plan.start.signed_in {
            Some(true) => " (signed in)",
            Some(false) => " (signed out)",
            None => "",
        });
        let w = [2, 4, 12, 7, 7, 14, 0];
        let _ = crate::bench::line(&mut o, &w, &["#", "call", "tool", "then", "now", "verdict", "description (then → now)"], true);
        for (i, p) in self.pairs.iter().enumerate() {
            let any = p.then.or(p.now).expect("a pair has a side");
            let status = |s: Option<&StepRecord>| s.map_or("–".to_owned(), |s| s.status.clone());
            let verdict = match p.verdict {
                Verdict::Same => "same",
                Verdict::SecretRefused => "secret refused",
                Verdict::Differs => "DIFFERS",
                Verdict::NotRunNow => "NOT RUN NOW",
                Verdict::Extra => "EXTRA NOW",
            };
            let description = match (p.then, p.now) {
                (Some(t), Some(n)) if t.description != n.description => format!("{} → {}", t.description, n.description),
                (Some(s), _) | (None, Some(s)) => s.description.clone(),
                (None, None) => String::new(),
            };
            let cells = [(i + 1).to_string(), (any.llm_call + 1).to_string(), any.tool.clone(), status(p.then), status(p.now), verdict.to_owned(), description];
            let _ = crate::bench::line(&mut o, &w, &cells, true);
        }
        let _ = writeln!(
            o,
            "ended: then {}{}, now {}{}",
            self.record.status,
            self.record.answer.as_deref().map(|a| format!(" (“{a}”)")).unwrap_or_default(),
            self.now.status,
            self.now.answer.as_deref().or(self.now.failure.as_deref()).map(|a| format!(" (“{a}”)")).unwrap_or_default()
        );
        for p in &self.replayed.prompts {
            let what = if p.action.is_empty() { String::new() } else { format!(" for “{}”", p.action) };
            let why = if p.kind == "secret" { " — secrets are never recorded, so the replay does not give one" } else { "" };
            let _ = writeln!(o, "asked: {}{what} → {}{why}", p.kind, p.answer);
        }
        for (turn, id) in &self.plan.unresolved {
            let _ = writeln!(o, "note: model turn {turn} names {id}, which no recorded listing gave: replayed as recorded");
        }
        if let Some(turn) = self.replayed.stopped_at_turn {
            let needs: Vec<String> = self.plan.needs.get(&turn).into_iter().flatten().map(|n| n.key.clone()).collect();
            let _ = writeln!(
                o,
                "\nModel turn {turn} could not be replayed: the page no longer lists {} (the replay found its ids by these labels), so the task was stopped there.",
                if needs.is_empty() { "what it named".to_owned() } else { needs.join(", ") }
            );
        }
        match self.pairs.iter().position(|p| !matches!(p.verdict, Verdict::Same | Verdict::SecretRefused)) {
            Some(i) => self.first_difference(&mut o, i),
            None if self.all_match() => {
                let refused = self.pairs.iter().filter(|p| p.verdict == Verdict::SecretRefused).count();
                let _ = writeln!(
                    o,
                    "\nAll {} steps match the record{}.",
                    self.pairs.len(),
                    if refused > 0 { format!(" ({refused} typed a secret the replay refused to give)") } else { String::new() }
                );
            }
            None if !self.ended_alike() => {
                let _ = writeln!(o, "\nEvery step matches, but the task ended otherwise: {} then, {} now.", self.record.status, self.now.status);
            }
            None => {}
        }
        if !self.all_match() {
            let _ = writeln!(o, "The page no longer answers as recorded.");
        }
        o
    }

    pub(super) fn first_difference(&self, o: &mut String, i: usize) {
        let p = &self.pairs[i];
        let _ = writeln!(o, "\nFirst step that no longer matches: #{}", i + 1);
        let side = |o: &mut String, when: &str, s: Option<&StepRecord>| match s {
            None => {
                let _ = writeln!(o, "  {when}: not run");
            }
            Some(s) => {
                let _ = writeln!(o, "  {when}: {} {} — {}", s.status, s.tool, s.description);
                if let Some(b) = bound(s) {
                    let _ = writeln!(o, "        bound to {b}");
                }
                let _ = writeln!(o, "        args {}", s.args);
                if !s.result.is_empty() {
                    let _ = writeln!(o, "        {}", s.result);
                }
            }
        };
        side(o, "then", p.then);
        side(o, "now ", p.now);
        let why = match (p.then, p.now) {
            (Some(t), Some(n)) => {
                let mut why = Vec::new();
                if t.tool != n.tool {
                    why.push(format!("another tool ran: {} then, {} now", t.tool, n.tool));
                }
                match (bound(t), bound(n)) {
                    (Some(a), Some(b)) if a != b => why.push(format!("it binds another element: {a} then, {b} now")),
                    _ if t.description != n.description => why.push(format!("it names another element: “{}” then, “{}” now", t.description, n.description)),
                    _ => {}
                }
                if t.status != n.status {
                    why.push(if t.status == "ok" {
                        format!("it succeeded then and is {} now: {}", n.status, n.result)
                    } else {
                        format!("it was {} then and is {} now", t.status, n.status)
                    });
                }
                why.join("; ")
            }
            (Some(_), None) => match (self.replayed.stopped_at_turn, &self.now.failure) {
                (Some(turn), _) => format!("the replay stopped at model turn {turn} (above)"),
                (None, Some(f)) => format!("the task ended before it: {f}"),
                (None, None) => "the task ended before it".to_owned(),
            },
            (None, Some(_)) => "a step ran now that the record does not have".to_owned(),
            (None, None) => String::new(),
        };
        let _ = writeln!(o, "  → {why}");
    }
}
