// An infinite feed (www/feed/: "Community posts", 20 posts, 20 more each
// time the end of the feed comes into view, up to 200 or ?max=N; no
// declared size) through dom.extract: a plain read returns the rendered
// posts and scrolls nothing; with scrollToLoad the page is scrolled to the
// end of the feed again and again, new posts are waited for, distinct posts
// come back in page order, the window is put back, and the result says
// whether the feed ended or the limit stopped it. The "extract all posts"
// command does the same from the panel's grammar, and "extract orders"
// scrolls the virtualized table of www/orders/ without being asked.
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

async function ok(tool, args) {
  const r = await call(tool, args);
  assert.equal(r.ok, true, `${tool} ${JSON.stringify(args)}: ${JSON.stringify(r)}`);
  return r.data;
}

/** The feed in a tab of its own, closed after `body`. */
async function withFeed(query, body) {
  const page = await browser.ctx.newPage();
  await page.goto(`${www.main}/feed/${query}`);
  await page.locator('#feed article').first().waitFor();
  const tabId = await h.tabIdOf(browser.ctx, page.url());
  try {
    await body(page, tabId);
  } finally {
    await page.close();
  }
}

const posts = (page) => page.locator('#feed article').count();
const scrollY = (page) => page.evaluate(() => window.scrollY);
const titles = (from, n) => Array.from({ length: n }, (_, i) => `Post ${String(from + i).padStart(3, '0')}`);

async function feedCollection(tabId) {
  const mini = await ok('getMiniPCD', { tabId });
  const feed = mini.collections.find((c) => /post/i.test(c.name));
  assert.ok(feed, `a collection of posts: ${JSON.stringify(mini.collections)}`);
  return feed;
}

test('a plain dom.extract reads the 20 rendered posts and scrolls nothing', async () => {
  await withFeed('', async (page, tabId) => {
    const feed = await feedCollection(tabId);
    const r = await ok('dom.extract', { tabId, collectionId: feed.id, fields: ['title', 'date', 'detailUrl'] });
    assert.equal(r.items.length, 20);
    assert.equal(r.total, 20);
    assert.equal(r.stoppedBy, undefined);
    assert.deepEqual(r.items.map((i) => i.title.slice(0, 8)), titles(1, 20));
    assert.equal(await scrollY(page), 0, 'the window did not move');
    assert.equal(await posts(page), 20, 'nothing more was loaded');
  });
});

test('dom.extract with scrollToLoad gathers more than the first page, distinct and in order, and puts the window back', async () => {
  await withFeed('', async (page, tabId) => {
    await page.evaluate(() => window.scrollTo(0, 300));
    const before = await scrollY(page);
    const feed = await feedCollection(tabId);
    const r = await ok('dom.extract', { tabId, collectionId: feed.id, fields: ['title', 'date', 'detailUrl'], scrollToLoad: true, limit: 70 });
    assert.equal(r.items.length, 70);
    assert.deepEqual(r.items.map((i) => i.title.slice(0, 8)), titles(1, 70));
    assert.equal(new Set(r.items.map((i) => i.detailUrl)).size, 70, 'distinct posts');
    for (const item of r.items) {
      assert.match(item.date, /^\d{4}-\d\d-\d\d$/, JSON.stringify(item));
      assert.match(item.detailUrl, /\/feed\/#post-\d{3}$/, JSON.stringify(item));
    }
    assert.equal(r.stoppedBy, 'limit');
    assert.ok(r.total >= 70, `total counts what was seen: ${r.total}`);
    assert.ok(r.scrollSteps > 0);
    assert.ok((await posts(page)) >= 80, 'the feed loaded more pages');
    assert.equal(await scrollY(page), before, 'the window is put back');
  });
});

test('dom.extract with scrollToLoad reports exhausted when the feed ends', async () => {
  await withFeed('?max=90', async (page, tabId) => {
    const feed = await feedCollection(tabId);
    const started = Date.now();
    const r = await ok('dom.extract', { tabId, collectionId: feed.id, fields: ['title'], scrollToLoad: true, limit: 200 });
    console.log(`extracting a 90-post feed to its end: ${Date.now() - started} ms, ${r.scrollSteps} scroll steps`);
    assert.equal(r.stoppedBy, 'exhausted');
    assert.equal(r.items.length, 90);
    assert.equal(r.total, 90);
    assert.deepEqual(r.items.map((i) => i.title.slice(0, 8)), titles(1, 90));
    assert.match(await page.locator('#feed-status').innerText(), /all caught up: 90 posts/);
    assert.equal(await scrollY(page), 0);
  });
});

test('the "extract all posts" command scrolls the feed to its end', async () => {
  await withFeed('?max=50', async (page) => {
    await page.bringToFront();
    const panel = await h.openPanel(browser.ctx, browser.extensionId);
    try {
      await page.bringToFront();
      const exchanges = panel.locator('.exchange');
      const n = await exchanges.count();
      await h.ask(panel, 'extract all posts');
      const exchange = exchanges.nth(n);
      await exchange.locator('.bubble.run[aria-busy="false"], .bubble.local, .bubble.error').first().waitFor({ timeout: 45_000 });
      const result = await exchange.locator('.step-result').first().innerText();
      assert.match(result, /^Extracted 50 items, scrolled to the end of the list/, result);
      assert.equal(await scrollY(page), 0);
    } finally {
      await panel.close();
    }
  });
});

test('the "extract orders" command scrolls a virtualized list on its own (it declares more than it renders)', async () => {
  const page = await browser.ctx.newPage();
  await page.goto(`${www.main}/orders/`);
  await page.getByRole('link', { name: 'Order #0001' }).waitFor();
  const panel = await h.openPanel(browser.ctx, browser.extensionId);
  try {
    await page.bringToFront();
    const exchanges = panel.locator('.exchange');
    const n = await exchanges.count();
    await h.ask(panel, 'extract orders');
    const exchange = exchanges.nth(n);
    await exchange.locator('.bubble.run[aria-busy="false"], .bubble.local, .bubble.error').first().waitFor({ timeout: 45_000 });
    const result = await exchange.locator('.step-result').first().innerText();
    assert.match(result, /^Extracted 50 of 1000 items, scrolled until the limit/, result);
    const text = await exchange.locator('.step-text').innerText();
    for (const n of ['Order #0001', 'Order #0050']) assert.ok(text.includes(n), `${n} in ${text.slice(0, 200)}`);
    assert.equal(await page.evaluate(() => document.getElementById('orders-scroller').scrollTop), 0);
  } finally {
    await panel.close();
    await page.close();
  }
});
