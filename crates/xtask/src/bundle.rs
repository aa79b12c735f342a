//! `wasm-pack.toml`, the bundle manifest: which crate becomes which WASM
//! module of the extension.

use crate::project::Project;
use anyhow::{Context, Result};
use serde::Deserialize;

#[derive(Debug, Deserialize)]
pub struct Bundle {
    pub fallback: Fallback,
    #[serde(rename = "module")]
    pub modules: Vec<Module>,
}

#[derive(Debug, Deserialize)]
pub struct Fallback {
    pub toolchain: String,
    pub rustflags: String,
    pub build_std: String,
}

#[derive(Debug, Deserialize)]
pub struct Module {
    #[serde(rename = "crate")]
    pub krate: String,
    pub slot: String,
    pub target: String,
    pub csp_fallback: bool,
}

impl Module {
    /// File stem wasm-bindgen uses: the crate name with `_`.
    pub fn stem(&self) -> String {
        self.krate.replace('-', "_")
    }
}

impl Bundle {
    pub fn load(project: &Project) -> Result<Bundle> {
        let path = project.path("wasm-pack.toml");
        let text = std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
        toml::from_str(&text).with_context(|| format!("parsing {}", path.display()))
    }
}

/// The exact wasm-bindgen version pinned in Cargo.lock (the CLI must equal it).
pub fn wasm_bindgen_version(project: &Project) -> Result<String> {
    #[derive(Deserialize)]
    struct Lock {
        package: Vec<Package>,
    }
    #[derive(Deserialize)]
    struct Package {
        name: String,
        version: String,
    }
    let text = std::fs::read_to_string(project.path("Cargo.lock")).context("reading Cargo.lock")?;
    let lock: Lock = toml::from_str(&text).context("parsing Cargo.lock")?;
    lock.package
        .into_iter()
        .find(|p| p.name == "wasm-bindgen")
        .map(|p| p.version)
        .context("Cargo.lock has no wasm-bindgen package")
}
