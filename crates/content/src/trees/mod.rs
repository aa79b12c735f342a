//! The page as a person sees it: the document and its open shadow roots,
//! in page order (shadow content where its host is, as the MiniPCD's
//! discovery orders controls). A page built of web components — Lit,
//! Stencil, Shoelace, a design system's `<x-button>`s — keeps its headings,
//! forms, buttons and their states in shadow roots, where
//! `document.querySelectorAll` does not look. Read by the page summary
//! (`summary_facts`: from the document alone, such a page had no forms, no
//! calls to action and an empty main text) and by the digest that tells
//! whether an action changed the page (`act::observe`: a switch toggled in
//! a shadow root was "no change", and clicked twice more). `text.rs` puts
//! the main text together across shadow roots.
//!
//! [`Trees`] leaves frames out: the summary's selectors (`#id`, `text=…`)
//! have no frame path, so a call to action inside a frame could not be
//! found again. [`Documents`] adds the same-origin frames' documents, for
//! readers that only look: the action check and the Q&A digest.

pub mod text;

use crate::digest::has_box;
use crate::pcd::frames::{count_before, in_page_order, shadow_scopes, Scope};
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlElement};

/// Where the main content is, most specific first.
const MAIN_SELECTORS: &str = "main, [role=main]";
const FALLBACK_SELECTORS: &str = "article";

pub struct Trees {
    scopes: Vec<Scope>,
}

impl Trees {
    /// The document's trees: itself, then its open shadow roots (hosts that
    /// are hidden, and what is inside them, left out).
    pub fn of(document: &Document) -> Trees {
        Trees { scopes: shadow_scopes(document) }
    }

    /// Each tree: the document first.
    pub fn scopes(&self) -> &[Scope] {
        &self.scopes
    }

    /// The shadow hosts read, any depth.
    pub fn hosts(&self) -> Vec<Element> {
        self.scopes.iter().filter_map(|s| s.host.clone()).collect()
    }

    /// Matches of `selector` with a layout box and outside `aria-hidden` /
    /// inert subtrees, in every tree, page order.
    /// Lazy: a tree is queried when the caller gets to its host, so taking
    /// the first few asks only the trees before them. The subtree test is
    /// asked per match reached (`closest`), not in the selector
    /// ([`crate::digest::outside_hidden_subtrees`]): callers take the first few matches,
    /// while the selector engine tests the ancestors of all of them (on a
    /// 50k-element page, the calls to action's query took 10.1 ms that
    /// way and 4.6 ms plain).
    pub fn rendered(&self, selector: &str) -> impl Iterator<Item = Element> + '_ {
        self.matches(0, std::rc::Rc::from(selector)).filter(|el| has_box(el) && !in_hidden_subtree(el))
    }

    /// `items(scope)` of every tree (each in document order), page order.
    pub fn each<T>(&self, items: impl FnMut(&Scope) -> Vec<T>, el: impl Fn(&T) -> &Element) -> Vec<T> {
        let mut per: Vec<Vec<T>> = self.scopes.iter().map(items).collect();
        in_page_order(&self.scopes, &mut per, 0, &el).into_iter().map(|(t, _)| t).collect()
    }

    /// The main content region: a rendered dialog the page marks modal
    /// (`aria-modal`: what must be dealt with first; in the document or a
    /// shadow root), else the first
    /// rendered `main, [role=main]` in page order, else the first rendered
    /// `article`, else an open `showModal()` dialog (the page behind it is
    /// inert and not read), else the body (then the flag is true).
    pub fn main_region(&self, document: &Document) -> Option<(HtmlElement, bool)> {
        use crate::pcd::frames::Root;
        let first = |sel| self.rendered(sel).find_map(|el| as_html(&el).cloned());
        let root = self.scopes.first().map(|s| &s.root);
        // The page's own trees (the document and its shadow roots: `Trees`
        // hold no frames, whose dialogs cover the frame only), the last in
        // page order.
        let aria_modal = || match root {
            Some(Root::Modal(..)) => None,
            _ => self.each(|s| crate::aria::aria_modals(&s.root.node()), |d| d).last().and_then(|d| as_html(d).cloned()),
        };
        let modal = || match root {
            Some(Root::Modal(_, dialog)) => as_html(dialog).cloned(),
            _ => None,
        };
        aria_modal()
            .or_else(|| first(MAIN_SELECTORS))
            .or_else(|| first(FALLBACK_SELECTORS))
            .or_else(modal)
            .map(|m| (m, false))
            .or_else(|| document.body().map(|b| (b, true)))
    }

    /// Scope `si`'s matches of `sel` with its shadow trees' spliced in
    /// after the last match that precedes (or is) their host.
    fn matches(&self, si: usize, sel: std::rc::Rc<str>) -> Box<dyn Iterator<Item = Element> + '_> {
        let list = self.scopes[si].root.select_list(&sel);
        let n = list.as_ref().map_or(0, |l| l.length());
        let item = move |l: &web_sys::NodeList, i: u32| l.item(i).map(JsCast::unchecked_into::<Element>);
        let mut at: Vec<(u32, usize)> = (si + 1..self.scopes.len())
            .filter(|&c| self.scopes[c].parent == Some(si))
            .filter_map(|c| {
                let host = self.scopes[c].host.as_ref()?;
                let Some(l) = list.as_ref() else { return Some((0, c)) };
                let k = count_before(l, host);
                Some((if item(l, k).as_ref() == Some(host) { k + 1 } else { k }, c))
            })
            .collect();
        at.sort_by_key(|&(k, _)| k);
        let mut parts: Vec<Box<dyn Iterator<Item = Element> + '_>> = Vec::with_capacity(2 * at.len() + 1);
        let mut from = 0;
        for (k, c) in at {
            let l = list.clone();
            parts.push(Box::new((from..k).filter_map(move |i| l.as_ref().and_then(|l| item(l, i)))));
            let sel = sel.clone();
            // Queried only when reached.
            parts.push(Box::new(std::iter::once(()).flat_map(move |()| self.matches(c, sel.clone()))));
            from = k;
        }
        parts.push(Box::new((from..n).filter_map(move |i| list.as_ref().and_then(|l| item(l, i)))));
        Box::new(parts.into_iter().flatten())
    }
}

/// Documents read at most (a page of ad frames stays cheap); frames are
/// followed as deep as the MiniPCD follows them.
const MAX_DOCUMENTS: usize = 50;

/// A document and the documents of its same-origin frames (any depth, also
/// frames inside shadow roots; hidden frames left out), each with its
/// trees: what an action's change check watches. A button in a frame
/// changes that frame's document, which the page's `innerText`, controls
/// and MutationObserver do not reach.
pub struct Documents(Vec<(Document, Trees)>);

impl Documents {
    pub fn of(document: &Document) -> Documents {
        let mut out = Vec::new();
        add_documents(document.clone(), 0, &mut out);
        Documents(out)
    }

    /// Each document with its trees, `document` first, parents before
    /// their frames.
    pub fn iter(&self) -> impl Iterator<Item = &(Document, Trees)> {
        self.0.iter()
    }
}

fn add_documents(doc: Document, depth: usize, out: &mut Vec<(Document, Trees)>) {
    let trees = Trees::of(&doc);
    let frames: Vec<Document> = if depth < crate::pcd::frames::MAX_FRAME_DEPTH {
        trees
            .scopes()
            .iter()
            .flat_map(|s| s.root.select("iframe, frame"))
            .filter(|f| !crate::aria::is_hidden(f))
            .filter_map(|f| crate::pcd::dom::frame_document(&f))
            .collect()
    } else {
        Vec::new()
    };
    out.push((doc, trees));
    for frame in frames {
        if out.len() >= MAX_DOCUMENTS {
            break;
        }
        add_documents(frame, depth + 1, out);
    }
}

/// `el` as an HTML element, from this realm or a same-origin frame's
/// (`dyn_into` asks `instanceof` of this realm's `HTMLElement`, which a
/// frame's elements are not).
pub fn as_html(el: &Element) -> Option<&HtmlElement> {
    crate::aria::dom::in_namespace(el, crate::aria::dom::XHTML_NS).then(|| el.unchecked_ref())
}

/// Whether `el` is in an `aria-hidden` or inert subtree of its tree (the
/// test [`crate::digest::outside_hidden_subtrees`] puts in a selector).
pub(crate) fn in_hidden_subtree(el: &Element) -> bool {
    crate::aria::dom::closest_c(el, "[aria-hidden=true], [inert]").is_some()
}

