//! `itemFields` of a collection: what each item shows, from table column
//! headers (mapped to canonical field names) and from sample item texts
//! (price, date, status and rating recognisers) and flags (link, image).
//!
//! The recognisers are deliberately strict: a field that is claimed but not
//! there sends `dom.extract` after nothing, while a missed field can still be
//! found from the samples the LLM asks for. So a bare number is never a price
//! ("2026") and a dotted triple is a date only in real date shapes ("v1.2.3",
//! "2.10.11" are versions).

use super::facts::GroupFact;
use super::labels::camel_case;
use crate::kind::text::normalize;

/// At most this many fields per collection.
pub const MAX_ITEM_FIELDS: usize = 8;

/// Canonical order of fields inferred from samples.
const SAMPLE_FIELD_ORDER: &[&str] = &[
    "title",
    "price",
    "rating",
    "date",
    "status",
    "image",
    "detailUrl",
];

/// What a column header means. `None`: the column holds controls, not data
/// (a "Download" column is an action, not a field).
#[rustfmt::skip]
const COLUMN_FIELDS: &[(&[&str], Option<&str>)] = &[
    (&["download", "downloads", "action", "actions", "pdf", "options", "menu", "edit", "select", "manage"], None),
    (&["date", "created", "created at", "created on", "issued", "issued on", "issue date", "invoice date",
       "order date", "due date", "due", "posted", "updated", "last updated", "modified", "billing date",
       "paid on", "date issued", "datum", "fecha"], Some("date")),
    (&["amount", "total", "amount due", "balance", "sum", "subtotal", "grand total", "betrag", "montant"], Some("amount")),
    (&["price", "cost", "unit price", "fee", "preis", "prix"], Some("price")),
    (&["status", "state", "payment status"], Some("status")),
    (&["invoice", "invoice number", "invoice no", "number", "no", "nr", "id", "order", "order number",
       "order no", "reference", "ref", "receipt", "receipt number"], Some("number")),
    (&["name", "title", "product", "item", "subject", "plan", "file", "document"], Some("title")),
    (&["qty", "quantity"], Some("quantity")),
    (&["rating", "stars", "score"], Some("rating")),
    (&["image", "photo", "thumbnail", "picture"], Some("image")),
    (&["email", "e mail"], Some("email")),
    (&["description", "details"], Some("description")),
];

/// The field a column header stands for: `Some(None)` for control columns,
/// `None` for empty headers. Unknown headers become a camelCase slug of
/// their first three words, so the LLM still learns the column exists.
pub fn column_field(header: &str) -> Option<Option<String>> {
    let raw = header.trim();
    if matches!(raw, "#" | "No." | "Nº" | "№") {
        return Some(Some("number".to_owned()));
    }
    let key = normalize(raw);
    if key.is_empty() {
        return None;
    }
    if let Some((_, field)) = COLUMN_FIELDS
        .iter()
        .find(|(names, _)| names.contains(&key.as_str()))
    {
        return Some(field.map(str::to_owned));
    }
    let words: Vec<&str> = key.split(' ').take(3).collect();
    Some(Some(camel_case(&words)))
}

/// The fields of a group's items.
pub fn infer_item_fields(g: &GroupFact) -> Vec<String> {
    let mut fields: Vec<String> = Vec::new();
    let push = |fields: &mut Vec<String>, f: &str| {
        if !fields.iter().any(|x| x == f) {
            fields.push(f.to_owned());
        }
    };
    let from_columns = g
        .columns
        .iter()
        .any(|c| !normalize(c).is_empty() || c.trim() == "#");
    for f in g.columns.iter().filter_map(|c| column_field(c).flatten()) {
        push(&mut fields, &f);
    }
    let n = g.samples.len();
    // A field is claimed when at least half the samples show it.
    let enough = |count: usize| n > 0 && count * 2 >= n;
    let count = |pred: &dyn Fn(&super::facts::ItemSample) -> bool| {
        g.samples.iter().filter(|s| pred(s)).count()
    };
    // Each sample text's class, once (not once per value field: this was a
    // quarter of a 2000-control page's MiniPCD build).
    let classes: Vec<Vec<&'static str>> = if from_columns {
        Vec::new()
    } else {
        g.samples
            .iter()
            .map(|s| s.texts.iter().filter_map(|t| classify_text(t)).collect())
            .collect()
    };
    for &f in SAMPLE_FIELD_ORDER {
        // With headers, the columns already name the text fields; samples
        // only add what has no column of its own (links, images).
        if from_columns && !matches!(f, "image" | "detailUrl") {
            continue;
        }
        let present = match f {
            "title" => enough(count(&|s| {
                s.title.as_deref().is_some_and(|t| !t.trim().is_empty())
            })),
            "image" => enough(count(&|s| s.has_image)),
            "detailUrl" => enough(count(&|s| s.has_link)),
            value => enough(classes.iter().filter(|c| c.contains(&value)).count()),
        };
        if present {
            push(&mut fields, f);
        }
    }
    fields.truncate(MAX_ITEM_FIELDS);
    fields
}

/// Which value field a piece of item text looks like.
pub fn classify_text(s: &str) -> Option<&'static str> {
    thread_local! {
        // Items repeat texts ("In stock", "Paid", "Add to cart"), and a
        // rebuild after a small change asks about all of them again.
        static MEMO: std::cell::RefCell<crate::memo::StringMemo<Option<&'static str>>> = Default::default();
    }
    MEMO.with(|m| m.borrow_mut().get(s, || classify_new(s)))
}

/// [`classify_text`], computed.
fn classify_new(s: &str) -> Option<&'static str> {
    if is_price(s) {
        return Some("price");
    }
    // Dates and status words read the normalised text: made once here
    // (trimming and a final period or comma change no normalised text).
    let t = date_text(s);
    let key = normalize(t);
    if is_date_normalized(t, &key) {
        Some("date")
    } else if is_status_key(&key) {
        Some("status")
    } else if is_rating(s) {
        Some("rating")
    } else {
        None
    }
}

const CURRENCY_SYMBOLS: &[char] = &['$', '€', '£', '¥', '₹', '₩', '₽', '₺', '₪', '¢', '₫', '฿'];
const CURRENCY_CODES: &[&str] = &[
    "usd", "eur", "gbp", "chf", "jpy", "cad", "aud", "inr", "sek", "nok", "dkk", "pln", "brl",
    "mxn", "kr", "zl", "zł",
];
/// Words allowed before a price ("From $9", "Now €5").
const PRICE_LEAD: &[&str] = &[
    "from", "only", "now", "was", "just", "ab", "des", "dès", "desde", "total",
];

/// "$29.00", "29,00 €", "€1.299,00", "USD 12", "-$5.00", "$29/mo", "From $9".
pub fn is_price(s: &str) -> bool {
    let t = s.trim();
    if t.is_empty() || t.chars().count() > 32 {
        return false;
    }
    let (Some(first), Some(last)) = (
        t.find(|c: char| c.is_ascii_digit()),
        t.rfind(|c: char| c.is_ascii_digit()),
    ) else {
        return false;
    };
    let number = &t[first..=last];
    if !number
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, ',' | '.' | ' ' | '\u{a0}' | '\u{202f}' | '\''))
    {
        return false;
    }
    let (pre_cur, pre_rest) = strip_currency_end(t[..first].trim());
    let (post_cur, post_rest) = strip_currency_start(t[last + 1..].trim());
    if !(pre_cur || post_cur) {
        return false;
    }
    let pre_rest = pre_rest.trim().trim_end_matches(['-', '+', '−']).trim();
    let lead_ok = pre_rest.is_empty() || PRICE_LEAD.contains(&pre_rest.to_lowercase().as_str());
    let post_rest = post_rest.trim().to_lowercase();
    let tail_ok = post_rest.is_empty()
        || (post_rest.starts_with('/') && post_rest.chars().count() <= 8)
        || post_rest.starts_with("per ")
        || matches!(
            post_rest.as_str(),
            "each" | "ea" | "ea." | "incl. vat" | "excl. vat"
        );
    lead_ok && tail_ok
}

/// `(found, rest)`: a currency symbol or code at the end of the text before
/// the number ("US$" and "R$" count: 1–2 capitals before `$`).
fn strip_currency_end(pre: &str) -> (bool, &str) {
    if let Some(c) = pre.chars().last().filter(|c| CURRENCY_SYMBOLS.contains(c)) {
        let rest = &pre[..pre.len() - c.len_utf8()];
        let caps = rest.len()
            - rest
                .trim_end_matches(|c: char| c.is_ascii_uppercase())
                .len();
        let rest = if c == '$' && (1..=2).contains(&caps) {
            &rest[..rest.len() - caps]
        } else {
            rest
        };
        return (true, rest);
    }
    match pre.rsplit_once(' ').map_or(("", pre), |(a, b)| (a, b)) {
        (rest, code) if CURRENCY_CODES.contains(&code.to_lowercase().as_str()) => (true, rest),
        _ => (false, pre),
    }
}

fn strip_currency_start(post: &str) -> (bool, &str) {
    if let Some(c) = post.chars().next().filter(|c| CURRENCY_SYMBOLS.contains(c)) {
        return (true, &post[c.len_utf8()..]);
    }
    let (code, rest) = post.split_once(' ').unwrap_or((post, ""));
    let code_clean = code.trim_end_matches(['/', '.']);
    if CURRENCY_CODES.contains(&code_clean.to_lowercase().as_str()) {
        return (true, rest);
    }
    (false, post)
}

/// ISO, numeric (`03/15/2026`, `15.03.2026`, `3/15/26`), named-month
/// (`Mar 15, 2026`, `15 March 2026`, `March 2026`) and relative (`2 days
/// ago`, `yesterday`) dates, alone or after up to two words ("Paid on …").
pub fn is_date(s: &str) -> bool {
    let t = date_text(s);
    is_date_normalized(t, &normalize(t))
}

/// The part of a text a date is read from: trimmed, without a final
/// period or comma.
fn date_text(s: &str) -> &str {
    s.trim().trim_end_matches(['.', ',']).trim()
}

/// [`is_date`] of `t` (from [`date_text`]), whose normalised form is `key`
/// (the caller may need it too). Past two leading words and
/// [`MAX_DATE_WORDS`], no date is looked for: item texts are mostly prose,
/// and each leading-word variant costs a normalisation of its own.
fn is_date_normalized(t: &str, key: &str) -> bool {
    // Without a digit only a relative date can be one ("yesterday", "an
    // hour ago"), and the text after leading words normalises to an end of
    // `key`: so `key` ends as a relative date does, or no variant is one.
    if !key.bytes().any(|b| b.is_ascii_digit()) && !RELATIVE_ENDS.iter().any(|e| key.ends_with(e)) {
        return false;
    }
    let words: Vec<&str> = t.split_whitespace().collect();
    if words.len() > MAX_DATE_WORDS + 2 {
        return false;
    }
    if date_exact(t, words.len(), key) {
        return true;
    }
    (1..=2).any(|skip| {
        if words.len() <= skip || !words[..skip].iter().all(|w| w.trim_end_matches(':').chars().all(char::is_alphabetic)) {
            return false;
        }
        let rest = words[skip..].join(" ");
        date_exact(&rest, words.len() - skip, &normalize(&rest))
    })
}

/// Whether `t` (`n_words` whitespace-separated words; normalised: `key`)
/// is a date by itself.
fn date_exact(t: &str, n_words: usize, key: &str) -> bool {
    // No date format here has more words ("Mon, 15 de marzo de 2026" has
    // six): longer texts are not normalised at all.
    if n_words == 0 || n_words > MAX_DATE_WORDS {
        return false;
    }
    // Numeric and named-month dates have a digit (a day or a year); of the
    // relative ones only "yesterday", "an hour ago" and the like do not.
    if !key.bytes().any(|b| b.is_ascii_digit()) {
        return relative_date(key);
    }
    if numeric_date_with_time(t) {
        return true;
    }
    named_month_date(key) || relative_date(key)
}

/// The most words [`date_exact`] reads as a date.
const MAX_DATE_WORDS: usize = 8;

fn numeric_date_with_time(t: &str) -> bool {
    let (date, time) = match t.split_once(['T', ' ']) {
        Some((d, rest)) => (d, Some(rest)),
        None => (t, None),
    };
    numeric_date(date) && time.is_none_or(is_time)
}

fn is_time(t: &str) -> bool {
    let t = t.trim().trim_end_matches('Z');
    let t = t
        .strip_suffix("am")
        .or_else(|| t.strip_suffix("pm"))
        .or_else(|| t.strip_suffix("AM"))
        .or_else(|| t.strip_suffix("PM"))
        .unwrap_or(t)
        .trim();
    let parts: Vec<&str> = t.split(':').collect();
    (2..=3).contains(&parts.len())
        && parts.iter().all(|p| {
            (1..=2).contains(&p.len()) || p.split('.').next().is_some_and(|s| s.len() == 2)
        })
        && parts
            .iter()
            .all(|p| p.chars().all(|c| c.is_ascii_digit() || c == '.'))
}

fn numeric_date(t: &str) -> bool {
    let Some(sep) = ['-', '/', '.'].into_iter().find(|&c| t.contains(c)) else {
        return false;
    };
    let parts: Vec<&str> = t.split(sep).collect();
    if parts.len() != 3
        || !parts
            .iter()
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()))
    {
        return false;
    }
    let num = |p: &str| p.parse::<u32>().unwrap_or(0);
    let day_month = |a: &str, b: &str| {
        let (a, b) = (num(a), num(b));
        (1..=31).contains(&a) && (1..=31).contains(&b) && (a <= 12 || b <= 12)
    };
    let short = |p: &str| (1..=2).contains(&p.len());
    match parts[..] {
        // Year first: 2026-03-15, 2026/3/15.
        [y, m, d] if y.len() == 4 => {
            short(m) && short(d) && (1..=12).contains(&num(m)) && (1..=31).contains(&num(d))
        }
        [a, b, y] if y.len() == 4 => short(a) && short(b) && day_month(a, b),
        // Two-digit years: dots only zero-padded (15.03.26), so versions like
        // 2.10.11 are not dates; slashes and dashes as written (3/15/26).
        [a, b, y] if y.len() == 2 => {
            let padded = sep != '.' || (a.len() == 2 && b.len() == 2);
            padded && short(a) && short(b) && day_month(a, b)
        }
        _ => false,
    }
}

#[rustfmt::skip]
const MONTHS: &[&str] = &[
    "jan", "january", "feb", "february", "mar", "march", "apr", "april", "may", "jun", "june",
    "jul", "july", "aug", "august", "sep", "sept", "september", "oct", "october", "nov",
    "november", "dec", "december",
    "januar", "februar", "marz", "mai", "juni", "juli", "oktober", "dezember",
    "janvier", "fevrier", "mars", "avril", "juin", "juillet", "aout", "septembre", "octobre",
    "novembre", "decembre", "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio",
    "agosto", "septiembre", "octubre", "noviembre", "diciembre",
];
const WEEKDAYS: &[&str] = &[
    "mon",
    "monday",
    "tue",
    "tues",
    "tuesday",
    "wed",
    "wednesday",
    "thu",
    "thurs",
    "thursday",
    "fri",
    "friday",
    "sat",
    "saturday",
    "sun",
    "sunday",
];

/// Whether a normalised word is one of [`MONTHS`]: a set, not a scan of
/// the list (asked of every word of the short texts of item samples).
fn is_month(word: &str) -> bool {
    static SET: std::sync::LazyLock<rustc_hash::FxHashSet<&'static str>> =
        std::sync::LazyLock::new(|| MONTHS.iter().copied().collect());
    SET.contains(word)
}

/// `key`: the text, normalised.
fn named_month_date(key: &str) -> bool {
    let mut tokens: Vec<&str> = key
        .split(' ')
        .filter(|w| !w.is_empty() && *w != "de" && *w != "of")
        .collect();
    if tokens.first().is_some_and(|w| WEEKDAYS.contains(w)) {
        tokens.remove(0);
    }
    if !(2..=3).contains(&tokens.len()) || tokens.iter().filter(|w| is_month(w)).count() != 1 {
        return false;
    }
    tokens.iter().filter(|w| !is_month(w)).all(|w| {
        let digits = w.trim_end_matches(|c: char| c.is_ascii_alphabetic());
        let suffix = &w[digits.len()..];
        let n = digits.parse::<u32>().unwrap_or(0);
        !digits.is_empty()
            && digits.chars().all(|c| c.is_ascii_digit())
            && (((1..=31).contains(&n) && matches!(suffix, "" | "st" | "nd" | "rd" | "th"))
                || (digits.len() == 4 && suffix.is_empty()))
    })
}

#[rustfmt::skip]
const TIME_UNITS: &[&str] = &[
    "second", "seconds", "sec", "secs", "s", "minute", "minutes", "min", "mins", "m", "hour",
    "hours", "hr", "hrs", "h", "day", "days", "d", "week", "weeks", "w", "wk", "wks", "month",
    "months", "mo", "mos", "year", "years", "yr", "yrs", "y",
];

/// Relative dates without a number: the whole of a normalised text.
const RELATIVE_WORDS: &[&str] = &["today", "yesterday", "just now", "heute", "gestern", "hier", "ayer"];
/// How every normalised relative date ends: one of [`RELATIVE_WORDS`], or
/// the word "ago".
const RELATIVE_ENDS: &[&str] = &["today", "yesterday", "just now", "heute", "gestern", "hier", "ayer", " ago"];

/// `key`: the text, normalised.
fn relative_date(key: &str) -> bool {
    if RELATIVE_WORDS.contains(&key) {
        return true;
    }
    // Every other form ends with the word "ago".
    if !key.ends_with(" ago") {
        return false;
    }
    let words: Vec<&str> = key.split(' ').collect();
    let amount = |w: &str| w == "a" || w == "an" || w.chars().all(|c| c.is_ascii_digit());
    match words[..] {
        [n, unit, "ago"] => amount(n) && TIME_UNITS.contains(&unit),
        // "5d ago", "3h ago"
        [nu, "ago"] => {
            let digits = nu.trim_end_matches(|c: char| c.is_ascii_alphabetic());
            !digits.is_empty()
                && digits.chars().all(|c| c.is_ascii_digit())
                && TIME_UNITS.contains(&&nu[digits.len()..])
        }
        _ => false,
    }
}

#[rustfmt::skip]
const STATUS_WORDS: &[&str] = &[
    "paid", "unpaid", "due", "overdue", "past due", "pending", "shipped", "delivered", "active",
    "inactive", "cancelled", "canceled", "refunded", "failed", "draft", "open", "closed",
    "completed", "complete", "processing", "expired", "in stock", "out of stock", "sold out",
    "available", "void", "succeeded", "approved", "rejected", "in progress", "on hold",
    "bezahlt", "offen", "payee", "payé", "pagado",
];

/// A whole piece of text that is a status word ("Paid", "Out of stock").
pub fn is_status(s: &str) -> bool {
    is_status_key(&normalize(s))
}

/// [`is_status`] of a normalised text.
fn is_status_key(key: &str) -> bool {
    // Normalised once: item samples ask this for every text they show.
    static KEYS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    !key.is_empty()
        && KEYS
            .get_or_init(|| STATUS_WORDS.iter().map(|w| normalize(w)).collect())
            .iter()
            .any(|k| k == key)
}

/// "4.5", "4.5/5", "4 out of 5", "4.5 stars", "Rated 4.5 out of 5", "★★★★☆".
/// A bare number must have exactly one decimal ("4.5"): "29.00" and "4" are not.
pub fn is_rating(s: &str) -> bool {
    let t = s.trim();
    if t.is_empty() {
        return false;
    }
    let stars = t.chars().filter(|c| matches!(c, '★' | '☆' | '⭐')).count();
    if stars > 0 {
        return t
            .chars()
            .filter(|c| !c.is_whitespace() && !matches!(c, '★' | '☆' | '⭐'))
            .count()
            <= 8;
    }
    let lower = t.to_lowercase();
    let body = lower.strip_prefix("rated ").unwrap_or(&lower).trim();
    let mut suffixed = false;
    let mut core = body;
    for suffix in ["out of 5 stars", "out of 5", "/ 5", "/5", "stars", "star"] {
        if let Some(rest) = body.strip_suffix(suffix) {
            core = rest.trim();
            suffixed = true;
            break;
        }
    }
    let Ok(value) = core.replace(',', ".").parse::<f64>() else {
        return false;
    };
    let one_decimal = core
        .split_once(['.', ','])
        .is_some_and(|(i, f)| !i.is_empty() && f.len() == 1);
    core.chars()
        .all(|c| c.is_ascii_digit() || c == '.' || c == ',')
        && (0.0..=5.0).contains(&value)
        && (suffixed || one_decimal)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pcd::facts::ItemSample;

    #[test]
    fn value_classification_table() {
        #[rustfmt::skip]
        let rows: &[(&str, Option<&str>)] = &[
            ("$29.00", Some("price")),
            ("29,00 €", Some("price")),
            ("€1.299,00", Some("price")),
            ("USD 12", Some("price")),
            ("12 EUR", Some("price")),
            ("-$5.00", Some("price")),
            ("$29/mo", Some("price")),
            ("From $9", Some("price")),
            ("US$ 15", Some("price")),
            ("£1,200", Some("price")),
            ("2026", None),
            ("29.00", None),
            ("Order #29", None),
            ("$", None),
            ("Save $10 today on all items", None),
            ("2026-03-15", Some("date")),
            ("2026-03-15T10:30:00Z", Some("date")),
            ("03/15/2026", Some("date")),
            ("15.03.2026", Some("date")),
            ("15.03.26", Some("date")),
            ("3/15/26", Some("date")),
            ("Mar 15, 2026", Some("date")),
            ("15 March 2026", Some("date")),
            ("March 2026", Some("date")),
            ("Tue, 3 Mar 2026", Some("date")),
            ("Paid on Mar 3, 2026", Some("date")),
            ("2 days ago", Some("date")),
            ("yesterday", Some("date")),
            ("Updated yesterday", Some("date")),
            ("Posted: an hour ago", Some("date")),
            ("Shipped 3 days ago", Some("date")),
            ("Due today.", Some("date")),
            ("Chicago", None),
            ("Earlier this year", None),
            ("v1.2.3", None),
            ("2.10.11", None),
            ("13/13/2026", None),
            ("May", None),
            ("March Madness 2026 edition", None),
            ("Paid", Some("status")),
            ("Out of stock", Some("status")),
            ("PENDING", Some("status")),
            ("Shipped", Some("status")),
            ("Paid invoices", None),
            ("4.5", Some("rating")),
            ("4.5/5", Some("rating")),
            ("Rated 4 out of 5", Some("rating")),
            ("★★★★☆", Some("rating")),
            ("4.5 stars", Some("rating")),
            ("4", None),
            ("7.5", None),
            ("Widget Pro", None),
        ];
        for &(text, want) in rows {
            assert_eq!(classify_text(text), want, "{text:?}");
        }
    }

    #[test]
    fn column_header_table() {
        #[rustfmt::skip]
        let rows: &[(&str, Option<Option<&str>>)] = &[
            ("Date", Some(Some("date"))),
            ("Invoice date", Some(Some("date"))),
            ("Amount", Some(Some("amount"))),
            ("Total", Some(Some("amount"))),
            ("Price", Some(Some("price"))),
            ("Status", Some(Some("status"))),
            ("Invoice #", Some(Some("number"))),
            ("#", Some(Some("number"))),
            ("Number", Some(Some("number"))),
            ("Name", Some(Some("title"))),
            ("Product", Some(Some("title"))),
            ("Download", Some(None)),
            ("Actions", Some(None)),
            ("", None),
            ("Billing period", Some(Some("billingPeriod"))),
        ];
        for &(h, want) in rows {
            assert_eq!(column_field(h), want.map(|f| f.map(str::to_owned)), "{h:?}");
        }
    }

    fn sample(texts: &[&str], title: Option<&str>, link: bool, image: bool) -> ItemSample {
        ItemSample {
            texts: texts.iter().map(|s| s.to_string()).collect(),
            title: title.map(str::to_owned),
            has_link: link,
            has_image: image,
        }
    }

    #[test]
    fn fields_from_samples_need_half_the_items() {
        let g = GroupFact {
            samples: vec![
                sample(&["Widget", "$29.00", "4.5"], Some("Widget"), true, true),
                sample(&["Gadget", "$19.00"], Some("Gadget"), true, true),
                sample(&["Gizmo", "Sold out"], Some("Gizmo"), true, false),
            ],
            ..Default::default()
        };
        assert_eq!(
            infer_item_fields(&g),
            ["title", "price", "image", "detailUrl"]
        );
    }

    #[test]
    fn fields_from_columns_skip_control_columns() {
        let g = GroupFact {
            columns: vec![
                "Invoice".into(),
                "Date".into(),
                "Amount".into(),
                "Status".into(),
                "".into(),
            ],
            samples: vec![sample(
                &["INV-1", "Mar 1, 2026", "$10.00", "Paid", "Download"],
                None,
                false,
                false,
            )],
            ..Default::default()
        };
        assert_eq!(
            infer_item_fields(&g),
            ["number", "date", "amount", "status"]
        );
    }
}
