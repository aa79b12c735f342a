// Actions on pages built to make them fail (www/hostile/, and a generated
// 50k-element page): each completes or fails with a specific error, and
// none hangs — every call is timed against a bound far below the test
// timeout, so a hang shows as a failure with its duration.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from '../support/harness.mjs';

let www, browser;
before(async () => {
  www = await h.startWww();
  browser = await h.launchBrowser();
});
after(async () => {
  await browser?.close();
  await www?.stop();
});

const role = (r, name, extra = {}) => ({ kind: 'role', role: r, name, nameMode: 'exact', ...extra });

/// Calls a tool and checks it answered within `boundMs`.
async function timed(tool, args, boundMs = 8000) {
  const t0 = Date.now();
  const r = await browser.sw.evaluate(([t, a]) => self.copilot.call(t, a), [tool, args]);
  const ms = Date.now() - t0;
  assert.ok(ms < boundMs, `${tool} took ${ms} ms (bound ${boundMs}): ${JSON.stringify(r)}`);
  return r;
}

async function open(path) {
  const page = await browser.ctx.newPage();
  await page.goto(www.main + path);
  return { page, tabId: await h.tabIdOf(browser.ctx, page.url()) };
}

test('hostile widgets: every action finishes or names what went wrong', async () => {
  const { page, tabId } = await open('/hostile/');
  // Moves on hover: the click lands where the button went, or says it is covered/moved.
  const run = await timed('dom.click', { tabId, selector: role('button', 'Catch me') });
  if (run.ok) assert.match(await page.locator('#runaway-result').textContent(), /caught/);
  else assert.ok(['covered', 'no_effect', 'not_found'].includes(run.code), JSON.stringify(run));
  // Under an overlay: refused, naming the overlay, and not clicked.
  const cov = await timed('dom.click', { tabId, selector: role('button', 'Claim offer') });
  assert.equal(cov.code, 'covered', JSON.stringify(cov));
  assert.match(cov.error, /dialog "Subscribe to our newsletter"/);
  assert.equal(await page.evaluate(() => document.body.dataset.claimed), undefined);
  await page.evaluate(() => document.getElementById('overlay').remove());
  // Replaced mid-press: the new node gets the rest of the click, or the action says the node went away.
  const rep = await timed('dom.click', { tabId, selector: role('button', 'Save draft') });
  if (!rep.ok) assert.ok(['detached', 'no_effect'].includes(rep.code), JSON.stringify(rep));
  // A page that never stops changing: the settle wait is bounded.
  const churn = await timed('dom.click', { tabId, selector: role('button', 'Increment') });
  assert.equal(churn.ok, true, JSON.stringify(churn));
  assert.equal(await page.locator('#churn-result').textContent(), '1');
  // An effect later than the wait: retried, then `no_effect`, retryable.
  const slow = await timed('dom.click', { tabId, selector: role('button', 'Load report') }, 12000);
  if (!slow.ok) assert.deepEqual([slow.code, slow.retryable], ['no_effect', true]);
  await page.locator('#slow-result', { hasText: 'loaded' }).waitFor({ timeout: 5000 });
  await page.close();
});

test('a 50k-element page: perception and actions stay bounded', async () => {
  const { page, tabId } = await open('/generated/?n=50000');
  await page.locator('main').waitFor();
  const mini = await timed('getMiniPCD', { tabId }, 15000);
  assert.equal(mini.ok, true, JSON.stringify(mini).slice(0, 300));
  assert.ok(mini.data.actions.length <= 30);
  const hits = await timed('pcd.query', { tabId, text: 'add to cart', topK: 3 }, 15000);
  assert.equal(hits.ok, true);
  const det = await timed('getDetails', { tabId, ids: [hits.data[0].id] }, 15000);
  assert.equal(det.ok, true, JSON.stringify(det));
  const click = await timed('dom.click', { tabId, selector: det.data[0].selector, id: hits.data[0].id }, 15000);
  assert.ok(click.ok || ['no_effect', 'covered'].includes(click.code), JSON.stringify(click));
  const scroll = await timed('dom.scroll', { tabId, direction: 'bottom' }, 15000);
  assert.equal(scroll.ok, true, JSON.stringify(scroll));
  assert.equal(scroll.data.changed, true);
  await page.close();
});

test('hostile markup: a megabyte name, content 300 elements deep and 2000 references stay named, small and usable', async () => {
  const nest = (n, inner) => '<span>'.repeat(n) + inner + '</span>'.repeat(n);
  const spans = Array.from({ length: 2000 }, (_, i) => `<span id="w${i}">w${i}</span>`).join('');
  const ids = Array.from({ length: 2000 }, (_, i) => `w${i}`).join(' ');
  const body = `<main><h1>Hostile markup</h1>
    <button id="long" aria-label="Subscribe to the weekly digest ${'lorem ipsum '.repeat(100_000)}">S</button>
    <a id="deep" href="#deep-done">Go to ${nest(300, '<b>the</b> offer')}</a>
    <div hidden>${spans}</div><button id="refs" aria-labelledby="${ids}">R</button>
    <p id="out">nothing yet</p></main>
    <script>
      for (const b of document.querySelectorAll('button')) b.addEventListener('click', () => { document.getElementById('out').textContent = 'pressed ' + b.id; });
    </script>`;
  const url = `${www.main}/hostile-markup/`;
  const page = await browser.ctx.newPage();
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="en"><head><title>Hostile markup</title></head><body>${body}</body></html>` }));
  await page.goto(url);
  const tabId = await h.tabIdOf(browser.ctx, page.url());
  const mini = await timed('getMiniPCD', { tabId });
  assert.equal(mini.ok, true, JSON.stringify(mini).slice(0, 300));
  assert.ok(JSON.stringify(mini).length < 10_000, `MiniPCD of ${JSON.stringify(mini).length} chars`);
  const find = (prefix) => mini.data.actions.find((a) => a.label.startsWith(prefix));
  const long = find('Subscribe to the weekly digest lorem ipsum');
  // Chromium names the link by its text 300 elements down (an empty name dropped it).
  const deep = find('Go to the offer');
  // Chromium reads the first 50 distinct elements of a reference list.
  const refs = find('w0 w1 w2');
  assert.ok(long && deep && refs, JSON.stringify(mini.data.actions.map((a) => a.label)));
  const det = await timed('getDetails', { tabId, ids: [long.id, deep.id, refs.id] });
  assert.equal(det.ok, true, JSON.stringify(det).slice(0, 300));
  assert.ok(JSON.stringify(det).length < 3000, `details of ${JSON.stringify(det).length} chars`);
  const [longSel, deepSel] = det.data.map((d) => d.selector);
  assert.equal(longSel.nameMode, 'includes', JSON.stringify(longSel));
  assert.ok(longSel.name.length <= 100 && longSel.name.startsWith('Subscribe to the weekly digest'), JSON.stringify(longSel));
  assert.deepEqual([deepSel.role, deepSel.name], ['link', 'Go to the offer']);
  // The cut name still finds the button, alone.
  const click = await timed('dom.click', { tabId, selector: longSel, id: long.id });
  assert.equal(click.ok, true, JSON.stringify(click));
  assert.equal(await page.locator('#out').textContent(), 'pressed long');
  const resolved = await timed('dom.resolve', { tabId, selector: longSel });
  assert.equal(resolved.ok, true, JSON.stringify(resolved).slice(0, 300));
  assert.ok(JSON.stringify(resolved).length < 1000, `dom.resolve answered ${JSON.stringify(resolved).length} chars`);
  await page.close();
});
