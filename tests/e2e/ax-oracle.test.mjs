// The accessibility-tree oracle: for every page of www/, the roles and names
// we report for interactive elements (the MiniPCD's controls, computed by
// crates/content/src/aria per accname 1.2 / HTML-AAM) are compared with
// Chromium's own accessibility tree (CDP Accessibility.getFullAXTree of
// every frame), node by node via backendDOMNodeId. Prints the agreement per
// page and overall and every difference; fails below 98 %. No page is
// skipped (frames/child.html and frames/cross.html are also opened alone)
// but the stress pages under /hostile/*/, which reload themselves, open
// windows, mutate every 10 ms or nest past what perception reads on
// purpose: hostile_pages.test.mjs holds them to their bounds instead.
//
// Our side is the real extension: the page is asked for its content status
// through the service worker (which loads the content module in the page's
// isolated world: WASM, or wasm2js on the CSP-strict page), then the module's
// `debug_reported_controls` export runs in that same world through CDP, so
// the live elements it returns are the nodes Chromium's tree describes.
//
// Deliberate differences (fallback label, name clipped, secret not read)
// are listed but not counted against us: tests/support/ax.mjs has their
// rules, shared with `cargo xtask conformance perception`.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as h from '../support/harness.mjs';
import { at, axNode, chromiumTree, compare, ourControls, pct, tally, what } from '../support/ax.mjs';

const MIN_AGREEMENT = 0.98;
// BC_AX_ORACLE_ALL=1 prints every comparison, not only the differences.
const VERBOSE = process.env.BC_AX_ORACLE_ALL === '1';

// Every .html file under www/, as the URL path the dev server serves it at.
function wwwPages() {
  const root = process.env.BC_WWW_ROOT;
  const out = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.html')) out.push('/' + path.relative(root, p).split(path.sep).join('/'));
    }
  };
  walk(root);
  // The generator's app shape too: ARIA widgets built of divs (gen.js).
  const stress = (p) => /^\/hostile\/[^/]+\//.test(p);
  return [...out.filter((p) => !stress(p)).map((p) => p.replace(/(^|\/)index\.html$/, '$1')), '/generated/?n=1500&shape=app'].sort();
}

// Pages that render their content with their own scripts are compared once
// that content is there.
const READY = {
  '/app/catalog/': '#results li',
  '/frameworks/': 'body:has(#react-state):has(#vue-state)',
  '/frameworks/signin/': '#signin-app .signin-box',
  '/generated/': 'html[data-generated]',
  '/generated/?n=1500&shape=app': 'html[data-generated]',
};

let www, browser;
before(async () => {
  www = await h.startWww();
  browser = await h.launchBrowser();
  // The demo app's pages redirect to sign-in without a session.
  const page = await browser.ctx.newPage();
  await page.goto(`${www.main}/app/signin/`);
  await page.evaluate(() => localStorage.setItem('acme.session', JSON.stringify({ email: 'demo@acme.test', remember: true, since: new Date() })));
  await page.close();
});
after(async () => {
  await browser?.close();
  await www?.stop();
});

test('roles and names agree with Chromium\'s accessibility tree on every www/ page', async () => {
  const pages = wwwPages();
  assert.ok(pages.length >= 15, `found only ${pages.length} pages under ${process.env.BC_WWW_ROOT}`);
  const sum = { n: 0, agree: 0, strict: 0, role: 0, name: 0, deliberate: 0 };
  const lines = [];
  const diffs = [];
  const perPage = await h.pool(pages, async (p) => {
    const page = await browser.ctx.newPage();
    await page.goto(www.main + p, { waitUntil: 'load' });
    if (READY[p]) await page.locator(READY[p]).first().waitFor();
    await page.waitForTimeout(200); // let page scripts render
    const tabId = await h.tabIdOf(browser.ctx, page.url());
    // Loads the content module in the page (frame 0), as the first tool call would.
    const status = await browser.sw.evaluate((id) => self.copilot.contentStatus(id), tabId);
    assert.equal(status.ok, true, `content module on ${p}: ${JSON.stringify(status)}`);
    const cdp = await browser.ctx.newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('Accessibility.enable');
    const { controls, secrets } = await ourControls(cdp, browser.extensionId);
    const tree = await chromiumTree(cdp);
    const here = { n: 0, agree: 0, deliberate: 0 };
    for (const c of controls) {
      const ax = await axNode(cdp, tree, c.backendNodeId);
      const d = compare(c, ax, secrets);
      if (VERBOSE) console.log(`  ${p} ${c.where ? c.where + ' › ' : ''}${c.desc}: ours ${d.ours.role} ${JSON.stringify(d.ours.name)} | Chromium ${d.theirs.role} ${JSON.stringify(d.theirs.name)}`);
      here.n++;
      if (tally(d, sum)) here.agree++;
      if (d.deliberate) here.deliberate++;
      if (!d.roleOk || !d.nameOk) diffs.push({ page: p, c, d });
    }
    await cdp.detach();
    await page.close();
    sum.n += here.n; sum.agree += here.agree; sum.deliberate += here.deliberate;
    return `${p.padEnd(24)} ${String(here.agree).padStart(4)}/${String(here.n).padEnd(4)} ${pct(here.agree, here.n).padStart(7)}` +
      `${here.deliberate ? `  (${here.deliberate} by a deliberate rule)` : ''}  [${status.data.build}]`;
  });
  lines.push(...perPage);
  diffs.sort((a, b) => a.page.localeCompare(b.page));

  console.log('\nAX oracle: our reported roles and names vs Chromium\'s accessibility tree');
  console.log(`${'page'.padEnd(24)} agree/controls`);
  for (const l of lines) console.log(l);
  console.log(`overall: ${sum.agree}/${sum.n} controls agree = ${pct(sum.agree, sum.n)} (required: ${MIN_AGREEMENT * 100}%); ` +
    `roles ${sum.role}/${sum.n}, names ${sum.name}/${sum.n} (${sum.deliberate} by a deliberate rule); ` +
    `counting those as differences: ${pct(sum.strict, sum.n)}`);
  const real = diffs.filter(({ d }) => !d.roleOk || !d.deliberate);
  console.log(`\ndifferences (${real.length}):`);
  for (const { page, c, d } of real) console.log(`  ${page} ${at(c)}: ${what(d)}${d.deliberate ? `  [name: ${d.deliberate}]` : ''}`);
  // Deliberate ones by page and rule, a few examples each (a generated page
  // has dozens of identical cards).
  const groups = new Map();
  for (const x of diffs.filter(({ d }) => d.deliberate)) {
    const k = `${x.page} [${x.d.deliberate}]`;
    groups.set(k, [...(groups.get(k) ?? []), x]);
  }
  console.log(`\ndeliberate differences (${sum.deliberate}):`);
  for (const [k, list] of groups) {
    console.log(`  ${k} ×${list.length}`);
    for (const { c, d } of list.slice(0, 3)) console.log(`    ${at(c)}: ${what(d)}`);
    if (list.length > 3) console.log(`    … ${list.length - 3} more`);
  }
  assert.ok(sum.n > 0, 'no controls reported on any page');
  assert.ok(sum.agree / sum.n >= MIN_AGREEMENT, `agreement ${pct(sum.agree, sum.n)} is below ${MIN_AGREEMENT * 100}%`);
});
