// DOM actions through the tool surface on www/ pages, each asserting the
// page state a person would check afterwards: sign in (and land on the
// dashboard), fill the Preact-controlled form (and see Preact's own state),
// search the catalog, go to the next page, add to cart (badge count) — plus
// the specific errors: ambiguous with candidates, covered, not found.
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
const role = (r, name, extra = {}) => ({ kind: 'role', role: r, name, nameMode: 'exact', ...extra });

async function open(path, ready) {
  const page = await browser.ctx.newPage();
  await page.goto(www.main + path);
  if (ready) await page.locator(ready).first().waitFor();
  const tabId = await h.tabIdOf(browser.ctx, page.url());
  return { page, tabId };
}

async function ok(tool, args) {
  const r = await call(tool, args);
  assert.equal(r.ok, true, `${tool} ${JSON.stringify(args)}: ${JSON.stringify(r)}`);
  return r.data;
}

test('sign in with the demo account lands on the dashboard', async () => {
  const { page, tabId } = await open('/app/signin/');
  await page.evaluate(() => localStorage.removeItem('acme.session'));
  await ok('dom.type', { tabId, selector: role('textbox', 'Email'), text: 'demo@acme.test' });
  const pw = await ok('dom.type', { tabId, selector: role('textbox', 'Password'), text: 'demo1234' });
  assert.equal(pw.changed, true);
  await ok('dom.check', { tabId, selector: role('checkbox', 'Remember me') });
  assert.equal(await page.locator('#remember').isChecked(), true);
  const out = await ok('dom.click', { tabId, selector: role('button', 'Sign in') });
  assert.equal(out.observation.urlChanged, true, JSON.stringify(out));
  await page.waitForURL(/\/app\/dashboard\//);
  assert.match(out.observation.url, /\/app\/dashboard\//);
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('acme.session')));
  assert.equal(session.email, 'demo@acme.test');
  await page.close();
});

test('a navigation slower than the page settles still answers from the page it leads to', async () => {
  // The dashboard's server answers after 2.5 s: the sign-in page keeps
  // running meanwhile, quiet, long after an action's settle window.
  const { page, tabId } = await open('/app/signin/');
  await page.evaluate(() => localStorage.removeItem('acme.session'));
  await page.route('**/app/dashboard/**', async (route) => {
    await new Promise((r) => setTimeout(r, 2500));
    await route.continue();
  });
  await ok('dom.type', { tabId, selector: role('textbox', 'Email'), text: 'demo@acme.test' });
  await ok('dom.type', { tabId, selector: role('textbox', 'Password'), text: 'demo1234' });
  const out = await ok('dom.click', { tabId, selector: role('button', 'Sign in') });
  assert.equal(out.observation.urlChanged, true, JSON.stringify(out));
  assert.match(out.observation.url, /\/app\/dashboard\//);
  await page.close();
});

test('a wrong password shows the page’s error, and the action reports the change', async () => {
  const { page, tabId } = await open('/app/signin/');
  await page.evaluate(() => localStorage.removeItem('acme.session'));
  await ok('dom.type', { tabId, selector: role('textbox', 'Email'), text: 'demo@acme.test' });
  await ok('dom.type', { tabId, selector: role('textbox', 'Password'), text: 'wrong', submit: true });
  await page.locator('#signin-error').waitFor();
  assert.match(await page.locator('#signin-error').textContent(), /./);
  assert.match(page.url(), /\/app\/signin\//);
  await page.close();
});

test('the Preact-controlled form sees every typed value, choice and check', async () => {
  const { page, tabId } = await open('/preact-form/', 'form');
  await ok('dom.type', { tabId, selector: role('textbox', 'Display name'), text: 'Ada Lovelace' });
  await ok('dom.type', { tabId, selector: role('textbox', 'Email'), text: 'ada@example.org' });
  const plan = await ok('dom.select', { tabId, selector: role('combobox', 'Plan'), value: 'Team' });
  assert.equal(plan.detail, 'Team');
  await ok('dom.type', { tabId, selector: { kind: 'role', role: 'textbox', name: 'Bio' }, text: 'Countess' });
  await ok('dom.check', { tabId, selector: role('checkbox', 'I agree to the terms'), checked: true });
  const state = JSON.parse(await page.locator('#pf-state').textContent());
  assert.deepEqual(state, { name: 'Ada Lovelace', email: 'ada@example.org', plan: 'team', bio: 'Countess', agree: true });
  await ok('dom.click', { tabId, selector: role('button', 'Submit') });
  assert.equal(await page.locator('#pf-saved').textContent(), 'Saved: name=Ada Lovelace, email=ada@example.org, plan=team');
  await page.close();
});

test('catalog: search, next page, add to cart', async () => {
  const { page, tabId } = await open('/app/catalog/', '#results li');
  await page.evaluate(() => localStorage.setItem('acme.session', JSON.stringify({ email: 'demo@acme.test', remember: true, since: new Date() })));
  await page.reload();
  await page.locator('#results li').first().waitFor();
  const searched = await ok('dom.type', { tabId, selector: { kind: 'role', role: 'searchbox', name: 'Search products' }, text: 'lamp', submit: true });
  assert.equal(searched.observation.urlChanged, true, JSON.stringify(searched));
  await page.waitForURL(/q=lamp/);
  await page.locator('#results li').first().waitFor();
  assert.match(await page.locator('h3').first().textContent(), /lamp/i);
  await page.goto(`${www.main}/app/catalog/`);
  await page.locator('#results li').first().waitFor();
  // The pagination is a nav landmark of its own (inside main): nearest wins.
  const next = await ok('dom.click', { tabId, selector: role('link', 'Next', { withinLandmark: 'nav' }) });
  assert.equal(next.observation.urlChanged, true);
  await page.waitForURL(/page=2/);
  await page.locator('#results li').first().waitFor();
  const before = Number(await page.locator('#cart-count').textContent());
  const first = await page.locator('#results li h3').first().textContent();
  const added = await ok('dom.click', { tabId, selector: role('button', `Add ${first} to cart`) });
  assert.equal(added.changed, true);
  assert.equal(Number(await page.locator('#cart-count').textContent()), before + 1);
  // Every card has one: a name that is not specific is ambiguous, with candidates.
  const amb = await call('dom.click', { tabId, selector: { kind: 'role', role: 'button', name: 'to cart' } });
  assert.deepEqual([amb.ok, amb.code, amb.retryable], [false, 'ambiguous', false]);
  assert.match(amb.error, /elements match .* Candidates: button "Add .* to cart"/);
  await page.close();
});

test('web components: a switch and a button inside shadow roots act once and report the change', async () => {
  const { page, tabId } = await open('/shadow/', 'acme-settings-card');
  const toggled = await ok('dom.click', { tabId, selector: role('switch', 'Email notifications') });
  assert.deepEqual([toggled.changed, toggled.attempts], [true, 1], JSON.stringify(toggled));
  const states = () => page.evaluate(() => [...document.querySelector('acme-settings-card').shadowRoot.querySelectorAll('acme-toggle')].map((t) => t.checked));
  assert.deepEqual(await states(), [true, false, false], 'clicked once');
  const saved = await ok('dom.click', { tabId, selector: role('button', 'Save preferences') });
  assert.deepEqual([saved.changed, saved.attempts], [true, 1], JSON.stringify(saved));
  assert.equal(await page.evaluate(() => document.querySelector('acme-settings-card').shadowRoot.querySelector('.saved').textContent), 'Saved: Email notifications');
  await page.close();
});

test('a same-origin frame: typing and clicking there act once and report what changed in the frame; a text wait finds its thanks', async () => {
  const { page, tabId } = await open('/frames/', 'iframe[name="feedback"]');
  const frame = page.frames().find((f) => f.url().includes('/frames/child.html'));
  await frame.locator('#feedback').waitFor();
  await frame.evaluate(() => { window.__clicks = 0; document.addEventListener('click', () => window.__clicks++, true); });
  const framePath = ['iframe[name="feedback"]'];
  // Empty feedback: the frame says so, and nothing outside it changes.
  const sent = await ok('dom.click', { tabId, selector: role('button', 'Send feedback', { framePath }) });
  assert.deepEqual([sent.changed, sent.attempts], [true, 1], JSON.stringify(sent));
  assert.ok(sent.changes.includes('text'), JSON.stringify(sent.changes));
  assert.equal(await frame.locator('#feedback-status').textContent(), 'Please write some feedback first.');
  assert.equal(await frame.evaluate(() => window.__clicks), 1, 'clicked once');
  const typed = await ok('dom.type', { tabId, selector: role('textbox', 'Your feedback', { framePath }), text: 'Great' });
  assert.deepEqual([typed.changed, typed.attempts], [true, 1], JSON.stringify(typed));
  assert.ok(typed.changes.includes('form state'), JSON.stringify(typed.changes));
  assert.equal(await frame.locator('#feedback').inputValue(), 'Great');
  // Sent: the thanks shows in the frame, and a text wait (no framePath) finds it there.
  await ok('dom.click', { tabId, selector: role('button', 'Send feedback', { framePath }) });
  const thanked = await ok('dom.waitFor', { tabId, event: 'text', value: 'Thanks for your feedback', timeoutMs: 2000 });
  assert.equal(thanked.matched, 1, JSON.stringify(thanked));
  assert.equal(await frame.locator('#feedback-status').textContent(), 'Thanks for your feedback!');
  await page.close();
});

test('actions fail with specific errors: not found, covered, disabled', async () => {
  const { page, tabId } = await open('/pricing/');
  const none = await call('dom.click', { tabId, selector: role('button', 'No such button') });
  assert.deepEqual([none.ok, none.code, none.retryable], [false, 'not_found', true]);
  await page.evaluate(() => {
    const b = document.createElement('button');
    b.textContent = 'Target';
    b.onclick = () => { b.textContent = 'hit'; };
    document.querySelector('main').prepend(b);
    const veil = document.createElement('div');
    veil.id = 'veil';
    veil.setAttribute('role', 'dialog');
    veil.setAttribute('aria-label', 'Newsletter popup');
    veil.style.cssText = 'position:fixed;inset:0;z-index:9999;background:rgba(0,0,0,.3)';
    document.body.append(veil);
  });
  const covered = await call('dom.click', { tabId, selector: role('button', 'Target') });
  assert.equal(covered.code, 'covered', JSON.stringify(covered));
  assert.match(covered.error, /button "Target" is covered by dialog "Newsletter popup"/);
  assert.equal(await page.locator('text=Target').count(), 1, 'the covered button was not clicked');
  await page.evaluate(() => {
    document.getElementById('veil').remove();
    const b = document.createElement('button');
    b.textContent = 'Locked';
    b.disabled = true;
    document.querySelector('main').prepend(b);
  });
  const disabled = await call('dom.click', { tabId, selector: role('button', 'Locked') });
  assert.deepEqual([disabled.code, disabled.retryable], ['disabled', true]);
  await page.close();
});

test('a link or a script that opens a new tab is clicked once, and the outcome names the tab', async () => {
  const { page, tabId } = await open('/pricing/');
  const target = `${www.main}/article/?doc=7`;
  await page.evaluate((href) => {
    const a = Object.assign(document.createElement('a'), { href, target: '_blank', textContent: 'Read the guide' });
    document.querySelector('main').prepend(a);
  }, target);
  const pagesBefore = browser.ctx.pages().length;
  const opened = browser.ctx.waitForEvent('page');
  const out = await ok('dom.click', { tabId, selector: role('link', 'Read the guide') });
  const tab = await opened;
  assert.equal(out.attempts, 1, JSON.stringify(out));
  assert.equal(out.changed, true);
  assert.ok(out.changes.includes('new tab'), JSON.stringify(out));
  assert.equal(out.openedTabs.length, 1, JSON.stringify(out));
  assert.equal(out.openedTabs[0].url, target);
  await tab.waitForLoadState();
  assert.equal(out.openedTabs[0].tabId, await h.tabIdOf(browser.ctx, target));
  assert.match(out.detail, /another tab/);
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(browser.ctx.pages().length, pagesBefore + 1, 'one tab, not one per attempt');
  await tab.close();

  // A popup the page's own script opens: the page cannot see it, the worker
  // tells it, and the click is not repeated.
  const popupUrl = `${www.main}/article/?doc=8`;
  await page.evaluate((href) => {
    const b = Object.assign(document.createElement('button'), { textContent: 'Sign in with Acme' });
    b.onclick = () => { window.open(href, 'signin', 'width=500,height=600'); };
    document.querySelector('main').prepend(b);
  }, popupUrl);
  const pagesNow = browser.ctx.pages().length;
  const popupOpened = browser.ctx.waitForEvent('page');
  const viaScript = await ok('dom.click', { tabId, selector: role('button', 'Sign in with Acme') });
  const popup = await popupOpened;
  assert.equal(viaScript.attempts, 1, JSON.stringify(viaScript));
  assert.deepEqual(viaScript.openedTabs.map((t) => t.url), [popupUrl], JSON.stringify(viaScript));
  assert.match(viaScript.detail, /another tab or window/);
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(browser.ctx.pages().length, pagesNow + 1, 'one popup, not one per attempt');
  await popup.close();
  await page.close();
});
