// A page behind a modal dialog (www/consent/: a cookie consent opened with
// showModal()), as the agent meets it on a first visit: the MiniPCD, the
// page summary and selectors see the dialog only (HTML makes the rest inert
// and Chromium's accessibility tree leaves it out); an action behind it
// fails at once naming the dialog; after a choice, the page is back.
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

const call = (tool, args) => browser.sw.evaluate(([t, a]) => self.copilot.call(t, a), [tool, args]);
async function ok(tool, args) {
  const r = await call(tool, args);
  assert.equal(r.ok, true, `${tool} ${JSON.stringify(args)}: ${JSON.stringify(r)}`);
  return r.data;
}
const labels = (mini) => mini.actions.map((a) => a.label);

test('a cookie consent dialog is what the agent sees and deals with first', async () => {
  const page = await browser.ctx.newPage();
  await page.goto(`${www.main}/consent/`);
  await page.locator('dialog#consent[open]').waitFor();
  const tabId = await h.tabIdOf(browser.ctx, page.url());

  const mini = await ok('getMiniPCD', { tabId });
  assert.deepEqual(labels(mini), ['Accept all', 'Reject all', 'Save choices', 'Cookie policy']);
  assert.deepEqual(mini.forms.map((f) => f.fieldSummaries.map((s) => s.label)), [['Analytics', 'Marketing']]);
  assert.deepEqual(mini.collections, [], 'the questions list behind the dialog is not offered');

  const summary = await ok('pcd.summary', { tabId, mode: 'compact' });
  assert.deepEqual(summary.primary_actions.map((a) => a.label), ['Accept all', 'Reject all', 'Save choices', 'Cookie policy']);
  assert.match(summary.content_preview, /^Your privacy We use cookies/);
  // The summary's selector is the dialog's link, not the footer's behind it.
  const policy = summary.primary_actions.find((a) => a.label === 'Cookie policy');
  const resolved = await ok('dom.resolve', { tabId, selector: { kind: 'text', text: policy.selector.replace(/^text=/, '') } });
  assert.equal(resolved.count, 1, JSON.stringify(resolved));

  const blocked = await call('dom.click', { tabId, selector: { kind: 'role', role: 'button', name: 'Add to plan' } });
  assert.equal(blocked.code, 'covered', JSON.stringify(blocked));
  assert.match(blocked.error, /button "Add to plan" is covered by dialog "Your privacy"/);
  assert.equal(await page.locator('#addon-status').isHidden(), true, 'nothing was added behind the dialog');

  await ok('dom.click', { tabId, selector: { kind: 'role', role: 'button', name: 'Reject all' } });
  await page.locator('dialog#consent:not([open])').waitFor({ state: 'attached' });
  assert.equal(await page.evaluate(() => localStorage.getItem('acme.consent')), '{"analytics":false,"marketing":false}');
  const after = await ok('getMiniPCD', { tabId });
  for (const l of ['Add to plan', 'Compare plans', 'Pricing']) assert.ok(labels(after).includes(l), `${l}: ${labels(after)}`);
  assert.ok(!labels(after).includes('Accept all'), labels(after).join(', '));
  await ok('dom.click', { tabId, selector: { kind: 'role', role: 'button', name: 'Add to plan' } });
  assert.match(await page.locator('#addon-status').textContent(), /Backups \(30 days/);
  await page.close();
});
