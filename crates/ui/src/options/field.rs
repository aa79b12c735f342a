//! One labelled input of the settings form.

use leptos::prelude::*;

/// A `<label for>` and its `<input>`, bound to a string signal.
#[component]
pub fn Field(
    /// The input's id, which the label points at.
    id: &'static str,
    /// The visible label text.
    label: &'static str,
    /// The input's `type`.
    #[prop(default = "text")]
    kind: &'static str,
    /// The value, updated as the user types.
    value: RwSignal<String>,
    /// Placeholder text; may change (e.g. the stored key hint).
    #[prop(into, optional)]
    placeholder: MaybeProp<String>,
    /// The `autocomplete` attribute, if any.
    #[prop(optional)]
    autocomplete: Option<&'static str>,
    /// Allowed range of a number input.
    #[prop(optional)]
    range: Option<(u32, u32)>,
    /// A short help line under the input, tied to it by `aria-describedby`.
    #[prop(optional)]
    hint: Option<&'static str>,
) -> impl IntoView {
    let hint_id = hint.map(|_| format!("{id}-hint"));
    view! {
        <div class="field">
            <label for=id>{label}</label>
            <input
                id=id
                name=id
                type=kind
                placeholder=move || placeholder.get()
                autocomplete=autocomplete
                min=range.map(|r| r.0)
                max=range.map(|r| r.1)
                spellcheck="false"
                aria-describedby=hint_id.clone()
                prop:value=move || value.get()
                on:input=move |ev| value.set(event_target_value(&ev))
            />
            {hint.map(|text| view! { <p class="hint" id=hint_id>{text}</p> })}
        </div>
    }
}
