//! Tests of `task.rs`: how the task's events fold into what the panel
//! shows.

use super::state::StepStatus;
use super::task::*;
use bc_core::agent::{self, TaskEvent, TaskStatus, UserPrompt};
use bc_core::llm::Usage;
use bc_core::safety::SecretKind;
use wasm_bindgen_test::wasm_bindgen_test;

fn usage(prompt: u32, completion: u32, cached: u32) -> Usage {
    Usage {
        prompt_tokens: prompt,
        completion_tokens: completion,
        cached_tokens: cached,
    }
}

fn run(events: Vec<TaskEvent>) -> TaskState {
    let mut task = TaskState::new("t1".into());
    for event in events {
        task.apply(event);
    }
    task
}

fn thinking(text: &str) -> TaskEvent {
    TaskEvent::Thinking { text: text.into() }
}

fn llm_call(prompt: u32, completion: u32, cached: u32) -> TaskEvent {
    TaskEvent::LlmCall {
        index: 0,
        usage: usage(prompt, completion, cached),
        ms: 900,
        model: "m".into(),
        cost: None,
    }
}

#[wasm_bindgen_test(unsupported = test)]
fn started_names_the_page_by_title_else_url() {
    let started = |url: &str, title: &str| {
        run(vec![TaskEvent::Started {
            task_id: "t2".into(),
            goal: "g".into(),
            url: url.into(),
            title: title.into(),
        }])
    };
    let task = started("https://shop.example/", "Shop");
    assert_eq!(
        (task.task_id.as_str(), task.page.as_deref()),
        ("t2", Some("Shop"))
    );
    assert_eq!(
        started("https://shop.example/", " ").page.as_deref(),
        Some("https://shop.example/")
    );
    assert_eq!(started("", "").page, None);
}

#[wasm_bindgen_test(unsupported = test)]
fn thinking_appends_and_a_model_call_starts_a_new_note() {
    let mut task = run(vec![thinking("I will open "), thinking("Billing.")]);
    assert_eq!(task.note, "I will open Billing.");
    task.apply(llm_call(100, 10, 0));
    assert_eq!(
        task.note, "I will open Billing.",
        "kept until the next words"
    );
    task.apply(thinking("Now "));
    task.apply(thinking("Invoices."));
    assert_eq!(task.note, "Now Invoices.");
    task.apply(TaskEvent::Status {
        status: TaskStatus::Executing,
        progress: 0.25,
        note: Some("Retrying in 3 s.".into()),
    });
    assert_eq!(task.note, "Retrying in 3 s.");
    task.apply(TaskEvent::Status {
        status: TaskStatus::Executing,
        progress: 0.5,
        note: None,
    });
    assert_eq!(
        (task.note.as_str(), percent(task.progress)),
        ("Retrying in 3 s.", 50)
    );
}

#[wasm_bindgen_test(unsupported = test)]
fn before_the_model_speaks_the_note_says_the_page_is_read() {
    let mut task = TaskState::new("t".into());
    assert_eq!(task.shown_note(), READING_NOTE);
    task.apply(TaskEvent::Status {
        status: TaskStatus::Executing,
        progress: 0.0,
        note: None,
    });
    assert_eq!(task.shown_note(), "");
}

#[wasm_bindgen_test(unsupported = test)]
fn steps_are_kept_by_index() {
    let task = run(vec![
        TaskEvent::StepStarted {
            index: 0,
            description: "Click “Billing” (link)".into(),
        },
        TaskEvent::StepDone {
            index: 0,
            status: agent::StepStatus::Ok,
            description: String::new(),
            result: "Now on “Billing”".into(),
            ms: 412,
        },
        TaskEvent::StepStarted {
            index: 1,
            description: "Click “Pay” (button)".into(),
        },
        TaskEvent::StepDone {
            index: 1,
            status: agent::StepStatus::Denied,
            description: String::new(),
            result: "".into(),
            ms: 5,
        },
        TaskEvent::StepDone {
            index: 3,
            status: agent::StepStatus::Skipped,
            description: String::new(),
            result: "Not run".into(),
            ms: 0,
        },
    ]);
    let shown: Vec<_> = task
        .steps
        .iter()
        .map(|(i, s)| {
            (
                *i,
                s.description.as_str(),
                s.status,
                s.result.as_deref(),
                s.ms,
            )
        })
        .collect();
    assert_eq!(
        shown,
        [
            (
                0,
                "Click “Billing” (link)",
                StepStatus::Done,
                Some("Now on “Billing”"),
                Some(412)
            ),
            (
                1,
                "Click “Pay” (button)",
                StepStatus::Declined,
                None,
                Some(5)
            ),
            (3, "Step 4", StepStatus::NotRun, Some("Not run"), Some(0)),
        ]
    );
    assert_eq!(seconds(412), "0.4 s");
    assert_eq!(seconds(12_345), "12.3 s");
    assert_eq!(
        (seconds(1_250), seconds(0), seconds(40)),
        ("1.3 s".into(), "0.0 s".into(), "0.0 s".into())
    );
}

#[wasm_bindgen_test(unsupported = test)]
fn prompts_open_and_close_and_go_with_the_end() {
    let question = UserPrompt::Question {
        text: "Which invoice?".into(),
    };
    let secret = UserPrompt::Secret {
        secret: SecretKind::Password,
        field: "Password".into(),
        site: "https://shop.example".into(),
    };
    let mut task = run(vec![
        TaskEvent::Prompt {
            prompt_id: 1,
            prompt: question.clone(),
        },
        TaskEvent::Prompt {
            prompt_id: 2,
            prompt: secret.clone(),
        },
        TaskEvent::Prompt {
            prompt_id: 1,
            prompt: question.clone(),
        },
    ]);
    assert_eq!(task.prompts, vec![(1, question), (2, secret.clone())]);
    task.apply(TaskEvent::PromptClosed { prompt_id: 1 });
    assert_eq!(task.prompts, vec![(2, secret)]);
    task.apply(TaskEvent::Finished {
        status: TaskStatus::Failed,
        answer: Some("The user did not give the password.".into()),
        usage: Usage::default(),
        cost: None,
    });
    assert!(task.prompts.is_empty());
}

#[wasm_bindgen_test(unsupported = test)]
fn the_answer_streams_and_the_final_one_stands() {
    let mut task = run(vec![thinking("Pro costs $29.")]);
    assert_eq!(task.answer(), None);
    task.apply(TaskEvent::Finished {
        status: TaskStatus::Succeeded,
        answer: Some("Pro costs $29.".into()),
        usage: Usage::default(),
        cost: None,
    });
    assert_eq!(task.answer().as_deref(), Some("Pro costs $29."));
    assert_eq!(task.note, "", "the note does not repeat the answer");
    assert_eq!(percent(task.progress), 100);

    let streamed = run(vec![
        TaskEvent::AnswerDelta {
            text: "Pro ".into(),
        },
        TaskEvent::AnswerDelta {
            text: "costs $29.".into(),
        },
        TaskEvent::Finished {
            status: TaskStatus::Succeeded,
            answer: Some("Pro costs $29".into()),
            usage: Usage::default(),
            cost: None,
        },
    ]);
    assert_eq!(streamed.answer().as_deref(), Some("Pro costs $29"), "once ended, the worker's answer is final");
    let writing = run(vec![TaskEvent::AnswerDelta { text: "Pro ".into() }]);
    assert_eq!(writing.answer().as_deref(), Some("Pro "), "shown while written");
    let again = run(vec![
        TaskEvent::AnswerDelta { text: "Done.".into() },
        llm_call(10, 1, 0),
        TaskEvent::AnswerDelta { text: "Done, with the file.".into() },
    ]);
    assert_eq!(again.answer().as_deref(), Some("Done, with the file."), "a later done's answer replaces one sent back");

    let silent = run(vec![TaskEvent::Finished {
        status: TaskStatus::Cancelled,
        answer: None,
        usage: Usage::default(),
        cost: None,
    }]);
    assert_eq!(silent.answer(), None);
}

#[wasm_bindgen_test(unsupported = test)]
fn usage_sums_the_calls_and_the_end_gives_the_total() {
    let mut task = run(vec![llm_call(2_000, 50, 1_024), llm_call(1_210, 40, 0)]);
    assert_eq!(task.usage, usage(3_210, 90, 1_024));
    assert_eq!(task.usage_line(), None, "shown at the end");
    task.apply(llm_call(1_000, 30, 0));
    task.apply(TaskEvent::Finished {
        status: TaskStatus::Succeeded,
        answer: None,
        usage: usage(4_210, 120, 1_024),
        cost: None,
    });
    assert_eq!(
        task.usage_line().as_deref(),
        Some("3 model calls · 4,210 tokens in (1,024 cached) · 120 out")
    );
    assert_eq!(
        usage_line(1, usage(999, 1_234_567, 0), None),
        "1 model call · 999 tokens in · 1,234,567 out"
    );
}

fn priced_call(prompt: u32, completion: u32, cost: Option<f64>) -> TaskEvent {
    TaskEvent::LlmCall {
        index: 0,
        usage: usage(prompt, completion, 0),
        ms: 900,
        model: "gpt-4o-mini".into(),
        cost,
    }
}

fn finished_with(cost: Option<f64>) -> TaskEvent {
    TaskEvent::Finished {
        status: TaskStatus::Succeeded,
        answer: Some("Done.".into()),
        usage: usage(4_210, 120, 0),
        cost,
    }
}

#[wasm_bindgen_test(unsupported = test)]
fn the_cost_is_finished_s_else_the_calls_sum_when_all_are_known() {
    let calls = || {
        vec![
            priced_call(3_000, 80, Some(0.0007)),
            priced_call(1_210, 40, Some(0.0005)),
        ]
    };
    let summed = run([calls(), vec![finished_with(None)]].concat());
    assert_eq!(
        summed.usage_line().as_deref(),
        Some("2 model calls · 4,210 tokens in · 120 out · $0.0012")
    );
    let given = run([calls(), vec![finished_with(Some(0.0034))]].concat());
    assert_eq!(given.cost(), Some(0.0034));
    let unpriced = run(vec![
        priced_call(3_000, 80, Some(0.0007)),
        priced_call(1_210, 40, None),
        finished_with(None),
    ]);
    assert_eq!(unpriced.cost(), None);
    assert_eq!(
        unpriced.usage_line().as_deref(),
        Some("2 model calls · 4,210 tokens in · 120 out"),
        "tokens only when the cost is not known"
    );
    assert_eq!(
        run(vec![finished_with(None)]).cost(),
        None,
        "no call, no cost"
    );
}

#[wasm_bindgen_test(unsupported = test)]
fn dollars_keep_two_significant_digits_and_at_least_cents() {
    let cases = [
        (0.0012, "$0.0012"),
        (0.034_49, "$0.034"),
        (0.5, "$0.50"),
        (1.5, "$1.50"),
        (12.345, "$12.35"),
        (0.000_012_34, "$0.000012"),
        (0.000_000_1, "< $0.000001"),
        (0.0, "$0.00"),
    ];
    for (usd, want) in cases {
        assert_eq!(dollars(usd), want, "{usd}");
    }
}

/// A step as stored, from the fields the panel reads.
fn record(index: u32, status: &str, description: &str, result: &str, ms: u32) -> agent::StepRecord {
    serde_json::from_value(serde_json::json!({
        "index": index, "llmCall": 0, "tool": "dom_click", "args": {},
        "description": description, "status": status, "result": result,
        "startedAt": 0.0, "ms": ms,
    }))
    .unwrap()
}

#[wasm_bindgen_test(unsupported = test)]
fn a_stored_task_shows_its_steps_failure_usage_and_cost() {
    let mut task = agent::Task::new("task-1-abc".into(), "Buy a lamp".into(), 1, "n".into(), 0.0);
    task.status = TaskStatus::Failed;
    task.failure = Some("The browser stopped the copilot after step 2.".into());
    task.cost = Some(0.0021);
    task.steps = vec![
        record(0, "ok", "Click “Lamps” (link)", "Now on “Lamps”", 412),
        record(1, "running", "Click “Buy” (button)", "", 0),
    ];
    task.llm_calls = (0..2)
        .map(|index| agent::task::LlmCallRecord {
            index,
            model: "gpt-4o-mini".into(),
            started_at: 0.0,
            ms: 700,
            usage: usage(1_000, 20, 0),
            attempts: 1,
        })
        .collect();
    let shown = TaskState::from_record(&task);
    assert_eq!(shown.task_id, "task-1-abc");
    let steps: Vec<_> = shown
        .steps
        .iter()
        .map(|(i, s)| (*i, s.status, s.result.as_deref(), s.ms))
        .collect();
    assert_eq!(
        steps,
        [
            (0, StepStatus::Done, Some("Now on “Lamps”"), Some(412)),
            (1, StepStatus::Failed, None, Some(0)),
        ],
        "a step still running in an ended task did not finish"
    );
    assert_eq!(
        shown.answer().as_deref(),
        Some("The browser stopped the copilot after step 2.")
    );
    assert_eq!(
        shown.usage_line().as_deref(),
        Some("2 model calls · 2,000 tokens in · 40 out · $0.0021")
    );
}

#[wasm_bindgen_test(unsupported = test)]
fn ending_on_the_panel_side_settles_running_steps() {
    let started = vec![
        TaskEvent::StepStarted {
            index: 0,
            description: "Scroll down".into(),
        },
        TaskEvent::Prompt {
            prompt_id: 1,
            prompt: UserPrompt::Question { text: "?".into() },
        },
    ];
    let mut stopped = run(started.clone());
    stopped.end(TaskStatus::Cancelled);
    assert_eq!(stopped.steps[0].1.status, StepStatus::Stopped);
    assert!(stopped.prompts.is_empty());
    assert_eq!(status_word(stopped.status), "cancelled");
    let mut failed = run(started);
    failed.end(TaskStatus::Failed);
    assert_eq!(failed.steps[0].1.status, StepStatus::Failed);
    assert_eq!(status_word(TaskStatus::AwaitingUser), "awaiting_user");
}

#[wasm_bindgen_test(unsupported = test)]
fn the_first_step_of_a_model_call_says_what_the_call_used() {
    let start = |index: u32| TaskEvent::StepStarted { index, description: format!("Step {index}") };
    let task = run(vec![
        TaskEvent::LlmCall { index: 0, usage: usage(1234, 40, 0), ms: 700, model: "m".into(), cost: Some(0.0002) },
        start(0),
        start(1),
        TaskEvent::LlmCall { index: 1, usage: usage(2000, 5, 0), ms: 700, model: "m".into(), cost: None },
        start(2),
    ]);
    let lines: Vec<Option<&str>> = task.steps.iter().map(|(_, s)| s.llm.as_deref()).collect();
    assert_eq!(
        lines,
        [Some("model call 1: 1,234 tokens in · 40 out · $0.00020"), None, Some("model call 2: 2,000 tokens in · 5 out")]
    );
}
