//! The main-content score (see the module doc): block weights, spread to
//! ancestors, scaled by link density; the best container and its climb.

use super::{density, hints, BlockFact, BlockFacts};

/// Characters a block needs to weigh anything (a caption, a menu item or
/// a date does not).
const MIN_BLOCK_CHARS: u32 = 25;
/// Divisors of a block's weight at its parent, grandparent and
/// great-grandparent.
const LEVEL_DIVISOR: [f64; 3] = [1.0, 2.0, 6.0];
/// A winner must hold this much text, and this much score, else the page
/// has no article to find (an app, a list) and the body stays the region.
const MIN_CHARS: u32 = 200;
const MIN_SCORE: f64 = 15.0;
/// The winner's parent takes over when it keeps this share of the score.
const CLIMB_SHARE: f64 = 0.6;
/// Containers measured for link density: the best this many by prose
/// score, with their ancestors.
const SHORTLIST: usize = 6;
/// Other containers scoring this share of the best that, two of them
/// under one ancestor of the best, make that ancestor the article.
const NEAR_BEST: f64 = 0.75;
/// …and has at most this link density.
const CLIMB_MAX_LINK_DENSITY: f64 = 0.3;

/// What one block gives its ancestors: 1, plus one per comma, plus one per
/// 100 characters (at most 3), times the share that is not links;
/// nothing inside boilerplate.
fn weight(facts: &BlockFacts, b: &BlockFact) -> f64 {
    if b.chars < MIN_BLOCK_CHARS {
        return 0.0;
    }
    if b.boiler.and_then(|c| facts.containers.get(c as usize)).is_some_and(hints::is_boilerplate) {
        return 0.0;
    }
    // A block of `<br>`-separated paragraphs counts as that many.
    let paragraphs = f64::from(b.breaks / 2 + 1);
    let base = 1.0 + f64::from(b.commas.min(20)) + (f64::from(b.chars) / 100.0).min(3.0 * paragraphs);
    base * (1.0 - b.link_density())
}

/// Every container's score (0 for those no block reached).
pub fn scores(facts: &BlockFacts) -> Vec<f64> {
    let (prose, reached) = tally(facts);
    facts
        .containers
        .iter()
        .enumerate()
        .map(|(i, c)| if reached[i] { (hints::prior(c) + prose[i]) * (1.0 - density(c.link_chars, c.chars)) } else { 0.0 })
        .collect()
}

/// What the blocks gave each container, and which they reached.
fn tally(facts: &BlockFacts) -> (Vec<f64>, Vec<bool>) {
    let n = facts.containers.len();
    let mut prose = vec![0.0; n];
    let mut reached = vec![false; n];
    for b in &facts.blocks {
        let w = weight(facts, b);
        if w == 0.0 {
            continue;
        }
        if let Some(c) = b.own.map(|c| c as usize).filter(|&c| c < n) {
            reached[c] = true;
            prose[c] += w;
        }
        for (level, &c) in b.path.iter().take(LEVEL_DIVISOR.len()).enumerate() {
            if let Some(c) = Some(c as usize).filter(|&c| c < n) {
                reached[c] = true;
                prose[c] += w / LEVEL_DIVISOR[level];
            }
        }
    }
    (prose, reached)
}

/// The containers whose text and link lengths [`choose`] needs: the
/// [`SHORTLIST`] best by score before link density, and every ancestor
/// of theirs (where a choice may climb).
pub fn shortlist(facts: &BlockFacts) -> Vec<usize> {
    let score = scores(facts);
    let mut order: Vec<usize> = (0..score.len()).filter(|&i| score[i] > 0.0).collect();
    order.sort_by(|&a, &b| score[b].total_cmp(&score[a]).then(a.cmp(&b)));
    let mut out = Vec::new();
    for &c in order.iter().take(SHORTLIST) {
        let mut at = Some(c);
        while let Some(i) = at.filter(|&i| i < facts.containers.len()) {
            if out.contains(&i) {
                break;
            }
            out.push(i);
            at = facts.containers[i].parent.map(|p| p as usize);
        }
    }
    out
}

/// The container holding the page's article, as an index into
/// `facts.containers`; `None` when no container holds enough prose.
/// Only measured containers compete when some are (see [`shortlist`]).
pub fn choose(facts: &BlockFacts) -> Option<usize> {
    let score = scores(facts);
    let (prose, _) = tally(facts);
    let any_measured = facts.containers.iter().any(|c| c.measured);
    let competes = |i: usize| score[i] > 0.0 && (!any_measured || facts.containers[i].measured);
    let best = (0..score.len()).filter(|&i| competes(i)).max_by(|&a, &b| score[a].total_cmp(&score[b]).then(b.cmp(&a)))?;
    if score[best] < MIN_SCORE || facts.containers[best].chars < MIN_CHARS {
        return None;
    }
    let ancestors = |c: usize| {
        let mut out = Vec::new();
        let mut at = facts.containers[c].parent.map(|p| p as usize);
        while let Some(p) = at.filter(|&p| p < score.len() && !out.contains(&p)) {
            out.push(p);
            at = facts.containers[p].parent.map(|p| p as usize);
        }
        out
    };
    // Two other near-best containers beside the best, outside it and
    // not above it, under one ancestor of it: the article is that
    // ancestor (a chapter of sections, each with its own prose).
    let mine = ancestors(best);
    let near: Vec<Vec<usize>> = (0..score.len())
        .filter(|&i| i != best && competes(i) && score[i] >= NEAR_BEST * score[best] && !mine.contains(&i))
        .map(ancestors)
        .filter(|a| !a.contains(&best))
        .collect();
    let shared = mine.iter().copied().find(|a| near.iter().filter(|n| n.contains(a)).count() >= 2);
    let mut at = match shared {
        Some(a) if !hints::is_boilerplate(&facts.containers[a]) && density(facts.containers[a].link_chars, facts.containers[a].chars) <= CLIMB_MAX_LINK_DENSITY => a,
        _ => best,
    };
    // Up while the parent holds prose of its own or of other children
    // beside this one (a lead paragraph, a body split in parts): from one
    // child alone it gets half (`LEVEL_DIVISOR`), under `CLIMB_SHARE`.
    // Priors are left out here: a wrapper named "content" holds the
    // sidebar too.
    while let Some(p) = facts.containers[at].parent.map(|p| p as usize).filter(|&p| p < score.len()) {
        let parent = &facts.containers[p];
        let keeps = prose[p] >= CLIMB_SHARE * prose[at];
        if !keeps || density(parent.link_chars, parent.chars) > CLIMB_MAX_LINK_DENSITY || hints::is_boilerplate(parent) {
            break;
        }
        at = p;
    }
    Some(at)
}

/// Whether block `b` is inside container `c`: on its path, or above it.
pub fn is_inside(facts: &BlockFacts, b: &BlockFact, c: usize) -> bool {
    let Some(&last) = b.path.last() else { return false };
    if b.own.is_some_and(|o| o as usize == c) || b.path.iter().any(|&p| p as usize == c) {
        return true;
    }
    let mut at = facts.containers.get(last as usize).and_then(|x| x.parent);
    let mut steps = 0;
    while let Some(p) = at {
        if p as usize == c {
            return true;
        }
        steps += 1;
        if steps > facts.containers.len() {
            return false;
        }
        at = facts.containers.get(p as usize).and_then(|x| x.parent);
    }
    false
}
