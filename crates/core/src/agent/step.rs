//! Carrying out one model call: read tools answer from the page; acting
//! tools are bound to an element (`bind`), pass the safety gates
//! (`gates`), run through the worker's tool surface, and report what
//! happened with the page state after them (`page`): the change report
//! after an action, the new page after a navigation.
//!
//! The result text is for the model: first line what happened (kept in
//! compacted history), then details. Page-derived text in it is marked
//! untrusted by the caller (`CallResult::page`) or here (`prompt::untrusted`).

use super::bind::{self, read, Bound};
use super::gates::{self, Gate};
use super::host::Host;
use super::page::{self, clip};
use super::prompt::untrusted;
use super::task::{PendingStep, StepStatus, Task};
use super::scout::Rescue;
use super::tools::{AgentCall, Target};
use crate::act::{ActOutcome, WaitOutcome};
use crate::command::RoleHint;
use crate::nav::{NavResult, SummaryOutcome, TabInfo};
use crate::safety::{check_navigation, ActionVerb, Risk};
use crate::summary::{PageSummary, SummaryMode};
use crate::tools::{ErrorCode, ToolCall, ToolError};
use crate::types::{MiniPcd, RoleSelector};
use std::fmt::Write;

/// How a step went, for the model and the record.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub status: StepStatus,
    pub brief: String,
    /// The page state after the step (untrusted; wrapped when rendered).
    pub page: Option<String>,
    /// The page is another one now (a navigation, another tab): the rest
    /// of the batch is not run on a page the model has not seen.
    pub moved: bool,
    pub description: String,
    pub call: Option<ToolCall>,
    pub used_selector: Option<RoleSelector>,
    pub risk: Option<Risk>,
    pub observation: Option<crate::types::Observation>,
    /// The tool's error code when the tool itself failed.
    pub error: Option<ErrorCode>,
    /// Images for a vision model (`CallResult::images`).
    pub images: Vec<(String, String)>,
}

impl Outcome {
    pub(super) fn new(description: String) -> Outcome {
        Outcome {
            status: StepStatus::Ok,
            brief: String::new(),
            page: None,
            moved: false,
            description,
            call: None,
            used_selector: None,
            risk: None,
            observation: None,
            error: None,
            images: Vec::new(),
        }
    }

    pub(super) fn failed(mut self, brief: String) -> Outcome {
        self.status = StepStatus::Failed;
        self.brief = brief;
        self
    }
}

/// A few words for a step before it runs (the panel's step line); ids
/// are named by their label in `page` (the latest listing) when it has them.
pub fn describe(call: &AgentCall, page: Option<&crate::types::MiniPcd>) -> String {
    let name = |id: &str| match page.and_then(|p| page::entry(p, id)) {
        Some(page::Entry::Action(a)) => format!("“{}”", clip(&a.label, 60)),
        Some(page::Entry::Form(f)) => format!("the form “{}”", clip(f.submit_label.as_deref().unwrap_or(&f.id), 60)),
        Some(page::Entry::Collection(c)) => format!("the list “{}”", clip(&c.name, 60)),
        None => id.to_owned(),
    };
    let target = |t: &Target| {
        t.id.as_deref()
            .map(|id| match t.item {
                Some(n) => format!("{} (item {n})", name(id)),
                None => name(id),
            })
            .or_else(|| t.field.as_ref().map(|f| format!("“{f}”")))
            .or_else(|| t.selector.as_ref().map(|s| serde_json::to_string(s).unwrap_or_default()))
            .unwrap_or_default()
    };
    match call {
        AgentCall::GetMiniPcd(_) => "Look at the page".into(),
        AgentCall::PcdQuery(a) => format!("Find “{}” on the page", a.text),
        AgentCall::GetDetails(a) => format!("Get selectors of {}", a.ids.join(", ")),
        AgentCall::ReadPage(_) => "Read the page's text".into(),
        AgentCall::Click(a) => format!("Click {}", target(&a.target)),
        AgentCall::Type(a) => format!("Type into {}", target(&a.target)),
        AgentCall::Select(a) => format!("Select “{}” in {}", a.value, target(&a.target)),
        AgentCall::Check(a) => format!("{} {}", if a.checked == Some(false) { "Uncheck" } else { "Check" }, target(&a.target)),
        AgentCall::Submit(a) => format!("Submit {}", target(&a.target)),
        AgentCall::Scroll(a) => format!("Scroll {}", a.direction.map(|d| format!("{d:?}").to_lowercase()).unwrap_or_else(|| target(&a.target))),
        AgentCall::Hover(a) => format!("Hover over {}", target(&a.target)),
        AgentCall::PressKey(a) => format!("Press {}", a.key),
        AgentCall::WaitFor(a) => format!("Wait for {:?}", a.event),
        AgentCall::Extract(a) => format!("Read {}", name(&a.collection_id)),
        AgentCall::TabsOpen(a) => format!("Open {} in a new tab", a.url),
        AgentCall::TabsSwitch(a) => format!("Switch to tab {}", a.tab_id),
        AgentCall::TabsClose(a) => format!("Close tab {}", a.tab_id),
        AgentCall::TabsList => "List the tabs".into(),
        AgentCall::NavGo(a) => format!("Go to {}", a.url),
        AgentCall::NavBack(_) => "Go back".into(),
        AgentCall::CaptureCandidates(a) => format!("Locate {} on screen", a.ids.join(", ")),
        AgentCall::Explore(a) => format!("Explore the site for “{}”", clip(&a.goal, 80)),
        AgentCall::AskUser(a) => format!("Ask: {}", a.question),
        AgentCall::Done(_) => "Finish".into(),
        AgentCall::Skill { name, .. } => format!("Skill: {}", name.trim_start_matches("skill_").replace('_', " ")),
    }
}

/// The tab a call acts on: the one it names (which must be the task's),
/// else the task's current tab.
pub(super) fn tab_of(task: &Task, named: Option<i32>) -> Result<i32, String> {
    match named {
        None => Ok(task.tab_id),
        Some(t) if task.tabs.contains(&t) => Ok(t),
        Some(t) => Err(format!("Tab {t} is not one of this task's tabs ({}). Use tabs_switch first to work in it.", tab_list(task))),
    }
}

fn tab_list(task: &Task) -> String {
    task.tabs.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ")
}

/// Runs `call` (anything but `ask_user` and `done`, which the controller handles).
pub async fn run<H: Host>(host: &H, task: &mut Task, step: u32, call: &AgentCall) -> Outcome {
    let out = Outcome::new(describe(call, task.page.as_ref()));
    let result = match call {
        AgentCall::GetMiniPcd(a) => super::reads::look(host, task, a.tab_id, out).await,
        AgentCall::PcdQuery(a) => super::reads::query(host, task, a, out).await,
        AgentCall::GetDetails(a) => super::reads::get_details(host, task, a.tab_id, &a.ids, out).await,
        AgentCall::ReadPage(a) => super::reads::read_page(host, task, a.tab_id, out).await,
        AgentCall::Click(a) => act(host, task, step, &a.target, a.tab_id, Verb::Click, out).await,
        AgentCall::Type(a) => act(host, task, step, &a.target, a.tab_id, Verb::Type { text: a.text.clone(), submit: a.submit.unwrap_or(false), replace: a.replace.unwrap_or(true) }, out).await,
        AgentCall::Select(a) => act(host, task, step, &a.target, a.tab_id, Verb::Select(a.value.clone()), out).await,
        AgentCall::Check(a) => act(host, task, step, &a.target, a.tab_id, Verb::Check(a.checked.unwrap_or(true)), out).await,
        AgentCall::Submit(a) => act(host, task, step, &a.target, a.tab_id, Verb::Submit, out).await,
        AgentCall::Hover(a) => act(host, task, step, &a.target, a.tab_id, Verb::Hover, out).await,
        AgentCall::PressKey(a) if !a.target.is_empty() => act(host, task, step, &a.target, a.tab_id, Verb::Key(a.key.clone()), out).await,
        AgentCall::PressKey(a) => key_on_focus(host, task, step, &a.key, a.tab_id, out).await,
        AgentCall::Scroll(a) => scroll(host, task, a, out).await,
        AgentCall::WaitFor(a) => wait_for(host, task, a, out).await,
        AgentCall::Extract(a) => super::reads::extract(host, task, a, out).await,
        AgentCall::TabsOpen(a) => navigate(host, task, Nav::Open(a.url.clone()), out).await,
        AgentCall::NavGo(a) => navigate(host, task, Nav::Go(a.url.clone(), a.tab_id), out).await,
        AgentCall::NavBack(a) => navigate(host, task, Nav::Back(a.tab_id), out).await,
        AgentCall::TabsSwitch(a) => switch(host, task, a.tab_id, out).await,
        AgentCall::TabsClose(a) => close(host, task, a.tab_id, out).await,
        AgentCall::TabsList => tabs_list(host, task, out).await,
        AgentCall::CaptureCandidates(a) => {
            let vision = task.vision;
            super::reads::capture(host, task, a.tab_id, &a.ids, vision, out).await
        }
        AgentCall::Explore(a) => super::explore_step::explore(host, task, &a.goal, out).await,
        AgentCall::AskUser(_) | AgentCall::Done(_) | AgentCall::Skill { .. } => {
            Err(Outcome::new(describe(call, None)).failed("handled by the controller".into()))
        }
    };
    result.unwrap_or_else(|failed| failed)
}

pub(super) type Step = Result<Outcome, Outcome>;





/// What an acting step does to its element.
#[derive(Debug, Clone, PartialEq)]
enum Verb {
    Click,
    Type { text: String, submit: bool, replace: bool },
    Select(String),
    Check(bool),
    Submit,
    Hover,
    Key(String),
}

impl Verb {
    fn hint(&self) -> RoleHint {
        match self {
            Verb::Click | Verb::Hover => RoleHint::Button,
            Verb::Submit => RoleHint::Button,
            Verb::Type { .. } | Verb::Key(_) => RoleHint::Field,
            Verb::Select(_) => RoleHint::Dropdown,
            Verb::Check(_) => RoleHint::Checkbox,
        }
    }

    /// What is done to the element, for the Scout ("click", "type into").
    fn words(&self) -> &'static str {
        match self {
            Verb::Click => "click",
            Verb::Type { .. } => "type into",
            Verb::Select(_) => "choose an option in",
            Verb::Check(_) => "check",
            Verb::Submit => "submit",
            Verb::Hover => "hover over",
            Verb::Key(_) => "press a key in",
        }
    }

    /// The safety rules' verb (`None`: not a write).
    fn safety(&self) -> Option<ActionVerb> {
        match self {
            Verb::Click => Some(ActionVerb::Click),
            Verb::Type { submit: true, .. } => Some(ActionVerb::PressEnter),
            Verb::Type { .. } => Some(ActionVerb::Type),
            Verb::Select(_) => Some(ActionVerb::Select),
            Verb::Check(_) => Some(ActionVerb::Check),
            Verb::Submit => Some(ActionVerb::Submit),
            Verb::Key(k) if k.eq_ignore_ascii_case("enter") => Some(ActionVerb::PressEnter),
            Verb::Key(_) => Some(ActionVerb::Other),
            Verb::Hover => None,
        }
    }

    /// "Click “Invoices” (link)" — the words the user confirms and reads.
    fn describe(&self, b: &Bound) -> String {
        let what = format!("“{}”", clip(&b.label, 60));
        match self {
            Verb::Click => format!("Click {what} ({})", b.role),
            Verb::Type { text, .. } if b.secret.is_some() || gates::secret_asked(text).is_some() => {
                format!("Type the {} into {what}", gates::secret_words(b.secret.unwrap_or(crate::safety::SecretKind::Password)))
            }
            Verb::Type { text, submit, .. } => {
                format!("Type “{}” into {what}{}", clip(text, 60), if *submit { " and press Enter" } else { "" })
            }
            Verb::Select(v) => format!("Select “{}” in {what}", clip(v, 60)),
            Verb::Check(true) => format!("Check {what}"),
            Verb::Check(false) => format!("Uncheck {what}"),
            Verb::Submit => format!("Submit the form {what}"),
            Verb::Hover => format!("Hover over {what}"),
            Verb::Key(k) => format!("Press {k} in {what}"),
        }
    }

    fn call(&self, tab: i32, b: &Bound) -> ToolCall {
        let (selector, id) = (b.selector.clone(), b.id.clone());
        match self {
            Verb::Click => ToolCall::DomClick { tab_id: tab, selector, button: None, click_count: None, id },
            Verb::Type { text, submit, replace } => {
                ToolCall::DomType { tab_id: tab, selector, text: text.clone(), replace: Some(*replace), submit: Some(*submit), id }
            }
            Verb::Select(value) => ToolCall::DomSelect { tab_id: tab, selector, value: value.clone(), by: None, id },
            Verb::Check(checked) => ToolCall::DomCheck { tab_id: tab, selector, checked: Some(*checked), id },
            Verb::Submit => ToolCall::DomSubmit { tab_id: tab, selector },
            Verb::Hover => ToolCall::DomHover { tab_id: tab, selector },
            Verb::Key(key) => ToolCall::DomPressKey { tab_id: tab, key: key.clone(), selector: Some(selector) },
        }
    }
}

/// Binds one acting step (through the PCD Scout when what the model
/// named is not on the page), then runs it; the Scout's other candidates
/// are tried in turn when the element is gone or the action had no effect.
async fn act<H: Host>(host: &H, task: &mut Task, step: u32, target: &Target, tab: Option<i32>, verb: Verb, out: Outcome) -> Step {
    let tab = tab_of(task, tab).map_err(|e| out.clone().failed(e))?;
    let mut candidates = match bind::bind(host, task, tab, target, verb.hint()).await {
        Ok(bound) => vec![bound],
        Err(e) if e.missing => match super::scout::rescue(host, task, tab, target, verb.hint(), verb.words(), &e.message).await {
            Rescue::Found(found) => found,
            Rescue::Elsewhere(goal) => return super::explore_step::after_missing(host, task, &goal, &e.message, out).await,
            Rescue::Failed(message) => return Err(out.failed(message)),
        },
        Err(e) => return Err(out.failed(e.message)),
    };
    let mut bound = candidates.remove(0);
    loop {
        match act_on(host, task, step, tab, &verb, &bound, out.clone()).await {
            Err(failed) if !candidates.is_empty() && failed.error.is_some_and(|c| bind::is_missing(c) || c == ErrorCode::NoEffect) => {
                bound = candidates.remove(0);
            }
            done => return done,
        }
    }
}

/// Gates, runs and observes one acting step on its bound element.
async fn act_on<H: Host>(host: &H, task: &mut Task, step: u32, tab: i32, verb: &Verb, bound: &Bound, mut out: Outcome) -> Step {
    let bound = bound.clone();
    out.description = verb.describe(&bound);
    // Leaving the task's sites: a link to another site is a departure,
    // text typed on a page of another site must not carry what the task
    // read (`leaving`).
    let page_url = task.page.as_ref().map(|p| p.url.clone()).unwrap_or_default();
    let goes_to = bound.goes_to.clone();
    // A form sent to another site: what is typed into it goes there, and
    // sending it (a click in it, Enter, submit) is a departure.
    let form_to = bound.form.as_ref().and_then(|f| f.goes_to.clone()).or_else(|| goes_to.clone().filter(|_| bound.role == "field"));
    let sends_form = matches!(verb, Verb::Click | Verb::Submit | Verb::Type { submit: true, .. });
    if let Some(origin) = goes_to.filter(|_| *verb == Verb::Click).or(form_to.clone().filter(|_| sends_form)) {
        let action = format!("{} → {origin}", out.description);
        if let Err(r) = super::leaving::depart(host, task, &origin, &action).await {
            return Err(refused(out, r));
        }
    }
    if let Verb::Type { text, .. } = verb {
        let bound_for = form_to.unwrap_or_else(|| page_url.clone());
        if let Err(r) = super::leaving::check_typed(task, &bound_for, text) {
            return Err(refused(out, r));
        }
        if let Err(r) = super::leaving::typed_addresses(host, task, text, &out.description).await {
            return Err(refused(out, r));
        }
    }
    let mut call = verb.call(tab, &bound);
    let mut secret = None;
    if let Some(safety_verb) = verb.safety() {
        let text = match verb {
            Verb::Type { text, .. } => Some(text.as_str()),
            _ => None,
        };
        match gates::check(host, task, safety_verb, &bound, &out.description, text).await {
            Gate::Go { risk, secret: s } => {
                out.risk = Some(risk);
                secret = s;
            }
            Gate::Stop { status, brief, risk } => {
                out.risk = Some(risk);
                out.status = status;
                out.brief = brief;
                return Err(out);
            }
        }
    }
    if let (Some(_), ToolCall::DomType { text, .. }) = (secret, &mut call) {
        // What the record and the model keep; the worker substitutes.
        let kind = bound.secret.or_else(|| gates::secret_asked(text)).unwrap_or(crate::safety::SecretKind::Password);
        *text = crate::safety::placeholder(kind);
    }
    out.call = Some(call.clone());
    execute(host, task, step, tab, call, secret, out).await
}

/// Runs an acting tool call and reports its outcome with the page after it.
async fn execute<H: Host>(host: &H, task: &mut Task, step: u32, tab: i32, call: ToolCall, secret: Option<u32>, mut out: Outcome) -> Step {
    let before = task.page.as_ref().map(|p| (p.url.clone(), p.ts)).unwrap_or_default();
    let sets_a_field = matches!(call, ToolCall::DomType { .. } | ToolCall::DomSelect { .. } | ToolCall::DomCheck { .. });
    task.pending = Some(PendingStep { step, call: call.clone(), url_before: before.0, ts_before: before.1 });
    host.save(task).await;
    let result = match secret {
        Some(handle) => host.tool_with_secret(call, handle).await,
        None => host.tool(call).await,
    };
    task.pending = None;
    let outcome: ActOutcome = match result {
        Ok(data) => serde_json::from_value(data).map_err(|e| out.clone().failed(format!("The tool answered something unexpected: {e}")))?,
        Err(e) => {
            let brief = failure_brief(&task.nonce, &out.description, &e);
            let mut failed = out.failed(brief);
            failed.error = Some(e.code);
            // The model decides the next move on the page as it is now.
            failed.page = perceive(host, task, tab, false).await.ok().flatten();
            return Err(failed);
        }
    };
    for opened in &outcome.opened_tabs {
        if !task.tabs.contains(&opened.tab_id) {
            task.tabs.push(opened.tab_id);
        }
    }
    let navigated = outcome.observation.url_changed == Some(true);
    let mut brief = format!("Done: {}.", out.description);
    // Setting a field changes the form's state: that is the step doing
    // its job, not news, and the sentence would stay in the history of
    // every later request. Any other change is said.
    let only_expected = sets_a_field && outcome.changes.iter().all(|c| c == "form state");
    if outcome.changed && !only_expected {
        let _ = write!(brief, " The page changed ({}).", outcome.changes.join(", "));
    }
    for opened in &outcome.opened_tabs {
        let _ = write!(brief, " It opened tab {} ({}); tabs_switch to work there.", opened.tab_id, opened.url);
    }
    if let Some(detail) = &outcome.detail {
        let _ = write!(brief, " {}", clip(detail, 120));
    }
    out.brief = brief;
    out.used_selector = outcome.used_selector.clone();
    out.observation = Some(outcome.observation.clone());
    out.moved = navigated;
    out.page = perceive(host, task, tab, navigated).await.unwrap_or_else(|e| Some(format!("(could not read the page after it: {e})")));
    Ok(out)
}

/// A step the leaving rules stopped.
fn refused(mut out: Outcome, r: super::leaving::Refusal) -> Outcome {
    out.status = r.status;
    out.brief = r.brief;
    out
}

/// A failed tool's brief. The error names what the page showed (an
/// element's name, the dialog in the way): page text, so it is wrapped
/// as untrusted like any page state, and capped.
fn failure_brief(nonce: &str, description: &str, e: &ToolError) -> String {
    let code = serde_json::to_value(e.code).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default();
    format!("Failed: {description} [{code}]:\n{}", untrusted(nonce, &clip(&e.error, 400)))
}

/// The page after a step: the new page in full after a navigation (or
/// when nothing was seen before), else what changed; `None` when the
/// listing is the same.
pub async fn perceive<H: Host>(host: &H, task: &mut Task, tab: i32, navigated: bool) -> Result<Option<String>, String> {
    let mini: MiniPcd = read(host, ToolCall::GetMiniPcd { tab_id: tab }).await?;
    note_goals(task, &mini);
    let previous = task.page.take().filter(|p| task.tab_id == tab && !navigated && p.url == mini.url);
    let text = match &previous {
        Some(old) => page::delta(old, &mini).map(|d| page::change_report(&d)),
        None => {
            let summary = match read::<_, PageSummary>(host, ToolCall::PcdSummary { tab_id: tab, mode: SummaryMode::Compact }).await {
                Ok(PageSummary::Compact(s)) => Some(s),
                _ => None,
            };
            Some(page::full_page(&mini, summary.as_ref()))
        }
    };
    if tab == task.tab_id {
        task.page = Some(mini);
    } else {
        task.page = previous;
    }
    Ok(text)
}

/// Keeps the goal-page signals a page shows (for `done` and progress).
fn note_goals(task: &mut Task, mini: &MiniPcd) {
    for hit in super::goals::hits(mini) {
        if !task.goal_hits.iter().any(|h| h.goal == hit.goal && h.row == hit.row && h.url == hit.url) {
            task.goal_hits.push(hit);
        }
    }
    if let Some(floor) = super::goals::progress_floor(&task.goals, mini) {
        task.progress = task.progress.max(floor);
    }
}

async fn key_on_focus<H: Host>(host: &H, task: &mut Task, step: u32, key: &str, tab: Option<i32>, mut out: Outcome) -> Step {
    let tab = tab_of(task, tab).map_err(|e| out.clone().failed(e))?;
    let call = ToolCall::DomPressKey { tab_id: tab, key: key.to_owned(), selector: None };
    out.call = Some(call.clone());
    execute(host, task, step, tab, call, None, out).await
}

async fn scroll<H: Host>(host: &H, task: &mut Task, a: &super::tools::ScrollArgs, mut out: Outcome) -> Step {
    let tab = tab_of(task, a.tab_id).map_err(|e| out.clone().failed(e))?;
    let selector = if a.target.is_empty() {
        None
    } else {
        Some(bind::bind(host, task, tab, &a.target, RoleHint::Button).await.map_err(|e| out.clone().failed(e.message))?.selector)
    };
    if selector.is_none() && a.direction.is_none() {
        return Err(out.failed("dom_scroll needs a direction or an element.".into()));
    }
    let call = ToolCall::DomScroll { tab_id: tab, y: None, direction: a.direction, selector };
    out.call = Some(call.clone());
    let outcome: ActOutcome = match host.tool(call).await {
        Ok(v) => serde_json::from_value(v).map_err(|e| out.clone().failed(e.to_string()))?,
        Err(e) => return Err(out.clone().failed(failure_brief(&task.nonce, &out.description, &e))),
    };
    out.brief = if outcome.changed { "Scrolled.".into() } else { "Scrolled; nothing moved (at the end already?).".into() };
    out.observation = Some(outcome.observation);
    out.page = perceive(host, task, tab, false).await.ok().flatten();
    Ok(out)
}

async fn wait_for<H: Host>(host: &H, task: &mut Task, a: &super::tools::WaitArgs, mut out: Outcome) -> Step {
    let tab = tab_of(task, a.tab_id).map_err(|e| out.clone().failed(e))?;
    let call = ToolCall::DomWaitFor { tab_id: tab, event: a.event, value: a.value.clone(), timeout_ms: a.timeout_ms };
    let waited: WaitOutcome = read(host, call).await.map_err(|e| out.clone().failed(e))?;
    out.brief = format!("It happened after {} ms.", waited.waited_ms);
    let navigated = waited.observation.url_changed == Some(true);
    out.observation = Some(waited.observation);
    out.moved = navigated;
    out.page = perceive(host, task, tab, navigated).await.ok().flatten();
    Ok(out)
}



pub(super) enum Nav {
    Open(String),
    Go(String, Option<i32>),
    Back(Option<i32>),
}

pub(super) async fn navigate<H: Host>(host: &H, task: &mut Task, nav: Nav, mut out: Outcome) -> Step {
    let call = match &nav {
        Nav::Open(url) | Nav::Go(url, _) => {
            if let Err(refusal) = check_navigation(url) {
                return Err(out.failed(format!("Refused: {refusal}")));
            }
            if let Err(r) = super::leaving::depart(host, task, url, &out.description).await {
                return Err(refused(out, r));
            }
            match &nav {
                Nav::Open(_) => ToolCall::TabsOpen { url: url.clone(), summary: Some(false) },
                _ => ToolCall::NavGo { tab_id: Some(tab_of(task, if let Nav::Go(_, t) = &nav { *t } else { None }).map_err(|e| out.clone().failed(e))?), url: url.clone(), summary: Some(false) },
            }
        }
        Nav::Back(t) => ToolCall::NavBack { tab_id: Some(tab_of(task, *t).map_err(|e| out.clone().failed(e))?), summary: Some(false) },
    };
    out.call = Some(call.clone());
    let result: NavResult = read(host, call).await.map_err(|e| out.clone().failed(e))?;
    if let SummaryOutcome::Failed(e) = &result.summary {
        out.brief = format!("Now on {} but it cannot be read: {e}.", result.url);
        return Ok(out);
    }
    if !task.tabs.contains(&result.tab_id) {
        task.tabs.push(result.tab_id);
    }
    task.tab_id = result.tab_id;
    out.brief = format!("Now on tab {}: {}", result.tab_id, result.url);
    out.moved = true;
    out.page = perceive(host, task, result.tab_id, true).await.unwrap_or_else(|e| Some(format!("(could not read the page: {e})")));
    Ok(out)
}

pub(super) async fn switch<H: Host>(host: &H, task: &mut Task, tab: i32, mut out: Outcome) -> Step {
    let info: TabInfo = read(host, ToolCall::TabsSwitch { tab_id: tab }).await.map_err(|e| out.clone().failed(e))?;
    if !task.tabs.contains(&tab) {
        task.tabs.push(tab);
    }
    task.tab_id = tab;
    out.brief = format!("Now working in tab {tab}: {}", info.url);
    out.moved = true;
    if info.readable {
        out.page = perceive(host, task, tab, true).await.ok().flatten();
    }
    Ok(out)
}

async fn close<H: Host>(host: &H, task: &mut Task, tab: i32, mut out: Outcome) -> Step {
    if !task.tabs.contains(&tab) {
        return Err(out.failed(format!("Tab {tab} is not one of this task's tabs ({}); it is left open.", tab_list(task))));
    }
    if tab == task.tab_id && task.tabs.len() == 1 {
        return Err(out.failed("That is the task's only tab; it stays open.".into()));
    }
    let _: serde_json::Value = read(host, ToolCall::TabsClose { tab_id: tab }).await.map_err(|e| out.clone().failed(e))?;
    task.tabs.retain(|t| *t != tab);
    out.brief = format!("Closed tab {tab}.");
    if task.tab_id == tab {
        task.tab_id = task.tabs[0];
        out.moved = true;
        let _ = write!(out.brief, " The task now works in tab {}.", task.tab_id);
        out.page = perceive(host, task, task.tab_id, true).await.ok().flatten();
    }
    Ok(out)
}

async fn tabs_list<H: Host>(host: &H, task: &mut Task, mut out: Outcome) -> Step {
    let tabs: Vec<TabInfo> = read(host, ToolCall::TabsList {}).await.map_err(|e| out.clone().failed(e))?;
    let mut lines = String::new();
    for t in &tabs {
        let mine = if task.tabs.contains(&t.tab_id) { " (this task's)" } else { "" };
        let _ = writeln!(lines, "{} {} {}{mine}{}", t.tab_id, clip(&t.title, 60), t.url, if t.tab_id == task.tab_id { " ← current" } else { "" });
    }
    out.brief = format!("Open tabs:\n{}", untrusted(&task.nonce, &lines));
    Ok(out)
}

