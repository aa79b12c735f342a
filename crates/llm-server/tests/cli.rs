//! The binary's contract: one `BC_LLM {"url":…}` stdout line once
//! listening, serving the `--scenario` file, exiting on stdin EOF.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

#[tokio::test]
async fn prints_url_serves_scenario_and_exits_on_stdin_eof() {
    let path = std::env::temp_dir().join(format!("bc-llm-cli-{}.json", std::process::id()));
    std::fs::write(&path, r#"{"models":["scripted-model"],"default":{"content":"from file"}}"#).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_bc-llm-server"))
        .args(["--scenario", path.to_str().unwrap(), "--exit-on-stdin-eof"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let json_part = line.strip_prefix("BC_LLM ").unwrap_or_else(|| panic!("bad line {line:?}")).trim_end();
    let url = serde_json::from_str::<Value>(json_part).unwrap()["url"].as_str().unwrap().to_owned();
    assert!(url.starts_with("http://127.0.0.1:") && url.ends_with("/v1"), "{url}");
    assert_eq!(line, format!("BC_LLM {{\"url\":\"{url}\"}}\n"));

    let v: Value = reqwest::Client::new()
        .post(format!("{url}/chat/completions"))
        .json(&json!({"model":"scripted-model","messages":[{"role":"user","content":"hi"}]}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(v["choices"][0]["message"]["content"], "from file");

    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"ignored\n").unwrap();
    drop(stdin);
    let t0 = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        assert!(t0.elapsed() < Duration::from_secs(10), "did not exit on stdin EOF");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success());
    let _ = std::fs::remove_file(&path);
}

#[test]
fn bad_arguments_exit_non_zero() {
    let out = Command::new(env!("CARGO_BIN_EXE_bc-llm-server")).arg("--bogus").output().unwrap();
    assert!(!out.status.success());
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--bogus"));
    let out = Command::new(env!("CARGO_BIN_EXE_bc-llm-server")).args(["--scenario", "/nonexistent.json"]).output().unwrap();
    assert!(!out.status.success());
}
