//! The scopes one collection reads: the top document, every open shadow
//! root (closed ones are opaque, seed 000 §14) and every same-origin iframe
//! document, each with what the controls inside inherit from it: the frame
//! path, the offset of the frame's viewport in the top viewport, and
//! whether it is shadow content. Cross-origin frames are skipped; their own
//! content script reports them.

use super::dom;
use web_sys::{Document, Element, ShadowRoot};

/// Frames nested deeper than this are not read (pathological pages).
const MAX_FRAME_DEPTH: usize = 4;
/// Shadow roots nested deeper than this are not read.
const MAX_SHADOW_DEPTH: usize = 12;
/// At most this many scopes per collection.
const MAX_SCOPES: usize = 400;

/// A tree the browser can search with one `querySelectorAll`.
#[derive(Clone)]
pub enum Root {
    Doc(Document),
    Shadow(ShadowRoot),
}

impl Root {
    /// The document or shadow root as a node (what a `MutationObserver`
    /// observes).
    pub fn node(&self) -> web_sys::Node {
        match self {
            Root::Doc(d) => d.clone().into(),
            Root::Shadow(r) => r.clone().into(),
        }
    }

    /// `querySelectorAll(sel)` as elements, document order.
    pub fn select(&self, sel: &str) -> Vec<Element> {
        let list = match self {
            Root::Doc(d) => d.query_selector_all(sel),
            Root::Shadow(s) => s.query_selector_all(sel),
        };
        list.ok()
            .map(|l| dom::elements(l).collect())
            .unwrap_or_default()
    }
}

/// How a child scope hangs off its parent.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Via {
    Top,
    Shadow,
    Frame,
}

/// One tree to read, with what its controls inherit.
#[derive(Clone)]
pub struct Scope {
    pub root: Root,
    /// The element that opens this scope (shadow host or iframe).
    pub host: Option<Element>,
    pub via: Via,
    pub parent: Option<usize>,
    pub frame_path: Vec<String>,
    /// The scope's viewport origin in the top viewport (CSS px).
    pub dx: f64,
    pub dy: f64,
    pub in_shadow: bool,
}

/// All scopes of `document`, parents before children (pre-order).
pub fn scopes(document: &Document) -> Vec<Scope> {
    let mut out = Vec::new();
    let top = Scope {
        root: Root::Doc(document.clone()),
        host: None,
        via: Via::Top,
        parent: None,
        frame_path: Vec::new(),
        dx: 0.0,
        dy: 0.0,
        in_shadow: false,
    };
    walk(top, 0, 0, &mut out);
    out
}

fn walk(scope: Scope, frame_depth: usize, shadow_depth: usize, out: &mut Vec<Scope>) {
    if out.len() >= MAX_SCOPES {
        return;
    }
    let idx = out.len();
    out.push(scope.clone());
    // Shadow hosts: no selector matches "has a shadow root", so every
    // element is asked for its `shadowRoot` — one cheap, string-free call each.
    if shadow_depth < MAX_SHADOW_DEPTH {
        for host in scope.root.select("*") {
            let Some(sr) = host.shadow_root() else {
                continue;
            };
            if crate::aria::is_hidden(&host) {
                continue;
            }
            let child = Scope {
                root: Root::Shadow(sr),
                host: Some(host),
                via: Via::Shadow,
                parent: Some(idx),
                in_shadow: true,
                ..scope.clone()
            };
            walk(child, frame_depth, shadow_depth + 1, out);
        }
    }
    if frame_depth < MAX_FRAME_DEPTH {
        for iframe in scope.root.select("iframe, frame") {
            let Some(doc) = dom::frame_document(&iframe) else {
                continue;
            };
            if crate::aria::is_hidden(&iframe) {
                continue;
            }
            let (dx, dy) = content_origin(&iframe);
            let mut frame_path = scope.frame_path.clone();
            frame_path.push(frame_selector(&iframe));
            let child = Scope {
                root: Root::Doc(doc),
                host: Some(iframe),
                via: Via::Frame,
                parent: Some(idx),
                frame_path,
                dx: scope.dx + dx,
                dy: scope.dy + dy,
                in_shadow: false,
            };
            walk(child, frame_depth + 1, 0, out);
        }
    }
}

/// Where the frame's viewport starts, in its parent's viewport: the border
/// box plus border (`clientLeft/Top`) plus padding.
pub fn content_origin(iframe: &Element) -> (f64, f64) {
    let r = iframe.get_bounding_client_rect();
    let pad = |prop: &str| {
        web_sys::window()
            .and_then(|w| w.get_computed_style(iframe).ok().flatten())
            .and_then(|s| s.get_property_value(prop).ok())
            .and_then(|v| v.trim_end_matches("px").parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (
        r.left() + f64::from(iframe.client_left()) + pad("padding-left"),
        r.top() + f64::from(iframe.client_top()) + pad("padding-top"),
    )
}

/// A CSS selector for the iframe in its document: `iframe#id`, else
/// `iframe[name="…"]`, else `iframe:nth-of-type(n)`.
pub fn frame_selector(iframe: &Element) -> String {
    let tag = dom::tag(iframe);
    if let Some(id) = dom::attr(iframe, "id") {
        if id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            && !id.starts_with(|c: char| c.is_ascii_digit())
        {
            return format!("{tag}#{id}");
        }
        return format!("{tag}[id=\"{}\"]", css_string(&id));
    }
    if let Some(name) = dom::attr(iframe, "name") {
        return format!("{tag}[name=\"{}\"]", css_string(&name));
    }
    let mut n = 1;
    let mut sib = iframe.previous_element_sibling();
    while let Some(s) = sib {
        if s.local_name() == iframe.local_name() {
            n += 1;
        }
        sib = s.previous_element_sibling();
    }
    format!("{tag}:nth-of-type({n})")
}

/// Escapes `"` and `\` for a CSS string.
fn css_string(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Whether `a` comes before `b` in document order (or is `b`'s ancestor).
pub fn precedes(a: &Element, b: &Element) -> bool {
    const FOLLOWING: u16 = 4;
    a.compare_document_position(b) & FOLLOWING != 0
}
