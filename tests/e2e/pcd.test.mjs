// getMiniPCD and pcd.query through the tool surface on real www/ pages: the
// MiniPCD shape and budgets of seed 000 §4–§5, templates tied to collections,
// login state, ARIA-poor and shadow-DOM pages, and the wasm2js build.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from '../support/harness.mjs';

let www, browser;
before(async () => {
  www = await h.startWww();
  browser = await h.launchBrowser();
  // Sign in to the demo app once (its pages redirect without a session).
  const page = await browser.ctx.newPage();
  await page.goto(`${www.main}/app/signin/`);
  await page.evaluate(() => localStorage.setItem('acme.session', JSON.stringify({ email: 'demo@acme.test', remember: true, since: new Date() })));
  await page.close();
});
after(async () => {
  await browser?.close();
  await www?.stop();
});

// Pages that render with their own scripts (the catalog) are perceived once
// they have rendered: keeping up with later changes is a separate concern.
const READY = { '/app/catalog/': '#results li' };

async function call(path, tool, args = {}) {
  const page = await browser.ctx.newPage();
  await page.goto(www.main + path);
  if (READY[path]) await page.locator(READY[path]).first().waitFor();
  const tabId = await h.tabIdOf(browser.ctx, page.url());
  const r = await browser.sw.evaluate(([t, a]) => self.copilot.call(t, a), [tool, { tabId, ...args }]);
  await page.close();
  assert.equal(r.ok, true, `${tool} on ${path}: ${JSON.stringify(r)}`);
  return r.data;
}

function checkShape(mini) {
  for (const k of ['url', 'origin', 'title', 'loginState', 'ts', 'landmarks', 'actions', 'forms', 'collections']) assert.ok(k in mini, `missing ${k}`);
  assert.ok(mini.actions.length <= 30 && mini.forms.length <= 20 && mini.collections.length <= 20, 'budgets');
  const ids = [...mini.actions, ...mini.forms, ...mini.collections].map((x) => x.id);
  assert.equal(new Set(ids).size, ids.length, 'ids are unique');
  for (const a of mini.actions) {
    assert.ok(['button', 'link', 'menuitem', 'tab', 'checkbox', 'radio', 'other'].includes(a.role), a.role);
    assert.ok(a.label.length > 0);
    if (a.appliesToCollectionId) assert.ok(mini.collections.some((c) => c.id === a.appliesToCollectionId));
  }
}

const label = (mini, re) => mini.actions.find((a) => re.test(a.label));

test('billing: an invoices collection and one Download template for its rows', async () => {
  const mini = await call('/app/billing/', 'getMiniPCD');
  checkShape(mini);
  assert.equal(mini.loginState, 'in');
  const invoices = mini.collections.find((c) => /invoice/i.test(c.name));
  assert.ok(invoices, JSON.stringify(mini.collections));
  assert.ok(invoices.approxCount >= 12, `approxCount ${invoices.approxCount}`);
  for (const f of ['date', 'amount', 'status']) assert.ok(invoices.itemFields.includes(f), `${f} in ${invoices.itemFields}`);
  const downloads = mini.actions.filter((a) => /^download/i.test(a.label));
  assert.equal(downloads.length, 1, `one template, not one per row: ${JSON.stringify(downloads)}`);
  assert.equal(downloads[0].appliesToCollectionId, invoices.id);
  assert.equal(downloads[0].kind, 'download_invoice');
});

test('catalog: products with an add-to-cart template, search form and pagination', async () => {
  const mini = await call('/app/catalog/', 'getMiniPCD');
  checkShape(mini);
  const products = mini.collections.find((c) => c.itemFields.includes('price'));
  assert.ok(products, JSON.stringify(mini.collections));
  const add = mini.actions.filter((a) => /add to cart/i.test(a.label));
  assert.equal(add.length, 1, JSON.stringify(add));
  assert.equal(add[0].appliesToCollectionId, products.id);
  assert.ok(mini.forms.some((f) => /search/.test(f.purpose ?? '')), JSON.stringify(mini.forms));
  assert.ok(mini.actions.some((a) => a.kind === 'pagination'), 'a pagination action');
});

test('sign-in page: logged out, a login form without values', async () => {
  const page = await browser.ctx.newPage();
  await page.goto(`${www.main}/app/signin/`);
  await page.evaluate(() => localStorage.removeItem('acme.session'));
  await page.reload();
  await page.getByLabel('Password').fill('hunter2-secret');
  const tabId = await h.tabIdOf(browser.ctx, page.url());
  const r = await browser.sw.evaluate((id) => self.copilot.call('getMiniPCD', { tabId: id }), tabId);
  assert.equal(r.ok, true, JSON.stringify(r));
  assert.equal(r.data.loginState, 'out');
  const form = r.data.forms.find((f) => f.purpose === 'login');
  assert.ok(form, JSON.stringify(r.data.forms));
  assert.ok(form.fieldSummaries.some((f) => f.type === 'password'));
  assert.ok(!JSON.stringify(r.data).includes('hunter2-secret'), 'typed password left the page');
  await page.evaluate(() => localStorage.setItem('acme.session', JSON.stringify({ email: 'demo@acme.test' })));
  await page.close();
});

test('ARIA-poor page: clickable divs and spans become actions', async () => {
  const mini = await call('/aria-poor/', 'getMiniPCD');
  checkShape(mini);
  assert.ok(mini.actions.length >= 3, JSON.stringify(mini.actions));
  assert.ok(mini.actions.some((a) => /buy/i.test(a.label)), JSON.stringify(mini.actions.map((a) => a.label)));
});

test('shadow DOM widgets are perceived', async () => {
  const mini = await call('/shadow/', 'getMiniPCD');
  checkShape(mini);
  assert.ok(mini.actions.length > 0 || mini.forms.length > 0, JSON.stringify(mini));
});

test('the CSP-strict page works in the wasm2js build', async () => {
  const mini = await call('/csp-strict/', 'getMiniPCD');
  checkShape(mini);
});

// The side panel has the page in front perceived in its idle time (seed 000
// §11's budgets: idle slices); without it nothing runs ahead. Observed in the
// page itself: what the first request found prepared (live::Stats).
test('with the side panel open, a page loaded in front is perceived before the first request', async () => {
  const site = await browser.ctx.newPage();
  await site.bringToFront();
  const world = await h.isolatedWorld(browser, site);
  const firstRequest = async () => {
    const tabId = await h.tabIdOf(browser.ctx, site.url());
    const r = await browser.sw.evaluate((id) => self.copilot.call('getMiniPCD', { tabId: id }), tabId);
    assert.equal(r.ok, true, JSON.stringify(r));
    return { mini: r.data, stats: await world.evaluate('content.then((m) => m.debug_live_stats())') };
  };
  const loaded = async (path) => {
    await site.goto(www.main + path);
    const until = Date.now() + 10_000;
    // The new document's world with the module loaded (the old document's
    // world may still answer right after the navigation).
    const ready = "location.pathname + (typeof content !== 'undefined' && !!content)";
    while (Date.now() < until && (await world.evaluate(ready)) !== `${path}true`) await site.waitForTimeout(50);
  };

  // No panel: the page loads, and nothing is prepared ahead.
  await site.goto(`${www.main}/pricing/`);
  await site.waitForTimeout(1000);
  const cold = await firstRequest();
  assert.deepEqual([cold.stats.served, cold.stats.prefetched], ['Full', 0], JSON.stringify(cold.stats));

  const panel = await h.openPanel(browser.ctx, browser.extensionId);
  try {
    await site.bringToFront();
    // The prefetch the panel asks for on opening lands on this page (live
    // already); the next page is the tab events' to announce.
    await site.waitForTimeout(1000);
    // With the panel open, a page that finishes loading in front is prefetched.
    await loaded('/app/billing/');
    const until = Date.now() + 10_000;
    // Rendered by its script; the prefetch asked when the load completed
    // then finishes in idle time (one asked earlier may have found the page
    // still empty).
    await site.getByRole('button', { name: /download/i }).first().waitFor();
    let state;
    while (Date.now() < until) {
      state = await world.evaluate('content.then((m) => m.debug_prefetch())');
      if (state && !state[0] && state[1] > 0) break;
      await site.waitForTimeout(50);
    }
    const warm = await firstRequest();
    assert.equal(warm.stats.served, 'Full', JSON.stringify(warm.stats));
    assert.ok(warm.stats.prefetched > 0 && !warm.stats.discovered, `prepared ahead: ${JSON.stringify(warm.stats)}`);
    assert.ok(label(warm.mini, /download/i), 'the same MiniPCD as ever');
  } finally {
    await panel.close();
    await site.close();
    await world.detach().catch(() => {});
  }
});

// A page a tool led to is perceived ahead too, panel or not: the agent's
// next request is that page's MiniPCD, asked after the LLM read the result.
test('a page an action navigated to is perceived before the next request', async () => {
  const site = await browser.ctx.newPage();
  const world = await h.isolatedWorld(browser, site);
  try {
    await site.goto(`${www.main}/`);
    const tabId = await h.tabIdOf(browser.ctx, site.url());
    const clicked = await browser.sw.evaluate((id) => self.copilot.call('dom.click', { tabId: id, selector: { kind: 'role', role: 'link', name: 'Blog', nth: 0 } }), tabId);
    assert.equal(clicked.ok, true, JSON.stringify(clicked));
    assert.equal(clicked.data.observation.urlChanged, true, JSON.stringify(clicked.data));
    // The new document's module, its prefetch done in idle time.
    const until = Date.now() + 10_000;
    let state;
    while (Date.now() < until) {
      state = await world.evaluate("location.pathname === '/article/' && typeof content !== 'undefined' && content ? content.then((m) => m.debug_prefetch()) : null").catch(() => null);
      if (state && !state[0] && state[1] > 0) break;
      await site.waitForTimeout(50);
    }
    assert.ok(state && state[1] > 0, `prefetched on arrival: ${JSON.stringify(state)}`);
    const r = await browser.sw.evaluate((id) => self.copilot.call('getMiniPCD', { tabId: id }), tabId);
    assert.equal(r.ok, true, JSON.stringify(r));
    const stats = await world.evaluate('content.then((m) => m.debug_live_stats())');
    assert.ok(stats.prefetched > 0 && !stats.discovered, `prepared ahead: ${JSON.stringify(stats)}`);
  } finally {
    await site.close();
    await world.detach().catch(() => {});
  }
});

const queries = [
  { path: '/app/dashboard/', args: { text: 'invoice|billing|statement' }, top: /billing|invoice/i },
  { path: '/app/billing/', args: { text: 'download last invoice' }, top: /download/i },
  { path: '/app/catalog/', args: { text: 'next page' }, top: /next/i },
  { path: '/app/catalog/', args: { text: 'basket' }, top: /cart/i },
  { path: '/app/catalog/', args: { kind: 'form', text: 'search' }, top: /./ },
];

for (const q of queries) {
  test(`pcd.query ${JSON.stringify(q.args)} on ${q.path}`, async () => {
    const hits = await call(q.path, 'pcd.query', { ...q.args, topK: 5 });
    assert.ok(hits.length > 0 && hits.length <= 5, JSON.stringify(hits));
    assert.match(hits[0].label, q.top, JSON.stringify(hits));
    for (const hit of hits) {
      assert.ok(hit.score >= 0 && hit.score <= 1);
      assert.ok(!('selector' in hit), 'coarse hits carry no selectors');
    }
    if (q.args.kind === 'form') assert.ok(hits.every((x) => x.id.startsWith('f')), JSON.stringify(hits));
  });
}
