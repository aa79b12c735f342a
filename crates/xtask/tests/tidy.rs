//! Tidy checks that keep the code map honest: every Rust source file says
//! what it is for in a `//!` doc, and ARCHITECTURE.md has a section for
//! every crate.

use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn every_source_file_has_a_module_doc() {
    let mut files = Vec::new();
    for krate in fs::read_dir(root().join("crates")).unwrap() {
        let krate = krate.unwrap().path();
        for sub in ["src", "tests"] {
            if krate.join(sub).is_dir() {
                rust_files(&krate.join(sub), &mut files);
            }
        }
    }
    assert!(files.len() > 20, "found only {} files", files.len());
    let missing: Vec<_> = files
        .iter()
        .filter(|f| !fs::read_to_string(f).unwrap().trim_start().starts_with("//!"))
        .map(|f| f.strip_prefix(root()).unwrap_or(f).display().to_string())
        .collect();
    assert!(missing.is_empty(), "files without a `//!` doc saying what they are for: {missing:#?}");
}

#[test]
fn architecture_md_maps_every_crate() {
    let map = fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    for krate in fs::read_dir(root().join("crates")).unwrap() {
        let name = krate.unwrap().file_name().into_string().unwrap();
        assert!(map.contains(&format!("`crates/{name}`")), "ARCHITECTURE.md has no section for crates/{name}");
    }
}
