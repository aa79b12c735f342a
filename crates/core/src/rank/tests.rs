//! Ranking scenarios on a realistic SaaS billing page (header, nav, main
//! with an invoice table, footer, three forms, a collection): expected top-1
//! and top-3 for each query; slicing and input-order invariance; scores'
//! range and rounding; validation errors; a printed micro-benchmark.

use super::*;
use crate::types::Landmark;
use std::time::Instant;

/// A candidate row: id, label, `entity:role`, kind, landmark, above the
/// fold, cluster, context strings separated by `|`. Empty means absent.
struct C(&'static str, &'static str, &'static str, &'static str, &'static str, bool, &'static str, &'static str);

#[rustfmt::skip]
const PAGE: &[C] = &[
    C("a1", "Acme", "action:link", "navigation", "header", true, "", ""),
    C("a2", "Sign in", "action:link", "login", "header", true, "", "/login"),
    C("a3", "Sign up", "action:button", "signup", "header", true, "", ""),
    C("a4", "Help", "action:link", "help", "header", true, "", "/help"),
    C("a5", "Menu", "action:button", "menu", "header", true, "", ""),
    C("a6", "Dashboard", "action:link", "navigation", "nav", true, "", "/dashboard"),
    C("a7", "Billing", "action:link", "billing", "nav", true, "", "/billing"),
    C("a8", "Invoices", "action:link", "billing", "nav", true, "", "/billing/invoices"),
    C("a9", "Settings", "action:link", "settings", "nav", true, "", "/settings"),
    C("a10", "Team", "action:link", "navigation", "nav", true, "", "/team"),
    C("a11", "Basket (2)", "action:link", "cart", "header", true, "", "/store/basket"),
    C("a12", "Download", "action:button", "download_invoice", "main", true, "dl", "Invoices|invoices"),
    C("a13", "Download", "action:button", "download_invoice", "main", true, "dl", "Invoices|invoices"),
    C("a14", "Download", "action:button", "download_invoice", "main", false, "dl", "Invoices|invoices"),
    C("a15", "Update payment method", "action:button", "payment_method", "main", true, "", "Billing"),
    C("a16", "Cancel subscription", "action:button", "cancel", "main", true, "", "Your plan"),
    C("a17", "Next", "action:link", "pagination", "main", true, "", "Invoices"),
    C("a18", "Previous", "action:link", "pagination", "main", true, "", "Invoices"),
    C("a19", "Export CSV", "action:button", "download", "main", true, "", "Invoices"),
    C("a20", "Delete account", "action:button", "delete", "main", false, "", "Danger zone"),
    C("a21", "Upgrade plan", "action:button", "billing", "main", true, "", "Your plan"),
    C("a22", "Proceed to checkout", "action:button", "checkout", "aside", true, "", "Add-ons basket"),
    C("a23", "Log in", "action:link", "login", "footer", false, "", "/login"),
    C("a24", "Contact us", "action:link", "contact", "footer", false, "", "/contact"),
    C("a25", "Privacy", "action:link", "navigation", "footer", false, "", "/privacy"),
    C("a26", "Billing FAQ", "action:link", "help", "footer", false, "", "/help/billing"),
    C("f1", "Search", "form:search", "search", "header", true, "", "search|Search invoices and customers"),
    C("f2", "Subscribe", "form:form", "newsletter", "footer", false, "", "newsletter|Email"),
    C("f3", "Save card", "form:form", "payment_method", "main", true, "", "payment method|Card number|Expiry|CVC"),
    C("c1", "invoices", "collection:list", "", "main", true, "", "date|amount|status|download"),
];

fn page() -> Vec<RankCandidate> {
    PAGE.iter()
        .map(|C(id, label, entity_role, kind, landmark, above, cluster, context)| {
            let (entity, role) = entity_role.split_once(':').unwrap();
            let some = |s: &str| (!s.is_empty()).then(|| s.to_owned());
            RankCandidate {
                id: id.to_string(),
                label: label.to_string(),
                entity: serde_json::from_value(entity.into()).unwrap(),
                kind: some(kind),
                role: some(role),
                context: context.split('|').filter(|s| !s.is_empty()).map(str::to_owned).collect(),
                landmark: some(landmark).map(|l| serde_json::from_value::<Landmark>(l.into()).unwrap()),
                above_fold: *above,
                cluster_id: some(cluster),
                fields: Vec::new(),
            }
        })
        .collect()
}

/// A query row: text (`None` for no text), entity filter, expected first
/// hit (`None`: no hits), ids expected in the top 3, ids that must not appear.
struct Q(
    Option<&'static str>,
    Option<QueryKind>,
    Option<&'static str>,
    &'static [&'static str],
    &'static [&'static str],
);

const F: Option<QueryKind> = Some(QueryKind::Form);

#[rustfmt::skip]
const QUERIES: &[Q] = &[
    // Synonyms: header "Sign in" beats footer "Log in" unless the words are exact.
    Q(Some("sign in"), None, Some("a2"), &["a23"], &[]),
    Q(Some("login"), None, Some("a2"), &["a23"], &[]),
    Q(Some("Log in"), None, Some("a23"), &["a2"], &[]),
    Q(Some("signin"), None, Some("a2"), &[], &[]),
    Q(Some("register"), None, Some("a3"), &[], &[]),
    Q(Some("create account"), None, Some("a3"), &[], &[]),
    Q(Some("invoices"), None, Some("a8"), &["c1"], &[]),
    Q(Some("statement"), None, Some("a8"), &[], &[]),
    Q(Some("receipts"), None, Some("a8"), &[], &[]),
    Q(Some("preferences"), None, Some("a9"), &[], &[]),
    Q(Some("options"), None, Some("a9"), &[], &[]),
    Q(Some("basket"), None, Some("a11"), &[], &[]),
    Q(Some("cart"), None, Some("a11"), &["a22"], &[]),
    Q(Some("bag"), None, Some("a11"), &[], &[]),
    Q(Some("remove account"), None, Some("a20"), &[], &[]),
    Q(Some("more"), None, Some("a17"), &[], &[]),
    Q(Some("find"), None, Some("f1"), &[], &[]),
    Q(Some("support"), None, Some("a4"), &["a26"], &[]),
    // Typos.
    Q(Some("chekout"), None, Some("a22"), &[], &[]),
    Q(Some("invoce"), None, Some("a8"), &[], &[]),
    Q(Some("setings"), None, Some("a9"), &[], &[]),
    Q(Some("subscriptoin"), None, Some("a16"), &[], &[]),
    // Kinds named by the query; clusters deduped (one "Download" only).
    Q(Some("download invoice"), None, Some("a12"), &["a19"], &["a13", "a14"]),
    Q(Some("download"), None, Some("a12"), &["a19"], &["a13", "a14"]),
    Q(Some("next page"), None, Some("a17"), &["a18"], &[]),
    Q(Some("pagination"), None, Some("a17"), &["a18"], &[]),
    Q(Some("payment method"), None, Some("a15"), &["f3"], &[]),
    Q(Some("cancel subscription"), None, Some("a16"), &[], &[]),
    // Alternatives (seed 000 §15).
    Q(Some("invoice|billing|statement"), None, Some("a7"), &["a8"], &[]),
    Q(Some("download|export"), None, Some("a12"), &["a19"], &[]),
    // Entity filters.
    Q(Some("search"), F, Some("f1"), &[], &["a4"]),
    Q(None, F, Some("f3"), &["f1", "f2"], &["a12"]),
    Q(None, Some(QueryKind::Collection), Some("c1"), &[], &["a12"]),
    Q(Some("card"), F, Some("f3"), &[], &["a15"]),
    Q(Some("billing"), F, None, &[], &["a7"]),
    // No text: priors rank (main + above the fold first, then id order).
    Q(None, None, Some("a12"), &["a15", "a16"], &["a13"]),
    Q(Some("   "), None, Some("a12"), &["a15", "a16"], &[]),
    Q(Some("the"), None, Some("a12"), &[], &[]),
    // Other plain lookups.
    Q(Some("billing"), None, Some("a7"), &[], &[]),
    Q(Some("upgrade"), None, Some("a21"), &[], &[]),
    Q(Some("menu"), None, Some("a5"), &[], &[]),
    Q(Some("contact"), None, Some("a24"), &[], &[]),
    Q(Some("privacy"), None, Some("a25"), &[], &[]),
    Q(Some("zebra"), None, None, &[], &[]),
];

fn query(text: Option<&str>, kind: Option<QueryKind>) -> RankQuery {
    RankQuery { text: text.map(str::to_owned), kind, top_k: None }
}

#[test]
fn scenario_queries_rank_as_expected() {
    let mut failures = Vec::new();
    for Q(text, kind, top1, top3, absent) in QUERIES {
        let hits = rank(query(*text, *kind), page()).unwrap();
        let ids: Vec<&str> = hits.iter().map(|h| h.id.as_str()).collect();
        let first3 = &ids[..ids.len().min(3)];
        let ok = ids.first().copied() == *top1
            && top3.iter().all(|id| first3.contains(id))
            && absent.iter().all(|id| !ids.contains(id));
        if !ok {
            let shown: Vec<String> = hits.iter().take(5).map(|h| format!("{}={}", h.id, h.score)).collect();
            failures.push(format!("{text:?} {kind:?}: want {top1:?} then {top3:?} without {absent:?}; got {shown:?}"));
        }
    }
    assert!(QUERIES.len() >= 25);
    assert!(failures.is_empty(), "{} failing:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn slicing_gives_the_one_shot_result() {
    for Q(text, kind, ..) in QUERIES {
        let expected = rank(query(*text, *kind), page()).unwrap();
        for budget in [1, 2, 7, 64] {
            let mut ranker = Ranker::new(query(*text, *kind), page()).unwrap();
            let mut last_done = 0;
            while let Progress::Pending { done, total } = ranker.step(budget) {
                assert!(done > last_done && done < total, "{done}/{total} after {last_done}");
                assert!(done - last_done <= budget);
                last_done = done;
            }
            assert_eq!(ranker.finish(), expected, "{text:?} with budget {budget}");
        }
    }
}

#[test]
fn input_order_does_not_change_the_result() {
    for Q(text, kind, ..) in QUERIES {
        let mut reversed = page();
        reversed.reverse();
        assert_eq!(
            rank(query(*text, *kind), reversed).unwrap(),
            rank(query(*text, *kind), page()).unwrap(),
            "{text:?}"
        );
    }
}

#[test]
fn scores_are_coarse_sorted_and_in_range() {
    for Q(text, kind, ..) in QUERIES {
        let hits = rank(RankQuery { top_k: Some(50), ..query(*text, *kind) }, page()).unwrap();
        for pair in hits.windows(2) {
            assert!(pair[0].score >= pair[1].score, "{text:?}: {pair:?}");
        }
        for h in &hits {
            assert!((0.0..=1.0).contains(&h.score), "{h:?}");
            assert_eq!((h.score * 100.0).round() / 100.0, h.score);
        }
    }
}

#[test]
fn top_k_caps_the_hits() {
    let hits = rank(RankQuery { top_k: Some(2), ..query(None, None) }, page()).unwrap();
    assert_eq!(hits.len(), 2);
    assert_eq!(rank(query(None, None), page()).unwrap().len(), DEFAULT_TOP_K);
    assert!(rank(RankQuery { top_k: Some(0), ..query(None, None) }, page()).unwrap().is_empty());
}

#[test]
fn hits_carry_label_kind_and_landmark() {
    let hit = &rank(query(Some("download invoice"), None), page()).unwrap()[0];
    assert_eq!(
        serde_json::to_value(hit).unwrap(),
        serde_json::json!({"id": "a12", "label": "Download", "kind": "download_invoice",
                           "landmark": "main", "score": hit.score})
    );
}

#[test]
fn invalid_candidate_sets_are_refused() {
    let mut many = Vec::new();
    for i in 0..=MAX_POOL {
        let mut c = page()[0].clone();
        c.id = format!("x{i}");
        many.push(c);
    }
    assert_eq!(
        Ranker::new(query(None, None), many).unwrap_err(),
        RankError::TooManyCandidates { got: MAX_POOL + 1, max: MAX_POOL }
    );
    let mut dup = page();
    dup.push(dup[3].clone());
    assert_eq!(rank(query(None, None), dup).unwrap_err(), RankError::DuplicateId("a4".into()));
}

#[test]
fn empty_candidate_set_is_done_at_once() {
    let mut ranker = Ranker::new(query(Some("x"), None), Vec::new()).unwrap();
    assert_eq!(ranker.step(5), Progress::Done);
    assert!(ranker.finish().is_empty());
}

#[test]
fn natural_order_compares_numbers() {
    use std::cmp::Ordering::*;
    assert_eq!(ranker::natural_cmp("a2", "a10"), Less);
    assert_eq!(ranker::natural_cmp("a10", "a10"), Equal);
    assert_eq!(ranker::natural_cmp("b1", "a9"), Greater);
    assert_eq!(ranker::natural_cmp("a02", "a2"), Less);
}

#[test]
fn minipcd_entries_map_to_candidates() {
    use crate::types::{ActionRole, FieldSummary, MiniAction, MiniCollection, MiniForm};
    let action = MiniAction {
        id: "a1".into(),
        label: "Invoices".into(),
        role: ActionRole::Link,
        kind: Some("billing".into()),
        landmark: Some(Landmark::Nav),
        above_fold: None,
        cluster_id: Some("k".into()),
        applies_to_collection_id: None,
        frame_path: None,
        goes_to: None,
    };
    let form = MiniForm {
        id: "f1".into(),
        purpose: Some("search_products".into()),
        landmark: Some(Landmark::Header),
        field_summaries: vec![FieldSummary {
            name: None,
            label: "Find products".into(),
            field_type: "search".into(),
            required: None,
        }],
        submit_label: None,
        frame_path: None,
        goes_to: None,
    };
    let collection = MiniCollection {
        id: "c1".into(),
        name: "productGrid".into(),
        item_fields: vec!["title".into(), "price".into()],
        landmark: Some(Landmark::Main),
        approx_count: Some(24),
    };
    let candidates = vec![
        RankCandidate::from_action(&action, vec!["/billing/invoices".into()]),
        RankCandidate::from_form(&form, true),
        RankCandidate::from_collection(&collection, true),
    ];
    assert_eq!(candidates[0].role.as_deref(), Some("link"));
    assert!(candidates[0].above_fold);
    assert_eq!(candidates[1].label, "search products");
    assert_eq!(candidates[2].label, "productGrid");
    let top = |text: &str| rank(query(Some(text), None), candidates.clone()).unwrap()[0].id.clone();
    assert_eq!(top("search products"), "f1");
    assert_eq!(top("product grid"), "c1");
    assert_eq!(top("invoices"), "a1");
}

/// 200 synthetic candidates × 50 queries, natively. Prints only: timing is
/// no assertion (debug builds and shared CI machines vary).
#[test]
fn micro_benchmark_200_candidates_50_queries() {
    const WORDS: &[&str] = &[
        "account",
        "billing",
        "invoice",
        "download",
        "export",
        "settings",
        "team",
        "member",
        "project",
        "report",
        "analytics",
        "search",
        "filter",
        "sort",
        "next",
        "previous",
        "delete",
        "archive",
        "share",
        "upload",
        "profile",
        "password",
        "security",
        "plan",
        "upgrade",
        "support",
        "contact",
        "checkout",
        "basket",
        "order",
        "history",
        "notification",
        "integration",
        "api",
        "key",
    ];
    let landmarks = [Landmark::Main, Landmark::Header, Landmark::Nav, Landmark::Aside, Landmark::Footer];
    let word = |i: usize| WORDS[i % WORDS.len()];
    let candidates: Vec<RankCandidate> = (0..MAX_CANDIDATES)
        .map(|i| RankCandidate {
            id: format!("a{i}"),
            label: format!("{} {}", word(i * 7 + 3), word(i * 13 + 5)),
            entity: QueryKind::Action,
            kind: Some(word(i * 3).to_owned()),
            role: Some(if i % 2 == 0 { "button" } else { "link" }.to_owned()),
            context: vec![format!("{} {}", word(i + 11), word(i * 5)), format!("/{}/{}", word(i), word(i + 1))],
            landmark: Some(landmarks[i % landmarks.len()]),
            above_fold: i % 3 != 0,
            cluster_id: (i % 10 == 0).then(|| format!("k{}", i % 30)),
            fields: Vec::new(),
        })
        .collect();
    let queries: Vec<String> = (0..50)
        .map(|i| match i % 5 {
            0 => word(i).to_owned(),
            1 => format!("{} {}", word(i), word(i * 3)),
            2 => format!("{}|{}|{}", word(i), word(i + 4), word(i + 9)),
            3 => word(i).chars().rev().collect::<String>() + "x",
            _ => format!("{}e", &word(i)[..word(i).len().saturating_sub(1)]),
        })
        .collect();
    let start = Instant::now();
    let mut worst_slice = std::time::Duration::ZERO;
    let mut hits = 0;
    for q in &queries {
        let mut ranker = Ranker::new(query(Some(q), None), candidates.clone()).unwrap();
        loop {
            let slice = Instant::now();
            let progress = ranker.step(25);
            worst_slice = worst_slice.max(slice.elapsed());
            if progress == Progress::Done {
                break;
            }
        }
        hits += ranker.finish().len();
    }
    let total = start.elapsed();
    println!(
        "rank bench: {} candidates x {} queries in {:?} ({:?}/query, worst 25-unit slice {:?}, {hits} hits)",
        candidates.len(),
        queries.len(),
        total,
        total / queries.len() as u32,
        worst_slice
    );
}

/// An API page's pool: the billing page's entries first (what the MiniPCD
/// lists), then 1500 sidebar links in the nav, named like rustdoc's
/// methods (`method_0` … `method_1499`), below the fold.
fn big_pool() -> Vec<RankCandidate> {
    let mut pool = page();
    pool.extend((0..1500).map(|i| RankCandidate {
        id: format!("m{i}"),
        label: format!("method_{i}"),
        entity: QueryKind::Action,
        kind: Some("navigation".into()),
        role: Some("link".into()),
        context: vec!["Methods".into(), format!("#method.method_{i}")],
        landmark: Some(Landmark::Nav),
        above_fold: false,
        cluster_id: None,
        fields: Vec::new(),
    }));
    pool
}

/// A pool past one cycle (seed 000 §8.2: ≤ 200 candidates a cycle) is
/// sieved for the query's text first: entries far down it are found, the
/// billing page's queries still rank as on the page alone, and without text
/// the pool's first (the MiniPCD's) entries are what priors rank.
#[test]
fn a_pool_larger_than_a_cycle_is_sieved_for_the_text() {
    // (query, expected first hit)
    let cases = [
        ("method_1234", "m1234"),
        ("method_7", "m7"),
        ("Update payment method", "a15"),
        ("sign in", "a2"),
        ("download invoice", "a12"),
    ];
    for (text, first) in cases {
        let hits = rank(RankQuery { text: Some(text.into()), kind: None, top_k: Some(3) }, big_pool()).unwrap();
        assert_eq!(hits.first().map(|h| h.id.as_str()), Some(first), "{text}: {hits:?}");
    }
    // No text: the first 200 of the pool only.
    let hits = rank(RankQuery { text: None, kind: None, top_k: Some(500) }, big_pool()).unwrap();
    let firsts: std::collections::BTreeSet<String> = big_pool().into_iter().take(MAX_CANDIDATES).map(|c| c.id).collect();
    assert!(hits.len() <= MAX_CANDIDATES && hits.iter().all(|h| firsts.contains(&h.id)), "{}", hits.len());
    // The kind filter applies before the sieve: forms only.
    let hits = rank(query(Some("method_12"), Some(QueryKind::Form)), big_pool()).unwrap();
    assert!(hits.iter().all(|h| h.id.starts_with('f')), "{hits:?}");
}

#[test]
fn sieving_gives_the_same_hits_however_sliced() {
    for text in ["method_1234", "methd_99", "billing|method_3"] {
        let q = RankQuery { text: Some(text.into()), kind: None, top_k: Some(5) };
        let whole = rank(q.clone(), big_pool()).unwrap();
        let mut ranker = Ranker::new(q, big_pool()).unwrap();
        let mut steps = 0;
        while ranker.step(7) != Progress::Done {
            steps += 1;
        }
        assert!(steps > 1500 / 7, "{steps}");
        assert_eq!(ranker.finish(), whole, "{text}");
    }
}

/// A name of stop words or punctuation only ("from", "in", "&": keyword and
/// operator links of an API page) is matched as a whole label, not dropped
/// for the priors to rank.
#[test]
fn a_query_of_stop_words_matches_whole_labels() {
    let mut pool = page();
    for (i, label) in ["From", "from_fn", "Import from file", "In", "in", "&", "&mut", " ( ) ", "|", "||", "|="].iter().enumerate() {
        let mut c = pool[0].clone();
        c.id = format!("w{i}");
        c.label = (*label).to_owned();
        c.kind = None;
        c.cluster_id = None;
        pool.push(c);
    }
    let ids = |text: &str| -> Vec<String> { rank(query(Some(text), None), pool.clone()).unwrap().into_iter().map(|h| h.id).collect() };
    assert_eq!(ids("from"), ["w0"]);
    assert_eq!(ids("in"), ["w3", "w4"]);
    assert_eq!(ids("the|From"), ["w0"]);
    // A one-letter name: the label that is just it first, even below the
    // fold in the footer (labels that merely hold the letter match it as
    // fully: the text is too short for substring parts).
    let mut short = pool.clone();
    for (i, label) in ["Vec::with_capacity(n)", "N", "n items"].iter().enumerate() {
        let mut c = pool[0].clone();
        c.id = format!("n{i}");
        c.label = (*label).to_owned();
        c.kind = None;
        c.cluster_id = None;
        let just_it = i == 1;
        c.landmark = Some(if just_it { Landmark::Footer } else { Landmark::Main });
        c.above_fold = !just_it;
        short.push(c);
    }
    let hits = rank(query(Some("N"), None), short).unwrap();
    assert_eq!(hits.first().map(|h| h.id.as_str()), Some("n1"), "{hits:?}");
    // Punctuation only, the same.
    assert_eq!(ids("&"), ["w5"]);
    assert_eq!(ids("( )"), ["w7"]);
    // Bars separate alternatives between words; an operator of bars is a name.
    assert_eq!(ids("|"), ["w8"]);
    assert_eq!(ids("||"), ["w9"]);
    assert_eq!(ids("|="), ["w10"]);
    // Naming nothing, it ranks as no text does.
    assert_eq!(ids("the"), ids(""));
}

#[test]
fn hits_labelled_with_the_text_are_told_apart() {
    let hits = rank(query(Some("update payment method"), None), page()).unwrap();
    assert!(labels_the_text(&query(Some("Update  payment method"), None), &hits));
    assert!(labels_the_text(&query(Some("card|Update payment method"), None), &hits));
    // "payment" is in a label, but no label is "payment".
    let hits = rank(query(Some("payment"), None), page()).unwrap();
    assert!(!hits.is_empty() && !labels_the_text(&query(Some("payment"), None), &hits));
    assert!(!labels_the_text(&query(None, None), &hits));
}

/// Padded numbers in labels ("Order #0002") are found by the number as
/// people say it ("order 2"), not by its neighbours in the list.
#[test]
fn a_number_finds_its_padded_label() {
    let mut pool = page();
    for (i, label) in ["Order", "Order #0001", "Order #0002", "Order #0007", "Order #0012", "INV-00041"].iter().enumerate() {
        let mut c = pool[0].clone();
        c.id = format!("o{i}");
        c.label = (*label).to_owned();
        c.kind = None;
        c.landmark = Some(Landmark::Main);
        c.cluster_id = None;
        pool.push(c);
    }
    let first = |text: &str| rank(query(Some(text), None), pool.clone()).unwrap().first().map(|h| h.id.clone());
    for (text, want) in [("order 2", "o2"), ("#2", "o2"), ("0002", "o2"), ("Order #0002", "o2"), ("order 12", "o4"), ("41", "o5")] {
        assert_eq!(first(text).as_deref(), Some(want), "{text:?}");
    }
}

/// Kinds are inferred from labels in many languages; queries come in the
/// agent's words. A query that names a kind as a label would ("add to
/// cart") finds the control of that kind whatever its label's language,
/// ahead of controls that merely share a word in their context.
#[test]
fn a_query_naming_a_kind_finds_it_in_any_language() {
    let mut pool = page();
    for (i, (label, kind, context)) in
        [("カートに入れる", "add_to_cart", "商品"), ("Войти", "login", ""), ("下一页", "pagination", ""), ("Корзина", "cart", "/cart"), ("ヘルプ", "help", "")]
            .iter()
            .enumerate()
    {
        let mut c = pool[0].clone();
        c.id = format!("x{i}");
        c.label = (*label).to_owned();
        c.kind = Some((*kind).to_owned());
        c.context = vec![(*context).to_owned()];
        c.landmark = Some(Landmark::Main);
        c.cluster_id = None;
        pool.push(c);
    }
    let ids = |text: &str| -> Vec<String> { rank(query(Some(text), None), pool.clone()).unwrap().into_iter().map(|h| h.id).collect() };
    assert_eq!(ids("add to cart")[0], "x0", "{:?}", ids("add to cart"));
    // The page's own words still come first where they are the query's.
    assert_eq!(ids("sign in")[..3], ["a2", "a23", "x1"]);
    // A sentence that holds a kind's word ("FAQ": help) names no kind; its
    // words decide.
    assert!(ids("help").contains(&"x4".to_owned()), "{:?}", ids("help"));
    let sentence = "Here are answers to frequently asked questions (FAQ) about the plan";
    assert_eq!(ids(sentence)[0], "a4", "{:?}", ids(sentence));
    assert_eq!(ids("next page")[0], "a17");
    assert!(ids("next page")[..3].contains(&"x2".to_owned()), "{:?}", ids("next page"));
}

/// A query that is a control's whole label finds that control first, also
/// when longer labels holding the word have the kind it names and a better
/// place (real pages: npm's docs ask "config" of a sidebar `config` link
/// under a "Configuration" section link; an APG form's "Organization"
/// field sits under two "Add Organization" buttons). Among several whole-label
/// matches the usual score still orders (the `invoices` scenario).
#[test]
fn the_whole_label_comes_first_whatever_longer_labels_have() {
    let mut pool = page();
    let rows = [
        ("Configuration", Some("settings"), Landmark::Main, true),
        ("config", None, Landmark::Aside, false),
        ("Add Organization", None, Landmark::Main, true),
        ("Add Organization", None, Landmark::Main, true),
        ("Organization", None, Landmark::Footer, false),
    ];
    for (i, (label, kind, landmark, above)) in rows.into_iter().enumerate() {
        let mut c = pool[0].clone();
        c.id = format!("w{i}");
        c.label = label.to_owned();
        c.kind = kind.map(str::to_owned);
        c.landmark = Some(landmark);
        c.above_fold = above;
        c.cluster_id = None;
        pool.push(c);
    }
    let ids = |text: &str| -> Vec<String> { rank(query(Some(text), None), pool.clone()).unwrap().iter().take(3).map(|h| h.id.clone()).collect() };
    assert_eq!(ids("config")[..2], ["w1", "w0"]);
    assert_eq!(ids("organization")[0], "w4");
    assert_eq!(ids("Organization")[0], "w4", "case does not matter");
}

/// A form's field asked by its whole label finds the form first (fields are
/// no candidates of their own; the form stands for them), before buttons
/// whose longer labels hold the word: APG's landmarks form, "Organization"
/// under two "Add Organization" buttons.
#[test]
fn a_field_label_quoted_whole_finds_its_form_first() {
    let mut pool = page();
    for (i, label) in ["Add Organization", "Add Organization", "Name the contact"].into_iter().enumerate() {
        let mut c = pool[0].clone();
        c.id = format!("b{i}");
        c.label = label.to_owned();
        c.landmark = Some(Landmark::Main);
        c.above_fold = true;
        c.cluster_id = None;
        pool.push(c);
    }
    let mut form = pool[0].clone();
    form.id = "f9".into();
    form.entity = QueryKind::Form;
    form.role = Some("form".into());
    form.label = "Add Contact".into();
    form.kind = None;
    form.fields = vec!["Name:".into(), "Organization *".into()];
    form.context = form.fields.clone();
    form.landmark = Some(Landmark::Aside);
    form.above_fold = false;
    form.cluster_id = None;
    pool.push(form);
    let first = |text: &str| rank(query(Some(text), None), pool.clone()).unwrap().first().map(|h| h.id.clone());
    assert_eq!(first("Organization").as_deref(), Some("f9"));
    assert_eq!(first("name").as_deref(), Some("f9"));
    assert_eq!(first("Add Organization").as_deref(), Some("b0"), "the buttons' own label still finds them");
}

/// The page's own word, quoted as the whole query, comes before a synonym's
/// label: "option" finds the "option" link before "Settings" (option ≈
/// setting), which also matches every term and has the settings kind.
#[test]
fn the_quoted_word_comes_before_its_synonym() {
    let mut pool = page();
    for (i, (label, landmark, above)) in [("option", Landmark::Main, false), ("Configuration", Landmark::Nav, true), ("config", Landmark::Main, false)].into_iter().enumerate() {
        let mut c = pool[0].clone();
        c.id = format!("s{i}");
        c.label = label.to_owned();
        c.kind = None;
        c.landmark = Some(landmark);
        c.above_fold = above;
        c.cluster_id = None;
        pool.push(c);
    }
    let first = |text: &str| rank(query(Some(text), None), pool.clone()).unwrap().first().map(|h| h.id.clone());
    assert_eq!(first("option").as_deref(), Some("s0"));
    assert_eq!(first("config").as_deref(), Some("s2"));
    // A synonym asked for still finds the page's word.
    assert_eq!(first("preferences").as_deref(), Some("a9"));
}
