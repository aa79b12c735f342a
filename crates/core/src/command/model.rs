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
    /// Put the keyboard focus in a field ("put the cursor in the email box").
    Focus {
        target: Target,
    },
    /// Fill a sign-in form and send it ("sign in as kim with password
    /// xyz"). The password is a secret: masked wherever the input is shown.
    SignIn {
        user: String,
        password: String,
    },
    /// Close the popup or dialog in front with its close button.
    ClosePopup,
    /// Type the beginning of `text` into a field and pick the suggestion
    /// named `text` ("type the beginning of Portugal and choose the
    /// suggestion").
    Suggest {
        text: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        field: Option<Target>,
    },
    /// Open folders or tabs, one after another, until `label` shows, then
    /// click it (`click`) ("open folders until you reach Reports, then
    /// click it"; "look through the tabs for Pricing and open it").
    Reveal {
        label: String,
        via: RevealVia,
        #[serde(default)]
        click: bool,
    },
    /// Scroll inside the element named `label` ("scroll the terms box to
    /// the end").
    ScrollIn {
        label: String,
        dir: ScrollDirection,
    },
    /// Open a menu, then choose an item of it ("from the Actions menu pick
    /// Rename").
    InMenu {
        menu: Target,
        item: Target,
    },
    /// List what the page offers (its MiniPCD).
    WhatCanIDo,
    Summarize,
    Screenshot,
    /// What the grammar understands ([`super::help_text`]).
    Help,
}

/// An element as the user named it: its label, the kind of control if
/// they said ("the Save *button*"), and its place among the elements of
/// that kind ("the *second* checkbox").
///
/// The label may be empty when a role or a place names the element
/// alone: "the button" is the page's only button, "the 3rd input" the
/// third text field in page order (issue 45).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Target {
    /// Verbatim as typed, without articles, ordinals and role words.
    pub label: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<RoleHint>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nth: Option<Ordinal>,
}

impl Target {
    pub fn new(label: impl Into<String>) -> Target {
        Target { label: label.into(), role: None, nth: None }
    }

    pub fn with_role(label: impl Into<String>, role: RoleHint) -> Target {
        Target { label: label.into(), role: Some(role), nth: None }
    }

    /// An element named by its kind and place only ("the second checkbox").
    pub fn by_role(role: Option<RoleHint>, nth: Option<Ordinal>) -> Target {
        Target { label: String::new(), role, nth }
    }

    /// Whether the user gave no label, only a role and/or a place.
    pub fn is_unnamed(&self) -> bool {
        self.label.trim().is_empty()
    }
}

/// A place in page order among the elements of one kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Ordinal {
    /// 1-based: "first", "2nd", "number 3".
    Nth(u32),
    Last,
}

impl Ordinal {
    /// The ordinal one word names ("first", "2nd", "third", "last").
    pub fn from_word(word: &str) -> Option<Ordinal> {
        const WORDS: &[&str] = &["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];
        if word == "last" {
            return Some(Ordinal::Last);
        }
        if let Some(i) = WORDS.iter().position(|w| *w == word) {
            return Some(Ordinal::Nth(i as u32 + 1));
        }
        let digits = word.strip_suffix("st").or(word.strip_suffix("nd")).or(word.strip_suffix("rd")).or(word.strip_suffix("th"))?;
        digits.parse::<u32>().ok().filter(|n| (1..=99).contains(n)).map(Ordinal::Nth)
    }

    /// The 0-based index among `count` elements, if there is one.
    pub fn index(self, count: u32) -> Option<u32> {
        match self {
            Ordinal::Nth(n) if n >= 1 && n <= count => Some(n - 1),
            Ordinal::Last if count > 0 => Some(count - 1),
            _ => None,
        }
    }

    fn word(self) -> String {
        const WORDS: &[&str] = &["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];
        match self {
            Ordinal::Last => "last".into(),
            Ordinal::Nth(n) => WORDS.get(n as usize - 1).map_or_else(|| format!("{n}th"), |w| (*w).to_owned()),
        }
    }
}

/// What [`Command::Reveal`] opens while looking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum RevealVia {
    /// Collapsed folders or sections of a tree.
    Folders,
    /// The tabs of a tab strip.
    Tabs,
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
    /// One result of a search or list of results: a link in a list.
    Result,
    /// A collapsible section's header ("open the section below").
    Section,
    /// A menu's button ("the Actions menu").
    Menu,
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
            RoleHint::Result => &["link"],
            RoleHint::Section => &["button"],
            RoleHint::Menu => &["button", "menuitem"],
        }
    }

    pub fn noun(self) -> &'static str {
        match self {
            RoleHint::Button => "button",
            RoleHint::Link => "link",
            RoleHint::Field => "field",
            RoleHint::Checkbox => "checkbox",
            RoleHint::Radio => "option",
            RoleHint::Dropdown => "dropdown",
            RoleHint::Tab => "tab",
            RoleHint::Result => "result",
            RoleHint::Section => "section",
            RoleHint::Menu => "menu",
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

/// `“Sign in”`, `the “Save” button` when a role was named, `the second
/// checkbox` when only a kind and place were.
pub(super) fn target(t: &Target) -> String {
    let nth = t.nth.map(|n| format!("{} ", n.word())).unwrap_or_default();
    match (t.is_unnamed(), t.role) {
        (true, Some(role)) => format!("the {nth}{}", role.noun()),
        (true, None) => format!("the {}one", nth),
        (false, Some(role)) => format!("the {nth}{} {}", quote(&t.label), role.noun()),
        (false, None) if t.nth.is_some() => format!("the {nth}{}", quote(&t.label)),
        (false, None) => quote(&t.label),
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
            Command::SignIn { password, .. } => Some(password),
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
            Command::Focus { target: t } => format!("Put the cursor in {}", target(t)),
            Command::SignIn { user, .. } => format!("Sign in as {} with the password {}", quote(user), quote(MASK)),
            Command::ClosePopup => "Close the popup".into(),
            Command::Suggest { text, field: Some(f) } => format!("Type the beginning of {} into {} and pick the suggestion", quote(text), target(f)),
            Command::Suggest { text, field: None } => format!("Type the beginning of {} and pick the suggestion", quote(text)),
            Command::Reveal { label, via: RevealVia::Folders, click } => {
                format!("Open folders until {} shows{}", quote(label), if *click { ", then click it" } else { "" })
            }
            Command::Reveal { label, via: RevealVia::Tabs, click } => {
                format!("Look through the tabs for {}{}", quote(label), if *click { ", then click it" } else { "" })
            }
            Command::ScrollIn { label, dir } => {
                let to = match dir {
                    ScrollDirection::Up => "up",
                    ScrollDirection::Down => "down",
                    ScrollDirection::Top => "to the top",
                    ScrollDirection::Bottom => "to the end",
                };
                format!("Scroll {} {to}", quote(label))
            }
            Command::InMenu { menu, item } => format!("Open the menu {} and choose {}", target(menu), target(item)),
            Command::WhatCanIDo => "List what can be done on this page".into(),
            Command::Summarize => "Summarize this page".into(),
            Command::Screenshot => "Take a screenshot".into(),
            Command::Help => "Show what I understand".into(),
        }
    }
}
