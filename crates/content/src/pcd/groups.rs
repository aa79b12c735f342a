//! Repeated structures that may be collections: lists, tables and grids,
//! feeds, and card grids (a container whose children share a tag + class
//! signature). Reads what names them and up to five sample items; the core
//! decides which are collections and what their item fields are.

use super::{
    context, dom,
    frames::{precedes, Scope},
    landmark,
};
use crate::aria::{self, dom as adom, Role};
use bc_core::pcd::{GroupFact, ItemSample};
use web_sys::Element;

/// Lists, tables, grids and feeds, native or by role.
fn structured_sel() -> &'static str {
    thread_local! {
        static SEL: &'static str = Box::leak(
            format!("ul, ol, table, {}", aria::dom::role_is(&["list", "table", "grid", "treegrid", "feed"].map(|r| (r, ""))))
                .into_boxed_str(),
        );
    }
    SEL.with(|s| *s)
}

/// Class names that suggest a card container; checked for a shared child
/// signature. `[class]` first: an element without one fails at once
/// instead of after six substring tests.
const CARD_HINT_SEL: &str =
    "[class]:is([class*=grid i], [class*=list i], [class*=cards i], [class*=results i], \
[class*=products i], [class*=items i]):not(ul, ol, table, tbody, thead, tr, [role])";
/// Card-hint containers looked at, at most.
const MAX_HINTED: usize = 60;
/// Children read for a card container's signature, at most.
const MAX_CHILDREN: u32 = 500;
const MIN_CARDS: usize = 3;
const MAX_SAMPLES: usize = 5;
const MAX_PIECES: usize = 12;
const MAX_PIECE: usize = 120;

/// A name at least `MIN_REPEATS` controls of a scope share (e.g. several
/// "Add to cart"): the first two such controls, whose common container is
/// a card-grid candidate, and how many controls have the name.
#[derive(Clone, PartialEq)]
pub struct Repeated {
    pub first: Element,
    pub second: Element,
    pub count: usize,
}

/// A group with its container and all its item elements (for membership).
pub struct Group {
    pub el: Element,
    pub items: Vec<Element>,
    pub fact: GroupFact,
}

/// A repeated structure accepted as a group: its container, what kind of
/// structure it is, and its rendered items. Text cannot change it (no
/// selector, role or hidden check here reads text), so a collection after
/// text changes only re-reads what the [`Group`] says about it
/// ([`build`]).
#[derive(Clone)]
pub struct Shape {
    el: Element,
    kind: Kind,
    items: Vec<Element>,
}

/// What the selectors find in a scope before any control is read: the
/// lists, tables, grids and feeds with their kind, and the containers whose
/// class suggests cards (at most `MAX_HINTED`), each in document order.
/// Neither text nor control names change it, so the two looks at a large
/// page's groups (by structure in discovery, then with the control names)
/// share one selection: the two selectors take about 3 ms on a 10k-element
/// page.
#[derive(Clone, Default)]
pub struct Selected {
    structured: Vec<(Element, Kind)>,
    hinted: Vec<Element>,
}

impl Selected {
    pub fn of(scope: &Scope) -> Selected {
        let structured = scope
            .root
            .select(structured_sel())
            .into_iter()
            .filter_map(|el| structured_kind(&el).map(|kind| (el, kind)))
            .collect();
        let mut hinted = scope.root.select(CARD_HINT_SEL);
        hinted.truncate(MAX_HINTED);
        Selected { structured, hinted }
    }
}

/// The repeated structures `selected` in a scope accepted as groups, document order,
/// at most `max`. The common container of each [`Repeated`] name's first
/// two controls is a card-grid candidate; it is one only when the name
/// could be on at least half its cards (`2 × count ≥ cards`): a wrapper of
/// page sections, a few of which hold the same form with a "Full name"
/// field, is no grid of "Full name" cards; one "Add to cart" per product
/// card is. (`count` counts the scope's controls, inside the container or
/// not: an upper bound, so no real grid is turned down for it.)
/// A container with a telling class (`CARD_HINT_SEL`) needs no such name.
///
/// Candidates are put in page order first and their items read only until
/// `max` are accepted: on large pages most of the cost is reading items
/// (and their hidden checks) of candidates past the cap. The result is the
/// one of reading them all, then sorting and truncating: the accepted
/// candidates keep their page order, and a card candidate is still passed
/// over when an earlier candidate for the same element was accepted
/// (stable sort: duplicates stay in their first-listed order).
///
/// `known` are shapes an earlier call accepted in this scope (document
/// order, same DOM): a candidate among them is taken as it was, without
/// reading its items again.
pub fn shapes(selected: &Selected, repeated: &[Repeated], max: usize, known: &[Shape]) -> Vec<Shape> {
    let mut candidates: Vec<(Element, Candidate)> = selected
        .structured
        .iter()
        .map(|(el, kind)| (el.clone(), Candidate::Structured(*kind)))
        .collect();
    // One candidate per container of repeated names, with the largest
    // count among the names that lead to it.
    let mut named: Vec<(Element, usize)> = Vec::new();
    for r in repeated {
        let Some(c) = common_container(&r.first, &r.second) else { continue };
        match named.iter_mut().find(|(x, _)| *x == c) {
            Some((_, n)) => *n = (*n).max(r.count),
            None => named.push((c, r.count)),
        }
    }
    let cards = named
        .into_iter()
        .map(|(el, n)| (el, Candidate::Named(n)))
        .chain(selected.hinted.iter().map(|el| (el.clone(), Candidate::Hinted)));
    // Structured candidates are in document order already; each card
    // candidate goes after everything at or before it (where a stable
    // insertion sort would put it), found by binary search.
    for (el, c) in cards {
        let pos = candidates.partition_point(|(x, _)| !precedes(&el, x));
        candidates.insert(pos, (el, c));
    }
    let mut found: Vec<Shape> = Vec::new();
    let mut known = known.iter().peekable();
    for (el, candidate) in candidates {
        if found.len() >= max {
            break;
        }
        let kind = match candidate {
            Candidate::Structured(kind) => Some(kind),
            Candidate::Named(_) | Candidate::Hinted => None,
        };
        // Candidates for one element are next to each other, so an
        // accepted one is the last accepted (structured ones are unique).
        if kind.is_none() && found.last().is_some_and(|f| f.el == el) {
            continue;
        }
        // Known shapes before this candidate were not candidates this time.
        while known.peek().is_some_and(|k| k.el != el && precedes(&k.el, &el)) {
            known.next();
        }
        if let Some(k) = known.next_if(|k| k.kind == kind.unwrap_or(Kind::Cards) && k.el == el) {
            found.push(k.clone());
            continue;
        }
        // A hidden container is never a group: its items need no reading.
        if aria::is_hidden(&el) {
            continue;
        }
        let (kind, items, min) = match kind {
            Some(kind) => (kind, items_of(&el, kind), 2),
            None => (Kind::Cards, card_items(&el), MIN_CARDS),
        };
        let named_enough = match candidate {
            Candidate::Named(n) => 2 * n >= items.len(),
            _ => true,
        };
        if items.len() >= min && named_enough {
            found.push(Shape { el, kind, items });
        }
    }
    found
}

impl Shape {
    pub fn el(&self) -> &Element {
        &self.el
    }

    pub fn items(&self) -> &[Element] {
        &self.items
    }
}

/// Whether the controls past the first `read` items of `shape` may go
/// unread on a large page: a list, table, grid, feed or card grid of at
/// least twice that many items, outside navigation, header, footer and
/// pagination (whose every link counts). The collector still reads them
/// when the group does not turn out to be a collection.
pub fn may_sample(shape: &Shape, read: usize) -> bool {
    use bc_core::types::Landmark;
    shape.items.len() >= 2 * read
        && !matches!(landmark::of(&shape.el), Some(Landmark::Nav | Landmark::Header | Landmark::Footer))
        && !context::in_pagination(&shape.el, "")
}

/// Why an element is looked at as a possible group.
#[derive(Clone, Copy)]
enum Candidate {
    /// A list, table, grid or feed by its role.
    Structured(Kind),
    /// The common container of a repeated name's first two controls, with
    /// how many controls have the name.
    Named(usize),
    /// A container whose class suggests cards.
    Hinted,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    List,
    Table,
    AriaGrid,
    Feed,
    Cards,
}

fn structured_kind(el: &Element) -> Option<Kind> {
    Some(match (aria::computed_role(el)?, dom::tag(el).as_str()) {
        (Role::List, _) => Kind::List,
        (Role::Table | Role::Grid | Role::TreeGrid, "table") => Kind::Table,
        (Role::Table | Role::Grid | Role::TreeGrid, _) => Kind::AriaGrid,
        (Role::Feed, _) => Kind::Feed,
        _ => return None,
    })
}

/// Rendered items: list items, body rows (rows with data cells), articles.
fn items_of(el: &Element, kind: Kind) -> Vec<Element> {
    let sel = match kind {
        Kind::List => ":scope > li, :scope > [role~=listitem i]",
        Kind::Table => ":scope > tbody > tr:has(> td), :scope > tr:has(> td)",
        Kind::AriaGrid => "[role~=row i]:has([role~=gridcell i], [role~=cell i])",
        Kind::Feed => ":scope > article, :scope > [role~=article i]",
        Kind::Cards => return card_items(el),
    };
    dom::select(el, sel)
        .filter(|i| !aria::is_hidden(i))
        .collect()
}

/// The lowest common ancestor of two elements (bounded climb).
fn common_container(a: &Element, b: &Element) -> Option<Element> {
    let mut cur = a.parent_element();
    for _ in 0..12 {
        let c = cur?;
        if c.contains(Some(b)) {
            // Repeats inside a list or table (native or ARIA: a virtualized
            // grid's row group) are that structure's items already.
            return (!dom::matches(&c, "ul, ol, table, tbody, thead, tr, body, html, [role~=rowgroup i], [role~=row i], [role~=list i], [role~=table i], [role~=grid i], [role~=treegrid i]")).then_some(c);
        }
        cur = c.parent_element();
    }
    None
}

/// Children sharing the most common tag + first-class signature, if at
/// least `MIN_CARDS` share one.
fn card_items(el: &Element) -> Vec<Element> {
    let children = el.children();
    let n = children.length().min(MAX_CHILDREN);
    let mut sigs: Vec<(String, Element)> = Vec::with_capacity(n as usize);
    for i in 0..n {
        let Some(c) = children.item(i) else { continue };
        let class = c.get_attribute("class").unwrap_or_default();
        let first = class.split_ascii_whitespace().next().unwrap_or("");
        sigs.push((format!("{}.{first}", c.local_name()), c));
    }
    let mut counts: rustc_hash::FxHashMap<&str, usize> = Default::default();
    for (s, _) in &sigs {
        *counts.entry(s.as_str()).or_default() += 1;
    }
    let best = counts.into_iter().max_by_key(|(_, c)| *c);
    let Some((sig, count)) = best else {
        return Vec::new();
    };
    if count < MIN_CARDS {
        return Vec::new();
    }
    let sig = sig.to_owned();
    sigs.into_iter()
        .filter(|(s, _)| *s == sig)
        .map(|(_, c)| c)
        .filter(|c| !aria::is_hidden(c))
        .collect()
}

/// Whether a text change at one of `changed` may have changed a heading's
/// text (in or around one): any group's label may be the heading before
/// it, so then every group is read again. Asked once per collection, not
/// per group.
pub fn headings_touched(changed: &[Element]) -> bool {
    changed.iter().any(|x| {
        dom::closest(x, context::HEADING_SEL).is_some()
            || (x.child_element_count() > 0 && dom::select_one(x, context::HEADING_SEL).is_some())
    })
}

/// Whether text changes at `changed` (elements whose text or children
/// changed, nothing else, none of them at a heading: [`headings_touched`])
/// leave what [`build`] reads of `shape` as it was, its box aside.
/// Conservative: no change inside the container (samples, caption,
/// columns), none in the siblings an "N results" count is read from, and
/// no `aria-labelledby` (its label may be any element's text).
pub fn untouched(shape: &Shape, changed: &[Element]) -> bool {
    if changed.is_empty() {
        return true;
    }
    if shape.el.has_attribute("aria-labelledby") {
        return false;
    }
    let counted = count_siblings(&shape.el);
    changed
        .iter()
        .all(|x| !shape.el.contains(Some(x)) && !counted.iter().any(|s| s.contains(Some(x))))
}

/// `shape` with the `fact` an earlier collection read ([`untouched`] by
/// the changes since), its box read again.
pub fn with_fact(shape: &Shape, mut fact: GroupFact, scope: &Scope) -> Group {
    fact.top = shape.el.get_bounding_client_rect().top() + scope.dy;
    Group { el: shape.el.clone(), items: shape.items.clone(), fact }
}

/// What `shape` says now: its name, columns, counts, sample items, box.
pub fn build(shape: &Shape, scope: &Scope) -> Group {
    let Shape { el, kind, items } = shape.clone();
    let label = if el.has_attribute("aria-label") || el.has_attribute("aria-labelledby") {
        Some(aria::accessible_name(&el)).filter(|n| !n.is_empty())
    } else {
        None
    }
    .or_else(|| {
        dom::select_one(&el, ":scope > caption")
            .map(|c| dom::short_text(&c, 200))
            .filter(|t| !t.is_empty())
    })
    .or_else(|| context::heading(&el));
    let columns = match kind {
        Kind::Table => table_columns(&el),
        Kind::AriaGrid => dom::select(&el, "[role~=columnheader i]")
            .map(|h| dom::short_text(&h, MAX_PIECE))
            .collect(),
        _ => Vec::new(),
    };
    let item_count = items.len() as u32;
    let declared = declared_count(&el, &items, !columns.is_empty()).filter(|d| *d > item_count);
    let samples = items
        .iter()
        .take(MAX_SAMPLES)
        .map(|i| sample(i, kind))
        .collect();
    let fact = GroupFact {
        key: 0,
        role: aria::computed_role(&el)
            .map(|r| r.as_str().to_owned())
            .filter(|_| kind != Kind::Cards)
            .unwrap_or_default(),
        tag: dom::tag(&el),
        label,
        hints: context::hints(&el),
        landmark: landmark::of(&el),
        item_count,
        declared_count: declared,
        columns,
        samples,
        top: el.get_bounding_client_rect().top() + scope.dy,
    };
    Group { el, items, fact }
}

/// Header texts: the last `thead` row, else a first row of `th` only.
fn table_columns(table: &Element) -> Vec<String> {
    let mut cells: Vec<Element> =
        dom::select(table, ":scope > thead > tr:last-child > :is(th, td)").collect();
    if cells.is_empty() {
        cells = dom::select(table, ":scope > tbody:first-of-type > tr:first-child:not(:has(> td)) > th, :scope > tr:first-child:not(:has(> td)) > th").collect();
    }
    cells
        .iter()
        .map(|c| dom::short_text(c, MAX_PIECE))
        .collect()
}

/// `aria-rowcount` (less the header row) or the first item's
/// `aria-setsize`, else an "N results" / "of N" text just before the group.
fn declared_count(el: &Element, items: &[Element], has_header: bool) -> Option<u32> {
    if let Some(n) = dom::attr(el, "aria-rowcount").and_then(|v| v.parse::<u32>().ok()) {
        return Some(n.saturating_sub(u32::from(has_header)));
    }
    if let Some(n) = items
        .first()
        .and_then(|i| dom::attr(i, "aria-setsize"))
        .and_then(|v| v.parse::<u32>().ok())
    {
        return Some(n);
    }
    // A count is a short line ("128 results"): longer siblings (often the
    // previous section, a whole grid whose rendered text would cost a
    // layout walk and a copy into WASM, per group) are not read.
    count_siblings(el)
        .iter()
        .filter(|n| !dom::text_longer_than(n, MAX_COUNT_TEXT))
        .map(|n| dom::short_text(n, 160))
        .find_map(|t| count_in_text(&t))
}

/// Text (`textContent`) of an element a count is read from, at most.
const MAX_COUNT_TEXT: u32 = 300;

/// Where a count of the group's items may be written: up to 3 previous
/// siblings of the group and of its parent.
fn count_siblings(el: &Element) -> Vec<Element> {
    let mut nodes = Vec::new();
    for start in [Some(el.clone()), el.parent_element()]
        .into_iter()
        .flatten()
    {
        let mut sib = start.previous_element_sibling();
        for _ in 0..3 {
            let Some(s) = sib else { break };
            sib = s.previous_element_sibling();
            nodes.push(s);
        }
    }
    nodes
}

/// "1,234 results", "Showing 1–20 of 345", "42 items found" → the count.
pub fn count_in_text(text: &str) -> Option<u32> {
    const NOUNS: &[&str] = &[
        "results", "result", "items", "item", "products", "product", "matches", "records",
        "entries", "rows", "invoices", "orders", "hits", "listings", "jobs",
    ];
    let words: Vec<String> = text
        .split(|c: char| c.is_whitespace() || c == '(' || c == ')' || c == ':')
        .filter(|w| !w.is_empty())
        .map(|w| w.to_lowercase())
        .collect();
    let num = |w: &str| w.replace([',', '.', '\u{a0}'], "").parse::<u32>().ok();
    for (i, w) in words.iter().enumerate() {
        let Some(n) = num(w) else { continue };
        let next = words
            .get(i + 1)
            .map(|s| s.trim_end_matches(['.', ',']))
            .unwrap_or("");
        let prev = if i > 0 { words[i - 1].as_str() } else { "" };
        if NOUNS.contains(&next) || prev == "of" {
            return Some(n);
        }
    }
    None
}

fn sample(item: &Element, kind: Kind) -> ItemSample {
    let texts: Vec<String> = match kind {
        Kind::Table => dom::select(item, ":scope > td, :scope > th")
            .map(|c| dom::short_text(&c, MAX_PIECE))
            .collect(),
        Kind::AriaGrid => dom::select(
            item,
            "[role~=gridcell i], [role~=cell i], [role~=rowheader i]",
        )
        .map(|c| dom::short_text(&c, MAX_PIECE))
        .collect(),
        _ => leaf_texts(item),
    };
    let texts: Vec<String> = texts
        .into_iter()
        .filter(|t| !t.is_empty())
        .take(MAX_PIECES)
        .collect();
    let title = dom::select_one(item, context::HEADING_SEL)
        .or_else(|| dom::select(item, "a[href]").find(|a| !dom::inner_text(a).trim().is_empty()))
        .map(|t| dom::short_text(&t, MAX_PIECE))
        .filter(|t| !t.is_empty())
        .or_else(|| link_role_title(item));
    ItemSample {
        texts,
        title,
        // Itself (or inside), else a descendant: `querySelector` stops at
        // the first hit, where `matches(':has(…)')` cost ~10× more (on the
        // generated 10k-element page's items, 400 items: 2.2 → 0.2 ms).
        has_link: adom::matches_c(item, "a[href], a[href] *") || adom::query_c(item, "a[href]").is_some(),
        has_image: adom::matches_c(item, "img, picture, [role~=img i]")
            || adom::query_c(item, "img, picture, [role~=img i], :scope svg > title").is_some(),
    }
}

/// An app's card is often a `role=link` element (a script navigates) named
/// by its title: that name, when the item has neither heading nor real link.
fn link_role_title(item: &Element) -> Option<String> {
    let is_link = |el: &Element| aria::computed_role(el) == Some(aria::Role::Link);
    let link = if is_link(item) {
        item.clone()
    } else {
        dom::select(item, "[role~=link i]").find(is_link)?
    };
    let name = dom::clip(&dom::normalize(&aria::accessible_name(&link)), MAX_PIECE);
    (!name.is_empty()).then_some(name)
}

/// Elements whose text is never item text: code, and form controls (a
/// textarea's text is its value; options show a choice).
const NOT_TEXT: &str = "script, style, noscript, template, textarea, select, select *, datalist *";
/// Text nodes read per sample item, at most.
const MAX_TEXT_NODES: usize = 200;

/// The item's rendered text, one piece per text-bearing element: a
/// `TreeWalker` over text nodes (no per-node filter callback), merging
/// consecutive text nodes of the same parent.
fn leaf_texts(item: &Element) -> Vec<String> {
    const SHOW_TEXT: u32 = 4;
    let Some(walker) = item
        .owner_document()
        .and_then(|d| d.create_tree_walker_with_what_to_show(item, SHOW_TEXT).ok())
    else {
        return Vec::new();
    };
    let mut out: Vec<String> = Vec::new();
    let mut parent: Option<Element> = None;
    let (mut shown, mut piece) = (false, String::new());
    let flush = |piece: &mut String, out: &mut Vec<String>| {
        let t = dom::clip(&dom::normalize(piece), MAX_PIECE);
        if !t.is_empty() {
            out.push(t);
        }
        piece.clear();
    };
    for _ in 0..MAX_TEXT_NODES {
        let Ok(Some(node)) = walker.next_node() else {
            break;
        };
        let p = node.parent_element();
        if p != parent {
            flush(&mut piece, &mut out);
            if out.len() >= MAX_PIECES {
                break;
            }
            shown = p
                .as_ref()
                .is_some_and(|p| !dom::matches(p, NOT_TEXT) && !aria::is_hidden(p));
            parent = p;
        }
        if shown {
            piece.push_str(&node.text_content().unwrap_or_default());
        }
    }
    flush(&mut piece, &mut out);
    out
}


/// Every item of the group container `el` as `dom.extract` reads it (at
/// most `max`), with the table's column headers and the total count (the
/// declared one of a virtualized list, as its `approxCount`).
/// Same readings as the samples behind `itemFields`, so advertised fields
/// are filled.
pub fn read_items(el: &Element, max: usize) -> (Vec<String>, Vec<bc_core::pcd::extract::ItemRead>, u32) {
    let kind = structured_kind(el).unwrap_or(Kind::Cards);
    let items = items_of(el, kind);
    let columns = match kind {
        Kind::Table => table_columns(el),
        Kind::AriaGrid => dom::select(el, "[role~=columnheader i]").map(|h| dom::short_text(&h, MAX_PIECE)).collect(),
        _ => Vec::new(),
    };
    let reads = items
        .iter()
        .take(max)
        .map(|item| bc_core::pcd::extract::ItemRead {
            sample: sample(item, kind),
            // The link that covers the title, else the item's first link.
            href: dom::select_one(item, "h1 a[href], h2 a[href], h3 a[href], h4 a[href], a[href]")
                .or_else(|| dom::closest(item, "a[href]"))
                .and_then(|a| dom::link_parts(&a).map(|_| a))
                .and_then(|a| js_sys::Reflect::get(&a, &"href".into()).ok())
                .and_then(|h| h.as_string()),
            // Where a virtualized list says the item sits: its identity
            // when `dom.extract` scrolls (`scrollToLoad`).
            index: dom::attr(item, "aria-rowindex").or_else(|| dom::attr(item, "aria-posinset")).and_then(|v| v.trim().parse().ok()),
        })
        .collect();
    // A virtualized list declares more items than it renders: its total is that.
    let total = declared_count(el, &items, !columns.is_empty()).unwrap_or(0).max(items.len() as u32);
    (columns, reads, total)
}
