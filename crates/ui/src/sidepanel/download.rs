//! Saving a value as a file from the panel: JSON in a Blob, a temporary
//! `<a download>` clicked on the user's behalf (the way a page offers a
//! file without a server), its URL released a while later.

use crate::backend::describe;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// How long a file's Blob URL stays valid: long enough for the download
/// to start (and for a test to read it back), then its memory is freed.
const URL_LIFETIME_MS: i32 = 60_000;

/// Saves `value` as pretty JSON in a file named `file_name`. `Err` says
/// why not, for the user.
pub fn save_json(file_name: &str, value: &impl Serialize) -> Result<(), String> {
    let text = serde_json::to_string_pretty(value).map_err(|e| e.to_string())?;
    let parts = js_sys::Array::of1(&JsValue::from_str(&text));
    let kind = web_sys::BlobPropertyBag::new();
    kind.set_type("application/json");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &kind).map_err(describe)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(describe)?;
    let clicked = click_link(&url, file_name);
    release_later(url);
    clicked
}

/// Clicks a hidden `<a href=url download=file_name>`, in the document
/// only for the click.
fn click_link(url: &str, file_name: &str) -> Result<(), String> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let body = document.body().ok_or("no body")?;
    let link: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(describe)?
        .unchecked_into();
    link.set_href(url);
    link.set_download(file_name);
    link.set_hidden(true);
    body.append_child(&link).map_err(describe)?;
    link.click();
    link.remove();
    Ok(())
}

fn release_later(url: String) {
    let release = Closure::once_into_js(move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    });
    if let Some(window) = web_sys::window() {
        let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(
            release.unchecked_ref(),
            URL_LIFETIME_MS,
        );
    }
}
