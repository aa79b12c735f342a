//! The messages between extension contexts (`protocol.rs`), the seed's tool
//! calls (`tools::ToolCall::parse`), and what the worker answers with.
//!
//! Inputs start from valid messages (`SEEDS`), mutated as trees (a key
//! lost or added, a value of another type, another variant's tag, huge
//! numbers, deep nesting) or as text, plus random trees over the
//! messages' own keys and tags. Every text goes to every decoder: a
//! message of one channel arriving on another is part of the fuzzing.
//! What decodes must encode and decode back to itself; what the worker
//! would answer (a settings error, an LLM error) must encode at all.

use crate::gen::{self, Rng};
use crate::fuzz;
use bc_core::agent::settings::AgentSettings;
use bc_core::agent::TaskEvent;
use bc_core::protocol::{ContentEvent, ContentRequest, ContentResponse, CopilotError, PanelEvent, PanelReply, PanelRequest, StepOutcome};
use bc_core::settings::{Settings, SettingsInput};
use bc_core::tools::{ToolCall, ToolName};
use bc_core::types::{MiniPcd, RoleSelector};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Value};
use std::fmt::Debug;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// Valid messages, one or more per channel (`protocol_seeds_decode`
/// checks they are).
fn seeds() -> Vec<(&'static str, Value)> {
    let mini = json!({"url": "https://shop.test/", "origin": "https://shop.test", "title": "Shop", "loginState": "out", "ts": 1.5, "landmarks": ["main"],
        "actions": [{"id": "a1", "label": "Add to cart", "role": "button", "kind": "add_to_cart", "landmark": "main", "aboveFold": true}],
        "forms": [{"id": "f1", "purpose": "login", "fieldSummaries": [{"label": "Email", "type": "email", "required": true}], "submitLabel": "Sign in"}],
        "collections": [{"id": "c1", "name": "products", "itemFields": ["title"], "approxCount": 3}], "metrics": {"ariaCoverage": 0.5}});
    let selector = json!({"kind": "role", "role": "button", "name": "Pay", "nameMode": "exact", "withinLandmark": "main", "nth": 1, "framePath": ["iframe#pay"]});
    let observation = json!({"url": "https://shop.test/cart", "title": "Cart", "ts": 2.0, "urlChanged": true, "collectionSummary": [{"id": "c1", "count": 3}]});
    let settings_input = json!({"endpoint": "http://localhost:11434/v1", "apiKey": "sk-1", "model": "llama3.1", "timeoutSecs": 60});
    let usage = json!({"prompt_tokens": 10, "completion_tokens": 2});
    vec![
        ("PanelRequest", json!({"type": "getSettings", "id": 1})),
        ("PanelRequest", json!({"type": "saveSettings", "id": 3, "settings": settings_input})),
        ("PanelRequest", json!({"type": "testConnection", "id": 3, "settings": {"endpoint": "ftp://x", "model": "", "timeoutSecs": 0}})),
        ("PanelRequest", json!({"type": "ask", "id": 2, "question": "price?", "history": [{"question": "q", "answer": "a"}]})),
        ("PanelRequest", json!({"type": "cancel", "id": 4})),
        ("PanelRequest", json!({"type": "prefetch"})),
        ("PanelRequest", json!({"type": "taskReply", "id": 5, "taskId": "t1", "promptId": 2, "reply": {"kind": "confirm", "allow": false}})),
        ("PanelRequest", json!({"type": "taskReply", "id": 5, "taskId": "t1", "promptId": 3, "reply": {"kind": "site", "answer": "always"}})),
        ("PanelRequest", json!({"type": "taskReply", "id": 5, "taskId": "t1", "promptId": 4, "reply": {"kind": "secret", "value": "hunter2-secret", "remember": true}})),
        ("PanelRequest", json!({"type": "getTask", "id": 6, "taskId": "t1"})),
        ("PanelRequest", json!({"type": "saveAgentSettings", "id": 7, "settings": {"toolCalling": "text", "fastModel": "m", "maxSteps": 30, "contextTokens": 0,
            "prices": [{"model": "gpt-4o", "input": 2.5, "output": 10.0, "cachedInput": 1.25}]}})),
        ("PanelRequest", json!({"type": "forgetSite", "id": 8, "origin": "https://shop.test"})),
        ("PanelReply", json!({"kind": "answer", "text": "the October one"})),
        ("PanelReply", json!({"kind": "decline"})),
        ("PanelEvent", json!({"type": "settings", "id": 1, "settings": {"endpoint": "http://h/v1", "model": "m", "timeoutSecs": 60, "apiKeyHint": "sk-…1"}})),
        ("PanelEvent", json!({"type": "failed", "id": 7, "error": {"kind": "llm", "error": {"code": "rate_limited", "retryAfterSecs": 3}}})),
        ("PanelEvent", json!({"type": "failed", "id": 7, "error": {"kind": "restricted", "error": {"reason": "browser_internal", "url": "chrome://x"}}})),
        ("PanelEvent", json!({"type": "answerStarted", "id": 2, "page": {"url": "https://x/", "title": "X"}})),
        ("PanelEvent", json!({"type": "stepDone", "id": 6, "index": 0, "outcome": {"ok": true, "summary": "Took a screenshot",
            "attachment": {"kind": "image", "dataUrl": "data:image/png;base64,AAAA", "fileName": "screenshot-x.png"}}})),
        ("PanelEvent", json!({"type": "localReply", "id": 8, "text": "Here is what I understand…", "needsLlm": true})),
        ("PanelEvent", json!({"type": "task", "id": 7, "taskId": "t", "event": {"event": "stepStarted", "index": 0, "description": "Click “Billing”"}})),
        ("PanelEvent", json!({"type": "task", "id": 7, "taskId": "t", "event": {"event": "status", "status": "executing", "progress": 0.5, "note": null}})),
        ("PanelEvent", json!({"type": "task", "id": 7, "taskId": "t", "event": {"event": "prompt", "promptId": 1, "prompt": {"kind": "site", "origin": "https://x", "action": "click"}}})),
        ("PanelEvent", json!({"type": "task", "id": 7, "taskId": "t", "event": {"event": "finished", "status": "succeeded", "answer": "ok", "usage": usage, "cost": 0.01}})),
        ("PanelEvent", json!({"type": "tasks", "id": 9, "tasks": [{"id": "t", "goal": "g", "status": "failed", "createdAt": 1.0, "updatedAt": 2.0, "steps": 3, "usage": usage}]})),
        ("ContentRequest", json!({"type": "ping"})),
        ("ContentRequest", json!({"type": "summary", "mode": "full"})),
        ("ContentRequest", json!({"type": "query", "query": {"text": "add to cart", "kind": "action", "topK": 5}})),
        ("ContentRequest", json!({"type": "resolve", "selector": selector})),
        ("ContentRequest", json!({"type": "act", "selector": {"kind": "text", "text": "Next"}, "id": "a1", "action": {"type": "type", "text": "hi", "submit": true}})),
        ("ContentRequest", json!({"type": "act", "selector": {"kind": "css", "css": "#go"}, "id": null, "action": {"type": "scroll", "to": "by", "y": 300.0}})),
        ("ContentRequest", json!({"type": "scroll", "to": {"to": "bottom"}})),
        ("ContentRequest", json!({"type": "extract", "collectionId": "c1", "fields": ["title"], "load": {"scrollToLoad": true, "limit": 50}})),
        ("ContentRequest", json!({"type": "waitFor", "event": "text", "value": "Done", "timeoutMs": 5000})),
        ("ContentRequest", json!({"type": "enterFrame", "tag": "f0"})),
        ("ContentResponse", json!({"type": "pong", "url": "http://x/", "build": "wasm2js", "fallbackReason": "CSP"})),
        ("ContentResponse", json!({"type": "miniPcd", "mini": mini, "frames": [{"nonce": "n", "path": ["iframe#a"], "x": 1.0, "y": 2.0}]})),
        ("ContentResponse", json!({"type": "digest", "digest": {"url": "https://x/", "title": "X", "headings": ["H"], "text": "body", "truncated": false}})),
        ("ContentResponse", json!({"type": "hits", "hits": [{"id": "a1", "label": "Buy", "score": 0.9}]})),
        ("ContentResponse", json!({"type": "resolved", "resolution": {"count": 1, "matches": [{"role": "button", "name": "Pay", "tag": "button", "rect": {"x": 0.0, "y": 1.0, "width": 2.0, "height": 3.0}}]}})),
        ("ContentResponse", json!({"type": "details", "details": [{"id": "a1", "selector": selector, "altSelectors": [{"kind": "text", "text": "Pay"}]}]})),
        ("ContentResponse", json!({"type": "acted", "outcome": {"observation": observation, "changed": true, "changes": ["url"], "attempts": 1, "openedTabs": [{"tabId": 4, "url": "https://x/"}]}})),
        ("ContentResponse", json!({"type": "waited", "outcome": {"observation": observation, "waitedMs": 20, "matched": 1}})),
        ("ContentResponse", json!({"type": "extracted", "extraction": {"collectionId": "c1", "fields": ["title"], "items": [{"title": "A"}], "total": 1}})),
        ("ContentResponse", json!({"type": "candidateBoxes", "viewport": {"width": 800.0, "height": 600.0, "devicePixelRatio": 2.0}, "boxes": [{"id": "a1", "rect": {"x": 0.0, "y": 0.0, "width": 1.0, "height": 1.0}, "visible": true}]})),
        ("ContentResponse", json!({"type": "refused", "error": {"error": "no such id", "retryable": false, "code": "not_found"}})),
        ("ContentResponse", json!({"type": "failed", "error": "no document \"here\""})),
        ("ContentResponse", json!({"type": "prefetching", "live": false})),
        ("ContentEvent", json!({"type": "frameHello", "nonce": "n1"})),
        ("RoleSelector", selector),
        ("MiniPcd", mini),
        ("StepOutcome", json!({"ok": false, "summary": "Nothing matches “Sign in”.", "attachment": {"kind": "text", "text": "• x"}})),
    ]
}

/// Decodes `text` as `T`; what decodes must encode and read back the same.
fn round_trip<T: DeserializeOwned + Serialize + Debug>(what: &str, text: &str) -> Option<T> {
    let v: T = serde_json::from_str(text).ok()?;
    same_again(what, &v, |again| serde_json::from_str::<T>(again));
    Some(v)
}

/// `v` encoded, then decoded by `decode`, is `v` again, compared as JSON
/// (floats within a few ulps: serde_json, without its `float_roundtrip`
/// feature, reads some decimals one ulp off).
fn same_again<T: Serialize + Debug>(what: &str, v: &T, decode: impl Fn(&str) -> Result<T, serde_json::Error>) {
    let again = serde_json::to_string(v).unwrap_or_else(|e| panic!("{what} decoded but does not encode: {e}: {v:?}"));
    match decode(&again) {
        Ok(back) => {
            let (a, b) = (serde_json::to_value(v).expect("encodes"), serde_json::to_value(&back).expect("encodes"));
            assert!(gen::same_json(&a, &b), "{what} changed on the way back: {again}");
        }
        // A number beyond f32's range (a task's `progress`) reads as
        // infinity, which JSON writes as null: no message the worker makes.
        Err(e) if e.to_string().contains("expected f32") && again.contains("null") => {}
        Err(e) => panic!("{what}'s own encoding does not decode: {e}: {again}"),
    }
}

/// What the worker sends the panel when a request fails: it must encode,
/// or the panel waits for an answer that never comes.
pub fn answer_failure(error: CopilotError) {
    let event = PanelEvent::Failed { id: 1, error };
    let text = serde_json::to_string(&event).unwrap_or_else(|e| panic!("the worker's answer does not encode: {e}: {event:?}"));
    let back: PanelEvent = serde_json::from_str(&text).unwrap_or_else(|e| panic!("the worker's answer does not decode: {e}: {text}"));
    assert_eq!(back, event);
}

/// Every decoder on `text`; the names of those that took it.
fn decode_all(text: &str) -> Vec<&'static str> {
    let mut took = Vec::new();
    if let Some(req) = round_trip::<PanelRequest>("PanelRequest", text) {
        took.push("PanelRequest");
        if let PanelRequest::TaskReply { reply: PanelReply::Secret { value, .. }, .. } = &req {
            if value.chars().count() >= 8 {
                assert!(!format!("{req:?}").contains(value.as_str()), "a secret reply prints its value");
            }
        }
        // What the worker does with it before answering.
        match req {
            PanelRequest::SaveSettings { settings, .. } | PanelRequest::TestConnection { settings, .. } => {
                if let Err(e) = Settings::apply(None, settings) {
                    answer_failure(e.into());
                }
            }
            PanelRequest::SaveAgentSettings { settings, .. } => {
                if let Err(e) = settings.validated() {
                    answer_failure(e.into());
                }
            }
            _ => {}
        }
    }
    if round_trip::<PanelReply>("PanelReply", text).is_some() {
        took.push("PanelReply");
    }
    if round_trip::<PanelEvent>("PanelEvent", text).is_some() {
        took.push("PanelEvent");
    }
    if round_trip::<ContentRequest>("ContentRequest", text).is_some() {
        took.push("ContentRequest");
    }
    if let Ok(resp) = ContentResponse::from_wire(text) {
        assert_eq!(resp.to_wire(), serde_json::to_string(&resp).expect("encodes"), "to_wire is the JSON encoding");
        same_again("ContentResponse", &resp, ContentResponse::from_wire);
        took.push("ContentResponse");
    }
    if round_trip::<ContentEvent>("ContentEvent", text).is_some() {
        took.push("ContentEvent");
    }
    if round_trip::<TaskEvent>("TaskEvent", text).is_some() {
        took.push("TaskEvent");
    }
    if round_trip::<CopilotError>("CopilotError", text).is_some() {
        took.push("CopilotError");
    }
    if let Some(sel) = round_trip::<RoleSelector>("RoleSelector", text) {
        let _ = bc_core::selector::validate(&sel);
        took.push("RoleSelector");
    }
    if round_trip::<MiniPcd>("MiniPcd", text).is_some() {
        took.push("MiniPcd");
    }
    if round_trip::<StepOutcome>("StepOutcome", text).is_some() {
        took.push("StepOutcome");
    }
    // Settings alone, as the options page sends them (the worker checks
    // them before saving and answers what is wrong).
    if let Some(settings) = round_trip::<AgentSettings>("AgentSettings", text) {
        if let Err(e) = settings.validated() {
            answer_failure(e.into());
        }
        took.push("AgentSettings");
    }
    if let Ok(input) = serde_json::from_str::<SettingsInput>(text) {
        if let Err(e) = Settings::apply(None, input) {
            answer_failure(e.into());
        }
        took.push("SettingsInput");
    }
    took
}

/// The keys and tag values of the seeds, and every variant name serde
/// lists when asked for an unknown one: the vocabulary random trees and
/// mutations draw from.
struct Vocab {
    keys: Vec<String>,
    tags: Vec<String>,
    /// Every value a key has in the seeds: a key's values are the likeliest
    /// to get past the first checks, and then to the interesting ones.
    examples: BTreeMap<String, Vec<Value>>,
}

fn vocab() -> &'static Vocab {
    static VOCAB: OnceLock<Vocab> = OnceLock::new();
    VOCAB.get_or_init(|| {
        fn walk(v: &Value, keys: &mut Vec<String>, tags: &mut Vec<String>, examples: &mut BTreeMap<String, Vec<Value>>) {
            match v {
                Value::Object(map) => {
                    for (k, child) in map {
                        keys.push(k.clone());
                        examples.entry(k.clone()).or_default().push(child.clone());
                        if let (true, Value::String(s)) = (["type", "kind", "event", "code", "reason", "to"].contains(&k.as_str()), child) {
                            tags.push(s.clone());
                        }
                        walk(child, keys, tags, examples);
                    }
                }
                Value::Array(items) => items.iter().for_each(|i| walk(i, keys, tags, examples)),
                _ => {}
            }
        }
        let (mut keys, mut tags, mut examples) = (Vec::new(), Vec::new(), BTreeMap::new());
        for (_, seed) in seeds() {
            walk(&seed, &mut keys, &mut tags, &mut examples);
        }
        // "unknown variant `\u{1}`, expected one of `a`, `b`": the rest.
        let probes = [
            serde_json::from_str::<PanelRequest>(r#"{"type": "\u0001"}"#).err(),
            serde_json::from_str::<PanelEvent>(r#"{"type": "\u0001"}"#).err(),
            serde_json::from_str::<ContentRequest>(r#"{"type": "\u0001"}"#).err(),
            serde_json::from_str::<ContentResponse>(r#"{"type": "\u0001"}"#).err(),
            serde_json::from_str::<TaskEvent>(r#"{"event": "\u0001"}"#).err(),
            serde_json::from_str::<CopilotError>(r#"{"kind": "\u0001"}"#).err(),
            serde_json::from_str::<CopilotError>(r#"{"kind": "llm", "error": {"code": "\u0001"}}"#).err(),
            serde_json::from_str::<CopilotError>(r#"{"kind": "settings", "error": {"code": "\u0001"}}"#).err(),
            serde_json::from_str::<CopilotError>(r#"{"kind": "agent_settings", "error": {"code": "\u0001"}}"#).err(),
        ];
        for e in probes.into_iter().flatten() {
            let msg = e.to_string();
            if let Some(list) = msg.split("expected").nth(1) {
                tags.extend(list.split('`').skip(1).step_by(2).map(str::to_owned));
            }
        }
        keys.sort();
        keys.dedup();
        tags.sort();
        tags.dedup();
        Vocab { keys, tags, examples }
    })
}

/// Edits a tree where a decoder looks: a key lost or added, a value of
/// another type, a tag of another variant, a number out of range.
fn mutate_tree(rng: &mut Rng, v: &mut Value, depth: usize) {
    let vocab = vocab();
    let descend = depth < 8 && rng.below(3) != 0;
    match v {
        Value::Object(map) if descend && !map.is_empty() => {
            let key = map.keys().nth(rng.below(map.len())).cloned().expect("a key");
            mutate_tree(rng, map.get_mut(&key).expect("the key"), depth + 1);
        }
        Value::Array(items) if descend && !items.is_empty() => {
            let at = rng.below(items.len());
            mutate_tree(rng, &mut items[at], depth + 1);
        }
        Value::Object(map) if !map.is_empty() && rng.one_in(3) => {
            let key = map.keys().nth(rng.below(map.len())).cloned().expect("a key");
            if rng.one_in(2) {
                map.remove(&key);
            } else {
                map.insert(key, Value::String(rng.pick(&vocab.tags).clone()));
            }
        }
        Value::Object(map) if rng.one_in(2) => {
            let key = rng.pick(&vocab.keys).clone();
            map.insert(key, gen::json(rng, 2, &[]));
        }
        _ => {
            *v = match rng.below(9) {
                0 => Value::String(rng.pick(&vocab.tags).clone()),
                8 => like(rng, &v.clone()),
                1 => gen::number(rng),
                2 => json!(u64::MAX),
                3 => Value::String(gen::text(rng, 20)),
                4 => json!([v.clone()]),
                5 => json!({"a": v.clone()}),
                6 => Value::Null,
                _ => gen::json(rng, 2, &vocab.keys.iter().map(String::as_str).collect::<Vec<_>>()),
            };
        }
    }
}

/// Numbers at the edges of what fields hold and checks allow.
fn edge_number(rng: &mut Rng) -> Value {
    let edges = [json!(0), json!(1), json!(-1), json!(200), json!(201), json!(255), json!(256), json!(600), json!(601), json!(8191),
        json!(65535), json!(65536), json!(u32::MAX), json!(u32::MAX as u64 + 1), json!(i32::MIN), json!(i64::MAX), json!(0.5), json!(-0.0), json!(1e300)];
    rng.pick(&edges).clone()
}

/// A value like `v`: numbers at their edges, strings emptied or replaced,
/// booleans flipped, lists emptied or doubled, objects edited inside.
fn like(rng: &mut Rng, v: &Value) -> Value {
    like_as(rng, v, true)
}

/// [`like`], keeping every key when `drop_keys` is false (a message that
/// still has its shape reaches the decoders' later checks).
fn like_as(rng: &mut Rng, v: &Value, drop_keys: bool) -> Value {
    match v {
        Value::Number(_) if !rng.one_in(4) => edge_number(rng),
        Value::String(_) => match rng.below(5) {
            0 => json!(""),
            1 => Value::String(gen::text(rng, 16)),
            2 => Value::String(rng.pick(&vocab().tags).clone()),
            _ => v.clone(),
        },
        Value::Bool(b) => json!(!b),
        Value::Array(items) => match rng.below(3) {
            0 => json!([]),
            1 => Value::Array(items.iter().chain(items).map(|i| like_as(rng, i, drop_keys)).collect()),
            _ => Value::Array(items.iter().map(|i| like_as(rng, i, drop_keys)).collect()),
        },
        Value::Object(map) => {
            let mut out = serde_json::Map::new();
            for (k, v) in map {
                if drop_keys && rng.one_in(6) {
                    continue;
                }
                out.insert(k.clone(), if rng.one_in(2) { like_as(rng, v, drop_keys) } else { v.clone() });
            }
            Value::Object(out)
        }
        _ => v.clone(),
    }
}

/// A random message-like tree: a tag and keys of the protocol, each with
/// a value like one it has in some seed.
fn random_message(rng: &mut Rng) -> Value {
    let vocab = vocab();
    let mut v = json!({});
    for _ in 0..rng.range(1, 6) {
        let key = rng.pick(&vocab.keys);
        let value = if rng.one_in(4) {
            gen::json(rng, 2, &[])
        } else {
            let example = rng.pick(&vocab.examples[key]);
            like(rng, example)
        };
        v[key.as_str()] = value;
    }
    let tag_key = *rng.pick(&["type", "kind", "event", "code"]);
    v[tag_key] = Value::String(rng.pick(&vocab.tags).clone());
    if rng.one_in(2) {
        v["id"] = json!(rng.below(10));
    }
    v
}

fn make_message(rng: &mut Rng) -> String {
    let seeds = seeds();
    match rng.below(12) {
        // The seed's shape, other values: decodes often, reaches the checks.
        0 | 1 => {
            let v = &rng.pick(&seeds).1;
            like_as(rng, v, false).to_string()
        }
        2..=4 => {
            let mut v = rng.pick(&seeds).1.clone();
            for _ in 0..rng.range(1, 3) {
                mutate_tree(rng, &mut v, 0);
            }
            v.to_string()
        }
        5 => {
            let v = &rng.pick(&seeds).1;
            gen::mutate(rng, &v.to_string())
        }
        6..=10 => random_message(rng).to_string(),
        _ => {
            let depth = rng.range(100, 5000);
            gen::deep(rng, depth)
        }
    }
}

#[test]
fn protocol_seeds_decode() {
    for (what, seed) in seeds() {
        let took = decode_all(&seed.to_string());
        assert!(took.contains(&what), "seed for {what} does not decode as one (took: {took:?}): {seed}");
    }
}

#[test]
fn protocol_messages() {
    fuzz("protocol_messages", 5000, make_message, |text: &String| {
        let took = decode_all(text);
        // AgentSettings and SettingsInput read most objects (their fields
        // have defaults): named only when nothing else took the text.
        let named: Vec<&str> = took.iter().copied().filter(|t| !["AgentSettings", "SettingsInput"].contains(t)).collect();
        match (named.is_empty(), took.is_empty()) {
            (_, true) => "none".into(),
            (true, false) => took.join("+"),
            (false, false) => named.join("+"),
        }
    });
}

#[derive(Debug)]
struct SeedCall {
    name: String,
    args: Value,
}

/// The seed's tool surface as `self.copilot.call(name, args)` receives it.
#[test]
fn seed_tool_calls() {
    const KEYS: &[&str] = &["tabId", "text", "kind", "topK", "ids", "selector", "id", "action", "value", "checked", "key", "direction", "event", "timeoutMs", "collectionId", "fields", "url", "summary", "mode", "load"];
    let make = |rng: &mut Rng| {
        let name = if rng.one_in(8) { gen::text(rng, 12) } else { rng.pick(ToolName::ALL).as_str().to_owned() };
        let mut args = match rng.below(4) {
            0 => gen::json(rng, 3, KEYS),
            _ => gen::object(rng, 2, KEYS),
        };
        if let (Value::Object(map), true) = (&mut args, rng.one_in(2)) {
            map.insert("tabId".into(), json!(rng.below(5)));
            if rng.one_in(2) {
                map.insert("selector".into(), json!({"kind": "text", "text": "Next"}));
            }
        }
        SeedCall { name, args }
    };
    fuzz("seed_tool_calls", 20_000, make, |case: &SeedCall| match ToolCall::parse(&case.name, case.args.clone()) {
        Ok(call) => {
            assert_eq!(call.name().as_str(), case.name, "parsed to the tool named");
            let wire = serde_json::to_value(&call).expect("a call encodes");
            assert_eq!(ToolCall::parse(&case.name, wire["args"].clone()), Ok(call.clone()), "a call's own arguments parse to it");
            "ok".into()
        }
        Err(e) => format!("{:?}", e.code),
    });
}
