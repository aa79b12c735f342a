//! Playwright MCP's own tool definitions, for `bench agent`'s baseline: a
//! client of Playwright MCP sends the model every tool the server lists,
//! in every request, so the baseline carries those rather than ours.
//!
//! They are asked of the server itself, as a client does: the npm package
//! [`PACKAGE`] is installed under `target/bench-deps` (once; the bench's
//! own dependency, not the tests'), started over stdio, and asked
//! `initialize` then `tools/list` (JSON-RPC, one message a line). It opens
//! no browser for that. Each tool becomes a chat-completions function
//! spec as MCP clients write it (name, description, the input schema as
//! `parameters`), minus the schema's `$schema` key, which some clients
//! drop (that favours the baseline).
//!
//! Nothing here fails the bench: without npm or the package, [`tool_specs`]
//! says why and the baseline carries our whole tool table instead.

use crate::project::Project;
use anyhow::{bail, Context, Result};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// The Playwright MCP server the baseline is measured against.
pub const PACKAGE: &str = "@playwright/mcp@0.0.83";

/// The server's tools as function specs, and its version.
pub fn tool_specs(project: &Project) -> Result<(Vec<Value>, String)> {
    let dir = project.target().join("bench-deps");
    let pkg = dir.join("node_modules/@playwright/mcp");
    if !pkg.join("cli.js").exists() {
        std::fs::create_dir_all(&dir)?;
        let status = Command::new("npm")
            .args(["install", "--no-audit", "--no-fund", "--prefix"])
            .arg(&dir)
            .arg(PACKAGE)
            .stdout(Stdio::null())
            .status()
            .context("running npm")?;
        if !status.success() {
            bail!("npm install {PACKAGE} failed ({status})");
        }
    }
    let manifest: Value = serde_json::from_str(&std::fs::read_to_string(pkg.join("package.json"))?)?;
    let version = manifest["version"].as_str().unwrap_or("?").to_owned();
    let tools = list_tools(&pkg.join("cli.js"))?;
    Ok((tools.iter().map(function_spec).collect(), version))
}

/// `tools/list` of the server at `cli`.
fn list_tools(cli: &std::path::Path) -> Result<Vec<Value>> {
    let mut child = Command::new("node")
        .arg(cli)
        .arg("--headless")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .context("starting the Playwright MCP server")?;
    let mut stdin = child.stdin.take().context("stdin")?;
    let stdout = child.stdout.take().context("stdout")?;
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if let Ok(msg) = serde_json::from_str::<Value>(&line) {
                if tx.send(msg).is_err() {
                    break;
                }
            }
        }
    });
    let mut send = |m: Value| writeln!(stdin, "{m}");
    send(json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench-agent", "version": "0"}}}))?;
    let answer = |rx: &mpsc::Receiver<Value>, id: u64| -> Result<Value> {
        loop {
            let msg = rx.recv_timeout(Duration::from_secs(30)).context("no answer from the Playwright MCP server in 30 s")?;
            if msg["id"] == id {
                return Ok(msg);
            }
        }
    };
    let outcome = (|| {
        answer(&rx, 1)?;
        send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))?;
        send(json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}))?;
        let list = answer(&rx, 2)?;
        list["result"]["tools"].as_array().cloned().context("tools/list answered without tools")
    })();
    let _ = child.kill();
    let _ = child.wait();
    outcome
}

/// An MCP tool as a client hands it to a chat-completions model.
fn function_spec(tool: &Value) -> Value {
    let mut parameters = tool["inputSchema"].clone();
    if let Some(map) = parameters.as_object_mut() {
        map.remove("$schema");
    }
    json!({"type": "function", "function": {"name": tool["name"], "description": tool["description"], "parameters": parameters}})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_mcp_tool_becomes_a_function_spec_without_its_schema_uri() {
        let tool = json!({"name": "browser_click", "description": "Perform click", "inputSchema": {
            "$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
            "properties": {"ref": {"type": "string"}}, "required": ["ref"]}});
        let spec = function_spec(&tool);
        assert_eq!(spec["function"]["name"], "browser_click");
        assert_eq!(spec["function"]["parameters"]["required"], json!(["ref"]));
        assert!(spec["function"]["parameters"].get("$schema").is_none());
    }
}
