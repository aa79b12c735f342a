//! Page classification (seed 001 §3.3's `type`): a table of rules tried in
//! order, first match wins. Rows 1 and 3 are seed 001 §3.4 verbatim;
//! the rest are heuristics over cheap facts, so a wrong guess costs a
//! model one extra look, never an action.
//!
//! | # | type             | when (first match wins) |
//! |---|------------------|-------------------------|
//! | 1 | `login`          | exactly one form and a rendered password field in it (§3.4; a sign-in form hidden in the markup does not count) |
//! | 2 | `login`          | no form, and a rendered password field outside any form (an app's sign-in box) |
//! | 3 | `error_page`     | title says 404, not found, error or 500, and under 100 words (§3.4) |
//! | 4 | `search_results` | the URL carries a search query and the page has a search field, a "result" heading or title, or 10+ main links |
//! | 5 | `search_results` | a search field, the main text counting results ("About 1,240,000 results") or a "result" heading, and 5+ main links |
//! | 6 | `article`        | 4+ paragraphs of prose (25+ words each, under a quarter links, outside navigation, sidebars and comments) holding 200+ words |
//! | 7 | `form`           | a form is the point of the page: under 300 words and a form with 3+ fields, or a lone field on a bare page (under 50 words, under 30 controls) |
//! | 8 | `dashboard`      | "dashboard/admin/analytics/overview/console" in the URL path or title with 10+ controls |
//! | 9 | `link_list`      | a list of items: one button caption (its text, else its label; with a letter or digit) repeats 5+ times and is 10%+ of the main controls (Add to cart, Download, … per item) |
//! | 10 | `dashboard`      | 6+ buttons, more buttons than links, under 3+ section headings |
//! | 11 | `article`        | 300+ words with at most one main link per 5 words |
//! | 12 | `link_list`      | 15+ main links with fewer than 12 words per link |
//! | 13 | `app`            | 10+ interactive elements and under 150 words |
//! | 14 | `generic`        | anything else |
//!
//! "Main links" are the `a` CTA candidates in the main region (all of them
//! when no candidate is in it); "404"/"500" count only as whole numbers, so
//! "Top 1500 films" is not an error title.

use serde::{Deserialize, Serialize};

use super::input::SummaryInput;
use crate::digest::collapse_whitespace;

/// Seed 001 §3.3's page types, serialised lowercase snake_case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PageType {
    Article,
    SearchResults,
    Dashboard,
    Form,
    Login,
    ErrorPage,
    LinkList,
    App,
    Generic,
}

/// One row of the table above; `when` is the row's text in the module doc
/// (a test keeps the two in step).
pub struct Rule {
    pub page_type: PageType,
    pub when: &'static str,
    pub test: fn(&Signals) -> bool,
}

/// The rules, in order. `generic` is the fallback, not a row.
pub const RULES: &[Rule] = &[
    Rule {
        page_type: PageType::Login,
        when: "exactly one form and a rendered password field in it (§3.4; a sign-in form hidden in the markup does not count)",
        // Seed 001 says "a password field on the page"; news pages keep a
        // hidden sign-in form in their markup, and one in eight real
        // articles came out `login` by it (issue 44 point 2).
        test: |s| s.forms == 1 && s.has_password,
    },
    Rule {
        page_type: PageType::Login,
        when: "no form, and a rendered password field outside any form (an app's sign-in box)",
        // Hidden ones do not count: a sign-in dialog many pages keep in
        // their markup does not make them sign-in pages.
        test: |s| s.forms == 0 && s.loose_password,
    },
    Rule {
        page_type: PageType::ErrorPage,
        when: "title says 404, not found, error or 500, and under 100 words (§3.4)",
        test: |s| s.error_title && s.words < 100,
    },
    Rule {
        page_type: PageType::SearchResults,
        when: "the URL carries a search query and the page has a search field, a \"result\" heading or title, or 10+ main links",
        test: |s| s.search_query && (s.search_field || s.says_results || s.main_links >= 10),
    },
    Rule {
        page_type: PageType::SearchResults,
        when: "a search field, the main text counting results (\"About 1,240,000 results\") or a \"result\" heading, and 5+ main links",
        // A results page whose address keeps no query (a POSTed search, a
        // saved copy, a path like /search/rust): what it shows says it.
        test: |s| s.search_field && (s.counts_results || s.says_results) && s.main_links >= 5,
    },
    Rule {
        page_type: PageType::Article,
        when: "4+ paragraphs of prose (25+ words each, under a quarter links, outside navigation, sidebars and comments) holding 200+ words",
        // Long articles amid menus, sidebars and a comment form came out
        // `link_list` (a "Reply" per comment), `form` (the comment form,
        // when few words were counted) or `generic` (issue 44 point 2):
        // paragraphs of prose are what an article is, whatever surrounds
        // them. After the login and search rows: a results page's
        // snippets are short, and a sign-in page is one by its form.
        test: |s| s.prose_paragraphs >= 4 && s.prose_words >= 200,
    },
    Rule {
        page_type: PageType::Form,
        when: "a form is the point of the page: under 300 words and a form with 3+ fields, or a lone field on a bare page (under 50 words, under 30 controls)",
        test: |s| {
            s.words < 300 && (s.max_form_fields >= 3 || (s.max_form_fields >= 1 && s.words < 50 && s.interactive < 30))
        },
    },
    Rule {
        page_type: PageType::Dashboard,
        when: "\"dashboard/admin/analytics/overview/console\" in the URL path or title with 10+ controls",
        test: |s| s.dashboard_word && s.interactive >= 10,
    },
    Rule {
        page_type: PageType::LinkList,
        when: "a list of items: one button caption (its text, else its label; with a letter or digit) repeats 5+ times and is 10%+ of the main controls (Add to cart, Download, … per item)",
        // Seed 001 has no "listing" type; a product grid or a table of
        // invoices is a list to pick from, whatever its word count or
        // button count. Buttons only: an article's repeated links ("edit"
        // per section) do not count.
        test: |s| s.repeated_button >= 5 && s.repeated_button * 10 >= s.main_controls,
    },
    Rule {
        page_type: PageType::Dashboard,
        when: "6+ buttons, more buttons than links, under 3+ section headings",
        // "more buttons than links": a shop grid has an "Add to cart" per
        // product link and is a list, not a dashboard.
        test: |s| s.buttons >= 6 && s.buttons > s.main_links && s.section_headings >= 3,
    },
    Rule {
        page_type: PageType::Article,
        when: "300+ words with at most one main link per 5 words",
        test: |s| s.words >= 300 && s.main_links * 5 <= s.words,
    },
    Rule {
        page_type: PageType::LinkList,
        when: "15+ main links with fewer than 12 words per link",
        test: |s| s.main_links >= 15 && s.words < s.main_links * 12,
    },
    Rule {
        page_type: PageType::App,
        when: "10+ interactive elements and under 150 words",
        test: |s| s.interactive >= 10 && s.words < 150,
    },
];

/// The page's type: the first matching rule of [`RULES`], else `generic`.
pub fn classify(input: &SummaryInput) -> PageType {
    let s = Signals::of(input);
    RULES.iter().find(|r| (r.test)(&s)).map_or(PageType::Generic, |r| r.page_type)
}

/// The word count from which a page classifies as it would with any more
/// words, when at most `max_main_links` main links are counted: the
/// largest count a rule compares with (`article`'s 300, and its one main
/// link per 5 words; `link_list`'s 12 words per link). A reader of the
/// main text may stop counting there: the compact summary, which does not
/// show the count, does (a 50k-element page's whole text is most of the
/// summary's time).
pub const fn decisive_words(max_main_links: usize) -> usize {
    let per_link = 12 * max_main_links;
    if per_link > 300 {
        per_link
    } else {
        300
    }
}

/// The facts the rules look at, computed once.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Signals {
    pub forms: usize,
    pub has_password: bool,
    pub loose_password: bool,
    pub error_title: bool,
    pub words: u32,
    pub search_query: bool,
    pub search_field: bool,
    pub says_results: bool,
    /// The main text counts results: a number, then "result(s)" within
    /// three words ("About 1,240,000 results", "1–10 of 243 results").
    pub counts_results: bool,
    pub max_form_fields: usize,
    pub dashboard_word: bool,
    pub buttons: u32,
    pub section_headings: u32,
    pub main_links: u32,
    pub interactive: u32,
    /// How often the most frequent button caption of the main controls
    /// occurs (see rule 7).
    pub repeated_button: u32,
    /// Buttons and links counted for the main region.
    pub main_controls: u32,
    /// Paragraphs of prose in the main region, and their words
    /// (`SummaryInput::prose`).
    pub prose_paragraphs: u32,
    pub prose_words: u32,
}

/// URL query keys that carry a site search (Google `q`, Amazon `k`,
/// WordPress `s`, …).
const SEARCH_KEYS: &[&str] = &["q", "query", "search", "s", "k", "keywords", "term", "text", "search_query"];
const DASHBOARD_WORDS: &[&str] = &["dashboard", "admin", "analytics", "overview", "console"];

/// Path and query of an absolute URL as `location.href` gives it (already
/// canonical and percent-encoded). A split rather than the `url` crate: this
/// runs in the content module, where URL parsing's IDNA tables would more
/// than double the WASM size for two substrings.
fn path_and_query(url: &str) -> (&str, &str) {
    let without_fragment = url.split('#').next().unwrap_or_default();
    let after_scheme = without_fragment.split_once("://").map_or(without_fragment, |(_, rest)| rest);
    let from_path = after_scheme.find(['/', '?']).map_or("", |i| &after_scheme[i..]);
    let (path, query) = from_path.split_once('?').unwrap_or((from_path, ""));
    (if path.is_empty() { "/" } else { path }, query)
}

impl Signals {
    pub fn of(input: &SummaryInput) -> Signals {
        let in_main = input.ctas.iter().any(|c| c.in_main);
        let pool = || input.ctas.iter().filter(move |c| c.in_main || !in_main);
        let title = collapse_whitespace(&input.title).to_lowercase();
        let (path, query) = path_and_query(&input.url);
        let path = path.to_lowercase();
        Signals {
            forms: input.forms.len(),
            // The forms' own (rendered) password fields, not `has_password_field`.
            has_password: input.forms.iter().any(|f| f.has_password),
            loose_password: input.loose_password_field,
            error_title: is_error_title(&title),
            words: input.word_count,
            search_query: query.split('&').filter_map(|pair| pair.split_once('=')).any(|(k, v)| {
                SEARCH_KEYS.contains(&k) && !v.replace('+', " ").replace("%20", " ").trim().is_empty()
            }),
            search_field: input.forms.iter().any(|form| {
                form.submit_label.to_lowercase().contains("search")
                    || form.fields.iter().any(|f| {
                        f.input_type == "search"
                            || SEARCH_KEYS.contains(&f.name.as_str())
                            || f.label.to_lowercase().contains("search")
                    })
            }),
            says_results: title.contains("result")
                || input.headings.iter().any(|h| h.text.to_lowercase().contains("result")),
            counts_results: counts_results(&input.main_text),
            max_form_fields: input.forms.iter().map(|f| f.fields.len()).max().unwrap_or(0),
            dashboard_word: DASHBOARD_WORDS.iter().any(|w| path.contains(w) || title.contains(w)),
            buttons: pool().filter(|c| c.tag == "button" || c.role.as_deref() == Some("button")).count() as u32,
            section_headings: input.headings.iter().filter(|h| h.level == 2 || h.level == 3).count() as u32,
            main_links: pool().filter(|c| c.tag == "a").count() as u32,
            interactive: input.interactive_count,
            repeated_button: {
                let mut counts: rustc_hash::FxHashMap<String, u32> = Default::default();
                for c in pool().filter(|c| c.tag == "button" || c.role.as_deref() == Some("button")) {
                    // What the button shows: "Add to cart" on every card,
                    // even where each is named "Add Mug to cart" for
                    // screen readers. Glyphs alone ("★" ×5 of a rating,
                    // "×") are widgets, not an action per item.
                    let shown = if c.selector_hints.text.trim().is_empty() { &c.label } else { &c.selector_hints.text };
                    let caption = collapse_whitespace(shown).to_lowercase();
                    if caption.chars().any(char::is_alphanumeric) {
                        *counts.entry(caption).or_default() += 1;
                    }
                }
                counts.into_values().max().unwrap_or(0)
            },
            main_controls: pool().count() as u32,
            prose_paragraphs: input.prose.paragraphs,
            prose_words: input.prose.words,
        }
    }
}

/// Whether `text` counts results: a word with a digit, then a word
/// starting "result" at most three words later.
fn counts_results(text: &str) -> bool {
    let words: Vec<String> = text.split_whitespace().take(400).map(str::to_lowercase).collect();
    words.iter().enumerate().any(|(i, w)| {
        w.starts_with("result") && words[i.saturating_sub(3)..i].iter().any(|n| n.chars().any(|c| c.is_ascii_digit()))
    })
}

/// Seed 001 §3.4's `/404|not found|error|500/i`, with the numbers as whole
/// numbers only.
fn is_error_title(title: &str) -> bool {
    if title.contains("not found") || title.contains("error") {
        return true;
    }
    title.split(|c: char| !c.is_ascii_digit()).any(|n| n == "404" || n == "500")
}

#[cfg(test)]
mod tests {
    #[test]
    fn path_and_query_of_location_hrefs() {
        let cases = [
            ("https://shop.test/search?q=shoes&page=2#top", ("/search", "q=shoes&page=2")),
            ("https://shop.test", ("/", "")),
            ("https://shop.test?s=x", ("/", "s=x")),
            ("http://127.0.0.1:8080/app/billing/", ("/app/billing/", "")),
        ];
        for (url, want) in cases {
            assert_eq!(super::path_and_query(url), want, "{url}");
        }
    }

    use super::*;
    use crate::summary::input::{CtaCandidate, FieldFact, FormFact, HeadingFact, SelectorHints};
    use expect_test::expect;

    #[test]
    fn the_module_doc_table_lists_every_rule_in_order() {
        let doc = include_str!("classify.rs");
        let mut at = 0;
        for (i, rule) in RULES.iter().enumerate() {
            let row = format!("| {} | `{}`", i + 1, serde_json::to_value(rule.page_type).unwrap().as_str().unwrap());
            let pos = doc[at..].find(&row).unwrap_or_else(|| panic!("doc table has no row {row:?}"));
            let line = doc[at + pos..].lines().next().unwrap();
            assert!(line.contains(&rule.when.replace("\\\"", "\"")), "row {row:?} does not say {:?}", rule.when);
            at += pos;
        }
    }

    /// Every rule answers the same for `decisive_words` words as for
    /// more, whatever else the page has (main links up to the maximum).
    #[test]
    fn no_rule_tells_counts_past_decisive_words_apart() {
        let max_links = 40;
        let cap = decisive_words(max_links) as u32;
        let base = [
            Signals::default(),
            Signals { error_title: true, ..Default::default() },
            Signals { max_form_fields: 3, forms: 1, ..Default::default() },
            Signals { max_form_fields: 1, forms: 1, interactive: 5, ..Default::default() },
            Signals { interactive: 40, buttons: 12, repeated_button: 10, main_controls: 30, ..Default::default() },
            Signals { search_query: true, search_field: true, says_results: true, ..Default::default() },
            Signals { dashboard_word: true, section_headings: 6, interactive: 30, ..Default::default() },
        ];
        for s in base {
            for main_links in [0, 1, 14, 15, 16, 39, max_links as u32] {
                let at = |words| Signals { words, main_links, ..s.clone() };
                let answers = |s: &Signals| RULES.iter().map(|r| (r.test)(s)).collect::<Vec<_>>();
                for more in [1, 299, 300, 5000, 1_000_000] {
                    assert_eq!(answers(&at(cap)), answers(&at(cap + more)), "{s:?} with {main_links} main links: {cap} vs {} words", cap + more);
                }
            }
        }
        assert_eq!(decisive_words(0), 300);
        assert_eq!(decisive_words(200), 2400);
    }

    fn field(name: &str, ty: &str) -> FieldFact {
        FieldFact { name: name.into(), input_type: ty.into(), ..Default::default() }
    }
    fn form(fields: &[(&str, &str)], has_password: bool) -> FormFact {
        FormFact { fields: fields.iter().map(|(n, t)| field(n, t)).collect(), has_password, ..Default::default() }
    }
    fn links(n: u32, in_main: bool) -> Vec<CtaCandidate> {
        (0..n).map(|i| CtaCandidate { tag: "a".into(), in_main, dom_index: i, ..Default::default() }).collect()
    }
    fn buttons(n: u32) -> Vec<CtaCandidate> {
        (0..n)
            .map(|i| CtaCandidate { tag: "button".into(), in_main: true, dom_index: i, ..Default::default() })
            .collect()
    }
    fn labelled(n: u32, tag: &str, label: &str) -> Vec<CtaCandidate> {
        (0..n).map(|i| CtaCandidate { tag: tag.into(), label: label.into(), in_main: true, dom_index: i, ..Default::default() }).collect()
    }
    /// Buttons showing `text`, each named `label(i)`.
    fn shown(n: u32, text: &str, label: impl Fn(u32) -> String) -> Vec<CtaCandidate> {
        (0..n)
            .map(|i| CtaCandidate {
                tag: "button".into(),
                label: label(i),
                in_main: true,
                dom_index: i,
                selector_hints: SelectorHints { text: text.into(), ..Default::default() },
                ..Default::default()
            })
            .collect()
    }
    fn h(level: u8, text: &str) -> HeadingFact {
        HeadingFact { level, text: text.into() }
    }
    fn page(url: &str, title: &str, words: u32) -> SummaryInput {
        SummaryInput { url: url.into(), title: title.into(), word_count: words, ..Default::default() }
    }

    /// One row per rule and per boundary: (case, input) → type.
    #[test]
    fn classification_table() {
        let login = SummaryInput {
            forms: vec![form(&[("email", "email"), ("password", "password")], true)],
            has_password_field: true,
            ..page("https://x.test/signin", "Sign in", 40)
        };
        let two_forms_with_password = SummaryInput {
            forms: vec![form(&[("q", "search")], false), form(&[("user", "text"), ("pw", "password")], true)],
            ..login.clone()
        };
        let rows: Vec<(&str, SummaryInput)> = vec![
            ("one form + password", login.clone()),
            ("two forms + password is not login", two_forms_with_password),
            (
                "no form + a password field outside one",
                SummaryInput { forms: vec![], loose_password_field: true, ..login.clone() },
            ),
            (
                "no form + a hidden password field only",
                SummaryInput { forms: vec![], loose_password_field: false, ..login.clone() },
            ),
            (
                "an article with a hidden sign-in form (one search form shown)",
                SummaryInput {
                    forms: vec![form(&[("q", "search")], false)],
                    has_password_field: true,
                    ctas: links(20, true),
                    ..page("https://news.test/2026/12/story", "Storm hits the coast", 900)
                },
            ),
            (
                "a Chinese article (2,000 characters, no spaces)",
                SummaryInput {
                    ctas: links(20, true),
                    word_count: crate::summary::word_count(&"风暴袭击了沿海地区，居民们正在撤离。".repeat(110)) as u32,
                    ..page("https://news.test/zh/story", "风暴袭击沿海", 0)
                },
            ),
            (
                "a long article amid comments, each with a Reply button",
                SummaryInput {
                    ctas: [labelled(12, "button", "Reply"), links(60, false)].concat(),
                    prose: crate::main_content::Prose { paragraphs: 9, words: 1400 },
                    ..page("https://blog.test/2026/12/post", "A long post", 2400)
                },
            ),
            (
                "an article with a comment form, few words counted",
                SummaryInput {
                    forms: vec![form(&[("author", "text"), ("email", "email"), ("url", "url"), ("comment", "textarea")], false)],
                    prose: crate::main_content::Prose { paragraphs: 5, words: 420 },
                    ..page("https://blog.test/p/7", "Seven", 250)
                },
            ),
            (
                "three paragraphs of prose are not enough",
                SummaryInput {
                    forms: vec![form(&[("name", "text"), ("email", "email"), ("msg", "textarea")], false)],
                    prose: crate::main_content::Prose { paragraphs: 3, words: 400 },
                    ..page("https://x.test/contact", "Contact", 250)
                },
            ),
            (
                "results with prose snippets stay search results",
                SummaryInput {
                    forms: vec![FormFact { submit_label: "Search".into(), ..form(&[("q", "search")], false) }],
                    main_text: "About 1,240 results".into(),
                    ctas: links(25, true),
                    prose: crate::main_content::Prose { paragraphs: 10, words: 320 },
                    ..page("https://find.test/results/rust", "rust", 700)
                },
            ),
            (
                "search results without a query in the URL",
                SummaryInput {
                    forms: vec![FormFact { submit_label: "Search".into(), ..form(&[("q", "search")], false) }],
                    main_text: "About 1,240,000 results (0.42 seconds) Rust programming language …".into(),
                    ctas: links(25, true),
                    ..page("https://find.test/results/rust", "rust", 700)
                },
            ),
            (
                "a results count without a search field",
                SummaryInput { main_text: "Season 3: 12 results in the league".into(), ctas: links(25, true), ..page("https://x.test/", "League", 700) },
            ),
            ("404 title, few words", page("https://x.test/nope", "404 – Page not found", 30)),
            ("'Not Found' in title", page("https://x.test/nope", "Not Found", 12)),
            ("500 title", page("https://x.test/", "Error 500", 5)),
            ("error title but 100+ words", page("https://x.test/", "Error handling in Rust", 1200)),
            ("1500 is not 500", page("https://x.test/", "Top 1500 films", 20)),
            (
                "search query + search field",
                SummaryInput {
                    forms: vec![form(&[("q", "search")], false)],
                    ..page("https://x.test/search?q=rust", "rust - Search", 600)
                },
            ),
            (
                "search query + many links",
                SummaryInput { ctas: links(12, true), ..page("https://shop.test/s?k=mug", "Mugs", 400) },
            ),
            (
                "empty query is no search",
                SummaryInput { ctas: links(12, true), ..page("https://x.test/?q=", "Home", 60) },
            ),
            (
                "form with 3 fields",
                SummaryInput {
                    forms: vec![form(&[("name", "text"), ("email", "email"), ("msg", "textarea")], false)],
                    ..page("https://x.test/contact", "Contact", 80)
                },
            ),
            (
                "one field on a near-empty page",
                SummaryInput { forms: vec![form(&[("q", "text")], false)], ..page("https://x.test/", "Search", 20) },
            ),
            (
                "lone field among many controls",
                SummaryInput {
                    forms: vec![form(&[("shape", "search")], false)],
                    interactive_count: 80,
                    ..page("https://draw.test/d/1", "Untitled", 10)
                },
            ),
            (
                "buttons with as many links (shop grid)",
                SummaryInput {
                    ctas: [buttons(16), links(16, true)].concat(),
                    headings: vec![h(3, "Mug"), h(3, "Cup"), h(3, "Pot")],
                    ..page("https://shop.test/c/mugs", "Mugs", 150)
                },
            ),
            (
                "dashboard word + controls",
                SummaryInput { interactive_count: 40, ..page("https://app.test/dashboard", "Acme", 500) },
            ),
            (
                "buttons under sections",
                SummaryInput {
                    ctas: buttons(8),
                    headings: vec![h(2, "Usage"), h(2, "Billing"), h(3, "Team")],
                    ..page("https://app.test/p/1", "Acme", 400)
                },
            ),
            (
                "an item button repeated (product grid with prose)",
                SummaryInput {
                    ctas: [labelled(8, "button", "Add to cart"), links(30, true)].concat(),
                    ..page("https://shop.test/all", "All products", 2000)
                },
            ),
            (
                "an item button named per item (aria-label)",
                SummaryInput {
                    ctas: [shown(8, "Add to cart", |i| format!("Add mug {i} to cart")), links(30, true)].concat(),
                    ..page("https://shop.test/all", "All products", 2000)
                },
            ),
            (
                "a rating's five star glyphs are no item list",
                SummaryInput {
                    ctas: [shown(5, "★", |_| "★".into()), buttons(3)].concat(),
                    interactive_count: 12,
                    ..page("https://x.test/widgets", "Widgets", 80)
                },
            ),
            (
                "an edit link per section is still an article",
                SummaryInput { ctas: [labelled(12, "a", "edit"), links(30, true)].concat(), ..page("https://wiki.test/Rust", "Rust", 3000) },
            ),
            ("long prose", SummaryInput { ctas: links(40, true), ..page("https://blog.test/p", "Post", 1500) }),
            (
                "prose too link-dense",
                SummaryInput { ctas: links(80, true), ..page("https://blog.test/p", "Post", 350) },
            ),
            (
                "links outside main don't count when main has some",
                SummaryInput {
                    ctas: [links(2, true), links(100, false)].concat(),
                    ..page("https://blog.test/p", "Post", 400)
                },
            ),
            ("many short links", SummaryInput { ctas: links(30, false), ..page("https://x.test/all", "Index", 120) }),
            (
                "controls, few words",
                SummaryInput { interactive_count: 25, ..page("https://x.test/editor", "Editor", 60) },
            ),
            ("nothing special", page("https://x.test/", "Hello", 120)),
        ];
        let out: String = rows
            .iter()
            .map(|(case, input)| {
                format!("{case:<50} {}\n", serde_json::to_value(classify(input)).unwrap().as_str().unwrap())
            })
            .collect();
        expect![[r#"
            one form + password                                login
            two forms + password is not login                  form
            no form + a password field outside one             login
            no form + a hidden password field only             generic
            an article with a hidden sign-in form (one search form shown) article
            a Chinese article (2,000 characters, no spaces)    article
            a long article amid comments, each with a Reply button article
            an article with a comment form, few words counted  article
            three paragraphs of prose are not enough           form
            results with prose snippets stay search results    search_results
            search results without a query in the URL          search_results
            a results count without a search field             article
            404 title, few words                               error_page
            'Not Found' in title                               error_page
            500 title                                          error_page
            error title but 100+ words                         article
            1500 is not 500                                    generic
            search query + search field                        search_results
            search query + many links                          search_results
            empty query is no search                           generic
            form with 3 fields                                 form
            one field on a near-empty page                     form
            lone field among many controls                     app
            buttons with as many links (shop grid)             link_list
            dashboard word + controls                          dashboard
            buttons under sections                             dashboard
            an item button repeated (product grid with prose)  link_list
            an item button named per item (aria-label)         link_list
            a rating's five star glyphs are no item list       app
            an edit link per section is still an article       article
            long prose                                         article
            prose too link-dense                               link_list
            links outside main don't count when main has some  article
            many short links                                   link_list
            controls, few words                                app
            nothing special                                    generic
        "#]]
        .assert_eq(&out);
    }
}
