//! The prepared query: `|`-separated alternatives ("invoice|billing|statement",
//! seed 000 §15; a text of punctuation only is one, "||"), each as ranking terms plus its normalised text for
//! substring matches.

use super::terms::terms;
use crate::kind::text::normalize;
use crate::kind::{infer_action_kind, ActionContext, ActionKind};
use std::collections::BTreeSet;

/// Words of a query text that may name a kind as a label would ("add to
/// cart", "create an account"): a longer text is a sentence quoted from the
/// page (see `score::lifted`).
const KIND_NAMING_WORDS: usize = 4;

/// One alternative of the query text.
#[derive(Debug, Clone)]
pub struct Alternative {
    /// Distinct terms, in query order. None for a text of stop words only
    /// ("from", "in": an API page's keyword links): it matches whole labels
    /// (and when no label is such a text, the priors rank, as for no text).
    pub terms: Vec<String>,
    /// Normalised text, for substring matches against labels.
    pub text: String,
    /// For a text of punctuation only ("&", "()", "?": operator links of a
    /// language reference), which normalising empties: the text itself
    /// (see [`label_forms`]), matched against whole labels.
    pub symbols: String,
    /// The action kind the text itself names, as a label would
    /// ("add to cart", "sign in", "next page"): see `score::lifted`.
    pub kind: Option<&'static str>,
}

/// A label or query text as whole-label matches compare it: normalised
/// (`kind::text::normalize`), and when that leaves nothing (punctuation
/// only), the text itself lowercased with whitespace runs as one space,
/// trimmed; else no symbols.
pub fn label_forms(text: &str) -> (String, String) {
    let normal = normalize(text);
    let symbols = match normal.is_empty() {
        true => text.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase(),
        false => String::new(),
    };
    (normal, symbols)
}

impl Alternative {
    /// Whether a label, in its [`label_forms`], is this alternative's whole
    /// text.
    pub fn is_label(&self, (text, symbols): (&str, &str)) -> bool {
        if self.text.is_empty() {
            symbols == self.symbols
        } else {
            text == self.text
        }
    }
}

/// The text part of a query. No alternative at all (no text) means "rank
/// by priors".
#[derive(Debug, Clone, Default)]
pub struct TextQuery {
    pub alternatives: Vec<Alternative>,
}

impl TextQuery {
    pub fn parse(text: Option<&str>) -> TextQuery {
        let text = text.unwrap_or("");
        // Bars separate alternatives between words; a text of punctuation
        // only ("|", "||", "|=": a language reference's operator links) is
        // one name.
        let whole = normalize(text).is_empty() && !text.trim().is_empty();
        let alternatives = text
            .split(|c| c == '|' && !whole)
            .filter_map(|alt| {
                let mut seen = BTreeSet::new();
                let terms: Vec<String> = terms(alt).into_iter().filter(|t| seen.insert(t.clone())).collect();
                let (text, symbols) = label_forms(alt);
                // Only a label-like text names a kind: a sentence that
                // happens to hold "FAQ" or "support" is no request for help.
                let label_like = text.split(' ').count() <= KIND_NAMING_WORDS;
                let kind = label_like.then(|| infer_action_kind(alt, &ActionContext::default()).map(ActionKind::as_str)).flatten();
                (!terms.is_empty() || !text.is_empty() || !symbols.is_empty()).then_some(Alternative { terms, text, symbols, kind })
            })
            .collect();
        TextQuery { alternatives }
    }

    pub fn is_empty(&self) -> bool {
        self.alternatives.is_empty()
    }

    /// Every distinct term of every alternative.
    pub fn all_terms(&self) -> BTreeSet<&str> {
        self.alternatives.iter().flat_map(|a| a.terms.iter().map(String::as_str)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::TextQuery;

    #[test]
    fn alternatives_split_on_bars_and_drop_empty_ones() {
        let q = TextQuery::parse(Some("Invoice | billing||the|Sign in| "));
        let terms: Vec<_> = q.alternatives.iter().map(|a| a.terms.join(" ")).collect();
        assert_eq!(terms, ["invoice", "billing", "", "login"]);
        assert_eq!(q.alternatives[2].text, "the");
        assert_eq!(q.alternatives[3].text, "sign in");
        assert!(TextQuery::parse(Some("  ")).is_empty());
        let q = TextQuery::parse(Some(" ?!  & "));
        assert_eq!((q.alternatives[0].text.as_str(), q.alternatives[0].symbols.as_str()), ("", "?! &"));
        assert!(TextQuery::parse(None).is_empty());
        for bars in ["|", "||", " |= "] {
            let q = TextQuery::parse(Some(bars));
            assert_eq!(q.alternatives.len(), 1, "{bars:?}");
            assert_eq!(q.alternatives[0].symbols, bars.trim());
        }
    }
}
