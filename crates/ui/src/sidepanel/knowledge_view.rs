//! The pages found for a question about what the user read: a heading,
//! then one item per page, numbered as the model's answer cites them
//! (`[1]`), with its title linked, the visit date, the site and a snippet.

use bc_core::knowledge::answer::{Found, Source};
use leptos::prelude::*;

/// `<section class="knowledge">` under the answer (or alone, without a model).
#[component]
pub fn KnowledgeSources(
    /// What the worker found.
    found: Found,
) -> impl IntoView {
    let Found { heading, sources, tally } = found;
    view! {
        <section class="bubble answer knowledge" aria-label="Pages you read">
            <p class="knowledge-heading">{heading}</p>
            {tally.map(|t| view! { <p class="knowledge-tally">{t}</p> })}
            <ol class="knowledge-sources">
                {sources.into_iter().map(|source| view! { <SourceItem source /> }).collect_view()}
            </ol>
        </section>
    }
}

/// One page: "[n] Title" (a link), "site · date", the snippet.
#[component]
fn SourceItem(
    /// The page.
    source: Source,
) -> impl IntoView {
    let Source { n, title, url, site, date, snippet, .. } = source;
    let key = url.clone();
    view! {
        <li class="knowledge-source" data-url=key>
            <p class="source-title">
                <span class="source-n">{format!("[{n}] ")}</span>
                <a href=url target="_blank" rel="noopener noreferrer">{title}</a>
            </p>
            <p class="source-meta">{format!("{site} · read {date}")}</p>
            <p class="source-snippet">{snippet}</p>
        </li>
    }
}
