//! The `bc-llm-server` binary: serves a scenario on 127.0.0.1 and prints
//! one `BC_LLM {"url":…}` line on stdout once listening (see README).

use std::io::Write;
use std::process::ExitCode;

use bc_llm_server::cli::{self, CliError};
use bc_llm_server::{serve, Config, Scenario};

#[tokio::main]
async fn main() -> ExitCode {
    match run().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("bc-llm-server: {e:#}");
            ExitCode::from(2)
        }
    }
}

async fn run() -> anyhow::Result<()> {
    let args = match cli::parse(std::env::args().skip(1)) {
        Err(CliError::Help) => {
            println!("{}", cli::USAGE);
            return Ok(());
        }
        other => other?,
    };
    let scenario = match &args.scenario {
        Some(path) => Scenario::from_path(path)?,
        None => Scenario::default(),
    };
    let running = serve(Config { port: args.port, scenario }).await?;
    {
        let mut out = std::io::stdout().lock();
        writeln!(out, "BC_LLM {}", serde_json::json!({ "url": running.base_url }))?;
        out.flush()?;
    }
    let stdin_eof = async {
        if !args.exit_on_stdin_eof {
            return std::future::pending().await;
        }
        let (eof_tx, eof_rx) = tokio::sync::oneshot::channel::<()>();
        // A plain thread, not spawn_blocking: the runtime must not wait for it at exit.
        std::thread::spawn(move || {
            let _ = std::io::copy(&mut std::io::stdin().lock(), &mut std::io::sink());
            let _ = eof_tx.send(());
        });
        let _ = eof_rx.await;
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = stdin_eof => {}
    }
    running.stop().await
}
