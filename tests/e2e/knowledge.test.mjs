// The reading history (issue 43 point 4): off by default (pages read are
// not indexed), a switch in the options, pages read a few seconds in front
// indexed from their digest, questions with a temporal filter answered
// from the right pages (a list with snippets without a model; one model
// call from the top pages with one), "forget this site" from the panel,
// and what left the browser: no raw HTML, within the token budget. PDFs
// (Chrome's viewer gives a content script no text) are fetched
// and read by the worker, and cited by their URL like pages.
//
// Visit times: the worker's "now" is fixed through the debug hook
// `self.copilot.setKnowledgeNow` before each batch of visits, so pages are
// read "in October" and "in November" as a user would have, and the
// questions are asked on a known day.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import * as h from '../support/harness.mjs';

const scenario = JSON.parse(await readFile(new URL('../scenarios/knowledge.json', import.meta.url)));
const DWELL_MS = 3000;
const OCT_15 = Date.UTC(2026, 9, 15, 12);
const NOV_19 = Date.UTC(2026, 10, 19, 12);
const NOV_25 = Date.UTC(2026, 10, 25, 12);
/** The answer's budget in tokens (`knowledge::answer::ANSWER_BUDGET_TOKENS`), ~4 characters each. */
const BUDGET_TOKENS = 3000;

let www, llm, browser, site, panel;

before(async () => {
  www = await h.startWww();
  llm = await h.startLlm(scenario);
  browser = await h.launchBrowser();
  site = browser.ctx.pages()[0];
  await site.goto(`${www.main}/news/`);
  panel = await h.openPanel(browser.ctx, browser.extensionId);
});
after(async () => {
  await browser?.close();
  await llm?.stop();
  await www?.stop();
});

/** The URLs the worker stored (IndexedDB of the extension's origin); [] before the first. */
async function storedUrls() {
  const sw = await h.serviceWorker(browser.ctx);
  return sw.evaluate(() => new Promise((resolve) => {
    const req = indexedDB.open('browser-copilot-knowledge');
    // Never create the database here: that is the worker's to do.
    req.onupgradeneeded = () => req.transaction.abort();
    req.onerror = () => resolve([]);
    req.onsuccess = () => {
      const db = req.result;
      const keys = db.transaction('meta').objectStore('meta').getAllKeys();
      keys.onsuccess = () => { db.close(); resolve(keys.result.sort()); };
      keys.onerror = () => { db.close(); resolve([]); };
    };
  }));
}

async function setNow(ms) {
  const sw = await h.serviceWorker(browser.ctx);
  await sw.evaluate((t) => self.copilot.setKnowledgeNow(t), ms);
}

/** Reads `url` in the tab in front, long enough to count as read, and waits until it is stored. */
async function read(url, { expectStored = true } = {}) {
  // Chrome's PDF viewer never fires the load event Playwright waits for.
  await site.goto(url, { waitUntil: url.includes('/pdfs/') ? 'commit' : 'load' });
  await site.bringToFront();
  const deadline = Date.now() + DWELL_MS + 8000;
  while (Date.now() < deadline) {
    if ((await storedUrls()).includes(url)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  if (expectStored) throw new Error(`${url} was not indexed; stored: ${JSON.stringify(await storedUrls())}`);
}

const lastExchange = () => panel.locator('.exchange').last();

async function askPanel(question) {
  await site.bringToFront();
  await h.ask(panel, question);
  await h.waitForText(lastExchange(), question);
}

/** The sources the latest exchange lists, in order. */
async function sources() {
  await lastExchange().locator('section.knowledge').waitFor({ timeout: 10_000 });
  return lastExchange().locator('.knowledge-source').evaluateAll((items) => items.map((li) => ({
    url: li.dataset.url,
    href: li.querySelector('a').href,
    title: li.querySelector('a').textContent,
    meta: li.querySelector('.source-meta').textContent,
    snippet: li.querySelector('.source-snippet').textContent,
  })));
}

test('off by default: a page read is not indexed, and a question says how to turn it on', async () => {
  const options = await h.openOptions(browser.ctx, browser.extensionId);
  const toggle = options.getByRole('switch', { name: 'Remember pages I read' });
  await toggle.waitFor();
  await options.waitForFunction(() => !document.querySelector('input[role=switch]')?.disabled);
  assert.equal(await toggle.isChecked(), false, 'the switch starts off');
  await options.close();

  await read(`${www.main}/news/solar-storage.html`, { expectStored: false });
  assert.deepEqual(await storedUrls(), [], 'nothing is indexed while the switch is off');

  await askPanel('What did I read about solar batteries last month?');
  await h.waitForText(lastExchange(), 'Your reading history is off');
  assert.deepEqual(await storedUrls(), []);
});

test('with the switch on, pages read are found by topic and time, with snippets and links', async () => {
  const options = await h.openOptions(browser.ctx, browser.extensionId);
  const toggle = options.getByRole('switch', { name: 'Remember pages I read' });
  await options.waitForFunction(() => !document.querySelector('input[role=switch]')?.disabled);
  await toggle.check();
  await h.waitForText(options.locator('.knowledge-size'), 'No page stored.');
  assert.equal(await toggle.isChecked(), true);

  // October on the first site, November on the second (another origin).
  await setNow(OCT_15);
  await read(`${www.main}/news/solar-storage.html`);
  await read(`${www.main}/news/ev-charging.html`);
  await setNow(NOV_19);
  await read(`${www.second}/news/heat-pumps.html`);
  await read(`${www.second}/news/solar-grid.html`);
  await setNow(NOV_25);
  assert.equal((await storedUrls()).length, 4);
  await options.reload();
  await h.waitForText(options.locator('.knowledge-size'), '4 pages stored');
  await options.close();

  // "Last month" on Nov 25 is October: only the October solar article.
  await askPanel('What did I read about solar batteries last month?');
  let found = await sources();
  assert.deepEqual(found.map((s) => s.url), [`${www.main}/news/solar-storage.html`]);
  assert.equal(found[0].title, 'Home batteries store more solar power – The Daily Grid');
  assert.equal(found[0].href, found[0].url);
  assert.match(found[0].meta, /read Oct 15, 2026/);
  assert.match(found[0].snippet, /batter/i);
  await h.waitForText(lastExchange(), 'last month');

  // Without a time: both solar articles; asked for the first, October's leads.
  await askPanel('Which article about solar power did I read first?');
  found = await sources();
  assert.deepEqual(found.map((s) => s.url), [`${www.main}/news/solar-storage.html`, `${www.second}/news/solar-grid.html`]);

  await askPanel('what did I read in November?');
  found = await sources();
  assert.deepEqual(found.map((s) => s.url).sort(), [`${www.second}/news/heat-pumps.html`, `${www.second}/news/solar-grid.html`]);

  // Data minimisation: what is stored is redacted text, never HTML or a form value.
  const sw = await h.serviceWorker(browser.ctx);
  const stored = await sw.evaluate(() => new Promise((resolve) => {
    const req = indexedDB.open('browser-copilot-knowledge');
    req.onsuccess = () => {
      const db = req.result;
      const all = db.transaction('pages').objectStore('pages').getAll();
      all.onsuccess = () => { db.close(); resolve(all.result.join('\n')); };
    };
  }));
  assert.ok(!/<p>|<article|<input/.test(stored), 'no HTML is stored');
  assert.ok(!stored.includes('desk@dailygrid.example') && !stored.includes('555-123-4567'), 'e-mails and phones are redacted');
});

test('with a model, one call writes the answer from the top pages within the budget', async () => {
  const options = await h.openOptions(browser.ctx, browser.extensionId);
  await h.configure(options, { endpoint: llm.url, apiKey: scenario.apiKey, model: 'scripted-model', timeoutSecs: 5 });
  await options.close();
  await llm.clearRequests();

  await askPanel('Summarize what I read about solar power');
  await h.waitForText(lastExchange(), 'solar farms strain the grid at noon [2]', 15_000);
  const found = (await sources()).map((s) => s.url);
  assert.deepEqual(found.slice(0, 2).sort(), [`${www.main}/news/solar-storage.html`, `${www.second}/news/solar-grid.html`].sort(), 'the solar pages lead');
  assert.ok(!found.includes(`${www.second}/news/heat-pumps.html`), 'a page not about solar power is not a source');

  const chats = (await llm.requests()).filter((r) => r.path.endsWith('/chat/completions'));
  assert.equal(chats.length, 1, 'exactly one model call');
  const body = JSON.stringify(chats[0].body);
  assert.ok(!/<(p|article|html|div|input|form)[\s>]/i.test(body), 'no raw HTML in the request');
  assert.match(body, /<page-[a-z0-9]+>/, 'page text is wrapped as untrusted data');
  assert.ok(!body.includes('desk@dailygrid.example') && !body.includes('555-123-4567'), 'no e-mail or phone');
  const chars = chats[0].body.messages.map((m) => m.content).join('').length;
  assert.ok(chars / 4 <= BUDGET_TOKENS * 1.1, `${chars} characters is over the budget of ~${BUDGET_TOKENS} tokens`);
  assert.equal(chats[0].body.tools, undefined, 'no tools: one call that only writes');
});

test('"forget this site" in the panel deletes the site in front and excludes it', async () => {
  await site.goto(`${www.second}/news/heat-pumps.html`);
  await askPanel('forget this site');
  const host = new URL(www.second).host;
  await h.waitForText(lastExchange(), `Forgot ${host}`);
  await h.waitForText(lastExchange(), '2 pages deleted');
  assert.deepEqual(await storedUrls(), [`${www.main}/news/ev-charging.html`, `${www.main}/news/solar-storage.html`]);

  // Excluded from now on: reading it again stores nothing.
  await setNow(NOV_25);
  await read(`${www.second}/news/solar-grid.html`, { expectStored: false });
  assert.equal((await storedUrls()).length, 2);

  await askPanel('Which article about solar power did I read first?');
  const found = await sources();
  assert.deepEqual(found.map((s) => s.url), [`${www.main}/news/solar-storage.html`]);

  // The options list the excluded site; Remove lets it be indexed again.
  const options = await h.openOptions(browser.ctx, browser.extensionId);
  const list = options.locator('.excluded-sites');
  await h.waitForText(list, host);
  await options.getByRole('button', { name: `Remove ${host}` }).click();
  await h.waitForText(options.locator('.knowledge-settings'), 'No site is excluded.');
  await options.close();
  await read(`${www.second}/news/solar-grid.html`);
});

test('a PDF read in Chrome\'s viewer is indexed from its bytes and cited by its URL', async () => {
  const pdf = `${www.main}/pdfs/axolotl-regeneration.pdf`;
  await setNow(NOV_25);
  await read(pdf);

  await askPanel('What did I read about axolotl regeneration?');
  const found = await sources();
  assert.deepEqual(found.map((s) => s.url), [pdf], 'only the PDF is about axolotls');
  assert.equal(found[0].title, 'Axolotl Limb Regeneration', 'the title from the PDF\'s metadata');
  assert.equal(found[0].href, pdf);
  assert.match(found[0].snippet, /axolotl/i);
  // The model (configured above) was given the PDF's text.
  await h.waitForText(lastExchange(), 'from a blastema [1]', 15_000);
});

test('a PDF whose address does not say so is known by its Content-Type', async () => {
  const pdf = `${www.main}/pdfs/download/composting`;
  await read(pdf);
  await askPanel('What did I read about compost heaps?');
  const found = await sources();
  assert.deepEqual(found.map((s) => s.url), [pdf]);
  assert.equal(found[0].title, 'Composting at Home', 'no title in its metadata: its first line');
  assert.match(found[0].snippet, /compost/i);
});
