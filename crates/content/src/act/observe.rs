//! Seeing whether an action did anything (seed 003): a structural digest of
//! the page before and after (`bc_core::act::PageDigestLite`: counts and
//! hashes, never HTML strings; values are hashed here and never leave the
//! page), a MutationObserver counting records while the page settles, and
//! the Observation reported back.

use crate::aria;
use crate::pcd::dom;
use crate::trees::{text::{rendered_text_upto, Enough}, Documents, Trees};
use bc_core::act::{changes, PageDigestLite};
use bc_core::types::Observation;
use std::cell::Cell;
// FxHash, not std's SipHash (emulated 64-bit arithmetic in the wasm2js
// build); digests are compared within one action only.
use rustc_hash::FxHasher;
use std::hash::{Hash, Hasher};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element};

/// Form controls and widgets looked at per digest (huge pages stay cheap).
const MAX_CONTROLS: u32 = 600;
const MAX_WIDGETS: u32 = 2000;
/// Main-region text hashed, in chars.
const MAX_TEXT: usize = 40_000;

const CONTROLS: &str = "input, select, textarea, [contenteditable]:not([contenteditable=false i])";
const WIDGET_STATE: &str = "[aria-expanded], [aria-pressed], [aria-selected], [aria-checked], \
[aria-current], [aria-hidden], [aria-busy], dialog[open], [role=dialog], [role=alertdialog], [role=alert], [role=status]";

fn hash_of(f: impl FnOnce(&mut FxHasher)) -> u64 {
    let mut h = FxHasher::default();
    f(&mut h);
    h.finish()
}

/// The digest of `document` now: its open shadow roots included (a switch
/// toggled inside a web component is a change: `crate::trees`), and the
/// documents of its same-origin frames (a message shown in a frame is a
/// change too).
pub fn digest(document: &Document) -> PageDigestLite {
    digest_in(document, &Documents::of(document))
}

/// The digest before an action and the [`MutationCounter`] watching it
/// settle: taken at the same moment, they share one walk for the frames
/// and shadow hosts (a `*` query per document, 1–3 ms at 10k elements).
pub fn watch(document: &Document, target: Option<&Element>) -> (PageDigestLite, Option<MutationCounter>) {
    let docs = Documents::of(document);
    (digest_in(document, &docs), MutationCounter::start_in(&docs, target))
}

/// [`digest`] over documents and trees found already.
fn digest_in(document: &Document, docs: &Documents) -> PageDigestLite {
    let parts: Vec<Parts> = docs.iter().map(|(doc, trees)| Parts::of(doc, trees)).collect();
    PageDigestLite {
        url: crate::digest::page_url(document),
        title: document.title(),
        element_count: parts.iter().map(|p| p.elements).sum(),
        text_hash: hash_of(|h| parts.iter().for_each(|p| p.text.hash(h))),
        state_hash: hash_of(|h| parts.iter().for_each(|p| p.state.hash(h))),
        aria_hash: hash_of(|h| parts.iter().for_each(|p| p.aria.hash(h))),
        focus: focused(document).map(|el| brief_key(&el)).unwrap_or_default(),
        scroll_y: scroller(document).map(|s| s.scroll_top() as i64).unwrap_or_default(),
    }
}

/// One document's share of a [`PageDigestLite`].
struct Parts {
    text: u64,
    state: u64,
    aria: u64,
    elements: u32,
}

impl Parts {
    fn of(document: &Document, trees: &Trees) -> Parts {
        // Only the first `MAX_TEXT` characters are hashed: only they are read.
        let enough = Enough { chars: MAX_TEXT, words: 0 };
        let text = trees.main_region(document).map(|(m, _)| rendered_text_upto(&m, &trees.hosts(), Some(enough))).unwrap_or_default();
        let roots = || trees.scopes().iter().map(|s| &s.root);
        let state = hash_of(|h| {
            let controls = roots().filter_map(|r| r.select_list(CONTROLS)).flat_map(dom::elements);
            for el in controls.take(MAX_CONTROLS as usize) {
                control_state(&el).hash(h);
            }
        });
        let aria = hash_of(|h| {
            let lists: Vec<web_sys::NodeList> = roots().filter_map(|r| r.select_list(WIDGET_STATE)).collect();
            lists.iter().map(|l| l.length()).sum::<u32>().hash(h);
            for el in lists.into_iter().flat_map(dom::elements).take(MAX_WIDGETS as usize) {
                for a in ["aria-expanded", "aria-pressed", "aria-selected", "aria-checked", "aria-current", "aria-hidden", "aria-busy", "open"] {
                    el.get_attribute(a).hash(h);
                }
            }
        });
        let shadow_elements: u32 = roots().skip(1).filter_map(|r| r.select_list("*")).map(|l| l.length()).sum();
        Parts {
            text: hash_of(|h| text.chars().take(MAX_TEXT).collect::<String>().hash(h)),
            state,
            aria,
            elements: document.get_elements_by_tag_name("*").length() + shadow_elements,
        }
    }
}

/// A control's state as a string to hash (its value included: the hash
/// stays in the page).
fn control_state(el: &Element) -> String {
    let any = el.unchecked_ref::<AnyControl>();
    let value = any.value().as_string().unwrap_or_else(|| el.text_content().unwrap_or_default());
    format!("{}|{:?}|{:?}", value, any.checked().as_bool(), any.selected_index().as_f64())
}

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(extends = Element)]
    type AnyControl;
    #[wasm_bindgen(method, getter)]
    fn value(this: &AnyControl) -> JsValue;
    #[wasm_bindgen(method, getter)]
    fn checked(this: &AnyControl) -> JsValue;
    #[wasm_bindgen(method, getter, js_name = selectedIndex)]
    fn selected_index(this: &AnyControl) -> JsValue;
}

/// The focused element, through open shadow roots and into same-origin
/// frames (a focused frame's own focused element, unless that is its
/// body: then the frame itself).
pub fn focused(document: &Document) -> Option<Element> {
    let mut el = document.active_element()?;
    for _ in 0..16 {
        let inner = el.shadow_root().and_then(|s| s.active_element()).or_else(|| {
            matches!(dom::tag(&el).as_str(), "iframe" | "frame")
                .then(|| dom::frame_document(&el))
                .flatten()
                .and_then(|d| d.active_element().filter(|a| d.body().is_none_or(|b| a != b.unchecked_ref::<Element>())))
        });
        match inner {
            Some(inner) => el = inner,
            None => break,
        }
    }
    Some(el)
}

/// Which element has focus, as a key that differs between two fields of
/// the same kind (Tab from "Email" to "Password" is a change): role, tag,
/// accessible name, and the `id`/`name` attributes (two unnamed fields
/// usually differ there; not the box, which moves when the page scrolls).
/// It never leaves the page.
fn brief_key(el: &Element) -> String {
    format!(
        "{}|{}|{}|{}|{}",
        aria::computed_role(el).map(|r| r.as_str()).unwrap_or(""),
        dom::tag(el),
        aria::accessible_name(el),
        el.id(),
        el.get_attribute("name").unwrap_or_default()
    )
}

/// The element that scrolls the page: the document's scrolling element
/// when it scrolls, else the largest scrollable box (apps that scroll a
/// panel, not the page).
pub fn scroller(document: &Document) -> Option<Element> {
    let root = document.scrolling_element();
    if let Some(r) = &root {
        if r.scroll_height() > r.client_height() + 1 {
            return root;
        }
    }
    let list = document
        .query_selector_all("main, [role=main], div, section, ul, ol, table, tbody")
        .ok()?;
    let win = web_sys::window()?;
    dom::elements(list)
        .take(5000)
        .filter(|el| el.scroll_height() > el.client_height() + 20 && el.client_height() > 100)
        .filter(|el| {
            win.get_computed_style(el).ok().flatten().and_then(|s| s.get_property_value("overflow-y").ok()).is_some_and(|o| o == "auto" || o == "scroll")
        })
        .max_by_key(|el| el.client_height() * el.client_width())
        .or(root)
}

/// Counts DOM mutations from creation until dropped, in the document and
/// in the open shadow roots it had then.
pub struct MutationCounter {
    observer: web_sys::MutationObserver,
    count: Rc<Cell<u32>>,
    /// Mutations that were not an attribute of the watched target.
    elsewhere: Rc<Cell<u32>>,
    target: Option<Element>,
    last: Rc<Cell<f64>>,
    _callback: Closure<dyn FnMut(js_sys::Array)>,
}

impl MutationCounter {
    pub fn start(document: &Document) -> Option<MutationCounter> {
        Self::start_in(&Documents::of(document), None)
    }

    /// [`MutationCounter::start`] watching `docs`: each document and its
    /// open shadow roots (an observer of a document sees nothing inside
    /// its shadow roots or frames).
    /// `target`: mutations of its own attributes are told apart
    /// ([`MutationCounter::only_target_attributes`]).
    fn start_in(docs: &Documents, target: Option<&Element>) -> Option<MutationCounter> {
        let count = Rc::new(Cell::new(0u32));
        let elsewhere = Rc::new(Cell::new(0u32));
        let last = Rc::new(Cell::new(now()));
        let (c, e, l) = (count.clone(), elsewhere.clone(), last.clone());
        let own = target.cloned();
        let callback = Closure::<dyn FnMut(js_sys::Array)>::new(move |records: js_sys::Array| {
            c.set(c.get() + records.length());
            e.set(e.get() + not_own(&records, own.as_ref()));
            l.set(now());
        });
        let observer = web_sys::MutationObserver::new(callback.as_ref().unchecked_ref()).ok()?;
        let init = web_sys::MutationObserverInit::new();
        init.set_subtree(true);
        init.set_child_list(true);
        init.set_attributes(true);
        init.set_character_data(true);
        for (doc, trees) in docs.iter() {
            observer.observe_with_options(doc, &init).ok()?;
            // Every tree but the document itself (the first scope is a
            // shadow root when a modal dialog is open in one).
            for scope in trees.scopes().iter().filter(|s| s.via != crate::pcd::frames::Via::Top) {
                let _ = observer.observe_with_options(&scope.root.node(), &init);
            }
        }
        Some(MutationCounter { observer, count, elsewhere, target: target.cloned(), last, _callback: callback })
    }

    /// Mutations so far (records not delivered yet included).
    pub fn count(&self) -> u32 {
        let pending = self.observer.take_records();
        if pending.length() > 0 {
            self.count.set(self.count.get() + pending.length());
            self.elsewhere.set(self.elsewhere.get() + not_own(&pending, self.target.as_ref()));
            self.last.set(now());
        }
        self.count.get()
    }

    /// Whether every mutation so far (at least one) was an attribute of
    /// the target itself (a class or `aria-*` a click handler on the
    /// element set on it, and nothing else).
    pub fn only_target_attributes(&self) -> bool {
        self.count() > 0 && self.elsewhere.get() == 0
    }

    /// Milliseconds since the last mutation (or the start).
    pub fn quiet_for(&self) -> f64 {
        now() - self.last.get()
    }
}

impl Drop for MutationCounter {
    fn drop(&mut self) {
        self.observer.disconnect();
    }
}

/// How many of `records` are not attribute changes of `own`.
fn not_own(records: &js_sys::Array, own: Option<&Element>) -> u32 {
    let Some(own) = own else { return records.length() };
    records
        .iter()
        .filter(|r| {
            let r: &web_sys::MutationRecord = r.unchecked_ref();
            !(r.type_() == "attributes" && r.target().is_some_and(|t| t == **own))
        })
        .count() as u32
}

/// The clock of the actions' waits and settle timers: monotonic, so a
/// change of the system clock cannot end or stretch a wait.
pub use crate::clock::now;

/// Resolves after `ms` milliseconds.
pub async fn sleep(ms: i32) {
    let p = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(p).await;
}

/// Waits until the page has settled after an action: no mutation for
/// `QUIET` ms (at least `MIN` ms after it), or — sooner — a short pause
/// (`PAUSE` ms) once the page already differs from `before` in a way that
/// counts as the action's effect (the action visibly worked; waiting
/// longer only delays the next step), or the URL changed, or `MAX` ms
/// passed (pages that never stop changing). Focus landing on `target` is
/// no such difference: a click does that before its effect shows.
/// `patient`: when nothing at all has changed yet, wait up to `PATIENCE`
/// ms before calling it quiet — an "Add to cart" that shows its effect
/// when the server answers (a few hundred ms) would otherwise be judged
/// ineffective and clicked again, adding a second item.
///
/// When it returns because a digest differed, that digest: it is the page
/// as it is (no script runs between its taking and the caller's next
/// step), so the caller need not take another (on a 50k-element page a
/// digest costs ~150 ms).
async fn settle(document: &Document, counter: &MutationCounter, url_before: &str, before: &PageDigestLite, target: Option<&Element>, patient: bool) -> Option<PageDigestLite> {
    const MIN: f64 = 60.0;
    const PAUSE: f64 = 50.0;
    const QUIET: f64 = 150.0;
    const PATIENCE: f64 = 1000.0;
    const MAX: f64 = 1500.0;
    /// Digests are not free on big pages: at most one per this many ms.
    const DIGEST_EVERY: f64 = 100.0;
    let start = now();
    let mut last_digest = f64::NEG_INFINITY;
    loop {
        sleep(40).await;
        let elapsed = now() - start;
        if elapsed < MIN {
            continue;
        }
        if crate::digest::page_url(document) != url_before || elapsed >= MAX {
            return None;
        }
        let waited_enough = !patient || counter.count() > 0 || elapsed >= PATIENCE;
        if counter.quiet_for() >= QUIET && waited_enough {
            return None;
        }
        // Scrolling and focus moves change the page without a mutation.
        let paused = counter.quiet_for() >= PAUSE;
        if paused && now() - last_digest >= DIGEST_EVERY {
            last_digest = now();
            let current = digest(document);
            if !changes(before, &current, 0, focus_on(document, target)).is_empty() {
                return Some(current);
            }
        }
    }
}

/// Whether focus is on `target` or inside it.
fn focus_on(document: &Document, target: Option<&Element>) -> bool {
    target.is_some_and(|el| focused(document).is_some_and(|f| f == *el || el.contains(Some(&f))))
}

/// After an action on `target` (none: on the page): lets the page
/// [`settle`] (`patient`: an action that is retried when nothing changed),
/// ends the watch and says what changed since `before`
/// (`bc_core::act::changes`; no counter: no mutations counted, no
/// settling).
pub async fn after_action(document: &Document, counter: Option<MutationCounter>, url_before: &str, before: &PageDigestLite, target: Option<&Element>, patient: bool) -> Vec<String> {
    let seen = match &counter {
        Some(c) => settle(document, c, url_before, before, target, patient).await,
        None => None,
    };
    let mutations = counter.as_ref().map_or(0, MutationCounter::count);
    let own_only = counter.as_ref().is_some_and(MutationCounter::only_target_attributes);
    drop(counter);
    let after = seen.unwrap_or_else(|| digest(document));
    let mut what = changes(before, &after, mutations, focus_on(document, target));
    // Issue 45: clicking the paragraph that says "Click the button" may
    // get a class from a delegated handler; that is no proof the action
    // worked when the element takes no clicks of its own.
    if own_only && target.is_some_and(|el| !operable(el)) {
        what.retain(|w| !matches!(*w, "widget state" | "form state" | "dom"));
    }
    what.into_iter().map(str::to_owned).collect()
}

/// Whether `el` is a control: a widget role, a click handler attribute,
/// a tab stop, or the pointer cursor pages give clickable things.
fn operable(el: &Element) -> bool {
    aria::computed_role(el).is_some_and(crate::pcd::discover::is_widget)
        || aria::dom::has_attr_c(el, "onclick")
        || el.get_attribute("tabindex").is_some_and(|t| !t.trim().starts_with('-'))
        || aria::dom::style_prop(el, None, "cursor") == "pointer"
}

/// The Observation after an action.
pub fn observation(document: &Document, url_before: &str) -> Observation {
    let url = crate::digest::page_url(document);
    Observation {
        url_changed: Some(url != url_before),
        url,
        title: document.title(),
        // A timestamp, not a duration: epoch milliseconds.
        ts: js_sys::Date::now(),
        collection_summary: None,
        focused_role: focused(document)
            .filter(|el| dom::tag(el) != "body")
            .and_then(|el| aria::computed_role(&el))
            .map(|r| r.as_str().to_owned()),
    }
}
