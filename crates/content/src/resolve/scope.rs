//! Where a selector looks: the document its `framePath` names (same-origin
//! frames here; a cross-origin frame is its own content script's job, and
//! [`locate`] says where that starts), and
//! within it the document plus every open shadow root, in the order
//! Playwright's engines visit them (a root's light tree, then each shadow
//! root in host order, depth first) so `nth` counts as `getByRole` does.

use crate::pcd::{dom, frames::{frame_selector, Root, MAX_SHADOW_DEPTH}};
use bc_core::selector::SelectorError;
use web_sys::{Document, Element};

/// At most this many trees per document.
const MAX_ROOTS: usize = 400;

/// One searchable tree and the shadow host that opens it (`None` for the
/// document itself).
#[derive(Clone)]
pub struct Tree {
    pub root: Root,
    pub host: Option<Element>,
}

/// Where a frame path leads from `top`: a document this script can read,
/// or the first cross-origin frame on the way (whose own content script
/// takes the rest of the path; the worker routes it, `bc_core::frames`).
pub enum Located {
    Here(Document),
    Across {
        /// The cross-origin `<iframe>`/`<frame>`.
        frame: Element,
        /// The steps of the path up to and including `frame`.
        consumed: usize,
        /// `frame`'s viewport origin in `top`'s viewport (same-origin
        /// frames on the way included).
        x: f64,
        y: f64,
    },
}

/// Follows `frame_path` from `top` as far as this script can.
pub fn locate(top: &Document, frame_path: &[String]) -> Result<Located, SelectorError> {
    let mut doc = top.clone();
    let (mut x, mut y) = (0.0, 0.0);
    for (i, step) in frame_path.iter().enumerate() {
        // The frame may sit inside a shadow root of the current document.
        let frame = trees(&doc)
            .iter()
            .find_map(|t| t.root.select(step).into_iter().find(|el| matches!(dom::tag(el).as_str(), "iframe" | "frame")))
            .ok_or_else(|| SelectorError::FrameNotFound { path: frame_path.to_vec(), step: step.clone() })?;
        let (fx, fy) = crate::pcd::frames::content_origin(&frame);
        x += fx;
        y += fy;
        match dom::frame_document(&frame) {
            Some(d) => doc = d,
            None => return Ok(Located::Across { frame, consumed: i + 1, x, y }),
        }
    }
    Ok(Located::Here(doc))
}

/// The document `frame_path` leads to from `top`, when it is readable here.
pub fn frame_document(top: &Document, frame_path: &[String]) -> Result<Document, SelectorError> {
    match locate(top, frame_path)? {
        Located::Here(doc) => Ok(doc),
        Located::Across { consumed, .. } => {
            Err(SelectorError::FrameCrossOrigin { path: frame_path.to_vec(), step: frame_path[consumed - 1].clone() })
        }
    }
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
    tree_iter(doc).collect()
}

/// [`trees`], one at a time: a tree's shadow hosts are looked for (a `*`
/// query over it: ~15 ms at 50k elements) only when the tree after it is
/// asked for, so a search that ends in the document's own tree (an `nth`
/// found there) never scans it. Read within one task, as every caller
/// does, it gives what [`trees`] gives.
pub fn tree_iter(doc: &Document) -> TreeIter {
    TreeIter {
        stack: vec![(Tree { root: Root::Doc(doc.clone()), host: None }, 0)],
        last: None,
        given: 0,
    }
}

pub struct TreeIter {
    /// Trees still to visit, the next on top, with their shadow depth.
    stack: Vec<(Tree, usize)>,
    /// The tree given last, whose shadow roots come next.
    last: Option<(Root, usize)>,
    given: usize,
}

impl Iterator for TreeIter {
    type Item = Tree;

    fn next(&mut self) -> Option<Tree> {
        if self.given >= MAX_ROOTS {
            return None;
        }
        if let Some((root, depth)) = self.last.take() {
            if depth < MAX_SHADOW_DEPTH {
                let hosts: Vec<(Element, web_sys::ShadowRoot)> = crate::pcd::frames::shadow_hosts(&root)
                    .into_iter()
                    .filter_map(|el| el.shadow_root().map(|sr| (el, sr)))
                    .collect();
                // Depth first, in host order: the first host's tree on top.
                for (host, sr) in hosts.into_iter().rev() {
                    self.stack.push((Tree { root: Root::Shadow(sr), host: Some(host) }, depth + 1));
                }
            }
        }
        let (tree, depth) = self.stack.pop()?;
        self.last = Some((tree.root.clone(), depth));
        self.given += 1;
        Some(tree)
    }
}
