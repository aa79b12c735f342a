// Perception on pages we did not write, each opened in Chromium with the
// real extension, as the AX oracle test opens www/ pages:
// - by default, the W3C ARIA Authoring Practices example widgets
//   (../shared/bench-data/aria-practices, 76 static pages of comboboxes,
//   menus, grids, trees, tabs, sliders, …; never committed here);
// - `--real`: real sites' pages this kind of machine already holds, with
//   their own scripts: the Rust documentation rustup installs (rustdoc API
//   pages: doc.rust-lang.org/std; mdBook books: the Book, Cargo, the
//   Reference), the Node.js API docs (nodejs.org/api) and npm's docs
//   (docs.npmjs.com); see `tests/support/real_sites.mjs`, pages absent
//   here are skipped; and www/ pages of the kinds real pages break on
//   (issue 44: frames that never answer, CJK articles, an article with a
//   hidden sign-in form, nav-heavy articles without landmarks, a search
//   results page, markup that makes selector construction expensive),
//   with the page type expected of each and per-page timings;
// - `--pages DIR`: every `.html` under DIR (saved pages of any site), at
//   most `--max N` (default 30) spread over the sorted list.
// Each page runs offline: requests leaving 127.0.0.1 are aborted (fonts,
// analytics). Chromium's own accessibility tree is the referee:
// - agreement: every control we report (`debug_reported_controls`: the
//   whole collection, before the MiniPCD's caps) against Chromium's AX node
//   of the same element, role and name (tests/support/ax.mjs, with its
//   deliberate differences counted apart);
// - recall: the nodes Chromium exposes as operable (a widget role, or
//   focusable and no landmark: `interactive` below) that we did not report, disabled ones counted apart (a control that
//   cannot be used is no action), and so are the options of a native
//   `<select>` we report (chosen through it: the `select` action);
// - findability: each of those nodes with a name, looked for by that name
//   with `pcd.query` (seed 000 §8.2, as an agent grounds "click ‹name›"):
//   found when a hit among the first 3 (and the first) is labelled with the
//   name, or is the form that has a field of that name (fields are listed
//   in their form, not as actions);
// - grounding (seed 000 §5 "Details"): for the MiniPCD's actions and for
//   the first hit of names looked for (at most `--ground N` a page, default
//   100, spread over the names), `getDetails` gives a primary selector;
//   it must resolve (`dom.resolve`) to exactly one element, the one its css
//   path alternative (the element's own path) points at, and Playwright,
//   given the same selector (tests/support/referee.mjs), must find exactly
//   that element too.
// Prints figures and every difference; asserts nothing.
//
// Usage (through `cargo xtask conformance perception`, which builds the
// extension): node tests/conformance/perception.mjs [--real] [--pages DIR [--max N]]
//   [--page SUBSTRING] [--all-diffs] [--ground N]
// Data: $BC_SHARED/bench-data (default ../shared/bench-data from the repo root).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as h from '../support/harness.mjs';
import { at, axNode, chromiumRole, chromiumTree, compare, norm, ourControls, pct, tally, what } from '../support/ax.mjs';
import { realSources } from '../support/real_sites.mjs';
import { boxes, fmt, knownDifference, locatorFor, near } from '../support/referee.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const shared = process.env.BC_SHARED ? path.resolve(process.env.BC_SHARED) : path.resolve(repoRoot, '..', 'shared');
const argv = process.argv.slice(2);
const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : null);
const onlyPage = option('--page');
const maxDiffs = argv.includes('--all-diffs') ? Infinity : 40;
const groundMax = Number(option('--ground') ?? 100);

/** The APG example pages, if the bench data is here. */
function apgSource() {
  const root = path.join(shared, 'bench-data', 'aria-practices', 'content');
  if (!fs.existsSync(root)) {
    console.log(`bench-data not found (${root}), skipping the APG examples`);
    return null;
  }
  const pages = [];
  const patterns = path.join(root, 'patterns');
  for (const pattern of fs.readdirSync(patterns).sort()) {
    const dir = path.join(patterns, pattern, 'examples');
    if (!fs.existsSync(dir)) continue;
    for (const f of fs.readdirSync(dir).sort()) {
      if (f.endsWith('.html')) pages.push(`/patterns/${pattern}/examples/${f}`);
    }
  }
  return { label: 'ARIA Authoring Practices examples', root, pages };
}

/** Every `.html` under `dir`, at most `max`, spread evenly over the sorted list. */
function dirSource(dir, max) {
  const all = [];
  const walk = (d, rel) => {
    for (const name of fs.readdirSync(d).sort()) {
      const abs = path.join(d, name);
      if (fs.statSync(abs).isDirectory()) walk(abs, `${rel}${name}/`);
      else if (name.endsWith('.html')) all.push(`${rel}${name}`);
    }
  };
  walk(path.resolve(dir), '/');
  const step = Math.max(1, all.length / max);
  const pages = [];
  for (let i = 0; i < all.length && pages.length < max; i += step) pages.push(all[Math.floor(i)]);
  return { label: dir, root: path.resolve(dir), pages };
}

/** www/ pages of the classes issue 44 found real pages to break on, with the page type each should get (null: any). */
function wildSource() {
  const expect = {
    '/hostile/dead-frames/': null,
    '/hostile/selectors/': null,
    '/articles-wild/zh-news/': 'article',
    '/articles-wild/ja-blog/': 'article',
    '/articles-wild/members-article/': 'article',
    '/articles-wild/news-portal-review/': 'article',
    '/articles-wild/wordpress-local-news/': 'article',
    '/search/': 'search_results',
  };
  return { label: 'www/ pages of the web-at-large kinds', root: path.join(repoRoot, 'www'), pages: Object.keys(expect), expect };
}

const sources = [
  ...(argv.includes('--real') ? [...realSources(), wildSource()] : []),
  ...(option('--pages') ? [dirSource(option('--pages'), Number(option('--max') ?? 30))] : []),
];
if (!argv.includes('--real') && !option('--pages')) {
  const apg = apgSource();
  if (!apg) process.exit(0);
  sources.push(apg);
}
for (const s of sources) s.pages = s.pages.filter((p) => !onlyPage || p.includes(onlyPage));

// Roles a user operates (ARIA widget roles as CDP names them), and any
// other node Chromium calls focusable (a grid's cells, a `tabindex` div)
// except the documents and landmarks that are focused only as targets of
// skip links and dialogs (focus moves there, nobody operates them).
const WIDGET_ROLES = new Set([
  'button', 'link', 'checkbox', 'radio', 'switch', 'combobox', 'textbox', 'searchbox',
  'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'option', 'slider', 'spinbutton', 'treeitem',
]);
const FOCUS_TARGETS = new Set(['', 'region', 'main', 'navigation', 'banner', 'contentinfo', 'complementary', 'search',
  'form', 'document', 'article', 'dialog', 'alertdialog']);

const prop = (ax, name) => ax.properties?.find((p) => p.name === name)?.value?.value;

/** Whether Chromium exposes `ax` as something a user operates. */
function interactive(ax) {
  if (ax.ignored) return false;
  const role = chromiumRole(ax);
  return WIDGET_ROLES.has(role) || (prop(ax, 'focusable') === true && !FOCUS_TARGETS.has(role));
}

/** The `<select>` holding `backendNodeId` (an option), as a backendNodeId. */
async function selectOf(cdp, backendNodeId) {
  const { object } = await cdp.send('DOM.resolveNode', { backendNodeId }).catch(() => ({ object: null }));
  if (!object) return null;
  const { result } = await cdp.send('Runtime.callFunctionOn', { objectId: object.objectId, functionDeclaration: 'function () { return this.closest("select"); }' });
  if (!result.objectId) return null;
  return (await cdp.send('DOM.describeNode', { objectId: result.objectId })).node.backendNodeId;
}

/** A DOM node, briefly (for the misses, which we have no description of). */
async function describeNode(cdp, backendNodeId) {
  const { node } = await cdp.send('DOM.describeNode', { backendNodeId }).catch(() => ({ node: null }));
  if (!node) return '?';
  const attrs = new Map();
  for (let i = 0; i + 1 < (node.attributes ?? []).length; i += 2) attrs.set(node.attributes[i], node.attributes[i + 1]);
  let d = node.localName || node.nodeName;
  if (attrs.get('id')) d += `#${attrs.get('id')}`;
  for (const a of ['role', 'type', 'tabindex', 'aria-label', 'hidden']) if (attrs.has(a)) d += `[${a}="${attrs.get(a).slice(0, 30)}"]`;
  return d;
}

const browser = await h.launchBrowser();
// The pages link remote style sheets, fonts and analytics: offline here, and
// not part of what is measured.
await browser.ctx.route((url) => !/^(127\.0\.0\.1|localhost)$/.test(url.hostname) && /^https?:$/.test(url.protocol), (r) => r.abort());

/** Calls a tool in the service worker. */
async function call(tool, args) {
  return (await h.serviceWorker(browser.ctx)).evaluate(([t, a]) => self.copilot.call(t, a), [tool, args]);
}

/** A name as query text: `|` separates alternatives between words (an operator's name, "||", is asked as is). */
const queryText = (name) => (/[\p{L}\p{N}]/u.test(name) ? name.replaceAll('|', ' ') : name);

/**
 * Looks for each name with `pcd.query` (top 3); whether the first hit, or
 * one of the three, is labelled with it (or is a form with that field).
 */
async function findability(tabId, names) {
  const mini = await call('getMiniPCD', { tabId });
  const fieldsOf = new Map((mini.ok ? mini.data.forms : []).map((f) => [f.id, new Set(f.fieldSummaries.map((x) => norm(x.label).toLowerCase()))]));
  const out = [];
  for (const name of names) {
    const want = name.toLowerCase();
    const r = await call('pcd.query', { tabId, text: queryText(name), topK: 3 });
    const hits = r.ok ? r.data : [];
    // A label past 80 characters is cut and ends in `…`. Letters and digits
    // are compared: Chromium's name has a space at a `<wbr>` (ax.mjs, "word
    // break"), and of two links to one place under one name the ranker
    // keeps one (`clusterId`), "Control Flow" or a cross-reference's
    // "“Control Flow”".
    const bare = (s) => s.replace(/[^\p{L}\p{N}]+/gu, '');
    const labelled = (label) => (bare(want) ? bare(label) === bare(want) : label === want) || (label.endsWith('…') && want.startsWith(label.slice(0, -1)));
    const is = (hit) => labelled(norm(hit.label).toLowerCase()) || Boolean(fieldsOf.get(hit.id)?.has(want));
    out.push({ name, first: hits.length > 0 && is(hits[0]), top3: hits.some(is), got: hits.map((x) => `${x.label} ${x.score}`), error: r.ok ? null : r.error });
  }
  return out;
}

/** Times a call in the service worker. */
async function timedCall(tool, args) {
  const t0 = performance.now();
  const r = await call(tool, args);
  return { ...r, ms: performance.now() - t0 };
}

/**
 * A page of the web-at-large kinds: its type against `want`, the MiniPCD's
 * size and time (module loaded: the page was pinged), silent frames, and
 * `getDetails` of every action, timed (the selector ladder's bound).
 */
async function kindFigures(p, tabId, want) {
  const summary = await call('pcd.summary', { tabId, mode: 'compact' });
  const mini = await timedCall('getMiniPCD', { tabId });
  const again = await timedCall('getMiniPCD', { tabId });
  const ids = mini.ok ? mini.data.actions.map((a) => a.id) : [];
  const details = ids.length ? await timedCall('getDetails', { tabId, ids }) : { ok: true, ms: 0 };
  return {
    page: p,
    type: summary.ok ? summary.data.type : `(${summary.error})`,
    want: want ?? 'any',
    ok: !want || (summary.ok && summary.data.type === want),
    tokens: mini.ok ? Math.round(JSON.stringify(mini.data).length / 4) : null,
    firstMs: mini.ms,
    laterMs: again.ms,
    silent: mini.ok ? (mini.data.silentFrames ?? []).length : null,
    detailsMs: details.ms,
    detailsOk: details.ok ? `${ids.length} ids` : details.error,
  };
}

/** At most `max` of `xs`, spread evenly. */
const spread = (xs, max) => (xs.length <= max ? xs : Array.from({ length: max }, (_, i) => xs[Math.floor((i * xs.length) / max)]));

/**
 * Grounds the MiniPCD's actions and the first hit of each of `names` (as an
 * agent would, one query and one getDetails a step): whether each primary
 * selector resolves to one element, the one its css path names, and
 * whether Playwright finds that one element for it.
 */
async function grounding(page, tabId, names) {
  const out = { asked: 0, role: 0, unique: 0, same: 0, playwright: 0, known: 0, withCss: 0, diffs: [] };
  const mini = await call('getMiniPCD', { tabId });
  const targets = (mini.ok ? mini.data.actions : []).map((a) => ({ id: a.id, label: a.label }));
  for (const name of names) {
    const r = await call('pcd.query', { tabId, text: queryText(name), topK: 1 });
    if (r.ok && r.data[0]) targets.push({ id: r.data[0].id, label: r.data[0].label });
  }
  const seen = new Set();
  for (const t of spread(targets.filter((x) => !seen.has(x.id) && seen.add(x.id)), groundMax)) {
    out.asked++;
    const det = await call('getDetails', { tabId, ids: [t.id] });
    const what = `${t.id} ${JSON.stringify(t.label)}`;
    if (!det.ok) {
      out.diffs.push(`${what}: getDetails ${det.error}`);
      continue;
    }
    const d = det.data[0];
    const sel = d.selector;
    if (sel.kind === 'role') out.role++;
    else out.diffs.push(`${what}: primary selector of kind ${sel.kind} ${JSON.stringify(sel)} (informational)`);
    const ours = await call('dom.resolve', { tabId, selector: sel });
    if (!ours.ok || ours.data.count !== 1) {
      out.diffs.push(`${what} ${JSON.stringify(sel)}: ours ${JSON.stringify(ours.ok ? ours.data.count : ours.error)}`);
      continue;
    }
    out.unique++;
    const mine = ours.data.matches[0].rect;
    const css = (d.altSelectors ?? []).find((x) => x.kind === 'css');
    const path = css ? await call('dom.resolve', { tabId, selector: css }) : null;
    out.withCss += Boolean(css);
    if (css && path.ok && path.data.count === 1 && near(mine, path.data.matches[0].rect)) out.same++;
    else if (css) out.diffs.push(`${what} ${JSON.stringify(sel)}: at ${fmt(mine)}, its css path ${css.css} at ${path.ok ? path.data.matches.map((m) => fmt(m.rect)).join(' | ') : path.error}`);
    const theirs = await boxes(locatorFor(page, sel), 3).catch((e) => ({ count: -1, boxes: [], error: e.message.split('\n')[0] }));
    if (theirs.count === 1 && near(mine, theirs.boxes[0])) {
      out.playwright++;
      continue;
    }
    const known = await knownDifference(page, sel, mine);
    if (known) out.known++;
    out.diffs.push(`${known ? `[${known}] ` : ''}${what} ${JSON.stringify(sel)}: ours at ${fmt(mine)}, Playwright ${theirs.error ?? `${theirs.count} at ${theirs.boxes.map(fmt).join(' | ')}`}`);
  }
  return out;
}

const sum = { wholeFound: 0, n: 0, agree: 0, strict: 0, deliberate: 0, role: 0, name: 0, theirs: 0, found: 0, disabled: 0, disabledFound: 0, throughSelect: 0, extra: 0, asked: 0, first: 0, top3: 0, grounded: 0, gRole: 0, gUnique: 0, gSame: 0, gPlaywright: 0, gKnown: 0, gCss: 0 };
const groundDiffs = [];
const lines = [];
const diffs = [];
const misses = [];
const unfound = [];
// Found in the top 3 but not first: where the ranking could be sharper.
const second = [];
const byRole = new Map();
const kinds = [];
let pageCount = 0;
try {
  for (const source of sources) {
    const www = await h.startWww({ root: source.root });
    lines.push(`${source.label} (${source.root})`);
    for (const p of source.pages) {
      pageCount++;
      const page = await browser.ctx.newPage();
      // A page whose frame never loads never fires `load`: its DOM, and 3 s more.
      await page.goto(www.main + p, { waitUntil: 'domcontentloaded' });
      await page.waitForLoadState('load', { timeout: 3_000 }).catch(() => {});
      await page.waitForTimeout(100);
      const tabId = await h.tabIdOf(browser.ctx, page.url());
      const status = await (await h.serviceWorker(browser.ctx)).evaluate((id) => self.copilot.contentStatus(id), tabId);
      if (!status.ok) throw new Error(`content module on ${p}: ${JSON.stringify(status)}`);
      if (source.expect) kinds.push(await kindFigures(p, tabId, source.expect[p]));
      const cdp = await browser.ctx.newCDPSession(page);
      await cdp.send('DOM.enable');
      await cdp.send('Accessibility.enable');
      const { controls, secrets } = await ourControls(cdp, browser.extensionId);
      const tree = await chromiumTree(cdp);
      const here = { n: controls.length, agree: 0, theirs: 0, found: 0, asked: 0, first: 0, top3: 0 };
      const names = new Set();
      const missed = [];
      const reported = new Set(controls.map((c) => c.backendNodeId));
      for (const c of controls) {
        const ax = await axNode(cdp, tree, c.backendNodeId);
        const d = compare(c, ax, secrets);
        if (tally(d, sum)) here.agree++;
        if (d.deliberate) sum.deliberate++;
        if (!d.roleOk || !d.nameOk) diffs.push({ page: p, c, d });
        if (!ax || !interactive(ax)) sum.extra++;
      }
      for (const [id, ax] of tree) {
        if (!interactive(ax)) continue;
        const role = chromiumRole(ax);
        const r = byRole.get(role) ?? { theirs: 0, found: 0 };
        byRole.set(role, r);
        const found = reported.has(id);
        if (prop(ax, 'disabled') === true) {
          sum.disabled++;
          sum.disabledFound += found;
          continue;
        }
        if (!found && role === 'option' && reported.has(await selectOf(cdp, id))) {
          sum.throughSelect++;
          continue;
        }
        here.theirs++;
        r.theirs++;
        if (norm(ax.name?.value)) names.add(norm(ax.name.value));
        if (found) {
          here.found++;
          r.found++;
        } else {
          missed.push({ id, role, name: norm(ax.name?.value) });
        }
      }
      for (const f of await findability(tabId, [...names])) {
        here.asked++; here.first += f.first; here.top3 += f.top3;
        if (!f.top3) unfound.push({ page: p, ...f });
        else if (!f.first) second.push({ page: p, ...f });
      }
      const g = await grounding(page, tabId, spread([...names], groundMax));
      sum.grounded += g.asked; sum.gRole += g.role; sum.gUnique += g.unique; sum.gSame += g.same; sum.gPlaywright += g.playwright; sum.gKnown += g.known; sum.gCss += g.withCss;
      groundDiffs.push(...g.diffs.map((d) => `${p} ${d}`));
      // A query with text makes a large page be read whole (its big lists'
      // later items too, which the MiniPCD leaves unread): what is
      // reported now, the nodes missed before.
      let whole = new Set();
      if (missed.length) {
        // Names all found by name read no more (rank::labels_the_text): a
        // text no control is labelled with reads the page whole, as an
        // agent's query for something the MiniPCD does not show does.
        await call('pcd.query', { tabId, text: 'no control is labelled with this text', topK: 1 });
        // A session of its own: `ourControls` finds the isolated world in
        // the contexts `Runtime.enable` announces, once per session.
        const again = await browser.ctx.newCDPSession(page);
        await again.send('DOM.enable');
        whole = new Set((await ourControls(again, browser.extensionId)).controls.map((c) => c.backendNodeId));
        await again.detach();
      }
      for (const m of missed) {
        if (whole.has(m.id)) sum.wholeFound++;
        else misses.push({ page: p, role: m.role, name: m.name, desc: await describeNode(cdp, m.id) });
      }
      await cdp.detach();
      await page.close();
      sum.n += here.n; sum.agree += here.agree; sum.theirs += here.theirs; sum.found += here.found;
      sum.asked += here.asked; sum.first += here.first; sum.top3 += here.top3;
      lines.push(`${p.replace('/patterns/', '').padEnd(58)} ${String(here.agree).padStart(4)}/${String(here.n).padEnd(4)} ` +
        `${pct(here.agree, here.n).padStart(7)}   ${String(here.found).padStart(4)}/${String(here.theirs).padEnd(4)} ${pct(here.found, here.theirs).padStart(7)}   ${String(here.top3).padStart(3)}/${String(here.asked).padEnd(3)} [${status.data.build}]`);
    }
    await www.stop();
  }

  console.log(`\nPerception on ${sources.map((x) => x.label).join(', ')} vs Chromium's accessibility tree`);
  console.log(`${'page'.padEnd(58)} agree/reported    found/Chromium's operable   found by name (top 3)`);
  for (const l of lines) console.log(l);
  console.log(`\npages: ${pageCount}`);
  console.log(`agreement: ${sum.agree}/${sum.n} reported controls = ${pct(sum.agree, sum.n)}; roles ${sum.role}/${sum.n}, ` +
    `names ${sum.name}/${sum.n} (${sum.deliberate} by a deliberate rule); counting those as differences: ${pct(sum.strict, sum.n)}`);
  console.log(`recall: ${sum.found}/${sum.theirs} of Chromium's enabled operable nodes reported = ${pct(sum.found, sum.theirs)} ` +
    `(disabled: ${sum.disabledFound}/${sum.disabled} reported; options of a reported <select>: ${sum.throughSelect}); ` +
    `reported but not a widget to Chromium: ${sum.extra}`);
  console.log(`  (the MiniPCD's collection reads big lists and tables in their first items; once a query with text made ` +
    `the page be read whole: ${sum.found + sum.wholeFound}/${sum.theirs} = ${pct(sum.found + sum.wholeFound, sum.theirs)})`);
  console.log(`findability: ${sum.asked} distinct names of those nodes, each looked for with pcd.query: ` +
    `first hit ${sum.first}/${sum.asked} = ${pct(sum.first, sum.asked)}, in the top 3 ${sum.top3}/${sum.asked} = ${pct(sum.top3, sum.asked)}`);
  console.log(`grounding: ${sum.grounded} MiniPCD actions and first hits of those names, getDetails' primary selector: ` +
    `a role selector ${sum.gRole}/${sum.grounded} = ${pct(sum.gRole, sum.grounded)}, resolving to one element ${sum.gUnique} = ${pct(sum.gUnique, sum.grounded)}, ` +
    `the one its css path alternative names ${sum.gSame}/${sum.gCss} = ${pct(sum.gSame, sum.gCss)}, Playwright finding that one element ${sum.gPlaywright} = ${pct(sum.gPlaywright, sum.grounded)}` +
    ` (and ${sum.gKnown} more where Playwright's role or name rules differ from Chromium's by a known rule: ${pct(sum.gPlaywright + sum.gKnown, sum.grounded)})`);
  console.log('recall by Chromium role:');
  for (const [role, r] of [...byRole].sort((a, b) => b[1].theirs - a[1].theirs)) {
    console.log(`  ${role.padEnd(18)} ${String(r.found).padStart(4)}/${String(r.theirs).padEnd(4)} ${pct(r.found, r.theirs).padStart(7)}`);
  }
  if (kinds.length) {
    console.log(`\nweb-at-large kinds (www/): page type ${kinds.filter((k) => k.ok).length}/${kinds.length} as expected; ` +
      'MiniPCD (module loaded) and getDetails of every action, ms; tokens ≈ JSON chars / 4');
    console.table(kinds.map((k) => ({ page: k.page, type: k.type, expected: k.want, ok: k.ok ? 'yes' : 'NO', tokens: k.tokens,
      'getMiniPCD ms': k.firstMs.toFixed(1), 'again ms': k.laterMs.toFixed(1), 'silent frames': k.silent, 'getDetails ms': `${k.detailsMs.toFixed(1)} (${k.detailsOk})` })));
  }
  const real = diffs.filter(({ d }) => !d.roleOk || !d.deliberate);
  console.log(`\ndifferences (${real.length}${real.length > maxDiffs ? `, first ${maxDiffs}; --all-diffs lists all` : ''}):`);
  for (const { page, c, d } of real.slice(0, maxDiffs)) console.log(`  ${page} ${at(c)}: ${what(d)}${d.deliberate ? `  [name: ${d.deliberate}]` : ''}`);
  console.log(`\ngrounding differences (${groundDiffs.length}${groundDiffs.length > maxDiffs ? `, first ${maxDiffs}` : ''}):`);
  for (const d of groundDiffs.slice(0, maxDiffs)) console.log(`  ${d}`);
  console.log(`\nnot reported, even read whole (${misses.length}${misses.length > maxDiffs ? `, first ${maxDiffs}` : ''}):`);
  for (const m of misses.slice(0, maxDiffs)) console.log(`  ${m.page} ${m.desc}: Chromium ${m.role} ${JSON.stringify(m.name)}`);
  console.log(`\nnot found by name in the top 3 (${unfound.length}${unfound.length > maxDiffs ? `, first ${maxDiffs}` : ''}):`);
  for (const u of unfound.slice(0, maxDiffs)) console.log(`  ${u.page} ${JSON.stringify(u.name)}: ${u.error ?? JSON.stringify(u.got)}`);
  console.log(`\nfound by name in the top 3, not first (${second.length}${second.length > maxDiffs ? `, first ${maxDiffs}` : ''}):`);
  for (const u of second.slice(0, maxDiffs)) console.log(`  ${u.page} ${JSON.stringify(u.name)}: ${JSON.stringify(u.got)}`);
} finally {
  await browser.close();
}
