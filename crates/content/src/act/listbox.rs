//! `dom.select` on custom (ARIA) lists: a `role=listbox`, or a `combobox`
//! (or a button with `aria-haspopup=listbox`) whose list pops up — the
//! widgets of React Select, Headless UI, MUI, Radix and friends. Done as a
//! person does it: open the list (click; for an editable combobox, type
//! the wanted text when no option matches yet), wait for the options to
//! render (frameworks render popups a frame or a fetch later, often in a
//! portal at the end of `<body>`), click the option. A list it opened and
//! did not need is closed again with Escape.

use super::{brief, keys, observe, pointer};
use crate::aria::{self, dom::attr_nonblank_c, Role};
use bc_core::act::{ActError, MouseButton, SelectBy};
use web_sys::{Document, Element};

/// How long a popup list may take to render after opening.
const OPEN_WAIT_MS: f64 = 1500.0;
const POLL_MS: i32 = 30;
/// Options quoted when none matches.
const MAX_QUOTED: usize = 12;

/// Whether `dom.select` on `el` goes through this module.
pub fn applies(el: &Element) -> bool {
    crate::pcd::dom::tag(el) != "select"
        && (matches!(aria::computed_role(el), Some(Role::ListBox | Role::Combobox))
            || attr_nonblank_c(el, "aria-haspopup").is_some_and(|v| v.eq_ignore_ascii_case("listbox")))
}

/// Chooses the option `value` (by `by`) of the custom list `el`. Returns
/// the chosen option's text and whether the selection changed.
pub async fn select(el: &Element, value: &str, by: SelectBy) -> Result<(String, bool), ActError> {
    let doc = el.owner_document().ok_or_else(|| ActError::Detached { target: brief(el) })?;
    let is_list = aria::computed_role(el) == Some(Role::ListBox);
    let mut opened = false;
    // Lists already on show before we act belong to something else — unless
    // this combobox says it is open.
    let expanded = el.get_attribute("aria-expanded").is_some_and(|v| v.trim().eq_ignore_ascii_case("true"));
    let before: Vec<Element> = if expanded { Vec::new() } else { visible_lists(&doc) };
    let popup = |doc: &Document, el: &Element| popup(doc, el, &before);
    let now = if is_list { Some(el.clone()) } else { popup(&doc, el) };
    let editable = !is_list && super::input::is_text_field(el);
    let found = if editable && by != SelectBy::Index && now.as_ref().and_then(|l| find(&options(l), value, by)).is_none() {
        // An editable combobox (autocomplete) shows its options as you
        // type: type the wanted text, then pick from what it offers.
        super::input::type_text(el, value, true, false)?;
        opened = true;
        wait_for(|| popup(&doc, el).and_then(|l| find(&options(&l), value, by))).await
    } else {
        let list = match now {
            Some(list) => list,
            None => {
                opened = true;
                open(|| popup(&doc, el), el).await?
            }
        };
        find(&options(&list), value, by)
    };
    let Some(option) = found else {
        let shown = if is_list { Some(el.clone()) } else { popup(&doc, el) };
        let have: Vec<String> = shown.map(|l| options(&l)).unwrap_or_default().iter().take(MAX_QUOTED).map(option_text).collect();
        if opened {
            let _ = keys::press(el, "Escape");
        }
        return Err(ActError::Unsupported { target: brief(el), action: "select", why: format!("no option {value:?}; options: {}", have.join(", ")) });
    };
    let text = option_text(&option);
    if crate::resolve::role::disabled(&option) {
        if opened {
            let _ = keys::press(el, "Escape");
        }
        return Err(ActError::Disabled { target: brief(&option) });
    }
    if is_selected(&option) && !is_list {
        // Already chosen: leave the page as it was.
        if opened {
            let _ = keys::press(el, "Escape");
        }
        return Ok((text, false));
    }
    pointer::click(&option, MouseButton::Left, 1)?;
    Ok((text, true))
}

/// Opens the combobox `el`'s list as a person would: a click, else the
/// keyboard (some open on ArrowDown only).
async fn open(popup: impl Fn() -> Option<Element>, el: &Element) -> Result<Element, ActError> {
    pointer::click(el, MouseButton::Left, 1)?;
    if let Some(list) = wait_for(&popup).await {
        return Ok(list);
    }
    keys::press(el, "ArrowDown")?;
    wait_for(&popup).await.ok_or_else(|| ActError::Unsupported {
        target: brief(el),
        action: "select",
        why: "its list of options did not open (clicked it, pressed ArrowDown)".into(),
    })
}

/// Polls `probe` until it answers or the popup wait runs out.
async fn wait_for<T>(probe: impl Fn() -> Option<T>) -> Option<T> {
    let start = observe::now();
    loop {
        if let Some(v) = probe() {
            return Some(v);
        }
        if observe::now() - start > OPEN_WAIT_MS {
            return None;
        }
        observe::sleep(POLL_MS).await;
    }
}

/// The rendered list the combobox `el` controls: by `aria-controls` /
/// `aria-owns` (ARIA 1.2 and 1.1 patterns), a listbox inside it, else the
/// one listbox that appeared since `before` (portals without a reference).
fn popup(doc: &Document, el: &Element, before: &[Element]) -> Option<Element> {
    let referenced = ["aria-controls", "aria-owns"]
        .into_iter()
        .filter_map(|a| el.get_attribute(a))
        .flat_map(|ids| ids.split_whitespace().map(str::to_owned).collect::<Vec<_>>())
        .filter_map(|id| doc.get_element_by_id(&id))
        .flat_map(|e| {
            let inner: Vec<Element> = crate::pcd::dom::select(&e, "[role=listbox]").collect();
            std::iter::once(e).chain(inner)
        })
        .find(|e| aria::computed_role(e) == Some(Role::ListBox) && shown(e));
    if referenced.is_some() {
        return referenced;
    }
    if let Some(inner) = crate::pcd::dom::select(el, "[role=listbox]").find(shown) {
        return Some(inner);
    }
    let new: Vec<Element> = visible_lists(doc).into_iter().filter(|l| !before.contains(l)).collect();
    match new.len() {
        1 => new.into_iter().next(),
        _ => None,
    }
}

fn visible_lists(doc: &Document) -> Vec<Element> {
    doc.query_selector_all("[role=listbox]").map(|l| crate::pcd::dom::elements(l).filter(shown).collect()).unwrap_or_default()
}

fn shown(el: &Element) -> bool {
    !aria::is_hidden(el) && crate::aria::dom::check_visibility(el) && !options(el).is_empty()
}

/// The list's options, in order, skipping hidden ones.
fn options(list: &Element) -> Vec<Element> {
    crate::pcd::dom::select(list, "[role=option]").filter(|o| !aria::is_hidden(o)).collect()
}

fn option_text(o: &Element) -> String {
    aria::accessible_name(o)
}

fn is_selected(o: &Element) -> bool {
    ["aria-selected", "aria-checked"].iter().any(|a| o.get_attribute(a).is_some_and(|v| v.trim().eq_ignore_ascii_case("true")))
}

/// The option `value` names: by its value (`data-value`, `value`, `id`), its
/// text (exact, then any case, then the one option starting with it), or
/// its index; `Auto` tries value then text, as for a `<select>`.
fn find(options: &[Element], value: &str, by: SelectBy) -> Option<Element> {
    let want = crate::pcd::dom::normalize(value);
    let by_value = || {
        options.iter().find(|o| ["data-value", "value", "id"].iter().any(|a| o.get_attribute(a).is_some_and(|v| v == value))).cloned()
    };
    let by_text = || {
        let texts: Vec<String> = options.iter().map(option_text).collect();
        let lower = want.to_lowercase();
        let pick = |i: Option<usize>| i.map(|i| options[i].clone());
        pick(texts.iter().position(|t| *t == want))
            .or_else(|| pick(texts.iter().position(|t| t.to_lowercase() == lower)))
            .or_else(|| {
                let starts: Vec<usize> = (0..texts.len()).filter(|&i| texts[i].to_lowercase().starts_with(&lower)).collect();
                pick((starts.len() == 1).then(|| starts[0]))
            })
    };
    match by {
        SelectBy::Value => by_value(),
        SelectBy::Text => by_text(),
        SelectBy::Index => value.trim().parse::<usize>().ok().and_then(|i| options.get(i).cloned()),
        SelectBy::Auto => by_value().or_else(by_text),
    }
}
