// Action discovery (issue 43 point 5, its test of point 6): on the
// catalog's page with a search form, "what can I do here" shows the page's
// capabilities as suggestions; "Remember these for this site" registers
// them as site commands; "search for lamp" then runs the catalog's own
// search form as a flow, the scripted model server recording no request
// although a model is configured; removed in the Flows screen, the site
// command no longer takes the sentence.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from '../support/harness.mjs';

const KEY = 'sk-test-discovery-0123456789';
let www, llm, browser, site, panel;

before(async () => {
  www = await h.startWww();
  llm = await h.startLlm({ apiKey: KEY, rules: [{ when: {}, reply: { content: 'The model was asked.' } }] });
  browser = await h.launchBrowser();
  const options = await h.openOptions(browser.ctx, browser.extensionId);
  await h.configure(options, { endpoint: llm.url, apiKey: KEY, model: 'scripted-model', timeoutSecs: 10 });
  await options.close();
  site = browser.ctx.pages()[0];
  panel = await h.openPanel(browser.ctx, browser.extensionId);
});
after(async () => {
  await browser?.close();
  await llm?.stop();
  await www?.stop();
});

const chats = async () => (await llm.requests()).filter((r) => r.path.endsWith('/chat/completions'));

/** The exchange `act` adds to the panel, once it shows a reply, steps or a task. */
async function exchangeOf(act) {
  await site.bringToFront();
  const exchanges = panel.locator('.exchange');
  const n = await exchanges.count();
  await act();
  const exchange = exchanges.nth(n);
  await exchange.locator('.bubble.local, .bubble.error, .bubble.run, section.task').first().waitFor({ timeout: 20_000 });
  return exchange;
}

const say = (input) => exchangeOf(() => h.ask(panel, input));

async function siteCommands() {
  const sw = await h.serviceWorker(browser.ctx);
  const { flows } = await sw.evaluate(() => chrome.storage.local.get('flows'));
  return JSON.parse(flows ?? '[]').filter((f) => f.source === 'discovered');
}

test('discovery: register and use a site command', async () => {
  const host = new URL(www.main).host;
  await site.goto(`${www.main}/app/catalog/`);
  await h.waitForText(site.locator('#results-summary'), 'Showing');

  const offers = await say('what can I do here');
  const chips = offers.getByRole('group', { name: 'Suggestions' });
  await chips.waitFor({ timeout: 10_000 });
  assert.ok(await chips.getByRole('button', { name: 'search for …' }).isVisible(), await chips.innerText());

  const remembered = await exchangeOf(() => chips.getByRole('button', { name: 'Remember these for this site' }).click());
  const reply = await h.waitForText(remembered.locator('.bubble.local'), 'Remembered');
  assert.match(reply, /• search for …/);
  const stored = await siteCommands();
  const search = stored.find((f) => f.name === `search on ${host}`);
  assert.ok(search, JSON.stringify(stored.map((f) => f.name)));
  assert.deepEqual(search.scope, { type: 'site', domains: [host] });

  await llm.clearRequests();
  const ran = await say('search for lamp');
  const view = ran.locator('section.task');
  await view.waitFor({ timeout: 10_000 });
  await h.waitForText(view, `search on ${host}`);
  await site.waitForURL(/\/app\/catalog\/\?q=lamp/);
  await h.waitForText(site.locator('#results-summary'), /Showing .* products/);
  assert.equal((await chats()).length, 0, 'the scripted model server saw a request');

  // Removed per site in the Flows screen, the sentence is the built-in
  // search command again, not the flow.
  await panel.getByRole('button', { name: 'Flows' }).click();
  const group = panel.getByRole('region', { name: `Site commands of ${host}` });
  await group.getByRole('button', { name: 'Remove all' }).click();
  await group.waitFor({ state: 'detached' });
  assert.deepEqual(await siteCommands(), []);
  await panel.getByRole('button', { name: 'Back to chat' }).click();
  const again = await say('search for desk');
  assert.equal(await again.locator('section.task').count(), 0, await again.innerText());
  assert.ok(await again.locator('.bubble.run').isVisible(), await again.innerText());
});
