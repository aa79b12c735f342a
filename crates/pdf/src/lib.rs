//! Text out of a PDF, for the knowledge index (issue 43 point 4).
//!
//! The service worker hands over the bytes it fetched; this crate parses
//! them with lopdf and returns [`PdfText`], which
//! `bc_core::knowledge::pdf::record` turns into a page record. Everything
//! is bounded before work is done: the file's size, the pages read, the
//! characters kept and each page's decompressed content, so a huge or
//! hostile file costs little and ends in a [`PdfError`], never a panic.
//! It lives apart from bc-core, and is a WASM module of its own: lopdf
//! would add about 40% to the worker's module, which every start of the
//! worker compiles, for the few users who index PDFs. The worker's loader
//! (`extension/background.js`) loads this module on the first PDF and
//! calls [`wasm::extract_text`]; the answer crosses as JSON.

pub use bc_core::knowledge::pdf::{PdfError, PdfText, MAX_BYTES};
use lopdf::{Document, LoadOptions, Object};

/// The most pages read: the record keeps a few thousand characters, which
/// the first pages fill.
pub const MAX_PAGES: usize = 30;
/// Characters gathered before reading stops: twice what a record keeps,
/// since whitespace is collapsed afterwards.
pub const MAX_CHARS: usize = 2 * bc_core::digest::PageDigest::MAX_TEXT_CHARS;
/// The most one stream (a page's content, an object stream) may inflate to.
pub const MAX_DECOMPRESSED: usize = 16 * 1024 * 1024;

/// The title and the text of the first pages of the PDF in `bytes`.
pub fn extract(bytes: &[u8]) -> Result<PdfText, PdfError> {
    if bytes.len() > MAX_BYTES {
        return Err(PdfError::TooLarge { bytes: bytes.len() });
    }
    // The header may follow a little junk, but must be near the start.
    if !bytes.windows(5).take(1024).any(|w| w == b"%PDF-") {
        return Err(PdfError::NotPdf);
    }
    let options = LoadOptions { max_decompressed_size: Some(MAX_DECOMPRESSED), ..LoadOptions::default() };
    let doc = match Document::load_mem_with_options(bytes, options) {
        Ok(doc) => doc,
        Err(e) if is_encryption(&e) => return Err(PdfError::Encrypted),
        Err(e) => return Err(PdfError::Broken { detail: e.to_string() }),
    };
    // lopdf opens files with an empty user password itself; what is
    // still encrypted needs a password we do not have.
    if doc.is_encrypted() {
        return Err(PdfError::Encrypted);
    }
    let numbers = doc.get_pages();
    if numbers.is_empty() {
        // A cut file: lopdf repairs what it can, and no page was left.
        return Err(PdfError::Broken { detail: "no pages".into() });
    }
    let mut pages = Vec::new();
    let mut chars = 0;
    for &number in numbers.keys().take(MAX_PAGES) {
        // A page that fails (an unknown font encoding, a cut stream) is
        // skipped: the others may still read well.
        let Ok(text) = doc.extract_text_with_limit(&[number], MAX_DECOMPRESSED) else { continue };
        chars += text.chars().count();
        pages.push(text);
        if chars >= MAX_CHARS {
            break;
        }
    }
    if !pages.iter().any(|p| p.chars().any(char::is_alphanumeric)) {
        return Err(PdfError::NoText);
    }
    Ok(PdfText { title: info_title(&doc), pages })
}

fn is_encryption(e: &lopdf::Error) -> bool {
    matches!(e, lopdf::Error::Decryption(_) | lopdf::Error::InvalidPassword | lopdf::Error::UnsupportedSecurityHandler(_))
}

/// The `/Title` of the trailer's `/Info` dictionary, decoded (PDFDoc or
/// UTF-16 text string).
fn info_title(doc: &Document) -> Option<String> {
    let info = match doc.trailer.get(b"Info").ok()? {
        Object::Reference(id) => doc.get_dictionary(*id).ok()?,
        Object::Dictionary(d) => d,
        _ => return None,
    };
    let title = lopdf::decode_text_string(info.get(b"Title").ok()?).ok()?;
    let title = title.trim();
    (!title.is_empty()).then(|| title.to_owned())
}

/// The worker's entry.
#[cfg(target_arch = "wasm32")]
pub mod wasm {
    use wasm_bindgen::prelude::*;

    /// `Result<PdfText, PdfError>` of the PDF in `bytes`, as JSON
    /// (`{"Ok": …}` or `{"Err": …}`).
    #[wasm_bindgen(js_name = extractText)]
    pub fn extract_text(bytes: &[u8]) -> String {
        serde_json::to_string(&super::extract(bytes)).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests;
