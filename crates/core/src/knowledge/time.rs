//! Time for the knowledge index: calendar days in the user's time zone and
//! the temporal filters of questions ("last month", "in October",
//! "yesterday", "last week", "this year", "in 2025"), resolved against a
//! [`Clock`] the caller passes in — the core has no clock of its own, so
//! every rule here is tested with a fixed "now".
//!
//! Weeks start on Monday. "Last month" is the previous calendar month,
//! "last week" the previous Monday–Sunday, "past week"/"past N days" a
//! rolling window ending now. A bare month name means its latest
//! occurrence up to today (as `command::dates::MonthRef` does). Ranges are
//! half-open: `start_ms <= t < end_ms`.

use crate::command::dates::{Month, MonthRef};
use serde::{Deserialize, Serialize};

const DAY_MS: f64 = 86_400_000.0;

/// "Now" as the caller's platform knows it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Clock {
    /// Milliseconds since the Unix epoch (`Date.now()`).
    pub now_ms: f64,
    /// The local time zone's offset east of UTC in minutes (`-new
    /// Date().getTimezoneOffset()`; UTC+1 is 60).
    pub tz_offset_min: i32,
}

/// A civil date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    pub year: i32,
    pub month: u32,
    pub day: u32,
}

/// A resolved time window and how to say it ("last month").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TimeRange {
    pub start_ms: f64,
    pub end_ms: f64,
    pub label: String,
}

impl TimeRange {
    pub fn contains(&self, ms: f64) -> bool {
        self.start_ms <= ms && ms < self.end_ms
    }
}

/// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm).
pub fn days_from_civil(d: Date) -> i64 {
    let y = i64::from(d.year) - i64::from(d.month <= 2);
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(d.month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(d.day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date of a day number (inverse of [`days_from_civil`]).
pub fn civil_from_days(z: i64) -> Date {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
    Date { year, month, day }
}

impl Clock {
    fn offset_ms(&self) -> f64 {
        f64::from(self.tz_offset_min) * 60_000.0
    }

    /// The local day number of an instant.
    pub fn day_of(&self, ms: f64) -> i64 {
        ((ms + self.offset_ms()) / DAY_MS).floor() as i64
    }

    /// The local date of an instant.
    pub fn date_of(&self, ms: f64) -> Date {
        civil_from_days(self.day_of(ms))
    }

    /// The instant local day `day` starts.
    pub fn day_start(&self, day: i64) -> f64 {
        day as f64 * DAY_MS - self.offset_ms()
    }

    pub fn today(&self) -> Date {
        self.date_of(self.now_ms)
    }

    fn month_range(&self, m: Month, label: String) -> TimeRange {
        let next = m.plus(1);
        TimeRange {
            start_ms: self.day_start(days_from_civil(Date { year: m.year, month: m.month, day: 1 })),
            end_ms: self.day_start(days_from_civil(Date { year: next.year, month: next.month, day: 1 })),
            label,
        }
    }

    fn days_range(&self, first: i64, days: i64, label: &str) -> TimeRange {
        TimeRange { start_ms: self.day_start(first), end_ms: self.day_start(first + days), label: label.to_owned() }
    }

    fn year_range(&self, year: i32, label: String) -> TimeRange {
        let start = days_from_civil(Date { year, month: 1, day: 1 });
        let end = days_from_civil(Date { year: year + 1, month: 1, day: 1 });
        TimeRange { start_ms: self.day_start(start), end_ms: self.day_start(end), label }
    }
}

/// "Mar 12, 2026", as the panel shows a visit.
pub fn short_date(clock: &Clock, ms: f64) -> String {
    const NAMES: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    let d = clock.date_of(ms);
    format!("{} {}, {}", NAMES[d.month as usize - 1], d.day, d.year)
}

/// A temporal phrase found in a question: which words it took and the range.
#[derive(Debug, Clone, PartialEq)]
pub struct Temporal {
    /// Word indices `[start, end)` the phrase covers (with its "in"/"from").
    pub words: (usize, usize),
    pub range: TimeRange,
}

const COUNTS: &[&str] = &["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];

fn count(word: &str) -> Option<i64> {
    word.parse::<i64>().ok().or_else(|| COUNTS.iter().position(|c| *c == word).map(|p| p as i64 + 1)).filter(|n| (1..=366).contains(n))
}

fn year_word(word: &str) -> Option<i32> {
    (word.len() == 4 && word.bytes().all(|b| b.is_ascii_digit())).then(|| word.parse().ok()).flatten().filter(|y| (1970..=2200).contains(y))
}

/// The first temporal phrase among `words` (lower-cased, punctuation
/// trimmed), resolved against `clock`.
pub fn find_temporal(words: &[String], clock: &Clock) -> Option<Temporal> {
    let at = |i: usize| words.get(i).map(String::as_str).unwrap_or("");
    let today = clock.day_of(clock.now_ms);
    let date = clock.today();
    // Monday = 0 (1970-01-01 was a Thursday).
    let weekday = (today + 3).rem_euclid(7);
    let this_month = Month { year: date.year, month: date.month };
    for i in 0..words.len() {
        let found: Option<(usize, TimeRange)> = match (at(i), at(i + 1)) {
            ("today", _) => Some((1, clock.days_range(today, 1, "today"))),
            ("yesterday", _) => Some((1, clock.days_range(today - 1, 1, "yesterday"))),
            ("this", "week") => Some((2, clock.days_range(today - weekday, weekday + 1, "this week"))),
            ("last" | "previous", "week") => Some((2, clock.days_range(today - weekday - 7, 7, "last week"))),
            ("past", "week") => Some((2, clock.days_range(today - 6, 7, "in the past week"))),
            ("this" | "current", "month") => Some((2, clock.month_range(this_month, "this month".into()))),
            ("last" | "previous", "month") => Some((2, clock.month_range(this_month.plus(-1), "last month".into()))),
            ("past", "month") => Some((2, clock.days_range(today - 29, 30, "in the past month"))),
            ("this", "year") => Some((2, clock.year_range(date.year, "this year".into()))),
            ("last" | "previous", "year") => Some((2, clock.year_range(date.year - 1, "last year".into()))),
            ("last" | "past", n) if count(n).is_some() && matches!(at(i + 2), "days" | "day") => {
                let n = count(n).unwrap_or(1);
                Some((3, clock.days_range(today - n + 1, n, &format!("in the last {n} days"))))
            }
            ("last" | "past", n) if count(n).is_some() && matches!(at(i + 2), "weeks" | "week") => {
                let n = count(n).unwrap_or(1);
                Some((3, clock.days_range(today - 7 * n + 1, 7 * n, &format!("in the last {n} weeks"))))
            }
            (n, "days" | "weeks" | "months") if count(n).is_some() && at(i + 2) == "ago" => {
                let n = count(n).unwrap_or(1);
                match at(i + 1) {
                    "days" => Some((3, clock.days_range(today - n, 1, &format!("{n} days ago")))),
                    "weeks" => Some((3, clock.days_range(today - weekday - 7 * n, 7, &format!("{n} weeks ago")))),
                    _ => Some((3, clock.month_range(this_month.plus(-(n as i32)), format!("{n} months ago")))),
                }
            }
            (w, next) => {
                if let Some(y) = year_word(w).filter(|_| matches!(at(i.wrapping_sub(1)), "in" | "during" | "from" | "of")) {
                    Some((1, clock.year_range(y, format!("in {y}"))))
                } else if let Some(m) = month_word(w) {
                    let (len, year) = match year_word(next) {
                        Some(y) => (2, Some(y)),
                        None => (1, None),
                    };
                    // "may" is also a verb: only "in May"/"May 2025" count.
                    let ok = w != "may" || year.is_some() || matches!(at(i.wrapping_sub(1)), "in" | "during" | "from" | "since");
                    ok.then(|| {
                        let mref = MonthRef::Named { month: m, year };
                        (len, clock.month_range(mref.resolve(this_month), format!("in {mref}")))
                    })
                } else {
                    None
                }
            }
        };
        if let Some((len, mut range)) = found {
            // "since October": from then until today's end.
            if i > 0 && at(i - 1) == "since" {
                range.end_ms = clock.day_start(today + 1);
                range.label = format!("since {}", range.label.trim_start_matches("in "));
            }
            let start = if i > 0 && matches!(at(i - 1), "in" | "during" | "from" | "since" | "over" | "within" | "of") { i - 1 } else { i };
            let start = if start > 0 && at(start - 1) == "the" { start - 1 } else { start };
            let start = if start > 0 && matches!(at(start - 1), "in" | "during" | "over" | "within") { start - 1 } else { start };
            return Some(Temporal { words: (start, i + len), range });
        }
    }
    None
}

fn month_word(w: &str) -> Option<u32> {
    const NAMES: [&str; 12] = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
    if w.len() < 3 {
        return None;
    }
    // Full names, and abbreviations of three or four letters ("Oct", "Sept").
    NAMES.iter().position(|n| *n == w || (w.len() <= 4 && n.starts_with(w))).map(|i| i as u32 + 1)
}
