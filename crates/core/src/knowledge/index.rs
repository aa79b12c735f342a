//! The bounded index: what to evict so the stored pages stay within a size
//! budget (oldest visit first), and forgetting a site. The worker keeps the
//! records in IndexedDB and asks [`plan_insert`] which keys to delete; the
//! in-memory [`KnowledgeIndex`] applies the same plan and is what the
//! native tests and the ranking use.

use super::record::PageRecord;
use serde::{Deserialize, Serialize};

/// How much the index may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IndexBudget {
    pub max_bytes: usize,
    pub max_pages: usize,
}

impl Default for IndexBudget {
    /// 5 MB or 1,000 pages (a record is 1–8 kB): a few months of reading,
    /// loaded whole for a question in well under a second.
    fn default() -> Self {
        IndexBudget { max_bytes: 5_000_000, max_pages: 1000 }
    }
}

/// What the index knows of a stored record without reading its text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredMeta {
    pub url: String,
    pub visited_ms: f64,
    pub bytes: usize,
}

/// The keys to delete so that `new` fits beside `stored` within `budget`:
/// a stored record with `new`'s URL goes (it is replaced), then the oldest
/// visits until both the size and the page count fit. A record larger than
/// the whole budget is not stored: `None`.
pub fn plan_insert(stored: &[StoredMeta], new: &StoredMeta, budget: IndexBudget) -> Option<Vec<String>> {
    if new.bytes > budget.max_bytes {
        return None;
    }
    let mut evict: Vec<String> = Vec::new();
    let mut kept: Vec<&StoredMeta> = stored.iter().filter(|m| m.url != new.url).collect();
    if kept.len() < stored.len() {
        evict.push(new.url.clone());
    }
    kept.sort_by(|a, b| a.visited_ms.total_cmp(&b.visited_ms).then_with(|| a.url.cmp(&b.url)));
    let mut bytes: usize = kept.iter().map(|m| m.bytes).sum::<usize>() + new.bytes;
    let mut pages = kept.len() + 1;
    for old in kept {
        if bytes <= budget.max_bytes && pages <= budget.max_pages {
            break;
        }
        bytes -= old.bytes;
        pages -= 1;
        evict.push(old.url.clone());
    }
    Some(evict)
}

/// The pages in memory: the worker loads them for a question; tests build
/// them from fixtures.
#[derive(Debug, Clone, Default)]
pub struct KnowledgeIndex {
    pub pages: Vec<PageRecord>,
    pub budget: IndexBudget,
}

impl KnowledgeIndex {
    pub fn new(budget: IndexBudget) -> Self {
        KnowledgeIndex { pages: Vec::new(), budget }
    }

    pub fn meta(&self) -> Vec<StoredMeta> {
        self.pages.iter().map(PageRecord::meta).collect()
    }

    /// Stores `record`, evicting as [`plan_insert`] says; returns the URLs
    /// evicted (not counting the record it replaced), or `None` when the
    /// record alone exceeds the budget.
    pub fn insert(&mut self, record: PageRecord) -> Option<Vec<String>> {
        let evict = plan_insert(&self.meta(), &record.meta(), self.budget)?;
        self.pages.retain(|p| !evict.contains(&p.url));
        let url = record.url.clone();
        self.pages.push(record);
        Some(evict.into_iter().filter(|u| *u != url).collect())
    }

    /// Deletes every page of `site` (and its subdomains); returns how many.
    pub fn forget_site(&mut self, site: &str) -> usize {
        let before = self.pages.len();
        self.pages.retain(|p| !same_site(&p.site, site));
        before - self.pages.len()
    }
}

/// Whether a record's site is `site` or one of its subdomains.
pub fn same_site(record_site: &str, site: &str) -> bool {
    record_site == site || record_site.strip_suffix(site).is_some_and(|p| p.ends_with('.'))
}

impl PageRecord {
    pub fn meta(&self) -> StoredMeta {
        StoredMeta { url: self.url.clone(), visited_ms: self.visited_ms, bytes: self.bytes() }
    }
}
