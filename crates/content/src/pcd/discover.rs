//! Finds the interactive elements of one scope, in document order: one
//! candidate selector lets the browser do the filtering (TOOLCHAIN.md, "Cost
//! of the JS↔WASM boundary"), then the computed role confirms each hit.
//! Clickable non-semantic elements come from `clickable.rs` and are merged in.

use super::{
    clickable, context,
    frames::{count_before, count_through, precedes, Root},
};
use crate::aria::{self, dom as adom, Role};
use js_sys::JsString;
use wasm_bindgen::JsCast;
use web_sys::{Element, NodeList};

/// Natively interactive HTML elements: these are controls whatever their role.
const NATIVE: &str =
    "a[href], area[href], button, input:not([type=hidden i]), select, textarea, summary, \
[contenteditable]:not([contenteditable=false i])";

/// ARIA widget roles: a `role` naming one of them (among its tokens) makes
/// its element a candidate control.
const WIDGET_ROLES: &[&str] = &[
    "button", "link", "menuitem", "menuitemcheckbox", "menuitemradio", "tab", "checkbox", "radio",
    "switch", "combobox", "textbox", "searchbox", "option", "slider", "spinbutton", "treeitem",
    "listbox",
];
/// Cell roles: candidates only with a `tabindex` (the cells of a grid a
/// user moves through and picks).
const CELL_ROLES: &[&str] = &["gridcell", "columnheader", "rowheader"];

/// The `role` test of the candidate selector (see [`adom::role_is`]): on
/// the 10k generated page the whole candidate query took 4.3 → 2.0 ms.
fn role_test() -> String {
    let widgets = WIDGET_ROLES.iter().map(|r| (*r, ""));
    let cells = CELL_ROLES.iter().map(|r| (*r, "[tabindex]"));
    adom::role_is(&widgets.chain(cells).collect::<Vec<_>>())
}

/// The cells of a grid a user moves through: by their place in it, with a
/// `tabindex` (roving focus gives most of them `-1`).
const GRID_CELLS: &str = ":is([role~=grid i], [role~=treegrid i]) > :is(thead, tbody, tfoot) > tr > :is(td, th)[tabindex], \
:is([role~=grid i], [role~=treegrid i]) > tr > :is(td, th)[tabindex]";

/// Clickability signals on otherwise non-semantic elements.
const SIGNALS: &str = "[onclick], [tabindex]:not([tabindex^='-'])";

/// Clickables looked for even when semantic controls fill the cap: on a
/// page with thousands of links, a `cursor:pointer` toolbar button near
/// the top would otherwise never be found. The scope's first `max`
/// controls in document order are kept, so they displace the last
/// semantic ones, not the first.
const POINTER_RESERVE: usize = 100;

/// Roles that make an element a control by themselves.
pub fn is_widget(role: Role) -> bool {
    use Role::*;
    matches!(
        role,
        Button
            | Link
            | MenuItem
            | MenuItemCheckbox
            | MenuItemRadio
            | Tab
            | Checkbox
            | Radio
            | Switch
            | Combobox
            | TextBox
            | SearchBox
            | Option
            | Slider
            | SpinButton
            | TreeItem
            | ListBox
            // Only as candidates with a `tabindex`: the cells of a grid a
            // user moves through and picks (a date picker's days, a
            // sortable column's header).
            | GridCell
            | ColumnHeader
            | RowHeader
    )
}

/// One control found in a scope.
pub struct Found {
    pub el: Element,
    /// Found through clickability signals, not semantics.
    pub clickable: bool,
    /// In the later items of this sample (see [`Unread`]): found, not
    /// checked (it may be hidden, and `clickable` is not known).
    pub unread: Option<u32>,
}

/// The later items of a large page's big repeated structure (see
/// `pcd::Discovery`), whose controls go unread: from the first unread item
/// to the end of the last item, in document order. Candidates inside are
/// found by binary search in the candidate list, and neither checked
/// (hidden, role) nor searched for clickables: most of a 10k-element
/// page's candidates are there.
#[derive(Clone)]
pub struct Unread {
    pub first: Element,
    pub last: Element,
    /// Its index in `Discovery::sampled`.
    pub sample: u32,
}

/// Per index of `list` (document order), the sample of the first of
/// `spans` that holds it: two binary searches a span, no DOM call per
/// element.
pub fn marks(list: &NodeList, spans: &[Unread]) -> Vec<Option<u32>> {
    let mut marks = vec![None; list.length() as usize];
    for span in spans {
        let (from, to) = (count_before(list, &span.first), count_through(list, &span.last));
        for m in marks.iter_mut().take(to as usize).skip(from as usize) {
            m.get_or_insert(span.sample);
        }
    }
    marks
}

/// The candidate controls of `root`: every element the candidate selector
/// matches, document order (`None` on a browser error).
pub fn candidates(root: &Root) -> Option<NodeList> {
    with_candidate_selector(|c| adom::query_all_in_str(clickable::root_node(root), c)).ok()
}

/// The controls inside `container` as [`controls`] finds them in a scope
/// (rendered, and whether found by clickability signals), without the
/// `cursor: pointer` search; `None` when it holds more than `max`
/// candidates (counted before the render test: one query, no element read).
pub fn held(container: &Element, max: usize) -> Option<Vec<(Element, bool)>> {
    let list = with_candidate_selector(|c| adom::query_all_in_str(container, c)).ok()?;
    if list.length() as usize > max {
        return None;
    }
    let held = (0..list.length())
        .filter_map(|i| list.item(i).map(JsCast::unchecked_into::<Element>))
        .filter(|el| !aria::is_unrendered(el))
        .map(|el| {
            let widget = context::role_of(&el).is_some_and(is_widget);
            let clickable = !widget && !adom::matches_c(&el, NATIVE);
            (el, clickable)
        })
        .collect();
    Some(held)
}

fn with_candidate_selector<R>(f: impl FnOnce(&JsString) -> R) -> R {
    thread_local! {
        // Made once and kept: a constant, converted to a JS string once.
        // The browser also leaves out what is inside `aria-hidden="true"`
        // or inert subtrees, in the same pass: a `closest` per hit cost
        // more (a boundary crossing each).
        static CANDIDATES: JsString = adom::js_str(Box::leak(
            format!(
                ":is({NATIVE}, {roles}, {GRID_CELLS}, {SIGNALS}):not({h}, :is({h}) *)",
                roles = role_test(),
                h = aria::ARIA_HIDDEN_OR_INERT
            )
            .into_boxed_str(),
        ));
    }
    CANDIDATES.with(f)
}

/// The controls of `root` (not descending into shadow roots or frames), in
/// document order, at most `max`: of the semantic controls (`hits`, from
/// [`candidates`]) and up to `max − semantic` (at least
/// [`POINTER_RESERVE`]) clickables, the first `max`. Inside `unread` spans
/// candidates are taken unchecked and clickables not looked for.
pub fn controls(root: &Root, hits: Option<&NodeList>, max: usize, unread: &[Unread]) -> Vec<Found> {
    // A new collection: context memoised for an earlier one may be stale.
    context::begin_collection();
    let mut semantic = Vec::new();
    if let Some(hits) = hits {
        let marks = marks(hits, unread);
        for (i, mark) in marks.into_iter().enumerate() {
            if semantic.len() >= max {
                break;
            }
            let Some(el) = hits.item(i as u32).map(JsCast::unchecked_into::<Element>) else { continue };
            if mark.is_some() {
                semantic.push(Found { el, clickable: false, unread: mark });
                continue;
            }
            // Hidden, aria-hidden and inert controls cannot be used (the
            // selector left the last two out); disabled ones stay (with
            // `disabled`), the user may be asked to enable them.
            if aria::is_unrendered(&el) {
                continue;
            }
            let widget = context::role_of(&el).is_some_and(is_widget);
            let clickable = !widget && !adom::matches_c(&el, NATIVE);
            semantic.push(Found { el, clickable, unread: None });
        }
    }
    let room = max.saturating_sub(semantic.len()).max(POINTER_RESERVE.min(max));
    // With the cap full, a clickable after the last semantic control kept
    // would be cut again: the search stops there.
    let before = semantic.last().filter(|_| semantic.len() >= max).map(|f| &f.el);
    let pointers = clickable::pointer_elements(root, room, before, unread);
    let mut all = merge(semantic, pointers);
    all.truncate(max);
    all
}

/// Merges two lists in document order, dropping elements present in both.
fn merge(a: Vec<Found>, b: Vec<Element>) -> Vec<Found> {
    if b.is_empty() {
        return a;
    }
    let mut out = Vec::with_capacity(a.len() + b.len());
    let mut b = b.into_iter().peekable();
    for f in a {
        while let Some(next) = b.peek() {
            if *next == f.el {
                b.next();
            } else if precedes(next, &f.el) {
                out.push(Found {
                    el: b.next().unwrap(),
                    clickable: true,
                    unread: None,
                });
            } else {
                break;
            }
        }
        out.push(f);
    }
    out.extend(b.map(|el| Found {
        el,
        clickable: true,
        unread: None,
    }));
    out
}
