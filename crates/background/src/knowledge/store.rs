//! The knowledge index in IndexedDB (database `browser-copilot-knowledge`):
//! store `pages` holds each `PageRecord` as JSON text under its URL, and
//! store `meta` a small `StoredMeta` (URL, visit time, size, site) per page,
//! so eviction and "forget this site" never read the pages' text. Both are
//! written in one transaction. A database of its own, so its versions do
//! not depend on the site graphs' (`graph_store.rs`).
//!
//! Which records to delete is the core's decision
//! (`bc_core::knowledge::index::plan_insert`).

use bc_core::knowledge::index::{plan_insert, same_site, IndexBudget, StoredMeta};
use bc_core::knowledge::record::PageRecord;
use rexie::{ObjectStore, Rexie, TransactionMode};
use serde::{Deserialize, Serialize};
use wasm_bindgen::JsValue;

const DB: &str = "browser-copilot-knowledge";
const PAGES: &str = "pages";
const META: &str = "meta";

/// `StoredMeta` with the site, for forgetting a site from `meta` alone.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Meta {
    #[serde(flatten)]
    meta: StoredMeta,
    site: String,
}

async fn open() -> Result<Rexie, rexie::Error> {
    Rexie::builder(DB).version(1).add_object_store(ObjectStore::new(PAGES)).add_object_store(ObjectStore::new(META)).build().await
}

async fn metas(db: &Rexie) -> Result<Vec<Meta>, rexie::Error> {
    let tx = db.transaction(&[META], TransactionMode::ReadOnly)?;
    let rows = tx.store(META)?.get_all(None, None).await?;
    Ok(rows.into_iter().filter_map(|v| serde_json::from_str(&v.as_string()?).ok()).collect())
}

/// What happened to a record.
pub enum Stored {
    /// Stored; `evicted` older pages made room.
    Kept { evicted: usize },
    /// Larger than the whole budget.
    TooLarge,
}

/// Stores `record` (replacing an earlier visit of its URL), evicting the
/// oldest visits beyond `budget`.
pub async fn put(record: &PageRecord, budget: IndexBudget) -> Result<Stored, rexie::Error> {
    let db = open().await?;
    let stored: Vec<StoredMeta> = metas(&db).await?.into_iter().map(|m| m.meta).collect();
    let meta = record.meta();
    let Some(evict) = plan_insert(&stored, &meta, budget) else { return Ok(Stored::TooLarge) };
    let tx = db.transaction(&[PAGES, META], TransactionMode::ReadWrite)?;
    let (pages, metas) = (tx.store(PAGES)?, tx.store(META)?);
    for url in &evict {
        pages.delete(JsValue::from_str(url)).await?;
        metas.delete(JsValue::from_str(url)).await?;
    }
    let key = JsValue::from_str(&record.url);
    let text = serde_json::to_string(record).unwrap_or_default();
    pages.put(&JsValue::from_str(&text), Some(&key)).await?;
    let m = serde_json::to_string(&Meta { meta, site: record.site.clone() }).unwrap_or_default();
    metas.put(&JsValue::from_str(&m), Some(&key)).await?;
    tx.done().await?;
    Ok(Stored::Kept { evicted: evict.iter().filter(|u| **u != record.url).count() })
}

/// Every stored page (for a question).
pub async fn all() -> Vec<PageRecord> {
    let read = async {
        let db = open().await.ok()?;
        let tx = db.transaction(&[PAGES], TransactionMode::ReadOnly).ok()?;
        let rows = tx.store(PAGES).ok()?.get_all(None, None).await.ok()?;
        Some(rows.into_iter().filter_map(|v| serde_json::from_str(&v.as_string()?).ok()).collect())
    };
    read.await.unwrap_or_default()
}

/// How many pages and bytes are stored.
pub async fn size() -> (u32, u64) {
    let read = async {
        let db = open().await.ok()?;
        let m = metas(&db).await.ok()?;
        Some((m.len() as u32, m.iter().map(|m| m.meta.bytes as u64).sum()))
    };
    read.await.unwrap_or((0, 0))
}

/// Deletes every page of `site` (and its subdomains); how many went.
pub async fn forget_site(site: &str) -> Result<u32, rexie::Error> {
    let db = open().await?;
    let gone: Vec<String> = metas(&db).await?.into_iter().filter(|m| same_site(&m.site, site)).map(|m| m.meta.url).collect();
    let tx = db.transaction(&[PAGES, META], TransactionMode::ReadWrite)?;
    let (pages, metas) = (tx.store(PAGES)?, tx.store(META)?);
    for url in &gone {
        pages.delete(JsValue::from_str(url)).await?;
        metas.delete(JsValue::from_str(url)).await?;
    }
    tx.done().await?;
    Ok(gone.len() as u32)
}

/// Deletes every page.
pub async fn clear() -> Result<(), rexie::Error> {
    let db = open().await?;
    let tx = db.transaction(&[PAGES, META], TransactionMode::ReadWrite)?;
    tx.store(PAGES)?.clear().await?;
    tx.store(META)?.clear().await?;
    tx.done().await.map(drop)
}
