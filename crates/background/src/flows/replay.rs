//! Replaying a flow (issue 43 point 3) through the tool surface
//! (`tools::run`, so through the tab's lane of the per-tab queue), with
//! no model call. The panel sees it as a task (`PanelEvent::Task`):
//! steps, prompts (a high-risk step's confirmation, a secret's value),
//! the end. What to do and how to heal is `bc_core::flows::replay`'s.
//!
//! - Each element step is bound by the healing ladder (`ladder`): every
//!   `dom.resolve` must find exactly one element; a `pcd.query` rung asks
//!   `getDetails` for the hit `pick_hit` chose. A step bound past its
//!   role + name is reported with what it bound to; the flow changes only
//!   when the user accepts (`FlowCommand::AcceptHealing`, [`accept`]).
//! - A step that binds nowhere stops the replay, naming it; the user may
//!   hand the rest to the agent (`super::takeover`). A button or link
//!   with no box (hidden) does not bind: nothing is confirmed that cannot
//!   be clicked.
//! - After a step that navigates, the next waits for the new page.
//! - Progress is kept in `chrome.storage.session` after every step and
//!   before each step's action is sent. A worker stopped mid-replay ends
//!   the replay when it starts again ([`interrupted`]; what to say and
//!   where to go on from is `bc_core::flows::interrupted`'s): nothing acts
//!   while no panel watches, nothing is repeated blindly. The panel, back
//!   on the restarted worker, gets the ended replay as a task record
//!   ([`cut_record`]); "continue the flow" runs the rest ([`resume`]).

use super::store;
use crate::command::Stop;
use crate::panel::Connection;
use crate::{chrome, js, tabs, tools};
use bc_core::agent::{TaskEvent, UserPrompt};
use bc_core::agent::task::{StepRecord, StepStatus, TaskStatus};
use bc_core::agent::Task;
use bc_core::flows::{accept as accept_heals, cut_off, ladder, pick_hit, plan, risk, same_page, sent_step, Attempt, Healed, Rung, RunStep, RunValue, StepAction, StepTarget, Stuck, WebFlow};
use bc_core::protocol::{PanelEvent, PanelReply, RequestId};
use bc_core::tools::{QueryKind, ToolCall, ToolError};
use bc_core::types::{PcdActionDetail, QueryHit, Resolution, RoleSelector};
use futures::channel::oneshot;
use gloo_timers::future::TimeoutFuture;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::rc::Rc;

const PROGRESS_KEY: &str = "flowReplay";
const HEALED_KEY: &str = "flowHealed";
/// A replay a stopped worker cut off, waiting for "continue the flow".
const CUT_KEY: &str = "flowCutOff";
/// How long a step looks for its element (the page may still render).
const BIND_WAIT_MS: u32 = 5_000;
/// How long the next step waits for a page a step led to.
const LOAD_WAIT_MS: u32 = 15_000;
const POLL_MS: u32 = 150;

/// A replay in progress, as stored after every step.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Progress {
    flow: String,
    args: BTreeMap<String, String>,
    next: usize,
    task_id: String,
    tab_id: i32,
    healed: Vec<Healed>,
    /// The URL before the last step ran, when it navigates.
    #[serde(default)]
    left: Option<String>,
    /// The URL when step `next`'s action was sent to the page, until its
    /// outcome is stored: a stopped worker's replay judges it by this.
    #[serde(default)]
    sent_from: Option<String>,
    /// Each step's result line, for the panel after a restart.
    #[serde(default)]
    results: Vec<String>,
    #[serde(default)]
    started_at: f64,
}

/// A replay a stopped worker ended: where "continue the flow" goes on.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Cut {
    progress: Progress,
    message: String,
    ended_at: f64,
}

/// The last replay's heals, waiting for the user's accept.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Pending {
    flow: String,
    healed: Vec<Healed>,
}

/// Where a replay's events go (no panel after a worker restart).
struct Sink {
    conn: Option<Rc<Connection>>,
    id: RequestId,
    task_id: String,
}

impl Sink {
    fn event(&self, event: TaskEvent) {
        if let Some(conn) = &self.conn {
            conn.post(&PanelEvent::Task { id: self.id, task_id: self.task_id.clone(), event });
        }
    }
}

thread_local! {
    /// Replays this worker is running (their stored progress is live).
    static LIVE: RefCell<HashSet<String>> = RefCell::new(HashSet::new());
    static GATE: Rc<futures::lock::Mutex<()>> = Rc::new(futures::lock::Mutex::new(()));
    static WAITING: RefCell<HashMap<(String, u32), oneshot::Sender<PanelReply>>> = RefCell::new(HashMap::new());
}

/// The panel answered a replay's prompt; `false` when none waits.
pub fn reply(task_id: &str, prompt_id: u32, reply: PanelReply) -> bool {
    match WAITING.with(|w| w.borrow_mut().remove(&(task_id.to_owned(), prompt_id))) {
        Some(sender) => sender.send(reply).is_ok(),
        None => false,
    }
}

/// Runs flow `name` with `args` on the active tab for panel request `id`.
pub async fn run(conn: &Rc<Connection>, id: RequestId, name: &str, args: BTreeMap<String, String>, stop: &Rc<Stop>) {
    let task_id = format!("flow-{}", js_sys::Date::now() as u64);
    let sink = Sink { conn: Some(conn.clone()), id, task_id: task_id.clone() };
    let flows = super::discovered::with_offered(store::all().await).await;
    let Some(flow) = bc_core::flows::find(&flows, name).cloned() else {
        finish(&sink, TaskStatus::Failed, format!("There is no flow called “{name}”."));
        return;
    };
    let tab = match tabs::active_tab().await {
        Ok(t) => t,
        Err(e) => return finish(&sink, TaskStatus::Failed, e.to_string()),
    };
    let title = chrome::tabs_get(tab.id).await.ok().and_then(|t| js::get_str(&t, "title")).unwrap_or_default();
    sink.event(TaskEvent::Started { task_id: task_id.clone(), goal: format!("Run the flow “{}”", flow.name), url: tab.url.clone(), title });
    let progress = Progress {
        flow: flow.name.clone(),
        args,
        next: 0,
        task_id,
        tab_id: tab.id,
        healed: Vec::new(),
        left: None,
        sent_from: None,
        results: Vec::new(),
        started_at: js_sys::Date::now(),
    };
    drive(&sink, &flow, progress, stop).await;
}

/// The worker (re)started: a replay the stored progress says was running
/// was cut off by the stop. It ends here, and waits for "continue the flow".
pub async fn interrupted() {
    // The worker's start and the panel's `GetTask` both call this: the
    // second waits for the first, then finds the cut-off replay stored.
    let gate = GATE.with(Rc::clone);
    let _one = gate.lock().await;
    let Some(mut progress) = store::session_get::<Progress>(PROGRESS_KEY).await else { return };
    if LIVE.with(|l| l.borrow().contains(&progress.task_id)) {
        return;
    }
    let flows = super::discovered::with_offered(store::all().await).await;
    let steps = bc_core::flows::find(&flows, &progress.flow).and_then(|f| plan(f, &progress.args).ok());
    let Some(steps) = steps else {
        return store::session_set::<Progress>(PROGRESS_KEY, None).await;
    };
    let sent = match (&progress.sent_from, steps.get(progress.next)) {
        (Some(before), Some(run)) => {
            let now = tabs::tab(progress.tab_id).await.map(|t| t.url).unwrap_or_default();
            Some(sent_step(run, before, &now))
        }
        _ => None,
    };
    let cut = cut_off(&progress.flow, &steps, progress.next, sent);
    if sent == Some(bc_core::flows::Sent::Done) {
        progress.results.push("Done".into());
    }
    progress.next = cut.resume_at;
    progress.sent_from = None;
    progress.left = None;
    store::session_set(CUT_KEY, Some(&Cut { progress, message: cut.message, ended_at: js_sys::Date::now() })).await;
    store::session_set::<Progress>(PROGRESS_KEY, None).await;
}

/// The ended replay `task_id` as a task record for the panel, if it is
/// the one a stopped worker cut off.
pub async fn cut_record(task_id: &str) -> Option<Task> {
    interrupted().await;
    let cut = store::session_get::<Cut>(CUT_KEY).await.filter(|c| c.progress.task_id == task_id)?;
    let flows = super::discovered::with_offered(store::all().await).await;
    let steps = plan(bc_core::flows::find(&flows, &cut.progress.flow)?, &cut.progress.args).ok()?;
    let p = &cut.progress;
    let mut task = Task::new(p.task_id.clone(), format!("Run the flow “{}”", p.flow), p.tab_id, String::new(), p.started_at);
    task.steps = (p.results.iter().zip(&steps).enumerate())
        .map(|(index, (result, run))| StepRecord {
            index: index as u32,
            llm_call: 0,
            tool: "flow".into(),
            args: json!({}),
            description: run.description.clone(),
            call: None,
            used_selector: None,
            risk: None,
            status: StepStatus::Ok,
            result: result.clone(),
            observation: None,
            pcd_ts: None,
            started_at: p.started_at,
            ms: 0,
        })
        .collect();
    task.status = TaskStatus::Failed;
    task.failure = Some(cut.message.clone());
    task.updated_at = cut.ended_at;
    Some(task)
}

/// "continue the flow": runs the rest of the replay a stopped worker cut
/// off, in the tab it ran in, for panel request `id`.
pub async fn resume(conn: &Rc<Connection>, id: RequestId, stop: &Rc<Stop>) {
    interrupted().await;
    let task_id = format!("flow-{}", js_sys::Date::now() as u64);
    let sink = Sink { conn: Some(conn.clone()), id, task_id: task_id.clone() };
    let Some(cut) = store::session_get::<Cut>(CUT_KEY).await else {
        return finish(&sink, TaskStatus::Failed, "There is no interrupted flow to continue.".into());
    };
    store::session_set::<Cut>(CUT_KEY, None).await;
    let flows = super::discovered::with_offered(store::all().await).await;
    let Some(flow) = bc_core::flows::find(&flows, &cut.progress.flow).cloned() else {
        return finish(&sink, TaskStatus::Failed, format!("There is no flow called “{}” any more.", cut.progress.flow));
    };
    let Some(tab) = tabs::tab(cut.progress.tab_id).await else {
        return finish(&sink, TaskStatus::Failed, format!("The tab the flow “{}” ran in is closed.", flow.name));
    };
    let title = chrome::tabs_get(tab.id).await.ok().and_then(|t| js::get_str(&t, "title")).unwrap_or_default();
    let goal = format!("Continue the flow “{}” from step {}", flow.name, cut.progress.next + 1);
    sink.event(TaskEvent::Started { task_id: task_id.clone(), goal, url: tab.url.clone(), title });
    let progress = Progress { task_id, started_at: js_sys::Date::now(), ..cut.progress };
    drive(&sink, &flow, progress, stop).await;
}

fn finish(sink: &Sink, status: TaskStatus, answer: String) {
    sink.event(TaskEvent::Finished { status, answer: Some(answer), usage: Default::default(), cost: None });
}

async fn drive(sink: &Sink, flow: &WebFlow, progress: Progress, stop: &Stop) {
    // A card can wait on the user longer than Chrome's 30 s idle limit.
    let _alive = crate::agent::keepalive::Held::new();
    let task_id = progress.task_id.clone();
    LIVE.with(|l| l.borrow_mut().insert(task_id.clone()));
    drive_steps(sink, flow, progress, stop).await;
    LIVE.with(|l| l.borrow_mut().remove(&task_id));
}

async fn drive_steps(sink: &Sink, flow: &WebFlow, mut progress: Progress, stop: &Stop) {
    let steps = match plan(flow, &progress.args) {
        Ok(s) => s,
        Err(e) => return finish(sink, TaskStatus::Failed, e.to_string()),
    };
    store::session_set(PROGRESS_KEY, Some(&progress)).await;
    super::takeover::keep(None, 0).await;
    let first = progress.next;
    while progress.next < steps.len() {
        let index = progress.next;
        let run = &steps[index];
        if stop.is_stopped() {
            store::session_set::<Progress>(PROGRESS_KEY, None).await;
            return finish(sink, TaskStatus::Cancelled, format!("Stopped before step {} “{}”.", index + 1, run.description));
        }
        sink.event(TaskEvent::StepStarted { index: index as u32, description: run.description.clone() });
        let started = js_sys::Date::now();
        if let Some(before) = progress.left.take() {
            wait_for_page(progress.tab_id, Some(&before)).await;
        }
        let before = tabs::tab(progress.tab_id).await.map(|t| t.url).unwrap_or_default();
        let outcome = step(sink, &progress, run, stop).await;
        let ms = (js_sys::Date::now() - started) as u32;
        match outcome {
            Ok((line, healed)) => {
                sink.event(TaskEvent::StepDone { index: index as u32, status: StepStatus::Ok, description: run.description.clone(), result: line.clone(), ms });
                progress.healed.extend(healed);
                progress.results.push(line.clone());
                progress.sent_from = None;
                progress.next += 1;
                progress.left = run.step.navigates.then_some(before);
                store::session_set(PROGRESS_KEY, Some(&progress)).await;
            }
            Err((status, why)) => {
                sink.event(TaskEvent::StepDone { index: index as u32, status, description: run.description.clone(), result: why.clone(), ms });
                store::session_set::<Progress>(PROGRESS_KEY, None).await;
                let mut answer = format!("The flow stopped at step {} “{}”: {why}", index + 1, run.description);
                // A step that bound nowhere may be the agent's to finish;
                // a refused confirmation or secret is the user's choice.
                let stuck = (status == StepStatus::Failed).then(|| Stuck { flow: flow.name.clone(), args: progress.args.clone(), at: index, why, tab_id: progress.tab_id });
                if let Some(line) = super::takeover::keep(stuck.as_ref(), steps.len() - index).await {
                    answer.push_str(&format!("\n{line}"));
                }
                return finish(sink, TaskStatus::Failed, answer);
            }
        }
    }
    store::session_set::<Progress>(PROGRESS_KEY, None).await;
    let mut answer = match first {
        0 => format!("Ran the flow “{}”: {} steps, no model calls.", flow.name, steps.len()),
        _ => format!("Ran the rest of the flow “{}”: {} steps, no model calls.", flow.name, steps.len() - first),
    };
    if !progress.healed.is_empty() {
        answer.push_str("\nHealed steps (the page changed):");
        for h in &progress.healed {
            let old = flow.steps.get(h.step).and_then(|s| s.target.as_ref()).map_or("", |t| t.label.as_str());
            answer.push_str(&format!("\n• {}", h.describe(old)));
        }
        answer.push_str("\nSay “accept the healed steps” to update the flow.");
        store::session_set(HEALED_KEY, Some(&Pending { flow: flow.name.clone(), healed: progress.healed.clone() })).await;
    }
    finish(sink, TaskStatus::Succeeded, answer);
}

/// The last replay's heals waiting for Accept, one line each.
pub async fn pending_lines() -> Vec<String> {
    let Some(pending) = store::session_get::<Pending>(HEALED_KEY).await else { return Vec::new() };
    let flows = super::discovered::with_offered(store::all().await).await;
    let flow = bc_core::flows::find(&flows, &pending.flow);
    pending
        .healed
        .iter()
        .map(|h| {
            let old = flow.and_then(|f| f.steps.get(h.step)).and_then(|s| s.target.as_ref()).map_or("", |t| t.label.as_str());
            format!("{}: {}", pending.flow, h.describe(old))
        })
        .collect()
}

/// Stores the last replay's heals into its flow; the line to show.
pub async fn accept() -> String {
    let Some(pending) = store::session_get::<Pending>(HEALED_KEY).await else { return "There are no healed steps to accept.".into() };
    let flows = store::all().await;
    let Some(flow) = bc_core::flows::find(&flows, &pending.flow) else { return format!("The flow “{}” is gone.", pending.flow) };
    let updated = accept_heals(flow, &pending.healed);
    store::put(updated).await;
    store::session_set::<Pending>(HEALED_KEY, None).await;
    format!("Updated the flow “{}”: {} healed steps accepted.", pending.flow, pending.healed.len())
}

type StepResult = Result<(String, Option<Healed>), (StepStatus, String)>;

async fn step(sink: &Sink, progress: &Progress, run: &RunStep, stop: &Stop) -> StepResult {
    let (tab_id, index) = (progress.tab_id, progress.next);
    let failed = |why: String| (StepStatus::Failed, why);
    if let StepAction::Navigate { url } = &run.step.action {
        let here = tabs::tab(tab_id).await.map(|t| t.url).unwrap_or_default();
        if same_page(&here, url) {
            return Ok(("Already on that page".into(), None));
        }
        sending(progress, &here).await;
        let _: Value = call(ToolCall::parse("nav.go", json!({ "tabId": tab_id, "url": url })), stop).await.map_err(|e| failed(e.error))?;
        return Ok((format!("Opened {url}"), None));
    }
    wait_for_page(tab_id, None).await;
    let (selector, healed) = match &run.step.target {
        Some(target) => {
            let (sel, heal) = bind(tab_id, target, stop).await.map_err(failed)?;
            (Some(sel), heal.map(|(rung, target)| Healed { step: index, rung, target }))
        }
        None => (None, None),
    };
    let page = tabs::tab(tab_id).await.map(|t| t.url).unwrap_or_default();
    let verdict = risk(&run.step, &page, "");
    if verdict.risk.needs_confirmation() {
        let reason = verdict.reason.map(|r| r.describe().to_owned()).unwrap_or_default();
        let site = bc_core::safety::origin_of(&page).unwrap_or(page.clone());
        let prompt = UserPrompt::Confirm { action: run.description.clone(), site, risk: verdict.risk, reason };
        match ask(sink, index as u32 * 2 + 1, prompt).await {
            Some(PanelReply::Confirm { allow: true }) => {}
            _ => return Err((StepStatus::Denied, "Not confirmed, so not done.".into())),
        }
    }
    let text = match &run.value {
        Some(RunValue::Text(t)) => Some(t.clone()),
        Some(RunValue::Secret { kind, .. }) => {
            let site = bc_core::safety::origin_of(&page).unwrap_or(page.clone());
            let field = run.step.target.as_ref().map_or(String::new(), |t| t.label.clone());
            let remembered = crate::store::remembered_secret(&site, *kind).await;
            match remembered {
                Some(v) => Some(v),
                None => match ask(sink, index as u32 * 2 + 2, UserPrompt::Secret { secret: *kind, field, site }).await {
                    Some(PanelReply::Secret { value, .. }) if !value.is_empty() => Some(value),
                    _ => return Err((StepStatus::Denied, "The secret was not given.".into())),
                },
            }
        }
        None => None,
    };
    let args = match (&run.step.action, &selector) {
        (StepAction::Click, Some(s)) => ("dom.click", json!({ "tabId": tab_id, "selector": s })),
        (StepAction::Type { .. }, Some(s)) => ("dom.type", json!({ "tabId": tab_id, "selector": s, "text": text.unwrap_or_default(), "replace": true })),
        (StepAction::Select { .. }, Some(s)) => ("dom.select", json!({ "tabId": tab_id, "selector": s, "value": text.unwrap_or_default() })),
        (StepAction::Check { checked }, Some(s)) => ("dom.check", json!({ "tabId": tab_id, "selector": s, "checked": checked })),
        (StepAction::PressKey { key }, s) => ("dom.pressKey", json!({ "tabId": tab_id, "key": key, "selector": s })),
        (StepAction::Scroll { y }, s) => ("dom.scroll", json!({ "tabId": tab_id, "y": y, "selector": s })),
        _ => return Err(failed("the step has no element to act on".into())),
    };
    let secret_typed = matches!(run.value, Some(RunValue::Secret { .. }));
    sending(progress, &page).await;
    let _: Value = call(ToolCall::parse(args.0, args.1), stop).await.map_err(|e| {
        // A tool's error could echo what was typed: never a secret.
        failed(if secret_typed { "Typing the secret failed.".into() } else { e.error })
    })?;
    let line = match &healed {
        Some(h) => format!("Done; healed: bound to “{}” by {}", h.target.label, h.rung.describe()),
        None => "Done".into(),
    };
    Ok((line, healed))
}

/// Stores that step `progress.next` is being sent from `url`, so a worker
/// stopped before its outcome is stored can judge it (`interrupted`).
async fn sending(progress: &Progress, url: &str) {
    let sent = Progress { sent_from: Some(url.to_owned()), ..progress.clone() };
    store::session_set(PROGRESS_KEY, Some(&sent)).await;
}

/// Shows `prompt` in the panel and waits; `None` without a panel.
async fn ask(sink: &Sink, prompt_id: u32, prompt: UserPrompt) -> Option<PanelReply> {
    sink.conn.as_ref()?;
    let (tx, rx) = oneshot::channel();
    WAITING.with(|w| w.borrow_mut().insert((sink.task_id.clone(), prompt_id), tx));
    sink.event(TaskEvent::Prompt { prompt_id, prompt });
    let reply = rx.await.ok();
    sink.event(TaskEvent::PromptClosed { prompt_id });
    reply
}

/// Binds `target` by the ladder, trying again while the page renders.
async fn bind(tab_id: i32, target: &StepTarget, stop: &Stop) -> Result<(RoleSelector, Option<(Rung, StepTarget)>), String> {
    let mut waited = 0;
    let hidden = std::cell::Cell::new(false);
    loop {
        if let Some(found) = bind_once(tab_id, target, stop, &hidden).await {
            return Ok(found);
        }
        if waited >= BIND_WAIT_MS || stop.is_stopped() {
            if hidden.get() {
                return Err(format!("“{}” is on the page but not shown (the page may want something else first)", target.label));
            }
            return Err(format!("nothing on the page matches “{}” any more (tried its role and name, text, CSS path and a page search)", target.label));
        }
        TimeoutFuture::new(POLL_MS * 3).await;
        waited += POLL_MS * 3;
    }
}

/// One pass down the ladder. A button or link with no box (hidden, or in
/// a closed part of the page) is not bound: clicking it would fail, and a
/// high-risk step would have asked the user to confirm it first. `hidden`
/// says one was seen.
async fn bind_once(tab_id: i32, target: &StepTarget, stop: &Stop, hidden: &std::cell::Cell<bool>) -> Option<(RoleSelector, Option<(Rung, StepTarget)>)> {
    for attempt in ladder(target) {
        match attempt {
            Attempt::Resolve { rung, selector } => {
                let Ok(r) = call::<Resolution>(ToolCall::parse("dom.resolve", json!({ "tabId": tab_id, "selector": selector })), stop).await else { continue };
                if r.count != 1 {
                    continue;
                }
                let m = &r.matches[0];
                let clickable = matches!(m.role.as_deref(), Some("button" | "link"));
                if clickable && m.rect.width <= 0.0 && m.rect.height <= 0.0 {
                    hidden.set(true);
                    continue;
                }
                let heal = (rung != Rung::RoleName).then(|| {
                    let label = if m.name.is_empty() { target.label.clone() } else { m.name.clone() };
                    // Stored, the element's role and new name come first
                    // (the next replay binds at the first rung), the
                    // selector that found it after.
                    let primary = match (&m.role, m.name.is_empty()) {
                        (Some(role), false) => RoleSelector::role(role, Some(&m.name), bc_core::types::NameMode::Exact),
                        _ => selector.clone(),
                    };
                    let alt_selectors = if primary == selector { Vec::new() } else { vec![selector.clone()] };
                    (rung, StepTarget { selector: primary, alt_selectors, role: m.role.clone(), label, ..target.clone() })
                });
                return Some((selector, heal));
            }
            Attempt::Query { text } => {
                let query = json!({ "tabId": tab_id, "kind": QueryKind::Action, "text": text, "topK": 10 });
                let Ok(hits) = call::<Vec<QueryHit>>(ToolCall::parse("pcd.query", query), stop).await else { continue };
                let Some(hit) = pick_hit(target, &hits) else { continue };
                let details = call::<Vec<PcdActionDetail>>(ToolCall::parse("getDetails", json!({ "tabId": tab_id, "ids": [hit.id] })), stop).await.ok()?;
                let d = details.into_iter().next()?;
                let healed = StepTarget {
                    selector: d.selector.clone(),
                    alt_selectors: d.alt_selectors.unwrap_or_default(),
                    role: target.role.clone(),
                    label: hit.label.clone(),
                    landmark: d.landmark,
                    kind: hit.kind.clone().or_else(|| target.kind.clone()),
                    frame_path: d.frame_path,
                };
                return Some((d.selector, Some((Rung::Query, healed))));
            }
        }
    }
    None
}

/// Waits until the tab has left `before` (if given) and its page is there
/// (`tabs::page_there`: loaded, or parsed while a frame holds the load).
async fn wait_for_page(tab_id: i32, before: Option<&str>) {
    let mut waited = 0;
    let mut watch = bc_core::nav::LoadWatch::new(true);
    while waited < LOAD_WAIT_MS {
        if let Ok(info) = chrome::tabs_get(tab_id).await {
            let url = js::get_str(&info, "url").unwrap_or_default();
            let left = before.is_none_or(|b| b != url);
            if left && crate::tabs::page_there(&info, tab_id, &mut watch, f64::from(waited)).await {
                return;
            }
        }
        TimeoutFuture::new(POLL_MS).await;
        waited += POLL_MS;
    }
}

async fn call<T: DeserializeOwned>(call: Result<ToolCall, ToolError>, stop: &Stop) -> Result<T, ToolError> {
    let data = tools::run(call?, Some(stop.task_id())).await?;
    serde_json::from_value(data).map_err(|e| ToolError::new(bc_core::tools::ErrorCode::Internal, e.to_string(), false))
}
