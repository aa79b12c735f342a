//! Fixture tests of the whole summary: each realistic page in
//! `fixtures/pages/*.json` (a [`SummaryInput`] as the DOM side would send
//! it) has its compact and full summaries snapshotted in
//! `fixtures/expected/*.json` (`UPDATE_EXPECT=1` rewrites them), and the
//! compact summaries are held to seed 001's token budget.
//!
//! Token counts are real: `tiktoken-rs`'s `o200k_base` (the GPT-4o family's
//! tokenizer; a dev-dependency only) over the compact JSON as sent (no
//! whitespace). chars/4 is printed beside it as the usual rough estimate.

use std::fs;
use std::path::PathBuf;

use expect_test::{expect, expect_file};
use serde_json::Value;

use super::*;

/// Seed 001 §3.3/§10: a compact summary costs ≤ ~350 tokens.
const TOKEN_BUDGET_P95: usize = 350;

fn fixtures() -> Vec<(String, SummaryInput)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/summary/fixtures/pages");
    let mut out: Vec<(String, SummaryInput)> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| {
            let raw: Value = serde_json::from_str(&fs::read_to_string(&p).unwrap()).unwrap();
            let input: SummaryInput = serde_json::from_value(raw.clone()).unwrap();
            // Every key of the fixture must be a field: serde's defaults would
            // otherwise hide a misspelt one (and so would the DOM side's).
            assert_keys_known(&raw, &serde_json::to_value(&input).unwrap(), &p.display().to_string());
            (p.file_stem().unwrap().to_string_lossy().into_owned(), input)
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    assert!(out.len() >= 10, "want ≥ 10 realistic fixtures, found {}", out.len());
    out
}

fn assert_keys_known(raw: &Value, parsed: &Value, at: &str) {
    match (raw, parsed) {
        (Value::Object(r), Value::Object(p)) => {
            for (k, v) in r {
                let Some(pv) = p.get(k) else { panic!("{at}: unknown key {k:?}") };
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

fn tokens(json: &str) -> usize {
    thread_local! {
        static BPE: tiktoken_rs::CoreBPE = tiktoken_rs::o200k_base().unwrap();
    }
    BPE.with(|bpe| bpe.encode_with_special_tokens(json).len())
}

#[test]
fn fixture_summaries_match_their_snapshots() {
    for (name, input) in fixtures() {
        // A struct, not `json!`, so the snapshot keeps the seed's field order.
        #[derive(serde::Serialize)]
        struct Both {
            compact: CompactPageSummary,
            full: FullPageSummary,
        }
        let both = Both { compact: compact(&input), full: full(&input) };
        let text = serde_json::to_string_pretty(&both).unwrap() + "\n";
        expect_file![format!("fixtures/expected/{name}.json")].assert_eq(&text);
    }
}

#[test]
fn compact_summaries_fit_the_token_budget() {
    let mut rows: Vec<(String, usize, usize)> = fixtures()
        .into_iter()
        .map(|(name, input)| {
            let json = serde_json::to_string(&compact(&input)).unwrap();
            (name, tokens(&json), json.chars().count().div_ceil(4))
        })
        .collect();
    rows.sort_by_key(|r| r.1);
    // Nearest-rank p95.
    let p95 = rows[(rows.len() * 95).div_ceil(100) - 1].1;
    let table: String = rows.iter().map(|(n, t, c)| format!("{n:<20} {t:>4} tokens  (chars/4: {c})\n")).collect();
    assert!(p95 <= TOKEN_BUDGET_P95, "p95 {p95} tokens > {TOKEN_BUDGET_P95}:\n{table}");
    expect![[r#"
        error_404             102 tokens  (chars/4: 102)
        login                 120 tokens  (chars/4: 124)
        app_editor            137 tokens  (chars/4: 135)
        contact_form          168 tokens  (chars/4: 167)
        dashboard             190 tokens  (chars/4: 171)
        article               191 tokens  (chars/4: 214)
        pricing               205 tokens  (chars/4: 210)
        wiki_article          206 tokens  (chars/4: 221)
        checkout              209 tokens  (chars/4: 183)
        news_home             227 tokens  (chars/4: 264)
        catalog               264 tokens  (chars/4: 220)
        search_results        269 tokens  (chars/4: 249)
        signup_long_labels    323 tokens  (chars/4: 348)
        p95 323
    "#]]
    .assert_eq(&format!("{table}p95 {p95}\n"));
}

/// Not a budget — a page built to hit every cap at once — but the ceiling
/// the caps guarantee, so a change to a limit shows up here.
#[test]
fn worst_case_compact_summary_is_bounded() {
    let long = |n: usize| "Wxyz ".repeat(n);
    let input = SummaryInput {
        title: long(60),
        headings: (0..5)
            .map(|_| HeadingFact { level: 1, text: long(40) })
            .enumerate()
            .map(|(i, h)| HeadingFact { text: format!("{i} {}", h.text), ..h })
            .collect(),
        main_text: long(200),
        forms: (0..5)
            .map(|f| FormFact {
                fields: (0..8)
                    .map(|i| FieldFact { label: format!("{f}{i} {}", long(20)), ..Default::default() })
                    .collect(),
                ..Default::default()
            })
            .collect(),
        ctas: (0..8)
            .map(|i| CtaCandidate {
                label: format!("{i} {}", long(20)),
                tag: "button".into(),
                rect: RectFact { top: 1.0, height: 1.0, width: 1.0 },
                selector_hints: SelectorHints { text: format!("{i} {}", long(20)), ..Default::default() },
                dom_index: i,
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    };
    let json = serde_json::to_string(&compact(&input)).unwrap();
    expect!["861 tokens, 2212 chars"].assert_eq(&format!("{} tokens, {} chars", tokens(&json), json.chars().count()));
}

#[test]
fn modes_have_the_seed_fields_in_the_seed_order() {
    let input = &fixtures()[0].1;
    let keys = |v: Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>().join(", ");
    // serde_json's map is sorted unless preserve_order; check the order of
    // the serialised text instead.
    let order = |json: String, keys: &str| {
        let mut ks: Vec<&str> = keys.split(", ").collect();
        ks.sort_by_key(|k| json.find(&format!("\"{k}\":")).unwrap());
        ks.join(", ")
    };
    let c = serde_json::to_string(&compact(input)).unwrap();
    let f = serde_json::to_string(&full(input)).unwrap();
    expect![[r#"type, title, headings, primary_actions, forms, content_preview, interactive_count"#]]
        .assert_eq(&order(c.clone(), &keys(serde_json::from_str(&c).unwrap())));
    expect![[
        r#"url, title, type, headings, nav_links, forms, main_content_preview, interactive_element_count, word_count"#
    ]]
    .assert_eq(&order(f.clone(), &keys(serde_json::from_str(&f).unwrap())));
}

#[test]
fn output_round_trips_through_serde() {
    for (_, input) in fixtures() {
        let c = compact(&input);
        assert_eq!(serde_json::from_str::<CompactPageSummary>(&serde_json::to_string(&c).unwrap()).unwrap(), c);
        let f = full(&input);
        assert_eq!(serde_json::from_str::<FullPageSummary>(&serde_json::to_string(&f).unwrap()).unwrap(), f);
    }
}
