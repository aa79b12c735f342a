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

/// Forms without a `<form>`: (what, fixture, each form's submit label and
/// field labels in document order). The MiniPCD's forms (`pcd_facts.rs`)
/// and the page summary's (`summary.rs`) are checked against the same rows.
#[allow(dead_code)] // used by two of the test files
#[rustfmt::skip]
pub const FORMLESS_FORMS: &[(&str, &str, &[(&str, &[&str])])] = &[
    ("a React sign-in box: fields, a link, a type=button commit",
     r#"<div class="card"><h2>Welcome back</h2>
        <div><label for="e">Email</label><input id="e" type="email"></div>
        <div><label for="p">Password</label><input id="p" type="password"></div>
        <a href="/forgot">Forgot password?</a>
        <div><button type="button">Sign in</button></div></div>"#,
     &[("Sign in", &["Email", "Password"])]),
    ("an app's settings panel of ARIA widgets; Cancel comes first",
     r#"<div role="tabpanel" aria-label="General">
        <div><div role="combobox" aria-label="Region" aria-expanded="false" tabindex="0">eu-west</div></div>
        <div><span id="fl-r">Replicas</span><div role="slider" aria-labelledby="fl-r" aria-valuenow="3" tabindex="0"></div></div>
        <div role="button" tabindex="0">Cancel</div><div role="button" tabindex="0">Save changes</div></div>"#,
     &[("Save changes", &["Region", "Replicas"])]),
    ("a newsletter field and a clickable div",
     r#"<footer><div class="news"><input aria-label="Your email"><div class="btn" onclick="void 0">Subscribe</div></div></footer>"#,
     &[("Subscribe", &["Your email"])]),
    ("two boxes side by side are two forms",
     r#"<div><div><input aria-label="Search docs"><button>Search</button></div>
        <div><input aria-label="Email"><button>Subscribe</button></div></div>"#,
     &[("Search", &["Search docs"]), ("Subscribe", &["Email"])]),
    ("a header's search field beside its navigation is no form",
     r#"<header><nav><a href="/a">A</a> <a href="/b">B</a> <a href="/c">C</a> <a href="/d">D</a> <a href="/e">E</a></nav>
        <input type="search" aria-label="Search"><button>Sign in</button></header>"#,
     &[]),
    ("a field without a commit button is no form",
     r#"<div><input aria-label="Filter rows"><button>Clear</button><button aria-pressed="false">Bold</button></div>"#,
     &[]),
    ("beside a real form: that form keeps its controls",
     r#"<div><form><input aria-label="Query"><button>Go</button></form><input aria-label="Coupon"><button type="button">Apply</button></div>"#,
     &[("Go", &["Query"]), ("Apply", &["Coupon"])]),
    ("a list's per-item quantity and Add to cart are no forms; the list's own filter box is",
     r#"<main><div class="filters"><input aria-label="Min price"><button>Apply</button></div><ul class="grid">
        <li class="card"><h3>Lamp</h3><p>$20</p><div class="row"><input type="number" name="qty" aria-label="Quantity"><button>Add to cart</button></div></li>
        <li class="card"><h3>Desk</h3><p>$90</p><div class="row"><input type="number" name="qty" aria-label="Quantity"><button>Add to cart</button></div></li>
        <li class="card"><h3>Chair</h3><p>$45</p><div class="row"><input type="number" name="qty" aria-label="Quantity"><button>Add to cart</button></div></li>
        </ul></main>"#,
     &[("Apply", &["Min price"])]),
    ("the same newsletter box at the top and the bottom of the page is two forms",
     r#"<header><div class="news"><input aria-label="Email"><button>Subscribe</button></div></header>
        <main><h1>Blog</h1><p>Posts.</p><section><article><h2>One</h2><p>Text.</p></article></section></main>
        <footer><div class="news"><input aria-label="Email"><button>Subscribe</button></div></footer>"#,
     &[("Subscribe", &["Email"]), ("Subscribe", &["Email"])]),
    ("a div that only its pointer cursor makes a button commits",
     r#"<div class="promo"><input aria-label="Promo code"><div class="btn" style="cursor:pointer">Redeem</div></div>"#,
     &[("Redeem", &["Promo code"])]),
    ("a spin button's steppers, out of the tab order, commit nothing; the button after them does",
     r#"<div class="booking"><div class="spinner-field"><label for="ad">Adults</label><div class="spinner">
        <button type="button" title="Remove adult" tabindex="-1"><span aria-hidden="true">-</span></button>
        <input id="ad" role="spinbutton" type="text" aria-valuenow="1">
        <button type="button" title="Add adult" tabindex="-1"><span aria-hidden="true">+</span></button></div></div>
        <button type="button">Continue</button></div>"#,
     &[("Continue", &["Adults"])]),
];

/// [`fixture`], parsing declarative shadow roots (`<template
/// shadowrootmode="open">` becomes its parent's shadow root, as the HTML
/// parser does on page load; `innerHTML` would leave it a template).
#[allow(dead_code)] // only the files that test shadow content use it
pub fn fixture_with_shadow_roots(html: &str) -> Element {
    use wasm_bindgen::JsCast;
    let f = fixture("");
    let set: js_sys::Function = js_sys::Reflect::get(&f, &"setHTMLUnsafe".into()).unwrap().dyn_into().expect("setHTMLUnsafe");
    set.call1(&f, &html.into()).unwrap();
    f
}

/// Calls `showModal()` (or `close()`) on the `<dialog>` with id `id`:
/// opened so, it makes the rest of the page inert.
#[allow(dead_code)] // not every test file opens dialogs
pub fn dialog(id: &str, method: &str) {
    let document = web_sys::window().unwrap().document().unwrap();
    dialog_call(&document.get_element_by_id(id).unwrap_or_else(|| panic!("no #{id}")), method);
}

#[allow(dead_code)] // not every test file opens dialogs
/// Calls `method` of a `<dialog>` element of any tree.
pub fn dialog_call(dialog: &Element, method: &str) {
    let f: js_sys::Function = js_sys::Reflect::get(dialog, &method.into()).unwrap().into();
    f.call0(dialog).unwrap_or_else(|e| panic!("{method}: {e:?}"));
}

#[allow(dead_code)] // not every test file opens dialogs
/// Calls `method` of the first `<dialog>` of a web component's shadow root.
pub fn shadow_dialog(root: &web_sys::ShadowRoot, method: &str) {
    dialog_call(&root.query_selector("dialog").unwrap().expect("a dialog in the shadow root"), method);
}

#[allow(dead_code)] // not every test file opens dialogs
/// Blurs the focused element, inside shadow roots too: focus is then in
/// no dialog (as after a click on a dialog's text).
pub fn blur_deepest() {
    use wasm_bindgen::JsCast;
    let mut active = web_sys::window().unwrap().document().unwrap().active_element().unwrap();
    while let Some(inner) = active.shadow_root().and_then(|r| r.active_element()) {
        active = inner;
    }
    active.unchecked_into::<web_sys::HtmlElement>().blur().unwrap();
}
