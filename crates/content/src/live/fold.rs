//! Above-the-fold without layout reads at request time: an
//! `IntersectionObserver` watches every collected control, form and group
//! and reports the top of its box whenever `top < 1.2 × viewport height`
//! (the core's rule, `bc_core::pcd::actions::above_fold`) may have flipped.
//!
//! The observer's root is the viewport grown to that rule: 20 % taller at
//! the bottom and practically unbounded above and to the sides, so that
//! "intersects the root" is "top above the fold line" and every flip of the
//! rule is a change of intersection, which is what the observer reports.
//! The reported top is stored (the core keeps deciding with its own rule).
//! Two gaps are closed at request time: a window scroll the browser has not
//! rendered yet (the observer runs with rendering; compared through
//! `scrollX/Y`), and a resized viewport; both re-read the boxes. Content
//! clipped by a scrolling ancestor intersects nothing, so its flag follows
//! only its container's own crossings: it stays as last read, which for a
//! control the user cannot see anyway is the truthful answer.
//! Frame content is not observed: its boxes move with the frame, so a
//! scroll on pages with frames triggers a re-collection instead.

use super::dom;
use crate::element_index::ElementIndex;
use bc_core::pcd::PageFacts;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, IntersectionObserver, IntersectionObserverEntry, IntersectionObserverInit};

/// The rule's factor (`bc_core::pcd::actions::above_fold`).
const FOLD: f64 = 1.2;
/// "Unbounded" margins: far beyond any page's scroll extent.
const ROOT_MARGIN: &str = "1000000px 1000000px 20% 1000000px";

/// Which fact a watched element's box belongs to.
#[derive(Clone, Copy)]
enum Target {
    Control(usize),
    Form(usize),
    Group(usize),
}

struct Fold {
    io: IntersectionObserver,
    /// element → index into `targets`
    map: ElementIndex,
    targets: Vec<Target>,
    elements: Vec<Element>,
    /// Latest top per target (top-viewport px).
    tops: Vec<f64>,
    viewport_h: f64,
    /// Some reported top flipped the rule since the last `apply`.
    flipped: bool,
    /// The window scroll position the observer last computed for.
    rendered: (f64, f64),
    /// A scroll event arrived since the last collection.
    scrolled: bool,
}

thread_local! {
    static FOLD_STATE: RefCell<Option<Fold>> = const { RefCell::new(None) };
}

/// Creates the observer and the scroll listener (once).
pub fn start() {
    if FOLD_STATE.with(|f| f.borrow().is_some()) {
        return;
    }
    let cb = Closure::<dyn FnMut(js_sys::Array)>::new(|entries: js_sys::Array| {
        FOLD_STATE.with(|f| {
            if let Some(f) = f.borrow_mut().as_mut() {
                f.take(&entries);
            }
        });
    });
    let init = IntersectionObserverInit::new();
    init.set_root_margin(ROOT_MARGIN);
    init.set_threshold_f64(0.0);
    let Ok(io) = IntersectionObserver::new_with_options(cb.as_ref().unchecked_ref(), &init) else {
        return;
    };
    cb.forget();
    // Scroll events run in the same rendering step as the observer's update,
    // just before it: after one, the observer has computed for this position.
    let on_scroll = Closure::<dyn FnMut()>::new(|| {
        FOLD_STATE.with(|f| {
            if let Some(f) = f.borrow_mut().as_mut() {
                f.rendered = dom::scroll();
                f.scrolled = true;
            }
        });
    });
    if let Some(w) = web_sys::window() {
        let opts = web_sys::AddEventListenerOptions::new();
        opts.set_capture(true);
        opts.set_passive(true);
        let _ = w.add_event_listener_with_callback_and_add_event_listener_options(
            "scroll",
            on_scroll.as_ref().unchecked_ref(),
            &opts,
        );
    }
    on_scroll.forget();
    FOLD_STATE.with(|f| {
        *f.borrow_mut() = Some(Fold {
            io,
            map: ElementIndex::new(),
            targets: Vec::new(),
            elements: Vec::new(),
            tops: Vec::new(),
            viewport_h: 0.0,
            flipped: false,
            rendered: dom::scroll(),
            scrolled: false,
        })
    });
}

impl Fold {
    fn take(&mut self, entries: &js_sys::Array) {
        let line = self.viewport_h * FOLD;
        for e in entries.iter() {
            let e: &IntersectionObserverEntry = e.unchecked_ref();
            let Some(i) = self.map.get(&e.target()) else {
                continue;
            };
            let i = i as usize;
            let top = e.bounding_client_rect().top();
            if (top < line) != (self.tops[i] < line) {
                self.flipped = true;
            }
            self.tops[i] = top;
        }
    }
}

/// Watches the elements behind `facts` (keys into `elements`, the
/// registry's list) after a collection, whose boxes were just read.
pub fn sync(facts: &PageFacts, elements: &[Element]) {
    FOLD_STATE.with(|f| {
        let mut f = f.borrow_mut();
        let Some(f) = f.as_mut() else { return };
        // Records computed before the boxes were read are older than them.
        let _ = f.io.take_records();
        let mut targets = Vec::new();
        let mut els = Vec::new();
        let mut tops = Vec::new();
        let mut add = |t: Target, key: u32, top: f64| {
            if let Some(el) = elements.get(key as usize) {
                targets.push(t);
                els.push(el.clone());
                tops.push(top);
            }
        };
        for (i, c) in facts.controls.iter().enumerate() {
            if c.frame_path.is_empty() {
                add(Target::Control(i), c.key, c.rect.y);
            }
        }
        // Forms and groups carry no frame path: ask their document.
        let top_doc = web_sys::window().and_then(|w| w.document());
        let in_top = |key: u32| {
            elements
                .get(key as usize)
                .is_some_and(|el| el.owner_document() == top_doc)
        };
        for (i, form) in facts.forms.iter().enumerate() {
            if in_top(form.key) {
                add(Target::Form(i), form.key, form.top);
            }
        }
        for (i, g) in facts.groups.iter().enumerate() {
            if in_top(g.key) {
                add(Target::Group(i), g.key, g.top);
            }
        }
        let map = ElementIndex::new();
        for (i, el) in els.iter().enumerate() {
            map.set(el, i as u32);
            if !f.map.contains(el) {
                f.io.observe(el);
            }
        }
        for el in &f.elements {
            if !map.contains(el) {
                f.io.unobserve(el);
            }
        }
        f.map = map;
        f.targets = targets;
        f.elements = els;
        f.tops = tops;
        f.viewport_h = facts.viewport_h;
        f.flipped = false;
        f.rendered = dom::scroll();
        f.scrolled = false;
    });
}

/// Whether a window scroll happened since the last collection (pages with
/// frames re-collect then).
pub fn scrolled() -> bool {
    FOLD_STATE.with(|f| f.borrow().as_ref().is_some_and(|f| f.scrolled))
}

/// Brings the boxes in `facts` up to date without a collection: the
/// observer's pending reports, or a re-read of every box when the window
/// scrolled past what the observer has seen or the viewport was resized.
/// Returns whether any fact changed.
pub fn apply(facts: &mut PageFacts) -> bool {
    FOLD_STATE.with(|f| {
        let mut f = f.borrow_mut();
        let Some(f) = f.as_mut() else { return false };
        let records = f.io.take_records();
        f.take(&records);
        let (vw, vh) = dom::viewport();
        let resized = (vw, vh) != (facts.viewport_w, facts.viewport_h);
        let unrendered = dom::scroll() != f.rendered;
        if resized || unrendered {
            let (old_line, new_line) = (f.viewport_h * FOLD, vh * FOLD);
            for (i, el) in f.elements.iter().enumerate() {
                let top = el.get_bounding_client_rect().top();
                f.flipped |= (top < new_line) != (f.tops[i] < old_line);
                f.tops[i] = top;
            }
            f.rendered = dom::scroll();
            f.viewport_h = vh;
            facts.viewport_w = vw;
            facts.viewport_h = vh;
        }
        if !f.flipped {
            return resized;
        }
        f.flipped = false;
        let mut changed = resized;
        for (t, &top) in f.targets.iter().zip(&f.tops) {
            let slot = match *t {
                Target::Control(i) => facts.controls.get_mut(i).map(|c| &mut c.rect.y),
                Target::Form(i) => facts.forms.get_mut(i).map(|x| &mut x.top),
                Target::Group(i) => facts.groups.get_mut(i).map(|x| &mut x.top),
            };
            if let Some(y) = slot {
                if *y != top {
                    *y = top;
                    changed = true;
                }
            }
        }
        changed
    })
}
