//! The per-tab action queue's bookkeeping (seed 000 §7 "Background
//! guarantees", issue 4 point 5), without any async or browser code: the
//! service worker (`bc-background`'s `queue.rs`) drives it and does the waking.
//!
//! - Every tool call that targets a tab ([`target`]) takes that tab's lane:
//!   one call runs per tab, the others wait in FIFO order; different tabs'
//!   lanes run concurrently. Calls that touch no page (`tabs.open`,
//!   `tabs.list`, `tabs.switch`) run at once on the free lane.
//! - A call may belong to a task ([`TaskId`], chosen by the caller).
//!   [`TabQueues::cancel_task`] removes the task's waiting calls at once
//!   (their callers answer `cancelled`), names its running calls (to be
//!   signalled), and refuses the task's later calls, so a controller that
//!   has not noticed the cancel yet cannot refill the queue.
//! - A running call keeps its lane until [`TabQueues::finish`], even after
//!   its caller was answered `cancelled`: the page may still be executing it,
//!   and the next call must not overlap with it.
//!
//! Nothing here survives a service-worker restart, and nothing should: a
//! restart ends every call in flight (their promises are gone with the
//! worker), so there is no queue left to restore.

use crate::tools::ToolCall;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, VecDeque};

/// One submitted call, unique while the worker lives.
pub type CallId = u64;

/// The caller's name for a group of calls it may cancel together (the LLM
/// controller uses one per user task; the side panel cancels it).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TaskId(pub String);

impl From<&str> for TaskId {
    fn from(s: &str) -> Self {
        TaskId(s.to_owned())
    }
}

/// Where a call runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lane {
    /// Serialised with every other call on this tab.
    Tab(i32),
    /// Touches no page: runs at once.
    Free,
}

/// Which tab a tool call needs, before the service worker resolves defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Tab(i32),
    /// `nav.*` without `tabId`: the active tab, looked up before queueing so
    /// the call waits in the right lane.
    ActiveTab,
    Free,
}

/// The tab a call acts on. Tools with a `tabId` argument touch that tab's
/// page (reads included: a read behind a navigation must see the new page),
/// so the rule reads `args.tabId` generically and new tools are queued
/// without a change here; the exceptions are listed.
pub fn target(call: &ToolCall) -> Target {
    match call {
        // Activating a tab or focusing its window is not a page action.
        ToolCall::TabsOpen { .. } | ToolCall::TabsList {} | ToolCall::TabsSwitch { .. } => Target::Free,
        ToolCall::NavGo { tab_id, .. }
        | ToolCall::NavBack { tab_id, .. }
        | ToolCall::NavForward { tab_id, .. }
        | ToolCall::NavReload { tab_id, .. } => tab_id.map_or(Target::ActiveTab, Target::Tab),
        other => {
            let tab = serde_json::to_value(other).ok().and_then(|v| v["args"]["tabId"].as_i64());
            tab.map_or(Target::Free, |id| Target::Tab(id as i32))
        }
    }
}

/// What happens to a submitted call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Admission {
    /// Its lane is free: run it now.
    Start,
    /// Another call holds its lane: wait until [`TabQueues::finish`] names it.
    Wait,
    /// Its task was cancelled: answer `cancelled` without running.
    Refused,
}

/// What [`TabQueues::cancel_task`] did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Cancellation {
    /// Removed from their lanes, never to run: answer them `cancelled`.
    pub waiting: Vec<CallId>,
    /// Running now: tell them to stop; they keep their lane until they end.
    pub running: Vec<CallId>,
}

#[derive(Debug)]
struct CallState {
    lane: Lane,
    task: Option<TaskId>,
    running: bool,
}

/// How many cancelled task ids are remembered to refuse their late calls.
const REMEMBERED_CANCELLED: usize = 64;

/// All lanes of the worker.
#[derive(Debug, Default)]
pub struct TabQueues {
    next_id: CallId,
    calls: HashMap<CallId, CallState>,
    /// The running call of each busy tab.
    holders: HashMap<i32, CallId>,
    waiting: HashMap<i32, VecDeque<CallId>>,
    cancelled: VecDeque<TaskId>,
}

impl TabQueues {
    pub fn new() -> TabQueues {
        TabQueues::default()
    }

    pub fn submit(&mut self, lane: Lane, task: Option<TaskId>) -> (CallId, Admission) {
        self.next_id += 1;
        let id = self.next_id;
        if task.as_ref().is_some_and(|t| self.cancelled.contains(t)) {
            return (id, Admission::Refused);
        }
        let start = match lane {
            Lane::Free => true,
            Lane::Tab(tab) => !self.holders.contains_key(&tab),
        };
        if start {
            if let Lane::Tab(tab) = lane {
                self.holders.insert(tab, id);
            }
        } else if let Lane::Tab(tab) = lane {
            self.waiting.entry(tab).or_default().push_back(id);
        }
        self.calls.insert(id, CallState { lane, task, running: start });
        (id, if start { Admission::Start } else { Admission::Wait })
    }

    /// The call ended (or its caller gave up while it waited). Returns the
    /// call that now holds the lane and should start, if any.
    pub fn finish(&mut self, id: CallId) -> Option<CallId> {
        let state = self.calls.remove(&id)?;
        let Lane::Tab(tab) = state.lane else { return None };
        if !state.running {
            self.remove_waiting(tab, id);
            return None;
        }
        if self.holders.get(&tab) != Some(&id) {
            return None;
        }
        self.holders.remove(&tab);
        let next = self.waiting.get_mut(&tab).and_then(VecDeque::pop_front);
        if self.waiting.get(&tab).is_some_and(VecDeque::is_empty) {
            self.waiting.remove(&tab);
        }
        let next = next?;
        self.holders.insert(tab, next);
        if let Some(s) = self.calls.get_mut(&next) {
            s.running = true;
        }
        Some(next)
    }

    fn remove_waiting(&mut self, tab: i32, id: CallId) {
        if let Some(q) = self.waiting.get_mut(&tab) {
            q.retain(|c| *c != id);
            if q.is_empty() {
                self.waiting.remove(&tab);
            }
        }
    }

    /// Cancels `task`: see [`Cancellation`]. Its later calls are refused.
    pub fn cancel_task(&mut self, task: &TaskId) -> Cancellation {
        if !self.cancelled.contains(task) {
            if self.cancelled.len() == REMEMBERED_CANCELLED {
                self.cancelled.pop_front();
            }
            self.cancelled.push_back(task.clone());
        }
        let mut out = Cancellation::default();
        let mine: Vec<CallId> = self.calls.iter().filter(|(_, s)| s.task.as_ref() == Some(task)).map(|(id, _)| *id).collect();
        for id in mine {
            let state = &self.calls[&id];
            if state.running {
                out.running.push(id);
            } else {
                let Lane::Tab(tab) = state.lane else { continue };
                self.calls.remove(&id);
                self.remove_waiting(tab, id);
                out.waiting.push(id);
            }
        }
        out.waiting.sort_unstable();
        out.running.sort_unstable();
        out
    }

    /// Lets a cancelled task id be used again (a new task that reuses it).
    pub fn forget_cancelled(&mut self, task: &TaskId) {
        self.cancelled.retain(|t| t != task);
    }

    /// `(running, waiting)` calls on `tab`, for diagnostics and tests.
    pub fn depth(&self, tab: i32) -> (usize, usize) {
        (usize::from(self.holders.contains_key(&tab)), self.waiting.get(&tab).map_or(0, VecDeque::len))
    }

    /// Whether no call is known at all (every lane idle).
    pub fn is_idle(&self) -> bool {
        self.calls.is_empty() && self.holders.is_empty() && self.waiting.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn task(s: &str) -> Option<TaskId> {
        Some(TaskId::from(s))
    }

    #[test]
    fn one_call_per_tab_in_fifo_order() {
        let mut q = TabQueues::new();
        let (a, ad) = q.submit(Lane::Tab(1), None);
        let (b, bd) = q.submit(Lane::Tab(1), None);
        let (c, cd) = q.submit(Lane::Tab(1), None);
        assert_eq!((ad, bd, cd), (Admission::Start, Admission::Wait, Admission::Wait));
        assert_eq!(q.depth(1), (1, 2));
        assert_eq!(q.finish(a), Some(b));
        assert_eq!(q.finish(b), Some(c));
        assert_eq!(q.finish(c), None);
        assert!(q.is_idle());
    }

    #[test]
    fn different_tabs_and_free_calls_run_concurrently() {
        let mut q = TabQueues::new();
        assert_eq!(q.submit(Lane::Tab(1), None).1, Admission::Start);
        assert_eq!(q.submit(Lane::Tab(2), None).1, Admission::Start);
        assert_eq!(q.submit(Lane::Free, None).1, Admission::Start);
        assert_eq!(q.submit(Lane::Free, None).1, Admission::Start);
        assert_eq!(q.submit(Lane::Tab(1), None).1, Admission::Wait);
    }

    #[test]
    fn cancel_empties_the_tasks_waiting_calls_and_names_its_running_one() {
        let mut q = TabQueues::new();
        let (a, _) = q.submit(Lane::Tab(1), task("t"));
        let (other, _) = q.submit(Lane::Tab(1), task("u"));
        let (b, _) = q.submit(Lane::Tab(1), task("t"));
        let (c, _) = q.submit(Lane::Tab(2), task("t"));
        let (d, _) = q.submit(Lane::Tab(2), task("t"));
        let (f, _) = q.submit(Lane::Free, task("t"));
        let out = q.cancel_task(&TaskId::from("t"));
        assert_eq!(out.waiting, vec![b, d]);
        assert_eq!(out.running, vec![a, c, f]);
        assert_eq!(q.depth(1), (1, 1));
        // The running call keeps its lane until it really ends.
        assert_eq!(q.finish(a), Some(other));
        assert_eq!(q.finish(c), None);
        assert_eq!(q.depth(2), (0, 0));
        // Late calls of the cancelled task are refused; other tasks are not.
        assert_eq!(q.submit(Lane::Tab(3), task("t")).1, Admission::Refused);
        assert_eq!(q.submit(Lane::Tab(3), task("v")).1, Admission::Start);
        q.forget_cancelled(&TaskId::from("t"));
        assert_eq!(q.submit(Lane::Tab(4), task("t")).1, Admission::Start);
    }

    #[test]
    fn a_waiting_caller_that_gives_up_leaves_the_queue() {
        let mut q = TabQueues::new();
        let (a, _) = q.submit(Lane::Tab(1), None);
        let (b, _) = q.submit(Lane::Tab(1), None);
        let (c, _) = q.submit(Lane::Tab(1), None);
        assert_eq!(q.finish(b), None);
        assert_eq!(q.finish(a), Some(c));
        assert_eq!(q.finish(a), None, "finishing twice is harmless");
        assert_eq!(q.finish(c), None);
        assert!(q.is_idle());
    }

    #[test]
    fn cancelled_task_memory_is_bounded() {
        let mut q = TabQueues::new();
        for i in 0..(REMEMBERED_CANCELLED + 10) {
            q.cancel_task(&TaskId(format!("t{i}")));
        }
        assert_eq!(q.cancelled.len(), REMEMBERED_CANCELLED);
        assert_eq!(q.submit(Lane::Free, task("t0")).1, Admission::Start);
        assert_eq!(q.submit(Lane::Free, task(&format!("t{}", REMEMBERED_CANCELLED + 9))).1, Admission::Refused);
    }

    #[test]
    fn targets_of_tool_calls() {
        let t = |name: &str, args| target(&ToolCall::parse(name, args).unwrap());
        assert_eq!(t("pcd.summary", json!({"tabId": 5})), Target::Tab(5));
        assert_eq!(t("dom.click", json!({"tabId": 6, "selector": {"kind": "text", "text": "Go"}})), Target::Tab(6));
        assert_eq!(t("tabs.close", json!({"tabId": 7})), Target::Tab(7));
        assert_eq!(t("nav.go", json!({"url": "example.com"})), Target::ActiveTab);
        assert_eq!(t("nav.back", json!({"tabId": 8})), Target::Tab(8));
        assert_eq!(t("tabs.switch", json!({"tabId": 9})), Target::Free);
        assert_eq!(t("tabs.open", json!({"url": "example.com"})), Target::Free);
        assert_eq!(t("tabs.list", json!({})), Target::Free);
    }
}
