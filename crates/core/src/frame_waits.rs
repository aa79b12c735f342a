//! How long perception waits for cross-origin frames (issue 44 point 1).
//! About one real page in five has a visible frame that never answers: an
//! ad or embed whose server is down or blocked, or a frame its site
//! refuses to be framed in (Chrome's error page, where no extension script
//! runs). Waiting the whole frame bound for it cost the first `getMiniPCD`
//! ~1.1 s and every later one ~160 ms. The page's own digest never waits
//! on a frame now:
//!
//! - a frame that has not announced itself (its loader answers the nonce
//!   in a few ms when it runs at all) within [`FRAME_HELLO_BUDGET_MS`] is
//!   left out of this answer and listed in `silentFrames`;
//! - a frame that announced itself may take [`PCD_FRAME_TIMEOUT_MS`] to
//!   answer the first time (its content module loads), but only
//!   [`FRAME_ANSWER_BUDGET_MS`] once an earlier answer of it is known
//!   ([`FrameAnswers`]): past that, the earlier answer stands in;
//! - the exchange with a frame goes on after the request stops waiting, so
//!   a late answer is folded into the next request ([`FrameAnswers`]);
//! - a frame that stayed silent for the whole bound is remembered
//!   ([`SilentFrames`]) and not waited for at all by the next requests,
//!   while their own exchange with it still runs in the background.
//!
//! The browser half is `background/frames.rs::ask_all`.

/// How long a request waits for a frame to announce itself.
pub const FRAME_HELLO_BUDGET_MS: u32 = 50;
/// How long a request waits for the answer of a frame whose earlier answer
/// is known (it stands in past this).
pub const FRAME_ANSWER_BUDGET_MS: u32 = 50;
/// `getMiniPCD`: how long one frame may take to announce itself and
/// answer at all (the exchange runs on in the background this long, and a
/// frame announced but never answered before is waited for this long).
pub const PCD_FRAME_TIMEOUT_MS: u32 = 1_000;
/// How long a silent frame, or a frame's answer, is remembered (the worker
/// does not follow navigations: a frame at the same path of the next page
/// is found again by the requests after).
pub const SILENT_FOR_MS: f64 = 30_000.0;
/// Frames remembered at most (a page of a thousand dead iframes).
const CAP: usize = 64;

/// Which frame: its tab, the frame that holds it and its framePath there.
#[derive(Debug, Clone, PartialEq)]
struct Key {
    tab_id: i32,
    parent_frame: i32,
    path: Vec<String>,
}

impl Key {
    fn new(tab_id: i32, parent_frame: i32, path: &[String]) -> Key {
        Key { tab_id, parent_frame, path: path.to_vec() }
    }
}

/// Cross-origin frames that did not answer a MiniPCD or query request
/// within [`PCD_FRAME_TIMEOUT_MS`], so that the next requests do not wait
/// for them.
#[derive(Debug, Default)]
pub struct SilentFrames {
    entries: Vec<(Key, f64)>,
}

impl SilentFrames {
    /// How long a request waits for the frame at `path` under
    /// `parent_frame` of tab `tab_id` to announce itself.
    pub fn wait_ms(&mut self, tab_id: i32, parent_frame: i32, path: &[String], now_ms: f64) -> u32 {
        self.entries.retain(|(_, at)| now_ms - at < SILENT_FOR_MS);
        let key = Key::new(tab_id, parent_frame, path);
        match self.entries.iter().any(|(k, _)| *k == key) {
            true => 0,
            false => FRAME_HELLO_BUDGET_MS,
        }
    }

    /// The frame answered (`true`: forget it was silent) or did not.
    pub fn heard(&mut self, tab_id: i32, parent_frame: i32, path: &[String], answered: bool, now_ms: f64) {
        let key = Key::new(tab_id, parent_frame, path);
        let known = self.entries.iter().position(|(k, _)| *k == key);
        match (answered, known) {
            (true, Some(i)) => {
                self.entries.remove(i);
            }
            (false, Some(i)) => self.entries[i].1 = now_ms,
            (false, None) => {
                if self.entries.len() >= CAP {
                    self.entries.remove(0);
                }
                self.entries.push((key, now_ms));
            }
            (true, None) => {}
        }
    }
}

/// The last answer of each frame (its MiniPCD), however late it came:
/// what a request that stops waiting merges instead.
#[derive(Debug)]
pub struct FrameAnswers<T> {
    entries: Vec<(Key, f64, T)>,
}

impl<T> Default for FrameAnswers<T> {
    fn default() -> Self {
        FrameAnswers { entries: Vec::new() }
    }
}

impl<T: Clone> FrameAnswers<T> {
    /// Keeps `answer` as the frame's latest.
    pub fn record(&mut self, tab_id: i32, parent_frame: i32, path: &[String], answer: T, now_ms: f64) {
        let key = Key::new(tab_id, parent_frame, path);
        self.entries.retain(|(k, _, _)| *k != key);
        if self.entries.len() >= CAP {
            self.entries.remove(0);
        }
        self.entries.push((key, now_ms, answer));
    }

    /// The frame's latest answer, if it is recent.
    pub fn latest(&mut self, tab_id: i32, parent_frame: i32, path: &[String], now_ms: f64) -> Option<T> {
        self.entries.retain(|(_, at, _)| now_ms - at < SILENT_FOR_MS);
        let key = Key::new(tab_id, parent_frame, path);
        self.entries.iter().find(|(k, _, _)| *k == key).map(|(_, _, a)| a.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(s: &str) -> Vec<String> {
        vec![s.to_owned()]
    }

    #[test]
    fn a_silent_frame_is_not_waited_for_until_it_answers_or_is_forgotten() {
        let mut silent = SilentFrames::default();
        // (tab, parent frame, path, what happens, wait asked before it)
        let steps: &[(i32, i32, &str, Option<bool>, f64, u32)] = &[
            (1, 0, "iframe#ad", Some(false), 0.0, FRAME_HELLO_BUDGET_MS),
            (1, 0, "iframe#ad", Some(false), 1_000.0, 0),
            // Another frame of the page, the same frame in another tab or under another parent: not known silent.
            (1, 0, "iframe#pay", None, 1_100.0, FRAME_HELLO_BUDGET_MS),
            (2, 0, "iframe#ad", None, 1_100.0, FRAME_HELLO_BUDGET_MS),
            (1, 3, "iframe#ad", None, 1_100.0, FRAME_HELLO_BUDGET_MS),
            // Still silent 29 s after it last failed; then forgotten.
            (1, 0, "iframe#ad", None, 1_000.0 + SILENT_FOR_MS - 1.0, 0),
            (1, 0, "iframe#ad", Some(false), 1_000.0 + SILENT_FOR_MS, FRAME_HELLO_BUDGET_MS),
            // It answers at last: waited for again.
            (1, 0, "iframe#ad", Some(true), 40_000.0, 0),
            (1, 0, "iframe#ad", None, 40_001.0, FRAME_HELLO_BUDGET_MS),
        ];
        for (i, &(tab, parent, p, heard, now, want)) in steps.iter().enumerate() {
            assert_eq!(silent.wait_ms(tab, parent, &path(p), now), want, "step {i}");
            if let Some(answered) = heard {
                silent.heard(tab, parent, &path(p), answered, now);
            }
        }
        // A page of many dead frames keeps the memory bounded.
        for i in 0..200 {
            silent.heard(7, 0, &path(&format!("iframe:nth-of-type({i})")), false, 60_000.0);
        }
        assert!(silent.entries.len() <= CAP);
    }

    #[test]
    fn a_late_answer_stands_in_for_the_next_request_until_replaced_or_old() {
        let mut book: FrameAnswers<&str> = FrameAnswers::default();
        assert_eq!(book.latest(1, 0, &path("iframe#news"), 0.0), None);
        book.record(1, 0, &path("iframe#news"), "v1", 100.0);
        // (tab, parent, path, now, latest)
        let cases: &[(i32, i32, &str, f64, Option<&str>)] = &[
            (1, 0, "iframe#news", 200.0, Some("v1")),
            (2, 0, "iframe#news", 200.0, None),
            (1, 4, "iframe#news", 200.0, None),
            (1, 0, "iframe#ad", 200.0, None),
        ];
        for &(tab, parent, p, now, want) in cases {
            assert_eq!(book.latest(tab, parent, &path(p), now), want, "{tab} {parent} {p}");
        }
        book.record(1, 0, &path("iframe#news"), "v2", 300.0);
        assert_eq!(book.latest(1, 0, &path("iframe#news"), 400.0), Some("v2"));
        assert_eq!(book.latest(1, 0, &path("iframe#news"), 300.0 + SILENT_FOR_MS), None, "forgotten when old");
        for i in 0..200 {
            book.record(9, 0, &path(&format!("iframe:nth-of-type({i})")), "x", 1.0);
        }
        assert!(book.entries.len() <= CAP);
    }
}
