// Conformance measurement for bc-content's accessible names and roles
// (crates/content/src/aria): runs our `debug_name`/`debug_role` exports in
// headless Chromium on third-party cases (WPT accname / wai-aria / html-aam
// via xi/aria-api, and axe-core's cases via Playwright) and compares each
// answer with the case's expectation and with Chromium's own accessibility
// tree (CDP Accessibility.getPartialAXTree); also that every name computed in a
// read batch (as the collector does) equals the one computed outside. Prints
// figures; asserts nothing.
//
// Usage: BC_CONTENT_PKG=<wasm-bindgen --target web out dir> node tests/conformance/aria.mjs
// Data: $BC_SHARED/bench-data (default ../shared/bench-data from the repo root).
// Options: --suite <name> limits to one suite; --all-diffs lists every difference.

import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const shared = process.env.BC_SHARED ? path.resolve(process.env.BC_SHARED) : path.resolve(repoRoot, '..', 'shared');
const bench = path.join(shared, 'bench-data');
if (!fs.existsSync(bench)) {
  console.log('bench-data not found, skipping');
  process.exit(0);
}
const pkgDir = process.env.BC_CONTENT_PKG;
if (!pkgDir || !fs.existsSync(path.join(pkgDir, 'bc_content.js'))) {
  console.error('BC_CONTENT_PKG must name a `wasm-bindgen --target web` output of bc-content (with bc_content.js)');
  process.exit(2);
}
const argv = process.argv.slice(2);
const onlySuite = argv.includes('--suite') ? argv[argv.indexOf('--suite') + 1] : null;
const maxDiffs = argv.includes('--all-diffs') ? Infinity : 30;

const require = createRequire(path.join(repoRoot, 'tests', 'package.json'));
const { chromium } = require('playwright-core');

// ---- cases -----------------------------------------------------------------
// Every check: {suite, kind: 'name'|'role', id, html, selector, index, expected}
// `expected` for roles may be the marker GENERIC (generic, none or no role).
const GENERIC = '<generic>';

function wptChecks() {
  const data = JSON.parse(fs.readFileSync(path.join(bench, 'wpt-accname', 'xi-aria-api-wpt.json'), 'utf8'));
  const groups = [];
  for (const suite of ['accname', 'wai-aria', 'html-aam']) {
    for (const e of data.suites[suite] ?? []) {
      // `description` entries test descriptions, which we do not compute.
      if (e.selector === '#test' && e.name === undefined && e.role === undefined) continue;
      groups.push({ suite: `wpt/${suite}`, file: e.filename, html: e.html, selector: e.selector,
        mode: e.selector === '#test' ? 'manual' : e.role === 'generic' ? 'generic' : 'auto',
        name: e.name, role: e.role });
    }
  }
  return groups;
}

function axeChecks() {
  const groups = [];
  const text = JSON.parse(fs.readFileSync(path.join(bench, 'playwright-role', 'axe-accessible-text.json'), 'utf8'));
  text.cases.forEach((c, i) => {
    const targets = Array.isArray(c.target) ? c.target : [c.target];
    const exp = Array.isArray(c.accessibleText) ? c.accessibleText : [c.accessibleText];
    groups.push({ suite: 'axe/accessible-text', file: `#${i}`, html: c.html, mode: 'list',
      items: targets.map((t, k) => ({ selector: t, kind: 'name', expected: exp[k] })) });
  });
  const roles = JSON.parse(fs.readFileSync(path.join(bench, 'playwright-role', 'axe-implicit-role.json'), 'utf8'));
  roles.cases.forEach((c, i) => {
    groups.push({ suite: 'axe/implicit-role', file: `#${i}`, html: c.html, mode: 'list',
      items: [{ selector: c.target, kind: 'role', expected: c.role === null ? GENERIC : c.role }] });
  });
  return groups;
}

// ---- server ----------------------------------------------------------------
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><script type="module">
import init, * as bc from '/pkg/bc_content.js';
await init();
window.bc = bc;
window.bcReady = true;
</script></head><body></body></html>`;

function serve() {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(PAGE);
    }
    if (url.pathname.startsWith('/pkg/')) {
      const file = path.join(pkgDir, path.basename(url.pathname));
      if (fs.existsSync(file)) {
        const type = file.endsWith('.wasm') ? 'application/wasm' : 'text/javascript';
        res.writeHead(200, { 'content-type': type });
        return res.end(fs.readFileSync(file));
      }
    }
    res.writeHead(404);
    res.end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// ---- comparison ------------------------------------------------------------
const norm = (s) => (s ?? '').replace(/\s+/g, ' ').trim();

// CDP reports Chromium-internal roles (StaticText, LabelText, …) with a
// capital letter; those have no ARIA role, like our `None`.
function cdpRole(r) {
  if (!r || /^[A-Z]/.test(r)) return null;
  return r;
}

function roleEq(ours, other) {
  if (other === GENERIC) return ours === null || ours === 'generic' || ours === 'none';
  return (ours ?? null) === (other ?? null);
}

// ---- main ------------------------------------------------------------------
const server = await serve();
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const page = await browser.newPage();
page.on('pageerror', (e) => console.error('page error:', e.message));
await page.goto(base);
await page.waitForFunction(() => window.bcReady === true);
const cdp = await page.context().newCDPSession(page);
await cdp.send('DOM.enable');
await cdp.send('Accessibility.enable');

async function chromiumView(selector) {
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector });
  const out = [];
  for (const nodeId of nodeIds) {
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
    const n = nodes[0] ?? {};
    out.push({ role: cdpRole(n.role?.value), name: n.name?.value ?? '', ignored: !!n.ignored });
  }
  return out;
}

const groups = [...wptChecks(), ...axeChecks()].filter((g) => !onlySuite || g.suite.includes(onlySuite));
const stats = new Map();
const stat = (suite, kind) => {
  const k = `${suite} ${kind}s`;
  if (!stats.has(k)) stats.set(k, { cases: 0, exp: 0, chr: 0, either: 0, chrExp: 0, diffs: [] });
  return stats.get(k);
};

// Names computed inside a read batch (as the collector computes them, with
// its style-sheet and label indexes) must equal names computed outside one.
const batch = { names: 0, diffs: [] };
for (const g of groups) {
  await page.evaluate((html) => {
    document.body.innerHTML = html;
    return new Promise((r) => requestAnimationFrame(() => r()));
  }, g.html);
  const selectors = g.mode === 'list' ? [...new Set(g.items.map((i) => i.selector))] : [g.selector];
  for (const selector of selectors) {
    const ours = await page.evaluate((sel) => [...document.querySelectorAll(sel)].map((e) => ({
      name: window.bc.debug_name(e), batched: window.bc.debug_name_batched(e), role: window.bc.debug_role(e) ?? null,
      expLabel: e.getAttribute('data-expectedlabel'), expRole: e.getAttribute('data-expectedrole'),
      test: e.getAttribute('data-testname') ?? e.id ?? '',
    })), selector).catch((err) => { console.error(g.suite, g.file, err.message); return []; });
    const chrome = await chromiumView(selector).catch(() => []);
    ours.forEach((o, i) => {
      const c = chrome[i] ?? { role: null, name: '' };
      const id = `${g.file}${o.test ? ' [' + o.test + ']' : ''}`;
      batch.names++;
      if (o.batched !== o.name) batch.diffs.push(`${id}: ${JSON.stringify(o.name)} outside, ${JSON.stringify(o.batched)} in a batch`);
      const checks = [];
      if (g.mode === 'manual') {
        if (i > 0) return;
        if (g.name !== undefined) checks.push(['name', g.name]);
      } else if (g.mode === 'generic') {
        checks.push(['role', GENERIC]);
      } else if (g.mode === 'auto') {
        if (o.expLabel !== null) checks.push(['name', o.expLabel]);
        if (o.expRole !== null) checks.push(['role', o.expRole]);
      } else {
        for (const it of g.items.filter((it) => it.selector === selector)) {
          if (i > 0) break;
          checks.push([it.kind, it.expected]);
        }
      }
      for (const [kind, expected] of checks) {
        const s = stat(g.suite, kind);
        s.cases++;
        let okExp, okChr, chrExp, chrShown, ourShown;
        if (kind === 'name') {
          okExp = norm(o.name) === norm(expected);
          okChr = norm(o.name) === norm(c.name);
          chrExp = norm(c.name) === norm(expected);
          chrShown = c.name; ourShown = o.name;
        } else {
          okExp = roleEq(o.role, expected);
          // For "generic" checks any of generic/none/no role is one class.
          okChr = expected === GENERIC && roleEq(c.role, GENERIC) ? roleEq(o.role, GENERIC) : roleEq(o.role, c.role);
          chrExp = roleEq(c.role, expected);
          chrShown = c.role; ourShown = o.role;
        }
        if (okExp) s.exp++;
        if (okChr) s.chr++;
        if (okExp || okChr) s.either++;
        if (chrExp) s.chrExp++;
        if (!okChr || !okExp) s.diffs.push({ id, expected, chromium: chrShown, ours: ourShown, okExp, okChr });
      }
    });
  }
}

const pct = (a, b) => (b ? ((100 * a) / b).toFixed(1) : '-') + '%';
let totals = { cases: 0, exp: 0, chr: 0, either: 0 };
for (const [k, s] of stats) {
  console.log(`\n== ${k}: ${s.cases} cases | ours = expected ${s.exp} (${pct(s.exp, s.cases)}) | ours = Chromium ${s.chr} (${pct(s.chr, s.cases)}) | either ${s.either} (${pct(s.either, s.cases)}) | Chromium = expected ${s.chrExp}`);
  // Differences from Chromium first (the target), then from the expectation only.
  const shown = [...s.diffs.filter((d) => !d.okChr), ...s.diffs.filter((d) => d.okChr)].slice(0, maxDiffs);
  for (const d of shown) {
    const tag = d.okChr ? '  (=chromium)' : d.okExp ? '  (=expected)' : '';
    console.log(`  - ${d.id}: expected ${JSON.stringify(d.expected)} | chromium ${JSON.stringify(d.chromium)} | ours ${JSON.stringify(d.ours)}${tag}`);
  }
  if (s.diffs.length > shown.length) console.log(`  … ${s.diffs.length - shown.length} more`);
  for (const f of ['cases', 'exp', 'chr', 'either']) totals[f] += s[f];
}
console.log(`\n== names in a read batch = outside: ${batch.names - batch.diffs.length}/${batch.names}`);
for (const d of batch.diffs.slice(0, maxDiffs)) console.log(`  - ${d}`);
console.log(`\n== total: ${totals.cases} checks | ours = expected ${pct(totals.exp, totals.cases)} | ours = Chromium ${pct(totals.chr, totals.cases)} | either ${pct(totals.either, totals.cases)}`);

await browser.close();
server.close();
