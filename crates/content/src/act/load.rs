//! `dom.extract` with `scrollToLoad`: items that are not rendered yet are
//! loaded by scrolling, as a person would. A virtualized list (one that
//! declares more items than it renders, `virtualized::lists`) is read from
//! its top down through its own scroll box, step by step along
//! `bc_core::act::sweep`; an infinite feed (declares nothing) is scrolled
//! in the same steps through the box around it (often the page), and at
//! its bottom we wait for the page to append more. After each step the
//! rendered items are read (`pcd::groups::read_items`) and added to a
//! `bc_core::pcd::extract::Gathered` (deduped by declared index, detail URL,
//! else text); `bc_core::pcd::extract::next_step` decides when to stop
//! (limit, list exhausted, budget). The scroll position is put back.

use super::{observe, virtualized};
use bc_core::act::sweep;
use bc_core::pcd::extract::{next_step, Gathered, ItemRead, LoadNext, LoadState, LoadStop, MAX_ITEMS};
use web_sys::{Document, Element};

/// Poll interval while waiting at the bottom for a feed to load more.
const WAIT_POLL_MS: i32 = 100;
/// Mutations more recent than this after a step: the framework is still
/// rendering, give it one more frame (as `virtualized::materialize`).
const RENDERING_MS: f64 = 20.0;

/// What scrolling gathered.
pub struct Loaded {
    /// A table's column headers (as `read_items`).
    pub columns: Vec<String>,
    /// At most `limit` items, in page order.
    pub items: Vec<ItemRead>,
    /// The declared size of a virtualized list, else the distinct items seen.
    pub total: u32,
    pub stopped_by: LoadStop,
    pub steps: u32,
}

/// Scrolls the collection `el` until `limit` items were read, the list
/// ended, or the budget ran out; then puts the scroll position back.
pub async fn gather(document: &Document, el: &Element, limit: usize) -> Loaded {
    let list = virtualized::lists(document).into_iter().find(|l| l.el == *el || l.el.contains(Some(el)) || el.contains(Some(&l.el)));
    let declares = list.is_some();
    let scroller = match list {
        Some(l) => Some(l.scroller),
        None => virtualized::feed_box(el),
    };
    let Some(scroller) = scroller else {
        // Nothing scrolls: what is rendered is all there is.
        let (columns, reads, total) = crate::pcd::groups::read_items(el, limit);
        return Loaded { columns, items: reads, total, stopped_by: LoadStop::Exhausted, steps: 0 };
    };
    let start = scroller.scroll_top();
    let started = observe::now();
    let counter = observe::MutationCounter::start(document);
    let mut gathered = Gathered::default();
    let mut columns = Vec::new();
    let mut total = 0u32;
    let mut steps = 0u32;
    // A virtualized list scrolled down renders its middle: read it from
    // the first row, so the first `limit` rows are the ones returned.
    if declares && start > 0 {
        scroller.set_scroll_top(0);
        rendered(&counter).await;
    }
    let mut height = scroller.scroll_height();
    let mut last_event = observe::now();
    let stopped_by = loop {
        let (cols, reads, t) = crate::pcd::groups::read_items(el, MAX_ITEMS);
        if columns.is_empty() {
            columns = cols;
        }
        total = total.max(t);
        if gathered.add(reads) > 0 {
            last_event = observe::now();
        }
        // The feed grew, or says it is loading (`aria-busy`): not quiet.
        if scroller.scroll_height() != height || crate::pcd::dom::closest(el, "[aria-busy=true]").is_some() {
            height = scroller.scroll_height();
            last_event = observe::now();
        }
        let top = f64::from(scroller.scroll_top());
        let next = sweep(top, f64::from(scroller.client_height()), f64::from(scroller.scroll_height()))
            .first()
            .copied()
            // At the bottom the sweep goes round to the top: not further down.
            .filter(|to| *to > top + 0.5);
        let state = LoadState {
            seen: gathered.len(),
            limit,
            declared: declares.then_some(total),
            steps,
            elapsed_ms: observe::now() - started,
            at_end: next.is_none(),
            quiet_ms: observe::now() - last_event,
        };
        match (next_step(&state), next) {
            (LoadNext::Stop(why), _) => break why,
            (LoadNext::Scroll, Some(to)) => {
                steps += 1;
                scroller.set_scroll_top(to.round() as i32);
                rendered(&counter).await;
            }
            _ => observe::sleep(WAIT_POLL_MS).await,
        }
    };
    scroller.set_scroll_top(start);
    virtualized::frame().await;
    let seen = gathered.len() as u32;
    Loaded {
        columns,
        items: gathered.into_page_order(limit),
        total: if declares { total } else { total.max(seen) },
        stopped_by,
        steps,
    }
}

/// After a scroll: the framework renders on the scroll event, which fires
/// with the next frame; a second frame lets schedulers that defer the
/// render to a task finish; one more while mutations are still arriving.
async fn rendered(counter: &Option<observe::MutationCounter>) {
    virtualized::frame().await;
    virtualized::frame().await;
    if counter.as_ref().is_some_and(|c| c.quiet_for() < RENDERING_MS) {
        virtualized::frame().await;
    }
}
