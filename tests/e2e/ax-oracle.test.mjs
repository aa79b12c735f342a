// The accessibility-tree oracle: for every page of www/, the roles and names
// we report for interactive elements (the MiniPCD's controls, computed by
// crates/content/src/aria per accname 1.2 / HTML-AAM) are compared with
// Chromium's own accessibility tree (CDP Accessibility.getFullAXTree of
// every frame), node by node via backendDOMNodeId. Prints the agreement per
// page and overall and every difference; fails below 98 %. No page is
// skipped: frames/child.html and frames/cross.html are also opened alone.
//
// Our side is the real extension: the page is asked for its content status
// through the service worker (which loads the content module in the page's
// isolated world: WASM, or wasm2js on the CSP-strict page), then the module's
// `debug_reported_controls` export runs in that same world through CDP, so
// the live elements it returns are the nodes Chromium's tree describes.
//
// Deliberate differences, listed but not counted against us (each has a
// rule below, so nothing else can hide behind it):
// - fallback label: neither accname (ours, also computed) nor Chromium
//   gives the control a name (e.g. a clickable <div>: generic elements take
//   no name from content), so the reported name is its visible text or a
//   labelling attribute, because an action needs a label (pcd/control.rs);
// - name clipped: reported names stop at 300 characters (pcd/control.rs);
// - secret not read: Chromium's name contains the value of a password or
//   card field, which we never read (aria/dom.rs `is_sensitive`).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as h from '../support/harness.mjs';

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
  return out.map((p) => p.replace(/(^|\/)index\.html$/, '$1')).sort();
}

// Pages that render their content with their own scripts are compared once
// that content is there.
const READY = { '/app/catalog/': '#results li', '/frameworks/': 'body:has(#react-state):has(#vue-state)' };

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

const norm = (s) => (s ?? '').replace(/\s+/g, ' ').trim();

// CDP names Chromium-internal roles with a capital letter (StaticText,
// LabelText, DisclosureTriangle, …): they have no ARIA role, which we report
// as "". `ignored` nodes are not in the platform tree at all.
function chromiumRole(ax) {
  if (!ax) return '<no AX node>';
  if (ax.ignored) return '<ignored>';
  const r = ax.role?.value ?? '';
  return /^[A-Z]/.test(r) ? '' : r;
}

// Runs in the extension's isolated world, as a function on the array the
// export returned: plain data per control (the element itself stays behind
// an object id), plus the values of secret fields, only so that the
// comparison can recognise where Chromium put one into a name.
function describeControls() {
  const describe = (el) => {
    let d = el.localName;
    if (el.id) d += `#${el.id}`;
    for (const c of [...el.classList].slice(0, 2)) d += `.${c}`;
    for (const a of ['role', 'type', 'name', 'aria-label']) {
      const v = el.getAttribute(a);
      if (v !== null) d += `[${a}="${v.slice(0, 30)}"]`;
    }
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (text) d += ` "${text.length > 40 ? text.slice(0, 39) + '…' : text}"`;
    return d;
  };
  // Chromium shows a password field's value masked, other fields' as typed.
  const secrets = this.filter((c) => c.sensitive && c.el.value)
    .flatMap((c) => [c.el.value, ...(c.el.type === 'password' ? ['•'.repeat(c.el.value.length)] : [])]);
  return {
    secrets,
    controls: this.map((c) => ({
      role: c.role, name: c.name, accname: c.accname, clickable: c.clickable,
      where: [...c.framePath, ...(c.inShadow ? ['(shadow)'] : [])].join(' › '),
      desc: describe(c.el),
    })),
  };
}

/** Our reported controls on the open page, each with its backendNodeId. */
async function ourControls(cdp, page) {
  const contexts = [];
  cdp.on('Runtime.executionContextCreated', (e) => contexts.push(e.context));
  await cdp.send('Runtime.enable');
  const { frameTree } = await cdp.send('Page.getFrameTree');
  const origin = `chrome-extension://${browser.extensionId}`;
  const world = contexts.find((c) => c.auxData?.frameId === frameTree.frame.id && c.origin === origin);
  assert.ok(world, `no isolated world of the extension in ${page.url()}: ${JSON.stringify(contexts.map((c) => [c.name, c.origin, c.auxData]))}`);
  // `content` is content-loader.js's promise of the loaded module (top-level
  // `let` of a classic script: visible to later evaluations in its world).
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
    expression: 'content.then((m) => m.debug_reported_controls())',
    contextId: world.id, awaitPromise: true,
  });
  assert.ok(!exceptionDetails, `debug_reported_controls on ${page.url()} (via content-loader.js's \`content\`): ` +
    (exceptionDetails?.exception?.description ?? JSON.stringify(exceptionDetails)));
  const data = (await cdp.send('Runtime.callFunctionOn', {
    objectId: result.objectId, functionDeclaration: describeControls.toString(), returnByValue: true,
  })).result.value;
  const els = await cdp.send('Runtime.callFunctionOn', {
    objectId: result.objectId, functionDeclaration: 'function () { return this.map((c) => c.el); }',
  });
  const { result: props } = await cdp.send('Runtime.getProperties', { objectId: els.result.objectId, ownProperties: true });
  for (const p of props) {
    if (!/^\d+$/.test(p.name)) continue;
    const { node } = await cdp.send('DOM.describeNode', { objectId: p.value.objectId });
    data.controls[Number(p.name)].backendNodeId = node.backendNodeId;
  }
  return data;
}

/** Chromium's AX nodes of every frame of the page, by backendDOMNodeId. */
async function chromiumTree(cdp) {
  const byNode = new Map();
  const { frameTree } = await cdp.send('Page.getFrameTree');
  const frames = [];
  const walk = (t) => { frames.push(t.frame.id); (t.childFrames ?? []).forEach(walk); };
  walk(frameTree);
  for (const frameId of frames) {
    // Cross-origin frames in another process are not in this session; ours skip them too.
    const res = await cdp.send('Accessibility.getFullAXTree', { frameId }).catch(() => ({ nodes: [] }));
    for (const n of res.nodes) if (n.backendDOMNodeId !== undefined) byNode.set(n.backendDOMNodeId, n);
  }
  return byNode;
}

/** Reported names longer than this are cut (pcd/control.rs MAX_NAME). */
const MAX_NAME = 300;

/**
 * Compares one control with its AX node: `{roleOk, nameOk, deliberate,
 * ours, theirs}`, where `deliberate` names the rule that explains a name
 * difference (see the header), or is null.
 */
function compare(c, ax, secrets) {
  const theirs = { role: chromiumRole(ax), name: ax && !ax.ignored ? norm(ax.name?.value) : '' };
  const ours = { role: c.role, name: norm(c.name) };
  const roleOk = ours.role === theirs.role;
  const nameOk = ours.name === theirs.name;
  let deliberate = null;
  if (!nameOk) {
    if (theirs.name === '' && norm(c.accname) === '') deliberate = 'fallback label';
    else if ([...c.name].length >= MAX_NAME && theirs.name.startsWith(ours.name)) deliberate = 'name clipped';
    else if (secrets.some((x) => theirs.name.includes(norm(x)))) {
      const stripped = secrets.reduce((n, x) => n.split(norm(x)).join(' '), theirs.name);
      if (norm(stripped) === ours.name) deliberate = 'secret not read';
    }
  }
  return { roleOk, nameOk, deliberate, ours, theirs };
}

test('roles and names agree with Chromium\'s accessibility tree on every www/ page', async () => {
  const pages = wwwPages();
  assert.ok(pages.length >= 15, `found only ${pages.length} pages under ${process.env.BC_WWW_ROOT}`);
  const sum = { n: 0, agree: 0, strict: 0, role: 0, name: 0, deliberate: 0 };
  const lines = [];
  const diffs = [];
  for (const p of pages) {
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
    const { controls, secrets } = await ourControls(cdp, page);
    const tree = await chromiumTree(cdp);
    const here = { n: 0, agree: 0, deliberate: 0 };
    for (const c of controls) {
      const ax = tree.get(c.backendNodeId) ?? (await cdp.send('Accessibility.getPartialAXTree',
        { backendNodeId: c.backendNodeId, fetchRelatives: false }).catch(() => ({ nodes: [] }))).nodes[0];
      const d = compare(c, ax, secrets);
      if (VERBOSE) console.log(`  ${p} ${c.where ? c.where + ' › ' : ''}${c.desc}: ours ${d.ours.role} ${JSON.stringify(d.ours.name)} | Chromium ${d.theirs.role} ${JSON.stringify(d.theirs.name)}`);
      const nameAgrees = d.nameOk || d.deliberate !== null;
      here.n++;
      sum.role += d.roleOk;
      sum.name += nameAgrees;
      sum.strict += d.roleOk && d.nameOk;
      if (d.roleOk && nameAgrees) here.agree++;
      if (d.deliberate) here.deliberate++;
      if (!d.roleOk || !d.nameOk) diffs.push({ page: p, c, d });
    }
    await cdp.detach();
    await page.close();
    sum.n += here.n; sum.agree += here.agree; sum.deliberate += here.deliberate;
    lines.push(`${p.padEnd(24)} ${String(here.agree).padStart(4)}/${String(here.n).padEnd(4)} ${pct(here.agree, here.n).padStart(7)}` +
      `${here.deliberate ? `  (${here.deliberate} by a deliberate rule)` : ''}  [${status.data.build}]`);
  }

  console.log('\nAX oracle: our reported roles and names vs Chromium\'s accessibility tree');
  console.log(`${'page'.padEnd(24)} agree/controls`);
  for (const l of lines) console.log(l);
  console.log(`overall: ${sum.agree}/${sum.n} controls agree = ${pct(sum.agree, sum.n)} (required: ${MIN_AGREEMENT * 100}%); ` +
    `roles ${sum.role}/${sum.n}, names ${sum.name}/${sum.n} (${sum.deliberate} by a deliberate rule); ` +
    `counting those as differences: ${pct(sum.strict, sum.n)}`);
  const what = (d) => [!d.roleOk && `role ours ${JSON.stringify(d.ours.role)} vs Chromium ${JSON.stringify(d.theirs.role)}`,
    !d.nameOk && `name ours ${JSON.stringify(d.ours.name)} vs Chromium ${JSON.stringify(d.theirs.name)}`].filter(Boolean).join('; ');
  const at = (c) => `${c.where ? c.where + ' › ' : ''}${c.desc}`;
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

function pct(a, b) {
  return b ? `${((100 * a) / b).toFixed(1)}%` : '-';
}
