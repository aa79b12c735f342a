//! Test pages for the skill and goal fixtures, written as a few lines each
//! instead of MiniPCD JSON: a fixture row should show at a glance what the
//! page offers, as the model's page listing does.
//!
//! ```text
//! page http://shop.test/billing "Billing" in ts=2
//! a1 link "Billing" billing @nav
//! a2 button "Download" download_invoice per=c1
//! f1 form login "Email:email|Password:password:pw" "Sign in" @main
//! c1 list "invoices" 12 "date,amount,status"
//! ```
//! - `page <url> "<title>" [in|out] [ts=<n>] [unlisted=<n>]` (first line;
//!   defaults: login state unknown, ts 1, nothing unlisted);
//! - `<id> <role> "<label>" [<kind>] [@<landmark>] [per=<collection id>] [below]`
//!   (`below`: below the fold);
//! - `<id> form <purpose or -> "<label:type[:name]|…>" ["<submit label>"] [@<landmark>]`;
//! - `<id> list "<name>" <count or -> "<field,…>" [@<landmark>]`.

use crate::types::{FieldSummary, LoginState, MiniAction, MiniCollection, MiniForm, MiniPcd};
use serde_json::Value;

/// Splits a line into words, a `"…"` run being one word (quotes dropped).
fn tokens(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = line.trim();
    while !rest.is_empty() {
        if let Some(quoted) = rest.strip_prefix('"') {
            let end = quoted.find('"').unwrap_or_else(|| panic!("unclosed quote in {line:?}"));
            out.push(quoted[..end].to_owned());
            rest = quoted[end + 1..].trim_start();
        } else {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            out.push(rest[..end].to_owned());
            rest = rest[end..].trim_start();
        }
    }
    out
}

fn wire<T: serde::de::DeserializeOwned>(name: &str) -> T {
    serde_json::from_value(Value::String(name.to_owned())).unwrap_or_else(|e| panic!("{name:?}: {e}"))
}

/// The page a fixture describes.
pub fn page(spec: &str) -> MiniPcd {
    let mut lines = spec.lines().map(str::trim).filter(|l| !l.is_empty());
    let head = tokens(lines.next().expect("a page line"));
    assert_eq!(head[0], "page", "the first line is `page <url> \"<title>\"`: {head:?}");
    let url = head[1].clone();
    let mut mini = MiniPcd {
        origin: crate::pcd::build::origin(&url),
        url,
        title: head[2].clone(),
        login_state: LoginState::Unknown,
        ts: 1.0,
        landmarks: vec![],
        actions: vec![],
        forms: vec![],
        collections: vec![],
        metrics: None,
        silent_frames: vec![],
        unlisted: 0,
    };
    for t in &head[3..] {
        match t.as_str() {
            "in" => mini.login_state = LoginState::In,
            "out" => mini.login_state = LoginState::Out,
            t if t.starts_with("unlisted=") => mini.unlisted = t["unlisted=".len()..].parse().unwrap_or_else(|_| panic!("page option {t:?}")),
            t => mini.ts = t.strip_prefix("ts=").and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("page option {t:?}")),
        }
    }
    for line in lines {
        let t = tokens(line);
        let (id, what) = (t[0].clone(), t[1].as_str());
        let landmark = t.iter().find_map(|w| w.strip_prefix('@')).map(wire);
        match what {
            "form" => {
                let purpose = (t[2] != "-").then(|| t[2].clone());
                let field_summaries = t[3]
                    .split('|')
                    .filter(|f| !f.is_empty())
                    .map(|f| {
                        let mut parts = f.split(':');
                        let label = parts.next().unwrap_or_default().to_owned();
                        let field_type = parts.next().unwrap_or("text").to_owned();
                        FieldSummary { label, field_type, name: parts.next().map(str::to_owned), required: None }
                    })
                    .collect();
                let submit_label = t.get(4).filter(|s| !s.starts_with('@')).cloned();
                mini.forms.push(MiniForm { id, purpose, landmark, field_summaries, submit_label, frame_path: None, goes_to: None });
            }
            "list" => {
                let item_fields = t[4].split(',').filter(|f| !f.is_empty()).map(str::to_owned).collect();
                let approx_count = t[3].parse().ok();
                mini.collections.push(MiniCollection { id, name: t[2].clone(), item_fields, landmark, approx_count });
            }
            role => {
                let rest = &t[3..];
                let kind = rest.iter().find(|w| !w.starts_with('@') && !w.starts_with("per=") && *w != "below").cloned();
                let per = rest.iter().find_map(|w| w.strip_prefix("per=")).map(str::to_owned);
                mini.actions.push(MiniAction {
                    id,
                    label: t[2].clone(),
                    role: wire(role),
                    kind,
                    landmark,
                    above_fold: rest.iter().any(|w| w == "below").then_some(false),
                    cluster_id: None,
                    applies_to_collection_id: per,
                    frame_path: None,
                    goes_to: None,
                });
            }
        }
    }
    mini
}

#[test]
fn the_fixture_language_reads_every_entry() {
    let p = page(
        r#"page http://shop.test/billing "Billing" in ts=2
        a1 link "Billing" billing @nav
        a2 button "Download" download_invoice per=c1
        f1 form login "Email:email|Password:password:pw" "Sign in" @main
        f2 form - "" 
        c1 list "invoices" 12 "date,amount" @main"#,
    );
    assert_eq!((p.origin.as_str(), p.login_state, p.ts), ("http://shop.test", LoginState::In, 2.0));
    assert_eq!(p.actions[0].landmark, Some(crate::types::Landmark::Nav));
    assert_eq!(p.actions[1].applies_to_collection_id.as_deref(), Some("c1"));
    assert_eq!(p.actions[1].kind.as_deref(), Some("download_invoice"));
    assert_eq!(p.forms[0].field_summaries[1].name.as_deref(), Some("pw"));
    assert_eq!(p.forms[0].submit_label.as_deref(), Some("Sign in"));
    assert_eq!((p.forms[1].purpose.as_ref(), p.forms[1].field_summaries.len()), (None, 0));
    assert_eq!((p.collections[0].approx_count, p.collections[0].item_fields.len()), (Some(12), 2));
}
