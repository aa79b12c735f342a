//! The page's live MiniPCD (seed 000 §5 "Updates", §11, §14): the latest
//! collection, its registry and its build, kept current by observers
//! instead of being rebuilt per request.
//!
//! Started lazily by the first request ([`current`]) or by a [`prefetch`]
//! (after a page summary: the first collection is prepared in idle slices);
//! from then on:
//! - `dirty.rs` — a `MutationObserver` (and state events) records what
//!   changed, bounded; past the bound, everything is dirty;
//! - `cache.rs` — each control's facts, re-used by the next collection
//!   unless a change could have touched them (conservative rules there);
//! - `idle.rs` — invalidated facts are recomputed in idle slices of ≤ 8 ms;
//! - `fold.rs` — an `IntersectionObserver` keeps above-the-fold current;
//! - `nav.rs` — SPA navigations (Navigation API, popstate, hashchange,
//!   URL checks) mark everything dirty and start a new version;
//! - `longtask.rs` — budgets halve for ~10 s after a long task.
//!
//! A request then costs: nothing when nothing changed (the same
//! `Rc<Built>`); a rebuild from stored facts when only boxes or the budget
//! changed; lookups and the few invalidated facts after text changes;
//! discovery too after other small changes; a full collection only the
//! first time or after everything changed. [`current_sliced`] does the
//! same without holding the main thread for long: the facts to compute
//! are computed ahead in ≤ 8 ms slices, yielding in between. `ts` moves
//! only when `bc_core::pcd::version` says the page is another version
//! (URL, title, landmark content replaced), never because we collected
//! again.

mod cache;
mod dirty;
mod dom;
mod fold;
mod idle;
mod longtask;
mod nav;

use crate::pcd::{self, Registry};
use bc_core::pcd::{build_with, Budget, Built, Fingerprint, PageFacts, Version};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::Document;

/// How the last request was served.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub enum Served {
    /// First request: everything collected.
    #[default]
    Full,
    /// Collected again, re-using the facts still valid.
    Recollected,
    /// Rebuilt from stored facts (boxes, title or budget changed).
    Rebuilt,
    /// Nothing changed: the previous build as it was.
    Cached,
}

/// What the last request cost (for tests and measurements).
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize)]
pub struct Stats {
    pub served: Served,
    /// Control facts computed (not re-used), idle slices since the
    /// previous request included.
    pub computed: u32,
    /// Discovery ran (it is skipped when only text changed).
    pub discovered: bool,
    /// Facts a [`prefetch`] computed ahead of this (first) request; not
    /// in `computed`.
    pub prefetched: u32,
    /// Groups read by the collection (the others' facts stood: only text
    /// changed, and none where they read it).
    pub groups_read: usize,
    /// Forms read by the collection (likewise).
    pub forms_read: usize,
    /// Facts held in the cache, and how many of them are valid.
    pub held: usize,
    pub valid: usize,
    /// For [`current_sliced`]: slices before the collection, and the
    /// longest stretch without yielding (the final collection included), ms.
    pub slices: u32,
    pub longest_ms: f64,
    /// Where the request's time went.
    pub phases: Phases,
}

/// Where a request's time went, ms; zero for steps it did not take.
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize)]
pub struct Phases {
    /// [`current_sliced`]'s slices before the collection (facts computed
    /// ahead, discovery), yields between them not counted.
    pub slices: f64,
    /// What those slices did.
    pub ahead: Ahead,
    /// The collection's steps (when it collected).
    pub collection: pcd::CollectionTimes,
    /// The core's MiniPCD build (when it rebuilt).
    pub core: f64,
}

/// Where [`current_sliced`]'s slices went, ms (a prefetch's idle slices
/// before the request not counted).
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize)]
pub struct Ahead {
    pub discovery: f64,
    /// Facts of new controls, and of those changes invalidated.
    pub facts: f64,
    pub groups: f64,
    pub forms: f64,
}

struct Live {
    facts: PageFacts,
    discovery: pcd::Discovery,
    registry: Rc<Registry>,
    built: Rc<Built>,
    budget: Budget,
    version: Version,
    cache: cache::Cache,
}

/// Facts computed ahead of a collection by [`current_sliced`]: the
/// discovery they follow, how far they got, and the structural change
/// count when the discovery ran (a later change makes it stale). Once
/// every control's facts are in, the groups and then the forms are read
/// ahead too, into the discovery (`groups_left`, `forms_left` until done).
struct Warming {
    discovery: pcd::Discovery,
    next: Option<usize>,
    groups_left: bool,
    forms_left: bool,
    seq: u32,
    origin: String,
}

thread_local! {
    static LIVE: RefCell<Option<Live>> = const { RefCell::new(None) };
    static STATS: RefCell<Stats> = RefCell::new(Stats::default());
    static STARTED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// Before the first collection: the cache a sliced first request (or a
    /// prefetch) fills.
    static FIRST: RefCell<Option<cache::Cache>> = const { RefCell::new(None) };
    /// Before the first collection: the discovery and warmed facts a
    /// prefetch prepared in idle slices, for the first request to go on from.
    static WARMING: RefCell<Option<Warming>> = const { RefCell::new(None) };
    /// Idle slices prepare the first collection ([`prefetch`]) until done
    /// or until a request takes over.
    static PREFETCH: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// Facts the prefetch computed, for the first request's [`Stats`].
    static PREFETCHED: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    /// What the last core build took (ms), until a request's stats take it.
    static CORE_MS: std::cell::Cell<f64> = const { std::cell::Cell::new(0.0) };
    /// A sliced request is under way (a prefetch would only race it).
    static SLICING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// What the slices of the sliced request under way did.
    static AHEAD: std::cell::Cell<Ahead> = const {
        std::cell::Cell::new(Ahead { discovery: 0.0, facts: 0.0, groups: 0.0, forms: 0.0 })
    };
}

/// Adds the time since `t0` to one of [`Ahead`]'s steps.
fn spent(t0: f64, step: fn(&mut Ahead) -> &mut f64) {
    let dt = dom::now() - t0;
    AHEAD.with(|a| {
        let mut v = a.get();
        *step(&mut v) += dt;
        a.set(v);
    });
}

/// Whether the observers run (a first request started them).
fn started() -> bool {
    STARTED.with(std::cell::Cell::get)
}

/// The current MiniPCD build of `document` (and its registry made the
/// current one, so the bindings' keys resolve to live elements). Cheap
/// when nothing changed since the previous call; see the module doc.
pub fn current(document: &Document) -> Rc<Built> {
    let t0 = dom::now();
    if !started() {
        start(document);
    }
    let (built, registry, stats) = LIVE.with(|l| {
        let mut l = l.borrow_mut();
        let (served, discovered) = refresh(&mut l, document);
        let live = l.as_mut().expect("refresh leaves a live state");
        let (held, valid) = live.cache.counts();
        let collected = matches!(served, Served::Full | Served::Recollected);
        let stats = Stats {
            served,
            computed: live.cache.take_computed(),
            prefetched: PREFETCHED.with(|p| p.replace(0)),
            discovered,
            groups_read: if collected { live.discovery.groups_read() } else { 0 },
            forms_read: if collected { live.discovery.forms_read() } else { 0 },
            held,
            valid,
            slices: 0,
            longest_ms: dom::now() - t0,
            phases: Phases {
                slices: 0.0,
                ahead: Ahead::default(),
                collection: if collected { pcd::last_collection_times() } else { pcd::CollectionTimes::default() },
                core: CORE_MS.with(|c| c.replace(0.0)),
            },
        };
        (live.built.clone(), live.registry.clone(), stats)
    });
    pcd::set_current_shared(registry);
    STATS.with(|s| *s.borrow_mut() = stats);
    idle::requested();
    longtask::own_work(t0, dom::now());
    built
}

/// Makes this page's collections read every control from now on
/// (`pcd::read_whole`: no sampling, a higher cap), when the current one
/// left some out; whether it does so now (the next request then
/// discovers again).
pub fn read_whole() -> bool {
    let partial = LIVE.with(|l| l.borrow().as_ref().is_some_and(|l| l.discovery.partial()));
    if !partial || pcd::reads_whole() {
        return false;
    }
    pcd::read_whole();
    // A discovery under way samples: moot now.
    DISCOVERING.with(|d| d.borrow_mut().take());
    dirty::rediscover();
    true
}

/// The facts behind the current build (for tests: a live state must hold
/// what a fresh collection reads, not only build the same MiniPCD).
pub fn facts() -> Option<PageFacts> {
    LIVE.with(|l| l.borrow().as_ref().map(|l| l.facts.clone()))
}

/// How the last [`current`] was served.
pub fn stats() -> Stats {
    STATS.with(|s| *s.borrow())
}

/// The budget a build would get now (halved after a long task).
pub fn budget() -> Budget {
    longtask::budget()
}

/// Whether a navigation was seen since the last request (for diagnostics:
/// the Navigation API and history events report it before any request
/// compares URLs).
pub fn navigation_pending() -> bool {
    dirty::with(|d| d.navigated)
}

/// When the latest long task that was not ours ended (`performance.now()`
/// ms), if one was seen.
pub fn last_long_task_end() -> Option<f64> {
    longtask::last_end()
}

/// Prepares the first collection while the page is idle: discovery, then
/// every control's facts, then the groups and the forms, in
/// `requestIdleCallback` slices (≤ 8 ms each but discovery's, each scope's
/// group shapes' and the forms', none while the tab is hidden), so that the first MiniPCD request finds them and
/// mostly looks facts up. Asked after a page
/// summary, which comes with a navigation or a question: requests for the
/// MiniPCD usually follow while the LLM reads it. Nothing once the live
/// state exists (idle slices keep that current): then `true`.
pub fn prefetch(document: &Document) -> bool {
    if SLICING.with(std::cell::Cell::get) {
        return false;
    }
    if LIVE.with(|l| l.try_borrow().map_or(true, |l| l.is_some())) {
        return true;
    }
    if !started() {
        start(document);
        FIRST.with(|f| *f.borrow_mut() = Some(cache::Cache::default()));
    }
    PREFETCH.with(|p| p.set(true));
    idle::requested();
    idle::schedule();
    false
}

/// Whether a [`prefetch`] still has work left (for tests and diagnostics).
pub fn prefetching() -> bool {
    PREFETCH.with(std::cell::Cell::get)
}

/// Facts prefetched so far that no request has taken yet (what the next
/// request's [`Stats::prefetched`] will say).
pub fn prefetched() -> u32 {
    PREFETCHED.with(std::cell::Cell::get)
}

fn start(document: &Document) {
    STARTED.with(|s| s.set(true));
    dirty::start(document);
    // From now on the observer tells read batches whether the DOM changed.
    crate::aria::set_dom_epoch(dirty::epoch);
    fold::start();
    longtask::start();
    idle::start(document);
    if let Some(w) = web_sys::window() {
        nav::start(&w);
    }
    // What happened before we watched is in the first collection.
    let _ = dirty::take();
}

/// Brings the live state up to date; how, and whether discovery ran.
fn refresh(l: &mut Option<Live>, document: &Document) -> (Served, bool) {
    let d = dirty::take();
    let budget = longtask::budget();
    let now = js_sys::Date::now();
    let Some(live) = l.as_mut() else {
        // A sliced first request or a prefetch may have computed facts (and
        // discovered) already; what changed since invalidates some.
        let mut cache = FIRST.with(|f| f.borrow_mut().take()).unwrap_or_default();
        cache.apply(&d);
        PREFETCH.with(|p| p.set(false));
        WARMING.with(|w| w.borrow_mut().take());
        let warmed = HANDOVER
            .with(|h| h.borrow_mut().take())
            .filter(|_| !d.structure);
        let discovered = warmed.is_none();
        let (facts, reg, discovery) = pcd::collect_with(document, &mut cache, warmed.as_ref());
        watch_scopes(&cache);
        let version = Version::first(Fingerprint::of(&facts), now);
        let t = dom::now();
        let built = Rc::new(build_with(&facts, version.ts, budget));
        CORE_MS.with(|c| c.set(dom::now() - t));
        let registry = Rc::new(reg);
        fold::sync(&facts, registry.elements());
        *l = Some(Live {
            facts,
            discovery,
            registry,
            built,
            budget,
            version,
            cache,
        });
        return (Served::Full, discovered);
    };
    live.cache.apply(&d);
    // Frame content moves with the page but is not observed (`fold.rs`).
    let recollect = d.any || d.all || d.navigated || (live.cache.has_frames() && fold::scrolled());
    let mut changed = false;
    // After text changes only, discovery's answer stands (frames aside:
    // their offsets move with any reflow); so does one a sliced request
    // just made.
    if let Some(w) = HANDOVER.with(|h| h.borrow_mut().take()) {
        live.discovery = w;
    }
    let keep = !d.structure && !live.cache.has_frames();
    if recollect {
        let (facts, reg, discovery) =
            pcd::collect_with(document, &mut live.cache, keep.then_some(&live.discovery));
        live.discovery = discovery;
        watch_scopes(&live.cache);
        changed = facts != live.facts;
        live.facts = facts;
        live.registry = Rc::new(reg);
        fold::sync(&live.facts, live.registry.elements());
    } else {
        if d.title {
            let title = document.title();
            changed |= title != live.facts.title;
            live.facts.title = title;
        }
        changed |= fold::apply(&mut live.facts);
    }
    if changed || d.navigated {
        live.version = live
            .version
            .next(Fingerprint::of(&live.facts), now, d.navigated);
    }
    let rebuilt = changed || d.navigated || budget != live.budget;
    if rebuilt {
        let t = dom::now();
        live.built = Rc::new(build_with(&live.facts, live.version.ts, budget));
        CORE_MS.with(|c| c.set(dom::now() - t));
        live.budget = budget;
    }
    let served = match (recollect, rebuilt) {
        (true, _) => Served::Recollected,
        (false, true) => Served::Rebuilt,
        (false, false) => Served::Cached,
    };
    (served, recollect && !keep)
}

/// Mutation-watches every shadow root and frame document the last
/// collection read (observing one again changes nothing).
fn watch_scopes(cache: &cache::Cache) {
    // The top document is watched from the start. Not simply the first
    // scope: with a modal dialog open in a shadow root, that root is.
    for root in &cache.inner_scope_roots() {
        dirty::observe(root);
    }
}

thread_local! {
    /// A discovery a sliced request made after the last structural change,
    /// for the collection that ends it.
    static HANDOVER: RefCell<Option<pcd::Discovery>> = const { RefCell::new(None) };
    /// The discovery [`prepare_slice`] is taking a step a slice, with the
    /// structure sequence number it started at.
    static DISCOVERING: RefCell<Option<(u32, pcd::DiscoveryRun)>> = const { RefCell::new(None) };
}

/// Slices one sliced request may take before finishing at once (a page
/// that keeps restructuring itself gets the rest done in one go).
const MAX_SLICES: usize = 64;

/// [`current`] without holding the page's main thread for long: the facts
/// the collection would compute — those changes invalidated, and those of
/// controls it has not seen (after a fresh discovery) — are computed first
/// in slices of the budget's `slice_ms` (8 ms, 4 after a long task),
/// yielding to the page in between; the collection that follows then
/// mostly looks facts up. Discovery takes its whole-page passes a slice
/// each, or several while a slice lasts (`pcd::DiscoveryRun`). What
/// changes while it yields is picked up like any change.
pub async fn current_sliced(document: &Document) -> Rc<Built> {
    if !started() {
        start(document);
        FIRST.with(|f| *f.borrow_mut() = Some(cache::Cache::default()));
    }
    // Go on from what a prefetch prepared; idle slices leave it to us now.
    PREFETCH.with(|p| p.set(false));
    SLICING.with(|s| s.set(true));
    AHEAD.with(|a| a.set(Ahead::default()));
    let mut warming: Option<Warming> = WARMING.with(|w| w.borrow_mut().take());
    let (mut slices, mut longest, mut sliced) = (0, 0.0f64, 0.0f64);
    for _ in 0..MAX_SLICES {
        let t0 = dom::now();
        let more = prepare_slice(document, &mut warming);
        let t1 = dom::now();
        longtask::own_work(t0, t1);
        slices += 1;
        longest = longest.max(t1 - t0);
        sliced += t1 - t0;
        if !more {
            break;
        }
        yield_to_page().await;
    }
    // A finished discovery with no structural change since stands in for
    // the collection's own (frames aside: their offsets may have moved).
    if let Some(w) = warming.filter(|w| w.next.is_none() && w.seq == dirty::structure_seq()) {
        let frames = w
            .discovery
            .scopes()
            .iter()
            .any(|s| s.via == pcd::frames::Via::Frame);
        if !frames {
            dirty::with(|d| d.structure = false);
            HANDOVER.with(|h| *h.borrow_mut() = Some(w.discovery));
        }
    }
    SLICING.with(|s| s.set(false));
    // A discovery the slices ran out before finishing is moot now.
    DISCOVERING.with(|d| d.borrow_mut().take());
    let built = current(document);
    STATS.with(|s| {
        let mut s = s.borrow_mut();
        s.slices = slices;
        s.longest_ms = s.longest_ms.max(longest);
        s.phases.slices = sliced;
        s.phases.ahead = AHEAD.with(std::cell::Cell::get);
    });
    built
}

/// One slice of [`current_sliced`]'s work; whether more is left.
fn prepare_slice(document: &Document, warming: &mut Option<Warming>) -> bool {
    let t0 = dom::now();
    let deadline = t0 + f64::from(longtask::budget().slice_ms);
    // Changes become invalidations; known facts they invalidated come first.
    let more = with_cache(|cache| {
        let d = dirty::take();
        cache.apply(&d);
        dirty::with(|x| {
            x.any |= d.any;
            x.structure |= d.structure;
            x.navigated |= d.navigated;
            x.title |= d.title;
        });
        cache.refresh(deadline)
    });
    spent(t0, |a| &mut a.facts);
    if more {
        return true;
    }
    let first = LIVE.with(|l| l.borrow().is_none());
    if !first && !dirty::with(|d| d.structure) {
        // Only text changed, or nothing: the collection is lookups.
        return false;
    }
    let seq = dirty::structure_seq();
    if warming.as_ref().is_none_or(|w| w.seq != seq) {
        let origin = document
            .location()
            .and_then(|l| l.origin().ok())
            .unwrap_or_default();
        // Discovery's whole-page passes (see `DiscoveryRun`), as many as
        // the slice has time for, at least one; a structural change in
        // between starts it again.
        let t0 = dom::now();
        let done = DISCOVERING.with(|d| {
            let mut d = d.borrow_mut();
            if d.as_ref().is_none_or(|(s, _)| *s != seq) {
                *d = Some((seq, pcd::DiscoveryRun::start(document)));
            }
            let (_, run) = d.as_mut()?;
            loop {
                if let Some(found) = run.step() {
                    *d = None;
                    return Some(found);
                }
                if dom::now() >= deadline {
                    return None;
                }
            }
        });
        spent(t0, |a| &mut a.discovery);
        let Some(discovery) = done else { return true };
        // Facts and groups computed ahead must see changes in the shadow
        // roots and frames found too, not only from the first collection on.
        for s in discovery.scopes().iter().filter(|s| s.via != pcd::frames::Via::Top) {
            dirty::observe(&s.root.node());
        }
        *warming = Some(Warming {
            discovery,
            next: Some(0),
            groups_left: true,
            forms_left: true,
            seq,
            origin,
        });
        return true;
    }
    let Some(w) = warming.as_mut() else {
        return false;
    };
    if let Some(from) = w.next {
        let t0 = dom::now();
        let mut next = None;
        with_cache(|cache| {
            next = cache.warm(&w.discovery, from, &w.origin, deadline);
            next.is_some()
        });
        spent(t0, |a| &mut a.facts);
        w.next = next;
        // The groups and forms go on in the next slices.
        return next.is_some() || w.groups_left || w.forms_left;
    }
    if w.groups_left {
        let t0 = dom::now();
        let discovery = &mut w.discovery;
        let left = with_cache(|cache| {
            // Text changes from here on are what the groups read next must
            // be compared with (none read yet: no earlier change matters).
            if discovery.groups_ahead_empty() {
                cache.list_text_changes();
            }
            discovery.read_groups_ahead(&|el| cache.fact_of(el), deadline)
        });
        spent(t0, |a| &mut a.groups);
        w.groups_left = left;
        return left || w.forms_left;
    }
    if w.forms_left {
        // The forms last, in a slice of their own. Facts computed from
        // here on make the collection read the forms holding them again.
        let t0 = dom::now();
        let discovery = &mut w.discovery;
        with_cache(|cache| {
            cache.forget_recomputed();
            discovery.read_forms_ahead(&|el| cache.fact_of(el))
        });
        spent(t0, |a| &mut a.forms);
        w.forms_left = false;
    }
    false
}

/// Runs `f` on the live cache, or before the first collection on the
/// cache a sliced first request fills.
fn with_cache(f: impl FnOnce(&mut cache::Cache) -> bool) -> bool {
    let mut f = Some(f);
    let done = LIVE.with(|l| {
        let mut l = l.borrow_mut();
        let live = l.as_mut()?;
        f.take().map(|f| f(&mut live.cache))
    });
    match (done, f) {
        (Some(more), _) => more,
        (None, Some(f)) => FIRST
            .with(|c| c.borrow_mut().as_mut().map(f))
            .unwrap_or(false),
        (None, None) => false,
    }
}

/// One idle slice of a [`prefetch`]: what a sliced first request's next
/// slice would do; whether work is left.
fn prefetch_slice() -> bool {
    if !PREFETCH.with(std::cell::Cell::get) {
        return false;
    }
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return false;
    };
    let more = WARMING.with(|w| {
        let Ok(mut w) = w.try_borrow_mut() else { return false };
        prepare_slice(&document, &mut w)
    });
    with_cache(|cache| {
        let n = cache.take_computed();
        PREFETCHED.with(|p| p.set(p.get() + n));
        false
    });
    if !more {
        PREFETCH.with(|p| p.set(false));
    }
    more
}

/// Lets the page run: resolves in a new task. `scheduler.yield()` where
/// there is one (its continuation goes ahead of other queued tasks, but
/// input and rendering still get their turn); else a zero timeout, which
/// browsers stretch to 4 ms from the fifth nested one on — a whole first
/// request takes a dozen slices, so that wait would be ~40 ms of nothing.
async fn yield_to_page() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let scheduled = js_sys::Reflect::get(&window, &"scheduler".into())
        .ok()
        .filter(|s| s.is_object())
        .and_then(|s| {
            let f = js_sys::Reflect::get(&s, &"yield".into()).ok()?;
            let f = f.dyn_ref::<js_sys::Function>()?;
            f.call0(&s).ok()?.dyn_into::<js_sys::Promise>().ok()
        });
    let promise = scheduled.unwrap_or_else(|| {
        js_sys::Promise::new(&mut |resolve, _| {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0);
        })
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// One idle slice: turns recorded changes into invalidations, then
/// recomputes invalid facts until `deadline`; whether work is left.
fn idle_slice(deadline: f64) -> bool {
    LIVE.with(|l| {
        let Ok(mut l) = l.try_borrow_mut() else {
            return false;
        };
        let Some(live) = l.as_mut() else {
            drop(l);
            return prefetch_slice();
        };
        let d = dirty::take();
        live.cache.apply(&d);
        // The request still needs to know that something changed.
        dirty::with(|x| {
            x.any |= d.any;
            x.structure |= d.structure;
            x.navigated |= d.navigated;
            x.title |= d.title;
        });
        live.cache.refresh(deadline)
    })
}
