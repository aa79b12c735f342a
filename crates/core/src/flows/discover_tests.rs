//! Action discovery, data-driven: the perception snapshots' MiniPCDs
//! (`pcd/fixtures/expected/*.json`) in, what `discover` makes of each
//! snapshotted in `fixtures/discovered/*.txt` (`UPDATE_EXPECT=1` rewrites
//! them); tables for the sentences the site commands take, their scope,
//! and the remember/forget commands.

use super::*;
use crate::types::MiniPcd;
use expect_test::expect_file;
use std::collections::BTreeMap;

/// Pages with a search form, a login form, a newsletter and navigation
/// links, and collections.
const PAGES: &[&str] = &["product_grid", "login", "saas_home", "pricing"];

fn mini(name: &str) -> MiniPcd {
    let path = format!(
        "{}/src/pcd/fixtures/expected/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    serde_json::from_value(value["mini"].clone()).unwrap()
}

/// What a discovery shows, one line per suggestion, then each flow whole.
fn render(d: &Discovery) -> String {
    let mut out = format!("host: {}\n", d.host);
    for s in &d.suggestions {
        out.push_str(&format!(
            "suggest {:?} “{}”: {}{}\n",
            s.kind,
            s.label,
            s.sentence,
            if s.complete() { "" } else { " (to complete)" }
        ));
    }
    for f in &d.flows {
        out.push_str(&format!(
            "\nflow “{}” scope {:?} {:?}\n",
            f.name, f.scope.kind, f.scope.domains
        ));
        for p in &f.grammar_patterns {
            out.push_str(&format!("  say: {p}\n"));
        }
        for p in &f.parameters {
            out.push_str(&format!(
                "  param {}{}{}\n",
                p.name,
                if p.secret { " (secret)" } else { "" },
                p.default
                    .as_ref()
                    .map(|d| format!(" = {d}"))
                    .unwrap_or_default()
            ));
        }
        for s in &f.steps {
            out.push_str(&format!(
                "  step: {}{}\n",
                s.describe(),
                if s.navigates { " (navigates)" } else { "" }
            ));
        }
    }
    out
}

#[test]
fn pages_discover_their_snapshotted_capabilities() {
    for name in PAGES {
        let d = discover(&mini(name));
        expect_file![format!("fixtures/discovered/{name}.txt")].assert_eq(&render(&d));
        for f in &d.flows {
            f.check().unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(f.source, FlowSource::Discovered, "{name}");
            // A discovered flow never holds a value, let alone a secret.
            assert!(
                f.parameters.iter().all(|p| p.default.is_none()),
                "{name}: {:?}",
                f.parameters
            );
        }
    }
}

#[test]
fn the_search_form_takes_search_sentences_on_its_site() {
    let d = discover(&mini("product_grid"));
    let flows = applicable(&d.flows, Some("shop.example"));
    let rows: &[(&str, Option<(&str, &str)>)] = &[
        (
            "search for desk lamps",
            Some(("search on shop.example", "desk lamps")),
        ),
        ("Search lamps", Some(("search on shop.example", "lamps"))),
        (
            "please search this site for arc lamp",
            Some(("search on shop.example", "arc lamp")),
        ),
        (
            "search the shop for pendants",
            Some(("search on shop.example", "pendants")),
        ),
        (
            "search for wall sconce on this site",
            Some(("search on shop.example", "wall sconce")),
        ),
        ("click search", None),
    ];
    for (input, want) in rows {
        let got = route(input, &flows).and_then(|c| match c {
            FlowCommand::Run { name, args } => Some((name, args)),
            _ => None,
        });
        let want = want.map(|(name, query)| {
            (
                name.to_owned(),
                BTreeMap::from([("query".to_owned(), query.to_owned())]),
            )
        });
        assert_eq!(got, want, "{input}");
    }
}

#[test]
fn site_commands_run_only_on_their_host_and_after_recorded_flows() {
    let found = discover(&mini("product_grid")).flows;
    assert!(applicable(&found, Some("other.example")).is_empty());
    assert!(applicable(&found, None).is_empty());
    assert_eq!(applicable(&found, Some("shop.example")).len(), found.len());
    // A recorded flow that says "search for {x}" wins, on any site.
    let mut mine = found[0].clone();
    mine.name = "my search".into();
    mine.source = FlowSource::Recording;
    let all: Vec<WebFlow> = found.iter().cloned().chain([mine]).collect();
    let ordered = applicable(&all, Some("shop.example"));
    assert_eq!(ordered[0].name, "my search");
    assert_eq!(applicable(&all, Some("other.example")).len(), 1);
    assert!(without_site(&all, "shop.example")
        .iter()
        .all(|f| f.source != FlowSource::Discovered));
    assert_eq!(without_site(&all, "other.example").len(), all.len());
}

#[test]
fn sign_in_asks_for_the_password_at_run_time() {
    let d = discover(&mini("login"));
    let flows = applicable(&d.flows, Some("app.example"));
    let Some(FlowCommand::Run { name, args }) = route("sign in as ada@example.com", &flows) else {
        panic!("no match")
    };
    let flow = find(&flows, &name).unwrap();
    let steps = plan(flow, &args).unwrap();
    let values: Vec<String> = steps
        .iter()
        .filter_map(|s| s.value.as_ref())
        .map(|v| format!("{v:?}"))
        .collect();
    assert_eq!(
        values,
        ["Text(\"ada@example.com\")", "Secret(password, password)"]
    );
}

#[test]
fn remember_and_forget_are_flow_commands() {
    let rows: &[(&str, Option<FlowCommand>)] = &[
        (
            "remember these actions for this site",
            Some(FlowCommand::RememberSite),
        ),
        (
            "Remember these for this site",
            Some(FlowCommand::RememberSite),
        ),
        (
            "register the site commands",
            Some(FlowCommand::RememberSite),
        ),
        ("save these actions", Some(FlowCommand::RememberSite)),
        ("forget the site commands", Some(FlowCommand::ForgetSite)),
        (
            "remove these actions for this site",
            Some(FlowCommand::ForgetSite),
        ),
        ("remember to buy milk", None),
    ];
    for (input, want) in rows {
        assert_eq!(&route(input, &[]), want, "{input}");
    }
}

#[test]
fn a_page_without_an_address_offers_nothing() {
    let mut m = mini("pricing");
    m.url = "about:blank".into();
    assert_eq!(discover(&m), Discovery::default());
}
