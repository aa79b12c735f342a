//! Fixtures of the skills' matching: one page per match rule of every
//! skill (a test fails when a rule has none), the exact calls each plan
//! makes — written as the model's own calls and decoded by `tools::decode`,
//! so a skill's steps are calls the model could have made — or the words
//! its error must say, and the arguments of the next phase.

use super::fixtures::page;
use super::*;
use crate::agent::tools::decode;
use serde_json::{json, Value};
use std::collections::BTreeSet;

/// One fixture: `skill` on `page` with `args` must decide by `rule`.
struct Case {
    skill: &'static str,
    rule: &'static str,
    page: &'static str,
    args: Value,
    /// The steps as the model writes calls, or words of the error.
    want: Result<Vec<(&'static str, Value)>, &'static str>,
    /// The next phase's arguments.
    then: Option<Value>,
}

fn ok(skill: &'static str, rule: &'static str, page: &'static str, args: Value, steps: Vec<(&'static str, Value)>) -> Case {
    Case { skill, rule, page, args, want: Ok(steps), then: None }
}

fn err(skill: &'static str, rule: &'static str, page: &'static str, args: Value, says: &'static str) -> Case {
    Case { skill, rule, page, args, want: Err(says), then: None }
}

impl Case {
    fn then(mut self, args: Value) -> Case {
        self.then = Some(args);
        self
    }
}

const LOGIN: &str = r#"page http://shop.test/login "Sign in" out
    a1 link "Forgot password?" password_reset
    f1 form login "Email:email|Password:password|Remember me:checkbox" "Sign in" @main"#;
const HOME: &str = r#"page http://shop.test/ "Shop" out
    a1 link "Sign in" login @header
    a2 button "Search" search @header
    a3 link "Cart" cart @header
    a4 button "Account" menu @header
    a5 link "Products" navigation @nav"#;
const CART: &str = r#"page http://shop.test/cart "Your cart"
    a1 link "Cart (2)" cart @header
    a2 button "Buy now with 1-Click" checkout @main
    a3 button "Proceed to checkout" checkout @main
    a4 link "Checkout help" checkout @footer
    c1 list "cartItems" 2 "title,price""#;
const RESULTS: &str = r#"page http://shop.test/search?q=usb "Results"
    a1 link "‹ Prev" pagination @main
    a2 button "Next" @main
    a3 link "Next ›" pagination @main
    a4 link "2" pagination @main
    c1 list "results" 20 "title,price"
    c2 list "recentlyViewed" 4 "title" @aside"#;

#[rustfmt::skip]
fn cases() -> Vec<Case> {
    vec![
        // skill_login
        err("skill_login", "form.unknown", LOGIN, json!({"username": "ada", "form": "f9"}), "A form with id f9 is not on this page. Its forms: f1 (Email, Password, Remember me)."),
        err("skill_login", "login.ambiguous", r#"page http://x.test/ "X"
            f1 form login "Email:email|Password:password" @main
            f2 form login "User:text|PIN:password" @main"#, json!({"username": "ada"}), "Several sign-in forms are on this page: f1 (Email, Password), f2 (User, PIN). Call the skill again with `form`"),
        ok("skill_login", "login.form", LOGIN, json!({"username": "ada@example.test"}), vec![
            ("dom_type", json!({"id": "f1", "field": "Email", "text": "ada@example.test"})),
            ("dom_type", json!({"id": "f1", "field": "Password", "text": "{{secret:password}}"})),
            ("dom_submit", json!({"id": "f1"})),
        ]),
        // Labels in another language, the user field known by its words; `form` picks one of two.
        ok("skill_login", "login.form", r#"page http://x.test/ "Anmelden"
            f1 form login "Benutzername:text|Passwort:password" "Anmelden" @header
            f2 form login "Kundennummer:text|Code:password" @main"#, json!({"username": "ada", "form": "f1"}), vec![
            ("dom_type", json!({"id": "f1", "field": "Benutzername", "text": "ada"})),
            ("dom_type", json!({"id": "f1", "field": "Passwort", "text": "{{secret:password}}"})),
            ("dom_submit", json!({"id": "f1"})),
        ]),
        ok("skill_login", "login.user_step", r#"page http://x.test/signin "Sign in"
            f1 form login "Email or phone:email" "Next""#, json!({"username": "ada@example.test"}), vec![
            ("dom_type", json!({"id": "f1", "field": "Email or phone", "text": "ada@example.test"})),
            ("dom_submit", json!({"id": "f1"})),
        ]).then(json!({"username": "ada@example.test", "afterUser": true, "opened": true})),
        ok("skill_login", "login.password_step", r#"page http://x.test/signin/pw "Welcome"
            f2 form login "Enter your password:password" "Next""#, json!({"username": "ada", "afterUser": true, "opened": true}), vec![
            ("dom_type", json!({"id": "f2", "field": "Enter your password", "text": "{{secret:password}}"})),
            ("dom_submit", json!({"id": "f2"})),
        ]),
        err("skill_login", "login.no_password", r#"page http://x.test/signin "Sign in"
            f1 form login "Email or phone:email" "Next""#, json!({"username": "ada", "afterUser": true}), "After the username, the site asks for no password"),
        err("skill_login", "login.no_user", r#"page http://bank.test/ "Online banking"
            f1 form login "Contract:text|Branch:text|PIN:password" "Log in""#, json!({"username": "12345"}), "A field for the username in form f1 (Contract, Branch, PIN) is not on this page. Fill the form yourself"),
        err("skill_login", "login.signed_in", r#"page http://x.test/ "Home" in
            a1 link "Sign out" logout @header"#, json!({"username": "ada"}), "The page shows the user signed in already."),
        ok("skill_login", "login.link", HOME, json!({"username": "ada"}), vec![("dom_click", json!({"id": "a1"}))])
            .then(json!({"username": "ada", "opened": true})),
        err("skill_login", "login.none", r#"page http://x.test/ "Home""#, json!({"username": "ada"}), "A sign-in form is not on this page. Find the sign-in page"),
        // The link was followed and still no form: no second click.
        err("skill_login", "login.none", HOME, json!({"username": "ada", "opened": true}), "The sign-in controls here (a1 “Sign in”) did not lead to one"),

        // skill_search
        err("skill_search", "form.unknown", LOGIN, json!({"query": "usb", "form": "f7"}), "A form with id f7 is not on this page"),
        err("skill_search", "search.ambiguous", r#"page http://x.test/ "X"
            f1 form search "Search docs:search"
            f2 form search "Search forum:search""#, json!({"query": "usb"}), "Several search forms are on this page: f1 (Search docs), f2 (Search forum)."),
        // The main content's search form before the header's.
        ok("skill_search", "search.form", r#"page http://x.test/ "X"
            f1 form search "Search:search" @header
            f2 form search_products "Category:select|Keywords:text" "Go" @main"#, json!({"query": "usb cable"}), vec![
            ("dom_type", json!({"id": "f2", "field": "Keywords", "text": "usb cable", "submit": true})),
        ]),
        ok("skill_search", "search.form", r#"page http://x.test/ "X"
            f1 form search "Rechercher:text|Langue:text" @header"#, json!({"query": "vélo"}), vec![
            ("dom_type", json!({"id": "f1", "field": "Rechercher", "text": "vélo", "submit": true})),
        ]),
        err("skill_search", "search.no_field", r#"page http://x.test/ "X"
            f1 form search "Category:select" "Go""#, json!({"query": "usb"}), "A search field in form f1 (Category) is not on this page."),
        ok("skill_search", "search.opener", HOME, json!({"query": "usb"}), vec![("dom_click", json!({"id": "a2"}))])
            .then(json!({"query": "usb", "opened": true})),
        err("skill_search", "search.none", LOGIN, json!({"query": "usb"}), "A search box is not on this page. This site has no search here"),

        // skill_fill_form
        err("skill_fill_form", "form.unknown", LOGIN, json!({"form": "f9", "fields": {"Email": "a"}}), "A form with id f9 is not on this page"),
        // The form's order, types decide the call, a secret typed as its placeholder, then submit.
        ok("skill_fill_form", "fill.by_id", r#"page http://x.test/pay "Payment"
            f1 form checkout "First name|Last name|Country:select|Gift wrap:checkbox|Card number:text:cc-number" "Continue""#,
            json!({"form": "f1", "submit": "true", "fields": {"Last name": "Lovelace", "first name": "Ada", "Country": "France", "Gift wrap": true, "Card number": "4111 1111 1111 1111"}}), vec![
            ("dom_type", json!({"id": "f1", "field": "First name", "text": "Ada"})),
            ("dom_type", json!({"id": "f1", "field": "Last name", "text": "Lovelace"})),
            ("dom_select", json!({"id": "f1", "field": "Country", "value": "France"})),
            ("dom_check", json!({"id": "f1", "field": "Gift wrap", "checked": true})),
            ("dom_type", json!({"id": "f1", "field": "Card number", "text": "{{secret:card_number}}"})),
            ("dom_submit", json!({"id": "f1"})),
        ]),
        // Both forms have "Email": the contact form in the content, not the footer's newsletter.
        ok("skill_fill_form", "fill.by_fields", r#"page http://x.test/contact "Contact"
            f1 form newsletter "Email:email" "Subscribe" @footer
            f2 form contact "Name|Email:email|Message:textarea" "Send""#, json!({"fields": {"email": "ada@example.test"}}), vec![
            ("dom_type", json!({"id": "f2", "field": "Email", "text": "ada@example.test"})),
        ]),
        // Only one form has them all; a number is typed as written.
        ok("skill_fill_form", "fill.by_fields", r#"page http://x.test/contact "Contact"
            f1 form newsletter "Email:email" "Subscribe" @footer
            f2 form contact "Name|Email:email|Message:textarea" "Send""#, json!({"fields": {"Email": "ada@example.test", "Message": 42}}), vec![
            ("dom_type", json!({"id": "f2", "field": "Email", "text": "ada@example.test"})),
            ("dom_type", json!({"id": "f2", "field": "Message", "text": "42"})),
        ]),
        err("skill_fill_form", "fill.ambiguous", r#"page http://x.test/ "X"
            f1 form - "Email:email" @main
            f2 form - "Email:email" @main"#, json!({"fields": {"Email": "a@b.test"}}), "Several forms have these fields: f1 (Email), f2 (Email)."),
        err("skill_fill_form", "fill.ambiguous_field", r#"page http://x.test/ "X"
            f1 form - "First name|Last name""#, json!({"fields": {"name": "Ada"}}), "Several fields of form f1 fit “name”: “First name”, “Last name”. Use the field's full label"),
        err("skill_fill_form", "fill.missing", LOGIN, json!({"form": "f1", "fields": {"Phone": "1"}}), "A field “Phone” in form f1 is not on this page. Its fields: Email, Password, Remember me."),
        // Without `form`: the closest form says what it lacks.
        err("skill_fill_form", "fill.missing", LOGIN, json!({"fields": {"Email": "a@b.test", "Phone": "1"}}), "A field “Phone” in form f1"),

        // skill_paginate
        // The pager's "Next ›" before a look-alike button; "‹ Prev" back.
        ok("skill_paginate", "paginate.control", RESULTS, json!({"direction": "next"}), vec![("dom_click", json!({"id": "a3"}))]),
        ok("skill_paginate", "paginate.control", RESULTS, json!({"direction": "previous"}), vec![("dom_click", json!({"id": "a1"}))]),
        ok("skill_paginate", "paginate.control", r#"page http://x.test/blog "Blog"
            a1 link "»" @main
            a2 link "Ältere Beiträge" @main"#, json!({"direction": "next"}), vec![("dom_click", json!({"id": "a1"}))]),
        err("skill_paginate", "paginate.numbered", r#"page http://x.test/list "List"
            a1 link "2" pagination
            a2 link "3" pagination"#, json!({"direction": "next"}), "The pager shows numbered pages (a1 “2”, a2 “3”)"),
        err("skill_paginate", "paginate.none", LOGIN, json!({"direction": "previous"}), "A “previous page” control is not on this page."),

        // skill_navigate_by_menu
        ok("skill_navigate_by_menu", "menu.open", HOME, json!({"path": ["account", "Billing"]}), vec![("dom_click", json!({"id": "a4"}))])
            .then(json!({"path": ["Billing"], "opened": true})),
        // A link is hovered: clicking it would leave the page.
        ok("skill_navigate_by_menu", "menu.open", HOME, json!({"path": ["Products", "Lamps", "Desk lamps"]}), vec![("dom_hover", json!({"id": "a5"}))])
            .then(json!({"path": ["Lamps", "Desk lamps"], "opened": true})),
        // After opening: the exact label before a partial one, the first of equals (the menu's, listed before the footer's).
        ok("skill_navigate_by_menu", "menu.last", r#"page http://shop.test/ "Shop"
            a4 button "Account" menu @header
            a5 menuitem "Billing history"
            a6 menuitem "Billing"
            a7 link "Billing" @footer"#, json!({"path": ["Billing"], "opened": true}), vec![("dom_click", json!({"id": "a6"}))]),
        err("skill_navigate_by_menu", "menu.ambiguous", r#"page http://x.test/ "X"
            a1 link "Account settings" @nav
            a2 link "Site settings" @nav"#, json!({"path": ["settings"]}), "Several controls fit “settings”: a1 “Account settings”, a2 “Site settings”."),
        err("skill_navigate_by_menu", "menu.missing", LOGIN, json!({"path": ["Account", "Billing"]}), "“Account” is not on this page. Find it with pcd_query"),
        err("skill_navigate_by_menu", "menu.missing_after_open", HOME, json!({"path": ["Billing"], "opened": true}), "After opening the menu, “Billing” is not on this page."),

        // skill_checkout
        err("skill_checkout", "checkout.here", r#"page http://shop.test/checkout "Checkout"
            f1 form checkout "Email|Address" "Place order""#, json!({}), "This is the checkout already: f1 (Email, Address). Fill it in yourself"),
        // Never "Buy now with 1-Click" (it places the order); the cart's button before the footer link.
        ok("skill_checkout", "checkout.proceed", CART, json!({}), vec![("dom_click", json!({"id": "a3"}))]),
        err("skill_checkout", "checkout.only_order", r#"page http://shop.test/p/1 "Lamp"
            a1 button "Buy now" checkout"#, json!({}), "The only way on here places the order (a1 “Buy now”)."),
        ok("skill_checkout", "checkout.cart", HOME, json!({}), vec![("dom_click", json!({"id": "a3"}))])
            .then(json!({"fromCart": true})),
        err("skill_checkout", "checkout.empty_cart", r#"page http://shop.test/cart "Cart"
            a1 link "Cart" cart @header"#, json!({"fromCart": true}), "A checkout button in the cart is not on this page."),
        err("skill_checkout", "checkout.none", LOGIN, json!(null), "A cart or checkout control is not on this page."),

        // skill_extract
        err("skill_extract", "extract.none", LOGIN, json!({}), "A list is not on this page. Read the page's text with read_page"),
        ok("skill_extract", "extract.by_id", RESULTS, json!({"collection": "c2", "fields": "title"}), vec![("dom_extract", json!({"collectionId": "c2", "fields": ["title"]}))]),
        ok("skill_extract", "extract.by_name", RESULTS, json!({"collection": "recently viewed"}), vec![("dom_extract", json!({"collectionId": "c2"}))]),
        // Not named so: ranked as pcd_query ranks lists.
        ok("skill_extract", "extract.by_name", RESULTS, json!({"collection": "result"}), vec![("dom_extract", json!({"collectionId": "c1"}))]),
        err("skill_extract", "extract.unknown", RESULTS, json!({"collection": "flights"}), "A list of “flights” is not on this page. The lists: c1 results, ~20 items: title, price;"),
        ok("skill_extract", "extract.biggest", RESULTS, json!({}), vec![("dom_extract", json!({"collectionId": "c1"}))]),
        err("skill_extract", "extract.ambiguous", r#"page http://x.test/ "X"
            c1 list "news" 5 "title"
            c2 list "events" 5 "title,date""#, json!({}), "Several lists fit equally: c1 news, ~5 items: title; c2 events, ~5 items: title, date."),
    ]
}

/// The model's calls, decoded as the controller decodes them.
fn decoded(calls: &[(&str, Value)]) -> Vec<AgentCall> {
    calls.iter().map(|(name, args)| decode(name, args.clone()).unwrap_or_else(|e| panic!("{name} {args}: {e}"))).collect()
}

#[test]
fn skills_plan_their_fixtures() {
    let mut failures = Vec::new();
    for case in cases() {
        let got = plan(case.skill, &page(case.page), case.args.clone());
        let what = format!("{} {} {}", case.skill, case.rule, case.args);
        match (&got, &case.want) {
            (Ok(plan), Ok(steps)) => {
                if plan.rule != case.rule {
                    failures.push(format!("{what}: decided by {}", plan.rule));
                }
                if plan.steps != decoded(steps) {
                    failures.push(format!("{what}: steps\n  {:?}\n  want {:?}", plan.steps, decoded(steps)));
                }
                if plan.then != case.then {
                    failures.push(format!("{what}: then {:?}, want {:?}", plan.then, case.then));
                }
            }
            (Err(e), Err(says)) => {
                if e.rule() != Some(case.rule) || !e.to_string().contains(says) {
                    failures.push(format!("{what}: error by {:?}: {e}\n  want by {} saying {says:?}", e.rule(), case.rule));
                }
            }
            (got, _) => failures.push(format!("{what}: got {got:?}")),
        }
    }
    assert!(failures.is_empty(), "{} failing:\n{}", failures.len(), failures.join("\n"));
    assert!(cases().len() >= 45);
}

#[test]
fn every_match_rule_has_a_fixture_and_a_unique_id() {
    let cases = cases();
    let covered: BTreeSet<(&str, &str)> = cases.iter().map(|c| (c.skill, c.rule)).collect();
    let mut problems = Vec::new();
    for skill in SKILLS {
        let mut seen = BTreeSet::new();
        for rule in skill.rules {
            if !seen.insert(rule.id) {
                problems.push(format!("{}: duplicate {}", skill.name, rule.id));
            }
            if !covered.contains(&(skill.name, rule.id)) {
                problems.push(format!("{}: no fixture for {}", skill.name, rule.id));
            }
        }
    }
    for (skill, rule) in &covered {
        if !find(skill).is_some_and(|s| s.rules.iter().any(|r| r.id == *rule)) {
            problems.push(format!("{skill}: fixture of unknown rule {rule}"));
        }
    }
    assert!(problems.is_empty(), "{problems:?}");
}

/// Whatever the page, a skill's click never commits on its own (the
/// checkout skill's promise; the others have no reason to either).
#[test]
fn no_planned_click_is_high_risk() {
    use crate::safety::{assess, ActionVerb, Risk, StepFacts};
    for case in cases() {
        let mini = page(case.page);
        let Ok(plan) = plan(case.skill, &mini, case.args.clone()) else { continue };
        for step in &plan.steps {
            let AgentCall::Click(click) = step else { continue };
            let Some(action) = mini.actions.iter().find(|a| Some(&a.id) == click.target.id.as_ref()) else { continue };
            let mut facts = StepFacts::new(ActionVerb::Click, &action.label);
            facts.kind = action.kind.as_deref().and_then(|k| k.parse().ok());
            assert_ne!(assess(&facts).risk, Risk::High, "{} clicks {:?}", case.skill, action.label);
        }
    }
}

#[test]
fn loose_and_bad_arguments_are_told_to_the_model() {
    let mini = page(LOGIN);
    let e = plan("skill_paginate", &mini, json!({"direction": "sideways"})).unwrap_err();
    assert!(e.to_string().starts_with("The arguments of `skill_paginate` are not valid: unknown variant `sideways`"), "{e}");
    let e = plan("skill_login", &mini, json!({"username": "  "})).unwrap_err();
    assert_eq!(e.to_string(), "The arguments of `skill_login` are not valid: `username` is empty. Send a JSON object matching its parameters.");
    let e = plan("skill_fill_form", &mini, json!({"form": "f1", "fields": {"Remember me": "maybe"}})).unwrap_err();
    assert!(e.to_string().contains("“Remember me” is a checkbox; give true or false, not “maybe”"), "{e}");
    let e = plan("skill_teleport", &mini, json!({})).unwrap_err();
    assert!(e.to_string().starts_with("There is no skill `skill_teleport`. Skills: skill_login, skill_search"), "{e}");
    // Dotted names and a double-encoded argument object, as models write them.
    assert!(plan("skill.login", &mini, json!("{\"username\": \"ada\"}")).is_ok());
}

#[test]
fn schemas_are_compact_and_hide_the_skills_own_arguments() {
    for skill in SKILLS {
        let schema = skill.parameters();
        let text = schema.to_string();
        assert!(skill.name.starts_with("skill_") && skill.description.len() < 200, "{}", skill.name);
        assert_eq!(schema["type"], "object", "{}: {text}", skill.name);
        for hidden in ["$schema", "title", "opened", "afterUser", "fromCart", "definitions"] {
            assert!(!text.contains(hidden), "{}: {hidden} in {text}", skill.name);
        }
    }
    let fill = find("skill_fill_form").unwrap().parameters();
    assert_eq!(fill["required"], json!(["fields"]));
    assert_eq!(fill["properties"]["fields"]["additionalProperties"]["type"], json!(["string", "number", "boolean"]));
    let paginate = find("skill_paginate").unwrap().parameters();
    assert_eq!(paginate["properties"]["direction"]["enum"], json!(["next", "previous"]));
}
