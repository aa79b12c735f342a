// The PCD Scout (issue 42 point 4, seed 000 §8.5) and the exploration it
// starts by itself (issue 42 point 3). The main model names a control by
// a guess; the worker asks the fast model, offered read tools only, which
// names the control the page really has (or the page that has it), and
// the step goes on in the same turn. Printed: model calls per case.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from '../support/harness.mjs';

const KEY = 'sk-test-scout-0123456789';
const MAIN = 'scripted-model';
const FAST = 'scripted-fast';
const READ_ONLY = ['getMiniPCD', 'pcd_query', 'getDetails', 'capture_candidates', 'bundle'];
let www, llm, browser;
before(async () => {
  www = await h.startWww();
  llm = await h.startLlm({ apiKey: KEY, rules: [] });
  browser = await h.launchBrowser();
  const options = await h.openOptions(browser.ctx, browser.extensionId);
  await h.configure(options, { endpoint: llm.url, apiKey: KEY, model: MAIN, timeoutSecs: 10 });
  await options.getByLabel('Fast model (optional)').fill(FAST);
  await options.getByRole('button', { name: 'Save agent settings' }).click();
  await h.waitForText(options.locator('#agent-status'), 'Saved');
  await options.close();
});
after(async () => {
  await browser?.close();
  await llm?.stop();
  await www?.stop();
});

const say = (content, [name, args]) => ({ content, toolCalls: [{ name, arguments: args }] });

/** Runs `task` from `start` with `rules` (`allow`: the user allows writing on the site once when asked); returns the ended task view, the site tab and the chat requests. */
async function run(start, task, rules, { allow = false } = {}) {
  await llm.setScenario({ apiKey: KEY, rules });
  await llm.clearRequests();
  const site = await browser.ctx.newPage();
  await site.goto(www.main + start);
  const panel = await h.openPanel(browser.ctx, browser.extensionId);
  await site.bringToFront();
  await h.ask(panel, task);
  const view = panel.locator('section.task').first();
  await view.waitFor({ timeout: 10_000 });
  if (allow) await panel.getByRole('button', { name: 'Allow once' }).click({ timeout: 60_000 });
  try {
    await view.locator('xpath=self::*[@aria-busy="false"]').waitFor({ timeout: 120_000 });
  } catch {
    assert.fail(`the task did not end; the panel shows:\n${await panel.locator('[role=log]').innerText()}`);
  }
  const chats = (await llm.requests()).filter((r) => r.path.endsWith('/chat/completions'));
  return { view, site, panel, chats, text: await view.innerText() };
}

test('scout: a guessed name is bound to the control the page has, in the same turn', { timeout: 180_000 }, async () => {
  const r = await run('/deep/account/', 'I want to change my account preferences', [
    { when: { model: FAST }, reply: say('', ['bundle', { candidates: [{ id: '{{match:- (\\w+) link "Settings"}}', confidence: 0.8, why: 'settings hold the preferences' }] }]) },
    { when: { model: MAIN, lastToolContains: 'Done: Click' }, reply: say('', ['done', { answer: 'Opened the settings.' }]) },
    { when: { model: MAIN, turn: 1 }, reply: say('Opening preferences.', ['dom_click', { selector: { kind: 'role', role: 'button', name: 'Preferences' } }]) },
  ], { allow: true });
  assert.equal(await r.view.getAttribute('data-status'), 'succeeded', r.text);
  assert.equal(new URL(r.site.url()).pathname, '/deep/account/settings/', r.text);
  assert.deepEqual(r.chats.map((c) => c.body.model), [MAIN, FAST, MAIN]);
  const scout = r.chats[1].body;
  assert.deepEqual(scout.tools.map((t) => t.function.name), READ_ONLY, 'the Scout can only read');
  assert.match(JSON.stringify(scout.messages), /click the button “Preferences”/);
  assert.doesNotMatch(JSON.stringify(scout), /<html|<div|<a /i, 'no raw HTML');
  assert.match(r.text, /Click “Settings” \(link\)/, 'the step shows what was clicked, and the user was asked about that click');
  console.table([{ case: 'guessed name', 'model calls': r.chats.length, 'fast model calls': 1 }]);
  await r.panel.close();
  await r.site.close();
});

test('scout: not on this page, so the site is explored by itself and the tab ends on the goal page', { timeout: 240_000 }, async () => {
  const opened = [];
  const onPage = (p) => opened.push(p);
  browser.ctx.on('page', onPage);
  const r = await run('/deep/account/', 'Find the page with my invoices', [
    { when: { model: FAST }, reply: say('', ['bundle', { candidates: [], elsewhere: 'billing invoices' }]) },
    { when: { model: MAIN, lastToolContains: 'The scout says' }, reply: say('', ['done', { answer: 'Here are the invoices.' }]) },
    { when: { model: MAIN, turn: 1 }, reply: say('Opening invoices.', ['dom_click', { selector: { kind: 'role', role: 'link', name: 'Invoices' } }]) },
    { when: { model: MAIN }, reply: say('', ['done', { answer: 'Here are the invoices.' }]) },
  ]);
  browser.ctx.off('page', onPage);
  assert.equal(await r.view.getAttribute('data-status'), 'succeeded', r.text);
  assert.equal(new URL(r.site.url()).pathname, '/deep/account/settings/organization/billing/', r.text);
  const background = opened.filter((p) => p !== r.panel && p !== r.site);
  assert.ok(background.length >= 1, 'the search opened background tabs');
  for (const p of background) assert.ok(p.isClosed(), `a background tab is still open: ${p.url()}`);
  assert.deepEqual(r.chats.slice(0, 3).map((c) => c.body.model), [MAIN, FAST, MAIN]);
  assert.match(JSON.stringify(r.chats[2].body.messages), /found the page by/, 'the model read the way found');
  console.table([{ case: 'elsewhere → explore', 'model calls': r.chats.length, 'background tabs': background.length }]);
  await r.panel.close();
  await r.site.close();
});
