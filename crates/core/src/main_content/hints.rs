//! What a container's tag and its class/id words say about it before any
//! text is counted: the priors of the main-content score, and the test of
//! boilerplate. Word lists, matched per word of the class/id string (split
//! at anything not a letter or digit, so `entry-content` is `entry` and
//! `content`, and `has-sidebar` on a WordPress `<body>` is not a sidebar
//! on its own — `is_boilerplate` asks for the word, and the content
//! module never sends the body).

use super::ContainerFact;

/// Words of containers that hold an article's text.
const POSITIVE: &[&str] = &[
    "article", "articlebody", "body", "content", "entry", "main", "post", "postbody", "story", "text", "blog",
    "prose", "markdown", "rte", "richtext", "news", "detail", "hentry", "h-entry", "page",
];

/// Words of containers around an article: navigation, asides, comments,
/// sharing, promotion, consent, footers.
const NEGATIVE: &[&str] = &[
    "nav", "navbar", "navigation", "menu", "sidebar", "side", "aside", "widget", "footer", "foot", "header",
    "masthead", "breadcrumb", "breadcrumbs", "comment", "comments", "respond", "reply", "discussion", "related",
    "recommended", "more", "share", "sharing", "social", "promo", "sponsor", "sponsored", "ad", "ads", "advert",
    "banner", "cookie", "cookies", "consent", "gdpr", "newsletter", "subscribe", "signup", "popup", "modal",
    "tags", "tagcloud", "meta", "byline", "author", "toolbar", "pagination", "outbrain", "taboola", "trending",
    "popular", "teaser", "teasers", "card", "cards",
];

/// Words that mark boilerplate for sure (a block inside weighs nothing),
/// unless the same container also names content (`main-sidebar-content`
/// is ambiguous, and kept).
const BOILERPLATE: &[&str] = &[
    "nav", "navbar", "navigation", "menu", "sidebar", "widget", "footer", "breadcrumb", "breadcrumbs", "comment",
    "comments", "respond", "related", "recommended", "share", "sharing", "social", "promo", "sponsor", "sponsored",
    "advert", "cookie", "cookies", "consent", "gdpr", "newsletter", "subscribe", "popup", "outbrain", "taboola",
    "trending", "popular",
];

/// Words naming content that outweigh a boilerplate word.
const CONTENT: &[&str] = &["article", "content", "entry", "main", "post", "story", "body"];

/// Tags that are boilerplate by their meaning.
const BOILERPLATE_TAGS: &[&str] = &["nav", "aside", "footer"];

fn words(hint: &str) -> impl Iterator<Item = &str> {
    hint.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty())
}

fn any_of(hint: &str, list: &[&str]) -> bool {
    words(hint).any(|w| list.contains(&w))
}

/// Whether `c` is boilerplate: a `nav`/`aside`/`footer`, or a class/id
/// word of [`BOILERPLATE`] without one of [`CONTENT`].
pub fn is_boilerplate(c: &ContainerFact) -> bool {
    BOILERPLATE_TAGS.contains(&c.tag.as_str()) || (any_of(&c.hint, BOILERPLATE) && !any_of(&c.hint, CONTENT))
}

/// The prior of a container: its tag's, plus its words'.
pub fn prior(c: &ContainerFact) -> f64 {
    let tag = match c.tag.as_str() {
        "div" | "section" | "article" | "main" => 5.0,
        "pre" | "td" | "blockquote" => 3.0,
        "ul" | "ol" | "li" | "dl" | "dd" | "dt" | "form" | "address" => -3.0,
        "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | "th" | "nav" | "aside" | "footer" | "header" => -5.0,
        _ => 0.0,
    };
    let mut words_score = 0.0;
    if any_of(&c.hint, POSITIVE) {
        words_score += 25.0;
    }
    if any_of(&c.hint, NEGATIVE) {
        words_score -= 25.0;
    }
    tag + words_score
}
