//! The sliceable ranker: the same computation as the one-shot [`rank`], cut
//! into steps of a few candidates so the content side can run it inside
//! `requestIdleCallback` slices of ≤ 8 ms (seed 000 §8.2, §11).
//!
//! Work is 2 units per candidate: indexing (terms, corpus statistics, fuzzy
//! expansion of its new words), then scoring (which needs the statistics of
//! all candidates). A pool of more than [`MAX_CANDIDATES`] entries is first
//! sieved to that many (`sieve.rs`, one unit per entry; with no text, its
//! first ones are kept). Results do not depend on the slicing, nor on the
//! order of at most [`MAX_CANDIDATES`] candidates; a larger pool's order is
//! its priority order (ties in the sieve keep the earlier entries).
//!
//! [`MAX_CANDIDATES`]: super::MAX_CANDIDATES

use super::fuzzy::similarity;
use super::index::{Doc, Stats};
use super::query::TextQuery;
use super::score::{Expansions, Scorer};
use super::sieve::Sieve;
use super::{RankCandidate, RankError, RankQuery};
use crate::types::QueryHit;
use std::cmp::Ordering;
use std::collections::BTreeSet;

/// Where an incremental ranking is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// `done` of `total` work units (2 per candidate) are finished.
    Pending {
        done: usize,
        total: usize,
    },
    Done,
}

/// An incremental ranking of one query over one candidate set.
#[derive(Debug)]
pub struct Ranker {
    text: TextQuery,
    /// Distinct query terms, for fuzzy expansion while indexing.
    query_terms: Vec<String>,
    top_k: usize,
    candidates: Vec<RankCandidate>,
    docs: Vec<Doc>,
    stats: Stats,
    expansions: Expansions,
    seen_terms: BTreeSet<String>,
    /// (candidate index, score) of every matching candidate scored so far.
    scored: Vec<(usize, f64)>,
    /// Work units done: < n indexing, < 2n scoring.
    cursor: usize,
    /// A pool larger than a cycle, until sieved (`candidates` is empty
    /// meanwhile).
    sieve: Option<Sieve>,
    /// Documents the sieve tokenised, for `candidates` (same order).
    sieved_docs: Vec<Doc>,
}

impl Ranker {
    /// Validates the candidates (at most [`super::MAX_POOL`], best first
    /// when more than a cycle's [`super::MAX_CANDIDATES`]) and prepares the
    /// query; does no ranking work.
    pub fn new(query: RankQuery, candidates: Vec<RankCandidate>) -> Result<Ranker, RankError> {
        if candidates.len() > super::MAX_POOL {
            return Err(RankError::TooManyCandidates { got: candidates.len(), max: super::MAX_POOL });
        }
        let mut ids = BTreeSet::new();
        if let Some(dup) = candidates.iter().find(|c| !ids.insert(c.id.as_str())) {
            return Err(RankError::DuplicateId(dup.id.clone()));
        }
        let mut candidates: Vec<RankCandidate> =
            candidates.into_iter().filter(|c| query.kind.is_none_or(|k| c.entity == k)).collect();
        let text = TextQuery::parse(query.text.as_deref());
        let query_terms = text.all_terms().into_iter().map(str::to_owned).collect();
        let mut sieve = None;
        if candidates.len() > super::MAX_CANDIDATES {
            if text.is_empty() {
                // Priors alone rank: the pool's best first.
                candidates.truncate(super::MAX_CANDIDATES);
            } else {
                sieve = Some(Sieve::new(std::mem::take(&mut candidates), &text));
            }
        }
        Ok(Ranker {
            sieve,
            sieved_docs: Vec::new(),
            text,
            query_terms,
            top_k: query.top_k.unwrap_or(super::DEFAULT_TOP_K),
            docs: Vec::with_capacity(candidates.len()),
            candidates,
            stats: Stats::default(),
            expansions: Expansions::new(),
            seen_terms: BTreeSet::new(),
            scored: Vec::new(),
            cursor: 0,
        })
    }

    /// Does up to `budget` work units (at least one) and reports progress.
    pub fn step(&mut self, budget: usize) -> Progress {
        if let Some(sieve) = &mut self.sieve {
            for _ in 0..budget.max(1) {
                if !sieve.step(&self.text) {
                    let (candidates, docs) = self.sieve.take().expect("sieving").keep(super::MAX_CANDIDATES);
                    self.candidates = candidates;
                    // Popped from the back while indexing in order.
                    self.sieved_docs = docs.into_iter().rev().collect();
                    break;
                }
            }
            return self.progress();
        }
        let n = self.candidates.len();
        let end = self.cursor.saturating_add(budget.max(1)).min(2 * n);
        while self.cursor < end {
            if self.cursor < n {
                self.index(self.cursor);
            } else {
                self.score(self.cursor - n);
            }
            self.cursor += 1;
        }
        self.progress()
    }

    pub fn progress(&self) -> Progress {
        if let Some(sieve) = &self.sieve {
            let total = sieve.len() + 2 * super::MAX_CANDIDATES;
            return Progress::Pending { done: sieve.done(), total };
        }
        let total = 2 * self.candidates.len();
        if self.cursor >= total {
            Progress::Done
        } else {
            Progress::Pending { done: self.cursor, total }
        }
    }

    /// Runs whatever work is left and returns the hits: best first, at most
    /// one per cluster, at most `top_k`, scores rounded to 2 decimals.
    pub fn finish(mut self) -> Vec<QueryHit> {
        while self.progress() != Progress::Done {
            self.step(usize::MAX);
        }
        // A text of stop words only that names no label ("the"): ranked as
        // no text is, by the priors.
        if self.scored.is_empty() && self.text.alternatives.iter().all(|a| a.terms.is_empty()) {
            self.scored = self.candidates.iter().enumerate().map(|(i, c)| (i, super::score::prior(c.landmark, c.above_fold))).collect();
        }
        let candidates = &self.candidates;
        // Quantised so that last-bit float differences between platforms
        // cannot reorder hits; equal scores fall back to the id.
        let key = |score: f64| (score * 1e6).round() as i64;
        self.scored.sort_by(|(a, sa), (b, sb)| {
            key(*sb).cmp(&key(*sa)).then_with(|| natural_cmp(&candidates[*a].id, &candidates[*b].id))
        });
        let mut clusters = BTreeSet::new();
        self.scored
            .iter()
            .filter(|(i, _)| candidates[*i].cluster_id.as_deref().is_none_or(|c| clusters.insert(c)))
            .take(self.top_k)
            .map(|&(i, score)| {
                let c = &candidates[i];
                QueryHit {
                    id: c.id.clone(),
                    label: c.label.clone(),
                    kind: c.kind.clone(),
                    landmark: c.landmark,
                    score: (score.clamp(0.0, 1.0) * 100.0).round() / 100.0,
                }
            })
            .collect()
    }

    fn index(&mut self, i: usize) {
        let doc = self.sieved_docs.pop().unwrap_or_else(|| Doc::new(&self.candidates[i]));
        self.stats.add(&doc);
        for term in doc.vocabulary() {
            if self.seen_terms.insert(term.to_owned()) {
                for q in &self.query_terms {
                    if let Some(sim) = similarity(q, term) {
                        self.expansions.entry(q.clone()).or_default().push((term.to_owned(), sim));
                    }
                }
            }
        }
        self.docs.push(doc);
    }

    fn score(&mut self, i: usize) {
        let scorer = Scorer { query: &self.text, stats: &self.stats, expansions: &self.expansions };
        let c = &self.candidates[i];
        if let Some(score) = scorer.score(&self.docs[i], c.landmark, c.above_fold) {
            self.scored.push((i, score));
        }
    }
}

/// Orders ids so that digit runs compare as numbers ("a2" before "a10"):
/// MiniPCD ids are numbered in document order.
pub fn natural_cmp(a: &str, b: &str) -> Ordering {
    let (mut a_rest, mut b_rest) = (a, b);
    loop {
        let (Some(ca), Some(cb)) = (a_rest.chars().next(), b_rest.chars().next()) else {
            return a_rest.len().cmp(&b_rest.len()).then_with(|| a.cmp(b));
        };
        if ca.is_ascii_digit() && cb.is_ascii_digit() {
            let da = a_rest.len() - a_rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let db = b_rest.len() - b_rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let (na, nb) = (a_rest[..da].trim_start_matches('0'), b_rest[..db].trim_start_matches('0'));
            let ord = na.len().cmp(&nb.len()).then_with(|| na.cmp(nb));
            if ord != Ordering::Equal {
                return ord;
            }
            a_rest = &a_rest[da..];
            b_rest = &b_rest[db..];
        } else {
            if ca != cb {
                return ca.cmp(&cb);
            }
            a_rest = &a_rest[ca.len_utf8()..];
            b_rest = &b_rest[cb.len_utf8()..];
        }
    }
}
