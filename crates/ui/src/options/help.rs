//! Example endpoints, so a user knows what to type.

use leptos::prelude::*;

/// Provider, base URL: the endpoints the help lists.
const EXAMPLES: [(&str, &str); 4] = [
    ("OpenAI", "https://api.openai.com/v1"),
    ("Ollama", "http://localhost:11434/v1"),
    ("LM Studio", "http://localhost:1234/v1"),
    ("OpenRouter", "https://openrouter.ai/api/v1"),
];

/// A short list of common OpenAI-compatible endpoints.
#[component]
pub fn EndpointHelp() -> impl IntoView {
    view! {
        <section class="help" aria-labelledby="help-title">
            <h2 id="help-title">"Example endpoints"</h2>
            <dl>
                {EXAMPLES
                    .iter()
                    .map(|(name, url)| {
                        view! {
                            <dt>{*name}</dt>
                            <dd>
                                <code>{*url}</code>
                            </dd>
                        }
                    })
                    .collect_view()}
            </dl>
            <p>"Local servers (Ollama, LM Studio) usually need no API key."</p>
        </section>
    }
}
