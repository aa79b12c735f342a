//! The offer, fixture in (a page in the skills' fixture language, a task
//! state), tools out (beyond [`ALWAYS`]).

use super::*;
use crate::agent::skills::fixtures::page;
use crate::agent::task::StepRecord;
use crate::agent::tools::tool_names;

/// A task on `spec`'s page whose goal is `goal`.
fn task_on(goal: &str, spec: &str) -> Task {
    let mut task = Task::new("t".into(), goal.into(), 1, "n0".into(), 0.0);
    task.tabs = vec![1];
    task.page = Some(page(spec));
    task
}

/// What `task` offers beyond [`ALWAYS`], after one `grow`.
fn extra(task: &mut Task) -> Vec<String> {
    grow(task);
    task.offered.iter().filter(|n| !ALWAYS.contains(&n.as_str())).cloned().collect()
}

fn failed_step() -> StepRecord {
    StepRecord {
        index: 0,
        llm_call: 0,
        tool: "dom_click".into(),
        args: serde_json::json!({"id": "a1"}),
        description: "Click a1".into(),
        call: None,
        used_selector: None,
        risk: None,
        status: StepStatus::Failed,
        result: "Failed: not found".into(),
        observation: None,
        pcd_ts: None,
        started_at: 0.0,
        ms: 0,
    }
}

/// (what the row shows, goal, page, tools beyond ALWAYS in table order)
const PAGES: &[(&str, &str, &str, &[&str])] = &[
    ("an article: nothing beyond the core", "summarise this", r#"
        page http://news.test/a "A story"
        a1 link "Home" navigation @nav
        a2 link "Next story" @main"#, &[]),
    ("a sign-in page: submit, fill, sign in", "sign me in", r#"
        page http://shop.test/signin "Sign in" out
        f1 form login "Email:email|Password:password" "Sign in" @main"#,
        &["dom_submit", "skill_login"]),
    ("a sign-in form with a remember box: check, but no fill skill", "sign me in", r#"
        page http://shop.test/signin "Sign in" out
        f1 form login "Email:email|Password:password|Remember me:checkbox" "Sign in" @main"#,
        &["dom_check", "dom_submit", "skill_login"]),
    ("a sign-in link while signed out", "sign me in", r#"
        page http://shop.test/ "Shop" out
        a1 link "Sign in" login @nav"#, &["skill_login"]),
    ("a sign-in link while signed in is no reason", "buy a lamp", r#"
        page http://shop.test/ "Shop" in
        a1 link "Switch account" login @nav"#, &[]),
    ("a catalog: search, list, pager, cart", "buy the cheapest lamp", r#"
        page http://shop.test/lamps "Lamps"
        f1 form search_products "Search:search" @header
        c1 list "products" 24 "name,price"
        a1 button "Add to cart" add_to_cart per=c1
        a2 link "Next" pagination @main
        a3 link "Cart (2)" cart @header"#,
        &["dom_submit", "dom_extract", "skill_search", "skill_paginate", "skill_checkout"]),
    ("an empty cart is nothing to check out", "what's new?", r#"
        page http://shop.test/ "Shop"
        a1 link "Cart 0 items" cart @header
        a2 link "Your cart is empty" cart @header"#, &[]),
    ("a filter form: select, check, submit, fill", "only red ones", r#"
        page http://shop.test/lamps "Lamps"
        f1 form filter "Colour:select|In stock:checkbox" "Apply" @main"#,
        &["dom_select", "dom_check", "dom_submit", "skill_fill_form"]),
    ("a combobox counts as a choice", "pick Berlin", r#"
        page http://x.test/ "Trip"
        f1 form - "City:combobox" @main"#, &["dom_select", "dom_submit", "dom_pressKey"]),
    ("a dropdown no form holds", "sort by price", r#"
        page http://shop.test/lamps "Lamps"
        a1 other "Sort by" sort @main"#, &["dom_select", "dom_pressKey"]),
    ("a standalone checkbox", "accept the terms", r#"
        page http://x.test/ "Terms"
        a1 checkbox "I agree" @main"#, &["dom_check"]),
    ("a menu: hover and the menu skill", "open billing", r#"
        page http://app.test/ "App"
        a1 button "Account" menu @header
        a2 menuitem "Billing" @header"#, &["dom_hover", "dom_pressKey", "skill_navigate_by_menu"]),
    ("a search button that opens a box", "search for lamps", r#"
        page http://shop.test/ "Shop"
        a1 button "Search" search @header"#, &["skill_search"]),
    ("the checkout form", "pay", r#"
        page http://shop.test/checkout "Checkout"
        f1 form checkout "Name|Card number:text:cc-number" "Place order" @main"#,
        &["dom_submit", "skill_fill_form", "skill_checkout"]),
    ("the user speaks of tabs", "close the other tabs", r#"
        page http://x.test/ "X""#, &["tabs_open", "tabs_switch", "tabs_close", "tabs_list"]),
    ("the user asks to wait", "wait until the report is ready", r#"
        page http://x.test/ "X""#, &["dom_waitFor"]),
    ("more actions than the listing holds: search and scroll", "find the API limits", r#"
        page http://docs.test/ "Docs" unlisted=120
        a1 link "Guide" @nav"#, &["pcd_query", "dom_scroll"]),
    ("something below the first screen: scroll", "read the terms", r#"
        page http://x.test/ "Terms"
        a1 link "Contact" @footer below"#, &["dom_scroll"]),
    ("the user wants to go back", "go back to the previous page", r#"
        page http://x.test/ "X""#, &["nav_back"]),
    ("the user speaks of keys or scrolling", "press Escape, then scroll to the bottom", r#"
        page http://x.test/ "X""#, &["dom_scroll", "dom_pressKey"]),
    ("a date field is worked with keys", "book for Friday", r#"
        page http://x.test/ "Book"
        f1 form - "Day:date" "Book" @main"#, &["dom_submit", "dom_pressKey"]),
];

#[test]
fn each_page_offers_what_it_can_use() {
    let mut wrong = Vec::new();
    for (what, goal, spec, want) in PAGES {
        let got = extra(&mut task_on(goal, spec));
        if got != *want {
            wrong.push(format!("{what}: got {got:?}, want {want:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_task_state_widens_the_offer() {
    let spec = "page http://x.test/ \"X\"";
    let mut task = task_on("do it", spec);
    assert_eq!(extra(&mut task), Vec::<String>::new());
    task.tabs.push(2);
    assert_eq!(extra(&mut task), ["tabs_open", "tabs_switch", "tabs_close", "tabs_list"]);
    task.steps.push(failed_step());
    let troubled = [
        "getMiniPCD", "pcd_query", "getDetails", "dom_scroll", "dom_hover", "dom_pressKey", "dom_waitFor", "tabs_open", "tabs_switch", "tabs_close", "tabs_list",
        "capture_candidates",
    ];
    assert_eq!(extra(&mut task), troubled);

    // A skill that failed leaves no failed step, only its result.
    let mut skilled = task_on("sign me in", spec);
    skilled.turns.push(Turn::Results { results: vec![crate::agent::task::CallResult {
        call_id: "c1".into(), name: "skill_login".into(), brief: "Failed: It did not work: no sign-in form. Look at the page (getMiniPCD).".into(), page: None, images: Vec::new(),
    }] });
    assert_eq!(extra(&mut skilled), ["getMiniPCD", "pcd_query", "getDetails", "dom_scroll", "dom_hover", "dom_pressKey", "dom_waitFor", "capture_candidates"]);

    // A page left behind: somewhere to go back to (a change report on
    // the same page is not one).
    let mut moving = task_on("do it", spec);
    let result = |page: &str| Turn::Results { results: vec![crate::agent::task::CallResult {
        call_id: "c1".into(), name: "dom_click".into(), brief: "Done: Click “Next”.".into(), page: Some(page.into()), images: Vec::new(),
    }] };
    moving.turns.push(result(&crate::agent::page::change_report("New:\n- a9 link \"More\"")));
    assert_eq!(extra(&mut moving), Vec::<String>::new());
    moving.turns.push(result("Page \"Next\" http://x.test/2"));
    assert_eq!(extra(&mut moving), ["nav_back"]);

    let mut seeing = task_on("do it", spec);
    seeing.vision = true;
    assert_eq!(extra(&mut seeing), ["capture_candidates"]);
}

#[test]
fn the_offer_only_grows_and_keeps_the_table_order() {
    let mut task = task_on("buy a lamp", r#"
        page http://shop.test/lamps "Lamps"
        c1 list "products" 24 "name,price"
        a3 link "Cart (0)" cart @header"#);
    grow(&mut task);
    let first = task.offered.clone();
    // The next page has neither list nor cart: nothing is taken away.
    task.page = Some(page("page http://shop.test/about \"About\"\na1 link \"Home\" @nav"));
    grow(&mut task);
    assert_eq!(task.offered, first);
    // A page with a form adds submit, in its place in the table.
    task.page = Some(page("page http://shop.test/contact \"Contact\"\nf1 form contact \"Name|Message\" \"Send\" @main"));
    grow(&mut task);
    let order: Vec<&str> = tool_names().into_iter().filter(|n| task.offered.iter().any(|o| o == n)).collect();
    assert_eq!(task.offered, order, "table order");
    assert!(first.iter().all(|n| task.offered.contains(n)));
    assert!(task.offered.iter().any(|n| n == "dom_submit") && task.offered.iter().any(|n| n == "skill_fill_form"));
}

#[test]
fn every_named_tool_exists_and_a_task_without_an_offer_offers_everything() {
    let names = tool_names();
    for n in ALWAYS.iter().chain(RULES.iter().map(|(n, _)| n)) {
        assert!(names.contains(n), "{n} is not a tool");
    }
    // Every tool is reachable: in ALWAYS, in RULES, or a skill that fits
    // some page (but skill_extract, which dom_extract covers).
    for n in &names {
        let skill = SKILLS.iter().any(|s| s.name == *n && !std::ptr::fn_addr_eq(s.fits, crate::agent::skills::fits::never as fn(&MiniPcd) -> bool));
        let reachable = ALWAYS.contains(n) || RULES.iter().any(|(r, _)| r == n) || skill;
        assert!(reachable || *n == "skill_extract", "{n} is never offered");
    }
    let task = Task::new("t".into(), "x".into(), 1, "n0".into(), 0.0);
    assert_eq!(offered(&task).len(), names.len());
}

#[test]
fn tab_ids_appear_with_a_second_tab() {
    let has_tab_id = |task: &Task| offered(task).iter().any(|(_, _, p)| p["properties"].get("tabId").is_some());
    let mut task = task_on("do it", "page http://x.test/ \"X\"");
    grow(&mut task);
    assert!(!has_tab_id(&task), "one tab: no tabId");
    task.tabs.push(2);
    grow(&mut task);
    assert!(has_tab_id(&task));
    task.tabs.pop();
    grow(&mut task);
    assert!(has_tab_id(&task), "grow-only");
}

#[test]
fn a_bare_page_offers_under_half_of_the_definitions() {
    // What the offer is for: the first request on a simple page carries
    // far fewer schema tokens than the whole table.
    let size = |tools: &[(&str, &str, Value)]| tools.iter().map(|(n, d, p)| n.len() + d.len() + p.to_string().len()).sum::<usize>();
    let all = size(&offered(&Task::new("t".into(), "x".into(), 1, "n0".into(), 0.0)));
    let mut task = task_on("summarise this", "page http://news.test/a \"A story\"\na1 link \"Home\" navigation @nav");
    grow(&mut task);
    let bare = size(&offered(&task));
    assert!(bare * 2 < all, "bare {bare} chars, all {all}");
}

#[test]
fn items_and_fields_appear_with_lists_and_forms() {
    let shows = |task: &Task, arg: &str| offered(task).iter().any(|(n, _, p)| *n == "dom_click" && p["properties"].get(arg).is_some());
    let mut task = task_on("do it", "page http://x.test/ \"X\"\na1 link \"Home\" @nav");
    grow(&mut task);
    assert_eq!(hidden(&task), ["tabId", "item", "field", "selector"]);
    assert!(!shows(&task, "item") && !shows(&task, "field") && !shows(&task, "selector") && shows(&task, "id"));
    task.page = Some(page("page http://x.test/lamps \"Lamps\"\nc1 list \"products\" 24 \"name,price\"\na2 button \"Add to cart\" add_to_cart per=c1"));
    grow(&mut task);
    assert!(shows(&task, "item") && !shows(&task, "field"));
    task.page = Some(page("page http://x.test/contact \"Contact\"\nf1 form contact \"Name|Message\" \"Send\" @main"));
    grow(&mut task);
    assert!(shows(&task, "item") && shows(&task, "field"), "both stay");
    assert_eq!(hidden(&task), ["tabId", "selector"]);
    // A page with more than its listing holds: search, and selectors.
    task.page = Some(page("page http://x.test/docs \"Docs\" unlisted=40\na1 link \"Guide\" @nav"));
    grow(&mut task);
    assert!(shows(&task, "selector"));
    assert_eq!(hidden(&task), ["tabId"]);
}
