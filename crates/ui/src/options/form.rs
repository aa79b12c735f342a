//! The settings form: four fields, Save and Test connection.

use super::{Field, OptionsState};
use leptos::ev::SubmitEvent;
use leptos::prelude::*;

/// The settings form. Submitting saves; each button is disabled while its
/// own request is pending. Validation is the worker's, so its messages show.
#[component]
pub fn SettingsForm(
    /// The form's state and actions.
    state: OptionsState,
) -> impl IntoView {
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        state.save();
    };
    view! {
        <form class="settings" novalidate on:submit=on_submit>
            <Field
                id="endpoint"
                label="API endpoint"
                kind="url"
                value=state.endpoint
                placeholder="https://api.openai.com/v1"
            />
            <Field
                id="api-key"
                label="API key"
                kind="password"
                value=state.api_key
                placeholder=Signal::derive(move || state.key_placeholder())
                autocomplete="off"
                hint="Stored only in this browser and sent only to the endpoint above."
            />
            <Field id="model" label="Model" value=state.model placeholder="gpt-4o-mini" />
            <Field
                id="timeout"
                label="Timeout (seconds)"
                kind="number"
                value=state.timeout
                range=(1, 600)
                hint="How long to wait for the endpoint to start and continue answering."
            />
            <div class="actions">
                <button type="submit" class="primary" disabled=move || state.saving.get()>
                    "Save"
                </button>
                <button
                    type="button"
                    disabled=move || state.testing.get()
                    on:click=move |_| state.test_connection()
                >
                    "Test connection"
                </button>
            </div>
        </form>
    }
}
