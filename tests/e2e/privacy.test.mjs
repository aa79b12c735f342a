// The secrets and privacy audit (issue 41 point 7): the agent tasks that
// type secrets — sign-in (a password) and checkout (card number, expiry,
// security code) — run with values the pages never show, then everything
// that left the extension or stayed behind is searched for them:
// - every request to the model (body and headers),
// - chrome.storage.local and chrome.storage.session, every IndexedDB
//   database the worker has,
// - every task of the history as the panel exports it,
// - the console of the worker, the side panel and the pages.
// 0 hits. README's "What is sent where" says the same in a user's words.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from '../support/harness.mjs';
import { TASKS, prepare } from '../support/agent_tasks.mjs';
import { drive, exportTask, startTask } from '../support/agent_run.mjs';

const KEY = 'sk-test-privacy-0123456789';
// Values no www/ page shows (its hints name 4242… and demo1234).
const CARD = ['5555 5555 5555 4444', '11/29', '913'];
let www, llm, browser, site;
const consoleLines = [];

before(async () => {
  www = await h.startWww();
  llm = await h.startLlm({ apiKey: KEY, rules: [] });
  browser = await h.launchBrowser();
  const listen = (source) => (msg) => consoleLines.push(`${source}: ${msg.text()}`);
  browser.ctx.on('console', listen('page'));
  for (const w of browser.ctx.serviceWorkers()) w.on('console', listen('worker'));
  browser.ctx.on('serviceworker', (w) => w.on('console', listen('worker')));
  const options = await h.openOptions(browser.ctx, browser.extensionId);
  await h.configure(options, { endpoint: llm.url, apiKey: KEY, model: 'scripted-model', timeoutSecs: 10 });
  await options.close();
  site = browser.ctx.pages()[0];
});
after(async () => {
  await browser?.close();
  await llm?.stop();
  await www?.stop();
});

/** Runs `task` through a fresh panel, filling its secret cards with `values` in order. */
async function run(task, values) {
  await prepare(site, www.main, task);
  await llm.setScenario({ apiKey: KEY, rules: task.rules });
  const panel = await h.openPanel(browser.ctx, browser.extensionId);
  const queue = [...values];
  const exchange = await startTask(panel, site, task.goal);
  const shown = await drive(exchange, (card) => {
    if (card.kind === 'site') return { click: 'Allow once' };
    if (card.kind === 'confirm') return { click: 'Allow' };
    if (card.kind === 'secret') return { fill: queue.shift() ?? '', click: 'Fill in' };
    throw new Error(`unexpected card ${card.name}: ${card.text}`);
  });
  assert.equal(shown.status, 'succeeded', shown.text);
  assert.equal(queue.length, 0, 'every secret was asked for');
  return panel;
}

/** Where `needle` occurs in `haystack` as a whole token (digits not glued to others). */
function finds(haystack, needle) {
  const forms = [needle, needle.replace(/[\s/]/g, '')];
  return forms.some((f) => new RegExp(`(^|[^0-9A-Za-z])${f.replace(/[/]/g, '\\/')}($|[^0-9A-Za-z])`).test(haystack));
}

test('typed secrets are nowhere: requests, storage, IndexedDB, exports, console', async () => {
  const panel = await run(TASKS.signIn, ['demo1234']);
  await panel.close();
  const checkout = await run(TASKS.checkout, CARD);
  assert.match(await site.locator('body').innerText(), /ACME-\d+/, 'the order was placed with the card');

  const sw = await h.serviceWorker(browser.ctx);
  const stored = await sw.evaluate(async () => {
    const dbs = {};
    for (const { name } of (await indexedDB.databases?.()) ?? []) {
      const db = await new Promise((res, rej) => { const r = indexedDB.open(name); r.onsuccess = () => res(r.result); r.onerror = () => rej(r.error); });
      for (const store of db.objectStoreNames) {
        dbs[`${name}/${store}`] = await new Promise((res) => { const r = db.transaction(store).objectStore(store).getAll(); r.onsuccess = () => res(r.result); r.onerror = () => res(String(r.error)); });
      }
      db.close();
    }
    return { local: await chrome.storage.local.get(null), session: await chrome.storage.session.get(null), dbs };
  });
  const briefs = stored.local.tasks ?? [];
  assert.ok(briefs.length >= 2, `both tasks are in the history (${briefs.length})`);
  const exports = [];
  for (const b of briefs) exports.push(await exportTask(checkout, b.id));
  await checkout.close();

  // The sign-in page prints its demo password as a hint ("Demo account:
  // demo@acme.test / demo1234"): page text anyone sees, which the model
  // and the task's record may hold. Only that sentence is taken out.
  const hint = (text) => text.replaceAll('[email] / demo1234', '').replaceAll('demo@acme.test / demo1234', '');
  const requests = JSON.stringify((await llm.requests()).map((r) => ({ body: r.body, headers: { ...r.headers, authorization: undefined } })));
  const places = {
    'requests to the model': requests,
    'chrome.storage.local': JSON.stringify(stored.local),
    'chrome.storage.session': JSON.stringify(stored.session),
    IndexedDB: JSON.stringify(stored.dbs),
    'exported tasks': JSON.stringify(exports),
    console: consoleLines.join('\n'),
  };
  assert.ok(requests.length > 1000 && places['exported tasks'].includes('Card number'), 'the audit looked at real data');
  const hits = [];
  for (const [where, raw] of Object.entries(places)) {
    const text = hint(raw);
    for (const secret of ['demo1234', ...CARD]) {
      if (finds(text, secret)) hits.push(`${secret} in ${where}: …${text.slice(Math.max(0, text.indexOf(secret) - 80), text.indexOf(secret) + 20)}…`);
    }
  }
  assert.deepEqual(hits, []);
});
