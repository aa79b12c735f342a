//! Cutting the input into clauses (see the parent module, step 1):
//! sentence ends, [`CLAUSE_CUTS`], bracketed asides, and the pick that
//! belongs to a partial typing before it.

/// Verbs that start typing only the beginning of a value.
const PARTLY_TYPED: &[&str] = &["letters of", "beginning of", "start of", "first part of", "first bit of"];
/// How a clause that picks what came up starts.
const PICKING: &[&str] = &["click", "choose", "pick", "select", "take", "accept", "tap"];

/// "Type the first letters of Sweden into Country, then click Sweden
/// when it appears": the pick after a partial typing is the suggestion's,
/// one order with it ("… and choose the suggestion").
pub(super) fn with_suggestion_picked(all: Vec<(String, bool)>) -> Vec<(String, bool)> {
    let mut out: Vec<(String, bool)> = Vec::with_capacity(all.len());
    let mut i = 0;
    while i < all.len() {
        let (clause, then) = &all[i];
        let lower = clause.to_lowercase();
        let partly = PARTLY_TYPED.iter().any(|p| lower.contains(p)) && !lower.contains("suggestion");
        let picks = all.get(i + 1).filter(|(next, next_then)| {
            *next_then && next.split_whitespace().next().is_some_and(|w| PICKING.contains(&w.to_lowercase().as_str()))
        });
        if partly && picks.is_some() {
            out.push((format!("{} and choose the suggestion", clause.trim_end_matches([',', '.'])), *then));
            i += 2;
            continue;
        }
        out.push((clause.clone(), *then));
        i += 1;
    }
    out
}

/// `input` without its bracketed asides, and the space before each.
pub(super) fn without_asides(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    let mut depth = 0usize;
    for c in input.chars() {
        match c {
            '(' => {
                depth += 1;
                if depth == 1 {
                    let kept = out.trim_end().len();
                    out.truncate(kept);
                }
            }
            ')' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    // An unclosed bracket: nothing is an aside.
    if depth > 0 { input.to_owned() } else { out }
}

/// Where a sentence holds two clauses (the earliest cut first).
const CLAUSE_CUTS: &[&str] = &[
    ", so ", ", but ", " but ", ", just ", ", and then ", " and then ", ", then ", " then ", ", and finally ", " and finally ", ", finally ",
    " so the ", " — ", " – ",
];

/// The clauses of `input`: cut at sentence ends and [`CLAUSE_CUTS`]; each
/// says whether it came after a "then" (a step of the same order: "click
/// Actions, then Rename").
pub(super) fn clauses(input: &str) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let chars: Vec<char> = input.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let end = matches!(c, '.' | '?' | '!' | ';') && chars.get(i + 1).is_none_or(|n| n.is_whitespace());
        if end {
            if c == '?' {
                cur.push('?');
            }
            out.push(std::mem::take(&mut cur));
        } else {
            cur.push(c);
        }
    }
    out.push(cur);
    out.into_iter()
        .flat_map(|c| {
            let lower = c.to_lowercase();
            // Byte offsets agree: lower-casing keeps ASCII lengths, and the
            // cut words are ASCII.
            if lower.len() != c.len() {
                return vec![(c, false)];
            }
            let mut parts = Vec::new();
            let mut rest = 0;
            let mut then = false;
            loop {
                let cut = CLAUSE_CUTS.iter().filter_map(|s| lower[rest..].find(s).map(|at| (rest + at, s.len(), s.contains("then")))).min();
                let Some((at, len, is_then)) = cut else { break };
                parts.push((c[rest..at].to_owned(), then));
                rest = at + len;
                then = is_then;
            }
            parts.push((c[rest..].to_owned(), then));
            parts
        })
        .map(|(c, then)| (c.trim().to_owned(), then))
        .filter(|(c, _)| !c.is_empty() && c != "?")
        .collect()
}
