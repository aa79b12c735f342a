//! MiniPCD versions: when `ts` moves (seed 000 §5 "Updates": "bump `ts`
//! when URL or landmark content changes materially").
//!
//! `ts` tells the planner whether what it saw is still the same page state:
//! it must stay put while a page only ticks (a counter, a clock, a label
//! flipping from "Add to cart" to "Added", ten more rows of an infinite
//! list) and move on a navigation or when the content of a landmark is
//! replaced (a SPA route swapping `main`, a wizard step, a login changing the
//! header).
//!
//! A [`Fingerprint`] summarises a page's facts per region — `main`, `header`
//! (banner), `nav`, and content outside any landmark — as a set of hashed
//! identities: controls (role + label), headings, groups, forms. Labels are
//! keyed with [`template_key`], which drops words with digits, so counters
//! never count. Group members count only for the first
//! [`GROUP_ITEMS_COUNTED`] items, so lists that grow or scroll do not.
//! Footers and asides never count: cookie banners, chat widgets and related
//! links come and go without the page changing.
//!
//! [`Version::next`] compares a new fingerprint with the one of the last
//! bump (not the previous build, so small changes that add up still bump
//! once they amount to a material change).

use super::facts::PageFacts;
use super::labels::template_key;
use crate::memo::StringMemo;
use crate::types::Landmark;

/// A region whose share of changed identities exceeds this is "materially
/// changed" (Jaccard distance; 0.5 = more changed than stayed).
pub const MATERIAL_SHARE: f64 = 0.5;
/// Items of each group whose controls count (the head of a list, not its tail).
pub const GROUP_ITEMS_COUNTED: u32 = 5;

/// The regions of a page a fingerprint tracks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Region {
    Main,
    Header,
    Nav,
    /// Content outside any landmark; counts only on pages without `main`.
    Unlandmarked,
}

/// What a page version is compared by (see the module doc).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Fingerprint {
    url: String,
    title: String,
    /// Sorted, deduplicated identity hashes per region, indexed by [`Region`].
    regions: [Vec<u32>; 4],
}

/// Why a new version began.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    Url,
    Title,
    Region(Region),
}

impl Region {
    const ALL: [Region; 4] = [
        Region::Main,
        Region::Header,
        Region::Nav,
        Region::Unlandmarked,
    ];

    fn of(l: Option<Landmark>) -> Option<Region> {
        match l {
            Some(Landmark::Main) => Some(Region::Main),
            Some(Landmark::Header) => Some(Region::Header),
            Some(Landmark::Nav) => Some(Region::Nav),
            None => Some(Region::Unlandmarked),
            Some(Landmark::Footer | Landmark::Aside) => None,
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// The identity hash of a tag and keys (32-bit FNV-1a over each part's own
/// hash): 32-bit arithmetic throughout, which the content module's CSP
/// fallback (wasm2js) runs natively; identities are compared within one
/// page's session only, and a few hundred of them rarely collide.
fn hash(tag: u8, parts: &[u32]) -> u32 {
    parts.iter().fold(fnv(0x811c_9dc5, &[tag]), |h, p| fnv(h, &p.to_le_bytes()))
}

fn fnv(mut h: u32, bytes: &[u8]) -> u32 {
    for &b in bytes {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    h
}

/// The hash of a string's [`template_key`], memoised (a fingerprint is
/// taken at every collection, and most of a page's labels and headings
/// are the same from one to the next).
fn key_hash(s: &str) -> u32 {
    thread_local! {
        static MEMO: std::cell::RefCell<StringMemo<u32>> = Default::default();
    }
    MEMO.with(|m| m.borrow_mut().get(s, || text_hash(&template_key(s))))
}

/// The hash of a string as it is.
fn text_hash(s: &str) -> u32 {
    fnv(0x811c_9dc5, s.as_bytes())
}

impl Fingerprint {
    /// The fingerprint of one collection's facts.
    pub fn of(facts: &PageFacts) -> Fingerprint {
        let mut regions: [Vec<u32>; 4] = Default::default();
        let mut add = |l: Option<Landmark>, tag: u8, parts: &[u32]| {
            if let Some(r) = Region::of(l) {
                regions[r.index()].push(hash(tag, parts));
            }
        };
        for c in &facts.controls {
            if c.group.is_some_and(|g| g.item >= GROUP_ITEMS_COUNTED) {
                continue;
            }
            let label = if c.name.trim().is_empty() {
                c.icon_hint.as_deref().unwrap_or_default()
            } else {
                &c.name
            };
            add(c.landmark, b'c', &[text_hash(&c.role), key_hash(label)]);
            if let Some(h) = &c.heading {
                add(c.landmark, b'h', &[key_hash(h)]);
            }
        }
        for g in &facts.groups {
            let label = key_hash(g.label.as_deref().unwrap_or_default());
            add(g.landmark, b'g', &[text_hash(&g.role), text_hash(&g.tag), label]);
        }
        for f in &facts.forms {
            let k = &f.facts;
            let heading = key_hash(k.heading.as_deref().unwrap_or_default());
            let submit = key_hash(k.submit_label.as_deref().unwrap_or_default());
            add(k.landmark, b'f', &[text_hash(k.role.as_deref().unwrap_or_default()), heading, submit]);
        }
        for r in &mut regions {
            r.sort_unstable();
            r.dedup();
        }
        Fingerprint {
            url: facts.url.clone(),
            title: template_key(&facts.title),
            regions,
        }
    }

    fn region(&self, r: Region) -> &[u32] {
        &self.regions[r.index()]
    }
}

/// Jaccard distance of two sorted, deduplicated sets: the share of their
/// union that is in only one of them (0 for two empty sets).
pub fn distance(a: &[u32], b: &[u32]) -> f64 {
    let (mut i, mut j, mut common) = (0, 0, 0usize);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                common += 1;
                i += 1;
                j += 1;
            }
        }
    }
    let union = a.len() + b.len() - common;
    if union == 0 {
        0.0
    } else {
        (union - common) as f64 / union as f64
    }
}

/// Whether `now` is another version of the page than `base`, and why:
/// another URL (fragment included: hash routers navigate by it), another
/// title (digits ignored), or a region whose identities changed by more
/// than [`MATERIAL_SHARE`]. Content outside landmarks counts only when
/// neither side has `main` content (there it is the page's content; beside
/// a `main` it is overlays, banners and widgets).
pub fn material_change(base: &Fingerprint, now: &Fingerprint) -> Option<Change> {
    if base.url != now.url {
        return Some(Change::Url);
    }
    if base.title != now.title {
        return Some(Change::Title);
    }
    let has_main = !base.region(Region::Main).is_empty() || !now.region(Region::Main).is_empty();
    Region::ALL
        .into_iter()
        .filter(|&r| r != Region::Unlandmarked || !has_main)
        .find(|&r| distance(base.region(r), now.region(r)) > MATERIAL_SHARE)
        .map(Change::Region)
}

/// A page version: its `ts` and the fingerprint it began with.
#[derive(Debug, Clone, PartialEq)]
pub struct Version {
    pub ts: f64,
    pub base: Fingerprint,
}

impl Version {
    /// The first version of a page seen at `now` (ms since the epoch).
    pub fn first(fp: Fingerprint, now: f64) -> Version {
        Version { ts: now, base: fp }
    }

    /// The version after a new collection at `now`: a new one when the
    /// content side saw a navigation (`navigated`: history API, popstate,
    /// hashchange) or [`material_change`] says so, else this one. A new
    /// `ts` is always greater than the old one, even within one millisecond.
    pub fn next(&self, fp: Fingerprint, now: f64, navigated: bool) -> Version {
        if navigated || material_change(&self.base, &fp).is_some() {
            Version {
                ts: now.max(self.ts + 1.0),
                base: fp,
            }
        } else {
            self.clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pcd::facts::{ControlFact, GroupFact, GroupRef};

    fn control(name: &str, landmark: Option<Landmark>) -> ControlFact {
        ControlFact {
            role: "button".into(),
            name: name.into(),
            tag: "button".into(),
            landmark,
            ..Default::default()
        }
    }

    fn page(main: &[&str]) -> PageFacts {
        let mut controls: Vec<ControlFact> = ["Home", "Pricing", "Docs"]
            .iter()
            .map(|n| control(n, Some(Landmark::Nav)))
            .collect();
        controls.extend(main.iter().map(|n| control(n, Some(Landmark::Main))));
        PageFacts {
            url: "https://app.example/inbox".into(),
            title: "Inbox".into(),
            controls,
            ..Default::default()
        }
    }

    const MAIN: &[&str] = &["Compose", "Archive", "Delete", "Mark as read"];

    #[test]
    fn same_facts_same_version() {
        let fp = Fingerprint::of(&page(MAIN));
        assert_eq!(material_change(&fp, &Fingerprint::of(&page(MAIN))), None);
        let v = Version::first(fp.clone(), 1000.0);
        assert_eq!(v.next(fp, 2000.0, false).ts, 1000.0);
    }

    #[test]
    fn counters_and_one_relabel_are_not_material() {
        let base = Fingerprint::of(&page(MAIN));
        // A counter ticking, in a label and in the title.
        let mut f = page(&["Compose", "Archive (3)", "Delete", "Mark as read"]);
        f.title = "Inbox (12)".into();
        let mut g = page(&["Compose", "Archive (4)", "Delete", "Mark as read"]);
        g.title = "Inbox (13)".into();
        assert_eq!(
            material_change(&Fingerprint::of(&f), &Fingerprint::of(&g)),
            None
        );
        // One button of four relabelled ("Delete" → "Deleted").
        let relabel = Fingerprint::of(&page(&["Compose", "Archive", "Deleted", "Mark as read"]));
        assert_eq!(material_change(&base, &relabel), None);
    }

    #[test]
    fn replaced_main_url_or_title_is_material() {
        let base = Fingerprint::of(&page(MAIN));
        let swapped = Fingerprint::of(&page(&["Save draft", "Send", "Attach"]));
        assert_eq!(
            material_change(&base, &swapped),
            Some(Change::Region(Region::Main))
        );
        let mut moved = page(MAIN);
        moved.url.push_str("#sent");
        assert_eq!(
            material_change(&base, &Fingerprint::of(&moved)),
            Some(Change::Url)
        );
        let mut retitled = page(MAIN);
        retitled.title = "Sent mail".into();
        assert_eq!(
            material_change(&base, &Fingerprint::of(&retitled)),
            Some(Change::Title)
        );
    }

    #[test]
    fn growing_lists_footers_and_overlays_do_not_count() {
        let with_list = |items: u32| {
            let mut f = page(MAIN);
            f.groups.push(GroupFact {
                role: "list".into(),
                tag: "ul".into(),
                landmark: Some(Landmark::Main),
                item_count: items,
                ..Default::default()
            });
            for i in 0..items {
                let mut c = control(
                    &format!("Thread {}", char::from(b'a' + (i % 26) as u8)),
                    Some(Landmark::Main),
                );
                c.group = Some(GroupRef { group: 0, item: i });
                f.controls.push(c);
            }
            f
        };
        let base = Fingerprint::of(&with_list(5));
        assert_eq!(
            material_change(&base, &Fingerprint::of(&with_list(60))),
            None
        );
        // A cookie banner outside any landmark beside a main, and a new footer.
        let mut f = page(MAIN);
        for n in ["Accept all", "Reject", "Settings", "More"] {
            f.controls.push(control(n, None));
            f.controls.push(control(n, Some(Landmark::Footer)));
        }
        assert_eq!(
            material_change(&Fingerprint::of(&page(MAIN)), &Fingerprint::of(&f)),
            None
        );
    }

    #[test]
    fn pages_without_main_compare_their_unlandmarked_content() {
        let plain = |names: &[&str]| PageFacts {
            url: "https://x.example/".into(),
            controls: names.iter().map(|n| control(n, None)).collect(),
            ..Default::default()
        };
        let base = Fingerprint::of(&plain(&["Next", "Back", "Help"]));
        assert_eq!(
            material_change(&base, &Fingerprint::of(&plain(&["Next", "Back", "Help!"]))),
            None
        );
        assert_eq!(
            material_change(&base, &Fingerprint::of(&plain(&["Pay", "Cancel"]))),
            Some(Change::Region(Region::Unlandmarked))
        );
    }

    #[test]
    fn drift_adds_up_against_the_last_bump() {
        let v = Version::first(Fingerprint::of(&page(MAIN)), 1000.0);
        let step1 = Fingerprint::of(&page(&["Compose", "Archive", "Delete", "Snooze"]));
        let v1 = v.next(step1, 2000.0, false);
        assert_eq!(v1.ts, 1000.0);
        // Against the previous build only one more label changed; against
        // the last bump, three of four did.
        let step2 = Fingerprint::of(&page(&["Compose", "Move", "Label", "Snooze"]));
        let v2 = v1.next(step2, 3000.0, false);
        assert_eq!(v2.ts, 3000.0);
    }

    #[test]
    fn navigation_bumps_and_ts_only_grows() {
        let fp = Fingerprint::of(&page(MAIN));
        let v = Version::first(fp.clone(), 5000.0);
        assert_eq!(v.next(fp.clone(), 6000.0, true).ts, 6000.0);
        // Same millisecond, or a clock that went back: still later.
        assert_eq!(v.next(fp.clone(), 5000.0, true).ts, 5001.0);
        assert_eq!(v.next(fp, 4000.0, true).ts, 5001.0);
    }

    #[test]
    fn jaccard_distance() {
        assert_eq!(distance(&[], &[]), 0.0);
        assert_eq!(distance(&[1, 2], &[1, 2]), 0.0);
        assert_eq!(distance(&[1, 2], &[3]), 1.0);
        assert_eq!(distance(&[1, 2, 3], &[2, 3, 4]), 0.5);
    }
}
