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
/// worker does, and waits for the answer.
#[allow(dead_code)] // not every test file talks through the message entry
pub async fn message(req: wasm_bindgen::JsValue) -> wasm_bindgen::JsValue {
    wasm_bindgen_futures::JsFuture::from(bc_content::handle_message(req)).await.expect("handle_message resolves")
}
