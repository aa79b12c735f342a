//! Collects the [`SummaryInput`] facts of the page summary (seed 001) from the
//! DOM, exactly as `bc_core::summary::input` documents each field. Reads
//! only: no DOM writes, no network, and never a form control's `.value`
//! (only the visible caption of submit inputs, which is not user data).
//! Ranking, truncation, redaction and classification happen in the core.
//!
//! Everything is read from the document and its open shadow roots, in page
//! order (`crate::trees`); the main text includes what shadow roots show.

use crate::digest::{has_box, outside_hidden_subtrees};
use crate::pcd::dom::{attr, elements, inner_text};
use crate::pcd::frames::{in_page_order, Root, Scope};
use bc_core::summary::{decisive_words, CtaCandidate, FieldFact, FormFact, HeadingFact, LinkFact, RectFact, SelectorHints, SummaryInput, SummaryMode};
use crate::aria::flat_contains;
use crate::trees::{text, Trees};
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlElement};

const MAX_HEADINGS: usize = 100;
const MAX_MAIN_CHARS: usize = 2000;
const MAX_NAV_LINKS: usize = 60;
const MAX_FORMS: usize = 20;
const MAX_FIELDS: usize = 40;
const MAX_CTAS: usize = 200;
const CTA_SELECTOR: &str = "button, [type=submit], [role=button], a[href]";
const INTERACTIVE_SELECTOR: &str = "a[href], button:not(:disabled), input:not([type=hidden]):not(:disabled), \
     select:not(:disabled), textarea:not(:disabled), [role=button], [role=link], [tabindex]";
/// Interactive elements box-tested one by one, at most (see [`interactive_count`]).
const COUNT_EXACTLY: u32 = 1000;
const NON_FIELD_TYPES: &[&str] = &["hidden", "submit", "button", "reset", "image"];
const FIELDS: &str = "input, select, textarea";

/// What `mode` shows decides how much is read: forms without a `<form>`
/// are looked for up to as many as it lists (each costs a climb to find),
/// and the compact summary, which shows no word count, reads the main text
/// only as far as it takes to have its preview and as many words as can
/// change its page type (`bc_core::summary::decisive_words`): on a
/// 50k-element page the whole text was ~25 ms.
pub fn collect(document: &Document, mode: SummaryMode) -> SummaryInput {
    let max_forms = mode.limits().max_forms;
    let enough = match mode {
        SummaryMode::Compact => Some(text::Enough { chars: MAX_MAIN_CHARS, words: decisive_words(MAX_CTAS) }),
        SummaryMode::Full => None,
    };
    // One read batch: a field's label comes from one index of the page's
    // `<label>`s (`aria::dom::labels`), not from `el.labels`, which
    // Chromium answers by walking the whole document each time (~0.5 ms a
    // field at 50k elements: the 20 forms' fields cost ~10 ms).
    let _reads = crate::aria::batch();
    let window = web_sys::window();
    let trees = Trees::of(document);
    // Where the page marks no main region, the article reader modes would
    // find (`crate::main_content`), not the body with its menus.
    let main = crate::main_content::reader_region(&trees, document);
    let prose = main.as_ref().map(|(_, _, p)| *p).unwrap_or_default();
    let main = main.map(|(m, fallback, _)| (m, fallback));
    let (main_text, word_count) = match &main {
        Some((m, _)) => {
            let text = text::rendered_text_upto(m, &trees.hosts(), enough);
            // Words of unspaced scripts too (Chinese, Japanese, Thai).
            let words = bc_core::summary::word_count(&text) as u32;
            (text.chars().take(MAX_MAIN_CHARS).collect(), words)
        }
        None => (String::new(), 0),
    };
    let main_el: Option<&HtmlElement> = main.as_ref().filter(|(_, fallback)| !fallback).map(|(m, _)| m);
    let roots = || trees.scopes().iter().map(|s| &s.root);
    SummaryInput {
        url: document.location().and_then(|l| l.href().ok()).unwrap_or_default(),
        title: document.title(),
        headings: trees.rendered("h1, h2, h3").take(MAX_HEADINGS).filter_map(heading).collect(),
        main_text,
        word_count,
        nav_links: trees
            .each(|s| nav_links(&s.root).take(MAX_NAV_LINKS).collect(), |a| a)
            .into_iter()
            .take(MAX_NAV_LINKS)
            .map(|a| LinkFact { label: text_or_attr(&a, "aria-label"), href: prop_str(&a, "href") })
            .collect(),
        forms: forms(&trees, max_forms),
        ctas: cta_elements(&trees, main_el).enumerate().map(|(i, el)| cta(&el, i as u32, main_el)).collect(),
        interactive_count: roots().map(interactive_count).sum(),
        viewport_height: window.and_then(|w| w.inner_height().ok()).and_then(|h| h.as_f64()).unwrap_or_default(),
        has_password_field: roots().any(|r| r.select_list("input[type=password]").is_some_and(|l| l.length() > 0)),
        loose_password_field: loose_password_field(&trees),
        prose,
    }
}

/// The CTA candidates: the page's first `MAX_CTAS` rendered ones, or
/// those of the main region when it is a dialog (`Trees::main_region`): a
/// cookie banner at the end of a long page comes after the page's first
/// 200 links.
fn cta_elements<'a>(trees: &'a Trees, main: Option<&HtmlElement>) -> Box<dyn Iterator<Item = Element> + 'a> {
    const DIALOG: &str = "dialog, [role~=dialog i], [role~=alertdialog i]";
    match main.filter(|m| crate::aria::dom::matches_c(m, DIALOG)) {
        Some(dialog) => Box::new(
            crate::pcd::dom::select(dialog, CTA_SELECTOR)
                .filter(|el| crate::digest::has_box(el) && !crate::aria::is_hidden(el))
                .take(MAX_CTAS)
                .collect::<Vec<_>>()
                .into_iter(),
        ),
        None => Box::new(trees.rendered(CTA_SELECTOR).take(MAX_CTAS)),
    }
}

/// A password field that is shown: a sign-in form kept hidden in the
/// page's markup does not make it a sign-in page.
fn is_rendered_password(el: &Element) -> bool {
    is_input(el) && prop_str(el, "type") == "password" && has_box(el) && !crate::trees::in_hidden_subtree(el)
}

/// A rendered password field outside any `<form>` (a sign-in box of `div`s).
fn loose_password_field(trees: &Trees) -> bool {
    trees.rendered("input[type=password i]:not([form])").any(|el| el.closest("form").ok().flatten().is_none())
}

/// Rendered matches of `selector` in one tree, document order
/// (a layout box, outside `aria-hidden`/inert subtrees: the subtree test in the selector, the box test
/// per match).
fn rendered(root: &Root, selector: &str) -> impl Iterator<Item = Element> {
    root.select_list(&outside_hidden_subtrees(selector)).into_iter().flat_map(elements).filter(has_box)
}

/// The rendered interactive elements: exact up to `COUNT_EXACTLY` matches;
/// above, an even sample of that many is box-tested and its rendered share
/// applied to all matches. Touching an element from our isolated world
/// costs a wrapper and the box test about 1 µs each: on a 50k-element page
/// (11k matches) counting one by one was ~20 ms, a quarter of the summary.
/// Classification only asks whether there are 10 or 30, and a summary's
/// reader gains nothing from the last unit of a count in the thousands.
/// The sample is jittered within each stride, so a page hiding every n-th
/// element does not alias with it. `aria-hidden`/inert subtrees are tested
/// on the elements counted, not in the selector, which would test the
/// ancestors of every match (50k elements: the query 11.6 → 6.6 ms).
fn interactive_count(root: &Root) -> u32 {
    let Some(list) = root.select_list(INTERACTIVE_SELECTOR) else { return 0 };
    let n = list.length();
    let counted = |el: &Element| has_box(el) && !crate::trees::in_hidden_subtree(el);
    if n <= COUNT_EXACTLY {
        return elements(list).filter(counted).count() as u32;
    }
    let stride = f64::from(n) / f64::from(COUNT_EXACTLY);
    let shown = (0..COUNT_EXACTLY)
        .map(|k| {
            // Golden-ratio jitter: deterministic, spread over the stride.
            let jitter = (f64::from(k) * 0.618_033_988_75).fract();
            ((f64::from(k) + jitter) * stride) as u32
        })
        .filter_map(|i| list.item(i.min(n - 1)))
        .filter(|node| node.dyn_ref::<Element>().is_some_and(counted))
        .count();
    (shown as f64 * stride).round() as u32
}

/// What holds navigation links.
const NAV_SELECTOR: &str = "nav, header, [role=navigation]";

/// The rendered links inside `NAV_SELECTOR` elements, document order. Asked
/// per outermost container: the same links as `nav a[href], header a[href],
/// …` over the document, which checks the ancestors of every link on the
/// page (5 ms of 10k links on a 50k-element page).
fn nav_links(root: &Root) -> impl Iterator<Item = Element> {
    let containers = root.select_list(NAV_SELECTOR);
    let outermost: Vec<Element> = containers
        .into_iter()
        .flat_map(elements)
        .filter(|c| c.parent_element().and_then(|p| p.closest(NAV_SELECTOR).ok().flatten()).is_none())
        .collect();
    let links = outside_hidden_subtrees("a[href]");
    outermost
        .into_iter()
        .flat_map(move |c| c.query_selector_all(&links).ok().into_iter().flat_map(elements))
        .filter(has_box)
}

fn prop_str(el: &Element, name: &str) -> String {
    js_sys::Reflect::get(el, &name.into()).ok().and_then(|v| v.as_string()).unwrap_or_default()
}

/// `innerText`, else the attribute, else "".
fn text_or_attr(el: &Element, name: &str) -> String {
    let text = inner_text(el);
    if text.trim().is_empty() {
        attr(el, name).unwrap_or_default()
    } else {
        text
    }
}

fn heading(el: Element) -> Option<HeadingFact> {
    let level = el.tag_name().strip_prefix(['H', 'h'])?.parse().ok()?;
    Some(HeadingFact { level, text: inner_text(&el) })
}

/// The rendered `<form>`s and the forms without one (`pcd::formless_in`,
/// at most `formless` in all: an app's sign-in box, settings panel or
/// newsletter field built of `div`s) of every tree, in page order, at most
/// `MAX_FORMS`.
fn forms(trees: &Trees, formless: usize) -> Vec<FormFact> {
    let mut left = formless;
    let mut forms = trees.each(
        |s| {
            let found = forms_in(trees, s, left);
            left -= found.1;
            found.0
        },
        |(el, _)| el,
    );
    forms.truncate(MAX_FORMS);
    forms.into_iter().map(|(_, f)| f).collect()
}

/// One tree's forms in document order (each with the element that places
/// it), and how many of them have no `<form>` (at most `formless`).
fn forms_in(trees: &Trees, scope: &Scope, formless: usize) -> (Vec<(Element, FormFact)>, usize) {
    let mut forms: Vec<(Element, FormFact)> = rendered(&scope.root, "form").take(MAX_FORMS).map(|f| (f.clone(), form(&f, trees))).collect();
    let found = crate::pcd::formless_in(scope.root.container(), formless);
    let n = found.len();
    for f in found {
        let fields = f.fields.iter().take(MAX_FIELDS).map(field).collect();
        let fact = FormFact {
            fields,
            has_password: f.fields.iter().any(is_rendered_password),
            submit_label: button_caption(&f.submit),
        };
        // Before the first form that follows its first field (document
        // order; its container may hold a real form before the field).
        let at = forms
            .iter()
            .position(|(el, _)| f.fields[0].compare_document_position(el) & web_sys::Node::DOCUMENT_POSITION_FOLLOWING != 0)
            .unwrap_or(forms.len());
        forms.insert(at, (f.fields[0].clone(), fact));
    }
    (forms, n)
}

fn form(form: &Element, trees: &Trees) -> FormFact {
    let fields: Vec<Element> = form_fields(form, trees)
        .into_iter()
        .filter(|el| {
            let ty = attr(el, "type").unwrap_or_default().to_ascii_lowercase();
            !(el.tag_name().eq_ignore_ascii_case("input") && NON_FIELD_TYPES.contains(&ty.as_str()))
        })
        .take(MAX_FIELDS)
        .collect();
    let submit = form.query_selector("[type=submit], button:not([type])").ok().flatten();
    FormFact {
        has_password: fields.iter().any(is_rendered_password),
        fields: fields.iter().map(field).collect(),
        submit_label: submit.as_ref().map(button_caption).unwrap_or_default(),
    }
}

/// The fields of `form`, page order: its own, and those of the web
/// components inside it (a design system's `<x-input>` keeps its `<input>`
/// in its shadow root).
fn form_fields(form: &Element, trees: &Trees) -> Vec<Element> {
    let own = || form.query_selector_all(FIELDS).ok().into_iter().flat_map(elements).collect::<Vec<_>>();
    let scopes = trees.scopes();
    let inside: Vec<usize> = (1..scopes.len())
        .filter(|&i| scopes[i].host.as_ref().is_some_and(|h| flat_contains(form, h)))
        .collect();
    if inside.is_empty() {
        return own();
    }
    let Some(home) = scopes.iter().position(|s| s.root.node() == form.get_root_node()) else { return own() };
    let mut per: Vec<Vec<Element>> = vec![Vec::new(); scopes.len()];
    per[home] = own();
    for i in inside {
        per[i] = scopes[i].root.select(FIELDS);
    }
    in_page_order(scopes, &mut per, home, &|el: &Element| el).into_iter().map(|(el, _)| el).collect()
}

/// What a submit button shows: a submit input's `value` (its caption, not
/// user data), else its text.
fn button_caption(button: &Element) -> String {
    if is_input(button) {
        attr(button, "value").unwrap_or_default()
    } else {
        inner_text(button)
    }
}

fn is_input(el: &Element) -> bool {
    el.tag_name().eq_ignore_ascii_case("input")
}

fn field(el: &Element) -> FieldFact {
    let label = crate::aria::dom::labels(el)
        .first()
        .map(inner_text)
        .filter(|t| !t.trim().is_empty())
        .or_else(|| attr(el, "aria-label"))
        .or_else(|| el.has_attribute("aria-labelledby").then(|| crate::aria::accessible_name(el)).filter(|n| !n.trim().is_empty()))
        .or_else(|| attr(el, "placeholder"))
        .unwrap_or_default();
    let tag = el.tag_name().to_ascii_lowercase();
    let input_type = match tag.as_str() {
        "input" => prop_str(el, "type"),
        "select" | "textarea" => tag,
        // An ARIA field of a form without a `<form>` (`div role=slider`).
        _ => crate::aria::computed_role(el).map(|r| r.as_str().to_owned()).unwrap_or(tag),
    };
    FieldFact {
        label,
        name: attr(el, "name").or_else(|| attr(el, "id")).unwrap_or_default(),
        input_type,
        autocomplete: attr(el, "autocomplete").unwrap_or_default(),
    }
}

fn cta(el: &Element, dom_index: u32, main: Option<&HtmlElement>) -> CtaCandidate {
    let text = inner_text(el);
    // An author's name for the control beats its content, as in the
    // accessible name (accname 2B, 2D): a "★" button labelled "1 star" is
    // "1 star" to a reader, and to a role selector.
    let named = || {
        if el.has_attribute("aria-labelledby") {
            Some(crate::aria::accessible_name(el))
        } else {
            attr(el, "aria-label")
        }
    };
    let label = named()
        .filter(|t| !t.trim().is_empty())
        .or_else(|| Some(text.clone()).filter(|t| !t.trim().is_empty()))
        .or_else(|| is_input(el).then(|| attr(el, "value")).flatten())
        .or_else(|| attr(el, "title"))
        .unwrap_or_default();
    let r = el.get_bounding_client_rect();
    CtaCandidate {
        label,
        tag: el.tag_name().to_ascii_lowercase(),
        input_type: attr(el, "type").map(|t| t.to_ascii_lowercase()),
        role: attr(el, "role").map(|t| t.to_ascii_lowercase()),
        rect: RectFact { top: r.top(), height: r.height(), width: r.width() },
        in_main: main.is_some_and(|m| flat_contains(m, el)),
        selector_hints: SelectorHints {
            id: attr(el, "id"),
            name: attr(el, "name"),
            aria_label: attr(el, "aria-label"),
            text: if is_input(el) { String::new() } else { text },
        },
        dom_index,
    }
}
