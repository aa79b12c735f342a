//! Data-driven tests: fixtures in `fixtures/`, expected output beside them
//! (`*.expected`, rewritten with `UPDATE_EXPECT=1` and then read by a
//! person), and table tests for entities, eviction and settings.

use super::answer;
use super::entities::{extract, EntityKind};
use super::index::{plan_insert, IndexBudget, KnowledgeIndex, StoredMeta};
use super::query::analyze;
use super::rank::rank;
use super::record::PageRecord;
use super::settings::{site_of, KnowledgeSettings, Skip};
use super::time::{days_from_civil, find_temporal, Clock, Date};
use crate::digest::PageDigest;
use expect_test::expect_file;
use std::fmt::Write;

/// Wednesday 2026-11-25 15:00 UTC, in UTC+1.
const CLOCK: Clock = Clock { now_ms: 1_795_618_800_000.0, tz_offset_min: 60 };

fn lines(fixture: &str) -> impl Iterator<Item = &str> {
    fixture.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'))
}

fn local(ms: f64) -> String {
    let d = CLOCK.date_of(ms);
    let min = ((ms + f64::from(CLOCK.tz_offset_min) * 60_000.0).rem_euclid(86_400_000.0) / 60_000.0) as u32;
    if min == 0 {
        format!("{:04}-{:02}-{:02}", d.year, d.month, d.day)
    } else {
        format!("{:04}-{:02}-{:02} {:02}:{:02}", d.year, d.month, d.day, min / 60, min % 60)
    }
}

#[test]
fn the_clock_is_the_one_the_fixtures_say() {
    assert_eq!(CLOCK.today(), Date { year: 2026, month: 11, day: 25 });
    assert_eq!(local(CLOCK.now_ms), "2026-11-25 16:00");
    assert_eq!(days_from_civil(Date { year: 1970, month: 1, day: 1 }), 0);
    for day in [-1000, 0, 59, 60, 20_000, 20_782] {
        assert_eq!(days_from_civil(super::time::civil_from_days(day)), day);
    }
}

#[test]
fn query_analysis() {
    let mut out = String::new();
    for input in lines(include_str!("fixtures/queries.txt")) {
        let _ = writeln!(out, "{input}");
        match analyze(input, &CLOCK) {
            None => out.push_str("  → agent/commands\n"),
            Some(q) => {
                let _ = write!(out, "  → {:?} topic=“{}” terms={:?}", q.intent, q.topic, q.terms);
                if !q.entities.is_empty() {
                    let _ = write!(out, " entities={:?}", q.entities);
                }
                if let Some(t) = &q.time {
                    let _ = write!(out, " time={}..{} ({})", local(t.start_ms), local(t.end_ms), t.label);
                }
                out.push('\n');
            }
        }
    }
    expect_file!["fixtures/queries.expected"].assert_eq(&out);
}

#[test]
fn temporal_filters() {
    let mut out = String::new();
    for phrase in lines(include_str!("fixtures/temporal.txt")) {
        let words: Vec<String> = phrase.split_whitespace().map(str::to_lowercase).collect();
        match find_temporal(&words, &CLOCK) {
            Some(t) => {
                let _ = writeln!(out, "{phrase:<20} {}..{} “{}” words {:?}", local(t.range.start_ms), local(t.range.end_ms), t.range.label, t.words);
            }
            None => {
                let _ = writeln!(out, "{phrase:<20} none");
            }
        }
    }
    expect_file!["fixtures/temporal.expected"].assert_eq(&out);
}

fn fixture_pages() -> Vec<PageRecord> {
    let raw: Vec<serde_json::Value> = serde_json::from_str(include_str!("fixtures/pages.json")).expect("pages.json");
    raw.iter()
        .map(|p| {
            let s = |k: &str| p[k].as_str().unwrap_or_default().to_owned();
            let headings = p["headings"].as_array().map(|h| h.iter().filter_map(|x| x.as_str().map(str::to_owned)).collect()).unwrap_or_default();
            let digest = PageDigest::new(&s("url"), &s("title"), headings, &s("text"));
            PageRecord::from_digest(&digest, iso_ms(&s("visited"))).expect("indexable")
        })
        .collect()
}

/// "2026-10-14T09:00:00Z" → ms.
fn iso_ms(s: &str) -> f64 {
    let n = |a: usize, b: usize| s[a..b].parse::<u32>().expect("digits");
    let day = days_from_civil(Date { year: n(0, 4) as i32, month: n(5, 7), day: n(8, 10) });
    day as f64 * 86_400_000.0 + f64::from(n(11, 13) * 3600 + n(14, 16) * 60) * 1000.0
}

#[test]
fn ranking() {
    let pages = fixture_pages();
    let mut out = String::new();
    for question in lines(include_str!("fixtures/ranking.txt")) {
        let q = analyze(question, &CLOCK).unwrap_or_else(|| panic!("not a knowledge question: {question}"));
        let ranked = rank(&pages, &q, &CLOCK, 10);
        let found = answer::found(&q, &pages, &ranked, &CLOCK);
        let _ = writeln!(out, "{question}\n  {}", found.heading);
        for (s, r) in found.sources.iter().zip(&ranked) {
            let _ = writeln!(out, "  [{}] {} ({}) score {:.2}{}{}", s.n, s.url, s.date, r.score, if r.entity { " +entity" } else { "" }, if r.phrase { " +phrase" } else { "" });
        }
        if let Some(t) = found.tally {
            let _ = writeln!(out, "  {t}");
        }
    }
    expect_file!["fixtures/ranking.expected"].assert_eq(&out);
}

#[test]
fn snippets_show_the_question_s_words() {
    let pages = fixture_pages();
    let q = analyze("what did I read about Redwood Materials?", &CLOCK).unwrap();
    let ranked = rank(&pages, &q, &CLOCK, 3);
    let found = answer::found(&q, &pages, &ranked, &CLOCK);
    assert_eq!(found.sources[0].url, "https://blog.example/posts/battery-recycling");
    assert!(found.sources[0].snippet.starts_with("Redwood Materials in Nevada"), "{}", found.sources[0].snippet);
    assert!(found.sources.iter().all(|s| s.snippet.chars().count() <= answer::SNIPPET_CHARS + 1));
}

#[test]
fn records_are_redacted_and_their_entities_found_by_rules() {
    let text = "Contact Jane Doe at jane.doe@example.com or +44 20 7946 0958. Card 4111 1111 1111 1111 was charged. \
Account 123456789 belongs to the Bank of England. Apple released the iPhone 17 on September 9, 2026 for $799. \
The European Space Agency met in Paris with NASA. Sales grew 12% to €4.5 million. "
        .repeat(2);
    let digest = PageDigest::new("https://www.example.com/a#top", "Jane Doe's notes", vec!["Notes".into()], &text);
    let r = PageRecord::from_digest(&digest, 1.0).unwrap();
    assert_eq!(r.url, "https://www.example.com/a");
    assert_eq!(r.site, "example.com");
    for secret in ["jane.doe@example.com", "7946", "4111"] {
        assert!(!r.text.contains(secret), "{secret} stored");
        assert!(!serde_json::to_string(&r).unwrap().contains(secret), "{secret} in the record");
    }
    // A bare digit run stays in the text (redaction keeps order numbers,
    // see `summary::redact`) but is never an entity or a keyword.
    let derived = format!("{:?} {:?}", r.entities, r.keywords);
    assert!(!derived.contains("123456789"), "{derived}");
    let has = |text: &str, kind: EntityKind| r.entities.iter().any(|e| e.text == text && e.kind == kind);
    assert!(has("Jane Doe", EntityKind::Name), "{:?}", r.entities);
    assert!(has("Bank of England", EntityKind::Organization), "{:?}", r.entities);
    assert!(has("European Space Agency", EntityKind::Organization), "{:?}", r.entities);
    assert!(has("NASA", EntityKind::Organization), "{:?}", r.entities);
    assert!(has("Paris", EntityKind::Place), "{:?}", r.entities);
    assert!(has("September 9, 2026", EntityKind::Date), "{:?}", r.entities);
    assert!(has("$799", EntityKind::Amount) && has("12%", EntityKind::Amount) && has("€4.5 million", EntityKind::Amount), "{:?}", r.entities);
    assert!(has("iPhone 17", EntityKind::Product), "{:?}", r.entities);
}

#[test]
fn entity_rules() {
    let cases: &[(&str, &[(&str, EntityKind)])] = &[
        ("We tried GPT-4o and the RTX 4090 at home.", &[("GPT-4o", EntityKind::Product), ("RTX 4090", EntityKind::Product)]),
        ("Order 12345678 shipped on 2026-10-01.", &[("2026-10-01", EntityKind::Date)]),
        ("The meeting moved to 3 March 2026 in Lisbon.", &[("3 March 2026", EntityKind::Date), ("Lisbon", EntityKind::Place)]),
        ("It was the 3rd time.", &[]),
    ];
    for (text, want) in cases {
        let got: Vec<(String, EntityKind)> = extract(text).into_iter().map(|e| (e.text, e.kind)).collect();
        let want: Vec<(String, EntityKind)> = want.iter().map(|(t, k)| ((*t).to_owned(), *k)).collect();
        assert_eq!(got, want, "{text}");
    }
}

#[test]
fn short_and_non_web_pages_are_not_records() {
    let short = PageDigest::new("https://x.test/", "Sign in", vec![], "Email Password Sign in");
    assert!(matches!(PageRecord::from_digest(&short, 0.0), Err(super::record::NotIndexed::TooShort { .. })));
    let local = PageDigest::new("file:///home/me/notes.html", "Notes", vec![], &"word ".repeat(100));
    assert_eq!(PageRecord::from_digest(&local, 0.0), Err(super::record::NotIndexed::NotWeb));
}

fn meta(url: &str, visited_ms: f64, bytes: usize) -> StoredMeta {
    StoredMeta { url: url.into(), visited_ms, bytes }
}

#[test]
fn eviction_is_oldest_first_within_the_budget() {
    let stored = [meta("a", 30.0, 400), meta("b", 10.0, 300), meta("c", 20.0, 200)];
    let budget = IndexBudget { max_bytes: 1000, max_pages: 10 };
    // (new record, expected evictions)
    let cases: &[(StoredMeta, Option<&[&str]>)] = &[
        (meta("d", 40.0, 100), Some(&[])),
        (meta("d", 40.0, 200), Some(&["b"])),
        (meta("d", 40.0, 500), Some(&["b", "c"])),
        (meta("d", 40.0, 1000), Some(&["b", "c", "a"])),
        (meta("d", 40.0, 1001), None),
        // A revisit replaces its own record first.
        (meta("a", 40.0, 450), Some(&["a"])),
        (meta("a", 40.0, 600), Some(&["a", "b"])),
    ];
    for (new, want) in cases {
        let got = plan_insert(&stored, new, budget);
        assert_eq!(got, want.map(|w| w.iter().map(|s| s.to_string()).collect::<Vec<_>>()), "{new:?}");
    }
    let by_count = plan_insert(&stored, &meta("d", 40.0, 1), IndexBudget { max_bytes: 10_000, max_pages: 2 });
    assert_eq!(by_count, Some(vec!["b".to_string(), "c".to_string()]));
}

#[test]
fn the_index_keeps_its_budget_and_forgets_sites() {
    let pages = fixture_pages();
    let total: usize = pages.iter().map(PageRecord::bytes).sum();
    let mut index = KnowledgeIndex::new(IndexBudget { max_bytes: total * 2 / 3, max_pages: 100 });
    let mut evicted = Vec::new();
    let mut by_visit = pages.clone();
    by_visit.sort_by(|a, b| a.visited_ms.total_cmp(&b.visited_ms));
    for p in pages {
        evicted.extend(index.insert(p).expect("fits"));
    }
    assert!(index.meta().iter().map(|m| m.bytes).sum::<usize>() <= total * 2 / 3);
    // What went is the oldest visits, in that order.
    let oldest: Vec<String> = by_visit.iter().take(evicted.len()).map(|p| p.url.clone()).collect();
    let mut sorted = evicted.clone();
    sorted.sort_by(|a, b| oldest.iter().position(|u| u == a).cmp(&oldest.iter().position(|u| u == b)));
    assert_eq!(sorted, oldest, "evicted {evicted:?}");
    assert!(!evicted.is_empty());
    let before = index.pages.len();
    let gone = index.forget_site("news.example");
    assert!(gone > 0 && index.pages.iter().all(|p| p.site != "news.example"));
    assert_eq!(index.pages.len(), before - gone);
}

#[test]
fn what_may_be_indexed() {
    let mut s = KnowledgeSettings::default();
    assert_eq!(s.may_index("https://a.test/", false), Err(Skip::Off), "off by default");
    s.enabled = true;
    assert_eq!(s.may_index("https://www.a.test/x", false), Ok("a.test".into()));
    assert_eq!(s.may_index("https://a.test/", true), Err(Skip::Incognito));
    for url in ["chrome://settings", "file:///tmp/a.html", "about:blank", "chrome-extension://abc/sidepanel.html", "data:text/html,hi"] {
        assert_eq!(s.may_index(url, false), Err(Skip::NotWeb), "{url}");
    }
    assert!(s.exclude("https://www.Bank.test/login"));
    assert!(!s.exclude("bank.test"));
    assert_eq!(s.excluded, vec!["bank.test"]);
    assert_eq!(s.may_index("https://bank.test/", false), Err(Skip::Excluded("bank.test".into())));
    assert_eq!(s.may_index("https://online.bank.test/", false), Err(Skip::Excluded("online.bank.test".into())));
    assert!(s.may_index("https://notbank.test/", false).is_ok());
    assert!(s.include("bank.test") && s.may_index("https://bank.test/", false).is_ok());
    assert_eq!(site_of("http://127.0.0.1:8080/a"), Some("127.0.0.1:8080".into()));
}

#[test]
fn the_answer_request_fits_its_budget_and_wraps_page_text() {
    let mut pages = fixture_pages();
    // Long pages: the budget, not the pages, sets the size.
    for p in &mut pages {
        p.text = format!("{} ", p.text).repeat(12);
    }
    let q = analyze("what did I read about batteries and heat pumps?", &CLOCK).unwrap();
    let ranked = rank(&pages, &q, &CLOCK, 10);
    assert!(ranked.len() >= 3);
    for budget in [800, 1500, answer::ANSWER_BUDGET_TOKENS] {
        let req = answer::request("m", "what did I read about batteries and heat pumps?", &q, &pages, &ranked, &CLOCK, "n0nce", budget);
        let text: String = req.messages.iter().map(|m| serde_json::to_string(m).unwrap()).collect();
        let tokens: usize = req.messages.iter().map(|m| crate::agent::conversation::estimate_tokens(&serde_json::to_string(m).unwrap())).sum();
        assert!(tokens <= budget + budget / 10, "{tokens} tokens for a budget of {budget}");
        assert!(text.contains("<page-n0nce>") && text.contains("[1] "), "{text}");
        assert!(req.tools.is_empty() && req.stream);
    }
    let req = answer::request("m", "q", &q, &pages, &ranked, &CLOCK, "n0nce", answer::ANSWER_BUDGET_TOKENS);
    let user = serde_json::to_string(&req.messages[1]).unwrap();
    for r in ranked.iter().take(answer::TOP_PAGES) {
        assert!(user.contains(&pages[r.index].url), "{} missing", pages[r.index].url);
    }
}

#[test]
fn forgetting_the_site_in_front() {
    let cases = [
        ("forget this site", true),
        ("Please forget this website.", true),
        ("remove this site from my reading history", true),
        ("forget everything I read on this site", true),
        ("forget this site's password", false),
        ("forget it", false),
        ("what did I read on this site?", false),
    ];
    for (input, want) in cases {
        assert_eq!(super::query::is_forget_this_site(input), want, "{input}");
    }
}

#[test]
fn pdf_titles_and_urls() {
    use super::pdf::{is_pdf_url, record, title, PdfText};
    let text = |lines: &[&str]| vec![lines.join("\n")];
    let cases: &[(&str, Option<&str>, Vec<String>, &str)] = &[
        ("https://a.org/x.pdf", Some(" Annual  Report "), text(&["Contents"]), "Annual Report"),
        ("https://a.org/x.pdf", Some("Microsoft Word - minutes.docx"), vec![], "minutes.docx"),
        ("https://a.org/x.pdf", Some("untitled"), text(&["", "  12  ", "Meeting Minutes", "Present: all"]), "Meeting Minutes"),
        ("https://a.org/papers/tidal_power-2026.PDF?dl=1", None, text(&[&"long ".repeat(40)]), "tidal power 2026"),
        ("https://a.org/my%20paper.pdf", None, vec![], "my paper"),
        ("https://a.org/", None, vec![], "a.org"),
    ];
    for (url, meta, pages, want) in cases {
        let pdf = PdfText { title: meta.map(str::to_owned), pages: pages.clone() };
        assert_eq!(title(url, &pdf), *want, "{url} {meta:?}");
    }
    for (url, pdf) in [("https://a.org/x.pdf", true), ("http://a.org/a/B.Pdf?x=1#p=2", true), ("https://a.org/pdf", false), ("file:///tmp/x.pdf", false), ("https://a.org/x.pdf.html", false)] {
        assert_eq!(is_pdf_url(url), pdf, "{url}");
    }
    // The text is bounded and redacted as a page's is.
    let body = format!("Write to ana@example.org about tidal power. {}", "Tidal turbines turn with the tides. ".repeat(400));
    let r = record("https://a.org/t.pdf#page=2", &PdfText { title: None, pages: vec![body] }, 5.0).expect("indexable");
    assert_eq!((r.url.as_str(), r.title.as_str()), ("https://a.org/t.pdf", "t"));
    assert!(r.text.contains("[email]") && !r.text.contains("ana@"), "{}", &r.text[..80]);
    assert!(r.text.chars().count() <= crate::digest::PageDigest::MAX_TEXT_CHARS);
    assert!(r.keywords.contains(&"tidal".to_owned()), "{:?}", r.keywords);
    let short = PdfText { title: Some("Memo".into()), pages: vec!["Call me.".into()] };
    assert!(matches!(record("https://a.org/m.pdf", &short, 0.0), Err(super::record::NotIndexed::TooShort { .. })));
}
