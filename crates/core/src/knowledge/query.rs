//! Query analysis by rules (seed 004 §7): whether an input asks about the
//! user's own reading (the panel routes it here rather than to the agent
//! or the commands), its intent, topic, entities and temporal filter.
//!
//! **Routing rule.** A knowledge question (1) reads as a question or a
//! request ("what…", "which…", "did I…", "find…", "summarize…", or ends
//! with `?`), and (2) names the user's own past reading: a first-person
//! subject with a reading verb ("I read", "did I read", "I've seen", "I
//! was reading", "I visited", "I looked at", "I came across"), or "my
//! reading/browsing (history)". Near misses stay with the agent or the
//! commands: "what did I order last month?" (not reading), "what am I
//! reading?" and "summarize this page" (the page in front), "read this
//! page", "I read the terms, now accept them" (not a question). Each has a
//! row in the fixture `fixtures/queries.txt`.

use super::text;
use super::time::{find_temporal, Clock, TimeRange};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Intent {
    /// "What's the latest I read on X?": newest first.
    FindLatest,
    /// "Which article about Y did I read first?": oldest first.
    FindEarliest,
    /// "What did I read about X?": best match first.
    FindSpecific,
    /// "Summarize what I read about Z": several pages, synthesised.
    Summarize,
    /// "What do I read most about?": topics and sites by frequency.
    MostFrequent,
}

/// What a knowledge question asks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QueryAnalysis {
    pub intent: Intent,
    /// The subject as the user wrote it ("solar batteries"); empty for
    /// "what did I read yesterday?".
    pub topic: String,
    /// Its index terms (`text::terms`).
    pub terms: Vec<String>,
    /// Capitalised or quoted names in the question ("Priya Raman").
    pub entities: Vec<String>,
    pub time: Option<TimeRange>,
}

/// Words that lead a question or request.
const LEADS: &[&str] = &[
    "what", "what's", "whats", "which", "when", "where", "who", "how", "did", "have", "has", "do", "find", "show", "list",
    "summarize", "summarise", "recap", "remind", "tell", "give", "search", "recall", "any", "was", "were", "is", "can", "could",
];
const FILLERS: &[&str] = &["so", "ok", "okay", "hey", "hi", "please", "and", "um", "well", "then"];
const SUBJECTS: &[&str] = &["i", "i've", "ive", "we", "i'd"];
/// Past (or ongoing) reading verbs after the subject, with the words that
/// may sit between ("I have *recently* read").
const VERBS: &[&str] = &["read", "seen", "saw", "visited", "viewed", "browsed", "looked", "came", "come", "reading", "opened", "skimmed", "studied"];
const BETWEEN: &[&str] = &["have", "had", "did", "was", "been", "ever", "recently", "already", "just", "once", "first", "last", "also", "actually", "previously", "earlier"];
/// Words that end the topic: the rest is not what the question is about.
const TOPIC_END: &[&str] = &["did", "have", "had", "i", "i've", "that", "which", "recently", "lately", "before", "earlier", "first", "most", "last"];

/// Lower-cased words with the punctuation around them trimmed.
fn norm_words(input: &str) -> Vec<String> {
    input
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'' && c != '’').replace('’', "'").to_lowercase())
        .filter(|w| !w.is_empty())
        .collect()
}

/// Where the first-person reading phrase is: (subject index, verb index).
fn reading_phrase(words: &[String]) -> Option<(usize, usize)> {
    for (i, w) in words.iter().enumerate() {
        if w == "my" && words.get(i + 1).is_some_and(|n| matches!(n.as_str(), "reading" | "browsing" | "history")) {
            return Some((i, i + 1));
        }
        if !SUBJECTS.contains(&w.as_str()) {
            continue;
        }
        let mut j = i + 1;
        while j < words.len() && BETWEEN.contains(&words[j].as_str()) && j < i + 4 {
            j += 1;
        }
        let Some(verb) = words.get(j) else { continue };
        let ok = match verb.as_str() {
            // "I read", "I've read", "did I read", "I was reading".
            "read" | "seen" | "saw" | "visited" | "viewed" | "browsed" | "skimmed" | "studied" | "opened" => true,
            "reading" => j > i + 1 || words.get(j.wrapping_sub(1)).is_some_and(|p| p == "been"),
            "looked" => words.get(j + 1).is_some_and(|n| n == "at" || n == "into"),
            "came" | "come" => words.get(j + 1).is_some_and(|n| n == "across"),
            _ => false,
        };
        if ok && VERBS.contains(&verb.as_str()) {
            return Some((i, j));
        }
    }
    None
}

/// Whether `input` is a knowledge question (see the module docs).
pub fn is_knowledge_question(input: &str) -> bool {
    let words = norm_words(input);
    let lead = words.iter().find(|w| !FILLERS.contains(&w.as_str()));
    let asks = lead.is_some_and(|w| LEADS.contains(&w.as_str())) || input.trim_end().ends_with('?');
    let Some((subject, _)) = reading_phrase(&words) else { return false };
    // "I read the terms, now accept them?" leads with the statement itself.
    let leads_with_subject = lead.is_some_and(|w| SUBJECTS.contains(&w.as_str())) && subject == words.iter().position(|w| !FILLERS.contains(&w.as_str())).unwrap_or(0);
    asks && !leads_with_subject
}

fn intent_of(words: &[String], temporal: Option<(usize, usize)>) -> Intent {
    let outside = |i: usize| temporal.is_none_or(|(s, e)| i < s || i >= e);
    let has = |w: &str| words.iter().enumerate().any(|(i, x)| x == w && outside(i));
    let lead = words.iter().find(|w| !FILLERS.contains(&w.as_str())).map(String::as_str).unwrap_or("");
    if has("most") && !has("recent") || has("mostly") || has("often") || has("usually") || (has("topics") && has("what")) {
        return Intent::MostFrequent;
    }
    if has("first") || has("earliest") || has("oldest") || has("originally") {
        return Intent::FindEarliest;
    }
    if has("latest") || has("newest") || has("recent") || has("recently") || has("lately") || (has("last") && (has("time") || has("article") || has("page"))) {
        return Intent::FindLatest;
    }
    if matches!(lead, "summarize" | "summarise" | "recap") || has("summary") || has("overview") || (lead == "sum" && has("up")) {
        return Intent::Summarize;
    }
    Intent::FindSpecific
}

/// The analysis of a knowledge question, or `None` when it is not one.
pub fn analyze(input: &str, clock: &Clock) -> Option<QueryAnalysis> {
    if !is_knowledge_question(input) {
        return None;
    }
    let words = norm_words(input);
    let temporal = find_temporal(&words, clock);
    let span = temporal.as_ref().map(|t| t.words);
    let intent = intent_of(&words, span);
    let in_span = |i: usize| span.is_some_and(|(s, e)| i >= s && i < e);
    // The topic: after "about"/"on"/"regarding" (wherever it is: "which
    // article about Y did I read first"), else after the reading verb; it
    // stops at the temporal phrase, the reading phrase or a clause word.
    let (subject, verb) = reading_phrase(&words)?;
    let marker = words.iter().position(|w| matches!(w.as_str(), "about" | "regarding" | "concerning" | "on"));
    let start = marker.map_or(verb + 1, |m| m + 1);
    let mut topic_words: Vec<&str> = Vec::new();
    for (i, w) in words.iter().enumerate().skip(start) {
        let stop = in_span(i) || i == subject || (i > subject && i <= verb) || TOPIC_END.contains(&w.as_str());
        if stop && !topic_words.is_empty() {
            break;
        }
        if !stop {
            topic_words.push(w);
        }
    }
    // Filler nouns of the question are not the topic.
    const GENERIC: &[&str] = &["articles", "article", "pages", "page", "things", "stuff", "anything", "something", "posts", "post", "sites", "websites", "news", "at", "into", "across", "me", "most", "the", "a", "an"];
    while topic_words.first().is_some_and(|w| GENERIC.contains(w) || text::is_stop(w)) {
        topic_words.remove(0);
    }
    while topic_words.last().is_some_and(|w| GENERIC.contains(w) || text::is_stop(w)) {
        topic_words.pop();
    }
    let topic = original_case(input, &topic_words);
    let terms = text::terms(&topic);
    Some(QueryAnalysis { intent, entities: entities_in(input, &topic), terms, topic, time: temporal.map(|t| t.range) })
}

/// The topic words as the user wrote them (capitals kept).
fn original_case(input: &str, words: &[&str]) -> String {
    if words.is_empty() {
        return String::new();
    }
    let raw: Vec<&str> = input.split_whitespace().map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'' && c != '’' && c != '-')).collect();
    let lower: Vec<String> = raw.iter().map(|w| w.replace('’', "'").to_lowercase()).collect();
    let first = words[0];
    for i in 0..lower.len() {
        if lower[i] == first && lower.len() - i >= words.len() && lower[i..i + words.len()].iter().zip(words).all(|(a, b)| a == b) {
            return raw[i..i + words.len()].join(" ");
        }
    }
    words.join(" ")
}

/// Quoted phrases, capitalised runs not at the start, and the topic itself
/// when it has two or more words.
fn entities_in(input: &str, topic: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for part in input.split(['"', '“', '”']).skip(1).step_by(2) {
        if !part.trim().is_empty() {
            out.push(part.trim().to_owned());
        }
    }
    let raw: Vec<&str> = input.split_whitespace().collect();
    let mut run: Vec<&str> = Vec::new();
    for (i, w) in raw.iter().enumerate() {
        let c = w.trim_matches(|c: char| !c.is_alphanumeric());
        let cap = i > 0 && c.chars().next().is_some_and(char::is_uppercase) && c != "I" && !c.starts_with("I'");
        if cap {
            run.push(c);
        }
        if !cap || w.ends_with([',', '?', '.']) {
            if !run.is_empty() {
                out.push(run.join(" "));
            }
            run.clear();
        }
    }
    if !run.is_empty() {
        out.push(run.join(" "));
    }
    if topic.split_whitespace().count() >= 2 {
        out.push(topic.to_owned());
    }
    let mut seen = Vec::new();
    out.retain(|e| {
        let k = e.to_lowercase();
        let month = super::time::find_temporal(std::slice::from_ref(&k), &Clock { now_ms: 0.0, tz_offset_min: 0 }).is_some();
        !month && !seen.contains(&k) && seen.len() < 8 && {
            seen.push(k);
            true
        }
    });
    out
}

/// What the side panel's "Forget this site" button sends.
pub const FORGET_THIS_SITE: &str = "forget this site";

/// Whether `input` asks to forget the site in front from the reading
/// history ("forget this site", "remove this site from my reading
/// history"): the side panel's way to it, beside the options page.
pub fn is_forget_this_site(input: &str) -> bool {
    let words = norm_words(input);
    let words: Vec<&str> = words.iter().map(String::as_str).skip_while(|w| FILLERS.contains(w)).collect();
    let rest = match words.as_slice() {
        ["forget" | "remove" | "delete" | "erase", "this", "site" | "website", rest @ ..] => rest,
        ["forget" | "remove" | "delete" | "erase", "everything", "i", "read", "on", "this", "site" | "website", rest @ ..] => rest,
        _ => return false,
    };
    matches!(rest, [] | ["from", "my", "reading", "history"] | ["from", "my", "history"] | ["from", "reading", "history"] | ["from", "the", "reading", "history"])
}
