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
}

pub struct Batch(());

pub fn batch() -> Batch {
    let depth = DEPTH.with(|d| d.replace(d.get() + 1));
    if depth == 0 {
        GENERATION.with(|g| g.set(g.get().wrapping_add(1)));
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
