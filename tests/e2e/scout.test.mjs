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

/** Runs `task` from `start` with `rules` (`scenario`: more scenario fields; `allow`: the user allows writing on the site once when asked); returns the ended task view, the site tab and the chat requests. */
async function run(start, task, rules, { allow = false, scenario = {} } = {}) {
  await llm.setScenario({ apiKey: KEY, rules, ...scenario });
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

/** The `image_url` parts of a request's messages. */
const imagesIn = (chat) => chat.body.messages.flatMap((m) => (Array.isArray(m.content) ? m.content.filter((p) => p.type === 'image_url') : []));

test('vision: a model that sees images is shown the tab and close-ups once; one that refuses them gets text', { timeout: 240_000 }, async () => {
  const options = await h.openOptions(browser.ctx, browser.extensionId);
  await options.getByLabel('The main model can see images (it is shown close-ups of look-alike controls)').check();
  await options.getByLabel('The fast model can see images').check();
  await options.getByRole('button', { name: 'Save agent settings' }).click();
  await h.waitForText(options.locator('#agent-status'), 'Saved');
  await options.close();
  // Three look-alike controls of an ARIA-poor page (www/aria-poor: menu items are bare divs).
  const rules = [
    { when: { model: MAIN, lastToolContains: 'On screen' }, reply: say('', ['done', { answer: 'Home, Plans and the settings icon are in the top bar.' }]) },
    { when: { model: MAIN, turn: 1 }, reply: say('Looking.', ['capture_candidates', { ids: ['{{match:- (\\w+) control "Home"}}', '{{match:- (\\w+) control "Plans"}}', '{{match:- (\\w+) button "Settings"}}'] }]) },
  ];
  const seen = await run('/aria-poor/', 'tell me where Home, Plans and the settings icon are', rules);
  assert.equal(await seen.view.getAttribute('data-status'), 'succeeded', seen.text);
  assert.deepEqual(seen.chats.map(imagesIn).map((i) => i.length), [0, 4], 'the tab and three close-ups, in the request after the capture only');
  const messages = seen.chats[1].body.messages;
  const tool = messages.findIndex((m) => m.role === 'tool');
  assert.match(messages[tool].content, /Images follow/);
  assert.equal(messages[tool + 1].role, 'user', 'the images follow the tool result');
  const sizes = [];
  for (const part of imagesIn(seen.chats[1])) {
    assert.equal(part.image_url.detail, 'low');
    const [head, data] = part.image_url.url.split(',');
    assert.equal(head, 'data:image/jpeg;base64');
    const jpeg = Buffer.from(data, 'base64');
    assert.deepEqual([...jpeg.subarray(0, 3)], [0xff, 0xd8, 0xff], 'a JPEG');
    sizes.push(jpeg.length);
  }
  const sw = await h.serviceWorker(browser.ctx);
  const stored = await sw.evaluate(async () => JSON.stringify(await chrome.storage.local.get(null)) + JSON.stringify(await chrome.storage.session.get(null)));
  assert.doesNotMatch(stored, /base64,/, 'no image is kept in storage');
  await seen.panel.close();
  await seen.site.close();

  const refused = await run('/aria-poor/', 'tell me where Home, Plans and the settings icon are', rules, { scenario: { vision: false } });
  assert.equal(await refused.view.getAttribute('data-status'), 'succeeded', refused.text);
  assert.deepEqual(refused.chats.map(imagesIn).map((i) => i.length), [0, 4, 0], 'refused with images, then the same request as text');
  assert.equal(refused.chats[2].body.messages.length, refused.chats[1].body.messages.length - 1);
  console.table([{ case: 'vision', images: 4, 'JPEG bytes': sizes.join(' / '), 'requests when refused': refused.chats.length }]);
  await refused.panel.close();
  await refused.site.close();
});
