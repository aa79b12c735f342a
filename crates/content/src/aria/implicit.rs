//! HTML-AAM implicit roles: the role an HTML element has without a `role`
//! attribute, including the context-dependent ones (scoped header/footer/
//! aside, named section/form, cells of grids, owned elements of a
//! presentational table or list). Elements HTML-AAM maps to no ARIA role
//! give `None`.

use super::{dom, role::{is_presentational, Role}};
use web_sys::Element;

/// Sectioning ancestors that make header/footer/aside local, not landmarks.
const SCOPING: &str = "article, aside, main, nav, section, \
[role=article i], [role=complementary i], [role=main i], [role=navigation i]";

/// For `aside`, `main` is no scope: a sidebar of the main content is still
/// complementary.
const ASIDE_SCOPING: &str = "article, aside, nav, section, \
[role=article i], [role=complementary i], [role=navigation i]";

/// Whether an `<a>` without `href` takes clicks: Chromium exposes such an
/// anchor as a link when it has click listeners (mdBook's chapter fold
/// toggles). Listeners are invisible from here; an `onclick` attribute or a
/// `cursor: pointer` the page gave it are what a user sees of them.
fn takes_clicks(el: &Element) -> bool {
    dom::has_attr_c(el, "onclick") || dom::style_prop(el, None, "cursor") == "pointer"
}

/// The implicit role of `el` per HTML-AAM (as Chromium applies it).
pub fn implicit_role(el: &Element) -> Option<Role> {
    if dom::in_namespace(el, dom::SVG_NS) {
        return svg_role(el);
    }
    let t = dom::tag(el);
    Some(match t.as_str() {
        "a" => if dom::has_attr_c(el, "href") || takes_clicks(el) { Role::Link } else { Role::Generic },
        "area" if dom::has_attr_c(el, "href") => Role::Link,
        "area" => return None,
        "article" => Role::Article,
        "aside" => {
            let scoped = el.parent_element().and_then(|p| dom::closest_c(&p, ASIDE_SCOPING)).is_some();
            if !scoped || has_landmark_name(el) { Role::Complementary } else { Role::Generic }
        }
        // Chromium (ARIA 1.3) maps scoped header/footer to section roles.
        "header" => if scoped(el) { Role::SectionHeader } else { Role::Banner },
        "footer" => if scoped(el) { Role::SectionFooter } else { Role::ContentInfo },
        "section" => if has_landmark_name(el) { Role::Region } else { Role::Generic },
        // Chromium exposes every <form> as a form, named or not.
        "form" => Role::Form,
        "search" => Role::Search,
        "main" => Role::Main,
        "nav" => Role::Navigation,
        "blockquote" => Role::Blockquote,
        "button" => Role::Button,
        "caption" => Role::Caption,
        "code" => Role::Code,
        "del" | "s" => Role::Deletion,
        "ins" => Role::Insertion,
        "em" => Role::Emphasis,
        "strong" => Role::Strong,
        "sub" => Role::Subscript,
        "sup" => Role::Superscript,
        "mark" => Role::Mark,
        "time" => Role::Time,
        "dfn" | "dt" => Role::Term,
        "dd" => Role::Definition,
        "dl" | "menu" | "ol" | "ul" => Role::List,
        "li" => match el.parent_element() {
            Some(p) if matches!(dom::tag(&p).as_str(), "ul" | "ol" | "menu") && is_presentational(&p) => Role::None,
            _ => Role::ListItem,
        },
        "p" => Role::Paragraph,
        "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => Role::Heading,
        "figure" => Role::Figure,
        "math" => Role::Math,
        "meter" => Role::Meter,
        "progress" => Role::ProgressBar,
        "dialog" => Role::Dialog,
        "details" | "fieldset" | "optgroup" | "hgroup" | "address" => Role::Group,
        "output" => Role::Status,
        "hr" => Role::Separator,
        "table" => Role::Table,
        "thead" | "tbody" | "tfoot" => if in_presentational(el, "table") { Role::Generic } else { Role::RowGroup },
        "tr" => if in_presentational(el, "table") { Role::Generic } else { Role::Row },
        "td" => return Some(cell_role(el)),
        "th" => return Some(header_cell_role(el)),
        "option" => Role::Option,
        "datalist" => Role::ListBox,
        "select" => {
            let size = dom::attr_c(el, "size").and_then(|s| s.trim().parse::<i32>().ok()).unwrap_or(0);
            if dom::has_attr_c(el, "multiple") || size > 1 { Role::ListBox } else { Role::Combobox }
        }
        "textarea" => Role::TextBox,
        "input" => return input_role(el),
        "img" => img_role(el),
        "svg" => Role::GraphicsDocument,
        "b" | "bdi" | "bdo" | "body" | "data" | "div" | "i" | "pre" | "q" | "samp" | "small"
        | "span" | "u" => Role::Generic,
        _ => return None,
    })
}

fn scoped(el: &Element) -> bool {
    el.parent_element().and_then(|p| dom::closest_c(&p, SCOPING)).is_some()
}

/// Whether an element that is a landmark only when named has a name:
/// `aria-label`, `aria-labelledby` or `title` (for Chromium any `title`,
/// even empty). The referenced elements' text stands in for their full
/// name: computing that needs roles, which would bring us back here.
pub(crate) fn has_landmark_name(el: &Element) -> bool {
    if dom::attr_nonblank_c(el, "aria-label").is_some() || dom::has_attr_c(el, "title") {
        return true;
    }
    dom::id_refs(el, "aria-labelledby").iter().any(|r| {
        dom::attr_nonblank_c(r, "aria-label").is_some()
            || r.text_content().is_some_and(|t| !t.trim().is_empty())
    })
}

/// Whether the nearest `container` ancestor has an honoured presentational
/// role, which passes to the elements it owns (rows, cells).
fn in_presentational(el: &Element, container: &'static str) -> bool {
    dom::closest_c(el, container).is_some_and(|c| is_presentational(&c))
}

fn grid_like(el: &Element) -> bool {
    dom::closest_c(el, "table").is_some_and(|t| {
        dom::matches_c(&t, "[role=grid i], [role=treegrid i]")
    })
}

/// Parts of a presentational table stay in the tree as plain containers
/// (Chromium: generic), unlike items of a presentational list.
fn cell_role(el: &Element) -> Role {
    if in_presentational(el, "table") {
        Role::Generic
    } else if grid_like(el) {
        Role::GridCell
    } else {
        Role::Cell
    }
}

/// `th`: `scope` decides; otherwise a `th` in a row that also holds data
/// cells heads that row, and any other `th` heads its column.
fn header_cell_role(el: &Element) -> Role {
    if in_presentational(el, "table") {
        return Role::Generic;
    }
    match dom::attr_c(el, "scope").map(|s| s.trim().to_ascii_lowercase()).as_deref() {
        Some("row") | Some("rowgroup") => return Role::RowHeader,
        Some("col") | Some("colgroup") => return Role::ColumnHeader,
        _ => {}
    }
    let row_has_td = el.parent_element().is_some_and(|tr| dom::query_c(&tr, ":scope > td").is_some());
    if row_has_td { Role::RowHeader } else { Role::ColumnHeader }
}

fn img_role(el: &Element) -> Role {
    // alt="" says decorative, unless something else gives the image meaning.
    let decorative = dom::attr_c(el, "alt").is_some_and(|a| a.is_empty())
        && dom::attr_nonblank_c(el, "title").is_none()
        && !dom::matches_c(el, "[aria-label],[aria-labelledby],[aria-describedby],[tabindex]");
    if decorative { Role::None } else { Role::Image }
}

fn input_role(el: &Element) -> Option<Role> {
    let ty = dom::attr_c(el, "type").map(|t| t.trim().to_ascii_lowercase()).unwrap_or_default();
    // `list` makes a combobox only when it names a <datalist> (and the
    // type takes suggestions: not password).
    let with_list = ty != "password"
        && dom::attr_c(el, "list")
        .and_then(|id| dom::by_id(el, &id))
        .is_some_and(|l| l.local_name() == "datalist");
    Some(match ty.as_str() {
        "button" | "image" | "reset" | "submit" => Role::Button,
        "checkbox" => Role::Checkbox,
        "radio" => Role::Radio,
        "range" => Role::Slider,
        "number" => Role::SpinButton,
        "hidden" => return None,
        "color" | "date" | "datetime-local" | "month" | "time" | "week" | "file" => return None,
        "search" => if with_list { Role::Combobox } else { Role::SearchBox },
        // text, email, tel, url, password and unknown types are text fields.
        _ => if with_list { Role::Combobox } else { Role::TextBox },
    })
}

/// SVG-AAM: the root and named/titled shapes are graphics; the rest generic.
fn svg_role(el: &Element) -> Option<Role> {
    match dom::tag(el).as_str() {
        "svg" => Some(Role::GraphicsDocument),
        "a" => Some(if dom::has_attr_c(el, "href") || dom::has_attr_c(el, "xlink:href") { Role::Link } else { Role::Group }),
        "g" => Some(Role::Group),
        "image" => Some(Role::Image),
        "text" => Some(Role::Group),
        "circle" | "ellipse" | "line" | "path" | "polygon" | "polyline" | "rect" | "use" => {
            let named = dom::matches_c(el, "[aria-label],[aria-labelledby]")
                || dom::query_c(el, ":scope > title, :scope > desc").is_some();
            Some(if named { Role::GraphicsSymbol } else { Role::None })
        }
        "title" | "desc" | "defs" | "style" | "script" | "metadata" => None,
        _ => Some(Role::Generic),
    }
}
