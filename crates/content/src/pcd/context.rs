//! Cheap context around an element: the heading it sits under, whether it
//! is in a pagination region, its icon hint, its box in top-viewport
//! coordinates. Each read is bounded (a few sibling/ancestor steps), since
//! it runs once per control.
//!
//! Controls of one collection share most of their context (the cards of a
//! grid, the rows of a table), so roles and heading lookups are memoised per
//! collection in [`ElementMemo`]s: valid from the start of a collection
//! (`begin_collection`, called by discovery) to the end of the current task,
//! during which the page cannot change under us. Code that changes the DOM
//! and then asks for facts within one task must start a new collection.

use super::dom;
use crate::aria::{self, dom as adom, Role};
use crate::element_index::ElementIndex;
use bc_core::pcd::Rect;
use std::cell::{Cell, RefCell};
use wasm_bindgen::prelude::*;
use web_sys::Element;

pub const HEADING_SEL: &str = "h1, h2, h3, h4, h5, h6, [role~=heading i]";
/// Elements that end a heading's reach: a heading outside them is not about
/// what is inside.
const SECTION_SEL: &str = "article, section, aside, nav, main, dialog, body, [role~=region i], \
[role~=article i], [role~=dialog i], [role~=main i], [role~=complementary i], [role~=navigation i]";
/// Previous siblings looked at, in total, per heading lookup.
const MAX_SIBLINGS: usize = 40;
const MAX_LEVELS: usize = 10;
const MAX_TEXT: usize = 200;

thread_local! {
    /// Whether the end of the current task is already hooked.
    static HOOKED: Cell<bool> = const { Cell::new(false) };
    static END_OF_TASK: Closure<dyn FnMut(JsValue)> = Closure::new(|_| {
        HOOKED.with(|h| h.set(false));
        clear_memos();
    });
    /// The top document's `aria::aria_modals`, for the task (see `in_modal`).
    static MODALS: RefCell<Option<Vec<Element>>> = const { RefCell::new(None) };
    /// Per shadow root (the key), those of it and the shadow roots around
    /// its host, for the task.
    static SHADOW_MODALS: ElementMemo<std::rc::Rc<[Element]>> = const { ElementMemo::new() };
    static ROLES: ElementMemo<Option<Role>> = const { ElementMemo::new() };
    static WALKS: ElementMemo<Walk> = const { ElementMemo::new() };
    static HEADING_TEXTS: ElementMemo<Option<String>> = const { ElementMemo::new() };
}

/// Starts a collection: memoised context from before is dropped (the page
/// may have changed since, even within one task).
pub fn begin_collection() {
    clear_memos();
}

fn clear_memos() {
    MODALS.with(|m| m.borrow_mut().take());
    SHADOW_MODALS.with(ElementMemo::clear);
    ROLES.with(ElementMemo::clear);
    WALKS.with(ElementMemo::clear);
    HEADING_TEXTS.with(ElementMemo::clear);
}

/// Values keyed by element (or any node) for one collection (see the module doc). The
/// keys live in a JS `Map`, since elements cannot be hashed on the Rust
/// side; one `get` costs about what one cheap DOM read does. Dropped at the
/// end of the task, so no element outlives its collection here.
pub struct ElementMemo<T> {
    inner: RefCell<Option<(ElementIndex, Vec<T>)>>,
}

impl<T: Clone> ElementMemo<T> {
    pub const fn new() -> Self {
        ElementMemo {
            inner: RefCell::new(None),
        }
    }

    fn clear(&self) {
        self.inner.borrow_mut().take();
    }

    pub fn get(&self, el: &JsValue) -> Option<T> {
        let inner = self.inner.borrow();
        let (map, values) = inner.as_ref()?;
        values.get(map.get(el)? as usize).cloned()
    }

    pub fn set(&self, el: &JsValue, value: T) {
        let mut inner = self.inner.borrow_mut();
        let (map, values) = inner.get_or_insert_with(|| {
            clear_at_end_of_task();
            (ElementIndex::new(), Vec::new())
        });
        map.set(el, values.len() as u32);
        values.push(value);
    }
}

/// Drops the memos when this task ends: a microtask runs once the current
/// call into WASM has returned, before any page script.
fn clear_at_end_of_task() {
    if !HOOKED.with(|h| h.replace(true)) {
        END_OF_TASK.with(|c| {
            let _ = js_sys::Promise::resolve(&JsValue::UNDEFINED).then(c);
        });
    }
}

/// Whether `el` is inside a rendered dialog its page marks modal
/// (`aria::aria_modals`): one of the top document's, or for a control of
/// a shadow root or a same-origin frame, one of the trees it sits in —
/// its shadow root, those around its host, and the frame's document (a
/// consent banner of a web component, or of a consent manager's frame).
/// Asked once per task and tree: one query each, and on the many pages
/// without one no further call per control of the document.
pub fn in_modal(el: &Element, scope: &super::frames::Scope) -> bool {
    let top = MODALS.with(|m| {
        let mut m = m.borrow_mut();
        let modals = m.get_or_insert_with(|| {
            clear_at_end_of_task();
            web_sys::window().and_then(|w| w.document()).map(|d| aria::aria_modals(&d)).unwrap_or_default()
        });
        modals.iter().any(|d| aria::flat_contains(d, el))
    });
    if top || scope.via == super::frames::Via::Top {
        return top;
    }
    let root = scope.root.node();
    let modals = SHADOW_MODALS.with(|m| m.get(&root)).unwrap_or_else(|| {
        let mut found = Vec::new();
        // By node type, not `instanceof`: a same-origin frame's trees are
        // of another realm.
        let mut node = root.clone();
        while node.node_type() == web_sys::Node::DOCUMENT_FRAGMENT_NODE {
            found.extend(aria::aria_modals(&node));
            node = node.unchecked_ref::<web_sys::ShadowRoot>().host().get_root_node();
        }
        // The chain ends at a document: a frame's is asked here (the
        // top document's was above).
        let top_doc = web_sys::window().and_then(|w| w.document());
        if node.node_type() == web_sys::Node::DOCUMENT_NODE && top_doc.is_none_or(|t| *t.unchecked_ref::<web_sys::Node>() != node) {
            found.extend(aria::aria_modals(&node));
        }
        let found: std::rc::Rc<[Element]> = found.into();
        SHADOW_MODALS.with(|m| m.set(&root, found.clone()));
        found
    });
    modals.iter().any(|d| aria::flat_contains(d, el))
}

/// What the heading walk from an element (its previous siblings, then its
/// ancestors' previous siblings, within the limits) finds: `Found` carries
/// how many siblings it looked at (the hit included) and on which level, so
/// that the walk of an element below can be derived from it.
#[derive(Clone)]
enum Walk {
    Found {
        siblings: usize,
        level: usize,
        text: Option<String>,
    },
    NotFound,
}

impl Walk {
    /// The same walk started one sibling or one level further down; a walk
    /// past the limits finds nothing, as the bounded walk would.
    fn shifted(self, siblings: usize, levels: usize) -> Walk {
        match self {
            Walk::Found {
                siblings: s,
                level: l,
                text,
            } if s + siblings <= MAX_SIBLINGS && l + levels < MAX_LEVELS => Walk::Found {
                siblings: s + siblings,
                level: l + levels,
                text,
            },
            _ => Walk::NotFound,
        }
    }
}

/// `aria::computed_role`, memoised for the collection: discovery, the
/// facts of a control and landmark lookups ask about the same elements.
pub fn role_of(el: &Element) -> Option<Role> {
    if let Some(r) = ROLES.with(|m| m.get(el)) {
        return r;
    }
    let r = aria::computed_role(el);
    ROLES.with(|m| m.set(el, r));
    r
}

/// Text of the nearest heading before `el` within its section: each
/// previous sibling (a heading, or the last heading inside it), then the
/// same one level up, stopping at the section element; at most
/// `MAX_SIBLINGS` siblings and `MAX_LEVELS` levels.
pub fn heading(el: &Element) -> Option<String> {
    match walk(el) {
        Walk::Found { text, .. } => text,
        Walk::NotFound => None,
    }
}

/// The walk from `el`, as the bounded walk does it, sharing work through
/// the memo: when a previous sibling's own walk is known, the rest of this
/// one is that walk (a table's rows cost one step each, not
/// `MAX_SIBLINGS`). Every element the walk passes on the way up gets its
/// walk memoised too when it is known exactly, i.e. unless the walk stopped
/// at this lookup's limits (which are tighter than those of an element
/// further up).
fn walk(el: &Element) -> Walk {
    // The elements climbed through, with the previous siblings looked at
    // on their level.
    let mut path: Vec<(Element, usize)> = Vec::new();
    let mut cur = el.clone();
    let mut budget = MAX_SIBLINGS;
    // The walk of the last element of `path`, if known exactly.
    let top: Option<Walk> = 'walk: loop {
        let mut seen = 0;
        let mut sib = cur.previous_element_sibling();
        while let Some(s) = sib {
            if budget == 0 {
                path.push((cur, seen));
                break 'walk None;
            }
            budget -= 1;
            seen += 1;
            if let Some(text) = heading_in(&s) {
                path.push((cur, seen));
                break 'walk Some(Walk::Found {
                    siblings: seen,
                    level: 0,
                    text,
                });
            }
            if let Some(w) = WALKS.with(|m| m.get(&s)) {
                path.push((cur, seen));
                break 'walk Some(w.shifted(seen, 0));
            }
            sib = s.previous_element_sibling();
        }
        let parent = cur.parent_element();
        path.push((cur, seen));
        let Some(parent) = parent else {
            break Some(Walk::NotFound);
        };
        if adom::matches_c(&parent, SECTION_SEL) {
            break Some(Walk::NotFound);
        }
        if path.len() >= MAX_LEVELS {
            break None;
        }
        cur = parent;
    };
    let Some(mut w) = top else {
        // Stopped by this lookup's limits: only `el`'s own walk is known.
        WALKS.with(|m| m.set(el, Walk::NotFound));
        return Walk::NotFound;
    };
    // Down the path: each element's walk is its parent's, one level up and
    // after its own previous siblings.
    let last = path.len() - 1;
    for (i, (e, _)) in path.iter().enumerate().rev() {
        if i < last {
            w = w.shifted(path[i].1, 1);
        }
        WALKS.with(|m| m.set(e, w.clone()));
    }
    w
}

/// For a previous sibling: `Some(text)` when it is a heading or holds one
/// (the last one inside), `None` when it has none.
fn heading_in(s: &Element) -> Option<Option<String>> {
    if adom::matches_c(s, HEADING_SEL) {
        return Some(text_of(s));
    }
    // `querySelector` first (it stops at the first hit; `matches(':has…')`
    // costs several times more): only subtrees with a heading pay for the
    // last one.
    adom::query_c(s, HEADING_SEL)?;
    Some(text_of(&adom::last_c(s, HEADING_SEL)?))
}

fn text_of(h: &Element) -> Option<String> {
    if let Some(t) = HEADING_TEXTS.with(|m| m.get(h)) {
        return t;
    }
    let t = Some(dom::short_text(h, MAX_TEXT)).filter(|t| !t.is_empty());
    HEADING_TEXTS.with(|m| m.set(h, t.clone()));
    t
}

/// Pagination regions named by label, class or id.
const PAGINATION_SEL: &str = "[aria-label*=pagination i], [aria-label*=pager i], [class*=pagination i], \
[class*=pager i], [id*=pagination i], [id*=pager i], nav[aria-label*=page i], [role~=navigation i][aria-label*=page i]";
/// What every element [`PAGINATION_SEL`] matches also matches ("pag" is in
/// each word it looks for), in three tests instead of eight: asked of every
/// ancestor of every control, and rarely matched, it finds the candidates
/// the full test then confirms.
const PAGINATION_ROUGH: &str = "[aria-label*=pag i], [class*=pag i], [id*=pag i]";

/// Inside a pagination region, or a page-number link among other
/// page-number links.
pub fn in_pagination(el: &Element, name: &str) -> bool {
    let mut rough = adom::closest_c(el, PAGINATION_ROUGH);
    while let Some(r) = rough {
        if adom::matches_c(&r, PAGINATION_SEL) {
            return true;
        }
        rough = r.parent_element().and_then(|p| adom::closest_c(&p, PAGINATION_ROUGH));
    }
    if !is_page_number(name) {
        return false;
    }
    let Some(list) = adom::closest_c(el, "nav, ul, ol, [role~=navigation i], [role~=list i]")
    else {
        return false;
    };
    adom::query_all_c(&list, "a[href], button, [role~=link i], [role~=button i]")
        .take(40)
        .filter(|c| is_page_number(&dom::short_text(c, 12)))
        .count()
        >= 3
}

fn is_page_number(s: &str) -> bool {
    let s = s.trim();
    !s.is_empty() && s.len() <= 5 && s.chars().all(|c| c.is_ascii_digit())
}

/// `title`/`aria-label` of an element without visible text (icon buttons),
/// or of its first descendant that has one. The hint is looked for first:
/// `attrs` (the element's attribute names) and one `querySelector` cost
/// less than `innerText` (a walk of the layout tree), and most controls
/// have no hint to give.
pub fn icon_hint(el: &Element, tag: &str, attrs: &adom::Attrs) -> Option<String> {
    if matches!(tag, "input" | "select" | "textarea") {
        return None;
    }
    let hint = attrs
        .nonblank(el, "aria-label")
        .or_else(|| attrs.nonblank(el, "title"))
        .or_else(|| {
            let d = adom::query_c(el, "[aria-label], [title], img[alt]")?;
            adom::attr_nonblank_c(&d, "aria-label")
                .or_else(|| adom::attr_nonblank_c(&d, "title"))
                .or_else(|| adom::attr_nonblank_c(&d, "alt"))
        })?;
    dom::inner_text(el).trim().is_empty().then_some(hint)
}

/// `getBoundingClientRect()` moved into the top viewport.
pub fn rect(el: &Element, dx: f64, dy: f64) -> Rect {
    let r = el.get_bounding_client_rect();
    Rect {
        x: r.x() + dx,
        y: r.y() + dy,
        w: r.width(),
        h: r.height(),
    }
}

/// `id` and `class` tokens (names like "productGrid", "invoices").
pub fn hints(el: &Element) -> Vec<String> {
    let mut out: Vec<String> = adom::attr_nonblank_c(el, "id").into_iter().collect();
    if let Some(c) = adom::attr_nonblank_c(el, "class") {
        out.extend(c.split_ascii_whitespace().map(str::to_owned));
    }
    out.truncate(12);
    out
}
