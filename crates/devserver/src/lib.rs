//! `bc-devserver`: the local HTTP server for the demo websites in `www/`.
//!
//! End-to-end tests start it through the `bc-www` binary and `cargo xtask run`
//! calls [`serve`] in-process. It binds `127.0.0.1` only, on two ports that
//! serve the same files, so a page on one origin can embed a cross-origin
//! iframe from the other.
//!
//! Serving rules:
//! - static files from [`Config::root`]; `/dir/` serves `/dir/index.html` and
//!   `/dir` redirects to `/dir/`;
//! - in `.html`/`.js` files `{{MAIN_ORIGIN}}` and `{{SECOND_ORIGIN}}` are
//!   replaced by the two origins (`http://127.0.0.1:PORT`);
//! - `<root>/_headers.toml` adds per-prefix response headers and SPA
//!   fallbacks (see [`rules`]);
//! - `/vendor/<pkg>/…` serves `<vendor>/<pkg>/…` for the allowed npm
//!   packages ([`VENDOR_PACKAGES`]) only;
//! - unknown paths get `<root>/404.html` with status 404; `.`/`..` segments
//!   (also percent-encoded) get 400, hidden names (`.x`, `_x`) 404;
//! - every response carries `Cache-Control: no-store`;
//! - `/evil/…` on either origin is the attack suite's collector: recorded,
//!   readable at `/__evil` ([`collect`]);
//! - `/__never/…` never answers (until the server stops): an embed whose
//!   server is down or blocked, for a frame that never loads. Held open
//!   rather than pointed at an unroutable address, whose failure time
//!   depends on the machine's network.

pub mod collect;
pub mod mime;
pub mod resolve;
pub mod rules;

use std::net::{Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use axum::body::Body;
use axum::extract::State;
use axum::http::{header, HeaderValue, Method, Request, StatusCode, Uri};
use axum::response::Response;
use axum::Router;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::resolve::CleanPath;
use crate::rules::Rules;

/// npm packages that `/vendor/<pkg>/…` may serve from [`Config::vendor`].
pub const VENDOR_PACKAGES: &[&str] = &["preact", "htm", "react", "react-dom", "vue"];

/// Placeholder replaced by the main origin in `.html` and `.js` files.
pub const MAIN_PLACEHOLDER: &str = "{{MAIN_ORIGIN}}";
/// Placeholder replaced by the second origin in `.html` and `.js` files.
pub const SECOND_PLACEHOLDER: &str = "{{SECOND_ORIGIN}}";

/// What to serve and where.
#[derive(Debug, Clone)]
pub struct Config {
    /// The site directory (`www/`).
    pub root: PathBuf,
    /// An npm `node_modules` directory for `/vendor/`; `None` disables it.
    pub vendor: Option<PathBuf>,
    /// Port of the main origin on 127.0.0.1; 0 picks a free port.
    pub port: u16,
    /// Port of the second origin on 127.0.0.1; 0 picks a free port.
    pub port2: u16,
}

impl Config {
    /// Serves `root` on two free ports, without `/vendor/`.
    pub fn new(root: impl Into<PathBuf>) -> Config {
        Config {
            root: root.into(),
            vendor: None,
            port: 0,
            port2: 0,
        }
    }
}

/// A running server. Dropping it stops serving too (without waiting).
#[derive(Debug)]
pub struct Running {
    /// Address of the main origin.
    pub main: SocketAddr,
    /// Address of the second origin (same files, different origin).
    pub second: SocketAddr,
    stop: watch::Sender<()>,
    tasks: Vec<JoinHandle<std::io::Result<()>>>,
}

impl Running {
    /// `http://127.0.0.1:PORT` of the main origin.
    pub fn main_origin(&self) -> String {
        origin(self.main)
    }

    /// `http://127.0.0.1:PORT` of the second origin.
    pub fn second_origin(&self) -> String {
        origin(self.second)
    }

    /// Stops accepting, lets requests in flight finish (at most 5 s), and
    /// waits for both listeners to close.
    pub async fn shutdown(self) -> anyhow::Result<()> {
        let Running { stop, tasks, .. } = self;
        drop(stop);
        for mut task in tasks {
            match tokio::time::timeout(Duration::from_secs(5), &mut task).await {
                Ok(joined) => joined.context("server task panicked")??,
                Err(_) => task.abort(),
            }
        }
        Ok(())
    }
}

fn origin(addr: SocketAddr) -> String {
    format!("http://{addr}")
}

/// Everything a request handler needs; shared by both listeners.
struct Site {
    root: PathBuf,
    vendor: Option<PathBuf>,
    rules: Rules,
    main_origin: String,
    second_origin: String,
    collector: collect::Collector,
    /// Changes (closes) when the server stops: `/__never/` requests end then.
    stopped: watch::Receiver<()>,
}

/// Where requests are held open forever.
pub const NEVER_PREFIX: &str = "/__never/";

/// Binds both ports on 127.0.0.1 and serves `config.root` in spawned tasks
/// until the returned [`Running`] is shut down or dropped.
pub async fn serve(config: Config) -> anyhow::Result<Running> {
    let root = std::fs::canonicalize(&config.root)
        .with_context(|| format!("site root {} not found", config.root.display()))?;
    anyhow::ensure!(
        root.is_dir(),
        "site root {} is not a directory",
        root.display()
    );
    let vendor = match &config.vendor {
        Some(v) => Some(
            std::fs::canonicalize(v)
                .with_context(|| format!("vendor directory {} not found", v.display()))?,
        ),
        None => None,
    };
    let rules = Rules::load(&root)?;

    let bind = |port: u16| async move {
        TcpListener::bind((Ipv4Addr::LOCALHOST, port))
            .await
            .with_context(|| format!("binding 127.0.0.1:{port}"))
    };
    let l1 = bind(config.port).await?;
    let l2 = bind(config.port2).await?;
    let (main, second) = (l1.local_addr()?, l2.local_addr()?);

    let site = Site {
        root,
        vendor,
        rules,
        main_origin: origin(main),
        second_origin: origin(second),
        collector: collect::Collector::default(),
        stopped: watch::channel(()).1,
    };
    let (stop, stopped) = watch::channel(());
    let site = Arc::new(Site { stopped: stopped.clone(), ..site });
    let app = Router::new().fallback(handle).with_state(site);
    let tasks = [l1, l2]
        .into_iter()
        .map(|listener| {
            let mut stopped = stopped.clone();
            let app = app.clone();
            tokio::spawn(async move {
                axum::serve(listener, app)
                    .with_graceful_shutdown(async move {
                        // Resolves when the sender is dropped.
                        while stopped.changed().await.is_ok() {}
                    })
                    .await
            })
        })
        .collect();
    Ok(Running {
        main,
        second,
        stop,
        tasks,
    })
}

async fn handle(State(site): State<Arc<Site>>, req: Request<Body>) -> Response {
    let (parts, body) = req.into_parts();
    let mut res = if parts.uri.path().starts_with(NEVER_PREFIX) {
        let mut stopped = site.stopped.clone();
        while stopped.changed().await.is_ok() {}
        plain(StatusCode::SERVICE_UNAVAILABLE, "503 the server is stopping\n")
    } else if collect::Collector::wants(parts.uri.path()) {
        site.collector.respond(&parts, body).await
    } else {
        respond(&site, &parts.method, &parts.uri).await
    };
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res.headers_mut().insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    res
}

fn plain(status: StatusCode, text: &str) -> Response {
    Response::builder()
        .status(status)
        .header(header::CONTENT_TYPE, "text/plain; charset=utf-8")
        .body(Body::from(text.to_owned()))
        .expect("static response")
}

async fn respond(site: &Site, method: &Method, uri: &Uri) -> Response {
    if method != Method::GET && method != Method::HEAD {
        let mut res = plain(StatusCode::METHOD_NOT_ALLOWED, "405 Method Not Allowed\n");
        res.headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return res;
    }
    let raw_path = uri.path();
    let path = match resolve::clean(raw_path) {
        Ok(p) => p,
        Err(_) => return plain(StatusCode::BAD_REQUEST, "400 Bad Request: invalid path\n"),
    };
    let normalized = path.normalized();
    let mut res = if path.is_hidden() {
        not_found(site).await
    } else if path.segments.first().map(String::as_str) == Some("vendor") {
        vendor(site, &path).await
    } else {
        site_file(site, &path, raw_path, uri.query()).await
    };
    for (name, value) in site.rules.headers_for(&normalized) {
        res.headers_mut().insert(name.clone(), value.clone());
    }
    res
}

/// Joins clean segments under `base` and returns the canonical path if it
/// is still inside `base` (symlinks pointing outside are not followed).
async fn inside(base: &Path, segments: &[String]) -> Option<PathBuf> {
    let joined = segments.iter().fold(base.to_path_buf(), |p, s| p.join(s));
    let real = tokio::fs::canonicalize(&joined).await.ok()?;
    real.starts_with(base).then_some(real)
}

async fn site_file(site: &Site, path: &CleanPath, raw_path: &str, query: Option<&str>) -> Response {
    if let Some(found) = inside(&site.root, &path.segments).await {
        if found.is_dir() {
            if !path.trailing_slash {
                let mut location = format!("{raw_path}/");
                if let Some(q) = query {
                    location.push('?');
                    location.push_str(q);
                }
                return Response::builder()
                    .status(StatusCode::PERMANENT_REDIRECT)
                    .header(header::LOCATION, location)
                    .body(Body::empty())
                    .unwrap_or_else(|_| plain(StatusCode::BAD_REQUEST, "400 Bad Request\n"));
            }
            let index = found.join("index.html");
            if index.is_file() {
                return file(site, &index, StatusCode::OK, true).await;
            }
        } else if found.is_file() && !path.trailing_slash {
            return file(site, &found, StatusCode::OK, true).await;
        }
    }
    if let Some(fb) = site.rules.fallback_for(&path.normalized()) {
        if let Some(found) = inside(&site.root, &fb.file).await {
            return file(site, &found, StatusCode::OK, true).await;
        }
    }
    not_found(site).await
}

async fn vendor(site: &Site, path: &CleanPath) -> Response {
    let (Some(base), [_, pkg, rest @ ..]) = (&site.vendor, path.segments.as_slice()) else {
        return not_found(site).await;
    };
    if !VENDOR_PACKAGES.contains(&pkg.as_str()) || rest.is_empty() {
        return not_found(site).await;
    }
    match inside(&base.join(pkg), rest).await {
        Some(found) if found.is_file() && !path.trailing_slash => {
            file(site, &found, StatusCode::OK, false).await
        }
        _ => not_found(site).await,
    }
}

async fn not_found(site: &Site) -> Response {
    let page = site.root.join("404.html");
    if page.is_file() {
        file(site, &page, StatusCode::NOT_FOUND, true).await
    } else {
        plain(StatusCode::NOT_FOUND, "404 Not Found\n")
    }
}

/// Reads and answers one file; `substitute` enables the origin placeholders.
async fn file(site: &Site, path: &Path, status: StatusCode, substitute: bool) -> Response {
    let bytes = match tokio::fs::read(path).await {
        Ok(b) => b,
        Err(_) => {
            return plain(
                StatusCode::INTERNAL_SERVER_ERROR,
                "500 could not read file\n",
            )
        }
    };
    let body = if substitute && mime::has_placeholders(path) {
        match String::from_utf8(bytes) {
            Ok(text) => text
                .replace(MAIN_PLACEHOLDER, &site.main_origin)
                .replace(SECOND_PLACEHOLDER, &site.second_origin)
                .into_bytes(),
            Err(e) => e.into_bytes(),
        }
    } else {
        bytes
    };
    Response::builder()
        .status(status)
        .header(header::CONTENT_TYPE, mime::content_type(path))
        .body(Body::from(body))
        .expect("valid response")
}
