// Exploring (issue 42): a task whose goal page is several links away.
// The scripted model calls `explore` once; the worker searches the site in
// background tabs (grouped, muted, never focused), finds the goal page,
// closes every tab it opened, and takes the user's tab there. Then the
// model ends. Printed per site: found, pages read, tabs opened, time, model
// calls. The sites are www/deep/ (see its README for goals and decoys); on
// the single-page app the links have no address and are clicked.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from '../support/harness.mjs';

const KEY = 'sk-test-explore-0123456789';
let www, llm, browser;
before(async () => {
  www = await h.startWww();
  llm = await h.startLlm({ apiKey: KEY, rules: [] });
  browser = await h.launchBrowser();
  const options = await h.openOptions(browser.ctx, browser.extensionId);
  await h.configure(options, { endpoint: llm.url, apiKey: KEY, model: 'scripted-model', timeoutSecs: 10 });
  await options.close();
});
after(async () => {
  await browser?.close();
  await llm?.stop();
  await www?.stop();
});

const SITES = [
  { name: 'account: billing 3 deep', start: '/deep/account/', task: 'Find the page with my invoices', explore: 'billing invoices', goal: '/deep/account/settings/organization/billing/' },
  { name: 'docs: answer 2 deep', start: '/deep/docs/', task: 'Find the documentation page about the API rate limit', explore: 'API rate limit', goal: '/deep/docs/reference/limits/' },
  { name: 'shop: side menu 2 deep', start: '/deep/shop/', task: 'I need the department page with the desk lamps', explore: 'desk lamps', goal: '/deep/shop/lighting/desk-lamps/' },
  // A single-page app: its links have no address, so the search clicks them.
  { name: 'app: links without addresses 3 deep', start: '/deep/app/', task: 'Find the invoices of our help desk workspace', explore: 'billing invoices', goal: '/deep/app/?view=invoices' },
];
const where = (url) => new URL(url).pathname + new URL(url).search;

test('explore: the goal page is found in background tabs, the losers are closed, the user’s tab ends there', { timeout: 300_000 }, async () => {
  const rows = [];
  for (const s of SITES) {
    await llm.setScenario({
      apiKey: KEY,
      rules: [
        { when: { turn: 1, lastUserContains: s.task }, reply: { content: 'Searching the site.', toolCalls: [{ name: 'explore', arguments: { goal: s.explore } }] } },
        { when: { turn: 2, lastUserContains: s.task }, reply: { content: '', toolCalls: [{ name: 'done', arguments: { answer: 'Here it is.' } }] } },
      ],
    });
    await llm.clearRequests();
    const site = await browser.ctx.newPage();
    await site.goto(www.main + s.start);
    const panel = await h.openPanel(browser.ctx, browser.extensionId);
    const before = browser.ctx.pages().length;
    // Tabs the search opens, seen as they come.
    const opened = [];
    const onPage = (p) => opened.push(p);
    browser.ctx.on('page', onPage);
    await site.bringToFront();
    const t0 = Date.now();
    await h.ask(panel, s.task);
    const view = panel.locator('section.task').first();
    await view.waitFor({ timeout: 10_000 }).catch(async () => assert.fail(`${s.name}: no task; the panel shows:\n${await panel.locator('[role=log]').innerText()}`));
    try {
      await view.locator('xpath=self::*[@aria-busy="false"]').waitFor({ timeout: 120_000 });
    } catch {
      assert.fail(`${s.name}: the task did not end; the panel shows:\n${await panel.locator('[role=log]').innerText()}`);
    }
    const ms = Date.now() - t0;
    browser.ctx.off('page', onPage);
    const text = await view.innerText();
    if (await view.getAttribute('data-status') !== 'succeeded') {
      const reqs = (await llm.requests()).filter((r) => r.path.endsWith('/chat/completions'));
      console.log(JSON.stringify(reqs.map((r) => r.body.messages.map((m) => [m.role, String(m.content ?? '').slice(0, 200), m.tool_calls]))), null, 1);
    }
    assert.equal(await view.getAttribute('data-status'), 'succeeded', `${s.name}:\n${text}`);
    assert.equal(where(site.url()), s.goal, `${s.name}: the user's tab is on the goal page\n${text}`);
    assert.ok(opened.length >= 1, `${s.name}: the search opened background tabs`);
    for (const p of opened) assert.ok(p.isClosed(), `${s.name}: a background tab is still open: ${p.url()}`);
    assert.equal(browser.ctx.pages().length, before, `${s.name}: no tab left behind`);
    assert.ok(!opened.some((p) => /signed-out/.test(p.url())), `${s.name}: Sign out was never followed`);
    const chats = (await llm.requests()).filter((r) => r.path.endsWith('/chat/completions'));
    assert.equal(chats.length, 2, `${s.name}: one call to explore, one to finish`);
    const second = JSON.stringify(chats[1].body.messages);
    assert.match(second, /found the page by/, `${s.name}: the model read the way found`);
    rows.push({ site: s.name, found: where(site.url()) === s.goal, 'background tabs': opened.length, ms, 'model calls': chats.length });
    await panel.close();
    await site.close();
  }
  console.table(rows);
});
