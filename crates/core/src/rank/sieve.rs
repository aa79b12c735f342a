//! Picking the ≤ 200 candidates one ranking cycle scores (seed 000 §8.2)
//! out of a page's whole pool of entries. A long API page or a docs
//! sidebar has thousands of links; a query for "is_empty" must reach the
//! 400th of them, not only the 160 the MiniPCD's priorities put first.
//!
//! Each pool entry gets a cheap relevance without corpus statistics — the
//! share of the query's terms in its label, context or role (typo-tolerant,
//! as the ranker), the substring and kind parts of the ranker's score — in
//! steps, like the ranker. The best [`MAX_CANDIDATES`] are kept (ties and
//! entries that match nothing in pool order: the caller's priority order),
//! with the documents already tokenised, and ranked as before.
//!
//! [`MAX_CANDIDATES`]: super::MAX_CANDIDATES

use super::fuzzy::{similarity, FUZZY_WEIGHT};
use super::index::Doc;
use super::query::TextQuery;
use super::score::{kind, lifted, substring, whole_label, W_BM25, W_KIND, W_SUBSTRING};
use super::RankCandidate;
use std::collections::BTreeMap;

/// What a query term found in a field is worth (label, context, role).
const FIELD_WORTH: [f64; 3] = [1.0, 0.6, 0.3];

/// A pool being sieved: one unit of work per entry.
#[derive(Debug)]
pub struct Sieve {
    pool: Vec<RankCandidate>,
    docs: Vec<Doc>,
    scores: Vec<f64>,
    /// Per page term seen so far, its similarity to each query term
    /// (`None`: too far), in `query_terms` order.
    fuzzy: BTreeMap<String, Vec<Option<f64>>>,
    query_terms: Vec<String>,
}

impl Sieve {
    pub fn new(pool: Vec<RankCandidate>, query: &TextQuery) -> Sieve {
        Sieve {
            docs: Vec::with_capacity(pool.len()),
            scores: Vec::with_capacity(pool.len()),
            pool,
            fuzzy: BTreeMap::new(),
            query_terms: query.all_terms().into_iter().map(str::to_owned).collect(),
        }
    }

    pub fn len(&self) -> usize {
        self.pool.len()
    }

    pub fn is_empty(&self) -> bool {
        self.pool.is_empty()
    }

    /// Entries sieved so far.
    pub fn done(&self) -> usize {
        self.docs.len()
    }

    /// Sieves the next entry; false when none is left.
    pub fn step(&mut self, query: &TextQuery) -> bool {
        let Some(c) = self.pool.get(self.docs.len()) else {
            return false;
        };
        let doc = Doc::new(c);
        for term in doc.vocabulary() {
            if !self.fuzzy.contains_key(term) {
                let sims = self.query_terms.iter().map(|q| similarity(q, term)).collect();
                self.fuzzy.insert(term.to_owned(), sims);
            }
        }
        self.scores.push(self.relevance(&doc, query));
        self.docs.push(doc);
        true
    }

    /// The best `keep` entries with their documents, in pool order.
    pub fn keep(self, keep: usize) -> (Vec<RankCandidate>, Vec<Doc>) {
        let mut order: Vec<usize> = (0..self.scores.len()).collect();
        // Quantised as the ranker's scores are: no last-bit float ties.
        let key = |s: f64| (s * 1e6).round() as i64;
        order.sort_by_key(|&i| (std::cmp::Reverse(key(self.scores[i])), i));
        order.truncate(keep);
        order.sort_unstable();
        let mut taken = vec![false; self.pool.len()];
        for &i in &order {
            taken[i] = true;
        }
        (kept(self.pool, &taken), kept(self.docs, &taken))
    }

}

/// The items of `v` whose flag is set.
fn kept<T>(v: Vec<T>, taken: &[bool]) -> Vec<T> {
    v.into_iter().zip(taken).filter(|(_, t)| **t).map(|(x, _)| x).collect()
}

impl Sieve {
    /// The best alternative's relevance, the ranker's parts without corpus
    /// statistics (every term weighs the same).
    fn relevance(&self, doc: &Doc, query: &TextQuery) -> f64 {
        let vocabulary = doc.vocabulary();
        query
            .alternatives
            .iter()
            .map(|alt| {
                if alt.terms.is_empty() {
                    return whole_label(doc, alt);
                }
                let found: f64 = alt
                    .terms
                    .iter()
                    .map(|t| {
                        let exact = (0..FIELD_WORTH.len()).filter(|&f| doc.has(f, t)).map(|f| FIELD_WORTH[f]).fold(0.0, f64::max);
                        if exact > 0.0 {
                            return exact;
                        }
                        let qi = self.query_terms.iter().position(|q| q == t);
                        vocabulary
                            .iter()
                            .filter_map(|v| qi.and_then(|qi| self.fuzzy.get(*v)?[qi]))
                            .map(|sim| FUZZY_WEIGHT * sim)
                            .fold(0.0, f64::max)
                    })
                    .sum();
                lifted(doc, alt, W_BM25 * found / alt.terms.len() as f64 + W_SUBSTRING * substring(doc, alt) + W_KIND * kind(doc, alt))
            })
            .fold(0.0, f64::max)
    }
}
