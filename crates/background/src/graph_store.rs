//! Site graphs (`bc_core::explore::SiteGraph`, issue 42 point 1) in
//! IndexedDB: database `browser-copilot`, store `siteGraphs`, one record
//! per origin (its JSON text). IndexedDB rather than `chrome.storage`:
//! graphs are many and grow to tens of kilobytes, and are read and
//! written once per search. Cleared with the task history.

use bc_core::explore::SiteGraph;
use rexie::{ObjectStore, Rexie, TransactionMode};
use wasm_bindgen::JsValue;

const DB: &str = "browser-copilot";
const STORE: &str = "siteGraphs";

async fn open() -> Result<Rexie, rexie::Error> {
    Rexie::builder(DB).version(1).add_object_store(ObjectStore::new(STORE)).build().await
}

/// The graph of `origin`, or a new one (also when the store cannot be read).
pub async fn load(origin: &str) -> SiteGraph {
    let read = async {
        let db = open().await.ok()?;
        let tx = db.transaction(&[STORE], TransactionMode::ReadOnly).ok()?;
        let raw = tx.store(STORE).ok()?.get(JsValue::from_str(origin)).await.ok()??;
        serde_json::from_str::<SiteGraph>(&raw.as_string()?).ok()
    };
    read.await.filter(|g| g.origin == origin).unwrap_or_else(|| SiteGraph::new(origin))
}

/// Stores `graph` under its origin.
pub async fn save(graph: &SiteGraph) {
    let write = async {
        let db = open().await?;
        let tx = db.transaction(&[STORE], TransactionMode::ReadWrite)?;
        let text = serde_json::to_string(graph).unwrap_or_default();
        tx.store(STORE)?.put(&JsValue::from_str(&text), Some(&JsValue::from_str(&graph.origin))).await?;
        tx.done().await.map(drop)
    };
    if let Err(e) = write.await {
        web_sys::console::warn_1(&format!("saving the site graph failed: {e}").into());
    }
}

/// Every origin's graph (the panel's site maps).
pub async fn all() -> Vec<SiteGraph> {
    let read = async {
        let db = open().await.ok()?;
        let tx = db.transaction(&[STORE], TransactionMode::ReadOnly).ok()?;
        let rows = tx.store(STORE).ok()?.get_all(None, None).await.ok()?;
        Some(rows.into_iter().filter_map(|v| serde_json::from_str(&v.as_string()?).ok()).collect())
    };
    read.await.unwrap_or_default()
}

/// Forgets every graph (with the task history).
pub async fn clear() {
    let wipe = async {
        let db = open().await?;
        let tx = db.transaction(&[STORE], TransactionMode::ReadWrite)?;
        tx.store(STORE)?.clear().await?;
        tx.done().await.map(drop)
    };
    if let Err(e) = wipe.await {
        web_sys::console::warn_1(&format!("clearing the site graphs failed: {e}").into());
    }
}
