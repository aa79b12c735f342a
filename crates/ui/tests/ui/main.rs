//! The side panel and the options page in headless Chromium, on a fake
//! service worker. One test binary for them all: each binary links the
//! whole UI and starts its own browser (seven cost CI about a minute and
//! a half more).

mod common;
mod history;
mod knowledge;
mod options;
mod options_agent;
mod sidepanel;
mod task;
mod task_prompts;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
