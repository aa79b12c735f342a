//! Which MiniAction role a control gets, from its computed ARIA role (and the
//! tag when the role is empty), and whether it is a form field rather than an
//! action.
//!
//! | computed role                                   | MiniAction role | form field? |
//! |-------------------------------------------------|-----------------|-------------|
//! | button (also `<summary>`)                       | button          | no          |
//! | link                                            | link            | no          |
//! | menuitem, menuitemcheckbox, menuitemradio       | menuitem        | no          |
//! | tab                                             | tab             | no          |
//! | checkbox, **switch**                            | checkbox        | yes         |
//! | radio                                           | radio           | yes         |
//! | textbox, searchbox, combobox, spinbutton, slider, listbox, option | other | yes |
//! | anything else (generic clickables, treeitem, …) | other           | no          |
//!
//! A switch is a two-state toggle operated by a click exactly like a
//! checkbox, so it reads as `checkbox` (its `checked` state is the same fact).
//! Form fields inside a form are summarised by the form, not listed as
//! actions; outside any form (a header search box, a settings toggle) they are
//! actions: toggles with their role, text-like fields as `other`.

use super::facts::ControlFact;
use crate::types::ActionRole;

/// How a control enters the MiniPCD.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoleClass {
    pub role: ActionRole,
    /// A field of a form: dropped from actions when a form owns it.
    pub field: bool,
}

/// Maps a computed role (lower-cased) plus tag and input type.
pub fn classify(role: &str, tag: &str, input_type: Option<&str>) -> RoleClass {
    let act = |role| RoleClass { role, field: false };
    let field = |role| RoleClass { role, field: true };
    match role.trim().to_ascii_lowercase().as_str() {
        "button" => act(ActionRole::Button),
        "link" => act(ActionRole::Link),
        "menuitem" | "menuitemcheckbox" | "menuitemradio" => act(ActionRole::Menuitem),
        "tab" => act(ActionRole::Tab),
        "checkbox" | "switch" => field(ActionRole::Checkbox),
        "radio" => field(ActionRole::Radio),
        "textbox" | "searchbox" | "combobox" | "spinbutton" | "slider" | "listbox" | "option" => {
            field(ActionRole::Other)
        }
        "" | "generic" | "none" | "presentation" => from_tag(tag, input_type),
        _ => act(ActionRole::Other),
    }
}

/// Fallback when the collector could not compute a role.
fn from_tag(tag: &str, input_type: Option<&str>) -> RoleClass {
    let act = |role| RoleClass { role, field: false };
    match (tag, input_type.unwrap_or("")) {
        ("a", _) => act(ActionRole::Link),
        ("button" | "summary", _) => act(ActionRole::Button),
        ("input", "submit" | "button" | "reset" | "image") => act(ActionRole::Button),
        ("input", "checkbox") => RoleClass {
            role: ActionRole::Checkbox,
            field: true,
        },
        ("input", "radio") => RoleClass {
            role: ActionRole::Radio,
            field: true,
        },
        ("input" | "select" | "textarea", _) => RoleClass {
            role: ActionRole::Other,
            field: true,
        },
        _ => act(ActionRole::Other),
    }
}

/// [`classify`] for a collected control.
pub fn classify_control(c: &ControlFact) -> RoleClass {
    classify(&c.role, &c.tag, c.input_type.as_deref())
}

/// The wire name of a role (`"button"`), for keys and rank context.
pub fn role_name(role: ActionRole) -> &'static str {
    match role {
        ActionRole::Button => "button",
        ActionRole::Link => "link",
        ActionRole::Menuitem => "menuitem",
        ActionRole::Tab => "tab",
        ActionRole::Checkbox => "checkbox",
        ActionRole::Radio => "radio",
        ActionRole::Other => "other",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ActionRole::*;

    #[test]
    fn role_mapping_table() {
        #[rustfmt::skip]
        let rows: &[(&str, &str, Option<&str>, ActionRole, bool)] = &[
            ("button", "button", None, Button, false),
            ("button", "div", None, Button, false),
            ("link", "a", None, Link, false),
            ("menuitem", "li", None, Menuitem, false),
            ("menuitemcheckbox", "div", None, Menuitem, false),
            ("menuitemradio", "div", None, Menuitem, false),
            ("tab", "button", None, Tab, false),
            ("checkbox", "input", Some("checkbox"), Checkbox, true),
            ("switch", "button", None, Checkbox, true),
            ("radio", "input", Some("radio"), Radio, true),
            ("textbox", "input", Some("text"), Other, true),
            ("searchbox", "input", Some("search"), Other, true),
            ("combobox", "select", None, Other, true),
            ("spinbutton", "input", Some("number"), Other, true),
            ("slider", "input", Some("range"), Other, true),
            ("generic", "div", None, Other, false),
            ("", "div", None, Other, false),
            ("", "a", None, Link, false),
            ("", "summary", None, Button, false),
            ("", "input", Some("submit"), Button, false),
            ("", "input", Some("checkbox"), Checkbox, true),
            ("", "textarea", None, Other, true),
            ("treeitem", "li", None, Other, false),
            ("BUTTON", "button", None, Button, false),
        ];
        for &(role, tag, ty, want, field) in rows {
            assert_eq!(
                classify(role, tag, ty),
                RoleClass { role: want, field },
                "{role:?} {tag} {ty:?}"
            );
        }
    }
}
