//! Fixtures of the skills' effects (the page before, the page after, the
//! last step's observation → worked, or what the model is told), and whole
//! skill calls over several phases run the way the controller runs them.

use super::fixtures::page;
use super::*;
use crate::agent::tools::decode;
use crate::types::{CollectionCount, Observation};
use serde_json::json;

/// `expect` judged from `before` to `after`: `Ok` or words of the error.
struct Effect {
    expect: Expect,
    before: &'static str,
    after: &'static str,
    observation: Option<Observation>,
    want: Result<(), &'static str>,
}

fn effect(expect: &Expect, before: &'static str, after: &'static str, want: Result<(), &'static str>) -> Effect {
    Effect { expect: expect.clone(), before, after, observation: None, want }
}

fn observed(url_changed: bool, counts: &[(&str, u32)]) -> Option<Observation> {
    Some(Observation {
        url: "http://shop.test/list".into(),
        title: "List".into(),
        ts: 1.0,
        url_changed: Some(url_changed),
        collection_summary: Some(counts.iter().map(|(id, count)| CollectionCount { id: (*id).into(), count: *count }).collect()),
        focused_role: None,
    })
}

const SIGN_IN: &str = r#"page http://shop.test/login "Sign in" out
    f1 form login "Email:email|Password:password" "Sign in""#;
const LIST: &str = r#"page http://shop.test/list "List"
    a1 link "Next ›" pagination
    c1 list "results" 20 "title,price""#;
const PRODUCT: &str = r#"page http://shop.test/p/1 "Lamp"
    a1 button "Add to cart" add_to_cart"#;

#[rustfmt::skip]
fn effects() -> Vec<Effect> {
    let signed_in = Expect::SignedIn { form: "f1".into() };
    let changed = Expect::Changed { failure: "Nothing happened.".into() };
    vec![
        effect(&signed_in, SIGN_IN, r#"page http://shop.test/login "Sign in" in
            f1 form login "Email:email|Password:password" "Sign in""#, Ok(())),
        effect(&signed_in, SIGN_IN, SIGN_IN, Err("The sign-in form is still there: the username or password may be wrong")),
        effect(&signed_in, SIGN_IN, r#"page http://shop.test/login/2fa "Verify"
            f2 form - "Verification code:text:otp" "Verify""#, Err("The site now asks for a verification code: type {{secret:one_time_code}}")),
        effect(&signed_in, SIGN_IN, r#"page http://shop.test/account "Your account""#, Ok(())),
        effect(&signed_in, SIGN_IN, r#"page http://shop.test/login "Sign in""#, Ok(())),
        effect(&changed, LIST, LIST, Err("Nothing happened.")),
        effect(&changed, LIST, r#"page http://shop.test/list?page=2 "List""#, Ok(())),
        effect(&changed, LIST, r#"page http://shop.test/list "List" ts=2
            a1 link "Next ›" pagination
            c1 list "results" 20 "title,price""#, Ok(())),
        effect(&changed, LIST, r#"page http://shop.test/list "List"
            a1 link "Next ›" pagination
            a2 link "‹ Prev" pagination
            c1 list "results" 20 "title,price""#, Ok(())),
        effect(&changed, LIST, r#"page http://shop.test/list "List"
            a1 link "Next ›" pagination
            c1 list "results" 40 "title,price""#, Ok(())),
        Effect { observation: observed(true, &[]), ..effect(&changed, LIST, LIST, Ok(())) },
        Effect { observation: observed(false, &[("c1", 40)]), ..effect(&changed, LIST, LIST, Ok(())) },
        Effect { observation: observed(false, &[("c1", 20)]), ..effect(&changed, LIST, LIST, Err("Nothing happened.")) },
        // A form that grew a field (the password step of a two-step sign-in).
        effect(&changed, r#"page http://x.test/signin "Sign in"
            f1 form login "Email:email" "Next""#, r#"page http://x.test/signin "Sign in"
            f1 form login "Email:email|Password:password" "Next""#, Ok(())),
        effect(&Expect::AtCheckout, PRODUCT, r#"page http://shop.test/order "Your order"
            f1 form checkout "Email|Address" "Place order""#, Ok(())),
        effect(&Expect::AtCheckout, PRODUCT, r#"page http://shop.test/checkout/start "Almost there""#, Ok(())),
        effect(&Expect::AtCheckout, PRODUCT, r#"page http://shop.test/order/1 "Delivery"
            f1 form shipping_address "Street|City" "Continue""#, Ok(())),
        effect(&Expect::AtCheckout, PRODUCT, SIGN_IN, Err("The shop asks to sign in (or to go on as a guest) before the checkout")),
        effect(&Expect::AtCheckout, PRODUCT, PRODUCT, Err("This does not look like the checkout")),
        effect(&Expect::Nothing, PRODUCT, PRODUCT, Ok(())),
    ]
}

#[test]
fn effects_are_judged_on_the_page_after() {
    let mut failures = Vec::new();
    for (i, e) in effects().iter().enumerate() {
        let got = e.expect.judge(&page(e.before), &page(e.after), e.observation.as_ref());
        let fine = match (&got, &e.want) {
            (Ok(()), Ok(())) => true,
            (Err(text), Err(says)) => text.contains(says),
            _ => false,
        };
        if !fine {
            failures.push(format!("#{i} {:?}: got {got:?}, want {:?}", e.expect, e.want));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A skill call as the controller runs it: plan on the current page, run
/// the steps (here: the next page of the script is the page after them),
/// judge the effects, and plan again with `then` on the new page. Returns
/// the steps of every phase, or the first error for the model.
fn run(skill: &str, args: serde_json::Value, pages: &[&str]) -> Result<Vec<AgentCall>, String> {
    let mut steps = Vec::new();
    let mut args = args;
    for phase in 0..MAX_PHASES {
        let (before, after) = (page(pages[phase]), page(pages[phase + 1]));
        let plan = plan(skill, &before, args).map_err(|e| e.to_string())?;
        steps.extend(plan.steps.iter().cloned());
        plan.effects(&before, &after, None)?;
        match plan.then {
            Some(next) => args = next,
            None => return Ok(steps),
        }
    }
    Err("too many phases".into())
}

fn calls(list: &[(&str, serde_json::Value)]) -> Vec<AgentCall> {
    list.iter().map(|(name, args)| decode(name, args.clone()).unwrap()).collect()
}

const HOME: &str = r#"page http://shop.test/ "Shop" out
    a1 link "Sign in" login @header
    a3 link "Cart (1)" cart @header
    a4 button "Account" menu @header"#;
const SIGNED_IN: &str = r#"page http://shop.test/account "Your account" in
    a1 link "Sign out" logout @header"#;

#[test]
fn login_follows_the_sign_in_link_then_fills_the_form() {
    let steps = run("skill_login", json!({"username": "ada@example.test"}), &[HOME, SIGN_IN, SIGNED_IN]);
    assert_eq!(
        steps,
        Ok(calls(&[
            ("dom_click", json!({"id": "a1"})),
            ("dom_type", json!({"id": "f1", "field": "Email", "text": "ada@example.test"})),
            ("dom_type", json!({"id": "f1", "field": "Password", "text": "{{secret:password}}"})),
            ("dom_submit", json!({"id": "f1"})),
        ]))
    );
    // A wrong password: the form stays, and the model is told.
    let failed = run("skill_login", json!({"username": "ada@example.test"}), &[HOME, SIGN_IN, SIGN_IN]);
    assert!(failed.unwrap_err().starts_with("The sign-in form is still there"));
}

#[test]
fn a_two_step_sign_in_types_the_user_then_the_password() {
    let user = r#"page http://x.test/signin "Sign in"
        f1 form login "Email or phone:email" "Next""#;
    let password = r#"page http://x.test/signin/pw "Welcome"
        f2 form login "Password:password" "Next""#;
    let done = r#"page http://x.test/home "Home" in"#;
    let steps = run("skill_login", json!({"username": "ada"}), &[user, password, done]).unwrap();
    assert_eq!(steps.len(), 4, "{steps:?}");
    // The site did not move on after the username: no password is typed.
    assert!(run("skill_login", json!({"username": "ada"}), &[user, user]).unwrap_err().starts_with("Nothing changed after sending the username"));
}

#[test]
fn checkout_goes_through_the_cart_and_stops_at_the_checkout() {
    let cart = r#"page http://shop.test/cart "Your cart"
        a3 link "Cart (1)" cart @header
        a7 button "Proceed to checkout" checkout @main
        a8 button "Buy now" checkout @main"#;
    let checkout = r#"page http://shop.test/checkout "Checkout"
        f1 form checkout "Email|Card number" "Place order""#;
    let steps = run("skill_checkout", json!({}), &[HOME, cart, checkout]).unwrap();
    assert_eq!(steps, calls(&[("dom_click", json!({"id": "a3"})), ("dom_click", json!({"id": "a7"}))]));
    // Called again there, it does nothing: the order is the model's call.
    let again = plan("skill_checkout", &page(checkout), json!({})).unwrap_err();
    assert_eq!(again.rule(), Some("checkout.here"));
}

#[test]
fn a_menu_path_opens_each_level_and_clicks_the_last() {
    let opened = r#"page http://shop.test/ "Shop" out
        a4 button "Account" menu @header
        a9 menuitem "Orders"
        a10 menuitem "Billing""#;
    let billing = r#"page http://shop.test/billing "Billing""#;
    let steps = run("skill_navigate_by_menu", json!({"path": ["Account", "Billing"]}), &[HOME, opened, billing]).unwrap();
    assert_eq!(steps, calls(&[("dom_click", json!({"id": "a4"})), ("dom_click", json!({"id": "a10"}))]));
    // The menu did not open: said after the first step, before guessing the second.
    let stuck = run("skill_navigate_by_menu", json!({"path": ["Account", "Billing"]}), &[HOME, HOME]).unwrap_err();
    assert!(stuck.starts_with("Opening “Account” showed no menu"), "{stuck}");
}
