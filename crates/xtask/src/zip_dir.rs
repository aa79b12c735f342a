//! Deterministic zip of a directory: sorted entries, fixed timestamps and
//! permissions, so the same build gives the same bytes.

use anyhow::Result;
use std::fs;
use std::io::Write;
use std::path::Path;
use zip::write::SimpleFileOptions;

pub fn write(dir: &Path, zip_path: &Path) -> Result<()> {
    let mut files = Vec::new();
    collect(dir, dir, &mut files)?;
    files.sort();
    let mut zip = zip::ZipWriter::new(fs::File::create(zip_path)?);
    let options = SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .last_modified_time(zip::DateTime::default())
        .unix_permissions(0o644);
    for rel in files {
        zip.start_file(rel.as_str(), options)?;
        zip.write_all(&fs::read(dir.join(&rel))?)?;
    }
    zip.finish()?;
    Ok(())
}

fn collect(base: &Path, dir: &Path, out: &mut Vec<String>) -> Result<()> {
    for entry in fs::read_dir(dir)? {
        let p = entry?.path();
        if p.is_dir() {
            collect(base, &p, out)?;
        } else {
            out.push(p.strip_prefix(base)?.to_string_lossy().replace('\\', "/"));
        }
    }
    Ok(())
}
