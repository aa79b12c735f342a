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
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

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
    let mut index: HashMap<(usize, ActionRole, String), usize> = HashMap::default();
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
    let (mut templates, singles): (Vec<_>, Vec<_>) = found.into_iter().partition(|(_, items)| items.len() >= 2);
    templates.extend(merge_named_per_item(singles));
    let mut out: Vec<Template> = templates.into_iter().map(|(t, _)| t).collect();
    out.sort_by_key(|t| t.first);
    out
}

/// Per-item controls whose accessible names embed the item, like
/// "Add Aurora Desk Lamp to cart" / "Add Nimbus Mouse to cart" (a common,
/// good accessibility practice), are one template too: grouped per
/// (collection, role), they share leading and/or trailing words around an
/// item-specific middle, and the shared words ("Add to cart") are the label.
fn merge_named_per_item(singles: Vec<(Template, Vec<u32>)>) -> Vec<(Template, Vec<u32>)> {
    /// A template with the ids of the controls it stands for.
    type Members = (Template, Vec<u32>);
    let mut buckets: HashMap<(usize, ActionRole), Vec<Members>> = HashMap::default();
    for single in singles {
        buckets.entry((single.0.group, single.0.role)).or_default().push(single);
    }
    let mut merged = Vec::new();
    for ((group, role), bucket) in buckets {
        let items: Vec<u32> = bucket.iter().flat_map(|(_, items)| items.iter().copied()).collect();
        let distinct: HashSet<_> = items.iter().collect();
        // One such control per item, in at least two items.
        if bucket.len() < 2 || distinct.len() != bucket.len() {
            continue;
        }
        let words: Vec<Vec<&str>> = bucket.iter().map(|(t, _)| t.label.split(' ').collect()).collect();
        let Some(shared) = shared_frame(&words) else { continue };
        let label = shared.join(" ");
        let mut members: Vec<usize> = bucket.iter().flat_map(|(t, _)| t.members.iter().copied()).collect();
        members.sort_unstable();
        let first = members[0];
        merged.push((Template { group, role, key: template_key(&label), label, first, members }, items));
    }
    merged
}

/// The words every label starts and ends with, when each label also has
/// words of its own between them; `None` when nothing is shared.
fn shared_frame<'a>(labels: &[Vec<&'a str>]) -> Option<Vec<&'a str>> {
    let shortest = labels.iter().map(Vec::len).min()?;
    let same_at = |pick: &dyn Fn(&Vec<&'a str>) -> &'a str| labels.iter().all(|l| pick(l).eq_ignore_ascii_case(pick(&labels[0])));
    let prefix = (0..shortest).take_while(|&i| same_at(&|l| l[i])).count();
    let suffix = (0..shortest - prefix).take_while(|&i| same_at(&|l| l[l.len() - 1 - i])).count();
    let distinct_middles = labels.iter().all(|l| l.len() > prefix + suffix);
    if prefix + suffix == 0 || !distinct_middles {
        return None;
    }
    let first = &labels[0];
    Some(first[..prefix].iter().chain(&first[first.len() - suffix..]).copied().collect())
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

    #[test]
    fn shared_frame_table() {
        let cases: &[(&[&str], Option<&str>)] = &[
            (&["Add Aurora Desk Lamp to cart", "Add Nimbus Mouse to cart"], Some("Add to cart")),
            (&["Download invoice INV-001", "Download invoice INV-002"], Some("Download invoice")),
            (&["Remove Lamp", "Remove Mouse", "Remove Desk"], Some("Remove")),
            (&["Aurora Desk Lamp", "Nimbus Mouse"], None),
            // Identical labels are the first pass's business, not a frame.
            (&["Details", "Details"], None),
        ];
        for (labels, want) in cases {
            let words: Vec<Vec<&str>> = labels.iter().map(|l| l.split(' ').collect()).collect();
            assert_eq!(shared_frame(&words).map(|w| w.join(" ")).as_deref(), *want, "{labels:?}");
        }
    }
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
