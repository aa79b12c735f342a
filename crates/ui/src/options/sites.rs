//! The options page's "Allowed sites": the origins the agent acts on
//! without asking, each with its Remove. State lives in `sites_state.rs`.

use super::sites_state::SitesState;
use leptos::prelude::*;

/// `<section aria-labelledby="sites-title">` with the list of allowed
/// origins, or a line saying there is none yet.
#[component]
pub fn AllowedSites(
    /// The list and its actions.
    sites: SitesState,
) -> impl IntoView {
    let list = sites.sites;
    let empty = move || list.with(|s| s.as_ref().is_some_and(Vec::is_empty));
    let loading = move || list.with(Option::is_none) && sites.error.with(Option::is_none);
    view! {
        <section class="sites" aria-labelledby="sites-title">
            <h2 id="sites-title">"Allowed sites"</h2>
            <p class="hint">
                "The agent acts on these sites without asking first (you chose “Always allow this site”)."
            </p>
            {move || sites.error.get().map(|text| view! { <p class="status error" role="alert">{text}</p> })}
            <Show when=loading>
                <p class="hint">"Loading…"</p>
            </Show>
            <Show when=empty>
                <p class="empty">"No site yet: the agent asks before its first action on a site."</p>
            </Show>
            <ul class="site-list" aria-labelledby="sites-title">
                <For
                    each=move || list.get().unwrap_or_default()
                    key=|origin| origin.clone()
                    children=move |origin| view! { <SiteItem sites origin /> }
                />
            </ul>
        </section>
    }
}

/// One allowed origin and its button, named "Remove <origin>".
#[component]
fn SiteItem(
    /// Where Remove goes.
    sites: SitesState,
    /// The origin ("https://shop.example").
    origin: String,
) -> impl IntoView {
    let busy = {
        let origin = origin.clone();
        move || {
            sites
                .removing
                .with(|r| r.as_deref() == Some(origin.as_str()))
        }
    };
    let remove = {
        let origin = origin.clone();
        move |_| sites.forget(origin.clone())
    };
    view! {
        <li>
            <code class="site-origin">{origin.clone()}</code>
            <button type="button" disabled=busy on:click=remove>
                "Remove"
                <span class="visually-hidden">{format!(" {origin}")}</span>
            </button>
        </li>
    }
}
