//! Tests of the page listing and change reports: fixture MiniPCDs in,
//! the text the model reads out (expect-test snapshots).

use super::*;
use expect_test::expect;
use serde_json::json;

fn billing() -> MiniPcd {
    serde_json::from_value(json!({
        "url": "http://127.0.0.1:8080/app/billing/", "origin": "http://127.0.0.1:8080",
        "title": "Billing – Acme Cloud", "loginState": "in", "ts": 1.0, "landmarks": ["header", "nav", "main"],
        "actions": [
            {"id": "a1aa", "label": "Dashboard", "role": "link", "landmark": "nav", "kind": "navigation"},
            {"id": "a2bb", "label": "Update payment method", "role": "button", "landmark": "main", "kind": "payment_method"},
            {"id": "a3cc", "label": "Download", "role": "button", "kind": "download_invoice", "appliesToCollectionId": "c1zz"},
            {"id": "a4dd", "label": "Say \"hi\"\n   to   support", "role": "other"}
        ],
        "forms": [
            {"id": "f1ff", "purpose": "search", "fieldSummaries": [{"label": "Search", "type": "search"}], "submitLabel": "Go", "landmark": "header"},
            {"id": "f2gg", "purpose": "login", "fieldSummaries": [
                {"label": "Email", "type": "email", "required": true}, {"label": "Password", "type": "password", "required": true}], "submitLabel": "Sign in"}
        ],
        "collections": [{"id": "c1zz", "name": "invoices", "itemFields": ["date", "number", "amount"], "approxCount": 12}]
    }))
    .unwrap()
}

#[test]
fn the_listing_is_one_line_per_entry() {
    expect![[r#"
        Page "Billing – Acme Cloud" http://127.0.0.1:8080/app/billing/ · signed in
        Actions:
        - a1aa link "Dashboard" @nav
        - a2bb button "Update payment method" [payment_method]
        - a3cc button "Download" [download_invoice] per item of c1zz (give "item": N)
        - a4dd control "Say 'hi' to support"
        Forms:
        - f1ff [search] Search (search) → "Go" @header
        - f2gg [login] Email (email, required); Password (password, required) → "Sign in"
        Lists:
        - c1zz invoices, ~12 items: date, number, amount
    "#]]
    .assert_eq(&listing(&billing()));
}

#[test]
fn a_listing_says_how_many_actions_it_left_out() {
    let mut long = billing();
    long.unlisted = 57;
    let text = listing(&long);
    assert!(text.contains("- a4dd control \"Say 'hi' to support\"\n- (and 57 more not listed: pcd_query finds them)\nForms:"), "{text}");
    assert!(!listing(&billing()).contains("not listed"));
}

#[test]
fn a_change_report_names_new_gone_and_resized_entries() {
    let before = billing();
    let mut after = billing();
    after.actions.retain(|a| a.id != "a2bb");
    after.actions.push(serde_json::from_value(json!({"id": "a5ee", "label": "Card updated", "role": "button"})).unwrap());
    after.collections[0].approx_count = Some(24);
    expect![[r#"
        New:
        - a5ee button "Card updated"
        Gone:
        - a2bb "Update payment method"
        Lists:
        - c1zz invoices: 12 → 24 items
    "#]]
    .assert_eq(&delta(&before, &after).unwrap());
    assert_eq!(delta(&before, &billing()), None, "nothing changed");
}

#[test]
fn a_big_change_gives_the_whole_listing() {
    let before = billing();
    let mut after = billing();
    for i in 0..30 {
        after.actions.push(serde_json::from_value(json!({"id": format!("n{i}"), "label": format!("Item {i}"), "role": "link"})).unwrap());
    }
    let text = delta(&before, &after).unwrap();
    assert!(text.starts_with("Much of the page changed; the listing now:\nPage "), "{text}");
}

#[test]
fn long_page_strings_are_clipped() {
    let cases = [
        ("short", 10, "short"),
        ("  many   spaces\n here ", 40, "many spaces here"),
        ("one two three four five six", 12, "one two…"),
        ("unbrokenwordthatgoesonandon", 8, "unbroken…"),
    ];
    for (text, max, want) in cases {
        assert_eq!(clip(text, max), want, "{text:?}");
    }
}

#[test]
fn entries_are_found_by_id() {
    let mini = billing();
    assert!(matches!(entry(&mini, "a2bb"), Some(Entry::Action(a)) if a.label == "Update payment method"));
    assert!(matches!(entry(&mini, "f2gg"), Some(Entry::Form(f)) if f.purpose.as_deref() == Some("login")));
    assert!(matches!(entry(&mini, "c1zz"), Some(Entry::Collection(_))));
    assert_eq!(entry(&mini, "zzzz"), None);
}
