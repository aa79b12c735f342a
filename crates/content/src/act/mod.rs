//! Acting on the page (issue 4): bind a selector to exactly one live
//! element, check it can take the action (enabled, visible, not covered),
//! do it (`pointer.rs`, `input.rs`, `keys.rs`), let the page settle and
//! judge whether it changed (`observe.rs`, seed 003). A step whose target
//! was found but that changed nothing is retried on the ladder of
//! `bc_core::act::ATTEMPTS` — as given, re-resolved after refreshing the
//! MiniPCD, then an alternative selector of the element (or the element
//! re-bound by its label) — and fails `no_effect` after 3 attempts.

pub(crate) mod input;
mod keys;
mod listbox;
mod leaving;
pub mod load;
pub mod observe;
mod pointer;
pub mod virtualized;
pub mod wait;

use crate::resolve;
use bc_core::act::{ActError, ActOutcome, Attempt, DomAction, ElementBrief, PageScroll, SelectBy, ATTEMPTS};
use bc_core::types::RoleSelector;
use web_sys::{Document, Element};

/// Candidates listed in an ambiguity error.
const MAX_CANDIDATES: usize = 5;
/// What the page gets to react to our scrolling a target into view before
/// an action's "before" is taken (about a frame).
const SCROLL_SETTLE_MS: i32 = 20;

/// What an error says about an element.
pub fn brief(el: &Element) -> ElementBrief {
    let name = crate::aria::accessible_name(el);
    let tag = crate::pcd::dom::tag(el);
    // Rendered text only, and none of a text field (a `<textarea>`'s is its
    // default value).
    let text = (name.is_empty() && !matches!(tag.as_str(), "input" | "textarea"))
        .then(|| crate::pcd::dom::short_text(el, 60))
        .filter(|t| !t.is_empty());
    ElementBrief { role: crate::aria::computed_role(el).map(|r| r.as_str().to_owned()), name, tag, text }
}

/// A selector as errors quote it.
fn describe_selector(sel: &RoleSelector) -> String {
    serde_json::to_string(sel).unwrap_or_default()
}

/// The one element `sel` matches.
pub fn bind(document: &Document, sel: &RoleSelector) -> Result<Element, ActError> {
    let found = resolve::resolve(document, sel).map_err(|e| ActError::BadSelector(e.to_string()))?;
    match found.len() {
        0 => Err(ActError::NotFound { selector: describe_selector(sel) }),
        1 => Ok(found.into_iter().next().expect("one")),
        n => Err(ActError::Ambiguous {
            selector: describe_selector(sel),
            count: n as u32,
            candidates: found.iter().take(MAX_CANDIDATES).map(brief).collect(),
        }),
    }
}

/// Whether the element takes pointer/keyboard input at all.
fn check_enabled(el: &Element) -> Result<(), ActError> {
    if resolve::role::disabled(el) || crate::pcd::dom::closest(el, "[inert]").is_some() {
        return Err(ActError::Disabled { target: brief(el) });
    }
    // Outside an open modal dialog nothing takes input (HTML makes it
    // inert): said at once, naming the dialog to deal with first, instead
    // of a click that does nothing and waits for an effect.
    if let Some(dialog) = crate::pcd::frames::blocking_modal(el) {
        return Err(ActError::Covered { target: brief(el), by: brief(&dialog) });
    }
    Ok(())
}

/// Actions whose effect happens outside the page, which its digest cannot
/// see: a link that downloads, a link or form submission that opens
/// another tab or window (`target` other than `_self`/`_parent`/`_top`;
/// retried, each attempt opened one more tab). Done once; what it does is
/// said in the outcome's detail.
const OTHER_TARGET: &str = ":not([target=''], [target=_self i], [target=_parent i], [target=_top i])";

fn effect_elsewhere(el: &Element, action: &DomAction) -> Option<String> {
    let closest = |sel: String| crate::pcd::dom::closest(el, &sel);
    let link = || closest(format!("a[href][download], area[href][download], a[href][target]{OTHER_TARGET}, area[href][target]{OTHER_TARGET}"));
    let submitter = ":is(button:not([type=button i], [type=reset i], [type=menu i]), input[type=submit i], input[type=image i])";
    let form = || match action {
        DomAction::Click { .. } => closest(format!("form[target]{OTHER_TARGET} {submitter}, {submitter}[formtarget]{}", OTHER_TARGET.replace("target", "formtarget"))),
        DomAction::Submit => closest(format!("form[target]{OTHER_TARGET}")),
        _ => None,
    };
    if let Some(a) = matches!(action, DomAction::Click { .. }).then(link).flatten() {
        return Some(match a.get_attribute("download") {
            Some(_) => "the link downloads a file".to_owned(),
            None => format!("the link opens in another tab or window (target=\"{}\")", a.get_attribute("target").unwrap_or_default()),
        });
    }
    form().map(|_| "the form is sent to another tab or window (its target)".to_owned())
}

thread_local! {
    /// Whether the worker said that a tab this page opened appeared since
    /// the current action began (`ContentRequest::TabOpened`).
    static TAB_OPENED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The worker saw a tab this page opened appear during an action.
pub fn note_tab_opened() {
    TAB_OPENED.with(|t| t.set(true));
}

/// Does `action` on `el` once. Returns (change expected, detail).
async fn perform(el: &Element, action: &DomAction) -> Result<(bool, Option<String>), ActError> {
    if !matches!(action, DomAction::Hover | DomAction::ScrollIntoView | DomAction::Scroll { .. }) {
        check_enabled(el)?;
    }
    match action {
        // "Select Madrid": an option of a native dropdown has no box to
        // click (the browser draws the open list itself); clicking it means
        // choosing it.
        DomAction::Click { .. } if crate::pcd::dom::tag(el) == "option" && el.closest("select").ok().flatten().is_some() => {
            let select = el.closest("select").ok().flatten().expect("checked above");
            let value = el.get_attribute("value").unwrap_or_else(|| el.text_content().unwrap_or_default());
            let by = if el.has_attribute("value") { SelectBy::Value } else { SelectBy::Text };
            input::select(&select, &value, by).map(|(chosen, changed)| (changed, Some(chosen)))
        }
        DomAction::Click { button, click_count } => pointer::click(el, *button, *click_count).map(|()| (true, None)),
        // Text for a native dropdown is the option to choose: "set the city
        // to Vienna" says the same of a <select> as of a text field.
        DomAction::Type { text, .. } if crate::pcd::dom::tag(el) == "select" => {
            input::select(el, text, SelectBy::Auto).map(|(chosen, changed)| (changed, Some(chosen)))
        }
        DomAction::Type { text, replace, submit } => input::type_text(el, text, *replace, *submit).map(|e| (e, None)),
        DomAction::Select { value, by } if listbox::applies(el) => {
            listbox::select(el, value, *by).await.map(|(chosen, changed)| (changed, Some(chosen)))
        }
        DomAction::Select { value, by } => input::select(el, value, *by).map(|(chosen, changed)| (changed, Some(chosen))),
        DomAction::Check { checked } => input::check(el, *checked).map(|e| (e, None)),
        DomAction::Submit => input::submit(el).map(|()| (true, None)),
        DomAction::Hover => {
            let (target, x, y) = pointer::target_at(el)?;
            pointer::hover_at(&target, x, y);
            Ok((false, None))
        }
        DomAction::PressKey { key } => keys::press(el, key).map(|()| (true, None)),
        DomAction::ScrollIntoView => pointer::aim(el).map(|_| (true, None)),
        DomAction::Scroll { to } => {
            let scroller = virtualized::scroll_box(el).ok_or_else(|| ActError::Unsupported { target: brief(el), action: "scroll", why: "neither it nor anything around it scrolls".into() })?;
            let (from, now) = virtualized::scroll_by(&scroller, *to);
            Ok((true, Some(format!("scrolled {} from {from} to {now} px of {}", brief(&scroller), scroller.scroll_height() - scroller.client_height()))))
        }
    }
}

/// The selector for `attempt`, or `None` when the ladder has nothing new.
fn selector_for(document: &Document, attempt: Attempt, given: &RoleSelector, id: Option<&str>, last: Option<&Element>) -> Option<RoleSelector> {
    match attempt {
        Attempt::AsGiven => Some(given.clone()),
        Attempt::Refreshed => {
            // A fresh collection rebinds ids to the current elements.
            let _ = crate::build_pcd(document);
            Some(given.clone())
        }
        Attempt::Alternative => {
            if let Some(id) = id {
                let built = crate::build_pcd(document);
                if let Ok(d) = resolve::details::details(document, &built, &[id.to_owned()]) {
                    let d = d.into_iter().next()?;
                    return std::iter::once(d.selector).chain(d.alt_selectors.into_iter().flatten()).find(|s| s != given);
                }
            }
            // Re-bind by what the element was: its own alternatives.
            let el = last.filter(|e| e.is_connected())?;
            let d = resolve::details::detail_of(document, "", el);
            std::iter::once(d.selector).chain(d.alt_selectors.into_iter().flatten()).find(|s| s != given)
        }
    }
}

/// Runs `action` on the element `selector` (from MiniPCD `id`, if given)
/// binds to, with verification and the retry ladder.
pub async fn act(document: &Document, selector: &RoleSelector, id: Option<&str>, action: &DomAction) -> Result<ActOutcome, ActError> {
    let mut first_error: Option<ActError> = None;
    let mut last_el: Option<Element> = None;
    let mut attempts = 0u8;
    // How a virtualized list's row was brought into the DOM, if it was.
    let mut materialized: Option<String> = None;
    TAB_OPENED.with(|t| t.set(false));
    for attempt in ATTEMPTS {
        let Some(sel) = selector_for(document, attempt, selector, id, last_el.as_ref()) else { continue };
        let el = match bind(document, &sel) {
            Ok(el) => el,
            // Ambiguity and bad selectors do not get better by retrying.
            Err(e @ (ActError::Ambiguous { .. } | ActError::BadSelector(_))) => return Err(e),
            // Not rendered yet, perhaps: a virtualized list shows it once
            // scrolled there (once per action; the bounded sweep covers
            // every row).
            Err(e @ ActError::NotFound { .. }) if attempt == Attempt::AsGiven => match virtualized::materialize(document, &sel, &describe_selector(&sel)).await {
                Ok(Some(found)) => {
                    materialized = Some(found.note);
                    found.el
                }
                Ok(None) => {
                    first_error.get_or_insert(e);
                    continue;
                }
                Err(e @ ActError::Ambiguous { .. }) => return Err(e),
                Err(swept) => {
                    first_error.get_or_insert(swept);
                    continue;
                }
            },
            Err(e) => {
                first_error.get_or_insert(e);
                continue;
            }
        };
        attempts += 1;
        // A key goes to the focused element: focusing the target is where
        // the press starts, not its effect (Tab's effect is focus moving on).
        if matches!(action, DomAction::PressKey { .. }) && observe::focused(document).as_ref() != Some(&el) {
            input::call(&el, "focus", &[]);
        }
        // Bringing the target into view is how an action starts, not its
        // effect: done before the page is looked at, and a frame's time
        // given to the scroll's own handlers (lazy loaders, sticky
        // headers; a timer, not `requestAnimationFrame`, which a hidden
        // tab never runs). Else a click that did nothing on an element
        // below the fold reported the page's scroll as its change.
        if !matches!(action, DomAction::ScrollIntoView | DomAction::Scroll { .. } | DomAction::PressKey { .. } | DomAction::Submit)
            && pointer::into_view(&el)
        {
            observe::sleep(SCROLL_SETTLE_MS).await;
        }
        let url_before = crate::digest::page_url(document);
        let (before, counter) = observe::watch(document, Some(&el));
        let scrolled_box = matches!(action, DomAction::Scroll { .. }).then(|| virtualized::scroll_box(&el)).flatten().map(|b| {
            let top = b.scroll_top();
            (b, top)
        });
        let leaving = leaving::Leaving::watch();
        let (expected, detail) = perform(&el, action).await?;
        // An action retried when it changed nothing waits longer for a
        // first sign of change: retrying too soon repeats it.
        let elsewhere = effect_elsewhere(&el, action);
        let retried = expected && action.retry_when_unchanged() && elsewhere.is_none();
        let mut what = observe::after_action(document, counter, &url_before, &before, Some(&el), retried).await;
        // A navigation on its way answers from the page it leads to.
        if let Some(l) = leaving.as_ref().filter(|l| l.started()) {
            l.wait_gone().await;
            what.push("navigation started".into());
        }
        drop(leaving);
        // Scrolling a box other than the page's main one, or a list to
        // render the target, is a change the page digest does not see.
        let box_moved = scrolled_box.as_ref().is_some_and(|(b, top)| b.scroll_top() != *top);
        if (box_moved || materialized.is_some()) && !what.iter().any(|w| w == "scroll") {
            what.push("scroll".into());
        }
        // A popup the page opened (`window.open`) is its effect too: the
        // worker tells, the page's digest cannot.
        let popup = TAB_OPENED.with(std::cell::Cell::get).then(|| "it opened another tab or window".to_owned());
        let done = !what.is_empty() || !retried || popup.is_some();
        if done {
            let elsewhere = elsewhere.or(popup).filter(|_| what.is_empty());
            return Ok(ActOutcome {
                observation: observe::observation(document, &url_before),
                changed: !what.is_empty(),
                changes: what,
                attempts,
                used_selector: (sel != *selector).then_some(sel),
                detail: detail.or(materialized).or(elsewhere),
                opened_tabs: Vec::new(),
            });
        }
        last_el = Some(el);
    }
    match (attempts, first_error, last_el) {
        (0, Some(e), _) => Err(e),
        (_, _, Some(el)) => Err(ActError::NoEffect { action: action.name(), target: brief(&el), attempts }),
        (_, Some(e), None) => Err(e),
        (_, None, None) => Err(ActError::NotFound { selector: describe_selector(selector) }),
    }
}

/// Scrolls the page (or its main scrolling panel).
pub async fn scroll_page(document: &Document, how: PageScroll) -> ActOutcome {
    let url_before = crate::digest::page_url(document);
    let (before, counter) = observe::watch(document, None);
    if let Some(s) = observe::scroller(document) {
        let h = f64::from(s.client_height());
        let top = f64::from(s.scroll_top());
        let to = match how {
            PageScroll::By { y } => top + y,
            PageScroll::Down => top + h * 0.8,
            PageScroll::Up => top - h * 0.8,
            PageScroll::Top => 0.0,
            PageScroll::Bottom => f64::from(s.scroll_height()),
        };
        s.set_scroll_top(to.max(0.0) as i32);
    }
    // Virtualised lists render their new items after the scroll event.
    let what = observe::after_action(document, counter, &url_before, &before, None, false).await;
    ActOutcome { observation: observe::observation(document, &url_before), changed: !what.is_empty(), changes: what, attempts: 1, used_selector: None, detail: None, opened_tabs: Vec::new() }
}
