// WebFlows (issue 43 points 1–3, their tests of point 6): through the real
// side panel, on the flows test shop in www/flows/ (a drink, an extra shot,
// a name and a card number over two pages). The user records the order
// with their own Playwright clicks and typing (trusted events), with the
// service worker stopped in the middle; the flow is replayed with another
// drink by a sentence, the scripted model server recording no request;
// replayed again with the worker stopped at the card prompt (the replay
// ends saying where; "continue the flow" runs the rest); replayed on a
// checkout that now wants the terms accepted (the replay stops at Place
// order and "Let the agent finish" has the scripted model do the rest); then replayed on
// the shop's shuffled variant (other classes and ids,
// another order, a reworded button and label), where the healed steps are
// reported and, accepted, stored in the flow. Each test asserts the page
// the flow leads to, not just the panel's words.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from '../support/harness.mjs';
import { id, say as reply } from '../support/agent_tasks.mjs';

const KEY = 'sk-test-flows-0123456789';
let www, llm, browser, site, panel;

before(async () => {
  www = await h.startWww();
  // A model is configured, so anything the flows did not take would reach
  // it: its request log proves a replay made none.
  llm = await h.startLlm({
    apiKey: KEY,
    rules: [
      // A flow just saved asks for more sentences: the model's lines are
      // only data; the worker keeps those that pass its checks.
      { when: { lastUserContains: 'Macro name: order coffee' }, reply: { content: '1. Get me a {drink} please\n- I could go for a {drink}\nclick Add to order\nbuy with card {card_number}' } },
      { when: {}, reply: { content: 'The model was asked.' } },
    ],
  });
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

/** Sends `input` with the shop in front; resolves to the exchange once a local reply shows. */
async function say(input) {
  await site.bringToFront();
  const exchanges = panel.locator('.exchange');
  const n = await exchanges.count();
  await h.ask(panel, input);
  const exchange = exchanges.nth(n);
  await exchange.locator('.bubble.local, .bubble.error, section.task').first().waitFor({ timeout: 20_000 });
  return exchange;
}

async function storedFlows() {
  const sw = await h.serviceWorker(browser.ctx);
  const { flows } = await sw.evaluate(() => chrome.storage.local.get('flows'));
  return { text: flows ?? '[]', flows: JSON.parse(flows ?? '[]') };
}

/**
 * Runs a sentence as a replay in the panel, answering the cards as the
 * user would (the card number when asked, "Allow" for the order), and
 * returns what the task view shows at the end.
 */
async function replay(sentence, options = {}) {
  return finish(await say(sentence), options);
}

/** Waits for the task in `exchange` to end, answering its cards as `replay` does. */
async function finish(exchange, { card = '4242 4242 4242 4242' } = {}) {
  const view = exchange.locator('section.task');
  await view.waitFor({ timeout: 10_000 });
  const cards = [];
  const deadline = Date.now() + 90_000;
  const answered = new Set();
  while ((await view.getAttribute('aria-busy')) !== 'false') {
    if (Date.now() > deadline) throw new Error(`the replay did not end; the panel shows:\n${await exchange.innerText()}`);
    for (const c of await exchange.locator('.card.prompt').all()) {
      const key = await c.getAttribute('aria-describedby');
      if (answered.has(key) || (await c.locator('button:not([disabled])').count()) === 0) continue;
      const name = (await c.getAttribute('aria-label')) ?? '';
      cards.push(name);
      if (name.startsWith('Enter the ')) {
        await c.locator('input:not([type=checkbox])').fill(card);
        await c.getByRole('button', { name: 'Fill in', exact: true }).click();
      } else if (name === 'Allow actions on this site?') {
        await c.getByRole('button', { name: 'Allow once', exact: true }).click();
      } else {
        await c.getByRole('button', { name: 'Allow', exact: true }).click();
      }
      answered.add(key);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { status: await view.getAttribute('data-status'), text: await exchange.innerText(), cards };
}

test('the user records a checkout flow with their own clicks and typing, the worker stopped midway', async () => {
  await site.goto(`${www.main}/flows/shop/`);
  const started = await say('record order coffee');
  await h.waitForText(started.locator('.bubble.local'), 'Recording “order coffee”');

  await site.bringToFront();
  await site.getByLabel('Drink').click();
  await site.getByLabel('Drink').pressSequentially('latte');
  await site.getByLabel('Extra shot').check();
  await site.getByRole('button', { name: 'Add to order' }).click();
  await site.waitForURL(/\/flows\/checkout\//);
  // The worker arms the recorder in each new page it hears load; Chrome
  // stops a worker only after it idled, never inside that, so the stop
  // below comes once the checkout page listens.
  const sw = await h.serviceWorker(browser.ctx);
  const tabId = await h.tabIdOf(browser.ctx, site.url());
  const armed = () => sw.evaluate(async (id) => (await self.copilot.contentStatus(id)).data?.recording === true, tabId);
  for (const t0 = Date.now(); !(await armed()); await site.waitForTimeout(50)) {
    assert.ok(Date.now() - t0 < 10_000, 'the recorder was never armed in the checkout page');
  }

  // Chrome stops an idle worker; the recording lives in session storage,
  // and the page's events and loads wake the worker again.
  await h.stopServiceWorker(browser.ctx, site);
  await site.getByLabel('Name').click();
  await site.getByLabel('Name').pressSequentially('Ada');
  await site.getByLabel('Card number').pressSequentially('4242424242424242');
  await site.getByRole('button', { name: 'Place order' }).click();
  await site.waitForURL(/\/flows\/done\//);
  await h.waitForText(site.locator('#confirmation'), 'Your latte with an extra shot is on its way');

  await llm.clearRequests();
  const stopped = await say('stop recording');
  const review = await h.waitForText(stopped.locator('.bubble.local'), 'Saved the flow');
  // One model call wrote more sentences; a command's words and a secret's
  // slot were dropped, and the card number never reached the model.
  assert.match(review, /Or: get me a \{drink\}; i could go for a \{drink\}$/m, review);
  const asked = await chats();
  assert.equal(asked.length, 1);
  assert.ok(!JSON.stringify(asked[0].body).includes('4242'), 'no card number in the request');
  for (const line of [
    'Type {drink} into “Drink” (textbox)',
    'Check “Extra shot” (checkbox)',
    'Click “Add to order” (button)',
    'Type {name} into “Name” (textbox)',
    'Type {card_number} into “Card number” (textbox)',
    'Click “Place order” (button)',
  ]) assert.ok(review.includes(line), `review lacks ${line}:\n${review}`);
  assert.match(review, /card_number \(secret/);

  const { text, flows } = await storedFlows();
  assert.equal(flows.length, 1);
  const [flow] = flows;
  assert.equal(flow.name, 'order coffee');
  assert.equal(flow.source, 'recording');
  assert.deepEqual(flow.scope.type, 'site');
  // No card number anywhere in what is stored, and its parameter is secret.
  assert.ok(!/4242/.test(text), text);
  assert.ok(flow.parameters.some((p) => p.name === 'card_number' && p.secret && p.default === undefined), JSON.stringify(flow.parameters));
  // Focus clicks dropped, typing coalesced: one typing step per field.
  assert.equal(flow.steps.filter((s) => s.action === 'type').length, 3, JSON.stringify(flow.steps));
  assert.deepEqual(flow.steps.filter((s) => s.navigates).map((s) => s.target?.label), ['Add to order', 'Place order']);
});

test('a sentence replays the flow with another drink and no model call', async () => {
  await site.goto(`${www.main}/flows/shop/`);
  await llm.clearRequests();
  const result = await replay('order espresso from the Bean There Coffee Shop');
  assert.equal(result.status, 'succeeded', result.text);
  assert.match(result.text, /no model calls/);
  // The card number was asked for, the order confirmed: the agent's gates.
  assert.deepEqual(result.cards, ['Enter the card number', 'Confirm this action']);
  await site.waitForURL(/\/flows\/done\//);
  await h.waitForText(site.locator('#confirmation'), 'Thank you, Ada! Your espresso with an extra shot is on its way (paid: yes).');
  assert.equal((await chats()).length, 0, 'the scripted model server saw a request');
});

test('the worker stopped mid-replay: the replay ends saying where, and “continue the flow” runs the rest', async () => {
  await site.goto(`${www.main}/flows/shop/`);
  await llm.clearRequests();
  const exchange = await say('order flat white from the Bean There Coffee Shop');
  // The card number is asked at the checkout: the worker is stopped there.
  await exchange.locator('.card.prompt[aria-label="Enter the card number"]').waitFor({ timeout: 20_000 });
  await h.stopServiceWorker(browser.ctx, site);
  // The panel sees its connection drop, asks the restarted worker, and
  // shows where the replay stopped; nothing went on without the user.
  await h.waitForText(exchange, /stopped the copilot during the flow “order coffee” after step \d+ \(“Type “Ada” into “Name” \(textbox\)”\), so the flow ended there/, 20_000);
  await h.waitForText(exchange, 'Say “continue the flow” to run the 2 steps left.');
  assert.equal(await exchange.locator('section.task').getAttribute('data-status'), 'failed');
  assert.match(site.url(), /\/flows\/checkout\//);

  const rest = await replay('continue the flow');
  assert.equal(rest.status, 'succeeded', rest.text);
  assert.match(rest.text, /Ran the rest of the flow “order coffee”: 2 steps, no model calls/);
  assert.deepEqual(rest.cards, ['Enter the card number', 'Confirm this action']);
  await site.waitForURL(/\/flows\/done\//);
  await h.waitForText(site.locator('#confirmation'), 'Thank you, Ada! Your flat white with an extra shot is on its way (paid: yes).');
  assert.equal((await chats()).length, 0, 'the scripted model server saw a request');

  // Nothing is left to continue.
  const none = await say('continue the flow');
  await h.waitForText(none, 'There is no interrupted flow to continue.');
});

test('a sentence the model wrote runs the flow, with no model call', async () => {
  await site.goto(`${www.main}/flows/shop/`);
  await llm.clearRequests();
  const result = await replay('Get me a cortado please');
  assert.equal(result.status, 'succeeded', result.text);
  await h.waitForText(site.locator('#confirmation'), 'Your cortado with an extra shot is on its way (paid: yes).');
  assert.equal((await chats()).length, 0, 'the scripted model server saw a request');
});

test('a step the page no longer has stops the replay, and the agent finishes the flow from there', async () => {
  // The checkout now wants the terms accepted before it shows Place order.
  await site.goto(`${www.main}/flows/shop/?variant=terms`);
  const goal = 'Finish the saved flow “order coffee”';
  await llm.setScenario({
    apiKey: KEY,
    rules: [
      { when: { turn: 1, lastUserContains: goal }, reply: reply('The button shows once the terms are accepted.', ['dom_check', { id: '{{match:- (f\\w+) [^\\n]*Card number}}', field: 'I agree to the terms of sale' }]) },
      { when: { turn: 2, lastUserContains: goal }, reply: reply('Placing the order.', ['dom_click', { id: id('button', 'Place order') }]) },
      { when: { turn: 3, lastUserContains: goal }, reply: reply('', ['done', { answer: 'The order is placed.' }]) },
    ],
  });
  await llm.clearRequests();
  const stopped = await replay('order espresso from the Bean There Coffee Shop');
  assert.equal(stopped.status, 'failed', stopped.text);
  assert.match(stopped.text, /The flow stopped at step 7 “Click “Place order” \(button\)”: “Place order” is on the page but not shown/);
  assert.match(stopped.text, /Say “let the agent finish” to have the agent do its last step/);
  // Not bound, so not confirmed: the user is never asked to allow a
  // click that cannot happen.
  assert.deepEqual(stopped.cards, ['Enter the card number']);
  assert.equal((await chats()).length, 0, 'the replay asked the model');
  assert.match(site.url(), /\/flows\/checkout\//);

  const exchanges = panel.locator('.exchange');
  const n = await exchanges.count();
  await panel.getByRole('button', { name: 'Let the agent finish' }).last().click();
  const agent = await finish(exchanges.nth(n));
  assert.equal(agent.status, 'succeeded', agent.text);
  // The agent's own gates hold: writing on the site, placing the order.
  assert.deepEqual(agent.cards, ['Allow actions on this site?', 'Confirm this action']);
  await site.waitForURL(/\/flows\/done\//);
  await h.waitForText(site.locator('#confirmation'), 'Thank you, Ada! Your espresso with an extra shot is on its way (paid: yes).');
  // One goal told the model what was done and what is left, with this
  // run's values and none of the card's digits.
  const requests = await chats();
  assert.equal(requests.length, 3);
  const goalText = JSON.stringify(requests[0].body.messages);
  for (const want of ['Steps 1–6 are done', '7. Click “Place order” (button)', 'drink = espresso']) assert.ok(goalText.includes(want), `${want} not in ${goalText}`);
  assert.doesNotMatch(goalText, /4242/);
  // One takeover per failure.
  const again = await say('let the agent finish');
  await h.waitForText(again, 'No flow has stopped at a step for the agent to finish.');
});

test('on changed markup the replay heals, reports what it bound to, and the accepted heal is stored', async () => {
  await site.goto(`${www.main}/flows/shop/?variant=shuffled`);
  await site.getByRole('button', { name: 'Add to your order' }).waitFor();
  await llm.clearRequests();
  const result = await replay('order coffee with mocha');
  assert.equal(result.status, 'succeeded', result.text);
  assert.match(result.text, /Healed steps/);
  assert.match(result.text, /“Add to order” → “Add to your order” \(button\), found by a page search for its label/);
  assert.match(result.text, /“Name” → “Your name” \(textbox\), found by its CSS path/);
  await site.waitForURL(/\/flows\/done\//);
  await h.waitForText(site.locator('#confirmation'), 'Thank you, Ada! Your mocha with an extra shot is on its way');
  assert.equal((await chats()).length, 0);

  const accepted = await say('accept the healed steps');
  await h.waitForText(accepted.locator('.bubble.local'), 'healed steps accepted');
  const [flow] = (await storedFlows()).flows;
  const labels = flow.steps.map((s) => s.target?.label).filter(Boolean);
  assert.ok(labels.includes('Add to your order'), JSON.stringify(labels));
  assert.ok(labels.includes('Your name'), JSON.stringify(labels));

  // The stored flow now binds on the changed page at the first rung.
  await site.goto(`${www.main}/flows/shop/?variant=shuffled`);
  const again = await replay('order coffee with cortado');
  assert.equal(again.status, 'succeeded', again.text);
  assert.doesNotMatch(again.text, /Healed steps/);
  await h.waitForText(site.locator('#confirmation'), 'Your cortado with an extra shot');
});
