//! What the side panel's input means and, for commands, running them
//! without an LLM (issue 4 point 6).
//!
//! [`route`] parses the input with `bc_core::command::parse` first:
//! - **commands** run here, one after another, each through the tool
//!   surface ([`tools::run`], so through its tab's lane of the per-tab
//!   queue) as one task per panel request: `PanelRequest::Cancel` stops
//!   it ([`Stop`]). Each command posts `StepStarted`, then `StepDone` with
//!   a line saying what happened (worded by `bc_core::command::report`);
//!   the first failure ends the run, and a command that takes longer than
//!   `STEP_TIMEOUT_MS` is stopped and fails;
//! - **questions** and **unknown input** go to the agent ([`agent::run`])
//!   when an LLM is configured, and so does a run whose first step did
//!   nothing (`RunEnd::HandedOver`); otherwise a `LocalReply` says an LLM is needed and
//!   lists what the commands can do.
//!
//! Where the grammar reads the input more than one way ("tick Red and
//! Blue"), the reading whose targets are on the page runs (`choose`).
//! Without an LLM, input no reading finds on the page (or none at all)
//! is read against the page's own words (`choose::against_page`) before
//! the `LocalReply`.
//!
//! Labels are grounded as each command's plan says: `pcd.query` → the best
//! hit (preferring the role the user named) → `getDetails` → act with its
//! selector and MiniPCD id; a `dom.resolve` attempt must match exactly one
//! element. Hits in cross-origin frames come with a framed selector, so the
//! action is routed there; a field in such a frame is found through its
//! form (`Locate::FramedField`). Zoom and screenshots use `chrome.tabs` directly (no tool does
//! that); a screenshot goes only to the panel that asked.

mod choose;
mod collections;
mod reveal;

use crate::llm_http::Cancel;
use crate::panel::Connection;
use crate::{agent, chrome, js, queue, store, tabs, tools};
use bc_core::act::ActOutcome;
use bc_core::command::report::{self, GroundError, NavVerb};
use bc_core::command::{
    exact_case, help_text, item_control_selectors, item_months, mask_values, parse, per_item_selectors, pick_month, pick_tab, readings, reply_without_llm, secret_values,
    BrowserAction, Command, DirectCall, ElementAction, Grounding, LocalReply, Locate, OpenTarget, Parsed, PlannedStep, RoleHint, Target,
};
use bc_core::command::dates::{Month, MonthRef};
use bc_core::pcd::extract::Extraction;
use bc_core::llm::ChatTurn;
use bc_core::nav::{ClosedTab, NavResult, TabInfo};
use bc_core::protocol::{CopilotError, PanelEvent, RequestId, StepAttachment, StepOutcome};
use bc_core::summary::PageSummary;
use bc_core::tab_queue::TaskId;
use bc_core::tools::{ErrorCode, QueryKind, ToolCall, ToolError, ToolName};
use bc_core::types::{MiniCollection, MiniPcd, PcdActionDetail, QueryHit, Resolution, RoleSelector};
use futures::future::{select, Either};
use gloo_timers::future::TimeoutFuture;
use serde::de::DeserializeOwned;
use serde_json::{json, Value};
use std::cell::Cell;
use std::fmt;
use std::rc::Rc;

/// How long a command waits for its tab to finish loading before it acts
/// (the page a previous command led to may still be loading).
const LOAD_WAIT_MS: u32 = 10_000;
const POLL_MS: u32 = 100;

/// Stops one panel request's command run: marks it stopped and cancels its
/// task in the per-tab queue, so its waiting and running tool calls answer
/// `cancelled` at once.
pub struct Stop {
    task: TaskId,
    stopped: Cell<bool>,
}

thread_local! {
    static NEXT_RUN: Cell<u64> = const { Cell::new(1) };
}

impl Stop {
    /// A stop for request `id`. Task ids must be unique per task (the queue
    /// refuses calls of a cancelled id), and panel request ids restart with
    /// every panel page: a worker-wide counter makes them unique.
    pub fn new(id: RequestId) -> Rc<Stop> {
        let run = NEXT_RUN.with(|n| n.replace(n.get() + 1));
        Rc::new(Stop { task: TaskId(format!("panel:{run}:{id}")), stopped: Cell::new(false) })
    }

    pub fn stop(&self) {
        if !self.stopped.replace(true) {
            queue::cancel_task(&self.task);
        }
    }

    pub fn is_stopped(&self) -> bool {
        self.stopped.get()
    }

    /// The queue task the run's (or the agent's) tool calls belong to.
    pub fn task_id(&self) -> TaskId {
        self.task.clone()
    }
}

/// Why a command failed; its `Display` is the step's line in the panel.
#[derive(Debug)]
enum StepError {
    /// A tool failed, as the tool worded it.
    Tool(ToolError),
    Ground(GroundError),
    /// A failure `report` worded (no such tab, no such list, …).
    Said(String),
    /// The command took longer than `STEP_TIMEOUT_MS`.
    Timeout,
    Stopped,
    /// A `chrome.*` call failed.
    Browser { what: &'static str, detail: String },
    /// A tool's data did not have the shape its result type says.
    Unexpected { tool: ToolName, detail: String },
}

impl fmt::Display for StepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StepError::Tool(e) => {
                let mut chars = e.error.chars();
                let first = chars.next().map(|c| c.to_uppercase().collect::<String>()).unwrap_or_default();
                write!(f, "{first}{}", chars.as_str())
            }
            StepError::Ground(e) => write!(f, "{e}"),
            StepError::Said(text) => f.write_str(text),
            StepError::Timeout => write!(f, "This took longer than {} s, so it was stopped.", report::STEP_TIMEOUT_MS / 1000),
            StepError::Stopped => f.write_str("Stopped."),
            StepError::Browser { what, detail } => write!(f, "Could not {what}: {detail}"),
            StepError::Unexpected { tool, detail } => write!(f, "`{}` answered something unexpected: {detail}", tool.as_str()),
        }
    }
}

impl From<ToolError> for StepError {
    fn from(e: ToolError) -> Self {
        StepError::Tool(e)
    }
}

impl From<GroundError> for StepError {
    fn from(e: GroundError) -> Self {
        StepError::Ground(e)
    }
}

impl From<CopilotError> for StepError {
    fn from(e: CopilotError) -> Self {
        StepError::Said(e.to_string())
    }
}

/// A command that succeeded: its line, and more to show under it.
struct Done {
    summary: String,
    attachment: Option<StepAttachment>,
}

impl Done {
    fn line(summary: String) -> Done {
        Done { summary, attachment: None }
    }

    fn with_text(summary: String, text: String) -> Done {
        Done { summary, attachment: Some(StepAttachment::Text { text }) }
    }
}

/// Answers an `Ask`: runs it as commands, or hands it to the LLM, or says
/// an LLM is needed (see the module docs).
pub async fn route(
    conn: &Rc<Connection>,
    id: RequestId,
    input: &str,
    history: &[ChatTurn],
    cancel: &Cancel,
    stop: &Rc<Stop>,
) -> Result<(), CopilotError> {
    // Recorded flows and their sentences come first (issue 43), then
    // questions about what the user read (the knowledge index: its rules
    // are narrow, a first-person reading phrase in a question).
    if crate::flows::route(conn, id, input, cancel, stop).await? {
        return Ok(());
    }
    if crate::knowledge::answer(conn, id, input, cancel).await? {
        return Ok(());
    }
    let read = readings(input);
    let configured = store::load_settings().await.map_err(|detail| CopilotError::Internal { detail })?.is_some();
    // Where the grammar has several readings, the page picks one; where
    // none is found on the page, the page's own words may read it.
    // The page's own words read a sentence only without an LLM: with one,
    // the agent reads what the grammar could not (a task such as "sign me
    // in as kim" is more than the field it names). A question is answered,
    // never acted on; a request put as one ("would you mind ticking …?")
    // is an order.
    let question = read.is_empty() && parse(input) == Parsed::Question;
    let by_page = !configured && (!question || bc_core::command::asks_to_act(input));
    let commands = if read.is_empty() {
        match by_page {
            true => choose::against_page(input, stop).await,
            false => None,
        }
    } else {
        let chosen = choose::choose(read, stop).await;
        match (chosen.found, by_page) {
            (false, true) => Some(choose::against_page(input, stop).await.unwrap_or(chosen.commands)),
            _ => Some(chosen.commands),
        }
    };
    if let Some(commands) = commands {
        if run(conn, id, input, &commands, stop, configured).await == RunEnd::HandedOver {
            return agent::run(conn, id, input, history, cancel, stop).await;
        }
        return Ok(());
    }
    if configured {
        return agent::run(conn, id, input, history, cancel, stop).await;
    }
    let text = reply_without_llm(question);
    conn.post(&PanelEvent::LocalReply { id, text, needs_llm: true });
    Ok(())
}

/// How a run of commands ended.
#[derive(Debug, PartialEq, Eq)]
enum RunEnd {
    /// Every step ran, or one failed or was stopped: `CommandsDone` posted.
    Finished,
    /// The first step found nothing on the page to act on, so nothing was
    /// done, and an LLM is configured: the agent reads the input instead
    /// (the grammar read it as a command the page does not have: "I want
    /// the cheapest lamp selected" has no "cheapest lamp" to click). The
    /// request goes on as the agent's task; no `CommandsDone`.
    HandedOver,
}

/// Runs `commands` in order, posting each step's start and outcome; the
/// first failure (or a stop) ends the run. With `agent` (an LLM
/// configured), a first step that found nothing hands over ([`RunEnd`]).
async fn run(conn: &Connection, id: RequestId, input: &str, commands: &[Command], stop: &Stop, agent: bool) -> RunEnd {
    // Nothing shown of the run may hold a password the input gave.
    let secrets = secret_values(input, commands);
    let shown = |line: String| mask_values(&line, &secrets);
    conn.post(&PanelEvent::CommandsStarted { id, steps: commands.iter().map(|c| shown(c.describe())).collect() });
    for (index, command) in commands.iter().enumerate() {
        if stop.is_stopped() {
            break;
        }
        let index = index as u32;
        conn.post(&PanelEvent::StepStarted { id, index });
        let result = timed(execute(command, stop), stop).await;
        // Nothing was done: nothing matched, or the one click changed nothing.
        let nothing_done = match &result {
            Err(StepError::Ground(_)) => true,
            Err(StepError::Tool(e)) => e.code == ErrorCode::NoEffect,
            _ => false,
        };
        let hand_over = index == 0 && agent && !stop.is_stopped() && nothing_done;
        let outcome = match result {
            Ok(done) => StepOutcome { ok: true, summary: shown(done.summary), attachment: done.attachment },
            Err(e) if hand_over => StepOutcome { ok: false, summary: shown(format!("{e} The agent takes over.")), attachment: None },
            Err(e) => StepOutcome { ok: false, summary: shown(e.to_string()), attachment: None },
        };
        let ok = outcome.ok;
        conn.post(&PanelEvent::StepDone { id, index, outcome });
        if hand_over {
            return RunEnd::HandedOver;
        }
        if !ok {
            break;
        }
    }
    conn.post(&PanelEvent::CommandsDone { id });
    RunEnd::Finished
}

/// `work`, failed with [`StepError::Timeout`] (and its task cancelled)
/// after `STEP_TIMEOUT_MS`.
async fn timed(work: impl std::future::Future<Output = Result<Done, StepError>>, stop: &Stop) -> Result<Done, StepError> {
    match select(Box::pin(work), TimeoutFuture::new(report::STEP_TIMEOUT_MS)).await {
        Either::Left((result, _)) => result,
        Either::Right(((), _)) => {
            stop.stop();
            Err(StepError::Timeout)
        }
    }
}

/// Runs `call` as part of the run's task and decodes its data.
async fn call<T: DeserializeOwned>(call: Result<ToolCall, ToolError>, stop: &Stop) -> Result<T, StepError> {
    let call = call?;
    let tool = call.name();
    match tools::run(call, Some(stop.task.clone())).await {
        Ok(data) => serde_json::from_value(data).map_err(|e| StepError::Unexpected { tool, detail: e.to_string() }),
        Err(e) if e.code == ErrorCode::Cancelled && stop.is_stopped() => Err(StepError::Stopped),
        Err(e) => Err(e.into()),
    }
}

fn tool_call(tool: ToolName, args: Value) -> Result<ToolCall, ToolError> {
    ToolCall::parse(tool.as_str(), args)
}

/// The tab commands act on: the active tab of the last-focused normal window,
/// looked up again for every command ("new tab" and "switch to tab" change it).
async fn target_tab() -> Result<tabs::TargetTab, StepError> {
    Ok(tabs::active_tab().await?)
}

/// [`target_tab`], once it has finished loading (or after `LOAD_WAIT_MS`,
/// when the action's own waiting takes over).
async fn loaded_tab() -> Result<tabs::TargetTab, StepError> {
    let tab = target_tab().await?;
    let mut waited = 0;
    while waited < LOAD_WAIT_MS {
        let Ok(info) = chrome::tabs_get(tab.id).await else { break };
        if js::get_str(&info, "status").as_deref() == Some("complete") {
            return Ok(tabs::TargetTab { url: js::get_str(&info, "url").unwrap_or(tab.url), ..tab });
        }
        TimeoutFuture::new(POLL_MS).await;
        waited += POLL_MS;
    }
    Ok(tab)
}

/// Carries out one command: its planned steps in order.
async fn execute(command: &Command, stop: &Stop) -> Result<Done, StepError> {
    let mut done = None;
    for step in command.plan() {
        done = Some(planned(command, step, stop).await?);
    }
    done.ok_or_else(|| StepError::Said(format!("“{}” has nothing to do", command.describe())))
}

async fn planned(command: &Command, step: PlannedStep, stop: &Stop) -> Result<Done, StepError> {
    match step {
        PlannedStep::Call { call } => direct(call, stop).await,
        PlannedStep::OnElement { find, act } => {
            let tab = loaded_tab().await?;
            let open = matches!(command, Command::Open { target: OpenTarget::Link(_) });
            let found = ground_settled(tab.id, &find, open, stop).await?;
            let outcome: ActOutcome = self::call(act.call(tab.id, &found.selector, found.id.as_deref()), stop).await?;
            Ok(Done::line(report::acted(&act, &found.name, &outcome, Some(&tab.url))))
        }
        PlannedStep::ScrollIn { find, dir } => {
            let tab = loaded_tab().await?;
            let found = ground(tab.id, &find, false, stop).await?;
            let scroll = tool_call(ToolName::DomScroll, json!({ "tabId": tab.id, "direction": dir, "selector": found.selector }));
            let outcome: ActOutcome = self::call(scroll, stop).await?;
            Ok(Done::line(report::scrolled_in(&found.name, dir, &outcome)))
        }
        PlannedStep::Reveal { label, via, click } => reveal::reveal(&label, via, click, stop).await,
        PlannedStep::ExtractCollection { what, all } => collections::extract(&what, all, stop).await,
        PlannedStep::ItemOfMonth { verb, what, when } => collections::item_of_month(&verb, &what, when, stop).await,
        PlannedStep::SwitchTab { text } => {
            let open: Vec<TabInfo> = call(tool_call(ToolName::TabsList, json!({})), stop).await?;
            let Some(tab_id) = pick_tab(&text, &open) else {
                // "switch over to the Specs tab" on a page with a Specs tab
                // and no browser tab of that name: the page's tab.
                let on_page = Command::Click { target: Target::with_role(text.clone(), RoleHint::Tab) };
                return match Box::pin(execute(&on_page, stop)).await {
                    Ok(done) => Ok(done),
                    Err(_) => Err(StepError::Said(report::no_tab_matches(&text, &open))),
                };
            };
            let tab: TabInfo = call(tool_call(ToolName::TabsSwitch, json!({ "tabId": tab_id })), stop).await?;
            Ok(Done::line(report::switched(&tab)))
        }
        PlannedStep::Browser { action: BrowserAction::Zoom(dir) } => {
            let tab = target_tab().await?;
            let browser = |what: &'static str| move |e: wasm_bindgen::JsValue| StepError::Browser { what, detail: js::error_text(&e) };
            let before = chrome::tabs_get_zoom(tab.id).await.map_err(browser("read the zoom"))?;
            chrome::tabs_set_zoom(tab.id, report::next_zoom(before, dir)).await.map_err(browser("change the zoom"))?;
            let after = chrome::tabs_get_zoom(tab.id).await.map_err(browser("read the zoom"))?;
            Ok(Done::line(report::zoomed(before, after, dir)))
        }
        PlannedStep::Browser { action: BrowserAction::Screenshot } => screenshot().await,
        PlannedStep::Reply { reply: LocalReply::Help } => {
            Ok(Done::with_text("Here is what I understand without an LLM".into(), help_text()))
        }
    }
}

/// Tool calls that need nothing from the page first.
async fn direct(direct: DirectCall, stop: &Stop) -> Result<Done, StepError> {
    let nav = |verb: NavVerb, before: Option<String>| move |result: NavResult| Done::line(report::navigated(verb, &result, before.as_deref()));
    match direct {
        // A new tab needs no tab of ours.
        DirectCall::OpenTab { .. } => Ok(nav(NavVerb::NewTab, None)(call(direct.call(0), stop).await?)),
        // Navigations wait for their own loads.
        DirectCall::Navigate { .. } | DirectCall::Back | DirectCall::Forward | DirectCall::Reload => {
            let tab = target_tab().await?;
            let verb = match direct {
                DirectCall::Back => NavVerb::Back,
                DirectCall::Forward => NavVerb::Forward,
                DirectCall::Reload => NavVerb::Reload,
                _ => NavVerb::Open,
            };
            Ok(nav(verb, Some(tab.url))(call(direct.call(tab.id), stop).await?))
        }
        DirectCall::CloseTab => {
            let tab = target_tab().await?;
            let _: ClosedTab = call(direct.call(tab.id), stop).await?;
            Ok(Done::line(format!("Closed the tab on {}", report::short_url(&tab.url, None))))
        }
        DirectCall::Scroll { dir } => {
            let tab = loaded_tab().await?;
            let outcome: ActOutcome = call(direct.call(tab.id), stop).await?;
            Ok(Done::line(report::scrolled(dir, &outcome)))
        }
        DirectCall::PressKey { key } => {
            let tab = loaded_tab().await?;
            // The key goes to the focused element; `not_found` means none has focus.
            let outcome: ActOutcome = match call(direct.call(tab.id), stop).await {
                Err(StepError::Tool(e)) if e.code == ErrorCode::NotFound => return Err(StepError::Said(report::nothing_focused(key))),
                other => other?,
            };
            Ok(Done::line(report::pressed(key, &outcome, Some(&tab.url))))
        }
        DirectCall::Summary { .. } => {
            let tab = loaded_tab().await?;
            let summary: PageSummary = call(direct.call(tab.id), stop).await?;
            Ok(Done::with_text(report::summarized(&summary), report::page_summary(&summary)))
        }
        DirectCall::MiniPcd => {
            let tab = loaded_tab().await?;
            let mini: MiniPcd = call(direct.call(tab.id), stop).await?;
            let suggestions = crate::flows::offer(&mini).await;
            let attachment = StepAttachment::Offers { text: report::what_can_i_do(&mini), suggestions };
            Ok(Done { summary: report::offers(&mini), attachment: Some(attachment) })
        }
    }
}

/// The element grounding found: its selector, the MiniPCD id when
/// `pcd.query` found it, and its name on the page.
struct Found {
    selector: RoleSelector,
    id: Option<String>,
    name: String,
}

/// How long a grounding marked `settle` waits between its tries, and how
/// many it makes: what the previous step brought up (a suggestion, a menu,
/// results) may take a moment to show.
const SETTLE_MS: u32 = 300;
const SETTLE_TRIES: u32 = 4;

/// [`ground`], tried again a few times when `find.settle` says the element
/// may be on its way.
async fn ground_settled(tab_id: i32, find: &Grounding, open: bool, stop: &Stop) -> Result<Found, StepError> {
    let mut tries = 1;
    loop {
        match ground(tab_id, find, open, stop).await {
            Err(StepError::Ground(e)) if find.settle && tries < SETTLE_TRIES && !matches!(e, GroundError::Ambiguous { .. } | GroundError::AmbiguousKind { .. }) => {
                tries += 1;
                TimeoutFuture::new(SETTLE_MS).await;
            }
            other => return other,
        }
    }
}

/// Tries `find`'s attempts in order; the first that yields one element wins.
/// `open`: the user said "open X" (the failure then suggests an address).
async fn ground(tab_id: i32, find: &Grounding, open: bool, stop: &Stop) -> Result<Found, StepError> {
    let mut ambiguous: Option<Resolution> = None;
    for locate in find.locate.iter().filter(|l| !l.names_nothing()) {
        match locate {
            Locate::Query { .. } => {
                let hits: Vec<QueryHit> = call(locate.call(tab_id), stop).await?;
                if hits.is_empty() {
                    continue;
                }
                let ids: Vec<&str> = hits.iter().map(|h| h.id.as_str()).collect();
                let details: Vec<PcdActionDetail> =
                    call(tool_call(ToolName::GetDetails, json!({ "tabId": tab_id, "ids": ids })), stop).await?;
                if let Some(chosen) = report::choose_hit(&hits, &details, find.role) {
                    return Ok(Found {
                        selector: chosen.detail.selector.clone(),
                        id: Some(chosen.hit.id.clone()),
                        name: chosen.hit.label.clone(),
                    });
                }
            }
            Locate::FramedField { selectors, .. } => {
                // The forms of cross-origin frames that mention the label;
                // the field's selectors are tried again inside their frames.
                let hits: Vec<QueryHit> = call(locate.call(tab_id), stop).await?;
                let ids = Locate::framed_forms(&hits);
                if ids.is_empty() {
                    continue;
                }
                let details: Vec<PcdActionDetail> =
                    call(tool_call(ToolName::GetDetails, json!({ "tabId": tab_id, "ids": ids })), stop).await?;
                for selector in Locate::in_frames(selectors, &details) {
                    let resolve = tool_call(ToolName::DomResolve, json!({ "tabId": tab_id, "selector": selector }));
                    let resolution: Resolution = match call(resolve, stop).await {
                        Ok(r) => r,
                        Err(StepError::Tool(e)) if e.code == ErrorCode::NotFound => continue,
                        Err(e) => return Err(e),
                    };
                    if let Some(found) = one_match(&selector, resolution, &find.label, &mut ambiguous) {
                        return Ok(found);
                    }
                }
            }
            Locate::Selector(selector) => {
                let Some(resolution) = resolve(locate, tab_id, stop).await? else { continue };
                // Several with that name in any case: the one written with
                // the user's case, if exactly one is ("Apple", not "apple").
                if let Some(narrow) = (resolution.count > 1).then(|| exact_case(selector)).flatten() {
                    let call_narrow = tool_call(ToolName::DomResolve, json!({ "tabId": tab_id, "selector": narrow }));
                    let narrowed: Resolution = call(call_narrow, stop).await?;
                    if narrowed.count == 1 {
                        if let Some(found) = one_match(&narrow, narrowed, &find.label, &mut ambiguous) {
                            return Ok(found);
                        }
                    }
                }
                if let Some(found) = one_match(selector, resolution, &find.label, &mut ambiguous) {
                    return Ok(found);
                }
            }
            Locate::Only(selector) => {
                let Some(resolution) = resolve(locate, tab_id, stop).await? else { continue };
                if resolution.count == 1 {
                    if let Some(found) = one_match(selector, resolution, &find.label, &mut ambiguous) {
                        return Ok(found);
                    }
                }
            }
            Locate::Last(selector) => {
                let Some(resolution) = resolve(locate, tab_id, stop).await? else { continue };
                let Some(last) = resolution.count.checked_sub(1) else { continue };
                let selector = bc_core::selector::with_nth(selector, last);
                let name = resolution.matches.get(last as usize).map(|m| m.name.trim().to_owned()).filter(|n| !n.is_empty());
                return Ok(Found { selector, id: None, name: name.unwrap_or_else(|| find.label.clone()) });
            }
        }
    }
    Err(GroundError::new(&find.label, open, ambiguous.as_ref().map(|r| (r.count, &r.matches[..]))).into())
}

/// The `dom.resolve` of a selector attempt; `None` when a part of the
/// selector is not there (e.g. a frame of it is missing): nothing here.
async fn resolve(locate: &Locate, tab_id: i32, stop: &Stop) -> Result<Option<Resolution>, StepError> {
    match call(locate.call(tab_id), stop).await {
        Ok(r) => Ok(Some(r)),
        Err(StepError::Tool(e)) if e.code == ErrorCode::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// A `dom.resolve` attempt's element when it matched exactly one (named
/// as the page names it, else as the user did); the first attempt that
/// matched several is kept in `ambiguous` for the error.
fn one_match(selector: &RoleSelector, resolution: Resolution, label: &str, ambiguous: &mut Option<Resolution>) -> Option<Found> {
    match resolution.count {
        0 => None,
        1 => {
            let name = resolution.matches.first().map(|m| m.name.trim().to_owned()).filter(|n| !n.is_empty());
            Some(Found { selector: selector.clone(), id: None, name: name.unwrap_or_else(|| label.to_owned()) })
        }
        _ => {
            ambiguous.get_or_insert(resolution);
            None
        }
    }
}

/// A PNG of the visible part of the target tab, for the panel only.
async fn screenshot() -> Result<Done, StepError> {
    let tab = loaded_tab().await?;
    tabs::check_readable(&tab)?;
    let browser = |e: wasm_bindgen::JsValue| StepError::Browser { what: "take the screenshot", detail: js::error_text(&e) };
    let info = chrome::tabs_get(tab.id).await.map_err(browser)?;
    let window = js::get_i32(&info, "windowId").ok_or_else(|| StepError::Said("The tab has no window.".into()))?;
    let data_url = chrome::tabs_capture_visible_tab(window, &js::to_js(&json!({ "format": "png" })))
        .await
        .map_err(browser)?
        .as_string()
        .ok_or_else(|| StepError::Said("Chrome returned no image.".into()))?;
    let title = js::get_str(&info, "title").unwrap_or_default();
    let file_name = report::screenshot_name(&tab.url, js_sys::Date::now());
    Ok(Done {
        summary: format!("Took a screenshot of {}", report::page(&title, &tab.url, None)),
        attachment: Some(StepAttachment::Image { data_url, file_name }),
    })
}
