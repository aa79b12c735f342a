//! The agent in the service worker: starts a task for what the user
//! typed (anything that is not a command, when an endpoint is configured),
//! runs `bc_core::agent::run` with the worker's [`host::SwHost`], and
//! routes the panel's answers to the task waiting for them.
//!
//! A running task is a [`Runtime`] in a worker-wide registry keyed by task
//! id (the panel learns it from `TaskEvent::Started`): its stop flag and
//! LLM abort (the panel request's own, so Stop and a closed panel stop
//! it), the prompts it waits on, and the secrets the user typed for it
//! (in memory only, dropped with the task). While any task runs, the
//! worker is kept alive ([`keepalive`]): Chrome stops an idle worker after
//! 30 s, and a model call can take longer than that.

mod host;
pub(crate) mod keepalive;
pub(crate) mod llm;

use crate::command::Stop;
use crate::llm_http::Cancel;
use crate::panel::Connection;
use crate::{store, tabs};
use bc_core::agent::{AgentConfig, Task, UserPrompt, UserReply};
use bc_core::llm::ChatTurn;
use bc_core::protocol::{CopilotError, PanelReply, RequestId};
use bc_core::settings::SettingsError;
use futures::channel::oneshot;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;
use wasm_bindgen::JsCast;

pub use host::SwHost;

/// A running task's handles.
pub struct Runtime {
    pub task_id: String,
    stop: Rc<Stop>,
    llm: Cancel,
    /// Prompts waiting for the panel, with what each asked.
    waiting: RefCell<HashMap<u32, (oneshot::Sender<UserReply>, UserPrompt)>>,
    /// Secret values the user typed for this task, by handle. Never
    /// serialised, logged or sent anywhere but into the field.
    vault: RefCell<HashMap<u32, String>>,
    next_handle: Cell<u32>,
}

thread_local! {
    static RUNNING: RefCell<HashMap<String, Rc<Runtime>>> = RefCell::new(HashMap::new());
}

/// Runs the user's `goal` as a task on the active tab; returns when the
/// task has ended (its events went to `conn` on the way).
pub async fn run(conn: &Rc<Connection>, id: RequestId, goal: &str, history: &[ChatTurn], llm: &Cancel, stop: &Rc<Stop>) -> Result<(), CopilotError> {
    let settings = store::load_settings().await.map_err(|detail| CopilotError::Internal { detail })?.ok_or(SettingsError::NotConfigured)?;
    let tab = tabs::active_tab().await?;
    // A question about a page the copilot cannot read has no answer; a
    // task may still start there (the model can navigate away).
    if bc_core::command::parse(goal) == bc_core::command::Parsed::Question {
        tabs::check_readable(&tab)?;
    }
    let now = js_sys::Date::now();
    let task_id = format!("task-{}-{}", now as u64, random_word());
    let mut task = Task::new(task_id.clone(), goal.to_owned(), tab.id, random_word(), now);
    task.earlier = history.to_vec();
    // Where a flow saved from this task starts.
    task.start_url = Some(tab.url.clone()).filter(|u| !u.is_empty());
    task.start_title = crate::chrome::tabs_get(tab.id).await.ok().and_then(|t| crate::js::get_str(&t, "title"));
    let runtime = Rc::new(Runtime {
        task_id: task_id.clone(),
        stop: stop.clone(),
        llm: llm.clone(),
        waiting: RefCell::default(),
        vault: RefCell::default(),
        next_handle: Cell::new(0),
    });
    RUNNING.with(|r| r.borrow_mut().insert(task_id.clone(), runtime.clone()));
    let alive = keepalive::Held::new();
    let config = AgentConfig::with_settings(&settings.model, &store::load_agent_settings().await);
    let host = SwHost::new(conn.clone(), id, runtime, settings.clone());
    bc_core::agent::run(&host, &mut task, &config).await;
    RUNNING.with(|r| r.borrow_mut().remove(&task_id));
    drop(alive);
    Ok(())
}

/// The worker (re)started: tasks the stored history says were running
/// were cut off by a stop of the worker; each ends with a message saying
/// where it stopped (`Task::end_interrupted`), none is repeated.
pub async fn recover() {
    for brief in store::task_briefs().await.into_iter().filter(|b| !b.status.is_final()) {
        if RUNNING.with(|r| r.borrow().contains_key(&brief.id)) {
            continue;
        }
        if let Some(mut task) = store::load_task(&brief.id).await {
            if task.end_interrupted(js_sys::Date::now()) {
                store::save_task(&task).await;
            }
        }
    }
}

/// The panel answered prompt `prompt_id` of task `task_id`; `false` when
/// no such prompt waits (answered already, or the task ended).
pub fn reply(task_id: &str, prompt_id: u32, reply: PanelReply) -> bool {
    let Some(runtime) = RUNNING.with(|r| r.borrow().get(task_id).cloned()) else { return false };
    let Some((sender, prompt)) = runtime.waiting.borrow_mut().remove(&prompt_id) else { return false };
    let reply = match reply {
        PanelReply::Answer { text } => UserReply::Answer { text },
        PanelReply::Confirm { allow } => UserReply::Confirm { allow },
        PanelReply::Site { answer } => UserReply::Site { answer },
        PanelReply::Secret { value, remember } if !value.is_empty() => {
            if let (true, UserPrompt::Secret { secret, site, .. }) = (remember, &prompt) {
                let (site, secret, value) = (site.clone(), *secret, value.clone());
                wasm_bindgen_futures::spawn_local(async move { store::remember_secret(&site, secret, &value).await });
            }
            UserReply::SecretReady { handle: runtime.hold_secret(value) }
        }
        PanelReply::Secret { .. } | PanelReply::Decline => UserReply::SecretRefused,
    };
    sender.send(reply).is_ok()
}

impl Runtime {
    /// Keeps `value` for this task; the handle is what the controller sees.
    fn hold_secret(&self, value: String) -> u32 {
        let handle = self.next_handle.get() + 1;
        self.next_handle.set(handle);
        self.vault.borrow_mut().insert(handle, value);
        handle
    }
}

/// 10 characters of base 36 from the browser's CSPRNG: task ids and the
/// nonce that marks page text as untrusted (a page that could guess it
/// could close the wrapper around its own text).
pub(crate) fn random_word() -> String {
    let mut bytes = [0u8; 10];
    let crypto = js_sys::global().unchecked_into::<web_sys::WorkerGlobalScope>().crypto();
    if let Err(e) = crypto.and_then(|c| c.get_random_values_with_u8_array(&mut bytes).map(drop)) {
        // Never expected in a worker; Math.random still keeps pages from
        // predicting it.
        crate::js::log_err("crypto.getRandomValues", Err(e));
        bytes.iter_mut().for_each(|b| *b = (js_sys::Math::random() * 256.0) as u8);
    }
    bytes.iter().map(|b| char::from_digit(u32::from(*b) % 36, 36).unwrap_or('0')).collect()
}
