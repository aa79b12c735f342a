//! Keys → live elements. Every key in [`PageFacts`](bc_core::pcd::PageFacts)
//! (controls, forms, groups) is an index into the registry of the collection
//! that handed it out; `getDetails` and actions come back with a key and
//! find the element here. One registry is current per content-script
//! instance: the one behind the MiniPCD last handed out (`live/` installs
//! its own again if a debug collection replaced it in between).

use std::cell::RefCell;
use std::rc::Rc;
use web_sys::Element;

/// The elements of one collection, indexed by key.
#[derive(Default, Clone)]
pub struct Registry {
    elements: Vec<Element>,
}

impl Registry {
    /// Registers `el` and returns its key.
    pub fn add(&mut self, el: &Element) -> u32 {
        self.elements.push(el.clone());
        (self.elements.len() - 1) as u32
    }

    /// The element for `key`, `None` when unknown or no longer in the
    /// document (a key must never act on a detached, stale node).
    pub fn element(&self, key: u32) -> Option<Element> {
        self.elements
            .get(key as usize)
            .filter(|el| super::dom::is_connected(el))
            .cloned()
    }

    /// Every registered element by key, connected or not (for observers
    /// that must also let go of removed ones).
    pub(crate) fn elements(&self) -> &[Element] {
        &self.elements
    }

    pub fn len(&self) -> usize {
        self.elements.len()
    }

    pub fn is_empty(&self) -> bool {
        self.elements.is_empty()
    }
}

thread_local! {
    static CURRENT: RefCell<Rc<Registry>> = RefCell::new(Rc::default());
}

/// Makes `registry` the current one (replacing the previous collection's).
pub fn set_current(registry: Registry) {
    set_current_shared(Rc::new(registry));
}

/// Makes a shared `registry` the current one, unless it already is.
pub fn set_current_shared(registry: Rc<Registry>) {
    CURRENT.with(|c| {
        if !Rc::ptr_eq(&c.borrow(), &registry) {
            *c.borrow_mut() = registry;
        }
    });
}

/// The element for `key` in the current registry.
pub fn current_element(key: u32) -> Option<Element> {
    CURRENT.with(|c| c.borrow().element(key))
}
