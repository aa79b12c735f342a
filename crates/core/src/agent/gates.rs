//! The safety gates every writing step passes, in code (seed 000 §12;
//! issue 40 point 5): the site must be allowed for writes, a high-risk
//! step waits for the user's confirmation, and a secret field is filled
//! with a value the user gives the worker, never the model.
//!
//! The model cannot talk its way past these: they run on what the page
//! and the core's rules say about the element (its label, kind, form
//! purpose, field type), not on anything the model claims.

use super::bind::Bound;
use super::host::{Host, UserPrompt, UserReply};
use super::task::{StepStatus, Task};
use crate::safety::{
    assess, origin_of, parse_placeholder, ActionVerb, Risk, RiskVerdict, SecretKind, SiteAnswer, StepFacts,
};

/// What the gates decided.
#[derive(Debug, Clone, PartialEq)]
pub enum Gate {
    /// Go ahead; a secret, when the step types one, is held by the worker.
    Go { risk: Risk, secret: Option<u32> },
    /// Do not run the step; `brief` tells the model why.
    Stop { status: StepStatus, brief: String, risk: Risk },
}

/// Asks the user and waits, recording the wait in the task (so a
/// restarted worker shows the card again).
pub(super) async fn ask<H: Host>(host: &H, task: &mut Task, prompt: UserPrompt) -> UserReply {
    task.next_prompt += 1;
    let id = task.next_prompt;
    task.waiting_for = Some(prompt.clone());
    host.save(task).await;
    let reply = host.ask(id, &prompt).await;
    task.waiting_for = None;
    reply
}

/// Runs the gates for a write `verb` on `bound`, described to the user as
/// `action`; `text` is what a typing step types.
pub async fn check<H: Host>(host: &H, task: &mut Task, verb: ActionVerb, bound: &Bound, action: &str, text: Option<&str>) -> Gate {
    let (url, title) = task.page.as_ref().map(|p| (p.url.clone(), p.title.clone())).unwrap_or_default();
    let verdict = assess(&StepFacts {
        action: verb,
        label: &bound.label,
        role: Some(&bound.role),
        kind: bound.kind,
        form_purpose: bound.form.as_ref().and_then(|f| f.purpose),
        form_submit_label: bound.form.as_ref().and_then(|f| f.submit_label.as_deref()),
        page_url: &url,
        page_title: &title,
    });
    let risk = verdict.risk;
    let site = origin_of(&url).unwrap_or_else(|| url.clone());

    // 1. The site: the first write on an origin the user has not allowed asks.
    if task.grants.denied.contains(&site) {
        return Gate::Stop { status: StepStatus::Denied, brief: refused_site(&site), risk };
    }
    if !task.grants.once.contains(&site) && !host.site_allowed(&site).await {
        match ask(host, task, UserPrompt::Site { origin: site.clone(), action: action.to_owned() }).await {
            UserReply::Site { answer: SiteAnswer::Once } => {
                task.grants.once.insert(site.clone());
            }
            UserReply::Site { answer: SiteAnswer::Always } => host.allow_site(&site).await,
            UserReply::Cancelled => return cancelled(risk),
            _ => {
                task.grants.denied.insert(site.clone());
                return Gate::Stop { status: StepStatus::Denied, brief: refused_site(&site), risk };
            }
        }
    }

    // 2. High risk: exactly what, where, and why, for the user's click.
    if risk == Risk::High {
        let reason = reason_words(&verdict);
        match ask(host, task, UserPrompt::Confirm { action: action.to_owned(), site: site.clone(), risk, reason }).await {
            UserReply::Confirm { allow: true } => {}
            UserReply::Cancelled => return cancelled(risk),
            _ => {
                return Gate::Stop {
                    status: StepStatus::Denied,
                    brief: format!("The user declined: {action}. Do not try it again or another way; finish with done and say so."),
                    risk,
                }
            }
        }
    }

    // 3. A secret: the user types it in the panel; the model never sees it.
    // It goes only into a field that is itself for that secret: a
    // placeholder typed into a message box, a search field or a comment
    // would put the user's password where the page (or whoever reads the
    // message) sees it — the injection's way to steal it.
    let asked = text.and_then(secret_asked);
    if let (Some(kind), None) = (asked, bound.secret) {
        return Gate::Stop {
            status: StepStatus::Denied,
            brief: format!(
                "Refused: “{}” is not a {} field; a secret is typed only into its own field. Type ordinary text here.",
                bound.label,
                secret_words(kind)
            ),
            risk,
        };
    }
    let wants_secret = asked.or(if text.is_some() { bound.secret } else { None });
    if let Some(kind) = wants_secret {
        let kind = bound.secret.unwrap_or(kind);
        if let Some(handle) = host.stored_secret(&site, kind).await {
            return Gate::Go { risk, secret: Some(handle) };
        }
        return match ask(host, task, UserPrompt::Secret { secret: kind, field: bound.label.clone(), site }).await {
            UserReply::SecretReady { handle } => Gate::Go { risk, secret: Some(handle) },
            UserReply::Cancelled => cancelled(risk),
            _ => Gate::Stop {
                status: StepStatus::Denied,
                brief: format!("The user did not give the {}. Finish with done, or ask_user how to go on.", secret_words(kind)),
                risk,
            },
        };
    }
    Gate::Go { risk, secret: None }
}

/// The secret a typed text asks for: `{{secret:password}}` and the like,
/// or a bare `{{secret}}` (the field's kind decides; a password if unknown).
pub fn secret_asked(text: &str) -> Option<SecretKind> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if compact.eq_ignore_ascii_case("{{secret}}") {
        return Some(SecretKind::Password);
    }
    parse_placeholder(text)
}

fn cancelled(risk: Risk) -> Gate {
    Gate::Stop { status: StepStatus::Skipped, brief: "The task was stopped.".into(), risk }
}

fn refused_site(site: &str) -> String {
    format!("The user did not allow actions on {site}. Do not act on this site; finish with done and say so.")
}

fn reason_words(verdict: &RiskVerdict) -> String {
    verdict.reason.map(|r| r.describe().to_owned()).unwrap_or_else(|| "an action that cannot be undone".into())
}

/// "password", "card number", … for messages.
pub fn secret_words(kind: SecretKind) -> &'static str {
    match kind {
        SecretKind::Password => "password",
        SecretKind::CardNumber => "card number",
        SecretKind::CardCvc => "card security code",
        SecretKind::CardExpiry => "card expiry date",
        SecretKind::OneTimeCode => "one-time code",
    }
}
