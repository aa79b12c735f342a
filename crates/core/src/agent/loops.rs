//! Loop detection (issue 40 point 4): the same action with the same
//! result on the same page, again and again, is a model stuck. As
//! browser-use found, a nudge at 3 and 5 repeats gets most models out;
//! at 8 the task stops with a message instead of burning calls.

use super::task::{StepRecord, StepStatus};

/// Repeats that earn a nudge, and the count that stops the task.
const NUDGE_AT: [usize; 2] = [3, 5];
const STOP_AT: usize = 8;
/// How far back repeats are counted.
const WINDOW: usize = 12;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Fine,
    /// Tell the model (a user message before its next call).
    Nudge(String),
    /// End the task; the text is for the user.
    Stop(String),
}

/// What makes two steps "the same": the tool, its arguments, where it
/// ran and what it gave.
fn signature(step: &StepRecord) -> (String, String, String, String) {
    let url = step.observation.as_ref().map(|o| o.url.clone()).unwrap_or_default();
    let result = step.result.lines().next().unwrap_or("").to_owned();
    (step.tool.clone(), step.args.to_string(), url, result)
}

/// Looks at the latest step against the ones before it.
pub fn check(steps: &[StepRecord]) -> Verdict {
    let Some(last) = steps.iter().rev().find(|s| s.status != StepStatus::Skipped) else { return Verdict::Fine };
    let sig = signature(last);
    let recent = steps.iter().rev().filter(|s| s.status != StepStatus::Skipped).take(WINDOW);
    let repeats = recent.filter(|s| signature(s) == sig).count();
    if repeats >= STOP_AT {
        return Verdict::Stop(format!("The agent repeated “{}” {repeats} times without progress, so the task was stopped.", last.description));
    }
    if NUDGE_AT.contains(&repeats) {
        return Verdict::Nudge(format!(
            "You have now done “{}” {repeats} times with the same result. It is not working: do something else \
(another element, pcd_query, dom_scroll, read_page, or explore when the page you need is elsewhere on the site), ask_user, or finish with done and success false.",
            last.description
        ));
    }
    Verdict::Fine
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn step(tool: &str, id: &str, result: &str) -> StepRecord {
        StepRecord {
            index: 0,
            llm_call: 0,
            tool: tool.into(),
            args: json!({"id": id}),
            description: format!("Click {id}"),
            call: None,
            used_selector: None,
            risk: None,
            status: StepStatus::Failed,
            result: result.into(),
            observation: None,
            pcd_ts: None,
            started_at: 0.0,
            ms: 0,
        }
    }

    #[test]
    fn repeats_nudge_at_three_and_five_and_stop_at_eight() {
        let same = step("dom_click", "a1", "Failed: no_effect");
        let mut steps = vec![step("dom_click", "a2", "Done")];
        let mut verdicts = Vec::new();
        for _ in 0..8 {
            steps.push(same.clone());
            verdicts.push(match check(&steps) {
                Verdict::Fine => "fine",
                Verdict::Nudge(_) => "nudge",
                Verdict::Stop(_) => "stop",
            });
        }
        assert_eq!(verdicts, ["fine", "fine", "nudge", "fine", "nudge", "fine", "fine", "stop"]);
    }

    #[test]
    fn different_results_or_targets_are_no_loop() {
        let steps: Vec<StepRecord> = (0..10).map(|i| step("dom_click", &format!("a{i}"), "Done")).collect();
        assert_eq!(check(&steps), Verdict::Fine);
        let steps: Vec<StepRecord> = (0..10).map(|i| step("dom_scroll", "x", &format!("Scrolled {i}"))).collect();
        assert_eq!(check(&steps), Verdict::Fine);
    }
}
