//! `el.labels` for many controls at once. Chromium answers `labels` by
//! walking the whole tree scope for `<label>`s whose `control` is the
//! element (~0.1 ms per control on a 10k-element page), so naming a page
//! of form fields costs tens of ms. Inside a [`batch`] the labels of a tree
//! scope are read once instead — each `<label>`'s `control`, in tree order,
//! which is exactly the set and order `labels` gives — and looked up per
//! control. The index lives only as long as the read batch (`batch.rs`),
//! but the top document's is kept for later batches while the DOM's epoch
//! says it did not change (`batch::set_dom_epoch`).

use super::dom;
use crate::element_index::ElementIndex;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, Node};

#[wasm_bindgen]
extern "C" {
    /// A `<label>` (any realm), for its `control`.
    #[wasm_bindgen(extends = Element)]
    type AnyLabel;
    /// Not `instanceof`-checked, so controls of other realms pass.
    #[wasm_bindgen(method, getter, js_name = control)]
    fn control_js(this: &AnyLabel) -> Option<Element>;
}

/// Elements whose `labels` is the `<label>` list (HTML's labelable
/// elements; form-associated custom elements expose theirs elsewhere).
const LABELABLE: &[&str] = &["button", "input", "meter", "output", "progress", "select", "textarea"];

/// One tree scope's labels, by control.
struct ScopeIndex {
    root: Node,
    /// control → index into `labels`.
    by_control: ElementIndex,
    /// Each labelled control's labels, tree order.
    labels: Vec<Vec<Element>>,
    /// The DOM's epoch when the index was built, for the top document's
    /// (kept across batches while it stands); `None`: this batch's only.
    epoch: Option<u32>,
}

thread_local! {
    static INDEX: RefCell<Vec<ScopeIndex>> = const { RefCell::new(Vec::new()) };
}

/// Drops the index at the end of the outermost read batch, but the top
/// document's while the DOM's epoch may still say it holds.
pub(super) fn end_batch() {
    INDEX.with(|i| i.borrow_mut().retain(|s| s.epoch.is_some()));
}

/// The labels of `el` from the batch's index, or `None` outside a batch
/// (or for an element whose `labels` is not the label list).
pub(crate) fn batched(el: &Element, tag: &str) -> Option<Vec<Element>> {
    if super::batch::current().is_none() || !LABELABLE.contains(&tag) {
        return None;
    }
    let root = el.get_root_node();
    let found = INDEX.with(|i| {
        let mut i = i.borrow_mut();
        let epoch = super::batch::dom_epoch();
        // A kept index whose DOM changed since is built again.
        i.retain(|s| s.epoch.is_none() || s.epoch == epoch);
        let pos = match i.iter().position(|s| s.root == root) {
            Some(p) => p,
            None => {
                let top = epoch.filter(|_| is_top_document(&root));
                i.push(index(&root, top));
                i.len() - 1
            }
        };
        let s = &i[pos];
        s.by_control.get(el).map(|k| s.labels[k as usize].clone())
    });
    Some(found.unwrap_or_default())
}

/// Whether `root` is this window's document: the tree the DOM's epoch
/// watches whole (shadow roots and frames are watched only once found).
fn is_top_document(root: &Node) -> bool {
    web_sys::window().and_then(|w| w.document()).is_some_and(|d| root == d.unchecked_ref::<Node>())
}

fn index(root: &Node, epoch: Option<u32>) -> ScopeIndex {
    let by_control = ElementIndex::new();
    let mut labels: Vec<Vec<Element>> = Vec::new();
    // Three calls per label (the list's item, its control, the lookup),
    // a fourth for a control's first label.
    for label in dom::query_all_in_c(root, "label") {
        let Some(control) = label.unchecked_ref::<AnyLabel>().control_js() else {
            continue;
        };
        match by_control.get(&control) {
            Some(k) => labels[k as usize].push(label),
            None => {
                by_control.set(&control, labels.len() as u32);
                labels.push(vec![label]);
            }
        }
    }
    ScopeIndex { root: root.clone(), by_control, labels, epoch }
}
