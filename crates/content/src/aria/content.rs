//! Name from content (accname step 2F): the text of an element's flat-tree
//! children, with CSS `::before`/`::after` generated text, hidden children
//! skipped, and spaces around block-level parts (as Chromium inserts them)
//! but not between inline ones.

use super::{dom, generated, hidden::{self, Shown}, name::{self, text_alternative, Ctx, Mode, MAX_DEPTH}};
use wasm_bindgen::JsCast;
use web_sys::{Element, Node};

/// Never part of a name, even inside a hidden subtree that is referenced.
const NEVER_TEXT: &[&str] = &["script", "style", "template", "noscript", "head", "title"];

/// The text gathered from `el`'s content.
pub(crate) fn from_content(el: &Element, cx: &mut Ctx, mode: Mode) -> String {
    from_content_inner(el, cx, mode, false)
}

/// `text_hidden`: `el` is `visibility:hidden`, so only descendants that are
/// visible again contribute.
fn from_content_inner(el: &Element, cx: &mut Ctx, mode: Mode, text_hidden: bool) -> String {
    let child_mode = Mode { in_content: true, ..mode };
    let mut out = String::new();
    let generated = !text_hidden && generated::may_generate_text(el);
    if generated {
        out.push_str(&pseudo_text(el, "::before"));
    }
    // The element's text-transform, read once and only if it has text.
    let mut transform: Option<String> = None;
    for child in flat_children(el) {
        if let Some(text) = dom::as_text(&child) {
            if !text_hidden {
                let data = text.data();
                if data.trim().is_empty() {
                    out.push_str(&data);
                } else {
                    let t = transform.get_or_insert_with(|| dom::style_prop(el, None, "text-transform"));
                    out.push_str(&apply_transform(&data, t));
                }
            }
            continue;
        }
        let Some(child_el) = dom::as_element(&child) else { continue };
        let tag = dom::tag(child_el);
        if NEVER_TEXT.contains(&tag.as_str()) && !dom::in_namespace(child_el, dom::SVG_NS) {
            continue;
        }
        let part = match if mode.include_hidden { Shown::Yes } else { hidden::shown_below_visible(child_el) } {
            Shown::Yes => text_alternative(child_el, cx, child_mode),
            Shown::No => continue,
            // Counted like a visit: a chain of `visibility:hidden` nodes
            // deeper than the limit is read as rendered (its visible text).
            Shown::TextHidden if cx.depth >= MAX_DEPTH => name::beyond_depth(child_el),
            Shown::TextHidden => {
                cx.depth += 1;
                let part = from_content_inner(child_el, cx, child_mode, true);
                cx.depth -= 1;
                part
            }
        };
        if is_inline(child_el, &tag) {
            out.push_str(&part);
        } else {
            out.push(' ');
            out.push_str(&part);
            out.push(' ');
        }
    }
    if generated {
        out.push_str(&pseudo_text(el, "::after"));
    }
    out
}

/// Rendered text is what Chromium names with: apply CSS `text-transform`.
pub(crate) fn apply_transform(text: &str, transform: &str) -> String {
    match transform {
        "uppercase" => text.to_uppercase(),
        "lowercase" => text.to_lowercase(),
        "capitalize" => {
            let mut out = String::with_capacity(text.len());
            let mut at_word_start = true;
            for c in text.chars() {
                if at_word_start && c.is_alphanumeric() {
                    out.extend(c.to_uppercase());
                } else {
                    out.push(c);
                }
                at_word_start = c.is_whitespace() || (at_word_start && !c.is_alphanumeric());
            }
            out
        }
        _ => text.to_owned(),
    }
}

/// Children in the flat tree: a shadow host's shadow children, a slot's
/// assigned nodes (or its fallback content), otherwise the DOM children;
/// then the elements it claims with `aria-owns`.
fn flat_children(el: &Element) -> Vec<Node> {
    let mut out = tree_children(el);
    if dom::has_attr_c(el, "aria-owns") {
        out.extend(dom::id_refs(el, "aria-owns").into_iter().map(Node::from));
    }
    out
}

fn tree_children(el: &Element) -> Vec<Node> {
    let list = if let Some(sr) = el.shadow_root() {
        sr.child_nodes()
    } else if dom::tag(el) == "slot" {
        let assigned = el.unchecked_ref::<web_sys::HtmlSlotElement>().assigned_nodes();
        if assigned.length() > 0 {
            return assigned.iter().map(|n| n.unchecked_into()).collect();
        }
        el.child_nodes()
    } else {
        el.child_nodes()
    };
    (0..list.length()).filter_map(|i| list.item(i)).collect()
}

/// Whether `el` flows inline with its neighbours' text. Chromium separates
/// every part that is not plain `display:inline` (blocks, but also
/// inline-blocks and form controls) with spaces. Asked of every element:
/// author CSS can change any element's display.
fn is_inline(el: &Element, tag: &str) -> bool {
    if matches!(tag, "br") {
        return false;
    }
    let display = dom::style_prop(el, None, "display");
    matches!(display.as_str(), "" | "inline" | "contents" | "none")
}

/// The text CSS generates in `el`'s `::before`/`::after` pseudo element,
/// padded with spaces when the pseudo element is a block. Callers ask
/// [`generated::may_generate_text`] first.
pub(crate) fn pseudo_text(el: &Element, pseudo: &'static str) -> String {
    let Some(style) = dom::style(el, Some(pseudo)) else { return String::new() };
    let content = dom::property_c(&style, "content");
    if content.is_empty() || content == "none" || content == "normal" {
        return String::new();
    }
    let text = parse_content(&content, el);
    if text.is_empty() {
        return text;
    }
    let display = dom::property_c(&style, "display");
    // An image (`url()`) with alt text is spaced like any replaced element.
    let inline = (display == "inline" || display.is_empty()) && !content.contains("url(");
    if inline { text } else { format!(" {text} ") }
}

/// Reads a computed `content` value: quoted strings and `attr()` are text;
/// counters, quotes and images are not; an alternative after `/` wins.
pub(crate) fn parse_content(value: &str, el: &Element) -> String {
    let mut main = String::new();
    let mut alt = String::new();
    let mut in_alt = false;
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        let target = if in_alt { &mut alt } else { &mut main };
        match c {
            '"' | '\'' => {
                let quote = c;
                while let Some(d) = chars.next() {
                    match d {
                        '\\' => {
                            if let Some(e) = read_escape(&mut chars) {
                                target.push(e);
                            }
                        }
                        d if d == quote => break,
                        d => target.push(d),
                    }
                }
            }
            '/' => in_alt = true,
            'a' if value_starts(&mut chars, "ttr(") => {
                let name: String = chars.by_ref().take_while(|&d| d != ')').collect();
                target.push_str(&el.get_attribute(name.trim()).unwrap_or_default());
            }
            '(' => {
                // counter(), url(), …: skip the function's arguments.
                let mut depth = 1;
                for d in chars.by_ref() {
                    match d {
                        '(' => depth += 1,
                        ')' => { depth -= 1; if depth == 0 { break; } }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    if in_alt { alt } else { main }
}

/// Consumes `rest` if the iterator continues with it.
fn value_starts(chars: &mut std::iter::Peekable<std::str::Chars<'_>>, rest: &str) -> bool {
    let probe: String = chars.clone().take(rest.len()).collect();
    if probe == rest {
        for _ in 0..rest.len() {
            chars.next();
        }
        true
    } else {
        false
    }
}

/// A CSS escape after the backslash: up to six hex digits plus an optional
/// space, or a literal character.
fn read_escape(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) -> Option<char> {
    let mut hex = String::new();
    while hex.len() < 6 && chars.peek().is_some_and(|c| c.is_ascii_hexdigit()) {
        hex.push(chars.next()?);
    }
    if hex.is_empty() {
        return chars.next();
    }
    if chars.peek() == Some(&' ') {
        chars.next();
    }
    u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32)
}
