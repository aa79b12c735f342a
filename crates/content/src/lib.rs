//! Browser Copilot's content module, one instance per page (top frame; frames
//! later). `extension/content-loader.js` imports it only when the service
//! worker first talks to the tab, so pages the copilot is not working on run
//! nothing but that loader.
//!
//! It answers [`ContentRequest`]s with [`ContentResponse`]s. The same crate
//! also runs as a wasm2js build on pages whose CSP forbids WebAssembly;
//! [`start`] records which build runs and why, for diagnostics.

pub mod aria;
mod debug;
mod digest;
pub mod pcd;
pub mod resolve;
mod summary_facts;

// The crate's browser tests call the debug exports by their crate-root paths.
pub use debug::{debug_name, debug_page_facts, debug_reported_controls, debug_role};

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

/// Handles one message from the service worker; resolves to a `ContentResponse`.
#[wasm_bindgen]
pub fn handle_message(msg: JsValue) -> JsValue {
    let response = match serde_wasm_bindgen::from_value::<ContentRequest>(msg) {
        Ok(req) => respond(req),
        Err(e) => ContentResponse::Failed { error: format!("unknown request: {e}") },
    };
    response
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap_or_else(|e| JsValue::from_str(&e.to_string()))
}

use serde::Serialize;

/// Collects the page's facts and builds its MiniPCD; the element registry of
/// this collection becomes current, so ids resolve to live elements.
/// (Rebuilt per request for now; issue 3's incremental updates come next.)
fn build_pcd(document: &web_sys::Document) -> bc_core::pcd::Built {
    let facts = pcd::collect_current(document);
    bc_core::pcd::build(&facts, js_sys::Date::now())
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
            ContentResponse::Pong { url: digest::page_url(&document), build, fallback_reason }
        }
        ContentRequest::Digest => ContentResponse::Digest { digest: digest::read(&document) },
        ContentRequest::Summary { mode } => ContentResponse::Summary {
            summary: bc_core::summary::summarize(&summary_facts::collect(&document), mode),
        },
        ContentRequest::MiniPcd => ContentResponse::MiniPcd { mini: build_pcd(&document).mini },
        ContentRequest::Query { query } => {
            let built = build_pcd(&document);
            match bc_core::rank::rank(query, bc_core::pcd::rank_candidates(&built)) {
                Ok(hits) => ContentResponse::Hits { hits },
                Err(e) => ContentResponse::Failed { error: e.to_string() },
            }
        }
        ContentRequest::Resolve { selector } => match resolve::describe(&document, &selector) {
            Ok(resolution) => ContentResponse::Resolved { resolution },
            Err(e) => {
                let (code, retryable) = e.code();
                refused(code, e.to_string(), retryable)
            }
        },
        ContentRequest::Details { ids } => {
            let built = build_pcd(&document);
            match resolve::details::details(&document, &built, &ids) {
                Ok(details) => ContentResponse::Details { details },
                // The LLM planned with ids of an older MiniPCD: refreshing helps.
                Err(e) => refused(ErrorCode::NotFound, e.to_string(), true),
            }
        }
    }
}
