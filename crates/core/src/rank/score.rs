//! Scoring one candidate against the query: text relevance (BM25F with fuzzy
//! expansion, substring bonus, kind match) scaled by position priors
//! (landmark, above the fold). Every part is in [0, 1], so the final score
//! is too, and comparable across queries.

use super::fuzzy::FUZZY_WEIGHT;
use super::index::{Doc, Stats};
use super::query::{Alternative, TextQuery};
use crate::types::Landmark;
use std::collections::BTreeMap;

/// Weights of the relevance parts; they sum to 1.
pub(super) const W_BM25: f64 = 0.6;
pub(super) const W_SUBSTRING: f64 = 0.2;
pub(super) const W_KIND: f64 = 0.2;
/// Share of the score that priors can move: relevance decides, position
/// breaks near-ties ("Sign in" in the header over "Log in" in the footer).
const W_PRIOR: f64 = 0.2;
/// Below this relevance a candidate is noise, not a hit.
const MIN_RELEVANCE: f64 = 0.05;
/// The least score of a candidate whose whole label the query text is:
/// above any other match (their relevance stays ≤ 0.96: the substring part
/// of a label that only holds the text is ≤ 0.8; the prior factor ≤ 1), so
/// the page's own words, quoted whole, come first whatever the kinds and
/// places of longer labels holding them ("config" the `config` link, not
/// "Configuration", whose kind the query names; "Organization" the field's form,
/// not "Add Organization" twice; a form counts as named by each of its
/// fields' labels, `Doc::is_named`). Priors order such candidates among
/// themselves. An agent quotes the labels it read in the MiniPCD.
const EXACT: f64 = 0.97;
/// The least relevance of a candidate of the very kind the query names:
/// as much as half its words found (see [`lifted`]).
pub(super) const NAMED_KIND: f64 = 0.5;

/// Fuzzy expansions of query terms: query term → (page term, weight < 1).
pub type Expansions = BTreeMap<String, Vec<(String, f64)>>;

/// How likely a control in this region is what a task needs: main content
/// first, page chrome next, asides, then the footer's link lists.
pub fn landmark_prior(landmark: Option<Landmark>) -> f64 {
    match landmark {
        Some(Landmark::Main) => 1.0,
        Some(Landmark::Header) => 0.8,
        Some(Landmark::Nav) => 0.75,
        None => 0.6,
        Some(Landmark::Aside) => 0.45,
        Some(Landmark::Footer) => 0.25,
    }
}

/// Position prior in [0, 1].
pub fn prior(landmark: Option<Landmark>, above_fold: bool) -> f64 {
    0.7 * landmark_prior(landmark) + 0.3 * if above_fold { 1.0 } else { 0.4 }
}

/// Everything scoring needs besides the candidate.
pub struct Scorer<'a> {
    pub query: &'a TextQuery,
    pub stats: &'a Stats,
    pub expansions: &'a Expansions,
}

impl Scorer<'_> {
    /// The score of a candidate, or `None` when it does not match the text.
    /// With no text, the prior alone ranks.
    pub fn score(&self, doc: &Doc, landmark: Option<Landmark>, above_fold: bool) -> Option<f64> {
        let prior = prior(landmark, above_fold);
        if self.query.is_empty() {
            return Some(prior);
        }
        let factor = 1.0 - W_PRIOR + W_PRIOR * prior;
        let alternatives = &self.query.alternatives;
        let relevance = alternatives.iter().map(|alt| self.relevance(doc, alt)).fold(0.0, f64::max);
        if alternatives.iter().any(|alt| doc.is_named(alt)) {
            // Among themselves, as the rest are ranked (the kind the query
            // names, the place).
            return Some(EXACT + (1.0 - EXACT) * relevance * factor);
        }
        (relevance >= MIN_RELEVANCE).then_some(relevance * factor)
    }

    /// Relevance without the whole-label lift of [`lifted`] (the sieve's):
    /// [`Self::score`] puts whole labels first itself.
    fn relevance(&self, doc: &Doc, alt: &Alternative) -> f64 {
        if alt.terms.is_empty() {
            return whole_label(doc, alt);
        }
        named_kind(doc, alt, W_BM25 * self.bm25(doc, alt) + W_SUBSTRING * substring(doc, alt) + W_KIND * self.kind(doc, alt))
    }

    /// BM25F over the alternative's terms, normalised so that every term
    /// found once in an average-length label gives 1.
    fn bm25(&self, doc: &Doc, alt: &Alternative) -> f64 {
        let (mut got, mut best) = (0.0, 0.0);
        for term in &alt.terms {
            let idf = self.stats.idf(term);
            got += idf * self.term_match(doc, term);
            best += idf * Stats::reference_score();
        }
        (got / best).min(1.0)
    }

    /// The term's BM25F score in the doc; for a term the page lacks, the best
    /// fuzzy variant's, discounted. A term the page has is not fuzzed: the
    /// user's own word is on the page, near misses are other words.
    fn term_match(&self, doc: &Doc, term: &str) -> f64 {
        if self.stats.contains(term) {
            return self.stats.term_score(doc, term);
        }
        self.expansions
            .get(term)
            .into_iter()
            .flatten()
            .map(|(variant, sim)| FUZZY_WEIGHT * sim * self.stats.term_score(doc, variant))
            .fold(0.0, f64::max)
    }

    fn kind(&self, doc: &Doc, alt: &Alternative) -> f64 {
        kind(doc, alt)
    }
}

/// For a query of stop words or punctuation only: the whole label, or
/// nothing.
pub(super) fn whole_label(doc: &Doc, alt: &Alternative) -> f64 {
    if alt.is_label((&doc.label_text, &doc.label_symbols)) {
        1.0
    } else {
        0.0
    }
}

/// How well the query names the candidate's kind: half for query terms
/// that are kind words ("next page" → pagination), half for kind name
/// terms the query says ("download invoice" → download_invoice).
pub(super) fn kind(doc: &Doc, alt: &Alternative) -> f64 {
    if doc.kind_name.is_empty() {
        return 0.0;
    }
    let said = |word: &String| alt.terms.iter().any(|t| names(t, word));
    let query_in_kind = alt.terms.iter().filter(|t| doc.kind_words.iter().any(|w| names(t, w))).count();
    let kind_in_query = doc.kind_name.iter().filter(|w| said(w)).count();
    0.5 * query_in_kind as f64 / alt.terms.len() as f64 + 0.5 * kind_in_query as f64 / doc.kind_name.len() as f64
}

/// `relevance`, lifted to 1 when the query text is the candidate's whole
/// label — the page's own word quoted outranks a synonym's label ("option"
/// the "option" link, not "Settings": synonyms fold into one ranking term,
/// and the synonym's kind part and place outweighed the substring part;
/// the sieve keeps it, and the score puts it first, see [`EXACT`]) — and
/// raised to [`NAMED_KIND`] when the query text names the
/// candidate's own kind as a label would ("add to cart" for an
/// add_to_cart button). Kinds are inferred from labels in many languages,
/// words are not translated: "add to cart" shares no word with
/// "カートに入れる", whose kind is the one bridge, and the kind part alone
/// (≤ [`W_KIND`]) lost to any link whose context holds "cart".
pub(super) fn lifted(doc: &Doc, alt: &Alternative, relevance: f64) -> f64 {
    match doc.is_named(alt) {
        true => 1.0,
        false => named_kind(doc, alt, relevance),
    }
}

/// `relevance`, raised to [`NAMED_KIND`] for a candidate of the kind the
/// query text names (see [`lifted`]).
fn named_kind(doc: &Doc, alt: &Alternative, relevance: f64) -> f64 {
    match alt.kind {
        Some(k) if doc.kind.as_deref() == Some(k) => relevance.max(NAMED_KIND),
        _ => relevance,
    }
}

/// Whether a query term names a kind word, allowing typos.
fn names(query_term: &str, kind_word: &str) -> bool {
    query_term == kind_word || super::fuzzy::similarity(query_term, kind_word).is_some_and(|s| s >= 0.75)
}

/// The query text inside the label (whole label best, then at a word start,
/// then anywhere), else a whole context string (a form's field label, a
/// heading), else inside one. Rewards the user's exact wording over a
/// synonym, and catches partial words ("invo").
pub(super) fn substring(doc: &Doc, alt: &Alternative) -> f64 {
    let q = alt.text.as_str();
    let label = doc.label_text.as_str();
    // The whole label counts however short ("N", a type parameter's link);
    // parts of it only from 3 characters on.
    if label == q && !q.is_empty() {
        return 1.0;
    }
    if q.len() < 3 {
        return 0.0;
    }
    if label.match_indices(q).any(|(i, _)| i == 0 || label.as_bytes()[i - 1] == b' ') {
        0.8
    } else if label.contains(q) {
        0.6
    } else if doc.context_text.iter().any(|c| c == q) {
        // "Name" asked on a page whose name field is in a form: the form,
        // not a link whose label merely contains the word.
        0.5
    } else if doc.context_text.iter().any(|c| c.contains(q)) {
        0.4
    } else {
        0.0
    }
}
