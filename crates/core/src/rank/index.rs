//! The per-ranking index: each candidate's terms by field, corpus statistics
//! (document frequencies, average field lengths) and field-weighted BM25
//! (BM25F) term scores.

use super::terms::terms;
use super::RankCandidate;
use crate::kind::text::{normalize, split_identifier};
use crate::tools::QueryKind;
use std::collections::{BTreeMap, BTreeSet};

/// Candidate fields, in this order: the label (the accessible name, what the
/// user sees and names), the context (heading, form purpose, collection name,
/// href path…) and meta (role and entity, so "sign in button" can prefer
/// buttons without drowning the label).
const FIELDS: usize = 3;
/// BM25F field weights (label words count three times a context word).
const WEIGHT: [f64; FIELDS] = [3.0, 1.0, 0.5];
/// Length normalisation per field: shorter labels are more specific
/// ("Billing" over "Billing address settings"); meta has fixed length.
const B: [f64; FIELDS] = [0.75, 0.5, 0.0];
/// BM25 term-frequency saturation.
const K1: f64 = 1.2;

/// One candidate, tokenised.
#[derive(Debug, Clone)]
pub struct Doc {
    fields: [Vec<String>; FIELDS],
    /// The candidate's kind, as named on the wire (`add_to_cart`).
    pub kind: Option<String>,
    /// Terms of the kind's name (`download_invoice` → download, invoice).
    pub kind_name: Vec<String>,
    /// Kind name terms plus words users say for it (pagination → next, page).
    pub kind_words: Vec<String>,
    /// Normalised label and context strings, for substring matches.
    pub label_text: String,
    /// The label as a query of punctuation compares it (`query::label_forms`).
    pub label_symbols: String,
    pub context_text: Vec<String>,
    /// A form's field labels, normalised (`RankCandidate::fields`).
    pub field_texts: Vec<String>,
}

/// Words users say for a kind whose name is not one of them.
#[rustfmt::skip]
const KIND_WORDS: &[(&str, &str)] = &[
    ("pagination", "next previous page"),
    ("password_reset", "forgot"),
    ("payment_method", "card"),
    ("billing", "invoice subscription plan payment"),
    ("download_invoice", "pdf"),
    ("navigation", ""),
    ("search_products", "shop"),
    ("confirm", "ok yes"),
    ("book", "reserve"),
    ("newsletter", "subscribe"),
    ("menu", "more"),
];

impl Doc {
    pub fn new(c: &RankCandidate) -> Doc {
        let kind_name = c.kind.as_deref().map(|k| terms(&split_identifier(k))).unwrap_or_default();
        let extra = c
            .kind
            .as_deref()
            .and_then(|k| KIND_WORDS.iter().find(|(name, _)| *name == k))
            .map_or(Vec::new(), |(_, words)| terms(words));
        let kind_words = kind_name.iter().cloned().chain(extra).collect();
        let context = c.context.iter().flat_map(|s| terms(&split_identifier(s))).collect();
        // Collection names are identifiers (`productGrid`); labels of
        // actions are prose, where splitting "PayPal" would lose the word.
        let label = match c.entity {
            QueryKind::Collection => split_identifier(&c.label),
            QueryKind::Action | QueryKind::Form => c.label.clone(),
        };
        let entity = match c.entity {
            QueryKind::Action => "action",
            QueryKind::Form => "form",
            QueryKind::Collection => "collection list",
        };
        let meta = terms(&format!("{} {entity}", c.role.as_deref().unwrap_or("")));
        let (label_text, label_symbols) = super::query::label_forms(&label);
        Doc {
            fields: [terms(&label), context, meta],
            kind: c.kind.clone(),
            kind_name,
            kind_words,
            label_symbols,
            label_text,
            context_text: c.context.iter().map(|s| normalize(&split_identifier(s))).collect(),
            field_texts: c.fields.iter().map(|s| normalize(s)).filter(|s| !s.is_empty()).collect(),
        }
    }

    /// Whether the alternative's text is this candidate's whole label, or
    /// the whole label of one of a form's fields (the form stands for them).
    pub fn is_named(&self, alt: &super::query::Alternative) -> bool {
        alt.is_label((&self.label_text, &self.label_symbols)) || (!alt.text.is_empty() && self.field_texts.contains(&alt.text))
    }

    /// Whether field `field` (0 label, 1 context, 2 role and entity) has `term`.
    pub fn has(&self, field: usize, term: &str) -> bool {
        self.fields[field].iter().any(|t| t == term)
    }

    /// Distinct terms over all fields.
    pub fn vocabulary(&self) -> BTreeSet<&str> {
        self.fields.iter().flatten().map(String::as_str).collect()
    }
}

/// Corpus statistics, accumulated one document at a time.
#[derive(Debug, Clone, Default)]
pub struct Stats {
    docs: usize,
    df: BTreeMap<String, usize>,
    total_len: [usize; FIELDS],
}

impl Stats {
    pub fn add(&mut self, doc: &Doc) {
        self.docs += 1;
        for term in doc.vocabulary() {
            *self.df.entry(term.to_owned()).or_default() += 1;
        }
        for (total, field) in self.total_len.iter_mut().zip(&doc.fields) {
            *total += field.len();
        }
    }

    /// Whether any document has the term.
    pub fn contains(&self, term: &str) -> bool {
        self.df.contains_key(term)
    }

    /// BM25's idf, always positive; an unseen term weighs most.
    pub fn idf(&self, term: &str) -> f64 {
        let n = self.docs as f64;
        let df = self.df.get(term).copied().unwrap_or(0) as f64;
        (1.0 + (n - df + 0.5) / (df + 0.5)).ln()
    }

    /// The BM25F pseudo term frequency of `term` in `doc`, saturated to [0, 1).
    pub fn term_score(&self, doc: &Doc, term: &str) -> f64 {
        let mut tf = 0.0;
        for (f, field) in doc.fields.iter().enumerate() {
            let count = field.iter().filter(|t| *t == term).count();
            if count == 0 {
                continue;
            }
            let avg = (self.total_len[f] as f64 / self.docs.max(1) as f64).max(1.0);
            let norm = 1.0 - B[f] + B[f] * field.len() as f64 / avg;
            tf += WEIGHT[f] * count as f64 / norm;
        }
        saturate(tf)
    }

    /// What one label occurrence in a label of average length scores: the
    /// reference that makes a full match come out near 1.
    pub fn reference_score() -> f64 {
        saturate(WEIGHT[0])
    }
}

fn saturate(tf: f64) -> f64 {
    tf / (K1 + tf)
}
