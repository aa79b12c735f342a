//! Deterministic ranking for `pcd.query` (seed 000 §5 "Query API", §8.2):
//! which of ≤ 200 page entries best match a subgoal string.
//!
//! A candidate's score in [0, 1] is its text relevance — field-weighted BM25
//! over label and context (label counts most), fuzzy matching of typos,
//! synonym folding, a substring bonus for the user's exact wording and a
//! bonus when the query names the candidate's kind — scaled by position
//! priors (main > header/nav > aside > footer; above the fold). Query text
//! may hold `|`-separated alternatives; a candidate scores its best one.
//! With no text, priors alone rank. One hit per `cluster_id` is kept. Ties
//! go to the id in natural order, so results do not depend on input order.
//!
//! [`rank`] does it in one call; [`Ranker`] does the same work in slices
//! (`step(budget)`) to stay under the content side's 8 ms per idle slice.
//!
//! - [`candidate`]: [`RankCandidate`] and its mapping from MiniPCD entries.
//! - [`terms`]: tokenising, stemming, synonyms, stop words.
//! - [`query`]: query alternatives.
//! - [`index`]: per-ranking corpus statistics and BM25F.
//! - [`fuzzy`]: typo-tolerant term similarity.
//! - [`score`]: relevance parts and priors.
//! - [`sieve`]: the ≤ 200 of a larger pool a cycle ranks.
//! - [`ranker`]: the sliceable [`Ranker`].

pub mod candidate;
pub mod fuzzy;
pub mod index;
pub mod query;
pub mod ranker;
pub mod score;
pub mod sieve;
pub mod terms;

#[cfg(test)]
mod tests;

pub use candidate::RankCandidate;
pub use ranker::{Progress, Ranker};

use crate::tools::QueryKind;
use crate::types::QueryHit;
use serde::{Deserialize, Serialize};

/// Seed 000 §8.2/§11: at most this many candidates per scoring cycle.
pub const MAX_CANDIDATES: usize = 200;
/// At most this many entries a query is asked to rank, sieved to a cycle's
/// [`MAX_CANDIDATES`] first (`sieve.rs`): the MiniPCD's entries and
/// `pcd::MAX_UNLISTED` actions past them.
pub const MAX_POOL: usize = 4096;
const _: () = {
    use crate::types::MiniPcd;
    assert!(crate::pcd::MAX_UNLISTED + MiniPcd::MAX_ACTIONS + MiniPcd::MAX_FORMS + MiniPcd::MAX_COLLECTIONS <= MAX_POOL);
};
/// Hits returned when the query gives no `topK`.
pub const DEFAULT_TOP_K: usize = 10;

/// A `pcd.query` request, without the tab.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RankQuery {
    /// Free text; `|` separates alternatives. None or blank ranks by priors.
    #[serde(default)]
    pub text: Option<String>,
    /// Only candidates of this entity.
    #[serde(default)]
    pub kind: Option<QueryKind>,
    /// At most this many hits (default [`DEFAULT_TOP_K`]).
    #[serde(default)]
    pub top_k: Option<usize>,
}

/// Why a ranking could not start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RankError {
    #[error("{got} candidates given; a ranking takes at most {max}")]
    TooManyCandidates { got: usize, max: usize },
    /// Ids must be unique: hits are reported and tie-broken by id.
    #[error("candidate id {0:?} appears more than once")]
    DuplicateId(String),
}

/// Whether one of `hits` is labelled with (an alternative of) the query's
/// text, as normalised for matching: the page has what the user named, so
/// the content side need not read more of it (a sampled list's later items).
pub fn labels_the_text(query: &RankQuery, hits: &[QueryHit]) -> bool {
    let text = query::TextQuery::parse(query.text.as_deref());
    hits.iter().any(|h| {
        let (label, symbols) = query::label_forms(&h.label);
        text.alternatives.iter().any(|a| a.is_label((&label, &symbols)))
    })
}

/// Ranks the candidates in one call; identical to stepping a [`Ranker`].
pub fn rank(query: RankQuery, candidates: Vec<RankCandidate>) -> Result<Vec<QueryHit>, RankError> {
    Ok(Ranker::new(query, candidates)?.finish())
}
