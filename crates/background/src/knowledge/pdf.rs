//! PDFs the user read. Chrome shows a PDF in its own viewer, whose page
//! has no text for a content script, so the worker fetches the file
//! itself — the URL the user opened, once, with `cache: "force-cache"` so
//! that a copy the browser kept is used (where the HTTP cache, which Chrome
//! partitions by top-level site, lets the worker see it; else the site is
//! asked again) — and extracts its text in WASM: `bc-pdf`, a module of
//! its own that the loader (`extension/background.js`, `bcReadPdf`)
//! compiles on the first PDF, so the worker's every start does not pay for
//! a PDF parser. The record is built by the page's rules
//! (`bc_core::knowledge::pdf`).
//!
//! Nothing else leaves the browser: the request goes to the site the tab
//! already shows. The file is read in chunks and dropped past
//! `MAX_BYTES`, before any parsing.

use crate::js;
use bc_core::knowledge::pdf::{record, PdfError, PdfText, MAX_BYTES};
use bc_core::knowledge::record::{NotIndexed, PageRecord};
use futures::future::{select, Either};
use futures::StreamExt;
use gloo_timers::future::TimeoutFuture;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{AbortController, RequestCache, RequestCredentials, RequestInit, Response};

/// A download slower than this is given up (the user has the file open;
/// a slow site costs the worker nothing but this wait).
const FETCH_TIMEOUT_MS: u32 = 30_000;

/// How sure the worker is that the tab shows a PDF.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    /// The URL's path ends in `.pdf`, or the page's document is a PDF.
    Pdf,
    /// The tab's content script cannot be reached (an older Chrome's PDF
    /// viewer runs none, and shows PDFs from any path): only a response
    /// that says `application/pdf` is read; anything else is dropped unread.
    Sniff,
}

/// Why a PDF was not indexed (logged, never shown: indexing is silent).
#[derive(Debug)]
pub enum Skipped {
    Network(String),
    Status(u16),
    NotPdf { content_type: String },
    TooLarge { bytes: usize },
    TimedOut,
    Pdf(PdfError),
    /// The PDF reader's module did not load or answered nonsense.
    Reader(String),
    Record(NotIndexed),
}

impl std::fmt::Display for Skipped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Skipped::Network(e) => write!(f, "the download failed: {e}"),
            Skipped::Status(s) => write!(f, "the site answered HTTP {s}"),
            Skipped::NotPdf { content_type } => write!(f, "not a PDF ({content_type})"),
            Skipped::TooLarge { bytes } => write!(f, "over {} bytes ({bytes} seen)", MAX_BYTES),
            Skipped::TimedOut => write!(f, "no file within {} s", FETCH_TIMEOUT_MS / 1000),
            Skipped::Pdf(e) => write!(f, "{e}"),
            Skipped::Reader(e) => write!(f, "the PDF reader failed: {e}"),
            Skipped::Record(e) => write!(f, "{e}"),
        }
    }
}

/// The record of the PDF at `url`, read at `visited_ms`.
pub async fn read(url: &str, expect: Expect, visited_ms: f64) -> Result<PageRecord, Skipped> {
    let controller = AbortController::new().map_err(|e| Skipped::Network(js::error_text(&e)))?;
    let download = std::pin::pin!(download(url, expect, &controller));
    let bytes = match select(download, TimeoutFuture::new(FETCH_TIMEOUT_MS)).await {
        Either::Left((bytes, _)) => bytes,
        Either::Right(_) => Err(Skipped::TimedOut),
    };
    // Whatever ended the download, nothing more is read.
    controller.abort();
    let text = extract(&bytes?).await?;
    record(url, &text, visited_ms).map_err(Skipped::Record)
}

/// The PDF reader module's answer for `bytes` (see the module docs).
async fn extract(bytes: &[u8]) -> Result<PdfText, Skipped> {
    let reader = js_sys::Reflect::get(&js_sys::global(), &"bcReadPdf".into()).ok().and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    let reader = reader.ok_or_else(|| Skipped::Reader("the loader defines no bcReadPdf".into()))?;
    let promise = reader.call1(&wasm_bindgen::JsValue::NULL, &js_sys::Uint8Array::from(bytes)).map_err(|e| Skipped::Reader(js::error_text(&e)))?;
    let answer = JsFuture::from(js_sys::Promise::from(promise)).await.map_err(|e| Skipped::Reader(js::error_text(&e)))?;
    let json = answer.as_string().ok_or_else(|| Skipped::Reader("no text came back".into()))?;
    match serde_json::from_str::<Result<PdfText, PdfError>>(&json) {
        Ok(Ok(text)) => Ok(text),
        Ok(Err(e)) => Err(Skipped::Pdf(e)),
        Err(e) => Err(Skipped::Reader(e.to_string())),
    }
}

async fn download(url: &str, expect: Expect, controller: &AbortController) -> Result<Vec<u8>, Skipped> {
    let init = RequestInit::new();
    init.set_method("GET");
    init.set_cache(RequestCache::ForceCache);
    // The request the viewer made: a PDF behind a sign-in reads the same.
    init.set_credentials(RequestCredentials::Include);
    init.set_signal(Some(&controller.signal()));
    let global: web_sys::WorkerGlobalScope = js_sys::global().unchecked_into();
    let resp: Response = JsFuture::from(global.fetch_with_str_and_init(url, &init)).await.map_err(|e| Skipped::Network(js::error_text(&e)))?.unchecked_into();
    if !resp.ok() {
        return Err(Skipped::Status(resp.status()));
    }
    let header = |name: &str| resp.headers().get(name).ok().flatten();
    let content_type = header("content-type").unwrap_or_default();
    if expect == Expect::Sniff && !content_type.to_ascii_lowercase().starts_with("application/pdf") {
        return Err(Skipped::NotPdf { content_type });
    }
    if let Some(bytes) = header("content-length").and_then(|l| l.trim().parse::<usize>().ok()).filter(|&n| n > MAX_BYTES) {
        return Err(Skipped::TooLarge { bytes });
    }
    let Some(body) = resp.body() else { return Ok(Vec::new()) };
    let mut chunks = wasm_streams::ReadableStream::from_raw(body.unchecked_into()).into_stream();
    let mut bytes = Vec::new();
    while let Some(chunk) = chunks.next().await {
        let chunk = chunk.map_err(|e| Skipped::Network(js::error_text(&e)))?;
        let chunk = js_sys::Uint8Array::new(&chunk);
        if bytes.len() + chunk.length() as usize > MAX_BYTES {
            return Err(Skipped::TooLarge { bytes: bytes.len() + chunk.length() as usize });
        }
        let start = bytes.len();
        bytes.resize(start + chunk.length() as usize, 0);
        chunk.copy_to(&mut bytes[start..]);
    }
    Ok(bytes)
}
