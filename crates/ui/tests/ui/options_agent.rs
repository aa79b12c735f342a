//! The options page's "Agent" form and "Allowed sites" list (issue 40
//! point 8) in headless Chromium, on a fake service worker: what loads,
//! the exact requests Save and Remove send, and every refusal shown.

use bc_core::agent::settings::{AgentSettings, AgentSettingsError, ModelPrice, ToolCalling};
use bc_core::protocol::{PanelEvent, PanelRequest};
use crate::common::options::{loaded, AGENT_STATUS, FIRST_ID};
use crate::common::{fire, is_disabled, settle, type_into, value_of, Page};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

const SAVE: &str = "Save agent settings";

fn price(model: &str, input: f64, output: f64, cached_input: Option<f64>) -> ModelPrice {
    ModelPrice {
        model: model.into(),
        input,
        output,
        cached_input,
    }
}

fn stored() -> AgentSettings {
    AgentSettings {
        tool_calling: ToolCalling::Text,
        fast_model: "gpt-4.1-nano".into(),
        vision: false,
        fast_vision: true,
        max_steps: 25,
        context_tokens: 0,
        prices: vec![
            price("gpt-4o-mini", 0.15, 0.6, Some(0.075)),
            price("my-model", 1.0, 2.0, None),
        ],
        explore: bc_core::explore::ExploreSettings { beam: 4, keep_tab: true, ..Default::default() },
    }
}

async fn agent_page() -> Page {
    loaded(None, stored(), vec![]).await
}

fn select_value(page: &Page) -> String {
    page.labelled("Tool calling")
        .unchecked_into::<web_sys::HtmlSelectElement>()
        .value()
}

async fn choose(page: &Page, value: &str) {
    let select = page.labelled("Tool calling");
    select
        .unchecked_ref::<web_sys::HtmlSelectElement>()
        .set_value(value);
    fire(&select, "change").await;
}

/// The (label, value) of every price cell, row by row.
fn price_cells(page: &Page) -> Vec<Vec<(String, String)>> {
    let rows = page
        .root
        .query_selector_all("table.prices tbody tr")
        .unwrap();
    (0..rows.length())
        .map(|i| {
            let row: web_sys::Element = rows.get(i).unwrap().unchecked_into();
            let inputs = row.query_selector_all("input").unwrap();
            (0..inputs.length())
                .map(|j| {
                    let input: web_sys::HtmlInputElement = inputs.get(j).unwrap().unchecked_into();
                    let label = input
                        .labels()
                        .unwrap()
                        .get(0)
                        .unwrap()
                        .text_content()
                        .unwrap();
                    (label, input.value())
                })
                .collect()
        })
        .collect()
}

fn cells(row: usize, values: [&str; 4]) -> Vec<(String, String)> {
    ["Model", "Input", "Output", "Cached input"]
        .iter()
        .zip(values)
        .map(|(column, value)| (format!("{column}, row {row}"), value.to_owned()))
        .collect()
}

#[wasm_bindgen_test]
async fn the_agent_form_loads_the_stored_settings_with_labelled_controls() {
    let page = agent_page().await;
    assert_eq!(
        page.get("section.agent h2#agent-title")
            .text_content()
            .as_deref(),
        Some("Agent")
    );
    assert_eq!(
        page.get("form[aria-labelledby=agent-title]").tag_name(),
        "FORM"
    );
    assert_eq!(page.labelled("Tool calling").tag_name(), "SELECT");
    assert_eq!(select_value(&page), "text");
    let options = page.text("#tool-calling");
    assert!(
        options.contains("Automatic — native, text when the endpoint has none")
            && options.contains("Text (JSON in the reply)"),
        "{options}"
    );
    assert_eq!(
        value_of(&page.labelled("Fast model (optional)")),
        "gpt-4.1-nano"
    );
    let steps = page.labelled("Step limit");
    assert_eq!(
        (
            steps.get_attribute("type").as_deref(),
            value_of(&steps).as_str()
        ),
        (Some("number"), "25")
    );
    assert_eq!(
        page.text("table.prices caption"),
        "Prices (USD per million tokens)"
    );
    assert_eq!(
        page.text("table.prices thead").trim(),
        "ModelInputOutputCached input (optional)Remove"
    );
    assert_eq!(
        price_cells(&page),
        vec![
            cells(1, ["gpt-4o-mini", "0.15", "0.6", "0.075"]),
            cells(2, ["my-model", "1", "2", ""])
        ]
    );
    assert_eq!(page.button("Remove row 2").tag_name(), "BUTTON");
    assert_eq!(
        page.labelled("Input, row 1")
            .get_attribute("inputmode")
            .as_deref(),
        Some("decimal")
    );
    assert_eq!(
        page.get(AGENT_STATUS).get_attribute("aria-live").as_deref(),
        Some("polite")
    );
}

#[wasm_bindgen_test]
async fn save_sends_the_form_as_edited_and_says_saved() {
    let page = agent_page().await;
    choose(&page, "auto").await;
    type_into(&page.labelled("Fast model (optional)"), "  gpt-4o-mini ").await;
    let sees = |label: &str| page.labelled(label).unchecked_into::<web_sys::HtmlInputElement>();
    assert!(!sees("The main model can see images (it is shown close-ups of look-alike controls)").checked());
    assert!(sees("The fast model can see images").checked(), "the stored setting loads");
    sees("The main model can see images (it is shown close-ups of look-alike controls)").click();
    type_into(&page.labelled("Step limit"), "60").await;
    type_into(&page.labelled("Model context (tokens, optional)"), "32768").await;
    assert_eq!(value_of(&page.labelled("Pages compared per level")), "4", "the stored explore settings load");
    type_into(&page.labelled("Links deep"), "4").await;
    type_into(&page.labelled("Output, row 1"), "0.65").await;
    page.click("Remove row 2").await;
    page.click("Add row").await;
    // A row added but left empty is no price and no mistake.
    page.click("Add row").await;
    type_into(&page.labelled("Model, row 2"), "claude-haiku-4-5").await;
    type_into(&page.labelled("Input, row 2"), "1").await;
    type_into(&page.labelled("Output, row 2"), "5").await;
    type_into(&page.labelled("Cached input, row 2"), "0.1").await;
    page.click(SAVE).await;
    let sent = AgentSettings {
        tool_calling: ToolCalling::Auto,
        fast_model: "gpt-4o-mini".into(),
        vision: true,
        fast_vision: true,
        max_steps: 60,
        context_tokens: 32_768,
        prices: vec![
            price("gpt-4o-mini", 0.15, 0.65, Some(0.075)),
            price("claude-haiku-4-5", 1.0, 5.0, Some(0.1)),
        ],
        explore: bc_core::explore::ExploreSettings { depth: 4, ..stored().explore },
    };
    assert_eq!(
        page.fake.take_requests(),
        vec![PanelRequest::SaveAgentSettings {
            id: FIRST_ID,
            settings: sent.clone()
        }]
    );
    assert!(is_disabled(&page.button(SAVE)));
    assert_eq!(page.text(AGENT_STATUS), "Saving…");
    assert!(
        !is_disabled(&page.button("Save")),
        "the endpoint form is another form"
    );

    page.fake.push(PanelEvent::AgentSettings {
        id: FIRST_ID,
        settings: sent,
    });
    settle().await;
    let status = page.get(AGENT_STATUS);
    assert_eq!(status.text_content().as_deref(), Some("Saved."));
    assert!(status.class_list().contains("success"));
    assert!(!is_disabled(&page.button(SAVE)));
    assert_eq!(
        price_cells(&page).len(),
        2,
        "the table as the worker stored it"
    );
    assert_eq!(select_value(&page), "auto");
    assert_eq!(
        page.text("#settings-status"),
        "",
        "the endpoint's status says nothing"
    );
}

#[wasm_bindgen_test]
async fn mistakes_are_refused_with_the_worker_s_words_before_sending() {
    let page = agent_page().await;
    let cases: [(&str, &str, String); 4] = [
        (
            "Input, row 2",
            "cheap",
            AgentSettingsError::BadPrice {
                model: "my-model".into(),
            }
            .to_string(),
        ),
        (
            "Cached input, row 2",
            "-1",
            AgentSettingsError::BadPrice {
                model: "my-model".into(),
            }
            .to_string(),
        ),
        (
            "Model, row 2",
            " ",
            AgentSettingsError::UnnamedPrice.to_string(),
        ),
        (
            "Step limit",
            "500",
            AgentSettingsError::BadStepLimit(500).to_string(),
        ),
    ];
    for (label, bad, want) in cases {
        let control = page.labelled(label);
        let good = value_of(&control);
        type_into(&control, bad).await;
        page.click(SAVE).await;
        assert!(page.fake.requests().is_empty(), "{label}: nothing sent");
        let status = page.get(AGENT_STATUS);
        assert_eq!(status.text_content().unwrap(), want, "{label}");
        assert!(status.class_list().contains("error"));
        type_into(&control, &good).await;
    }
    type_into(&page.labelled("Step limit"), "").await;
    page.click(SAVE).await;
    assert_eq!(
        page.text(AGENT_STATUS),
        "The step limit must be a whole number between 1 and 200 (got ``)."
    );
    assert!(page.fake.requests().is_empty());
}

#[wasm_bindgen_test]
async fn the_worker_s_refusal_and_a_restart_show_in_the_status() {
    let page = agent_page().await;
    page.click(SAVE).await;
    let error = AgentSettingsError::BadPrice {
        model: "gpt-4o-mini".into(),
    };
    page.fake.push(PanelEvent::Failed {
        id: FIRST_ID,
        error: error.clone().into(),
    });
    settle().await;
    let status = page.get(AGENT_STATUS);
    assert_eq!(status.text_content().unwrap(), error.to_string());
    assert!(status.class_list().contains("error"));
    assert!(!is_disabled(&page.button(SAVE)));

    page.click(SAVE).await;
    page.fake.disconnect();
    settle().await;
    assert_eq!(
        page.text(AGENT_STATUS),
        "The service worker restarted before answering; please ask again."
    );
}

#[wasm_bindgen_test]
async fn an_empty_price_table_saves_no_price() {
    let page = loaded(
        None,
        AgentSettings {
            prices: vec![],
            ..stored()
        },
        vec![],
    )
    .await;
    assert_eq!(page.count("table.prices tbody tr"), 0);
    page.click("Add row").await;
    assert_eq!(price_cells(&page), vec![cells(1, ["", "", "", ""])]);
    page.click(SAVE).await;
    let Some(PanelRequest::SaveAgentSettings { settings, .. }) = page.fake.last_request() else {
        panic!("{:?}", page.fake.requests())
    };
    assert!(settings.prices.is_empty());
}

#[wasm_bindgen_test]
async fn allowed_sites_are_listed_and_removed_one_by_one() {
    let sites = vec![
        "https://shop.example".to_owned(),
        "https://www.acme.test".to_owned(),
    ];
    let page = loaded(None, stored(), sites).await;
    assert_eq!(
        page.get("section.sites h2#sites-title")
            .text_content()
            .as_deref(),
        Some("Allowed sites")
    );
    assert_eq!(page.text("ul.site-list[aria-labelledby=sites-title]"), "https://shop.exampleRemove https://shop.examplehttps://www.acme.testRemove https://www.acme.test");
    assert_eq!(page.count(".sites .empty"), 0);
    page.click("Remove https://www.acme.test").await;
    assert_eq!(
        page.fake.take_requests(),
        vec![PanelRequest::ForgetSite {
            id: FIRST_ID,
            origin: "https://www.acme.test".into()
        }]
    );
    assert!(is_disabled(&page.button("Remove https://www.acme.test")));
    assert!(!is_disabled(&page.button("Remove https://shop.example")));

    page.fake.push(PanelEvent::Sites {
        id: FIRST_ID,
        sites: vec!["https://shop.example".into()],
    });
    settle().await;
    assert_eq!(page.count(".site-list li"), 1);
    page.click("Remove https://shop.example").await;
    page.fake.push(PanelEvent::Sites {
        id: FIRST_ID + 1,
        sites: vec![],
    });
    settle().await;
    assert_eq!(page.count(".site-list li"), 0);
    assert_eq!(
        page.text(".sites .empty"),
        "No site yet: the agent asks before its first action on a site."
    );
}

#[wasm_bindgen_test]
async fn a_site_list_that_cannot_load_says_why() {
    let page = Page::options().await;
    page.fake.push(PanelEvent::Failed {
        id: 3,
        error: bc_core::protocol::CopilotError::Internal {
            detail: "storage".into(),
        },
    });
    settle().await;
    assert_eq!(page.text(".sites [role=alert]"), "Internal error: storage");
    assert_eq!(page.count(".sites .empty"), 0);
}
