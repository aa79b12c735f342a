//! The role engine: elements whose computed role (as Chromium computes it,
//! `aria::computed_role`) is the selector's, not hidden, with the states
//! Playwright's `getByRole` filters on. The browser pre-filters with a CSS
//! selector per role (any `[role]` plus the tags that can have it
//! implicitly), so only plausible elements cross into WASM.

use crate::aria::{self, Role};
use crate::pcd::dom;
use web_sys::Element;

/// Tags whose implicit role can be `role` (a superset; the computed role
/// decides). `None`: any element can, search everything.
fn implicit_tags(role: Role) -> Option<&'static str> {
    use Role::*;
    Some(match role {
        Button => "button, input",
        Link => "a, area",
        TextBox | SearchBox | Checkbox | Radio | Slider | SpinButton => "input, textarea",
        Combobox => "select, input",
        ListBox => "select, datalist",
        Option => "option",
        Heading => "h1, h2, h3, h4, h5, h6",
        Image => "img, image",
        List => "ul, ol, menu, dl",
        ListItem => "li",
        Table => "table",
        Row => "tr",
        RowGroup => "thead, tbody, tfoot",
        Cell | GridCell => "td",
        ColumnHeader | RowHeader => "th",
        Navigation => "nav",
        Main => "main",
        Banner | SectionHeader => "header",
        ContentInfo | SectionFooter => "footer",
        Complementary => "aside",
        Region => "section",
        Form => "form",
        Search => "search",
        Dialog => "dialog",
        Article => "article",
        Paragraph => "p",
        ProgressBar => "progress",
        Meter => "meter",
        Status => "output",
        Separator => "hr",
        Figure => "figure",
        Term => "dfn, dt",
        Definition => "dd",
        Blockquote => "blockquote",
        Caption => "caption",
        Group => "details, fieldset, optgroup, hgroup, address, g, text, a",
        GraphicsDocument => "svg",
        GraphicsSymbol => "circle, ellipse, line, path, polygon, polyline, rect, use",
        // Roles with no implicit tag: only `[role]` can give them.
        Alert | AlertDialog | Application | Feed | Grid | Log | Marquee | Menu | MenuBar
        | MenuItem | MenuItemCheckbox | MenuItemRadio | Note | RadioGroup | ScrollBar | Switch
        | Tab | TabList | TabPanel | Timer | Toolbar | Tooltip | Tree | TreeGrid | TreeItem => "",
        _ => return std::option::Option::None,
    })
}

/// The CSS that pre-filters candidates for `role`.
pub fn candidates_css(role: Role) -> String {
    match implicit_tags(role) {
        None => "*".to_owned(),
        Some("") => "[role]".to_owned(),
        Some(tags) => format!("[role], {tags}"),
    }
}

/// A tri-state ARIA value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Tri {
    True,
    False,
    Mixed,
}

fn tri(v: Option<String>) -> Tri {
    match v.map(|s| s.trim().to_ascii_lowercase()).as_deref() {
        Some("true") => Tri::True,
        Some("mixed") => Tri::Mixed,
        _ => Tri::False,
    }
}

/// State filters of a role selector (`None` = not filtered).
#[derive(Default, Clone, Copy)]
pub struct States {
    pub pressed: Option<bool>,
    pub disabled: Option<bool>,
    pub checked: Option<bool>,
    pub expanded: Option<bool>,
    pub selected: Option<bool>,
    pub level: Option<u32>,
}

impl States {
    /// Whether `el` has every requested state, by Playwright's rules:
    /// `mixed` is neither true nor false; `expanded` holds only where
    /// `aria-expanded` is set (or on `<details>`); `hN` beats `aria-level`.
    pub fn hold(&self, el: &Element, role: Role) -> bool {
        let want = |w: Option<bool>, have: Tri| w.is_none_or(|w| have == if w { Tri::True } else { Tri::False });
        if self.pressed.is_some() && !want(self.pressed, tri(dom::attr(el, "aria-pressed"))) {
            return false;
        }
        if let Some(w) = self.disabled {
            if disabled(el) != w {
                return false;
            }
        }
        if self.checked.is_some() && !want(self.checked, checked(el)) {
            return false;
        }
        if let Some(w) = self.expanded {
            let have = if dom::tag(el) == "details" {
                Some(el.has_attribute("open"))
            } else {
                dom::attr(el, "aria-expanded").map(|v| v.trim().eq_ignore_ascii_case("true"))
            };
            if have != Some(w) {
                return false;
            }
        }
        if let Some(w) = self.selected {
            let have = dom::attr(el, "aria-selected").is_some_and(|v| v.trim().eq_ignore_ascii_case("true"))
                || (dom::tag(el) == "option" && dom::matches(el, ":checked"));
            if have != w {
                return false;
            }
        }
        if let Some(w) = self.level {
            // Playwright: the hN number wins over aria-level.
            let tag = dom::tag(el);
            let have = match tag.as_bytes() {
                [b'h', d @ b'1'..=b'6'] => Some(u32::from(d - b'0')),
                _ if role == Role::Heading => aria::heading_level(el),
                _ => dom::attr(el, "aria-level").and_then(|v| v.trim().parse().ok()),
            };
            if have != Some(w) {
                return false;
            }
        }
        true
    }
}

/// Natively disabled (`:disabled` covers fieldsets and optgroups), or
/// inside `aria-disabled="true"`.
pub fn disabled(el: &Element) -> bool {
    dom::matches(el, ":disabled") || dom::closest(el, "[aria-disabled='true' i]").is_some()
}

fn checked(el: &Element) -> Tri {
    if dom::tag(el) == "input" && dom::matches(el, "[type=checkbox i], [type=radio i]") {
        if dom::matches(el, "[type=checkbox i]:indeterminate") {
            return Tri::Mixed;
        }
        return if dom::checked(el) == Some(true) { Tri::True } else { Tri::False };
    }
    tri(dom::attr(el, "aria-checked"))
}

/// Whether `el` is a role match before states and name.
pub fn has_role(el: &Element, role: Role) -> bool {
    aria::computed_role(el) == Some(role) && !aria::is_hidden(el)
}
