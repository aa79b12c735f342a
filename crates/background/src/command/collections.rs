//! Commands that read a collection: "extract X" (with scrolling for
//! virtualized lists and feeds) and "download last month's invoice" (the
//! item of a month, chosen by its date).

use super::*;

/// "extract X": the best collection for X, its item fields from the
/// MiniPCD, then `dom.extract`. A virtualized list (the read returned
/// fewer items than it declares) is read again scrolling, for the default
/// limit; "extract all X" scrolls any collection (an infinite feed too)
/// for up to `MAX_ITEMS`.
pub(super) async fn extract(what: &str, all: bool, stop: &Stop) -> Result<Done, StepError> {
    use bc_core::pcd::extract::MAX_ITEMS;
    let tab = loaded_tab().await?;
    let found = collection(tab.id, what, stop).await?;
    let args = json!({ "tabId": tab.id, "collectionId": found.id, "fields": found.item_fields });
    let scrolling = |limit: Option<usize>| {
        let mut a = args.clone();
        a["scrollToLoad"] = json!(true);
        if let Some(l) = limit {
            a["limit"] = json!(l);
        }
        tool_call(ToolName::DomExtract, a)
    };
    let first = if all { scrolling(Some(MAX_ITEMS)) } else { tool_call(ToolName::DomExtract, args.clone()) };
    let read = match call::<Value>(first, stop).await {
        Ok(data) if !all && serde_json::from_value::<Extraction>(data.clone()).is_ok_and(|e| e.has_unrendered()) => {
            call::<Value>(scrolling(None), stop).await
        }
        other => other,
    };
    match read {
        Ok(data) => {
            let (line, text) = report::extracted(&data);
            Ok(Done::with_text(line, text))
        }
        Err(StepError::Tool(e)) if e.code == ErrorCode::NotImplemented => Err(StepError::Said(report::extract_unavailable(&found))),
        Err(e) => Err(e),
    }
}

/// The page's collection that best matches `what` (`pcd.query`, then its
/// entry in the MiniPCD for its `itemFields`).
async fn collection(tab_id: i32, what: &str, stop: &Stop) -> Result<MiniCollection, StepError> {
    let hits: Vec<QueryHit> = call(
        tool_call(ToolName::PcdQuery, json!({ "tabId": tab_id, "kind": QueryKind::Collection, "text": what, "topK": 1 })),
        stop,
    )
    .await?;
    let mini: MiniPcd = call(tool_call(ToolName::GetMiniPcd, json!({ "tabId": tab_id })), stop).await?;
    hits.first()
        .filter(|h| h.score >= report::MIN_HIT_SCORE)
        .and_then(|h| mini.collections.iter().find(|c| c.id == h.id))
        .cloned()
        .ok_or_else(|| StepError::Said(report::no_collection(what, &mini)))
}

/// "download last month's invoice": the collection's items, the first one
/// dated in that month (today from the browser's clock), then that item's
/// own `verb` control — named with the item, else the n-th of the
/// one-per-item controls. Never a guess: anything less certain is an error.
pub(super) async fn item_of_month(verb: &str, what: &str, when: MonthRef, stop: &Stop) -> Result<Done, StepError> {
    let tab = loaded_tab().await?;
    let found = collection(tab.id, what, stop).await?;
    let mut fields = found.item_fields.clone();
    for f in ["title", "date", "text"] {
        if !fields.iter().any(|x| x == f) {
            fields.push(f.to_owned());
        }
    }
    let args = json!({ "tabId": tab.id, "collectionId": found.id, "fields": fields });
    let data: Extraction = call(tool_call(ToolName::DomExtract, args), stop).await?;
    let now = js_sys::Date::new_0();
    let today = Month::new(now.get_full_year() as i32, now.get_month() + 1).ok_or_else(|| StepError::Said("The browser's clock gives no date.".into()))?;
    let month = when.resolve(today);
    let Some(&index) = pick_month(&data.items, month).first() else {
        return Err(StepError::Said(report::no_item_in_month(what, month, &item_months(&data.items))));
    };
    let title = data.items[index].get("title").and_then(Value::as_str).unwrap_or_default().to_owned();
    let resolve = |sel: &RoleSelector| tool_call(ToolName::DomResolve, json!({ "tabId": tab.id, "selector": sel }));
    let mut chosen: Option<(RoleSelector, String)> = None;
    for sel in item_control_selectors(verb, &title) {
        let r: Resolution = call(resolve(&sel), stop).await?;
        if r.count == 1 {
            chosen = Some((sel, r.matches[0].name.clone()));
            break;
        }
    }
    if chosen.is_none() {
        for sel in per_item_selectors(verb) {
            let r: Resolution = call(resolve(&sel), stop).await?;
            if r.count as usize == data.items.len() && data.total as usize == data.items.len() {
                let name = r.matches.get(index).map(|m| m.name.clone()).unwrap_or_default();
                chosen = Some((bc_core::selector::with_nth(&sel, index as u32), name));
                break;
            }
        }
    }
    let Some((selector, name)) = chosen else {
        return Err(StepError::Said(report::no_item_control(verb, what, &title, month)));
    };
    let outcome: ActOutcome = call(ElementAction::Click.call(tab.id, &selector, None), stop).await?;
    let line = report::acted(&ElementAction::Click, &name, &outcome, Some(&tab.url));
    Ok(Done::line(format!("{line} — the {what} of {month}")))
}
