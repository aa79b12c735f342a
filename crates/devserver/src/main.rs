//! `bc-www`: command-line front end of the demo-site server.
//!
//! ```text
//! bc-www --root www [--vendor tests/node_modules] [--port N] [--port2 N] [--exit-on-stdin-eof]
//! ```
//!
//! Once both ports listen it prints exactly one line to stdout,
//! `BC_WWW {"main":"http://127.0.0.1:P1","second":"http://127.0.0.1:P2"}`,
//! then serves until SIGINT/SIGTERM or, with `--exit-on-stdin-eof`, until its
//! standard input reaches end of file (so a test runner that spawned it with
//! a stdin pipe stops it just by going away).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use bc_devserver::{serve, Config};

const USAGE: &str = "usage: bc-www [--root DIR] [--vendor NODE_MODULES_DIR] [--port N] [--port2 N] [--exit-on-stdin-eof]

Serves the demo websites on 127.0.0.1 (two origins, same files).
  --root DIR            site directory (default: www)
  --vendor DIR          npm node_modules directory for /vendor/preact and /vendor/htm
  --port N              port of the main origin (default 0: any free port)
  --port2 N             port of the second origin (default 0: any free port)
  --exit-on-stdin-eof   stop when standard input is closed (for test runners)
";

struct Args {
    config: Config,
    exit_on_stdin_eof: bool,
}

fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Option<Args>, String> {
    let mut config = Config::new("www");
    let mut exit_on_stdin_eof = false;
    while let Some(arg) = args.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f.to_owned(), Some(v.to_owned())),
            _ => (arg.clone(), None),
        };
        let mut value = || {
            inline
                .clone()
                .or_else(|| args.next())
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        let port = |v: String| {
            v.parse::<u16>()
                .map_err(|_| format!("{flag}: not a port: {v:?}"))
        };
        match flag.as_str() {
            "-h" | "--help" => return Ok(None),
            "--root" => config.root = PathBuf::from(value()?),
            "--vendor" => config.vendor = Some(PathBuf::from(value()?)),
            "--port" => config.port = port(value()?)?,
            "--port2" => config.port2 = port(value()?)?,
            "--exit-on-stdin-eof" if inline.is_none() => exit_on_stdin_eof = true,
            _ => return Err(format!("unknown argument {arg:?}")),
        }
    }
    Ok(Some(Args {
        config,
        exit_on_stdin_eof,
    }))
}

/// Resolves when standard input reaches EOF (or fails). Reads on a plain
/// thread: a blocked read there never holds up process exit.
async fn stdin_eof() {
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    std::thread::spawn(move || {
        let mut buf = [0u8; 1024];
        let mut stdin = std::io::stdin().lock();
        while matches!(std::io::Read::read(&mut stdin, &mut buf), Ok(n) if n > 0) {}
        let _ = tx.send(());
    });
    let _ = rx.await;
}

async fn terminated() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            term.recv().await;
            return;
        }
    }
    std::future::pending::<()>().await
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = match parse_args(std::env::args().skip(1)) {
        Ok(Some(a)) => a,
        Ok(None) => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("bc-www: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let running = match serve(args.config).await {
        Ok(r) => r,
        Err(e) => {
            eprintln!("bc-www: error: {e:#}");
            return ExitCode::FAILURE;
        }
    };
    let line =
        serde_json::json!({ "main": running.main_origin(), "second": running.second_origin() });
    let mut out = std::io::stdout().lock();
    if writeln!(out, "BC_WWW {line}")
        .and_then(|_| out.flush())
        .is_err()
    {
        return ExitCode::FAILURE;
    }
    drop(out);

    let stdin_closed = async {
        if args.exit_on_stdin_eof {
            stdin_eof().await
        } else {
            std::future::pending().await
        }
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = terminated() => {}
        _ = stdin_closed => {}
    }
    match running.shutdown().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("bc-www: error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Option<Args>, String> {
        parse_args(args.iter().map(|s| s.to_string()))
    }

    #[test]
    fn args() {
        let a = parse(&[
            "--root",
            "w",
            "--vendor=n",
            "--port",
            "8080",
            "--port2=8081",
            "--exit-on-stdin-eof",
        ])
        .unwrap()
        .unwrap();
        assert_eq!(a.config.root, PathBuf::from("w"));
        assert_eq!(a.config.vendor, Some(PathBuf::from("n")));
        assert_eq!((a.config.port, a.config.port2), (8080, 8081));
        assert!(a.exit_on_stdin_eof);
        let d = parse(&[]).unwrap().unwrap();
        assert_eq!(
            (
                d.config.root,
                d.config.vendor,
                d.config.port,
                d.config.port2
            ),
            (PathBuf::from("www"), None, 0, 0)
        );
        assert!(!d.exit_on_stdin_eof);
        assert!(parse(&["--help"]).unwrap().is_none());
        for bad in [
            &["--port", "x"][..],
            &["--port"],
            &["--bogus"],
            &["--exit-on-stdin-eof=1"],
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }
}
