//! Requests into cross-origin frames (issue 4 point 1; the rules are in
//! `bc_core::frames`). Chrome has no `runtime.getFrameId(element)`, so the
//! frame that reaches a cross-origin `<iframe>` posts a nonce into it and
//! answers `EnterFrame`; the child's loader announces the nonce
//! ([`on_message`]) and the sender's `frameId` is the frame to talk to.
//!
//! - [`ask`]: any request, following its selector's framePath through
//!   cross-origin frames; boxes come back in top-page coordinates.
//! - [`mini_pcd`]: the top page's MiniPCD plus its cross-origin frames'
//!   (never waiting on a silent frame; late answers folded into the next
//!   request: `bc_core::frame_waits`).
//! - [`details`]: `getDetails`, framed ids (`childId@tag`) asked of their frame.
//! - [`query`]: `pcd.query`, the top page's hits merged by score with its
//!   cross-origin frames' own (bounded as [`mini_pcd`]; `frames::merge_hits`).
//! - [`by_id`]: a request about one MiniPCD id (`dom.extract`), sent to the
//!   frame a framed id names; [`candidate_boxes`]: `capture.candidates`'
//!   boxes, framed ids measured by their frame and moved into the top page.
//!
//! Pages without cross-origin frames answer with no frames to ask, so
//! these cost them nothing more than the one request to the top frame.
//!
//! What is heard is kept only for seconds ([`HelloBook`]); nothing here
//! survives a worker restart, nor needs to: a request in flight ends with
//! its caller.

use crate::{chrome, js, tabs};
use bc_core::capture::{CandidateBox, Viewport};
use bc_core::frames::{self, FrameAnswers, FrameError, FrameHop, HelloBook, SilentFrames, FRAME_ANSWER_BUDGET_MS, HELLO_TIMEOUT_MS, MAX_HOPS, PCD_FRAME_TIMEOUT_MS};
use bc_core::protocol::{ContentEvent, ContentRequest, ContentResponse, CopilotError, SenderClass};
use bc_core::rank::{RankQuery, DEFAULT_TOP_K};
use bc_core::tools::{ErrorCode, ToolError};
use bc_core::types::{MiniPcd, PcdActionDetail, QueryHit};
use futures::channel::oneshot;
use futures::future::{join_all, select, Either, LocalBoxFuture};
use futures::FutureExt;
use gloo_timers::future::TimeoutFuture;
use std::cell::{Cell, RefCell};
use wasm_bindgen::JsValue;

thread_local! {
    static BOOK: RefCell<HelloBook> = RefCell::new(HelloBook::default());
    static SILENT: RefCell<SilentFrames> = RefCell::new(SilentFrames::default());
    static MINIS: RefCell<FrameAnswers<MiniPcd>> = RefCell::new(FrameAnswers::default());
}

/// How often a waiting request looks for its frame's announcement.
const POLL_MS: u32 = 10;

/// `chrome.runtime.onMessage` in the worker: only our content script's
/// `FrameHello` is heard; anything else is ignored.
pub fn on_message(msg: JsValue, sender: JsValue) {
    let tab = js_sys::Reflect::get(&sender, &"tab".into()).unwrap_or(JsValue::UNDEFINED);
    let class = SenderClass::classify(
        &chrome::runtime_id(),
        js::get_str(&sender, "id").as_deref(),
        js::get_str(&sender, "url").as_deref(),
        js::get_i32(&tab, "id"),
        js::get_i32(&sender, "frameId"),
    );
    let SenderClass::ContentScript { tab_id, frame_id } = class else { return };
    match js::from_js::<ContentEvent>(msg) {
        Ok(ContentEvent::FrameHello { nonce }) => BOOK.with(|b| b.borrow_mut().record(&nonce, tab_id, frame_id, js_sys::Date::now())),
        Ok(ContentEvent::Recorded { event }) => crate::flows::on_recorded(tab_id, frame_id, event),
        Err(_) => {}
    }
}

/// A request that could not be answered: by the page, or on the way to a frame.
#[derive(Debug)]
pub enum AskError {
    Page(CopilotError),
    Frame(FrameError),
}

impl AskError {
    /// Content failures are worth a retry (the page may be loading).
    pub fn tool_error(&self) -> ToolError {
        match self {
            AskError::Page(e) => ToolError::new(ErrorCode::ContentUnavailable, e.to_string(), true),
            AskError::Frame(e) => e.tool_error(),
        }
    }
}

/// Sends `request` to the frame of `tab_id` that its selector's framePath
/// names: the top frame, then each cross-origin frame on the way.
pub async fn ask(tab_id: i32, request: ContentRequest) -> Result<ContentResponse, AskError> {
    routed(tab_id, request).await.map(|(answer, _)| answer)
}

/// [`ask`], also saying which frame answered (0: the top frame).
pub async fn routed(tab_id: i32, request: ContentRequest) -> Result<(ContentResponse, i32), AskError> {
    routed_at(tab_id, request, &Cell::new(0)).await
}

/// [`routed`], keeping `at` on the frame being asked, for whoever must
/// talk to the frame that runs the request while it runs (a popup opened
/// by an action in a cross-origin frame is told to that frame).
pub async fn routed_at(tab_id: i32, request: ContentRequest, at: &Cell<i32>) -> Result<(ContentResponse, i32), AskError> {
    let (mut frame_id, mut dx, mut dy) = (0, 0.0, 0.0);
    let mut request = request;
    for hops in 0..=MAX_HOPS {
        at.set(frame_id);
        let mut answer = tabs::ask_frame(tab_id, frame_id, &request).await.map_err(AskError::Page)?;
        let ContentResponse::EnterFrame { hop } = answer else {
            answer.translate(dx, dy);
            return Ok((answer, frame_id));
        };
        if hops == MAX_HOPS {
            break;
        }
        frame_id = child_frame(tab_id, &hop, HELLO_TIMEOUT_MS).await?;
        dx += hop.x;
        dy += hop.y;
        request = request.without_steps(hop.path.len());
    }
    Err(AskError::Frame(FrameError::TooDeep { max: MAX_HOPS }))
}

/// The frame id that announced `hop`'s nonce, waiting up to `timeout_ms`.
async fn child_frame(tab_id: i32, hop: &FrameHop, timeout_ms: u32) -> Result<i32, AskError> {
    let step = hop.path.last().cloned().unwrap_or_default();
    let mut waited = 0;
    loop {
        if let Some(found) = BOOK.with(|b| b.borrow_mut().take(&hop.nonce, tab_id, &step)) {
            return found.map_err(AskError::Frame);
        }
        if waited >= timeout_ms {
            return Err(AskError::Frame(FrameError::NotAnswering { step, waited_ms: waited }));
        }
        TimeoutFuture::new(POLL_MS).await;
        waited += POLL_MS;
    }
}

/// `getMiniPCD`: the top page's MiniPCD with its cross-origin frames' merged in.
pub async fn mini_pcd(tab_id: i32) -> Result<MiniPcd, ToolError> {
    mini_in(tab_id, 0, 0).await
}

fn mini_in(tab_id: i32, frame_id: i32, depth: usize) -> LocalBoxFuture<'static, Result<MiniPcd, ToolError>> {
    async move {
        let (mut mini, hops) = match tabs::ask_frame(tab_id, frame_id, &ContentRequest::MiniPcd).await {
            Ok(ContentResponse::MiniPcd { mini, frames }) => (mini, frames),
            Ok(ContentResponse::Refused { error }) => return Err(error),
            Ok(other) => return Err(ToolError::new(ErrorCode::Internal, format!("unexpected answer {other:?}"), false)),
            Err(e) => return Err(AskError::Page(e).tool_error()),
        };
        if depth >= MAX_HOPS {
            return Ok(mini);
        }
        let children = ask_all(tab_id, frame_id, &hops, move |frame| mini_in(tab_id, frame, depth + 1), Some(&MINIS)).await;
        for (hop, child) in hops.iter().zip(children) {
            match child {
                Some(child) => frames::merge_frame(&mut mini, child, &hop.path),
                None => mini.silent_frames.push(hop.path.clone()),
            }
        }
        Ok(mini)
    }
    .boxed_local()
}

/// `getDetails`: plain ids from the top frame, framed ids (`childId@tag`)
/// from the frame their tag names, in the order asked.
pub async fn details(tab_id: i32, ids: Vec<String>) -> Result<Vec<PcdActionDetail>, ToolError> {
    details_in(tab_id, 0, ids, 0).await
}

fn details_in(tab_id: i32, frame_id: i32, ids: Vec<String>, depth: usize) -> LocalBoxFuture<'static, Result<Vec<PcdActionDetail>, ToolError>> {
    async move {
        let local: Vec<String> = ids.iter().filter(|id| frames::split_framed_id(id).is_none()).cloned().collect();
        let mut found: Vec<PcdActionDetail> = Vec::new();
        if !local.is_empty() || ids.is_empty() {
            match tabs::ask_frame(tab_id, frame_id, &ContentRequest::Details { ids: local }).await {
                Ok(ContentResponse::Details { details }) => found.extend(details),
                Ok(ContentResponse::Refused { error }) => return Err(error),
                Ok(other) => return Err(ToolError::new(ErrorCode::Internal, format!("unexpected answer {other:?}"), false)),
                Err(e) => return Err(AskError::Page(e).tool_error()),
            }
        }
        // Framed ids, one frame at a time (by tag, in order of appearance).
        let mut tags: Vec<&str> = Vec::new();
        for (_, tag) in ids.iter().filter_map(|id| frames::split_framed_id(id)) {
            if !tags.contains(&tag) {
                tags.push(tag);
            }
        }
        for tag in tags {
            let wanted: Vec<(&String, &str)> = ids
                .iter()
                .filter_map(|id| frames::split_framed_id(id).filter(|(_, t)| *t == tag).map(|(child, _)| (id, child)))
                .collect();
            let unknown = || FrameError::UnknownFrame { id: wanted[0].0.clone() }.tool_error();
            if depth >= MAX_HOPS {
                return Err(unknown());
            }
            let hop = match tabs::ask_frame(tab_id, frame_id, &ContentRequest::EnterFrame { tag: tag.to_owned() }).await {
                Ok(ContentResponse::EnterFrame { hop }) => hop,
                Ok(_) => return Err(unknown()),
                Err(e) => return Err(AskError::Page(e).tool_error()),
            };
            let child = child_frame(tab_id, &hop, HELLO_TIMEOUT_MS).await.map_err(|e| e.tool_error())?;
            let child_ids = wanted.iter().map(|(_, c)| c.to_string()).collect();
            let details = details_in(tab_id, child, child_ids, depth + 1).await?;
            for detail in details {
                if let Some((id, _)) = wanted.iter().find(|(_, child)| *child == detail.id) {
                    found.push(frames::lift_detail(detail, id, &hop.path));
                }
            }
        }
        // The order asked for, as the tool promises.
        found.sort_by_key(|d| ids.iter().position(|id| *id == d.id));
        Ok(found)
    }
    .boxed_local()
}

/// Asks every frame of `hops` (held by frame `parent`) with `ask` (given
/// its frame id), all at once, without letting a silent frame hold the
/// answer (`bc_core::frame_waits` has the rules and why): a frame that does
/// not announce itself within the hello budget (none, once known silent)
/// is `None` and known silent at once; one that announced itself is waited for up to
/// [`PCD_FRAME_TIMEOUT_MS`], or only [`FRAME_ANSWER_BUDGET_MS`] when `book`
/// holds an earlier answer of it, which then stands in. Each exchange runs
/// to its end in the background (bounded by [`PCD_FRAME_TIMEOUT_MS`] for
/// the announcement and again for the answer), keeping what it heard:
/// silent or not, and the answer in `book`, for the next request. Those
/// exchanges are reads in the frames, outside the tab's lane like the
/// frames' own observers.
async fn ask_all<T: Clone + 'static>(
    tab_id: i32,
    parent: i32,
    hops: &[FrameHop],
    ask: impl Fn(i32) -> LocalBoxFuture<'static, Result<T, ToolError>> + Clone + 'static,
    book: Option<&'static std::thread::LocalKey<RefCell<FrameAnswers<T>>>>,
) -> Vec<Option<T>> {
    join_all(hops.iter().cloned().map(|hop| {
        let ask = ask.clone();
        async move {
            let now = js_sys::Date::now();
            let hello_ms = SILENT.with(|s| s.borrow_mut().wait_ms(tab_id, parent, &hop.path, now));
            let known = book.and_then(|b| b.with(|b| b.borrow_mut().latest(tab_id, parent, &hop.path, now)));
            let hop_path = hop.path.clone();
            let (hello_tx, hello_rx) = oneshot::channel::<()>();
            let (answer_tx, answer_rx) = oneshot::channel::<T>();
            wasm_bindgen_futures::spawn_local(async move {
                let path = hop.path.clone();
                let found = async {
                    let frame = child_frame(tab_id, &hop, PCD_FRAME_TIMEOUT_MS).await.ok()?;
                    let _ = hello_tx.send(());
                    match select(ask(frame), TimeoutFuture::new(PCD_FRAME_TIMEOUT_MS)).await {
                        Either::Left((answer, _)) => answer.ok(),
                        Either::Right(_) => None,
                    }
                }
                .await;
                let now = js_sys::Date::now();
                SILENT.with(|s| s.borrow_mut().heard(tab_id, parent, &path, found.is_some(), now));
                if let Some(answer) = found {
                    if let Some(b) = book {
                        b.with(|b| b.borrow_mut().record(tab_id, parent, &path, answer.clone(), now));
                    }
                    let _ = answer_tx.send(answer);
                }
            });
            // Announced in time? (A dropped sender: the exchange ended without.)
            let heard = match select(hello_rx, TimeoutFuture::new(hello_ms)).await {
                Either::Left((said, _)) => said.is_ok(),
                Either::Right(_) => false,
            };
            if !heard {
                // Silent from now on (its exchange says otherwise if it
                // answers): the requests right after do not wait either.
                SILENT.with(|s| s.borrow_mut().heard(tab_id, parent, &hop_path, false, js_sys::Date::now()));
                return known;
            }
            let answer_ms = if known.is_some() { FRAME_ANSWER_BUDGET_MS } else { PCD_FRAME_TIMEOUT_MS };
            match select(answer_rx, TimeoutFuture::new(answer_ms)).await {
                Either::Left((Ok(answer), _)) => Some(answer),
                _ => known,
            }
        }
    }))
    .await
}

/// `pcd.query`: the top page's hits, with its cross-origin frames' own hits
/// for the same query merged in by score (`frames::merge_hits` says why
/// the scores compare), at most `topK`.
pub async fn query(tab_id: i32, query: RankQuery) -> Result<Vec<QueryHit>, ToolError> {
    query_in(tab_id, 0, query, 0).await
}

fn query_in(tab_id: i32, frame_id: i32, query: RankQuery, depth: usize) -> LocalBoxFuture<'static, Result<Vec<QueryHit>, ToolError>> {
    async move {
        let top_k = query.top_k.unwrap_or(DEFAULT_TOP_K);
        let (hits, hops) = match tabs::ask_frame(tab_id, frame_id, &ContentRequest::Query { query: query.clone() }).await {
            Ok(ContentResponse::Hits { hits, frames }) => (hits, frames),
            Ok(ContentResponse::Refused { error }) => return Err(error),
            Ok(other) => return Err(ToolError::new(ErrorCode::Internal, format!("unexpected answer {other:?}"), false)),
            Err(e) => return Err(AskError::Page(e).tool_error()),
        };
        if hops.is_empty() || depth >= MAX_HOPS {
            return Ok(hits);
        }
        let children = ask_all(tab_id, frame_id, &hops, move |frame| query_in(tab_id, frame, query.clone(), depth + 1), None).await;
        let frames = hops.iter().zip(children).filter_map(|(hop, hits)| Some((hop.path.clone(), hits?))).collect();
        Ok(frames::merge_hits(hits, frames, top_k))
    }
    .boxed_local()
}

/// Where a framed id's frame is: its frame id, the id as that frame knows
/// it, and its viewport origin in the top page. A plain id is frame 0's.
struct Framed {
    frame_id: i32,
    child_id: String,
    dx: f64,
    dy: f64,
}

/// Follows `id`'s tags (outermost last) frame by frame.
async fn locate_id(tab_id: i32, id: &str) -> Result<Framed, ToolError> {
    let mut at = Framed { frame_id: 0, child_id: id.to_owned(), dx: 0.0, dy: 0.0 };
    for _ in 0..=MAX_HOPS {
        let Some((child, tag)) = frames::split_framed_id(&at.child_id) else { return Ok(at) };
        let (child, tag) = (child.to_owned(), tag.to_owned());
        let hop = match tabs::ask_frame(tab_id, at.frame_id, &ContentRequest::EnterFrame { tag }).await {
            Ok(ContentResponse::EnterFrame { hop }) => hop,
            Ok(_) => break,
            Err(e) => return Err(AskError::Page(e).tool_error()),
        };
        at = Framed {
            frame_id: child_frame(tab_id, &hop, HELLO_TIMEOUT_MS).await.map_err(|e| e.tool_error())?,
            child_id: child,
            dx: at.dx + hop.x,
            dy: at.dy + hop.y,
        };
    }
    Err(FrameError::UnknownFrame { id: id.to_owned() }.tool_error())
}

/// A request about one MiniPCD id (`ContentRequest::target_id`), sent to
/// the frame that id is in, and answered with the id as the top page names it.
pub async fn by_id(tab_id: i32, request: ContentRequest) -> Result<ContentResponse, ToolError> {
    let Some(id) = request.target_id().map(str::to_owned) else {
        return tabs::ask_frame(tab_id, 0, &request).await.map_err(|e| AskError::Page(e).tool_error());
    };
    let at = locate_id(tab_id, &id).await?;
    let request = request.with_target_id(&at.child_id);
    let answer = tabs::ask_frame(tab_id, at.frame_id, &request).await.map_err(|e| AskError::Page(e).tool_error())?;
    Ok(answer.with_top_id(&id))
}

/// `capture.candidates`' boxes: plain ids measured by the top frame (which
/// also gives the viewport), framed ids by their frame, moved into the top
/// page and clipped to the frame (`frames::lift_box`); in the order asked.
pub async fn candidate_boxes(tab_id: i32, ids: Vec<String>) -> Result<(Viewport, Vec<CandidateBox>), ToolError> {
    let ask = |frame_id: i32, ids: Vec<String>| async move {
        match tabs::ask_frame(tab_id, frame_id, &ContentRequest::CandidateBoxes { ids }).await {
            Ok(ContentResponse::CandidateBoxes { viewport, boxes }) => Ok((viewport, boxes)),
            Ok(ContentResponse::Refused { error }) => Err(error),
            Ok(other) => Err(ToolError::new(ErrorCode::Internal, format!("unexpected answer {other:?}"), false)),
            Err(e) => Err(AskError::Page(e).tool_error()),
        }
    };
    let local: Vec<String> = ids.iter().filter(|id| frames::split_framed_id(id).is_none()).cloned().collect();
    let (viewport, mut found) = ask(0, local).await?;
    // Framed ids one at a time: a handful at most, and each frame's
    // announcement is a fresh nonce.
    for id in ids.iter().filter(|id| frames::split_framed_id(id).is_some()) {
        let at = locate_id(tab_id, id).await?;
        let (frame_viewport, boxes) = ask(at.frame_id, vec![at.child_id.clone()]).await?;
        found.extend(boxes.into_iter().map(|b| frames::lift_box(b, id, at.dx, at.dy, &frame_viewport, &viewport)));
    }
    found.sort_by_key(|b| ids.iter().position(|id| *id == b.id));
    Ok((viewport, found))
}
