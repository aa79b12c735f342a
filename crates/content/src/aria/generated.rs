//! Which elements may have CSS generated text, so that a name from content
//! asks `getComputedStyle(el, '::before')` and `'::after'` only for those:
//! on a 10k-element page those two reads were half the time of naming the
//! controls (Chromium resolves a pseudo-element's style for each).
//!
//! A tree scope's style sheets (its `styleSheets` and `adoptedStyleSheets`,
//! `@import`s and grouping rules such as `@media` included) are read for
//! rules that style a `::before`/`::after` and declare `content` (or an
//! animation, which may set it); the selectors of their elements
//! (`bc_core::css_generated`) say which elements may have generated text.
//! Conditions are not evaluated (`@media` that does not apply still
//! counts): the answer is a superset, and the computed style decides as
//! before. A scope whose sheets cannot be read whole answers "may" for
//! every element — a cross-origin sheet without CORS, nested rules, too
//! many selectors, a selector the browser rejects — as does any element
//! that rules of another scope can reach (`:host`, `::slotted()`,
//! `::part()`).
//!
//! Answers hold inside a read batch (`batch.rs`); outside one every element
//! may. What the sheets say is kept across batches while each sheet is the
//! same object with the same number of rules; the top document's list of
//! matching elements too, while the DOM's epoch stands and the selectors
//! test only the tree and attributes (no pseudo-class: `:checked`,
//! `:hover` change without a mutation). A first MiniPCD is dozens of
//! batches, and listed them anew in each. Not seen: a rule changed in
//! place (`rule.style.content = …`, `insertRule` into an `@media` block);
//! closed shadow roots' `:host::before` (their sheets cannot be read).
//! An `@import` not loaded yet makes its scope answer "may" until a sheet
//! of the scope changes.

use super::{batch, dom};
use bc_core::css_generated::{content_may_generate, pseudo_selectors, PseudoSelectors};
use js_sys::{Array, JsString};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, Node};

#[wasm_bindgen]
extern "C" {
    /// A document or shadow root (any realm), for its style sheets.
    #[wasm_bindgen(extends = Node)]
    type SheetHolder;
    #[wasm_bindgen(method, getter, js_name = styleSheets)]
    fn style_sheets_js(this: &SheetHolder) -> JsValue;
    #[wasm_bindgen(method, getter, js_name = adoptedStyleSheets)]
    fn adopted_js(this: &SheetHolder) -> JsValue;

    /// A `CSSStyleSheet`; reading a cross-origin one's rules throws.
    type Sheet;
    #[wasm_bindgen(method, getter, catch, js_name = cssRules)]
    fn css_rules_js(this: &Sheet) -> Result<JsValue, JsValue>;

    /// A `CSSRuleList`.
    type RuleList;
    #[wasm_bindgen(method, getter)]
    fn length(this: &RuleList) -> u32;

    /// A CSS rule of any kind; a getter its kind lacks gives `undefined`.
    type Rule;
    #[wasm_bindgen(method, getter, js_name = selectorText)]
    fn selector_text_js(this: &Rule) -> JsValue;
    #[wasm_bindgen(method, getter, js_name = cssRules)]
    fn rules_js(this: &Rule) -> JsValue;
    #[wasm_bindgen(method, getter, js_name = styleSheet)]
    fn import_sheet_js(this: &Rule) -> JsValue;
    #[wasm_bindgen(method, getter)]
    fn href(this: &Rule) -> JsValue;
    #[wasm_bindgen(method, getter, js_name = style)]
    fn style_js(this: &Rule) -> JsValue;

    /// An element (any realm), for the trees that style it.
    #[wasm_bindgen(extends = Element)]
    type Styled;
    #[wasm_bindgen(method, getter, js_name = assignedSlot)]
    fn assigned_slot_js(this: &Styled) -> Option<Element>;
}

/// More distinct selectors than this (icon fonts: one rule per glyph) and
/// a scope answers "may" everywhere: matching them costs more than the
/// style reads they would save.
const MAX_SELECTORS: usize = 200;
/// Rules read per scope at most (hostile or huge sheets).
const MAX_RULES: usize = 50_000;
/// Elements asked with `matches` before the scope's matching elements are
/// listed once (`querySelectorAll`): few names → few matches.
const MATCHES_BEFORE_LISTING: u32 = 32;
/// Scopes remembered across batches (shadow roots come and go).
const MAX_SCOPES: usize = 64;

/// What a scope's sheets say.
#[derive(Clone)]
enum Says {
    /// No element there has generated text.
    Nothing,
    /// Elements matching this selector list may; `stateless` when it has
    /// no pseudo-class (its matches change only with the DOM).
    Matching { sel: JsString, stateless: bool },
    /// Any element may.
    Anything,
}

struct Scope {
    root: Node,
    /// Each sheet read and its number of rules (`u32::MAX`: unreadable);
    /// `None` before the first reading.
    sheets: Option<Vec<(JsValue, u32)>>,
    says: Says,
    /// Rules here may style other scopes' elements' pseudo-elements
    /// (`:host`, `::slotted`, `::part`; or sheets not read whole).
    crossing: bool,
    /// The batch the fields below belong to.
    batch: u32,
    asked: u32,
    listed: Option<js_sys::Set>,
    /// The DOM's epoch `listed` was made in, when it may outlive its batch
    /// (top document, stateless selectors).
    listed_epoch: Option<u32>,
    /// `root` is this window's document (the tree the epoch watches).
    top: bool,
}

thread_local! {
    static SCOPES: RefCell<Vec<Scope>> = const { RefCell::new(Vec::new()) };
}

/// Drops what holds elements at the end of the outermost read batch.
pub(super) fn end_batch() {
    SCOPES.with(|s| {
        for scope in s.borrow_mut().iter_mut().filter(|s| s.listed_epoch.is_none()) {
            scope.listed = None;
        }
    });
}

/// Whether `el`'s `::before`/`::after` may hold text: false only inside a
/// read batch, when no rule that could give it some exists.
pub fn may_generate_text(el: &Element) -> bool {
    let Some(gen) = batch::current() else { return true };
    let root = el.get_root_node();
    if with_scope(&root, gen, |s| s.may(el)) {
        return true;
    }
    // `:host::before` in the element's own shadow tree.
    if let Some(shadow) = el.shadow_root() {
        if with_scope(&shadow, gen, |s| s.crossing) {
            return true;
        }
    }
    // `::slotted(…)::before` in the tree it is slotted into.
    if let Some(slot) = el.unchecked_ref::<Styled>().assigned_slot_js() {
        if with_scope(&slot.get_root_node(), gen, |s| s.crossing) {
            return true;
        }
    }
    // `::part(…)::before` in the trees around its own.
    let mut root = root;
    while root.node_type() == Node::DOCUMENT_FRAGMENT_NODE {
        root = root.unchecked_ref::<web_sys::ShadowRoot>().host().get_root_node();
        if with_scope(&root, gen, |s| s.crossing) {
            return true;
        }
    }
    false
}

fn with_scope(root: &Node, gen: u32, f: impl FnOnce(&mut Scope) -> bool) -> bool {
    SCOPES.with(|s| {
        let mut scopes = s.borrow_mut();
        let pos = match scopes.iter().position(|s| &s.root == root) {
            Some(p) => p,
            None => {
                if scopes.len() >= MAX_SCOPES {
                    scopes.remove(0);
                }
                scopes.push(Scope {
                    root: root.clone(),
                    sheets: None,
                    says: Says::Anything,
                    crossing: true,
                    batch: gen.wrapping_sub(1),
                    asked: 0,
                    listed: None,
                    listed_epoch: None,
                    top: web_sys::window()
                        .and_then(|w| w.document())
                        .is_some_and(|d| root == d.unchecked_ref::<Node>()),
                });
                scopes.len() - 1
            }
        };
        let scope = &mut scopes[pos];
        if scope.batch != gen {
            scope.check(gen);
        }
        f(scope)
    })
}

impl Scope {
    /// First use in batch `gen`: re-reads the sheets if any changed.
    fn check(&mut self, gen: u32) {
        self.batch = gen;
        self.asked = 0;
        if self.listed_epoch.is_none() || self.listed_epoch != batch::dom_epoch() {
            self.listed = None;
            self.listed_epoch = None;
        }
        let sheets = sheets_of(&self.root);
        if self.sheets.as_ref() != Some(&sheets) {
            self.listed = None;
            self.listed_epoch = None;
            self.says = read(&sheets);
            // A scope read whole has no rule reaching other scopes (those
            // make the reading fail).
            self.crossing = matches!(self.says, Says::Anything);
            self.sheets = Some(sheets);
        }
    }

    fn may(&mut self, el: &Element) -> bool {
        let Says::Matching { sel, stateless } = &self.says else {
            return matches!(self.says, Says::Anything);
        };
        self.asked += 1;
        if self.listed.is_none() && self.asked > MATCHES_BEFORE_LISTING {
            match dom::query_all_in_str(&self.root, sel) {
                Ok(list) => {
                    self.listed = Some(js_sys::Set::new(&list));
                    self.listed_epoch = batch::dom_epoch().filter(|_| self.top && *stateless);
                }
                Err(_) => {
                    self.says = Says::Anything;
                    return true;
                }
            }
        }
        match &self.listed {
            Some(set) => set.has(el),
            None => dom::matches_str(el, sel).unwrap_or(true),
        }
    }
}

/// The scope's sheets, in order, with their rule counts.
fn sheets_of(root: &Node) -> Vec<(JsValue, u32)> {
    let holder = root.unchecked_ref::<SheetHolder>();
    let mut out = Vec::new();
    for list in [holder.style_sheets_js(), holder.adopted_js()] {
        if list.is_undefined() || list.is_null() {
            continue;
        }
        for sheet in Array::from(&list).iter() {
            let n = match sheet.unchecked_ref::<Sheet>().css_rules_js() {
                Ok(rules) => rules.unchecked_ref::<RuleList>().length(),
                Err(_) => u32::MAX,
            };
            out.push((sheet, n));
        }
    }
    out
}

/// What a scope's sheets say.
fn read(sheets: &[(JsValue, u32)]) -> Says {
    let mut reading = Reading::default();
    for (sheet, _) in sheets {
        if !reading.sheet(sheet, 0) {
            return Says::Anything;
        }
    }
    if reading.selectors.is_empty() {
        Says::Nothing
    } else {
        let sel = reading.selectors.join(", ");
        Says::Matching { stateless: !sel.contains(':'), sel: JsString::from(sel) }
    }
}

#[derive(Default)]
struct Reading {
    selectors: Vec<String>,
    rules: usize,
}

impl Reading {
    /// Reads a sheet's rules; false when the scope must answer "may".
    fn sheet(&mut self, sheet: &JsValue, depth: u32) -> bool {
        match sheet.unchecked_ref::<Sheet>().css_rules_js() {
            Ok(rules) => self.rules(&rules, false, depth),
            Err(_) => false,
        }
    }

    fn rules(&mut self, rules: &JsValue, nested: bool, depth: u32) -> bool {
        if depth > 32 {
            return false;
        }
        for rule in Array::from(rules).iter() {
            self.rules += 1;
            if self.rules > MAX_RULES {
                return false;
            }
            let rule = rule.unchecked_ref::<Rule>();
            if let Some(text) = rule.selector_text_js().as_string() {
                if !self.style_rule(rule, &text, nested) {
                    return false;
                }
                // Nested style rules (CSS nesting) are relative to this one.
                let inner = rule.rules_js();
                if inner.is_object() && !self.rules(&inner, true, depth + 1) {
                    return false;
                }
                continue;
            }
            let import = rule.import_sheet_js();
            if import.is_object() {
                if !self.sheet(&import, depth + 1) {
                    return false;
                }
                continue;
            }
            // An `@import` still loading: what it will hold is unknown (and
            // its arrival changes no rule count this scope compares).
            if rule.href().is_string() {
                return false;
            }
            // Grouping rules (`@media`, `@supports`, `@layer`, `@container`,
            // `@scope`…); `@keyframes` has rules without selectors.
            let inner = rule.rules_js();
            if inner.is_object() && !self.rules(&inner, nested, depth + 1) {
                return false;
            }
        }
        true
    }

    fn style_rule(&mut self, rule: &Rule, text: &str, nested: bool) -> bool {
        let found = pseudo_selectors(text);
        if found == PseudoSelectors::None {
            return true;
        }
        let style: dom::Style = rule.style_js().unchecked_into();
        let content = dom::property_c(&style, "content");
        let animated = !matches!(dom::property_c(&style, "animation-name").as_str(), "" | "none");
        if !content_may_generate(&content) && !animated {
            return true;
        }
        match found {
            PseudoSelectors::None => true,
            PseudoSelectors::Elements(_) if nested => false,
            PseudoSelectors::Elements(sels) => {
                for s in sels {
                    if !self.selectors.contains(&s) {
                        self.selectors.push(s);
                    }
                }
                self.selectors.len() <= MAX_SELECTORS
            }
            PseudoSelectors::CrossesScopes | PseudoSelectors::Unknown => false,
        }
    }
}
