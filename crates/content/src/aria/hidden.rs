//! "Hidden" as the accessible-name algorithm and the role computation mean
//! it: not rendered (`display:none`, `visibility:hidden`, `hidden`), inside
//! `aria-hidden="true"`, or inert. Uses `checkVisibility` and `closest`, so
//! the browser walks the ancestors, not us.

use super::dom;
use web_sys::Element;

/// What makes an element and its subtree hidden whatever its rendering.
pub const ARIA_HIDDEN_OR_INERT: &str = "[aria-hidden='true' i], [inert]";

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
