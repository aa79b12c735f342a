//! "Hidden" as the accessible-name algorithm and the role computation mean
//! it: not rendered (`display:none`, `visibility:hidden`, `hidden`), inside
//! `aria-hidden="true"`, or inert. Uses `checkVisibility` and `closest`, so
//! the browser walks the ancestors, not us.

use super::dom;
use wasm_bindgen::JsCast;
use web_sys::Element;

/// What makes an element and its subtree hidden whatever its rendering.
pub const ARIA_HIDDEN_OR_INERT: &str = "[aria-hidden='true' i], [inert]";

/// The modal dialog open in `root` (a document or shadow root; `showModal()`), if any: while one is,
/// HTML makes every node outside it inert and Chromium's accessibility tree
/// holds only the dialog's subtree, so perception reads that subtree only
/// (`pcd::frames::Root::Modal`). The page's modal dialog in any of its
/// trees: `pcd::frames::open_modal`. `:modal` unknown (old browsers): none.
pub fn modal_dialog(root: &web_sys::Node) -> Option<Element> {
    let list = dom::query_all_in_str(root, &dom::js_str("dialog:modal")).ok()?;
    let open: Vec<Element> = (0..list.length()).filter_map(|i| list.item(i).map(JsCast::unchecked_into)).collect();
    match open.len() {
        0 | 1 => open.into_iter().next(),
        _ => Some(top_modal(&open)),
    }
}

/// The one of several open modal dialogs that is on top: HTML makes the
/// others inert too, and Chromium's tree holds only it. `open` are in page
/// order (a dialog nested in another after it), of one tree or of several
/// of a document's trees (web components' dialogs). The top layer's order
/// is not exposed to scripts, so: the one holding focus (opening a modal
/// dialog focuses it or inside it, and focus cannot stay in an inert one);
/// when focus is elsewhere (a click on the dialog's text moves it to the
/// body), the one no other covers at its centre; else the last (one opened
/// from inside another is nested in it, so comes later). Nested
/// candidates: the innermost wins each test. Focus and the hit test are
/// followed into shadow roots, so dialogs of different trees compare.
pub fn top_modal(open: &[Element]) -> Element {
    let innermost = |holds: &dyn Fn(&Element) -> bool| open.iter().rev().find(|d| holds(d)).cloned();
    let Some(doc) = open[0].owner_document() else { return open[open.len() - 1].clone() };
    let doc: &web_sys::Node = doc.as_ref();
    // Deepest: a tree's active element or hit is the host of the shadow
    // tree that holds the real one.
    let deepest = |ask: &dyn Fn(&web_sys::Node) -> Option<Element>| {
        let mut found = ask(doc)?;
        while let Some(inner) = found.shadow_root().and_then(|r| ask(r.as_ref())).filter(|e| *e != found) {
            found = inner;
        }
        Some(found)
    };
    if let Some(focused) = deepest(&|n: &web_sys::Node| dom::active_element_in(n)) {
        if let Some(d) = innermost(&|d: &Element| flat_contains(d, &focused)) {
            return d;
        }
    }
    // Covered: what shows at its centre is in another candidate that is
    // not around it.
    let covered = |d: &Element| {
        let r = d.get_bounding_client_rect();
        let (x, y) = (r.x() + r.width() / 2.0, r.y() + r.height() / 2.0);
        let Some(hit) = deepest(&|n: &web_sys::Node| dom::element_from_point_in(n, x, y)) else {
            return false;
        };
        open.iter().any(|e| e != d && flat_contains(e, &hit) && !flat_contains(e, d))
    };
    innermost(&|d: &Element| !covered(d)).unwrap_or_else(|| open[open.len() - 1].clone())
}

/// Whether `el` is `ancestor` or inside it, shadow content counting as
/// inside its host.
pub fn flat_contains(ancestor: &Element, el: &Element) -> bool {
    let mut node: web_sys::Node = el.clone().into();
    loop {
        if ancestor.contains(Some(&node)) {
            return true;
        }
        // By node type, not `instanceof`: a same-origin frame's shadow
        // roots are of another realm.
        let root = node.get_root_node();
        if root.node_type() != web_sys::Node::DOCUMENT_FRAGMENT_NODE {
            return false;
        }
        node = root.unchecked_ref::<web_sys::ShadowRoot>().host().into();
    }
}

/// The rendered dialogs of `root` (a document or shadow root) its author
/// marks modal (`aria-modal=true` on a `dialog`/`alertdialog` role; not
/// `showModal()`, see [`modal_dialog`]), tree order: a cookie banner or a sign-in popup
/// built of `div`s. Chromium keeps the page behind them in its tree, and
/// so do we; their controls come first (`pcd`'s `in_modal`, the summary's
/// main region).
pub fn aria_modals(root: &web_sys::Node) -> Vec<Element> {
    const SEL: &str = "[aria-modal=true i]:is([role~=dialog i], [role~=alertdialog i])";
    let Ok(list) = dom::query_all_in_str(root, &dom::js_str(SEL)) else { return Vec::new() };
    (0..list.length())
        .filter_map(|i| list.item(i).map(JsCast::unchecked_into::<Element>))
        .filter(|d| !is_hidden(d))
        .collect()
}

/// Whether `el` is hidden from the accessibility tree.
pub fn is_hidden(el: &Element) -> bool {
    if dom::closest_c(el, ARIA_HIDDEN_OR_INERT).is_some() {
        return true;
    }
    !renders(el)
}

/// [`is_hidden`] for an element already known to be outside any
/// `aria-hidden="true"` or inert subtree (a selector excluded those): only
/// its rendering is asked.
pub fn is_unrendered(el: &Element) -> bool {
    !renders(el)
}

/// How a node met while walking down from a visible ancestor shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Shown {
    Yes,
    No,
    /// `visibility:hidden`: its own text is hidden, but descendants that set
    /// `visibility:visible` show, so the walk goes on below it.
    TextHidden,
}

/// The cheap check for a node met while walking down from a visible
/// ancestor: ancestors are already known visible, so only the node's own
/// `aria-hidden`/`inert` and its rendering are asked.
pub fn shown_below_visible(el: &Element) -> Shown {
    if dom::matches_c(el, ARIA_HIDDEN_OR_INERT) {
        return Shown::No;
    }
    if renders(el) {
        return Shown::Yes;
    }
    // Rendered but invisible: a box without visibility.
    if dom::check_visibility_box(el) { Shown::TextHidden } else { Shown::No }
}

/// Rendering check with the exceptions `checkVisibility` gets wrong for
/// accessibility: boxless but exposed elements.
fn renders(el: &Element) -> bool {
    if dom::check_visibility(el) {
        return true;
    }
    match dom::tag(el).as_str() {
        // Options of a closed <select> have no box but are exposed with it.
        "option" | "optgroup" => dom::closest_c(el, "select, datalist").is_some_and(|s| {
            s.local_name() == "select" && dom::check_visibility(&s)
        }),
        // Image-map areas render through their image.
        "area" => true,
        // SVG <title>/<desc>, <head> content, … are never rendered but only
        // read as text alternatives, which ignore hidden-ness anyway.
        _ => {
            // display:contents has no box yet its children render.
            dom::style_prop(el, None, "display") == "contents"
                && el.parent_element().is_none_or(|p| renders(&p))
                && dom::style_prop(el, None, "visibility") == "visible"
        }
    }
}
