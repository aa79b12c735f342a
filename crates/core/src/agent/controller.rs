//! The controller (seed 000 §9, seed 002's iterative loop, seed 003's
//! question-vs-action routing): bootstrap with the page, then turn after
//! turn — ask the model, read its reply, run its calls (at most 5, the
//! batch stopping when the page moves), give it what happened — until it
//! calls `done`, the user stops the task, or a budget ends it.
//!
//! The model decides whether to answer, ask or act; the code decides
//! what may happen (`gates`) and keeps the loop healthy: endpoint errors
//! retried or answered (429/5xx with backoff honouring `Retry-After`,
//! context-length errors by compacting, servers without tool calling by
//! text mode), malformed calls repaired at most twice in a row, loops
//! nudged then stopped, a step limit, cancellation between any two awaits.

use super::conversation;
use super::host::{AgentConfig, Host, StreamPiece, TaskEvent, UserPrompt, UserReply};
use super::loops::{self, Verdict};
use super::page;
use super::prompt;
use super::reply::{self, Decoded};
use super::step::{self, describe};
use super::task::{CallResult, LlmCallRecord, StepRecord, StepStatus, Task, TaskStatus, ToolMode, Turn};
use super::tools::{AgentCall, DoneArgs};
use crate::command::{parse, Parsed};
use crate::llm::{retry_delay_ms, Completion, LlmError};

/// Malformed replies in a row the model gets to repair (then the task stops).
pub const MAX_REPAIRS: u32 = 2;
/// The smallest history budget compaction goes down to after context errors.
const MIN_BUDGET: usize = 2_000;
/// Sleeps are cut into slices this long, so Stop is heard within 1 s.
const SLEEP_SLICE_MS: u32 = 250;

/// Runs `task` until it ends or waits for nothing more; safe to call again
/// on a task loaded after the worker restarted.
pub async fn run<H: Host>(host: &H, task: &mut Task, config: &AgentConfig) {
    if config.text_mode {
        task.mode = ToolMode::Text;
    }
    // Earlier questions of the conversation go into the prompt too.
    for turn in &mut task.earlier {
        turn.question = crate::safety::typed::withhold_typed_secrets(&turn.question);
    }
    task.explore = config.explore;
    task.scout = config.scout.clone();
    task.vision = config.vision;
    if task.status == TaskStatus::Created {
        set_status(host, task, TaskStatus::Planning);
        if let Err(e) = bootstrap(host, task).await {
            return fail(host, task, e).await;
        }
    }
    set_status(host, task, TaskStatus::Executing);
    host.save(task).await;
    loop {
        if host.cancelled() {
            return finish(host, task, TaskStatus::Cancelled, None).await;
        }
        if task.steps_run() as u32 >= config.max_steps || task.llm_calls.len() as u32 >= config.max_steps * 2 {
            let msg = format!("Stopped after {} steps without finishing. The last step: {}.", task.steps_run(), last_step(task));
            return fail(host, task, msg).await;
        }
        let completion = match model_call(host, task, config).await {
            Ok(c) => c,
            Err(LlmError::Cancelled) => return finish(host, task, TaskStatus::Cancelled, None).await,
            Err(e) => return fail(host, task, e.to_string()).await,
        };
        let turn_index = task.llm_calls.len().saturating_sub(1) as u32;
        let reply = reply::read(&completion, turn_index as usize);
        let note = (!reply.text.is_empty()).then(|| page::clip(&reply.text, 300));
        if !reply.calls.is_empty() && note.is_some() {
            task.note = note.clone();
            set_status(host, task, task.status);
        }
        let content = match task.mode {
            ToolMode::Native => reply.text.clone(),
            ToolMode::Text => completion.content.clone(),
        };
        // Images are shown once: the model has seen them now.
        drop_images(task);
        task.turns.push(Turn::Model { content, calls: reply.calls.iter().map(|d| d.wire.clone()).collect() });

        if reply.calls.is_empty() {
            if let Some(problem) = &reply.problem {
                if !repair(host, task, format!("Your reply could not be used: {problem} Reply with one tool call.")).await {
                    return;
                }
                continue;
            }
            if reply.text.is_empty() {
                if !repair(host, task, "Your reply was empty. Call a tool, or done to finish.".into()).await {
                    return;
                }
                continue;
            }
            // A plain answer (seed 003: a question is answered, not acted on).
            task.answer = Some(reply.text.clone());
            return finish(host, task, TaskStatus::Succeeded, Some(reply.text)).await;
        }

        let mut results = Vec::new();
        let mut malformed = None;
        let mut rest_skipped: Option<&str> = None;
        for decoded in &reply.calls {
            if let Some(why) = rest_skipped {
                results.push(skipped(decoded, why));
                continue;
            }
            match &decoded.call {
                Err(problem) => {
                    results.push(CallResult { call_id: decoded.wire.id.clone(), name: decoded.wire.name.clone(), brief: format!("Error: {problem}"), page: None, images: Vec::new() });
                    malformed = Some(problem.clone());
                    rest_skipped = Some("Not run: an earlier call of the same reply was malformed.");
                }
                Ok(AgentCall::Done(done)) => match doubt(task, done) {
                    // Seed 000 §10: goal predicates judge `done` claims —
                    // once; the model may insist.
                    Some(why) => results.push(CallResult { call_id: decoded.wire.id.clone(), name: decoded.wire.name.clone(), brief: why, page: None, images: Vec::new() }),
                    None => return complete(host, task, done).await,
                },
                Ok(AgentCall::AskUser(ask)) => match ask_user(host, task, &ask.question).await {
                    Some(answer) => results.push(CallResult {
                        call_id: decoded.wire.id.clone(),
                        name: decoded.wire.name.clone(),
                        brief: format!("The user answered: {answer}"),
                        page: None,
                        images: Vec::new(),
                    }),
                    None => return finish(host, task, TaskStatus::Cancelled, None).await,
                },
                Ok(call) => {
                    let ran = match call {
                        AgentCall::Skill { name, args } => run_skill(host, task, turn_index, decoded, name, args).await,
                        _ => run_step(host, task, turn_index, decoded, call).await,
                    };
                    if host.cancelled() {
                        return finish(host, task, TaskStatus::Cancelled, None).await;
                    }
                    let moved = ran.moved;
                    results.push(ran.result);
                    if moved {
                        rest_skipped = Some("Not run: the page changed after the previous call. Look at the new page first.");
                    }
                }
            }
        }
        if reply.dropped > 0 {
            if let Some(r) = results.last_mut() {
                r.brief.push_str(&format!("\n({} more calls of that reply were not run: at most 5 per turn.)", reply.dropped));
            }
        }
        task.turns.push(Turn::Results { results });
        match malformed {
            Some(problem) => {
                task.repairs_in_row += 1;
                if task.repairs_in_row > MAX_REPAIRS {
                    return fail(host, task, format!("The model kept sending tool calls that could not be used; the last problem: {problem}")).await;
                }
            }
            None => task.repairs_in_row = 0,
        }
        match loops::check(&task.steps) {
            Verdict::Fine => {}
            Verdict::Nudge(text) => task.turns.push(Turn::User { text }),
            Verdict::Stop(text) => return fail(host, task, text).await,
        }
        task.progress = progress(task);
        set_status(host, task, task.status);
        host.save(task).await;
    }
}

/// Reads the page the task starts on into the opening message.
async fn bootstrap<H: Host>(host: &H, task: &mut Task) -> Result<(), String> {
    let tab = task.tab_id;
    let (page_text, url, title) = match step::perceive(host, task, tab, true).await {
        Ok(text) => {
            let (url, title) = task.page.as_ref().map(|p| (p.url.clone(), p.title.clone())).unwrap_or_default();
            (text.unwrap_or_default(), url, title)
        }
        // A tab the copilot cannot read (a new tab page, chrome://…): the
        // model can still navigate away from it.
        Err(e) => (format!("(This tab cannot be read: {e}. Open a web page with nav_go or tabs_open.)"), String::new(), String::new()),
    };
    task.goals = super::goals::expected(&task.goal);
    task.sites = super::leaving::TaskSites::new(&task.goal, &url);
    let question = parse(&task.goal) == Parsed::Question;
    let digest = if question { host.read_page(tab).await.ok() } else { None };
    task.opening = prompt::opening(task, &page_text, digest.as_ref());
    host.event(TaskEvent::Started { task_id: task.id.clone(), goal: task.goal.clone(), url, title });
    Ok(())
}

/// One model call, with the endpoint's recoverable errors handled.
async fn model_call<H: Host>(host: &H, task: &mut Task, config: &AgentConfig) -> Result<Completion, LlmError> {
    let mut budget = config.history_budget;
    let mut attempt = 0;
    loop {
        if host.cancelled() {
            return Err(LlmError::Cancelled);
        }
        attempt += 1;
        super::offer::grow(task);
        let request = conversation::request(task, &config.model, config.temperature, budget);
        let with_images = request.messages.iter().any(|m| m.image_count() > 0);
        let started = host.now();
        // `done`'s answer is shown as the model writes it.
        let mut answers: Vec<(usize, super::answer_stream::AnswerStream)> = Vec::new();
        let mut on_piece = |piece: StreamPiece| match piece {
            StreamPiece::Text(text) => host.event(TaskEvent::Thinking { text }),
            StreamPiece::CallStarted { index, name } if super::tools::find(&name).is_some_and(|t| t.name == "done") => {
                answers.push((index, super::answer_stream::AnswerStream::default()));
            }
            StreamPiece::Arguments { index, text } => {
                if let Some((_, stream)) = answers.iter_mut().find(|(i, _)| *i == index) {
                    if let Some(text) = stream.push(&text) {
                        host.event(TaskEvent::AnswerDelta { text });
                    }
                }
            }
            StreamPiece::CallStarted { .. } => {}
        };
        match host.complete(&request, &mut on_piece).await {
            Ok(completion) => {
                record_call(host, task, &config.model, config.price.as_ref(), started, completion.usage.unwrap_or_default(), attempt);
                return Ok(completion);
            }
            // Some servers take tools but not `tool_choice: "required"`:
            // let the model choose (a plain reply then is its answer).
            Err(LlmError::ToolsUnsupported { detail }) if task.mode == ToolMode::Native && !task.auto_choice && detail.contains("tool_choice") => {
                task.auto_choice = true;
            }
            Err(LlmError::ToolsUnsupported { .. }) if task.mode == ToolMode::Native => {
                // The server has no tool calling: describe the tools in
                // the prompt and read JSON from the replies from now on.
                task.mode = ToolMode::Text;
                task.note = Some("The endpoint has no tool calling; using text mode.".into());
                set_status(host, task, task.status);
            }
            // "Can see images" was set for a model that cannot: the same
            // request with text only, and no images for the rest of the task.
            Err(e) if with_images && e.refuses_images() => {
                task.vision = false;
                drop_images(task);
                task.note = Some("The model does not take images (turn off “can see images” in the options); going on with text only.".into());
                set_status(host, task, task.status);
            }
            Err(LlmError::ContextTooLong { .. }) if budget > MIN_BUDGET => budget = (budget / 2).max(MIN_BUDGET),
            // A timeout already waited as long as the user allows, and an
            // unreachable endpoint is down or misconfigured: say so now.
            Err(e @ (LlmError::Timeout { .. } | LlmError::Unreachable { .. })) => return Err(e),
            Err(e) => match retry_delay_ms(&e, attempt) {
                Some(ms) => {
                    task.note = Some(format!("{e} Trying again in {} s.", ms.div_ceil(1000)));
                    set_status(host, task, task.status);
                    sleep(host, ms).await;
                }
                None => return Err(e),
            },
        }
    }
}

/// Forgets the images of every result: they are shown in one request only.
fn drop_images(task: &mut Task) {
    for turn in &mut task.turns {
        if let Turn::Results { results } = turn {
            for r in results {
                r.images.clear();
            }
        }
    }
}

/// Records a model call of `model` with the task's (usage, cost) and
/// tells the panel; the Scout's calls go through here too.
pub(super) fn record_call<H: Host>(host: &H, task: &mut Task, model: &str, price: Option<&super::settings::ModelPrice>, started: f64, usage: crate::llm::Usage, attempts: u32) {
    let record = LlmCallRecord { index: task.llm_calls.len() as u32, model: model.to_owned(), started_at: started, ms: (host.now() - started).max(0.0) as u32, usage, attempts };
    let cost = price.map(|p| p.cost(&record.usage));
    host.event(TaskEvent::LlmCall { index: record.index, usage: record.usage, ms: record.ms, model: record.model.clone(), cost });
    if let Some(c) = cost {
        task.cost = Some(task.cost.unwrap_or(0.0) + c);
    }
    task.llm_calls.push(record);
}

/// Sleeps `ms`, waking early when the task is stopped.
async fn sleep<H: Host>(host: &H, ms: u32) {
    let mut left = ms;
    while left > 0 && !host.cancelled() {
        let slice = left.min(SLEEP_SLICE_MS);
        host.sleep(slice).await;
        left -= slice;
    }
}

/// Tells the model its reply was unusable; `false` when the repairs are
/// used up and the task ended.
async fn repair<H: Host>(host: &H, task: &mut Task, text: String) -> bool {
    task.repairs_in_row += 1;
    if task.repairs_in_row > MAX_REPAIRS {
        fail(host, task, format!("The model's replies could not be used three times in a row: {text}")).await;
        return false;
    }
    task.turns.push(Turn::User { text });
    true
}

fn skipped(decoded: &Decoded, why: &str) -> CallResult {
    CallResult { call_id: decoded.wire.id.clone(), name: decoded.wire.name.clone(), brief: why.to_owned(), page: None, images: Vec::new() }
}

/// A step's result for the model, and whether the page moved.
struct Ran {
    result: CallResult,
    moved: bool,
    ok: bool,
    observation: Option<crate::types::Observation>,
}

async fn run_step<H: Host>(host: &H, task: &mut Task, llm_call: u32, decoded: &Decoded, call: &AgentCall) -> Ran {
    let index = task.steps.len() as u32;
    let started = host.now();
    host.event(TaskEvent::StepStarted { index, description: describe(call, task.page.as_ref()) });
    let outcome = step::run(host, task, index, call).await;
    let ms = (host.now() - started).max(0.0) as u32;
    let args = serde_json::from_str(&decoded.wire.arguments).unwrap_or(serde_json::Value::Null);
    task.steps.push(StepRecord {
        index,
        llm_call,
        tool: decoded.wire.name.clone(),
        args: scrub_args(args),
        description: outcome.description.clone(),
        call: outcome.call.clone(),
        used_selector: outcome.used_selector.clone(),
        risk: outcome.risk,
        status: outcome.status,
        result: outcome.brief.lines().next().unwrap_or("").to_owned(),
        observation: outcome.observation.clone(),
        pcd_ts: task.page.as_ref().map(|p| p.ts),
        started_at: started,
        ms,
    });
    host.event(TaskEvent::StepDone { index, status: outcome.status, description: outcome.description.clone(), result: first_line(&outcome.brief), ms });
    Ran {
        result: CallResult {
            call_id: decoded.wire.id.clone(),
            name: decoded.wire.name.clone(),
            brief: outcome.brief,
            page: outcome.page,
            images: if task.vision { outcome.images } else { Vec::new() },
        },
        moved: outcome.moved,
        ok: outcome.status == StepStatus::Ok,
        observation: outcome.observation,
    }
}

/// Arguments as the record keeps them: a card number anywhere in them
/// (a typed `text`, a form's `fields`) masked, other text as typed.
fn scrub_args(mut args: serde_json::Value) -> serde_json::Value {
    fn walk(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::String(s) if crate::safety::looks_like_secret_value(s).is_some() => {
                *s = crate::safety::mask(s);
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(walk),
            serde_json::Value::Object(map) => map.values_mut().for_each(walk),
            _ => {}
        }
    }
    walk(&mut args);
    args
}

/// A success claim no page of the task supported, sent back once.
fn doubt(task: &mut Task, done: &DoneArgs) -> Option<String> {
    if !done.success || task.done_doubted {
        return None;
    }
    match super::goals::judge_done(&task.goals, &task.goal_hits) {
        super::goals::DoneVerdict::Plausible => None,
        super::goals::DoneVerdict::Doubtful(why) => {
            task.done_doubted = true;
            Some(why)
        }
    }
}

/// A skill call: its phases planned on the page as it is, each step run as
/// the model's own (binding, gates, records), the effects checked; the
/// result says what was done and shows the page after.
async fn run_skill<H: Host>(host: &H, task: &mut Task, llm_call: u32, decoded: &Decoded, name: &'static str, args: &serde_json::Value) -> Ran {
    use super::skills;
    let start = task.page.clone();
    let mut lines = Vec::new();
    let mut args = args.clone();
    let mut ok = true;
    for _ in 0..skills::MAX_PHASES {
        let Some(page) = task.page.clone() else {
            lines.push("No page has been read in this tab yet: call getMiniPCD first.".to_owned());
            ok = false;
            break;
        };
        let mut planned = skills::plan(name, &page, args.clone());
        // Several forms fit equally: the PCD Scout picks one (seed 000
        // §8.5: local ranking is unsure) before the model is asked.
        if let Err(e @ skills::SkillError::Ambiguous { rule, .. }) = &planned {
            if rule.ends_with(".ambiguous") && args.get("form").is_none() {
                if let Some(form) = super::scout::choose_form(host, task, name, &e.to_string()).await {
                    lines.push(format!("Several forms fit; the scout chose {form}."));
                    args["form"] = serde_json::Value::String(form);
                    planned = skills::plan(name, &page, args.clone());
                }
            }
        }
        let plan = match planned {
            Ok(plan) => plan,
            Err(e) => {
                lines.push(format!("Error: {e}"));
                ok = false;
                break;
            }
        };
        lines.push(plan.summary.clone());
        let mut observation = None;
        for call in &plan.steps {
            let wire = super::task::ModelCall { id: decoded.wire.id.clone(), name: call.name().to_owned(), arguments: call.arguments().to_string() };
            let ran = run_step(host, task, llm_call, &Decoded { wire, call: Ok(call.clone()) }, call).await;
            if host.cancelled() {
                return Ran { result: skipped(decoded, "The task was stopped."), moved: false, ok: false, observation: None };
            }
            if !ran.ok {
                lines.push(ran.result.brief.lines().next().unwrap_or("A step failed.").to_owned());
                ok = false;
                break;
            }
            observation = ran.observation.or(observation);
        }
        if !ok {
            break;
        }
        let after = task.page.clone().unwrap_or_else(|| page.clone());
        if let Err(why) = plan.effects(&page, &after, observation.as_ref()) {
            lines.push(format!("It did not work: {why}"));
            ok = false;
            break;
        }
        match plan.then {
            Some(next) => args = next,
            None => break,
        }
    }
    let now = task.page.as_ref();
    let moved = matches!((&start, now), (Some(a), Some(b)) if a.url != b.url);
    let page = match (&start, now) {
        (Some(a), Some(b)) if a.url == b.url => page::delta(a, b).map(|d| page::change_report(&d)),
        (_, Some(b)) => Some(page::listing(b)),
        _ => None,
    };
    let brief = format!("{} {}", if ok { "Done:" } else { "Failed:" }, lines.join("\n"));
    Ran { result: CallResult { call_id: decoded.wire.id.clone(), name: decoded.wire.name.clone(), brief, page, images: Vec::new() }, moved, ok, observation: None }
}

fn first_line(text: &str) -> String {
    text.lines().next().unwrap_or("").to_owned()
}

fn last_step(task: &Task) -> String {
    task.steps.last().map(|s| s.description.clone()).unwrap_or_else(|| "none".into())
}

/// `ask_user`: the question card; `None` when the task was stopped.
async fn ask_user<H: Host>(host: &H, task: &mut Task, question: &str) -> Option<String> {
    set_status(host, task, TaskStatus::AwaitingUser);
    task.next_prompt += 1;
    let id = task.next_prompt;
    let prompt = UserPrompt::Question { text: question.to_owned() };
    task.waiting_for = Some(prompt.clone());
    host.save(task).await;
    let reply = host.ask(id, &prompt).await;
    task.waiting_for = None;
    set_status(host, task, TaskStatus::Executing);
    match reply {
        UserReply::Answer { text } => Some(text),
        _ => None,
    }
}

/// `done`: the model's answer ends the task.
async fn complete<H: Host>(host: &H, task: &mut Task, done: &DoneArgs) {
    task.answer = Some(done.answer.clone());
    let status = if done.success { TaskStatus::Succeeded } else { TaskStatus::Failed };
    if !done.success {
        task.failure = Some(done.answer.clone());
    }
    finish(host, task, status, Some(done.answer.clone())).await;
}

async fn fail<H: Host>(host: &H, task: &mut Task, why: String) {
    task.failure = Some(why.clone());
    finish(host, task, TaskStatus::Failed, Some(why)).await;
}

async fn finish<H: Host>(host: &H, task: &mut Task, status: TaskStatus, answer: Option<String>) {
    task.status = status;
    task.pending = None;
    task.waiting_for = None;
    if status == TaskStatus::Succeeded {
        task.progress = 1.0;
    }
    task.updated_at = host.now();
    host.event(TaskEvent::Status { status, progress: task.progress, note: task.note.clone() });
    host.event(TaskEvent::Finished { status, answer, usage: task.usage(), cost: task.cost });
    host.save(task).await;
}

fn set_status<H: Host>(host: &H, task: &mut Task, status: TaskStatus) {
    task.status = status;
    task.updated_at = host.now();
    host.event(TaskEvent::Status { status, progress: task.progress, note: task.note.clone() });
}

/// Seed 000 §9.6 without a fixed plan: progress grows with the steps that
/// worked and saturates below 0.8, which only a goal page (or the end)
/// goes past.
pub fn progress(task: &Task) -> f32 {
    if task.status == TaskStatus::Succeeded {
        return 1.0;
    }
    let ok = task.steps.iter().filter(|s| s.status == StepStatus::Ok).count() as i32;
    (0.75 * (1.0 - 0.8f32.powi(ok))).max(task.progress.min(0.99))
}
