//! The typed commands the grammar produces, and the one-line description the
//! side panel shows for each step ([`Command::describe`]: `Click “Sign in”`).

use super::dates::MonthRef;
use crate::tools::ScrollDirection;
use serde::{Deserialize, Serialize};

/// One thing the user asked for, ready to plan (`plan.rs`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "camelCase")]
pub enum Command {
    /// Open an address in this tab, or follow a link on the page.
    Open {
        target: OpenTarget,
    },
    Back,
    Forward,
    Reload,
    Scroll {
        dir: ScrollDirection,
    },
    Zoom {
        zoom: ZoomDir,
    },
    /// A new tab, on an address or the browser's new-tab page.
    NewTab {
        url: Option<String>,
    },
    CloseTab,
    /// Switch to the browser tab whose title or address matches, or the
    /// n-th tab ("tab 2").
    SwitchTab {
        text: String,
    },
    Click {
        target: Target,
    },
    Type {
        text: String,
        field: Target,
    },
    Select {
        option: String,
        field: Target,
    },
    /// Check (`on`) or uncheck a checkbox or switch.
    Check {
        target: Target,
        on: bool,
    },
    PressKey {
        key: Key,
    },
    /// Use the page's own search box.
    Search {
        text: String,
    },
    /// Act on the item of a collection dated in a month ("download last
    /// month's invoice"): `verb` names the item's control ("Download"),
    /// `what` the collection ("invoice"), `when` the month, resolved against
    /// today when the command runs.
    ForMonth {
        verb: String,
        what: String,
        when: MonthRef,
    },
    /// Read the items of a collection ("products", "invoices"); `all`
    /// ("extract all posts") scrolls it to load more than is rendered.
    Extract {
        what: String,
        #[serde(default)]
        all: bool,
    },
    /// List what the page offers (its MiniPCD).
    WhatCanIDo,
    Summarize,
    Screenshot,
    /// What the grammar understands ([`super::help_text`]).
    Help,
}

/// An element as the user named it: its label, and the kind of control if
/// they said ("the Save *button*").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Target {
    /// Verbatim as typed, without articles and role words.
    pub label: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<RoleHint>,
}

impl Target {
    pub fn new(label: impl Into<String>) -> Target {
        Target { label: label.into(), role: None }
    }

    pub fn with_role(label: impl Into<String>, role: RoleHint) -> Target {
        Target { label: label.into(), role: Some(role) }
    }
}

/// The kind of control a user named with a role word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum RoleHint {
    Button,
    Link,
    /// A text field ("box", "field", "input").
    Field,
    Checkbox,
    Radio,
    Dropdown,
    /// A tab of a tab list on the page (not a browser tab).
    Tab,
}

impl RoleHint {
    /// The ARIA roles that fit, most likely first.
    pub fn aria_roles(self) -> &'static [&'static str] {
        match self {
            RoleHint::Button => &["button"],
            RoleHint::Link => &["link"],
            RoleHint::Field => &["textbox", "searchbox", "combobox", "spinbutton"],
            RoleHint::Checkbox => &["checkbox", "switch", "menuitemcheckbox"],
            RoleHint::Radio => &["radio", "menuitemradio"],
            RoleHint::Dropdown => &["combobox", "listbox"],
            RoleHint::Tab => &["tab"],
        }
    }

    fn noun(self) -> &'static str {
        match self {
            RoleHint::Button => "button",
            RoleHint::Link => "link",
            RoleHint::Field => "field",
            RoleHint::Checkbox => "checkbox",
            RoleHint::Radio => "option",
            RoleHint::Dropdown => "dropdown",
            RoleHint::Tab => "tab",
        }
    }
}

/// What `open` opens (see the ambiguity rules in `mod.rs`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum OpenTarget {
    /// An absolute `http(s)` URL, normalised (`example.com` → `https://example.com/`).
    Url(String),
    /// Something on the page labelled so: a link (or button) to click.
    Link(Target),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ZoomDir {
    In,
    Out,
    Reset,
}

/// Keys by their `KeyboardEvent.key` names (seed 002's `pressKey`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Key {
    Enter,
    Escape,
    Tab,
    Space,
    Backspace,
    Delete,
    ArrowUp,
    ArrowDown,
    ArrowLeft,
    ArrowRight,
    PageUp,
    PageDown,
    Home,
    End,
}

/// How people say each key; matched against the whole slot.
#[rustfmt::skip]
const KEY_WORDS: &[(Key, &[&str])] = &[
    (Key::Enter, &["enter", "return"]),
    (Key::Escape, &["escape", "esc"]),
    (Key::Tab, &["tab"]),
    (Key::Space, &["space", "spacebar", "space bar"]),
    (Key::Backspace, &["backspace"]),
    (Key::Delete, &["delete", "del"]),
    (Key::ArrowUp, &["up", "arrow up", "up arrow"]),
    (Key::ArrowDown, &["down", "arrow down", "down arrow"]),
    (Key::ArrowLeft, &["left", "arrow left", "left arrow"]),
    (Key::ArrowRight, &["right", "arrow right", "right arrow"]),
    (Key::PageUp, &["page up", "pageup"]),
    (Key::PageDown, &["page down", "pagedown"]),
    (Key::Home, &["home"]),
    (Key::End, &["end"]),
];

impl Key {
    /// The key named by these (normalised) words, with or without a trailing
    /// "key"/"button": `["the", "enter", "key"]` is not a key (the caller
    /// strips articles), `["enter", "key"]` is [`Key::Enter`].
    pub fn from_words(words: &[&str]) -> Option<Key> {
        let words = match words {
            [rest @ .., "key" | "button"] if !rest.is_empty() => rest,
            _ => words,
        };
        let said = words.join(" ");
        KEY_WORDS.iter().find(|(_, names)| names.contains(&said.as_str())).map(|(k, _)| *k)
    }

    /// The `KeyboardEvent.key` value (`" "` is written `Space`, as Playwright does).
    pub fn as_str(self) -> &'static str {
        match self {
            Key::Enter => "Enter",
            Key::Escape => "Escape",
            Key::Tab => "Tab",
            Key::Space => "Space",
            Key::Backspace => "Backspace",
            Key::Delete => "Delete",
            Key::ArrowUp => "ArrowUp",
            Key::ArrowDown => "ArrowDown",
            Key::ArrowLeft => "ArrowLeft",
            Key::ArrowRight => "ArrowRight",
            Key::PageUp => "PageUp",
            Key::PageDown => "PageDown",
            Key::Home => "Home",
            Key::End => "End",
        }
    }
}

/// Longer quoted values are cut in descriptions: a step is one line.
const MAX_SHOWN: usize = 60;

/// What the panel shows instead of a secret.
pub const MASK: &str = "••••••";

/// Field labels whose typed text is shown masked in step descriptions.
const SECRET_FIELDS: &[&str] = &["password", "passcode", "pin", "cvc", "cvv", "card number", "security code"];

fn quote(s: &str) -> String {
    let s = s.trim();
    if s.chars().count() <= MAX_SHOWN {
        format!("“{s}”")
    } else {
        let cut: String = s.chars().take(MAX_SHOWN - 1).collect();
        // End at a word boundary when one is not too far back.
        let cut = match cut.rfind(char::is_whitespace) {
            Some(at) if at > cut.len() / 2 && s[cut.len()..].starts_with(|c: char| !c.is_whitespace()) => &cut[..at],
            _ => cut.as_str(),
        };
        format!("“{}…”", cut.trim_end())
    }
}

/// `“Sign in”`, or `the “Save” button` when a role was named.
fn target(t: &Target) -> String {
    match t.role {
        Some(role) => format!("the {} {}", quote(&t.label), role.noun()),
        None => quote(&t.label),
    }
}

fn is_secret(field: &Target) -> bool {
    let words = crate::kind::text::words(&field.label);
    SECRET_FIELDS.iter().any(|s| crate::kind::text::contains_phrase(&words, s))
}

impl Command {
    /// The text this command types into a password-like field, if it does:
    /// the panel masks it wherever it shows the input.
    pub fn secret_text(&self) -> Option<&str> {
        match self {
            Command::Type { text, field } if is_secret(field) => Some(text),
            _ => None,
        }
    }

    /// One line for the panel's step list, e.g. `Type “cats” into the “Search” field`.
    /// Text typed into password-like fields is masked.
    pub fn describe(&self) -> String {
        match self {
            Command::Open { target: OpenTarget::Url(url) } => format!("Open {url}"),
            Command::Open { target: OpenTarget::Link(t) } => format!("Open {}", target(t)),
            Command::Back => "Go back".into(),
            Command::Forward => "Go forward".into(),
            Command::Reload => "Reload the page".into(),
            Command::Scroll { dir: ScrollDirection::Up } => "Scroll up".into(),
            Command::Scroll { dir: ScrollDirection::Down } => "Scroll down".into(),
            Command::Scroll { dir: ScrollDirection::Top } => "Scroll to the top".into(),
            Command::Scroll { dir: ScrollDirection::Bottom } => "Scroll to the bottom".into(),
            Command::Zoom { zoom: ZoomDir::In } => "Zoom in".into(),
            Command::Zoom { zoom: ZoomDir::Out } => "Zoom out".into(),
            Command::Zoom { zoom: ZoomDir::Reset } => "Reset the zoom".into(),
            Command::NewTab { url: None } => "Open a new tab".into(),
            Command::NewTab { url: Some(url) } => format!("Open {url} in a new tab"),
            Command::CloseTab => "Close this tab".into(),
            Command::SwitchTab { text } => format!("Switch to the tab {}", quote(text)),
            Command::Click { target: t } => format!("Click {}", target(t)),
            // A secret written again in what was read as the field's label
            // ("input hunter2 on pin hunter2") is masked there too: the
            // step list showed it (found by `tests/fuzz`).
            Command::Type { text, field } if is_secret(field) && !text.is_empty() => {
                let label = Target { label: field.label.replace(text.as_str(), MASK), ..field.clone() };
                format!("Type {} into {}", quote(MASK), target(&label))
            }
            Command::Type { text, field } => {
                let shown = if is_secret(field) { MASK.to_owned() } else { text.clone() };
                format!("Type {} into {}", quote(&shown), target(field))
            }
            Command::Select { option, field } => format!("Select {} in {}", quote(option), target(field)),
            Command::Check { target: t, on: true } => format!("Check {}", target(t)),
            Command::Check { target: t, on: false } => format!("Uncheck {}", target(t)),
            Command::PressKey { key } => format!("Press {}", key.as_str()),
            Command::Search { text } => format!("Search this site for {}", quote(text)),
            Command::ForMonth { verb, what, when } => format!("{verb} the {what} of {when}"),
            Command::Extract { what, all: false } => format!("Extract {}", quote(what)),
            Command::Extract { what, all: true } => format!("Extract all {}", quote(what)),
            Command::WhatCanIDo => "List what can be done on this page".into(),
            Command::Summarize => "Summarize this page".into(),
            Command::Screenshot => "Take a screenshot".into(),
            Command::Help => "Show what I understand".into(),
        }
    }
}
