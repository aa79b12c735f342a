//! The computed ARIA role of an element, as Chromium's accessibility tree
//! reports it: the first valid token of `role` (abstract roles ignored),
//! else the HTML-AAM implicit role (`implicit.rs`), with the presentational
//! role conflict rules applied.

use super::{dom, implicit};
use web_sys::Element;

macro_rules! roles {
    ($($variant:ident = $name:literal),* $(,)?) => {
        /// A concrete (non-abstract) WAI-ARIA role, including the ARIA 1.3,
        /// DPUB and Graphics module roles.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Role { $($variant),* }

        impl Role {
            /// The role as written in `role="…"` and as Chromium reports it.
            pub fn as_str(self) -> &'static str {
                match self { $(Role::$variant => $name),* }
            }

            /// Parses one role token (ASCII case-insensitive); abstract and
            /// unknown roles give `None`.
            pub fn parse(token: &str) -> Option<Role> {
                let t = token.to_ascii_lowercase();
                match t.as_str() {
                    $($name => Some(Role::$variant),)*
                    // Synonyms: Chromium reports the newer name.
                    "img" => Some(Role::Image),
                    "presentation" => Some(Role::None),
                    "directory" => Some(Role::List),
                    _ => None,
                }
            }
        }
    };
}

roles! {
    Alert = "alert", AlertDialog = "alertdialog", Application = "application",
    Article = "article", Banner = "banner", Blockquote = "blockquote", Button = "button",
    Caption = "caption", Cell = "cell", Checkbox = "checkbox", Code = "code",
    ColumnHeader = "columnheader", Combobox = "combobox", Comment = "comment",
    Complementary = "complementary", ContentInfo = "contentinfo", Definition = "definition",
    Deletion = "deletion", Dialog = "dialog", Document = "document", Emphasis = "emphasis",
    Feed = "feed", Figure = "figure", Form = "form", Generic = "generic", Grid = "grid",
    GridCell = "gridcell", Group = "group", Heading = "heading", Image = "image",
    Insertion = "insertion", Link = "link", List = "list", ListBox = "listbox",
    ListItem = "listitem", Log = "log", Main = "main", Mark = "mark", Marquee = "marquee",
    Math = "math", Menu = "menu", MenuBar = "menubar", MenuItem = "menuitem",
    MenuItemCheckbox = "menuitemcheckbox", MenuItemRadio = "menuitemradio", Meter = "meter",
    Navigation = "navigation", None = "none", Note = "note", Option = "option",
    Paragraph = "paragraph", ProgressBar = "progressbar", Radio = "radio",
    RadioGroup = "radiogroup", Region = "region", Row = "row", RowGroup = "rowgroup",
    RowHeader = "rowheader", ScrollBar = "scrollbar", Search = "search", SearchBox = "searchbox",
    SectionFooter = "sectionfooter", SectionHeader = "sectionheader", Separator = "separator",
    Slider = "slider", SpinButton = "spinbutton", Status = "status", Strong = "strong",
    Subscript = "subscript", Suggestion = "suggestion", Superscript = "superscript",
    Switch = "switch", Tab = "tab", Table = "table", TabList = "tablist", TabPanel = "tabpanel",
    Term = "term", TextBox = "textbox", Time = "time", Timer = "timer", Toolbar = "toolbar",
    Tooltip = "tooltip", Tree = "tree", TreeGrid = "treegrid", TreeItem = "treeitem",
    GraphicsDocument = "graphics-document", GraphicsObject = "graphics-object",
    GraphicsSymbol = "graphics-symbol",
    DocAbstract = "doc-abstract", DocAcknowledgments = "doc-acknowledgments",
    DocAfterword = "doc-afterword", DocAppendix = "doc-appendix", DocBacklink = "doc-backlink",
    DocBiblioentry = "doc-biblioentry", DocBibliography = "doc-bibliography",
    DocBiblioref = "doc-biblioref", DocChapter = "doc-chapter", DocColophon = "doc-colophon",
    DocConclusion = "doc-conclusion", DocCover = "doc-cover", DocCredit = "doc-credit",
    DocCredits = "doc-credits", DocDedication = "doc-dedication", DocEndnote = "doc-endnote",
    DocEndnotes = "doc-endnotes", DocEpigraph = "doc-epigraph", DocEpilogue = "doc-epilogue",
    DocErrata = "doc-errata", DocExample = "doc-example", DocFootnote = "doc-footnote",
    DocForeword = "doc-foreword", DocGlossary = "doc-glossary", DocGlossref = "doc-glossref",
    DocIndex = "doc-index", DocIntroduction = "doc-introduction", DocNoteref = "doc-noteref",
    DocNotice = "doc-notice", DocPagebreak = "doc-pagebreak", DocPagefooter = "doc-pagefooter",
    DocPageheader = "doc-pageheader", DocPagelist = "doc-pagelist", DocPart = "doc-part",
    DocPreface = "doc-preface", DocPrologue = "doc-prologue", DocPullquote = "doc-pullquote",
    DocQna = "doc-qna", DocSubtitle = "doc-subtitle", DocTip = "doc-tip", DocToc = "doc-toc",
}

impl std::fmt::Display for Role {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl serde::Serialize for Role {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// Global ARIA attributes: any of them makes a presentational role void
/// (WAI-ARIA "Presentational Roles Conflict Resolution").
const GLOBAL_ARIA: &str = "[aria-atomic],[aria-busy],[aria-controls],[aria-current],\
[aria-describedby],[aria-description],[aria-details],[aria-dropeffect],[aria-flowto],\
[aria-grabbed],[aria-keyshortcuts],[aria-label],[aria-labelledby],[aria-live],\
[aria-owns],[aria-relevant],[aria-roledescription],[aria-errormessage],[aria-braillelabel],\
[aria-brailleroledescription],[aria-invalid],[aria-haspopup]";

/// Focusable elements (natively or by `tabindex`); focusable elements keep
/// their semantics even with `role="none"`.
const FOCUSABLE: &str = "[tabindex],a[href],area[href],button:not(:disabled),\
input:not(:disabled):not([type=hidden i]),select:not(:disabled),textarea:not(:disabled),\
iframe,summary,[contenteditable]:not([contenteditable=false i]),audio[controls],video[controls]";

/// The element's role, `None` when it has none at all (e.g. `<head>`).
pub fn computed_role(el: &Element) -> Option<Role> {
    match explicit_role(el) {
        Some(Role::None) if !presentation_allowed(el) => implicit::implicit_role(el),
        Some(r) => Some(r),
        None => implicit::implicit_role(el),
    }
}

/// The first valid, non-abstract token of `role`. An unnamed `region` or
/// `form` is no role at all (Chromium passes over it to the next token).
pub fn explicit_role(el: &Element) -> Option<Role> {
    let v = dom::attr_c(el, "role")?;
    let mut named: Option<bool> = None;
    v.split_ascii_whitespace().filter_map(Role::parse).find(|r| {
        !matches!(r, Role::Region | Role::Form) || *named.get_or_insert_with(|| implicit::has_landmark_name(el))
    })
}

/// Whether `role="none"`/`"presentation"` is honoured on `el`.
fn presentation_allowed(el: &Element) -> bool {
    !dom::matches_c(el, FOCUSABLE) && !dom::matches_c(el, GLOBAL_ARIA)
}

/// Whether `el` itself has an honoured presentational role (used for the
/// owned elements of a presentational table or list).
pub fn is_presentational(el: &Element) -> bool {
    explicit_role(el) == Some(Role::None) && presentation_allowed(el)
}

/// Heading level: `aria-level`, else the `hN` number, else 2 (ARIA default).
pub fn heading_level(el: &Element) -> Option<u32> {
    if computed_role(el) != Some(Role::Heading) {
        return None;
    }
    if let Some(l) = dom::attr_nonblank_c(el, "aria-level").and_then(|v| v.parse::<u32>().ok()) {
        if l > 0 {
            return Some(l);
        }
    }
    let t = dom::tag(el);
    match t.as_bytes() {
        [b'h', d @ b'1'..=b'6'] => Some(u32::from(d - b'0')),
        _ => Some(2),
    }
}
