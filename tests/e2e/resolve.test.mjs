// getDetails and dom.resolve through the tool surface, refereed by
// Playwright: on every www/ page, every MiniPCD action's primary selector
// must resolve back to exactly one element, the one Playwright finds for
// the same selector; and for every (role, name) we report, our resolution
// (count and boxes, in order) must agree with Playwright's getByRole. The
// agreement is printed with each difference.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from '../support/harness.mjs';
import { boxes, fmt, locatorFor, near } from '../support/referee.mjs';

let www, browser;
before(async () => {
  www = await h.startWww();
  browser = await h.launchBrowser();
  const page = await browser.ctx.newPage();
  await page.goto(`${www.main}/app/signin/`);
  await page.evaluate(() => localStorage.setItem('acme.session', JSON.stringify({ email: 'demo@acme.test', remember: true, since: new Date() })));
  await page.close();
});
after(async () => {
  await browser?.close();
  await www?.stop();
});

// Every www/ page a person would open (frames/child.html and cross.html are
// parts of frames/; 404.html is served for unknown paths, checked by /nope/).
const PAGES = [
  '/', '/pricing/', '/article/', '/aria-poor/', '/shadow/', '/frames/', '/spa/', '/preact-form/', '/frameworks/', '/frameworks/signin/', '/csp-strict/',
  '/app/signin/', '/app/dashboard/', '/app/catalog/', '/app/cart/', '/app/checkout/', '/app/billing/', '/app/settings/',
  '/generated/', '/feed/', '/deep/account/settings/organization/billing/', '/deep/docs/reference/limits/', '/deep/shop/', '/nope/',
];
const READY = { '/app/catalog/': '#results li', '/preact-form/': 'form', '/frameworks/': 'body:has(#react-state):has(#vue-state)', '/frameworks/signin/': '#signin-app .signin-box', '/spa/': 'main a', '/feed/': '#feed article' };

async function open(path) {
  const page = await browser.ctx.newPage();
  await page.goto(www.main + path);
  if (READY[path]) await page.locator(READY[path]).first().waitFor({ timeout: 5000 }).catch(() => {});
  const tabId = await h.tabIdOf(browser.ctx, page.url());
  return { page, tabId };
}

const call = (tool, args) => browser.sw.evaluate(([t, a]) => self.copilot.call(t, a), [tool, args]);

test('getDetails: every action of every www page gets a selector that resolves back to it, and Playwright agrees', async () => {
  let checked = 0;
  const diffs = [];
  await h.pool(PAGES, async (path) => {
    const { page, tabId } = await open(path);
    const mini = await call('getMiniPCD', { tabId });
    assert.equal(mini.ok, true, `${path}: ${JSON.stringify(mini)}`);
    const ids = mini.data.actions.map((a) => a.id);
    const det = await call('getDetails', { tabId, ids });
    assert.equal(det.ok, true, `${path}: ${JSON.stringify(det)}`);
    assert.equal(det.data.length, ids.length);
    for (const d of det.data) {
      const action = mini.data.actions.find((a) => a.id === d.id);
      for (const sel of [d.selector, ...(d.altSelectors ?? [])]) {
        checked++;
        const ours = await call('dom.resolve', { tabId, selector: sel });
        const what = `${path} ${d.id} "${action.label}" ${JSON.stringify(sel)}`;
        if (!ours.ok || ours.data.count !== 1) {
          diffs.push(`${what}: ours ${JSON.stringify(ours.data ?? ours)}`);
          continue;
        }
        // Text selectors: Playwright also matches hidden text and skips our
        // visibility rule, so it referees only when it finds one element.
        const theirs = await boxes(locatorFor(page, sel));
        const mine = ours.data.matches[0].rect;
        if (theirs.count !== 1 || !near(mine, theirs.boxes[0])) {
          if (sel.kind === 'text' && theirs.boxes.some((b) => b && near(mine, b))) continue;
          diffs.push(`${what}: ours 1 at ${fmt(mine)}, Playwright ${theirs.count} at ${theirs.boxes.map(fmt).join(' | ')}`);
        }
      }
    }
    await page.close();
  });
  diffs.sort();
  const agree = ((checked - diffs.length) / checked) * 100;
  console.log(`getDetails selectors resolving back, Playwright agreeing: ${checked - diffs.length}/${checked} (${agree.toFixed(1)}%)`);
  for (const d of diffs) console.log(`  DIFF ${d}`);
  assert.ok(checked > 100, `only ${checked} selectors checked`);
  assert.equal(diffs.length, 0, `${diffs.length} selector(s) did not resolve back uniquely or Playwright disagreed`);
});

test('dom.resolve agrees with Playwright getByRole for every (role, name) we report on every www page', async () => {
  let compared = 0;
  const diffs = [];
  await h.pool(PAGES, async (path) => {
    const { page, tabId } = await open(path);
    const mini = await call('getMiniPCD', { tabId });
    const det = await call('getDetails', { tabId, ids: mini.data.actions.map((a) => a.id) });
    const pairs = new Map();
    for (const d of det.data) {
      const s = d.selector;
      if (s.kind !== 'role' || s.framePath) continue;
      pairs.set(`${s.role}|${s.name ?? ''}`, s);
    }
    // Role only, too: every role we report, all its elements on the page.
    for (const s of [...pairs.values()]) pairs.set(`${s.role}|*`, { kind: 'role', role: s.role });
    for (const [key, s] of pairs) {
      const modes = s.name === undefined ? [{}] : [{ nameMode: 'exact' }, { nameMode: 'includes', name: s.name.toLowerCase().slice(0, 6) }];
      for (const m of modes) {
        const sel = { kind: 'role', role: s.role, ...(s.name !== undefined ? { name: s.name } : {}), ...m };
        compared++;
        const ours = await call('dom.resolve', { tabId, selector: sel });
        const theirs = await boxes(locatorFor(page, sel));
        const same = ours.ok && ours.data.count === theirs.count && ours.data.matches.every((x, i) => theirs.boxes[i] && near(x.rect, theirs.boxes[i]));
        if (!same) diffs.push(`${path} ${key} ${JSON.stringify(sel)}: ours ${ours.ok ? `${ours.data.count} [${ours.data.matches.map((x) => fmt(x.rect)).join(' | ')}]` : ours.error}, Playwright ${theirs.count} [${theirs.boxes.map(fmt).join(' | ')}]`);
      }
    }
    await page.close();
  });
  diffs.sort();
  const agree = ((compared - diffs.length) / compared) * 100;
  console.log(`dom.resolve vs Playwright getByRole: ${compared - diffs.length}/${compared} selectors agree (${agree.toFixed(1)}%)`);
  for (const d of diffs) console.log(`  DIFF ${d}`);
  assert.ok(compared > 100, `only ${compared} selectors compared`);
  assert.ok(agree >= 98, `agreement ${agree.toFixed(1)}% < 98%`);
});

test('dom.resolve and getDetails fail with specific errors', async () => {
  const { page, tabId } = await open('/pricing/');
  const bad = await call('dom.resolve', { tabId, selector: { kind: 'css', css: '[[' } });
  assert.deepEqual([bad.ok, bad.code, bad.retryable], [false, 'invalid_args', false]);
  assert.match(bad.error, /invalid css selector `\[\[`/);
  const regex = await call('dom.resolve', { tabId, selector: { kind: 'role', role: 'button', name: '(', nameMode: 'regex' } });
  assert.equal(regex.code, 'invalid_args');
  assert.match(regex.error, /regular expression/);
  const frame = await call('dom.resolve', { tabId, selector: { kind: 'role', role: 'button', framePath: ['iframe#gone'] } });
  assert.deepEqual([frame.code, frame.retryable], ['not_found', true]);
  const kind = await call('dom.resolve', { tabId, selector: { kind: 'xpath', xpath: '//a' } });
  assert.equal(kind.code, 'invalid_args');
  const none = await call('dom.resolve', { tabId, selector: { kind: 'role', role: 'button', name: 'No such button anywhere', nameMode: 'exact' } });
  assert.deepEqual([none.ok, none.data.count, none.data.matches], [true, 0, []]);
  const unknown = await call('getDetails', { tabId, ids: ['a0000'] });
  assert.deepEqual([unknown.ok, unknown.code, unknown.retryable], [false, 'not_found', true]);
  assert.match(unknown.error, /a0000.*getMiniPCD/);
  await page.close();
});
