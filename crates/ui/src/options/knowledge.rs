//! The options page's "Reading history" section: the opt-in switch, how
//! much is stored, forgetting a site, the excluded sites with Remove, and
//! deleting everything. State lives in `knowledge_state.rs`.

use super::knowledge_state::{size_line, KnowledgeState};
use leptos::prelude::*;

/// `<section aria-labelledby="knowledge-title">`.
#[component]
pub fn ReadingHistory(
    /// The section's state and actions.
    knowledge: KnowledgeState,
) -> impl IntoView {
    let view_ = knowledge.view;
    let enabled = move || view_.with(|v| v.as_ref().is_some_and(|v| v.enabled));
    let excluded = move || view_.with(|v| v.as_ref().map(|v| v.excluded.clone()).unwrap_or_default());
    let size = move || view_.with(|v| v.as_ref().map(size_line));
    let toggle = move |ev: leptos::ev::Event| knowledge.set_enabled(event_target_checked(&ev));
    let forget = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        knowledge.forget_typed();
    };
    view! {
        <section class="knowledge-settings" aria-labelledby="knowledge-title">
            <h2 id="knowledge-title">"Reading history"</h2>
            <p class="hint">
                "When on, the title, headings and main text of pages you read (a few seconds in front, in a normal window) are kept on this computer, with e-mails, phone and card numbers removed, so you can ask “what did I read about X last month?”. Never kept: incognito windows, browser pages, excluded sites."
            </p>
            <label class="switch">
                <input type="checkbox" role="switch" prop:checked=enabled on:change=toggle disabled=move || view_.with(Option::is_none) />
                " Remember pages I read"
            </label>
            <p class="knowledge-size" aria-live="polite">{size}</p>
            {move || knowledge.message.get().map(|text| view! { <p class="knowledge-message" aria-live="polite">{text}</p> })}
            <form class="forget-site" on:submit=forget>
                <label for="forget-site">"Forget a site (deletes its pages and excludes it)"</label>
                <input id="forget-site" type="text" placeholder="news.example.com" prop:value=move || knowledge.site.get() on:input=move |ev| knowledge.site.set(event_target_value(&ev)) />
                <button type="submit" disabled=move || knowledge.busy.get()>"Forget"</button>
            </form>
            <h3 id="excluded-title">"Excluded sites"</h3>
            <Show when=move || excluded().is_empty()>
                <p class="empty">"No site is excluded."</p>
            </Show>
            <ul class="site-list excluded-sites" aria-labelledby="excluded-title">
                <For
                    each=excluded
                    key=|site| site.clone()
                    children=move |site| {
                        let include = {
                            let site = site.clone();
                            move |_| knowledge.include(site.clone())
                        };
                        view! {
                            <li>
                                <code class="site-origin">{site.clone()}</code>
                                <button type="button" on:click=include>
                                    "Remove"
                                    <span class="visually-hidden">{format!(" {site}")}</span>
                                </button>
                            </li>
                        }
                    }
                />
            </ul>
            <button type="button" class="danger" on:click=move |_| knowledge.clear()>"Delete all stored pages"</button>
        </section>
    }
}
