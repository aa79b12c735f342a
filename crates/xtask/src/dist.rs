//! `cargo xtask dist`: release-builds every module of `wasm-pack.toml`, runs
//! wasm-bindgen, builds the CSP fallback (wasm2js), copies `extension/`,
//! fills in the manifest, zips, and prints each module's size.

use crate::bundle::{Bundle, Module};
use crate::project::{run as run_cmd, Project};
use crate::zip_dir;
use anyhow::{bail, Context, Result};
use serde_json::Value;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

pub struct Options {
    pub fallback: bool,
    /// wasm-opt over each module (-Oz). The test stage skips it: about 3
    /// minutes of a CI run for size only (rustc's release build has already
    /// optimised the code the tests exercise).
    pub optimize: bool,
}

pub fn run(project: &Project, opts: Options) -> Result<PathBuf> {
    let bundle = Bundle::load(project)?;
    let unpacked = project.unpacked();
    if unpacked.exists() {
        fs::remove_dir_all(&unpacked)?;
    }
    fs::create_dir_all(&unpacked)?;

    build_modules(project, &bundle.modules)?;
    for module in &bundle.modules {
        let out = unpacked.join(&module.slot);
        bindgen(project, &release_wasm(project, module), &out, &module.target)?;
        if opts.optimize {
            optimize(project, &out.join(format!("{}_bg.wasm", module.stem())))?;
        }
    }
    if opts.fallback {
        for module in bundle.modules.iter().filter(|m| m.csp_fallback) {
            build_fallback(project, &bundle, module)?;
        }
    }
    copy_dir(&project.path("extension"), &unpacked)?;
    write_manifest(project, &bundle, &unpacked)?;

    let zip = project.dist().join(format!("browser-copilot-{}.zip", project.version()));
    zip_dir::write(&unpacked, &zip)?;
    print_sizes(&bundle, &unpacked, &zip)?;
    Ok(unpacked)
}

fn release_wasm(project: &Project, module: &Module) -> PathBuf {
    project.target().join("wasm32-unknown-unknown/release").join(format!("{}.wasm", module.stem()))
}

fn build_modules(project: &Project, modules: &[Module]) -> Result<()> {
    let mut cmd = project.cmd("cargo");
    cmd.args(["build", "--release", "--target", "wasm32-unknown-unknown"]);
    for m in modules {
        cmd.args(["-p", &m.krate]);
    }
    run_cmd(&mut cmd)
}

fn bindgen(project: &Project, wasm: &Path, out: &Path, target: &str) -> Result<()> {
    run_cmd(
        project
            .cmd("wasm-bindgen")
            .args(["--target", target, "--no-typescript", "--remove-name-section", "--remove-producers-section", "--out-dir"])
            .arg(out)
            .arg(wasm),
    )
}

/// The WebAssembly features rustc's wasm32-unknown-unknown target enables by
/// default; wasm-opt must neither drop nor add any.
const WASM_FEATURES: &[&str] = &[
    "--enable-bulk-memory",
    "--enable-mutable-globals",
    "--enable-nontrapping-float-to-int",
    "--enable-sign-ext",
    "--enable-reference-types",
    "--enable-multivalue",
];

/// How far binaryen (wasm-opt, wasm2js) inlines a function that has a single
/// caller: up to 60 instructions. Its default has no limit and folded whole
/// call trees into one function (the content module's message handler 70 KB,
/// `build_with` 39 KB, `collect_with` 25 KB; as wasm2js output up to 1.2 MB
/// of JS). A request runs those once, so their loops stayed in the code V8
/// first compiles (WebAssembly switches to optimised code at the next call;
/// JS functions above ~60 KB of bytecode are never optimised). Same size
/// either way; at 10k elements the first MiniPCD of a page's first load
/// ~6 % faster and the wasm2js build's ~13 % once warm (fresh browsers, A/B).
const ONE_CALLER_INLINING: &[&str] = &["--one-caller-inline-max-function-size", "60"];

/// binaryen's wasm-opt (npm package `binaryen`), size-optimising in place.
fn optimize(project: &Project, wasm: &Path) -> Result<()> {
    run_cmd(
        project
            .cmd("node")
            .arg(project.node_modules().join("binaryen/bin/wasm-opt"))
            .arg(wasm)
            .arg("-Oz")
            .args(ONE_CALLER_INLINING)
            .args(WASM_FEATURES)
            .arg("-o")
            .arg(wasm),
    )
}

/// The same crate, built so wasm2js can translate it (see ../shared/TOOLCHAIN.md):
/// MVP features only and a std built with them, then wasm-bindgen's bundler
/// glue (which takes the instance's exports from outside), and the wasm
/// translated to JS by binaryen's wasm2js. `extension/content/boot.js` wires
/// the two together.
fn build_fallback(project: &Project, bundle: &Bundle, module: &Module) -> Result<()> {
    let fb = &bundle.fallback;
    let target_dir = project.target().join("csp-fallback");
    run_cmd(
        project
            .cmd("cargo")
            .arg(format!("+{}", fb.toolchain))
            .args(["build", "--release", "--target", "wasm32-unknown-unknown", "-p", &module.krate])
            .arg(format!("-Zbuild-std={}", fb.build_std))
            .env("RUSTFLAGS", &fb.rustflags)
            .env("CARGO_TARGET_DIR", &target_dir)
            // An inherited RUSTUP_TOOLCHAIN (set when xtask itself runs under
            // rustup) would override `+nightly`.
            .env_remove("RUSTUP_TOOLCHAIN"),
    )?;
    let wasm = target_dir.join("wasm32-unknown-unknown/release").join(format!("{}.wasm", module.stem()));
    let staging = target_dir.join("bindgen").join(&module.slot);
    if staging.exists() {
        fs::remove_dir_all(&staging)?;
    }
    bindgen(project, &wasm, &staging, "bundler")?;

    let out = project.unpacked().join(&module.slot).join("fallback");
    fs::create_dir_all(&out)?;
    let stem = module.stem();
    let wasm2js = project.node_modules().join("binaryen/bin/wasm2js");
    run_cmd(
        project
            .cmd("node")
            .arg(&wasm2js)
            .arg(staging.join(format!("{stem}_bg.wasm")))
            .arg("-O")
            .args(ONE_CALLER_INLINING)
            .arg("-o")
            .arg(out.join(format!("{stem}_bg.wasm.js"))),
    )?;
    fs::copy(staging.join(format!("{stem}_bg.js")), out.join(format!("{stem}_bg.js")))?;
    let translated = out.join(format!("{stem}_bg.wasm.js"));
    let js = fs::read_to_string(&translated)?;
    fs::write(&translated, as_instantiable(&js, &format!("./{stem}_bg.js"))?)?;
    Ok(())
}

/// Turns wasm2js output (an ES module that statically imports the glue and
/// exports the instance's members) into one with no imports that exports
/// `instantiate(imports)`. Static relative imports cannot be used: with
/// `use_dynamic_url` they resolve against the extension's static id, which
/// web pages are denied; `extension/content/boot.js` passes the glue in.
fn as_instantiable(js: &str, glue: &str) -> Result<String> {
    let import_line = format!("import * as $_{} from '{glue}';", glue.trim_start_matches("./").replace(['.', '-'], "_"));
    let call = "var retasmFunc = asmFunc(";
    let (Some(_), Some(tail)) = (js.find(&import_line), js.rfind(call)) else {
        bail!("wasm2js output has changed shape (expected `{import_line}` and `{call}`); update as_instantiable");
    };
    let body = detach_on_grow(&js[..tail].replacen(&import_line, "", 1))?;
    Ok(format!("{body}export function instantiate(imports) {{\n  return asmFunc(imports);\n}}\n"))
}

/// wasm2js grows memory by copying it into a new `ArrayBuffer` and leaves the
/// old one intact, whereas a real `memory.grow` detaches it. wasm-bindgen's
/// glue refreshes its cached views only when their buffer is detached, so
/// after the first growth it read and wrote stale memory and the module
/// trapped (`Error: abort`) on any page big enough to grow the heap.
/// `ArrayBuffer.prototype.transfer` (Chrome 114+) copies and detaches.
fn detach_on_grow(js: &str) -> Result<String> {
    const COPY: &str = "var newBuffer = new ArrayBuffer(newPages << 16);";
    const FILL: &str = "newHEAP8.set(HEAP8);";
    if !js.contains("function __wasm_memory_grow(") {
        return Ok(js.to_owned());
    }
    let shape = || anyhow::anyhow!("wasm2js's __wasm_memory_grow has changed shape (expected `{COPY}` … `{FILL}`); update detach_on_grow");
    let start = js.find(COPY).ok_or_else(shape)?;
    let end = start + js[start..].find(FILL).ok_or_else(shape)? + FILL.len();
    if js[start + COPY.len()..end - FILL.len()].trim() != "var newHEAP8 = new Int8Array(newBuffer);" {
        return Err(shape());
    }
    Ok(format!("{}var newBuffer = buffer.transfer(newPages << 16);{}", &js[..start], &js[end..]))
}

fn copy_dir(from: &Path, to: &Path) -> Result<()> {
    for entry in fs::read_dir(from).with_context(|| format!("reading {}", from.display()))? {
        let entry = entry?;
        let dest = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            fs::create_dir_all(&dest)?;
            copy_dir(&entry.path(), &dest)?;
        } else {
            fs::copy(entry.path(), &dest)?;
        }
    }
    Ok(())
}

/// Fills `{{VERSION}}` and the web-accessible resources (exactly the files of
/// the modules content scripts import) into the copied manifest.
fn write_manifest(project: &Project, bundle: &Bundle, unpacked: &Path) -> Result<()> {
    let path = unpacked.join("manifest.json");
    let mut manifest: Value = serde_json::from_str(&fs::read_to_string(&path)?).context("extension/manifest.json")?;
    manifest["version"] = Value::String(project.version().to_owned());
    let content_slot = &bundle.modules.iter().find(|m| m.krate == "bc-content").context("no bc-content module")?.slot;
    let mut resources = Vec::new();
    list_files(&unpacked.join(content_slot), unpacked, &mut resources)?;
    resources.sort();
    let war = manifest["web_accessible_resources"][0]["resources"].as_array_mut().context("manifest lacks web_accessible_resources[0].resources")?;
    *war = resources.into_iter().map(Value::String).collect();
    fs::write(&path, serde_json::to_string_pretty(&manifest)? + "\n")?;
    Ok(())
}

fn list_files(dir: &Path, base: &Path, out: &mut Vec<String>) -> Result<()> {
    for entry in fs::read_dir(dir)? {
        let p = entry?.path();
        if p.is_dir() {
            list_files(&p, base, out)?;
        } else {
            out.push(p.strip_prefix(base)?.to_string_lossy().replace('\\', "/"));
        }
    }
    Ok(())
}

fn gzip_len(bytes: &[u8]) -> Result<usize> {
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    enc.write_all(bytes)?;
    Ok(enc.finish()?.len())
}

/// The modules' sizes, on stderr like the build's own progress: commands
/// that build first (`inspect`) keep stdout for their output.
fn print_sizes(bundle: &Bundle, unpacked: &Path, zip: &Path) -> Result<()> {
    eprintln!("\n{:<12} {:<36} {:>10} {:>10}", "module", "file", "raw KiB", "gzip KiB");
    for m in &bundle.modules {
        let stem = m.stem();
        let mut files = vec![format!("{}/{stem}_bg.wasm", m.slot), format!("{}/{stem}.js", m.slot)];
        if m.csp_fallback {
            files.push(format!("{}/fallback/{stem}_bg.wasm.js", m.slot));
        }
        for f in files {
            let Ok(bytes) = fs::read(unpacked.join(&f)) else { continue };
            eprintln!("{:<12} {:<36} {:>10.1} {:>10.1}", m.krate, f, bytes.len() as f64 / 1024.0, gzip_len(&bytes)? as f64 / 1024.0);
        }
    }
    eprintln!("\nzip: {} ({:.1} KiB)", zip.display(), fs::metadata(zip)?.len() as f64 / 1024.0);
    eprintln!("unpacked: {} (chrome://extensions → Developer mode → Load unpacked)", unpacked.display());
    Ok(())
}

/// Everything a browser-driving node script needs: the extension built, our
/// server binaries built, and a `node <script>` command with their paths in
/// its environment (read by `tests/support/harness.mjs`).
pub fn node_with_extension(project: &Project, script: &str) -> Result<std::process::Command> {
    node_with(project, script, true)
}

/// As [`node_with_extension`], with modules not run through wasm-opt (the
/// end-to-end tests: behaviour, not size).
pub fn node_with_test_extension(project: &Project, script: &str) -> Result<std::process::Command> {
    node_with(project, script, false)
}

fn node_with(project: &Project, script: &str, optimize: bool) -> Result<std::process::Command> {
    crate::setup::ensure(project)?;
    run_cmd(project.cmd("cargo").args(["build", "-p", "bc-devserver", "-p", "bc-llm-server"]))?;
    let dist = run(project, Options { fallback: true, optimize })?;
    let mut cmd = project.cmd("node");
    cmd.arg(script)
        .env("BC_EXTENSION_DIR", &dist)
        .env("BC_BIN_DIR", project.target().join("debug"))
        .env("BC_WWW_ROOT", project.path("www"));
    Ok(cmd)
}

#[cfg(test)]
mod tests {
    use super::as_instantiable;

    #[test]
    fn wasm2js_output_becomes_instantiable() {
        let js = "import * as $_x_bg_js from './x_bg.js';\nfunction asmFunc(imports) { return {f: 1}; }\nvar retasmFunc = asmFunc({\n  \"./x_bg.js\": $_x_bg_js,\n});\nexport var f = retasmFunc.f;\n";
        let out = as_instantiable(js, "./x_bg.js").unwrap();
        assert!(!out.contains("import "), "{out}");
        assert!(!out.contains("export var"), "{out}");
        assert!(out.contains("function asmFunc(imports)"));
        assert!(out.ends_with("export function instantiate(imports) {\n  return asmFunc(imports);\n}\n"), "{out}");
        assert!(as_instantiable("export var f = 1;", "./x_bg.js").is_err());
    }

    #[test]
    fn wasm2js_memory_growth_detaches_the_old_buffer() {
        let grow = "function __wasm_memory_grow(pagesToAdd) {\n  if (x) {\n   var newBuffer = new ArrayBuffer(newPages << 16);\n   var newHEAP8 = new Int8Array(newBuffer);\n   newHEAP8.set(HEAP8);\n   HEAP8 = new Int8Array(newBuffer);\n  }\n }\n";
        let js = format!("import * as $_x_bg_js from './x_bg.js';\nfunction asmFunc(imports) {{\n{grow} return {{}};\n}}\nvar retasmFunc = asmFunc({{}});\n");
        let out = as_instantiable(&js, "./x_bg.js").unwrap();
        assert!(out.contains("   var newBuffer = buffer.transfer(newPages << 16);\n   HEAP8 = new Int8Array(newBuffer);"), "{out}");
        assert!(!out.contains("new ArrayBuffer(newPages"), "{out}");
        let changed = js.replace("newHEAP8.set(HEAP8);", "copy(HEAP8);");
        assert!(as_instantiable(&changed, "./x_bg.js").is_err());
    }
}
