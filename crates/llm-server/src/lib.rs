//! `bc-llm-server`: a scripted OpenAI-compatible chat-completions server on
//! 127.0.0.1 for Browser Copilot's tests.
//!
//! It answers `/v1/chat/completions` (streaming and not) and `/v1/models`
//! from a [`Scenario`], records every `/v1/*` request, and simulates each
//! failure a real endpoint can show. Playwright spawns the binary;
//! `cargo xtask run` calls [`serve`] in-process. See the crate README.
//!
//! - [`scenario`]: the scenario file format; [`adversary`]: the model that
//!   obeys injected instructions (`"adversary": true`).
//! - [`request`]: reading a chat request; [`matching`]: choosing the rule;
//!   [`template`]: filling a reply's `{{…}}` placeholders.
//! - [`openai`]: wire objects; [`stream`]: SSE plans and their playback.
//! - [`failures`]: scripted failures; [`api_error`]: error responses.
//! - [`record`]: the request record; [`cors`]: CORS; [`server`]: routes.
//! - [`cli`]: the binary's arguments.
//!
//! ```
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> anyhow::Result<()> {
//! use bc_llm_server::{serve, Config, Scenario};
//! let scenario = Scenario::from_json(r#"{"default":{"content":"Hi!"}}"#)?;
//! let server = serve(Config { port: 0, scenario }).await?;
//! assert!(server.base_url.starts_with("http://127.0.0.1:"));
//! // … point the extension at server.base_url, then:
//! assert!(server.requests().is_empty());
//! server.stop().await
//! # }
//! ```

pub mod adversary;
pub mod api_error;
pub mod cli;
pub mod cors;
pub mod failures;
pub mod matching;
pub mod openai;
pub mod record;
pub mod request;
pub mod scenario;
pub mod server;
pub mod stream;
pub mod template;

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use tokio::sync::watch;
use tokio::task::JoinHandle;

pub use record::RecordedRequest;
pub use scenario::{Failure, Reply, Rule, Scenario, ScenarioError, ToolCall, When};

/// How long [`Running::stop`] waits for open connections before cutting them.
const STOP_GRACE: Duration = Duration::from_secs(5);

/// What to serve and where. `port: 0` picks a free port.
#[derive(Debug, Clone, Default)]
pub struct Config {
    pub port: u16,
    pub scenario: Scenario,
}

/// A listening server. Dropping it (or [`Running::stop`]) shuts it down.
#[derive(Debug)]
pub struct Running {
    pub addr: SocketAddr,
    /// `http://127.0.0.1:PORT/v1`: what the extension's settings point at.
    pub base_url: String,
    state: server::Shared,
    shutdown: watch::Sender<bool>,
    task: Option<JoinHandle<std::io::Result<()>>>,
}

/// Binds 127.0.0.1:`config.port` and serves in the background.
pub async fn serve(config: Config) -> anyhow::Result<Running> {
    config.scenario.validate()?;
    let listener = tokio::net::TcpListener::bind((Ipv4Addr::LOCALHOST, config.port))
        .await
        .with_context(|| format!("cannot listen on 127.0.0.1:{}", config.port))?;
    let addr = listener.local_addr()?;
    let (shutdown, stop_rx) = watch::channel(false);
    let state = Arc::new(server::AppState::new(config.scenario, stop_rx.clone()));
    let app = server::router(state.clone());
    let mut stop = stop_rx;
    let task = tokio::spawn(async move {
        axum::serve(listener, app)
            .with_graceful_shutdown(async move {
                let _ = stop.wait_for(|s| *s).await;
            })
            .await
    });
    Ok(Running { addr, base_url: format!("http://{addr}/v1"), state, shutdown, task: Some(task) })
}

impl Running {
    /// Every recorded `/v1/*` request so far, in arrival order.
    pub fn requests(&self) -> Vec<RecordedRequest> {
        self.state.recorder.snapshot()
    }

    /// Forgets the recorded requests.
    pub fn clear_requests(&self) {
        self.state.recorder.clear()
    }

    /// Replaces the scenario (and its `times` counters); keeps the record.
    pub fn set_scenario(&self, scenario: Scenario) {
        self.state.set_scenario(scenario)
    }

    /// The current scenario.
    pub fn scenario(&self) -> Scenario {
        self.state.scenario()
    }

    /// How many requests each rule has answered, in rule order (reset by
    /// [`Running::set_scenario`]).
    pub fn hits(&self) -> Vec<u32> {
        self.state.hits()
    }

    /// Stops accepting, ends stalls and streams, and waits (briefly) for the
    /// server task to finish.
    pub async fn stop(mut self) -> anyhow::Result<()> {
        let _ = self.shutdown.send(true);
        let Some(mut task) = self.task.take() else { return Ok(()) };
        match tokio::time::timeout(STOP_GRACE, &mut task).await {
            Ok(joined) => joined.context("server task panicked")?.context("server failed"),
            Err(_) => {
                task.abort();
                Ok(())
            }
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.shutdown.send(true);
    }
}
