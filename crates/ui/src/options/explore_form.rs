//! The Agent form's "Exploring the site" fieldset: the `explore` search's
//! beam, depth, background tabs and time limit, whether the goal page's
//! tab is kept, and whether the agent explores by itself when the Scout
//! says a control is on another page. Numbers stay text while the user
//! types; `AgentState::settings` parses them and the core checks ranges.

use super::agent_state::AgentState;
use super::Field;
use leptos::prelude::*;

#[component]
pub fn ExploreFields(agent: AgentState) -> impl IntoView {
    view! {
        <fieldset class="explore">
            <legend>"Exploring the site"</legend>
            <Field id="explore-beam" label="Pages compared per level" kind="number" value=agent.explore_beam range=(3, 5)
                hint="How many promising links are opened at each level of the search (3–5)." />
            <Field id="explore-depth" label="Links deep" kind="number" value=agent.explore_depth range=(3, 4)
                hint="How many links away from the page in front the search may go (3 or 4)." />
            <Field id="explore-tabs" label="Background tabs at once" kind="number" value=agent.explore_tabs range=(1, 6)
                hint="Pages are opened in muted background tabs, grouped and closed as soon as they lose (1–6)." />
            <Field id="explore-secs" label="Time limit (seconds)" kind="number" value=agent.explore_secs range=(5, 300) />
            <Check id="explore-keep" label="Switch to the found page's tab instead of opening it in the task's tab" value=agent.explore_keep />
            <Check id="explore-auto" label="Explore without being asked when the control the model wants is on another page" value=agent.explore_auto />
        </fieldset>
    }
}

/// A labelled checkbox bound to a bool signal.
#[component]
pub(super) fn Check(id: &'static str, label: &'static str, value: RwSignal<bool>) -> impl IntoView {
    view! {
        <div class="field check">
            <input id=id name=id type="checkbox" prop:checked=move || value.get() on:change=move |ev| value.set(event_target_checked(&ev)) />
            <label for=id>{label}</label>
        </div>
    }
}
