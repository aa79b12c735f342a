//! `dom.extract` (seed 000 §7): a collection's items as records of the
//! requested fields, read by the same rules that inferred the collection's
//! `itemFields` (`fields.rs`), so a field the MiniPCD advertises is a field
//! extraction fills: table cells by their column's field, otherwise the
//! item's title, the first text that looks like a price/date/status/rating,
//! its link and whether it has an image. Unknown fields come back `null`.
//!
//! With `scrollToLoad` the content script scrolls the collection's box
//! step by step (a virtualized list renders other rows, an infinite feed
//! appends more) and reads after each step; what is pure about that —
//! which reads are the same item ([`ItemKey`], [`Gathered`]), their page
//! order, and when to stop ([`next_step`]) — is here.

use super::facts::ItemSample;
use super::fields::{classify_text, column_field};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// One item as the page shows it (read in the content script; never a form
/// control's value).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ItemRead {
    pub sample: ItemSample,
    /// Absolute URL of the item's detail link, if any.
    pub href: Option<String>,
    /// Where the item sits in its list as the page declares it
    /// (`aria-rowindex`, `aria-posinset`): a virtualized list's rows are
    /// identified and ordered by it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index: Option<u32>,
}

/// What `dom.extract` returns.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Extraction {
    pub collection_id: String,
    pub fields: Vec<String>,
    /// Items in page order, each `{field: value|null}`.
    pub items: Vec<Map<String, Value>>,
    /// Items the collection has on the page (more than `items` when capped):
    /// the declared size of a virtualized list; with `scrollToLoad` on a
    /// list that declares nothing, the distinct items seen.
    pub total: u32,
    /// With `scrollToLoad` only: why loading stopped (absent otherwise, so
    /// a plain extraction's JSON is as before).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped_by: Option<LoadStop>,
    /// With `scrollToLoad` only: the scroll steps taken.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scroll_steps: Option<u32>,
}

/// At most this many items per extraction.
pub const MAX_ITEMS: usize = 200;

impl Extraction {
    /// A plain read returned fewer items than the list declares (a
    /// virtualized list): scrolling would load the rest. The "extract"
    /// command reads such a list again with `scrollToLoad`.
    pub fn has_unrendered(&self) -> bool {
        self.stopped_by.is_none() && self.total as usize > self.items.len() && self.items.len() < MAX_ITEMS
    }
}

/// Items gathered by `scrollToLoad` when the caller gives no `limit`.
pub const DEFAULT_SCROLL_LIMIT: u32 = 50;
/// Scroll steps per extraction, at most (the same bound as materializing
/// one row: `act::MATERIALIZE_MAX_STEPS`).
pub const LOAD_MAX_STEPS: u32 = crate::act::MATERIALIZE_MAX_STEPS;
/// Time per extraction, at most: below the panel's 30 s per command.
pub const LOAD_MAX_MS: f64 = 20_000.0;
/// At the bottom, a feed that adds nothing (no new item, no DOM change)
/// for this long has ended. Longer than a typical "loading more" fetch.
pub const LOAD_QUIET_MS: f64 = 1_500.0;

/// How `dom.extract` gets items that are not rendered yet.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoadOptions {
    /// Scroll the collection to render / load more items.
    #[serde(default)]
    pub scroll_to_load: bool,
    /// Items wanted (default [`DEFAULT_SCROLL_LIMIT`] when scrolling, at
    /// most [`MAX_ITEMS`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<u32>,
}

impl LoadOptions {
    /// The items to return: `limit` within 1..=[`MAX_ITEMS`]; without one,
    /// [`DEFAULT_SCROLL_LIMIT`] when scrolling, else [`MAX_ITEMS`] (a plain
    /// read returns what is rendered, as before).
    pub fn item_limit(&self) -> usize {
        let default = if self.scroll_to_load { DEFAULT_SCROLL_LIMIT as usize } else { MAX_ITEMS };
        self.limit.map_or(default, |l| l as usize).clamp(1, MAX_ITEMS)
    }
}

/// Why a `scrollToLoad` extraction stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum LoadStop {
    /// The list ended: every declared item was seen, or the bottom was
    /// reached and nothing more arrived.
    Exhausted,
    /// `limit` items were gathered; the list may have more.
    Limit,
    /// The step or time budget ran out first; the list may have more.
    Budget,
}

/// What makes two reads the same item, strongest first: the position the
/// list declares, else the detail URL, else the text.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ItemKey {
    Index(u32),
    Url(String),
    Text(String),
}

impl ItemRead {
    pub fn key(&self) -> ItemKey {
        if let Some(i) = self.index {
            return ItemKey::Index(i);
        }
        if let Some(h) = self.href.as_ref().filter(|h| !h.is_empty()) {
            return ItemKey::Url(h.clone());
        }
        let mut text = self.sample.title.clone().unwrap_or_default();
        for t in &self.sample.texts {
            text.push('\u{1f}');
            text.push_str(t);
        }
        ItemKey::Text(text)
    }
}

/// Distinct items read over several scroll steps, in the order first seen.
#[derive(Debug, Default)]
pub struct Gathered {
    items: Vec<ItemRead>,
    keys: rustc_hash::FxHashSet<ItemKey>,
}

impl Gathered {
    /// Adds the reads not seen before; returns how many were new.
    pub fn add(&mut self, reads: impl IntoIterator<Item = ItemRead>) -> usize {
        let before = self.items.len();
        for r in reads {
            if self.keys.insert(r.key()) {
                self.items.push(r);
            }
        }
        self.items.len() - before
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The first `limit` items in page order: by declared index when every
    /// item has one (a virtualized list re-renders rows anywhere in the
    /// DOM), else in the order first seen (a feed appends below).
    pub fn into_page_order(mut self, limit: usize) -> Vec<ItemRead> {
        if self.items.iter().all(|i| i.index.is_some()) {
            self.items.sort_by_key(|i| i.index);
        }
        self.items.truncate(limit);
        self.items
    }
}

/// Where a `scrollToLoad` extraction is, for [`next_step`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LoadState {
    /// Distinct items seen so far.
    pub seen: usize,
    pub limit: usize,
    /// The size the list declares (virtualized lists), if any.
    pub declared: Option<u32>,
    pub steps: u32,
    pub elapsed_ms: f64,
    /// The scroll box is at its bottom.
    pub at_end: bool,
    /// Milliseconds since anything happened: a new item, a DOM change, the
    /// box growing.
    pub quiet_ms: f64,
}

/// What to do next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoadNext {
    /// Scroll one step further down.
    Scroll,
    /// At the bottom: wait for the page to load more.
    Wait,
    Stop(LoadStop),
}

/// The stop decision, in order: every declared item seen; enough items;
/// out of budget; not at the bottom yet → scroll; at the bottom, quiet
/// for [`LOAD_QUIET_MS`] → the list ended; else wait for more.
pub fn next_step(s: &LoadState) -> LoadNext {
    if s.declared.is_some_and(|d| s.seen >= d as usize) {
        return LoadNext::Stop(LoadStop::Exhausted);
    }
    if s.seen >= s.limit {
        return LoadNext::Stop(LoadStop::Limit);
    }
    if s.steps >= LOAD_MAX_STEPS || s.elapsed_ms >= LOAD_MAX_MS {
        return LoadNext::Stop(LoadStop::Budget);
    }
    if !s.at_end {
        return LoadNext::Scroll;
    }
    if s.quiet_ms >= LOAD_QUIET_MS {
        LoadNext::Stop(LoadStop::Exhausted)
    } else {
        LoadNext::Wait
    }
}

/// The fields `dom.extract` reads: the ones asked for; none asked, the
/// ones the MiniPCD advertises for the collection; none advertised (a list
/// of plain text), each item's `text`, so an extraction is never a list of
/// empty records.
pub fn fields_to_read(asked: Vec<String>, advertised: &[String]) -> Vec<String> {
    if !asked.is_empty() {
        asked
    } else if !advertised.is_empty() {
        advertised.to_vec()
    } else {
        vec!["text".to_owned()]
    }
}

/// The record of one item: `fields` in order, from `columns` (table
/// headers, possibly empty) and what the item shows.
pub fn record(columns: &[String], item: &ItemRead, fields: &[String]) -> Map<String, Value> {
    let by_column = |field: &str| -> Option<String> {
        columns
            .iter()
            .position(|c| column_field(c).flatten().as_deref() == Some(field))
            .and_then(|i| item.sample.texts.get(i).cloned())
            .filter(|t| !t.is_empty())
    };
    let by_text = |field: &str| item.sample.texts.iter().find(|t| classify_text(t) == Some(field)).cloned();
    let mut out = Map::new();
    for f in fields {
        let v = by_column(f).map(Value::String).or_else(|| match f.as_str() {
            "title" => item.sample.title.clone().or_else(|| item.sample.texts.first().cloned()).map(Value::String),
            "detailUrl" | "url" | "link" => item.href.clone().map(Value::String),
            "image" => Some(Value::Bool(item.sample.has_image)),
            "text" => Some(Value::String(item.sample.texts.join(" · "))),
            // An amount is a price-shaped text where no column names it.
            "amount" => by_text("price").map(Value::String),
            other => by_text(other).map(Value::String),
        });
        out.insert(f.clone(), v.unwrap_or(Value::Null));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn fields_asked_else_advertised_else_text() {
        let s = |v: &[&str]| v.iter().map(|x| (*x).to_owned()).collect::<Vec<_>>();
        assert_eq!(fields_to_read(s(&["price"]), &s(&["title", "date"])), ["price"]);
        assert_eq!(fields_to_read(vec![], &s(&["title", "date"])), ["title", "date"]);
        assert_eq!(fields_to_read(vec![], &[]), ["text"]);
        let ingredients = item(None, &["2 cups flour"], None);
        assert_eq!(record(&[], &ingredients, &fields_to_read(vec![], &[])), json!({"text": "2 cups flour"}).as_object().unwrap().clone());
    }

    fn item(title: Option<&str>, texts: &[&str], href: Option<&str>) -> ItemRead {
        ItemRead {
            sample: ItemSample {
                texts: texts.iter().map(|t| (*t).to_owned()).collect(),
                title: title.map(str::to_owned),
                has_link: href.is_some(),
                has_image: false,
            },
            href: href.map(str::to_owned),
            index: None,
        }
    }

    fn fields(f: &[&str]) -> Vec<String> {
        f.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn cards_by_recognisers() {
        let card = item(Some("Desk lamp"), &["Desk lamp", "Lighting", "$39.00", "4.5"], Some("http://x/p/1"));
        let r = record(&[], &card, &fields(&["title", "price", "detailUrl", "date", "image", "text"]));
        assert_eq!(
            Value::Object(r),
            json!({"title": "Desk lamp", "price": "$39.00", "detailUrl": "http://x/p/1", "date": null, "image": false,
                   "text": "Desk lamp · Lighting · $39.00 · 4.5"})
        );
    }

    #[test]
    fn table_rows_by_column() {
        let columns = fields(&["Invoice", "Date", "Amount", "Status", "Download"]);
        let row = item(None, &["INV-0042", "Oct 1, 2026", "$120.00", "Paid", "PDF"], None);
        let r = record(&columns, &row, &fields(&["number", "date", "amount", "status", "title"]));
        assert_eq!(
            Value::Object(r),
            json!({"number": "INV-0042", "date": "Oct 1, 2026", "amount": "$120.00", "status": "Paid", "title": "INV-0042"})
        );
    }

    fn at(index: Option<u32>, href: Option<&str>, title: &str) -> ItemRead {
        ItemRead { index, ..item(Some(title), &[title], href) }
    }

    #[test]
    fn item_identity_is_index_then_url_then_text() {
        // (a, b, same item?)
        let rows = [
            (at(Some(7), Some("http://x/a"), "A"), at(Some(7), Some("http://x/b"), "B"), true),
            (at(Some(7), None, "A"), at(Some(8), None, "A"), false),
            (at(None, Some("http://x/a"), "A"), at(None, Some("http://x/a"), "changed"), true),
            (at(None, Some("http://x/a"), "A"), at(None, Some("http://x/b"), "A"), false),
            (at(None, None, "A"), at(None, None, "A"), true),
            (at(None, None, "A"), at(None, None, "B"), false),
            // An empty href is no identity.
            (at(None, Some(""), "A"), at(None, Some(""), "B"), false),
        ];
        for (i, (a, b, same)) in rows.iter().enumerate() {
            assert_eq!(a.key() == b.key(), *same, "row {i}");
        }
    }

    #[test]
    fn gathering_dedupes_and_orders_by_index_when_known() {
        let mut g = Gathered::default();
        // A virtualized list read at three scroll positions, overlapping;
        // the last window came back from the top.
        assert_eq!(g.add([3, 4, 5].map(|i| at(Some(i), None, &format!("r{i}")))), 3);
        assert_eq!(g.add([4, 5, 6, 7].map(|i| at(Some(i), None, &format!("r{i}")))), 2);
        assert_eq!(g.add([1, 2, 3].map(|i| at(Some(i), None, &format!("r{i}")))), 2);
        assert_eq!(g.len(), 7);
        let order: Vec<Option<u32>> = g.into_page_order(5).iter().map(|i| i.index).collect();
        assert_eq!(order, [1, 2, 3, 4, 5].map(Some));

        // A feed without indices: the order first seen, capped.
        let mut g = Gathered::default();
        g.add(["p1", "p2"].map(|t| at(None, Some(&format!("http://x/{t}")), t)));
        g.add(["p2", "p3", "p4"].map(|t| at(None, Some(&format!("http://x/{t}")), t)));
        let titles: Vec<String> = g.into_page_order(3).into_iter().filter_map(|i| i.sample.title).collect();
        assert_eq!(titles, ["p1", "p2", "p3"]);
    }

    #[test]
    fn load_stop_decisions() {
        let base = LoadState { seen: 10, limit: 50, declared: None, steps: 3, elapsed_ms: 500.0, at_end: false, quiet_ms: 0.0 };
        use LoadNext::*;
        let rows: Vec<(&str, LoadState, LoadNext)> = vec![
            ("mid-list: scroll on", base, Scroll),
            ("limit reached", LoadState { seen: 50, ..base }, Stop(LoadStop::Limit)),
            ("the limit is the declared size: the list ended", LoadState { seen: 50, declared: Some(50), ..base }, Stop(LoadStop::Exhausted)),
            ("limit short of the declared size", LoadState { seen: 50, declared: Some(1000), ..base }, Stop(LoadStop::Limit)),
            ("every declared row seen", LoadState { seen: 30, declared: Some(30), ..base }, Stop(LoadStop::Exhausted)),
            ("out of steps", LoadState { steps: LOAD_MAX_STEPS, ..base }, Stop(LoadStop::Budget)),
            ("out of time", LoadState { elapsed_ms: LOAD_MAX_MS, ..base }, Stop(LoadStop::Budget)),
            ("bottom, just arrived: wait for more", LoadState { at_end: true, quiet_ms: 100.0, ..base }, Wait),
            ("bottom, quiet: ended", LoadState { at_end: true, quiet_ms: LOAD_QUIET_MS, ..base }, Stop(LoadStop::Exhausted)),
            (
                "bottom of a virtualized list short of its count, quiet: ended",
                LoadState { at_end: true, quiet_ms: LOAD_QUIET_MS, declared: Some(1000), ..base },
                Stop(LoadStop::Exhausted),
            ),
        ];
        for (what, state, want) in rows {
            assert_eq!(next_step(&state), want, "{what}");
        }
    }

    #[test]
    fn limits_and_stable_json() {
        // (options, item limit)
        let rows = [
            (LoadOptions::default(), MAX_ITEMS),
            (LoadOptions { scroll_to_load: true, limit: None }, DEFAULT_SCROLL_LIMIT as usize),
            (LoadOptions { scroll_to_load: true, limit: Some(500) }, MAX_ITEMS),
            (LoadOptions { scroll_to_load: true, limit: Some(0) }, 1),
            (LoadOptions { scroll_to_load: false, limit: Some(5) }, 5),
        ];
        for (o, want) in rows {
            assert_eq!(o.item_limit(), want, "{o:?}");
        }
        // A plain extraction serialises as before: no new keys.
        let e = Extraction { collection_id: "c1".into(), fields: vec![], items: vec![], total: 3, stopped_by: None, scroll_steps: None };
        assert_eq!(serde_json::to_value(&e).unwrap(), json!({"collectionId": "c1", "fields": [], "items": [], "total": 3}));
        let e = Extraction { stopped_by: Some(LoadStop::Exhausted), scroll_steps: Some(4), ..e };
        assert_eq!(serde_json::to_value(&e).unwrap()["stoppedBy"], "exhausted");
        // A plain read of a virtualized list has more to load; a scrolled one does not ask again.
        let plain = |n: usize, total: u32| Extraction { items: vec![Map::new(); n], total, stopped_by: None, scroll_steps: None, ..e.clone() };
        assert!(plain(20, 1000).has_unrendered());
        assert!(!plain(20, 20).has_unrendered());
        assert!(!plain(MAX_ITEMS, 1000).has_unrendered());
        assert!(!Extraction { stopped_by: Some(LoadStop::Limit), ..plain(20, 1000) }.has_unrendered());
        // Old JSON still reads.
        let back: Extraction = serde_json::from_value(json!({"collectionId": "c1", "fields": [], "items": [], "total": 3})).unwrap();
        assert_eq!(back.stopped_by, None);
    }
}
