//! The options page's "Agent" section: how tools reach the model, an
//! optional fast model, the step limit, exploring, and the price table; its own
//! form, Save and status line. State and checks live in `agent_state.rs`.

use super::agent_state::{AgentState, Column};
use super::explore_form::{Check, ExploreFields};
use super::{Field, StatusLine};
use bc_core::agent::settings::ToolCalling;
use leptos::ev::SubmitEvent;
use leptos::prelude::*;

/// `<section aria-labelledby="agent-title">` with the Agent form, named
/// "Agent", and its status line `#agent-status`.
#[component]
pub fn AgentSection(
    /// The form's state and actions.
    agent: AgentState,
) -> impl IntoView {
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        agent.save();
    };
    view! {
        <section class="agent" aria-labelledby="agent-title">
            <h2 id="agent-title">"Agent"</h2>
            <form class="settings" aria-labelledby="agent-title" novalidate on:submit=on_submit>
                <ToolCallingSelect value=agent.tool_calling />
                <Field
                    id="fast-model"
                    label="Fast model (optional)"
                    value=agent.fast_model
                    placeholder="gpt-4o-mini"
                    hint="A cheaper model for helper calls: when the main model names a control the page does not have, it finds the one meant (read-only). Empty: no helper."
                />
                <Check id="vision" label="The main model can see images (it is shown close-ups of look-alike controls)" value=agent.vision />
                <Check id="fast-vision" label="The fast model can see images" value=agent.fast_vision />
                <Field
                    id="max-steps"
                    label="Step limit"
                    kind="number"
                    value=agent.max_steps
                    range=(1, 200)
                    hint="The most steps one task may take before it stops."
                />
                <Field
                    id="context-tokens"
                    label="Model context (tokens, optional)"
                    kind="number"
                    value=agent.context_tokens
                    range=(8192, 2_000_000)
                    hint="For a local model with a small context (Ollama's num_ctx): the agent keeps its prompts within it. Empty: large enough."
                />
                <ExploreFields agent />
                <PriceTable agent />
                <div class="actions">
                    <button type="submit" class="primary" disabled=move || agent.saving.get()>
                        "Save"
                        <span class="visually-hidden">" agent settings"</span>
                    </button>
                </div>
            </form>
            <StatusLine id="agent-status" status=agent.status />
        </section>
    }
}

/// "Tool calling": native with text as the fallback, or text always.
#[component]
fn ToolCallingSelect(
    /// The chosen mode.
    value: RwSignal<ToolCalling>,
) -> impl IntoView {
    let choices = [
        (
            ToolCalling::Auto,
            "auto",
            "Automatic — native, text when the endpoint has none",
        ),
        (ToolCalling::Text, "text", "Text (JSON in the reply)"),
    ];
    let on_change = move |ev| {
        let chosen = event_target_value(&ev);
        if let Some((mode, ..)) = choices.iter().find(|(_, v, _)| *v == chosen) {
            value.set(*mode);
        }
    };
    view! {
        <div class="field">
            <label for="tool-calling">"Tool calling"</label>
            <select id="tool-calling" name="tool-calling" aria-describedby="tool-calling-hint" on:change=on_change>
                {choices
                    .into_iter()
                    .map(|(mode, wire, text)| {
                        view! {
                            <option value=wire prop:selected=move || value.get() == mode>
                                {text}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
            <p class="hint" id="tool-calling-hint">
                "Text is for servers whose tool calling is broken rather than absent."
            </p>
        </div>
    }
}

/// "Prices (USD per million tokens)": one row per model, each cell
/// labelled with its column and row ("Input, row 2"), "Remove row N" per
/// row and "Add row" under the table.
#[component]
fn PriceTable(
    /// The form whose rows to show.
    agent: AgentState,
) -> impl IntoView {
    let keys = move || {
        agent
            .prices
            .with(|rows| rows.iter().map(|r| r.key).collect::<Vec<_>>())
    };
    view! {
        <div class="field">
            <table class="prices" aria-describedby="prices-hint">
                <caption>"Prices (USD per million tokens)"</caption>
                <thead>
                    <tr>
                        {Column::ALL.map(|c| view! { <th scope="col">{c.header()}</th> })}
                        <th scope="col">
                            <span class="visually-hidden">"Remove"</span>
                        </th>
                    </tr>
                </thead>
                <tbody>
                    <For each=keys key=|key| *key children=move |key| view! { <PriceRowView agent key /> } />
                </tbody>
            </table>
            <p class="hint" id="prices-hint">
                "A model without a row shows tokens only; local models cost nothing and need none."
            </p>
            <div class="actions">
                <button type="button" on:click=move |_| agent.add_row()>"Add row"</button>
            </div>
        </div>
    }
}

/// One row of the price table: four labelled cells and its Remove.
#[component]
fn PriceRowView(
    /// The form the row belongs to.
    agent: AgentState,
    /// The row's key.
    key: u32,
) -> impl IntoView {
    let number = Memo::new(move |_| agent.row_number(key));
    let cells = Column::ALL.map(|column| view! { <PriceCell agent key column number /> });
    view! {
        <tr>
            {cells}
            <td>
                <button type="button" on:click=move |_| agent.remove_row(key)>
                    "Remove"
                    <span class="visually-hidden">{move || format!(" row {}", number.get())}</span>
                </button>
            </td>
        </tr>
    }
}

/// One cell: its input and a label only screen readers and tests see
/// (the column header says it to the eye).
#[component]
fn PriceCell(
    /// The form the cell belongs to.
    agent: AgentState,
    /// The row's key.
    key: u32,
    /// The cell's column.
    column: Column,
    /// The row's place in the table, from 1.
    #[prop(into)]
    number: Signal<usize>,
) -> impl IntoView {
    let id = format!("price-{key}-{}", column.slug());
    let value = Memo::new(move |_| agent.cell(key, column));
    let is_model = column == Column::Model;
    view! {
        <td>
            <label class="visually-hidden" for=id.clone()>{move || column.label(number.get())}</label>
            <input
                id=id
                type="text"
                inputmode=(!is_model).then_some("decimal")
                placeholder=(column == Column::CachedInput).then_some("as input")
                spellcheck="false"
                autocomplete="off"
                prop:value=move || value.get()
                on:input=move |ev| agent.set_cell(key, column, event_target_value(&ev))
            />
        </td>
    }
}
