//! The rendered text of the main region, shadow content included.
//! `innerText` stops at shadow hosts (it reads the light tree, whose
//! children a host does not render unless a `<slot>` places them), so
//! where the region holds open shadow roots the text is put together from
//! `innerText` of the subtrees without any, walking only down to the hosts:
//! a host's shadow root stands for its children, a `<slot>` for the nodes
//! assigned to it. Pieces are joined by line breaks (a preview and a word
//! count need no more of CSS's line layout).
//!
//! Most readers want only the beginning (a preview, a digest capped at a
//! few thousand characters, a hash of the first 40k): [`rendered_text_upto`]
//! stops once it has [`Enough`]. It reads `innerText` of subtrees of at
//! most [`SMALL_SUBTREE`] elements and goes down into bigger ones child by
//! child, in page order, so a 50k-element page's main region costs what
//! its first few sections cost, not its whole text (~25 ms). Pieces are
//! joined as above.
//!
//! Controls a page writes with nothing between them (`<button>Accept
//! all</button><button>Reject all</button>`, as React renders a list) are
//! read each on its own: `innerText` puts nothing between inline-block
//! boxes, so their texts would run together ("Accept allReject all", one
//! word for the preview, the word count and the page type's decisive
//! words). A subtree holding such a pair ([`abutting`]) is read child by
//! child, down to the pair's parent.
//!
//! Form controls are skipped whole: their values (and a `<textarea>`'s
//! default text) are user data, never summary text — `innerText`, which
//! leaves them out, is only asked of subtrees.
//!
//! A huge text (a 10 MB log in a `<pre>`) never crosses into WASM whole:
//! a subtree whose text is longer than [`BIG_TEXT`] is read child by
//! child, and a text node only as far as the reader still needs, sliced
//! on the JS side (each copy of 10 MB cost ~0.3 s of main thread).
//!
//! So is what the page hides from assistive technology (`aria-hidden`):
//! text a screen reader is told to skip is text a page can write for the
//! model alone (issue 41, prompt injection). A subtree holding such an
//! element is read child by child down to it, as for abutting controls.

use super::as_html;
use crate::aria::flat_contains;
use crate::digest::has_box;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, HtmlSlotElement, Node};

/// Elements whose content is never read: form controls (user data) and
/// frames (other documents).
const SKIPPED: &[&str] = &["input", "textarea", "select", "iframe", "frame"];

/// Elements at most in a subtree whose `innerText` is read in one go when
/// only the beginning of the text is wanted; a bigger one is read child by
/// child. (`innerText` costs about a microsecond an element; counting a
/// subtree's elements, natively, far less.)
pub const SMALL_SUBTREE: u32 = 300;

/// Controls browsers draw as boxes of their own (inline-block buttons,
/// links styled as buttons or tabs): an element of these right after
/// another may abut it.
const BOXED: &str = "button, a[href], [role~=button i], [role~=link i], [role~=tab i], [role~=menuitem i]";

thread_local! {
    /// `:is(BOXED) + :is(BOXED)`, built once.
    static ABUTTING_SEL: String = format!(":is({BOXED}) + :is({BOXED})");
}

/// Whether `el` holds two of [`BOXED`] with no text at all between them,
/// whose `innerText`s would run together. (The selector's `+` skips text
/// nodes: links in a sentence are told apart by the text between them.)
fn abutting(el: &Element) -> bool {
    let Some(list) = ABUTTING_SEL.with(|s| el.query_selector_all(s).ok()) else { return false };
    (0..list.length()).filter_map(|i| list.item(i)).any(|second| {
        let mut node = second.previous_sibling();
        while let Some(n) = node {
            match n.node_type() {
                Node::ELEMENT_NODE => return true,
                Node::TEXT_NODE if n.text_content().is_some_and(|t| !t.is_empty()) => return false,
                // Comments and empty text nodes (a framework's markers)
                // put nothing between the two.
                _ => node = n.previous_sibling(),
            }
        }
        false
    })
}

/// Characters of text under an element past which a reader that wants
/// only the beginning goes down child by child instead of asking for all
/// of it.
const BIG_TEXT: u32 = 200_000;

/// The first `max` UTF-16 units of a text node's text, sliced in JS.
fn text_start(node: &Node, max: u32) -> String {
    js_sys::Reflect::get(node, &"textContent".into())
        .ok()
        .and_then(|v| v.dyn_into::<js_sys::JsString>().ok())
        .map(|s| String::from(s.slice(0, max.min(s.length()))))
        .unwrap_or_default()
}

/// Hidden from assistive technology: never read.
const CONCEALED: &str = "[aria-hidden=true i]";

/// Whether `el` is, or holds, an element of [`CONCEALED`].
fn conceals(el: &Element) -> bool {
    el.matches(CONCEALED).unwrap_or(false) || el.query_selector(CONCEALED).ok().flatten().is_some()
}

/// How much text a reader needs: it stops once it has both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Enough {
    /// Characters, counting each run of whitespace as one (the readers
    /// collapse whitespace).
    pub chars: usize,
    pub words: usize,
}

/// `el`'s rendered text, or with `enough`, at least its first
/// `enough.chars` characters and `enough.words` words where it has them
/// (whole pieces: usually more); `hosts` are the open shadow hosts the
/// summary reads (any depth).
pub fn rendered_text_upto(el: &HtmlElement, hosts: &[Element], enough: Option<Enough>) -> String {
    let inside: Vec<Element> = hosts.iter().filter(|h| flat_contains(el, h)).cloned().collect();
    if el.matches(CONCEALED).unwrap_or(false) {
        return String::new();
    }
    if inside.is_empty() && enough.is_none() && !abutting(el) && !conceals(el) {
        return el.inner_text();
    }
    let mut out = Reader { text: String::new(), chars: 0, words: 0, enough };
    push_element(el, &inside, &mut out);
    out.text
}

/// The text read so far, and how much of it counts towards [`Enough`].
struct Reader {
    text: String,
    chars: usize,
    words: usize,
    enough: Option<Enough>,
}

impl Reader {
    fn done(&self) -> bool {
        self.enough.is_some_and(|e| self.chars >= e.chars && self.words >= e.words)
    }

    /// Whether `el` is read child by child: when the beginning is enough
    /// and `el` is big, or when two of its controls abut.
    fn goes_down(&self, el: &Element) -> bool {
        let big = || el.get_elements_by_tag_name("*").length() > SMALL_SUBTREE || crate::pcd::dom::text_longer_than(el, BIG_TEXT);
        (self.enough.is_some() && big()) || abutting(el) || conceals(el)
    }

    /// How many more characters of a text are worth reading (all, without
    /// [`Enough`]).
    fn wanted(&self) -> Option<u32> {
        // A word is rarely longer than a dozen characters.
        self.enough.map(|e| (e.chars.saturating_sub(self.chars).max(e.words.saturating_sub(self.words) * 12) as u32).saturating_add(1024))
    }

    /// Appends a piece on a line of its own; blank pieces add nothing.
    fn push(&mut self, piece: &str) {
        let piece = piece.trim();
        if piece.is_empty() {
            return;
        }
        if !self.text.is_empty() {
            self.text.push('\n');
            self.chars += 1;
        }
        self.text.push_str(piece);
        if self.enough.is_some() {
            for (i, w) in piece.split_whitespace().enumerate() {
                self.chars += w.chars().count() + usize::from(i > 0);
                self.words += 1;
            }
        }
    }
}

/// Appends `el`'s text; `hosts` are those inside `el` or `el` itself.
fn push_element(el: &Element, hosts: &[Element], out: &mut Reader) {
    if out.done() {
        return;
    }
    let here: Vec<Element> = hosts.iter().filter(|h| flat_contains(el, h)).cloned().collect();
    if here.is_empty() && !out.goes_down(el) {
        if let Some(h) = as_html(el) {
            out.push(&h.inner_text());
        }
        return;
    }
    let children = match el.shadow_root().filter(|_| here.contains(el)) {
        Some(root) => root.child_nodes(),
        None => el.child_nodes(),
    };
    // Text right inside a big element is read from its node, so the
    // element's `visibility` is ours to check (a child's `innerText`
    // checks its own).
    let mut visible = None;
    for i in 0..children.length() {
        if out.done() {
            return;
        }
        let Some(node) = children.item(i) else { continue };
        if node.node_type() == Node::TEXT_NODE
            && here.is_empty()
            && !*visible.get_or_insert_with(|| crate::aria::dom::style_prop(el, None, "visibility") != "hidden")
        {
            continue;
        }
        push_node(&node, &here, out);
    }
}

fn push_node(node: &Node, hosts: &[Element], out: &mut Reader) {
    match node.node_type() {
        Node::TEXT_NODE => match out.wanted() {
            Some(max) => out.push(&text_start(node, max)),
            None => out.push(&node.text_content().unwrap_or_default()),
        },
        Node::ELEMENT_NODE => {
            let el: &Element = node.unchecked_ref();
            let tag = el.local_name();
            if SKIPPED.contains(&tag.as_str()) || el.matches(CONCEALED).unwrap_or(false) {
                return;
            }
            if let Some(slot) = (tag == "slot").then(|| as_html(el)).flatten().map(|h| h.unchecked_ref::<HtmlSlotElement>()) {
                // A slot assigned to a slot comes back as itself: this
                // branch reads it in turn.
                let assigned = slot.assigned_nodes();
                if assigned.length() == 0 {
                    // Nothing assigned: the slot's own (fallback) content shows.
                    push_element(el, hosts, out);
                }
                for n in assigned.iter() {
                    push_node(n.unchecked_ref(), hosts, out);
                }
                return;
            }
            // `display: contents` boxes nothing itself but shows its children.
            if has_box(el) || crate::aria::dom::style_prop(el, None, "display") == "contents" {
                push_element(el, hosts, out);
            }
        }
        _ => {}
    }
}
