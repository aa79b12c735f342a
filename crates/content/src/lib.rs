//! Browser Copilot's content module, one instance per frame that the
//! worker talks to (the top frame; cross-origin frames reached through
//! `frames.rs`). `extension/content-loader.js` imports it only when the service
//! worker first talks to the tab, so pages the copilot is not working on run
//! nothing but that loader.
//!
//! It answers [`ContentRequest`]s with [`ContentResponse`]s. The same crate
//! also runs as a wasm2js build on pages whose CSP forbids WebAssembly;
//! [`start`] records which build runs and why, for diagnostics.

pub mod act;
pub mod aria;
mod capture;
mod clock;
mod debug;
mod digest;
mod element_index;
mod frames;
mod main_content;
pub mod live;
pub mod pcd;
mod record;
pub mod resolve;
pub mod slice;
mod summary_facts;
mod trees;
mod vocabulary;

// The crate's browser tests call the debug exports by their crate-root paths.
pub use debug::{debug_name, debug_page_facts, debug_reported_controls, debug_role};
// Browser tests make main regions bigger than what is read in one go.
pub use trees::text::SMALL_SUBTREE;

use bc_core::protocol::{ContentBuild, ContentRequest, ContentResponse};
use bc_core::tools::{ErrorCode, ToolError};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

thread_local! {
    static BUILD: RefCell<(ContentBuild, Option<String>)> = const { RefCell::new((ContentBuild::Wasm, None)) };
}

/// Called once by `content/boot.js` with the build it loaded (`"wasm"` or
/// `"wasm2js"`) and, for the fallback, the compile error that forced it.
#[wasm_bindgen]
pub fn start(build: &str, fallback_reason: Option<String>) {
    console_error_panic_hook::set_once();
    let build = if build == "wasm2js" { ContentBuild::Wasm2js } else { ContentBuild::Wasm };
    BUILD.with(|b| *b.borrow_mut() = (build, fallback_reason));
}

/// Handles one message from the service worker; the promise resolves to a
/// `ContentResponse` as JSON text (`ContentResponse::to_wire`; actions wait
/// for the page to settle).
#[wasm_bindgen]
pub fn handle_message(msg: JsValue) -> js_sys::Promise {
    let request = serde_wasm_bindgen::from_value::<ContentRequest>(msg);
    wasm_bindgen_futures::future_to_promise(async move {
        let response = match request {
            Ok(req) => respond_async(req).await,
            Err(e) => ContentResponse::Failed { error: format!("unknown request: {e}") },
        };
        Ok(JsValue::from_str(&response.to_wire()))
    })
}

/// Requests that take time (actions settle before they answer); the rest
/// are answered at once by [`respond`].
async fn respond_async(req: ContentRequest) -> ContentResponse {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return ContentResponse::Failed { error: "no document".into() };
    };
    // A selector whose framePath enters a cross-origin frame is that
    // frame's to resolve: the worker sends it on (bc_core::frames).
    match frames::hop_for(&document, &req.frame_path()) {
        Ok(Some(hop)) => return ContentResponse::EnterFrame { hop },
        Ok(None) => {}
        Err(e) => {
            let (code, retryable) = e.code();
            return refused(code, e.to_string(), retryable);
        }
    }
    match req {
        ContentRequest::EnterFrame { tag } => match frames::hop_by_tag(&document, &tag) {
            Some(hop) => ContentResponse::EnterFrame { hop },
            None => refused(ErrorCode::NotFound, format!("no cross-origin frame with tag {tag:?} in this page; call getMiniPCD again"), true),
        },
        ContentRequest::Act { selector, id, action } => match act::act(&document, &selector, id.as_deref(), &action).await {
            Ok(outcome) => ContentResponse::Acted { outcome },
            Err(e) => {
                let (code, retryable) = e.code();
                refused(code, e.to_string(), retryable)
            }
        },
        ContentRequest::Scroll { to } => ContentResponse::Acted { outcome: act::scroll_page(&document, to).await },
        ContentRequest::WaitFor { event, value, timeout_ms } => {
            match act::wait::wait_for(&document, event, value.as_deref(), timeout_ms).await {
                Ok(outcome) => ContentResponse::Waited { outcome },
                Err(e) => {
                    let (code, retryable) = e.code();
                    refused(code, e.to_string(), retryable)
                }
            }
        }
        // Perception requests compute what changed in slices, yielding to
        // the page, so even a first request holds the main thread briefly.
        ContentRequest::MiniPcd => {
            let mut mini = live::current_sliced(&document).await.mini.clone();
            mini.silent_frames = frames::unloaded_frames(&document);
            // The worker asks these frames for their own MiniPCD and merges.
            ContentResponse::MiniPcd { mini, frames: frames::cross_origin_frames(&document) }
        }
        ContentRequest::Details { ids } => {
            let built = live::current_sliced(&document).await;
            match resolve::details::details(&document, &built, &ids) {
                Ok(details) => ContentResponse::Details { details },
                Err(e) => {
                    let (code, retryable) = e.code();
                    refused(code, e.to_string(), retryable)
                }
            }
        }
        // Scrolling for more items takes many frames.
        ContentRequest::Extract { collection_id, fields, load } if load.scroll_to_load => {
            let built = build_pcd(&document);
            match collection_of(&built, &collection_id, fields) {
                Ok((el, fields)) => {
                    let loaded = act::load::gather(&document, &el, load.item_limit()).await;
                    let items = loaded.items.iter().map(|i| bc_core::pcd::extract::record(&loaded.columns, i, &fields)).collect();
                    ContentResponse::Extracted {
                        extraction: bc_core::pcd::extract::Extraction {
                            collection_id,
                            fields,
                            items,
                            total: loaded.total,
                            stopped_by: Some(loaded.stopped_by),
                            scroll_steps: Some(loaded.steps),
                        },
                    }
                }
                Err(e) => e,
            }
        }
        ContentRequest::Query { query } => {
            let built = live::current_sliced(&document).await;
            let mut ranked = rank(&query, &built).await;
            // The text may name a control in the later items of a big list
            // or table, which the MiniPCD's collections leave unread, or
            // one past the control cap: unless a hit is labelled with it,
            // the page is read whole from then on and ranked again.
            let named = ranked.as_ref().is_ok_and(|hits| bc_core::rank::labels_the_text(&query, hits));
            if !named && query.text.as_deref().is_some_and(|t| !t.trim().is_empty()) && live::read_whole() {
                let built = live::current_sliced(&document).await;
                ranked = rank(&query, &built).await;
            }
            match ranked {
                // Cross-origin frames rank their own entries: the worker
                // asks them and merges (none on most pages: no extra trip).
                Ok(hits) => ContentResponse::Hits { hits, frames: frames::cross_origin_frames(&document) },
                Err(e) => ContentResponse::Failed { error: e.to_string() },
            }
        }
        other => respond(other),
    }
}

/// `pcd.query`'s hits on `built`, ranked in slices.
async fn rank(query: &bc_core::rank::RankQuery, built: &bc_core::pcd::Built) -> Result<Vec<bc_core::types::QueryHit>, bc_core::rank::RankError> {
    let ranker = bc_core::rank::Ranker::new(query.clone(), bc_core::pcd::rank_candidates(built))?;
    Ok(slice::rank(ranker).await.0)
}

/// The page's current MiniPCD build, kept up to date by `live/` (cheap when
/// nothing changed); its element registry is the current one, so ids
/// resolve to live elements.
fn build_pcd(document: &web_sys::Document) -> std::rc::Rc<bc_core::pcd::Built> {
    live::current(document)
}

fn refused(code: ErrorCode, error: String, retryable: bool) -> ContentResponse {
    ContentResponse::Refused { error: ToolError::new(code, error, retryable) }
}

fn respond(req: ContentRequest) -> ContentResponse {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return ContentResponse::Failed { error: "no document".into() };
    };
    match req {
        ContentRequest::Ping => {
            let (build, fallback_reason) = BUILD.with(|b| b.borrow().clone());
            ContentResponse::Pong { url: digest::page_url(&document), build, fallback_reason, recording: record::armed() }
        }
        ContentRequest::Digest => ContentResponse::Digest { digest: digest::read(&document) },
        ContentRequest::Prefetch => ContentResponse::Prefetching { live: live::prefetch(&document) },
        ContentRequest::TabOpened => {
            act::note_tab_opened();
            ContentResponse::Noted
        }
        ContentRequest::Record { on } => ContentResponse::Recording { on, pending: record::set(&document, on) },
        ContentRequest::Vocabulary => ContentResponse::Vocabulary { words: vocabulary::vocabulary(&document) },
        ContentRequest::Summary { mode } => {
            // A summary comes with a navigation or a question: MiniPCD
            // requests usually follow while the LLM reads it. Asked first
            // (it only starts the observers and schedules idle work), so
            // that what the summary scans once the DOM is watched (the
            // shadow hosts) is kept for the prefetch.
            live::prefetch(&document);
            let summary = bc_core::summary::summarize(&summary_facts::collect(&document, mode), mode);
            ContentResponse::Summary { summary }
        }

        ContentRequest::Extract { collection_id, fields, load } => {
            let built = build_pcd(&document);
            match extract(&built, &collection_id, fields, load.item_limit()) {
                Ok(extraction) => ContentResponse::Extracted { extraction },
                Err(e) => e,
            }
        }
        ContentRequest::Resolve { selector } => match resolve::describe(&document, &selector) {
            Ok(resolution) => ContentResponse::Resolved { resolution },
            Err(e) => {
                let (code, retryable) = e.code();
                refused(code, e.to_string(), retryable)
            }
        },
        ContentRequest::Act { .. }
        | ContentRequest::Scroll { .. }
        | ContentRequest::Query { .. }
        | ContentRequest::WaitFor { .. }
        | ContentRequest::MiniPcd
        | ContentRequest::EnterFrame { .. }
        | ContentRequest::Details { .. } => {
            ContentResponse::Failed { error: "actions are answered asynchronously".into() }
        }
        ContentRequest::CandidateBoxes { ids } => match capture::boxes(&live::current(&document), &ids) {
            Ok((viewport, boxes)) => ContentResponse::CandidateBoxes { viewport, boxes },
            Err(error) => ContentResponse::Refused { error },
        },
    }
}

/// `dom.extract`: the rendered items of collection `id` of the current
/// MiniPCD (at most `max`).
fn extract(built: &bc_core::pcd::Built, id: &str, fields: Vec<String>, max: usize) -> Result<bc_core::pcd::extract::Extraction, ContentResponse> {
    use bc_core::pcd::extract::{record, Extraction};
    let (el, fields) = collection_of(built, id, fields)?;
    let (columns, items, total) = pcd::groups::read_items(&el, max);
    Ok(Extraction {
        collection_id: id.to_owned(),
        items: items.iter().map(|i| record(&columns, i, &fields)).collect(),
        fields,
        total,
        stopped_by: None,
        scroll_steps: None,
    })
}

/// The live element of collection `id` and the fields to read
/// (`fields_to_read`: asked, else advertised, else `text`).
fn collection_of(built: &bc_core::pcd::Built, id: &str, fields: Vec<String>) -> Result<(web_sys::Element, Vec<String>), ContentResponse> {
    let collection = built.mini.collections.iter().find(|c| c.id == id);
    let Some(bc_core::pcd::Target::Collection { key }) = built.bindings.target(id).filter(|_| collection.is_some()) else {
        let known: Vec<&str> = built.mini.collections.iter().map(|c| c.id.as_str()).collect();
        return Err(refused(ErrorCode::NotFound, format!("no collection {id:?} in the current MiniPCD (collections: {known:?}); call getMiniPCD again"), true));
    };
    let Some(el) = pcd::current_element(key) else {
        return Err(refused(ErrorCode::Detached, format!("collection {id} is no longer in the page; call getMiniPCD again"), true));
    };
    let fields = bc_core::pcd::extract::fields_to_read(fields, collection.map_or(&[][..], |c| &c.item_fields));
    Ok((el, fields))
}
