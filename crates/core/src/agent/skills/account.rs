//! `skill_login {username}`: the username into the sign-in form's user
//! field, the password into its password field, submit.
//!
//! The password is never the model's: the skill types the placeholder
//! `{{secret:password}}`, and the controller's secret gate asks the user
//! for the value, which the worker types (seed 000 §12). Two-step sign-ins
//! (the username, then a page asking for the password) and pages that only
//! link to the sign-in page are followed with further phases.

use super::effects::Expect;
use super::matching::{action_options, actions_of, click, field_labels, field_secret, first_best, is_texty, one_form, place, submit, text_field, type_into};
use super::{MatchRule, SkillError, SkillPlan};
use crate::kind::text::{contains_phrase, split_identifier, words};
use crate::kind::{ActionKind, FormPurpose};
use crate::safety::{placeholder, SecretKind};
use crate::types::{FieldSummary, LoginState, MiniForm, MiniPcd};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;

#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginArgs {
    /// Username or e-mail (never the password).
    pub username: String,
    /// The sign-in form's id, when the page has several.
    #[serde(default)]
    pub form: Option<String>,
    /// Set by the skill itself: the sign-in link was followed already.
    #[serde(default)]
    #[schemars(skip)]
    pub opened: bool,
    /// Set by the skill itself: the username step was done.
    #[serde(default)]
    #[schemars(skip)]
    pub after_user: bool,
}

#[rustfmt::skip]
pub const LOGIN_RULES: &[MatchRule] = &[
    MatchRule { id: "form.unknown", when: "`form` names no form of the page: error listing the forms" },
    MatchRule { id: "login.ambiguous", when: "several sign-in forms equally placed: error, give `form`" },
    MatchRule { id: "login.form", when: "a sign-in form with a user and a password field: type both, submit" },
    MatchRule { id: "login.user_step", when: "a sign-in form with only a user field: type it, submit, plan again for the password" },
    MatchRule { id: "login.password_step", when: "after the user step, a form with only a password field: type it, submit" },
    MatchRule { id: "login.no_password", when: "after the user step, no password field: error, read the page" },
    MatchRule { id: "login.no_user", when: "a sign-in form whose user field cannot be told (several unnamed text fields): error" },
    MatchRule { id: "login.signed_in", when: "no sign-in form and the page shows the user signed in: error, nothing to do" },
    MatchRule { id: "login.link", when: "no sign-in form, a sign-in control: click it, plan again there" },
    MatchRule { id: "login.none", when: "neither: error" },
];

/// Words of a user-name field's label or name, for forms that do not
/// mark it with `type=email`.
#[rustfmt::skip]
const USER_WORDS: &[&str] = &[
    "email", "e mail", "username", "user name", "user", "login", "user id", "account", "phone",
    "mobile", "benutzername", "benutzer", "identifiant", "courriel", "usuario", "correo", "utente",
    "gebruikersnaam", "логин", "почта", "用户名", "邮箱", "手机号", "ユーザー名", "メールアドレス",
    "아이디", "이메일",
];

fn is_password(f: &FieldSummary) -> bool {
    field_secret(f) == Some(SecretKind::Password)
}

/// The user field: an e-mail field or one whose label or name says user,
/// else the only text field.
fn user_field(form: &MiniForm) -> Option<&FieldSummary> {
    text_field(form, |f| {
        let text = format!("{} {}", f.label, f.name.as_deref().map(split_identifier).unwrap_or_default());
        let w = words(&text);
        f.field_type.eq_ignore_ascii_case("email") || USER_WORDS.iter().any(|p| contains_phrase(&w, p))
    })
}

pub fn login(page: &MiniPcd, args: LoginArgs) -> Result<SkillPlan, SkillError> {
    let form = one_form(page, &[FormPurpose::Login], args.form.as_deref(), "Several sign-in forms are on this page", "login.ambiguous")?;
    let Some(form) = form else { return without_form(page, args) };
    let user = user_field(form);
    let password = form.field_summaries.iter().find(|f| is_password(f));
    let secret = placeholder(SecretKind::Password);
    let signed_in = Expect::SignedIn { form: form.id.clone() };
    match (user, password) {
        (Some(user), Some(password)) => {
            let username = username(&args)?;
            Ok(SkillPlan {
                steps: vec![type_into(&form.id, &user.label, username, false), type_into(&form.id, &password.label, &secret, false), submit(&form.id)],
                summary: format!("Sign in as {username} with form {}; the user is asked for the password.", form.id),
                rule: "login.form",
                expect: signed_in,
                then: None,
            })
        }
        (None, Some(password)) if args.after_user || form.field_summaries.iter().all(|f| !is_texty(f) || is_password(f)) => Ok(SkillPlan {
            steps: vec![type_into(&form.id, &password.label, &secret, false), submit(&form.id)],
            summary: format!("Give the password in form {}; the user is asked for it.", form.id),
            rule: "login.password_step",
            expect: signed_in,
            then: None,
        }),
        (Some(_), None) if args.after_user => Err(no_password(form)),
        (Some(user), None) => {
            let username = username(&args)?;
            Ok(SkillPlan {
                steps: vec![type_into(&form.id, &user.label, username, false), submit(&form.id)],
                summary: format!("Sign in as {username} with form {}: the username first, then the password.", form.id),
                rule: "login.user_step",
                expect: Expect::Changed { failure: "Nothing changed after sending the username. Read the page (read_page): the site may not know that user.".into() },
                then: Some(json!({ "username": args.username, "afterUser": true, "opened": true })),
            })
        }
        _ if args.after_user => Err(no_password(form)),
        _ => Err(SkillError::NoMatch {
            rule: "login.no_user",
            what: format!("A field for the username in form {} ({})", form.id, field_labels(form)),
            instead: "Fill the form yourself with dom_type (write {{secret}} for the password).".into(),
        }),
    }
}

fn username(args: &LoginArgs) -> Result<&str, SkillError> {
    let name = args.username.trim();
    if name.is_empty() {
        return Err(SkillError::BadArguments { skill: "skill_login", detail: "`username` is empty".into() });
    }
    Ok(name)
}

fn no_password(form: &MiniForm) -> SkillError {
    SkillError::NotHere {
        rule: "login.no_password",
        why: format!("After the username, the site asks for no password (form {}: {}).", form.id, field_labels(form)),
        instead: "Read the page (read_page): it may show an error, send a code, or offer another way to sign in.".into(),
    }
}

/// No sign-in form: already signed in, or a control that leads to one.
fn without_form(page: &MiniPcd, args: LoginArgs) -> Result<SkillPlan, SkillError> {
    if page.login_state == LoginState::In {
        return Err(SkillError::NotHere {
            rule: "login.signed_in",
            why: "The page shows the user signed in already.".into(),
            instead: "Go on with the task; to switch users, sign out first.".into(),
        });
    }
    let links = || actions_of(page, &[ActionKind::Login]);
    match first_best(links(), |a| place(a.landmark)).filter(|_| !args.opened) {
        Some(link) => Ok(SkillPlan {
            steps: vec![click(&link.id)],
            summary: format!("Open the sign-in page (“{}”).", link.label),
            rule: "login.link",
            expect: Expect::Changed { failure: format!("Clicking “{}” showed no sign-in form. Look at the page (getMiniPCD).", link.label) },
            then: Some(json!({ "username": args.username, "opened": true })),
        }),
        None => Err(SkillError::NoMatch {
            rule: "login.none",
            what: "A sign-in form".into(),
            instead: match links().next() {
                Some(_) => format!("The sign-in controls here ({}) did not lead to one; look at the page (getMiniPCD).", action_options(links())),
                None => "Find the sign-in page (pcd_query \"sign in\"), then call skill_login there.".into(),
            },
        }),
    }
}
