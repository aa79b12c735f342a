//! PDFs the user read (issue 43 point 4): the text a PDF reader pulled out
//! of the file becomes a [`PageRecord`] the way a page's digest does.
//!
//! Chrome shows a PDF in its own viewer, whose page has no text for a
//! content script to read, so the worker fetches the bytes and `bc-pdf`
//! (a WASM module of its own, loaded on the first PDF) extracts
//! [`PdfText`]; what is kept of it goes through [`PageDigest::new`] (the same whitespace and
//! length bounds as a page) and [`PageRecord::from_digest`] (the same
//! redaction, keywords and entities), so a PDF is never indexed by a
//! second set of rules.

use super::record::{NotIndexed, PageRecord};
use crate::digest::{collapse_whitespace, PageDigest};
use serde::{Deserialize, Serialize};

/// The largest file read (the worker stops downloading past it).
pub const MAX_BYTES: usize = 20 * 1024 * 1024;

/// Text pulled out of a PDF, before any bound or redaction. It crosses
/// from the PDF reader's module to the worker's as JSON.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PdfText {
    /// The document information dictionary's `/Title`, if any.
    pub title: Option<String>,
    /// Each page's text, in order (only the pages that were read).
    pub pages: Vec<String>,
}

/// Why no text came out of a file (`bc-pdf`'s answer).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[serde(tag = "code", rename_all = "snake_case", rename_all_fields = "camelCase")]
pub enum PdfError {
    #[error("the file is {bytes} bytes, over the {MAX_BYTES}-byte bound")]
    TooLarge { bytes: usize },
    #[error("not a PDF file")]
    NotPdf,
    #[error("the PDF is encrypted")]
    Encrypted,
    #[error("the PDF could not be read: {detail}")]
    Broken { detail: String },
    #[error("the PDF has no text (a scan, or images only)")]
    NoText,
}

/// A first line longer than this is a sentence, not a title.
const MAX_LINE_TITLE_CHARS: usize = 120;

/// Whether `url`'s path names a PDF (`…/paper.pdf`, any case, any query).
/// Chrome reports no MIME type for a tab, and its viewer's title is the
/// PDF's own, so the path is the one sign known before fetching.
pub fn is_pdf_url(url: &str) -> bool {
    url::Url::parse(url).is_ok_and(|u| matches!(u.scheme(), "http" | "https") && u.path().to_ascii_lowercase().ends_with(".pdf"))
}

/// The record of the PDF at `url` read at `visited_ms`.
pub fn record(url: &str, pdf: &PdfText, visited_ms: f64) -> Result<PageRecord, NotIndexed> {
    let text = pdf.pages.join("\n\n");
    let digest = PageDigest::new(url, &title(url, pdf), Vec::new(), &text);
    PageRecord::from_digest(&digest, visited_ms)
}

/// The title a reader would give the PDF: its metadata title unless that
/// is empty or a tool's placeholder, else its first short line of text,
/// else its file name.
pub fn title(url: &str, pdf: &PdfText) -> String {
    if let Some(t) = pdf.title.as_deref().map(clean_meta_title).filter(|t| !t.is_empty()) {
        return t;
    }
    let first_line = pdf.pages.iter().flat_map(|p| p.lines()).map(collapse_whitespace).find(|l| l.chars().any(char::is_alphabetic));
    if let Some(line) = first_line.filter(|l| l.chars().count() <= MAX_LINE_TITLE_CHARS) {
        return line;
    }
    file_name(url)
}

/// Word processors write their own name or the source file as the title
/// ("Microsoft Word - report.docx", "untitled").
fn clean_meta_title(raw: &str) -> String {
    let t = collapse_whitespace(raw);
    let t = t.strip_prefix("Microsoft Word - ").unwrap_or(&t).to_owned();
    let lower = t.to_lowercase();
    if matches!(lower.as_str(), "untitled" | "untitled document" | "title" | "document") {
        return String::new();
    }
    t
}

/// The last path segment without `.pdf`, percent-decoded ("my%20paper.pdf"
/// → "my paper"); the site when the path has none.
fn file_name(url: &str) -> String {
    let Ok(u) = url::Url::parse(url) else { return url.to_owned() };
    let last = u.path_segments().and_then(|mut s| s.next_back()).unwrap_or_default();
    let decoded = percent_encoding::percent_decode_str(last).decode_utf8_lossy();
    let stem = match decoded.len().checked_sub(4) {
        Some(i) if decoded.is_char_boundary(i) && decoded[i..].eq_ignore_ascii_case(".pdf") => &decoded[..i],
        _ => &decoded[..],
    };
    let name = collapse_whitespace(&stem.replace(['_', '-'], " "));
    if name.is_empty() {
        u.host_str().unwrap_or_default().to_owned()
    } else {
        name
    }
}
