//! Fixtures of the goal predicates: one page per goal row (the rows that
//! must fire on it), one goal text per expectation row (the predicates it
//! must imply), negatives, and the verdicts built on them. Every row of
//! both tables must have a fixture.

use super::*;
use crate::agent::skills::fixtures::page;
use std::collections::BTreeSet;

/// A page and the goal rows that must fire on it (all of them, in order).
struct Shows(&'static str, &'static [&'static str]);

#[rustfmt::skip]
const PAGES: &[Shows] = &[
    Shows(r#"page http://acme.test/account/details "Company details"
        f1 form billing "Company name|VAT number" "Save""#, &["billing.form"]),
    Shows(r#"page http://acme.test/settings/billing "Plan and usage"
        a1 button "Change plan""#, &["billing.page"]),
    Shows(r#"page http://acme.test/wallet "Wallet"
        f1 form payment_method "Card number|Expiry date|CVC" "Save card""#, &["payment_method.form"]),
    Shows(r#"page http://acme.test/plan "Your plan"
        a1 button "Update card" payment_method @main"#, &["payment_method.action"]),
    Shows(r#"page http://jobs.test/apply/9 "Your documents"
        f1 form upload "Resume:file" "Upload""#, &["upload.form"]),
    Shows(r#"page http://drive.test/ "My files"
        a1 button "Upload" upload"#, &["upload.action"]),
    Shows(r#"page http://clinic.test/visit "New visit"
        f1 form schedule "Date:date|Time:time" "Request""#, &["schedule.form"]),
    Shows(r#"page http://sales.test/demo "Talk to us"
        a1 button "Schedule a call" schedule @main"#, &["schedule.action"]),
    Shows(r#"page http://shop.test/order/address "Your order"
        f1 form checkout "Email|Address" "Place order""#, &["checkout.form"]),
    Shows(r#"page http://shop.test/checkout/shipping "Shipping"
        f1 form shipping_address "Street|City" "Continue""#, &["checkout.page"]),
    Shows(r#"page http://acme.test/invoice/1043 "Invoice 1043"
        a1 link "Download invoice" download_invoice"#, &["download_invoice.action"]),
    Shows(r#"page http://acme.test/cancel "Are you sure?"
        a1 button "Confirm cancellation" confirm"#, &["confirm.action"]),
    Shows(r#"page http://hotel.test/rooms/3 "Deluxe room"
        a1 button "Book now" book"#, &["book.action"]),
    Shows(r#"page http://jobs.test/9 "Senior engineer"
        a1 link "Apply now" apply @main"#, &["apply.action"]),
    Shows(r#"page http://acme.test/account "Account"
        c1 list "receipts" 12 "date,amount,number""#, &["invoices.named"]),
    Shows(r#"page http://acme.test/account "Account"
        c1 list "rows" 12 "date,price"
        a1 button "Download" download per=c1"#, &["invoices.download"]),
    Shows(r#"page http://shop.test/account "Account"
        c1 list "orders" 4 "number,date,status""#, &["orders.named"]),
    // Several at once: a billing page with its invoices.
    Shows(r#"page http://acme.test/billing "Billing"
        a1 button "Download" download_invoice per=c1
        c1 list "invoices" 12 "date,amount""#, &["billing.page", "download_invoice.action", "invoices.named", "invoices.download"]),
    // Site chrome and banners are no goal page.
    Shows(r#"page http://acme.test/ "Acme"
        a1 link "Billing" billing @nav
        a2 link "Payment methods" payment_method @header
        a3 link "Book a demo" book @footer
        a4 button "Accept all cookies" confirm"#, &[]),
    // A list of other things, and an invoice list without amounts.
    Shows(r#"page http://shop.test/products "Products"
        c1 list "products" 24 "title,price"
        c2 list "invoices" 3 "number""#, &[]),
];

/// A goal and the expectation rows that must hold for it (all, in order).
struct Reads(&'static str, &'static [&'static str]);

#[rustfmt::skip]
const GOALS: &[Reads] = &[
    Reads("download last month's invoice", &["kind.download_invoice", "says.invoices"]),
    Reads("Rechnung vom März herunterladen", &["kind.download_invoice", "says.invoices"]),
    Reads("open the billing settings", &["kind.billing"]),
    Reads("update my credit card", &["kind.payment_method"]),
    Reads("go to checkout", &["kind.checkout"]),
    Reads("upload my resume", &["kind.upload"]),
    Reads("book a table for two", &["kind.booking", "says.appointment"]),
    Reads("schedule a demo", &["kind.booking"]),
    Reads("apply for the senior engineer job", &["kind.apply"]),
    Reads("confirm my email address", &["kind.confirm"]),
    Reads("show my invoices from 2024", &["kind.billing", "says.invoices"]),
    Reads("where is my order?", &["says.orders"]),
    Reads("cancel my subscription", &["kind.billing", "says.subscription"]),
    Reads("Abo kündigen", &["says.subscription"]),
    Reads("pay my bill online", &["says.invoices", "says.pay_bill"]),
    Reads("buy a phone charger", &["says.buy"]),
    Reads("prendre rendez-vous chez le dentiste", &["says.appointment"]),
    // Several clauses: each is read as a label.
    Reads("log in, then download the invoice and check its amount", &["kind.download_invoice", "says.invoices"]),
    // No goal page.
    Reads("what does the Pro plan cost?", &[]),
    Reads("log in", &[]),
    Reads("scroll down", &[]),
    Reads("", &[]),
];

#[test]
fn pages_show_their_goal_rows() {
    let failures: Vec<String> = PAGES
        .iter()
        .filter_map(|Shows(spec, want)| {
            let got: Vec<String> = hits(&page(spec)).into_iter().map(|h| h.row).collect();
            (got != *want).then(|| format!("{spec}\n  got {got:?}, want {want:?}"))
        })
        .collect();
    assert!(failures.is_empty(), "{} failing:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn goals_imply_their_rows() {
    let failures: Vec<String> = GOALS
        .iter()
        .filter_map(|Reads(goal, want)| {
            let got: Vec<&str> = explain_expected(goal).iter().map(|r| r.id).collect();
            (got != *want).then(|| format!("{goal:?}: got {got:?}, want {want:?}"))
        })
        .collect();
    assert!(failures.is_empty(), "{} failing:\n{}", failures.len(), failures.join("\n"));
}

/// Row ids that are duplicated or have no fixture.
fn uncovered<'a>(rows: impl Iterator<Item = &'a str>, fixtures: impl Iterator<Item = &'a str>) -> Vec<String> {
    let covered: BTreeSet<&str> = fixtures.collect();
    let mut seen = BTreeSet::new();
    rows.filter_map(|id| match (seen.insert(id), covered.contains(id)) {
        (false, _) => Some(format!("duplicate {id}")),
        (true, false) => Some(format!("no fixture for {id}")),
        _ => None,
    })
    .collect()
}

#[test]
fn every_row_has_a_fixture_and_a_unique_id() {
    let goal_rows = uncovered(GOAL_ROWS.iter().map(|r| r.id), PAGES.iter().flat_map(|s| s.1.iter().copied()));
    assert!(goal_rows.is_empty(), "goal rows: {goal_rows:?}");
    let expect_rows = uncovered(EXPECT_ROWS.iter().map(|r| r.id), GOALS.iter().flat_map(|r| r.1.iter().copied()));
    assert!(expect_rows.is_empty(), "expectation rows: {expect_rows:?}");
    // Every goal kind can be recognised and expected.
    for g in GoalKind::ALL {
        assert!(GOAL_ROWS.iter().any(|r| r.goal == *g), "no page shows {g:?}");
        assert!(EXPECT_ROWS.iter().any(|r| r.goals.contains(g)), "no goal expects {g:?}");
    }
}

/// A phrase not written as `normalize` leaves text never matches.
#[test]
fn phrases_are_written_normalised() {
    let mut phrases: Vec<&str> = Vec::new();
    for row in GOAL_ROWS {
        match &row.when {
            GoalWhen::Action { not, .. } => phrases.extend(*not),
            GoalWhen::Page(p) => phrases.extend(*p),
            GoalWhen::List { name, fields, .. } => {
                phrases.extend(*name);
                phrases.extend(fields.iter().flat_map(|g| g.iter()));
            }
            GoalWhen::Form(_) => {}
        }
    }
    for row in EXPECT_ROWS {
        if let ExpectWhen::Says(p) = &row.when {
            phrases.extend(*p);
        }
    }
    let odd: Vec<&&str> = phrases.iter().filter(|p| crate::kind::text::normalize(p) != **p).collect();
    assert!(odd.is_empty(), "{odd:?}");
}

#[test]
fn expected_lists_each_predicate_once_in_row_order() {
    use GoalKind as G;
    assert_eq!(expected("download last month's invoice"), [G::DownloadInvoice, G::Invoices]);
    assert_eq!(expected("pay my bill"), [G::Invoices, G::PaymentMethod, G::Checkout, G::Billing]);
    assert_eq!(expected("book a table"), [G::Book, G::Schedule]);
    assert!(expected("what is on this page?").is_empty());
}

#[test]
fn a_goal_page_lifts_progress_to_the_floor() {
    let goal = expected("download the March invoice");
    let billing = page(
        r#"page http://acme.test/billing "Billing"
        c1 list "invoices" 12 "date,amount""#,
    );
    let home = page(
        r#"page http://acme.test/ "Acme"
        a1 link "Billing" billing @nav"#,
    );
    assert_eq!(progress_floor(&goal, &billing), Some(GOAL_PAGE_PROGRESS));
    assert_eq!(progress_floor(&goal, &home), None);
    assert_eq!(progress_floor(&[], &billing), None, "no expectation, no jump");
}

#[test]
fn done_is_doubted_only_when_no_page_showed_the_goal() {
    let goal = expected("download the March invoice");
    let billing = page(
        r#"page http://acme.test/billing "Billing"
        a1 button "Download" download_invoice per=c1
        c1 list "invoices" 12 "date,amount""#,
    );
    let home = page(
        r#"page http://acme.test/ "Acme"
        a1 link "Billing" billing @nav"#,
    );
    assert_eq!(judge_done(&goal, &hits(&billing)), DoneVerdict::Plausible);
    match judge_done(&goal, &hits(&home)) {
        DoneVerdict::Doubtful(text) => {
            assert!(text.contains("an invoice download or a list of invoices") && text.contains("success=false"), "{text}")
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(judge_done(&[], &[]), DoneVerdict::Plausible, "nothing to check");
    // Hits of other goals do not count.
    assert!(matches!(judge_done(&[GoalKind::Book], &hits(&billing)), DoneVerdict::Doubtful(_)));
}

#[test]
fn hits_round_trip_as_json_for_the_task_record() {
    let h = hits(&page(
        r#"page http://hotel.test/r "Room"
        a1 button "Book now" book"#,
    ));
    let v = serde_json::to_value(&h).unwrap();
    assert_eq!(v, serde_json::json!([{"goal": "book", "row": "book.action", "ids": ["a1"], "url": "http://hotel.test/r"}]));
    assert_eq!(serde_json::from_value::<Vec<GoalHit>>(v).unwrap(), h);
}
