//! Fixture tests of the whole build: each page in `fixtures/*.json` (a
//! [`PageFacts`] as the collector would send it) has its MiniPCD and bindings
//! snapshotted in `fixtures/expected/*.json` (`UPDATE_EXPECT=1` rewrites
//! them), plus rule-level assertions per fixture, determinism, and budgets on
//! a generated 2000-control page.

use std::fs;
use std::path::PathBuf;
use std::time::Instant;

use expect_test::expect_file;
use serde_json::Value;

use super::*;
use crate::tools::QueryKind;
use crate::types::{ActionRole, Landmark, LoginState, MiniAction, MiniPcd};

const TS: f64 = 1_700_000_000_000.0;

fn fixture(name: &str) -> PageFacts {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("src/pcd/fixtures/{name}.json"));
    let raw: Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    let facts: PageFacts = serde_json::from_value(raw.clone()).unwrap();
    // Every key must be a field: serde defaults would hide a misspelt one.
    assert_keys_known(&raw, &serde_json::to_value(&facts).unwrap(), name);
    facts
}

fn fixture_names() -> Vec<String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/pcd/fixtures");
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn assert_keys_known(raw: &Value, parsed: &Value, at: &str) {
    match (raw, parsed) {
        (Value::Object(r), Value::Object(p)) => {
            for (k, v) in r {
                let Some(pv) = p.get(k) else {
                    panic!("{at}: unknown key {k:?}")
                };
                assert_keys_known(v, pv, &format!("{at}.{k}"));
            }
        }
        (Value::Array(r), Value::Array(p)) => {
            for (i, (rv, pv)) in r.iter().zip(p).enumerate() {
                assert_keys_known(rv, pv, &format!("{at}[{i}]"));
            }
        }
        _ => {}
    }
}

fn built(name: &str) -> Built {
    build(&fixture(name), TS)
}

fn action<'a>(mini: &'a MiniPcd, label: &str) -> &'a MiniAction {
    mini.actions
        .iter()
        .find(|a| a.label == label)
        .unwrap_or_else(|| panic!("no action {label:?} in {:#?}", mini.actions))
}

fn labels(mini: &MiniPcd) -> Vec<&str> {
    mini.actions.iter().map(|a| a.label.as_str()).collect()
}

#[test]
fn fixtures_match_their_snapshots() {
    let names = fixture_names();
    assert!(names.len() >= 9, "{names:?}");
    for name in names {
        let b = built(&name);
        let text = serde_json::to_string_pretty(&b).unwrap() + "\n";
        expect_file![format!("fixtures/expected/{name}.json")].assert_eq(&text);
    }
}

#[test]
fn every_fixture_is_within_budget_and_has_unique_ids() {
    for name in fixture_names() {
        let m = built(&name).mini;
        assert!(m.actions.len() <= MiniPcd::MAX_ACTIONS, "{name}");
        assert!(m.forms.len() <= MiniPcd::MAX_FORMS, "{name}");
        assert!(m.collections.len() <= MiniPcd::MAX_COLLECTIONS, "{name}");
        let mut ids: Vec<&str> = m.actions.iter().map(|a| a.id.as_str()).collect();
        ids.extend(m.forms.iter().map(|f| f.id.as_str()));
        ids.extend(m.collections.iter().map(|c| c.id.as_str()));
        let n = ids.len();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), n, "{name}: duplicate ids");
        assert!(
            m.actions
                .iter()
                .all(|a| a.label.chars().count() <= 80 && !a.label.is_empty()),
            "{name}"
        );
    }
}

#[test]
fn saas_home_drops_nav_lists_and_templates_learn_more() {
    let m = built("saas_home").mini;
    assert_eq!(m.origin, "https://acme.example");
    assert_eq!(m.login_state, LoginState::Out);
    // Nav and footer link lists are actions, not collections.
    let names: Vec<&str> = m.collections.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["features"]);
    let learn = action(&m, "Learn more");
    assert_eq!(
        learn.applies_to_collection_id.as_deref(),
        Some(m.collections[0].id.as_str())
    );
    assert_eq!(action(&m, "Open menu").kind.as_deref(), Some("menu"));
    assert_eq!(action(&m, "Sign in").kind.as_deref(), Some("login"));
    // Form fields inside the newsletter form are not actions.
    assert!(!labels(&m).contains(&"Email address"));
    assert_eq!(m.forms[0].purpose.as_deref(), Some("newsletter"));
    assert_eq!(m.metrics.as_ref().unwrap().aria_coverage, Some(0.1));
}

#[test]
fn pricing_plans_collection_and_switch_role() {
    let m = built("pricing").mini;
    let sw = action(&m, "Annual billing");
    assert_eq!(sw.role, ActionRole::Checkbox);
    let plans = m
        .collections
        .iter()
        .find(|c| c.name == "plans")
        .expect("plans collection");
    assert!(plans.item_fields.contains(&"price".to_owned()), "{plans:?}");
    let trial = action(&m, "Start trial");
    assert_eq!(
        trial.applies_to_collection_id.as_deref(),
        Some(plans.id.as_str())
    );
    assert!(labels(&m).contains(&"Contact sales"));
}

#[test]
fn product_grid_add_to_cart_is_one_template() {
    let b = built("product_grid");
    let m = &b.mini;
    let grid = m
        .collections
        .iter()
        .find(|c| c.name == "productGrid")
        .expect("productGrid");
    assert_eq!(grid.approx_count, Some(48));
    assert_eq!(
        grid.item_fields,
        ["title", "price", "rating", "image", "detailUrl"]
    );
    let adds: Vec<_> = m
        .actions
        .iter()
        .filter(|a| a.label == "Add to cart")
        .collect();
    assert_eq!(adds.len(), 1);
    assert_eq!(adds[0].kind.as_deref(), Some("add_to_cart"));
    assert_eq!(
        adds[0].applies_to_collection_id.as_deref(),
        Some(grid.id.as_str())
    );
    let binding = b
        .bindings
        .actions
        .iter()
        .find(|x| x.id == adds[0].id)
        .unwrap();
    assert_eq!(binding.group_key, Some(2000));
    // Pagination is no collection; the "Next" link is an action.
    assert_eq!(m.collections.len(), 1);
    assert_eq!(action(m, "Next").kind.as_deref(), Some("pagination"));
    // Icon-only cart link is labelled by its hint.
    assert_eq!(action(m, "Cart").kind.as_deref(), Some("cart"));
    let purposes: Vec<_> = m.forms.iter().map(|f| f.purpose.as_deref()).collect();
    assert_eq!(purposes, [Some("search_products"), Some("filter")]);
    assert!(
        !labels(m).contains(&"Lumo"),
        "checkboxes of a form are fields"
    );
    // A select outside any form is an `other` action.
    assert_eq!(action(m, "Sort by").role, ActionRole::Other);
}

#[test]
fn invoices_table_gives_one_download_invoice_template() {
    let b = built("invoices");
    let m = &b.mini;
    assert_eq!(m.login_state, LoginState::In);
    assert_eq!(m.collections.len(), 1);
    let inv = &m.collections[0];
    assert_eq!(inv.name, "invoices");
    assert_eq!(inv.item_fields, ["number", "date", "amount", "status"]);
    assert_eq!(inv.approx_count, Some(14));
    let downloads: Vec<_> = m.actions.iter().filter(|a| a.label == "Download").collect();
    assert_eq!(downloads.len(), 1);
    assert_eq!(downloads[0].kind.as_deref(), Some("download_invoice"));
    assert_eq!(
        downloads[0].applies_to_collection_id.as_deref(),
        Some(inv.id.as_str())
    );
    assert_eq!(
        b.bindings.target(&downloads[0].id),
        Some(Target::Action {
            key: 7,
            group_key: Some(2000)
        })
    );
    assert_eq!(
        b.bindings.target(&inv.id),
        Some(Target::Collection { key: 2000 })
    );
}

#[test]
fn login_page_is_logged_out() {
    let m = built("login").mini;
    assert_eq!(m.login_state, LoginState::Out);
    let f = &m.forms[0];
    assert_eq!(f.purpose.as_deref(), Some("login"));
    assert_eq!(f.submit_label.as_deref(), Some("Sign in"));
    assert_eq!(f.field_summaries.len(), 3);
    assert_eq!(f.field_summaries[0].required, Some(true));
    assert_eq!(f.field_summaries[2].required, None);
    assert_eq!(
        action(&m, "Forgot password?").kind.as_deref(),
        Some("password_reset")
    );
    assert_eq!(action(&m, "Sign in").kind.as_deref(), Some("login"));
}

#[test]
fn dashboard_is_logged_in() {
    let m = built("dashboard").mini;
    assert_eq!(m.login_state, LoginState::In);
    assert_eq!(action(&m, "Log out").role, ActionRole::Menuitem);
    assert_eq!(action(&m, "Overview").role, ActionRole::Tab);
    let projects = m
        .collections
        .iter()
        .find(|c| c.name == "projects")
        .expect("projects");
    assert_eq!(
        projects.item_fields,
        ["title", "date", "status", "detailUrl"]
    );
    let more = action(&m, "More actions");
    assert_eq!(
        more.applies_to_collection_id.as_deref(),
        Some(projects.id.as_str())
    );
}

#[test]
fn aria_poor_clickables_are_other_and_unnamed_are_dropped() {
    let m = built("aria_poor").mini;
    assert_eq!(m.origin, "http://localhost:8080");
    assert_eq!(
        labels(&m),
        [
            "Home",
            "Catalog",
            "Basket",
            "Add to basket",
            "Checkout now",
            "Next ›",
            "Contact us"
        ]
    );
    assert!(m.actions[..6].iter().all(|a| a.role == ActionRole::Other));
    assert_eq!(
        action(&m, "Add to basket").kind.as_deref(),
        Some("add_to_cart")
    );
    assert_eq!(action(&m, "Checkout now").kind.as_deref(), Some("checkout"));
    assert_eq!(m.metrics.as_ref().unwrap().aria_coverage, Some(0.0));
    assert!(m.landmarks.is_empty());
}

#[test]
fn many_actions_are_cut_main_and_kinded_first() {
    let f = fixture("many_actions");
    assert!(f.controls.len() > 30);
    let m = build(&f, TS).mini;
    assert_eq!(m.actions.len(), MiniPcd::MAX_ACTIONS);
    let l = labels(&m);
    // Every main-landmark action survives; footer links go first.
    for a in f
        .controls
        .iter()
        .filter(|c| c.landmark == Some(Landmark::Main) && c.href_origin.is_none())
    {
        assert!(l.contains(&a.name.as_str()), "{} cut: {l:?}", a.name);
    }
    assert!(!l.iter().any(|x| x.starts_with("Footer link")), "{l:?}");
    // Kept in document order.
    let orders: Vec<usize> = m
        .actions
        .iter()
        .map(|a| f.controls.iter().position(|c| c.name == a.label).unwrap())
        .collect();
    assert!(orders.windows(2).all(|w| w[0] < w[1]), "{orders:?}");
}

/// A cookie banner the page marks modal, appended after everything else
/// and below the fold, still makes the cut: it comes before the page.
#[test]
fn a_modal_dialogs_controls_are_always_listed() {
    let mut f = fixture("many_actions");
    let n = f.controls.len();
    for (i, name) in ["Necessary only", "Show purposes"].into_iter().enumerate() {
        let mut c = ControlFact { key: 900 + i as u32, role: "button".into(), name: name.into(), tag: "button".into(), ..Default::default() };
        // As a footer's button would be cut (see the test above).
        c.landmark = Some(Landmark::Footer);
        f.controls.push(c.clone());
        c.key += 10;
        c.name = format!("{name} (modal)");
        c.in_modal = true;
        f.controls.push(c);
    }
    let l = build(&f, TS).mini.actions.into_iter().map(|a| a.label).collect::<Vec<_>>();
    assert!(f.controls.len() > n + 3 && l.len() == MiniPcd::MAX_ACTIONS);
    for name in ["Necessary only (modal)", "Show purposes (modal)"] {
        assert!(l.contains(&name.to_owned()), "{name} cut: {l:?}");
    }
    assert!(!l.contains(&"Necessary only".to_owned()), "the same button outside a modal dialog is cut: {l:?}");
}

#[test]
fn nav_repeated_in_header_and_footer_is_deduped() {
    let m = built("nav_dedupe").mini;
    assert_eq!(
        labels(&m),
        [
            "Pricing",
            "Docs",
            "Blog",
            "Sign in",
            "Read the launch post",
            "Status",
            "Back to top"
        ]
    );
    let pricing = action(&m, "Pricing");
    assert_eq!(pricing.landmark, Some(Landmark::Header));
    assert_eq!(pricing.cluster_id.as_deref(), Some("link:/pricing:pricing"));
    assert_eq!(action(&m, "Status").cluster_id, None);
}

#[test]
fn build_is_deterministic() {
    for name in fixture_names() {
        let f = fixture(&name);
        assert_eq!(build(&f, TS), build(&f, TS), "{name}");
    }
}

#[test]
fn ids_survive_unrelated_controls_added_earlier() {
    let f = fixture("saas_home");
    let before = build(&f, TS).mini;
    let mut g = f.clone();
    let extra = ControlFact {
        key: 999,
        role: "button".into(),
        name: "Accept cookies".into(),
        ..Default::default()
    };
    g.controls.insert(0, extra);
    let after = build(&g, TS).mini;
    for a in &before.actions {
        let b = action(&after, &a.label);
        assert_eq!(a.id, b.id, "{}", a.label);
    }
}

#[test]
fn rank_candidates_cover_every_entry_with_context() {
    let b = built("invoices");
    let cands = rank_candidates(&b);
    let m = &b.mini;
    assert_eq!(
        cands.len(),
        m.actions.len() + m.forms.len() + m.collections.len()
    );
    let dl = cands.iter().find(|c| c.label == "Download").unwrap();
    assert_eq!(dl.entity, QueryKind::Action);
    assert!(
        dl.context.contains(&"invoices".to_owned()),
        "{:?}",
        dl.context
    );
    let hits = crate::rank::rank(
        crate::rank::RankQuery {
            text: Some("download invoice".into()),
            ..Default::default()
        },
        cands,
    )
    .unwrap();
    assert_eq!(hits[0].label, "Download");
}

/// Seed 000 §8.2 ranks ≤ 200 candidates: the actions past the MiniPCD's 30
/// are ranked and bound too (unlisted), without changing the listed ones.
#[test]
fn actions_past_the_budget_are_ranked_and_bound_but_not_listed() {
    let b = built("many_actions");
    let m = &b.mini;
    assert_eq!(m.actions.len(), MiniPcd::MAX_ACTIONS);
    let chapter_y = b
        .unlisted
        .iter()
        .find(|a| a.label == "Chapter Y")
        .expect("Chapter Y is past the budget");
    assert!(m.actions.iter().all(|a| a.id != chapter_y.id));
    // Bound like a listed action: getDetails and actions accept the id.
    let key = b.bindings.unlisted.iter().find(|x| x.id == chapter_y.id).unwrap().key;
    assert_eq!(
        b.bindings.target(&chapter_y.id),
        Some(Target::Action { key, group_key: None })
    );
    // Ranked, and found by its own words.
    let cands = rank_candidates(&b);
    assert_eq!(
        cands.len(),
        m.actions.len() + b.unlisted.len() + m.forms.len() + m.collections.len()
    );
    assert!(cands.len() <= crate::rank::MAX_CANDIDATES, "a small page's pool is one cycle");
    let hits = crate::rank::rank(
        crate::rank::RankQuery { text: Some("chapter y".into()), ..Default::default() },
        cands,
    )
    .unwrap();
    assert_eq!(hits[0].id, chapter_y.id, "{hits:?}");
    // Ids are unique across listed and unlisted.
    let mut ids: Vec<&str> = m.actions.iter().chain(&b.unlisted).map(|a| a.id.as_str()).collect();
    let n = ids.len();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), n);
    // A halved budget lists fewer; what it drops stays rankable, same ids.
    let halved = build_with(&fixture("many_actions"), TS, Budget::FULL.halved());
    assert_eq!(halved.mini.actions.len(), MiniPcd::MAX_ACTIONS / 2);
    for a in &m.actions {
        let again = halved.mini.actions.iter().chain(&halved.unlisted).find(|x| x.label == a.label);
        assert_eq!(again.map(|x| &x.id), Some(&a.id), "{}", a.label);
    }
}

/// A template's copies named for their item ("Download INV-0003") are
/// not listed — the template "Download" is — but `pcd.query` finds each by
/// its own name, bound to that item's control.
#[test]
fn template_copies_with_their_own_names_are_ranked_not_listed() {
    let mut f = fixture("invoices");
    let plain = build(&f, TS);
    let mut renamed = 0;
    for c in f.controls.iter_mut().filter(|c| c.name == "Download") {
        let item = c.group.unwrap().item;
        c.name = format!("Download INV-000{item}");
        renamed += 1;
    }
    assert_eq!(renamed, 5);
    // Copies named like their template are not repeated.
    assert!(plain.unlisted.iter().all(|a| a.label != "Download"), "{:?}", plain.unlisted);
    let b = build(&f, TS);
    // The MiniPCD lists the same actions: the template, not the copies.
    assert_eq!(labels(&b.mini), labels(&plain.mini));
    let copies: Vec<&MiniAction> = b.unlisted.iter().filter(|a| a.label.starts_with("Download")).collect();
    assert_eq!(copies.iter().map(|a| a.label.as_str()).collect::<Vec<_>>(), ["Download INV-0000", "Download INV-0001", "Download INV-0002", "Download INV-0003", "Download INV-0004"]);
    let inv2 = copies[2];
    assert!(inv2.applies_to_collection_id.is_none());
    let key = f.controls.iter().find(|c| c.name == "Download INV-0002").unwrap().key;
    assert_eq!(b.bindings.target(&inv2.id), Some(Target::Action { key, group_key: None }));
    let hits = crate::rank::rank(
        crate::rank::RankQuery { text: Some("download INV-0002".into()), ..Default::default() },
        rank_candidates(&b),
    )
    .unwrap();
    assert_eq!(hits[0].id, inv2.id, "{hits:?}");
}

/// A big generated page: 2000 controls in 40 groups and 40 forms.
fn big_page() -> PageFacts {
    let mut f = PageFacts {
        url: "https://big.example/x".into(),
        title: "Big".into(),
        viewport_w: 1280.0,
        viewport_h: 800.0,
        landmarks: vec![Landmark::Header, Landmark::Main, Landmark::Footer],
        ..Default::default()
    };
    let landmarks = [
        Some(Landmark::Header),
        Some(Landmark::Main),
        Some(Landmark::Footer),
        None,
        Some(Landmark::Aside),
    ];
    for g in 0..40u32 {
        f.groups.push(GroupFact {
            key: 10_000 + g,
            role: "list".into(),
            label: Some(format!("Section {g} products")),
            landmark: Some(Landmark::Main),
            item_count: 20,
            samples: (0..5)
                .map(|i| ItemSample {
                    texts: vec![format!("Item {i}"), "$9.99".into()],
                    title: Some(format!("Item {i}")),
                    has_link: true,
                    has_image: false,
                })
                .collect(),
            top: g as f64 * 500.0,
            ..Default::default()
        });
    }
    for i in 0..40u32 {
        f.forms.push(FormFact {
            key: 20_000 + i,
            top: i as f64 * 300.0,
            ..Default::default()
        });
    }
    for i in 0..2000u32 {
        let grouped = i % 2 == 0;
        f.controls.push(ControlFact {
            key: i,
            role: if i % 3 == 0 {
                "link".into()
            } else {
                "button".into()
            },
            name: if grouped {
                "Add to cart".into()
            } else {
                format!("Action {}", i % 700)
            },
            tag: "button".into(),
            href_path: (i % 3 == 0).then(|| format!("/p/{}", i % 50)),
            landmark: landmarks[(i % 5) as usize],
            rect: Rect {
                y: i as f64 * 20.0,
                ..Default::default()
            },
            group: grouped.then_some(GroupRef {
                group: (i / 2) % 40,
                item: (i / 80),
            }),
            aria: i % 4 == 0,
            ..Default::default()
        });
    }
    f
}

#[test]
fn big_page_stays_within_budget() {
    let f = big_page();
    let t = Instant::now();
    let b = build(&f, TS);
    let took = t.elapsed();
    println!("build of 2000 controls / 40 groups / 40 forms: {took:?}");
    let m = &b.mini;
    assert_eq!(m.actions.len(), MiniPcd::MAX_ACTIONS);
    assert_eq!(m.forms.len(), MiniPcd::MAX_FORMS);
    assert_eq!(m.collections.len(), MiniPcd::MAX_COLLECTIONS);
    assert_eq!(b.bindings.actions.len(), m.actions.len());
    // Every action past the listed ones is unlisted: the next best first
    // (document order), then the rest.
    assert!(b.unlisted.len() > UNLISTED_ACTIONS && b.unlisted.len() <= crate::pcd::MAX_UNLISTED, "{}", b.unlisted.len());
    assert_eq!(b.bindings.unlisted.len(), b.unlisted.len());
    let firsts: Vec<u32> = b.bindings.unlisted[..UNLISTED_ACTIONS].iter().map(|x| x.key).collect();
    assert!(firsts.is_sorted(), "{firsts:?}");
    let pool = rank_candidates(&b);
    assert_eq!(pool.len(), m.actions.len() + m.forms.len() + m.collections.len() + b.unlisted.len());
    let t = Instant::now();
    let q = crate::rank::RankQuery { text: Some("action 377|add to cart".into()), ..Default::default() };
    let hits = crate::rank::rank(q, pool.clone()).unwrap();
    println!("ranking a pool of {}: {:?}", pool.len(), t.elapsed());
    assert!(!hits.is_empty());
    // "Action 699" is one of the last controls (keys 699, 1399, 1699 … in
    // the footer): past any priority cut, found by the query's sieve.
    let q = crate::rank::RankQuery { text: Some("Action 699".into()), top_k: Some(3), ..Default::default() };
    let hits = crate::rank::rank(q, pool).unwrap();
    assert_eq!(hits[0].label, "Action 699", "{hits:?}");
    assert_eq!(build(&f, TS), b);
}
