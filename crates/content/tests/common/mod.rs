//! Shared by the content module's browser tests: the `div#fixture` each test
//! renders its HTML into. The test runner reports through its own element in
//! `<body>`, so `document.body` itself is never replaced.

use web_sys::Element;

/// Puts `html` into `div#fixture` (created on first use) and returns it.
pub fn fixture(html: &str) -> Element {
    let document = web_sys::window().unwrap().document().unwrap();
    let fixture = document.get_element_by_id("fixture").unwrap_or_else(|| {
        let f = document.create_element("div").unwrap();
        f.set_id("fixture");
        document.body().unwrap().append_child(&f).unwrap();
        f
    });
    fixture.set_inner_html(html);
    fixture
}

/// Sends `req` through the content module's message entry, as the service
/// worker does, and decodes the answer as the worker does: JSON text.
#[allow(dead_code)] // not every test file talks through the message entry
pub async fn message(req: wasm_bindgen::JsValue) -> bc_core::protocol::ContentResponse {
    let answer = wasm_bindgen_futures::JsFuture::from(bc_content::handle_message(req)).await.expect("handle_message resolves");
    let text = answer.as_string().unwrap_or_else(|| panic!("the answer is JSON text, not {answer:?}"));
    bc_core::protocol::ContentResponse::from_wire(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// Resolves after `ms` milliseconds: observers, idle callbacks and
/// rendering run meanwhile.
#[allow(dead_code)] // not every test file waits
pub async fn sleep(ms: i32) {
    let wait = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window().unwrap().set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms).unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(wait).await.unwrap();
}

/// Asks for the compact page summary, which starts `live::prefetch`, and
/// waits until the prefetch is done (idle slices; a debug build on a busy
/// machine takes a while: at most 10 s, asserted).
#[allow(dead_code)] // for the prefetch tests
pub async fn summary_and_prefetch() {
    let req = serde_wasm_bindgen::to_value(&serde_json::json!({"type": "summary", "mode": "compact"})).unwrap();
    let _ = message(req).await;
    sleep(100).await;
    for _ in 0..200 {
        if !bc_content::live::prefetching() {
            break;
        }
        sleep(50).await;
    }
    assert!(!bc_content::live::prefetching(), "the prefetch is still going after 10 s");
}

/// Where two page facts first differ (a readable failure: all facts of a
/// big page are megabytes of `Debug`), or `None` when they are equal.
#[allow(dead_code)] // for the live-state tests
pub fn facts_difference(live: &bc_core::pcd::PageFacts, fresh: &bc_core::pcd::PageFacts) -> Option<String> {
    if live == fresh {
        return None;
    }
    let pairs = live.controls.iter().zip(&fresh.controls).enumerate();
    if let Some((i, (a, b))) = pairs.into_iter().find(|(_, (a, b))| a != b) {
        return Some(format!("control {i}: live {a:?}\nfresh {b:?}"));
    }
    if let Some((i, (a, b))) = live.groups.iter().zip(&fresh.groups).enumerate().find(|(_, (a, b))| a != b) {
        return Some(format!("group {i}: live {a:?}\nfresh {b:?}"));
    }
    if let Some((i, (a, b))) = live.forms.iter().zip(&fresh.forms).enumerate().find(|(_, (a, b))| a != b) {
        return Some(format!("form {i}: live {a:?}\nfresh {b:?}"));
    }
    Some(format!(
        "controls {} vs {}, groups {} vs {}, forms {} vs {}, or url/title/viewport/landmarks",
        live.controls.len(),
        fresh.controls.len(),
        live.groups.len(),
        fresh.groups.len(),
        live.forms.len(),
        fresh.forms.len()
    ))
}
