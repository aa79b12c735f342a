//! A scripted [`Host`] for the controller's native tests: the model's
//! replies in order, a small site of pages (MiniPCDs, links between them,
//! form fields), the user's answers in order, and a record of everything
//! the controller did (tool calls, prompts, events, saves, requests).

use super::host::{Host, StreamPiece, TaskEvent, UserPrompt, UserReply};
use super::task::Task;
use crate::act::ActOutcome;
use crate::digest::PageDigest;
use crate::llm::{Completion, LlmError, ToolCallWire, ToolChatRequest, Usage};
use crate::nav::{NavResult, SummaryOutcome};
use crate::tools::{ErrorCode, ToolCall, ToolError};
use crate::types::{MiniPcd, NameMode, Observation, PcdActionDetail, QueryHit, Resolution, ResolvedMatch, RoleSelector};
use serde_json::{json, Value};
use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, HashSet, VecDeque};

/// A model reply calling one tool.
pub fn call(name: &str, args: Value) -> Result<Completion, LlmError> {
    calls(&[(name, args)])
}

/// A model reply calling several tools.
pub fn calls(list: &[(&str, Value)]) -> Result<Completion, LlmError> {
    let tool_calls = list
        .iter()
        .enumerate()
        .map(|(i, (name, args))| {
            let text = match args {
                Value::String(raw) => raw.clone(),
                other => other.to_string(),
            };
            ToolCallWire::new(format!("c{i}"), *name, text)
        })
        .collect();
    Ok(Completion { content: "Next step.".into(), tool_calls, finish_reason: Some("tool_calls".into()), usage: Some(usage()) })
}

/// A model reply of plain text.
pub fn text(content: &str) -> Result<Completion, LlmError> {
    Ok(Completion { content: content.into(), tool_calls: vec![], finish_reason: Some("stop".into()), usage: Some(usage()) })
}

fn usage() -> Usage {
    Usage { prompt_tokens: 1000, completion_tokens: 20, cached_tokens: 0 }
}

/// A page of the fake site: `(id, role, label, kind)` actions, `(id,
/// purpose, [(label, type)])` forms, and which action ids lead where.
/// A listed action: `(id, role, label, kind)`.
pub type ActionRow<'a> = (&'a str, &'a str, &'a str, Option<&'a str>);
/// A listed form: `(id, purpose, [(field label, type)])`.
pub type FormRow<'a> = (&'a str, &'a str, &'a [(&'a str, &'a str)]);

pub fn page(url: &str, title: &str, actions: &[ActionRow], forms: &[FormRow]) -> MiniPcd {
    serde_json::from_value(json!({
        "url": url, "origin": origin(url), "title": title, "loginState": "unknown", "ts": 1.0, "landmarks": ["main"],
        "actions": actions.iter().map(|(id, role, label, kind)| json!({"id": id, "role": role, "label": label, "kind": kind})).collect::<Vec<_>>(),
        "forms": forms.iter().map(|(id, purpose, fields)| json!({
            "id": id, "purpose": purpose,
            "fieldSummaries": fields.iter().map(|(l, t)| json!({"label": l, "type": t, "required": true})).collect::<Vec<_>>(),
            "submitLabel": "Submit"
        })).collect::<Vec<_>>(),
        "collections": []
    }))
    .unwrap()
}

fn origin(url: &str) -> String {
    url::Url::parse(url).map(|u| u.origin().ascii_serialization()).unwrap_or_default()
}

/// The site and everything the controller did to it.
#[derive(Default)]
pub struct Fake {
    pub replies: RefCell<VecDeque<Result<Completion, LlmError>>>,
    pub requests: RefCell<Vec<ToolChatRequest>>,
    pub pages: RefCell<BTreeMap<String, MiniPcd>>,
    /// Action id → the URL clicking it leads to.
    pub links: RefCell<BTreeMap<String, String>>,
    pub current: RefCell<String>,
    pub tool_calls: RefCell<Vec<ToolCall>>,
    pub secret_calls: RefCell<Vec<(ToolCall, u32)>>,
    pub answers: RefCell<VecDeque<UserReply>>,
    pub prompts: RefCell<Vec<UserPrompt>>,
    pub events: RefCell<Vec<TaskEvent>>,
    pub allowed: RefCell<HashSet<String>>,
    /// Secrets remembered for a site: `(origin, kind, handle)`.
    pub stored: RefCell<Vec<(String, crate::safety::SecretKind, u32)>>,
    pub saves: Cell<u32>,
    pub clock: Cell<f64>,
    pub slept: Cell<u32>,
    /// Stop is pressed once this many model calls were made.
    pub cancel_after_calls: Cell<Option<usize>>,
    /// What `explore` answers, and the searches asked for.
    pub explore_report: RefCell<Option<crate::explore::ExploreReport>>,
    pub explore_requests: RefCell<Vec<(i32, crate::explore::ExploreRequest)>>,
    /// Ids whose element is gone by the time it is clicked.
    pub gone: RefCell<HashSet<String>>,
    /// Text beside fields the page did not tie to them (`RoleSelector::Near`).
    pub near: RefCell<Vec<String>>,
    /// Controls on the page the listing leaves out (past its budget):
    /// `(id, role, label)`, known to getDetails and to selectors only.
    pub unlisted: RefCell<Vec<(String, String, String)>>,
}

impl Fake {
    pub fn new(pages: Vec<MiniPcd>, replies: Vec<Result<Completion, LlmError>>) -> Fake {
        let fake = Fake::default();
        *fake.current.borrow_mut() = pages[0].url.clone();
        for p in pages {
            fake.allowed.borrow_mut().insert(p.origin.clone());
            fake.pages.borrow_mut().insert(p.url.clone(), p);
        }
        *fake.replies.borrow_mut() = replies.into();
        fake
    }

    pub fn link(self, id: &str, to: &str) -> Fake {
        self.links.borrow_mut().insert(id.into(), to.into());
        self
    }

    pub fn answering(self, replies: Vec<UserReply>) -> Fake {
        *self.answers.borrow_mut() = replies.into();
        self
    }

    fn mini(&self) -> MiniPcd {
        self.pages.borrow()[&*self.current.borrow()].clone()
    }

    fn observation(&self, url_changed: bool) -> Observation {
        let m = self.mini();
        Observation { url: m.url, title: m.title, ts: 1.0, url_changed: Some(url_changed), collection_summary: None, focused_role: None }
    }

    fn acted(&self, url_changed: bool) -> Value {
        let outcome = ActOutcome {
            observation: self.observation(url_changed),
            changed: true,
            changes: vec![if url_changed { "url".into() } else { "form state".into() }],
            attempts: 1,
            used_selector: None,
            detail: None,
            opened_tabs: vec![],
        };
        serde_json::to_value(outcome).unwrap()
    }

    fn go(&self, url: &str) -> Result<Value, ToolError> {
        if !self.pages.borrow().contains_key(url) {
            return Err(ToolError::new(ErrorCode::ContentUnavailable, format!("no page {url}"), false));
        }
        *self.current.borrow_mut() = url.to_owned();
        let m = self.mini();
        Ok(serde_json::to_value(NavResult { tab_id: 1, url: m.url, title: m.title, summary: SummaryOutcome::Skipped }).unwrap())
    }

    /// The tool calls made, as wire names, in order.
    pub fn tool_names(&self) -> Vec<&'static str> {
        self.tool_calls.borrow().iter().map(|c| c.name().as_str()).collect()
    }

    fn answer_tool(&self, call: &ToolCall) -> Result<Value, ToolError> {
        let missing = |what: String| Err(ToolError::new(ErrorCode::NotFound, what, false));
        match call {
            ToolCall::GetMiniPcd { .. } => Ok(serde_json::to_value(self.mini()).unwrap()),
            ToolCall::PcdSummary { .. } => {
                let m = self.mini();
                Ok(json!({"type": "generic", "title": m.title, "headings": [format!("h1: {}", m.title)], "primary_actions": [], "forms": [],
                          "content_preview": "Welcome.", "interactive_count": m.actions.len()}))
            }
            ToolCall::GetDetails { ids, .. } => {
                let m = self.mini();
                let mut out = Vec::new();
                for id in ids {
                    let label = m.actions.iter().find(|a| &a.id == id).map(|a| ("button".to_owned(), a.label.clone())).or_else(|| m.forms.iter().find(|f| &f.id == id).map(|_| ("button".to_owned(), "form".to_owned())));
                    let label = label.or_else(|| self.unlisted.borrow().iter().find(|(i, ..)| i == id).map(|(_, role, l)| (role.clone(), l.clone())));
                    match label {
                        Some((role, l)) => out.push(PcdActionDetail { id: id.clone(), selector: RoleSelector::role(&role, Some(&l), NameMode::Exact), alt_selectors: None, landmark: None, frame_path: None, href: None }),
                        None => return missing(format!("no element has the id {id}")),
                    }
                }
                Ok(serde_json::to_value(out).unwrap())
            }
            ToolCall::DomResolve { selector: RoleSelector::Near { label, .. }, .. } => {
                let count = self.near.borrow().iter().filter(|n| n.eq_ignore_ascii_case(label)).count();
                let matches = (0..count.min(1)).map(|_| ResolvedMatch { role: Some("textbox".into()), name: String::new(), tag: "input".into(), rect: Default::default(), goes_to: None, text: None, near: Some(label.clone()) }).collect();
                Ok(serde_json::to_value(Resolution { count: count as u32, matches }).unwrap())
            }
            ToolCall::DomResolve { selector, .. } => {
                let m = self.mini();
                let name = match selector {
                    RoleSelector::Role { name: Some(n), .. } => n.clone(),
                    RoleSelector::Text { text, .. } => text.clone(),
                    _ => String::new(),
                };
                let wanted = name.trim_start_matches("/^\\s*").trim_end_matches("\\s*$/i").replace("\\s+", " ").to_lowercase();
                if let Some((_, role, label)) = self.unlisted.borrow().iter().find(|(_, _, l)| l.to_lowercase() == wanted) {
                    let found = ResolvedMatch { role: Some(role.clone()), name: label.clone(), tag: "button".into(), rect: Default::default(), goes_to: None, text: None, near: None };
                    return Ok(serde_json::to_value(Resolution { count: 1, matches: vec![found] }).unwrap());
                }
                let count = m.forms.iter().flat_map(|f| &f.field_summaries).filter(|f| f.label.to_lowercase() == wanted).count()
                    + m.actions.iter().filter(|a| a.label.to_lowercase() == wanted).count();
                let shown = m.forms.iter().flat_map(|f| &f.field_summaries).map(|f| f.label.clone()).chain(m.actions.iter().map(|a| a.label.clone())).find(|l| l.to_lowercase() == wanted).unwrap_or_default();
                let matches = (0..count.min(1)).map(|_| ResolvedMatch { role: Some("textbox".into()), name: shown.clone(), tag: "input".into(), rect: Default::default(), goes_to: None, text: None, near: None }).collect();
                Ok(serde_json::to_value(Resolution { count: count as u32, matches }).unwrap())
            }
            ToolCall::PcdQuery { text, .. } => {
                let m = self.mini();
                let t = text.clone().unwrap_or_default().to_lowercase();
                let hits: Vec<QueryHit> = m
                    .actions
                    .iter()
                    .filter(|a| a.label.to_lowercase().contains(&t))
                    .map(|a| QueryHit { id: a.id.clone(), label: a.label.clone(), kind: a.kind.clone(), landmark: None, score: 0.9 })
                    .collect();
                Ok(serde_json::to_value(hits).unwrap())
            }
            ToolCall::DomClick { id, selector, .. } => {
                let label = match selector {
                    RoleSelector::Role { name: Some(n), .. } => n.clone(),
                    _ => String::new(),
                };
                if id.as_ref().is_some_and(|id| self.gone.borrow().contains(id)) {
                    return missing(format!("{label} is gone"));
                }
                let target = id.as_ref().and_then(|id| self.links.borrow().get(id).cloned());
                let known = self.mini().actions.iter().any(|a| a.label == label);
                match target {
                    Some(url) => {
                        *self.current.borrow_mut() = url;
                        Ok(self.acted(true))
                    }
                    None if known => Ok(self.acted(false)),
                    None => missing(format!("nothing matches {label}")),
                }
            }
            ToolCall::DomType { .. } | ToolCall::DomSelect { .. } | ToolCall::DomCheck { .. } | ToolCall::DomSubmit { .. } | ToolCall::DomPressKey { .. } => {
                Ok(self.acted(false))
            }
            ToolCall::TabsOpen { url, .. } | ToolCall::NavGo { url, .. } => self.go(url),
            // Every id on screen, a crop of each of the first three.
            ToolCall::CaptureCandidates { ids, .. } => Ok(json!({
                "image": "data:image/jpeg;base64,VEFC", "width": 800, "height": 600, "scale": 1.0,
                "viewport": {"width": 800.0, "height": 600.0, "devicePixelRatio": 1.0},
                "boxes": ids.iter().enumerate().map(|(i, id)| json!({"id": id, "rect": {"x": 10.0, "y": 40.0 * i as f64, "width": 30.0, "height": 30.0}, "visible": true})).collect::<Vec<_>>(),
                "crops": ids.iter().take(3).map(|id| json!({"id": id, "image": format!("data:image/jpeg;base64,CROP{id}"), "width": 62, "height": 62,
                    "rect": {"x": 0.0, "y": 0.0, "width": 62.0, "height": 62.0}})).collect::<Vec<_>>(),
            })),
            other => Err(ToolError::not_implemented(other.name())),
        }
    }
}

impl Host for Fake {
    async fn complete(&self, request: &ToolChatRequest, on_piece: &mut dyn FnMut(StreamPiece)) -> Result<Completion, LlmError> {
        self.requests.borrow_mut().push(request.clone());
        if let Some(n) = self.cancel_after_calls.get() {
            if self.requests.borrow().len() > n {
                return Err(LlmError::Cancelled);
            }
        }
        let reply = self.replies.borrow_mut().pop_front().unwrap_or_else(|| panic!("no scripted reply for model call {}", self.requests.borrow().len()));
        if let Ok(c) = &reply {
            if !c.content.is_empty() {
                on_piece(StreamPiece::Text(c.content.clone()));
            }
            // Calls stream as a real server sends them: the name, then
            // the arguments in a few pieces.
            for (index, call) in c.tool_calls.iter().enumerate() {
                on_piece(StreamPiece::CallStarted { index, name: call.function.name.clone() });
                let args: Vec<char> = call.function.arguments.chars().collect();
                for piece in args.chunks(7) {
                    on_piece(StreamPiece::Arguments { index, text: piece.iter().collect() });
                }
            }
        }
        reply
    }

    async fn tool(&self, call: ToolCall) -> Result<Value, ToolError> {
        self.tool_calls.borrow_mut().push(call.clone());
        self.answer_tool(&call)
    }

    async fn tool_with_secret(&self, call: ToolCall, handle: u32) -> Result<Value, ToolError> {
        self.secret_calls.borrow_mut().push((call.clone(), handle));
        self.tool(call).await
    }

    async fn explore(&self, tab_id: i32, request: &crate::explore::ExploreRequest) -> Result<crate::explore::ExploreReport, ToolError> {
        self.explore_requests.borrow_mut().push((tab_id, request.clone()));
        self.explore_report.borrow().clone().ok_or_else(|| ToolError::new(ErrorCode::Internal, "no search scripted", false))
    }

    async fn read_page(&self, _tab_id: i32) -> Result<PageDigest, ToolError> {
        let m = self.mini();
        Ok(PageDigest::new(&m.url, &m.title, vec![m.title.clone()], "The Pro plan costs $29 per month."))
    }

    async fn ask(&self, _prompt_id: u32, prompt: &UserPrompt) -> UserReply {
        self.prompts.borrow_mut().push(prompt.clone());
        self.answers.borrow_mut().pop_front().unwrap_or(UserReply::Cancelled)
    }

    async fn stored_secret(&self, origin: &str, kind: crate::safety::SecretKind) -> Option<u32> {
        self.stored.borrow().iter().find(|(o, k, _)| o == origin && *k == kind).map(|(_, _, h)| *h)
    }

    async fn site_allowed(&self, origin: &str) -> bool {
        self.allowed.borrow().contains(origin)
    }

    async fn allow_site(&self, origin: &str) {
        self.allowed.borrow_mut().insert(origin.to_owned());
    }

    fn event(&self, event: TaskEvent) {
        self.events.borrow_mut().push(event);
    }

    async fn save(&self, _task: &Task) {
        self.saves.set(self.saves.get() + 1);
    }

    async fn sleep(&self, ms: u32) {
        self.slept.set(self.slept.get() + ms);
        self.clock.set(self.clock.get() + ms as f64);
    }

    fn now(&self) -> f64 {
        self.clock.set(self.clock.get() + 1.0);
        self.clock.get()
    }

    fn cancelled(&self) -> bool {
        self.cancel_after_calls.get().is_some_and(|n| self.requests.borrow().len() > n)
    }
}
