//! Redaction of personal data in free text that leaves the page: e-mail
//! addresses → `[email]`, phone numbers → `[phone]`, payment card numbers →
//! `[card]` (seed 001 §11.3 leaves it open; we strip before returning).
//!
//! Precision matters as much as recall: a summary whose dates, prices, order
//! numbers and version strings turned into `[phone]` misleads the model. So:
//! - **cards** are 13–19 digits, plain or grouped by single spaces/dashes in
//!   card layouts (4-4-4-4[-3], 4-6-5, 4-6-4), starting 2–6 (the ISO/IEC 7812
//!   industries of payment networks) and passing the Luhn check;
//! - **phones** are digit groups in a known layout (`555-123-4567`,
//!   `(555) 123-4567`, `020 7946 0958`, `06 12 34 56 78`, …), anything from
//!   8 to 15 digits after a `+`, or 7–15 digits right after a word like
//!   "phone"/"call"/"tel". A bare digit run without `+` or such a word is
//!   never a phone (order ids, timestamps), nor is anything right after `#`
//!   or "order", "invoice", "ref", "sku", … Dates (8 digits), ZIP+4 (5-4),
//!   IPs (dotted 3-3-3-3) and versions (glued to letters or short groups)
//!   fit no layout.
//! - **e-mails** are `local@domain.tld` with an alphabetic TLD that is not an
//!   image extension (`logo@2x.png` is a file name).
//!
//! Hand-written scanners rather than the `regex` crate: the rules need
//! checks a regex cannot express (Luhn, group layouts, context words), and
//! this code runs in the content WASM loaded into pages, where a regex engine
//! would roughly double the module.
//!
//! Run it on whitespace-collapsed text (non-breaking spaces become spaces)
//! and *before* clipping, so a number is never cut in half first.

/// What a redacted span was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PiiKind {
    Email,
    Phone,
    Card,
}

impl PiiKind {
    pub fn placeholder(self) -> &'static str {
        match self {
            PiiKind::Email => "[email]",
            PiiKind::Phone => "[phone]",
            PiiKind::Card => "[card]",
        }
    }
}

/// `text` with every e-mail, phone and card number replaced by its placeholder.
pub fn redact(text: &str) -> String {
    let text = replace(text, &email_spans(text));
    let spans = number_spans(&text);
    replace(&text, &spans)
}

/// Whether [`redact`] would change `text`: such values are never used in
/// selectors (a selector with `[email]` in it would match nothing).
pub fn contains_pii(text: &str) -> bool {
    !email_spans(text).is_empty() || !number_spans(text).is_empty()
}

/// A byte range of `text` to replace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Span {
    start: usize,
    end: usize,
    kind: PiiKind,
}

fn replace(text: &str, spans: &[Span]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for s in spans {
        out.push_str(&text[at..s.start]);
        out.push_str(s.kind.placeholder());
        at = s.end;
    }
    out.push_str(&text[at..]);
    out
}

// ---------------------------------------------------------------- e-mail --

/// Extensions that make `name@2x.png` a file, not an address.
const FILE_TLDS: &[&str] = &["png", "jpg", "jpeg", "gif", "svg", "webp", "avif", "ico", "bmp"];

fn email_spans(text: &str) -> Vec<Span> {
    let b = text.as_bytes();
    let is_local = |c: u8| c.is_ascii_alphanumeric() || b"._%+-".contains(&c);
    let is_domain = |c: u8| c.is_ascii_alphanumeric() || c == b'.' || c == b'-';
    let mut spans = Vec::new();
    let mut from = 0;
    for at in positions(b, b'@') {
        if at < from {
            continue;
        }
        let mut start = at;
        while start > from && is_local(b[start - 1]) {
            start -= 1;
        }
        while start < at && b[start] == b'.' {
            start += 1; // a local part does not start with a dot
        }
        let mut end = at + 1;
        while end < b.len() && is_domain(b[end]) {
            end += 1;
        }
        while end > at + 1 && matches!(b[end - 1], b'.' | b'-') {
            end -= 1; // "write to a@b.com." ends the sentence, not the domain
        }
        if start == at || !valid_domain(&text[at + 1..end]) {
            continue;
        }
        spans.push(Span { start, end, kind: PiiKind::Email });
        from = end;
    }
    spans
}

fn valid_domain(domain: &str) -> bool {
    let labels: Vec<&str> = domain.split('.').collect();
    let tld = labels.last().copied().unwrap_or_default();
    labels.len() >= 2
        && labels.iter().all(|l| !l.is_empty() && !l.starts_with('-') && !l.ends_with('-'))
        && tld.len() >= 2
        && tld.bytes().all(|c| c.is_ascii_alphabetic())
        && !FILE_TLDS.contains(&tld.to_ascii_lowercase().as_str())
}

fn positions(b: &[u8], needle: u8) -> impl Iterator<Item = usize> + '_ {
    b.iter().enumerate().filter(move |(_, &c)| c == needle).map(|(i, _)| i)
}

// -------------------------------------------------------- digit runs --

/// Bytes that may separate digit groups of one number ("(555) 123-4567").
const SEP: &[u8] = b" -.()";
const MAX_SEP_LEN: usize = 3;

/// A run of digit groups joined by short separators, e.g. `+1 (555) 123-4567`.
struct Run {
    /// `(start, end)` byte range of each digit group.
    groups: Vec<(usize, usize)>,
    /// Whether a `+` directly precedes the first group.
    plus: bool,
}

fn number_spans(text: &str) -> Vec<Span> {
    let mut spans = Vec::new();
    for run in runs(text) {
        let mut taken = vec![false; run.groups.len()];
        // Cards first: "call 0800 4111 1111 1111 1111" must not become a
        // phone that swallows half the card.
        windows(text, &run, &mut taken, &mut spans, |w| is_card(text, w).then_some(PiiKind::Card));
        windows(text, &run, &mut taken, &mut spans, |w| is_phone(text, w).then_some(PiiKind::Phone));
    }
    spans.sort_by_key(|s| s.start);
    spans
}

/// Finds runs of digit groups. A run glued to a word (`v1.2.3`, `SKU123`,
/// `2x`) or to another number by `,` `/` `:` (prices, dates, times) is
/// not a phone or card there, so it is dropped or trimmed.
fn runs(text: &str) -> Vec<Run> {
    let b = text.as_bytes();
    let digit = |i: usize| i < b.len() && b[i].is_ascii_digit();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let plus = i > 0 && b[i - 1] == b'+';
        let lead = if plus { i - 1 } else { i };
        let mut groups = Vec::new();
        let mut j = i;
        loop {
            let g = j;
            while digit(j) {
                j += 1;
            }
            groups.push((g, j));
            let mut k = j;
            while k < b.len() && k - j < MAX_SEP_LEN && SEP.contains(&b[k]) {
                k += 1;
            }
            if k > j && digit(k) && b[j..k].iter().filter(|&&c| c == b'.').count() <= 1 {
                j = k;
            } else {
                break;
            }
        }
        i = j;
        if glued_before(text, lead) {
            continue;
        }
        if glued_after(text, j) {
            groups.pop();
        }
        if !groups.is_empty() {
            out.push(Run { groups, plus });
        }
    }
    out
}

fn glued_before(text: &str, at: usize) -> bool {
    let mut before = text[..at].chars().rev();
    match before.next() {
        Some(c) if c.is_alphanumeric() || c == '_' => true,
        Some(',' | '/' | ':' | '.') => before.next().is_some_and(|c| c.is_ascii_digit()),
        _ => false,
    }
}

fn glued_after(text: &str, at: usize) -> bool {
    let mut after = text[at..].chars();
    match after.next() {
        Some(c) if c.is_alphanumeric() || c == '_' => true,
        Some(',' | '/' | ':' | '.') => after.next().is_some_and(|c| c.is_ascii_digit()),
        _ => false,
    }
}

/// A candidate number: groups `first..=last` of a run.
struct Window<'r> {
    run: &'r Run,
    first: usize,
    last: usize,
}

impl Window<'_> {
    fn groups(&self) -> &[(usize, usize)] {
        &self.run.groups[self.first..=self.last]
    }
    fn sizes(&self) -> Vec<usize> {
        self.groups().iter().map(|(s, e)| e - s).collect()
    }
    fn digits(&self, text: &str) -> String {
        self.groups().iter().map(|&(s, e)| &text[s..e]).collect()
    }
    fn seps<'t>(&self, text: &'t str) -> Vec<&'t str> {
        self.groups().windows(2).map(|p| &text[p[0].1..p[1].0]).collect()
    }
    fn plus(&self) -> bool {
        self.first == 0 && self.run.plus
    }
    /// The byte range to replace: with the `+` that opens it, or the `(`
    /// of an area code like `(555) …` — not the `(` of "(4111 1111 …)".
    fn span(&self, text: &str) -> (usize, usize) {
        let (start, first_end) = self.run.groups[self.first];
        let area_code = text[first_end..].starts_with(')') && self.last > self.first;
        let start = match text[..start].bytes().last() {
            Some(b'+') if self.plus() => start - 1,
            Some(b'(') if area_code => start - 1,
            _ => start,
        };
        (start, self.run.groups[self.last].1)
    }
}

/// Most groups a card (4-4-4-4-3) or phone (+33 6 12 34 56 78) spans. The
/// cap keeps a page-long run of numbers (a data table) linear to scan.
const MAX_WINDOW_GROUPS: usize = 6;

/// Longest-first, left-to-right matching over the groups not yet taken.
fn windows(
    text: &str,
    run: &Run,
    taken: &mut [bool],
    spans: &mut Vec<Span>,
    test: impl Fn(&Window) -> Option<PiiKind>,
) {
    let n = run.groups.len();
    let mut first = 0;
    while first < n {
        let mut matched = None;
        for last in (first..n.min(first + MAX_WINDOW_GROUPS)).rev() {
            if taken[first..=last].iter().any(|&t| t) {
                continue;
            }
            let w = Window { run, first, last };
            #[cfg(test)]
            tests::WINDOWS_TESTED.with(|c| c.set(c.get() + 1));
            if let Some(kind) = test(&w) {
                matched = Some((last, kind, w.span(text)));
                break;
            }
        }
        match matched {
            Some((last, kind, (start, end))) => {
                taken[first..=last].iter_mut().for_each(|t| *t = true);
                spans.push(Span { start, end, kind });
                first = last + 1;
            }
            None => first += 1,
        }
    }
}

// -------------------------------------------------------------- cards --

/// Group layouts of card numbers as printed.
const CARD_LAYOUTS: &[&[usize]] =
    &[&[4, 4, 4, 4], &[4, 4, 4, 4, 3], &[4, 6, 5], &[4, 6, 4], &[4, 4, 4, 1], &[4, 4, 4, 2], &[4, 4, 4, 3]];

fn is_card(text: &str, w: &Window) -> bool {
    let digits = w.digits(text);
    let sizes = w.sizes();
    let seps = w.seps(text);
    (13..=19).contains(&digits.len())
        && !w.plus()
        && matches!(digits.as_bytes()[0], b'2'..=b'6')
        && seps.iter().all(|s| *s == " " || *s == "-")
        && seps.windows(2).all(|p| p[0] == p[1])
        && (sizes.len() == 1 || CARD_LAYOUTS.contains(&sizes.as_slice()))
        && luhn(&digits)
}

/// The Luhn checksum (ISO/IEC 7812-1) over ASCII digits.
fn luhn(digits: &str) -> bool {
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, c)| {
            let d = u32::from(c - b'0');
            if i % 2 == 1 {
                let d2 = d * 2;
                if d2 > 9 {
                    d2 - 9
                } else {
                    d2
                }
            } else {
                d
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

// ------------------------------------------------------------- phones --

/// Group layouts of national phone numbers as commonly written, with the
/// digit they start with: national numbers outside North America start
/// with the trunk prefix 0, which is what tells "06 12 34 56 78" from a
/// row of numbers "10 11 12 13 14".
const PHONE_LAYOUTS: &[(&[usize], Lead)] = &[
    (&[3, 3, 4], Lead::AreaCode),    // US/CA 555-123-4567, (555) 123-4567
    (&[1, 3, 3, 4], Lead::One),      // US/CA 1-800-555-0199
    (&[3, 4, 4], Lead::Trunk),       // UK 020 7946 0958
    (&[4, 3, 4], Lead::Trunk),       // UK 0161 496 0123
    (&[5, 6], Lead::Trunk),          // UK 01632 960123
    (&[5, 3, 3], Lead::Trunk),       // UK 07700 900 123
    (&[2, 4, 4], Lead::Trunk),       // AU 02 9876 5432
    (&[4, 3, 3], Lead::Trunk),       // AU 0412 345 678
    (&[2, 2, 2, 2, 2], Lead::Trunk), // FR 06 12 34 56 78
    (&[3, 3, 2, 2], Lead::Trunk),    // DE/CH 030 123 45 67
];

/// How a national phone number starts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lead {
    /// A North American area code: 2–9.
    AreaCode,
    /// The North American trunk prefix 1.
    One,
    /// The trunk prefix 0 used by most other countries.
    Trunk,
}

impl Lead {
    fn admits(self, first: u8) -> bool {
        match self {
            Lead::AreaCode => (b'2'..=b'9').contains(&first),
            Lead::One => first == b'1',
            Lead::Trunk => first == b'0',
        }
    }
}

/// Words right before a number that make it a phone.
const PHONE_WORDS: &[&str] =
    &["phone", "tel", "telephone", "call", "mobile", "cell", "fax", "whatsapp", "sms", "ph", "hotline", "telefon"];
/// Words right before a number that make it an identifier, never a phone.
const ID_WORDS: &[&str] = &[
    "order",
    "invoice",
    "ref",
    "reference",
    "no",
    "nr",
    "id",
    "sku",
    "isbn",
    "ticket",
    "tracking",
    "serial",
    "version",
    "build",
    "case",
    "confirmation",
    "item",
    "model",
    "part",
    "po",
    "receipt",
    "transaction",
    "booking",
    "account",
    "acct",
    "issue",
    "pr",
];

fn is_phone(text: &str, w: &Window) -> bool {
    let (start, _) = w.span(text);
    let words = words_before(text, start, 3);
    let phone_word = words.iter().any(|x| PHONE_WORDS.contains(&x.as_str()));
    let id_word = words.iter().rev().take(2).any(|x| ID_WORDS.contains(&x.as_str()));
    if text[..start].trim_end().ends_with('#') || (id_word && !phone_word) {
        return false;
    }
    let n = w.digits(text).len();
    let sizes = w.sizes();
    let seps = w.seps(text);
    if w.plus() {
        return (8..=15).contains(&n);
    }
    if phone_word {
        return (7..=15).contains(&n) && sizes.iter().skip(1).all(|&s| s >= 2);
    }
    let first = text.as_bytes()[w.groups()[0].0];
    let layout = PHONE_LAYOUTS.iter().any(|(l, lead)| *l == sizes.as_slice() && lead.admits(first));
    if seps.iter().any(|s| s.contains('.')) {
        // Dots only in 555.123.4567 or 06.12.34.56.78: dotted quads and
        // versions stay.
        let dotted_layout = sizes == [3, 3, 4] || sizes == [2, 2, 2, 2, 2];
        return layout && dotted_layout && seps.iter().all(|s| *s == ".");
    }
    layout
}

/// The last `n` words (lowercase, letters only) before byte `at`.
fn words_before(text: &str, at: usize, n: usize) -> Vec<String> {
    let head: String = text[..at].chars().rev().take(40).collect::<Vec<_>>().into_iter().rev().collect();
    let words: Vec<String> =
        head.split(|c: char| !c.is_alphabetic()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect();
    words[words.len().saturating_sub(n)..].to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;
    use expect_test::expect;

    /// One row per case: input → output. Kept as a table so each tricky case
    /// is visible next to its neighbours.
    const CASES: &[(&str, &str)] = &[
        // e-mail
        ("Write to jane.doe+news@example.co.uk today", "Write to [email] today"),
        ("Mail: a@b.io.", "Mail: [email]."),
        ("logo@2x.png and icon@3x.webp", "logo@2x.png and icon@3x.webp"),
        ("@handle and user@localhost", "@handle and user@localhost"),
        ("two: x@y.com,z@w.org", "two: [email],[email]"),
        // phones
        ("Call (555) 123-4567 now", "Call [phone] now"),
        ("555-123-4567", "[phone]"),
        ("555.123.4567", "[phone]"),
        ("1-800-555-0199", "[phone]"),
        ("+44 20 7946 0958", "[phone]"),
        ("+1 (555) 123-4567", "[phone]"),
        ("+4915112345678", "[phone]"),
        ("UK 020 7946 0958", "UK [phone]"),
        ("06 12 34 56 78", "[phone]"),
        ("Phone: 5551234567", "Phone: [phone]"),
        ("tel:5551234", "tel:[phone]"),
        // not phones
        ("Order #123-456-7890", "Order #123-456-7890"),
        ("Order number 555-123-4567", "Order number 555-123-4567"),
        ("Order 1234567890 shipped", "Order 1234567890 shipped"),
        ("on 2026-02-16 at 10:30", "on 2026-02-16 at 10:30"),
        ("16.02.2026 and 02/16/2026", "16.02.2026 and 02/16/2026"),
        ("$1,299.00 or 1 299,00 €", "$1,299.00 or 1 299,00 €"),
        ("from $12.99 to $1,499.99", "from $12.99 to $1,499.99"),
        ("v10.0.19045.2965 and 1.13.1", "v10.0.19045.2965 and 1.13.1"),
        ("Windows 10.0.19045", "Windows 10.0.19045"),
        ("server 192.168.100.200", "server 192.168.100.200"),
        ("ZIP 94105-1234", "ZIP 94105-1234"),
        ("ISBN 978-3-16-148410-0", "ISBN 978-3-16-148410-0"),
        ("1999 2000 2001 years", "1999 2000 2001 years"),
        ("pages 120-135, 200-210", "pages 120-135, 200-210"),
        ("timestamp 1700000000000", "timestamp 1700000000000"),
        ("population 1 234 567", "population 1 234 567"),
        ("scores 10 11 12 13 14", "scores 10 11 12 13 14"),
        ("rows 123 456 7890", "rows 123 456 7890"),
        ("ids 023 456 7890", "ids 023 456 7890"),
        // cards
        ("Card 4111 1111 1111 1111 exp 12/27", "Card [card] exp 12/27"),
        ("ending 1111 (4111 1111 1111 1111)", "ending 1111 ([card])"),
        ("4111-1111-1111-1111", "[card]"),
        ("4111111111111111", "[card]"),
        ("Amex 3782 822463 10005", "Amex [card]"),
        ("pay 20 4111 1111 1111 1111", "pay 20 [card]"),
        ("not luhn 4111 1111 1111 1112", "not luhn 4111 1111 1111 1112"),
        ("mixed 4111 1111-1111 1111", "mixed 4111 1111-1111 1111"),
        ("tracking 9400111899223100001234", "tracking 9400111899223100001234"),
        ("SKU4111111111111111", "SKU4111111111111111"),
    ];

    #[test]
    fn redaction_table() {
        let failures: Vec<String> = CASES
            .iter()
            .filter(|(input, want)| redact(input) != *want)
            .map(|(input, want)| format!("{input:?}\n   want {want:?}\n    got {:?}", redact(input)))
            .collect();
        assert!(failures.is_empty(), "{} redaction rows failed:\n{}", failures.len(), failures.join("\n"));
    }

    #[test]
    fn contains_pii_agrees_with_redact() {
        for (input, want) in CASES {
            assert_eq!(contains_pii(input), input != want, "{input:?}");
        }
    }

    thread_local! {
        /// Windows [`windows`] tested, to check the scan's cost without a clock.
        pub(super) static WINDOWS_TESTED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    #[test]
    fn a_table_of_numbers_is_linear_to_scan() {
        // One run of 20,000 groups: the window search must test a bounded
        // number of windows per group (two passes: cards, phones), not all
        // windows of the run.
        let groups = 20_000;
        let text = (0..groups).map(|i| (i % 97).to_string()).collect::<Vec<_>>().join(" ");
        WINDOWS_TESTED.with(|c| c.set(0));
        let out = redact(&text);
        let tested = WINDOWS_TESTED.with(|c| c.get());
        assert!(tested <= 2 * MAX_WINDOW_GROUPS * groups, "{tested} windows for {groups} groups");
        // And a row of numbers is not a phone ("10 11 12 13 14" is 2-2-2-2-2).
        assert_eq!(out.matches('[').count(), 0, "{}", &out[..300]);
    }

    #[test]
    fn luhn_known_values() {
        assert!(luhn("79927398713"));
        assert!(!luhn("79927398710"));
        assert!(luhn("6011111111111117"));
    }

    #[test]
    fn redacts_a_realistic_paragraph() {
        let text = "Order #88231 placed 2026-02-16. Ships in 3-5 days for $49.99. \
                    Questions? Call +1 415-555-0134 or write to help@shop.example. \
                    Paid with 5500 0000 0000 0004. Version 2.4.1.";
        expect![[r#"Order #88231 placed 2026-02-16. Ships in 3-5 days for $49.99. Questions? Call [phone] or write to [email]. Paid with [card]. Version 2.4.1."#]]
        .assert_eq(&redact(text));
    }
}
