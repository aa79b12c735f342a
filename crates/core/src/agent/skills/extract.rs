//! `skill_extract {collection?, fields?}`: read the list the model means
//! as records, by the list's id, or by a name ranked the way `pcd_query`
//! ranks lists (`rank`: BM25 over the name and item fields, typos and
//! synonyms folded), or, with neither, the page's biggest list.
//!
//! It saves the model a `pcd_query` round trip when it knows what it
//! wants ("invoices") but not the list's id.

use super::effects::Expect;
use super::matching::{extract as extract_call, fit, pick, place, Fit, Pick};
use super::{MatchRule, SkillError, SkillPlan};
use crate::rank::{rank, RankCandidate, RankQuery};
use crate::tools::QueryKind;
use crate::types::{MiniCollection, MiniPcd};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Clone, PartialEq, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExtractArgs {
    /// The list's id from the listing, or what it holds ("invoices", "search results"); default: the biggest list.
    #[serde(default)]
    pub collection: Option<String>,
    /// Item fields wanted (default: all the listing names).
    #[serde(default)]
    pub fields: Vec<String>,
}

#[rustfmt::skip]
pub const EXTRACT_RULES: &[MatchRule] = &[
    MatchRule { id: "extract.none", when: "the page lists no lists: error" },
    MatchRule { id: "extract.by_id", when: "`collection` is a listed id: read it" },
    MatchRule { id: "extract.by_name", when: "`collection` is a name: the list named so, else the best ranked one" },
    MatchRule { id: "extract.unknown", when: "no list fits the name: error listing the lists" },
    MatchRule { id: "extract.biggest", when: "no `collection`: the list with the most items, the main content's first" },
    MatchRule { id: "extract.ambiguous", when: "lists fit equally well: error listing them" },
];

fn options(lists: &[&MiniCollection]) -> String {
    let list: Vec<String> = lists.iter().take(6).map(|c| crate::agent::page::collection_line(c)).collect();
    list.join("; ")
}

fn ambiguous(lists: Vec<&MiniCollection>) -> SkillError {
    SkillError::Ambiguous {
        rule: "extract.ambiguous",
        what: "Several lists fit equally".into(),
        options: options(&lists),
        instead: "Call skill_extract again with the list's id as `collection`.".into(),
    }
}

/// The list a name means: named so (any case), else the best ranked;
/// `Ok(None)` when nothing fits.
fn by_name<'a>(page: &'a MiniPcd, name: &str) -> Result<Option<&'a MiniCollection>, SkillError> {
    let exact = page.collections.iter().filter(|c| fit(&crate::kind::text::split_identifier(&c.name), name) == Some(Fit::Exact));
    match pick(exact, |c| place(c.landmark)) {
        Pick::One(c) => return Ok(Some(c)),
        Pick::Tie(tied) => return Err(ambiguous(tied)),
        Pick::None => {}
    }
    let candidates = page.collections.iter().map(|c| RankCandidate::from_collection(c, true)).collect();
    let query = RankQuery { text: Some(name.to_owned()), kind: Some(QueryKind::Collection), top_k: Some(2) };
    // Ids are unique in a MiniPCD and lists are far fewer than a ranking takes.
    let hits = rank(query, candidates).unwrap_or_default();
    let found = |i: usize| hits.get(i).and_then(|h| page.collections.iter().find(|c| c.id == h.id));
    match (hits.first(), hits.get(1)) {
        (Some(a), Some(b)) if a.score == b.score => Err(ambiguous(found(0).into_iter().chain(found(1)).collect())),
        _ => Ok(found(0)),
    }
}

pub fn extract(page: &MiniPcd, args: ExtractArgs) -> Result<SkillPlan, SkillError> {
    if page.collections.is_empty() {
        return Err(SkillError::NoMatch {
            rule: "extract.none",
            what: "A list".into(),
            instead: "Read the page's text with read_page instead.".into(),
        });
    }
    let wanted = args.collection.as_deref().map(str::trim).filter(|c| !c.is_empty());
    let (list, rule) = match wanted {
        Some(id) if page.collections.iter().any(|c| c.id == id) => (page.collections.iter().find(|c| c.id == id), "extract.by_id"),
        Some(name) => (by_name(page, name)?, "extract.by_name"),
        None => match pick(&page.collections, |c| (std::cmp::Reverse(c.approx_count.unwrap_or(0)), place(c.landmark))) {
            Pick::One(c) => (Some(c), "extract.biggest"),
            Pick::Tie(tied) => return Err(ambiguous(tied)),
            Pick::None => (None, "extract.none"),
        },
    };
    let Some(list) = list else {
        return Err(SkillError::NoMatch {
            rule: "extract.unknown",
            what: format!("A list of “{}”", wanted.unwrap_or_default()),
            instead: format!("The lists: {}.", options(&page.collections.iter().collect::<Vec<_>>())),
        });
    };
    Ok(SkillPlan {
        steps: vec![extract_call(&list.id, args.fields)],
        summary: format!("Read the list {} ({}).", list.id, list.name),
        rule,
        expect: Expect::Nothing,
        then: None,
    })
}
