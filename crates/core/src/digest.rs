//! The main text of a page for questions about it: title, headings and
//! main visible text, whitespace-collapsed and capped. It always leaves
//! redacted (`summary::redact`): in the agent's opening message for a
//! question, beside the page listing (`agent::prompt::opening`), and in
//! the single-shot question request beside seed 001's compact summary
//! (`llm::page_context`).
//!
//! The content crate reads the raw strings from the DOM; every rule about
//! what is kept lives here.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PageDigest {
    pub url: String,
    pub title: String,
    pub headings: Vec<String>,
    pub text: String,
    /// True when `text` was cut to [`PageDigest::MAX_TEXT_CHARS`].
    pub truncated: bool,
    /// The document's MIME type when it is not HTML: `application/pdf` is
    /// Chrome's PDF viewer, whose page holds no text of its own (the
    /// worker then reads the file, `knowledge::pdf`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content_type: Option<String>,
}

impl PageDigest {
    pub const MAX_TEXT_CHARS: usize = 6000;
    pub const MAX_HEADINGS: usize = 30;
    pub const MAX_HEADING_CHARS: usize = 120;
    pub const MAX_TITLE_CHARS: usize = 200;

    /// Normalises raw strings read from the page into a bounded digest.
    pub fn new(url: &str, title: &str, headings: Vec<String>, text: &str) -> PageDigest {
        let text = collapse_whitespace(text);
        let (text, truncated) = truncate_chars(&text, Self::MAX_TEXT_CHARS);
        let mut seen = rustc_hash::FxHashSet::default();
        let headings = headings
            .iter()
            .map(|h| truncate_chars(&collapse_whitespace(h), Self::MAX_HEADING_CHARS).0)
            .filter(|h| !h.is_empty() && seen.insert(h.clone()))
            .take(Self::MAX_HEADINGS)
            .collect();
        PageDigest {
            url: url.to_owned(),
            title: truncate_chars(&collapse_whitespace(title), Self::MAX_TITLE_CHARS).0,
            headings,
            text,
            truncated,
            content_type: None,
        }
    }

    /// The digest as the LLM sees it.
    pub fn render_for_prompt(&self) -> String {
        let mut out = format!("Page: {}\nURL: {}\n", self.title, self.url);
        if !self.headings.is_empty() {
            out.push_str("Headings:\n");
            for h in &self.headings {
                out.push_str("- ");
                out.push_str(h);
                out.push('\n');
            }
        }
        out.push_str("Text:\n");
        out.push_str(&self.text);
        if self.truncated {
            out.push_str(" […]");
        }
        out
    }
}

/// Collapses runs of whitespace (incl. newlines) to single spaces and trims.
pub fn collapse_whitespace(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Cuts to at most `max` chars on a char boundary; says whether it cut.
pub fn truncate_chars(s: &str, max: usize) -> (String, bool) {
    match s.char_indices().nth(max) {
        Some((i, _)) => (s[..i].to_owned(), true),
        None => (s.to_owned(), false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use expect_test::expect;

    #[test]
    fn digest_normalises_and_caps() {
        let long = "word ".repeat(3000);
        let d = PageDigest::new(
            "http://x/",
            "  Pricing \n plans ",
            vec!["Plans".into(), " Plans ".into(), "".into(), "FAQ\n".into()],
            &long,
        );
        assert_eq!(d.title, "Pricing plans");
        assert_eq!(d.headings, vec!["Plans", "FAQ"]);
        assert!(d.truncated);
        assert_eq!(d.text.chars().count(), PageDigest::MAX_TEXT_CHARS);
    }

    #[test]
    fn render() {
        let d = PageDigest::new("http://x/p", "Pricing", vec!["Plans".into()], "Pro  $29\n/month");
        expect![[r#"
            Page: Pricing
            URL: http://x/p
            Headings:
            - Plans
            Text:
            Pro $29 /month"#]]
        .assert_eq(&d.render_for_prompt());
    }

    #[test]
    fn truncate_respects_char_boundaries() {
        assert_eq!(truncate_chars("héllo", 2), ("hé".to_string(), true));
        assert_eq!(truncate_chars("hé", 2), ("hé".to_string(), false));
    }
}
