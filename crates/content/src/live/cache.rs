//! Per-element control facts kept between collections — the collector's
//! [`FactCache`] — and which of them a change invalidates.
//!
//! Names dominate a collection's cost, and a name depends on the element's
//! own subtree, on labels elsewhere (`<label for>`, `aria-labelledby`) and,
//! through CSS, on its ancestors' attributes. The rules here are
//! conservative (a fact survives only when nothing it can depend on
//! changed):
//! - a changed attribute invalidates the element's own fact, its ancestors'
//!   (names from content) and its descendants' (visibility, roles,
//!   `disabled`, CSS-generated content all inherit);
//! - changed children or text invalidate the element's and its ancestors'
//!   facts, and those of elements inside an insertion (moved, so their
//!   context changed);
//! - a `<label>` among those invalidates its control; an element with an
//!   `id` invalidates the controls that `aria-labelledby` it (each cached
//!   fact records the ids it references); a changed `id` or `for` itself
//!   invalidates every labelled or labelable control; a heading makes the
//!   `heading` context of the controls after it stale (only that field is
//!   re-read);
//! - shadow and frame content is invalidated with its host.
//!
//! Elements are keys of a JS `Map` (the DOM must never be marked, and
//! Rust cannot hash a JS object). Invalid entries keep their element and
//! scope, so idle slices can recompute them before the next request
//! ([`Cache::refresh`]).

use super::dirty::Dirty;
use super::dom;
use crate::element_index::ElementIndex;
use crate::pcd::frames::{precedes, Scope, Via};
use crate::pcd::{self, Cached, FactCache};
use bc_core::pcd::ControlFact;
use bc_core::types::Landmark;
use rustc_hash::FxHashMap as HashMap;
use std::rc::Rc;
use wasm_bindgen::JsValue;
use web_sys::{Element, Node};

/// Labels or ids looked up inside one inserted or removed subtree, at most;
/// beyond, every fact that could depend on one is invalidated.
const MAX_SUBTREE_LOOKUPS: u32 = 32;
/// Levels above a change checked for a `<label>` or a heading around it.
const LABEL_LEVELS: usize = 6;
const HEADING_LEVELS: usize = 4;

/// What a fact inherits from the scope it was found in.
struct ScopeCtx {
    scope: Scope,
    host_landmark: Option<Landmark>,
    /// Shadow hosts and iframes between the scope and the top document.
    hosts: Vec<Element>,
    top: bool,
}

struct Entry {
    el: Element,
    fact: ControlFact,
    clickable: bool,
    ctx: Rc<ScopeCtx>,
    valid: bool,
    heading_stale: bool,
    /// Ids its own `aria-labelledby` references.
    refs: Vec<String>,
    /// A descendant has `aria-labelledby` (names from content follow it).
    desc_refs: bool,
    /// The collection that last saw it.
    seen: u32,
}

/// The cache (see the module doc).
pub struct Cache {
    map: ElementIndex,
    entries: Vec<Option<Entry>>,
    free: Vec<u32>,
    generation: u32,
    scopes: Vec<Rc<ScopeCtx>>,
    origin: String,
    /// Top-document entries of the last collection.
    top: Vec<u32>,
    /// Entries in shadow roots and frames.
    nested: Vec<u32>,
    next_top: Vec<u32>,
    next_nested: Vec<u32>,
    refs: HashMap<String, Vec<u32>>,
    desc_refs: Vec<u32>,
    /// Entries to recompute (invalid) or re-read the heading of.
    pending: Vec<u32>,
    has_frames: bool,
    /// Facts computed (not re-used) since the counter was last read.
    computed: u32,
    /// Elements whose facts were computed (in idle slices, ahead of or in
    /// a collection) since the last collection took the list: their names
    /// may differ from what that collection's forms read. `None` past
    /// [`MAX_RECOMPUTED`] (a page that keeps changing while no request
    /// comes): then every form is read again.
    recomputed: Option<Vec<Element>>,
    /// Elements whose text or children changed since the last collection
    /// began, when that is all that changed and they are few; `None` when
    /// unknown (before the first collection, or after other or too many
    /// changes). Tells the collection which groups may read differently.
    text_changed: Option<Vec<Element>>,
}

/// Recomputed facts [`Cache::recomputed`] lists before it gives up.
const MAX_RECOMPUTED: usize = 256;

/// Text changes [`Cache::text_changed`] lists before it gives up.
const MAX_TEXT_CHANGED: usize = 32;

impl Default for Cache {
    fn default() -> Self {
        Cache {
            map: ElementIndex::new(),
            entries: Vec::new(),
            free: Vec::new(),
            generation: 0,
            scopes: Vec::new(),
            origin: String::new(),
            top: Vec::new(),
            nested: Vec::new(),
            next_top: Vec::new(),
            next_nested: Vec::new(),
            refs: HashMap::default(),
            desc_refs: Vec::new(),
            pending: Vec::new(),
            has_frames: false,
            computed: 0,
            recomputed: Some(Vec::new()),
            text_changed: None,
        }
    }
}

fn same_scope(a: &ScopeCtx, b: &ScopeCtx) -> bool {
    a.scope.frame_path == b.scope.frame_path
        && a.scope.in_shadow == b.scope.in_shadow
        && a.host_landmark == b.host_landmark
}

impl Cache {
    fn slot(&self, el: &Element) -> Option<u32> {
        self.map.get(el)
    }

    fn entry(&self, slot: u32) -> Option<&Entry> {
        self.entries.get(slot as usize)?.as_ref()
    }

    fn el(&self, slot: u32) -> &Element {
        &self.entries[slot as usize]
            .as_ref()
            .expect("listed entries exist")
            .el
    }

    /// Whether the last collection read same-origin frames (their boxes
    /// move with the top page's scrolling, which no observer reports).
    pub fn has_frames(&self) -> bool {
        self.has_frames
    }

    /// The roots of the last collection's scopes other than the top
    /// document's own tree (shadow roots and frame documents: what its
    /// observer does not reach). While a modal dialog narrows the page's
    /// scopes, also every other shadow root of the page: a web
    /// component's dialog opening over it is a change there.
    pub fn inner_scope_roots(&self) -> Vec<Node> {
        use crate::pcd::frames::{page_shadow_roots, Root, Via};
        let mut roots: Vec<Node> = self.scopes.iter().filter(|c| c.scope.via != Via::Top).map(|c| c.scope.root.node()).collect();
        let narrowed = self.scopes.iter().any(|c| c.scope.frame_path.is_empty() && matches!(c.scope.root, Root::Modal(..)));
        if let Some(doc) = web_sys::window().and_then(|w| w.document()).filter(|_| narrowed) {
            roots.extend(page_shadow_roots(&doc));
        }
        roots
    }

    /// Facts computed rather than re-used since the last call.
    pub fn take_computed(&mut self) -> u32 {
        std::mem::take(&mut self.computed)
    }

    /// Entries held and how many of them are still valid.
    pub fn counts(&self) -> (usize, usize) {
        let held = self.entries.iter().flatten().count();
        let valid = self.entries.iter().flatten().filter(|e| e.valid).count();
        (held, valid)
    }

    fn invalidate(&mut self, slot: u32) {
        if let Some(Some(e)) = self.entries.get_mut(slot as usize) {
            if e.valid {
                e.valid = false;
                self.pending.push(slot);
            }
        }
    }

    fn invalidate_el(&mut self, el: &Element) {
        if let Some(s) = self.slot(el) {
            self.invalidate(s);
        }
    }

    fn stale_heading(&mut self, slot: u32) {
        if let Some(Some(e)) = self.entries.get_mut(slot as usize) {
            if e.valid && !e.heading_stale {
                e.heading_stale = true;
                self.pending.push(slot);
            }
        }
    }

    /// The facts of `el` while they are valid (for groups and forms read
    /// ahead of a collection: `pcd::Discovery::read_groups_ahead`,
    /// `read_forms_ahead`).
    pub fn fact_of(&self, el: &Element) -> Option<&ControlFact> {
        let e = self.entry(self.slot(el)?)?;
        e.valid.then_some(&e.fact)
    }

    /// Facts computed from now on are the next collection's to check its
    /// forms against (`FactCache::take_recomputed`): forms are read now.
    pub fn forget_recomputed(&mut self) {
        self.recomputed = Some(Vec::new());
    }

    /// From now on, lists text changes for the next collection (see
    /// [`Cache::text_changed`]): what is read after this call is compared
    /// with them. Only for reads its groups come from — a discovery read
    /// ahead and handed to that collection.
    pub fn list_text_changes(&mut self) {
        self.text_changed = Some(Vec::new());
    }

    /// Every fact is suspect (a style sheet changed, a navigation, too many
    /// changes); entries stay for idle recomputation.
    pub fn invalidate_all(&mut self) {
        for s in 0..self.entries.len() as u32 {
            self.invalidate(s);
        }
    }

    /// Keeps [`Cache::text_changed`] up to date with `d` (before anything
    /// else looks at it: a page without controls has groups too).
    fn note_text_changes(&mut self, d: &Dirty) {
        let only_text = !d.all && d.around.is_empty() && d.added.is_empty() && d.removed.is_empty();
        match self.text_changed.as_mut() {
            Some(list) if only_text && list.len() + d.up.len() <= MAX_TEXT_CHANGED => {
                list.extend(d.up.iter().cloned());
            }
            _ => self.text_changed = None,
        }
    }

    /// Turns recorded changes into invalidated facts (see the module doc).
    pub fn apply(&mut self, d: &Dirty) {
        self.note_text_changes(d);
        if d.all {
            self.invalidate_all();
            return;
        }
        if self.map.is_empty() {
            return;
        }
        let mut touched = Touched {
            any_id: d.relabelled,
            any_label: d.relabelled,
            ..Default::default()
        };
        let visited = js_sys::Set::new(&JsValue::UNDEFINED);
        for el in &d.up {
            self.climb(el, &visited, &mut touched);
        }
        for el in &d.around {
            self.climb(el, &visited, &mut touched);
            self.inside(el);
            // Headings inside may have been hidden or shown.
            if el.child_element_count() > 0
                && el.query_selector(pcd::HEADING_SEL).ok().flatten().is_some()
            {
                touched.headings.push(el.clone());
            }
        }
        for el in &d.added {
            self.inside(el);
            self.scan_subtree(el, el, true, &mut touched);
        }
        for (el, parent) in &d.removed {
            self.scan_subtree(el, parent, false, &mut touched);
        }
        for h in &touched.headings {
            self.headings_after(h);
        }
        let uses_ids = !self.refs.is_empty() || !self.desc_refs.is_empty();
        if uses_ids && (touched.any_id || !touched.ids.is_empty()) {
            let mut hit: Vec<u32> = self.desc_refs.clone();
            if touched.any_id {
                hit.extend(self.refs.values().flatten().copied());
            } else {
                for id in &touched.ids {
                    hit.extend(self.refs.get(id).into_iter().flatten().copied());
                }
            }
            for s in hit {
                self.invalidate(s);
            }
        }
        if touched.any_label {
            let labelable: Vec<u32> = (0..self.entries.len() as u32)
                .filter(|&s| {
                    self.entry(s).is_some_and(|e| {
                        matches!(
                            e.fact.tag.as_str(),
                            "input"
                                | "select"
                                | "textarea"
                                | "button"
                                | "meter"
                                | "output"
                                | "progress"
                        )
                    })
                })
                .collect();
            for s in labelable {
                self.invalidate(s);
            }
        }
    }

    /// `el` and the elements above it (through shadow hosts and frames):
    /// their facts go, as do those of controls a `<label>` among them
    /// labels; headings and ids among them are noted.
    fn climb(&mut self, el: &Element, visited: &js_sys::Set, touched: &mut Touched) {
        let check_ids = !self.refs.is_empty() || !self.desc_refs.is_empty();
        let mut cur = Some(el.clone());
        let mut depth = 0;
        while let Some(c) = cur {
            // Chains above the first levels are shared by many targets:
            // stop where another climb already went.
            if depth >= LABEL_LEVELS && visited.has(&c) {
                break;
            }
            visited.add(&c);
            self.invalidate_el(&c);
            if depth < LABEL_LEVELS && c.local_name() == "label" {
                if let Some(ctl) = dom::label_control(&c) {
                    self.invalidate_el(&ctl);
                }
            }
            if depth < HEADING_LEVELS && crate::aria::dom::matches(&c, pcd::HEADING_SEL) {
                touched.headings.push(c.clone());
            }
            if check_ids && c.has_attribute("id") {
                touched.ids.push(c.id());
            }
            cur = dom::up(&c);
            depth += 1;
        }
    }

    /// Facts of elements inside `r` (and of content whose host is inside):
    /// by looking up each element of `r`'s subtree when it is smaller than
    /// the cache, else by asking `r` about each cached element. Neither
    /// relies on the cache's order, which moves and removals upset.
    fn inside(&mut self, r: &Element) {
        let mut hit = Vec::new();
        let subtree = r.get_elements_by_tag_name("*");
        let n = subtree.length();
        if (n as usize) < self.top.len() {
            for i in 0..n {
                if let Some(s) = subtree.item(i).and_then(|el| self.slot(&el)) {
                    hit.push(s);
                }
            }
        } else {
            hit.extend(
                self.top
                    .iter()
                    .copied()
                    .filter(|&s| r.contains(Some(self.el(s)))),
            );
        }
        for &s in &self.nested {
            let e = self.entry(s).expect("listed entries exist");
            if r.contains(Some(&e.el)) || e.ctx.hosts.iter().any(|h| r.contains(Some(h))) {
                hit.push(s);
            }
        }
        for s in hit {
            self.invalidate(s);
        }
    }

    /// The `heading` context of controls after `h` may have changed (only
    /// that field is read again, and neighbours share their walks).
    fn headings_after(&mut self, h: &Element) {
        let mut hit: Vec<u32> = self
            .top
            .iter()
            .copied()
            .filter(|&s| precedes(h, self.el(s)))
            .collect();
        // Shadow and frame content: rare, so all of it.
        hit.extend_from_slice(&self.nested);
        for s in hit {
            self.stale_heading(s);
        }
    }

    /// Headings, labels and ids inside an inserted or removed subtree
    /// change the facts of controls elsewhere. `anchor` is where the
    /// subtree is (itself, or the parent a removed one left).
    fn scan_subtree(&mut self, n: &Element, anchor: &Element, added: bool, touched: &mut Touched) {
        use crate::aria::dom::matches;
        if matches(n, pcd::HEADING_SEL)
            || n.query_selector(pcd::HEADING_SEL).ok().flatten().is_some()
        {
            touched.headings.push(anchor.clone());
        }
        let mut labels: Vec<Element> = Vec::new();
        if n.local_name() == "label" {
            labels.push(n.clone());
        } else if n.child_element_count() > 0 {
            if let Ok(list) = n.query_selector_all("label") {
                if list.length() > MAX_SUBTREE_LOOKUPS {
                    touched.any_label = true;
                } else {
                    labels.extend(pcd::dom::elements(list));
                }
            }
        }
        for l in labels {
            let ctl = if added {
                dom::label_control(&l)
            } else {
                // A removed label finds nothing in its detached tree.
                l.get_attribute("for").and_then(|id| {
                    let root = anchor.get_root_node();
                    match root.node_type() {
                        dom::DOCUMENT => root
                            .unchecked_ref::<web_sys::Document>()
                            .get_element_by_id(&id),
                        _ => root
                            .unchecked_ref::<web_sys::DocumentFragment>()
                            .get_element_by_id(&id),
                    }
                })
            };
            if let Some(c) = ctl {
                self.invalidate_el(&c);
            }
        }
        if self.refs.is_empty() && self.desc_refs.is_empty() {
            return;
        }
        if n.has_attribute("id") {
            touched.ids.push(n.id());
        }
        if n.child_element_count() > 0 {
            if let Ok(list) = n.query_selector_all("[id]") {
                if list.length() > MAX_SUBTREE_LOOKUPS {
                    touched.any_id = true;
                } else {
                    touched.ids.extend(pcd::dom::elements(list).map(|e| e.id()));
                }
            }
        }
    }

    /// Recomputes pending entries until `deadline` (`performance.now()`
    /// ms); whether some are left.
    pub fn refresh(&mut self, deadline: f64) -> bool {
        // Reads only, no page code runs: labels and style sheets can be indexed once.
        let _reads = crate::aria::batch();
        while let Some(slot) = self.pending.pop() {
            if dom::now() >= deadline {
                self.pending.push(slot);
                return true;
            }
            let origin = &self.origin;
            let Some(Some(e)) = self.entries.get_mut(slot as usize) else {
                continue;
            };
            if !pcd::dom::is_connected(&e.el) {
                // Gone, or moved out: the next collection forgets it.
                continue;
            }
            if !e.valid {
                e.fact = pcd::control_fact(
                    &e.el,
                    e.clickable,
                    &e.ctx.scope,
                    e.ctx.host_landmark,
                    origin,
                    false,
                );
                (e.refs, e.desc_refs) = label_refs(&e.el);
                e.valid = true;
                e.heading_stale = false;
                self.computed += 1;
                note_recomputed(&mut self.recomputed, &e.el);
            } else if e.heading_stale {
                e.fact.heading = pcd::heading_of(&e.el, &e.fact);
                e.heading_stale = false;
            }
        }
        false
    }

    /// Computes, until `deadline`, the facts the next collection will need
    /// for `d`'s controls and does not hold yet, starting at `from` (an
    /// index into `d.order()`); where to go on, or `None` when done. The
    /// facts wait in the cache for that collection (an entry no collection
    /// sees is forgotten by the next one's end).
    pub fn warm(
        &mut self,
        d: &pcd::Discovery,
        from: usize,
        origin: &str,
        deadline: f64,
    ) -> Option<usize> {
        let _reads = crate::aria::batch();
        // Before the first collection (which sets it), facts recomputed by
        // `refresh` need the page's origin too (`external` links).
        self.origin = origin.to_owned();
        let ctxs = contexts(d.scopes(), &d.host_landmarks());
        for (i, (el, clickable, si)) in d.order().iter().enumerate().skip(from) {
            if dom::now() >= deadline {
                return Some(i);
            }
            // Left unread by the collection too (a later item of a big list).
            if d.unread(i) {
                continue;
            }
            let ctx = &ctxs[*si];
            let slot = self.slot(el);
            let fresh = slot
                .and_then(|s| self.entry(s))
                .is_some_and(|e| e.valid && e.clickable == *clickable && same_scope(&e.ctx, ctx));
            if fresh {
                continue;
            }
            let fact = pcd::control_fact(el, *clickable, &ctx.scope, ctx.host_landmark, origin, true);
            let slot = slot.unwrap_or_else(|| self.alloc(el));
            let (refs, desc_refs) = label_refs(el);
            let seen = self.entries[slot as usize]
                .as_ref()
                .map_or(self.generation, |e| e.seen);
            self.entries[slot as usize] = Some(Entry {
                el: el.clone(),
                fact,
                clickable: *clickable,
                ctx: ctx.clone(),
                valid: true,
                heading_stale: false,
                refs,
                desc_refs,
                seen,
            });
            self.computed += 1;
            note_recomputed(&mut self.recomputed, el);
            // Changes until the collection must reach it like any entry.
            if ctx.top {
                self.top.push(slot);
            } else {
                self.nested.push(slot);
            }
        }
        None
    }

    /// A slot for `el`, mapped.
    fn alloc(&mut self, el: &Element) -> u32 {
        let s = self.free.pop().unwrap_or(self.entries.len() as u32);
        if s as usize == self.entries.len() {
            self.entries.push(None);
        }
        self.map.set(el, s);
        s
    }

    fn index_refs(&mut self) {
        self.refs.clear();
        self.desc_refs.clear();
        for (s, e) in self.entries.iter().enumerate() {
            let Some(e) = e else { continue };
            for id in &e.refs {
                self.refs.entry(id.clone()).or_default().push(s as u32);
            }
            if e.desc_refs {
                self.desc_refs.push(s as u32);
            }
        }
    }

    fn record_order(&mut self, slot: u32, si: usize) {
        if self.scopes[si].top {
            self.next_top.push(slot);
        } else {
            self.next_nested.push(slot);
        }
    }
}

/// Lists `el` among the recomputed facts, up to [`MAX_RECOMPUTED`].
fn note_recomputed(list: &mut Option<Vec<Element>>, el: &Element) {
    match list {
        Some(l) if l.len() < MAX_RECOMPUTED => l.push(el.clone()),
        _ => *list = None,
    }
}

/// What each scope's facts inherit, with the chain of hosts above it.
fn contexts(scopes: &[Scope], host_landmarks: &[Option<Landmark>]) -> Vec<Rc<ScopeCtx>> {
    scopes
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mut hosts = Vec::new();
            let mut cur = Some(i);
            while let Some(c) = cur {
                hosts.extend(scopes[c].host.clone());
                cur = scopes[c].parent;
            }
            Rc::new(ScopeCtx {
                scope: s.clone(),
                host_landmark: host_landmarks.get(i).copied().flatten(),
                hosts,
                top: s.via == Via::Top,
            })
        })
        .collect()
}

/// Ids `el` references with `aria-labelledby`, and whether a descendant
/// references some.
fn label_refs(el: &Element) -> (Vec<String>, bool) {
    let own = el
        .get_attribute("aria-labelledby")
        .map(|v| v.split_ascii_whitespace().map(str::to_owned).collect())
        .unwrap_or_default();
    let desc = el.child_element_count() > 0
        && el
            .query_selector("[aria-labelledby]")
            .ok()
            .flatten()
            .is_some();
    (own, desc)
}

/// What a change touched beyond the elements themselves.
#[derive(Default)]
struct Touched {
    headings: Vec<Element>,
    ids: Vec<String>,
    any_id: bool,
    any_label: bool,
}

use wasm_bindgen::JsCast;

impl FactCache for Cache {
    fn begin(&mut self, scopes: &[Scope], host_landmarks: &[Option<Landmark>], page_origin: &str) -> Option<Vec<Element>> {
        self.generation = self.generation.wrapping_add(1);
        self.origin = page_origin.to_owned();
        self.next_top.clear();
        self.next_nested.clear();
        self.has_frames = scopes.iter().any(|s| s.via == Via::Frame);
        self.scopes = contexts(scopes, host_landmarks);
        // From here on, changes are the next collection's.
        self.text_changed.replace(Vec::new())
    }

    fn get(&mut self, el: &Element, clickable: bool, si: usize) -> Option<Cached> {
        let slot = self.slot(el)?;
        let ctx = self.scopes.get(si)?.clone();
        let generation = self.generation;
        let e = self.entries.get_mut(slot as usize)?.as_mut()?;
        if !e.valid || e.clickable != clickable || !same_scope(&e.ctx, &ctx) {
            return None;
        }
        let first = e.seen != generation;
        e.seen = generation;
        e.ctx = ctx;
        let cached = Cached {
            fact: e.fact.clone(),
            heading_stale: e.heading_stale,
        };
        if first {
            self.record_order(slot, si);
        }
        Some(cached)
    }

    fn put(&mut self, el: &Element, clickable: bool, si: usize, fact: &ControlFact) {
        let Some(ctx) = self.scopes.get(si).cloned() else {
            return;
        };
        let slot = match self.slot(el) {
            Some(s) => s,
            None => self.alloc(el),
        };
        let first = self.entries[slot as usize]
            .as_ref()
            .is_none_or(|e| e.seen != self.generation);
        let (refs, desc_refs) = label_refs(el);
        self.entries[slot as usize] = Some(Entry {
            el: el.clone(),
            fact: fact.clone(),
            clickable,
            ctx,
            valid: true,
            heading_stale: false,
            refs,
            desc_refs,
            seen: self.generation,
        });
        self.computed += 1;
        note_recomputed(&mut self.recomputed, el);
        if first {
            self.record_order(slot, si);
        }
    }

    fn take_recomputed(&mut self) -> Option<Vec<Element>> {
        self.recomputed.replace(Vec::new())
    }

    fn heading_read(&mut self, el: &Element, heading: &Option<String>) {
        let Some(slot) = self.slot(el) else { return };
        if let Some(Some(e)) = self.entries.get_mut(slot as usize) {
            e.fact.heading = heading.clone();
            e.heading_stale = false;
        }
    }

    fn end(&mut self) {
        for s in 0..self.entries.len() {
            let gone = self.entries[s]
                .as_ref()
                .is_some_and(|e| e.seen != self.generation);
            if gone {
                let e = self.entries[s].take().expect("checked above");
                self.map.remove(&e.el);
                self.free.push(s as u32);
            }
        }
        self.top = std::mem::take(&mut self.next_top);
        self.nested = std::mem::take(&mut self.next_nested);
        let entries = &self.entries;
        self.pending.retain(|&s| {
            entries[s as usize]
                .as_ref()
                .is_some_and(|e| !e.valid || e.heading_stale)
        });
        self.index_refs();
    }
}
