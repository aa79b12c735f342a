//! [`PageFacts`]: what the content script reads from the live DOM for the
//! MiniPCD (seed 000 §5) — the whole contract between `bc-content`'s
//! collector and the core's builder. The DOM side *reads and reports*; every
//! decision (ids, kinds, dedupe, templates, collections, budgets) is the
//! core's, natively tested from fixtures of this type.
//!
//! Serialised camelCase; every field has a default so a collector that cannot
//! read something omits it.

use crate::kind::FormFacts;
use crate::types::Landmark;
use serde::{Deserialize, Serialize};

/// One page (top frame plus same-origin frames and open shadow roots).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct PageFacts {
    /// `location.href` of the top frame.
    pub url: String,
    /// `document.title`.
    pub title: String,
    /// `innerWidth` / `innerHeight` of the top window (CSS px).
    pub viewport_w: f64,
    pub viewport_h: f64,
    /// Landmarks present and rendered, each once, in document order.
    pub landmarks: Vec<Landmark>,
    /// Interactive controls, document order (frames after their host
    /// document, shadow content at its host's position), at most 2000.
    pub controls: Vec<ControlFact>,
    /// Rendered forms (`<form>` or `role=form|search`), document order, at most 40.
    pub forms: Vec<FormFact>,
    /// Repeated structures that may be collections, document order, at most 40.
    pub groups: Vec<GroupFact>,
}

/// One interactive element the user could act on.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ControlFact {
    /// The collector's handle for the element (index into its registry);
    /// `getDetails`/actions come back with it. Unique within one collection.
    pub key: u32,
    /// Computed ARIA role (`bc_content::aria::computed_role`), e.g. "button",
    /// "link", "textbox", "checkbox", "combobox", "menuitem", "tab"; for
    /// clickable non-semantic elements (see `clickable`) the computed role
    /// (often "generic"/"" ).
    pub role: String,
    /// Accessible name (`bc_content::aria::accessible_name`), raw.
    pub name: String,
    /// Lowercase tag name.
    pub tag: String,
    /// `type` attribute of inputs/buttons, lowercased.
    pub input_type: Option<String>,
    /// For links: the resolved `href` property's path (no query/fragment).
    pub href_path: Option<String>,
    /// For links to another origin: that origin (`https://example.com`);
    /// `None` for same-origin links and everything else. Cluster keys tell
    /// other sites apart by it (seed 000 §5: `origin + pathRoot`).
    pub href_origin: Option<String>,
    /// Nearest enclosing landmark (main/header/nav/footer/aside, by element
    /// or role; header/footer only when they are banner/contentinfo).
    pub landmark: Option<Landmark>,
    /// `getBoundingClientRect()` relative to the top viewport (frames offset).
    pub rect: Rect,
    /// Text of the nearest heading before the element within its section
    /// (h1–h6 or role=heading), raw, if any.
    pub heading: Option<String>,
    /// Index into [`PageFacts::forms`] of the form that owns the control.
    pub form: Option<u32>,
    /// Membership in a repeated structure: index into [`PageFacts::groups`]
    /// and the item's index within it.
    pub group: Option<GroupRef>,
    /// Inside a pagination region (`nav`/element whose aria-label, class or
    /// id says pagination/pager, or a list of page-number links).
    pub in_pagination: bool,
    /// Not semantically interactive, found through clickability signals:
    /// `onclick` attribute/property, `cursor:pointer` on a leaf-ish element,
    /// or `tabindex>=0` without a widget role.
    pub clickable: bool,
    /// `disabled` / `aria-disabled=true`.
    pub disabled: bool,
    /// A negative `tabindex`: out of the keyboard's tab order, as a spin
    /// button's steppers and the items of a roving-focus widget are; a
    /// button that commits a form never is.
    pub tab_skipped: bool,
    /// `aria-pressed` / `checked` / `aria-expanded` when present.
    pub pressed: Option<bool>,
    pub checked: Option<bool>,
    pub expanded: Option<bool>,
    /// `aria-haspopup` value when present.
    pub has_popup: Option<String>,
    /// The element has an explicit `role` attribute or `aria-label(ledby)`
    /// (for `metrics.ariaCoverage`).
    pub aria: bool,
    /// `title`/`aria-label` when the element has no visible text (icon-only).
    pub icon_hint: Option<String>,
    /// Frame path from the top document: one CSS selector per iframe
    /// (e.g. `["iframe#pay"]`); empty in the top document.
    pub frame_path: Vec<String>,
    /// Inside an open shadow root.
    pub in_shadow: bool,
    /// Inside a rendered dialog its page marks modal (`aria-modal=true`):
    /// what the page says must be dealt with first, whatever its place in
    /// the document (a cookie banner appended to the body). A `showModal()`
    /// dialog needs no mark: perception reads it alone.
    pub in_modal: bool,
}

/// Viewport-relative box in CSS px.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct GroupRef {
    pub group: u32,
    pub item: u32,
}

/// One rendered form and what purpose inference needs (no values, ever).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct FormFact {
    /// The collector's handle of the form element.
    pub key: u32,
    /// Fields, labels, submit label, role, name, heading, action path,
    /// landmark — as `crate::kind::FormFacts` documents.
    pub facts: FormFacts,
    /// Which fields are `required` (same order as `facts.fields`).
    pub required: Vec<bool>,
    /// Top of the form's box (viewport px), for above-the-fold.
    pub top: f64,
    /// The origin the form is sent to when it is not the page's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goes_to: Option<String>,
}

/// A repeated structure: a container whose children (or rows) share a shape
/// — list items, table rows, cards of a grid, virtualized rows.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct GroupFact {
    /// The collector's handle of the container.
    pub key: u32,
    /// Container's computed role and tag ("list"/"ul", "table"/"table",
    /// "grid", "feed", "" / "div" for card grids).
    pub role: String,
    pub tag: String,
    /// What names the group: aria-label(ledby), table caption, or the nearest
    /// heading before it.
    pub label: Option<String>,
    /// `id` and `class` attribute tokens of the container (for names like
    /// "productGrid", "invoices").
    pub hints: Vec<String>,
    pub landmark: Option<Landmark>,
    /// Items rendered now.
    pub item_count: u32,
    /// `aria-rowcount` / `aria-setsize` or a "N results" text next to it,
    /// when larger than what is rendered (virtualized lists).
    pub declared_count: Option<u32>,
    /// For tables: the column header texts, in order.
    pub columns: Vec<String>,
    /// Up to 5 sample items, in order.
    pub samples: Vec<ItemSample>,
    /// Top of the container's box (viewport px).
    pub top: f64,
}

/// What one item of a group shows, for inferring `itemFields`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ItemSample {
    /// Rendered text pieces of the item in order (per cell for table rows;
    /// per text-bearing leaf otherwise), raw, at most 12, each ≤ 120 chars.
    /// Never form-control values.
    pub texts: Vec<String>,
    /// Text of the item's heading element or most prominent link, if any.
    pub title: Option<String>,
    /// The item links to a detail page (`a[href]` covering its title or the item).
    pub has_link: bool,
    /// The item has an image (`img`, `picture`, `[role=img]`, svg with title).
    pub has_image: bool,
}
