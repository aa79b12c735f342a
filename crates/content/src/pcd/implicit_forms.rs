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
