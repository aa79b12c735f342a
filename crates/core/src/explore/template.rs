//! URL templates: the key of a page in the site graph. Two addresses that
//! differ only in an id, a date or an opaque token are the same kind of
//! page (`/orders/1234` and `/orders/1299` → `/orders/:id`), so exploring
//! one order says what every order page holds, and novelty counts kinds of
//! pages, not addresses.
//!
//! Folding is by the shape of a path segment or query value, never by a
//! site's own conventions: digits-heavy, UUID, hex hash, date. Tracking
//! parameters are dropped; the fragment is dropped (same document).

use url::Url;

/// Query keys that only say where a visit came from.
const TRACKING: &[&str] = &["fbclid", "gclid", "dclid", "msclkid", "mc_cid", "mc_eid", "ref", "ref_src", "igshid"];

/// The template of `url`: origin, folded path, sorted query with folded
/// values. An address that does not parse is its own template.
pub fn url_template(url: &str) -> String {
    let Ok(parsed) = Url::parse(url.trim()) else {
        return url.trim().to_owned();
    };
    let mut out = parsed.origin().ascii_serialization();
    let path = parsed.path();
    let segments: Vec<String> = path.split('/').map(fold).collect();
    out.push_str(&segments.join("/"));
    let mut query: Vec<(String, String)> = parsed
        .query_pairs()
        .filter(|(k, _)| !k.starts_with("utm_") && !TRACKING.contains(&k.as_ref()))
        .map(|(k, v)| (k.into_owned(), fold(&v)))
        .collect();
    query.sort();
    query.dedup();
    if !query.is_empty() {
        out.push('?');
        out.push_str(&query.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&"));
    }
    out
}

/// A path segment or query value as its kind: `:date`, `:id`, or itself.
fn fold(segment: &str) -> String {
    let s = segment;
    if s.is_empty() {
        return String::new();
    }
    if is_date(s) {
        return ":date".into();
    }
    let digits = s.bytes().filter(u8::is_ascii_digit).count();
    let hex = s.bytes().all(|b| b.is_ascii_hexdigit() || b == b'-');
    // All digits; three or more digits anywhere ("INV-2026-011",
    // "lamp-2201"); a UUID or hash (long hex with a digit); a long token
    // of mixed letters and digits (a session or share id).
    let opaque = s.len() >= 16 && digits > 0 && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if digits == s.len() || digits >= 3 || (hex && s.len() >= 8 && digits > 0) || opaque {
        return ":id".into();
    }
    s.to_owned()
}

/// `2026-11-01`, `2026-11`, `20261101`.
fn is_date(s: &str) -> bool {
    let parts: Vec<&str> = s.split('-').collect();
    let numeric = |p: &str, n: usize| p.len() == n && p.bytes().all(|b| b.is_ascii_digit());
    let year = |p: &str| numeric(p, 4) && (p.starts_with("19") || p.starts_with("20"));
    match parts.as_slice() {
        [y, m] => year(y) && numeric(m, 2),
        [y, m, d] => year(y) && numeric(m, 2) && numeric(d, 2),
        [one] => one.len() == 8 && year(&one[..4]) && one.bytes().all(|b| b.is_ascii_digit()),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::url_template;

    /// (address, template).
    const CASES: &[(&str, &str)] = &[
        ("https://shop.test/orders/1234", "https://shop.test/orders/:id"),
        ("https://shop.test/orders/1299/", "https://shop.test/orders/:id/"),
        ("https://shop.test/invoices/INV-2026-011", "https://shop.test/invoices/:id"),
        ("https://shop.test/product/blue-desk-lamp-2201/", "https://shop.test/product/:id/"),
        ("https://shop.test/reports/2026-11-01/", "https://shop.test/reports/:date/"),
        ("https://shop.test/reports/2026-11", "https://shop.test/reports/:date"),
        ("https://app.test/u/3f2504e0-4f89-11d3-9a0c-0305e82c3301/files", "https://app.test/u/:id/files"),
        ("https://app.test/commit/9fceb02d0ae598e95dc970b74767f19372d61af8", "https://app.test/commit/:id"),
        ("https://app.test/s/aB3kZ9xQ2mLp7RtY", "https://app.test/s/:id"),
        // Words and short versions stay: they name kinds of pages.
        ("https://app.test/settings/billing/", "https://app.test/settings/billing/"),
        ("https://api.test/v2/reference", "https://api.test/v2/reference"),
        ("https://app.test/page2", "https://app.test/page2"),
        // Query: sorted, values folded, tracking dropped; fragment dropped.
        ("https://app.test/list?tab=billing&page=3#top", "https://app.test/list?page=:id&tab=billing"),
        ("https://app.test/?utm_source=mail&gclid=abc&q=lamps", "https://app.test/?q=lamps"),
        ("HTTPS://App.Test:443/Orders/77", "https://app.test/Orders/:id"),
        ("not a url", "not a url"),
    ];

    #[test]
    fn addresses_fold_to_their_kind_of_page() {
        let bad: Vec<String> = CASES
            .iter()
            .filter(|(url, want)| url_template(url) != *want)
            .map(|(url, want)| format!("{url}\n    want {want}\n    got  {}", url_template(url)))
            .collect();
        assert!(bad.is_empty(), "{}", bad.join("\n"));
    }
}
