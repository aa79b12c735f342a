// A virtualized list (www/orders/: 1,000 orders in a Preact-rendered ARIA
// table of which only ~20 rows exist at a time) through the tool surface:
// the MiniPCD has one collection counted by its declared size with a
// template bound to it; dom.scroll to a row that is not rendered scrolls
// the table until it is and shows it; a click on such a row does the same
// first; dom.scroll with the table and a direction scrolls inside it;
// dom.extract reads the rendered rows (and nothing scrolls), or with
// scrollToLoad scrolls the table for `limit` distinct rows in order and puts
// it back; a row that does not exist fails not_found after one sweep, with
// the table put back where it was.
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

const call = async (tool, args) => (await h.serviceWorker(browser.ctx)).evaluate(([t, a]) => self.copilot.call(t, a), [tool, args]);
const role = (r, name, extra = {}) => ({ kind: 'role', role: r, name, nameMode: 'exact', ...extra });

async function ok(tool, args) {
  const r = await call(tool, args);
  assert.equal(r.ok, true, `${tool} ${JSON.stringify(args)}: ${JSON.stringify(r)}`);
  return r.data;
}

/** The Orders page in a tab of its own, closed after `body` (tabs are found by URL: a leftover would be found instead). */
async function withOrders(body) {
  const { page, tabId } = await openOrders();
  try {
    await body(page, tabId);
  } finally {
    await page.close();
  }
}

async function openOrders() {
  const page = await browser.ctx.newPage();
  await page.goto(www.main + '/orders/');
  await page.getByRole('link', { name: 'Order #0001' }).waitFor();
  const tabId = await h.tabIdOf(browser.ctx, page.url());
  return { page, tabId };
}

const rendered = (page) => page.locator('#orders-scroller [role=row]').count();
const scrollTop = (page) => page.evaluate(() => document.getElementById('orders-scroller').scrollTop);

/** Whether the locator's box is inside the table's scrolling area and the window. */
async function inView(page, locator) {
  const box = await locator.boundingBox();
  const area = await page.locator('#orders-scroller').boundingBox();
  const view = page.viewportSize();
  return box !== null && box.y >= area.y - 1 && box.y + box.height <= area.y + area.height + 1 && box.y >= 0 && box.y + box.height <= view.height;
}

test('the virtualized table is one collection counted by its declared size, with its row template bound to it', async () => {
  await withOrders(async (page, tabId) => {
  const rows = await rendered(page);
  assert.ok(rows >= 10 && rows <= 30, `only the visible rows are rendered: ${rows}`);
  const mini = await ok('getMiniPCD', { tabId });
  const orders = mini.collections.filter((c) => c.name === 'orders');
  assert.equal(orders.length, 1, JSON.stringify(mini.collections));
  assert.equal(orders[0].approxCount, 1000, 'aria-rowcount less the header row, not the rendered rows');
  for (const f of ['number', 'date', 'status', 'amount']) assert.ok(orders[0].itemFields.includes(f), `${f} in ${orders[0].itemFields}`);
  const details = mini.actions.filter((a) => a.label === 'Details');
  assert.equal(details.length, 1, `one template for the rows' Details buttons: ${JSON.stringify(mini.actions.map((a) => a.label))}`);
  assert.equal(details[0].appliesToCollectionId, orders[0].id);
  });
});

test('dom.scroll to a row that is not rendered scrolls the table until it is, and shows it', async () => {
  await withOrders(async (page, tabId) => {
  const row = page.getByRole('link', { name: 'Order #0742' });
  assert.equal(await row.count(), 0, 'not in the DOM before');
  const out = await ok('dom.scroll', { tabId, selector: role('link', 'Order #0742') });
  assert.equal(out.changed, true, JSON.stringify(out));
  assert.ok(out.changes.includes('scroll'), JSON.stringify(out));
  assert.match(out.detail, /rendered by scrolling the virtualized table "Orders"/);
  assert.equal(await row.count(), 1);
  assert.ok(await row.isVisible());
  assert.ok(await inView(page, row), 'the row is inside the table’s visible area');
  assert.ok((await rendered(page)) <= 30, 'still virtualized');
  });
});

test('a click on a row that is not rendered renders it first (both directions of the sweep)', async () => {
  await withOrders(async (page, tabId) => {
  await ok('dom.scroll', { tabId, selector: role('link', 'Order #0500') });
  // Above the current rows: the sweep goes to the end, then from the top.
  assert.equal(await page.getByRole('link', { name: 'Order #0120' }).count(), 0);
  const out = await ok('dom.click', { tabId, selector: role('link', 'Order #0120') });
  assert.match(out.detail ?? '', /rendered by scrolling/, JSON.stringify(out));
  await page.waitForURL(/#order-0120$/);
  assert.ok(await inView(page, page.getByRole('link', { name: 'Order #0120' })));
  });
});

test('dom.scroll with the table and a direction scrolls inside it', async () => {
  await withOrders(async (page, tabId) => {
  const table = role('table', 'Orders');
  const down = await ok('dom.scroll', { tabId, selector: table, direction: 'down' });
  assert.equal(down.changed, true, JSON.stringify(down));
  const top = await scrollTop(page);
  const height = await page.evaluate(() => document.getElementById('orders-scroller').clientHeight);
  assert.ok(Math.abs(top - height * 0.8) <= 1, `scrolled 80 % of the area: ${top} of ${height}`);
  assert.match(down.detail, /scrolled .* from 0 to \d+ px/);
  await page.getByRole('link', { name: 'Order #0012' }).waitFor();
  await ok('dom.scroll', { tabId, selector: table, direction: 'bottom' });
  await page.getByRole('link', { name: 'Order #1000' }).waitFor();
  assert.ok(await inView(page, page.getByRole('link', { name: 'Order #1000' })));
  await ok('dom.scroll', { tabId, selector: table, y: -88 });
  const max = await page.evaluate(() => { const s = document.getElementById('orders-scroller'); return s.scrollHeight - s.clientHeight; });
  assert.equal(await scrollTop(page), max - 88);
  await ok('dom.scroll', { tabId, selector: table, direction: 'top' });
  assert.equal(await scrollTop(page), 0);
  });
});

test('dom.extract reads the rendered rows with the requested fields; total is the declared count', async () => {
  await withOrders(async (page, tabId) => {
  const mini = await ok('getMiniPCD', { tabId });
  const orders = mini.collections.find((c) => c.name === 'orders');
  const fields = ['number', 'customer', 'date', 'status', 'amount'];
  const r = await ok('dom.extract', { tabId, collectionId: orders.id, fields });
  assert.equal(r.total, 1000);
  assert.equal(r.items.length, await rendered(page));
  assert.deepEqual(Object.keys(r.items[0]).sort(), [...fields].sort());
  for (const item of r.items) {
    assert.match(item.number, /^Order #\d{4}$/, JSON.stringify(item));
    assert.match(item.date, /^\d{4}-\d\d-\d\d$/, JSON.stringify(item));
    assert.match(item.amount, /^\$\d+\.\d\d$/, JSON.stringify(item));
    assert.ok(['Paid', 'Shipped', 'Delivered', 'Pending', 'Refunded'].includes(item.status), JSON.stringify(item));
    assert.ok(item.customer, JSON.stringify(item));
  }
  assert.equal(r.items[0].number, 'Order #0001');
  assert.equal(r.stoppedBy, undefined, 'a plain read says nothing about scrolling');
  assert.equal(await scrollTop(page), 0, 'nothing scrolled');
  });
});

const FIELDS = ['number', 'customer', 'date', 'status', 'amount'];
const orderNumbers = (from, n) => Array.from({ length: n }, (_, i) => `Order #${String(from + i).padStart(4, '0')}`);

test('dom.extract with scrollToLoad returns exactly `limit` distinct orders in order, with their fields, and puts the table back', async () => {
  await withOrders(async (page, tabId) => {
  // Start from the middle: the rows are still read from the first one.
  await ok('dom.scroll', { tabId, selector: role('link', 'Order #0300') });
  const before = await scrollTop(page);
  assert.ok(before > 0);
  const mini = await ok('getMiniPCD', { tabId });
  const orders = mini.collections.find((c) => c.name === 'orders');
  for (const limit of [60, 7]) {
    const r = await ok('dom.extract', { tabId, collectionId: orders.id, fields: FIELDS, scrollToLoad: true, limit });
    assert.equal(r.items.length, limit);
    assert.deepEqual(r.items.map((i) => i.number), orderNumbers(1, limit));
    for (const item of r.items) {
      assert.deepEqual(Object.keys(item).sort(), [...FIELDS].sort());
      assert.match(item.date, /^\d{4}-\d\d-\d\d$/, JSON.stringify(item));
      assert.match(item.amount, /^\$\d+\.\d\d$/, JSON.stringify(item));
      assert.ok(item.customer && item.status, JSON.stringify(item));
    }
    assert.equal(r.total, 1000);
    assert.equal(r.stoppedBy, 'limit');
    assert.equal(await scrollTop(page), before, 'the table is put back');
  }
  // The rows shown again are the ones around where the table was.
  await page.getByRole('link', { name: 'Order #0300' }).waitFor();
  });
});

test('dom.extract with scrollToLoad and no limit gathers 50; the largest limit gathers 200 (timed)', async () => {
  await withOrders(async (page, tabId) => {
  const mini = await ok('getMiniPCD', { tabId });
  const orders = mini.collections.find((c) => c.name === 'orders');
  const r = await ok('dom.extract', { tabId, collectionId: orders.id, fields: ['number'], scrollToLoad: true });
  assert.deepEqual(r.items.map((i) => i.number), orderNumbers(1, 50));
  const started = Date.now();
  const all = await ok('dom.extract', { tabId, collectionId: orders.id, fields: ['number'], scrollToLoad: true, limit: 5000 });
  console.log(`extracting 200 of 1000 virtualized orders: ${Date.now() - started} ms, ${all.scrollSteps} scroll steps`);
  assert.deepEqual(all.items.map((i) => i.number), orderNumbers(1, 200));
  assert.equal(all.stoppedBy, 'limit');
  assert.equal(await scrollTop(page), 0);
  });
});

test('a row that does not exist fails not_found after one sweep, and the table is put back', async () => {
  await withOrders(async (page, tabId) => {
  await ok('dom.scroll', { tabId, selector: role('link', 'Order #0300') });
  const before = await scrollTop(page);
  const r = await call('dom.scroll', { tabId, selector: role('link', 'Order #1234') });
  assert.deepEqual([r.ok, r.code, r.retryable], [false, 'not_found', false], JSON.stringify(r));
  assert.match(r.error, /also after scrolling the virtualized table "Orders"/);
  assert.match(r.error, /every row rendered once/);
  assert.equal(await scrollTop(page), before);
  });
});
