//! Hybrid ranking of the pages the user read for a [`QueryAnalysis`]:
//! BM25 over each page's text (the `bm25` crate, with our tokenizer),
//! plus entity matches (the question's names among the page's entities or
//! title), plus the topic as a phrase, plus recency; then ordered as the
//! intent wants (newest, oldest or best first).
//!
//! Scores: BM25 is normalised by the best page's score so its weight does
//! not depend on the size of the index; entity and phrase matches add a
//! fixed bonus; recency adds at most [`RECENCY_WEIGHT`] (half-life 30
//! days), enough to break near-ties and never to lift a page that does
//! not match. A page matches when its normalised BM25 score is at least
//! [`MIN_RELEVANCE`] or an entity matches; with no topic ("what did I
//! read yesterday?"), every page in the time range matches.

use super::query::{Intent, QueryAnalysis};
use super::record::PageRecord;
use super::text::{self, Terms};
use super::time::Clock;
use bm25::{EmbedderBuilder, Scorer};
use serde::{Deserialize, Serialize};

pub const ENTITY_WEIGHT: f32 = 0.5;
pub const PHRASE_WEIGHT: f32 = 0.3;
pub const RECENCY_WEIGHT: f32 = 0.15;
pub const MIN_RELEVANCE: f32 = 0.25;
const HALF_LIFE_DAYS: f64 = 30.0;

/// One ranked page: its index in the input and the parts of its score.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Ranked {
    pub index: usize,
    pub score: f32,
    pub bm25: f32,
    pub entity: bool,
    pub phrase: bool,
}

/// The pages of `pages` that match `q`, in the order its intent wants,
/// at most `limit`.
pub fn rank(pages: &[PageRecord], q: &QueryAnalysis, clock: &Clock, limit: usize) -> Vec<Ranked> {
    let in_time: Vec<usize> = (0..pages.len()).filter(|&i| q.time.as_ref().is_none_or(|t| t.contains(pages[i].visited_ms))).collect();
    let docs: Vec<String> = in_time.iter().map(|&i| pages[i].searchable()).collect();
    let corpus: Vec<&str> = docs.iter().map(String::as_str).collect();
    let embedder = EmbedderBuilder::<u32, Terms>::with_tokenizer_and_fit_to_corpus(Terms, &corpus).build();
    let mut scorer = Scorer::<usize, u32>::new();
    for (k, doc) in docs.iter().enumerate() {
        scorer.upsert(&k, embedder.embed(doc));
    }
    // Each query term once: a repeated word must not count twice.
    let mut unique: Vec<String> = q.terms.clone();
    unique.dedup();
    let query = embedder.embed(&unique.join(" "));
    let raw: Vec<f32> = (0..docs.len()).map(|k| if unique.is_empty() { 0.0 } else { scorer.score(&k, &query).unwrap_or(0.0) }).collect();
    let best = raw.iter().copied().fold(0.0f32, f32::max);
    let topic_phrase = text::terms(&q.topic).join(" ");
    let mut ranked: Vec<Ranked> = Vec::new();
    for (k, &i) in in_time.iter().enumerate() {
        let page = &pages[i];
        let bm25 = if best > 0.0 { raw[k] / best } else { 0.0 };
        let haystack: Vec<String> = text::words(&format!("{} | {}", page.title, page.entities.iter().map(|e| e.text.as_str()).collect::<Vec<_>>().join(" | "))).collect();
        let entity = q.entities.iter().any(|e| {
            let e: Vec<String> = text::words(e).collect();
            !e.is_empty() && haystack.windows(e.len()).any(|w| w == e.as_slice())
        });
        let phrase = q.terms.len() >= 2 && text::terms(&docs[k]).join(" ").contains(&topic_phrase);
        let matches = q.terms.is_empty() && q.entities.is_empty() || bm25 >= MIN_RELEVANCE || entity;
        if !matches {
            continue;
        }
        let age_days = ((clock.now_ms - page.visited_ms) / 86_400_000.0).max(0.0);
        let recency = RECENCY_WEIGHT * 0.5f64.powf(age_days / HALF_LIFE_DAYS) as f32;
        let score = bm25 + if entity { ENTITY_WEIGHT } else { 0.0 } + if phrase { PHRASE_WEIGHT } else { 0.0 } + recency;
        ranked.push(Ranked { index: i, score, bm25, entity, phrase });
    }
    let by_score = |a: &Ranked, b: &Ranked| b.score.total_cmp(&a.score).then(a.index.cmp(&b.index));
    match q.intent {
        Intent::FindLatest | Intent::FindEarliest => {
            // Only the strong matches compete on time: a passing mention
            // must not be "the first article about X".
            let top = ranked.iter().map(|r| r.score).fold(0.0f32, f32::max);
            ranked.retain(|r| r.score >= top * 0.5);
            let newest_first = q.intent == Intent::FindLatest;
            ranked.sort_by(|a, b| {
                let (ta, tb) = (pages[a.index].visited_ms, pages[b.index].visited_ms);
                let order = if newest_first { tb.total_cmp(&ta) } else { ta.total_cmp(&tb) };
                order.then(by_score(a, b))
            });
        }
        _ => ranked.sort_by(by_score),
    }
    ranked.truncate(limit);
    ranked
}

/// Items with how often they occur, most frequent first.
pub type Tally = Vec<(String, usize)>;

/// For "what do I read most about?": the most frequent keywords and sites
/// among `pages` (each counted once per page), most frequent first.
pub fn most_frequent(pages: &[&PageRecord], n: usize) -> (Tally, Tally) {
    fn top(items: impl Iterator<Item = String>, n: usize) -> Tally {
        let mut counts: Vec<(String, usize)> = Vec::new();
        for item in items {
            match counts.iter_mut().find(|(k, _)| k.eq_ignore_ascii_case(&item)) {
                Some(c) => c.1 += 1,
                None => counts.push((item, 1)),
            }
        }
        counts.sort_by_key(|c| std::cmp::Reverse(c.1));
        counts.truncate(n);
        counts
    }
    let keywords = top(pages.iter().flat_map(|p| p.keywords.iter().take(5).cloned()), n);
    let sites = top(pages.iter().map(|p| p.site.clone()), n);
    (keywords, sites)
}
