//! What the model writes: JSON that is not quite JSON (`parse_lenient`),
//! calls written as text (`calls_in_text`), a reply read as a whole
//! (`reply::read`), a call's arguments (`tools::decode`, `lenient`), and a
//! skill's arguments on a page (`skills::plan`).

use crate::gen::{self, Rng, Style};
use crate::llm::{tool_name, ARG_KEYS};
use crate::fuzz;
use bc_core::agent::reply::{self, MAX_CALLS_PER_TURN};
use bc_core::agent::skills::{self, SKILLS};
use bc_core::agent::tools::{self, tool_names, AgentCall, CallError};
use bc_core::kind::{ActionKind, FormPurpose};
use bc_core::llm::{calls_in_text, parse_lenient, Completion, RepairError, ToolCallWire};
use bc_core::types::MiniPcd;
use serde_json::{json, Map, Value};

#[derive(Debug)]
struct LenientCase {
    text: String,
    /// What the text means, when it is `value` written in some style and
    /// not mangled since.
    value: Option<Value>,
}

fn make_lenient(rng: &mut Rng) -> LenientCase {
    let value = if rng.one_in(3) { gen::json(rng, 4, ARG_KEYS) } else { gen::object(rng, 3, ARG_KEYS) };
    let style = gen::style(rng);
    let text = gen::render(rng, &value, style);
    match rng.below(10) {
        0..=3 => LenientCase { text, value: Some(value) },
        4..=7 => LenientCase { text: gen::mutate(rng, &text), value: None },
        8 => LenientCase { text: gen::text(rng, 60), value: None },
        _ => {
            let depth = if rng.one_in(4) { rng.range(100, 3000) } else { rng.range(1, 200) };
            LenientCase { text: gen::deep(rng, depth), value: None }
        }
    }
}

#[test]
fn lenient_json() {
    fuzz("lenient_json", 10_000, make_lenient, |case: &LenientCase| {
        let got = parse_lenient(&case.text);
        if let Some(want) = &case.value {
            let read = got.as_ref().unwrap_or_else(|e| panic!("a value written in some style does not read: {e}"));
            assert!(gen::same_json(read, want), "a value written in some style reads back as itself, not as {read:?}");
        }
        // What strict JSON reads, the lenient reader reads the same.
        if let Ok(strict) = serde_json::from_str::<Value>(case.text.trim_start_matches('\u{feff}')) {
            assert_eq!(got.as_ref(), Ok(&strict), "strict JSON is read as serde_json reads it");
        }
        match got {
            Ok(_) if case.value.is_some() => "ok (as written)".into(),
            Ok(v) if v.is_object() => "ok object (from mangled text)".into(),
            Ok(_) => "ok other (from mangled text)".into(),
            Err(RepairError::Empty) => "empty".into(),
            Err(e @ RepairError::Invalid { .. }) => {
                assert!(!e.to_string().is_empty());
                "invalid".into()
            }
        }
    });
}

/// Keys of arguments that say nothing about which tool is called: clean
/// calls use only these, so what a text means is unambiguous.
const CLEAN_KEYS: &[&str] = &["id", "text", "submit", "tabId", "ids", "direction", "url", "answer", "success", "limit", "query", "path"];
const PROSE: &[&str] = &["I", "will", "click", "Sign in", "now.", "Done!", "The", "price", "is", "$29.", "Zürich", "😀", "—", "ok,", "next:", "\n", "\n\n"];

/// A model's text with calls in it, and the calls it means (when it is
/// written cleanly: plain prose, whole markup, calls to offered tools).
#[derive(Debug)]
pub struct ModelText {
    pub text: String,
    pub known: Vec<&'static str>,
    pub intended: Option<Vec<(String, Value)>>,
}

/// One call in one of the shapes models write (see `text_calls.rs`), as
/// JSON text.
fn call_json(rng: &mut Rng, name: &str, args: &Value, style: Style) -> String {
    let text_of = |rng: &mut Rng, v: &Value| gen::render(rng, v, style);
    let v = match rng.below(7) {
        0 => json!({"name": name, "arguments": args}),
        1 => {
            let name_key = *rng.pick(&["tool", "name", "function", "action", "tool_name"]);
            let args_key = *rng.pick(&["arguments", "args", "parameters", "params", "input"]);
            json!({name_key: name, args_key: args})
        }
        2 => {
            let args_text = text_of(rng, args);
            json!({"name": name, "arguments": args_text})
        }
        3 => json!({"type": "function", "function": {"name": name, "arguments": args}}),
        4 => json!({"tool_calls": [{"id": "c1", "function": {"name": name, "arguments": args.to_string()}}]}),
        5 if tool_names().contains(&name) => json!({name: args}),
        _ => {
            let mut map: Map<String, Value> = args.as_object().cloned().unwrap_or_default();
            map.insert("action".into(), json!(name));
            Value::Object(map)
        }
    };
    text_of(rng, &v)
}

/// A tool name as a model spells an offered one: exactly, another case,
/// `functions.` in front, `-` for `_`.
fn spelled(rng: &mut Rng, name: &str) -> String {
    match rng.below(5) {
        0 => name.to_uppercase(),
        1 => format!("functions.{name}"),
        2 => name.replace('_', "-"),
        _ => name.to_owned(),
    }
}

pub fn make_model_text(rng: &mut Rng) -> ModelText {
    let all = tool_names();
    let mut known: Vec<&'static str> = all.iter().copied().filter(|_| !rng.one_in(3)).collect();
    if known.is_empty() {
        known.push(all[0]);
    }
    let mut text = String::new();
    let mut intended = Vec::new();
    let prose = |rng: &mut Rng| if rng.one_in(2) { String::new() } else { format!(" {} ", gen::words(rng, PROSE, 8)) };
    for _ in 0..rng.range(1, 3) {
        text.push_str(&prose(rng));
        let name = *rng.pick(&known);
        let args = gen::object(rng, 1, CLEAN_KEYS);
        let style = gen::style(rng);
        let spelling = spelled(rng, name);
        let json = call_json(rng, &spelling, &args, style);
        match rng.below(7) {
            0 => text.push_str(&json),
            1 => {
                let lang = *rng.pick(&["", "json", "json5", "JSON", "tool_call", "tool_code"]);
                text.push_str(&format!("```{lang}\n{json}\n```"));
            }
            2 => text.push_str(&format!("<tool_call>\n{json}\n</tool_call>")),
            3 => text.push_str(&format!("<|python_tag|>{json}{}", if rng.one_in(2) { "<|eom_id|>" } else { "" })),
            4 => {
                let args_text = gen::render(rng, &args, style);
                text.push_str(&format!("<function={name}>{args_text}</function>"));
                intended.push((name.to_owned(), args));
                continue;
            }
            5 => text.push_str(&format!("[TOOL_CALLS] [{json}]")),
            _ => {
                let other = *rng.pick(&known);
                let other_args = gen::object(rng, 1, CLEAN_KEYS);
                let second = call_json(rng, other, &other_args, style);
                text.push_str(&format!("[{json}, {second}]"));
                intended.push((name.to_owned(), args));
                intended.push((other.to_owned(), other_args));
                continue;
            }
        }
        intended.push((name.to_owned(), args));
    }
    text.push_str(&prose(rng));
    match rng.below(6) {
        0 => ModelText { text: gen::mutate(rng, &text), known, intended: None },
        1 => {
            // Braces in prose, a Python fence, a call to a tool not offered.
            let extra = *rng.pick(&["Use {name} here.", "```python\n{'a': 1}\n```", "{\"name\": \"teleport\", \"arguments\": {}}", "{\"name\": \"Alice\", \"age\": 30}", "<tool_call>oops", "```json\n{\"id\": 3,"]);
            ModelText { text: format!("{text}{extra}"), known, intended: None }
        }
        _ => ModelText { text, known, intended: Some(intended) },
    }
}

#[test]
fn text_calls() {
    fuzz("text_calls", 6000, make_model_text, |case: &ModelText| {
        let found = calls_in_text(&case.text, &case.known);
        for call in &found.calls {
            assert!(case.known.contains(&call.name.as_str()), "a call to `{}`, which is not offered", call.name);
        }
        assert!(found.prose.len() <= case.text.len(), "the prose is the text without the calls");
        if let Some(intended) = &case.intended {
            let got: Vec<(&str, &Value)> = found.calls.iter().map(|c| (c.name.as_str(), &c.arguments)).collect();
            let same = got.len() == intended.len() && got.iter().zip(intended).all(|(g, i)| g.0 == i.0 && gen::same_json(g.1, &i.1));
            assert!(same, "the calls the text means: found {got:?}, meant {intended:?}");
            assert_eq!(found.problem, None);
        }
        let problem = match &found.problem {
            None => "",
            Some(p) => match p {
                bc_core::llm::CallProblem::UnknownTool { .. } => ", unknown tool",
                bc_core::llm::CallProblem::BadJson { .. } => ", bad json",
                bc_core::llm::CallProblem::MissingName => ", missing name",
            },
        };
        format!("{} calls{problem}", found.calls.len().min(3))
    });
}

/// What `reply::read` must make of any completion: at most
/// [`MAX_CALLS_PER_TURN`] calls, the rest counted as dropped; every call
/// that decoded is to a tool or skill of the table, with an id.
pub fn check_reply(completion: &Completion) {
    let reply = reply::read(completion, 3);
    assert!(reply.calls.len() <= MAX_CALLS_PER_TURN);
    let total = if completion.tool_calls.is_empty() { reply.calls.len() + reply.dropped } else { completion.tool_calls.len() };
    assert_eq!(reply.calls.len() + reply.dropped, total, "calls kept and dropped: {reply:?}");
    let names = tool_names();
    for call in &reply.calls {
        assert!(!call.wire.id.is_empty(), "a call without an id: {reply:?}");
        if let Ok(decoded) = &call.call {
            assert!(names.contains(&decoded.name()), "decoded to `{}`, not a tool", decoded.name());
        }
    }
}

#[test]
fn reply_read() {
    let make = |rng: &mut Rng| {
        let tool_calls = (0..rng.len(8))
            .map(|i| {
                let args = gen::object(rng, 2, ARG_KEYS);
                let arguments = match rng.below(3) {
                    0 => gen::mutate(rng, &args.to_string()),
                    _ => {
                        let style = gen::style(rng);
                        gen::render(rng, &args, style)
                    }
                };
                let id = if rng.one_in(3) { String::new() } else { format!("id{i}") };
                ToolCallWire::new(id, tool_name(rng), arguments)
            })
            .collect::<Vec<_>>();
        let content = if tool_calls.is_empty() || rng.one_in(3) { make_model_text(rng).text } else { String::new() };
        Completion { content, tool_calls, finish_reason: Some("stop".into()), usage: None }
    };
    fuzz("reply_read", 4000, make, |completion: &Completion| {
        check_reply(completion);
        let reply = reply::read(completion, 0);
        let ok = reply.calls.iter().filter(|c| c.call.is_ok()).count();
        format!("{} ok / {} calls{}", ok.min(3), reply.calls.len().min(3), if reply.problem.is_some() { ", problem" } else { "" })
    });
}

/// A value for argument `key`, as a loose model writes it.
fn arg_value(rng: &mut Rng, key: &str) -> Value {
    if rng.one_in(5) {
        return gen::json(rng, 2, ARG_KEYS);
    }
    match key {
        "id" | "collectionId" | "field" | "form" => rng.pick(&[json!("a1"), json!(3), json!("f2"), json!(""), json!("c1")]).clone(),
        "tabId" | "topK" | "limit" | "item" | "timeoutMs" => rng.pick(&[json!(1), json!("12"), json!(" 7 "), json!(-1), json!(1e12), json!("x")]).clone(),
        "submit" | "replace" | "checked" | "success" | "scrollToLoad" | "opened" | "fromCart" => {
            rng.pick(&[json!(true), json!("yes"), json!("FALSE"), json!("0"), json!(1), json!("maybe")]).clone()
        }
        "ids" | "fields" | "path" => rng.pick(&[json!("a1, a2"), json!([1, "a2"]), json!([]), json!(["Account", "Billing"]), json!({"Email": "a@b.c"})]).clone(),
        "selector" => match rng.below(4) {
            0 => json!({"kind": "role", "role": rng.pick(&["button", "link", ""]), "name": gen::words(rng, gen::WORDS, 2), "nameMode": rng.pick(&["exact", "regex", "includes", "x"])}),
            1 => json!({"kind": "text", "text": gen::text(rng, 10)}),
            2 => json!(r#"{"kind": "role", "role": "button", "name": "Save"}"#),
            _ => json!(gen::text(rng, 12)),
        },
        "direction" => json!(*rng.pick(&["up", "down", "top", "bottom", "next", "previous", "left", ""])),
        "key" => json!(*rng.pick(&["Enter", "Escape", "Tab", "PageDown", "ArrowUp", "F13", ""])),
        "event" => json!(*rng.pick(&["urlChange", "networkIdle", "text", "domStable", "load", ""])),
        "url" => json!(*rng.pick(&["https://example.com/", "example.com", "javascript:alert(1)", "chrome://settings", "", "http://[::1]:80/"])),
        _ => json!(gen::text(rng, 16)),
    }
}

fn tool_args(rng: &mut Rng) -> Value {
    match rng.below(10) {
        0 => Value::Null,
        1 => json!(gen::object(rng, 1, ARG_KEYS).to_string()),
        2 => gen::json(rng, 2, ARG_KEYS),
        _ => Value::Object((0..rng.len(5)).map(|_| {
            let key = *rng.pick(ARG_KEYS);
            (key.to_owned(), arg_value(rng, key))
        }).collect()),
    }
}

#[derive(Debug)]
struct ToolCase {
    name: String,
    args: Value,
}

#[test]
fn tool_decode() {
    let make = |rng: &mut Rng| ToolCase { name: tool_name(rng), args: tool_args(rng) };
    fuzz("tool_decode", 20_000, make, |case: &ToolCase| {
        let once = tools::lenient(case.args.clone());
        assert_eq!(tools::lenient(once.clone()), once, "lenient is idempotent");
        match tools::decode(&case.name, case.args.clone()) {
            Ok(call) => {
                let table = skills::find(&case.name).map(|s| s.name).or_else(|| tools::find(&case.name).map(|t| t.name));
                assert_eq!(table, Some(call.name()), "decoded to the tool the name means");
                assert_eq!(tools::decode(call.name(), call.arguments()), Ok(call.clone()), "a call's own arguments decode to it");
                if matches!(call, AgentCall::Skill { .. }) { "ok skill".into() } else { "ok tool".into() }
            }
            Err(CallError::UnknownTool { .. }) => "unknown tool".into(),
            Err(CallError::BadArguments { .. }) => "bad arguments".into(),
            Err(CallError::NoTarget { .. }) => "no target".into(),
        }
    });
}

const LABELS: &[&str] = &[
    "Sign in", "Log in", "Search", "Next", "Previous", "›", "«", "2", "Checkout", "Proceed to checkout", "Place order", "Cart (2)",
    "Account", "Billing", "Menu", "Add to cart", "Download", "Load more", "Settings", "Submit", "Go", "Email", "Password",
];

/// A page from the skills' vocabulary: forms with purposes and fields,
/// actions with kinds, lists; some labels random.
fn make_page(rng: &mut Rng) -> MiniPcd {
    let label = |rng: &mut Rng| if rng.one_in(6) { gen::text(rng, 12) } else { rng.pick(LABELS).to_string() };
    let landmark = |rng: &mut Rng| rng.pick(&[Value::Null, json!("main"), json!("nav"), json!("header"), json!("footer"), json!("aside")]).clone();
    let actions: Vec<Value> = (0..rng.len(14))
        .map(|i| {
            let kind = if rng.one_in(3) { Value::Null } else { json!(rng.pick(ActionKind::ALL).as_str()) };
            let role = *rng.pick(&["button", "link", "menuitem", "tab", "checkbox", "radio", "other"]);
            json!({"id": format!("a{i}"), "label": label(rng), "role": role, "kind": kind, "landmark": landmark(rng),
                   "appliesToCollectionId": if rng.one_in(4) { json!("c0") } else { Value::Null }})
        })
        .collect();
    let forms: Vec<Value> = (0..rng.len(4))
        .map(|i| {
            let purpose = if rng.one_in(4) { Value::Null } else { json!(rng.pick(FormPurpose::ALL).as_str()) };
            let fields: Vec<Value> = (0..rng.len(5))
                .map(|_| {
                    let ty = *rng.pick(&["text", "email", "password", "search", "tel", "checkbox", "select", "textarea", "number"]);
                    json!({"label": label(rng), "type": ty, "required": rng.one_in(2)})
                })
                .collect();
            json!({"id": format!("f{i}"), "purpose": purpose, "fieldSummaries": fields, "submitLabel": label(rng), "landmark": landmark(rng)})
        })
        .collect();
    let collections: Vec<Value> = (0..rng.len(3))
        .map(|i| json!({"id": format!("c{i}"), "name": rng.pick(&["invoices", "products", "results", "orders"]), "itemFields": ["title", "date", "amount"], "approxCount": rng.below(50)}))
        .collect();
    let page = json!({"url": "https://shop.test/p", "origin": "https://shop.test", "title": label(rng), "loginState": rng.pick(&["in", "out", "unknown"]),
                      "ts": 1.0, "landmarks": ["main"], "actions": actions, "forms": forms, "collections": collections});
    serde_json::from_value(page).expect("the generated page is a MiniPcd")
}

/// Arguments for skill `name`: mostly its own (a login's `username`, a
/// menu's `path` of labels the pages use), sometimes loose or foreign.
fn skill_args(rng: &mut Rng, name: &str) -> Value {
    let label = |rng: &mut Rng| if rng.one_in(5) { gen::text(rng, 12) } else { rng.pick(LABELS).to_string() };
    let mut args = match name {
        "skill_login" => json!({"username": if rng.one_in(2) { "ada@example.com".to_owned() } else { label(rng) }}),
        "skill_search" => json!({"query": label(rng)}),
        "skill_fill_form" => {
            let fields: Map<String, Value> = (0..rng.len(4)).map(|_| (label(rng), if rng.one_in(3) { gen::json(rng, 1, &[]) } else { json!(label(rng)) })).collect();
            json!({"fields": fields, "submit": rng.one_in(2)})
        }
        "skill_paginate" => json!({"direction": *rng.pick(&["next", "previous", "Next", "up", ""])}),
        "skill_navigate_by_menu" => json!({"path": (0..rng.len(4)).map(|_| label(rng)).collect::<Vec<_>>()}),
        "skill_extract" => json!({"collection": *rng.pick(&["c0", "c1", "invoices", "products", "x"]), "fields": ["title", "date"]}),
        _ => json!({}),
    };
    if rng.one_in(3) {
        args["form"] = json!(format!("f{}", rng.below(4)));
    }
    if rng.one_in(6) {
        args["opened"] = json!(true);
    }
    if rng.one_in(5) {
        let key = *rng.pick(ARG_KEYS);
        args[key] = arg_value(rng, key);
    }
    match rng.below(8) {
        0 => tool_args(rng),
        1 => json!(args.to_string()),
        _ => args,
    }
}

#[derive(Debug)]
struct SkillCase {
    name: String,
    page: MiniPcd,
    args: Value,
}

#[test]
fn skill_plan() {
    let make = |rng: &mut Rng| {
        let name = if rng.one_in(8) { tool_name(rng) } else { rng.pick(SKILLS).name.to_owned() };
        let args = skill_args(rng, &name);
        SkillCase { name, page: make_page(rng), args }
    };
    fuzz("skill_plan", 5000, make, |case: &SkillCase| {
        let mut args = case.args.clone();
        let mut class = String::new();
        // A plan may ask to be planned again (on the page it leads to; here
        // the same page): every phase must hold up.
        for _ in 0..skills::MAX_PHASES {
            match skills::plan(&case.name, &case.page, args) {
                Ok(plan) => {
                    for step in &plan.steps {
                        assert_eq!(tools::decode(step.name(), step.arguments()).as_ref(), Ok(step), "a skill's step is a call the model could make");
                    }
                    let _ = plan.effects(&case.page, &case.page, None);
                    class = format!("ok {}", plan.rule);
                    match plan.then {
                        Some(next) => args = next,
                        None => break,
                    }
                }
                Err(e) => {
                    class = e
                        .rule()
                        .unwrap_or(match e {
                            skills::SkillError::UnknownSkill { .. } => "unknown skill",
                            _ => "bad arguments",
                        })
                        .to_owned();
                    break;
                }
            }
        }
        class
    });
}
