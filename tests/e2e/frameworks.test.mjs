// dom.type / dom.select / dom.check / dom.click on inputs controlled by React
// 18 and Vue 3 (www/frameworks/, issue 4 point 2), through the tool surface
// (and a React sign-in box without a <form>, www/frameworks/signin/, as the
// page summary and the MiniPCD perceive it)
// and as one command sequence in the side panel. Each case asserts the
// framework's OWN state (#react-state / #vue-state, rendered from it), not
// the DOM values: React puts back a value written without its value tracker
// noticing, and v-model only updates on the input/change events.
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

const READY = 'body:has(#react-state):has(#vue-state)';
const call = (tool, args) => browser.sw.evaluate(([t, a]) => self.copilot.call(t, a), [tool, args]);
const role = (r, name) => ({ kind: 'role', role: r, name, nameMode: 'exact' });

async function open() {
  const page = await browser.ctx.newPage();
  await page.goto(www.main + '/frameworks/');
  await page.locator(READY).waitFor();
  const tabId = await h.tabIdOf(browser.ctx, page.url());
  return { page, tabId };
}

async function ok(tool, args) {
  const r = await call(tool, args);
  assert.equal(r.ok, true, `${tool} ${JSON.stringify(args)}: ${JSON.stringify(r)}`);
  return r.data;
}

const state = async (page, id) => JSON.parse(await page.locator(`#${id}`).textContent());

test('React sign-in without a <form>: summary and MiniPCD list its form, and typing then clicking signs in through React state', async () => {
  const page = await browser.ctx.newPage();
  await page.goto(www.main + '/frameworks/signin/');
  await page.locator('#signin-app .signin-box').waitFor();
  const tabId = await h.tabIdOf(browser.ctx, page.url());
  const summary = await ok('pcd.summary', { tabId, mode: 'compact' });
  assert.equal(summary.type, 'login', JSON.stringify(summary));
  assert.deepEqual(summary.forms, [{ fields: ['Email', 'Password'] }], JSON.stringify(summary));
  const mini = await ok('getMiniPCD', { tabId });
  const form = mini.forms.find((f) => f.purpose === 'login');
  assert.ok(form, JSON.stringify(mini.forms));
  assert.equal(form.submitLabel, 'Sign in');
  assert.deepEqual(form.fieldSummaries.map((f) => f.label), ['Email', 'Password'], JSON.stringify(form));

  await ok('dom.type', { tabId, selector: role('textbox', 'Email'), text: 'ada@acme.test' });
  await ok('dom.type', { tabId, selector: role('textbox', 'Password'), text: 'lovelace' });
  const clicked = await ok('dom.click', { tabId, selector: role('button', 'Sign in') });
  assert.equal(clicked.changed, true, JSON.stringify(clicked));
  assert.equal(await page.locator('#signin-status').textContent(), 'Signed in as ada@acme.test');
  // What leaves the page never holds the password typed.
  const after = JSON.stringify([await ok('pcd.summary', { tabId, mode: 'full' }), await ok('getMiniPCD', { tabId })]);
  assert.ok(!after.includes('lovelace'), after);
  await page.close();
});

test('React: typed (replace and append), selected, checked and saved values are React’s state', async () => {
  const { page, tabId } = await open();
  assert.deepEqual(await state(page, 'react-state'), { displayName: 'Grace', language: 'en', digest: false, about: 'Hello' });
  const typed = await ok('dom.type', { tabId, selector: role('textbox', 'Display name'), text: 'Ada Lovelace' });
  assert.equal(typed.changed, true);
  await ok('dom.type', { tabId, selector: role('textbox', 'About me'), text: ', world', replace: false });
  const lang = await ok('dom.select', { tabId, selector: role('combobox', 'Language'), value: 'Deutsch' });
  assert.equal(lang.detail, 'Deutsch');
  await ok('dom.check', { tabId, selector: role('checkbox', 'Email me a weekly digest'), checked: true });
  assert.deepEqual(await state(page, 'react-state'), { displayName: 'Ada Lovelace', language: 'de', digest: true, about: 'Hello, world' });
  // The DOM agrees after React re-rendered (a reverted value would show here too).
  assert.equal(await page.locator('#r-name').inputValue(), 'Ada Lovelace');
  assert.equal(await page.locator('#r-about').inputValue(), 'Hello, world');
  await ok('dom.click', { tabId, selector: role('button', 'Save profile') });
  assert.equal(await page.locator('#react-status').textContent(), 'Saved: Ada Lovelace, Deutsch, digest on');
  // Unchecking and selecting by value, too.
  await ok('dom.check', { tabId, selector: role('checkbox', 'Email me a weekly digest'), checked: false });
  await ok('dom.select', { tabId, selector: role('combobox', 'Language'), value: 'fr' });
  await ok('dom.type', { tabId, selector: role('textbox', 'Display name'), text: '' });
  assert.deepEqual(await state(page, 'react-state'), { displayName: '', language: 'fr', digest: false, about: 'Hello, world' });
  // The Vue form did not move.
  assert.deepEqual(await state(page, 'vue-state'), { workspace: 'Acme', region: 'eu', twoFactor: false, welcome: 'Hi' });
  await page.close();
});

test('Vue: typed (replace and append), selected, checked and saved values are Vue’s state', async () => {
  const { page, tabId } = await open();
  assert.deepEqual(await state(page, 'vue-state'), { workspace: 'Acme', region: 'eu', twoFactor: false, welcome: 'Hi' });
  await ok('dom.type', { tabId, selector: role('textbox', 'Workspace name'), text: 'Analytical Engines' });
  await ok('dom.type', { tabId, selector: role('textbox', 'Welcome message'), text: ' there', replace: false });
  const region = await ok('dom.select', { tabId, selector: role('combobox', 'Data region'), value: 'Asia Pacific' });
  assert.equal(region.detail, 'Asia Pacific');
  await ok('dom.check', { tabId, selector: role('checkbox', 'Require two-factor sign-in'), checked: true });
  assert.deepEqual(await state(page, 'vue-state'), { workspace: 'Analytical Engines', region: 'ap', twoFactor: true, welcome: 'Hi there' });
  await ok('dom.click', { tabId, selector: role('button', 'Save workspace') });
  assert.equal(await page.locator('#vue-status').textContent(), 'Saved: Analytical Engines, Asia Pacific, two-factor on');
  await ok('dom.check', { tabId, selector: role('checkbox', 'Require two-factor sign-in'), checked: false });
  await ok('dom.select', { tabId, selector: role('combobox', 'Data region'), value: 'us' });
  assert.deepEqual(await state(page, 'vue-state'), { workspace: 'Analytical Engines', region: 'us', twoFactor: false, welcome: 'Hi there' });
  assert.deepEqual(await state(page, 'react-state'), { displayName: 'Grace', language: 'en', digest: false, about: 'Hello' });
  await page.close();
});

test('when the page rejects the editing command’s text, the native setter and an input event still reach React and Vue', async () => {
  const { page, tabId } = await open();
  // A page filter (capturing, before either framework) swallows the input
  // event of execCommand('insertText') and overwrites the value, so the
  // text typed is not there: dom.type falls back to the native value setter
  // (invisible to React's value tracker from the content script's world)
  // plus a plain input event, which the filter counts and lets through.
  await page.evaluate(() => {
    window.fallbacks = [];
    document.addEventListener('input', (e) => {
      if (e.inputType === 'insertText') {
        e.stopImmediatePropagation();
        e.target.value = 'rejected';
      } else {
        window.fallbacks.push(e.target.id);
      }
    }, true);
  });
  await ok('dom.type', { tabId, selector: role('textbox', 'Display name'), text: 'Ada' });
  await ok('dom.type', { tabId, selector: role('textbox', 'About me'), text: '!', replace: false });
  await ok('dom.type', { tabId, selector: role('textbox', 'Workspace name'), text: 'Engines' });
  await ok('dom.type', { tabId, selector: role('textbox', 'Welcome message'), text: '!', replace: false });
  assert.deepEqual(await page.evaluate(() => window.fallbacks), ['r-name', 'r-about', 'v-name', 'v-welcome']);
  assert.deepEqual(await state(page, 'react-state'), { displayName: 'Ada', language: 'en', digest: false, about: 'Hello!' });
  assert.deepEqual(await state(page, 'vue-state'), { workspace: 'Engines', region: 'eu', twoFactor: false, welcome: 'Hi!' });
  assert.equal(await page.locator('#r-name').inputValue(), 'Ada');
  await page.close();
});

test('both forms, each filled in one sequence of commands in the side panel', async () => {
  const site = browser.ctx.pages()[0];
  await site.goto(`${www.main}/`);
  await site.bringToFront();
  const panel = await h.openPanel(browser.ctx, browser.extensionId);
  const run = async (input) => {
    await site.bringToFront();
    const exchanges = panel.locator('.exchange');
    const n = await exchanges.count();
    await h.ask(panel, input);
    const exchange = exchanges.nth(n);
    await exchange
      .locator('.bubble.run[aria-busy="false"], .bubble.local, .bubble.answer[aria-busy="false"], .bubble.error')
      .first()
      .waitFor({ timeout: 45_000 });
    const statuses = [];
    for (const step of await exchange.locator('.step').all()) statuses.push(await step.getAttribute('data-status'));
    const text = await exchange.innerText();
    if (statuses.length === 0 || statuses.some((s) => s !== 'done')) {
      throw new Error(`“${input}” did not run through; the panel shows:\n${text}`);
    }
    return { statuses, text };
  };

  await run(`open ${www.main}/frameworks/`);
  await site.locator(READY).waitFor();
  const react = await run(
    'type Ada into display name then select Français in language then check email me a weekly digest then click save profile',
  );
  assert.deepEqual(react.statuses, ['done', 'done', 'done', 'done']);
  assert.deepEqual(JSON.parse(await site.locator('#react-state').innerText()), {
    displayName: 'Ada', language: 'fr', digest: true, about: 'Hello',
  });
  assert.equal(await site.locator('#react-status').innerText(), 'Saved: Ada, Français, digest on');

  const vue = await run(
    'type "Lovelace Labs" into workspace name then select United States in data region then check require two-factor sign-in then click save workspace',
  );
  assert.deepEqual(vue.statuses, ['done', 'done', 'done', 'done']);
  assert.deepEqual(JSON.parse(await site.locator('#vue-state').innerText()), {
    workspace: 'Lovelace Labs', region: 'us', twoFactor: true, welcome: 'Hi',
  });
  assert.equal(await site.locator('#vue-status').innerText(), 'Saved: Lovelace Labs, United States, two-factor on');
  // Each sequence left the other form alone.
  assert.equal(JSON.parse(await site.locator('#react-state').innerText()).displayName, 'Ada');
});
