//! MiniPCD (seed 000 §5): the compact digest of what can be done on a page.
//! `facts` is what the content script reads from the DOM; `build` turns it
//! into a bounded [`MiniPcd`](crate::types::MiniPcd).

pub mod facts;

pub use facts::{ControlFact, FormFact, GroupFact, GroupRef, ItemSample, PageFacts, Rect};
