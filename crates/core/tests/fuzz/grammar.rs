//! What the user types: the command grammar (`command::parse`, `explain`,
//! `mask_secrets`, then each command's `describe` and `plan`, and the
//! month phrases), and the small text forms models and users write
//! (a selector's `/regex/flags` name, a `pcd_query` text, a secret
//! placeholder, an address).
//!
//! Inputs are made from the grammar's own table: a rule's pattern expanded
//! (alternatives chosen, slots filled with labels, quoted text, addresses,
//! secrets), several joined the ways the splitter knows, politeness around
//! them; then word salad from the same vocabulary, mangled text and random
//! Unicode.

use crate::gen::{self, Rng};
use crate::fuzz;
use bc_core::command::dates::{month_in, split_month_ref, Month};
use bc_core::command::{self, Parsed, QuestionWhen, MASK, QUESTION_RULES, RULES};
use bc_core::rank::query::TextQuery;
use bc_core::safety::secrets::{contains_placeholder, parse_placeholder};
use bc_core::selector::{split_regex_literal, NamePattern};
use bc_core::types::NameMode;
use std::sync::OnceLock;

/// Texts typed into fields that the grammar must treat as secrets when the
/// field is password-like: none may show in `describe` or `mask_secrets`.
const SECRETS: &[&str] = &["hunter2!x9", "p@ss-W0rd-77", "Tr0ub4dor&3", "s3cr3t_Ünï"];
const FIELDS: &[&str] = &["password", "the password field", "Password", "pin", "PIN code", "passcode", "email", "search", "the search box", "city", "notes"];
const LABELS: &[&str] = &["Sign in", "Save", "the Save button", "Continue", "Next", "“Sign in”", "\"then\"", "'Tom's page'", "settings", "the pricing page", "Add to cart", "March invoice"];
const ADDRESSES: &[&str] = &["example.com", "https://example.com/a?b=c", "localhost:3000", "192.168.0.1", "javascript:alert(1)", "chrome://settings", "http://[::1]/", "xn--bcher-kva.example", "例子.测试", "a.b.c.d.e", "http://", "https://user:pw@host/"];
const MONTHS: &[&str] = &["last month's", "this month", "October", "Oct 2026", "3 months ago", "twelve months ago", "2026-10", "2026-10-01", "sept.", "121 months ago", "9999-99"];
const POLITE: &[&str] = &["please", "can you", "could you", "I want to", "let's", "just", "ok", "hey", "go ahead and", "so", "then"];
const AFTER: &[&str] = &["please", "for me", "thanks", "thank you", "?", "!", "…", ".", ""];
const JOINS: &[&str] = &[" then ", ", then ", " and ", " and then ", ", ", "; ", "\n", ". ", " ", " THEN ", "\r\n"];

/// Every word of the table's patterns and the question rules' leads.
fn vocabulary() -> &'static Vec<String> {
    static VOCAB: OnceLock<Vec<String>> = OnceLock::new();
    VOCAB.get_or_init(|| {
        let mut words: Vec<String> = RULES
            .iter()
            .flat_map(|r| r.pattern.split(|c: char| "[]()|{} ".contains(c)).filter(|w| !w.is_empty()).map(str::to_owned).collect::<Vec<_>>())
            .collect();
        for rule in QUESTION_RULES {
            if let QuestionWhen::Leads(leads) = rule.when {
                words.extend(leads.iter().map(|l| l.to_string()));
            }
        }
        words.sort();
        words.dedup();
        words
    })
}

/// What fills a `{slot}`.
fn slot(rng: &mut Rng, name: &str) -> String {
    if rng.one_in(8) {
        return gen::text(rng, 12);
    }
    match name {
        "url" | "target" if rng.one_in(2) => rng.pick(ADDRESSES).to_string(),
        "text" if rng.one_in(2) => rng.pick(SECRETS).to_string(),
        "text" => format!("\"{}\"", gen::words(rng, gen::WORDS, 3)),
        "field" => rng.pick(FIELDS).to_string(),
        "what" if rng.one_in(2) => format!("{} {}", rng.pick(&["invoice", "invoices", "products", "rows"]), rng.pick(MONTHS)),
        "key" => rng.pick(&["enter", "escape", "the escape key", "page down", "arrow up", "tab", "space", "f5"]).to_string(),
        "tab" => rng.pick(&["2", "github", "the second", "Inbox (3)"]).to_string(),
        _ => rng.pick(LABELS).to_string(),
    }
}

/// One phrasing of a rule: each group's alternative chosen (an optional
/// group sometimes left out), each slot filled.
fn expand(rng: &mut Rng, pattern: &str) -> String {
    let mut out = Vec::new();
    let mut rest = pattern.trim();
    while let Some(first) = rest.chars().next() {
        let used = match first {
            '(' | '[' => {
                let end = rest.find(if first == '(' { ')' } else { ']' }).expect("a closed group");
                let alternatives: Vec<&str> = rest[1..end].split('|').collect();
                if first == '(' || rng.one_in(2) {
                    out.push(rng.pick(&alternatives).to_string());
                }
                end + 1
            }
            '{' => {
                let end = rest.find('}').expect("a closed slot");
                out.push(slot(rng, &rest[1..end]));
                end + 1
            }
            _ => {
                let end = rest.find(|c: char| c.is_whitespace() || "([{".contains(c)).unwrap_or(rest.len());
                out.push(rest[..end].to_owned());
                end
            }
        };
        rest = rest[used..].trim_start();
    }
    out.join(" ")
}

fn make_input(rng: &mut Rng) -> String {
    let phrase = |rng: &mut Rng| {
        let pattern = rng.pick(RULES).pattern;
        let mut p = expand(rng, pattern);
        if rng.one_in(3) {
            p = format!("{} {p}", rng.pick(POLITE));
        }
        if rng.one_in(3) {
            p = format!("{p} {}", rng.pick(AFTER));
        }
        match rng.below(6) {
            0 => p.to_uppercase(),
            1 => p.to_lowercase(),
            _ => p,
        }
    };
    match rng.below(12) {
        0..=5 => {
            let mut input = phrase(rng);
            for _ in 0..rng.len(3) {
                input = format!("{input}{}{}", rng.pick(JOINS), phrase(rng));
            }
            input
        }
        6 | 7 => {
            let vocab = vocabulary();
            (0..rng.range(1, 12)).map(|_| rng.pick(vocab).as_str()).collect::<Vec<_>>().join(if rng.one_in(4) { ", " } else { " " })
        }
        8 => {
            let p = phrase(rng);
            gen::mutate(rng, &p)
        }
        9 => {
            // Long input: the matcher backtracks, the splitter combines.
            let vocab = vocabulary();
            let n = rng.range(50, 400);
            (0..n).map(|_| if rng.one_in(5) { *rng.pick(JOINS) } else { rng.pick(vocab).as_str() }).collect::<Vec<_>>().join(" ")
        }
        _ => gen::text(rng, 40),
    }
}

/// The rule ids of a reading, by family (`click.next_page` → `click`).
fn families(rules: &[&str]) -> String {
    let mut fam: Vec<&str> = rules.iter().map(|r| r.split('.').next().unwrap_or(r)).collect();
    fam.dedup();
    fam.truncate(2);
    fam.join("+")
}

#[test]
fn command_grammar() {
    fuzz("command_grammar", 3000, make_input, |input: &String| {
        let explained = command::explain(input);
        assert_eq!(command::parse(input), explained.parsed, "parse is explain's reading");
        let masked = command::mask_secrets(input);
        // Months in the input, as the grammar and the item pickers read them.
        let today = Month::new(2026, 5).expect("a month");
        if let Some((rest, when)) = split_month_ref(input) {
            assert!(!rest.is_empty());
            let _ = (when.resolve(today), when.to_string());
        }
        if let Some(m) = month_in(input) {
            assert!((1..=12).contains(&m.month), "{m:?}");
            let _ = m.to_string();
        }
        match &explained.parsed {
            Parsed::Commands(commands) => {
                assert!(!commands.is_empty(), "a reading as commands has commands");
                assert_eq!(commands.len(), explained.rules.len(), "one rule per command");
                for c in commands {
                    let shown = c.describe();
                    assert!(!shown.is_empty());
                    if let Some(secret) = c.secret_text().filter(|s| SECRETS.contains(s)) {
                        assert!(!shown.contains(secret), "describe shows the secret: {shown}");
                        assert!(!masked.contains(secret), "mask_secrets shows the secret: {masked}");
                        assert!(masked.contains(MASK));
                    }
                    let _ = c.plan();
                }
                format!("commands {}", families(&explained.rules))
            }
            Parsed::Question => format!("question ({})", explained.rules.join("")),
            Parsed::Unknown => "unknown".into(),
        }
    });
}

#[derive(Debug)]
struct Strings {
    text: String,
}

/// Short texts in the forms models and users write them: `/regex/flags`
/// names, `pcd_query` texts with `|` alternatives, `{{secret:…}}`
/// placeholders, addresses.
fn make_string(rng: &mut Rng) -> Strings {
    let text = match rng.below(8) {
        0 => format!("/{}/{}", gen::text(rng, 10), rng.pick(&["", "i", "gimsuy", "x", "/"])),
        1 => format!("{}|{}", gen::words(rng, LABELS, 2), gen::words(rng, gen::WORDS, 2)),
        2 => rng.pick(&["{{secret:password}}", "{{ secret: card-number }}", "{{secret:CVV}}", "{{secret:}}", "{{secret", "{{SECRET:Pin}}x"]).to_string(),
        3 => rng.pick(ADDRESSES).to_string(),
        4 => rng.pick(&["|", "||", "|=", "/", "//", "/a/b/c", "/[/", "\u{feff}/x/i"]).to_string(),
        5 => {
            let label = *rng.pick(LABELS);
            gen::mutate(rng, label)
        }
        _ => gen::text(rng, 24),
    };
    Strings { text }
}

#[test]
fn text_forms() {
    fuzz("text_forms", 10_000, make_string, |s: &Strings| {
        let t = s.text.as_str();
        let (source, flags) = split_regex_literal(t);
        assert!(source.len() <= t.len() && flags.chars().all(|c| "dgimsuvy".contains(c)), "({source:?}, {flags:?})");
        for mode in [None, Some(NameMode::Exact), Some(NameMode::Includes), Some(NameMode::Regex)] {
            let pattern = NamePattern::new(t, mode);
            let _ = pattern.matches_plain(t);
        }
        let query = TextQuery::parse(Some(t));
        let _ = query.all_terms();
        let placeholder = parse_placeholder(t);
        if placeholder.is_some() {
            assert!(contains_placeholder(t), "a placeholder is contained in itself");
        }
        let _ = bc_core::url_policy::restriction(t);
        let _ = bc_core::safety::sites::origin_of(t);
        let endpoint = bc_core::settings::normalize_endpoint(t);
        let class = match (query.is_empty(), placeholder.is_some(), endpoint.is_ok()) {
            (_, true, _) => "placeholder",
            (_, _, true) => "endpoint",
            (false, _, _) => "query terms",
            (true, _, _) => "nothing",
        };
        class.into()
    });
}
