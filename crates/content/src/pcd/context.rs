//! Cheap context around an element: the heading it sits under, whether it
//! is in a pagination region, its icon hint, its box in top-viewport
//! coordinates. Each read is bounded (a few sibling/ancestor steps), since
//! it runs once per control.

use super::dom;
use bc_core::pcd::Rect;
use web_sys::Element;

pub const HEADING_SEL: &str = "h1, h2, h3, h4, h5, h6, [role~=heading i]";
/// Elements that end a heading's reach: a heading outside them is not about
/// what is inside.
const SECTION_SEL: &str = "article, section, aside, nav, main, dialog, body, [role~=region i], \
[role~=article i], [role~=dialog i], [role~=main i], [role~=complementary i], [role~=navigation i]";
/// Previous siblings looked at, in total, per heading lookup.
const MAX_SIBLINGS: usize = 40;
const MAX_LEVELS: usize = 10;
const MAX_TEXT: usize = 200;

/// Text of the nearest heading before `el` within its section: each
/// previous sibling (a heading, or the last heading inside it), then the
/// same one level up, stopping at the section element.
pub fn heading(el: &Element) -> Option<String> {
    let mut cur = el.clone();
    let mut budget = MAX_SIBLINGS;
    for _ in 0..MAX_LEVELS {
        let mut sib = cur.previous_element_sibling();
        while let Some(s) = sib {
            budget = budget.checked_sub(1)?;
            if dom::matches(&s, HEADING_SEL) {
                return text_of(&s);
            }
            // One `querySelector` per sibling (cheaper than `matches(':has…')`);
            // only subtrees with a heading pay for the last one.
            if dom::select_one(&s, HEADING_SEL).is_some() {
                if let Some(h) = dom::select(&s, HEADING_SEL).last() {
                    return text_of(&h);
                }
            }
            sib = s.previous_element_sibling();
        }
        let parent = cur.parent_element()?;
        if dom::matches(&parent, SECTION_SEL) {
            return None;
        }
        cur = parent;
    }
    None
}

fn text_of(h: &Element) -> Option<String> {
    Some(dom::short_text(h, MAX_TEXT)).filter(|t| !t.is_empty())
}

/// Pagination regions named by label, class or id.
const PAGINATION_SEL: &str = "[aria-label*=pagination i], [aria-label*=pager i], [class*=pagination i], \
[class*=pager i], [id*=pagination i], [id*=pager i], nav[aria-label*=page i], [role~=navigation i][aria-label*=page i]";

/// Inside a pagination region, or a page-number link among other
/// page-number links.
pub fn in_pagination(el: &Element, name: &str) -> bool {
    if dom::closest(el, PAGINATION_SEL).is_some() {
        return true;
    }
    if !is_page_number(name) {
        return false;
    }
    let Some(list) = dom::closest(el, "nav, ul, ol, [role~=navigation i], [role~=list i]") else {
        return false;
    };
    dom::select(&list, "a[href], button, [role~=link i], [role~=button i]")
        .take(40)
        .filter(|c| is_page_number(&dom::short_text(c, 12)))
        .count()
        >= 3
}

fn is_page_number(s: &str) -> bool {
    let s = s.trim();
    !s.is_empty() && s.len() <= 5 && s.chars().all(|c| c.is_ascii_digit())
}

/// `title`/`aria-label` of an element without visible text (icon buttons),
/// or of its first descendant that has one.
pub fn icon_hint(el: &Element, tag: &str) -> Option<String> {
    if matches!(tag, "input" | "select" | "textarea") || !dom::inner_text(el).trim().is_empty() {
        return None;
    }
    dom::attr(el, "aria-label")
        .or_else(|| dom::attr(el, "title"))
        .or_else(|| {
            let d = dom::select_one(el, "[aria-label], [title], img[alt]")?;
            dom::attr(&d, "aria-label")
                .or_else(|| dom::attr(&d, "title"))
                .or_else(|| dom::attr(&d, "alt"))
        })
}

/// `getBoundingClientRect()` moved into the top viewport.
pub fn rect(el: &Element, dx: f64, dy: f64) -> Rect {
    let r = el.get_bounding_client_rect();
    Rect {
        x: r.x() + dx,
        y: r.y() + dy,
        w: r.width(),
        h: r.height(),
    }
}

/// `id` and `class` tokens (names like "productGrid", "invoices").
pub fn hints(el: &Element) -> Vec<String> {
    let mut out: Vec<String> = dom::attr(el, "id").into_iter().collect();
    if let Some(c) = dom::attr(el, "class") {
        out.extend(c.split_ascii_whitespace().map(str::to_owned));
    }
    out.truncate(12);
    out
}
