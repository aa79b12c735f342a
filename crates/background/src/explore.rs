//! The explorer's browser half (issue 42 point 2): `bc_core::explore::
//! ExploreHost` over `chrome.tabs`. Candidate pages open in background
//! tabs of the task's window — never focused, muted, in one collapsed tab
//! group named for the task — and are read with the same tools the agent
//! uses (`getMiniPCD`, `pcd.summary`, `pcd.query` + `getDetails` for where
//! links lead), in each tab's own lane of the queue. Every tab opened is
//! closed before [`run`] returns (a kept goal tab excepted), also on Stop
//! or an error. The search itself, its budgets and what it may follow are
//! decided in the core.

use crate::command::Stop;
use crate::queue;
use crate::{chrome, graph_store, js, nav, tools};
use bc_core::explore::{self, ExploreHost, ExploreProgress, ExploreReport, ExploreRequest, Link, Reading};
use bc_core::safety::origin_of;
use bc_core::summary::{CompactPageSummary, SummaryMode};
use bc_core::tab_queue::{Lane, TaskId};
use bc_core::tools::{ErrorCode, QueryKind, ToolCall, ToolError};
use bc_core::types::{MiniPcd, PcdActionDetail, QueryHit, RoleSelector};
use serde::de::DeserializeOwned;
use serde_json::json;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// Links asked of each page (ranked for the goal, then by position).
const LINKS_PER_PAGE: u32 = 12;

struct SwExplorer<'a> {
    task: TaskId,
    stop: Rc<Stop>,
    window_id: Option<i32>,
    title: String,
    group: Cell<Option<i32>>,
    open: RefCell<Vec<i32>>,
    on_progress: &'a dyn Fn(ExploreProgress),
}

async fn call<T: DeserializeOwned>(call: ToolCall, task: &TaskId) -> Result<T, ToolError> {
    let value = tools::run(call, Some(task.clone())).await?;
    serde_json::from_value(value).map_err(|e| ToolError::new(ErrorCode::Internal, format!("unexpected tool answer: {e}"), false))
}

impl SwExplorer<'_> {
    async fn links(&self, tab: i32, mini: &MiniPcd, query: &str) -> Result<Vec<Link>, ToolError> {
        let ask = |text: Option<&str>| ToolCall::PcdQuery { tab_id: tab, kind: Some(QueryKind::Action), text: text.map(str::to_owned), top_k: Some(LINKS_PER_PAGE) };
        let mut hits: Vec<QueryHit> = call(ask(Some(query)), &self.task).await?;
        if hits.len() < LINKS_PER_PAGE as usize {
            // The rest by position alone: a page whose words miss the
            // query still has a way on.
            let rest: Vec<QueryHit> = call(ask(None), &self.task).await.unwrap_or_default();
            let rest: Vec<QueryHit> = rest.into_iter().filter(|p| !hits.iter().any(|h| h.id == p.id)).map(|p| QueryHit { score: 0.0, ..p }).collect();
            hits.extend(rest);
            hits.truncate(LINKS_PER_PAGE as usize);
        }
        let ids: Vec<String> = hits.iter().map(|h| h.id.clone()).collect();
        let details: Vec<PcdActionDetail> = call(ToolCall::GetDetails { tab_id: tab, ids }, &self.task).await?;
        let role = |id: &str| mini.actions.iter().find(|a| a.id == id).and_then(|a| serde_json::to_value(a.role).ok()).and_then(|v| v.as_str().map(str::to_owned));
        // A link with no address (a single-page app routes it) is kept
        // with an empty href: the search clicks it (`open_by_click`).
        Ok(hits
            .into_iter()
            .filter_map(|h| {
                let d = details.iter().find(|d| d.id == h.id)?;
                let role = role(&h.id).unwrap_or_else(|| "link".into());
                let href = match &d.href {
                    Some(href) => href.clone(),
                    None if role == "link" => String::new(),
                    None => return None,
                };
                Some(Link { href, role, label: h.label, score: h.score, selector: Some(d.selector.clone()) })
            })
            .collect())
    }

    /// Opens `url` in a background tab of the search and waits for it to
    /// load: the loaded tab, or why not (with the tab, when there is one:
    /// it is the search's to close).
    async fn load(&self, url: &str) -> Result<i32, (Option<i32>, ToolError)> {
        let (url, window) = (url.to_owned(), self.window_id);
        let opened = queue::run(Lane::Free, Some(self.task.clone()), move |cancel| async move { Ok(nav::open_background(&url, window, &cancel).await) }).await;
        let (tab, loaded) = opened.map_err(|e| (None, e))?;
        let Some(tab) = tab else {
            return Err((None, loaded.err().unwrap_or_else(|| ToolError::new(ErrorCode::Internal, "the background tab has no id", false))));
        };
        self.open.borrow_mut().push(tab);
        self.group(tab).await;
        loaded.map(|()| tab).map_err(|e| (Some(tab), e))
    }

    async fn group(&self, tab: i32) {
        let options = match self.group.get() {
            Some(g) => json!({"tabIds": [tab], "groupId": g}),
            None => json!({"tabIds": [tab], "createProperties": {"windowId": self.window_id}}),
        };
        let Ok(group) = chrome::tabs_group(&js::to_js(&options)).await else { return };
        if self.group.get().is_none() {
            if let Some(g) = group.as_f64().map(|g| g as i32) {
                self.group.set(Some(g));
                let _ = chrome::tab_groups_update(g, &js::to_js(&json!({"title": self.title, "collapsed": true, "color": "grey"}))).await;
            }
        }
    }
}

impl ExploreHost for SwExplorer<'_> {
    async fn read(&self, tab: i32, query: &str) -> Result<Reading, ToolError> {
        let mini: MiniPcd = call(ToolCall::GetMiniPcd { tab_id: tab }, &self.task).await?;
        let summary: Option<CompactPageSummary> = call(ToolCall::PcdSummary { tab_id: tab, mode: SummaryMode::Compact }, &self.task).await.ok();
        let links = self.links(tab, &mini, query).await?;
        Ok(Reading { mini, summary, links })
    }

    async fn open(&self, url: &str, query: &str) -> (Option<i32>, Result<Reading, ToolError>) {
        match self.load(url).await {
            Ok(tab) => (Some(tab), self.read(tab, query).await),
            Err((tab, e)) => (tab, Err(e)),
        }
    }

    async fn open_by_click(&self, from: &str, selector: &RoleSelector, query: &str) -> (Option<i32>, Result<Reading, ToolError>) {
        let tab = match self.load(from).await {
            Ok(tab) => tab,
            Err((tab, e)) => return (tab, Err(e)),
        };
        // The click's own outcome waits for the page to settle (a route
        // change renders after it); the read that follows sees the view.
        let click = match ToolCall::parse("dom.click", json!({ "tabId": tab, "selector": selector })) {
            Ok(click) => click,
            Err(e) => return (Some(tab), Err(e)),
        };
        if let Err(e) = call::<serde_json::Value>(click, &self.task).await {
            return (Some(tab), Err(e));
        }
        (Some(tab), self.read(tab, query).await)
    }

    async fn close(&self, tab: i32) {
        self.open.borrow_mut().retain(|t| *t != tab);
        let _ = chrome::tabs_remove(tab).await;
    }

    fn now(&self) -> f64 {
        js_sys::Date::now()
    }

    fn cancelled(&self) -> bool {
        self.stop.is_stopped()
    }

    fn progress(&self, progress: ExploreProgress) {
        (self.on_progress)(progress);
    }
}

/// Searches from the page in `tab_id` for `request.goal`, as part of the
/// task `task`; the origin's site graph is read before and saved after.
pub async fn run(tab_id: i32, request: &ExploreRequest, task: TaskId, stop: Rc<Stop>, on_progress: &dyn Fn(ExploreProgress)) -> Result<ExploreReport, ToolError> {
    let tab = chrome::tabs_get(tab_id).await.map_err(|_| ToolError::new(ErrorCode::NoSuchTab, format!("there is no tab {tab_id}"), false))?;
    let url = js::get_str(&tab, "url").unwrap_or_default();
    let origin = origin_of(&url).ok_or_else(|| ToolError::new(ErrorCode::RestrictedUrl, "only web pages (http, https) can be explored", false))?;
    let mut graph = graph_store::load(&origin).await;
    let goal: String = request.goal.chars().take(40).collect();
    let explorer = SwExplorer {
        task,
        stop,
        window_id: js::get_i32(&tab, "windowId"),
        title: format!("Copilot: {goal}"),
        group: Cell::new(None),
        open: RefCell::new(Vec::new()),
        on_progress,
    };
    let report = explore::explore(&explorer, &mut graph, request, tab_id).await;
    // Whatever happened, no tab of the search outlives it but a kept winner.
    let kept = report.as_ref().ok().and_then(|r| r.kept_tab);
    let left: Vec<i32> = explorer.open.borrow().iter().copied().filter(|t| Some(*t) != kept).collect();
    for t in left {
        explorer.close(t).await;
    }
    graph_store::save(&graph).await;
    report
}
