//! The flows screen: `<section aria-label="Flows">` with Record / Stop,
//! healed steps waiting for Accept, the saved flows (Run, Review, Delete;
//! Export and Import as JSON), and the review card of a flow just
//! recorded: rename it, delete a step, turn a typed value into a
//! parameter or back. Site commands (flows found by action discovery)
//! are listed apart, by site, each removable, and the whole site too.

use super::flows::Flows;
use super::Conversation;
use bc_core::flows::{FlowEdit, FlowSource, StepAction, StepValue, WebFlow};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

#[component]
pub fn FlowsScreen(
    /// The screen's state and actions.
    flows: Flows,
    /// Where Run sends the flow's command.
    conversation: Conversation,
) -> impl IntoView {
    let reviewing = move || flows.review.with(Option::is_some);
    view! {
        <section class="flows" aria-label="Flows">
            <RecordBar flows />
            <p class="note" role="status">{move || flows.note.get().unwrap_or_default()}</p>
            <Healed flows />
            <Show when=reviewing fallback=move || view! { <FlowList flows conversation /> }>
                <ReviewCard flows />
            </Show>
        </section>
    }
}

#[component]
fn RecordBar(flows: Flows) -> impl IntoView {
    let name = RwSignal::new(String::new());
    let recording = move || flows.view.with(|v| v.as_ref().and_then(|v| v.recording.clone()));
    view! {
        <div class="flows-bar">
            <input type="text" aria-label="Flow name" placeholder="Name of the new flow" prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev)) />
            <button type="button" disabled=move || recording().is_some() on:click=move |_| flows.start_recording(name.get_untracked())>"Record"</button>
            <button type="button" disabled=move || recording().is_none() on:click=move |_| flows.stop_recording()>"Stop"</button>
        </div>
        <Show when=move || recording().is_some()>
            <p class="recording" role="status">{move || format!("Recording “{}”: do the steps on the page, then press Stop.", recording().unwrap_or_default())}</p>
        </Show>
    }
}

#[component]
fn Healed(flows: Flows) -> impl IntoView {
    let lines = move || flows.view.with(|v| v.as_ref().map(|v| v.healed.clone()).unwrap_or_default());
    view! {
        <Show when=move || !lines().is_empty()>
            <div class="card healed" aria-label="Healed steps">
                <p>"The page had changed; these steps found their element another way:"</p>
                <ul>{move || lines().into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                <button type="button" class="primary" on:click=move |_| flows.accept_healing()>"Accept"</button>
            </div>
        </Show>
    }
}

#[component]
fn FlowList(flows: Flows, conversation: Conversation) -> impl IntoView {
    let list = move || flows.view.with(|v| v.as_ref().map(|v| v.flows.iter().filter(|f| f.source != FlowSource::Discovered).cloned().collect::<Vec<_>>()).unwrap_or_default());
    let run = move |name: String| {
        conversation.draft.set(format!("run {name}"));
        flows.leave();
        conversation.ask();
    };
    let on_file = move |ev: leptos::ev::Event| {
        let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else { return };
        let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
        wasm_bindgen_futures::spawn_local(async move {
            if let Ok(text) = wasm_bindgen_futures::JsFuture::from(file.text()).await {
                flows.import(text.as_string().unwrap_or_default());
            }
        });
    };
    view! {
        <div class="flows-bar">
            <h2>"Saved flows"</h2>
            <button type="button" on:click=move |_| flows.export()>"Export"</button>
            <label class="button">"Import" <input type="file" accept="application/json,.json" aria-label="Import flows" on:change=on_file /></label>
        </div>
        <Show when=move || list().is_empty()>
            <p class="empty">"No flow yet: press Record, do the steps yourself, then Stop."</p>
        </Show>
        <ul class="flow-list" aria-label="Saved flows">
            {move || list().into_iter().map(|flow| {
                let (n1, n2) = (flow.name.clone(), flow.name.clone());
                let sentence = flow.grammar_patterns.last().cloned().unwrap_or_default();
                let review = flow.clone();
                view! {
                    <li class="flow" aria-label=flow.name.clone()>
                        <strong>{flow.name.clone()}</strong>
                        <span class="muted">{format!(" · {} steps", flow.steps.len())}</span>
                        <p class="muted small">{format!("Say: {sentence}")}</p>
                        <button type="button" on:click=move |_| run(n1.clone())>"Run"</button>
                        <button type="button" on:click=move |_| flows.review_flow(review.clone())>"Review"</button>
                        <button type="button" on:click=move |_| flows.delete(n2.clone())>"Delete"</button>
                    </li>
                }
            }).collect_view()}
        </ul>
        <SiteCommands flows />
    }
}

/// The site commands, grouped by the site they run on.
#[component]
fn SiteCommands(flows: Flows) -> impl IntoView {
    let sites = move || {
        let mut by_site: Vec<(String, Vec<WebFlow>)> = Vec::new();
        let all = flows.view.with(|v| v.as_ref().map(|v| v.flows.clone()).unwrap_or_default());
        for flow in all.into_iter().filter(|f| f.source == FlowSource::Discovered) {
            let site = flow.scope.domains.first().cloned().unwrap_or_default();
            match by_site.iter_mut().find(|(s, _)| *s == site) {
                Some((_, list)) => list.push(flow),
                None => by_site.push((site, vec![flow])),
            }
        }
        by_site
    };
    view! {
        <Show when=move || !sites().is_empty()>
            <h2>"Site commands"</h2>
        </Show>
        {move || sites().into_iter().map(|(site, list)| {
            let forget = site.clone();
            view! {
                <section class="site-commands" aria-label=format!("Site commands of {site}")>
                    <div class="flows-bar">
                        <h3>{site.clone()}</h3>
                        <button type="button" on:click=move |_| flows.forget_site(forget.clone())>"Remove all"</button>
                    </div>
                    <ul class="flow-list">
                        {list.into_iter().map(|flow| {
                            let name = flow.name.clone();
                            let sentence = flow.grammar_patterns.last().cloned().unwrap_or_default();
                            view! {
                                <li class="flow" aria-label=flow.name.clone()>
                                    <strong>{flow.name.clone()}</strong>
                                    <p class="muted small">{format!("Say: {sentence}")}</p>
                                    <button type="button" on:click=move |_| flows.delete(name.clone())>"Remove"</button>
                                </li>
                            }
                        }).collect_view()}
                    </ul>
                </section>
            }
        }).collect_view()}
    }
}

#[component]
fn ReviewCard(flows: Flows) -> impl IntoView {
    let flow = move || flows.review.get();
    let name = RwSignal::new(flows.review.with_untracked(|f| f.as_ref().map(|f| f.name.clone()).unwrap_or_default()));
    view! {
        <div class="card review" aria-label="Review the flow">
            <div class="flows-bar">
                <input type="text" aria-label="Flow name" prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev)) />
                <button type="button" on:click=move |_| flows.edit(FlowEdit::Rename { name: name.get_untracked() })>"Rename"</button>
            </div>
            <ol class="flow-steps">
                {move || flow().map(|f| steps(flows, &f)).unwrap_or_default()}
            </ol>
            <p class="muted small">{move || flow().map(|f| params_line(&f)).unwrap_or_default()}</p>
            <button type="button" class="primary" on:click=move |_| flows.done_reviewing()>"Done"</button>
        </div>
    }
}

fn steps(flows: Flows, flow: &WebFlow) -> Vec<AnyView> {
    flow.steps
        .iter()
        .enumerate()
        .map(|(i, step)| {
            let toggle = match &step.action {
                StepAction::Type { value: StepValue::Literal(_) } | StepAction::Select { value: StepValue::Literal(_) } => {
                    Some(("Make it a parameter", FlowEdit::MarkParam { step: i, name: None }))
                }
                StepAction::Type { value: StepValue::Param(p) } | StepAction::Select { value: StepValue::Param(p) } if !flow.param(p).is_some_and(|p| p.secret) => {
                    Some(("Keep this value", FlowEdit::UnmarkParam { step: i }))
                }
                _ => None,
            };
            let toggle = toggle.map(|(label, edit)| view! { <button type="button" on:click=move |_| flows.edit(edit.clone())>{label}</button> });
            view! {
                <li class="flow-step">
                    <span class="step-label">{step.describe()}</span>
                    {toggle}
                    <button type="button" aria-label=format!("Delete step {}", i + 1) on:click=move |_| flows.edit(FlowEdit::DeleteStep { step: i })>"Delete"</button>
                </li>
            }
            .into_any()
        })
        .collect()
}

fn params_line(flow: &WebFlow) -> String {
    if flow.parameters.is_empty() {
        return "No parameters.".into();
    }
    let parts: Vec<String> = flow
        .parameters
        .iter()
        .map(|p| match (&p.default, p.secret) {
            (_, true) => format!("{} (secret, asked each run)", p.name),
            (Some(d), _) => format!("{} = “{d}”", p.name),
            (None, _) => p.name.clone(),
        })
        .collect();
    format!("Parameters: {}", parts.join(", "))
}
