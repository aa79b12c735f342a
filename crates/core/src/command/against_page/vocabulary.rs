//! The page's own words: what its controls are called, as the content
//! script lists them for [`super::read_against`] (`ContentRequest::Vocabulary`).
//! Only names of controls and of their options travel: no values, no text
//! of the page's paragraphs.

use crate::command::RevealVia;
use serde::{Deserialize, Serialize};

/// Most words one page lists (the content script stops there).
pub const MAX_WORDS: usize = 400;
/// A longer name is a sentence, not something a person types back.
pub const MAX_NAME: usize = 60;

/// One control of the page and a name it goes by.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PageWord {
    pub kind: WordKind,
    /// Its accessible name, or else the text beside it (`resolve::near`);
    /// empty when it has neither.
    pub name: String,
    /// 1-based place among the page's controls of its kind, in page order.
    pub nth: u32,
    /// For an [`WordKind::Option`]: the name of its dropdown (may be
    /// empty) and the dropdown's place among the page's dropdowns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<(String, u32)>,
    /// Whether it is rendered now (a closed section's link is not).
    pub shown: bool,
    /// For a control not shown: what opening brings it up (a collapsed
    /// folder of a tree, another tab of a strip), if the page says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reveal: Option<RevealVia>,
}

/// The kinds of control a sentence can name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum WordKind {
    /// A text field (not a password field).
    Field,
    /// A text field that offers suggestions as it is typed in (a
    /// combobox, an autocomplete): its value is a suggestion picked.
    Suggesting,
    /// A password or one-time-code field: never typed into by this reading.
    Secret,
    Dropdown,
    /// An option of a dropdown.
    Option,
    Checkbox,
    Radio,
    Button,
    Link,
    Tab,
    /// Anything else a click operates: a menu item, a tree item, a
    /// `cursor: pointer` span.
    Clickable,
    /// A box that scrolls on its own (terms to read to the end): named by
    /// its id or class words, else its accessible name, the handles
    /// `Grounding::scroller` finds it by.
    Scroller,
    /// A heading: never a target, only where things are ("On the Fruit
    /// stand, click …", "the field under Shipping address").
    Heading,
}
