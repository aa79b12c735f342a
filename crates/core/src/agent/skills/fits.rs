//! When a skill is worth offering on a page (`agent::offer`): the page has
//! what the skill's first [`MatchRule`](super::MatchRule)s look for. A
//! skill that cannot match here would only cost every request its schema
//! (and tempt a small model into a call that can only fail), so it is left
//! out until a page of the task shows what it needs; once offered it stays
//! (the offer only grows, see `agent::offer`).
//!
//! These are deliberately looser than the planners: offering a skill that
//! then says "not here" costs one call; not offering one the page needed
//! costs the routine it would have saved.

use super::matching::{actions_of, forms_for};
use crate::kind::{ActionKind, FormPurpose};
use crate::types::{ActionRole, LoginState, MiniPcd};

/// A sign-in form (any form with a password field), or a sign-in control
/// while not signed in (`login.link`).
pub fn login(page: &MiniPcd) -> bool {
    let password = page.forms.iter().any(|f| f.field_summaries.iter().any(|x| x.field_type.eq_ignore_ascii_case("password")));
    let form = forms_for(page, &[FormPurpose::Login]).next().is_some() || password;
    let link = page.login_state != LoginState::In && actions_of(page, &[ActionKind::Login]).next().is_some();
    form || link
}

/// A search form, a search field anywhere, or a control that opens one.
pub fn search(page: &MiniPcd) -> bool {
    forms_for(page, &[FormPurpose::Search, FormPurpose::SearchProducts]).next().is_some()
        || page.forms.iter().any(|f| f.field_summaries.iter().any(|x| x.field_type.eq_ignore_ascii_case("search")))
        || actions_of(page, &[ActionKind::Search]).next().is_some()
}

/// A form with two or more fields to fill (one field is one `dom_type`),
/// other than a sign-in or search form: `skill_login` and `skill_search`
/// do those, and a form without a purpose counts.
pub fn fill_form(page: &MiniPcd) -> bool {
    let own_skill = [FormPurpose::Login, FormPurpose::Search, FormPurpose::SearchProducts];
    page.forms.iter().any(|f| f.field_summaries.len() >= 2 && !super::matching::purpose_of(f).is_some_and(|p| own_skill.contains(&p)))
}

/// A pager's controls.
pub fn paginate(page: &MiniPcd) -> bool {
    actions_of(page, &[ActionKind::Pagination]).next().is_some()
}

/// A menu: a control that opens one, or menu items.
pub fn menu(page: &MiniPcd) -> bool {
    actions_of(page, &[ActionKind::Menu]).next().is_some() || page.actions.iter().any(|a| a.role == ActionRole::Menuitem)
}

/// A checkout control, a cart control that does not say the cart is
/// empty ("Cart 0 items", "Cart (0)": nothing to check out until an
/// "Add to cart" changes it, and then the offer grows), or a checkout
/// form (`checkout.here` says so).
pub fn checkout(page: &MiniPcd) -> bool {
    actions_of(page, &[ActionKind::Checkout]).next().is_some()
        || actions_of(page, &[ActionKind::Cart]).any(|a| !says_empty(&a.label))
        || forms_for(page, &[FormPurpose::Checkout]).next().is_some()
}

/// A label that says its cart holds nothing: "empty", or numbers that
/// are all zero ("0 items", "(0)", "$0.00").
fn says_empty(label: &str) -> bool {
    let numbers: Vec<&str> = label.split(|c: char| !c.is_ascii_digit()).filter(|n| !n.is_empty()).collect();
    crate::kind::text::words(label).iter().any(|w| w == "empty") || (!numbers.is_empty() && numbers.iter().all(|n| n.bytes().all(|b| b == b'0')))
}

/// Never offered: `dom_extract` reads a list by the id the listing gives,
/// which the model always has, so offering both would pay twice for one
/// ability. The skill stays callable (a model that names a list by name).
pub fn never(_: &MiniPcd) -> bool {
    false
}

