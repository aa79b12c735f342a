//! Ports from extension pages (side panel, options): decoding
//! [`PanelRequest`]s, running them, posting [`PanelEvent`]s back. An `Ask`
//! goes to [`command::route`] (commands, else the LLM); `Cancel` stops its
//! LLM call and its command run.
//!
//! Trust comes from the port's sender, classified once on connect: only our
//! own extension pages get a connection; anything else is disconnected
//! before a single message of it is decoded.

use crate::command::{self, Stop};
use crate::llm_http::{self, Cancel};
use crate::{chrome, js, store, tabs};
use bc_core::protocol::{CopilotError, PanelEvent, PanelRequest, RequestId, SenderClass, PANEL_PORT};
use bc_core::settings::Settings;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// One connected extension page.
pub struct Connection {
    port: chrome::Port,
    in_flight: RefCell<HashMap<RequestId, InFlight>>,
}

/// How to stop a request in flight: its LLM call and its command run.
struct InFlight {
    llm: Cancel,
    commands: Rc<Stop>,
}

impl InFlight {
    fn cancel(&self) {
        self.llm.cancel();
        self.commands.stop();
    }
}

impl Connection {
    /// Posts an event; a page that went away just stops receiving.
    pub fn post(&self, event: &PanelEvent) {
        js::log_err("posting to the panel", self.port.post_message(&js::to_js(event)));
    }
}

fn sender_class(port: &chrome::Port) -> SenderClass {
    let sender = port.sender();
    let tab = js_sys::Reflect::get(&sender, &"tab".into()).unwrap_or(JsValue::UNDEFINED);
    SenderClass::classify(
        &chrome::runtime_id(),
        js::get_str(&sender, "id").as_deref(),
        js::get_str(&sender, "url").as_deref(),
        js::get_i32(&tab, "id"),
        js::get_i32(&sender, "frameId"),
    )
}

pub fn accept(port: chrome::Port, early: js_sys::Array) {
    if port.name() != PANEL_PORT || sender_class(&port) != SenderClass::ExtensionPage {
        port.disconnect();
        return;
    }
    let conn = Rc::new(Connection { port, in_flight: RefCell::default() });
    for msg in early.iter() {
        receive(&conn, msg);
    }
    let on_message = {
        let conn = conn.clone();
        Closure::<dyn FnMut(JsValue)>::new(move |msg: JsValue| receive(&conn, msg))
    };
    let on_disconnect = {
        let conn = conn.clone();
        Closure::<dyn FnMut(JsValue)>::new(move |_port: JsValue| {
            let in_flight: Vec<InFlight> = conn.in_flight.borrow_mut().drain().map(|(_, f)| f).collect();
            for request in in_flight {
                request.cancel();
            }
        })
    };
    conn.port.on_message().add_listener(on_message.as_ref().unchecked_ref());
    conn.port.on_disconnect().add_listener(on_disconnect.as_ref().unchecked_ref());
    // The closures live as long as the port's listeners: one pair per open
    // extension page, so leaking them is bounded and simpler than tracking.
    on_message.forget();
    on_disconnect.forget();
}

fn receive(conn: &Rc<Connection>, msg: JsValue) {
    let id = js::get_i32(&msg, "id").unwrap_or(0) as RequestId;
    match js::from_js::<PanelRequest>(msg) {
        Ok(req) => wasm_bindgen_futures::spawn_local(handle(conn.clone(), req)),
        Err(detail) => conn.post(&PanelEvent::Failed { id, error: CopilotError::BadRequest { detail } }),
    }
}

async fn handle(conn: Rc<Connection>, req: PanelRequest) {
    if let Some((id, outcome)) = crate::flows::handle(&req).await {
        match outcome {
            Ok(Some(event)) => conn.post(&event),
            Ok(None) => {}
            Err(error) => conn.post(&PanelEvent::Failed { id, error }),
        }
        return;
    }
    let (id, outcome) = match req {
        // Not answered: a page that cannot be prefetched is asked about
        // later, and that request reports why.
        PanelRequest::Prefetch => {
            tabs::prefetch_active().await;
            return;
        }
        PanelRequest::GetSettings { id } => (id, get_settings(id).await),
        PanelRequest::SaveSettings { id, settings } => (id, save_settings(id, settings).await),
        PanelRequest::TestConnection { id, settings } => (id, test_connection(id, settings).await),
        PanelRequest::Ask { id, question, history } => {
            let (cancel, stop) = (Cancel::new(), Stop::new(id));
            conn.in_flight.borrow_mut().insert(id, InFlight { llm: cancel.clone(), commands: stop.clone() });
            // Commands run here; questions and the rest go to the LLM.
            let outcome = command::route(&conn, id, &question, &history, &cancel, &stop).await.map(|()| None);
            conn.in_flight.borrow_mut().remove(&id);
            (id, outcome)
        }
        PanelRequest::TaskReply { id: _, task_id, prompt_id, reply } => {
            // Not answered: a card answered twice, or after its task
            // ended, has nothing left to do.
            // A flow's replay asks through the same cards.
            if !crate::agent::reply(&task_id, prompt_id, reply.clone()) {
                crate::flows::reply(&task_id, prompt_id, reply);
            }
            return;
        }
        PanelRequest::ListTasks { id } => (id, Ok(Some(PanelEvent::Tasks { id, tasks: store::task_briefs().await }))),
        PanelRequest::ClearTasks { id } => {
            // What exploring learnt of sites goes with the history of tasks.
            crate::graph_store::clear().await;
            (id, Ok(Some(PanelEvent::Tasks { id, tasks: store::clear_finished_tasks().await })))
        }
        PanelRequest::GetTask { id, task_id } => {
            // A task cut off by a stopped worker is ended first, so it
            // says where it stopped.
            crate::agent::recover().await;
            let replay = crate::flows::cut_record(&task_id).await;
            match replay.or(store::load_task(&task_id).await) {
                Some(task) => (id, Ok(Some(PanelEvent::TaskRecord { id, task: Box::new(task) }))),
                None => (id, Err(CopilotError::BadRequest { detail: format!("there is no task {task_id}") })),
            }
        }
        PanelRequest::GetAgentSettings { id } => (id, Ok(Some(PanelEvent::AgentSettings { id, settings: store::load_agent_settings().await }))),
        PanelRequest::SaveAgentSettings { id, settings } => match settings.validated() {
            Ok(settings) => {
                store::save_agent_settings(&settings).await;
                (id, Ok(Some(PanelEvent::AgentSettings { id, settings })))
            }
            Err(e) => (id, Err(e.into())),
        },
        PanelRequest::ListSites { id } => (id, Ok(Some(sites(id).await))),
        PanelRequest::ListSiteGraphs { id } => {
            let mut graphs = crate::graph_store::all().await;
            graphs.sort_by(|a, b| b.nodes.iter().map(|n| n.seen).fold(0.0, f64::max).total_cmp(&a.nodes.iter().map(|n| n.seen).fold(0.0, f64::max)));
            (id, Ok(Some(PanelEvent::SiteGraphs { id, graphs })))
        }
        PanelRequest::ForgetSite { id, origin } => {
            let mut policy = store::load_site_policy().await;
            if policy.forget(&origin) {
                store::save_site_policy(&policy).await;
            }
            (id, Ok(Some(sites(id).await)))
        }
        req @ (PanelRequest::GetKnowledge { .. }
        | PanelRequest::SetKnowledgeEnabled { .. }
        | PanelRequest::ForgetKnowledgeSite { .. }
        | PanelRequest::IncludeKnowledgeSite { .. }
        | PanelRequest::ClearKnowledge { .. }) => {
            let (id, outcome) = crate::knowledge::request(req).await;
            (id, outcome.map(Some))
        }
        // Answered by `crate::flows::handle` above.
        PanelRequest::ListFlows { id }
        | PanelRequest::StartRecording { id, .. }
        | PanelRequest::StopRecording { id }
        | PanelRequest::EditFlow { id, .. }
        | PanelRequest::DeleteFlow { id, .. }
        | PanelRequest::ExportFlows { id }
        | PanelRequest::ImportFlows { id, .. }
        | PanelRequest::AcceptHealing { id }
        | PanelRequest::ForgetSiteCommands { id, .. } => (id, Ok(None)),
        PanelRequest::Cancel { id } => {
            // Taken out first: stopping wakes tool calls that may post at once.
            let request = conn.in_flight.borrow_mut().remove(&id);
            if let Some(request) = request {
                request.cancel();
            }
            (id, Ok(None))
        }
    };
    match outcome {
        Ok(Some(event)) => conn.post(&event),
        Ok(None) => {}
        Err(error) => conn.post(&PanelEvent::Failed { id, error }),
    }
}

async fn sites(id: RequestId) -> PanelEvent {
    PanelEvent::Sites { id, sites: store::load_site_policy().await.always.into_iter().collect() }
}

fn internal(detail: String) -> CopilotError {
    CopilotError::Internal { detail }
}

async fn get_settings(id: RequestId) -> Result<Option<PanelEvent>, CopilotError> {
    let settings = store::load_settings().await.map_err(internal)?;
    Ok(Some(PanelEvent::Settings { id, settings: settings.map(|s| s.view()) }))
}

async fn save_settings(id: RequestId, input: bc_core::settings::SettingsInput) -> Result<Option<PanelEvent>, CopilotError> {
    let previous = store::load_settings().await.unwrap_or(None);
    let settings = Settings::apply(previous.as_ref(), input)?;
    store::save_settings(&settings).await.map_err(internal)?;
    Ok(Some(PanelEvent::Saved { id, settings: settings.view() }))
}

async fn test_connection(id: RequestId, input: bc_core::settings::SettingsInput) -> Result<Option<PanelEvent>, CopilotError> {
    let previous = store::load_settings().await.unwrap_or(None);
    let settings = Settings::apply(previous.as_ref(), input)?;
    let message = llm_http::test_connection(&settings).await?;
    Ok(Some(PanelEvent::ConnectionOk { id, message }))
}
