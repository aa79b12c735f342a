//! The page-facts collector for the MiniPCD (seed 000 §5): reads the live
//! DOM into [`PageFacts`] — controls, forms, repeated groups, landmarks —
//! exactly as `bc_core::pcd::facts` documents each field, and keeps the
//! elements behind every key in a [`Registry`] so later requests
//! (`getDetails`, actions) can find them. Reads only; all decisions are the
//! core's.
//!
//! Scopes (`frames.rs`): top document, open shadow roots, same-origin
//! frames. Per scope: controls (`discover.rs`, `clickable.rs`), forms
//! (`forms.rs`), groups (`groups.rs`); per control the facts of
//! `control.rs` with `landmark.rs`/`context.rs`. Cost stays with the
//! browser: candidate selectors, `matches`/`closest`, layout reads only for
//! what is reported (TOOLCHAIN.md, "Cost of the JS↔WASM boundary").
//!
//! [`collect_with`] takes a [`FactCache`]: `live/` keeps each control's
//! facts between collections and hands back those still valid, so a
//! re-collection after a small mutation pays discovery and lookups, not
//! names. Re-used facts get a fresh box (`rect`) every time.
//!
//! On large pages a big collection's controls are read in its first items
//! only (see `Discovery`); [`collect_whole`] reads every control.

mod boxes;
pub(crate) mod clickable;
mod context;
mod control;
pub(crate) mod discover;
pub(crate) mod dom;
mod forms;
mod implicit_forms;
pub(crate) mod frames;
pub(crate) mod groups;
pub(crate) mod landmark;
mod registry;

pub use implicit_forms::{formless_in, Formless};
pub use registry::{current_element, set_current, set_current_shared, Registry};

use bc_core::pcd::{ControlFact, FormFact, GroupFact, GroupRef, PageFacts};
use bc_core::types::Landmark;
use frames::{precedes, Scope, Via};
use web_sys::{Document, Element};

const MAX_CONTROLS: usize = 2000;
/// The cap once a query made the page be read whole ([`read_whole`]): API
/// pages hold 2500–3000 links (rustdoc's `Vec`, Node's `fs`), and a query
/// ranks what a collection read (`bc_core::pcd::MAX_UNLISTED`).
const MAX_CONTROLS_WHOLE: usize = 4000;

const MAX_FORMS: usize = 40;
const MAX_GROUPS: usize = 40;
/// Controls sharing a name at least this often hint at a card grid.
const MIN_REPEATS: usize = 3;
/// Repeated names whose common container is looked at, per scope.
const MAX_REPEATED_NAMES: usize = 12;
/// On a page with at least `SAMPLE_FROM` controls, a collection's controls
/// are read in its first `READ_ITEMS` items only (see [`Discovery`]).
const SAMPLE_FROM: usize = 400;
const READ_ITEMS: usize = 5;

/// Where [`collect_with`] gets and leaves each control's facts between
/// collections (`live/cache.rs` decides which are still valid). Calls come
/// in the collection's output order, between `begin` and `end`.
pub(crate) trait FactCache {
    /// A new collection reads these scopes (parents before children).
    /// Returns the elements whose text or children changed since the last
    /// collection, when that is known and all that changed (`None`: unknown).
    fn begin(&mut self, scopes: &[Scope], host_landmarks: &[Option<Landmark>], page_origin: &str) -> Option<Vec<Element>>;
    /// A still-valid fact for `el`, found (as `clickable` or not) in scope
    /// `si`; `form`, `group`, `key` and `rect` are the collector's to fill.
    fn get(&mut self, el: &Element, clickable: bool, si: usize) -> Option<Cached>;
    /// The fact just computed for `el`.
    fn put(&mut self, el: &Element, clickable: bool, si: usize, fact: &ControlFact);
    /// The heading of a fact handed out with `heading_stale`, read again.
    fn heading_read(&mut self, el: &Element, heading: &Option<String>);
    /// The elements whose facts were computed since the last call (idle
    /// slices and this collection's `put`s included): forms holding them
    /// are read again. `None`: too many to list (every form is read).
    fn take_recomputed(&mut self) -> Option<Vec<Element>>;
    /// The collection is over: elements not seen in it are forgotten.
    fn end(&mut self);
}

/// What the steps of the last collection took (ms): discovery (0 when an
/// earlier one was re-used), the controls' facts (looked up or computed)
/// and boxes, forms and their owners, groups, and the rest (landmarks,
/// page data). For `live::Stats` and the perception bench.
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize)]
pub struct CollectionTimes {
    pub discovery: f64,
    pub controls: f64,
    pub forms: f64,
    pub groups: f64,
    pub rest: f64,
}

thread_local! {
    static LAST_TIMES: std::cell::Cell<CollectionTimes> = const {
        std::cell::Cell::new(CollectionTimes { discovery: 0.0, controls: 0.0, forms: 0.0, groups: 0.0, rest: 0.0 })
    };
}

/// What the last collection's steps took.
pub fn last_collection_times() -> CollectionTimes {
    LAST_TIMES.with(std::cell::Cell::get)
}

/// A fact from a [`FactCache`].
pub(crate) struct Cached {
    pub fact: ControlFact,
    /// Only the heading may have changed (a heading before it did).
    pub heading_stale: bool,
}

/// No cache: every fact is computed.
struct NoCache;

impl FactCache for NoCache {
    fn begin(&mut self, _: &[Scope], _: &[Option<Landmark>], _: &str) -> Option<Vec<Element>> {
        None
    }
    fn get(&mut self, _: &Element, _: bool, _: usize) -> Option<Cached> {
        None
    }
    fn put(&mut self, _: &Element, _: bool, _: usize, _: &ControlFact) {}
    fn heading_read(&mut self, _: &Element, _: &Option<String>) {}
    fn take_recomputed(&mut self) -> Option<Vec<Element>> {
        None
    }
    fn end(&mut self) {}
}

/// The facts of one control found by discovery, as [`collect`] computes
/// them (for caches refreshing an entry outside a collection). `shown`:
/// the discovery that found it saw the DOM it is read in (not so for an
/// entry refreshed after a mutation, which may have hidden it).
pub(crate) fn control_fact(
    el: &Element,
    clickable: bool,
    scope: &Scope,
    host_landmark: Option<Landmark>,
    page_origin: &str,
    shown: bool,
) -> ControlFact {
    control::fact(el, clickable, scope, host_landmark, page_origin, shown)
}

/// The heading context of `el` (a cached fact whose heading went stale).
pub(crate) fn heading_of(el: &Element, fact: &ControlFact) -> Option<String> {
    control::heading(el, fact)
}

/// What counts as a heading for the `heading` context of controls.
pub(crate) const HEADING_SEL: &str = context::HEADING_SEL;

/// What discovery found: the scopes and the controls in output order
/// (element, found as clickable, scope); after a collection, also the
/// repeated structures it accepted as groups. Text changes cannot change
/// either (no selector, role or hidden check reads text; the card-grid
/// candidates that come from repeated control names are compared), so a
/// collection after only text changed can start from the previous one's.
///
/// On a large page (`SAMPLE_FROM` controls or more; those in unread items
/// counted unchecked) discovery first reads the lists, tables and card grids found by structure alone,
/// and the controls past the first `READ_ITEMS` items of the big ones
/// (`groups::may_sample`) go unread: a collection is one entry with its
/// template actions and sample items in the MiniPCD, so the facts of its
/// 500th "Add to cart" change nothing there but cost as much as any other
/// (most of a 10k-element page's controls). Discovery does not even check
/// them (hidden? which role?) nor look for clickables there
/// ([`discover::Unread`]): on the generated 10k-element pages that was a
/// third of discovery. When such a structure is no collection in the end
/// (not accepted, or `bc_core::pcd::collections::qualifies` says no, e.g.
/// page-number links), the collection starts again with a discovery that
/// reads it ([`Sampling::Except`]).
#[derive(Clone, Default)]
pub(crate) struct Discovery {
    scopes: Vec<Scope>,
    order: Vec<(Element, bool, usize)>,
    /// Per scope, the shapes found by structure alone (large pages only),
    /// re-used when the groups are looked for with the control names.
    pre: Vec<Vec<groups::Shape>>,
    /// Per scope, what the group selectors found for `pre` (large pages
    /// only), for the second look.
    selected: Vec<groups::Selected>,
    /// The shapes whose later items go unread: (scope, index in `pre`).
    sampled: Vec<(usize, usize)>,
    /// Per control (same order as `order`; empty when nothing is
    /// sampled): the `sampled` shape in whose later items it is, if any.
    unread: Vec<Option<u32>>,
    /// How this discovery sampled.
    sampling: Sampling,
    /// Per scope, once a collection ran (see [`ScopeGroups`]).
    groups: Vec<ScopeGroups>,
    /// Groups that collection read (the rest kept their facts).
    groups_read: usize,
    /// After a collection: the forms it accepted, in its order (element,
    /// scope, facts), and each control's owner form (same order as
    /// `order`). Text changes cannot change either set, only form facts.
    forms: Option<KnownForms>,
    /// Forms that collection read (the rest kept their facts).
    forms_read: usize,
    /// After a collection: the rendered landmarks it found (a query of
    /// the whole page, ~3 ms at 10k elements), kept with the discovery as
    /// everything else text changes cannot change.
    landmarks: Option<Vec<Landmark>>,
}

/// A form a collection read: its element, scope index and facts.
type ReadForm = (Element, usize, bc_core::pcd::FormFact);

#[derive(Clone)]
struct KnownForms {
    forms: Vec<ReadForm>,
    /// The owner of each control read (the indices into `order` of
    /// those controls; the same list unless unread ones had to be read).
    owners: Vec<Option<u32>>,
    read: Vec<usize>,
}

/// The groups a collection accepted in one scope, and what they were
/// looked for with: the first two controls of each repeated name (and how
/// many controls have it), and the
/// number of groups still allowed. Same inputs after text changes → same
/// shapes.
#[derive(Clone)]
struct ScopeGroups {
    repeated: Vec<groups::Repeated>,
    max: usize,
    shapes: Vec<groups::Shape>,
    /// What the collection read of each shape (same order).
    facts: Vec<GroupFact>,
}

impl Discovery {
    /// What the group selectors find in scope `si`: kept from discovery
    /// on large pages, else selected now.
    fn selected(&self, si: usize) -> std::borrow::Cow<'_, groups::Selected> {
        match self.selected.get(si) {
            Some(s) => std::borrow::Cow::Borrowed(s),
            None => std::borrow::Cow::Owned(groups::Selected::of(&self.scopes[si])),
        }
    }

    /// Groups the collection that made this read (see [`ScopeGroups`]).
    pub fn groups_read(&self) -> usize {
        self.groups_read
    }

    /// Forms the collection that made this read (see [`Discovery::forms`]).
    pub fn forms_read(&self) -> usize {
        self.forms_read
    }

    pub fn scopes(&self) -> &[Scope] {
        &self.scopes
    }

    /// The controls in output order: element, found as clickable, scope.
    pub fn order(&self) -> &[(Element, bool, usize)] {
        &self.order
    }

    /// Whether this discovery left controls out: unread ones (see the
    /// type's doc), or those past the control cap.
    pub fn partial(&self) -> bool {
        self.unread.iter().any(Option::is_some) || self.order.len() >= max_controls()
    }

    /// Whether the control at `i` of [`Discovery::order`] is left unread
    /// (in a later item of a big repeated structure; see the type's doc).
    pub fn unread(&self, i: usize) -> bool {
        self.unread.get(i).is_some_and(Option::is_some)
    }

    /// The landmark around each scope's host (shadow content's landmark
    /// lookups stop at the shadow boundary).
    pub fn host_landmarks(&self) -> Vec<Option<Landmark>> {
        self.scopes.iter().map(|s| host_landmark(&self.scopes, s)).collect()
    }

    /// Reads the forms and each control's owner form the collection that
    /// goes on from this discovery would read (after the groups, ahead of
    /// a first collection): `fact_of` gives each control's facts computed
    /// ahead; without all of them nothing is read. The collection re-reads
    /// a form a text change or a control's new facts since reached
    /// (`forms::untouched`), so the caller must have the cache list both
    /// from now on. Whether the forms were read.
    pub fn read_forms_ahead<'a>(&mut self, fact_of: &dyn Fn(&Element) -> Option<&'a ControlFact>) -> bool {
        let _reads = crate::aria::batch();
        let mut controls = Vec::with_capacity(self.order.len());
        let mut indices = Vec::with_capacity(self.order.len());
        for (i, (el, _, _)) in self.order.iter().enumerate() {
            if self.unread(i) {
                continue;
            }
            let Some(fact) = fact_of(el) else { return false };
            controls.push((el, fact));
            indices.push(i);
        }
        let known = forms::Known::new(controls, control::MAX_NAME);
        let read = read_forms(&self.scopes, &known);
        drop(known);
        let owners = owners_of(indices.iter().map(|&i| &self.order[i].0), &read);
        self.forms = Some(KnownForms { forms: read, owners, read: indices });
        true
    }

    /// Whether [`Discovery::read_groups_ahead`] has read anything yet.
    pub fn groups_ahead_empty(&self) -> bool {
        self.groups.is_empty()
    }

    /// Reads, until `deadline`, the groups the collection that goes on
    /// from this discovery would read — per scope its shapes (one step,
    /// like discovery), then each shape's facts — so that it finds them
    /// (ahead of a first collection, in idle slices). `fact_of` gives a
    /// control's facts computed ahead (for its name); the first control
    /// without them ends the reading (`false`), as does the last scope.
    /// Whether work is left.
    ///
    /// What is read stands only as [`collect_with`] already allows for
    /// groups an earlier collection read: shapes while the controls' repeated
    /// names are the same (structure changes drop the whole discovery), facts
    /// while the text changes since the reading — which the cache must list
    /// from before the first fact is read — did not reach them.
    pub fn read_groups_ahead<'a>(&mut self, fact_of: &dyn Fn(&Element) -> Option<&'a ControlFact>, deadline: f64) -> bool {
        let _reads = crate::aria::batch();
        loop {
            if crate::clock::now() >= deadline {
                return true;
            }
            let si = self.groups.len();
            if let Some(last) = self.groups.last_mut().filter(|g| g.facts.len() < g.shapes.len()) {
                let shape = &last.shapes[last.facts.len()];
                let fact = groups::build(shape, &self.scopes[si - 1]).fact;
                last.facts.push(fact);
                continue;
            }
            if si >= self.scopes.len() {
                return false;
            }
            let mut names = Vec::new();
            for (i, (el, _, _)) in self.order.iter().enumerate().filter(|(_, c)| c.2 == si) {
                if self.unread(i) {
                    continue;
                }
                let Some(fact) = fact_of(el) else { return false };
                names.push((el, fact.name.as_str()));
            }
            let repeated = repeated_names(names.into_iter());
            let max = MAX_GROUPS - self.groups.iter().map(|g| g.shapes.len()).sum::<usize>();
            let pre = self.pre.get(si).map_or(&[][..], Vec::as_slice);
            let selected = self.selected(si);
            let shapes = groups::shapes(&selected, &repeated, max, pre);
            self.groups.push(ScopeGroups { repeated, max, shapes, facts: Vec::new() });
        }
    }
}

/// Collects the facts of `document` (with its open shadow roots and
/// same-origin frames) and the registry of the keys handed out.
pub fn collect(document: &Document) -> (PageFacts, Registry) {
    let (facts, reg, _) = collect_with(document, &mut NoCache, None);
    (facts, reg)
}

/// [`collect`] reading every control, those in the later items of big
/// collections too (for tests that pin facts of many items).
pub fn collect_whole(document: &Document) -> (PageFacts, Registry) {
    let discovery = discover_all(document, Sampling::Off);
    let (facts, reg, _) = collect_with(document, &mut NoCache, Some(&discovery));
    (facts, reg)
}

/// [`collect`], re-using the facts `cache` still holds for unchanged
/// controls, and `discovery` when given (see [`Discovery`]); also returns
/// this collection's discovery.
pub(crate) fn collect_with(
    document: &Document,
    cache: &mut dyn FactCache,
    discovery: Option<&Discovery>,
) -> (PageFacts, Registry, Discovery) {
    // Reads only, no page code runs: labels and style sheets can be indexed once.
    let _reads = crate::aria::batch();
    let window = web_sys::window();
    let page_origin = document
        .location()
        .and_then(|l| l.origin().ok())
        .unwrap_or_default();
    let mut times = CollectionTimes::default();
    let mut lap = crate::clock::now();
    let mut split = |slot: &mut f64| {
        let t = crate::clock::now();
        *slot = t - lap;
        lap = t;
    };
    // Only a discovery handed in (text changed since) has groups to re-use.
    let mut discovery = match discovery {
        Some(d) => {
            // Context memoised by an earlier collection in this task is stale.
            context::begin_collection();
            d.clone()
        }
        None => discover_all(document, Sampling::usual()),
    };
    let known_groups = std::mem::take(&mut discovery.groups);
    let known_forms = discovery.forms.take();
    split(&mut times.discovery);
    let scopes = &discovery.scopes;
    let mut reg = Registry::default();

    let host_landmarks = discovery.host_landmarks();
    // A changed heading may label any group: then all are read again.
    let text_changed = cache
        .begin(scopes, &host_landmarks, &page_origin)
        .filter(|changed| !groups::headings_touched(changed));
    let mut read_fact = |el: &Element, clickable: bool, si: usize, reg: &mut Registry| {
        let scope = &scopes[si];
        let mut fact = match cache.get(el, clickable, si) {
            Some(Cached { mut fact, heading_stale }) => {
                if heading_stale {
                    fact.heading = control::heading(el, &fact);
                    cache.heading_read(el, &fact.heading);
                }
                fact
            }
            None => {
                let fact = control::fact(el, clickable, scope, host_landmarks[si], &page_origin, true);
                cache.put(el, clickable, si, &fact);
                fact
            }
        };
        fact.key = reg.add(el);
        fact
    };
    // The controls read, with their index in `discovery.order`.
    let mut indices: Vec<usize> = Vec::with_capacity(discovery.order.len());
    let mut controls: Vec<(Element, usize, ControlFact)> = Vec::with_capacity(discovery.order.len());
    for (i, (el, clickable, si)) in discovery.order.iter().enumerate() {
        if discovery.unread(i) {
            continue;
        }
        let fact = read_fact(el, *clickable, *si, &mut reg);
        indices.push(i);
        controls.push((el.clone(), *si, fact));
    }
    // Every box, every time, cached fact or not: layout moves without
    // mutations near the control (and facts are computed without it).
    let at: Vec<(&Element, f64, f64)> = controls.iter().map(|(el, si, _)| (el, scopes[*si].dx, scopes[*si].dy)).collect();
    let rects = boxes::of(&at);
    drop(at);
    for ((_, _, fact), rect) in controls.iter_mut().zip(rects) {
        fact.rect = rect;
    }
    split(&mut times.controls);

    // Groups, and which group item holds each control.
    let mut groups: Vec<(usize, groups::Group)> = Vec::new();
    let mut scope_groups = Vec::with_capacity(scopes.len());
    let mut groups_read = 0;
    for (si, s) in scopes.iter().enumerate() {
        let repeated = repeated_names(
            controls
                .iter()
                .filter(|c| c.1 == si)
                .map(|c| (&c.0, c.2.name.as_str())),
        );
        let max = MAX_GROUPS - groups.len();
        let known = known_groups.get(si).filter(|k| k.max == max && k.repeated == repeated);
        let shapes = match known {
            Some(k) => k.shapes.clone(),
            None => groups::shapes(&discovery.selected(si), &repeated, max, discovery.pre.get(si).map_or(&[][..], Vec::as_slice)),
        };
        let mut facts = Vec::with_capacity(shapes.len());
        for (i, shape) in shapes.iter().enumerate() {
            // A group the text changes cannot have reached reads as before
            // (but its box may have moved).
            let group = match (known.and_then(|k| k.facts.get(i)), &text_changed) {
                (Some(fact), Some(changed)) if groups::untouched(shape, changed) => groups::with_fact(shape, fact.clone(), s),
                _ => {
                    groups_read += 1;
                    groups::build(shape, s)
                }
            };
            facts.push(group.fact.clone());
            groups.push((si, group));
        }
        scope_groups.push(ScopeGroups { repeated, max, shapes, facts });
    }
    assign_groups(&mut controls, &groups);
    // Sampled structures that are no collection after all: their later
    // items were neither checked nor searched for clickables, so discovery
    // runs again reading them (rare: a sampled shape is a big list, table
    // or grid outside navigation), and the collection with it.
    let needed = needs_unread(&discovery, &groups, &controls);
    if !needed.is_empty() {
        let sampling = match discovery.sampling {
            Sampling::Large => Sampling::Except(needed),
            Sampling::Except(_) | Sampling::Off => Sampling::Off,
        };
        drop(reg);
        return collect_with(document, cache, Some(&discover_all(document, sampling)));
    }
    discovery.groups = scope_groups;
    discovery.groups_read = groups_read;
    // Controls whose facts were computed since the last collection, not
    // only looked up: their names may have changed (forms read again).
    let recomputed = cache.take_recomputed();
    cache.end();
    split(&mut times.groups);

    // Forms, and which form owns each control. With a discovery from an
    // earlier collection (only text changed since), its forms and owners
    // stand, and a form's facts too unless the changes reached it.
    let known = forms::Known::new(
        controls.iter().map(|(el, _, fact)| (el, fact)).collect(),
        control::MAX_NAME,
    );
    let mut forms_read = 0;
    // Past the control cap, a field may be no control: its name is not
    // watched by the fact cache. The cap cuts each scope's controls at one
    // point in document order, so a form that ends before the last control
    // kept has every field among them (on the 10k-element pages, whose
    // candidates fill the cap, all forms were read again: 3 ms a request).
    let mut last_kept: Vec<Option<&Element>> = vec![None; scopes.len()];
    if discovery.order.len() >= max_controls() {
        for (el, _, si) in &discovery.order {
            last_kept[*si] = Some(el);
        }
    }
    let complete = |form: &Element, si: usize| {
        discovery.order.len() < max_controls() || last_kept[si].is_some_and(|last| ends_before(form, last))
    };
    let read: Vec<ReadForm> = match &known_forms {
        Some(k) => k
            .forms
            .iter()
            .map(|(el, si, old)| {
                let scope = &scopes[*si];
                let fact = match &text_changed {
                    Some(changed) if complete(el, *si) && recomputed.as_ref().is_some_and(|r| forms::untouched(el, changed, r)) => {
                        forms::with_top(el, old.clone(), scope)
                    }
                    _ => {
                        forms_read += 1;
                        forms::fact(el, scope, &known)
                    }
                };
                (el.clone(), *si, fact)
            })
            .collect(),
        None => {
            let read = read_forms(scopes, &known);
            forms_read = read.len();
            read
        }
    };
    drop(known);
    let owners = match known_forms.filter(|k| k.read == indices) {
        Some(k) => k.owners,
        None => owners_of(controls.iter().map(|c| &c.0), &read),
    };
    for ((_, _, fact), owner) in controls.iter_mut().zip(&owners) {
        fact.form = *owner;
    }
    let mut forms = Vec::with_capacity(read.len());
    for (el, _, f) in &read {
        let mut f = f.clone();
        f.key = reg.add(el);
        forms.push(f);
    }
    // Forms without a `<form>` come from the controls' names, which text
    // changes may change: found again by every collection, never kept.
    for (container, fact, held) in implicit_forms(&controls, scopes, MAX_FORMS.saturating_sub(read.len())) {
        let index = forms.len() as u32;
        // The real forms' controls among them stay theirs.
        for c in controls[held].iter_mut().filter(|c| c.2.form.is_none()) {
            c.2.form = Some(index);
        }
        forms.push(FormFact { key: reg.add(&container), ..fact });
    }
    discovery.forms = Some(KnownForms { forms: read, owners, read: indices });
    discovery.forms_read = forms_read;
    split(&mut times.forms);
    for (_, g) in groups.iter_mut() {
        g.fact.key = reg.add(&g.el);
    }

    let landmarks = discovery.landmarks.clone().unwrap_or_else(|| {
        let mut landmarks: Vec<Landmark> = Vec::new();
        for s in scopes {
            for l in landmark::present(&s.root) {
                if !landmarks.contains(&l) {
                    landmarks.push(l);
                }
            }
        }
        landmarks
    });
    discovery.landmarks = Some(landmarks.clone());
    let num = |v: Option<wasm_bindgen::JsValue>| v.and_then(|v| v.as_f64()).unwrap_or_default();
    let facts = PageFacts {
        url: document
            .location()
            .and_then(|l| l.href().ok())
            .unwrap_or_default(),
        title: document.title(),
        viewport_w: num(window.as_ref().and_then(|w| w.inner_width().ok())),
        viewport_h: num(window.as_ref().and_then(|w| w.inner_height().ok())),
        landmarks,
        controls: controls.into_iter().map(|c| c.2).collect(),
        forms,
        groups: groups.into_iter().map(|(_, g)| g.fact).collect(),
    };
    split(&mut times.rest);
    LAST_TIMES.with(|t| t.set(times));
    (facts, reg, discovery)
}

/// The forms without a `<form>` among `controls` (at most `max`): each
/// one's container, facts, and the controls it holds.
fn implicit_forms(
    controls: &[(Element, usize, ControlFact)],
    scopes: &[Scope],
    max: usize,
) -> Vec<(Element, FormFact, std::ops::Range<usize>)> {
    implicit_forms::find(controls, max)
        .into_iter()
        .map(|f| {
            let fields = f.fields.iter().map(|&i| (&controls[i].0, &controls[i].2));
            let submit = controls[f.submit].2.name.clone();
            let fact = forms::implicit_fact(&f.container, fields, submit, &scopes[f.scope]);
            (f.container, fact, f.held)
        })
        .collect()
}

/// Every scope's forms (at most `MAX_FORMS`) in collection order, with
/// the scope each is in.
fn read_forms(scopes: &[Scope], known: &forms::Known<'_>) -> Vec<ReadForm> {
    let mut read = Vec::new();
    for (si, s) in scopes.iter().enumerate() {
        for (el, f) in forms::collect(s, MAX_FORMS - read.len(), known) {
            read.push((el, si, f));
        }
    }
    read
}

/// Each control's owner among the forms `read` (`el.form`, else the
/// nearest form-like ancestor); no DOM reads when there are no forms.
fn owners_of<'a>(controls: impl Iterator<Item = &'a Element>, read: &[ReadForm]) -> Vec<Option<u32>> {
    if read.is_empty() {
        return controls.map(|_| None).collect();
    }
    // One lookup per control, not a comparison with every form.
    let index = crate::element_index::ElementIndex::new();
    for (i, (f, _, _)) in read.iter().enumerate() {
        index.set(f, i as u32);
    }
    controls
        .map(|el| {
            let owner = dom::owner_form(el).or_else(|| crate::aria::dom::closest_c(el, forms::FORM_SEL));
            owner.and_then(|o| index.get(&o))
        })
        .collect()
}

/// Whether discovery leaves the controls in the later items of big
/// repeated structures unread (see [`Discovery`]).
#[derive(Clone, Default)]
enum Sampling {
    /// On large pages.
    #[default]
    Large,
    /// On large pages, but not in these containers (whose groups turned out
    /// to need every control: see [`needs_unread`]).
    Except(Vec<Element>),
    /// Never: every control is read.
    Off,
}

impl Sampling {
    /// How a collection samples unless told otherwise: on large pages,
    /// until [`read_whole`] was asked.
    fn usual() -> Sampling {
        if reads_whole() {
            Sampling::Off
        } else {
            Sampling::Large
        }
    }
}

thread_local! {
    static WHOLE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// From now on, collections of this document read every control, those in
/// the later items of big repeated structures too (see [`Discovery`]): a
/// `pcd.query` for text may name the 400th link of an API page's sidebar,
/// which sampling leaves unread. The MiniPCD stays the same (that is what
/// sampling relies on); collections cost more.
pub(crate) fn read_whole() {
    WHOLE.with(|w| w.set(true));
}

/// Whether collections read every control (see [`read_whole`]).
pub(crate) fn reads_whole() -> bool {
    WHOLE.with(std::cell::Cell::get)
}

/// The control cap of collections now.
fn max_controls() -> usize {
    if reads_whole() {
        MAX_CONTROLS_WHOLE
    } else {
        MAX_CONTROLS
    }
}

/// Runs discovery: every scope, its controls, shadow content spliced in
/// at its host, at most `max_controls()`.
fn discover_all(document: &Document, sampling: Sampling) -> Discovery {
    let mut run = DiscoveryRun::new(document.clone(), sampling);
    loop {
        if let Some(d) = run.step() {
            return d;
        }
    }
}

/// A discovery taken one step at a time, so that a caller can yield to the
/// page between steps (`live`'s sliced first request and prefetch). Each
/// step is one of discovery's whole-page passes; at 50k elements they took
/// ~20 ms each, 77 ms in one go. Steps hold elements from the ones before:
/// the caller must start again after a structural change in between.
pub(crate) struct DiscoveryRun {
    document: Document,
    sampling: Sampling,
    scopes: Option<Vec<Scope>>,
    hits: Option<Vec<Option<web_sys::NodeList>>>,
    selected: Option<Vec<groups::Selected>>,
    plan: Option<Plan>,
}

/// What [`plan_unread`] found (see there).
type Plan = (Vec<Vec<groups::Shape>>, Vec<groups::Selected>, Vec<(usize, usize)>, Vec<Vec<discover::Unread>>);

impl DiscoveryRun {
    /// A discovery of `document` as a collection makes it (for callers
    /// that compute facts ahead of a collection, in slices).
    pub fn start(document: &Document) -> DiscoveryRun {
        DiscoveryRun::new(document.clone(), Sampling::usual())
    }

    fn new(document: Document, sampling: Sampling) -> DiscoveryRun {
        DiscoveryRun { document, sampling, scopes: None, hits: None, selected: None, plan: None }
    }

    /// The next step: the scopes (shadow roots, frames); each scope's
    /// candidates; on large pages what the group selectors find, and the
    /// big repeated structures whose later items go unread; the controls. The discovery once the last is done.
    pub fn step(&mut self) -> Option<Discovery> {
        let Some(scopes) = &self.scopes else {
            self.scopes = Some(frames::scopes(&self.document));
            return None;
        };
        let Some(hits) = &self.hits else {
            self.hits = Some(scopes.iter().map(|s| discover::candidates(&s.root)).collect());
            return None;
        };
        let Some(plan) = &self.plan else {
            let large = hits.iter().flatten().map(|l| l.length() as usize).sum::<usize>() >= SAMPLE_FROM;
            let except = match &self.sampling {
                Sampling::Large if large => Some(&[][..]),
                Sampling::Except(els) if large => Some(&els[..]),
                _ => None,
            };
            let Some(except) = except else {
                self.plan = Some(Default::default());
                return None;
            };
            // What the group selectors find, then the shapes: two passes.
            let Some(selected) = self.selected.take() else {
                self.selected = Some(scopes.iter().map(groups::Selected::of).collect());
                return None;
            };
            self.plan = Some(plan_unread(selected, except));
            return None;
        };
        let (_, _, sampled, spans) = plan;
        let mut per_scope: Vec<Vec<discover::Found>> = Vec::with_capacity(scopes.len());
        let mut budget = max_controls();
        for (si, s) in scopes.iter().enumerate() {
            let found = discover::controls(&s.root, hits[si].as_ref(), budget, spans.get(si).map_or(&[][..], Vec::as_slice));
            budget -= found.len().min(budget);
            per_scope.push(found);
        }
        let found: Vec<(discover::Found, usize)> = frames::in_page_order(scopes, &mut per_scope, 0, &|f: &discover::Found| &f.el).into_iter().take(max_controls()).collect();
        // Large is `SAMPLE_FROM` controls, not candidates (hidden popups' count
        // only as the latter): a page with fewer, counting the unchecked ones
        // as found, is read whole after all.
        if !sampled.is_empty() && found.len() < SAMPLE_FROM {
            return Some(discover_all(&self.document, Sampling::Off));
        }
        let unread = if sampled.is_empty() { Vec::new() } else { found.iter().map(|(f, _)| f.unread).collect() };
        let order = found.into_iter().map(|(f, si)| (f.el, f.clickable, si)).collect();
        let (scopes, (pre, selected, sampled, _)) = (self.scopes.take()?, self.plan.take()?);
        let sampling = std::mem::take(&mut self.sampling);
        Some(Discovery { scopes, order, pre, selected, sampled, unread, sampling, groups: Vec::new(), groups_read: 0, forms: None, forms_read: 0, landmarks: None })
    }
}

/// From what the group selectors found per scope: the shapes found by
/// structure alone, per scope; those that sample
/// (scope, index), but not those of `except`'s containers; and per scope
/// their later items' spans (see [`discover::Unread`]).
fn plan_unread(selected: Vec<groups::Selected>, except: &[Element]) -> Plan {
    let mut pre = Vec::with_capacity(selected.len());
    let mut sampled = Vec::new();
    let mut spans = vec![Vec::new(); selected.len()];
    let mut max = MAX_GROUPS;
    for (si, sel) in selected.iter().enumerate() {
        let shapes = groups::shapes(sel, &[], max, &[]);
        max -= shapes.len();
        for (k, shape) in shapes.iter().enumerate() {
            if groups::may_sample(shape, READ_ITEMS) && !except.contains(shape.el()) {
                let items = shape.items();
                spans[si].push(discover::Unread {
                    first: items[READ_ITEMS].clone(),
                    last: items[items.len() - 1].clone(),
                    sample: sampled.len() as u32,
                });
                sampled.push((si, k));
            }
        }
        pre.push(shapes);
    }
    (pre, selected, sampled, spans)
}

/// The containers of the sampled shapes whose later items must be read
/// after all: those that did not become a group, or whose group is no
/// collection (`qualifies`, on the members read).
fn needs_unread(d: &Discovery, groups: &[(usize, groups::Group)], controls: &[(Element, usize, ControlFact)]) -> Vec<Element> {
    if d.sampled.is_empty() {
        return Vec::new();
    }
    // Each group's members, and the groups by element: one pass each, not
    // one per sampled shape.
    let mut members: Vec<Vec<&ControlFact>> = vec![Vec::new(); groups.len()];
    for (_, _, f) in controls {
        if let Some(r) = f.group {
            members[r.group as usize].push(f);
        }
    }
    let by_el = crate::element_index::ElementIndex::new();
    for (gi, (_, g)) in groups.iter().enumerate() {
        by_el.set(&g.el, gi as u32);
    }
    d.sampled
        .iter()
        .map(|&(si, k)| d.pre[si][k].el())
        .zip(d.sampled.iter())
        .filter(|(el, &(si, _))| {
            let gi = by_el.get(el).map(|g| g as usize).filter(|&g| groups[g].0 == si);
            let Some(gi) = gi else { return true };
            !bc_core::pcd::collections::qualifies(&groups[gi].1.fact, &members[gi])
        })
        .map(|(el, _)| el.clone())
        .collect()
}

/// Collects and makes the registry the current one.
pub fn collect_current(document: &Document) -> PageFacts {
    let (facts, reg) = collect(document);
    set_current(reg);
    facts
}

/// Whether `el`'s subtree ends before `b` (which is not inside it).
fn ends_before(el: &Element, b: &Element) -> bool {
    let pos = el.compare_document_position(b);
    pos & web_sys::Node::DOCUMENT_POSITION_FOLLOWING != 0 && pos & web_sys::Node::DOCUMENT_POSITION_CONTAINED_BY == 0
}

/// The landmark around a shadow scope's host (through nested hosts).
fn host_landmark(scopes: &[Scope], s: &Scope) -> Option<Landmark> {
    if s.via != Via::Shadow {
        return None;
    }
    let host = s.host.as_ref()?;
    landmark::of(host).or_else(|| host_landmark(scopes, &scopes[s.parent?]))
}

/// For names used by at least `MIN_REPEATS` controls (at most
/// `MAX_REPEATED_NAMES` names), the first two controls with that name and
/// how many controls have it.
fn repeated_names<'a>(controls: impl Iterator<Item = (&'a Element, &'a str)>) -> Vec<groups::Repeated> {
    // Per name in first-seen order: how many controls, the first two.
    let mut by_name: Vec<(usize, &Element, Option<&Element>)> = Vec::new();
    let mut index: rustc_hash::FxHashMap<&str, usize> = Default::default();
    for (el, name) in controls {
        if name.is_empty() {
            continue;
        }
        match index.get(name) {
            Some(&i) => {
                let entry = &mut by_name[i];
                entry.0 += 1;
                entry.2.get_or_insert(el);
            }
            None => {
                index.insert(name, by_name.len());
                by_name.push((1, el, None));
            }
        }
    }
    by_name
        .into_iter()
        .filter(|(n, _, _)| *n >= MIN_REPEATS)
        .take(MAX_REPEATED_NAMES)
        .filter_map(|(n, a, b)| Some(groups::Repeated { first: a.clone(), second: b?.clone(), count: n }))
        .collect()
}

/// Sets each control's `group`: the innermost group (same scope) whose
/// container holds it, and the index of the item that holds it.
///
/// A scope's controls are in document order (shadow content is another
/// scope), so a group's controls are one run of them, found by binary
/// search; the run and the group's items are then walked side by side.
/// About two DOM calls per control instead of one binary search each.
fn assign_groups(
    controls: &mut [(Element, usize, ControlFact)],
    groups: &[(usize, groups::Group)],
) {
    for c in controls.iter_mut() {
        c.2.group = None;
    }
    let mut by_scope: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
    for (i, c) in controls.iter().enumerate() {
        by_scope.entry(c.1).or_default().push(i);
    }
    // Groups are in document order, so a later group holding a control is
    // nested in an earlier one: the innermost wins by overwriting.
    for (gi, (gs, g)) in groups.iter().enumerate() {
        let Some(run) = by_scope.get(gs) else { continue };
        let held = items_holding(&g.el, &g.items, run, |i| &controls[i].0);
        for (ci, item) in held {
            controls[ci].2.group = Some(GroupRef {
                group: gi as u32,
                item: item as u32,
            });
        }
    }
}

/// Of the controls `run` (indices, one scope, document order; `el_of`
/// gives each one's element), those inside one of `items` of `container`,
/// with that item's index. The run's controls inside the container are
/// found by binary search and walked side by side with the items: about
/// two DOM calls per control.
fn items_holding<'a>(container: &Element, items: &[Element], run: &[usize], el_of: impl Fn(usize) -> &'a Element) -> Vec<(usize, usize)> {
    let mut held = Vec::new();
    // First control at or after the container (its descendants follow it).
    let start = run.partition_point(|&i| el_of(i) != container && precedes(el_of(i), container));
    let mut item = 0;
    for &ci in &run[start..] {
        let el = el_of(ci);
        if !container.contains(Some(el)) {
            break;
        }
        // Skip items that end before this control: one call tells both
        // whether the item holds it and whether it comes after the item.
        let mut holds = false;
        while item < items.len() {
            let pos = items[item].compare_document_position(el);
            holds = pos == 0 || pos & web_sys::Node::DOCUMENT_POSITION_CONTAINED_BY != 0;
            if holds || pos & web_sys::Node::DOCUMENT_POSITION_FOLLOWING == 0 {
                break;
            }
            item += 1;
        }
        if holds {
            held.push((ci, item));
        }
    }
    held
}
