//! Where a selector looks: the document its `framePath` names (same-origin
//! frames only; a cross-origin frame is its own content script's job), and
//! within it the document plus every open shadow root, in the order
//! Playwright's engines visit them (a root's light tree, then each shadow
//! root in host order, depth first) so `nth` counts as `getByRole` does.

use crate::pcd::{dom, frames::{frame_selector, Root}};
use bc_core::selector::SelectorError;
use web_sys::{Document, Element};

/// Shadow roots nested deeper than this are not searched (as the collector).
const MAX_SHADOW_DEPTH: usize = 12;
/// At most this many trees per document.
const MAX_ROOTS: usize = 400;

/// One searchable tree and the shadow host that opens it (`None` for the
/// document itself).
#[derive(Clone)]
pub struct Tree {
    pub root: Root,
    pub host: Option<Element>,
}

/// The document `frame_path` leads to from `top`.
pub fn frame_document(top: &Document, frame_path: &[String]) -> Result<Document, SelectorError> {
    let mut doc = top.clone();
    for step in frame_path {
        // The frame may sit inside a shadow root of the current document.
        let frame = trees(&doc)
            .iter()
            .find_map(|t| t.root.select(step).into_iter().find(|el| matches!(dom::tag(el).as_str(), "iframe" | "frame")))
            .ok_or_else(|| SelectorError::FrameNotFound { path: frame_path.to_vec(), step: step.clone() })?;
        doc = dom::frame_document(&frame)
            .ok_or_else(|| SelectorError::FrameCrossOrigin { path: frame_path.to_vec(), step: step.clone() })?;
    }
    Ok(doc)
}

/// The frame path of the document `el` lives in, as the collector writes
/// it (`iframe#id`, …), from the top document down.
pub fn frame_path_of(el: &Element) -> Vec<String> {
    let mut path = Vec::new();
    let mut doc = el.owner_document();
    while let Some(frame) = doc.as_ref().and_then(|d| d.default_view()).and_then(|w| w.frame_element().ok().flatten()) {
        path.push(frame_selector(&frame));
        doc = frame.owner_document();
    }
    path.reverse();
    path
}

/// `doc` and its open shadow roots, in visiting order.
pub fn trees(doc: &Document) -> Vec<Tree> {
    let mut out = Vec::new();
    walk(Tree { root: Root::Doc(doc.clone()), host: None }, 0, &mut out);
    out
}

fn walk(tree: Tree, depth: usize, out: &mut Vec<Tree>) {
    if out.len() >= MAX_ROOTS {
        return;
    }
    let hosts: Vec<(Element, web_sys::ShadowRoot)> = if depth < MAX_SHADOW_DEPTH {
        tree.root.select("*").into_iter().filter_map(|el| el.shadow_root().map(|sr| (el, sr))).collect()
    } else {
        Vec::new()
    };
    out.push(tree);
    for (host, sr) in hosts {
        walk(Tree { root: Root::Shadow(sr), host: Some(host) }, depth + 1, out);
    }
}
