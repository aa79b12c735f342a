//! Which entries survive seed 000's budgets (30 actions, 20 forms, 20
//! collections): a priority score per entry, highest first, ties to the
//! earlier entry in document order; survivors are then listed in document
//! order (a page reads top to bottom, and order must not depend on scores).
//!
//! Action priority, additive (see [`action_priority`]):
//! - landmark: main 40, header 28, nav 26, none 20, aside 12, footer 5 (so
//!   main below the fold still beats an aside above it);
//! - above the fold (or unknown) +20;
//! - an inferred kind +15 (plain `navigation` +5: nearly every nav link has it);
//! - named by its accessible name rather than an icon hint +5;
//! - a template +10 (it stands for a whole column of buttons);
//! - repeated in several places (merged cluster) +3;
//! - a per-item control of a collection that is not a template −25 (its
//!   item is reachable via the collection);
//! - a numbered pagination link −15 ("Next" keeps its score);
//! - disabled −10, found only by clickability signals −5, external −5.
//!
//! Forms and collections: landmark as above, above the fold +20, a purpose
//! (forms) +15, a template or item fields (collections) +10/+5.
//!
//! [`Budget`] holds the caps themselves and the background work slice;
//! [`Budget::at`] halves them for ~10 s after a long task (seed 000 §11),
//! so a page that is already struggling gets a smaller MiniPCD built with
//! shorter slices of our work. The content side knows when long tasks ran;
//! the rule is here, tested natively.

use crate::kind::ActionKind;
use crate::types::{Landmark, MiniPcd};

/// How long budgets stay halved after a long task ended (seed 000 §11: "~10s").
pub const LONG_TASK_COOLDOWN_MS: f64 = 10_000.0;

/// The caps of one MiniPCD and the time slice of background work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    pub actions: usize,
    pub forms: usize,
    pub collections: usize,
    /// One slice of idle-time work, in ms (seed 000 §11: ≤ 8 ms).
    pub slice_ms: u32,
}

impl Budget {
    /// Seed 000 §5 and §11: 30 actions, 20 forms, 20 collections, 8 ms slices.
    pub const FULL: Budget = Budget {
        actions: MiniPcd::MAX_ACTIONS,
        forms: MiniPcd::MAX_FORMS,
        collections: MiniPcd::MAX_COLLECTIONS,
        slice_ms: 8,
    };

    /// Every cap and the slice halved (15/10/10, 4 ms).
    pub const fn halved(self) -> Budget {
        Budget {
            actions: self.actions / 2,
            forms: self.forms / 2,
            collections: self.collections / 2,
            slice_ms: self.slice_ms / 2,
        }
    }

    /// The budget at `now` (ms, any clock) given when the latest long task
    /// ended on the same clock: halved within [`LONG_TASK_COOLDOWN_MS`] of
    /// it, full otherwise. A long task "ending in the future" (clock skew)
    /// counts as just ended.
    pub fn at(now: f64, last_long_task_end: Option<f64>) -> Budget {
        match last_long_task_end {
            Some(end) if now - end < LONG_TASK_COOLDOWN_MS => Budget::FULL.halved(),
            _ => Budget::FULL,
        }
    }
}

/// Points for where an entry lives: the main content first.
pub fn landmark_points(l: Option<Landmark>) -> i32 {
    match l {
        Some(Landmark::Main) => 40,
        Some(Landmark::Header) => 28,
        Some(Landmark::Nav) => 26,
        None => 20,
        Some(Landmark::Aside) => 12,
        Some(Landmark::Footer) => 5,
    }
}

/// Cluster preference: lower is better (main > header/nav > aside > footer).
pub fn landmark_rank(l: Option<Landmark>) -> u8 {
    match l {
        Some(Landmark::Main) => 0,
        Some(Landmark::Header | Landmark::Nav) => 1,
        None => 2,
        Some(Landmark::Aside) => 3,
        Some(Landmark::Footer) => 4,
    }
}

/// The facts an action's priority depends on.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct ActionSignals {
    pub landmark: Option<Landmark>,
    pub above_fold: Option<bool>,
    pub kind: Option<ActionKind>,
    pub from_icon: bool,
    pub template: bool,
    pub merged: bool,
    pub in_item: bool,
    pub numbered_page: bool,
    pub disabled: bool,
    pub clickable_only: bool,
    pub external: bool,
    /// In a dialog the page marks modal ([`super::facts::ControlFact::in_modal`]).
    pub modal: bool,
}

pub fn action_priority(s: &ActionSignals) -> i32 {
    // A modal dialog's controls outrank everything: until it is answered
    // the page behind it waits (and a banner at the end of a long page
    // would otherwise lose the budget to the page's own controls).
    let mut p = if s.modal { 100 } else { 0 };
    p += landmark_points(s.landmark);
    p += if s.above_fold != Some(false) { 20 } else { 0 };
    p += match s.kind {
        Some(ActionKind::Navigation) => 5,
        Some(_) => 15,
        None => 0,
    };
    p += if s.from_icon { 0 } else { 5 };
    p += if s.template { 10 } else { 0 };
    p += if s.merged { 3 } else { 0 };
    p -= if s.in_item { 25 } else { 0 };
    p -= if s.numbered_page { 15 } else { 0 };
    p -= if s.disabled { 10 } else { 0 };
    p -= if s.clickable_only { 5 } else { 0 };
    p -= if s.external { 5 } else { 0 };
    p
}

pub fn form_priority(
    landmark: Option<Landmark>,
    above_fold: Option<bool>,
    has_purpose: bool,
) -> i32 {
    landmark_points(landmark)
        + if above_fold != Some(false) { 20 } else { 0 }
        + if has_purpose { 15 } else { 0 }
}

pub fn collection_priority(
    landmark: Option<Landmark>,
    above_fold: Option<bool>,
    has_template: bool,
    has_fields: bool,
) -> i32 {
    landmark_points(landmark)
        + if above_fold != Some(false) { 20 } else { 0 }
        + if has_template { 10 } else { 0 }
        + if has_fields { 5 } else { 0 }
}

/// Indices of the `max` highest-priority entries (ties: lower index, i.e.
/// earlier in the document), returned in ascending index order.
pub fn select(priorities: &[i32], max: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..priorities.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(priorities[i]), i));
    order.truncate(max);
    order.sort_unstable();
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_halve_for_ten_seconds_after_a_long_task() {
        assert_eq!(Budget::at(5_000.0, None), Budget::FULL);
        let halved = Budget::at(5_000.0, Some(4_000.0));
        assert_eq!((halved.actions, halved.forms, halved.collections, halved.slice_ms), (15, 10, 10, 4));
        assert_eq!(Budget::at(13_999.0, Some(4_000.0)), halved);
        assert_eq!(Budget::at(14_000.0, Some(4_000.0)), Budget::FULL);
        // Clock skew: an end after `now` is a task that just ended.
        assert_eq!(Budget::at(1_000.0, Some(2_000.0)), halved);
    }

    #[test]
    fn select_keeps_best_in_document_order() {
        assert_eq!(select(&[1, 5, 3, 5, 0], 3), [1, 2, 3]);
        assert_eq!(select(&[2, 2, 2], 2), [0, 1]);
        assert_eq!(select(&[], 2), Vec::<usize>::new());
    }

    #[test]
    fn main_above_fold_kinded_beats_footer_link() {
        let main = ActionSignals {
            landmark: Some(Landmark::Main),
            above_fold: Some(true),
            kind: Some(ActionKind::Checkout),
            ..Default::default()
        };
        let footer = ActionSignals {
            landmark: Some(Landmark::Footer),
            above_fold: Some(false),
            ..Default::default()
        };
        assert!(action_priority(&main) > action_priority(&footer));
        let item = ActionSignals {
            in_item: true,
            ..main
        };
        let template = ActionSignals {
            template: true,
            ..main
        };
        assert!(action_priority(&template) > action_priority(&main));
        assert!(action_priority(&item) < action_priority(&main));
    }
}
