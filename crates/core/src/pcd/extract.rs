//! `dom.extract` (seed 000 §7): a collection's items as records of the
//! requested fields, read by the same rules that inferred the collection's
//! `itemFields` (`fields.rs`), so a field the MiniPCD advertises is a field
//! extraction fills: table cells by their column's field, otherwise the
//! item's title, the first text that looks like a price/date/status/rating,
//! its link and whether it has an image. Unknown fields come back `null`.

use super::facts::ItemSample;
use super::fields::{classify_text, column_field};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// One item as the page shows it (read in the content script; never a form
/// control's value).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ItemRead {
    pub sample: ItemSample,
    /// Absolute URL of the item's detail link, if any.
    pub href: Option<String>,
}

/// What `dom.extract` returns.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Extraction {
    pub collection_id: String,
    pub fields: Vec<String>,
    /// Items in page order, each `{field: value|null}`.
    pub items: Vec<Map<String, Value>>,
    /// Items the collection has on the page (more than `items` when capped).
    pub total: u32,
}

/// At most this many items per extraction.
pub const MAX_ITEMS: usize = 200;

/// The record of one item: `fields` in order, from `columns` (table
/// headers, possibly empty) and what the item shows.
pub fn record(columns: &[String], item: &ItemRead, fields: &[String]) -> Map<String, Value> {
    let by_column = |field: &str| -> Option<String> {
        columns
            .iter()
            .position(|c| column_field(c).flatten().as_deref() == Some(field))
            .and_then(|i| item.sample.texts.get(i).cloned())
            .filter(|t| !t.is_empty())
    };
    let by_text = |field: &str| item.sample.texts.iter().find(|t| classify_text(t) == Some(field)).cloned();
    let mut out = Map::new();
    for f in fields {
        let v = by_column(f).map(Value::String).or_else(|| match f.as_str() {
            "title" => item.sample.title.clone().or_else(|| item.sample.texts.first().cloned()).map(Value::String),
            "detailUrl" | "url" | "link" => item.href.clone().map(Value::String),
            "image" => Some(Value::Bool(item.sample.has_image)),
            "text" => Some(Value::String(item.sample.texts.join(" · "))),
            // An amount is a price-shaped text where no column names it.
            "amount" => by_text("price").map(Value::String),
            other => by_text(other).map(Value::String),
        });
        out.insert(f.clone(), v.unwrap_or(Value::Null));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn item(title: Option<&str>, texts: &[&str], href: Option<&str>) -> ItemRead {
        ItemRead {
            sample: ItemSample {
                texts: texts.iter().map(|t| (*t).to_owned()).collect(),
                title: title.map(str::to_owned),
                has_link: href.is_some(),
                has_image: false,
            },
            href: href.map(str::to_owned),
        }
    }

    fn fields(f: &[&str]) -> Vec<String> {
        f.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn cards_by_recognisers() {
        let card = item(Some("Desk lamp"), &["Desk lamp", "Lighting", "$39.00", "4.5"], Some("http://x/p/1"));
        let r = record(&[], &card, &fields(&["title", "price", "detailUrl", "date", "image", "text"]));
        assert_eq!(
            Value::Object(r),
            json!({"title": "Desk lamp", "price": "$39.00", "detailUrl": "http://x/p/1", "date": null, "image": false,
                   "text": "Desk lamp · Lighting · $39.00 · 4.5"})
        );
    }

    #[test]
    fn table_rows_by_column() {
        let columns = fields(&["Invoice", "Date", "Amount", "Status", "Download"]);
        let row = item(None, &["INV-0042", "Oct 1, 2026", "$120.00", "Paid", "PDF"], None);
        let r = record(&columns, &row, &fields(&["number", "date", "amount", "status", "title"]));
        assert_eq!(
            Value::Object(r),
            json!({"number": "INV-0042", "date": "Oct 1, 2026", "amount": "$120.00", "status": "Paid", "title": "INV-0042"})
        );
    }
}
