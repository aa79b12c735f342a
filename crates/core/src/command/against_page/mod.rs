//! The last reading of a sentence (issue 45): against the page's own
//! words, when none of the grammar's readings is found on the page.
//!
//! The grammar reads text without the page, so every new way of saying a
//! thing needs a rule ("Lisbon — that's the one to pick from the
//! dropdown"). People name what they see, though: a sentence about a page
//! mostly holds the page's own names (its fields, options, checkboxes,
//! buttons), the values to type, and English that carries the order.
//! [`read_against`] finds the page's names in the sentence
//! ([`vocabulary::PageWord`], listed by the content script), takes the
//! words that are neither names nor order-carrying English
//! ([`words::is_carrier`]) as values, and pairs each value with the field
//! named in its clause, or the one field the page has.
//!
//! It reads a sentence only when it explains every word of it: one word
//! it cannot place and it reads nothing (the sentence goes on to the
//! agent, or to "not understood"), so it never acts on half a sentence.
//! Clauses that say what not to do ("leave the third empty", "don't tick
//! Green") are read and skipped. Context is held for a later "it": a
//! reason ("Since I fly to Madrid, …") or a statement ("Destination is
//! Italy."), and a statement nothing points at makes the reading fail.
//! A neighbour is said by place ("the box after Red"); a name the page
//! has no control of yet, on a page of closed folders, is looked for in
//! them ("open Invoices", or "Reports is in Shared, click it":
//! [`folders`]). A search's results are said by place ("look up mugs and
//! open the 2nd hit": the text is searched for, then the result
//! clicked); a scroll goes inside the box named, or the page's one box
//! ([`vocabulary::WordKind::Scroller`]). A password said in the sentence
//! goes only into a password field, and only once the rule that masks it
//! in the panel found it ([`secrets`]). A clause that orders something
//! and comes to nothing fails the reading: half a sentence done would
//! show ✓. A heading only says where ("On the Fruit stand, …"; a
//! control's name is found before a heading's: [`names`]). How the
//! clauses combine — a name said after the order ("hit the button, it
//! says Go on"), "after …" and "you'll have to … first" moving steps,
//! a menu said after its item — is [`sentence`].

mod clauses;
mod said;
mod folders;
mod names;
mod places;
mod secrets;
mod sentence;
mod vocabulary;
mod words;

#[cfg(test)]
mod tests;

pub use vocabulary::{PageWord, WordKind, MAX_NAME, MAX_WORDS};

use super::model::{Command, Ordinal, RevealVia, RoleHint, Target};
use crate::tools::ScrollDirection;
use clauses::{clauses, Clause, Order, Piece};
use said::split;
use sentence::{in_menus, in_order, moved_together, named_after, searched};

/// Words that say the text typed brings up suggestions to pick from.
const SUGGESTED: &[&str] = &["suggest", "autocomplet", "beginning", "letters", "appear", "pops", "prefix", "characters", "couple", "few"];

/// The commands `input` means on the page whose controls are `page`, if
/// every word of it is explained (module docs).
pub fn read_against(input: &str, page: &[PageWord]) -> Option<Vec<Command>> {
    // With its slips corrected ("tick the chekbox"), if it has any
    // (`typos`).
    // (The corrected sentence first: as typed, "the phone texbox" reads
    // "texbox" as text to type.)
    match crate::command::typos::corrected(input) {
        Some(fixed) => read_as_typed(&fixed, page).or_else(|| read_as_typed(input, page)),
        None => read_as_typed(input, page),
    }
}

fn read_as_typed(input: &str, page: &[PageWord]) -> Option<Vec<Command>> {
    let words = split(input);
    if words.is_empty() || words.len() > 60 {
        return None;
    }
    let clauses = moved_together(named_after(clauses(&words, page)?, page));
    let read = read_clauses(input, &words, &clauses, page);
    // On a page of closed folders, a name said and left undone ("open
    // Shared, then 2026, where you'll find Reports") would show ✓ for a
    // folder opened and the file never clicked: no reading of that kind.
    let read = read.filter(|commands| !has_folders(page) || every_value_used(&clauses, commands));
    read.or_else(|| folders::reveal_target(&words, &clauses, page))
}

/// Whether each value the clauses say (outside what not to do) is typed,
/// searched for, picked or looked for by one of `commands`.
fn every_value_used(clauses: &[Clause], commands: &[Command]) -> bool {
    let said: Vec<String> = commands
        .iter()
        .flat_map(|c| match c {
            Command::Type { text, .. } | Command::Suggest { text, .. } | Command::Search { text } => vec![text.clone()],
            Command::Click { target } | Command::Check { target, .. } | Command::Focus { target } => vec![target.label.clone()],
            Command::Reveal { label, .. } => vec![label.clone()],
            Command::Select { option, .. } => vec![option.clone()],
            Command::InMenu { menu, item } => vec![menu.label.clone(), item.label.clone()],
            _ => Vec::new(),
        })
        .collect();
    clauses.iter().filter(|c| !c.not_doing).flat_map(|c| c.pieces.iter()).all(|p| match p {
        Piece::Value(v) => said.iter().any(|s| s.contains(v.as_str())),
        _ => true,
    })
}

/// The commands of the sentence's clauses, each read as said.
fn read_clauses(input: &str, words: &[said::Word], clauses: &[Clause], page: &[PageWord]) -> Option<Vec<Command>> {
    // Passwords said in the sentence ("… password juniper99"): typed only
    // into the page's password fields (`secrets::checked`).
    let secrets: Vec<String> = crate::safety::typed::typed_secrets(input).into_iter().map(|(range, _)| input[range].to_owned()).collect();
    let mut out: Vec<Vec<Command>> = Vec::new();
    let mut loose_fields: Vec<Target> = Vec::new();
    let mut loose_values: Vec<(usize, String)> = Vec::new();
    let mut order: Vec<(usize, Order)> = Vec::new();
    // What a reason clause named ("Since I fly to Madrid, pick it"), for
    // a later clause that points at it.
    let mut held: Vec<Piece> = Vec::new();
    let mut picks_typed = false;
    // The values typed so far (lower case), for a click that picks one,
    // where suggestions come up.
    let mut typed: Vec<String> = Vec::new();
    // Whether the clause before was context (a reason, or one going on with it).
    let mut in_context = false;
    // Whether the context is a list's title ("Three cities: …").
    let mut listing = false;
    let suggests = page.iter().any(|w| w.kind == WordKind::Suggesting) || words.iter().any(|w| SUGGESTED.iter().any(|s| w.norm.starts_with(s)));
    let mut last_clicking = false;
    // A statement no later clause points at ("The username is kim, press
    // Go"): what it says would go undone, so the sentence is not read.
    let mut stated = false;
    for (at, clause) in clauses.iter().enumerate() {
        // "there are three boxes, one each for name, email and phone; …":
        // a clause with no verb after context goes on with it.
        let goes_on = at > 0
            && in_context
            && !clause.acting
            && !clause.not_doing
            && !clause.stating
            && !clause.pointing
            && !clause.scrolling
            && !clause.closing
            && matches!(clause.pieces.as_slice(), [Piece::Name(_) | Piece::Value(_)]);
        in_context = clause.reason || goes_on;
        if goes_on {
            // ("Three cities: Dublin, Madrid, Oslo.": each is held.)
            if listing {
                held.extend(clause.pieces.iter().cloned());
            }
            order.push((at, clause.order));
            out.push(Vec::new());
            continue;
        }
        if clause.reason {
            listing = clause.listing;
        }
        if clause.reason {
            held = clause.pieces.clone();
            order.push((at, clause.order));
            out.push(Vec::new());
            continue;
        }
        // "I want it to say kestrel; write it in the box": what "it" is,
        // for the order that points at it.
        if clause.pointing && !clause.acting && !clause.not_doing && !clause.pieces.is_empty() && clause.pieces.iter().all(|p| matches!(p, Piece::Value(_))) {
            held = clause.pieces.clone();
            stated = true;
            order.push((at, clause.order));
            out.push(Vec::new());
            continue;
        }
        // "kestrel is my user": a value said to be a field's is typed there.
        let field_said = |p: &Piece| matches!(p, Piece::Name(i) if matches!(page[*i].kind, WordKind::Field | WordKind::Suggesting));
        let assigns = clause.pieces[..clause.stated_from].iter().any(|p| matches!(p, Piece::Value(_))) && clause.pieces[clause.stated_from..].iter().any(field_said);
        if clause.stating && !clause.acting && !assigns {
            held = clause.pieces[clause.stated_from..].to_vec();
            stated = true;
            order.push((at, clause.order));
            out.push(Vec::new());
            continue;
        }
        // "…, choose it in the menu": the clause names no object of its
        // own (a field or dropdown is where, not what).
        let has_object = |p: &Piece| match p {
            Piece::Value(_) => true,
            Piece::Name(i) => !matches!(page[*i].kind, WordKind::Field | WordKind::Suggesting | WordKind::Dropdown),
            _ => false,
        };
        // "Expand Shared and 2026": a clause with no verb of its own goes
        // on clicking.
        let inherited;
        let clause = if last_clicking && !clause.acting && !clause.not_doing && !clause.stating {
            inherited = Clause { clicking: true, ..clause.clone() };
            &inherited
        } else {
            clause
        };
        last_clicking = clause.clicking && !clause.not_doing;
        // "type Ire in Country and click it in the list that opens", "…
        // then click the Italy option": what was typed is clicked, so it
        // came up as a suggestion.
        let values_of = |c: &Clause| c.pieces.iter().filter_map(|p| if let Piece::Value(v) = p { Some(v.to_lowercase()) } else { None }).collect::<Vec<_>>();
        let retyped = clause.clicking
            && !clause.not_doing
            && !values_of(clause).is_empty()
            && values_of(clause).iter().all(|v| typed.contains(v))
            && suggests
            && clause.pieces.iter().all(|p| matches!(p, Piece::Value(_)) || matches!(p, Piece::Role(kinds) if kinds.contains(&WordKind::Option) || kinds.contains(&WordKind::Dropdown)));
        let unvalued;
        let clause = if retyped {
            unvalued = Clause { pieces: Vec::new(), pointing: true, ..clause.clone() };
            &unvalued
        } else {
            clause
        };
        if !clause.clicking {
            typed.extend(values_of(clause));
        }
        let picks = clause.pointing && clause.clicking && !clause.not_doing;
        let pointed;
        // "Three cities: A, B, C. Check their boxes": each name held, in turn.
        let each_held = listing && clause.pointing && held.len() > 1 && held.iter().all(|p| matches!(p, Piece::Name(_)));
        let clause = if clause.pointing && !held.is_empty() && !clause.pieces.iter().any(has_object) && !each_held {
            // (Its value is what was said before, not one to click.)
            let pieces = std::mem::take(&mut held).into_iter().chain(clause.pieces.iter().cloned()).collect();
            pointed = Clause { pieces, clicking: false, ..clause.clone() };
            stated = false;
            &pointed
        } else {
            clause
        };
        let loose = loose_fields.len() + loose_values.len();
        let commands = if each_held {
            let mut all = Vec::new();
            for name in std::mem::take(&mut held) {
                let one = Clause { pieces: std::iter::once(name).chain(clause.pieces.iter().cloned()).collect(), clicking: false, ..clause.clone() };
                all.extend(clause_commands(&one, page, &secrets, &mut loose_fields, &mut loose_values, at)?);
            }
            all
        } else {
            clause_commands(clause, page, &secrets, &mut loose_fields, &mut loose_values, at)?
        };
        // "… and click the Duplicate menu item" where no such item shows:
        // a clause that orders and comes to nothing is not read as done.
        // ("…, then click the link": the one just looked for and clicked.)
        let revealed = matches!(clause.pieces.as_slice(), [Piece::Role(_)])
            && out.last().is_some_and(|c| c.iter().any(|c| matches!(c, Command::Reveal { click: true, .. })));
        // ("…, you'll need to search first": said of a search read elsewhere.)
        let searched_elsewhere = clause.searching && clause.pieces.is_empty() && clauses.iter().any(|c| c.pieces.iter().any(|p| matches!(p, Piece::Result(_))));
        // ("Open the city list and click on Vienna": opening the dropdown
        // is part of choosing its option, said next.)
        let is_dropdown = |p: &Piece| match p {
            Piece::Role(kinds) => kinds.contains(&WordKind::Dropdown),
            Piece::Name(i) => page[*i].kind == WordKind::Dropdown,
            _ => false,
        };
        let option_next = clauses.get(at + 1).is_some_and(|c| c.pieces.iter().any(|p| matches!(p, Piece::Name(i) if page[*i].kind == WordKind::Option)));
        let opens_for_option = !clause.pieces.is_empty() && clause.pieces.iter().all(is_dropdown) && option_next;
        if commands.is_empty() && clause.acting && !clause.pointing && !clause.not_doing && !revealed && !searched_elsewhere && !opens_for_option && loose == loose_fields.len() + loose_values.len() {
            return None;
        }
        picks_typed |= picks && commands.is_empty();
        order.push((at, clause.order));
        out.push(commands);
    }
    if stated {
        return None;
    }
    // "Go to the 3rd field. Just click in it.": a field named, then
    // clicked in, with nothing to type.
    if picks_typed && loose_values.is_empty() && !loose_fields.is_empty() {
        let last = out.len() - 1;
        out[last].extend(loose_fields.drain(..).map(|target| Command::Focus { target }));
        picks_typed = false;
    }
    // "click into the Email field, I'll type it myself", "activate the
    // email box": a field named with no value, and nothing said to type
    // in it: the cursor is put there.
    // (Not where anything was typed: a field left over there is a value
    // missing.)
    let typed_any = out.iter().flatten().any(|c| matches!(c, Command::Type { .. } | Command::Suggest { .. }));
    if loose_values.is_empty() && !loose_fields.is_empty() && !typed_any && !clauses.iter().any(|c| c.typing && !c.reason && !c.not_doing) {
        let last = out.len() - 1;
        out[last].extend(loose_fields.drain(..).map(|target| Command::Focus { target }));
    }
    // A field named in one clause and its value in another ("ember — it
    // goes in the username"), in the order said.
    if loose_fields.len() != loose_values.len() {
        if loose_fields.is_empty() && loose_values.len() == 1 {
            let (at, value) = loose_values.pop()?;
            out[at].push(typing(value, only_field(page)?, page));
        } else {
            return None;
        }
    }
    for (field, (at, value)) in loose_fields.into_iter().zip(loose_values) {
        out[at].push(typing(value, field, page));
    }
    let mut commands = searched(in_menus(in_order(out, &order), page)?)?;
    {
        let signs_in = words.windows(2).any(|w| matches!(w[0].norm.as_str(), "sign" | "log") && matches!(w[1].norm.as_str(), "in" | "on" | "me"))
            || words.iter().any(|w| matches!(w.norm.as_str(), "login" | "signin" | "logon"));
        commands = secrets::checked(commands, &secrets, page, signs_in)?;
    }
    // "start Italy in Country and pick it when it shows up": the field
    // suggests, whatever the page says of it.
    // ("… when the results appear": results, not suggestions.)
    let results = clauses.iter().any(|c| c.results || c.pieces.iter().any(|p| matches!(p, Piece::Result(_))));
    if picks_typed || !results && words.iter().any(|w| SUGGESTED.iter().any(|s| w.norm.starts_with(s))) {
        for command in &mut commands {
            if let Command::Type { text, field } = command {
                *command = Command::Suggest { text: std::mem::take(text), field: Some(field.clone()) };
            }
        }
    }
    (!commands.is_empty()).then_some(commands)
}

/// The scroll a clause says: inside the box it names, else the page's
/// one box; the page itself when the clause says "page" or the page has
/// no box; `None` when it has several and the clause names none.
fn scroll(clause: &Clause, named: Option<String>, page: &[PageWord]) -> Option<Command> {
    let dir = if clause.to_top { ScrollDirection::Top } else { ScrollDirection::Bottom };
    if clause.whole_page && named.is_none() {
        return Some(Command::Scroll { dir });
    }
    let mut boxes = page.iter().filter(|w| w.kind == WordKind::Scroller && w.shown && !w.name.is_empty());
    let label = match (named, boxes.next(), boxes.next()) {
        (Some(name), _, _) => name,
        (None, Some(one), None) => one.name.clone(),
        (None, None, _) => return Some(Command::Scroll { dir }),
        (None, Some(_), Some(_)) => return None,
    };
    Some(Command::ScrollIn { label, dir })
}

/// Whether the page has closed folders: a control marked with a closed
/// triangle (what `reveal_openers` opens), or one hidden in a folder.
fn has_folders(page: &[PageWord]) -> bool {
    page.iter().any(|w| {
        super::ground::COLLAPSED.iter().any(|m| w.name.starts_with(m)) || !w.shown && w.reveal == Some(RevealVia::Folders)
    })
}

/// The page's one text field, as a target.
fn only_field(page: &[PageWord]) -> Option<Target> {
    let fields: Vec<&PageWord> = page.iter().filter(|w| matches!(w.kind, WordKind::Field | WordKind::Suggesting) && w.shown).collect();
    match fields.as_slice() {
        [one] if !one.name.is_empty() => Some(Target::with_role(one.name.clone(), RoleHint::Field)),
        [_] => Some(Target::by_role(Some(RoleHint::Field), None)),
        _ => None,
    }
}

/// `text` typed into `field`; into a field that offers suggestions, the
/// suggestion of that text picked, as a person finishes an autocomplete.
fn typing(text: String, field: Target, page: &[PageWord]) -> Command {
    let suggests = page.iter().any(|w| w.kind == WordKind::Suggesting && !w.name.is_empty() && w.name == field.label);
    match suggests {
        true => Command::Suggest { text, field: Some(field) },
        false => Command::Type { text, field },
    }
}

/// The target a vocabulary word names.
fn target_of(word: &PageWord, role: RoleHint) -> Target {
    if word.name.is_empty() {
        Target::by_role(Some(role), Some(Ordinal::Nth(word.nth)))
    } else {
        Target::with_role(word.name.clone(), role)
    }
}

/// The role hint of a field-like place.
fn place_target(kinds: &[WordKind], nth: Ordinal, page: &[PageWord]) -> Option<(WordKind, Target)> {
    // "box" is a field or a checkbox: whichever the page has.
    let kind = *kinds.iter().find(|k| page.iter().any(|w| w.kind == **k && w.shown))?;
    let role = match kind {
        WordKind::Field => RoleHint::Field,
        WordKind::Checkbox => RoleHint::Checkbox,
        WordKind::Radio => RoleHint::Radio,
        WordKind::Dropdown => RoleHint::Dropdown,
        WordKind::Button => RoleHint::Button,
        WordKind::Link => RoleHint::Link,
        WordKind::Tab => RoleHint::Tab,
        _ => return None,
    };
    Some((kind, Target::by_role(Some(role), Some(nth))))
}

/// The commands of one clause; fields and values it leaves unpaired go to
/// `loose_*` for the sentence to pair.
fn clause_commands(
    clause: &Clause,
    page: &[PageWord],
    secrets: &[String],
    loose_fields: &mut Vec<Target>,
    loose_values: &mut Vec<(usize, String)>,
    at: usize,
) -> Option<Vec<Command>> {
    if clause.not_doing {
        return Some(Vec::new());
    }
    let mut out = Vec::new();
    // "scroll the terms box to the end": inside the box named, or the
    // page's one; its other words only describe it.
    let named_box = clause.pieces.iter().find_map(|p| match p {
        Piece::Name(i) if page[*i].kind == WordKind::Scroller => Some(page[*i].name.clone()),
        _ => None,
    });
    let mut pieces = clause.pieces.clone();
    if clause.scrolling || clause.to_end && named_box.is_some() {
        out.push(scroll(clause, named_box, page)?);
        pieces.retain(|p| matches!(p, Piece::Name(i) if page[*i].kind != WordKind::Scroller));
    }
    // "the second result for kettles": what is searched for, then its result.
    let result_at = pieces.iter().position(|p| matches!(p, Piece::Result(_)));
    if let (Some(at), false) = (result_at, clause.searching) {
        if let [Piece::Value(text)] = &pieces[at + 1..] {
            out.push(Command::Search { text: text.clone() });
            pieces.truncate(at + 1);
        }
    }
    let clause = &Clause { pieces, ..clause.clone() };
    let mut values: Vec<String> = clause.pieces.iter().filter_map(|p| if let Piece::Value(v) = p { Some(v.clone()) } else { None }).collect();
    let mut fields: Vec<Target> = Vec::new();
    let mut dropdown: Option<Target> = None;
    let mut options: Vec<(usize, &PageWord)> = Vec::new();
    // "in the box": the page's one field, unless the clause names it.
    let mut role_field = false;
    let mut role_secret = false;
    for piece in &clause.pieces {
        match piece {
            Piece::Value(_) => {}
            Piece::Result(nth) => out.push(Command::Click { target: Target::by_role(Some(RoleHint::Result), Some(*nth)) }),
            Piece::Role(kinds) if clause.pieces.len() == 1 => {
                // "smash that button": the page's one button, link or tab.
                for kind in [WordKind::Button, WordKind::Link, WordKind::Tab, WordKind::Checkbox] {
                    let shown = page.iter().filter(|w| w.kind == kind && w.shown).count();
                    if kinds.contains(&kind) && shown == 1 {
                        let (_, target) = place_target(&[kind], Ordinal::Nth(1), page)?;
                        out.push(match kind {
                            WordKind::Checkbox => Command::Check { target: Target::by_role(target.role, None), on: !clause.undoing },
                            _ => Command::Click { target: Target::by_role(target.role, None) },
                        });
                    }
                }
            }
            Piece::Role(kinds) => {
                if kinds.contains(&WordKind::Dropdown) && dropdown.is_none() {
                    dropdown = Some(Target::by_role(Some(RoleHint::Dropdown), None));
                }
                role_field |= kinds == &[WordKind::Field];
                role_secret |= kinds == &[WordKind::Secret];
            }
            Piece::Place { kinds, nth } => {
                let (kind, target) = place_target(kinds, *nth, page)?;
                match kind {
                    WordKind::Field => fields.push(target),
                    WordKind::Dropdown => dropdown = Some(target),
                    WordKind::Checkbox => out.push(Command::Check { target, on: !clause.undoing }),
                    _ => out.push(Command::Click { target }),
                }
            }
            Piece::Name(index) => {
                let word = &page[*index];
                // Out of sight: open folders or tabs until it shows, then click it.
                if let (false, Some(via), false) = (word.shown, word.reveal, word.name.is_empty()) {
                    if !matches!(word.kind, WordKind::Option | WordKind::Field | WordKind::Suggesting | WordKind::Dropdown | WordKind::Secret) {
                        out.push(Command::Reveal { label: word.name.clone(), via, click: true });
                        continue;
                    }
                }
                match word.kind {
                    // (A box said in a clause that does not scroll it, a
                    // heading: where.)
                    WordKind::Scroller | WordKind::Heading => {}
                    WordKind::Field | WordKind::Suggesting => fields.push(target_of(word, RoleHint::Field)),
                    WordKind::Secret if word.name.is_empty() => return None,
                    WordKind::Secret => fields.push(target_of(word, RoleHint::Field)),
                    WordKind::Dropdown => dropdown = Some(target_of(word, RoleHint::Dropdown)),
                    WordKind::Option => {
                        options.push((out.len(), word));
                    }
                    WordKind::Checkbox => out.push(Command::Check { target: target_of(word, RoleHint::Checkbox), on: !clause.undoing }),
                    WordKind::Radio => out.push(Command::Click { target: target_of(word, RoleHint::Radio) }),
                    WordKind::Button => out.push(Command::Click { target: target_of(word, RoleHint::Button) }),
                    WordKind::Link => out.push(Command::Click { target: target_of(word, RoleHint::Link) }),
                    WordKind::Tab => out.push(Command::Click { target: target_of(word, RoleHint::Tab) }),
                    // "the Move option under Actions": a closed menu's item, in the menu said.
                    WordKind::Clickable if !word.shown && clause.landmark.is_some_and(|m| page[m].shown && matches!(page[m].kind, WordKind::Clickable | WordKind::Button)) => {
                        let menu = &page[clause.landmark.unwrap_or_default()];
                        out.push(Command::InMenu { menu: Target::new(menu.name.clone()), item: Target::new(word.name.clone()) });
                    }
                    WordKind::Clickable => out.push(Command::Click { target: Target::new(word.name.clone()) }),
                }
            }
        }
    }
    if role_field && fields.is_empty() && !values.is_empty() {
        fields.push(only_field(page)?);
    }
    // "pass is ember51": the page's one password field.
    if role_secret && !fields.iter().any(|f| secrets::is_secret_field(f, page)) {
        fields.push(secrets::only_secret_field(page)?);
    }
    // Options, in the dropdown named in the clause or their own.
    for (place, word) in options.into_iter().rev() {
        let field = match (&dropdown, &word.owner) {
            (Some(d), _) => d.clone(),
            (None, Some((name, nth))) if name.is_empty() => Target::by_role(Some(RoleHint::Dropdown), Some(Ordinal::Nth(*nth))),
            (None, Some((name, _))) => Target::with_role(name.clone(), RoleHint::Dropdown),
            (None, None) => Target::by_role(Some(RoleHint::Dropdown), None),
        };
        out.insert(place, Command::Select { option: word.name.clone(), field });
    }
    // "Set the dropdown to lisbon": a value the options do not spell alike.
    let has_dropdown = page.iter().any(|w| w.kind == WordKind::Dropdown && w.shown);
    if let (Some(field), true, [value], true) = (&dropdown, fields.is_empty(), values.as_slice(), has_dropdown) {
        if !out.iter().any(|c| matches!(c, Command::Select { .. })) {
            out.push(Command::Select { option: value.clone(), field: field.clone() });
            values.clear();
        }
    }
    // "dismiss the discount popup", "close the Before you go box": in a
    // clause that closes, words that are no field's value say which.
    if clause.closing && out.is_empty() && fields.is_empty() {
        values.clear();
    }
    // "close that box with the cross": the popup in front.
    if clause.closing && out.is_empty() && fields.is_empty() && values.is_empty() {
        out.push(Command::ClosePopup);
    }
    // Values, into the fields named in the clause, in order.
    if clause.focusing && values.is_empty() {
        out.extend(fields.drain(..).map(|target| Command::Focus { target }));
    }
    // "open Invoices" where folders are closed: a name the page shows
    // no control of yet is looked for in them (the tree renders a
    // folder's children only once it is opened).
    if let (true, true, [name]) = (clause.clicking && out.is_empty() && fields.is_empty(), has_folders(page), values.as_slice()) {
        if name.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit()) && name.split_whitespace().count() <= 3 {
            out.push(Command::Reveal { label: name.clone(), via: RevealVia::Folders, click: true });
            values.clear();
        }
    }
    // "look up mugs": the page's search box, when it has a text field.
    if let (true, true, true, [text]) = (clause.searching, fields.is_empty(), dropdown.is_none(), values.as_slice()) {
        // (Its one text field, or one called search: not a form's first field.)
        let fields: Vec<&PageWord> = page.iter().filter(|w| matches!(w.kind, WordKind::Field | WordKind::Suggesting) && w.shown).collect();
        (fields.len() == 1 || fields.iter().any(|w| w.name.to_lowercase().contains("search"))).then_some(())?;
        out.insert(0, Command::Search { text: text.clone() });
        values.clear();
    }
    // "click result #2": a value in a clause of clicking is no text to
    // type, and nothing on the page the reading knows.
    if clause.clicking && !values.is_empty() && fields.is_empty() {
        return None;
    }
    // A password goes to the password field named with it, the rest in
    // the order said; what a clause types comes before what it clicks
    // ("sign in using the password x": typed, then Sign in).
    let secret_typed = secrets::pair_secrets(&mut fields, &mut values, secrets, page)?;
    // Two values in one clause are one too many to pair by place.
    if values.len() > fields.len().max(1) {
        return None;
    }
    // "delta and fjord in the first two boxes": values said in the
    // clauses before go first, into this clause's fields in order.
    if fields.len() > values.len() && loose_fields.is_empty() && !loose_values.is_empty() {
        let earlier: Vec<String> = loose_values.drain(..).map(|(_, v)| v).collect();
        values.splice(0..0, earlier);
    }
    let mut typed = Vec::new();
    while !fields.is_empty() && !values.is_empty() {
        let field = fields.remove(0);
        // "pick Norway in Country": a text field's value chosen is its
        // suggestion.
        typed.push(match (clause.picking, typing(values.remove(0), field, page)) {
            (true, Command::Type { text, field }) => Command::Suggest { text, field: Some(field) },
            (_, command) => command,
        });
    }
    typed.extend(secret_typed);
    out.splice(0..0, typed);
    loose_fields.extend(fields);
    loose_values.extend(values.into_iter().map(|v| (at, v)));
    Some(out)
}
