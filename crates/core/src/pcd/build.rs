//! [`build`]: `PageFacts` → bounded [`MiniPcd`] + [`Bindings`], in this order:
//! collections (groups that qualify, their templates, names, fields, budget),
//! actions (controls minus template copies and form fields, plus templates;
//! cluster dedupe; budget), forms (purpose, summaries, budget), login state,
//! metrics, ids. Pure and deterministic: same facts → same output.

use super::actions::{
    above_fold, action_context, action_from_control, dedupe, is_skip_link, ActionCandidate, Surroundings,
};
use super::bindings::{ActionBinding, Bindings, EntryBinding};
use super::budget::{action_priority, collection_priority, form_priority, select, Budget};
use super::collections::{dedupe_names, name_for, qualifies};
use super::facts::{ControlFact, PageFacts};
use super::fields::infer_item_fields;
use super::forms::form_candidate;
use super::ids::{IdAllocator, Ordinals};
use super::login::login_state;
use super::roles::role_name;
use super::labels::{control_label, label_key};
use super::templates::{find_templates, Template};
use crate::kind::{infer_action_kind, infer_form_purpose, ActionKind, FormPurpose};
use crate::types::{Landmark, MiniAction, MiniCollection, MiniPcd, PcdMetrics};
use serde::Serialize;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// A MiniPCD and what its ids are bound to.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Built {
    pub mini: MiniPcd,
    pub bindings: Bindings,
    /// Every action past the MiniPCD's action budget, with ids of their
    /// own: first the next best ([`UNLISTED_ACTIONS`] at most, in document
    /// order; what a query without text ranks), then the rest by priority
    /// (at most [`MAX_UNLISTED`] in all). The MiniPCD does not list them —
    /// its 30 are what the LLM reads — but `pcd.query` sieves them for its
    /// text (`rank::sieve`) and `getDetails` binds their ids (bindings in
    /// `bindings.unlisted`), so a control past the cap can still be found:
    /// the 15th day of a date picker, the 400th link of an API page's
    /// sidebar.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unlisted: Vec<MiniAction>,
}

/// Seed 000 §8.2 ranks ≤ 200 candidates a cycle: the full MiniPCD's 70
/// entries leave room for this many unlisted actions.
pub const UNLISTED_ACTIONS: usize = crate::rank::MAX_CANDIDATES
    - MiniPcd::MAX_ACTIONS
    - MiniPcd::MAX_FORMS
    - MiniPcd::MAX_COLLECTIONS;

/// At most this many unlisted actions (and template copies with labels of
/// their own among them): the content side's largest control cap (a page
/// read whole for a query), as `pcd.query` sieves them in slices; with the
/// listed entries, within `rank::MAX_POOL`.
pub const MAX_UNLISTED: usize = 4000;

/// A collection before ids.
struct Coll {
    group: usize,
    name: String,
    fields: Vec<String>,
    landmark: Option<Landmark>,
    approx: u32,
    above: Option<bool>,
    has_template: bool,
}

/// Builds the MiniPCD of a page version stamped `ts` (ms) with the full
/// budget (30/20/20).
pub fn build(facts: &PageFacts, ts: f64) -> Built {
    build_with(facts, ts, Budget::FULL)
}

/// Builds the MiniPCD of a page version stamped `ts` (ms), cut to `budget`
/// (the content side halves it after long tasks, `Budget::at`). Ids do not
/// depend on the budget: ordinals count every candidate before the cut.
pub fn build_with(facts: &PageFacts, ts: f64, budget: Budget) -> Built {
    let vh = facts.viewport_h;
    let controls = &facts.controls;
    let groups = &facts.groups;
    let form_purposes: Vec<Option<FormPurpose>> = facts
        .forms
        .iter()
        .map(|f| infer_form_purpose(&f.facts))
        .collect();
    let purpose_of = |c: &ControlFact| {
        c.form
            .and_then(|f| form_purposes.get(f as usize).copied().flatten())
    };
    let group_of = |c: &ControlFact| {
        c.group
            .map(|g| g.group as usize)
            .filter(|&g| g < groups.len())
    };

    // --- Collections -----------------------------------------------------
    let mut members: Vec<Vec<&ControlFact>> = vec![Vec::new(); groups.len()];
    for c in controls {
        if let Some(g) = group_of(c) {
            members[g].push(c);
        }
    }
    let qualifying: Vec<bool> = groups
        .iter()
        .zip(&members)
        .map(|(g, m)| qualifies(g, m))
        .collect();
    let templates = find_templates(controls, |g| qualifying.get(g).copied().unwrap_or(false));
    // Template kinds name unnamed collections ("Add to cart" → products);
    // the group's own label is the context until the collection has a name.
    let mut template_kinds: Vec<Vec<ActionKind>> = vec![Vec::new(); groups.len()];
    for t in &templates {
        let c = &controls[t.first];
        let s = Surroundings {
            form_purpose: purpose_of(c),
            collection: groups[t.group].label.as_deref(),
            in_item: false,
        };
        template_kinds[t.group].extend(infer_action_kind(&t.label, &action_context(c, &s)));
    }
    let mut colls: Vec<Coll> = Vec::new();
    for (gi, g) in groups.iter().enumerate().filter(|(gi, _)| qualifying[*gi]) {
        let fields = infer_item_fields(g);
        colls.push(Coll {
            group: gi,
            name: name_for(g, &fields, &template_kinds[gi]),
            fields,
            landmark: g.landmark,
            approx: g.declared_count.unwrap_or(0).max(g.item_count),
            above: above_fold(g.top, vh),
            has_template: !template_kinds[gi].is_empty() || templates.iter().any(|t| t.group == gi),
        });
    }
    let mut names: Vec<String> = colls.iter().map(|c| c.name.clone()).collect();
    dedupe_names(&mut names);
    for (c, n) in colls.iter_mut().zip(names) {
        c.name = n;
    }
    let coll_priorities: Vec<i32> = colls
        .iter()
        .map(|c| collection_priority(c.landmark, c.above, c.has_template, !c.fields.is_empty()))
        .collect();
    let kept_colls = select(&coll_priorities, budget.collections);
    let mut coll_ids = IdAllocator::default();
    let mut ordinals = Ordinals::default();
    let seeds: Vec<String> = colls
        .iter()
        .map(|c| ordinals.seed(format!("{}|{:?}", c.name, c.landmark)))
        .collect();
    // group index → (collection id, name) of surviving collections
    let mut surviving: HashMap<usize, (String, String)> = HashMap::default();
    let mut collections = Vec::new();
    let mut coll_bindings = Vec::new();
    for &i in &kept_colls {
        let c = &colls[i];
        let id = coll_ids.id('c', &seeds[i]);
        surviving.insert(c.group, (id.clone(), c.name.clone()));
        coll_bindings.push(EntryBinding {
            id: id.clone(),
            key: groups[c.group].key,
            above_fold: c.above != Some(false),
        });
        collections.push(MiniCollection {
            id,
            name: c.name.clone(),
            item_fields: c.fields.clone(),
            landmark: c.landmark,
            approx_count: Some(c.approx),
        });
    }

    // --- Actions -----------------------------------------------------------
    // Copies of templates are never listed; those of cut collections go too
    // (an action "for every item" of a collection the LLM cannot see).
    let absorbed: HashSet<usize> = templates
        .iter()
        .flat_map(|t| t.members.iter().copied())
        .collect();
    let mut cands: Vec<ActionCandidate> = Vec::new();
    let page_path = url_path(&facts.url);
    for (i, c) in controls.iter().enumerate() {
        if absorbed.contains(&i) || is_skip_link(c, &page_path) {
            continue;
        }
        let coll = group_of(c).and_then(|g| surviving.get(&g));
        let s = Surroundings {
            form_purpose: purpose_of(c),
            collection: coll
                .map(|(_, n)| n.as_str())
                .or_else(|| group_of(c).and_then(|g| groups[g].label.as_deref())),
            in_item: coll.is_some(),
        };
        cands.extend(action_from_control(i, c, &s, vh));
    }
    for t in templates
        .iter()
        .filter(|t| surviving.contains_key(&t.group))
    {
        let c = &controls[t.first];
        let (_, name) = &surviving[&t.group];
        let s = Surroundings {
            form_purpose: purpose_of(c),
            collection: Some(name),
            in_item: false,
        };
        let Some(mut a) = action_from_control(t.first, c, &s, vh) else {
            continue;
        };
        a.label_key = t.key.clone();
        a.kind = infer_action_kind(&t.label, &action_context(c, &s));
        a.label = t.label.clone();
        a.role = t.role;
        a.cluster = None;
        a.group_key = Some(groups[t.group].key);
        a.applies_to = Some(t.group);
        a.signals.kind = a.kind;
        a.signals.template = true;
        a.signals.numbered_page = false;
        cands.push(a);
    }
    cands.sort_by_key(|a| a.order);
    let login = login_state(
        cands.iter().filter_map(|a| a.kind),
        form_purposes.iter().flatten().copied(),
    );
    let mut cands = dedupe(cands);
    let mut ordinals = Ordinals::default();
    let mut seeds: Vec<String> = cands
        .iter()
        .map(|a| ordinals.seed(action_identity(a, &surviving)))
        .collect();
    let mut priorities: Vec<i32> = cands.iter().map(|a| action_priority(&a.signals)).collect();
    // Template copies with labels of their own are never listed, but may
    // be ranked: appended after the listed candidates, with later ordinals,
    // so nothing listed changes.
    let listable = cands.len();
    cands.extend(own_label_copies(&templates, &surviving, controls, |m, name| {
        let c = &controls[m];
        let s = Surroundings {
            form_purpose: purpose_of(c),
            collection: Some(name),
            in_item: true,
        };
        action_from_control(m, c, &s, vh)
    }));
    for a in &cands[listable..] {
        seeds.push(ordinals.seed(action_identity(a, &surviving)));
        priorities.push(action_priority(&a.signals));
    }
    let mut ids = IdAllocator::default();
    let mut actions = Vec::new();
    let mut action_bindings = Vec::new();
    let mut unlisted = Vec::new();
    let mut unlisted_bindings = Vec::new();
    // The budget's best are a prefix of a longer selection by the same
    // priorities, so the listed set does not change with the unlisted one.
    // Listed ids are handed out first: an unlisted action never moves one
    // (collisions are salted in allocation order).
    let ranked = select(&priorities, budget.actions + UNLISTED_ACTIONS);
    // The top of the listable ones are in `ranked` too: at most
    // `UNLISTED_ACTIONS` copies can rank above any of them.
    let listed = select(&priorities[..listable], budget.actions);
    // Controls of their own past the budget (not the copies of a listed
    // template: those are its items, reached with "item").
    let unlisted_count = listable - listed.len();
    let unlisted_order = ranked.iter().copied().filter(|i| listed.binary_search(i).is_err());
    // The rest, best first, after them: ids handed out later again, so a
    // query's sieve finding the 400th link moves no other id.
    let mut rest: Vec<usize> =
        (0..cands.len()).filter(|i| ranked.binary_search(i).is_err() && listed.binary_search(i).is_err()).collect();
    rest.sort_by_key(|&i| (std::cmp::Reverse(priorities[i]), i));
    let rest = rest.into_iter().take(MAX_UNLISTED.saturating_sub(ranked.len().saturating_sub(listed.len())));
    for (i, is_listed) in listed.iter().map(|&i| (i, true)).chain(unlisted_order.chain(rest).map(|i| (i, false))) {
        let (actions, action_bindings) = if is_listed {
            (&mut actions, &mut action_bindings)
        } else {
            (&mut unlisted, &mut unlisted_bindings)
        };
        let a = &cands[i];
        let id = ids.id('a', &seeds[i]);
        action_bindings.push(ActionBinding {
            id: id.clone(),
            key: a.key,
            group_key: a.group_key,
            context: a.context.clone(),
        });
        actions.push(MiniAction {
            id,
            label: a.label.clone(),
            role: a.role,
            kind: a.kind.map(|k| k.as_str().to_owned()),
            landmark: a.landmark,
            above_fold: a.above_fold,
            cluster_id: a.cluster.clone().filter(|_| a.cluster_size > 1),
            applies_to_collection_id: a
                .applies_to
                .and_then(|g| surviving.get(&g))
                .map(|(id, _)| id.clone()),
            frame_path: None,
            goes_to: a.goes_to.clone(),
        });
    }

    // --- Forms -------------------------------------------------------------
    let form_cands: Vec<_> = facts
        .forms
        .iter()
        .enumerate()
        .map(|(i, f)| form_candidate(i, f, form_purposes[i], vh))
        .collect();
    let form_priorities: Vec<i32> = form_cands
        .iter()
        .map(|f| form_priority(f.form.landmark, f.above_fold, f.purpose.is_some()))
        .collect();
    let mut ordinals = Ordinals::default();
    let seeds: Vec<String> = form_cands
        .iter()
        .map(|f| ordinals.seed(f.identity.clone()))
        .collect();
    let mut ids = IdAllocator::default();
    let mut forms = Vec::new();
    let mut form_bindings = Vec::new();
    for i in select(&form_priorities, budget.forms) {
        let f = &form_cands[i];
        let id = ids.id('f', &seeds[i]);
        form_bindings.push(EntryBinding {
            id: id.clone(),
            key: f.key,
            above_fold: f.above_fold != Some(false),
        });
        forms.push(crate::types::MiniForm {
            id,
            ..f.form.clone()
        });
    }

    let mut landmarks: Vec<Landmark> = Vec::new();
    for l in &facts.landmarks {
        if !landmarks.contains(l) {
            landmarks.push(*l);
        }
    }
    Built {
        mini: MiniPcd {
            url: facts.url.clone(),
            origin: origin(&facts.url),
            title: super::labels::display_label(&facts.title),
            login_state: login,
            ts,
            landmarks,
            actions,
            forms,
            collections,
            metrics: Some(metrics(facts)),
            silent_frames: Vec::new(),
            unlisted: u32::try_from(unlisted_count).unwrap_or(u32::MAX),
        },
        bindings: Bindings {
            actions: action_bindings,
            forms: form_bindings,
            collections: coll_bindings,
            unlisted: unlisted_bindings,
        },
        unlisted,
    }
}

/// The copies of surviving templates whose own label is not the
/// template's: "02-Jan-16" under a date column's template, "Download
/// INV-0043" under "Download", "Symphonic Structure Details" under
/// "Details". The MiniPCD lists only the template; these let `pcd.query`
/// find one item's control by its own name. At most [`MAX_UNLISTED`]
/// (the most that can be ranked), in document order.
fn own_label_copies(
    templates: &[Template],
    surviving: &HashMap<usize, (String, String)>,
    controls: &[ControlFact],
    mut make: impl FnMut(usize, &str) -> Option<ActionCandidate>,
) -> Vec<ActionCandidate> {
    let mut out = Vec::new();
    'templates: for t in templates.iter() {
        let Some((_, name)) = surviving.get(&t.group) else {
            continue;
        };
        let key = label_key(&t.label);
        for &m in &t.members {
            if out.len() >= MAX_UNLISTED {
                break 'templates;
            }
            let c = &controls[m];
            // Most copies share the template's label: test that before
            // the kind inference `make` runs.
            let Some((label, _)) = control_label(&c.name, c.icon_hint.as_deref()) else {
                continue;
            };
            if label_key(&label) != key {
                out.extend(make(m, name));
            }
        }
    }
    out.sort_by_key(|a: &ActionCandidate| a.order);
    out
}

/// Identity of an action for its id: role, label, landmark; templates by
/// their collection's name instead of the landmark.
fn action_identity(a: &ActionCandidate, surviving: &HashMap<usize, (String, String)>) -> String {
    // By hand, not `format!` (every candidate has one): the same text as
    // `format!("t|{role}|{label_key}|{name}")` and
    // `format!("{role}|{label_key}|{landmark:?}")`, which ids hash.
    let role = role_name(a.role);
    let mut out = String::with_capacity(role.len() + a.label_key.len() + 24);
    let template = a.applies_to.and_then(|g| surviving.get(&g));
    if template.is_some() {
        out.push_str("t|");
    }
    out.push_str(role);
    out.push('|');
    out.push_str(&a.label_key);
    out.push('|');
    match template {
        Some((_, name)) => out.push_str(name),
        None => push_landmark_debug(&mut out, a.landmark),
    }
    out
}

/// `format!("{:?}", landmark)`, appended.
fn push_landmark_debug(out: &mut String, landmark: Option<Landmark>) {
    match landmark {
        Some(l) => {
            out.push_str("Some(");
            out.push_str(match l {
                Landmark::Main => "Main",
                Landmark::Header => "Header",
                Landmark::Nav => "Nav",
                Landmark::Footer => "Footer",
                Landmark::Aside => "Aside",
            });
            out.push(')');
        }
        None => out.push_str("None"),
    }
}

/// `ariaCoverage`: share of controls with explicit ARIA (2 decimals).
fn metrics(facts: &PageFacts) -> PcdMetrics {
    let n = facts.controls.len();
    let aria = facts.controls.iter().filter(|c| c.aria).count();
    PcdMetrics {
        aria_coverage: (n > 0).then(|| (aria as f64 / n as f64 * 100.0).round() / 100.0),
        viewport_h: (facts.viewport_h > 0.0).then_some(facts.viewport_h),
        viewport_w: (facts.viewport_w > 0.0).then_some(facts.viewport_w),
    }
}

/// `URL.origin` by splitting, not the `url` crate (which would bloat the
/// content WASM): `scheme://host[:port]`, lower-cased, credentials dropped;
/// `"null"` for URLs without a host (as browsers say for `file:`, `data:`).
pub fn origin(url: &str) -> String {
    let Some((scheme, rest)) = url.trim().split_once("://") else {
        return "null".to_owned();
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    if host.is_empty() || scheme.is_empty() {
        return "null".to_owned();
    }
    format!(
        "{}://{}",
        scheme.to_ascii_lowercase(),
        host.to_ascii_lowercase()
    )
}

/// `origin` and `pathname` of a link's `href` property, when that is an
/// http(s) URL as the browser serialises one (scheme and host lower-case,
/// default port dropped, unsafe characters percent-encoded); `None` for
/// anything else, whose parts the caller asks the browser for: other
/// schemes, and hrefs the browser failed to parse (the property is then the
/// raw attribute, for which `pathname` is empty). Conservative: a host with
/// a character a serialised one never has, a bad port, or a character
/// that serialisation would have encoded, all give `None`.
pub fn http_link_parts(href: &str) -> Option<(String, String)> {
    let rest = href
        .strip_prefix("https://")
        .or_else(|| href.strip_prefix("http://"))?;
    let authority = &rest[..rest.find('/')?];
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let (host_ok, port) = match host_port.strip_prefix('[') {
        Some(v6) => {
            let (addr, after) = v6.split_once(']')?;
            let ok = !addr.is_empty() && addr.chars().all(|c| matches!(c, '0'..='9' | 'a'..='f' | ':' | '.'));
            (ok, after.strip_prefix(':').unwrap_or(after))
        }
        None => {
            let (host, port) = host_port.split_once(':').unwrap_or((host_port, ""));
            let ok = !host.is_empty() && host.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "-._~!$&'()*+,;=".contains(c));
            (ok, port)
        }
    };
    let port_ok = port.is_empty() || (port.len() <= 5 && port.chars().all(|c| c.is_ascii_digit()) && port.parse::<u32>().is_ok_and(|p| p <= 65535));
    let rest_ok = href.bytes().all(|b| b.is_ascii_graphic() && !matches!(b, b'"' | b'<' | b'>' | b'\\'));
    (host_ok && port_ok && rest_ok).then(|| (origin(href), url_path(href)))
}

/// The path of an absolute URL: after `scheme://host`, before `?`/`#`.
pub fn url_path(url: &str) -> String {
    let rest = match url.find("://") {
        Some(i) => &url[i + 3..],
        None => return String::new(),
    };
    let path = rest.find('/').map(|i| &rest[i..]).unwrap_or("/");
    let end = path.find(['?', '#']).unwrap_or(path.len());
    path[..end].to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halved_budget_cuts_entries_and_keeps_ids() {
        use crate::pcd::facts::ControlFact;
        let controls = (0..40)
            .map(|i| ControlFact {
                key: i,
                role: "button".into(),
                name: format!("Action {}{}", char::from(b'a' + i as u8 / 26), char::from(b'a' + i as u8 % 26)),
                tag: "button".into(),
                landmark: Some(Landmark::Main),
                ..Default::default()
            })
            .collect();
        let facts = PageFacts { url: "https://x.example/".into(), controls, ..Default::default() };
        let full = build(&facts, 1.0);
        let half = build_with(&facts, 1.0, Budget::FULL.halved());
        assert_eq!((full.mini.actions.len(), half.mini.actions.len()), (30, 15));
        for a in &half.mini.actions {
            let same = full.mini.actions.iter().find(|b| b.label == a.label).expect("kept in full");
            assert_eq!(same.id, a.id, "{}", a.label);
        }
    }

    #[test]
    fn http_link_parts_only_for_serialised_http_urls() {
        let cases: &[(&str, Option<(&str, &str)>)] = &[
            ("https://example.com/a/b?c=1#d", Some(("https://example.com", "/a/b"))),
            ("http://example.com:8080/", Some(("http://example.com:8080", "/"))),
            ("https://user:pw@example.com/x", Some(("https://example.com", "/x"))),
            ("http://[::1]:3000/v6", Some(("http://[::1]:3000", "/v6"))),
            ("https://xn--bcher-kva.example/%C3%BC", Some(("https://xn--bcher-kva.example", "/%C3%BC"))),
            ("http://127.0.0.1/#top", Some(("http://127.0.0.1", "/"))),
            // What a failed parse leaves (the raw attribute):
            ("http://", None),
            ("http://example.com", None),
            ("https://Example.com/x", None),
            ("https://exa mple.com/x", None),
            ("https://bücher.example/x", None),
            ("https://example.com:99999/x", None),
            ("https://example.com:8o/x", None),
            ("https://[::G]/x", None),
            ("https://example.com/a b", None),
            // Other schemes are the browser's to answer.
            ("mailto:a@example.com", None),
            ("blob:https://example.com/1", None),
            ("ftp://example.com/x", None),
        ];
        for (href, want) in cases {
            let got = http_link_parts(href);
            assert_eq!(got.as_ref().map(|(o, p)| (o.as_str(), p.as_str())), *want, "{href}");
        }
    }

    #[test]
    fn origin_by_splitting() {
        assert_eq!(
            origin("https://Shop.Example.com:8443/a/b?q=1#x"),
            "https://shop.example.com:8443"
        );
        assert_eq!(origin("http://user:pw@host/x"), "http://host");
        assert_eq!(origin("http://localhost:8080"), "http://localhost:8080");
        assert_eq!(origin("file:///tmp/x.html"), "null");
        assert_eq!(origin("data:text/html,hi"), "null");
    }

    #[test]
    fn landmark_debug_text_is_written_as_format_writes_it() {
        use crate::types::Landmark::*;
        for l in [None, Some(Main), Some(Header), Some(Nav), Some(Footer), Some(Aside)] {
            let mut s = String::new();
            super::push_landmark_debug(&mut s, l);
            assert_eq!(s, format!("{l:?}"));
        }
    }
}
