// Commands typed in the side panel, run without an LLM (issue 4 points 6
// and 7): through the real panel (harness openPanel/ask), on the www/ demo
// sites, each flow asserting the page state it leads to — the session, the
// URL, the results shown, the cart badge, the Preact state, the downloaded
// file — not just that no error showed. Input the grammar does not take as
// commands gets the help without an LLM, and goes to the LLM once one is
// configured (the scripted server).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import * as h from '../support/harness.mjs';

let www, browser, site, panel;

before(async () => {
  www = await h.startWww();
  browser = await h.launchBrowser();
  site = browser.ctx.pages()[0];
  await site.goto(`${www.main}/`);
  await site.bringToFront();
  panel = await h.openPanel(browser.ctx, browser.extensionId);
});
after(async () => {
  await browser?.close();
  await www?.stop();
});

/**
 * Sends `input` in the panel and waits for its exchange to end; returns the
 * steps shown (`{status, description, result}`), the run's closing line and
 * the exchange's text.
 */
async function send(input, { timeout = 45_000, front = true } = {}) {
  // The commands act on the active tab of the last-focused normal window.
  if (front) await site.bringToFront();
  const exchanges = panel.locator('.exchange');
  const n = await exchanges.count();
  await h.ask(panel, input);
  const exchange = exchanges.nth(n);
  await exchange
    .locator('.bubble.run[aria-busy="false"], .bubble.local, .bubble.answer[aria-busy="false"], .bubble.error')
    .first()
    .waitFor({ timeout });
  const steps = [];
  for (const step of await exchange.locator('.step').all()) {
    steps.push({
      status: await step.getAttribute('data-status'),
      description: (await step.locator('.step-label').innerText()).trim(),
      result: (await step.locator('.step-result').allInnerTexts()).join('\n'),
    });
  }
  const summary = (await exchange.locator('.run-summary').allInnerTexts()).join('\n');
  return { exchange, steps, summary, text: await exchange.innerText() };
}

/** `send`, failing with what the panel showed unless every step is done. */
async function run(input, options) {
  const shown = await send(input, options);
  const failed = shown.steps.filter((s) => s.status !== 'done');
  if (shown.steps.length === 0 || failed.length > 0) {
    throw new Error(`“${input}” did not run through; the panel shows:\n${shown.text}`);
  }
  return shown;
}

const path = () => new URL(site.url()).pathname;
const params = () => new URL(site.url()).searchParams;
const storage = (key) => site.evaluate((k) => JSON.parse(localStorage.getItem(k)), key);

test('sign in with commands alone', async () => {
  const opened = await run(`open ${www.main}/app/signin/`);
  assert.equal(path(), '/app/signin/');
  assert.match(opened.steps[0].result, /^Now on “Sign in – Acme Cloud” \(.*\/app\/signin\/\)$/);

  const email = await run('type demo@acme.test into email');
  assert.equal(email.steps[0].result, 'Typed into “Email”');
  const password = await run('type demo1234 into password');
  assert.equal(password.steps[0].description, 'Type “••••••” into “password”');
  assert.ok(!(await panel.locator('[role=log]').innerText()).includes('demo1234'), 'the password is not shown');
  assert.equal(await storage('acme.session'), null, 'not signed in yet');

  const click = await run('click sign in');
  assert.equal(click.steps[0].result, 'Clicked “Sign in” → now on “Dashboard – Acme Cloud” (/app/dashboard/)');
  assert.equal(path(), '/app/dashboard/');
  assert.equal((await storage('acme.session'))?.email, 'demo@acme.test', 'the demo session exists');
  assert.equal(await site.locator('#user-email').innerText(), 'demo@acme.test');
});

test('catalog: next page, search, add to cart', async () => {
  await run(`open ${www.main}/app/catalog/`);
  assert.equal(await site.locator('#results-summary').innerText(), 'Showing 1–12 of 60 products.');

  const next = await run('go to the next page');
  assert.equal(next.steps[0].description, 'Click “Next”');
  assert.equal(params().get('page'), '2');
  assert.equal(await site.locator('#results-summary').innerText(), 'Showing 13–24 of 60 products.');
  assert.match(next.steps[0].result, /→ now on “Page 2 – Catalog – Acme Cloud Store” \(\/app\/catalog\/\?q=&page=2\)/);

  const search = await run('search for lamp');
  assert.equal(params().get('q'), 'lamp');
  const names = await site.locator('#results h3').allInnerTexts();
  assert.deepEqual(names, ['Aurora Desk Lamp', 'Lumen Headlamp', 'Aurora Floor Lamp'], 'the results are the lamps');
  assert.match(search.steps[0].result, /→ now on ““lamp” – Catalog – Acme Cloud Store”/);

  assert.equal(await site.locator('#cart-count').innerText(), '0');
  // Not the first card: the item's own button, not the "Add to cart" template.
  const add = await run('add Aurora Floor Lamp to cart');
  assert.equal(add.steps[0].result, 'Clicked “Add Aurora Floor Lamp to cart”');
  assert.equal(await site.locator('#cart-count').innerText(), '1');
  assert.deepEqual(await storage('acme.cart'), [{ id: 'p57', qty: 1 }]);

  await run('add the Aurora Desk Lamp to my cart');
  assert.equal(await site.locator('#cart-count').innerText(), '2');
  assert.deepEqual(await storage('acme.cart'), [{ id: 'p57', qty: 1 }, { id: 'p01', qty: 1 }]);
});

test('extract lists the items of a collection', async () => {
  // Still on the lamp results.
  const shown = await run('extract products');
  assert.match(shown.steps[0].result, /^Extracted 3 items$/);
  const text = await shown.exchange.locator('.step-text').innerText();
  for (const name of ['Aurora Desk Lamp', 'Lumen Headlamp', 'Aurora Floor Lamp']) assert.ok(text.includes(name), `${name} in ${text}`);
});

test('the Preact form, filled in one sequence of commands', async () => {
  await run(`open ${www.main}/preact-form/`);
  const shown = await run(
    'type "Ada Lovelace" into display name then type ada@example.com into email then select Pro in plan ' +
      'then check I agree to the terms then click submit',
  );
  assert.deepEqual(shown.steps.map((s) => s.status), ['done', 'done', 'done', 'done', 'done']);
  assert.equal(shown.summary, 'All 5 steps done.');
  assert.equal(shown.steps[2].result, 'Selected “Pro” in “Plan”');
  assert.equal(shown.steps[3].result, 'Checked “I agree to the terms”');
  // Preact's own state, not just the DOM values.
  assert.deepEqual(JSON.parse(await site.locator('#pf-state').innerText()), {
    name: 'Ada Lovelace', email: 'ada@example.com', plan: 'pro', bio: '', agree: true,
  });
  assert.equal(await site.locator('#pf-saved').innerText(), 'Saved: name=Ada Lovelace, email=ada@example.com, plan=pro');
});

test('billing: download invoices', async () => {
  await run(`open ${www.main}/app/billing/`);
  assert.equal(path(), '/app/billing/', 'still signed in');

  // The page dates its rows from today (newest first: this month, last
  // month, …), so the first row is never last month's: the copilot must read
  // the dates.
  const ym = (k) => {
    const now = new Date();
    const d = new Date(now.getFullYear(), now.getMonth() - k, 1);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
  };
  const monthName = (k) => {
    const now = new Date();
    return new Date(now.getFullYear(), now.getMonth() - k, 1).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
  };
  let download = site.waitForEvent('download');
  const last = await run("download last month's invoice");
  assert.equal((await download).suggestedFilename(), `invoice-${ym(1)}.pdf`);
  assert.equal(await site.locator('#billing-status').innerText(), `Downloaded invoice-${ym(1)}.pdf.`);
  assert.equal(last.steps[0].result, `Clicked “Download invoice INV-${ym(1).replace('-', '-0')}” — the invoice of ${monthName(1)}`);

  // A month by name.
  download = site.waitForEvent('download');
  await run(`download the invoice from ${monthName(3)}`);
  assert.equal((await download).suggestedFilename(), `invoice-${ym(3)}.pdf`);

  // Named exactly, any row.
  download = site.waitForEvent('download');
  const number = `INV-${ym(2).replace('-', '-0')}`;
  const named = await run(`download invoice ${number}`);
  assert.equal((await download).suggestedFilename(), `invoice-${ym(2)}.pdf`);
  assert.equal(named.steps[0].result, `Clicked “Download invoice ${number}”`);

  // A month the list does not have: a specific error, nothing downloaded.
  const missing = await send('download the invoice from January 2020');
  assert.equal(missing.steps[0].status, 'failed');
  assert.match(missing.steps[0].result, /^No “invoice” of .* here\. The list has items of /);
});

test('a failing step stops the run and says why', async () => {
  const shown = await send('scroll down then click the Launch rocket button then reload');
  assert.deepEqual(shown.steps.map((s) => s.status), ['done', 'failed', 'not run']);
  assert.equal(shown.steps[1].result, 'Nothing on this page matches “Launch rocket”.');
  assert.equal(shown.summary, 'Step 2 of 3 failed, so the rest did not run.');
  assert.equal(await shown.exchange.locator('.step.failed [role=alert]').count(), 1);
  assert.equal(await panel.getByLabel('Ask about this page').isEnabled(), true);
});

test('zoom and screenshot use the browser', async () => {
  const tabId = await h.tabIdOf(browser.ctx, site.url());
  const zoom = () => browser.sw.evaluate((id) => chrome.tabs.getZoom(id), tabId);
  const zin = await run('zoom in');
  assert.equal(zin.steps[0].result, 'Zoom is now 110 %');
  assert.equal(await zoom(), 1.1);
  await run('reset zoom');
  assert.equal(await zoom(), 1);

  const shot = await run('take a screenshot');
  assert.match(shot.steps[0].result, /^Took a screenshot of “Billing – Acme Cloud”/);
  const img = shot.exchange.locator('.step-image img');
  assert.match(await img.getAttribute('src'), /^data:image\/png;base64,/);
  assert.ok(await img.evaluate((i) => i.complete && i.naturalWidth > 100), 'the image decodes');
  assert.match(await shot.exchange.locator('.step-image a').getAttribute('download'), /^screenshot-127-0-0-1-\d+\.png$/);
});

test('reading the page: what can I do here, summarize', async () => {
  const offers = await run('what can I do here');
  assert.match(offers.steps[0].result, /^Found \d+ actions, \d+ forms and \d+ lists$/);
  const list = await offers.exchange.locator('.step-text').innerText();
  assert.match(list, /^On “Billing – Acme Cloud” \(signed in\) you can:/);
  assert.match(list, /button “Update payment method”/);

  const summary = await run('summarize this page');
  assert.equal(summary.steps[0].result, 'Summarized “Billing – Acme Cloud”');
  const text = await summary.exchange.locator('.step-text').innerText();
  assert.match(text, /Sections:[\s\S]*Invoices/);
});

test('tabs: open in a new tab, switch by name, close', async () => {
  const sw = browser.sw;
  const active = () => sw.evaluate(async () => (await chrome.tabs.query({ active: true, windowType: 'normal' }))[0]?.url);
  const opened = await run(`open ${www.main}/pricing/ in a new tab`);
  assert.match(opened.steps[0].result, /^Opened a new tab on “.*” \(127\.0\.0\.1:\d+\/pricing\/\)$/);
  assert.match(await active(), /\/pricing\/$/);

  const back = await run('switch to tab billing', { front: false });
  assert.match(back.steps[0].result, /^Switched to “Billing – Acme Cloud”/);
  assert.match(await active(), /\/app\/billing\/$/);

  const count = async () => (await sw.evaluate(() => chrome.tabs.query({ windowType: 'normal' }))).length;
  const before = await count();
  const closed = await run('switch to tab pricing then close tab', { front: false });
  assert.match(closed.steps[1].result, /^Closed the tab on 127\.0\.0\.1:\d+\/pricing\/$/);
  assert.equal(await count(), before - 1);
  assert.match(await active(), /\/app\/billing\/$/);
});

test('fields and buttons inside a cross-origin frame', async () => {
  await run(`open ${www.main}/frames/`);
  // The newsletter frame comes from the second origin: its content script
  // answers for it (grounding merges its pcd.query hits and forms).
  const frame = site.frames().find((f) => f.url().startsWith(`${www.second}/frames/cross.html`));
  assert.ok(frame, 'the cross-origin frame loaded');
  await frame.locator('#newsletter-email').waitFor();
  const shown = await run('type ada@example.test into email address then click Subscribe');
  assert.deepEqual(shown.steps.map((s) => s.status), ['done', 'done']);
  assert.equal(shown.steps[0].result, 'Typed into “Email address”');
  assert.match(shown.steps[1].result, /^Clicked “Subscribe”/);
  assert.equal(await frame.locator('#newsletter-email').inputValue(), 'ada@example.test');
  // The digest box is checked by default, and the frame says so.
  await h.waitForText(frame.locator('#newsletter-status'), 'Subscribed ada@example.test (weekly digest).');
  // The page around it heard of it, as from a person's click; it did not navigate.
  await h.waitForText(site.locator('#frame-messages'), 'cross-origin frame: subscribed ada@example.test');
  assert.equal(path(), '/frames/');
});

test('Stop cancels a running command and frees the tab', async () => {
  // A server that never answers: the navigation would wait for its 15 s load timeout.
  const hang = http.createServer(() => {});
  await new Promise((resolve) => hang.listen(0, '127.0.0.1', resolve));
  try {
    await site.bringToFront();
    const exchanges = panel.locator('.exchange');
    const n = await exchanges.count();
    await h.ask(panel, `open http://127.0.0.1:${hang.address().port}/slow then scroll down`);
    const exchange = exchanges.nth(n);
    await exchange.locator('.step[data-status="running"]').waitFor({ timeout: 10_000 });
    await panel.getByRole('button', { name: 'Stop' }).click();
    const statuses = await exchange.locator('.step').evaluateAll((els) => els.map((e) => e.dataset.status));
    assert.deepEqual(statuses, ['stopped', 'not run']);
    assert.equal(await exchange.locator('.note').innerText(), 'Stopped.');

    // The cancelled navigation no longer holds the tab's lane: the next
    // command runs at once, not after the 15 s load timeout.
    const started = Date.now();
    await run(`open ${www.main}/app/billing/`);
    assert.ok(Date.now() - started < 10_000, `took ${Date.now() - started} ms`);
    assert.equal(path(), '/app/billing/');
  } finally {
    hang.closeAllConnections();
    hang.close();
  }
});

test('help, and input it does not understand without an LLM', async () => {
  const help = await run('help');
  assert.match(await help.exchange.locator('.step-text').innerText(), /click Sign in — click a button or link by its label/);

  const unknown = await send('I need a cheaper plan');
  assert.equal(unknown.steps.length, 0);
  const reply = unknown.exchange.locator('.bubble.local');
  assert.match(await reply.innerText(), /did not understand that as a command[\s\S]*Here is what I understand without an LLM/);
  assert.equal(await reply.getByRole('button', { name: 'Open options' }).count(), 1);

  const question = await send('What does the Pro plan cost?');
  assert.match(await question.exchange.locator('.bubble.local').innerText(), /Answering questions about the page needs an LLM/);
});

test('with an LLM configured, what is not a command goes to it', async () => {
  const scenario = JSON.parse(await readFile(new URL('../scenarios/pricing.json', import.meta.url)));
  const llm = await h.startLlm(scenario);
  try {
    const options = await h.openOptions(browser.ctx, browser.extensionId);
    await h.configure(options, { endpoint: llm.url, apiKey: scenario.apiKey, model: 'scripted-model', timeoutSecs: 5 });
    await options.close();
    await llm.clearRequests();

    const answered = await send('I need a cheaper plan');
    assert.equal(answered.steps.length, 0);
    await h.waitForText(answered.exchange.locator('.answer-text'), 'I could not find that on this page.');
    const chats = (await llm.requests()).filter((r) => r.path.endsWith('/chat/completions'));
    assert.equal(chats.length, 1);
    // The agent's opening message: the task, then the page it starts on.
    assert.match(chats[0].body.messages.at(-1).content, /^Task: I need a cheaper plan\n/);

    // Commands still run without it.
    await run('scroll down');
    assert.equal((await llm.requests()).filter((r) => r.path.endsWith('/chat/completions')).length, 1);
  } finally {
    await llm.stop();
  }
});
