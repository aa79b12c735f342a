//! Months in commands ("download last month's invoice", "… the invoice for
//! October") and in what pages show ("Oct 1, 2026", "2026-10-01"), so an
//! item can be chosen by its date instead of by its place in a list.
//!
//! A hand-written reader, not a date crate: the phrases are a handful of
//! word patterns, and the dates are the few shapes listings print; the
//! month arithmetic is one line. Numeric day/month orders (`10/01/2026`)
//! are ambiguous between locales and deliberately not read.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A calendar month.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Month {
    pub year: i32,
    /// 1 = January.
    pub month: u32,
}

impl Month {
    pub fn new(year: i32, month: u32) -> Option<Month> {
        (1..=12).contains(&month).then_some(Month { year, month })
    }

    /// This month moved by `delta` months.
    pub fn plus(self, delta: i32) -> Month {
        let index = self.year * 12 + self.month as i32 - 1 + delta;
        Month { year: index.div_euclid(12), month: index.rem_euclid(12) as u32 + 1 }
    }
}

impl fmt::Display for Month {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", MONTHS[self.month as usize - 1].0, self.year)
    }
}

/// A month as the user said it, resolved against today when the command runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum MonthRef {
    /// "this month" (0), "last month" (-1), "3 months ago" (-3).
    Relative { delta: i32 },
    /// "October" (the latest October up to today) or "October 2026".
    Named { month: u32, year: Option<i32> },
}

impl MonthRef {
    pub fn resolve(self, today: Month) -> Month {
        match self {
            MonthRef::Relative { delta } => today.plus(delta),
            MonthRef::Named { month, year: Some(year) } => Month { year, month },
            MonthRef::Named { month, year: None } => {
                let this_year = Month { year: today.year, month };
                if this_year <= today {
                    this_year
                } else {
                    Month { year: today.year - 1, month }
                }
            }
        }
    }
}

impl fmt::Display for MonthRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MonthRef::Relative { delta: 0 } => f.write_str("this month"),
            MonthRef::Relative { delta: -1 } => f.write_str("last month"),
            MonthRef::Relative { delta } if delta < 0 => write!(f, "{} months ago", -delta),
            MonthRef::Relative { delta } => write!(f, "in {delta} months"),
            MonthRef::Named { month, year: None } => f.write_str(MONTHS[month as usize - 1].0),
            MonthRef::Named { month, year: Some(y) } => write!(f, "{} {y}", MONTHS[month as usize - 1].0),
        }
    }
}

const MONTHS: [(&str, &str); 12] = [
    ("January", "jan"),
    ("February", "feb"),
    ("March", "mar"),
    ("April", "apr"),
    ("May", "may"),
    ("June", "jun"),
    ("July", "jul"),
    ("August", "aug"),
    ("September", "sep"),
    ("October", "oct"),
    ("November", "nov"),
    ("December", "dec"),
];

/// Words that tie a month to the item ("the invoice *from* October").
const CONNECTIVES: &[&str] = &["from", "for", "of", "dated", "in", "issued"];
const COUNTS: &[&str] = &["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];

/// A word lower-cased, without surrounding punctuation and a possessive
/// ("month's" → "month").
fn norm(word: &str) -> String {
    let w = word.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'' && c != '’' && c != '-').to_lowercase();
    let w = w.trim_end_matches(['\'', '’']);
    w.strip_suffix("'s").or_else(|| w.strip_suffix("’s")).unwrap_or(w).to_owned()
}

/// The month a full or short month name means ("Sept" included).
fn month_name(word: &str) -> Option<u32> {
    let w = word.trim_end_matches('.');
    if w.len() < 3 {
        return None;
    }
    MONTHS
        .iter()
        .position(|(full, short)| w == full.to_lowercase() || w == *short || (w == "sept" && *short == "sep"))
        .map(|i| i as u32 + 1)
}

fn year(word: &str) -> Option<i32> {
    (word.len() == 4 && word.bytes().all(|b| b.is_ascii_digit())).then(|| word.parse().ok()).flatten().filter(|y| (1970..=2200).contains(y))
}

/// "2026-10" or "2026-10-01" (also with `/`).
fn iso_month(word: &str) -> Option<Month> {
    let mut parts = word.split(['-', '/']);
    let y = year(parts.next()?)?;
    let m: u32 = parts.next()?.parse().ok()?;
    if let Some(d) = parts.next() {
        let d: u32 = d.get(..2.min(d.len()))?.parse().ok()?;
        if !(1..=31).contains(&d) {
            return None;
        }
    }
    Month::new(y, m)
}

fn is_month_word(w: &str) -> bool {
    w == "month" || w == "months"
}

/// The month phrase in a command's label, and the label without it:
/// "last month's invoice" → ("invoice", last month); "the invoice from
/// October 2026" → ("the invoice", October 2026). `None` when it names no
/// month, or nothing is left besides it.
pub fn split_month_ref(label: &str) -> Option<(String, MonthRef)> {
    let words: Vec<&str> = label.split_whitespace().collect();
    let n: Vec<String> = words.iter().map(|w| norm(w)).collect();
    let at = |i: usize| n.get(i).map(String::as_str).unwrap_or("");
    for i in 0..n.len() {
        let found = match at(i) {
            "last" | "previous" | "past" if is_month_word(at(i + 1)) => Some((2, MonthRef::Relative { delta: -1 })),
            "this" | "current" if is_month_word(at(i + 1)) => Some((2, MonthRef::Relative { delta: 0 })),
            w if is_month_word(at(i + 1)) && at(i + 2) == "ago" => {
                let count = w.parse::<i32>().ok().or_else(|| COUNTS.iter().position(|c| *c == w).map(|p| p as i32 + 1));
                count.filter(|c| (1..=120).contains(c)).map(|c| (3, MonthRef::Relative { delta: -c }))
            }
            w => month_name(w)
                .map(|m| match year(at(i + 1)) {
                    Some(y) => (2, MonthRef::Named { month: m, year: Some(y) }),
                    None => (1, MonthRef::Named { month: m, year: None }),
                })
                .or_else(|| iso_month(w).map(|m| (1, MonthRef::Named { month: m.month, year: Some(m.year) }))),
        };
        let Some((len, month)) = found else { continue };
        // "… from [the] last month": the connective and its article go too.
        let mut start = i;
        if start > 0 && at(start - 1) == "the" {
            start -= 1;
        }
        if start > 0 && CONNECTIVES.contains(&at(start - 1)) {
            start -= 1;
        } else if start < i {
            start = i;
        }
        let rest: Vec<&str> = words[..start].iter().chain(&words[i + len..]).copied().collect();
        let rest = rest.join(" ");
        let rest = rest.trim_end_matches([',', '.']).trim();
        return (!rest.is_empty()).then(|| (rest.to_owned(), month));
    }
    None
}

/// The month of the first date in `text`: "2026-10-01", "Oct 1, 2026",
/// "1 October 2026", "October 2026".
pub fn month_in(text: &str) -> Option<Month> {
    let words: Vec<String> = text.split_whitespace().map(|w| w.trim_matches(|c: char| c == ',' || c == '(' || c == ')').to_lowercase()).collect();
    for (i, w) in words.iter().enumerate() {
        if let Some(m) = iso_month(w) {
            return Some(m);
        }
        let Some(month) = month_name(w) else { continue };
        let day = |s: &str| s.trim_end_matches(['.', ',']).trim_end_matches("st").trim_end_matches("nd").trim_end_matches("rd").trim_end_matches("th").parse::<u32>().ok().filter(|d| (1..=31).contains(d));
        let next = words.get(i + 1).map(String::as_str).unwrap_or("");
        let after = words.get(i + 2).map(String::as_str).unwrap_or("");
        // "Oct 1, 2026" / "October 2026" / "1 Oct 2026".
        let y = if day(next).is_some() { year(after) } else { year(next) };
        if let Some(y) = y {
            return Month::new(y, month);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn month_phrases_in_labels() {
        let rel = |delta| Some(MonthRef::Relative { delta });
        let named = |month, year| Some(MonthRef::Named { month, year });
        let rows: &[(&str, &str, Option<MonthRef>)] = &[
            ("last month's invoice", "invoice", rel(-1)),
            ("last months invoice", "invoice", rel(-1)),
            ("the invoice from last month", "the invoice", rel(-1)),
            ("previous month's statement", "statement", rel(-1)),
            ("this month's invoice", "invoice", rel(0)),
            ("the invoice of the current month", "the invoice", rel(0)),
            ("the invoice from 3 months ago", "the invoice", rel(-3)),
            ("two months ago invoice", "invoice", rel(-2)),
            ("October's invoice", "invoice", named(10, None)),
            ("the invoice for Oct 2026", "the invoice", named(10, Some(2026))),
            ("the Sept. report", "the report", named(9, None)),
            ("invoice 2026-07", "invoice", named(7, Some(2026))),
            ("invoice INV-2026-009", "", None),
            ("the report", "", None),
            ("last month", "", None),
        ];
        for (label, rest, want) in rows {
            let got = split_month_ref(label);
            match want {
                Some(m) => assert_eq!(got, Some(((*rest).to_owned(), *m)), "{label}"),
                None => assert_eq!(got, None, "{label}"),
            }
        }
    }

    #[test]
    fn resolving_against_today() {
        let today = Month { year: 2026, month: 1 };
        assert_eq!(MonthRef::Relative { delta: -1 }.resolve(today), Month { year: 2025, month: 12 });
        assert_eq!(MonthRef::Relative { delta: -13 }.resolve(today), Month { year: 2024, month: 12 });
        assert_eq!(MonthRef::Relative { delta: 0 }.resolve(today), today);
        // A month not reached yet this year means last year's.
        assert_eq!(MonthRef::Named { month: 3, year: None }.resolve(today), Month { year: 2025, month: 3 });
        assert_eq!(MonthRef::Named { month: 1, year: None }.resolve(today), today);
        assert_eq!(MonthRef::Named { month: 3, year: Some(2027) }.resolve(today), Month { year: 2027, month: 3 });
        assert_eq!(MonthRef::Relative { delta: -1 }.to_string(), "last month");
        assert_eq!(MonthRef::Named { month: 10, year: Some(2026) }.to_string(), "October 2026");
        assert_eq!(Month { year: 2026, month: 10 }.to_string(), "October 2026");
    }

    #[test]
    fn dates_pages_print() {
        let m = |y, mo| Some(Month { year: y, month: mo });
        let rows: &[(&str, Option<Month>)] = &[
            ("Oct 1, 2026", m(2026, 10)),
            ("October 1st, 2026", m(2026, 10)),
            ("1 Oct 2026", m(2026, 10)),
            ("Issued 2026-09-01 · $29.00 · Paid", m(2026, 9)),
            ("INV-2026-009", None),
            ("Billing period: October 2026", m(2026, 10)),
            ("10/01/2026", None),
            ("May the force", None),
            ("$41.20 Due", None),
        ];
        for (text, want) in rows {
            assert_eq!(month_in(text), *want, "{text}");
        }
    }
}
