//! The options page in headless Chromium, on a fake service worker.

use bc_core::llm::LlmError;
use bc_core::protocol::{PanelEvent, PanelRequest};
use bc_core::settings::{SettingsError, SettingsInput, SettingsView};
use crate::common::options::{loaded as loaded_with, FIRST_ID, SETTINGS_STATUS};
use crate::common::{is_disabled, type_into, value_of, Page};
use wasm_bindgen_test::*;

fn stored() -> SettingsView {
    SettingsView {
        endpoint: "http://localhost:11434/v1".into(),
        model: "llama3.2".into(),
        timeout_secs: 90,
        api_key_hint: Some("sk-…9f3a".into()),
    }
}

/// Mounts the page and answers its GetSettings with `stored()` (and the
/// agent's settings and sites with defaults).
async fn loaded() -> Page {
    loaded_with(Some(stored()), Default::default(), vec![]).await
}

#[wasm_bindgen_test]
async fn labels_are_tied_to_their_inputs() {
    let page = Page::options().await;
    for (label, kind) in [
        ("API endpoint", "url"),
        ("API key", "password"),
        ("Model", "text"),
        ("Timeout (seconds)", "number"),
    ] {
        let input = page.labelled(label);
        assert_eq!(input.tag_name(), "INPUT", "{label}");
        assert_eq!(
            input.get_attribute("type").as_deref(),
            Some(kind),
            "{label}"
        );
    }
    let key = page.labelled("API key");
    assert_eq!(key.get_attribute("autocomplete").as_deref(), Some("off"));
    assert_eq!(
        page.labelled("API endpoint")
            .get_attribute("placeholder")
            .as_deref(),
        Some("https://api.openai.com/v1")
    );
    assert_eq!(value_of(&page.labelled("Timeout (seconds)")), "60");
    assert_eq!(
        page.get(SETTINGS_STATUS)
            .get_attribute("aria-live")
            .as_deref(),
        Some("polite")
    );
    let help = page.text(".help");
    for url in [
        "https://api.openai.com/v1",
        "http://localhost:11434/v1",
        "http://localhost:1234/v1",
        "https://openrouter.ai/api/v1",
    ] {
        assert!(help.contains(url), "{help}");
    }
}

#[wasm_bindgen_test]
async fn load_fills_the_form_but_never_the_key() {
    let page = loaded().await;
    assert_eq!(
        value_of(&page.labelled("API endpoint")),
        "http://localhost:11434/v1"
    );
    assert_eq!(value_of(&page.labelled("Model")), "llama3.2");
    assert_eq!(value_of(&page.labelled("Timeout (seconds)")), "90");
    let key = page.labelled("API key");
    assert_eq!(value_of(&key), "");
    assert_eq!(
        key.get_attribute("placeholder").as_deref(),
        Some("Stored: sk-…9f3a (leave empty to keep)")
    );
}

#[wasm_bindgen_test]
async fn save_sends_the_form_and_reports_saved() {
    let page = loaded().await;
    type_into(&page.labelled("API endpoint"), "https://api.openai.com/v1").await;
    type_into(&page.labelled("Model"), "gpt-4o-mini").await;
    type_into(&page.labelled("Timeout (seconds)"), "30").await;
    page.click("Save").await;
    let expected = SettingsInput {
        endpoint: "https://api.openai.com/v1".into(),
        api_key: None,
        model: "gpt-4o-mini".into(),
        timeout_secs: Some(30),
    };
    assert_eq!(
        page.fake.last_request(),
        Some(PanelRequest::SaveSettings {
            id: FIRST_ID,
            settings: expected
        })
    );
    assert!(
        is_disabled(&page.button("Save")),
        "Save stays disabled while pending"
    );
    assert!(!is_disabled(&page.button("Test connection")));

    let saved = SettingsView {
        endpoint: "https://api.openai.com/v1".into(),
        model: "gpt-4o-mini".into(),
        timeout_secs: 30,
        api_key_hint: None,
    };
    page.fake.push(PanelEvent::Saved {
        id: FIRST_ID,
        settings: saved,
    });
    crate::common::settle().await;
    assert_eq!(page.text(SETTINGS_STATUS).trim(), "Saved.");
    assert!(!is_disabled(&page.button("Save")));
}

#[wasm_bindgen_test]
async fn a_typed_key_is_sent_once_then_cleared() {
    let page = loaded().await;
    let key = page.labelled("API key");
    type_into(&key, "sk-newkey-1234567890").await;
    page.click("Save").await;
    let Some(PanelRequest::SaveSettings { settings, .. }) = page.fake.last_request() else {
        panic!("no SaveSettings: {:?}", page.fake.requests())
    };
    assert_eq!(settings.api_key.as_deref(), Some("sk-newkey-1234567890"));
    assert_eq!(settings.endpoint, "http://localhost:11434/v1");
    let saved = SettingsView {
        api_key_hint: Some("sk-…7890".into()),
        ..stored()
    };
    page.fake.push(PanelEvent::Saved {
        id: FIRST_ID,
        settings: saved,
    });
    crate::common::settle().await;
    assert_eq!(value_of(&key), "");
    assert_eq!(
        key.get_attribute("placeholder").as_deref(),
        Some("Stored: sk-…7890 (leave empty to keep)")
    );
}

#[wasm_bindgen_test]
async fn save_failure_shows_the_error() {
    let page = loaded().await;
    type_into(&page.labelled("Model"), "").await;
    page.click("Save").await;
    page.fake.push(PanelEvent::Failed {
        id: FIRST_ID,
        error: SettingsError::MissingModel.into(),
    });
    crate::common::settle().await;
    let status = page.get(SETTINGS_STATUS);
    assert_eq!(
        status.text_content().unwrap(),
        SettingsError::MissingModel.to_string()
    );
    assert!(status.class_list().contains("error"));
}

#[wasm_bindgen_test]
async fn test_connection_reports_success_and_the_exact_failure() {
    let page = loaded().await;
    page.click("Test connection").await;
    let Some(PanelRequest::TestConnection { id, settings }) = page.fake.last_request() else {
        panic!("no TestConnection: {:?}", page.fake.requests())
    };
    assert_eq!(
        (
            settings.model.as_str(),
            settings.api_key,
            settings.timeout_secs
        ),
        ("llama3.2", None, Some(90))
    );
    assert!(is_disabled(&page.button("Test connection")));
    let error = LlmError::Unauthorized {
        status: 401,
        detail: "Incorrect API key provided".into(),
    };
    page.fake.push(PanelEvent::Failed {
        id,
        error: error.clone().into(),
    });
    crate::common::settle().await;
    let status = page.get(SETTINGS_STATUS);
    assert_eq!(status.text_content().unwrap(), error.to_string());
    assert!(status.class_list().contains("error"));
    assert!(!is_disabled(&page.button("Test connection")));

    page.click("Test connection").await;
    let id = id + 1;
    page.fake.push(PanelEvent::ConnectionOk {
        id,
        message: "Connected: model llama3.2 answered.".into(),
    });
    crate::common::settle().await;
    assert_eq!(
        status.text_content().unwrap(),
        "Connected: model llama3.2 answered."
    );
    assert!(status.class_list().contains("success"));
}

#[wasm_bindgen_test]
async fn a_worker_restart_fails_the_pending_request() {
    let page = loaded().await;
    page.click("Save").await;
    page.fake.disconnect();
    crate::common::settle().await;
    assert_eq!(
        page.text(SETTINGS_STATUS),
        "The service worker restarted before answering; please ask again."
    );
    assert!(!is_disabled(&page.button("Save")));
}

#[wasm_bindgen_test]
async fn a_non_numeric_timeout_is_caught_before_sending() {
    let page = loaded().await;
    // A number input reports "" for garbage, which means "default"; a huge
    // value is what can reach us.
    type_into(&page.labelled("Timeout (seconds)"), "99999999999").await;
    page.click("Save").await;
    assert!(page.fake.requests().is_empty());
    assert!(page
        .text(SETTINGS_STATUS)
        .contains("whole number of seconds"));
}
