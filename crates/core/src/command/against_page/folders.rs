//! A sentence about a page of closed folders that says where its target
//! is rather than how to get there ("Contracts lives in 2026, open the
//! folders and click it"; "need Reports its in Shared then 2026, click
//! it"): the page's tree renders a folder's children only once it is
//! opened, so neither the target nor the folders on its way are words of
//! the page yet. [`reveal_target`] finds the one name the sentence wants
//! clicked, the names said as where it is set apart, and opens folders
//! until it shows ([`Command::Reveal`]), which needs no path.

use super::clauses::{Clause, Piece};
use super::said::Word;
use super::vocabulary::PageWord;
use super::words::is_carrier;
use crate::command::model::{Command, RevealVia};

/// Words after which, to the end of the clause, names say where.
const WHERE: &[&str] = &["in", "under", "inside", "within", "into", "beneath", "below"];
/// Words after a name that make it a folder on the way.
const FOLDER: &[&str] = &["folder", "folders", "directory", "dir"];

/// The Reveal the sentence asks for on a page with closed folders, when
/// every value it holds is a name (capitalised or a number) and exactly
/// one of them is not said as where the others are.
pub(super) fn reveal_target(words: &[Word], clauses: &[Clause], page: &[PageWord]) -> Option<Vec<Command>> {
    // (Clicked, or asked for with no verb at all: "Contracts please, under
    // Shared then 2026".)
    let said_where = words.iter().any(|w| WHERE.contains(&w.norm.as_str()));
    let asked = clauses.iter().any(|c| c.clicking) || !clauses.iter().any(|c| c.acting) && said_where;
    if !super::has_folders(page) || !asked {
        return None;
    }
    let values: Vec<&str> = clauses.iter().flat_map(|c| c.pieces.iter()).filter_map(|p| if let Piece::Value(v) = p { Some(v.as_str()) } else { None }).collect();
    let a_name = |w: &str| w.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit());
    if values.is_empty() || !values.iter().all(|v| v.split_whitespace().all(a_name)) {
        return None;
    }
    let mut wanted: Vec<&str> = Vec::new();
    let mut saying_where = false;
    // Where this clause's wanted names begin, and whether it opens folders
    // said to come first ("you'll have to open Shared and 2026 first": on
    // the way, not wanted).
    let (mut clause_from, mut opens) = (0, false);
    for (i, word) in words.iter().enumerate() {
        if WHERE.contains(&word.norm.as_str()) {
            saying_where = true;
        }
        opens |= matches!(word.norm.as_str(), "open" | "expand" | "unfold");
        let value = values.iter().any(|v| v.split_whitespace().next() == Some(word.text));
        let a_folder = words.get(i + 1).is_some_and(|n| FOLDER.contains(&n.norm.as_str()));
        if value && !saying_where && !a_folder && (word.named || !is_carrier(&word.norm)) {
            wanted.push(word.text);
        }
        if word.ends_clause && !word.in_path || i + 1 == words.len() {
            if opens && word.norm == "first" {
                wanted.truncate(clause_from);
            }
            saying_where = false;
            opens = false;
            clause_from = wanted.len();
        }
    }
    match wanted.as_slice() {
        [one] => Some(vec![Command::Reveal { label: (*one).to_owned(), via: RevealVia::Folders, click: true }]),
        _ => None,
    }
}
