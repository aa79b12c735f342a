//! The accessible name (W3C accname 1.2, the way Chromium computes it):
//! `aria-labelledby`, embedded-control values, `aria-label`, host-language
//! labels (`native.rs`), name from content (`content.rs`), then `title`.
//! `accessible_name` returns the whitespace-normalised result; common cases
//! take the shortcuts of `quick.rs`, which give the same names.

use super::{content, dom, hidden, native, quick, role::{computed_role, Role}};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::Element;

/// How the current node was reached; decides which steps apply.
#[derive(Clone, Copy, Default)]
pub(crate) struct Mode {
    /// Reached through `aria-labelledby`: no further `aria-labelledby`.
    pub in_labelledby: bool,
    /// Reached by recursing into the content of a node being named: hidden
    /// nodes are skipped and embedded controls give their value.
    pub in_content: bool,
    /// The directly referenced node was hidden: hidden descendants count.
    pub include_hidden: bool,
}

/// Per-computation state: the element being named, the nodes already
/// used (each contributes once, unless an `aria-labelledby` list names it
/// again, as in Chromium), and a recursion guard.
pub(crate) struct Ctx {
    pub root: Element,
    /// The root's computed role, known before the computation starts.
    root_role: Option<Role>,
    visited: Visited,
    pub(crate) depth: u32,
}

/// Deep enough for any real label, and shallow enough for the stack: past
/// it, the rest of a subtree is named by [`beyond_depth`].
pub(crate) const MAX_DEPTH: u32 = 64;

/// The text of a subtree nested past [`MAX_DEPTH`] (content hundreds of
/// elements deep, as hostile or generated pages have), as the browser
/// renders it. Chromium still names a button by text 500 elements down;
/// an empty name would drop the control from the MiniPCD.
pub(crate) fn beyond_depth(el: &Element) -> String {
    match crate::trees::as_html(el) {
        Some(html) => html.inner_text(),
        None => el.text_content().unwrap_or_default(),
    }
}

/// Chromium reads at most this many distinct elements of an
/// `aria-labelledby` list; a repeated id counts again in the text, not
/// toward the cap (measured on its accessibility tree: 2000 references
/// give the text of the first 50).
const MAX_LABELLEDBY_ELEMENTS: usize = 50;

/// The elements `el`'s `aria-labelledby` names, missing ids skipped, up
/// to [`MAX_LABELLEDBY_ELEMENTS`] distinct ones.
fn labelledby_refs(el: &Element) -> Vec<Element> {
    let mut distinct: Vec<Element> = Vec::new();
    let mut out = Vec::new();
    for r in dom::id_refs(el, "aria-labelledby") {
        if !distinct.contains(&r) {
            if distinct.len() == MAX_LABELLEDBY_ELEMENTS {
                break;
            }
            distinct.push(r.clone());
        }
        out.push(r);
    }
    out
}

/// The nodes one computation has used. A list while small, as most names
/// touch a handful of nodes; then a JS `Set`, since comparing two elements
/// is a call into JS each: a link whose content is 500 elements made
/// 125,000 of them.
#[derive(Default)]
struct Visited {
    few: Vec<Element>,
    many: Option<js_sys::Set>,
}

/// A copy: the `Set` too (a derived clone would share the JS object).
impl Clone for Visited {
    fn clone(&self) -> Visited {
        Visited { few: self.few.clone(), many: self.many.as_ref().map(|s| js_sys::Set::new(s)) }
    }
}

impl Visited {
    const FEW: usize = 16;

    /// Records `el`; false if it was recorded already.
    fn insert(&mut self, el: &Element) -> bool {
        if let Some(set) = &self.many {
            if set.has(el) {
                return false;
            }
            set.add(el);
            return true;
        }
        if self.few.contains(el) {
            return false;
        }
        self.few.push(el.clone());
        if self.few.len() > Self::FEW {
            let set = js_sys::Set::new(&JsValue::UNDEFINED);
            for e in self.few.drain(..) {
                set.add(&e);
            }
            self.many = Some(set);
        }
        true
    }

    /// Records every node `other` holds.
    fn absorb(&mut self, other: &Visited) {
        for el in &other.few {
            self.insert(el);
        }
        if let Some(set) = &other.many {
            set.for_each(&mut |v, _, _| {
                self.insert(v.unchecked_ref());
            });
        }
    }
}

/// The accessible name of `el`, whitespace collapsed and trimmed.
pub fn accessible_name(el: &Element) -> String {
    accessible_name_with(el, &dom::tag(el), computed_role(el), &dom::Attrs::of(el), false)
}

/// [`accessible_name`] for a caller that already has `el`'s lower-case
/// tag, computed role and attribute names (the collector reads them anyway).
/// `shown`: the caller knows `el` renders and is outside any
/// `aria-hidden`/inert subtree (the collector's discovery checked), so the
/// root's hidden check (a `closest` and a `checkVisibility`) is skipped.
pub fn accessible_name_with(el: &Element, tag: &str, role: Option<Role>, attrs: &dom::Attrs, shown: bool) -> String {
    quick::name(el, tag, role, attrs).unwrap_or_else(|| full_name(el, role, shown))
}

/// The accessible name by the full computation, never a shortcut: what
/// the shortcuts are tested against.
#[doc(hidden)]
pub fn accessible_name_full(el: &Element) -> String {
    full_name(el, computed_role(el), false)
}

fn full_name(el: &Element, role: Option<Role>, shown: bool) -> String {
    let mut cx = Ctx { root: el.clone(), root_role: role, visited: Visited::default(), depth: 0 };
    // Naming a hidden element (e.g. a closed menu's item) reads its hidden content.
    let mode = Mode { include_hidden: !shown && hidden::is_hidden(el), ..Mode::default() };
    normalize(&text_alternative(el, &mut cx, mode))
}

/// Collapses runs of ASCII whitespace to one space and trims.
pub fn normalize(s: &str) -> String {
    s.split_ascii_whitespace().collect::<Vec<_>>().join(" ")
}

/// Computes the text alternative of `el` (accname step 2) in `mode`.
pub(crate) fn text_alternative(el: &Element, cx: &mut Ctx, mode: Mode) -> String {
    // The root's first visit is not recorded, so a self-reference in its
    // own aria-labelledby is still computed once.
    if cx.depth > 0 && !cx.visited.insert(el) {
        return String::new();
    }
    enter(el, cx, mode)
}

/// [`text_alternative`] of a node already recorded as visited.
fn enter(el: &Element, cx: &mut Ctx, mode: Mode) -> String {
    if cx.depth > MAX_DEPTH {
        return beyond_depth(el);
    }
    cx.depth += 1;
    let out = steps(el, cx, mode);
    cx.depth -= 1;
    out
}

fn steps(el: &Element, cx: &mut Ctx, mode: Mode) -> String {
    let is_root = *el == cx.root;
    // The control being labelled contributes nothing to its own label.
    if is_root && mode.in_content {
        return String::new();
    }
    let role = if is_root { cx.root_role } else { computed_role(el) };
    // 2C first for Chromium: a control inside a label gives its value,
    // even when it has its own aria-labelledby or aria-label.
    if !is_root && (mode.in_content || mode.in_labelledby) {
        if let Some(v) = native::embedded_value(el, role) {
            return v;
        }
    }
    // 2B: aria-labelledby, once per computation path.
    if !mode.in_labelledby {
        let refs = labelledby_refs(el);
        if !refs.is_empty() {
            // Each reference starts from the nodes visited before the list
            // (Chromium: `"a a"` gives "A A", `"b a"` with `b` inside `a`
            // "B A B"); what any of them reached is skipped by the rest of
            // the computation (wpt: a heading's link labelled by an image
            // inside the next link has the image once). No loop can
            // follow: nothing reached through a reference follows references.
            let before = cx.visited.clone();
            let mut reached = cx.visited.clone();
            let parts: Vec<String> = refs
                .iter()
                .map(|r| {
                    let m = Mode { in_labelledby: true, in_content: false, include_hidden: mode.include_hidden || hidden::is_hidden(r) };
                    cx.visited = before.clone();
                    cx.visited.insert(r);
                    let part = normalize(&enter(r, cx, m));
                    reached.absorb(&cx.visited);
                    part
                })
                .collect();
            cx.visited = reached;
            let joined = parts.into_iter().filter(|p| !p.is_empty()).collect::<Vec<_>>().join(" ");
            // Chromium falls through to the next steps when the result is empty.
            if !joined.is_empty() {
                return joined;
            }
        }
    }
    // 2D: aria-label.
    if let Some(label) = dom::attr_nonblank_c(el, "aria-label") {
        return label;
    }
    // 2E: host-language label (label elements, alt, legend, caption, …).
    if role != Some(Role::None) || !is_root {
        if let Some(n) = native::native_name(el, cx, mode).filter(|n| !n.trim().is_empty()) {
            return n;
        }
    }
    // 2F: name from content, for roles that allow it and for any node
    // reached by recursion or reference.
    let mut blank = String::new();
    // An `<img>` (role image, none when `alt=""`) or `<area>` (link, or
    // no role): its tag read only for those roles, this runs on every
    // node a name from content visits.
    let image = matches!(role, Some(Role::Image | Role::Link | Role::None) | None)
        && matches!(dom::tag(el).as_str(), "img" | "area");
    if !image && (!is_root || mode.in_labelledby || allows_name_from_content(role) || is_summary(el)) {
        // A menu inside a label is a popup, not text of the label.
        if !is_root && role == Some(Role::Menu) {
            return String::new();
        }
        // Nor does a container's content go into a control's name (its own
        // label, 2C–2E, already did); through aria-labelledby it does.
        if !is_root && !mode.in_labelledby && keeps_content_out(role, el) {
            return String::new();
        }
        let c = content::from_content(el, cx, mode);
        if !c.trim().is_empty() {
            return c;
        }
        // Whitespace-only content still separates its neighbours' words.
        blank = c;
    }
    // 2I: tooltip, then the host language's last resorts. A presentational
    // element's title is part of what it gives up.
    if role == Some(Role::None) {
        return String::new();
    }
    // Chromium reads tooltips of the named node and of referenced nodes,
    // not of descendants met while gathering content — except an image's,
    // which HTML-AAM makes part of its own name (alt, then title): a docs
    // link around `<img title="This code panics!">` is named by it.
    if !mode.in_content || image {
        if let Some(t) = dom::attr_nonblank_c(el, "title") {
            return t;
        }
    }
    native::fallback_name(el).unwrap_or(blank)
}

/// `<summary>` has no ARIA role yet is named by its content (Chromium's
/// disclosure triangle), unless an author role replaced that.
fn is_summary(el: &Element) -> bool {
    dom::tag(el) == "summary" && !dom::has_attr_c(el, "role")
}

/// Roles whose content Chromium leaves out of an ancestor's name from
/// content (a control's, or a `<label>`'s): groups, landmarks, composite
/// widgets, figures, live regions — things that hold many others, such as
/// a tree item's nested group or a card link's `<article>`. Measured on
/// Chromium's tree (tests/aria.rs). Native tables and their rows are left
/// to content: Chromium calls many of them layout tables, which do give
/// their text (as wpt's name_from_content test has it).
fn keeps_content_out(role: Option<Role>, el: &Element) -> bool {
    use Role::*;
    match role {
        Some(Table | Row | RowGroup) => {
            !matches!(dom::tag(el).as_str(), "table" | "tr" | "thead" | "tbody" | "tfoot")
        }
        Some(
            Alert | AlertDialog | Application | Article | Banner | Blockquote | Complementary
            | ContentInfo | Dialog | Document | Feed | Figure | Form | Grid | Group | Image
            | ListBox | Log | Main | Marquee | MenuBar | Navigation | Note | ProgressBar
            | RadioGroup | Search | Separator | Status | TabList | TabPanel | Timer | Toolbar
            | Tree | TreeGrid,
        ) => true,
        _ => false,
    }
}

/// Roles whose name may come from their content (WAI-ARIA "Name From:
/// contents"; Chromium adds terms and leaves rows unnamed).
pub fn allows_name_from_content(role: Option<Role>) -> bool {
    use Role::*;
    matches!(
        role,
        Some(Button | Cell | Checkbox | ColumnHeader | GridCell | Heading | Link | MenuItem
            | MenuItemCheckbox | MenuItemRadio | Option | Radio | RowHeader | Switch | Term
            | Tab | Tooltip | TreeItem | Comment | Suggestion
            | DocBacklink | DocBiblioref | DocGlossref | DocNoteref)
    )
}
