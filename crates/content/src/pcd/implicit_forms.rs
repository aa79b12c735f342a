//! Forms without a `<form>`: the DOM half of `bc_core::pcd::implicit_forms`.
//! From each loose field (no form owns it, no collection item holds it) it
//! climbs a few ancestors; at each it widens the run of controls the
//! ancestor holds (the controls are in document order, so what an element
//! holds is one run around the field) and asks the core's `judge`.
//!
//! Costs stay bounded: a run stops growing past `MAX_RANGE` controls
//! (that ancestor is then no form), a climb that reaches an ancestor an
//! earlier climb passed without finding a form ends there (what it holds
//! is judged once), and only the first [`MAX_LOOSE`] loose fields start a
//! climb.

use crate::element_index::ElementIndex;
use bc_core::pcd::implicit_forms::{is_loose_field, judge, Verdict, MAX_RANGE};
use bc_core::pcd::ControlFact;
use web_sys::Element;

/// Ancestors climbed from a field at most (field → its wrapper → its
/// row → the panel is three).
const MAX_LEVELS: usize = 6;
/// Loose fields a climb starts from, at most.
const MAX_LOOSE: usize = 200;

/// One form without a `<form>`.
pub struct Implicit {
    /// The ancestor that holds it.
    pub container: Element,
    /// Its scope (that of its fields).
    pub scope: usize,
    /// The controls it holds (indices into the caller's list): those no
    /// real form owns are its own, as a `<form>`'s are.
    pub held: std::ops::Range<usize>,
    /// Its fields and the button that commits them (indices likewise).
    pub fields: Vec<usize>,
    pub submit: usize,
}

/// The forms without a `<form>` among `controls` (element, scope, facts;
/// document order, `form` set for the real forms' controls), at most `max`.
pub fn find(controls: &[(Element, usize, ControlFact)], max: usize) -> Vec<Implicit> {
    let mut out = Vec::new();
    // Ancestors a climb passed without finding a form: none there or
    // above (one lookup each, not a comparison with every one).
    let dead = ElementIndex::new();
    let mut loose = 0;
    let mut i = 0;
    while i < controls.len() && out.len() < max && loose < MAX_LOOSE {
        if !is_loose_field(&controls[i].2) {
            i += 1;
            continue;
        }
        loose += 1;
        match climb(controls, i, &dead) {
            Some(found) => {
                i = found.held.end;
                out.push(found);
            }
            None => i += 1,
        }
    }
    out
}

/// Climbs from the loose field at `i` to the first ancestor that is a
/// form, if one is; marks the ancestors passed `dead` when none is.
fn climb(controls: &[(Element, usize, ControlFact)], i: usize, dead: &ElementIndex) -> Option<Implicit> {
    let scope = controls[i].1;
    let (mut lo, mut hi) = (i, i + 1);
    let mut node = controls[i].0.parent_element();
    let mut passed: Vec<Element> = Vec::new();
    let found = 'climb: {
        for _ in 0..MAX_LEVELS {
            let Some(a) = node else { break 'climb None };
            if dead.contains(&a) || matches!(crate::aria::dom::tag(&a).as_str(), "body" | "html") {
                break 'climb None;
            }
            let holds = |j: usize| controls[j].1 == scope && a.contains(Some(&controls[j].0));
            while lo > 0 && hi - lo <= MAX_RANGE && holds(lo - 1) {
                lo -= 1;
            }
            while hi < controls.len() && hi - lo <= MAX_RANGE && holds(hi) {
                hi += 1;
            }
            match judge(controls[lo..hi].iter().map(|c| &c.2)) {
                Verdict::Form { fields, submit } => {
                    break 'climb Some(Implicit {
                        container: a,
                        scope,
                        held: lo..hi,
                        fields: fields.into_iter().map(|f| lo + f).collect(),
                        submit: lo + submit,
                    });
                }
                Verdict::Stop => {
                    passed.push(a);
                    break 'climb None;
                }
                Verdict::Climb => {
                    node = a.parent_element();
                    passed.push(a);
                }
            }
        }
        None
    };
    if found.is_none() {
        for a in &passed {
            dead.set(a, 0);
        }
    }
    found
}

/// A form without a `<form>` found from the DOM alone, for the page
/// summary, which has no list of controls to climb through: its
/// container, its loose fields and the button that commits them.
pub struct Formless {
    pub container: Element,
    pub fields: Vec<Element>,
    pub submit: Element,
}

/// Where the summary's climbs start: rendered fields one types into or
/// picks from, outside any `<form>` and any `aria-hidden`/`inert` subtree
/// (those with a `form` attribute are checked one by one). A form without
/// a `<form>` has one; checkboxes, switches and sliders alone are a data
/// grid's row selectors and a card's toggles far more often, and were
/// most of an app page's loose fields (they still join a form found from
/// a text field). The role test is as `aria::dom::role_is` makes it:
/// `[role~=x i]` over a whole page cost ~3 ms at 10k elements.
fn entry_selector() -> js_sys::JsString {
    thread_local! {
        static SEL: js_sys::JsString = crate::aria::dom::js_str(Box::leak(
            format!(
                ":is(input:not([type=hidden i], [type=submit i], [type=button i], [type=reset i], [type=image i], \
                 [type=checkbox i], [type=radio i], [type=range i], [type=color i], [type=file i]), select, textarea, {roles}, \
                 [contenteditable]:not([contenteditable=false i])):not(form *, {h}, :is({h}) *)",
                roles = crate::aria::dom::role_is(&[("textbox", ""), ("searchbox", ""), ("combobox", ""), ("spinbutton", "")]),
                h = crate::aria::ARIA_HIDDEN_OR_INERT,
            )
            .into_boxed_str(),
        ));
    }
    SEL.with(Clone::clone)
}

/// Climbs the summary starts at most (it lists ≤ 10 forms).
const MAX_SUMMARY_CLIMBS: usize = 50;

/// Rows and items: the climb from a loose field stops there.
const ITEMS: &str = "tr, [role~=row i], [role~=gridcell i], [role~=listitem i], [role~=treeitem i], [role~=option i]";

/// Levels above a form's container within which two forms alike (same
/// fields, same button) are items of one list.
const ITEM_LEVELS: usize = 4;

/// The forms without a `<form>` in one tree, `root` (a document or a
/// shadow root; not the shadow roots inside it: the summary asks each tree
/// it reads), document order, at most `max`: the same
/// climb from loose fields (those of [`entry_selector`], ≤
/// [`MAX_SUMMARY_CLIMBS`] climbs) and the same `judge`, over the controls
/// each ancestor holds as discovery finds them (`discover::held`; the
/// clickables only a `cursor: pointer` tells, a style read per element,
/// are looked for only when a climb found no form without them, in the
/// ancestors that hold fields and no commit button). Fields a `<form>`
/// owns are that form's.
///
/// Without the MiniPCD's collections, a list's per-item controls (a
/// quantity field and "Add to cart" on each card) would each look like a
/// form: forms alike — the same field names and button — whose containers
/// meet within [`ITEM_LEVELS`] are such items, and are dropped with
/// every field inside the list that holds them.
pub fn formless_in(root: &web_sys::Node, max: usize) -> Vec<Formless> {
    // Names (`judged_fact`) share one labels index.
    let _reads = crate::aria::batch();
    let dead = ElementIndex::new();
    let mut memo = Judged::default();
    let mut pointer_searches = MAX_POINTER_SEARCHES;
    let mut out: Vec<(Formless, String)> = Vec::new();
    let mut lists: Vec<Element> = Vec::new();
    let mut repeated: Vec<String> = Vec::new();
    let mut loose = 0;
    let fields = crate::aria::dom::query_all_in_str(root, &entry_selector()).ok();
    for el in fields.into_iter().flat_map(super::dom::elements) {
        if out.len() >= max || loose >= MAX_SUMMARY_CLIMBS {
            break;
        }
        // Fields come in document order and what a container holds is one
        // run of them: only the latest form and list can hold this one.
        let inside = |c: Option<&Element>| c.is_some_and(|c| c.contains(Some(&el)));
        if inside(out.last().map(|(f, _)| &f.container)) || inside(lists.last()) {
            continue;
        }
        if super::dom::owner_form(&el).is_some() || !crate::aria::dom::check_visibility_box(&el) || !is_loose_field(&judged_fact(&el, false)) {
            continue;
        }
        loose += 1;
        // Semantic buttons first: most forms have one, and then no style
        // is read. Only a climb that found no form looks again for the
        // `div`s only a pointer cursor makes buttons.
        let mut found = climb_dom(&el, &dead, &mut memo, &mut 0);
        if found.is_err() && pointer_searches > 0 {
            found = climb_dom(&el, &dead, &mut memo, &mut pointer_searches);
        }
        let found = match found {
            Ok(found) => found,
            // No form there or above: later climbs end where this one went.
            Err(passed) => {
                passed.iter().for_each(|a| dead.set(a, 0));
                continue;
            }
        };
        let sig = signature(&found, &mut memo);
        let twin = out.iter().position(|(_, s)| *s == sig);
        // The list both items are in; far apart (a newsletter box in the
        // header and the footer) they are two forms. A form like items
        // already dropped is one more of them.
        let list = match twin {
            Some(t) => meeting(&out[t].0.container, &found.container),
            None => repeated.contains(&sig).then(|| found.container.clone()),
        };
        let Some(list) = list else {
            out.push((found, sig));
            continue;
        };
        if let Some(t) = twin {
            out.remove(t);
        }
        lists.push(list);
        if !repeated.contains(&sig) {
            repeated.push(sig);
        }
    }
    out.into_iter().map(|(f, _)| f).collect()
}

/// Climbs from the loose field `el` to the first ancestor that is a form
/// (see [`climb`]), looking for pointer clickables in up to `searches`
/// ancestors that hold fields and no commit button; when none is a form,
/// the ancestors it passed.
fn climb_dom(el: &Element, dead: &ElementIndex, memo: &mut Judged, searches: &mut usize) -> Result<Formless, Vec<Element>> {
    let mut node = el.parent_element();
    let mut passed = Vec::new();
    let found = 'climb: {
        for _ in 0..MAX_LEVELS {
            let Some(a) = node else { break 'climb None };
            if dead.contains(&a) || matches!(crate::aria::dom::tag(&a).as_str(), "body" | "html") {
                break 'climb None;
            }
            passed.push(a.clone());
            // A row or an item: what it holds is a collection's per-item
            // controls (the MiniPCD's `judge` stops at those), and a list
            // of them is no form either. Asked before the query: a data
            // grid's row checkboxes are most loose fields of an app's page.
            if crate::aria::dom::matches_c(&a, ITEMS) {
                break 'climb None;
            }
            let Some(mut held) = super::discover::held(&a, MAX_RANGE) else { break 'climb None };
            let facts: Vec<ControlFact> = held.iter().map(|(e, clickable)| memo.fact(e, *clickable)).collect();
            let mut verdict = judge(&facts);
            // Fields and no button to commit them: the button may be a
            // `div` only its pointer cursor tells (React's onClick leaves
            // no trace in the markup). Styles are read here only, and what
            // they add counts only if it makes a form (else the climb goes
            // on as it would have).
            if verdict == Verdict::Climb && *searches > 0 && facts.iter().any(is_loose_field) {
                *searches -= 1;
                let mut more = held.clone();
                if add_pointers(&a, &mut more) {
                    let more_facts: Vec<ControlFact> = more.iter().map(|(e, clickable)| memo.fact(e, *clickable)).collect();
                    if let found @ Verdict::Form { .. } = judge(&more_facts) {
                        (held, verdict) = (more, found);
                    }
                }
            }
            match verdict {
                Verdict::Form { fields, submit } => {
                    break 'climb Some(Formless {
                        fields: fields.into_iter().map(|i| held[i].0.clone()).collect(),
                        submit: held[submit].0.clone(),
                        container: a,
                    });
                }
                Verdict::Stop => break 'climb None,
                Verdict::Climb => node = a.parent_element(),
            }
        }
        None
    };
    found.ok_or(passed)
}

/// Pointer clickables looked for in one ancestor, at most, among its
/// first `MAX_POINTER_READS` leaf-ish candidates (a style read each).
const MAX_POINTERS: usize = 8;
const MAX_POINTER_READS: usize = 48;
/// Ancestors searched for pointer clickables in one summary, at most.
const MAX_POINTER_SEARCHES: usize = 12;

/// Adds the `cursor: pointer` clickables inside `container` that `held`
/// lacks (document order kept); whether there were any.
fn add_pointers(container: &Element, held: &mut Vec<(Element, bool)>) -> bool {
    let mut added = false;
    for p in super::clickable::pointer_elements_in(container, MAX_POINTERS, None, &[], MAX_POINTER_READS) {
        if held.iter().any(|(e, _)| *e == p) || crate::aria::is_unrendered(&p) {
            continue;
        }
        let at = held.iter().position(|(e, _)| super::frames::precedes(&p, e)).unwrap_or(held.len());
        held.insert(at, (p, true));
        added = true;
    }
    added
}

/// What tells forms alike apart: their button's name and their fields'
/// `name`s (else labels: what a list's items share, where ids differ).
fn signature(f: &Formless, memo: &mut Judged) -> String {
    let mut sig = memo.fact(&f.submit, false).name;
    for el in &f.fields {
        sig.push('\u{1f}');
        let attr = |a| crate::aria::dom::attr_nonblank(el, a);
        sig.push_str(&attr("name").or_else(|| attr("aria-label")).unwrap_or_else(|| crate::aria::accessible_name(el)));
    }
    sig
}

/// The list that holds `a` and `b` as two of its items: their nearest
/// common ancestor, within [`ITEM_LEVELS`] above both (and not `body`),
/// when they lie at the same depth below it in children alike (same tag,
/// same class: `li.card` and `li.card`, not `header` and `footer`).
fn meeting(a: &Element, b: &Element) -> Option<Element> {
    use crate::aria::dom::tag;
    // `a`'s ancestors up to the limit, each with the child on the way.
    let mut path = Vec::new();
    let (mut child, mut node) = (a.clone(), a.parent_element());
    for _ in 0..ITEM_LEVELS {
        let n = node?;
        if matches!(tag(&n).as_str(), "body" | "html") {
            break;
        }
        node = n.parent_element();
        path.push((n.clone(), child));
        child = n;
    }
    let (mut child, mut node) = (b.clone(), b.parent_element());
    for depth in 0..ITEM_LEVELS {
        let n = node?;
        if let Some(level) = path.iter().position(|(p, _)| *p == n) {
            let (list, item) = &path[level];
            let alike = tag(item) == tag(&child) && item.class_name() == child.class_name();
            return (alike && level == depth).then(|| list.clone());
        }
        node = n.parent_element();
        child = n;
    }
    None
}

/// [`judged_fact`]s by element, for one summary: an ancestor holds what
/// the one below it held, and neighbouring climbs meet the same controls.
#[derive(Default)]
struct Judged {
    index: Option<ElementIndex>,
    facts: Vec<ControlFact>,
}

impl Judged {
    fn fact(&mut self, el: &Element, clickable: bool) -> ControlFact {
        let index = self.index.get_or_insert_with(ElementIndex::new);
        if let Some(i) = index.get(el) {
            return self.facts[i as usize].clone();
        }
        let f = judged_fact(el, clickable);
        index.set(el, self.facts.len() as u32);
        self.facts.push(f.clone());
        f
    }
}

/// What [`judge`] asks of a control and no more: role, tag, type, name,
/// states, whether a `<form>` owns it, pagination (`control::fact` also
/// reads headings, landmarks, links and icons, most of its cost).
fn judged_fact(el: &Element, clickable: bool) -> ControlFact {
    use crate::aria::dom as adom;
    let tag = adom::tag(el);
    let role = super::context::role_of(el).map(|r| r.as_str().to_owned()).unwrap_or_default();
    let input_type = matches!(tag.as_str(), "input" | "button")
        .then(|| adom::attr_nonblank(el, "type"))
        .flatten()
        .map(|t| t.to_ascii_lowercase());
    let class = bc_core::pcd::roles::classify(&role, &tag, input_type.as_deref());
    let field = class.field;
    // Only a button's name and place matter (`is_commit_button`): a link,
    // a tab, a field is what it is whatever its name.
    let button_like = class.role == bc_core::types::ActionRole::Button
        || (clickable && class.role == bc_core::types::ActionRole::Other && !field);
    let mut name = if button_like { crate::aria::accessible_name(el) } else { String::new() };
    // A clickable `div` has no name from content: its text, as `control::fact` names it.
    if name.is_empty() && clickable && button_like {
        name = super::dom::short_text(el, super::control::MAX_NAME);
    }
    // The states as `control::fact` reads them (one read of the names).
    let attrs = adom::Attrs::of(el);
    use super::control::{tab_skipped, tri_state};
    ControlFact {
        form: (super::dom::owner_form(el).is_some() || (!field && super::dom::closest(el, "form").is_some())).then_some(0),
        in_pagination: button_like && super::context::in_pagination(el, &name),
        tab_skipped: tab_skipped(el, &attrs),
        pressed: tri_state(el, &attrs, "aria-pressed"),
        expanded: tri_state(el, &attrs, "aria-expanded"),
        has_popup: attrs.nonblank(el, "aria-haspopup").filter(|v| v != "false"),
        clickable,
        input_type,
        role,
        name,
        tag,
        ..ControlFact::default()
    }
}
