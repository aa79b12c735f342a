// Hostile pages stay bounded (issue 41 point 6): a page that never stops
// mutating, one that reloads itself, one that opens popups, a 10 MB text
// node, 100 nested shadow roots and six nested frames. On each,
// perception (getMiniPCD, the compact summary, pcd.query) and an action
// answer — with their result or a specific error — well within the test's
// time, and the page still answers right after. Printed per page: each
// call's time and outcome, and the longest main-thread task seen while the
// calls ran next to the longest one in as long a quiet window before them
// (the page's own work), from the page's `longtask` entries.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from '../support/harness.mjs';

const KEY = 'sk-test-hostile-0123456789';
let www, llm, browser;
before(async () => {
  www = await h.startWww();
  llm = await h.startLlm({ apiKey: KEY, rules: [] });
  browser = await h.launchBrowser();
});
after(async () => {
  await browser?.close();
  await llm?.stop();
  await www?.stop();
});

/** A hang shows as a failure naming the call, far below the test timeout. */
const BOUND_MS = 15_000;
/** Codes that say what went wrong (anything but `internal`). */
const SPECIFIC = ['content_unavailable', 'not_found', 'ambiguous', 'covered', 'no_effect', 'detached', 'timeout', 'disabled', 'no_such_tab', 'restricted_url'];

async function call(tool, args, page) {
  const from = page ? await now(page) : NaN;
  const t0 = Date.now();
  const r = await browser.sw.evaluate(([t, a]) => self.copilot.call(t, a), [tool, args]);
  const ms = Date.now() - t0;
  const long = page ? await longest(page, from, await now(page)) : NaN;
  assert.ok(ms < BOUND_MS, `${tool} took ${ms} ms: ${JSON.stringify(r).slice(0, 300)}`);
  assert.ok(r.ok || SPECIFIC.includes(r.code), `${tool}: ${JSON.stringify(r).slice(0, 300)}`);
  return { ms, outcome: r.ok ? 'ok' : r.code, data: r.data, long };
}

/** Starts collecting the page's long tasks (buffered: the ones so far too). */
const watchLongTasks = (page) => page.evaluate(() => {
  globalThis.__bcLong = [];
  new PerformanceObserver((list) => globalThis.__bcLong.push(...list.getEntries().map((e) => ({ start: e.startTime, ms: e.duration })))).observe({ type: 'longtask', buffered: true });
}).catch(() => {});
const longest = (page, from, to) => page.evaluate(([a, b]) => Math.max(0, ...(globalThis.__bcLong ?? []).filter((e) => e.start >= a && e.start < b).map((e) => e.ms)), [from, to]).catch(() => NaN);
const now = (page) => page.evaluate(() => performance.now()).catch(() => NaN);

const PAGES = [
  { path: '/hostile/storm/', button: 'Refresh quotes', name: 'endless mutation' },
  { path: '/hostile/reload/', button: 'Acknowledge', name: 'reloads itself' },
  { path: '/hostile/popups/', button: 'Continue', name: 'opens popups' },
  { path: '/hostile/bigtext/', button: 'Clear log', name: '10 MB text node' },
  // The agent's target: the deepest button is past the 32 roots read.
  { path: '/hostile/deep/', button: 'Deepest button', name: '100 shadow roots, 6 frames', reachable: 'Button 20 roots down' },
  { path: '/hostile/selectors/', button: 'Search', name: 'costly selectors' },
];

test('hostile pages: perception and actions answer, bounded, and the page stays responsive', { timeout: 180_000 }, async () => {
  const rows = [];
  for (const p of PAGES) {
    const page = await browser.ctx.newPage();
    await page.goto(www.main + p.path);
    const tabId = await h.tabIdOf(browser.ctx, page.url());
    await watchLongTasks(page);
    const quietFrom = await now(page);
    await new Promise((r) => setTimeout(r, 1000));
    const from = await now(page);
    const calls = {
      getMiniPCD: await call('getMiniPCD', { tabId }, page),
      summary: await call('pcd.summary', { tabId, mode: 'compact' }, page),
      query: await call('pcd.query', { tabId, text: p.button, topK: 3 }, page),
      click: await call('dom.click', { tabId, selector: { kind: 'role', role: 'button', name: p.button, nameMode: 'exact' } }, page),
    };
    const to = await now(page);
    // Responsive: the page answers a script at once after the calls.
    const t0 = Date.now();
    await page.evaluate(() => 1 + 1).catch(() => page.waitForLoadState('domcontentloaded'));
    const answerMs = Date.now() - t0;
    assert.ok(answerMs < 5_000, `${p.name}: the page took ${answerMs} ms to answer after the calls`);
    // Per call: outcome, time, the longest main-thread task while it ran.
    rows.push({ page: p.name, ...Object.fromEntries(Object.entries(calls).map(([k, v]) => [k, `${v.outcome} ${v.ms} ms (${v.long})`])), 'longest task (calls / quiet)': `${await longest(page, from, to)} / ${await longest(page, quietFrom, from)} ms` });
    if (p.path === '/hostile/deep/') {
      // Below the 32 roots perception reads: a specific error, not a hang.
      assert.equal(calls.click.outcome, 'not_found', 'the button under 100 shadow roots is past the depth read');
      const mid = await call('dom.click', { tabId, selector: { kind: 'role', role: 'button', name: 'Button 20 roots down', nameMode: 'exact' } });
      assert.equal(mid.outcome, 'ok');
      assert.equal(await page.evaluate(() => document.body.dataset.mid), 'clicked');
    }
    if (p.path === '/hostile/selectors/') {
      // The search form above 800 levels of its own word (issue 44 point 4):
      // getDetails answers selectors that find it, a text search through
      // the levels answers within its budget, and the tab's next call is
      // answered.
      const mini = calls.getMiniPCD.data;
      const form = (mini.forms ?? []).find((f) => f.fieldSummaries?.some((x) => /search/i.test(x.label ?? '')));
      const ids = [form?.id, ...(mini.actions ?? []).filter((a) => /^search$/i.test(a.label ?? '')).map((a) => a.id)].filter(Boolean);
      assert.ok(ids.length >= 2, `the search form and its button are listed: ${JSON.stringify(mini).slice(0, 400)}`);
      const details = await call('getDetails', { tabId, ids }, page);
      rows.push({ page: 'costly selectors: getDetails', click: `${details.outcome} ${details.ms} ms (${details.long})` });
      assert.equal(details.outcome, 'ok', JSON.stringify(details.data));
      for (const d of details.data) {
        const found = await call('dom.resolve', { tabId, selector: d.selector });
        assert.equal(found.data?.count, 1, `${d.id}: ${JSON.stringify(d.selector)}`);
      }
      const costly = await call('dom.resolve', { tabId, selector: { kind: 'text', text: 'archive. Search the archive. Search' } }, page);
      rows.push({ page: 'costly selectors: text search', click: `${costly.outcome} ${costly.ms} ms (${costly.long})` });
      // Answered within its budget: matches (levels with more text than
      // anyone names a target by are walked through unread) or a timeout
      // naming its stage; never a frozen tab.
      assert.ok(['ok', 'timeout'].includes(costly.outcome), JSON.stringify(costly).slice(0, 300));
      assert.equal((await call('getMiniPCD', { tabId })).outcome, 'ok', 'the tab answers after the costly search');
    }
    if (p.path === '/hostile/bigtext/') {
      assert.ok(JSON.stringify(calls.summary.data ?? '').length < 20_000, 'the summary of a 10 MB page stays small');
    }
    if (p.path === '/hostile/storm/') assert.equal(calls.getMiniPCD.outcome, 'ok', 'a page that never stops changing is still perceived');
    for (const other of browser.ctx.pages()) if (other.url().includes('/hostile/popups/ad.html')) await other.close();
    await page.close();
  }
  console.table(rows);
});

// The agent on the same pages: a task typed in the panel ("could you get <the
// button> pressed"), played by the scripted model (click the button it was shown,
// then done), ends — done, or failed with a reason the panel shows —
// within its budget, on every page. Printed: status, steps, time, calls.
test('hostile pages: an agent task ends within its budget on each', { timeout: 300_000 }, async () => {
  const options = await h.openOptions(browser.ctx, browser.extensionId);
  await h.configure(options, { endpoint: llm.url, apiKey: KEY, model: 'scripted-model', timeoutSecs: 10 });
  await options.close();
  const sw = await h.serviceWorker(browser.ctx);
  await sw.evaluate((always) => chrome.storage.local.set({ allowedSites: { always } }), [new URL(www.main).origin]);
  const rows = [];
  for (const p of PAGES) {
    const target = p.reachable ?? p.button;
    // Not a command the grammar runs itself: the agent takes it.
    const goal = `Could you get the ${target} button pressed for me?`;
    await llm.setScenario({
      apiKey: KEY,
      rules: [
        { when: { turn: 1, lastUserContains: goal }, reply: { content: 'Pressing it.', toolCalls: [{ name: 'dom_click', arguments: { id: `{{match:- (\\w+) button "${target}"}}` } }] } },
        { when: { turn: 2, lastUserContains: goal }, reply: { content: '', toolCalls: [{ name: 'done', arguments: { answer: `Pressed ${target}.` } }] } },
      ],
    });
    const page = await browser.ctx.newPage();
    await page.goto(www.main + p.path);
    const panel = await h.openPanel(browser.ctx, browser.extensionId);
    await page.bringToFront();
    const t0 = Date.now();
    await h.ask(panel, goal);
    const view = panel.locator('section.task').first();
    await view.waitFor({ timeout: 10_000 }).catch(async () => assert.fail(`${p.name}: no task; the panel shows:\n${await panel.locator('[role=log]').innerText()}`));
    try {
      await view.locator('xpath=self::*[@aria-busy="false"]').waitFor({ timeout: 90_000 });
    } catch {
      assert.fail(`${p.name}: the task did not end; the panel shows:\n${await panel.locator('[role=log]').innerText()}`);
    }
    const ms = Date.now() - t0;
    const status = await view.getAttribute('data-status');
    const text = await view.innerText();
    assert.ok(['succeeded', 'failed'].includes(status), `${p.name}: ${status}\n${text}`);
    if (status === 'failed') assert.ok(text.trim().length > 0, `${p.name}: a failed task says why`);
    const calls = (await llm.requests()).filter((r) => r.path.endsWith('/chat/completions')).length;
    await llm.clearRequests();
    rows.push({ page: p.name, status, steps: await view.locator('.steps .step').count(), ms, 'model calls': calls });
    await panel.close();
    for (const other of browser.ctx.pages()) if (other.url().includes('/hostile/popups/ad.html')) await other.close();
    await page.close();
  }
  console.table(rows);
  // The pages whose button does something: the task reached its goal.
  for (const r of rows.filter((r) => ['endless mutation', '100 shadow roots, 6 frames'].includes(r.page))) {
    assert.equal(r.status, 'succeeded', `${r.page}: ${JSON.stringify(r)}`);
  }
});
