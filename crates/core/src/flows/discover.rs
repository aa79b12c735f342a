//! Action discovery (issue 43 point 5; seed 004 §4): what a page lets the
//! user do, read from its MiniPCD by rule (no model call), as suggestions
//! the panel can run, and as *site commands*: flows of source
//! `discovered`, scoped to the page's host, whose sentences bind to this
//! site's own controls ("search for lamps" → its search form).
//!
//! Rules, each capability once, in the order shown:
//! - a **search** form (purpose `search`/`search_products`): type
//!   `{query}` into its field, press Enter;
//! - a **login** form: type `{username}`, then the password, a secret
//!   parameter asked at run time and never stored, then its submit;
//! - a **newsletter** form: type `{email}`, then its submit;
//! - any other form: a suggestion to fill it in, left to the agent;
//! - **navigation links** (kind `navigation`, distinct labels, the first
//!   [`MAX_LINKS`]): "go to ‹label›" clicks the link;
//! - other **buttons** (not a form's submit): "click “‹label›”", the
//!   built-in command;
//! - **collections**: "get all ‹name›", the built-in extract.
//!
//! Every site command starts by opening the page it was found on (without
//! its query: a search term is not kept), which replay skips when the tab
//! is already there. Discovered commands run only on their own host
//! ([`applicable`]), after the user's recorded flows, so they never take a
//! sentence on another site.

use super::grammar::site_name;
use super::model::{
    FlowParameter, FlowScope, FlowSource, FlowStep, ParamType, ScopeKind, StepAction, StepTarget,
    StepValue, WebFlow, FLOW_VERSION,
};
use super::record::host_of;
use crate::safety::SecretKind;
use crate::types::{FieldSummary, MiniForm, MiniPcd, NameMode, RoleSelector};
use serde::{Deserialize, Serialize};

/// Navigation links offered as site commands, at most.
pub const MAX_LINKS: usize = 6;
/// Buttons suggested, at most.
pub const MAX_BUTTONS: usize = 4;

/// What kind of thing a suggestion does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CapabilityKind {
    Search,
    SignIn,
    Subscribe,
    Form,
    Navigate,
    Action,
    Collection,
}

/// One thing the page lets the user do, as the panel offers it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Suggestion {
    pub kind: CapabilityKind,
    /// What it is ("Search products", "Pricing").
    pub label: String,
    /// What the user says; `…` stands for a value they add.
    pub sentence: String,
}

impl Suggestion {
    /// Whether the sentence runs as it is (no value left to add).
    pub fn complete(&self) -> bool {
        !self.sentence.contains('…')
    }
}

/// A page's capabilities: suggestions, and the flows to register.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Discovery {
    /// The host the site commands are scoped to (`shop.test:8080`).
    pub host: String,
    pub suggestions: Vec<Suggestion>,
    pub flows: Vec<WebFlow>,
}

/// Discovers what `mini`'s page offers (see the module docs).
pub fn discover(mini: &MiniPcd) -> Discovery {
    let Some(host) = host_of(&mini.url) else {
        return Discovery::default();
    };
    let mut d = Discovery {
        host: host.clone(),
        ..Default::default()
    };
    let site = Site {
        host,
        name: site_name(&mini.title),
        page: mini
            .url
            .split(['?', '#'])
            .next()
            .unwrap_or_default()
            .to_owned(),
    };
    let mut submits: Vec<&str> = Vec::new();
    for form in &mini.forms {
        submits.extend(form.submit_label.as_deref());
        let purpose = form.purpose.as_deref().unwrap_or_default();
        let found = match purpose {
            "search" | "search_products" => search(&site, form),
            "login" => sign_in(&site, form),
            "newsletter" => subscribe(&site, form),
            _ => None,
        };
        match found {
            Some((suggestion, flow))
                if !d.suggestions.iter().any(|s| s.kind == suggestion.kind) =>
            {
                d.suggestions.push(suggestion);
                d.flows.push(flow);
            }
            Some(_) => {}
            None => {
                let words = if purpose.is_empty() {
                    String::new()
                } else {
                    format!("{} ", purpose.replace('_', " "))
                };
                d.suggestions.push(Suggestion {
                    kind: CapabilityKind::Form,
                    label: form_label(form),
                    sentence: format!("fill in the {words}form with …"),
                });
            }
        }
    }
    let mut links = 0;
    let mut buttons = 0;
    for action in &mini.actions {
        let label = action.label.trim();
        let taken = d
            .suggestions
            .iter()
            .any(|s| s.label.eq_ignore_ascii_case(label));
        if taken || label.chars().filter(|c| c.is_alphabetic()).count() < 2 {
            continue;
        }
        let role = serde_json::to_value(action.role)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default();
        if action.kind.as_deref() == Some("navigation") && role == "link" && links < MAX_LINKS {
            links += 1;
            let sentence = format!("go to {label}");
            let target = target(
                &role,
                label,
                action.landmark,
                action.frame_path.clone(),
                action.kind.clone(),
            );
            let flow = site.flow(
                &sentence,
                vec![FlowStep {
                    action: StepAction::Click,
                    target: Some(target),
                    navigates: true,
                }],
                Vec::new(),
                vec![format!("(go to|open|show) [the] {} [page]", words(label))],
            );
            d.suggestions.push(Suggestion {
                kind: CapabilityKind::Navigate,
                label: label.to_owned(),
                sentence,
            });
            d.flows.push(flow);
        } else if role == "button" && !submits.contains(&label) && buttons < MAX_BUTTONS {
            buttons += 1;
            d.suggestions.push(Suggestion {
                kind: CapabilityKind::Action,
                label: label.to_owned(),
                sentence: format!("click “{label}”"),
            });
        }
    }
    for c in &mini.collections {
        let name = spaced(&c.name);
        d.suggestions.push(Suggestion {
            kind: CapabilityKind::Collection,
            label: name.clone(),
            sentence: format!("get all {name}"),
        });
    }
    // Flows whose sentences do not compile never leave here.
    d.flows.retain(|f| f.check().is_ok());
    d
}

/// The discovered flows that may run on `host`, after every other flow
/// (a flow the user recorded wins a sentence both would take).
pub fn applicable(flows: &[WebFlow], host: Option<&str>) -> Vec<WebFlow> {
    let (mut mine, found): (Vec<WebFlow>, Vec<WebFlow>) = flows
        .iter()
        .cloned()
        .partition(|f| f.source != FlowSource::Discovered);
    mine.extend(
        found
            .into_iter()
            .filter(|f| host.is_some_and(|h| f.scope.domains.iter().any(|d| d == h))),
    );
    mine
}

/// `flows` without the site commands of `host`.
pub fn without_site(flows: &[WebFlow], host: &str) -> Vec<WebFlow> {
    flows
        .iter()
        .filter(|f| {
            !(f.source == FlowSource::Discovered && f.scope.domains.iter().any(|d| d == host))
        })
        .cloned()
        .collect()
}

/// Where the page was found, shared by its flows.
struct Site {
    host: String,
    name: Option<String>,
    /// The page's address without query or fragment.
    page: String,
}

impl Site {
    /// A site command called "‹what› on ‹host›".
    fn flow(
        &self,
        what: &str,
        mut steps: Vec<FlowStep>,
        parameters: Vec<FlowParameter>,
        grammar_patterns: Vec<String>,
    ) -> WebFlow {
        steps.insert(
            0,
            FlowStep {
                action: StepAction::Navigate {
                    url: self.page.clone(),
                },
                target: None,
                navigates: false,
            },
        );
        WebFlow {
            name: format!("{what} on {}", self.host),
            description: format!("Found on {}", self.page),
            parameters,
            steps,
            grammar_patterns,
            scope: FlowScope {
                kind: ScopeKind::Site,
                domains: vec![self.host.clone()],
            },
            source: FlowSource::Discovered,
            version: FLOW_VERSION,
            site_name: self.name.clone(),
        }
    }

    /// The site's name as pattern words, if it has one.
    fn words(&self) -> Option<String> {
        self.name.as_deref().map(words).filter(|w| !w.is_empty())
    }
}

fn search(site: &Site, form: &MiniForm) -> Option<(Suggestion, WebFlow)> {
    let field = form
        .field_summaries
        .iter()
        .find(|f| matches!(f.field_type.as_str(), "search" | "text"))?;
    // Enter, as a person sends a search: a search form's button is often
    // an unnamed icon.
    let enter = StepAction::PressKey { key: "Enter".into() };
    let steps = vec![typing(form, field, "query"), FlowStep { action: enter, target: Some(field_target(form, field)), navigates: true }];
    // The generic sentence last: a slot takes as much as it can, so the
    // patterns that name the site must be tried first.
    let mut patterns = Vec::new();
    if let Some(s) = site.words() {
        patterns.push(format!("search [the] {s} for {{query}}"));
        patterns.push(format!("search [for] {{query}} (on|in|at) [the] {s}"));
    }
    patterns.push("search (this|the) (site|website|page) for {query}".into());
    patterns.push("search [for] {query} (on|in) (this|the) (site|website|page)".into());
    patterns.push("search [for] {query}".into());
    let flow = site.flow(
        "search",
        steps,
        vec![param("query", &field.label, false)],
        patterns,
    );
    Some((
        Suggestion {
            kind: CapabilityKind::Search,
            label: field.label.clone(),
            sentence: "search for …".into(),
        },
        flow,
    ))
}

fn sign_in(site: &Site, form: &MiniForm) -> Option<(Suggestion, WebFlow)> {
    let user = form
        .field_summaries
        .iter()
        .find(|f| matches!(f.field_type.as_str(), "email" | "text" | "tel"))?;
    let password = form
        .field_summaries
        .iter()
        .find(|f| f.field_type == "password")?;
    let submit = form.submit_label.as_deref()?;
    let steps = vec![
        typing(form, user, "username"),
        typing(form, password, "password"),
        submitting(form, submit, "login", true),
    ];
    let mut secret = param("password", &password.label, true);
    secret.secret = true;
    secret.secret_kind = Some(SecretKind::Password);
    let mut patterns = vec!["(sign|log) in as {username}".to_owned()];
    if let Some(s) = site.words() {
        patterns.push(format!(
            "(sign|log) (in to|into|on to|onto) [the] {s} as {{username}}"
        ));
    }
    let flow = site.flow(
        "sign in",
        steps,
        vec![param("username", &user.label, true), secret],
        patterns,
    );
    Some((
        Suggestion {
            kind: CapabilityKind::SignIn,
            label: form_label(form),
            sentence: "sign in as …".into(),
        },
        flow,
    ))
}

fn subscribe(site: &Site, form: &MiniForm) -> Option<(Suggestion, WebFlow)> {
    let email = form
        .field_summaries
        .iter()
        .find(|f| matches!(f.field_type.as_str(), "email" | "text"))?;
    let submit = form.submit_label.as_deref()?;
    let steps = vec![
        typing(form, email, "email"),
        submitting(form, submit, "subscribe", false),
    ];
    let patterns = vec!["(subscribe|sign up) [to the newsletter|to the mailing list|for the newsletter] with {email}".to_owned()];
    let flow = site.flow(
        "subscribe",
        steps,
        vec![param("email", &email.label, true)],
        patterns,
    );
    Some((
        Suggestion {
            kind: CapabilityKind::Subscribe,
            label: form_label(form),
            sentence: "subscribe with …".into(),
        },
        flow,
    ))
}

fn param(name: &str, label: &str, required: bool) -> FlowParameter {
    FlowParameter {
        name: name.into(),
        param_type: ParamType::String,
        required,
        default: None,
        secret: false,
        secret_kind: None,
        description: label.into(),
    }
}

/// Types parameter `param` into `field`.
fn typing(form: &MiniForm, field: &FieldSummary, param: &str) -> FlowStep {
    let value = StepValue::Param(param.into());
    FlowStep { action: StepAction::Type { value }, target: Some(field_target(form, field)), navigates: false }
}

/// Clicks the form's submit button `label` (a control of `kind`).
fn submitting(form: &MiniForm, label: &str, kind: &str, navigates: bool) -> FlowStep {
    let button = target("button", label, form.landmark, form.frame_path.clone(), Some(kind.into()));
    FlowStep { action: StepAction::Click, target: Some(button), navigates }
}

/// A form field's target: the role its type has, named by its label.
fn field_target(form: &MiniForm, field: &FieldSummary) -> StepTarget {
    let role = match field.field_type.as_str() {
        "search" => "searchbox",
        "number" => "spinbutton",
        "select" => "combobox",
        _ => "textbox",
    };
    target(
        role,
        &field.label,
        form.landmark,
        form.frame_path.clone(),
        None,
    )
}

fn target(
    role: &str,
    label: &str,
    landmark: Option<crate::types::Landmark>,
    frame_path: Option<Vec<String>>,
    kind: Option<String>,
) -> StepTarget {
    let mut selector = RoleSelector::role(role, Some(label), NameMode::Exact);
    if let RoleSelector::Role {
        within_landmark,
        frame_path: path,
        ..
    } = &mut selector
    {
        *within_landmark = landmark;
        path.clone_from(&frame_path);
    }
    StepTarget {
        selector,
        alt_selectors: Vec::new(),
        role: Some(role.into()),
        label: label.into(),
        landmark,
        kind,
        frame_path,
    }
}

fn form_label(form: &MiniForm) -> String {
    form.submit_label
        .clone()
        .or_else(|| form.field_summaries.first().map(|f| f.label.clone()))
        .unwrap_or_else(|| "Form".into())
}

/// Pattern words of a label, as one string ("Pricing & plans" → "pricing plans").
fn words(text: &str) -> String {
    super::grammar::words(text).join(" ")
}

/// "productGrid" → "product grid".
fn spaced(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_uppercase() && !out.is_empty() {
            out.push(' ');
        }
        out.extend(c.to_lowercase());
    }
    out.replace(['_', '-'], " ")
}
