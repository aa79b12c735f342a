//! The page's own words (`ContentRequest::Vocabulary`): what each control
//! is called, for reading a sentence against the page
//! (`bc_core::command::read_against`). A control goes by its accessible
//! name, else the text beside it (`resolve::near`), else its placeholder;
//! a dropdown's options are listed with it; headings are listed as the
//! places a sentence says things are under. Only names leave the page:
//! never a field's value, never the page's paragraphs.

use crate::aria::{accessible_name, computed_role, dom as adom, is_hidden, Role};
use crate::pcd::{clickable, frames::Root};
use crate::resolve::near;
use bc_core::command::{PageWord, RevealVia, WordKind, MAX_NAME, MAX_WORDS};
use std::collections::HashMap;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element};

/// Everything a sentence can name, in page order (the pointer-cursor
/// spans, found apart, come after).
const CONTROLS: &str = "input:not([type=hidden i]), select, textarea, button, a[href], summary, [role], [contenteditable=''], [contenteditable=true i]";

/// Most `cursor: pointer` elements asked for.
const MAX_POINTERS: usize = 80;
/// Most controls looked at: a huge page's first ones are the words a
/// sentence about it names, and each costs a name computation.
const MAX_LOOKED_AT: u32 = 3000;

/// The page's words, at most [`MAX_WORDS`].
pub fn vocabulary(document: &Document) -> Vec<PageWord> {
    let mut out: Vec<PageWord> = Vec::new();
    let mut counts: HashMap<WordKind, u32> = HashMap::new();
    let mut place = |kind: WordKind| {
        let n = counts.entry(kind).or_insert(0);
        *n += 1;
        *n
    };
    let Ok(list) = document.query_selector_all(CONTROLS) else { return out };
    let tabs = document.query_selector("[role=tab], [class~=tab i], [class*=tabs i] > *, [class*=tabbar i] > *").ok().flatten().is_some();
    for i in 0..list.length().min(MAX_LOOKED_AT) {
        if out.len() >= MAX_WORDS {
            break;
        }
        let Some(el) = list.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else { continue };
        let Some(kind) = kind_of(&el) else { continue };
        let shown = !is_hidden(&el);
        let reveal = if shown { None } else { reveal_of(&el, tabs) };
        if !shown && reveal.is_none() {
            continue;
        }
        let name = name_of(&el, kind);
        let nth = place(kind);
        if kind == WordKind::Dropdown && adom::tag(&el) == "select" {
            let owner = (name.clone(), nth);
            out.push(PageWord { kind, name, nth, owner: None, shown, reveal });
            if let Ok(options) = el.query_selector_all("option") {
                for j in 0..options.length() {
                    let Some(option) = options.item(j).and_then(|n| n.dyn_into::<Element>().ok()) else { continue };
                    let text = squeeze(&option.text_content().unwrap_or_default());
                    if !text.is_empty() && text.chars().count() <= MAX_NAME && out.len() < MAX_WORDS {
                        out.push(PageWord { kind: WordKind::Option, name: text, nth: j + 1, owner: Some(owner.clone()), shown, reveal: None });
                    }
                }
            }
            continue;
        }
        out.push(PageWord { kind, name, nth, owner: None, shown, reveal });
    }
    // Headings, as places a sentence may say things are under.
    if let Ok(list) = document.query_selector_all(HEADINGS) {
        for i in 0..list.length().min(MAX_HEADINGS) {
            let Some(el) = list.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else { continue };
            let name = squeeze(&el.text_content().unwrap_or_default());
            if !name.is_empty() && name.chars().count() <= MAX_NAME && out.len() < MAX_WORDS && !is_hidden(&el) {
                let nth = place(WordKind::Heading);
                out.push(PageWord { kind: WordKind::Heading, name, nth, owner: None, shown: true, reveal: None });
            }
        }
    }
    for el in scrollers(document) {
        if out.len() < MAX_WORDS {
            let nth = place(WordKind::Scroller);
            out.push(PageWord { kind: WordKind::Scroller, name: box_name(&el), nth, owner: None, shown: true, reveal: None });
        }
    }
    // A closed menu's items are listed hidden: a sentence that opens the
    // menu first may name them (`read_against`).
    let pointers = clickable::pointer_elements(&Root::Doc(document.clone()), MAX_POINTERS, None, &[]);
    for el in pointers.into_iter().chain(closed_menu_items(document)) {
        let name = squeeze(&el.text_content().unwrap_or_default());
        if !name.is_empty() && name.chars().count() <= MAX_NAME && out.len() < MAX_WORDS {
            let nth = place(WordKind::Clickable);
            let shown = !is_hidden(&el);
            out.push(PageWord { kind: WordKind::Clickable, name, nth, owner: None, shown, reveal: None });
        }
    }
    out
}

/// What a page titles its parts with.
const HEADINGS: &str = "h1, h2, h3, h4, h5, h6, [role=heading], legend";
/// Most headings looked at.
const MAX_HEADINGS: u32 = 40;

/// Containers a closed menu is drawn in.
const MENUS: &str = "[role=menu], [class*=menu i], [class*=dropdown i], [class*=popover i]";
/// Most closed menus looked into, and items taken from each.
const MAX_MENUS: usize = 5;
const MAX_ITEMS: usize = 20;

/// The pointer-cursor items of closed (hidden) menus; not those hidden
/// from everyone (`aria-hidden`, `inert`).
fn closed_menu_items(document: &Document) -> Vec<Element> {
    let Ok(list) = document.query_selector_all(MENUS) else { return Vec::new() };
    (0..list.length().min(MAX_LOOKED_AT))
        .filter_map(|i| list.item(i).and_then(|n| n.dyn_into::<Element>().ok()))
        .filter(|menu| is_hidden(menu) && adom::closest_c(menu, "[aria-hidden=true], [inert]").is_none())
        .take(MAX_MENUS)
        .flat_map(|menu| clickable::pointers_shown_or_not(&menu, MAX_ITEMS))
        .fold(Vec::new(), |mut out, item| {
            // (A menu inside another matches twice.)
            if !out.contains(&item) {
                out.push(item);
            }
            out
        })
}

/// Boxes that scroll on their own ("scroll the terms to the end"), at
/// most [`MAX_SCROLLERS`], among the first [`MAX_LOOKED_AT`] blocks; only
/// those with a name `Grounding::scroller` can find them by.
fn scrollers(document: &Document) -> Vec<Element> {
    let Ok(list) = document.query_selector_all(BLOCKS) else { return Vec::new() };
    (0..list.length().min(MAX_LOOKED_AT))
        .filter_map(|i| list.item(i).and_then(|n| n.dyn_into::<Element>().ok()))
        // (Layout first: a computed style only for what overflows.)
        .filter(|el| el.client_height() > 40 && crate::act::virtualized::scrolls(el) && !is_hidden(el))
        .filter(|el| !box_name(el).is_empty())
        .take(MAX_SCROLLERS)
        .collect()
}

/// Elements that may scroll on their own.
const BLOCKS: &str = "div, section, article, aside, main, ul, ol, dl, pre, form, fieldset";
/// Most scrolling boxes listed.
const MAX_SCROLLERS: usize = 10;

/// What a sentence and `Grounding::scroller` call a scrolling box: the
/// words of its id or first class ("terms-box" → "terms box"), which the
/// grounding finds it by, else its accessible name.
fn box_name(el: &Element) -> String {
    let handle = |raw: String| {
        let words = squeeze(&raw.replace(['-', '_'], " "));
        let readable = words.chars().any(char::is_alphabetic) && words.chars().filter(char::is_ascii_digit).count() <= 2;
        (readable && words.chars().count() <= 30).then_some(words)
    };
    let id = el.get_attribute("id").and_then(handle);
    let class = || el.get_attribute("class").and_then(|c| c.split_whitespace().next().map(str::to_owned)).and_then(handle);
    id.or_else(class).unwrap_or_else(|| {
        let name = squeeze(&accessible_name(el));
        if name.chars().count() <= MAX_NAME { name } else { String::new() }
    })
}

/// What brings up a hidden control: another tab, on a page with tabs
/// (a tab role, or elements whose class says they are tabs); else
/// opening folders or sections. `None` for what is hidden from everyone
/// (`aria-hidden`, `inert`): never offered.
fn reveal_of(el: &Element, tabs: bool) -> Option<RevealVia> {
    if adom::closest_c(el, "[aria-hidden=true], [inert]").is_some() {
        return None;
    }
    Some(if tabs { RevealVia::Tabs } else { RevealVia::Folders })
}

/// The kind of control `el` is, if a sentence can name it.
fn kind_of(el: &Element) -> Option<WordKind> {
    if adom::is_sensitive(el) || adom::matches(el, "input[type=password i]") {
        return Some(WordKind::Secret);
    }
    let role = computed_role(el)?;
    Some(match role {
        // A field whose page lists suggestions under it as it is typed in.
        Role::TextBox | Role::SearchBox if adom::matches(el, "[list], [aria-autocomplete=list i], [aria-autocomplete=both i]") => WordKind::Suggesting,
        Role::TextBox | Role::SearchBox | Role::SpinButton => WordKind::Field,
        Role::Combobox if adom::tag(el) == "select" => WordKind::Dropdown,
        Role::Combobox => WordKind::Suggesting,
        Role::ListBox => WordKind::Dropdown,
        Role::Checkbox | Role::Switch | Role::MenuItemCheckbox => WordKind::Checkbox,
        Role::Radio | Role::MenuItemRadio => WordKind::Radio,
        Role::Button => WordKind::Button,
        Role::Link => WordKind::Link,
        Role::Tab => WordKind::Tab,
        Role::MenuItem | Role::TreeItem | Role::Option => WordKind::Clickable,
        _ if adom::tag(el) == "summary" => WordKind::Button,
        _ => return None,
    })
}

/// What a sentence would call `el`: its accessible name, else the text
/// beside it, else its placeholder; empty when none fits in [`MAX_NAME`].
fn name_of(el: &Element, kind: WordKind) -> String {
    let mut name = accessible_name(el);
    if name.is_empty() && matches!(kind, WordKind::Field | WordKind::Dropdown | WordKind::Checkbox | WordKind::Radio | WordKind::Secret) {
        name = near::label(el).unwrap_or_default();
    }
    if name.is_empty() {
        name = adom::attr_nonblank_c(el, "placeholder").unwrap_or_default();
    }
    let name = squeeze(&name);
    if name.chars().count() > MAX_NAME {
        return String::new();
    }
    name.trim_end_matches(':').trim().to_owned()
}

/// `text` with its runs of white space made one space.
fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
