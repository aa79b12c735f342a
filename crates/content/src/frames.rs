//! The page half of routing into cross-origin frames (`bc_core::frames`):
//! this script reaches the `<iframe>` through the same-origin part of a
//! frame path, posts a fresh random nonce into its window, and answers with
//! the [`FrameHop`]; the child frame's loader announces the nonce to the
//! worker, which then talks to that frame directly.
//!
//! The nonce is posted with target origin `*`: it is only good for naming
//! whichever document is in that frame right now, which is the frame we
//! mean; a page script in the child sees it too and can at worst point us
//! at a frame it controls anyway (two announcements of one nonce fail
//! `Claimed`).

use crate::pcd::{dom, frames::{content_origin, frame_selector}};
use crate::resolve::scope::{self, Located};
use bc_core::frames::{path_tag, FrameHop, MAX_PCD_FRAMES, NONCE_KEY};
use bc_core::selector::SelectorError;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element};

/// Same-origin frame levels searched for cross-origin frames (as the collector).
const MAX_DEPTH: usize = 4;

/// `Some(hop)` when `path` goes into a cross-origin frame (its nonce
/// already posted), `None` when this script can serve it itself.
pub fn hop_for(document: &Document, path: &[String]) -> Result<Option<FrameHop>, SelectorError> {
    if path.is_empty() {
        return Ok(None);
    }
    match scope::locate(document, path)? {
        Located::Here(_) => Ok(None),
        Located::Across { frame, consumed, x, y } => {
            let steps = path[..consumed].to_vec();
            if let Some(url) = frame_url(&frame) {
                if bc_core::url_policy::restriction(&url).is_some() {
                    return Err(SelectorError::FrameRestricted { path: path.to_vec(), step: steps[consumed - 1].clone(), url });
                }
            }
            Ok(Some(send_nonce(&frame, steps, x, y)))
        }
    }
}

/// The visible cross-origin frames of the page (through same-origin frames
/// and open shadow roots), at most [`MAX_PCD_FRAMES`], each sent a nonce.
pub fn cross_origin_frames(document: &Document) -> Vec<FrameHop> {
    // `window.length` counts every child frame, shadow roots included: a
    // page without frames costs nothing more.
    if document.default_view().is_none_or(|w| w.length() == 0) {
        return Vec::new();
    }
    let mut out = Vec::new();
    collect(document, &[], (0.0, 0.0), 0, &mut out);
    out.into_iter()
        .take(MAX_PCD_FRAMES)
        .map(|(frame, path, x, y)| send_nonce(&frame, path, x, y))
        .collect()
}

/// The cross-origin frame whose path has `tag` (a framed MiniPCD id), sent a nonce.
pub fn hop_by_tag(document: &Document, tag: &str) -> Option<FrameHop> {
    let mut all = Vec::new();
    collect(document, &[], (0.0, 0.0), 0, &mut all);
    let (frame, path, x, y) = all.into_iter().find(|(_, path, ..)| path_tag(path) == tag)?;
    Some(send_nonce(&frame, path, x, y))
}

type Found = (Element, Vec<String>, f64, f64);

fn collect(doc: &Document, path: &[String], origin: (f64, f64), depth: usize, out: &mut Vec<Found>) {
    for tree in scope::trees(doc) {
        for frame in tree.root.select("iframe, frame") {
            if crate::aria::is_hidden(&frame) {
                continue;
            }
            let (dx, dy) = content_origin(&frame);
            let (x, y) = (origin.0 + dx, origin.1 + dy);
            let mut p = path.to_vec();
            p.push(frame_selector(&frame));
            match dom::frame_document(&frame) {
                Some(child) if depth + 1 < MAX_DEPTH => collect(&child, &p, (x, y), depth + 1, out),
                Some(_) => {}
                None if frame_url(&frame).is_none_or(|u| bc_core::url_policy::restriction(&u).is_none()) => out.push((frame, p, x, y)),
                None => {}
            }
        }
    }
}

/// The framePaths of visible frames still showing their initial empty
/// document while their `src` is elsewhere: a load that never finishes
/// (an ad server that holds the request open). Readable as same-origin
/// `about:blank`, they hold nothing; the MiniPCD lists them as silent
/// (`MiniPcd::silent_frames`; the worker adds cross-origin frames that do
/// not announce themselves).
pub fn unloaded_frames(document: &Document) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    if document.default_view().is_some_and(|w| w.length() > 0) {
        unloaded_in(document, &[], 0, &mut out);
    }
    out
}

fn unloaded_in(doc: &Document, path: &[String], depth: usize, out: &mut Vec<Vec<String>>) {
    for tree in scope::trees(doc) {
        for frame in tree.root.select("iframe, frame") {
            if crate::aria::is_hidden(&frame) {
                continue;
            }
            let Some(child) = dom::frame_document(&frame) else { continue };
            let mut p = path.to_vec();
            p.push(frame_selector(&frame));
            let elsewhere = frame_url(&frame).is_some_and(|u| !u.starts_with("about:") && !u.starts_with("javascript:"));
            if elsewhere && child.url().is_ok_and(|u| u == "about:blank") {
                out.push(p);
            } else if depth + 1 < MAX_DEPTH {
                unloaded_in(&child, &p, depth + 1, out);
            }
        }
    }
}

/// The frame's `src` as the browser resolved it (absent: none set).
fn frame_url(frame: &Element) -> Option<String> {
    js_sys::Reflect::get(frame, &"src".into()).ok().and_then(|v| v.as_string()).filter(|s| !s.is_empty())
}

/// Posts a fresh nonce into the frame's window and describes the hop.
fn send_nonce(frame: &Element, path: Vec<String>, x: f64, y: f64) -> FrameHop {
    let nonce = nonce();
    let msg = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&msg, &NONCE_KEY.into(), &JsValue::from_str(&nonce));
    // No contentWindow (the frame left the document): nobody announces the
    // nonce and the worker reports the frame as not answering.
    if let Some(win) = js_sys::Reflect::get(frame, &"contentWindow".into()).ok().filter(|w| !w.is_null() && !w.is_undefined()) {
        let win: web_sys::Window = win.unchecked_into();
        let _ = win.post_message(&msg, "*");
    }
    FrameHop { nonce, path, x, y }
}

/// 128 random bits, hex.
fn nonce() -> String {
    let mut bytes = [0u8; 16];
    let filled = web_sys::window()
        .and_then(|w| w.crypto().ok())
        .map(|c| c.get_random_values_with_u8_array(&mut bytes).is_ok())
        .unwrap_or(false);
    if !filled {
        // No Web Crypto (never seen in a page): still unguessable enough for
        // a one-shot, same-tab name.
        for b in &mut bytes {
            *b = (js_sys::Math::random() * 256.0) as u8;
        }
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
