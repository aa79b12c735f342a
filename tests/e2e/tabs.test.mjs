// The tab and navigation tools (seed 000 §7, issue 4) end to end: tabs.open
// and nav.* bundle seed 001's compact summary (500 ms settle, 3 s cap, a
// failed summary never fails the navigation), tabs.list/switch/close,
// refused targets, and the per-tab action queue (one call per tab at a time,
// tabs concurrently, cancel within 1 s).
//
// Slow and busy pages are served by a Playwright route on the www origin
// (not files in www/, which every www test visits), reached with nav.go:
// `/__tabs/slow?ms=N&title=T`
// answers after N ms; `/__tabs/busy` keeps its main thread busy for 6 s
// right after `load`, so the page cannot answer the summary request in time.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from '../support/harness.mjs';

let www, browser;
before(async () => {
  www = await h.startWww();
  browser = await h.launchBrowser();
  await browser.ctx.route(`${www.main}/__tabs/**`, async (route) => {
    const url = new URL(route.request().url());
    const title = url.searchParams.get('title') ?? 'Slow page';
    let body = `<!doctype html><title>${title}</title><main><h1>${title}</h1><p>Served late on purpose.</p><button>Continue</button></main>`;
    if (url.pathname === '/__tabs/busy') {
      body = `<!doctype html><title>Busy page</title><main><h1>Busy page</h1><p>Busy after load.</p></main>
        <script>addEventListener('load', () => setTimeout(() => { const end = Date.now() + 6000; while (Date.now() < end) {} }, 50));</script>`;
    }
    await new Promise((r) => setTimeout(r, Number(url.searchParams.get('ms') ?? 0)));
    await route.fulfill({ contentType: 'text/html', body }).catch(() => {});
  });
});
after(async () => {
  await browser?.close();
  await www?.stop();
});

const slow = (ms, title = `Slow ${ms}`) => `${www.main}/__tabs/slow?ms=${ms}&title=${encodeURIComponent(title)}`;

async function call(name, args, options) {
  const sw = await h.serviceWorker(browser.ctx);
  return sw.evaluate(([n, a, o]) => self.copilot.call(n, a, o), [name, args, options]);
}

async function ok(name, args, options) {
  const r = await call(name, args, options);
  assert.equal(r.ok, true, `${name} ${JSON.stringify(args)}: ${JSON.stringify(r)}`);
  return r.data;
}

/** Starts the calls together in the worker; each answer with its end time (ms after the start). */
async function together(calls) {
  const sw = await h.serviceWorker(browser.ctx);
  return sw.evaluate(async (cs) => {
    const t0 = Date.now();
    return Promise.all(cs.map(([n, a, o]) => self.copilot.call(n, a, o).then((r) => ({ r, end: Date.now() - t0 }))));
  }, calls);
}

const SEED_001_FIELDS = ['type', 'title', 'headings', 'primary_actions', 'forms', 'content_preview', 'interactive_count'];

function checkSummary(s) {
  assert.ok(s && typeof s === 'object', `summary: ${JSON.stringify(s)}`);
  assert.deepEqual(Object.keys(s).sort(), [...SEED_001_FIELDS].sort());
  assert.equal(typeof s.type, 'string');
  assert.ok(Array.isArray(s.headings) && Array.isArray(s.primary_actions) && Array.isArray(s.forms));
  assert.equal(typeof s.content_preview, 'string');
  assert.equal(typeof s.interactive_count, 'number');
}

test('tabs.open loads a page, settles and bundles the compact summary; tabs.list shows the tab', async (t) => {
  const started = Date.now();
  const r = await ok('tabs.open', { url: `${www.main}/pricing/` });
  const took = Date.now() - started;
  assert.equal(typeof r.tabId, 'number');
  assert.equal(r.url, `${www.main}/pricing/`);
  assert.match(r.title, /Pricing/);
  checkSummary(r.summary);
  assert.match(r.summary.title, /Pricing/);
  assert.ok(r.summary.primary_actions.length > 0);
  assert.ok(!('summary_error' in r));
  assert.ok(took >= 500, `the 500 ms settle is kept (took ${took} ms)`);
  t.diagnostic(`tabs.open → result with summary: ${took} ms (incl. 500 ms settle)`);

  const tabs = await ok('tabs.list', {});
  const mine = tabs.find((x) => x.tabId === r.tabId);
  assert.deepEqual(mine && { ...mine, windowId: 0 }, { tabId: r.tabId, url: r.url, title: r.title, active: true, windowId: 0, readable: true });
  assert.equal(tabs.filter((x) => x.active && x.windowId === mine.windowId).length, 1);
  await ok('tabs.close', { tabId: r.tabId });
});

test('a bare host gets a scheme; words are not a URL', async () => {
  const bare = www.main.replace(/^http:\/\//, '') + '/article/';
  const r = await ok('tabs.open', { url: bare, summary: false });
  assert.equal(r.url, `${www.main}/article/`, 'loopback hosts get http://');
  await ok('tabs.close', { tabId: r.tabId });
  const words = await call('tabs.open', { url: 'cheap flights to rome' });
  assert.deepEqual([words.ok, words.code, words.retryable], [false, 'invalid_args', false]);
  assert.match(words.error, /not a web address/);
});

test('summary:false skips the summary; nav.go, back, forward and reload answer where the tab is', async () => {
  const first = await ok('tabs.open', { url: `${www.main}/pricing/`, summary: false });
  assert.ok(!('summary' in first) && !('summary_error' in first), JSON.stringify(first));
  const tabId = first.tabId;

  const went = await ok('nav.go', { tabId, url: `${www.main}/article/` });
  assert.equal(went.url, `${www.main}/article/`);
  checkSummary(went.summary);

  const back = await ok('nav.back', { tabId });
  assert.equal(back.url, `${www.main}/pricing/`);
  checkSummary(back.summary);
  assert.match(back.summary.title, /Pricing/);

  const forward = await ok('nav.forward', { tabId, summary: false });
  assert.equal(forward.url, `${www.main}/article/`);
  assert.ok(!('summary' in forward));

  const reload = await ok('nav.reload', { tabId });
  assert.equal(reload.url, `${www.main}/article/`);
  checkSummary(reload.summary);

  // Without tabId, nav.* act on the active tab (this one).
  const active = await ok('nav.go', { url: `${www.main}/`, summary: false });
  assert.equal(active.tabId, tabId);
  // Back means the previous page, also when the user never touched the pages
  // in between (Chrome's back button would skip them).
  assert.equal((await ok('nav.back', { tabId, summary: false })).url, `${www.main}/article/`);
  assert.equal((await ok('nav.back', { tabId, summary: false })).url, `${www.main}/pricing/`);
  await ok('tabs.close', { tabId });
});

test('history moves with nowhere to go say so', async () => {
  const r = await ok('tabs.open', { url: `${www.main}/`, summary: false });
  const fwd = await call('nav.forward', { tabId: r.tabId });
  assert.deepEqual([fwd.ok, fwd.code], [false, 'not_found']);
  assert.match(fwd.error, /no later page/);
  await ok('tabs.close', { tabId: r.tabId });
});

test('tabs.switch activates a tab and focuses its window; tabs.close removes it', async () => {
  const a = await ok('tabs.open', { url: `${www.main}/pricing/`, summary: false });
  const b = await ok('tabs.open', { url: `${www.main}/article/`, summary: false });
  let tabs = await ok('tabs.list', {});
  assert.equal(tabs.find((x) => x.tabId === b.tabId).active, true);
  const switched = await ok('tabs.switch', { tabId: a.tabId });
  assert.deepEqual([switched.tabId, switched.active], [a.tabId, true]);
  tabs = await ok('tabs.list', {});
  assert.equal(tabs.find((x) => x.tabId === a.tabId).active, true);
  assert.equal(tabs.find((x) => x.tabId === b.tabId).active, false);

  assert.deepEqual(await ok('tabs.close', { tabId: b.tabId }), { tabId: b.tabId });
  tabs = await ok('tabs.list', {});
  assert.ok(!tabs.some((x) => x.tabId === b.tabId));
  for (const name of ['tabs.close', 'tabs.switch', 'nav.reload']) {
    const gone = await call(name, { tabId: b.tabId });
    assert.deepEqual([gone.ok, gone.code], [false, 'no_such_tab'], `${name}: ${JSON.stringify(gone)}`);
  }
  await ok('tabs.close', { tabId: a.tabId });
});

test('chrome:// and Web Store targets are refused with a clear error, and nothing opens', async () => {
  const before = (await ok('tabs.list', {})).length;
  const settings = await call('tabs.open', { url: 'chrome://settings' });
  assert.deepEqual([settings.ok, settings.code, settings.retryable], [false, 'restricted_url', false]);
  assert.match(settings.error, /browser-internal pages \(chrome:\/\/settings\)/);
  const store = await call('tabs.open', { url: 'https://chromewebstore.google.com/category/extensions' });
  assert.equal(store.code, 'restricted_url');
  assert.match(store.error, /Web Store/);
  const r = await ok('tabs.open', { url: `${www.main}/`, summary: false });
  const go = await call('nav.go', { tabId: r.tabId, url: 'chrome://extensions' });
  assert.equal(go.code, 'restricted_url');
  assert.equal((await ok('tabs.list', {})).length, before + 1, 'no tab was opened for refused targets');
  assert.equal((await ok('tabs.list', {})).find((x) => x.tabId === r.tabId).url, `${www.main}/`);
  await ok('tabs.close', { tabId: r.tabId });

  // Reloading a browser page is allowed; its summary says why there is none.
  const blank = await browser.ctx.newPage();
  const listed = (await ok('tabs.list', {})).filter((x) => !x.readable);
  assert.ok(listed.length >= 1, 'browser pages are listed as not readable');
  const reloaded = await ok('nav.reload', { tabId: listed[listed.length - 1].tabId });
  assert.deepEqual([reloaded.summary, reloaded.summary_error], [null, 'restricted_url']);
  await blank.close();
});

test('a page that cannot answer within 3 s still navigates: summary null with summary_error', async (t) => {
  // nav.go, not tabs.open: Playwright's route may miss a brand-new tab's first request.
  const { tabId } = await ok('tabs.open', { url: `${www.main}/`, summary: false });
  const started = Date.now();
  const r = await ok('nav.go', { tabId, url: `${www.main}/__tabs/busy` });
  const took = Date.now() - started;
  assert.equal(r.url, `${www.main}/__tabs/busy`);
  assert.equal(r.title, 'Busy page');
  assert.equal(r.summary, null);
  assert.equal(r.summary_error, 'summary_timeout');
  assert.ok(took >= 3500 && took < 6000, `capped at 3 s after the settle (took ${took} ms)`);
  t.diagnostic(`busy page: navigation answered after ${took} ms`);
  await ok('tabs.close', { tabId: r.tabId });
});

test('the queue runs calls on one tab one at a time, in order', async () => {
  const { tabId } = await ok('tabs.open', { url: `${www.main}/`, summary: false });
  const [go, summary] = await together([
    ['nav.go', { tabId, url: slow(1000, 'Arrived'), summary: false }],
    ['pcd.summary', { tabId }],
  ]);
  assert.equal(go.r.ok, true, JSON.stringify(go.r));
  assert.equal(summary.r.ok, true, JSON.stringify(summary.r));
  // The summary waited for the navigation: it describes the new page.
  assert.equal(summary.r.data.title, 'Arrived');
  assert.ok(summary.end >= go.end, `summary ended at ${summary.end} ms, navigation at ${go.end} ms`);
  await ok('tabs.close', { tabId });
});

test('the queue runs different tabs concurrently', async (t) => {
  const a = await ok('tabs.open', { url: `${www.main}/`, summary: false });
  const b = await ok('tabs.open', { url: `${www.main}/`, summary: false });
  const [ra, rb] = await together([
    ['nav.go', { tabId: a.tabId, url: slow(1500, 'A') }],
    ['nav.go', { tabId: b.tabId, url: slow(1500, 'B') }],
  ]);
  assert.equal(ra.r.ok && rb.r.ok, true, JSON.stringify([ra.r, rb.r]));
  assert.deepEqual([ra.r.data.title, rb.r.data.title], ['A', 'B']);
  // One alone takes ≥ 2 s (1.5 s load + 0.5 s settle); one after the other would take ≥ 4 s.
  const total = Math.max(ra.end, rb.end);
  assert.ok(total < 3500, `both done after ${total} ms`);
  t.diagnostic(`two tabs navigated concurrently: ${ra.end} / ${rb.end} ms`);
  await ok('tabs.close', { tabId: a.tabId });
  await ok('tabs.close', { tabId: b.tabId });
});

test('cancelling a task answers its queued and running calls `cancelled` within 1 s', async (t) => {
  const { tabId } = await ok('tabs.open', { url: `${www.main}/pricing/`, summary: false });
  const sw = await h.serviceWorker(browser.ctx);
  const r = await sw.evaluate(async ([tab, slowUrl]) => {
    const t0 = Date.now();
    const stamp = (p) => p.then((res) => ({ res, at: Date.now() - t0 }));
    const job = { taskId: 'job-1' };
    const a = stamp(self.copilot.call('nav.go', { tabId: tab, url: slowUrl }, job));
    const b = stamp(self.copilot.call('pcd.summary', { tabId: tab }, job));
    const c = stamp(self.copilot.call('getMiniPCD', { tabId: tab }, job));
    const d = stamp(self.copilot.call('pcd.summary', { tabId: tab }, { taskId: 'other' }));
    await new Promise((res) => setTimeout(res, 300));
    const cancelAt = Date.now() - t0;
    const report = await self.copilot.cancel('job-1');
    const late = await self.copilot.call('pcd.summary', { tabId: tab }, job);
    return { cancelAt, report, a: await a, b: await b, c: await c, d: await d, late };
  }, [tabId, slow(5000)]);
  assert.deepEqual(r.report, { queued: 2, running: 1 });
  for (const k of ['a', 'b', 'c']) {
    assert.deepEqual([r[k].res.ok, r[k].res.code], [false, 'cancelled'], `${k}: ${JSON.stringify(r[k].res)}`);
    assert.ok(r[k].at - r.cancelAt < 1000, `${k} answered ${r[k].at - r.cancelAt} ms after the cancel`);
  }
  assert.equal(r.late.code, 'cancelled', 'a cancelled task cannot queue more calls');
  // Another task's call behind them runs once the lane is free.
  assert.equal(r.d.res.ok, true, JSON.stringify(r.d.res));
  assert.ok(r.d.at - r.cancelAt < 2000, `the other task's call ran ${r.d.at - r.cancelAt} ms after the cancel`);
  t.diagnostic(`cancel → cancelled answers after ${Math.max(r.a.at, r.b.at, r.c.at) - r.cancelAt} ms; next task ran after ${r.d.at - r.cancelAt} ms`);
  await ok('tabs.close', { tabId });
});
