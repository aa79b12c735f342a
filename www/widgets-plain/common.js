// Shared by the widgets-plain task pages (issue 45): small plain-HTML
// pages, little ARIA, each showing one instruction in the words a person
// would write. Values vary per load from a seeded random source (?seed=N),
// so a test can reproduce a page; the page keeps its own state as JSON in
// <body data-state>, with `done` true once the instruction was carried out.

/** mulberry32, seeded from `?seed=` (default 1). */
function seeded() {
  // Neighbouring seeds start far apart (a multiplicative hash), so seeds
  // 1, 2, 3 … give unrelated pages.
  let a = Math.imul((Number(new URLSearchParams(location.search).get('seed')) || 1) >>> 0, 0x9e3779b1) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The page's task: random picks, the instruction line and the state. */
export function task() {
  const rnd = seeded();
  const state = { done: false };
  const save = () => { document.body.dataset.state = JSON.stringify(state); };
  const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
  const shuffle = (xs) => {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  };
  /** `n` distinct items of `xs`, in random order. */
  const sample = (xs, n) => shuffle(xs).slice(0, n);
  save();
  return {
    rnd, pick, shuffle, sample, state,
    /**
     * Shows the instruction: one of `phrasings`, chosen by the seed; with
     * `?phrasing=held-out`, one of `heldOut` instead — wordings written
     * after the grammar, to measure it on sentences it was not fitted to;
     * with `?phrasing=fresh`, one of `fresh` — wordings written by someone
     * who never read the grammar, as a new user would put the task; with
     * `?phrasing=unseen`, one of `unseen` — wordings written later by
     * another person who never read the grammar either, in many users'
     * registers, and kept unseen by whoever tunes the grammar; with
     * `?phrasing=fresh-2`, one of `fresh2` — a second set by yet another
     * writer who never read the grammar (seven per task, written to widen
     * the grammar, so tuned on); with `?phrasing=fresh-3`, one of `fresh3`
     * — a third writer's eight per task, in registers the others did not
     * use (hurried, over-explaining, non-native, jargon); with
     * `?phrasing=fresh-4`, one of `fresh4` — a fourth writer's eight per
     * task, varied in sentence shape (object first, verbs left out,
     * reasons and places first); with `?phrasing=fresh-5`, one of
     * `fresh5` — a fifth writer's eight per task, written from the page
     * and its code alone, without any other set; with `?phrasing=fresh-6`,
     * one of `fresh6` — a sixth writer's eight per task, written the same
     * way and measured before any rule was written from it. An empty set
     * falls back to `phrasings`.
     */
    say(phrasings, heldOut = [], fresh = [], unseen = [], fresh2 = [], fresh3 = [], fresh4 = [], fresh5 = [], fresh6 = []) {
      // A Map, so that `?phrasing=constructor` cannot pick a prototype key.
      const sets = new Map([['held-out', heldOut], ['fresh', fresh], ['unseen', unseen], ['fresh-2', fresh2], ['fresh-3', fresh3], ['fresh-4', fresh4], ['fresh-5', fresh5], ['fresh-6', fresh6]]);
      const chosen = sets.get(new URLSearchParams(location.search).get('phrasing')) ?? [];
      const text = pick(chosen.length > 0 ? chosen : phrasings);
      document.getElementById('instruction').textContent = text;
      state.instruction = text;
      save();
    },
    set(patch) { Object.assign(state, patch); save(); },
  };
}

/** `el(tag, {attrs}, ...children)`: a small element builder. */
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  e.append(...children);
  return e;
}

export const WORDS = ['amber', 'birch', 'cobalt', 'delta', 'ember', 'fjord', 'granite', 'harbor', 'indigo', 'juniper', 'kestrel', 'lumen'];
export const CITIES = ['Paris', 'Rome', 'Oslo', 'Lisbon', 'Vienna', 'Prague', 'Dublin', 'Madrid', 'Berlin', 'Athens'];
export const COLOURS = ['Red', 'Blue', 'Green', 'Yellow', 'Purple', 'Orange', 'Black'];
