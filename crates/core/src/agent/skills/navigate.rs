//! `skill_paginate {direction}` and `skill_navigate_by_menu {path}`: moving
//! through a site by its own controls.
//!
//! Paginate picks the pager control that says the direction ("Next ›",
//! "»", "Weiter", "下一页"); `kind` has already told pager controls apart
//! from other "Next" buttons, so a direction word counts on any control
//! only when it is the whole label. Numbered pages alone are left to the
//! model: which number is "next" depends on a current page the listing
//! does not mark.
//!
//! The menu skill opens one level per phase and plans the next level on
//! the page after it, where the opened menu's items are listed with ids:
//! a link is hovered (clicking would leave the page), a button or menu
//! item is clicked (ARIA menus open on click); the last label is clicked.

use super::effects::Expect;
use super::matching::{action_options, actions_of, click, first_best, fit, hover, kind_of, pick, place, Fit, Pick};
use super::{MatchRule, SkillError, SkillPlan, MAX_PHASES};
use crate::kind::text::{contains_phrase, is_phrase, normalize, words};
use crate::kind::ActionKind;
use crate::types::{ActionRole, MiniAction, MiniPcd};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;

/// Which way to page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    Next,
    Previous,
}

#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaginateArgs {
    // The enum says it (and every request carries the schema).
    pub direction: Direction,
}

#[rustfmt::skip]
pub const PAGINATE_RULES: &[MatchRule] = &[
    MatchRule { id: "paginate.control", when: "a control that says the direction (a pager's, or whose whole label is a direction word or arrow): click it" },
    MatchRule { id: "paginate.numbered", when: "only numbered page controls: error listing them" },
    MatchRule { id: "paginate.none", when: "no pager: error, scroll or load more instead" },
];

#[rustfmt::skip]
const NEXT: &[&str] = &[
    "next", "next page", "load more", "show more", "older", "older posts", "older entries", "weiter",
    "nachste", "nachste seite", "suivant", "suivante", "page suivante", "siguiente", "proximo",
    "proxima", "successivo", "successiva", "avanti", "dalej", "następna", "volgende", "далее",
    "следующая", "下一页", "下一頁", "次へ", "次のページ", "다음",
];
#[rustfmt::skip]
const PREVIOUS: &[&str] = &[
    "previous", "prev", "previous page", "newer", "newer posts", "newer entries", "zuruck",
    "vorherige", "vorherige seite", "precedent", "precedente", "page precedente", "anterior",
    "indietro", "poprzednia", "vorige", "назад", "предыдущая", "上一页", "上一頁", "前へ",
    "前のページ", "이전",
];
const NEXT_SYMBOLS: &[&str] = &["›", "»", "→", ">", "≫", "❯"];
const PREVIOUS_SYMBOLS: &[&str] = &["‹", "«", "←", "<", "≪", "❮"];

/// Whether `a` is a control going `dir`: a pager control that says the
/// direction or shows its arrow, or any control whose whole label is a
/// direction word or an arrow.
fn goes(a: &MiniAction, dir: Direction) -> bool {
    let (phrases, symbols) = match dir {
        Direction::Next => (NEXT, NEXT_SYMBOLS),
        Direction::Previous => (PREVIOUS, PREVIOUS_SYMBOLS),
    };
    let raw = a.label.trim();
    let arrow = symbols.iter().any(|s| raw.starts_with(s) || raw.ends_with(s));
    let w = words(raw);
    if w.is_empty() {
        return arrow;
    }
    if kind_of(a) == Some(ActionKind::Pagination) {
        arrow || phrases.iter().any(|p| contains_phrase(&w, p))
    } else {
        phrases.iter().any(|p| is_phrase(&w, p))
    }
}

pub fn paginate(page: &MiniPcd, args: PaginateArgs) -> Result<SkillPlan, SkillError> {
    let word = match args.direction {
        Direction::Next => "next",
        Direction::Previous => "previous",
    };
    // Pager controls before look-alikes (a carousel's "›"), the content's
    // before the chrome's, the first of equals (pagers often sit above and
    // below the list).
    let pager = |a: &MiniAction| (kind_of(a) != Some(ActionKind::Pagination), place(a.landmark));
    let Some(control) = first_best(page.actions.iter().filter(|a| goes(a, args.direction)), pager) else {
        let numbered: Vec<&MiniAction> = actions_of(page, &[ActionKind::Pagination]).filter(|a| a.label.trim().chars().all(|c| c.is_ascii_digit())).collect();
        return Err(if numbered.is_empty() {
            SkillError::NoMatch {
                rule: "paginate.none",
                what: format!("A “{word} page” control"),
                instead: "If the list grows when scrolled, use dom_extract with scrollToLoad, or dom_scroll down.".into(),
            }
        } else {
            SkillError::NoMatch {
                rule: "paginate.numbered",
                what: format!("A “{word}” control"),
                instead: format!("The pager shows numbered pages ({}): click the page you want with dom_click.", action_options(numbered)),
            }
        });
    };
    Ok(SkillPlan {
        steps: vec![click(&control.id)],
        summary: format!("Go to the {word} page (“{}”).", control.label),
        rule: "paginate.control",
        expect: Expect::Changed { failure: format!("The list did not change after “{}”: this may be the {} page already.", control.label, if word == "next" { "last" } else { "first" }) },
        then: None,
    })
}

#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct MenuArgs {
    /// Menu labels in order, as the page shows them, e.g. ["Account", "Billing"].
    pub path: Vec<String>,
    /// Set by the skill itself: the menus before `path` are open.
    #[serde(default)]
    #[schemars(skip)]
    pub opened: bool,
}

#[rustfmt::skip]
pub const MENU_RULES: &[MatchRule] = &[
    MatchRule { id: "menu.open", when: "the path's first label with more to follow: hover a link, click a button or menu item; plan the rest on the page after" },
    MatchRule { id: "menu.last", when: "the path's last label: click it" },
    MatchRule { id: "menu.ambiguous", when: "different controls fit the label equally well: error listing them" },
    MatchRule { id: "menu.missing", when: "nothing fits the first label: error" },
    MatchRule { id: "menu.missing_after_open", when: "after opening a menu, nothing fits the next label: error" },
];

pub fn menu(page: &MiniPcd, args: MenuArgs) -> Result<SkillPlan, SkillError> {
    let labels: Vec<&str> = args.path.iter().map(|l| l.trim()).filter(|l| !l.is_empty()).collect();
    if labels.is_empty() || labels.len() > MAX_PHASES {
        return Err(SkillError::BadArguments { skill: "skill_navigate_by_menu", detail: format!("`path` needs 1 to {MAX_PHASES} labels") });
    }
    let label = labels[0];
    let control = find_item(page, label, args.opened)?;
    let rest = &labels[1..];
    if rest.is_empty() {
        return Ok(SkillPlan {
            steps: vec![click(&control.id)],
            summary: format!("Click “{}”.", control.label),
            rule: "menu.last",
            expect: Expect::Changed { failure: format!("Clicking “{}” changed nothing. Look at the page (getMiniPCD).", control.label) },
            then: None,
        });
    }
    // Links navigate when clicked: hover them to open their menu.
    let opens_by_hover = control.role == ActionRole::Link && kind_of(control) != Some(ActionKind::Menu);
    Ok(SkillPlan {
        steps: vec![if opens_by_hover { hover(&control.id) } else { click(&control.id) }],
        summary: format!("Open the menu “{}”, then {}.", control.label, rest.iter().map(|l| format!("“{l}”")).collect::<Vec<_>>().join(" → ")),
        rule: "menu.open",
        expect: Expect::Changed { failure: format!("Opening “{}” showed no menu. Try dom_click on it, or find “{}” with pcd_query.", control.label, rest[0]) },
        then: Some(json!({ "path": rest, "opened": true })),
    })
}

/// The control for one menu label: the best fit, the site's menus
/// (header, nav) first before a menu was opened, and anywhere after
/// (an opened menu may be a popup outside any landmark).
fn find_item<'a>(page: &'a MiniPcd, label: &str, opened: bool) -> Result<&'a MiniAction, SkillError> {
    let fits: Vec<(&MiniAction, Fit)> = page.actions.iter().filter_map(|a| fit(&a.label, label).map(|q| (a, q))).collect();
    // `place` ranks header and nav 1: the site's menus.
    let chrome_first = |a: &MiniAction| u8::from(!opened && place(a.landmark) != 1);
    match pick(&fits, |(a, q)| (*q, chrome_first(a))) {
        Pick::One((a, _)) => Ok(*a),
        // Controls named alike (a header and a footer "Account") do the same.
        Pick::Tie(tied) if tied.iter().all(|(a, _)| normalize(&a.label) == normalize(&tied[0].0.label)) => Ok(tied[0].0),
        Pick::Tie(tied) => Err(SkillError::Ambiguous {
            rule: "menu.ambiguous",
            what: format!("Several controls fit “{label}”"),
            options: action_options(tied.iter().map(|(a, _)| *a)),
            instead: "Call the skill again with the exact label, or click the right one with dom_click.".into(),
        }),
        Pick::None if opened => Err(SkillError::NoMatch {
            rule: "menu.missing_after_open",
            what: format!("After opening the menu, “{label}”"),
            instead: format!("Find it with pcd_query \"{label}\" (menus may list more than the page listing shows), then dom_click."),
        }),
        Pick::None => Err(SkillError::NoMatch {
            rule: "menu.missing",
            what: format!("“{label}”"),
            instead: format!("Find it with pcd_query \"{label}\"; it may be behind a menu button (☰) or under another name."),
        }),
    }
}
