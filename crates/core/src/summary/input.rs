//! [`SummaryInput`]: the facts about a page that the content script collects
//! for the page summary (seed 001 §3.3–§3.5). It is the whole contract with
//! the DOM side, so every field says what to read and from where.
//!
//! The DOM side only *reads* (no DOM writes, no network, no
//! `getComputedStyle` scoring; `innerText` and `getBoundingClientRect` are the
//! only layout reads — seed 001 §7) and does no ranking, truncation, redaction
//! or classification: all of that happens here, natively tested. Strings may
//! be sent raw (untrimmed, multi-line); the core collapses whitespace.
//!
//! Serialised as camelCase JSON; every field has a default, so a DOM side that
//! cannot read something omits it rather than guessing.

use serde::{Deserialize, Serialize};

/// Everything the content script reads cheaply from the top frame's document.
///
/// "Rendered" below means: has client rects (`el.getClientRects().length > 0`,
/// which excludes `display:none` and its subtree) and is not inside
/// `[aria-hidden=true]` or `[inert]` — the same test `bc-content`'s digest uses.
/// "Main region" means the first rendered `main, [role=main]`, else the first
/// rendered `article`, else the article `main_content::choose` finds in the
/// body, else `document.body`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SummaryInput {
    /// `location.href` of the top frame.
    pub url: String,
    /// `document.title`, raw.
    pub title: String,
    /// Rendered `h1, h2, h3` elements of the whole document, in document
    /// order, at most 100. Level from the tag name; text is `innerText`.
    pub headings: Vec<HeadingFact>,
    /// `innerText` of the main region, at most its first 2,000 chars (the core
    /// keeps ≤ 500 after redaction; the slack keeps a number cut at the end
    /// of this prefix far from what is kept).
    pub main_text: String,
    /// Words in the main region's *whole* `innerText`, as
    /// [`word_count`](super::word_count) counts them (scripts written
    /// without spaces included) — for the full summary,
    /// which shows it; the compact one counts up to [`decisive_words`]
    /// (`MAX_CTAS` main links), past which no classification rule tells
    /// counts apart.
    ///
    /// [`decisive_words`]: super::decisive_words
    pub word_count: u32,
    /// Rendered `a[href]` inside `nav, header, [role=navigation]`, document
    /// order, at most 60: label is `innerText` (else `aria-label`), href the
    /// resolved `a.href` property (absolute URL).
    pub nav_links: Vec<LinkFact>,
    /// Rendered `form` elements and forms without one (loose fields with
    /// the button that commits them, as the MiniPCD finds them: an app's
    /// sign-in box of `div`s), document order, at most 20.
    pub forms: Vec<FormFact>,
    /// CTA candidates (seed 001 §3.5 step 1), document order, at most 200.
    pub ctas: Vec<CtaCandidate>,
    /// Rendered, enabled elements matching `a[href], button,
    /// input:not([type=hidden]), select, textarea, [role=button],
    /// [role=link], [tabindex]` in the whole document (counted, not sent).
    pub interactive_count: u32,
    /// `window.innerHeight` in CSS pixels: the fold for "above the fold".
    pub viewport_height: f64,
    /// `document.querySelector('input[type=password]') !== null` — anywhere,
    /// in a form or not (seed 001 §3.4's login check).
    pub has_password_field: bool,
    /// A rendered password field that no `<form>` owns: an app's sign-in
    /// box built without one (React, Vue), which §3.4's "one form" misses.
    pub loose_password_field: bool,
    /// The prose of the article found where no landmark marks the main
    /// region (`main_content::prose` over the `main_content::BlockFacts`
    /// of the body: blocks of 25+ words, under a quarter links, outside
    /// boilerplate); zero where a landmark marks it (not read there). The paragraph-level fact that
    /// tells a long article inside heavy navigation, sidebars and comment
    /// forms from a list or a form (issue 44 point 2).
    pub prose: crate::main_content::Prose,
}

/// One heading, e.g. `{"level": 1, "text": "Pricing"}`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct HeadingFact {
    /// 1, 2 or 3 (from `h1`/`h2`/`h3`); other levels are ignored.
    pub level: u8,
    /// The heading's `innerText`.
    pub text: String,
}

/// One navigation link.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct LinkFact {
    /// `innerText`, else the `aria-label` attribute, else "".
    pub label: String,
    /// The `href` *property* (absolute), not the attribute.
    pub href: String,
}

/// One rendered `<form>`, or a form without one (its fields and the
/// button that commits them).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct FormFact {
    /// The form's `input, select, textarea` in document order, at most 40,
    /// *excluding* `type=hidden|submit|button|reset|image` (those are not
    /// fields). Never read `.value`: no form-control value leaves the page.
    pub fields: Vec<FieldFact>,
    /// The form contains a rendered `input[type=password]` (a hidden one,
    /// as in a sign-in form kept in the markup, does not count).
    pub has_password: bool,
    /// `innerText` (or `value` for an `input`) of the form's first
    /// `[type=submit]`, or of its first `button` without a `type` attribute;
    /// "" when there is none. (A submit input's `value` is its visible
    /// caption, not user data.) Used to recognise search forms.
    pub submit_label: String,
}

/// One form control. All strings are attributes or label text, never values.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct FieldFact {
    /// The control's label: `innerText` of `el.labels[0]`, else the
    /// `aria-label` attribute, else the name `aria-labelledby` gives, else
    /// the `placeholder` attribute, else "".
    pub label: String,
    /// The `name` attribute, else the `id`, else "".
    pub name: String,
    /// For `input`: the `type` *property* (lowercase, "text" by default);
    /// for others the tag name: "select" or "textarea"; for an ARIA field
    /// (in a form without a `<form>`) its role: "slider", "combobox", ….
    #[serde(rename = "type")]
    pub input_type: String,
    /// The `autocomplete` attribute, raw (e.g. "email", "current-password"),
    /// else "".
    pub autocomplete: String,
}

/// One CTA candidate of seed 001 §3.5 step 1: every rendered `button`,
/// `[type=submit]`, `[role=button]` and `a[href]` in the document (the core
/// does the "in `<main>` or body fallback" choice with [`CtaCandidate::in_main`]
/// and every filter, rank and dedupe).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CtaCandidate {
    /// What a user reads on it: `innerText`, else the `value` attribute for
    /// `input` buttons, else `aria-label`, else `title`; "" if none.
    pub label: String,
    /// Lowercase tag name: "button", "a", "input", "div", …
    pub tag: String,
    /// The `type` *attribute*, lowercased, when present ("submit", "button",
    /// "reset", …). The attribute, not the property: seed 001 ranks
    /// `[type="submit"]`, and a `<button>`'s property defaults to "submit".
    pub input_type: Option<String>,
    /// The `role` attribute, lowercased, when present.
    pub role: Option<String>,
    /// `getBoundingClientRect()` (viewport-relative, at collection time).
    pub rect: RectFact,
    /// Inside the main region as chosen above (`main.contains(el)`); always
    /// false when the main region is the body fallback.
    pub in_main: bool,
    /// Raw attribute values a selector can be built from.
    pub selector_hints: SelectorHints,
    /// Position among all candidates in document order (0, 1, 2, …).
    pub dom_index: u32,
}

/// The part of `getBoundingClientRect()` the summary uses.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct RectFact {
    pub top: f64,
    pub height: f64,
    pub width: f64,
}

/// Raw values for selector generation (seed 001 §3.5: `#id` > `[name]` >
/// `aria-label` > `text=`). Send them unescaped; the core escapes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SelectorHints {
    /// The `id` attribute, when present and non-empty.
    pub id: Option<String>,
    /// The `name` attribute, when present and non-empty.
    pub name: Option<String>,
    /// The `aria-label` attribute, when present and non-empty.
    pub aria_label: Option<String>,
    /// The element's own `innerText` (not `value`, not `aria-label`): what a
    /// `text=` selector matches. "" for `input` elements.
    pub text: String,
}
