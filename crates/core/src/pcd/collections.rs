//! Collections (`MiniCollection`) from the collector's repeated structures:
//! which groups are collections, and their deterministic camelCase `name`.
//!
//! A group is a collection when it has ≥ 2 items (rendered, or declared for
//! virtualized lists) and is not navigation: menus, tab lists and toolbars,
//! link lists in nav/header/footer whose items are a bare link each, and
//! pagination are all lists of *actions*, which the actions list already
//! carries. Nor is a list of two or three items of plain text (no control,
//! link, image or field): bullet points of prose.
//!
//! Name, first source that gives one: the group's label (stop words and
//! counts dropped, up to the first collection noun, else the first 3 words: "Recent
//! invoices (12)" → `recentInvoices`, "Results for shoes" → `results`); an
//! id/class hint with a collection noun (`product-grid` → `productGrid`;
//! hashed utility classes never qualify); the table columns (an Invoice
//! column → `invoices`); the kind of its template actions (add to cart →
//! `products`); its item fields (price → `products`); else `rows` for tables
//! and `items` otherwise. Duplicate names get `2`, `3`, … in document order.

use super::facts::{ControlFact, GroupFact};
use super::fields::infer_item_fields;
use super::labels::camel_case;
use crate::kind::text::{normalize, split_identifier};
use crate::kind::ActionKind;
use crate::types::Landmark;

/// Nouns that name what a list holds. Plural and singular both count.
#[rustfmt::skip]
const NOUNS: &[&str] = &[
    "invoice", "invoices", "product", "products", "item", "items", "result", "results", "order",
    "orders", "file", "files", "document", "documents", "post", "posts", "article", "articles",
    "comment", "comments", "review", "reviews", "message", "messages", "user", "users", "member",
    "members", "customer", "customers", "transaction", "transactions", "payment", "payments",
    "plan", "plans", "job", "jobs", "listing", "listings", "event", "events", "project",
    "projects", "task", "tasks", "ticket", "tickets", "issue", "issues", "notification",
    "notifications", "video", "videos", "photo", "photos", "course", "courses", "story",
    "stories", "contact", "contacts", "subscription", "subscriptions", "receipt", "receipts",
    "statement", "statements", "bill", "bills", "download", "downloads", "release", "releases",
    "grid", "list", "table", "cards", "feed", "news", "repositories", "repos", "deals", "offers",
    "hotels", "flights", "rooms", "properties", "recipes", "apps", "teams", "rows", "entries",
    "questions", "faq", "faqs", "answers", "links",
];

/// Label words that say nothing about the content.
const STOP: &[&str] = &[
    "the", "a", "an", "your", "my", "our", "all", "of", "for", "in", "and", "to", "with", "on",
    "by",
];

/// Container roles whose items are actions, not data.
const NAV_ROLES: &[&str] = &[
    "menu",
    "menubar",
    "tablist",
    "toolbar",
    "radiogroup",
    "navigation",
    "listbox",
    "tree",
];

/// Whether a group becomes a collection. `members` are the controls the
/// collector put in it.
pub fn qualifies(g: &GroupFact, members: &[&ControlFact]) -> bool {
    let count = g.item_count.max(g.declared_count.unwrap_or(0));
    if count < 2 || g.item_count == 0 {
        return false;
    }
    if NAV_ROLES.contains(&g.role.to_ascii_lowercase().as_str()) {
        return false;
    }
    let chrome = matches!(
        g.landmark,
        Some(Landmark::Nav | Landmark::Header | Landmark::Footer)
    );
    if chrome
        && g.columns.is_empty()
        && g.samples.iter().all(|s| s.texts.len() <= 1 && !s.has_image)
    {
        return false;
    }
    if members.is_empty() && count <= SHORT_LIST && is_plain_text(g) {
        return false;
    }
    members.is_empty() || !members.iter().all(|c| c.in_pagination)
}

/// A list of at most this many plain-text items is prose, not data.
pub const SHORT_LIST: u32 = 3;

/// Items that are only text: no link, image, column, declared size or item
/// field to extract. Not a table, grid or feed: those declare their rows as
/// data. Two or three such items are a paragraph's bullet points ("Arrow
/// keys move focus."), whose text the page digest already reads; as
/// collections they filled the 20 slots of documentation pages (445 of the
/// 869 collections on the ARIA Authoring Practices examples, none with a
/// field to extract). Longer ones stay: a recipe's ingredients are a list.
fn is_plain_text(g: &GroupFact) -> bool {
    !matches!(
        g.role.to_ascii_lowercase().as_str(),
        "table" | "grid" | "treegrid" | "feed"
    ) && g.columns.is_empty()
        && g.declared_count.is_none()
        && g.samples.iter().all(|s| !s.has_link && !s.has_image)
        && infer_item_fields(g).is_empty()
}

/// The collection name before de-duplication.
pub fn name_for(g: &GroupFact, fields: &[String], template_kinds: &[ActionKind]) -> String {
    if let Some(n) = g.label.as_deref().and_then(name_from_phrase) {
        return n;
    }
    if let Some(n) = g.hints.iter().find_map(|h| name_from_hint(h)) {
        return n;
    }
    let columns: Vec<String> = g.columns.iter().map(|c| normalize(c)).collect();
    for (word, name) in [
        ("invoice", "invoices"),
        ("order", "orders"),
        ("product", "products"),
        ("transaction", "transactions"),
    ] {
        if columns
            .iter()
            .any(|c| c.split(' ').any(|w| w == word || w == name))
        {
            return name.to_owned();
        }
    }
    for kind in template_kinds {
        let name = match kind {
            ActionKind::DownloadInvoice => "invoices",
            ActionKind::AddToCart => "products",
            ActionKind::RemoveFromCart => "cartItems",
            ActionKind::Download => "downloads",
            ActionKind::Book => "offers",
            _ => continue,
        };
        return name.to_owned();
    }
    if fields.iter().any(|f| f == "price") {
        return "products".to_owned();
    }
    match g.role.as_str() {
        "table" | "grid" | "treegrid" => "rows",
        "feed" => "feed",
        _ => "items",
    }
    .to_owned()
}

/// A name from a human phrase (label or caption), if it has real words.
pub fn name_from_phrase(phrase: &str) -> Option<String> {
    let key = normalize(&split_identifier(phrase));
    let words: Vec<&str> = key
        .split(' ')
        .filter(|w| !w.is_empty() && !STOP.contains(w) && !w.chars().any(|c| c.is_ascii_digit()))
        .collect();
    if words.is_empty() {
        return None;
    }
    let end = match words.iter().take(4).position(|w| NOUNS.contains(w)) {
        Some(i) => i + 1,
        None => words.len().min(3),
    };
    let start = end.saturating_sub(3);
    Some(camel_case(&words[start..end]))
}

/// A name from an `id`/`class` token, only when it names content (has a
/// collection noun) and is not machine-generated (no digits).
fn name_from_hint(hint: &str) -> Option<String> {
    let key = normalize(&split_identifier(hint));
    let words: Vec<&str> = key.split(' ').filter(|w| !w.is_empty()).collect();
    if words.is_empty()
        || words.len() > 3
        || words.iter().any(|w| w.chars().any(|c| c.is_ascii_digit()))
    {
        return None;
    }
    // A lone generic container word ("list", "grid") says nothing.
    if words.len() == 1
        && matches!(
            words[0],
            "list" | "grid" | "table" | "rows" | "items" | "cards"
        )
    {
        return None;
    }
    words
        .iter()
        .any(|w| NOUNS.contains(w))
        .then(|| camel_case(&words))
}

/// Makes names unique in document order: the second `products` is `products2`.
pub fn dedupe_names(names: &mut [String]) {
    let mut seen: Vec<String> = Vec::new();
    for name in names.iter_mut() {
        let base = name.clone();
        let mut n = 1;
        while seen.contains(name) {
            n += 1;
            *name = format!("{base}{n}");
        }
        seen.push(name.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pcd::facts::ItemSample;

    #[test]
    fn names_from_labels_hints_columns_and_kinds() {
        assert_eq!(name_from_phrase("Invoices").as_deref(), Some("invoices"));
        assert_eq!(
            name_from_phrase("Recent invoices (12)").as_deref(),
            Some("recentInvoices")
        );
        assert_eq!(
            name_from_phrase("Results for shoes").as_deref(),
            Some("results")
        );
        assert_eq!(
            name_from_phrase("Search results").as_deref(),
            Some("searchResults")
        );
        assert_eq!(
            name_from_phrase("Billing history").as_deref(),
            Some("billingHistory")
        );
        assert_eq!(
            name_from_phrase("Frequently asked questions").as_deref(),
            Some("frequentlyAskedQuestions")
        );
        assert_eq!(name_from_phrase("(3)"), None);
        let g = |hints: &[&str], cols: &[&str]| GroupFact {
            hints: hints.iter().map(|s| s.to_string()).collect(),
            columns: cols.iter().map(|s| s.to_string()).collect(),
            role: "list".into(),
            ..Default::default()
        };
        assert_eq!(
            name_for(&g(&["css-1x9a", "product-grid"], &[]), &[], &[]),
            "productGrid"
        );
        assert_eq!(
            name_for(&g(&["grid"], &[]), &[], &[ActionKind::AddToCart]),
            "products"
        );
        assert_eq!(
            name_for(&g(&[], &["Invoice #", "Date"]), &[], &[]),
            "invoices"
        );
        assert_eq!(name_for(&g(&[], &[]), &["price".into()], &[]), "products");
        assert_eq!(name_for(&g(&["flex", "gap-4"], &[]), &[], &[]), "items");
    }

    #[test]
    fn nav_lists_and_single_items_are_not_collections() {
        let link_item = ItemSample {
            texts: vec!["Docs".into()],
            has_link: true,
            ..Default::default()
        };
        let nav = GroupFact {
            role: "list".into(),
            landmark: Some(Landmark::Nav),
            item_count: 5,
            samples: vec![link_item.clone(); 5],
            ..Default::default()
        };
        assert!(!qualifies(&nav, &[]));
        assert!(qualifies(
            &GroupFact {
                landmark: Some(Landmark::Main),
                ..nav.clone()
            },
            &[]
        ));
        assert!(!qualifies(
            &GroupFact {
                role: "menu".into(),
                landmark: None,
                ..nav.clone()
            },
            &[]
        ));
        assert!(!qualifies(
            &GroupFact {
                item_count: 1,
                landmark: None,
                ..nav.clone()
            },
            &[]
        ));
        let pager = ControlFact {
            in_pagination: true,
            ..Default::default()
        };
        assert!(!qualifies(
            &GroupFact {
                landmark: None,
                ..nav
            },
            &[&pager, &pager]
        ));
    }

    #[test]
    fn short_plain_text_lists_are_prose_not_collections() {
        let text = |t: &str| ItemSample {
            texts: vec![t.into()],
            ..Default::default()
        };
        let bullets = GroupFact {
            role: "list".into(),
            landmark: Some(Landmark::Main),
            item_count: 3,
            samples: vec![
                text("Arrow keys move focus between days."),
                text("Enter chooses the focused day."),
                text("Escape closes the dialog."),
            ],
            ..Default::default()
        };
        assert!(!qualifies(&bullets, &[]));
        // Four items, a link, a price, a table's rows, a declared size or a
        // control of its own: data.
        let four = GroupFact {
            item_count: 4,
            samples: [bullets.samples.clone(), vec![text("Tab leaves it.")]].concat(),
            ..bullets.clone()
        };
        assert!(qualifies(&four, &[]));
        let mut linked = bullets.clone();
        linked.samples[0].has_link = true;
        linked.samples[1].has_link = true;
        assert!(qualifies(&linked, &[]));
        let priced = GroupFact {
            samples: vec![text("$10.00"), text("$12.50"), text("$9.99")],
            ..bullets.clone()
        };
        assert!(qualifies(&priced, &[]));
        let table = GroupFact {
            role: "table".into(),
            ..bullets.clone()
        };
        assert!(qualifies(&table, &[]));
        let declared = GroupFact {
            declared_count: Some(3),
            ..bullets.clone()
        };
        assert!(qualifies(&declared, &[]));
        let checkbox = ControlFact::default();
        assert!(qualifies(&bullets, &[&checkbox]));
    }

    #[test]
    fn duplicate_names_get_numbers() {
        let mut names = vec![
            "products".to_string(),
            "items".into(),
            "products".into(),
            "products".into(),
        ];
        dedupe_names(&mut names);
        assert_eq!(names, ["products", "items", "products2", "products3"]);
    }
}
