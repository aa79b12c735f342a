//! How a sentence's clauses combine once each is read: a name said in
//! a clause of its own ("hit the button, it says Go on"), a list that
//! goes where the clause before it goes ("after ticking A, B and C"), the
//! order the clauses say ("after", "first"), a closed menu's item after
//! (or before) its menu, and a search before its results.

use super::clauses::{Clause, Order, Piece};
use super::vocabulary::{PageWord, WordKind};
use crate::command::model::{Command, RoleHint};

/// "search for mugs and open the 2nd result": text typed just before a
/// result is clicked is searched for (typed and sent), so that results
/// come up. A result with no search or typing before it is read from
/// nothing the sentence did: `None`.
pub(super) fn searched(mut commands: Vec<Command>) -> Option<Vec<Command>> {
    let mut searching = false;
    for i in 0..commands.len() {
        let result = matches!(&commands[i], Command::Click { target } if target.role == Some(RoleHint::Result));
        if let (true, Some(Command::Type { text, .. })) = (result, i.checked_sub(1).map(|b| &commands[b])) {
            commands[i - 1] = Command::Search { text: text.clone() };
        }
        searching |= matches!(commands[i], Command::Search { .. } | Command::Suggest { .. } | Command::Type { .. });
        if result && !searching {
            return None;
        }
    }
    Some(commands)
}

/// "click Actions, then Move": a click on a hidden item right after a
/// click on something shown is the item of the menu that click opens
/// ([`Command::InMenu`]); a hidden item with no such click before it
/// makes the reading fail (nothing would show it).
pub(super) fn in_menus(commands: Vec<Command>, page: &[PageWord]) -> Option<Vec<Command>> {
    let hidden = |c: &Command| match c {
        Command::Click { target } => page.iter().any(|w| w.kind == WordKind::Clickable && !w.shown && w.name == target.label)
            && !page.iter().any(|w| w.shown && w.name == target.label),
        _ => false,
    };
    let shown_click = |c: &Command| matches!(c, Command::Click { .. }) && !hidden(c);
    let mut out: Vec<Command> = Vec::with_capacity(commands.len());
    let mut commands = commands.into_iter().peekable();
    while let Some(command) = commands.next() {
        if !hidden(&command) {
            out.push(command);
            continue;
        }
        let Command::Click { target: item } = command else { return None };
        match out.pop() {
            Some(Command::Click { target: menu }) if !hidden(&Command::Click { target: menu.clone() }) => {
                out.push(Command::InMenu { menu, item });
            }
            // "click Duplicate, it's inside the Actions menu": the menu
            // said after its item.
            before => {
                out.extend(before);
                let Some(Command::Click { target: menu }) = commands.next_if(|c| shown_click(c)) else { return None };
                out.push(Command::InMenu { menu, item });
                // ("…, can you click it": the item, clicked above.)
                commands.next_if(|c| matches!(c, Command::Click { target } if target.label == item_label(&out)));
            }
        }
    }
    Some(out)
}

/// "hit the button, it says Go on": a clause that only names what the
/// order before it said by its kind is the name of that thing; so is a
/// name said just before an order that points at it by kind ("the Specs,
/// open that tab").
pub(super) fn named_after(mut clauses: Vec<Clause>, page: &[PageWord]) -> Vec<Clause> {
    let mut k = 1;
    while k < clauses.len() {
        let names = !clauses[k].acting && !clauses[k].reason && !clauses[k].stating && !clauses[k].not_doing && matches!(clauses[k].pieces.as_slice(), [Piece::Name(_)]);
        let by_kind = clauses[k - 1].acting && !clauses[k - 1].pieces.is_empty() && clauses[k - 1].pieces.iter().all(|p| matches!(p, Piece::Role(_)));
        // "I want to read the Specs, open that tab": the name said first.
        // (Of a kind the order says, or a clickable that may be one.)
        let of_kind = |n: usize| {
            clauses[k].pieces.iter().all(|p| matches!(p, Piece::Role(kinds) if kinds.contains(&page[n].kind) || page[n].kind == WordKind::Clickable))
        };
        // (Not the last of a list after its title: "Cities: Dublin, Madrid.
        // Tick those boxes".)
        let listed = clauses[..k - 1].iter().rev().find(|c| !matches!(c.pieces.as_slice(), [Piece::Name(_)]) || c.acting).is_some_and(|c| c.listing);
        let named_first = !listed
            && !clauses[k - 1].acting
            && !clauses[k - 1].not_doing
            && !clauses[k - 1].stating
            && matches!(clauses[k - 1].pieces.as_slice(), [Piece::Name(n)] if of_kind(*n))
            && clauses[k].acting
            && !clauses[k].pieces.is_empty();
        // "Find the only button and click it. It's labelled Proceed.": the
        // name of the thing ordered by kind, with "click it" between.
        let by_kind_before = (0..k).rev().find(|&j| !(clauses[j].pointing && clauses[j].pieces.is_empty())).filter(|&j| {
            j + 1 < k && clauses[j].acting && !clauses[j].pieces.is_empty() && clauses[j].pieces.iter().all(|p| matches!(p, Piece::Role(_)))
        });
        if names && by_kind {
            let said = clauses.remove(k);
            clauses[k - 1].pieces = said.pieces;
        } else if let Some(j) = by_kind_before.filter(|_| names && clauses[k].pointing) {
            let said = clauses.remove(k);
            clauses[j].pieces = said.pieces;
        } else if named_first {
            let said = clauses.remove(k - 1);
            clauses[k - 1].pieces = said.pieces;
        } else {
            k += 1;
        }
    }
    clauses
}

/// "Press Save after ticking Vienna, Lisbon and Berlin", "Before you
/// press Save, tick Lisbon, Berlin and Vienna": the names that go on a
/// clause said to come first come first with it.
pub(super) fn moved_together(mut clauses: Vec<Clause>) -> Vec<Clause> {
    for k in 1..clauses.len() {
        let after_next = k >= 2 && clauses[k - 2].order == Order::AfterNext;
        let moved = matches!(clauses[k - 1].order, Order::BeforePrevious | Order::WithPrevious) || after_next;
        let c = &clauses[k];
        let goes_on = !c.acting && !c.reason && !c.not_doing && !c.stating && !c.pieces.is_empty() && c.pieces.iter().all(|p| matches!(p, Piece::Name(_)));
        if moved && goes_on && !c.then && c.order == Order::AsSaid {
            clauses[k].order = Order::WithPrevious;
        }
    }
    clauses
}

/// The item of the menu command last pushed.
fn item_label(out: &[Command]) -> String {
    match out.last() {
        Some(Command::InMenu { item, .. }) => item.label.clone(),
        _ => String::new(),
    }
}

/// The clauses' commands, moved as their [`Order`] says.
pub(super) fn in_order(mut out: Vec<Vec<Command>>, order: &[(usize, Order)]) -> Vec<Command> {
    for &(at, o) in order {
        match o {
            Order::BeforePrevious if at > 0 => {
                let with = order.iter().skip_while(|(k, _)| *k <= at).take_while(|(_, o)| *o == Order::WithPrevious).count();
                let end = (at + with).min(out.len() - 1);
                out[at - 1..=end].rotate_left(1);
            }
            Order::AfterNext if at + 1 < out.len() => {
                let with = order.iter().skip_while(|(k, _)| *k <= at + 1).take_while(|(_, o)| *o == Order::WithPrevious).count();
                let end = (at + 1 + with).min(out.len() - 1);
                out[at..=end].rotate_left(1);
            }
            // (Clauses that read to nothing are still in `out`, empty.)
            Order::FirstFrom(from) if from <= at && at < out.len() => out[..=at].rotate_right(at + 1 - from),
            _ => {}
        }
    }
    let mut commands: Vec<Command> = out.into_iter().flatten().collect();
    // "Dismiss the popup? Just close it": one popup, closed once.
    commands.dedup_by(|a, b| matches!((a, b), (Command::ClosePopup, Command::ClosePopup)));
    commands
}
