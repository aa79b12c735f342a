// pcd.summary (seed 001) through the tool surface on real www/ pages, in both
// builds of the content module (WASM; wasm2js on the CSP-strict page), plus
// its specific errors.
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

async function summaryOf(path, mode) {
  const page = await browser.ctx.newPage();
  await page.goto(www.main + path);
  const tabId = await h.tabIdOf(browser.ctx, page.url());
  const r = await browser.sw.evaluate(([id, m]) => self.copilot.call('pcd.summary', { tabId: id, mode: m }), [tabId, mode]);
  await page.close();
  assert.equal(r.ok, true, `${path}: ${JSON.stringify(r)}`);
  return r.data;
}

const cases = [
  { path: '/pricing/', mode: 'compact', check: (s) => {
    assert.match(s.title, /Pricing/);
    assert.ok(s.primary_actions.length > 0 && s.primary_actions.length <= 5, JSON.stringify(s.primary_actions));
    assert.ok(s.primary_actions.every((a) => a.label && a.selector && a.tag));
    assert.equal(typeof s.interactive_count, 'number');
  } },
  { path: '/app/signin/', mode: 'compact', check: (s) => {
    assert.equal(s.type, 'login');
    assert.ok(s.forms.some((f) => f.fields.some((x) => /password/i.test(x))), JSON.stringify(s.forms));
  } },
  { path: '/this-page-does-not-exist', mode: 'compact', check: (s) => assert.equal(s.type, 'error_page') },
  { path: '/article/', mode: 'full', check: (s) => {
    assert.ok(s.headings.length >= 3 && s.headings.every((x) => /^h[1-3]: /.test(x)), JSON.stringify(s.headings));
    assert.ok(s.word_count > 500, `word_count ${s.word_count}`);
    assert.ok(Array.isArray(s.nav_links));
  } },
  // Web components: what their open shadow roots hold is page content.
  { path: '/shadow/', mode: 'full', check: (s) => {
    assert.deepEqual(s.forms, [{ fields: ['Search docs'] }], JSON.stringify(s));
    assert.match(s.main_content_preview, /Not rated yet.*Search docs.*Email notifications/, s.main_content_preview);
    assert.doesNotMatch(s.main_content_preview, /Reveal coupon|:host|cursor:/, 'no closed shadow root, no component styles');
  } },
  { path: '/csp-strict/', mode: 'compact', check: (s) => assert.ok(s.title.length > 0) },
  // Product grids and invoice tables are lists to pick from, however many words their cards carry.
  { path: '/app/catalog/', mode: 'compact', check: (s) => assert.equal(s.type, 'link_list') },
  { path: '/generated/?n=3000', mode: 'compact', check: (s) => assert.equal(s.type, 'link_list') },
];

for (const c of cases) {
  test(`pcd.summary ${c.mode} of ${c.path}`, async () => {
    const s = await summaryOf(c.path, c.mode);
    c.check(s);
    if (c.mode === 'compact') {
      const tokensApprox = JSON.stringify(s).length / 4;
      assert.ok(tokensApprox < 500, `compact summary is ${tokensApprox} tokens (approx.)`);
    }
  });
}

test('pcd.summary on checkout never carries what the user typed', async () => {
  const page = await browser.ctx.newPage();
  await page.goto(`${www.main}/app/checkout/`);
  const card = page.locator('input[autocomplete="cc-number"]');
  if (await card.count()) await card.fill('4242 4242 4242 4242');
  const tabId = await h.tabIdOf(browser.ctx, page.url());
  const r = await browser.sw.evaluate((id) => self.copilot.call('pcd.summary', { tabId: id, mode: 'full' }), tabId);
  assert.equal(r.ok, true, JSON.stringify(r));
  assert.ok(!JSON.stringify(r.data).includes('4242 4242'), 'the typed card number left the page');
  await page.close();
});

test('pcd.summary errors are specific', async () => {
  const noTab = await browser.sw.evaluate(() => self.copilot.call('pcd.summary', { tabId: 987654 }));
  assert.deepEqual([noTab.ok, noTab.code], [false, 'no_such_tab']);
  const badMode = await browser.sw.evaluate(() => self.copilot.call('pcd.summary', { tabId: 1, mode: 'tiny' }));
  assert.equal(badMode.code, 'invalid_args');
  const page = await browser.ctx.newPage();
  await page.goto('chrome://version');
  await page.bringToFront();
  // Chrome hides chrome:// URLs from extensions without the `tabs` permission.
  const tabId = await browser.sw.evaluate(async () => (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0].id);
  const restricted = await browser.sw.evaluate((id) => self.copilot.call('pcd.summary', { tabId: id }), tabId);
  assert.deepEqual([restricted.ok, restricted.code], [false, 'restricted_url'], JSON.stringify(restricted));
  assert.match(restricted.error, /does not let extensions read this tab/);
  await page.close();
});
