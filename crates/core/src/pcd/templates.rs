//! Template actions (seed 000 §5 "Templates"): a control repeated in every
//! item of a collection — "Add to cart" on each card, "Download" on each
//! invoice row — becomes ONE action with `appliesToCollectionId`, instead of
//! one action per item eating the budget.
//!
//! Copies are the same computed role and the same [`template_key`] (label
//! without digit-bearing words, so "Download INV-0042"/"Download INV-0043"
//! match) in at least two distinct items of one collection group. The
//! template is bound to the first item's control; the per-item copies are not
//! listed (the content side finds them through the group key).

use super::facts::ControlFact;
use super::labels::{control_label, template_key};
use super::roles::classify_control;
use crate::types::ActionRole;
use std::collections::HashMap;

/// One template action before ids and kinds.
#[derive(Debug, Clone, PartialEq)]
pub struct Template {
    /// Index into `PageFacts::groups`.
    pub group: usize,
    pub role: ActionRole,
    /// The shared [`template_key`].
    pub key: String,
    /// Display label: the first copy's label without digit-bearing words.
    pub label: String,
    /// Index into `PageFacts::controls` of the first item's copy.
    pub first: usize,
    /// Every copy (indices into `PageFacts::controls`), document order.
    pub members: Vec<usize>,
}

/// Finds templates among controls of the groups for which `is_collection`
/// holds, in document order of their first copy.
pub fn find_templates(
    controls: &[ControlFact],
    is_collection: impl Fn(usize) -> bool,
) -> Vec<Template> {
    // (group, role, key) → (template, distinct items seen)
    let mut index: HashMap<(usize, ActionRole, String), usize> = HashMap::new();
    let mut found: Vec<(Template, Vec<u32>)> = Vec::new();
    for (i, c) in controls.iter().enumerate() {
        let Some(gref) = c.group else { continue };
        let group = gref.group as usize;
        if !is_collection(group) {
            continue;
        }
        let class = classify_control(c);
        if class.field && c.form.is_some() {
            continue;
        }
        let Some((label, _)) = control_label(&c.name, c.icon_hint.as_deref()) else {
            continue;
        };
        let key = template_key(&label);
        let slot = *index
            .entry((group, class.role, key.clone()))
            .or_insert_with(|| {
                found.push((
                    Template {
                        group,
                        role: class.role,
                        key,
                        label: strip_item_words(&label),
                        first: i,
                        members: vec![],
                    },
                    vec![],
                ));
                found.len() - 1
            });
        let (t, items) = &mut found[slot];
        t.members.push(i);
        if !items.contains(&gref.item) {
            items.push(gref.item);
        }
    }
    found
        .into_iter()
        .filter(|(_, items)| items.len() >= 2)
        .map(|(t, _)| t)
        .collect()
}

/// "Download INV-0042" → "Download": the per-item part would mislead on an
/// action that applies to every item.
fn strip_item_words(label: &str) -> String {
    let kept: Vec<&str> = label
        .split(' ')
        .filter(|w| !w.chars().any(|c| c.is_ascii_digit()))
        .collect();
    if kept.is_empty() {
        label.to_owned()
    } else {
        kept.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pcd::facts::GroupRef;

    fn ctl(role: &str, name: &str, group: u32, item: u32) -> ControlFact {
        ControlFact {
            role: role.into(),
            name: name.into(),
            group: Some(GroupRef { group, item }),
            ..Default::default()
        }
    }

    #[test]
    fn repeated_per_item_controls_become_one_template() {
        let controls = vec![
            ctl("link", "Widget", 0, 0),
            ctl("button", "Add to cart", 0, 0),
            ctl("link", "Gadget", 0, 1),
            ctl("button", "Add to cart", 0, 1),
            ctl("button", "Download INV-1", 1, 0),
            ctl("button", "Download INV-2", 1, 1),
            ctl("button", "Share", 2, 0),
            ctl("button", "Share", 2, 1),
        ];
        let t = find_templates(&controls, |g| g != 2);
        assert_eq!(t.len(), 2, "{t:?}");
        assert_eq!(
            (t[0].label.as_str(), t[0].first, t[0].members.clone()),
            ("Add to cart", 1, vec![1, 3])
        );
        assert_eq!((t[1].label.as_str(), t[1].group), ("Download", 1));
    }

    #[test]
    fn two_copies_in_one_item_are_not_a_template() {
        let controls = vec![ctl("button", "More", 0, 0), ctl("button", "More", 0, 0)];
        assert!(find_templates(&controls, |_| true).is_empty());
    }
}
