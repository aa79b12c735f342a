//! Which of the grammar's readings of the input to run (issue 45): the
//! page decides whether "tick Red and Blue" is one checkbox or two, and
//! whether "the username should be ember and the city Vienna" names a
//! second field (`bc_core::command::{readings, alternatives}`).
//!
//! Each reading's commands are grounded on the page as it is now, in
//! order, without acting; each command becomes the first of its
//! alternatives whose targets are all found. The reading whose commands
//! are found furthest runs (ties go to the grammar's order); text that
//! merely holds the words does not count as found. Grounding a
//! reading stops at its first command not found: what a click brings up
//! is not on the page yet, for any reading alike.
//!
//! When no reading is found whole, the sentence is read once more against
//! the page's own words ([`against_page`]).

use super::{ground, loaded_tab, Stop};
use crate::tabs;
use bc_core::protocol::{ContentRequest, ContentResponse};
use bc_core::command::{alternatives, read_against, Alternative, Command, Locate, PageWord, PlannedStep, RoleHint, WordKind};
use bc_core::types::RoleSelector;

/// The reading to run, and whether all its commands were found on the page.
pub(super) struct Chosen {
    pub commands: Vec<Command>,
    pub found: bool,
}

/// The commands to run; the grammar's first reading as read when the page
/// cannot be read.
pub(super) async fn choose(readings: Vec<Vec<Command>>, stop: &Stop) -> Chosen {
    let first = readings.first().cloned().unwrap_or_default();
    // Nothing to find ("open example.com", "scroll down"): no need to wait
    // for the tab's page, which may still be loading.
    let on_element = |c: &Command| c.plan().iter().any(|s| matches!(s, PlannedStep::OnElement { .. } | PlannedStep::ScrollIn { .. }));
    if readings.len() == 1 && !first.iter().any(on_element) {
        return Chosen { commands: first, found: true };
    }
    let Ok(tab) = loaded_tab().await else { return Chosen { commands: first, found: true } };
    // A dropdown is found only with the option the reading picks ("choose
    // it in the menu under Where to" names no option "it in the menu").
    let selects = readings.iter().flatten().flat_map(alternatives).flat_map(|a| a.commands).any(|c| matches!(c, Command::Select { .. }));
    let words = if selects { vocabulary(tab.id).await.unwrap_or_default() } else { Vec::new() };
    let mut best: Option<(usize, Vec<Command>)> = None;
    for reading in &readings {
        let (found, chosen) = on_page(reading, tab.id, &words, stop).await;
        if found == reading.len() {
            return Chosen { commands: chosen, found: true };
        }
        if best.as_ref().is_none_or(|(most, _)| found > *most) {
            best = Some((found, chosen));
        }
    }
    Chosen { commands: best.map(|(_, chosen)| chosen).unwrap_or(first), found: false }
}

/// `input` read against the page's own words (`read_against`), when that
/// reading explains the whole sentence and all its commands are found.
pub(super) async fn against_page(input: &str, stop: &Stop) -> Option<Vec<Command>> {
    let tab = loaded_tab().await.ok()?;
    let words = vocabulary(tab.id).await?;
    let commands = read_against(input, &words)?;
    let (found, chosen) = on_page(&commands, tab.id, &words, stop).await;
    // A search's results are not on the page before the search runs: the
    // commands up to the first result click must be found.
    let before_results = commands.iter().take_while(|c| !matches!(c, Command::Click { target } if target.role == Some(RoleHint::Result))).count();
    (found >= before_results).then_some(chosen)
}

/// What the page's controls are called (`ContentRequest::Vocabulary`).
async fn vocabulary(tab_id: i32) -> Option<Vec<PageWord>> {
    match tabs::ask_content(tab_id, &ContentRequest::Vocabulary).await.ok()? {
        ContentResponse::Vocabulary { words } => Some(words),
        _ => None,
    }
}

/// Whether `option` is among the page's dropdown options, when `words`
/// lists any (a page read without them settles nothing); never on a page
/// with no dropdown at all ("choose Move under Actions" is a menu's item,
/// not an option of the span "Actions").
fn has_option(words: &[PageWord], option: &str) -> bool {
    let dropdowns = words.iter().any(|w| matches!(w.kind, WordKind::Dropdown | WordKind::Suggesting | WordKind::Option));
    if !words.is_empty() && !dropdowns {
        return false;
    }
    let mut options = words.iter().filter(|w| w.kind == WordKind::Option).peekable();
    options.peek().is_none() || options.any(|w| w.name.trim().eq_ignore_ascii_case(option.trim()))
}

/// How many of `reading`'s commands, from the first, are found on the
/// page, and the reading with each found command as its alternative that
/// was found (the rest as read).
async fn on_page(reading: &[Command], tab_id: i32, words: &[PageWord], stop: &Stop) -> (usize, Vec<Command>) {
    let mut chosen: Vec<Command> = Vec::new();
    for (index, command) in reading.iter().enumerate() {
        let mut found = None;
        for alternative in alternatives(command) {
            if all_found(&alternative, tab_id, words, stop).await {
                found = Some(alternative.commands);
                break;
            }
        }
        match found {
            Some(commands) => chosen.extend(commands),
            None => {
                chosen.extend(reading[index..].iter().cloned());
                return (index, chosen);
            }
        }
    }
    (reading.len(), chosen)
}

/// Whether each command of `alternative` finds the first element it acts
/// on (a command that acts on no element finds it). Its later steps may
/// act on what the first brings up (a suggestion after typing).
async fn all_found(alternative: &Alternative, tab_id: i32, words: &[PageWord], stop: &Stop) -> bool {
    for command in &alternative.commands {
        if let Command::Select { option, .. } = command {
            if !has_option(words, option) {
                return false;
            }
        }
        let find = command.plan().into_iter().find_map(|step| match step {
            PlannedStep::OnElement { find, .. } | PlannedStep::ScrollIn { find, .. } => Some(find),
            _ => None,
        });
        let Some(mut find) = find else { continue };
        if alternative.strict {
            find.locate.retain(|l| !matches!(l, Locate::Only(_)));
        }
        // Plain text holding the words is no evidence for a reading: the
        // page's own instruction holds them all ("click the 2nd one that
        // pops up" would find its paragraph).
        find.locate.retain(|l| !matches!(l, Locate::Selector(RoleSelector::Text { .. })));
        if ground(tab_id, &find, false, stop).await.is_err() {
            return false;
        }
    }
    true
}
