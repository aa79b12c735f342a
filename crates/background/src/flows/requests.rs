//! The flows screen's requests (`PanelRequest::ListFlows` … `AcceptHealing`):
//! each answered with the screen's data (`PanelEvent::Flows`), a flow for
//! the review card (`FlowSaved`) or an export file's text.

use super::{discovered, recording, replay, store};
use bc_core::flows::{apply, export, import};
use bc_core::protocol::{CopilotError, FlowsView, PanelEvent, PanelRequest, RequestId};

/// Answers a flows request; `None` for requests of other screens.
pub async fn handle(req: &PanelRequest) -> Option<(RequestId, Result<Option<PanelEvent>, CopilotError>)> {
    let (id, outcome) = match req {
        PanelRequest::ListFlows { id } => (*id, Ok(view(*id, None).await)),
        PanelRequest::StartRecording { id, name } => match recording::start(name).await {
            Ok(note) => (*id, Ok(view(*id, Some(note)).await)),
            Err(e) => (*id, Err(e)),
        },
        PanelRequest::StopRecording { id } => match recording::stop().await {
            Ok(recording::Stopped::Saved(flow)) => (*id, Ok(PanelEvent::FlowSaved { id: *id, flow })),
            Ok(recording::Stopped::Nothing) => (*id, Ok(view(*id, Some("Nothing is being recorded.".into())).await)),
            Err(e) => (*id, Err(e)),
        },
        PanelRequest::EditFlow { id, name, edit } => {
            let flows = store::all().await;
            let Some(flow) = bc_core::flows::find(&flows, name) else { return Some((*id, Err(bad(format!("There is no flow called “{name}”."))))) };
            match apply(flow, edit) {
                Ok(edited) => {
                    // A rename replaces the old entry.
                    if edited.name != flow.name {
                        store::delete(&flow.name).await;
                    }
                    store::put(edited.clone()).await;
                    (*id, Ok(PanelEvent::FlowSaved { id: *id, flow: edited }))
                }
                Err(e) => (*id, Err(bad(e.to_string()))),
            }
        }
        PanelRequest::DeleteFlow { id, name } => {
            store::delete(name).await;
            (*id, Ok(view(*id, Some(format!("Deleted “{name}”."))).await))
        }
        PanelRequest::ExportFlows { id } => (*id, Ok(PanelEvent::FlowsExport { id: *id, text: export(&store::all().await) })),
        PanelRequest::ImportFlows { id, text } => match import(text) {
            Ok(flows) => {
                let n = flows.len();
                for flow in flows {
                    store::put(flow).await;
                }
                (*id, Ok(view(*id, Some(format!("Imported {n} flow(s)."))).await))
            }
            Err(e) => (*id, Err(bad(e.to_string()))),
        },
        PanelRequest::ForgetSiteCommands { id, site } => {
            let n = discovered::forget(site).await;
            (*id, Ok(view(*id, Some(format!("Removed {n} site command(s) of {site}."))).await))
        }
        PanelRequest::AcceptHealing { id } => {
            let note = replay::accept().await;
            (*id, Ok(view(*id, Some(note)).await))
        }
        _ => return None,
    };
    Some((id, outcome.map(Some)))
}

fn bad(detail: String) -> CopilotError {
    CopilotError::BadRequest { detail }
}

async fn view(id: RequestId, note: Option<String>) -> PanelEvent {
    let flows = FlowsView { flows: store::all().await, recording: recording::current().await, healed: replay::pending_lines().await, note };
    PanelEvent::Flows { id, flows }
}
