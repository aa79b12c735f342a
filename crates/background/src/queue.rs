//! The per-tab action queue of the service worker (seed 000 §7 "Background
//! guarantees"): never two calls on one tab's page at once, different tabs
//! concurrently, and task cancellation. The bookkeeping (lanes, FIFO order,
//! which calls a cancel hits) is `bc_core::tab_queue`; this module does the
//! waiting and waking.
//!
//! Cancelling a task answers its waiting calls `cancelled` at once and
//! signals its running ones through their [`CancelToken`]: their callers are
//! answered `cancelled` at once too. A running call that cannot stop mid-way
//! (a DOM action already sent to the page) finishes detached and holds its
//! tab's lane until then, so the next call still never overlaps with it.
//!
//! In memory by nature: a worker restart drops every call in flight along
//! with its caller's promise, so there is nothing to restore.

use bc_core::tab_queue::{Admission, CallId, Cancellation, Lane, TabQueues, TaskId};
use bc_core::tools::{ErrorCode, ToolError};
use futures::channel::oneshot;
use futures::future::{select, Either};
use serde::Serialize;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::future::Future;
use std::rc::Rc;

/// Tells a running call that its task was cancelled.
#[derive(Clone, Default)]
pub struct CancelToken(Rc<TokenState>);

#[derive(Default)]
struct TokenState {
    cancelled: Cell<bool>,
    waiters: RefCell<Vec<oneshot::Sender<()>>>,
}

impl CancelToken {
    pub fn is_cancelled(&self) -> bool {
        self.0.cancelled.get()
    }

    fn cancel(&self) {
        self.0.cancelled.set(true);
        for waiter in self.0.waiters.borrow_mut().drain(..) {
            let _ = waiter.send(());
        }
    }

    /// Resolves when the call is cancelled (never, if it is not).
    pub fn cancelled(&self) -> impl Future<Output = ()> + 'static {
        let token = self.clone();
        async move {
            if token.is_cancelled() {
                return;
            }
            let (tx, rx) = oneshot::channel();
            token.0.waiters.borrow_mut().push(tx);
            // The sender is only dropped by `cancel` after sending.
            if rx.await.is_err() {
                futures::future::pending::<()>().await;
            }
        }
    }
}

/// The `cancelled` answer.
pub fn cancelled_error() -> ToolError {
    ToolError::new(ErrorCode::Cancelled, "the task was cancelled", false)
}

enum Signal {
    /// Waiting for its lane: `true` = start, `false` = cancelled.
    Waiting(oneshot::Sender<bool>),
    Running(CancelToken),
}

thread_local! {
    static QUEUES: RefCell<TabQueues> = RefCell::new(TabQueues::new());
    static SIGNALS: RefCell<HashMap<CallId, Signal>> = RefCell::new(HashMap::new());
}

/// Ends a call's hold on its lane (or its place in line) exactly once, also
/// when the caller's future is dropped, and starts the next call of the lane.
struct Slot {
    id: CallId,
}

impl Drop for Slot {
    fn drop(&mut self) {
        SIGNALS.with(|s| s.borrow_mut().remove(&self.id));
        let mut next = QUEUES.with(|q| q.borrow_mut().finish(self.id));
        while let Some(id) = next {
            let signal = SIGNALS.with(|s| s.borrow_mut().remove(&id));
            if let Some(Signal::Waiting(tx)) = signal {
                if tx.send(true).is_ok() {
                    return;
                }
            }
            // Its caller went away: pass the lane on.
            next = QUEUES.with(|q| q.borrow_mut().finish(id));
        }
    }
}

/// Runs `op` in `lane`, after the calls ahead of it, as part of `task`.
pub async fn run<F, Fut, T>(lane: Lane, task: Option<TaskId>, op: F) -> Result<T, ToolError>
where
    F: FnOnce(CancelToken) -> Fut,
    Fut: Future<Output = Result<T, ToolError>> + 'static,
    T: 'static,
{
    let (id, admission) = QUEUES.with(|q| q.borrow_mut().submit(lane, task));
    let slot = Slot { id };
    match admission {
        Admission::Refused => {
            // Never entered a lane; finishing is a no-op.
            drop(slot);
            return Err(cancelled_error());
        }
        Admission::Wait => {
            let (tx, rx) = oneshot::channel();
            SIGNALS.with(|s| s.borrow_mut().insert(id, Signal::Waiting(tx)));
            if rx.await != Ok(true) {
                return Err(cancelled_error());
            }
        }
        Admission::Start => {}
    }
    let token = CancelToken::default();
    SIGNALS.with(|s| s.borrow_mut().insert(id, Signal::Running(token.clone())));
    let work = Box::pin(op(token.clone()));
    let stop = Box::pin(token.cancelled());
    match select(work, stop).await {
        Either::Left((result, _)) => result,
        Either::Right(((), work)) => {
            // The caller hears `cancelled` now; the work ends in its own time
            // (operations that watch the token end at once) and only then
            // frees the lane.
            wasm_bindgen_futures::spawn_local(async move {
                let _ = work.await;
                drop(slot);
            });
            Err(cancelled_error())
        }
    }
}

/// What a cancel did, as `self.copilot.cancel` reports it.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct CancelReport {
    /// Waiting calls removed and answered `cancelled`.
    pub queued: usize,
    /// Running calls told to stop (answered `cancelled`).
    pub running: usize,
}

/// Cancels every call of `task`, waiting or running, and refuses its later
/// calls (so task ids must be unique per task: the last 64 cancelled ids are
/// remembered). For the side panel's `PanelRequest::Cancel` and
/// `self.copilot.cancel`.
pub fn cancel_task(task: &TaskId) -> CancelReport {
    let Cancellation { waiting, running } = QUEUES.with(|q| q.borrow_mut().cancel_task(task));
    let signals: Vec<Signal> = SIGNALS.with(|s| {
        let mut s = s.borrow_mut();
        let mut out: Vec<Signal> = waiting.iter().filter_map(|id| s.remove(id)).collect();
        for id in &running {
            if let Some(Signal::Running(t)) = s.get(id) {
                out.push(Signal::Running(t.clone()));
            }
        }
        out
    });
    // Woken outside the borrow: a woken caller may touch the queue at once.
    for signal in signals {
        match signal {
            Signal::Waiting(tx) => {
                let _ = tx.send(false);
            }
            Signal::Running(token) => token.cancel(),
        }
    }
    CancelReport { queued: waiting.len(), running: running.len() }
}
