//! Read batches: while a [`batch`] guard lives, its holder reads the DOM
//! without running page code (no event dispatch, no awaits), so the DOM and
//! the style sheets cannot change under it, and indexes built from them once
//! stay true for every element named inside it: the labels of a tree scope
//! (`labels.rs`) and which elements may have CSS generated text
//! (`generated.rs`). Guards nest; the indexes go with the outermost one.

use std::cell::Cell;

thread_local! {
    static DEPTH: Cell<u32> = const { Cell::new(0) };
    /// Counts outermost batches, so that state kept across batches knows
    /// when it must check again what it read.
    static GENERATION: Cell<u32> = const { Cell::new(0) };
    /// Where the DOM's epoch comes from, once something watches the DOM
    /// for changes (`set_dom_epoch`), and its value at the start of the
    /// current outermost batch.
    static EPOCH_SOURCE: Cell<Option<fn() -> u32>> = const { Cell::new(None) };
    static EPOCH: Cell<Option<u32>> = const { Cell::new(None) };
}

/// Tells the batches how to know that the document did not change between
/// two of them (`f` gives a number that moves with every change of the
/// top document's tree and attributes): indexes that depend only on that
/// DOM (the labels of the top document) are then kept from one batch to
/// the next while it stands. A first MiniPCD is computed in dozens of
/// slices, each its own batch, and rebuilt them all (~35 times).
pub fn set_dom_epoch(f: fn() -> u32) {
    EPOCH_SOURCE.with(|s| s.set(Some(f)));
}

/// The DOM's epoch at the start of the current outermost batch, when known.
pub(crate) fn dom_epoch() -> Option<u32> {
    EPOCH.with(Cell::get)
}

/// The DOM's epoch now (in a batch or not), once something watches the DOM.
pub(crate) fn epoch_now() -> Option<u32> {
    EPOCH_SOURCE.with(Cell::get).map(|f| f())
}

pub struct Batch(());

pub fn batch() -> Batch {
    let depth = DEPTH.with(|d| d.replace(d.get() + 1));
    if depth == 0 {
        GENERATION.with(|g| g.set(g.get().wrapping_add(1)));
        let epoch = EPOCH_SOURCE.with(Cell::get).map(|f| f());
        EPOCH.with(|e| e.set(epoch));
    }
    Batch(())
}

impl Drop for Batch {
    fn drop(&mut self) {
        let left = DEPTH.with(|d| {
            d.set(d.get() - 1);
            d.get()
        });
        if left == 0 {
            super::labels::end_batch();
            super::generated::end_batch();
        }
    }
}

/// The current outermost batch, or `None` outside any.
pub(crate) fn current() -> Option<u32> {
    (DEPTH.with(Cell::get) > 0).then(|| GENERATION.with(Cell::get))
}
