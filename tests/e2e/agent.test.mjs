// The agent end to end (issue 40 point 10): tasks typed in the real side
// panel, run by the extension's service worker against the www/ demo app,
// the model being the scripted server over real HTTP answering with tool
// calls. Each test asserts the page state a task leads to (the download,
// the session, the cart, the order), what the panel showed (steps, cards,
// the answer), and what left the browser: every recorded request is
// checked for raw HTML, secrets and the API key.
//
// The scripted model refers to elements by the ids the extension put in
// its page listing (`{{match:…}}` templates over the request), as a real
// model does. The tasks `cargo xtask bench agent` measures are defined in
// tests/support/agent_tasks.mjs and played here from there.
import { after, afterEach, before, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from '../support/harness.mjs';
import { TASKS, id, prepare, say, signIn as signInAt } from '../support/agent_tasks.mjs';

const KEY = 'sk-test-agent-0123456789';
const MODEL = 'scripted-model';
let www, llm, browser, site, panel;

before(async () => {
  www = await h.startWww();
  llm = await h.startLlm({ apiKey: KEY, rules: [] });
  browser = await h.launchBrowser();
  const options = await h.openOptions(browser.ctx, browser.extensionId);
  await h.configure(options, { endpoint: llm.url, apiKey: KEY, model: MODEL, timeoutSecs: 10 });
  await options.close();
  site = browser.ctx.pages()[0];
  await site.goto(`${www.main}/`);
});
// A fresh panel per test: each task starts a conversation of its own (the
// scripted model counts turns from the conversation's first message).
beforeEach(async () => {
  await panel?.close();
  panel = await h.openPanel(browser.ctx, browser.extensionId);
});
after(async () => {
  await browser?.close();
  await llm?.stop();
  await www?.stop();
});

/** Secrets typed in this file's tests: none may ever leave the browser. */
const SECRETS = ['demo1234', '4242 4242 4242 4242', '4242424242424242', '12/30', '737'];
/** Whether `text` holds the secret `s` as a word: a tab id's or a
 * timestamp's digits may hold a short code such as a CVC by chance. */
const holds = (text, s) => new RegExp(`(^|[^0-9.])${s.replace(/[/]/g, '\\/')}($|[^0-9.])`).test(text);

// Every request to the model: the key only in its header, no raw HTML, no secret.
afterEach(async () => {
  for (const req of await chats()) {
    assert.equal(req.headers.authorization, `Bearer ${KEY}`);
    // The demo sign-in page prints its password as a hint ("Demo account:
    // demo@acme.test / demo1234"): that is page text, not what was typed.
    const body = JSON.stringify(req.body).replaceAll('[email] / demo1234', '');
    assert.ok(!body.includes(KEY), 'the key is not in a request body');
    assert.doesNotMatch(body, /<\/?(div|span|main|section|script|button|form|input|a|p|h[1-6]|li|ul|table|tr|td)\b[^>]*>/i, 'no raw HTML left the page');
    for (const s of SECRETS) assert.ok(!holds(body, s), `the secret ${s} is not in a request`);
  }
  await llm.clearRequests();
});

const chats = async () => (await llm.requests()).filter((r) => r.path.endsWith('/chat/completions'));
const path = (page = site) => new URL(page.url()).pathname;
const storage = (key, page = site) => page.evaluate((k) => JSON.parse(localStorage.getItem(k)), key);
const signIn = (page = site) => signInAt(page, www.main);

/** Lets the agent write on the demo site without asking (the options' "always" list). */
async function allowSite(allowed = true) {
  const sw = await h.serviceWorker(browser.ctx);
  await sw.evaluate((always) => chrome.storage.local.set({ allowedSites: { always } }), allowed ? [new URL(www.main).origin] : []);
}

/** Sends `goal` from the panel with `page` in front; returns the task's exchange. */
async function start(goal, page = site, p = panel) {
  await page.bringToFront();
  const exchanges = p.locator('.exchange');
  const n = await exchanges.count();
  await h.ask(p, goal);
  const exchange = exchanges.nth(n);
  await exchange.locator('section.task').waitFor({ timeout: 10_000 });
  return exchange;
}

/** Waits for a card in the panel; on failure says what the panel shows. */
async function card(role, name, timeout = 20_000) {
  const found = panel.getByRole(role, { name });
  try {
    await found.waitFor({ timeout });
  } catch (e) {
    throw new Error(`no ${role} “${name}”; the panel shows:\n${await panel.locator('[role=log]').innerText()}`);
  }
  return found;
}

/** Waits for the task to end; returns what the panel shows of it. */
async function ended(exchange, timeout = 30_000) {
  const view = exchange.locator('section.task');
  try {
    await view.locator('xpath=self::*[@aria-busy="false"]').waitFor({ timeout });
  } catch (e) {
    throw new Error(`the task did not end; the panel shows:\n${await exchange.innerText()}`);
  }
  const steps = [];
  for (const step of await view.locator('.steps .step').all()) {
    steps.push({ status: await step.getAttribute('data-status'), description: (await step.locator('.step-label').innerText()).trim() });
  }
  return {
    status: await view.getAttribute('data-status'),
    steps,
    answer: (await view.locator('.answer-text').allInnerTexts()).join('\n'),
    text: await exchange.innerText(),
  };
}

test('download last month’s invoice: extract the list, click its row, site asked once', async () => {
  await allowSite(false);
  await llm.setScenario({ apiKey: KEY, rules: TASKS.invoice.rules });
  await prepare(site, www.main, TASKS.invoice);
  const download = site.waitForEvent('download');
  const exchange = await start(TASKS.invoice.goal);
  // The first write on the site asks; nothing is clicked before the answer.
  const site_ = await card('alertdialog', 'Allow actions on this site?');
  assert.match(await site_.innerText(), new RegExp(new URL(www.main).origin.replace(/[.]/g, '\\.')));
  await site_.getByRole('button', { name: 'Allow once' }).click();
  const shown = await ended(exchange);
  const d = new Date();
  const last = new Date(d.getFullYear(), d.getMonth() - 1, 1);
  assert.equal((await download).suggestedFilename(), `invoice-${last.getFullYear()}-${String(last.getMonth() + 1).padStart(2, '0')}.pdf`);
  assert.equal(shown.status, 'succeeded', shown.text);
  assert.equal(shown.steps.length, 2, shown.text);
  assert.match(shown.answer, /^Downloaded invoice INV-\d{4}-\d{3}\.$/);
  assert.match(shown.steps[1].description, /^Click “Download invoice INV-/);
  assert.match(await exchange.locator('.task-usage').innerText(), /3 model calls/);
  const reqs = await chats();
  assert.equal(reqs.length, 3);
  assert.equal(reqs[0].body.tool_choice, 'required');
  assert.equal(reqs[0].body.parallel_tool_calls, false);
  assert.ok(reqs[0].body.tools.some((t) => t.function.name === 'dom_click'));
  assert.match(JSON.stringify(reqs[0].body.messages), /invoices, ~12 items/, 'the page listing went in');
});

test('a question is answered from the page, without acting', async () => {
  await llm.setScenario({ apiKey: KEY, rules: TASKS.question.rules });
  await prepare(site, www.main, TASKS.question);
  const exchange = await start(TASKS.question.goal);
  const shown = await ended(exchange);
  assert.equal(shown.status, 'succeeded', shown.text);
  assert.equal(shown.answer.trim(), 'The Pro plan costs $29 per month.');
  assert.equal(shown.steps.length, 0, 'nothing was done to the page');
  assert.equal((await chats()).length, 1);
});

test('a command that finds nothing on the page is handed to the agent', async () => {
  // "I want the cheapest plan selected" reads as a command (select
  // "the cheapest plan") that the pricing page has no control for: with
  // an LLM configured, the agent takes the sentence instead of a dead end.
  await llm.setScenario({ apiKey: KEY, rules: [{ when: { lastUserContains: 'cheapest plan' }, reply: { content: 'The cheapest plan is Free, at $0 per month.' } }] });
  await prepare(site, www.main, TASKS.question);
  const exchange = await start('I want the cheapest plan selected');
  const shown = await ended(exchange);
  assert.equal(shown.status, 'succeeded', shown.text);
  assert.match(shown.text, /Nothing on this page matches “cheapest plan”\. The agent takes over\./);
  assert.equal(shown.answer.trim(), 'The cheapest plan is Free, at $0 per month.');
  const sent = await chats();
  assert.equal(sent.length, 1, 'one model call');
  assert.match(JSON.stringify(sent[0].body), /I want the cheapest plan selected/);
});

test('a clarifying question is answered in the panel', async () => {
  await allowSite();
  await llm.setScenario({
    apiKey: KEY,
    rules: [
      { when: { turn: 1, lastUserContains: 'one of my invoices' }, reply: say('Several months are listed.', ['ask_user', { question: 'Which month’s invoice do you want?' }]) },
      { when: { turn: 2, lastToolContains: 'The user answered: September' }, reply: say('', ['done', { answer: 'You chose September.' }]) },
    ],
  });
  await site.goto(`${www.main}/app/billing/`);
  const exchange = await start('Get me one of my invoices');
  const question = await card('form', 'Question from Browser Copilot');
  assert.match(await question.innerText(), /Which month’s invoice do you want\?/);
  await question.getByLabel('Your answer').fill('September');
  await question.getByRole('button', { name: 'Reply' }).click();
  const shown = await ended(exchange);
  assert.equal(shown.answer.trim(), 'You chose September.');
});

test('sign in: the password is asked in the panel and never sent to the model', async () => {
  await allowSite();
  await prepare(site, www.main, TASKS.signIn);
  await llm.setScenario({ apiKey: KEY, rules: TASKS.signIn.rules });
  const exchange = await start(TASKS.signIn.goal);
  const [[label, value]] = TASKS.signIn.secrets;
  const secret = await card('form', 'Enter the password');
  await secret.getByLabel(label).fill(value);
  await secret.getByRole('button', { name: 'Fill in', exact: true }).click();
  const shown = await ended(exchange);
  assert.equal(shown.status, 'succeeded', shown.text);
  assert.equal(path(), '/app/dashboard/');
  assert.equal((await storage('acme.session'))?.email, 'demo@acme.test');
  assert.ok(!(await panel.locator('body').innerText()).includes('demo1234'), 'the panel does not show it');
});

test('search, paginate, add to cart, checkout: stopped at the confirmation, then confirmed', async () => {
  await allowSite();
  await prepare(site, www.main, TASKS.checkout);
  await llm.setScenario({ apiKey: KEY, rules: TASKS.checkout.rules });
  const exchange = await start(TASKS.checkout.goal);
  for (const [label, value] of TASKS.checkout.secrets) {
    const secret = await card('form', `Enter the ${label.toLowerCase()}`);
    await secret.getByLabel(label).fill(value);
    await secret.getByRole('button', { name: 'Fill in', exact: true }).click();
  }
  const confirm = await card('alertdialog', 'Confirm this action');
  assert.match(await confirm.innerText(), /Click “Place order” \(button\)/);
  assert.equal(await storage('acme.lastOrder'), null, 'nothing is ordered while the card waits');
  assert.deepEqual(await storage('acme.cart'), [{ id: 'p19', qty: 1 }], 'the cheapest lamp is in the cart');
  await confirm.getByRole('button', { name: 'Allow', exact: true }).click();
  const shown = await ended(exchange);
  assert.equal(shown.status, 'succeeded', shown.text);
  const order = await storage('acme.lastOrder');
  assert.ok(order?.orderNumber, 'the order was placed');
  assert.equal(shown.answer.trim(), `Ordered: ${order.orderNumber}`);
  const typed = shown.steps.filter((s) => s.description.startsWith('Type'));
  assert.ok(typed.some((s) => s.description === 'Type the card number into “Card number”'), JSON.stringify(typed));
});

test('a denied confirmation is told to the model and nothing happens', async () => {
  await allowSite();
  await signIn();
  await site.goto(`${www.main}/app/settings/`);
  await llm.setScenario({
    apiKey: KEY,
    rules: [
      { when: { turn: 1, lastUserContains: 'delete my account' }, reply: say('Deleting.', ['dom_click', { id: id('button', 'Delete account') }]) },
      { when: { turn: 2, lastToolContains: 'The user declined' }, reply: say('', ['done', { answer: 'The account was not deleted.', success: false }]) },
    ],
  });
  const exchange = await start('Please delete my account');
  const confirm = await card('alertdialog', 'Confirm this action');
  assert.match(await confirm.innerText(), /Click “Delete account” \(button\)/);
  await confirm.getByRole('button', { name: 'Don\'t allow' }).click();
  const shown = await ended(exchange);
  assert.equal(shown.status, 'failed', shown.text);
  assert.equal(shown.steps[0].status, 'declined');
  assert.equal(await site.locator('#delete-form').isVisible(), false, 'the delete dialog never opened');
});

test('a write on a site the user does not allow is refused', async () => {
  await allowSite(false);
  await signIn();
  await site.goto(`${www.main}/app/dashboard/`);
  await llm.setScenario({
    apiKey: KEY,
    rules: [
      { when: { turn: 1, lastUserContains: 'in my settings' }, reply: say('Opening settings.', ['dom_click', { id: id('link', 'Settings') }]) },
      { when: { turn: 2, lastToolContains: 'did not allow' }, reply: say('', ['done', { answer: 'I may not act on this site.', success: false }]) },
    ],
  });
  const exchange = await start('I need to change something in my settings');
  const siteCard = await card('alertdialog', 'Allow actions on this site?');
  await siteCard.getByRole('button', { name: 'Don\'t allow' }).click();
  const shown = await ended(exchange);
  assert.equal(shown.steps[0].status, 'declined', shown.text);
  assert.equal(path(), '/app/dashboard/', 'nothing was clicked');
});

test('a malformed tool call is answered with the problem and repaired', async () => {
  await allowSite();
  await signIn();
  await site.goto(`${www.main}/app/dashboard/`);
  await llm.setScenario({
    apiKey: KEY,
    rules: [
      { when: { turn: 1, lastUserContains: 'shop for hardware' }, reply: { toolCalls: [{ name: 'dom_click', arguments: '{"id": ' }] } },
      { when: { turn: 2, lastToolContains: 'Error: ' }, reply: say('Fixed.', ['dom_click', { id: id('link', 'Catalog') }]) },
      { when: { turn: 3, lastUserContains: 'shop for hardware' }, reply: say('', ['done', { answer: 'Here is the catalog.' }]) },
    ],
  });
  const shown = await ended(await start('I want to shop for hardware'));
  assert.equal(shown.status, 'succeeded', shown.text);
  assert.equal(path(), '/app/catalog/');
  const reqs = await chats();
  const toolMsg = reqs[1].body.messages.find((m) => m.role === 'tool');
  // Cut-off JSON is closed by the repair, which leaves no element named.
  assert.match(toolMsg.content, /^Error: `dom_click` needs the element: give `id`/);
});

test('a rate limit is waited out and the task goes on', async () => {
  await site.goto(`${www.main}/pricing/`);
  await llm.setScenario({
    apiKey: KEY,
    rules: [
      { when: { lastUserContains: 'Team plan' }, fail: 'rate_limited', retryAfter: 1, times: 1 },
      { when: { lastUserContains: 'Team plan' }, reply: { content: 'The Team plan costs $99 per month.' } },
    ],
  });
  const shown = await ended(await start('How much is the Team plan?'));
  assert.equal(shown.answer.trim(), 'The Team plan costs $99 per month.');
  assert.equal((await chats()).length, 2);
});

test('Stop ends a task within a second', async () => {
  await site.goto(`${www.main}/pricing/`);
  await llm.setScenario({ apiKey: KEY, rules: [{ when: { lastUserContains: 'slowly' }, reply: { content: 'Thinking about it for a very long time indeed.', chunkChars: 1, delayMs: 400 } }] });
  const exchange = await start('Answer slowly please');
  await h.waitForText(exchange.locator('.task-note'), 'Thin');
  const t0 = Date.now();
  await panel.getByRole('button', { name: 'Stop' }).click();
  // The scripted reply would stream for ~18 s: ending within a few seconds
  // is the stop's doing (the time is printed, not asserted to the ms).
  await exchange.locator('section.task[aria-busy="false"]').waitFor({ timeout: 3_000 });
  console.log(`agent: Stop ended the task after ${Date.now() - t0} ms`);
  assert.match(await exchange.innerText(), /Stopped/);
  // The panel takes the next task at once.
  assert.equal(await panel.getByLabel('Ask about this page').isEnabled(), true);
});

test('two tasks in two tabs at once, each on its own tab', async () => {
  await allowSite();
  await signIn();
  const other = await browser.ctx.newPage();
  await other.goto(`${www.main}/app/dashboard/`);
  await site.goto(`${www.main}/app/dashboard/`);
  const second = await h.openPanel(browser.ctx, browser.extensionId);
  await llm.setScenario({
    apiKey: KEY,
    rules: [
      // Slow first turns, so both tasks are under way together.
      { when: { turn: 1, lastUserContains: 'to Settings' }, reply: { ...say('Settings.', ['dom_click', { id: id('link', 'Settings') }]), delayMs: 150, chunkChars: 2 } },
      { when: { turn: 1, lastUserContains: 'to Billing' }, reply: { ...say('Billing.', ['dom_click', { id: id('link', 'Billing') }]), delayMs: 150, chunkChars: 2 } },
      { when: { turn: 2 }, reply: say('', ['done', { answer: 'Done.' }]) },
    ],
  });
  const a = await start('Take this tab to Settings', site, panel);
  const b = await start('Take this tab to Billing', other, second);
  const [shownA, shownB] = await Promise.all([ended(a), ended(b)]);
  assert.equal(shownA.status, 'succeeded', shownA.text);
  assert.equal(shownB.status, 'succeeded', shownB.text);
  assert.equal(path(site), '/app/settings/');
  assert.equal(path(other), '/app/billing/');
  await second.close();
  await other.close();
});

test('the worker stopped mid-task: the task ends saying where it stopped, nothing is repeated', async () => {
  await allowSite();
  await signIn();
  await site.goto(`${www.main}/app/dashboard/`);
  await llm.setScenario({
    apiKey: KEY,
    rules: [
      { when: { turn: 1, lastUserContains: 'account settings' }, reply: say('Opening settings.', ['dom_click', { id: id('link', 'Settings') }]) },
      // The second model call streams slowly: the worker is stopped during it.
      { when: { turn: 2, lastUserContains: 'account settings' }, reply: { content: 'Now reading the settings page carefully…', chunkChars: 1, delayMs: 300 } },
    ],
  });
  const exchange = await start('Review my account settings');
  await h.waitForText(exchange.locator('.task-note'), 'Now', 15_000);
  await h.stopServiceWorker(browser.ctx, site);
  // The panel first sees its connection drop, then asks the restarted
  // worker for the stored task, which says where it stopped.
  await h.waitForText(exchange, /stopped the copilot while it worked on this task after step 1 \(“Click “Settings” \(link\)”\)/, 15_000);
  const shown = await ended(exchange, 20_000);
  assert.equal(shown.status, 'failed', shown.text);
  assert.equal(path(), '/app/settings/', 'the click happened once, and nothing after');
  assert.equal((await chats()).length, 2, 'no model call after the stop');
});

test('task history: past tasks listed, opened read-only, exported without secrets', async () => {
  await panel.getByRole('button', { name: 'History' }).click();
  const history = panel.getByRole('region', { name: 'Task history' });
  await history.waitFor();
  const items = history.locator('li.history-item');
  await h.waitForText(items.first(), /Review my account settings/);
  assert.ok((await items.count()) >= 10, `${await items.count()} tasks listed`);
  // The sign-in task: its password came from the panel.
  const signIn = history.getByRole('button', { name: 'Open Sign me in as demo@acme.test' });
  await signIn.click();
  const past = panel.getByRole('article', { name: 'Past task' });
  await past.waitFor();
  assert.equal(await past.getAttribute('data-status'), 'succeeded');
  assert.match(await past.locator('.steps').innerText(), /Type the password into “Password”/);
  assert.equal(await past.getByRole('button', { name: 'Reply' }).count(), 0, 'read-only: no cards');
  const download = panel.waitForEvent('download');
  await past.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  assert.match(file.suggestedFilename(), /^task-.*\.json$/);
  const text = await (await import('node:fs/promises')).readFile(await file.path(), 'utf8');
  const task = JSON.parse(text);
  assert.equal(task.goal, 'Sign me in as demo@acme.test');
  assert.ok(task.steps.length >= 3, 'steps recorded');
  for (const s of SECRETS) assert.ok(!holds(text.replaceAll('[email] / demo1234', ''), s), `no ${s} in the export`);
  assert.ok(text.includes('{{secret:password}}'), 'the typed password is a placeholder');
});

test('the options list the sites allowed always, and remove one', async () => {
  const options = await h.openOptions(browser.ctx, browser.extensionId);
  try {
    const origin = new URL(www.main).origin;
    const remove = options.getByRole('button', { name: `Remove ${origin}` });
    await remove.waitFor();
    await remove.click();
    await h.waitForText(options.locator('.sites'), 'No site yet');
    const sw = await h.serviceWorker(browser.ctx);
    assert.deepEqual(await sw.evaluate(async () => (await chrome.storage.local.get('allowedSites')).allowedSites?.always ?? []), []);
    // The agent's settings: a step limit the worker refuses is said so.
    await options.getByLabel('Step limit').fill('0');
    await options.getByRole('button', { name: 'Save agent settings' }).click();
    await h.waitForText(options.locator('#agent-status'), /step limit must be between 1 and 200/i);
  } finally {
    await options.close();
  }
});

// Last: its sign-in task would be a second “Sign me in” in the history test.
test('a task that succeeded is saved as a flow and run again by a sentence, with no model call', async () => {
  await allowSite();
  await prepare(site, www.main, TASKS.signIn);
  await llm.setScenario({ apiKey: KEY, rules: TASKS.signIn.rules });
  const exchange = await start(TASKS.signIn.goal);
  const [[label, value]] = TASKS.signIn.secrets;
  let secret = await card('form', 'Enter the password');
  await secret.getByLabel(label).fill(value);
  await secret.getByRole('button', { name: 'Fill in', exact: true }).click();
  assert.equal((await ended(exchange)).status, 'succeeded');

  // "Save as a flow" puts the sentence in the composer for a name.
  await exchange.getByRole('button', { name: 'Save as a flow' }).click();
  const composer = panel.getByLabel('Ask about this page');
  assert.equal(await composer.inputValue(), 'save this as a flow called ');
  await composer.pressSequentially('acme login');
  await panel.getByRole('button', { name: 'Send' }).click();
  const review = await h.waitForText(panel.locator('.exchange').last().locator('.bubble.local'), 'Saved the flow “acme login”');
  for (const line of [
    `Open ${www.main}/app/signin/`,
    'Type {email} into “Email” (textbox)',
    'Type {password} into “Password” (textbox)',
    'Click “Sign in” (button)',
  ]) assert.ok(review.includes(line), `review lacks ${line}:\n${review}`);
  assert.match(review, /password \(secret/);
  const sw = await h.serviceWorker(browser.ctx);
  const { flows } = await sw.evaluate(() => chrome.storage.local.get('flows'));
  assert.ok(!flows.includes('demo1234'), 'no password in the stored flow');
  assert.equal(JSON.parse(flows).find((f) => f.name === 'acme login')?.source, 'task');

  // Signed out again, a sentence runs it: the password is asked, the model is not.
  await site.evaluate(() => localStorage.removeItem('acme.session'));
  await site.goto(`${www.main}/app/signin/`);
  const asked = (await chats()).length;
  await site.bringToFront();
  await h.ask(panel, 'acme login with demo@acme.test');
  const run = panel.locator('.exchange').last();
  secret = await card('form', 'Enter the password');
  await secret.locator('input:not([type=checkbox])').fill(value);
  await secret.getByRole('button', { name: 'Fill in', exact: true }).click();
  const shown = await ended(run);
  assert.equal(shown.status, 'succeeded', shown.text);
  assert.equal(path(), '/app/dashboard/');
  assert.equal((await storage('acme.session'))?.email, 'demo@acme.test');
  assert.equal((await chats()).length, asked, 'the replay asked the model nothing');
});
