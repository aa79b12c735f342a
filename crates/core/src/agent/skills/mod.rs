//! Reusable skills (seed 000 §10; issue 40 point 6): one model call that
//! runs several steps with no further model calls, e.g. `skill_search
//! {query}` finds the page's search form, types the query, presses Enter,
//! and checks that results appeared.
//!
//! Why: each model call costs seconds and tokens, and small models lose
//! their way in routine sequences (type the user, type the password,
//! submit; open the menu, pick the item). The routine parts are decided
//! from the MiniPCD alone, as `kind` decides what a control is.
//!
//! A skill does two things, both pure:
//! 1. **Match and bind** ([`SkillDef::plan`]): find the form, action or
//!    list that serves it on the page (by kind, purpose and label; one
//!    [`MatchRule`] per case, tried in order) and write the steps as the
//!    model's own calls ([`AgentCall`]s with ids and field labels from the
//!    listing). The controller runs them through the same binding and
//!    safety gates as the model's calls: a skill can do nothing the model
//!    could not, and every confirmation and secret prompt still happens.
//!    When nothing (or more than one thing) fits, the [`SkillError`] tells
//!    the model what to do instead.
//! 2. **Check the effect** ([`SkillPlan::effects`]): whether the page after
//!    shows it worked (signed in, results changed, the checkout reached). A
//!    failed effect is reported to the model like a failed action.
//!
//! A skill that must first open something (the sign-in page, the menu,
//! the cart) plans that step and asks to be planned again on the page it
//! leads to ([`SkillPlan::then`]), so each step binds to ids the page
//! really lists instead of guessed selectors; at most [`MAX_PHASES`].
//!
//! ## How the controller runs a skill call
//! 1. Offer [`SKILLS`] to the model beside `tools::TOOLS` (name,
//!    description, [`SkillDef::parameters`]); a call whose name [`find`]s
//!    a skill goes to [`plan`], not to `tools::decode`.
//! 2. `plan(page, args)`; an error's text is the call's result.
//! 3. Run [`SkillPlan::steps`] one by one as the model's own calls (the
//!    step runner: binding, gates, records); the first failure ends the
//!    skill and its brief is the result.
//! 4. [`SkillPlan::effects`] with the page the plan was made on, the page
//!    after, and the last step's observation; an error is the result, as
//!    a failed step.
//! 5. If [`SkillPlan::then`] is set, plan again on the new page with those
//!    arguments, at most [`MAX_PHASES`] plans in all.
//! 6. The result: the summaries and the steps' briefs, the page after as
//!    any step reports it.
//!
//! Modules: [`matching`] (shared picking and call builders), one per skill
//! or small group ([`account`]: login; [`forms`]: search, fill form;
//! [`navigate`]: paginate, menu; [`checkout`]; [`extract`]), [`effects`].

pub mod account;
pub mod checkout;
pub mod effects;
pub mod extract;
pub mod fits;
pub mod forms;
pub mod matching;
pub mod navigate;

#[cfg(test)]
pub(crate) mod fixtures;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod effects_tests;

pub use effects::Expect;

use super::tools::{compact, decode_args, AgentCall};
use crate::types::{MiniPcd, Observation};
use serde_json::Value;

/// At most this many plans (phases) per skill call: a menu path of five
/// levels, or cart then checkout.
pub const MAX_PHASES: usize = 5;

/// The steps a skill chose on a page.
#[derive(Debug, Clone, PartialEq)]
pub struct SkillPlan {
    /// Run in order; stop at the first that fails.
    pub steps: Vec<AgentCall>,
    /// What the skill does, for the model and the step record.
    pub summary: String,
    /// The [`MatchRule`] that chose the steps.
    pub rule: &'static str,
    /// What the page after the steps must show.
    pub expect: Expect,
    /// More to do on the page the steps lead to: plan the same skill
    /// there with these arguments (after the effects of this phase held).
    pub then: Option<Value>,
}

impl SkillPlan {
    /// Whether the steps worked, judged on the page after them (`before`:
    /// the page this plan was made on); the error is for the model.
    pub fn effects(&self, before: &MiniPcd, after: &MiniPcd, observation: Option<&Observation>) -> Result<(), String> {
        self.expect.judge(before, after, observation)
    }
}

/// One case a skill's matching handles (documentation and fixtures).
#[derive(Debug)]
pub struct MatchRule {
    /// Stable name: in [`SkillPlan::rule`] and [`SkillError::rule`].
    pub id: &'static str,
    /// The page that selects it, and what happens there.
    pub when: &'static str,
}

/// Why a skill cannot run here; the text is for the model and says what
/// to do instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SkillError {
    #[error("There is no skill `{name}`. Skills: {known}.")]
    UnknownSkill { name: String, known: String },
    #[error("The arguments of `{skill}` are not valid: {detail}. Send a JSON object matching its parameters.")]
    BadArguments { skill: &'static str, detail: String },
    #[error("{what} is not on this page. {instead}")]
    NoMatch { rule: &'static str, what: String, instead: String },
    /// `what` says what is ambiguous ("Several search forms are on this page").
    #[error("{what}: {options}. {instead}")]
    Ambiguous { rule: &'static str, what: String, options: String, instead: String },
    /// The skill would do the wrong thing here (already done, or only a
    /// step the model must take itself).
    #[error("{why} {instead}")]
    NotHere { rule: &'static str, why: String, instead: String },
}

impl SkillError {
    /// The [`MatchRule`] that decided (none for unknown skills and bad arguments).
    pub fn rule(&self) -> Option<&'static str> {
        match self {
            SkillError::NoMatch { rule, .. } | SkillError::Ambiguous { rule, .. } | SkillError::NotHere { rule, .. } => Some(rule),
            SkillError::UnknownSkill { .. } | SkillError::BadArguments { .. } => None,
        }
    }
}

/// One skill as the model sees it, with its matching.
pub struct SkillDef {
    /// Model-facing tool name (`skill_search`).
    pub name: &'static str,
    pub description: &'static str,
    /// The cases `plan` handles, in the order it tries them.
    pub rules: &'static [MatchRule],
    schema: fn() -> Value,
    plan: fn(&MiniPcd, Value) -> Result<SkillPlan, SkillError>,
    /// Whether a page has what the skill looks for ([`fits`]): it is
    /// offered to the model from then on (`agent::offer`).
    pub fits: fn(&MiniPcd) -> bool,
}

impl SkillDef {
    /// The arguments' JSON Schema, compacted as the tools' are.
    pub fn parameters(&self) -> Value {
        (self.schema)()
    }

    /// The steps on `page` for the model's `args` (JSON, possibly loose).
    pub fn plan(&self, page: &MiniPcd, args: Value) -> Result<SkillPlan, SkillError> {
        (self.plan)(page, args)
    }
}

/// The schema of `T` without its own doc (the skill has its description).
fn schema_of<T: schemars::JsonSchema>() -> Value {
    let mut schema = compact(schemars::generate::SchemaSettings::draft07().into_generator().into_root_schema_for::<T>().to_value());
    if let Some(map) = schema.as_object_mut() {
        map.remove("description");
    }
    schema
}

/// Declares the skill table: name, description, rules, argument type,
/// planner, and when it is offered.
macro_rules! skills {
    ($( $name:literal => $desc:literal, $rules:expr, $args:ty, $plan:path, $fits:path; )*) => {
        /// Every skill offered to the model, in the order they are listed.
        pub static SKILLS: &[SkillDef] = &[
            $( SkillDef {
                name: $name,
                description: $desc,
                rules: $rules,
                schema: schema_of::<$args>,
                plan: |page, args| {
                    let args: $args = decode_args(args).map_err(|e| SkillError::BadArguments { skill: $name, detail: e.to_string() })?;
                    $plan(page, args)
                },
                fits: $fits,
            }, )*
        ];
    };
}

skills! {
    "skill_login" => "Sign in: opens the sign-in form if needed, types the username, the password (the user is asked, never you) and submits.",
        account::LOGIN_RULES, account::LoginArgs, account::login, fits::login;
    "skill_search" => "Search this site: types the query into the page's search box, submits, and checks that results appeared.",
        forms::SEARCH_RULES, forms::SearchArgs, forms::search, fits::search;
    "skill_fill_form" => "Fill several fields of one form at once, by their labels; optionally submit it.",
        forms::FILL_RULES, forms::FillArgs, forms::fill_form, fits::fill_form;
    "skill_paginate" => "Go to the next or previous page of a list (results, products, rows).",
        navigate::PAGINATE_RULES, navigate::PaginateArgs, navigate::paginate, fits::paginate;
    "skill_navigate_by_menu" => "Follow a menu path by its labels, e.g. [\"Account\", \"Billing\"]: opens each menu and clicks the last item.",
        navigate::MENU_RULES, navigate::MenuArgs, navigate::menu, fits::menu;
    "skill_checkout" => "From a product or cart page to the checkout page (the cart, then its checkout button). Never places the order: that stays your own call.",
        checkout::CHECKOUT_RULES, checkout::CheckoutArgs, checkout::checkout, fits::checkout;
    "skill_extract" => "Read the best-matching list of the page as records (by list id or name, e.g. \"invoices\").",
        extract::EXTRACT_RULES, extract::ExtractArgs, extract::extract, fits::never;
}

/// The names of every skill, in table order.
pub fn skill_names() -> Vec<&'static str> {
    SKILLS.iter().map(|s| s.name).collect()
}

/// The skill by name (any case; `skill.search` as `skill_search`).
pub fn find(name: &str) -> Option<&'static SkillDef> {
    let wanted = name.trim().replace('.', "_");
    SKILLS.iter().find(|s| s.name.eq_ignore_ascii_case(&wanted))
}

/// Plans skill `name` on `page`: [`find`] then [`SkillDef::plan`].
pub fn plan(name: &str, page: &MiniPcd, args: Value) -> Result<SkillPlan, SkillError> {
    let skill = find(name).ok_or_else(|| SkillError::UnknownSkill { name: name.to_owned(), known: skill_names().join(", ") })?;
    skill.plan(page, args)
}
