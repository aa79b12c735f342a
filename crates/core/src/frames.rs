//! Cross-origin frames, the browser-free half (issue 4 point 1, seed 000 §6
//! "cross-origin iframes require explicit switch").
//!
//! A content script cannot read a cross-origin iframe's document, and Chrome
//! has no `runtime.getFrameId(element)`; so a request whose `framePath`
//! steps into one is *routed*:
//! 1. the frame that reaches the cross-origin `<iframe>` (walking the
//!    same-origin prefix of the path) posts a random nonce into
//!    `iframe.contentWindow` and answers [`ContentResponse::EnterFrame`]
//!    with a [`FrameHop`] (the steps it consumed, where the iframe's
//!    viewport sits in its own viewport);
//! 2. the child frame's loader (`content-loader.js`, a few lines) sees the
//!    nonce come from `window.parent` and tells the worker
//!    ([`ContentEvent::FrameHello`](crate::protocol::ContentEvent)); the
//!    worker learns the child's `frameId` from the sender ([`HelloBook`]);
//! 3. the worker sends the request, its path minus the consumed steps, to
//!    that frame ([`ContentRequest::without_steps`]) and translates the
//!    boxes of the answer into top-page coordinates ([`ContentResponse::translate`]).
//!
//! Nested cross-origin frames repeat this (at most [`MAX_HOPS`]).
//!
//! `getMiniPCD` merges the MiniPCDs of cross-origin frames ([`merge_frame`]):
//! their entries carry the `framePath` that reaches them and ids of the form
//! `childId@tag` ([`framed_id`]), where `tag` names the frame path, so
//! `getDetails`, `dom.extract` and `capture.candidates` can route them
//! without the worker keeping any state. `pcd.query` asks the same frames
//! for their own hits and merges them by score ([`merge_hits`]).

use crate::capture::{intersect, is_visible, viewport_rect, CandidateBox, Viewport};
use crate::protocol::{ContentRequest, ContentResponse};
use crate::tools::{ErrorCode, ToolError, WaitEvent};
use crate::types::{MiniPcd, PcdActionDetail, QueryHit, Rect, RoleSelector};
use serde::{Deserialize, Serialize};

pub use crate::frame_waits::*;

/// The key of the window message a parent frame posts into a cross-origin
/// child (`{bcFrameNonce: "…"}`); `extension/content-loader.js` checks it.
pub const NONCE_KEY: &str = "bcFrameNonce";
/// How long the worker waits for a child frame to announce a nonce: the
/// loader answers at once, so only a frame that is still loading (or where
/// our content script cannot run) takes this long.
pub const HELLO_TIMEOUT_MS: u32 = 2_000;
/// Cross-origin frames crossed by one request, at most.
pub const MAX_HOPS: usize = 4;
/// `getMiniPCD`: cross-origin frames asked, at most (document order).
pub const MAX_PCD_FRAMES: usize = 4;
/// `getMiniPCD`: entries taken from all cross-origin frames together, at
/// most; the top page's own entries make room for them within seed 000's
/// budgets (30 actions / 20 forms).
pub const FRAME_ACTIONS: usize = 10;
pub const FRAME_FORMS: usize = 5;
pub const FRAME_COLLECTIONS: usize = 5;

/// A step into a cross-origin frame, as the frame that reached its
/// `<iframe>` reports it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FrameHop {
    /// Posted into the iframe's window; the child announces it.
    pub nonce: String,
    /// The framePath steps from the answering frame down to, and
    /// including, the cross-origin iframe.
    pub path: Vec<String>,
    /// The iframe's viewport origin in the answering frame's viewport
    /// (border box + border + padding, CSS px).
    pub x: f64,
    pub y: f64,
}

/// A selector's frame path (empty: the frame that receives it).
pub fn frame_path(sel: &RoleSelector) -> &[String] {
    match sel {
        RoleSelector::Role { frame_path, .. }
        | RoleSelector::Text { frame_path, .. }
        | RoleSelector::Css { frame_path, .. }
        | RoleSelector::Near { frame_path, .. } => {
            frame_path.as_deref().unwrap_or_default()
        }
    }
}

/// `sel` with its frame path replaced (`None` when empty, as serialised).
pub fn with_frame_path(sel: &RoleSelector, path: Vec<String>) -> RoleSelector {
    let mut sel = sel.clone();
    match &mut sel {
        RoleSelector::Role { frame_path, .. }
        | RoleSelector::Text { frame_path, .. }
        | RoleSelector::Css { frame_path, .. }
        | RoleSelector::Near { frame_path, .. } => {
            *frame_path = (!path.is_empty()).then_some(path);
        }
    }
    sel
}

/// `sel` as the frame `n` steps down its path sees it.
pub fn without_steps(sel: &RoleSelector, n: usize) -> RoleSelector {
    with_frame_path(sel, frame_path(sel).iter().skip(n).cloned().collect())
}

/// `sel` as seen from `prefix` frames up (a child frame's `getDetails`
/// answer, from the top page).
pub fn with_prefix(sel: &RoleSelector, prefix: &[String]) -> RoleSelector {
    with_frame_path(sel, prefix.iter().chain(frame_path(sel)).cloned().collect())
}

/// The selector of a `dom.waitFor` `selector` wait: a RoleSelector as JSON
/// (anything else is CSS, which has no frame path).
pub fn wait_selector(value: &str) -> Option<RoleSelector> {
    serde_json::from_str(value).ok()
}

impl ContentRequest {
    /// The frame path of the selector this request acts on, if it has one.
    pub fn frame_path(&self) -> Vec<String> {
        match self {
            ContentRequest::Resolve { selector } | ContentRequest::Act { selector, .. } => frame_path(selector).to_vec(),
            ContentRequest::WaitFor { event: WaitEvent::Selector, value: Some(v), .. } => {
                wait_selector(v).map(|s| frame_path(&s).to_vec()).unwrap_or_default()
            }
            _ => Vec::new(),
        }
    }

    /// The request for the frame `n` steps down its selector's path.
    pub fn without_steps(self, n: usize) -> ContentRequest {
        match self {
            ContentRequest::Resolve { selector } => ContentRequest::Resolve { selector: without_steps(&selector, n) },
            ContentRequest::Act { selector, id, action } => {
                // A MiniPCD id names an element of the top page's build: the
                // child frame would rebind it to a stranger.
                let id = id.filter(|_| n == 0);
                ContentRequest::Act { selector: without_steps(&selector, n), id, action }
            }
            ContentRequest::WaitFor { event: WaitEvent::Selector, value: Some(v), timeout_ms } => {
                let value = match wait_selector(&v) {
                    Some(sel) => serde_json::to_string(&without_steps(&sel, n)).expect("selectors serialise"),
                    None => v,
                };
                ContentRequest::WaitFor { event: WaitEvent::Selector, value: Some(value), timeout_ms }
            }
            other => other,
        }
    }
}

impl ContentRequest {
    /// The MiniPCD id this request is about (`dom.extract`'s collection):
    /// a framed id (`childId@tag`) sends it to the frame the tag names.
    pub fn target_id(&self) -> Option<&str> {
        match self {
            ContentRequest::Extract { collection_id, .. } => Some(collection_id),
            _ => None,
        }
    }

    /// The request with [`Self::target_id`] replaced (by the id the
    /// frame knows it by).
    pub fn with_target_id(mut self, id: &str) -> ContentRequest {
        if let ContentRequest::Extract { collection_id, .. } = &mut self {
            *collection_id = id.to_owned();
        }
        self
    }
}

impl Rect {
    /// The same box, moved by (`dx`, `dy`).
    pub fn translated(self, dx: f64, dy: f64) -> Rect {
        Rect { x: self.x + dx, y: self.y + dy, ..self }
    }
}

impl ContentResponse {
    /// Moves the boxes of an answer from a frame whose viewport starts at
    /// (`dx`, `dy`) in the top viewport into top-page coordinates.
    pub fn translate(&mut self, dx: f64, dy: f64) {
        if let ContentResponse::Resolved { resolution } = self {
            for m in &mut resolution.matches {
                m.rect = m.rect.translated(dx, dy);
            }
        }
    }

    /// A frame's answer about one of its ids, as the top page names it
    /// (`dom.extract` of a framed collection id).
    pub fn with_top_id(mut self, top_id: &str) -> ContentResponse {
        if let ContentResponse::Extracted { extraction } = &mut self {
            extraction.collection_id = top_id.to_owned();
        }
        self
    }
}

/// Why a request could not reach a cross-origin frame.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FrameError {
    #[error("the cross-origin frame `{step}` did not answer within {waited_ms} ms (still loading, or the copilot cannot run in it)")]
    NotAnswering { step: String, waited_ms: u32 },
    #[error("the cross-origin frame `{step}` went away before it answered ({detail})")]
    Gone { step: String, detail: String },
    #[error("framePath crosses more than {max} cross-origin frames")]
    TooDeep { max: usize },
    #[error("more than one frame answered for `{step}`; the page may be imitating the copilot")]
    Claimed { step: String },
    #[error("no frame of this page matches the frame of id `{id}`; call getMiniPCD again")]
    UnknownFrame { id: String },
}

impl FrameError {
    pub fn tool_error(&self) -> ToolError {
        let (code, retryable) = match self {
            FrameError::NotAnswering { .. } | FrameError::Gone { .. } => (ErrorCode::ContentUnavailable, true),
            FrameError::TooDeep { .. } => (ErrorCode::InvalidArgs, false),
            FrameError::Claimed { .. } => (ErrorCode::ContentUnavailable, false),
            FrameError::UnknownFrame { .. } => (ErrorCode::NotFound, true),
        };
        ToolError::new(code, self.to_string(), retryable)
    }
}

/// What the worker heard from child frames: nonce → the frame that
/// announced it. Announcements may arrive before the parent's answer (the
/// nonce is posted before it answers), so they are kept for a while.
#[derive(Debug, Default)]
pub struct HelloBook {
    entries: Vec<Hello>,
}

#[derive(Debug)]
struct Hello {
    nonce: String,
    tab_id: i32,
    frame_id: i32,
    /// Another frame announced the same nonce: a page script copied it.
    claimed_twice: bool,
    at_ms: f64,
}

/// Announcements older than this are dropped (nobody waits that long).
const HELLO_TTL_MS: f64 = 10_000.0;
/// And at most this many are kept (a page posting nonces in a loop).
const HELLO_CAP: usize = 64;

impl HelloBook {
    /// Frame `frame_id` of tab `tab_id` announced `nonce` at `now_ms`.
    pub fn record(&mut self, nonce: &str, tab_id: i32, frame_id: i32, now_ms: f64) {
        self.entries.retain(|h| now_ms - h.at_ms < HELLO_TTL_MS);
        if let Some(h) = self.entries.iter_mut().find(|h| h.nonce == nonce) {
            h.claimed_twice |= h.tab_id != tab_id || h.frame_id != frame_id;
            return;
        }
        if self.entries.len() >= HELLO_CAP {
            self.entries.remove(0);
        }
        self.entries.push(Hello { nonce: nonce.to_owned(), tab_id, frame_id, claimed_twice: false, at_ms: now_ms });
    }

    /// The frame of tab `tab_id` that announced `nonce`, once (`None`: not
    /// yet). An announcement from another tab is not an answer.
    pub fn take(&mut self, nonce: &str, tab_id: i32, step: &str) -> Option<Result<i32, FrameError>> {
        let i = self.entries.iter().position(|h| h.nonce == nonce && h.tab_id == tab_id)?;
        let h = self.entries.remove(i);
        Some(if h.claimed_twice { Err(FrameError::Claimed { step: step.to_owned() }) } else { Ok(h.frame_id) })
    }
}

/// A short name for a frame path (FNV-1a, 32 bits, base 36): what a framed
/// id carries instead of the path itself.
pub fn path_tag(path: &[String]) -> String {
    let mut h: u32 = 0x811c_9dc5;
    for b in path.join("\u{1f}").bytes() {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    let mut out = Vec::new();
    loop {
        out.push(char::from_digit(h % 36, 36).expect("digit"));
        h /= 36;
        if h == 0 {
            break;
        }
    }
    out.iter().rev().collect()
}

/// The id of a cross-origin frame's entry in the top page's MiniPCD.
pub fn framed_id(child_id: &str, path: &[String]) -> String {
    format!("{child_id}@{}", path_tag(path))
}

/// `childId@tag` → (`childId`, `tag`); the last `@` is the outermost frame,
/// so a nested frame's id unwraps one frame at a time.
pub fn split_framed_id(id: &str) -> Option<(&str, &str)> {
    id.rsplit_once('@').filter(|(child, tag)| !child.is_empty() && !tag.is_empty())
}

/// A child frame's `getDetails` entry as the top page sees it: its framed
/// id, and selectors that start with the path to the frame.
pub fn lift_detail(detail: PcdActionDetail, id: &str, prefix: &[String]) -> PcdActionDetail {
    let frame_path: Vec<String> = prefix.iter().chain(detail.frame_path.iter().flatten()).cloned().collect();
    PcdActionDetail {
        id: id.to_owned(),
        selector: with_prefix(&detail.selector, prefix),
        alt_selectors: detail.alt_selectors.map(|alts| alts.iter().map(|s| with_prefix(s, prefix)).collect()),
        landmark: detail.landmark,
        frame_path: Some(frame_path),
        href: detail.href,
    }
}

/// Adds the MiniPCD of the cross-origin frame at `path` to `top`: its
/// actions, forms and collections, with framed ids (and, for actions and
/// forms, their `framePath`; a collection has no such field in seed 000,
/// its id's tag routes `dom.extract`), within
/// [`FRAME_ACTIONS`]/[`FRAME_FORMS`]/[`FRAME_COLLECTIONS`] for all frames
/// together; the top page's lowest-priority entries (its lists are in
/// priority order) make room when the budgets are full. The child's `ts`
/// is not merged: the top page's version is what the ids belong to. Its
/// `silentFrames` are, under `path`.
pub fn merge_frame(top: &mut MiniPcd, child: MiniPcd, path: &[String]) {
    let framed = |fp: &Option<Vec<String>>| fp.is_some();
    let room = |have: usize, cap: usize| cap.saturating_sub(have);
    let lift_path = |fp: Option<Vec<String>>| Some(path.iter().cloned().chain(fp.into_iter().flatten()).collect::<Vec<_>>());

    // Collections first: a template action keeps its collection only if
    // that collection made it in.
    let taken = top.collections.iter().filter(|c| split_framed_id(&c.id).is_some()).count();
    let collections: Vec<_> = child.collections.into_iter().take(room(taken, FRAME_COLLECTIONS)).collect();
    make_room(&mut top.collections, collections.len(), MiniPcd::MAX_COLLECTIONS, |c| split_framed_id(&c.id).is_some());
    let kept: Vec<String> = collections.iter().map(|c| c.id.clone()).collect();
    for mut c in collections {
        c.id = framed_id(&c.id, path);
        top.collections.push(c);
    }

    // What either side leaves out of the listing is still found by
    // `pcd.query` (each page ranks its own), so it counts as unlisted.
    let both = top.actions.len() + child.actions.len();
    let taken = top.actions.iter().filter(|a| framed(&a.frame_path)).count();
    let actions: Vec<_> = child.actions.into_iter().take(room(taken, FRAME_ACTIONS)).collect();
    make_room(&mut top.actions, actions.len(), MiniPcd::MAX_ACTIONS, |a| framed(&a.frame_path));
    for mut a in actions {
        a.id = framed_id(&a.id, path);
        a.cluster_id = None;
        a.applies_to_collection_id = a.applies_to_collection_id.filter(|c| kept.contains(c)).map(|c| framed_id(&c, path));
        a.frame_path = lift_path(a.frame_path.take());
        top.actions.push(a);
    }
    let left_out = both.saturating_sub(top.actions.len());
    top.unlisted = top.unlisted.saturating_add(child.unlisted).saturating_add(u32::try_from(left_out).unwrap_or(u32::MAX));

    let taken = top.forms.iter().filter(|f| framed(&f.frame_path)).count();
    let forms: Vec<_> = child.forms.into_iter().take(room(taken, FRAME_FORMS)).collect();
    make_room(&mut top.forms, forms.len(), MiniPcd::MAX_FORMS, |f| framed(&f.frame_path));
    for mut f in forms {
        f.id = framed_id(&f.id, path);
        f.frame_path = lift_path(f.frame_path.take());
        top.forms.push(f);
    }
    // The child's own silent frames are frames of the top page too.
    top.silent_frames.extend(child.silent_frames.into_iter().map(|p| path.iter().cloned().chain(p).collect()));
}

/// `pcd.query` over the top page and its cross-origin frames: `top`'s hits
/// and each frame's (`frames`: the frame path and the hits its own content
/// script ranked, in document order), ids lifted to `childId@tag`, best
/// `top_k` first.
///
/// Every frame ranks with the same [`crate::rank::Ranker`] and query, and
/// its scores are on the same scale: in [0, 1], BM25 normalised by what an
/// ideal match of the query's terms would score *in that page*. So a label
/// that says exactly the query scores alike in any frame, but idf (which
/// query word weighs more) and fuzzy expansions are relative to each page's
/// candidate set. Re-ranking the union in one corpus would need every
/// candidate's label and context to leave its page; merging by score needs
/// only the hits. Merge rule: by score (the 2 decimals reported) alone;
/// equal scores keep the top page first, then the frames in document
/// order, each in its own order (a stable sort of that concatenation), so
/// the result is deterministic. Clusters are per page: two frames' controls
/// are different controls, never one cluster.
pub fn merge_hits(top: Vec<QueryHit>, frames: Vec<(Vec<String>, Vec<QueryHit>)>, top_k: usize) -> Vec<QueryHit> {
    let mut all = top;
    for (path, hits) in frames {
        all.extend(hits.into_iter().map(|h| QueryHit { id: framed_id(&h.id, &path), ..h }));
    }
    let key = |h: &QueryHit| (h.score * 100.0).round() as i64;
    all.sort_by_key(|h| std::cmp::Reverse(key(h)));
    all.truncate(top_k);
    all
}

/// A box a cross-origin frame measured, in the top page: moved by the
/// frame's viewport origin (`dx`, `dy`, summed over the hops), its framed
/// id, and `visible` only if enough of it is also inside the part of the
/// top viewport the frame's own viewport covers (`frame`: the child's
/// viewport size). The child already checked its own viewport and that the
/// element is rendered.
pub fn lift_box(b: CandidateBox, id: &str, dx: f64, dy: f64, frame: &Viewport, top: &Viewport) -> CandidateBox {
    let rect = b.rect.translated(dx, dy);
    let frame_in_top = viewport_rect(frame).translated(dx, dy);
    let clip = intersect(&viewport_rect(top), &frame_in_top);
    let visible = b.visible && clip.is_some_and(|c| is_visible(&rect, &c));
    CandidateBox { id: id.to_owned(), rect, visible }
}

/// Drops the last entries not from frames until `extra` more fit in `cap`.
fn make_room<T>(list: &mut Vec<T>, extra: usize, cap: usize, from_frame: impl Fn(&T) -> bool) {
    while list.len() + extra > cap {
        match list.iter().rposition(|e| !from_frame(e)) {
            Some(i) => {
                list.remove(i);
            }
            None => break,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::act::DomAction;
    use crate::types::{ActionRole, MiniAction, MiniForm, NameMode, ResolvedMatch, Resolution};
    use serde_json::json;

    fn sel(path: &[&str]) -> RoleSelector {
        let mut s = RoleSelector::role("button", Some("Go"), NameMode::Exact);
        if let RoleSelector::Role { frame_path, .. } = &mut s {
            *frame_path = (!path.is_empty()).then(|| path.iter().map(|p| p.to_string()).collect());
        }
        s
    }

    #[test]
    fn steps_are_consumed_and_prefixed() {
        // (path, consumed, left)
        let cases: &[(&[&str], usize, &[&str])] = &[
            (&["iframe#a"], 1, &[]),
            (&["iframe#a", "iframe[name=\"b\"]"], 1, &["iframe[name=\"b\"]"]),
            (&["iframe#a", "iframe#b", "iframe#c"], 2, &["iframe#c"]),
            (&[], 0, &[]),
            (&["iframe#a"], 5, &[]),
        ];
        for (path, n, left) in cases {
            let out = without_steps(&sel(path), *n);
            assert_eq!(frame_path(&out), &left.iter().map(|s| s.to_string()).collect::<Vec<_>>()[..], "{path:?} - {n}");
            // An empty path is absent on the wire, as the seed's optional field.
            if left.is_empty() {
                assert!(serde_json::to_value(&out).unwrap().get("framePath").is_none());
            }
        }
        let lifted = with_prefix(&sel(&["iframe#c"]), &["iframe#a".into()]);
        assert_eq!(frame_path(&lifted), ["iframe#a".to_string(), "iframe#c".to_string()]);
    }

    #[test]
    fn requests_lose_the_consumed_steps() {
        let resolve = ContentRequest::Resolve { selector: sel(&["iframe#a", "iframe#b"]) };
        assert_eq!(resolve.frame_path(), ["iframe#a", "iframe#b"]);
        assert_eq!(resolve.without_steps(1).frame_path(), ["iframe#b"]);

        let act = ContentRequest::Act { selector: sel(&["iframe#a"]), id: Some("a1".into()), action: DomAction::Submit };
        let ContentRequest::Act { selector, id, .. } = act.without_steps(1) else { unreachable!() };
        assert_eq!((frame_path(&selector).len(), id), (0, None), "a top-page MiniPCD id means nothing in the child");

        let value = serde_json::to_string(&sel(&["iframe#a", "iframe#b"])).unwrap();
        let wait = ContentRequest::WaitFor { event: WaitEvent::Selector, value: Some(value), timeout_ms: 100 };
        assert_eq!(wait.frame_path(), ["iframe#a", "iframe#b"]);
        let ContentRequest::WaitFor { value: Some(v), .. } = wait.without_steps(1) else { unreachable!() };
        assert_eq!(frame_path(&wait_selector(&v).unwrap()), ["iframe#b"]);

        // A CSS wait has no frame path and is left alone.
        let css = ContentRequest::WaitFor { event: WaitEvent::Selector, value: Some("#x".into()), timeout_ms: 100 };
        assert!(css.frame_path().is_empty());
        assert_eq!(css.clone().without_steps(1), css);
    }

    #[test]
    fn boxes_move_into_top_page_coordinates() {
        let m = |x, y| ResolvedMatch { role: None, name: String::new(), tag: "input".into(), rect: Rect { x, y, width: 10.0, height: 5.0 }, goes_to: None, text: None, near: None };
        let mut r = ContentResponse::Resolved { resolution: Resolution { count: 2, matches: vec![m(1.0, 2.0), m(-3.0, 40.0)] } };
        // Two hops: the iframe at (100, 200) in the top page, its child at (10, 20) in it.
        r.translate(100.0 + 10.0, 200.0 + 20.0);
        let ContentResponse::Resolved { resolution } = r else { unreachable!() };
        let got: Vec<_> = resolution.matches.iter().map(|m| (m.rect.x, m.rect.y, m.rect.width, m.rect.height)).collect();
        assert_eq!(got, vec![(111.0, 222.0, 10.0, 5.0), (107.0, 260.0, 10.0, 5.0)]);
    }

    #[test]
    fn hello_book_matches_nonce_and_tab() {
        let mut book = HelloBook::default();
        assert_eq!(book.take("n1", 7, "f"), None, "not announced yet");
        book.record("n1", 7, 3, 0.0);
        assert_eq!(book.take("n1", 8, "f"), None, "another tab's frame is not an answer");
        assert_eq!(book.take("n1", 7, "f"), Some(Ok(3)));
        assert_eq!(book.take("n1", 7, "f"), None, "used once");

        book.record("n2", 7, 3, 0.0);
        book.record("n2", 7, 3, 1.0); // the same frame twice is fine
        assert_eq!(book.take("n2", 7, "f"), Some(Ok(3)));
        book.record("n3", 7, 3, 0.0);
        book.record("n3", 7, 4, 1.0);
        assert_eq!(book.take("n3", 7, "f"), Some(Err(FrameError::Claimed { step: "f".into() })));

        book.record("old", 7, 3, 0.0);
        book.record("new", 7, 3, HELLO_TTL_MS + 1.0);
        assert_eq!(book.take("old", 7, "f"), None, "expired");
        for i in 0..(HELLO_CAP + 5) {
            book.record(&format!("x{i}"), 1, 1, HELLO_TTL_MS + 2.0);
        }
        assert_eq!(book.entries.len(), HELLO_CAP);
    }

    #[test]
    fn framed_ids_unwrap_one_frame_at_a_time() {
        let outer = vec!["iframe[name=\"newsletter\"]".to_string()];
        let inner = vec!["iframe#pay".to_string()];
        let id = framed_id(&framed_id("a1b2", &inner), &outer);
        let (child, tag) = split_framed_id(&id).unwrap();
        assert_eq!(tag, path_tag(&outer));
        assert_eq!(split_framed_id(child), Some(("a1b2", path_tag(&inner).as_str())));
        for plain in ["a1b2", "@x", "x@", ""] {
            assert_eq!(split_framed_id(plain), None, "{plain}");
        }
        assert_ne!(path_tag(&outer), path_tag(&inner));
        assert!(path_tag(&outer).chars().all(|c| c.is_ascii_alphanumeric()));
    }

    fn action(id: &str, frame_path: Option<Vec<String>>) -> MiniAction {
        MiniAction {
            id: id.into(),
            label: id.into(),
            role: ActionRole::Button,
            kind: None,
            landmark: None,
            above_fold: None,
            cluster_id: Some("k".into()),
            applies_to_collection_id: None,
            frame_path,
            goes_to: None,
        }
    }

    fn mini(actions: Vec<MiniAction>, forms: usize) -> MiniPcd {
        let form = |i: usize| MiniForm { id: format!("f{i}"), purpose: None, landmark: None, field_summaries: vec![], submit_label: None, frame_path: None, goes_to: None };
        serde_json::from_value::<MiniPcd>(json!({
            "url": "http://a/", "origin": "http://a", "title": "t", "loginState": "unknown", "ts": 1.0,
            "landmarks": [], "actions": [], "forms": [], "collections": []
        }))
        .map(|mut m| {
            m.actions = actions;
            m.forms = (0..forms).map(form).collect();
            m
        })
        .unwrap()
    }

    #[test]
    fn merge_adds_framed_entries_within_budgets() {
        let path = vec!["iframe[name=\"newsletter\"]".to_string()];
        let tag = path_tag(&path);
        // (top actions, child actions, top forms, child forms) → (actions from the top kept, from the frame)
        let cases = [(3, 2, 1, 1, 3, 2), (30, 2, 20, 1, 28, 2), (25, 20, 0, 0, 20, FRAME_ACTIONS), (0, 0, 0, 0, 0, 0)];
        for (ta, ca, tf, cf, keep, add) in cases {
            let mut top = mini((0..ta).map(|i| action(&format!("a{i}"), None)).collect(), tf);
            let child = mini((0..ca).map(|i| action(&format!("c{i}"), None)).collect(), cf);
            merge_frame(&mut top, child, &path);
            let from_top = top.actions.iter().filter(|a| a.frame_path.is_none()).count();
            let framed: Vec<_> = top.actions.iter().filter(|a| a.frame_path.is_some()).collect();
            assert_eq!((from_top, framed.len()), (keep, add), "{ta} {ca}");
            assert!(top.actions.len() <= MiniPcd::MAX_ACTIONS && top.forms.len() <= MiniPcd::MAX_FORMS);
            // The top's highest-priority entries are the ones kept.
            assert!(top.actions.iter().take(keep).enumerate().all(|(i, a)| a.id == format!("a{i}")));
            for a in framed {
                assert_eq!(a.frame_path.as_ref(), Some(&path));
                assert!(a.id.ends_with(&format!("@{tag}")) && a.cluster_id.is_none(), "{}", a.id);
            }
            assert_eq!(top.forms.iter().filter(|f| f.frame_path.is_some()).count(), cf);
        }
        // A second frame shares the frames' budget with the first.
        let mut top = mini(vec![], 0);
        merge_frame(&mut top, mini((0..8).map(|i| action(&format!("c{i}"), None)).collect(), 0), &path);
        merge_frame(&mut top, mini((0..8).map(|i| action(&format!("d{i}"), None)).collect(), 0), &["iframe#b".into()]);
        assert_eq!(top.actions.len(), FRAME_ACTIONS);
        // A nested frame's entries keep their own path below the outer one.
        let mut top = mini(vec![], 0);
        merge_frame(&mut top, mini(vec![action("x@t", Some(vec!["iframe#in".into()]))], 0), &path);
        assert_eq!(top.actions[0].frame_path.as_deref(), Some(&["iframe[name=\"newsletter\"]".to_string(), "iframe#in".into()][..]));
        assert_eq!(split_framed_id(&top.actions[0].id), Some(("x@t", tag.as_str())));
    }

    #[test]
    fn collections_merge_within_their_budget_and_templates_follow() {
        let path = vec!["iframe[name=\"newsletter\"]".to_string()];
        let coll = |id: &str| serde_json::from_value::<crate::types::MiniCollection>(json!({"id": id, "name": id, "itemFields": ["title"]})).unwrap();
        // (top collections, child collections) → (kept from the top, from the frame)
        for (tc, cc, keep, add) in [(2, 1, 2, 1), (20, 3, 17, 3), (0, 8, 0, FRAME_COLLECTIONS), (0, 0, 0, 0)] {
            let mut top = mini(vec![], 0);
            top.collections = (0..tc).map(|i| coll(&format!("t{i}"))).collect();
            let mut child = mini(vec![], 0);
            child.collections = (0..cc).map(|i| coll(&format!("c{i}"))).collect();
            merge_frame(&mut top, child, &path);
            let framed: Vec<_> = top.collections.iter().filter(|c| split_framed_id(&c.id).is_some()).collect();
            assert_eq!((top.collections.len() - framed.len(), framed.len()), (keep, add), "{tc} {cc}");
            assert!(top.collections.len() <= MiniPcd::MAX_COLLECTIONS);
        }
        // A template action points at its collection's framed id, or at
        // nothing when that collection was left out.
        let mut child = mini(vec![action("a1", None), action("a2", None)], 0);
        child.collections = (0..FRAME_COLLECTIONS + 1).map(|i| coll(&format!("c{i}"))).collect();
        child.actions[0].applies_to_collection_id = Some("c0".into());
        child.actions[1].applies_to_collection_id = Some(format!("c{FRAME_COLLECTIONS}"));
        let mut top = mini(vec![], 0);
        merge_frame(&mut top, child, &path);
        assert_eq!(top.actions[0].applies_to_collection_id, Some(framed_id("c0", &path)));
        assert_eq!(top.actions[1].applies_to_collection_id, None);
    }

    fn hit(id: &str, score: f64) -> QueryHit {
        QueryHit { id: id.into(), label: id.into(), kind: None, landmark: None, score }
    }

    #[test]
    fn hits_merge_by_score_with_stable_ties() {
        let a = vec!["iframe#a".to_string()];
        let b = vec!["iframe#b".to_string()];
        let (ta, tb) = (path_tag(&a), path_tag(&b));
        // (top hits, frame a's, frame b's, topK) → ids, best first
        type Case = (Vec<QueryHit>, Vec<QueryHit>, Vec<QueryHit>, usize, Vec<String>);
        let cases: Vec<Case> = vec![
            // A frame's better hit goes first.
            (vec![hit("t1", 0.4)], vec![hit("s", 0.9)], vec![], 5, vec![format!("s@{ta}"), "t1".into()]),
            // Equal scores: the top page, then the frames in document order.
            (
                vec![hit("t1", 0.5)],
                vec![hit("x", 0.5)],
                vec![hit("x", 0.5)],
                5,
                vec!["t1".into(), format!("x@{ta}"), format!("x@{tb}")],
            ),
            // Scores equal at the reported precision tie as well.
            (vec![hit("t1", 0.501)], vec![hit("x", 0.504)], vec![], 5, vec!["t1".into(), format!("x@{ta}")]),
            // topK cuts the merged list; a frame's own order is kept.
            (
                vec![hit("t1", 0.3)],
                vec![hit("x", 0.8), hit("y", 0.6), hit("z", 0.6)],
                vec![hit("w", 0.7)],
                3,
                vec![format!("x@{ta}"), format!("w@{tb}"), format!("y@{ta}")],
            ),
            (vec![], vec![], vec![], 10, vec![]),
        ];
        for (top, fa, fb, k, want) in cases {
            let got = merge_hits(top.clone(), vec![(a.clone(), fa.clone()), (b.clone(), fb.clone())], k);
            assert_eq!(got.iter().map(|h| h.id.clone()).collect::<Vec<_>>(), want, "{top:?} {fa:?} {fb:?}");
            // Input order of the frames' lists is the only order that matters:
            // merging twice gives the same answer.
            assert_eq!(merge_hits(top, vec![(a.clone(), fa), (b.clone(), fb)], k), got);
        }
    }

    #[test]
    fn frame_boxes_move_and_clip_to_the_frame() {
        let vp = |width, height| Viewport { width, height, device_pixel_ratio: 2.0 };
        let top = vp(1000.0, 800.0);
        let b = |x, y, visible| CandidateBox { id: "c".into(), rect: Rect { x, y, width: 50.0, height: 20.0 }, visible };
        // (box in the frame, frame origin, frame viewport) → (top-page x, y, visible)
        let cases = [
            (b(10.0, 10.0, true), (100.0, 200.0), vp(300.0, 150.0), (110.0, 210.0, true)),
            // The child found it hidden: stays hidden.
            (b(10.0, 10.0, false), (100.0, 200.0), vp(300.0, 150.0), (110.0, 210.0, false)),
            // Visible in the frame, but the frame is scrolled below the top viewport.
            (b(10.0, 10.0, true), (100.0, 900.0), vp(300.0, 150.0), (110.0, 910.0, false)),
            // Half of the frame is in view, the box in that half.
            (b(10.0, 10.0, true), (100.0, 780.0), vp(300.0, 150.0), (110.0, 790.0, true)),
        ];
        for (inner, (dx, dy), frame, (x, y, visible)) in cases {
            let out = lift_box(inner, "c@t", dx, dy, &frame, &top);
            assert_eq!((out.id.as_str(), out.rect.x, out.rect.y, out.visible), ("c@t", x, y, visible));
        }
    }

    #[test]
    fn extract_requests_route_by_their_collection_id() {
        // Built from its wire form: the request's other options do not matter here.
        let req: ContentRequest = serde_json::from_value(json!({"type": "extract", "collectionId": "c1@tag", "fields": ["title"]})).unwrap();
        assert_eq!(req.target_id(), Some("c1@tag"));
        let child = req.clone().with_target_id("c1");
        assert_eq!(child.target_id(), Some("c1"));
        let mut wire = serde_json::to_value(&req).unwrap();
        wire["collectionId"] = json!("c1");
        assert_eq!(serde_json::to_value(&child).unwrap(), wire, "only the id changes");
        assert_eq!(ContentRequest::MiniPcd.target_id(), None);
        let ex: crate::pcd::extract::Extraction = serde_json::from_value(json!({"collectionId": "c1", "fields": [], "items": [], "total": 0})).unwrap();
        let ContentResponse::Extracted { extraction } = (ContentResponse::Extracted { extraction: ex }).with_top_id("c1@tag") else { unreachable!() };
        assert_eq!(extraction.collection_id, "c1@tag");
    }

    #[test]
    fn details_from_a_frame_are_lifted() {
        let d = PcdActionDetail {
            id: "a1".into(),
            selector: sel(&[]),
            alt_selectors: Some(vec![RoleSelector::Css { css: "#x".into(), frame_path: None }]),
            landmark: None,
            frame_path: None,
            href: None,
        };
        let prefix = vec!["iframe#a".to_string()];
        let lifted = lift_detail(d, "a1@tag", &prefix);
        assert_eq!(
            serde_json::to_value(&lifted).unwrap(),
            json!({"id": "a1@tag", "selector": {"kind": "role", "role": "button", "name": "Go", "nameMode": "exact", "framePath": ["iframe#a"]},
                   "altSelectors": [{"kind": "css", "css": "#x", "framePath": ["iframe#a"]}], "framePath": ["iframe#a"]})
        );
    }

    #[test]
    fn errors_name_code_and_retry() {
        let cases = [
            (FrameError::NotAnswering { step: "iframe#a".into(), waited_ms: 2000 }, ErrorCode::ContentUnavailable, true),
            (FrameError::Gone { step: "iframe#a".into(), detail: "x".into() }, ErrorCode::ContentUnavailable, true),
            (FrameError::TooDeep { max: MAX_HOPS }, ErrorCode::InvalidArgs, false),
            (FrameError::Claimed { step: "iframe#a".into() }, ErrorCode::ContentUnavailable, false),
            (FrameError::UnknownFrame { id: "a@b".into() }, ErrorCode::NotFound, true),
        ];
        for (e, code, retry) in cases {
            let t = e.tool_error();
            assert_eq!((t.code, t.retryable), (code, retry), "{e}");
            assert!(!t.error.is_empty());
        }
    }
}
