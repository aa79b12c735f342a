//! The scopes one collection reads: the top document, every open shadow
//! root (closed ones are opaque, seed 000 §14) and every same-origin iframe
//! document, each with what the controls inside inherit from it: the frame
//! path, the offset of the frame's viewport in the top viewport, and
//! whether it is shadow content. Cross-origin frames are skipped; their own
//! content script reports them.
//!
//! Modal dialogs narrow the scopes, and every reader follows: while a
//! `<dialog>` opened with `showModal()` is open (in the document's own tree
//! or a web component's shadow root; of several, the one on top,
//! `aria::top_modal`), HTML makes the rest of the page inert and Chromium's
//! tree leaves it out. So the tree is read from the dialog down
//! ([`Root::Modal`], `modal_only`): the MiniPCD, the summary (whose main
//! region is the dialog) and `trees/` see only the dialog, `resolve/`
//! prefers matches inside it, and an action behind it fails at once as
//! `covered` by it (`act::check_enabled`, through [`blocking_modal`]). A
//! dialog the page only *marks* modal (`aria-modal=true`,
//! `aria::aria_modals`) keeps the page, as Chromium's tree does; its
//! controls carry `in_modal` and come first in the budget, and it is the
//! summary's main region.

use super::dom;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, ShadowRoot};

/// Frames nested deeper than this are not read (pathological pages).
pub(crate) const MAX_FRAME_DEPTH: usize = 4;
/// Shadow roots nested deeper than this are not read (nor searched by
/// `resolve/`). Component apps nest deep: a Home Assistant card's switch
/// sits about 15 shadow roots down, each component its own root.
pub(crate) const MAX_SHADOW_DEPTH: usize = 32;
/// At most this many scopes per collection.
const MAX_SCOPES: usize = 400;

/// A tree the browser can search with one `querySelectorAll`.
#[derive(Clone)]
pub enum Root {
    Doc(Document),
    Shadow(ShadowRoot),
    /// A document or shadow root while a modal dialog is open in it:
    /// everything outside the dialog is inert (HTML) and absent from
    /// Chromium's accessibility tree, so searches start at the dialog
    /// (`aria::modal_dialog`; in a shadow root, see [`scopes`]).
    Modal(web_sys::Node, Element),
}

impl Root {
    /// A document as the tree to read: [`Root::Modal`] while a modal
    /// dialog is open in it. Its opening and closing change the dialog's
    /// `open` attribute, a structural change to `live` (discovery and the
    /// scopes are made again).
    ///
    /// A web component's modal dialog may be open too, outside the
    /// document's (an app's confirm component over the page's editor
    /// dialog): then the one on top (`aria::top_modal`) decides, and when
    /// it is the component's, the document is read whole and
    /// [`modal_only`] keeps that component's tree.
    pub fn document(doc: Document) -> Root {
        let Some(dialog) = crate::aria::modal_dialog(&doc) else { return Root::Doc(doc) };
        let others = components_modals_outside(&doc, &dialog);
        if others.is_empty() {
            return Root::Modal(doc.into(), dialog);
        }
        // Page order: the document's dialog before the components' after it.
        let at = others.iter().position(|d| precedes(&dialog, &outermost_host(d))).unwrap_or(others.len());
        let mut open = others;
        open.insert(at, dialog.clone());
        match crate::aria::top_modal(&open) == dialog {
            true => Root::Modal(doc.into(), dialog),
            false => Root::Doc(doc),
        }
    }

    /// A shadow root as the tree to read: [`Root::Modal`] while a modal
    /// dialog is open in it (a web component's own `<dialog>`).
    fn shadow(root: ShadowRoot) -> Root {
        match crate::aria::modal_dialog(&root) {
            Some(dialog) => Root::Modal(root.into(), dialog),
            None => Root::Shadow(root),
        }
    }

    /// The document or shadow root as a node (what a `MutationObserver`
    /// observes, and what `getRootNode()` of the tree's elements is).
    pub fn node(&self) -> web_sys::Node {
        match self {
            Root::Doc(d) => d.clone().into(),
            Root::Shadow(r) => r.clone().into(),
            Root::Modal(n, _) => n.clone(),
        }
    }

    /// Where searches of this tree start: the node, or the open modal
    /// dialog (whose own element is no control).
    pub fn container(&self) -> &web_sys::Node {
        match self {
            Root::Doc(d) => d,
            Root::Shadow(s) => s,
            Root::Modal(_, dialog) => dialog,
        }
    }

    /// `querySelectorAll(sel)` as elements, document order.
    pub fn select(&self, sel: &str) -> Vec<Element> {
        self.select_list(sel)
            .map(|l| dom::elements(l).collect())
            .unwrap_or_default()
    }

    /// `querySelectorAll(sel)`; `None` on a selector error.
    pub fn select_list(&self, sel: &str) -> Option<web_sys::NodeList> {
        match self {
            Root::Doc(d) => d.query_selector_all(sel),
            Root::Shadow(s) => s.query_selector_all(sel),
            Root::Modal(_, dialog) => dialog.query_selector_all(sel),
        }
        .ok()
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
    walk(Scope::top(document), 0, 0, true, &mut out);
    modal_only(out)
}

/// The document and its open shadow roots (nested ones too), without
/// frames: the page a summary describes, parents before children.
pub fn shadow_scopes(document: &Document) -> Vec<Scope> {
    let mut out = Vec::new();
    walk(Scope::top(document), 0, 0, false, &mut out);
    modal_only(out)
}

/// The modal dialog open in `document`, in its own tree or a shadow root's
/// (a web component's `<dialog>` shown with `showModal()`).
pub fn open_modal(document: &Document) -> Option<Element> {
    match &shadow_scopes(document).first()?.root {
        Root::Modal(_, dialog) => Some(dialog.clone()),
        _ => None,
    }
}

/// The modal dialog that makes `el` inert: the one open in its document
/// when `el` is outside it.
pub fn blocking_modal(el: &Element) -> Option<Element> {
    let dialog = open_modal(&el.owner_document()?)?;
    (!crate::aria::flat_contains(&dialog, el)).then_some(dialog)
}

/// `doc`'s tree and its shadow roots (any depth, frames aside), read whole:
/// no modal dialog narrows them.
fn whole_page_scopes(doc: &Document) -> Vec<Scope> {
    // Not `Scope::top`, whose `Root::document` asks this.
    let mut all = Vec::new();
    walk(Scope::top_with(Root::Doc(doc.clone())), 0, 0, false, &mut all);
    all
}

/// The modal dialogs open in `doc`'s shadow roots outside `dialog`, page
/// order. Asked only while `dialog` (the document's own modal dialog) is
/// open: a walk of the whole document's shadow roots.
fn components_modals_outside(doc: &Document, dialog: &Element) -> Vec<Element> {
    whole_page_scopes(doc)
        .into_iter()
        .filter_map(|s| match s.root {
            Root::Modal(_, d) if s.via == Via::Shadow => Some(d),
            _ => None,
        })
        .filter(|d| !crate::aria::flat_contains(dialog, d))
        .collect()
}

/// Every open shadow root of `doc` (any depth, frames aside), also those
/// a modal dialog leaves out of the scopes: what must be watched for a
/// web component's dialog opening over it.
pub fn page_shadow_roots(doc: &Document) -> Vec<web_sys::Node> {
    whole_page_scopes(doc).into_iter().filter(|s| s.via == Via::Shadow).map(|s| s.root.node()).collect()
}

/// The host in `el`'s document's own tree that `el`'s shadow trees hang
/// from (`el` itself when it is in that tree).
fn outermost_host(el: &Element) -> Element {
    let mut el = el.clone();
    let mut root = el.get_root_node();
    while root.node_type() == web_sys::Node::DOCUMENT_FRAGMENT_NODE {
        el = root.unchecked_ref::<ShadowRoot>().host();
        root = el.get_root_node();
    }
    el
}

/// With a modal dialog open in a shadow root of the top document, that
/// root's scope and those inside the dialog only, the first standing for
/// the page: the rest is inert. With several such scopes (web components'
/// dialogs), the one whose dialog is on top (`aria::top_modal`). A modal
/// dialog in the document's own tree already made its scope
/// [`Root::Modal`], and the walk reached only what is inside it.
fn modal_only(scopes: Vec<Scope>) -> Vec<Scope> {
    let modal: Vec<(usize, Element)> = scopes
        .iter()
        .enumerate()
        .filter(|(_, s)| s.frame_path.is_empty() && s.via == Via::Shadow)
        .filter_map(|(i, s)| match &s.root {
            Root::Modal(_, dialog) => Some((i, dialog.clone())),
            _ => None,
        })
        .collect();
    let m = match modal.as_slice() {
        [] => return scopes,
        [(m, _)] => *m,
        _ => {
            // Pre-order: a dialog nested in another comes after it.
            let dialogs: Vec<Element> = modal.iter().map(|(_, d)| d.clone()).collect();
            let top = crate::aria::top_modal(&dialogs);
            modal.iter().find(|(_, d)| *d == top).map_or(modal[modal.len() - 1].0, |(m, _)| *m)
        }
    };
    // Pre-order: the scopes inside `m` follow it, each after its parent.
    let mut index: Vec<Option<usize>> = vec![None; scopes.len()];
    let mut out = Vec::new();
    for (i, mut s) in scopes.into_iter().enumerate() {
        let inside = i == m || (i > m && s.parent.is_some_and(|p| index[p].is_some()));
        if !inside {
            continue;
        }
        s.parent = if i == m { None } else { s.parent.and_then(|p| index[p]) };
        index[i] = Some(out.len());
        out.push(s);
    }
    out
}

/// The items of scope `si` and its descendants in page order — shadow
/// content at its host's position, frames after their host document —
/// each with its scope; `per_scope[s]` holds scope `s`'s items in
/// document order (taken out).
pub fn in_page_order<T>(scopes: &[Scope], per_scope: &mut [Vec<T>], si: usize, el: &impl Fn(&T) -> &Element) -> Vec<(T, usize)> {
    let mut own: Vec<(T, usize)> = std::mem::take(&mut per_scope[si]).into_iter().map(|t| (t, si)).collect();
    let children: Vec<usize> = (si + 1..scopes.len()).filter(|&c| scopes[c].parent == Some(si)).collect();
    // Insert shadow subtrees back to front so earlier positions stay valid.
    let mut inserts = Vec::new();
    for &c in children.iter().filter(|&&c| scopes[c].via == Via::Shadow) {
        let host = scopes[c].host.as_ref().expect("shadow scope has a host");
        // First own item that the host precedes (binary search: own is in document order).
        let pos = own.partition_point(|(t, _)| !precedes(host, el(t)));
        inserts.push((pos, in_page_order(scopes, per_scope, c, el)));
    }
    for (pos, sub) in inserts.into_iter().rev() {
        own.splice(pos..pos, sub);
    }
    for &c in children.iter().filter(|&&c| scopes[c].via == Via::Frame) {
        own.extend(in_page_order(scopes, per_scope, c, el));
    }
    own
}

impl Scope {
    /// The document itself, without its shadow roots and frames.
    pub fn top(document: &Document) -> Scope {
        Scope::top_with(Root::document(document.clone()))
    }

    /// The top scope of a page read from `root`.
    fn top_with(root: Root) -> Scope {
        Scope {
            root,
            host: None,
            via: Via::Top,
            parent: None,
            frame_path: Vec::new(),
            dx: 0.0,
            dy: 0.0,
            in_shadow: false,
        }
    }
}

fn walk(scope: Scope, frame_depth: usize, shadow_depth: usize, frames: bool, out: &mut Vec<Scope>) {
    if out.len() >= MAX_SCOPES {
        return;
    }
    let idx = out.len();
    out.push(scope.clone());
    if shadow_depth < MAX_SHADOW_DEPTH {
        for host in shadow_hosts(&scope.root) {
            let Some(sr) = host.shadow_root() else {
                continue;
            };
            if crate::aria::is_hidden(&host) {
                continue;
            }
            let child = Scope {
                root: Root::shadow(sr),
                host: Some(host),
                via: Via::Shadow,
                parent: Some(idx),
                in_shadow: true,
                ..scope.clone()
            };
            walk(child, frame_depth, shadow_depth + 1, frames, out);
        }
    }
    if frames && frame_depth < MAX_FRAME_DEPTH {
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
                root: Root::document(doc),
                host: Some(iframe),
                via: Via::Frame,
                parent: Some(idx),
                frame_path,
                dx: scope.dx + dx,
                dy: scope.dy + dy,
                in_shadow: false,
            };
            walk(child, frame_depth + 1, 0, frames, out);
        }
    }
}

/// The elements of `root` with an open shadow root, document order
/// ([`scan_hosts`]). The top document's list is kept while nothing could
/// have added a host: the DOM's epoch (every mutation record of the live
/// module's observer) is as it was, and so is each element that was an
/// undefined custom element then (a late `customElements.define` upgrades
/// it, and its constructor attaches a shadow root with no mutation record;
/// new undefined elements come with one). The scan asks every element
/// (~20–35 ms at 50k elements in our isolated world) and was repeated by
/// each request: a page summary and the MiniPCD prefetched after it, every
/// poll of a text `dom.waitFor`, the digests around an action. Not seen:
/// `attachShadow` called on an element already in the page and defined,
/// with no other change — a shadow root is nearly always attached as its
/// host is created or upgraded.
pub(crate) fn shadow_hosts(root: &Root) -> Vec<Element> {
    let Some((doc, epoch)) = watched_top(root) else {
        return scan_hosts(root);
    };
    let upgraded = note_upgrades();
    let kept = KEPT.with(|k| k.borrow().as_ref().filter(|k| k.epoch == epoch && !upgraded).map(|k| k.hosts.clone()));
    if let Some(hosts) = kept {
        return hosts;
    }
    let hosts = scan_hosts(root);
    // One native query (~4 ms at 50k elements), no element read when
    // there are none, as on most pages.
    let undefined: Vec<Element> = doc.query_selector_all(UNDEFINED).map(|l| dom::elements(l).take(MAX_UNDEFINED + 1).collect()).unwrap_or_default();
    let keep = (undefined.len() <= MAX_UNDEFINED).then(|| Kept { epoch, undefined, hosts: hosts.clone() });
    KEPT.with(|k| *k.borrow_mut() = keep);
    hosts
}

thread_local! {
    static KEPT: std::cell::RefCell<Option<Kept>> = const { std::cell::RefCell::new(None) };
    /// Elements seen upgraded since [`take_upgraded`] last gave them.
    static UPGRADED: std::cell::RefCell<Vec<Element>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Moves the kept undefined elements that have been defined since the
/// last scan to [`UPGRADED`]; whether there were any (the kept host list
/// is then stale).
fn note_upgrades() -> bool {
    KEPT.with(|k| {
        let mut k = k.borrow_mut();
        let Some(kept) = k.as_mut() else { return false };
        let (still, upgraded): (Vec<Element>, Vec<Element>) =
            kept.undefined.drain(..).partition(|el| crate::aria::dom::matches_c(el, UNDEFINED));
        kept.undefined = still;
        let any = !upgraded.is_empty();
        UPGRADED.with(|u| u.borrow_mut().extend(upgraded));
        if any {
            *k = None;
        }
        any
    })
}

/// The top document's custom elements upgraded since the last call (seen
/// by comparing with the last shadow-host scan): each may have attached a
/// shadow root with no mutation record, which the live module must treat
/// as a change around it.
pub(crate) fn take_upgraded() -> Vec<Element> {
    note_upgrades();
    UPGRADED.with(|u| std::mem::take(&mut *u.borrow_mut()))
}

/// What [`shadow_hosts`] keeps of the top document's last scan.
struct Kept {
    epoch: u32,
    /// The elements that were undefined custom elements.
    undefined: Vec<Element>,
    hosts: Vec<Element>,
}

const UNDEFINED: &str = ":not(:defined)";
/// More undefined custom elements than this and the list is not kept
/// (checking each one again would cost what the scan costs).
const MAX_UNDEFINED: usize = 64;

/// The top document and the DOM's epoch, once the live module watches it.
fn watched_top(root: &Root) -> Option<(&Document, u32)> {
    let Root::Doc(doc) = root else { return None };
    if web_sys::window()?.document()? != *doc {
        return None;
    }
    Some((doc, crate::aria::epoch_now()?))
}

/// Every element of `root` with an open shadow root, document order. No
/// selector matches "has a shadow root", so every element is asked — by
/// the browser's own `Array.prototype.filter` with the `shadowRoot` getter
/// as predicate (`Function.prototype.call` bound to it: `filter` passes the
/// element first): two calls into JS instead of two per element, which on
/// a 10k-element page were ~20k crossings. Built-in functions only: no
/// code is evaluated, as strict CSPs require.
fn scan_hosts(root: &Root) -> Vec<Element> {
    use js_sys::{Array, Function, Object, Reflect};
    use wasm_bindgen::JsValue;
    thread_local! {
        /// `Array.prototype.filter` and the bound predicate; `None` if the
        /// realm lacks them (then every element is asked from here).
        static FILTER: Option<(Function, Function)> = (|| {
            let proto = |ctor: &str| -> Option<JsValue> {
                let c = Reflect::get(&js_sys::global(), &ctor.into()).ok()?;
                Reflect::get(&c, &"prototype".into()).ok()
            };
            let method = |ctor: &str, name: &str| -> Option<Function> {
                Reflect::get(&proto(ctor)?, &name.into()).ok()?.dyn_into().ok()
            };
            let element: Object = proto("Element")?.dyn_into().ok()?;
            let descriptor = Object::get_own_property_descriptor(&element, &"shadowRoot".into());
            let getter: Function = Reflect::get(&descriptor, &"get".into()).ok()?.dyn_into().ok()?;
            Some((method("Array", "filter")?, method("Function", "call")?.bind0(&getter)))
        })();
    }
    let Some(list) = root.select_list("*") else {
        return Vec::new();
    };
    let hosts = FILTER.with(|f| {
        let (filter, has_shadow) = f.as_ref()?;
        Reflect::apply(filter, &list, &Array::of1(has_shadow)).ok()?.dyn_into::<Array>().ok()
    });
    match hosts {
        Some(hosts) => hosts.iter().map(JsCast::unchecked_into).collect(),
        None => dom::elements(list).filter(|el| el.shadow_root().is_some()).collect(),
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

/// How many of `list` (document order) come before `b` (its ancestors
/// included): a binary search, a few position comparisons instead of one
/// per element.
pub fn count_before(list: &web_sys::NodeList, b: &Element) -> u32 {
    partition(list, |n| precedes(n, b))
}

/// How many of `list` (document order) come before the end of `b`'s
/// subtree: `b`, its ancestors and descendants and what precedes it.
pub fn count_through(list: &web_sys::NodeList, b: &Element) -> u32 {
    use web_sys::Node;
    partition(list, |n| {
        let pos = b.compare_document_position(n);
        pos & Node::DOCUMENT_POSITION_FOLLOWING == 0 || pos & Node::DOCUMENT_POSITION_CONTAINED_BY != 0
    })
}

/// The first index of `list` where `before` no longer holds (it holds for
/// a prefix).
fn partition(list: &web_sys::NodeList, before: impl Fn(&Element) -> bool) -> u32 {
    let (mut lo, mut hi) = (0, list.length());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        match list.item(mid) {
            Some(n) if before(n.unchecked_ref()) => lo = mid + 1,
            _ => hi = mid,
        }
    }
    lo
}
