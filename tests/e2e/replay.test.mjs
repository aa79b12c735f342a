// `cargo xtask replay` end to end (issue 40 point 11): a task is recorded
// by running the invoice task of tests/support/agent_tasks.mjs in the real
// side panel and exporting it through GetTask, as the panel's export does;
// then the xtask binary replays that export against www/ in a browser of
// its own and must find every step as recorded. The fixture is made here,
// not committed: the invoices are dated from today, so a recording from
// another month would name other invoices.
//
// Then the same export with the clicked button's label edited in its
// recorded listing stands for a page whose labels changed: the replay
// binds another element there and must say so, with exit code 1.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as h from '../support/harness.mjs';
import { TASKS, prepare } from '../support/agent_tasks.mjs';
import { drive, exportTask, latestTaskId, startTask } from '../support/agent_run.mjs';

const KEY = 'sk-test-replay-0123456789';
let www, llm, browser, dir, recorded;

before(async () => {
  www = await h.startWww();
  llm = await h.startLlm({ apiKey: KEY, rules: TASKS.invoice.rules });
  browser = await h.launchBrowser();
  const options = await h.openOptions(browser.ctx, browser.extensionId);
  await h.configure(options, { endpoint: llm.url, apiKey: KEY, model: 'scripted-model', timeoutSecs: 10 });
  await options.close();
  dir = await mkdtemp(path.join(tmpdir(), 'bc-replay-'));
});
after(async () => {
  await browser?.close();
  await llm?.stop();
  await www?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/**
 * Runs `xtask replay <file> --prebuilt`: the binary `cargo xtask test` runs
 * from, on what it built (without blocking this process's event loop,
 * which still holds a browser).
 */
function replay(file) {
  const xtask = path.join(process.env.BC_BIN_DIR, 'xtask');
  assert.ok(existsSync(xtask), `${xtask} is missing: run the tests through \`cargo xtask test\``);
  return new Promise((resolve, reject) => {
    const child = spawn(xtask, ['replay', file, '--prebuilt'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, all: `${out}\n${err}` });
    });
  });
}

test('a recorded task replays with every step as recorded', async () => {
  const site = browser.ctx.pages()[0];
  await prepare(site, www.main, TASKS.invoice);
  const panel = await h.openPanel(browser.ctx, browser.extensionId);
  const exchange = await startTask(panel, site, TASKS.invoice.goal);
  const shown = await drive(exchange, async (card) => {
    assert.equal(card.kind, 'site', card.text);
    return { click: 'Allow once' };
  });
  assert.equal(shown.status, 'succeeded', shown.text);
  recorded = await exportTask(panel, await latestTaskId(browser.ctx, TASKS.invoice.goal));
  await panel.close();
  assert.equal(recorded.steps.length, 2);
  assert.match(recorded.steps[1].description, /^Click “Download invoice INV-/);

  const file = path.join(dir, 'invoice.json');
  await writeFile(file, JSON.stringify(recorded, null, 2));
  const { code, out, all } = await replay(file);
  assert.equal(code, 0, all);
  assert.match(out, /All 2 steps match the record\./, all);
  assert.match(out, /asked: site for “Click “Download invoice INV-[^”]+” \(button\)” → Allow once/, all);
  assert.match(out, /ended: then succeeded .* now succeeded/, all);
});

test('a page whose label changed is reported at the first step that differs', async (t) => {
  if (!recorded) return t.skip('needs the recording of the previous test');
  // The recorded listing called the clicked button “Update payment method”
  // (a button the billing page has): the replay finds the id by that label.
  const changed = structuredClone(recorded);
  const edit = (text) => text?.replaceAll('button "Download invoice"', 'button "Update payment method"');
  changed.opening = edit(changed.opening);
  for (const turn of changed.turns) {
    for (const r of turn.results ?? []) Object.assign(r, { brief: edit(r.brief), page: edit(r.page) });
  }
  assert.notEqual(changed.opening, recorded.opening, 'the recorded listing had the label');
  const file = path.join(dir, 'invoice-changed.json');
  await writeFile(file, JSON.stringify(changed));
  const { code, out, all } = await replay(file);
  assert.equal(code, 1, all);
  assert.match(out, /First step that no longer matches: #2/, all);
  assert.match(out, /DIFFERS .*Click “Download invoice INV-[^”]+” \(button\) → .*Update payment method/, all);
  assert.match(out, /The page no longer answers as recorded\./, all);
});
