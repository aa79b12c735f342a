//! Finding a recorded listing id again on the replayed page: the line that
//! named it in what the model had seen, and the `{{match:…}}` template on
//! its label that the scripted server fills in with today's id.

use super::*;
/// A line of a listing (or of `pcd_query` hits) that named an id.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Named {
    pub(super) id: String,
    /// What the line said of it, e.g. `button "Download invoice"`.
    pub(super) key: String,
    /// Its rank among the lines of that message with the same key.
    pub(super) rank: usize,
    /// A `pcd_query` hit line rather than a listing line.
    pub(super) query: bool,
}

/// The key of a listing line's entry: what identifies it to a reader.
pub(super) fn listing_key(id: &str, rest: &str) -> String {
    let cut = |stops: &[&str]| {
        let end = stops.iter().filter_map(|s| rest.find(s)).min().unwrap_or(rest.len());
        rest[..end].to_owned()
    };
    match id.chars().next() {
        Some('c') => cut(&[", ~", ": ", " @", " (in a frame)"]),
        Some('f') => cut(&[" (", " →", " @"]),
        _ => {
            // `role "label"`: up to the label's closing quote.
            let quoted = rest.find(" \"").and_then(|q| rest[q + 2..].find('"').map(|e| q + 2 + e + 1));
            match quoted {
                Some(end) => rest[..end].to_owned(),
                None => cut(&[" [", " @", " per item", " (in a frame)"]),
            }
        }
    }
}

/// What may follow a key on its line (so `invoices` does not match `invoices archive`).
pub(super) fn boundary(id: &str) -> &'static str {
    match id.chars().next() {
        Some('c') => r"(?:,|:| @| \(|$)",
        Some('f') => r"(?: \(| →| @|$)",
        _ => "",
    }
}

/// `a1b2 Download invoice [download] 0.93` → (id, label with kind).
pub(super) fn query_hit(line: &str) -> Option<(&str, &str)> {
    let (id, rest) = line.split_once(' ')?;
    let (label, score) = rest.rsplit_once(' ')?;
    (is_id(id) && score.parse::<f64>().is_ok()).then_some((id, label))
}

/// Looks like a listing id: a prefix letter and 4 base-36 characters.
pub(super) fn is_id(s: &str) -> bool {
    s.len() == 5 && s.starts_with(|c: char| c.is_ascii_lowercase()) && s.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
}

/// The line that last named `id` in `texts` (oldest first).
pub(super) fn find_named(texts: &[String], id: &str) -> Option<Named> {
    for text in texts.iter().rev() {
        let mut section = "";
        let mut listing: Vec<(String, String)> = Vec::new(); // (id, key), this text's listing lines
        let mut hits: Vec<(String, String)> = Vec::new();
        for line in text.lines() {
            if let Some(entry) = line.strip_prefix("- ") {
                if section == "Gone" {
                    continue;
                }
                if let Some((line_id, rest)) = entry.split_once(' ') {
                    listing.push((line_id.to_owned(), listing_key(line_id, rest)));
                }
            } else if let Some((hit_id, label)) = query_hit(line) {
                hits.push((hit_id.to_owned(), label.to_owned()));
            } else if (line.ends_with(':') && !line.contains(' ')) || line == "Changes in the listing:" {
                section = line.trim_end_matches(':');
            }
        }
        for (lines, query) in [(&listing, false), (&hits, true)] {
            if let Some(pos) = lines.iter().position(|(i, _)| i == id) {
                let key = lines[pos].1.clone();
                let rank = lines[..pos].iter().filter(|(_, k)| *k == key).count();
                return Some(Named { id: id.to_owned(), key, rank, query });
            }
        }
    }
    None
}

/// The server template that finds, in the replayed request, the id the
/// page lists now for what `named` named then.
pub(super) fn template(named: &Named) -> String {
    let prefix = named.id.chars().next().map(|c| c.to_string()).unwrap_or_default();
    let key = regex::escape(&named.key);
    let (line, bound) = if named.query {
        (format!(r"^({prefix}\w*) {key} [0-9.]+$"), format!(r"^\w+ {key} [0-9.]+$"))
    } else {
        let b = boundary(&named.id);
        (format!(r"^- ({prefix}\w*) {key}{b}"), format!(r"^- \w+ {key}{b}"))
    };
    if named.rank == 0 {
        format!("{{{{match:(?m){line}}}}}")
    } else {
        // Skip as many same-key lines as before (greedy: as many as there are, up to that).
        format!("{{{{match:(?ms)(?:{bound}.*?){{0,{}}}{line}}}}}", named.rank)
    }
}

/// The replay's plan: the server's rules and what the node side needs.
#[derive(Debug)]
pub(super) struct Plan {
    pub(super) goal: String,
    pub(super) start: Start,
    pub(super) rules: Vec<Value>,
    /// Per model turn (1-based), what its templates look for.
    pub(super) needs: BTreeMap<usize, Vec<Named>>,
    /// Ids no recorded listing named (kept as recorded).
    pub(super) unresolved: Vec<(usize, String)>,
    pub(super) answers: Vec<String>,
    /// How each recorded step went, for answering its cards.
    pub(super) recorded_steps: Vec<Value>,
}

impl Plan {
    pub(super) fn build(task: &TaskRecord) -> Result<Plan> {
        if task.mode.as_deref() == Some("text") {
            bail!("the task ran in text mode (an endpoint without tool calling): replay plays back native tool calls only");
        }
        if task.model_turns().next().is_none() {
            bail!("the task has no model turn to replay (it ended before the model answered: {})", task.failure.as_deref().unwrap_or(&task.status));
        }
        let start = start_of(&task.opening)?;
        let mut seen: Vec<String> = vec![task.opening.clone()];
        let (mut rules, mut needs, mut unresolved, mut answers) = (Vec::new(), BTreeMap::new(), Vec::new(), Vec::new());
        let mut n = 0;
        for turn in &task.turns {
            match turn {
                Turn::Model { content, calls } => {
                    n += 1;
                    let mut named = Vec::new();
                    let calls: Vec<Value> = calls
                        .iter()
                        .map(|c| {
                            let arguments = match serde_json::from_str::<Value>(&c.arguments) {
                                Ok(v) => resolve_ids(v, &seen, &mut |found| match found {
                                    Ok(nm) => named.push(nm),
                                    Err(id) => unresolved.push((n, id)),
                                }),
                                // A malformed call is replayed as malformed.
                                Err(_) => Value::String(c.arguments.clone()),
                            };
                            json!({"id": c.id, "name": c.name, "arguments": arguments})
                        })
                        .collect();
                    let mut reply = json!({"content": content, "chunkChars": 4096});
                    if !calls.is_empty() {
                        reply["toolCalls"] = Value::Array(calls);
                    }
                    rules.push(json!({"when": {"turn": n}, "reply": reply}));
                    needs.insert(n, named);
                }
                Turn::Results { results } => {
                    for r in results {
                        if let Some(answer) = r.brief.strip_prefix("The user answered: ") {
                            answers.push(answer.to_owned());
                        }
                        seen.push(r.brief.clone());
                        seen.extend(r.page.clone());
                    }
                }
                Turn::User { text } => seen.push(text.clone()),
            }
        }
        let recorded_steps = task.steps.iter().map(|s| json!({"description": s.description, "status": s.status, "result": s.result})).collect();
        Ok(Plan { goal: task.goal.clone(), start, rules, needs, unresolved, answers, recorded_steps })
    }

    pub(super) fn to_json(&self) -> Value {
        json!({
            "goal": self.goal,
            "start": {"url": self.start.url, "signedIn": self.start.signed_in},
            "rules": self.rules,
            // Beyond the record: end the task rather than wait.
            "default": {"toolCalls": [{"name": "done", "arguments": {"answer": "The replay has no recorded model turn for this request.", "success": false}}]},
            "answers": self.answers,
            "recordedSteps": self.recorded_steps,
        })
    }
}

/// Replaces each string that is a listed id by its template; `found`
/// hears of each id named (or, `Err`, an id-like string no listing named).
pub(super) fn resolve_ids(v: Value, seen: &[String], found: &mut dyn FnMut(Result<Named, String>)) -> Value {
    match v {
        Value::String(s) => match find_named(seen, &s) {
            Some(named) => {
                let t = template(&named);
                found(Ok(named));
                Value::String(t)
            }
            None => {
                if is_id(&s) {
                    found(Err(s.clone()));
                }
                Value::String(s)
            }
        },
        Value::Array(items) => Value::Array(items.into_iter().map(|i| resolve_ids(i, seen, found)).collect()),
        Value::Object(map) => Value::Object(map.into_iter().map(|(k, i)| (k, resolve_ids(i, seen, found))).collect()),
        other => other,
    }
}
