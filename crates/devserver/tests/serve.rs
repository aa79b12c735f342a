//! End-to-end tests of the dev server over real sockets: a generated fixture
//! site (serving rules, traversal, vendor allowlist, placeholders, fallback)
//! and the real `www/` tree (every page is served and its local links resolve).
//!
//! Requests are written by hand over TCP so that paths such as `/../x` reach
//! the server exactly as written (HTTP client libraries normalise them).

use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use bc_devserver::{serve, Config, Running};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

struct Resp {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Resp {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// One HTTP/1.1 request with `Connection: close`; `target` is sent verbatim.
async fn request(addr: SocketAddr, method: &str, target: &str) -> Resp {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let req = format!("{method} {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).await.unwrap();
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("header end");
    let head = String::from_utf8(raw[..split].to_vec()).unwrap();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_owned(), v.trim().to_owned()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    let chunked = headers
        .iter()
        .any(|(n, v)| n.eq_ignore_ascii_case("transfer-encoding") && v.contains("chunked"));
    if chunked {
        body = dechunk(&body);
    }
    Resp {
        status,
        headers,
        body: String::from_utf8_lossy(&body).into_owned(),
    }
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let eol = data.windows(2).position(|w| w == b"\r\n").unwrap();
        let size_txt = std::str::from_utf8(&data[..eol]).unwrap();
        let size = usize::from_str_radix(size_txt.split(';').next().unwrap().trim(), 16).unwrap();
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&data[eol + 2..eol + 2 + size]);
        data = &data[eol + 2 + size + 2..];
    }
}

async fn get(addr: SocketAddr, target: &str) -> Resp {
    request(addr, "GET", target).await
}

/// A fresh fixture directory: `<tmp>/site` (the root), `<tmp>/vendor`
/// (fake node_modules) and `<tmp>/secret.txt` outside the root; removed when
/// the returned guard drops.
fn fixture() -> tempfile::TempDir {
    let guard = tempfile::Builder::new().prefix("bc-devserver-test-").tempdir().unwrap();
    let dir = guard.path();
    let files: &[(&str, &str)] = &[
        ("secret.txt", "TOP SECRET"),
        ("site/index.html", "<!doctype html><title>Home</title><a href=\"{{SECOND_ORIGIN}}/x\">x</a> main={{MAIN_ORIGIN}}"),
        ("site/404.html", "<!doctype html><title>Not found</title>NOT-FOUND-PAGE"),
        ("site/app.js", "export const o = '{{MAIN_ORIGIN}}|{{SECOND_ORIGIN}}';"),
        ("site/style.css", "a { content: '{{MAIN_ORIGIN}}'; }"),
        ("site/data.json", "{\"a\":1}"),
        ("site/notes.txt", "plain text"),
        ("site/icon.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>"),
        ("site/doc.pdf", "%PDF-1.4"),
        ("site/mod.mjs", "export default 1;"),
        ("site/csp-strict/index.html", "<!doctype html>STRICT"),
        ("site/csp-strict/page.js", "console.log(1)"),
        ("site/spa/index.html", "<!doctype html>SPA-SHELL"),
        ("site/spa/spa.js", "SPA-JS"),
        ("site/docs/index.html", "DOCS-INDEX"),
        ("site/empty/readme.txt", "no index here"),
        ("site/.env", "SECRET=1"),
        (
            "site/_headers.toml",
            "[[rule]]\nprefix = \"/csp-strict/\"\nheaders = { \"Content-Security-Policy\" = \"script-src 'self'; object-src 'none'\" }\n\n[[fallback]]\nprefix = \"/spa/\"\nfile = \"/spa/index.html\"\n",
        ),
        ("vendor/preact/dist/preact.module.js", "PREACT-MODULE {{MAIN_ORIGIN}}"),
        ("vendor/preact/hooks/dist/hooks.module.js", "HOOKS-MODULE"),
        ("vendor/htm/dist/htm.module.js", "HTM-MODULE"),
        ("vendor/react/umd/react.production.min.js", "REACT-UMD"),
        ("vendor/react-dom/umd/react-dom.production.min.js", "REACT-DOM-UMD"),
        ("vendor/vue/dist/vue.esm-browser.prod.js", "VUE-ESM"),
        ("vendor/leftpad/index.js", "LEFTPAD"),
    ];
    for (path, text) in files {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(dir.join("secret.txt"), dir.join("site/escape.txt")).unwrap();
        std::os::unix::fs::symlink(dir.join("vendor/leftpad"), dir.join("vendor/htm/leftpad"))
            .unwrap();
    }
    guard
}

async fn start_fixture() -> (Running, tempfile::TempDir) {
    let guard = fixture();
    let dir = guard.path();
    let running = serve(Config {
        root: dir.join("site"),
        vendor: Some(dir.join("vendor")),
        port: 0,
        port2: 0,
    })
    .await
    .unwrap();
    (running, guard)
}

/// One expected exchange with the fixture site.
struct Case {
    path: &'static str,
    status: u16,
    content_type: Option<&'static str>,
    body_has: &'static [&'static str],
    body_lacks: &'static [&'static str],
}

const fn case(
    path: &'static str,
    status: u16,
    ct: Option<&'static str>,
    has: &'static [&'static str],
    lacks: &'static [&'static str],
) -> Case {
    Case {
        path,
        status,
        content_type: ct,
        body_has: has,
        body_lacks: lacks,
    }
}

const HTML: Option<&str> = Some("text/html; charset=utf-8");
const JS: Option<&str> = Some("text/javascript; charset=utf-8");
const SECRET: &[&str] = &["TOP SECRET", "SECRET=1", "[[rule]]", "[workspace]"];

const CASES: &[Case] = &[
    // Static files, index.html, content types.
    case("/", 200, HTML, &["<title>Home</title>"], &["{{"]),
    case("/index.html", 200, HTML, &["<title>Home</title>"], &[]),
    case("/app.js", 200, JS, &[], &["{{"]),
    case("/mod.mjs", 200, JS, &["export default 1;"], &[]),
    case(
        "/style.css",
        200,
        Some("text/css; charset=utf-8"),
        &["{{MAIN_ORIGIN}}"],
        &[],
    ),
    case(
        "/data.json",
        200,
        Some("application/json"),
        &["{\"a\":1}"],
        &[],
    ),
    case(
        "/notes.txt",
        200,
        Some("text/plain; charset=utf-8"),
        &["plain text"],
        &[],
    ),
    case("/icon.svg", 200, Some("image/svg+xml"), &[], &[]),
    case("/doc.pdf", 200, Some("application/pdf"), &["%PDF"], &[]),
    case("/docs/", 200, HTML, &["DOCS-INDEX"], &[]),
    case("/docs/index.html?x=1", 200, HTML, &["DOCS-INDEX"], &[]),
    case("/csp-strict/", 200, HTML, &["STRICT"], &[]),
    // Unknown paths: the 404 page with status 404.
    case("/nope", 404, HTML, &["NOT-FOUND-PAGE"], &[]),
    case("/nope/deeper/x.js", 404, HTML, &["NOT-FOUND-PAGE"], &[]),
    case("/app.js/", 404, HTML, &["NOT-FOUND-PAGE"], &[]),
    case("/empty/", 404, HTML, &["NOT-FOUND-PAGE"], &[]),
    // Hidden and config files are not served.
    case("/_headers.toml", 404, HTML, &["NOT-FOUND-PAGE"], SECRET),
    case("/.env", 404, HTML, &["NOT-FOUND-PAGE"], SECRET),
    // Traversal attempts: refused (400) or not found, never the file.
    case("/../secret.txt", 400, None, &[], SECRET),
    case("/docs/../../secret.txt", 400, None, &[], SECRET),
    case("/%2e%2e/secret.txt", 400, None, &[], SECRET),
    case("/%2E%2E/secret.txt", 400, None, &[], SECRET),
    case("/docs%2f..%2f..%2fsecret.txt", 400, None, &[], SECRET),
    case("/..%5csecret.txt", 400, None, &[], SECRET),
    case("/%2e%2e%2fsecret.txt", 400, None, &[], SECRET),
    case("/vendor/preact/../../secret.txt", 400, None, &[], SECRET),
    case(
        "/vendor/preact/%2e%2e/%2e%2e/secret.txt",
        400,
        None,
        &[],
        SECRET,
    ),
    case("/escape.txt", 404, HTML, &["NOT-FOUND-PAGE"], SECRET),
    // Vendor: allowlisted packages only, no placeholder substitution.
    case(
        "/vendor/preact/dist/preact.module.js",
        200,
        JS,
        &["PREACT-MODULE {{MAIN_ORIGIN}}"],
        &[],
    ),
    case(
        "/vendor/preact/hooks/dist/hooks.module.js",
        200,
        JS,
        &["HOOKS-MODULE"],
        &[],
    ),
    case(
        "/vendor/htm/dist/htm.module.js",
        200,
        JS,
        &["HTM-MODULE"],
        &[],
    ),
    case(
        "/vendor/react/umd/react.production.min.js",
        200,
        JS,
        &["REACT-UMD"],
        &[],
    ),
    case(
        "/vendor/react-dom/umd/react-dom.production.min.js",
        200,
        JS,
        &["REACT-DOM-UMD"],
        &[],
    ),
    case(
        "/vendor/vue/dist/vue.esm-browser.prod.js",
        200,
        JS,
        &["VUE-ESM"],
        &[],
    ),
    case(
        "/vendor/leftpad/index.js",
        404,
        HTML,
        &["NOT-FOUND-PAGE"],
        &["LEFTPAD"],
    ),
    case(
        "/vendor/htm/leftpad/index.js",
        404,
        HTML,
        &["NOT-FOUND-PAGE"],
        &["LEFTPAD"],
    ),
    case("/vendor/preact/", 404, HTML, &["NOT-FOUND-PAGE"], &[]),
    case(
        "/vendor/preact/missing.js",
        404,
        HTML,
        &["NOT-FOUND-PAGE"],
        &[],
    ),
    // SPA fallback: missing paths under the prefix get the shell with 200.
    case("/spa/", 200, HTML, &["SPA-SHELL"], &[]),
    case("/spa/products", 200, HTML, &["SPA-SHELL"], &[]),
    case("/spa/products/42?x=1", 200, HTML, &["SPA-SHELL"], &[]),
    case("/spa/spa.js", 200, JS, &["SPA-JS"], &[]),
    case("/spam", 404, HTML, &["NOT-FOUND-PAGE"], &[]),
];

#[tokio::test]
async fn fixture_cases_on_both_origins() {
    let (running, dir) = start_fixture().await;
    for addr in [running.main, running.second] {
        for c in CASES {
            let r = get(addr, c.path).await;
            let ctx = format!("GET {} on {addr}", c.path);
            assert_eq!(r.status, c.status, "{ctx}: {}", r.body);
            if let Some(ct) = c.content_type {
                assert_eq!(r.header("content-type"), Some(ct), "{ctx}");
            }
            assert_eq!(r.header("cache-control"), Some("no-store"), "{ctx}");
            for s in c.body_has {
                assert!(r.body.contains(s), "{ctx}: body lacks {s:?}: {}", r.body);
            }
            for s in c.body_lacks {
                assert!(!r.body.contains(s), "{ctx}: body has {s:?}");
            }
        }
    }
    running.shutdown().await.unwrap();
    dir.close().unwrap();
}

#[tokio::test]
async fn binds_loopback_two_distinct_ports() {
    let (running, _dir) = start_fixture().await;
    assert!(running.main.ip().is_loopback() && running.second.ip().is_loopback());
    assert_ne!(running.main.port(), running.second.port());
    assert_eq!(
        running.main_origin(),
        format!("http://127.0.0.1:{}", running.main.port())
    );
    running.shutdown().await.unwrap();
}

#[tokio::test]
async fn placeholders_are_the_two_origins() {
    let (running, _dir) = start_fixture().await;
    let (main, second) = (running.main_origin(), running.second_origin());
    // The same substitution whichever origin serves the file.
    for addr in [running.main, running.second] {
        let html = get(addr, "/").await.body;
        assert!(html.contains(&format!("href=\"{second}/x\"")), "{html}");
        assert!(html.contains(&format!("main={main}")), "{html}");
        let js = get(addr, "/app.js").await.body;
        assert_eq!(js, format!("export const o = '{main}|{second}';"));
    }
    running.shutdown().await.unwrap();
}

#[tokio::test]
async fn header_rules_apply_by_normalised_path() {
    let (running, _dir) = start_fixture().await;
    const CSP: &str = "script-src 'self'; object-src 'none'";
    for (path, want) in [
        ("/csp-strict/", Some(CSP)),
        ("/csp-strict/page.js", Some(CSP)),
        ("/csp-strict/missing", Some(CSP)),
        ("/csp%2Dstrict/", Some(CSP)),
        ("//csp-strict//", Some(CSP)),
        ("/", None),
        ("/spa/", None),
    ] {
        let r = get(running.main, path).await;
        assert_eq!(r.header("content-security-policy"), want, "{path}");
    }
    running.shutdown().await.unwrap();
}

#[tokio::test]
async fn directories_redirect_to_trailing_slash() {
    let (running, _dir) = start_fixture().await;
    for (path, location) in [
        ("/docs", "/docs/"),
        ("/docs?q=1", "/docs/?q=1"),
        ("/csp-strict", "/csp-strict/"),
    ] {
        let r = get(running.main, path).await;
        assert_eq!(r.status, 308, "{path}");
        assert_eq!(r.header("location"), Some(location), "{path}");
    }
    running.shutdown().await.unwrap();
}

#[tokio::test]
async fn methods() {
    let (running, _dir) = start_fixture().await;
    let head = request(running.main, "HEAD", "/").await;
    assert_eq!(head.status, 200);
    assert!(head.body.is_empty());
    let post = request(running.main, "POST", "/").await;
    assert_eq!(post.status, 405);
    assert_eq!(post.header("allow"), Some("GET, HEAD"));
    running.shutdown().await.unwrap();
}

#[tokio::test]
async fn no_vendor_dir_means_no_vendor_files() {
    let guard = fixture();
    let dir = guard.path();
    let running = serve(Config::new(dir.join("site"))).await.unwrap();
    let r = get(running.main, "/vendor/preact/dist/preact.module.js").await;
    assert_eq!(r.status, 404);
    running.shutdown().await.unwrap();
}

#[tokio::test]
async fn bad_configs_fail_to_start() {
    let guard = fixture();
    let dir = guard.path();
    assert!(serve(Config::new(dir.join("missing"))).await.is_err());
    let mut c = Config::new(dir.join("site"));
    c.vendor = Some(dir.join("no-node-modules"));
    assert!(serve(c).await.is_err());
    std::fs::write(
        dir.join("site/_headers.toml"),
        "[[fallback]]\nprefix = \"/x/\"\nfile = \"/x/nope.html\"\n",
    )
    .unwrap();
    assert!(serve(Config::new(dir.join("site"))).await.is_err());
}

#[tokio::test]
async fn shutdown_and_drop_stop_serving() {
    let (running, _dir) = start_fixture().await;
    let addr = running.main;
    running.shutdown().await.unwrap();
    assert!(TcpStream::connect(addr).await.is_err());

    let (running, _dir) = start_fixture().await;
    let addr = running.second;
    drop(running);
    let mut refused = false;
    for _ in 0..50 {
        if TcpStream::connect(addr).await.is_err() {
            refused = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert!(refused, "still accepting after drop");
}

/// `/__never/…` holds the request open (a frame that never loads) until
/// the server stops, which then ends it instead of waiting on it.
#[tokio::test]
async fn never_answers_until_the_server_stops() {
    let (running, _dir) = start_fixture().await;
    let addr = running.second;
    let held = tokio::spawn(async move { get(addr, "/__never/embed").await });
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert!(!held.is_finished(), "/__never/ answered");
    running.shutdown().await.unwrap();
    // An answer, not a dropped connection (which shutdown's 5 s abort gives).
    let r = held.await.unwrap();
    assert_eq!(r.status, 503);
}

// ---- The real www/ tree ----

fn www() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../www")
}

fn html_pages(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            html_pages(&p, out);
        } else if p.extension().is_some_and(|e| e == "html") {
            out.push(p);
        }
    }
}

/// Values of `href="…"`/`src="…"` attributes and `import … from "…"` /
/// `"…"` module specifiers that are absolute same-site paths.
fn local_refs(text: &str) -> BTreeSet<String> {
    let mut refs = BTreeSet::new();
    for marker in [
        "href=\"",
        "src=\"",
        "from \"",
        "from '",
        "import(\"",
        "import('",
    ] {
        for (i, _) in text.match_indices(marker) {
            let rest = &text[i + marker.len()..];
            let end = rest.find(['"', '\'']).unwrap_or(rest.len());
            let v = &rest[..end];
            if v.starts_with('/') && !v.starts_with("//") {
                refs.insert(v.split(['#']).next().unwrap().to_owned());
            }
        }
    }
    refs
}

#[tokio::test]
async fn www_pages_are_served_and_local_links_resolve() {
    let root = www();
    if !root.join("index.html").is_file() {
        panic!("www/ not found at {}", root.display());
    }
    let vendor = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/node_modules");
    let has_vendor = vendor.join("preact/package.json").is_file();
    let running = serve(Config {
        root: root.clone(),
        vendor: has_vendor.then_some(vendor),
        port: 0,
        port2: 0,
    })
    .await
    .unwrap();
    let root = std::fs::canonicalize(&root).unwrap();

    let mut pages = Vec::new();
    html_pages(&root, &mut pages);
    assert!(pages.len() >= 15, "only {} pages", pages.len());
    let mut checked = BTreeSet::new();
    let mut to_check = BTreeSet::new();
    for page in &pages {
        let rel = page
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let url = format!("/{rel}");
        let r = get(running.main, &url).await;
        assert_eq!(r.status, 200, "{url}");
        assert_eq!(
            r.header("content-type"),
            Some("text/html; charset=utf-8"),
            "{url}"
        );
        assert!(!r.body.contains("{{"), "{url}: unreplaced placeholder");
        assert!(
            r.body.to_ascii_lowercase().starts_with("<!doctype html>"),
            "{url}: no doctype"
        );
        assert!(r.body.contains("<title>"), "{url}: no title");
        assert!(
            !r.body.contains("<script>") && !r.body.contains("onclick="),
            "{url}: inline script"
        );
        to_check.extend(local_refs(&r.body));
    }
    // Scripts can reference further files (imports, fetches).
    while let Some(path) = to_check.pop_first() {
        if !checked.insert(path.clone()) || (path.starts_with("/vendor/") && !has_vendor) {
            continue;
        }
        let r = get(running.main, &path).await;
        // The landing page links to one missing page on purpose (the 404 demo).
        let want_missing = path == "/this-page-does-not-exist";
        let ok = if want_missing {
            r.status == 404
        } else {
            r.status == 200 || r.status == 308
        };
        assert!(ok, "{path}: {}", r.status);
        if path.ends_with(".js") {
            to_check.extend(
                local_refs(&r.body)
                    .into_iter()
                    .filter(|p| !checked.contains(p)),
            );
        }
    }
    assert!(checked.contains("/assets/site.css"), "{checked:?}");
    running.shutdown().await.unwrap();
}

#[tokio::test]
async fn www_rules() {
    let running = serve(Config::new(www())).await.unwrap();
    let r = get(running.main, "/").await;
    assert_eq!(r.status, 200);
    assert!(r.body.contains("Acme Cloud"));
    let r = get(running.main, "/csp-strict/").await;
    assert_eq!(r.status, 200);
    assert_eq!(
        r.header("content-security-policy"),
        Some("script-src 'self'; object-src 'none'")
    );
    let r = get(running.main, "/no/such/page").await;
    assert_eq!(r.status, 404);
    assert!(r.body.contains("href=\"/\""), "404 page links home");
    for traversal in [
        "/../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/pricing/%2e%2e/%2e%2e/Cargo.toml",
    ] {
        let r = get(running.main, traversal).await;
        assert_eq!(r.status, 400, "{traversal}");
        assert!(!r.body.contains("[workspace]"), "{traversal}");
    }
    for spa in ["/spa/products", "/spa/about", "/spa/contact"] {
        let r = get(running.main, spa).await;
        assert_eq!(r.status, 200, "{spa}");
        assert_eq!(r.body, get(running.main, "/spa/").await.body, "{spa}");
    }
    let frames = get(running.main, "/frames/").await.body;
    assert!(
        frames.contains(&format!("{}/frames/cross.html", running.second_origin())),
        "{frames}"
    );
    let pricing = get(running.main, "/pricing/").await.body;
    assert!(pricing.contains("$29"), "pricing shows the Pro price");
    running.shutdown().await.unwrap();
}
