//! The landmark an element is in, by element or role, decided by the
//! computed role so that scoped `header`/`footer` (inside article, aside,
//! main, nav or section) do not count as banner/contentinfo.

use super::{context, frames::Root};
use crate::aria::{self, dom as adom, Role};
use bc_core::types::Landmark;
use web_sys::Element;

/// Elements that may be landmarks; the computed role decides. The role
/// tests go after `[role]`, so that elements without one (most) fail at
/// once: asked of every ancestor of every control (`closest`) and of a
/// whole page, the plain list of `[role~=x i]` took 1.6 ms a query at 10k
/// elements, this 0.7.
pub const LANDMARK_SEL: &str = "main, header, footer, nav, aside, \
[role]:is([role~=main i], [role~=banner i], [role~=contentinfo i], [role~=navigation i], [role~=complementary i])";

/// The landmark of a landmark-ish element itself.
pub fn own(el: &Element) -> Option<Landmark> {
    Some(match context::role_of(el)? {
        Role::Main => Landmark::Main,
        Role::Banner => Landmark::Header,
        Role::ContentInfo => Landmark::Footer,
        Role::Navigation => Landmark::Nav,
        Role::Complementary => Landmark::Aside,
        _ => return None,
    })
}

/// The nearest enclosing landmark of `el` (itself included) in its tree.
pub fn of(el: &Element) -> Option<Landmark> {
    enclosing(el).next()
}

/// Whether `el` (itself included) is inside a landmark of kind `l` in its
/// tree, however deep: a `withinLandmark` scope is the landmark's region,
/// nested landmarks included (a breadcrumb `nav` inside `main` is within
/// main too), as Playwright's `getByRole('main').getByRole(…)` reads it.
pub fn within(el: &Element, l: Landmark) -> bool {
    enclosing(el).any(|x| x == l)
}

/// The landmarks around `el` (itself included), innermost first. Scoped
/// header/footer are no landmark: the walk goes on above them. Landmarks
/// nest a few deep at most; the bound keeps a hostile page's thousand
/// nested navs from costing a long walk per candidate.
fn enclosing(el: &Element) -> impl Iterator<Item = Landmark> {
    let mut cur = adom::closest_c(el, LANDMARK_SEL);
    std::iter::from_fn(move || {
        let c = cur.take()?;
        cur = c.parent_element().and_then(|p| adom::closest_c(&p, LANDMARK_SEL));
        Some(own(&c))
    })
    .take(16)
    .flatten()
}

/// Rendered landmarks of `root`, in document order (duplicates kept; the
/// caller keeps each kind once).
pub fn present(root: &Root) -> Vec<Landmark> {
    root.select(LANDMARK_SEL)
        .iter()
        .filter(|el| !aria::is_hidden(el))
        .filter_map(own)
        .collect()
}
