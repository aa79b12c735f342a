//! What changed since the last collection: a `MutationObserver` on every
//! scope root (document, open shadow roots, same-origin frame documents)
//! plus the events mutations do not show (a checkbox's `checked`, a
//! popover opening, the end of a CSS transition, a frame loading), sorted
//! into a bounded [`Dirty`].
//!
//! The observer callback runs on the page's time, so it only sorts records
//! (a few DOM calls each) and never walks the tree; `cache.rs` turns
//! the targets into invalidated facts later, in an idle slice or at the
//! next request. Past [`MAX_TARGETS`] the page changed too much to track
//! piecemeal and everything counts as dirty.
//!
//! All attributes are observed (no filter): CSS can hide or show anything
//! on any attribute (`[data-state=open]`), so no list would be safe. No-op
//! writes (same value) are dropped by comparing with the old value.

use super::dom;
use crate::element_index::ElementIndex;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, MutationObserver, MutationObserverInit, MutationRecord, Node};

/// Targets kept before everything counts as dirty.
pub const MAX_TARGETS: usize = 256;

/// Changes since they were last taken.
#[derive(Default)]
pub struct Dirty {
    /// Too much changed (or a style sheet did): trust no cached fact.
    pub all: bool,
    /// A navigation was seen (history API, popstate, hashchange, URL).
    pub navigated: bool,
    /// Something outside `<head>` changed: the facts must be collected again.
    pub any: bool,
    /// More than text changed (attributes, elements, states): discovery
    /// must run again too. Text alone cannot change what is a control.
    pub structure: bool,
    /// The title text changed.
    pub title: bool,
    /// An `id` or a label's `for` changed: label relations moved in ways
    /// the new values alone do not tell.
    pub relabelled: bool,
    /// Elements whose own facts, their ancestors' and descendants' are
    /// suspect (attribute changes, state events).
    pub around: Vec<Element>,
    /// Elements whose own and ancestors' facts are suspect (their children
    /// or text changed: names from content).
    pub up: Vec<Element>,
    /// Inserted elements: facts of elements inside (moved, not new) are
    /// suspect, and headings/labels/ids inside change others' facts.
    pub added: Vec<Element>,
    /// Removed elements with the parent they left: headings, labels and ids
    /// inside them change others' facts.
    pub removed: Vec<(Element, Element)>,
    /// Which lists each element is in already (bit per list): an animation
    /// writing one element's `style` every frame is one target, not one a
    /// frame.
    seen: Option<Rc<ElementIndex>>,
}

impl Dirty {
    fn targets(&self) -> usize {
        self.around.len() + self.up.len() + self.added.len() + self.removed.len()
    }

    /// Everything changed: the lists no longer matter.
    /// Discovery must run again; counted, so that a discovery made since
    /// can tell whether it is still current.
    fn restructured(&mut self) {
        self.structure = true;
        STRUCTURE_SEQ.with(|s| s.set(s.get().wrapping_add(1)));
    }

    pub fn overflow(&mut self) {
        self.all = true;
        self.any = true;
        self.restructured();
        self.around.clear();
        self.up.clear();
        self.added.clear();
        self.removed.clear();
        self.seen = None;
    }

    fn push(&mut self, bit: u32, list: fn(&mut Dirty) -> &mut Vec<Element>, el: Element) {
        self.any = true;
        if self.all {
            return;
        }
        let seen = self.seen.get_or_insert_with(Default::default).clone();
        let bits = seen.get(&el).unwrap_or(0);
        if bits & bit != 0 {
            return;
        }
        if self.targets() >= MAX_TARGETS {
            self.overflow();
            return;
        }
        seen.set(&el, bits | bit);
        list(self).push(el);
    }

    pub fn around(&mut self, el: Element) {
        self.restructured();
        self.push(1, |d| &mut d.around, el);
    }

    pub fn up(&mut self, el: Element) {
        self.push(2, |d| &mut d.up, el);
    }

    fn added(&mut self, el: Element) {
        self.push(4, |d| &mut d.added, el);
    }
}

thread_local! {
    static DIRTY: RefCell<Dirty> = RefCell::new(Dirty::default());
    static STRUCTURE_SEQ: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    /// Counts every mutation record seen (none filtered out).
    static EPOCH: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    static OBSERVER: RefCell<Option<MutationObserver>> = const { RefCell::new(None) };
    /// The URL last seen, for navigations no event told us about.
    static URL: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Makes the next collection discover again, as after a structural change
/// (`pcd::read_whole` changed what discovery reads).
pub fn rediscover() {
    with(|d| {
        d.any = true;
        d.restructured();
    });
}

/// How many structural changes were seen so far (see `restructured`).
pub fn structure_seq() -> u32 {
    STRUCTURE_SEQ.with(std::cell::Cell::get)
}

/// A number that moves whenever the observed DOM changed in any way
/// (records the observer holds but has not delivered yet included): equal
/// epochs, the same DOM (`aria::batch::set_dom_epoch`).
pub fn epoch() -> u32 {
    drain();
    EPOCH.with(std::cell::Cell::get)
}

/// Runs `f` on the shared dirty state.
pub fn with<R>(f: impl FnOnce(&mut Dirty) -> R) -> R {
    DIRTY.with(|d| f(&mut d.borrow_mut()))
}

/// Everything recorded so far (pending observer records included), leaving
/// a clean state behind.
pub fn take() -> Dirty {
    drain();
    let _ = check_url();
    // A late `customElements.define` upgrades elements with no mutation
    // record; their new shadow roots are a change around them.
    let upgraded = crate::pcd::frames::take_upgraded();
    DIRTY.with(|d| {
        let mut d = d.borrow_mut();
        for el in upgraded {
            d.around(el);
        }
        std::mem::take(&mut *d)
    })
}

/// Sorts records the observer holds but has not delivered yet (changes
/// made in the current task).
pub fn drain() {
    let records = OBSERVER.with(|o| o.borrow().as_ref().map(|o| o.take_records()));
    if let Some(r) = records {
        sort(&r);
    }
}

/// Creates the observer (once) and starts watching `document`; the state
/// is clean from here on.
pub fn start(document: &web_sys::Document) {
    let created = OBSERVER.with(|o| o.borrow().is_some());
    if !created {
        let cb = Closure::<dyn FnMut(js_sys::Array)>::new(|records: js_sys::Array| {
            sort(&records);
            let _ = check_url();
            super::idle::schedule();
        });
        let Ok(mo) = MutationObserver::new(cb.as_ref().unchecked_ref()) else {
            return;
        };
        // The observer lives as long as the page.
        cb.forget();
        OBSERVER.with(|o| *o.borrow_mut() = Some(mo));
        listen(document);
    }
    observe(document.unchecked_ref());
    URL.with(|u| *u.borrow_mut() = href());
}

/// Watches one more scope root (a shadow root or a frame's document);
/// watching a root twice changes nothing.
pub fn observe(root: &Node) {
    let init = MutationObserverInit::new();
    init.set_child_list(true);
    init.set_subtree(true);
    init.set_attributes(true);
    init.set_attribute_old_value(true);
    init.set_character_data(true);
    OBSERVER.with(|o| {
        if let Some(mo) = o.borrow().as_ref() {
            let _ = mo.observe_with_options(root, &init);
        }
    });
}

fn href() -> String {
    web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default()
}

/// A URL change nobody announced (the isolated world cannot see the page
/// call `pushState` where the Navigation API is missing) is a navigation.
pub fn check_url() -> bool {
    let now = href();
    let changed = URL.with(|u| {
        let mut u = u.borrow_mut();
        let changed = *u != now;
        if changed {
            *u = now;
        }
        changed
    });
    if changed {
        navigated();
    }
    changed
}

/// Marks a navigation: everything is dirty and the next MiniPCD is a new
/// version.
pub fn navigated() {
    with(|d| {
        d.navigated = true;
        d.overflow();
    });
}

/// Tags whose insertion or removal changes nothing we report.
fn inert_tag(tag: &str) -> bool {
    matches!(tag, "script" | "noscript" | "template" | "meta" | "base")
}

/// Style sheets: any change may hide or show anything.
fn is_style(el: &Element) -> bool {
    let tag = el.local_name();
    tag == "style"
        || (tag == "link"
            && el.get_attribute("rel").is_some_and(|r| {
                r.to_ascii_lowercase()
                    .split_ascii_whitespace()
                    .any(|t| t == "stylesheet")
            }))
}

fn in_head(el: &Element) -> bool {
    el.closest("head").ok().flatten().is_some()
}

fn sort(records: &js_sys::Array) {
    EPOCH.with(|e| e.set(e.get().wrapping_add(records.length())));
    DIRTY.with(|d| {
        let mut d = d.borrow_mut();
        for r in records.iter() {
            if d.all {
                break;
            }
            sort_one(&mut d, r.unchecked_ref::<MutationRecord>());
        }
    });
}

fn sort_one(d: &mut Dirty, r: &MutationRecord) {
    let Some(target) = r.target() else { return };
    let kind = r.type_();
    match kind.as_str() {
        "attributes" => {
            let Some(el) = dom::as_element(&target) else {
                return;
            };
            let name = r.attribute_name().unwrap_or_default();
            if el.get_attribute(&name) == r.old_value() {
                return;
            }
            if is_style(&el) {
                d.overflow();
            } else if !in_head(&el) {
                d.relabelled |= name == "id" || name == "for";
                d.around(el);
            }
        }
        "characterData" => {
            let Some(parent) = target.parent_element() else {
                return;
            };
            match parent.local_name().as_str() {
                "style" => d.overflow(),
                "script" => {}
                // The document's title (an SVG <title> names its icon instead).
                "title" if in_head(&parent) => d.title = true,
                _ if in_head(&parent) => {}
                _ => d.up(parent),
            }
        }
        "childList" => {
            let Some(el) = dom::as_element(&target) else {
                return;
            };
            let tag = el.local_name();
            let head = tag == "head" || in_head(&el);
            if tag == "title" && head {
                d.title = true;
                return;
            }
            // Text nodes replaced by text nodes (`textContent = …` on a
            // text-only element) change text, not structure: the element
            // was and stays non-empty.
            let (mut texts_added, mut texts_removed, mut elements) = (0, 0, 0);
            for (nodes, added) in [(r.added_nodes(), true), (r.removed_nodes(), false)] {
                for i in 0..nodes.length() {
                    let Some(n) = nodes.item(i) else { continue };
                    match n.node_type() {
                        dom::ELEMENT => {
                            let child: Element = n.unchecked_into();
                            if is_style(&child) {
                                d.overflow();
                                return;
                            }
                            if head || inert_tag(&child.local_name()) {
                                continue;
                            }
                            elements += 1;
                            if d.all {
                                continue;
                            }
                            if added {
                                d.added(child);
                            } else if d.targets() < MAX_TARGETS {
                                d.removed.push((child, el.clone()));
                            } else {
                                d.overflow();
                            }
                        }
                        dom::TEXT if !head => {
                            let blank = n.text_content().is_none_or(|t| t.is_empty());
                            match (added, blank) {
                                (_, true) => {}
                                (true, false) => texts_added += 1,
                                (false, false) => texts_removed += 1,
                            }
                        }
                        _ => {}
                    }
                }
            }
            if elements + texts_added + texts_removed == 0 {
                return;
            }
            if elements > 0 || texts_added == 0 || texts_removed == 0 {
                d.restructured();
            }
            d.up(el);
        }
        _ => {}
    }
}

/// Events that change facts without a mutation record, listened to on the
/// document in the capture phase (they do not all bubble).
fn listen(document: &web_sys::Document) {
    let on_state = Closure::<dyn FnMut(web_sys::Event)>::new(|e: web_sys::Event| {
        let Some(t) = e.target() else { return };
        let node: &Node = t.unchecked_ref();
        let Some(el) = dom::as_element(node) else {
            return;
        };
        let kind = e.type_();
        // Images load all the time; only frames bring new content.
        if kind == "load" && !matches!(el.local_name().as_str(), "iframe" | "frame") {
            return;
        }
        with(|d| d.around(state_scope(&el, &kind)));
        super::idle::schedule();
    });
    let opts = web_sys::AddEventListenerOptions::new();
    opts.set_capture(true);
    opts.set_passive(true);
    // `change`: `checked` and a select's choice are properties, not
    // attributes. `toggle`: a popover opened (`showPopover()` changes no
    // attribute). `transitionend`/`animationend`: CSS shows or hides things
    // after the class change we saw. `load`: a frame got a new document.
    for ev in ["change", "toggle", "transitionend", "animationend", "load"] {
        let _ = document.add_event_listener_with_callback_and_add_event_listener_options(
            ev,
            on_state.as_ref().unchecked_ref(),
            &opts,
        );
    }
    on_state.forget();
}

/// The element whose surroundings a state event changes: a radio button
/// unchecks the others of its group, which get no event.
fn state_scope(el: &Element, event: &str) -> Element {
    if event == "change"
        && el
            .get_attribute("type")
            .is_some_and(|t| t.eq_ignore_ascii_case("radio"))
    {
        if let Ok(Some(group)) = el.closest("form, fieldset, [role~=radiogroup i]") {
            return group;
        }
        if let Some(p) = el.parent_element() {
            return p;
        }
    }
    el.clone()
}
