// Driving an agent task through the real side panel, for the tools that
// are not tests: `cargo xtask bench agent` (tests/bench/agent.mjs) and
// `cargo xtask replay` (tests/tools/replay.mjs). The tests drive their
// cards one by one to assert on each; these tools answer whatever card
// comes with a policy of their own, and read the finished task back as
// the panel exports it.
import * as h from './harness.mjs';

/**
 * The www/ sites, the scripted model (no rules yet) configured as the
 * endpoint with `key`, and Chromium with the extension, its first tab on
 * the main site, which the agent may write on without asking.
 */
export async function setUp(key) {
  const www = await h.startWww();
  const llm = await h.startLlm({ apiKey: key, rules: [] });
  const browser = await h.launchBrowser();
  const options = await h.openOptions(browser.ctx, browser.extensionId);
  await h.configure(options, { endpoint: llm.url, apiKey: key, model: 'scripted-model', timeoutSecs: 30 });
  await options.close();
  const site = browser.ctx.pages()[0];
  await site.goto(`${www.main}/`);
  await allowSites(browser.ctx, [new URL(www.main).origin]);
  return { www, llm, browser, site };
}

/** Lets the agent write on `origin` without the site card (the options' "always" list), or not. */
export async function allowSites(ctx, origins) {
  const sw = await h.serviceWorker(ctx);
  await sw.evaluate((always) => chrome.storage.local.set({ allowedSites: { always } }), origins);
}

/** Sends `goal` from `panel` with `page` in front; returns the task's exchange. */
export async function startTask(panel, page, goal) {
  await page.bringToFront();
  const exchanges = panel.locator('.exchange');
  const n = await exchanges.count();
  await h.ask(panel, goal);
  const exchange = exchanges.nth(n);
  await exchange.locator('section.task').waitFor({ timeout: 10_000 });
  return exchange;
}

/** What a card asks, as `answer` below receives it. */
async function describeCard(card) {
  const name = (await card.getAttribute('aria-label')) ?? '';
  const text = (await card.innerText()).trim();
  const kind = name === 'Allow actions on this site?' ? 'site'
    : name === 'Confirm this action' ? 'confirm'
    : name === 'Question from Browser Copilot' ? 'question'
    : name.startsWith('Enter the ') ? 'secret'
    : 'unknown';
  // The step a site or confirmation card is about, in the words the task
  // record uses for the step's description.
  const action = kind === 'confirm'
    ? (await card.locator('.prompt-action').innerText()).trim()
    : kind === 'site' ? ((await card.locator('.prompt-text').innerText()).trim().match(/wants to act on \S+: (.*)\.$/s)?.[1] ?? '') : '';
  return { kind, name, text, action, card };
}

/**
 * Waits for the task in `exchange` to end, answering each card as it comes
 * with `answer(card)`, which returns `{ click: 'button name' }` or
 * `{ fill: 'value', click: 'Fill in' }` (a secret's or a question's input).
 * Returns what the panel shows of the task at the end.
 */
export async function drive(exchange, answer, { timeout = 60_000 } = {}) {
  const view = exchange.locator('section.task');
  const deadline = Date.now() + timeout;
  const answered = new Set();
  while ((await view.getAttribute('aria-busy')) !== 'false') {
    if (Date.now() > deadline) throw new Error(`the task did not end within ${timeout / 1000} s; the panel shows:\n${await exchange.innerText()}`);
    // Open cards whose buttons still work (an answered card is disabled
    // until the worker closes it).
    for (const card of await exchange.locator('.card.prompt').all()) {
      const key = await card.getAttribute('aria-describedby');
      if (answered.has(key) || (await card.locator('button:not([disabled])').count()) === 0) continue;
      const asked = await describeCard(card);
      const reply = await answer(asked);
      // The card's text input (a secret card also has its "Remember" checkbox).
      if (reply.fill !== undefined) await card.locator('input:not([type=checkbox])').fill(reply.fill);
      await card.getByRole('button', { name: reply.click, exact: true }).click();
      answered.add(key);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return { status: await view.getAttribute('data-status'), text: await exchange.innerText() };
}

/**
 * Records, in the panel, when each card appeared and when it was answered
 * (its buttons disabled) or closed, on the wall clock the worker's step
 * times use: the time a step waited for the user, to take out of "our"
 * time. Read the intervals back with `promptWaits`.
 */
export async function watchPrompts(panel) {
  await panel.evaluate(() => {
    const waits = (globalThis.__bcPromptWaits = []);
    const open = new Map();
    const scan = () => {
      const now = Date.now();
      const cards = new Set(document.querySelectorAll('.card.prompt'));
      for (const card of cards) {
        if (!open.has(card)) open.set(card, { from: now, to: null });
        const w = open.get(card);
        if (w.to === null && card.querySelector('button') && !card.querySelector('button:not([disabled])')) w.to = now;
      }
      for (const [card, w] of open) {
        if (!cards.has(card)) {
          if (w.to === null) w.to = now;
          waits.push(w);
          open.delete(card);
        }
      }
    };
    new MutationObserver(scan).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
    globalThis.__bcPromptWaitsOpen = open;
  });
}

/** `[{from, to}]` epoch ms of each card `watchPrompts` saw (still open ones end now). */
export async function promptWaits(panel) {
  return panel.evaluate(() => [
    ...globalThis.__bcPromptWaits,
    ...[...globalThis.__bcPromptWaitsOpen.values()].map((w) => ({ from: w.from, to: w.to ?? Date.now() })),
  ]);
}

/** The id of the newest task with `goal` in the worker's history. */
export async function latestTaskId(ctx, goal) {
  const sw = await h.serviceWorker(ctx);
  const briefs = await sw.evaluate(async () => (await chrome.storage.local.get('tasks')).tasks ?? []);
  const brief = briefs.filter((b) => b.goal === goal).sort((a, b) => b.createdAt - a.createdAt)[0];
  if (!brief) throw new Error(`no task “${goal}” in the history (${briefs.length} tasks)`);
  return brief.id;
}

/**
 * The task as the panel exports it: `PanelRequest::GetTask` on a port of
 * the panel's own (an extension page), answered with `TaskRecord`.
 */
export async function exportTask(panel, taskId) {
  return panel.evaluate((taskId) => new Promise((resolve, reject) => {
    const id = 900_000 + Math.floor(Math.random() * 100_000);
    const port = chrome.runtime.connect({ name: 'panel' });
    const timer = setTimeout(() => reject(new Error('GetTask: no answer within 10 s')), 10_000);
    port.onMessage.addListener((event) => {
      if (event.id !== id) return;
      clearTimeout(timer);
      port.disconnect();
      if (event.type === 'taskRecord') resolve(event.task);
      else reject(new Error(`GetTask: ${JSON.stringify(event)}`));
    });
    port.postMessage({ type: 'getTask', id, taskId });
  }), taskId);
}
