//! Data-driven: every `fixtures/*.pdf` (written by `fixtures/make.py`)
//! through extraction and the knowledge record, against
//! `fixtures/expected.txt` (rewritten with `UPDATE_EXPECT=1`, then read by
//! a person); and the bounds, which must end in an error, never a panic.

use super::{extract, PdfError, MAX_BYTES};
use bc_core::knowledge::pdf::record;
use expect_test::expect_file;
use std::fmt::Write;
use std::path::Path;

fn fixture_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures"))
}

#[test]
fn fixtures_give_their_title_and_words() {
    let mut names: Vec<_> = std::fs::read_dir(fixture_dir())
        .expect("fixtures")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".pdf"))
        .collect();
    names.sort();
    assert!(names.len() >= 5, "{names:?}");
    let mut out = String::new();
    for name in names {
        let bytes = std::fs::read(fixture_dir().join(&name)).expect("read");
        let _ = writeln!(out, "{name} ({} bytes)", bytes.len());
        match extract(&bytes) {
            Err(e) => {
                let _ = writeln!(out, "  error: {e:?}");
            }
            Ok(pdf) => {
                let _ = writeln!(out, "  info title: {:?}, pages read: {}", pdf.title, pdf.pages.len());
                match record(&format!("https://example.org/docs/{name}"), &pdf, 0.0) {
                    Err(e) => {
                        let _ = writeln!(out, "  not indexed: {e:?}");
                    }
                    Ok(r) => {
                        let _ = writeln!(out, "  title: {}\n  keywords: {:?}\n  text: {}", r.title, r.keywords, r.text);
                    }
                }
            }
        }
    }
    expect_file!["../fixtures/expected.txt"].assert_eq(&out);
}

#[test]
fn what_is_not_a_pdf_is_said_so() {
    assert_eq!(extract(b"<!doctype html><title>Sign in</title>"), Err(PdfError::NotPdf));
    assert_eq!(extract(b""), Err(PdfError::NotPdf));
    assert!(matches!(extract(b"%PDF-1.7\n"), Err(PdfError::Broken { .. })));
}

#[test]
fn a_huge_file_is_refused_before_parsing() {
    let mut bytes = b"%PDF-1.4\n".to_vec();
    bytes.resize(MAX_BYTES + 1, b' ');
    assert_eq!(extract(&bytes), Err(PdfError::TooLarge { bytes: MAX_BYTES + 1 }));
}

/// Every prefix of a good file, and the file with each byte in turn
/// changed, gives text or an error: the worker runs without unwinding,
/// so a panic would take the whole service worker down.
#[test]
fn damaged_files_never_panic() {
    for name in ["tides.pdf", "compost.pdf"] {
        let good = std::fs::read(fixture_dir().join(name)).expect("read");
        for len in 0..good.len() {
            let _ = extract(&good[..len]);
        }
        for i in 0..good.len() {
            let mut bad = good.clone();
            bad[i] ^= 0x5a;
            let _ = extract(&bad);
        }
    }
}
