// The agent's cost on the www/ tasks, measured by `cargo xtask bench agent`
// (issue 40 point 9): each task of tests/support/agent_tasks.mjs (the ones
// the e2e tests check) run through the real side panel, the model being
// the scripted server, and what a baseline loop would have sent for the
// same decisions.
//
// Per task and run this records:
// - every request the extension sent to the model (bodies as sent: xtask
//   counts their tokens with o200k);
// - the task as the panel exports it (GetTask): its turns and its steps
//   with our own time per step (`ms`, measured by the worker around the
//   step: tools and perception, never the model);
// - when the panel's cards waited for the user (the bench answers them,
//   but a step's `ms` includes that wait, which is not our time);
// - Playwright's `page.locator('body').ariaSnapshot()` of the page at
//   every model turn: the scripted replies wait `DELAY_MS` before each
//   streamed piece, and the bench polls the server's rule hits (counted
//   when a request arrives), so the page is captured as the model saw
//   it, before the agent acts on the reply. xtask builds the baseline's
//   requests from these (see crates/xtask/src/bench/agent.rs).
//
// Sites are allowed "always" beforehand so no site card waits; secrets
// and confirmations are answered as the e2e tests answer them.
// Writes BC_BENCH_OUT/results.json. Prints only progress. Asserts nothing.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as h from '../support/harness.mjs';
import fs from 'node:fs';
import { TASKS, prepare } from '../support/agent_tasks.mjs';
import { allowSites, drive, exportTask, latestTaskId, promptWaits, setUp, startTask, watchPrompts } from '../support/agent_run.mjs';
import { REAL_TASKS } from './agent_real.mjs';

const SMOKE = process.env.BC_BENCH_SMOKE === '1';
const RUNS = Number(process.env.BC_BENCH_RUNS ?? (SMOKE ? 1 : 3));
const OUT = process.env.BC_BENCH_OUT;
if (!OUT) throw new Error('BC_BENCH_OUT is not set: run through `cargo xtask bench agent`');
// Long enough for a snapshot of a www/ page (a few ms to tens of ms) to
// be taken before the reply's first piece arrives; the model's time is
// not in any figure, so it costs only wall time.
const DELAY_MS = 250;
const KEY = 'sk-bench-agent-0123456789';
// BC_BENCH_ONLY: a regex over task names, to run a few.
const ONLY = process.env.BC_BENCH_ONLY ? new RegExp(process.env.BC_BENCH_ONLY) : null;
// Real sites' pages only where this machine holds them (never in smoke runs).
const REAL = SMOKE ? [] : Object.keys(REAL_TASKS).filter((name) => {
  const { site, start } = REAL_TASKS[name];
  const here = site?.root && fs.existsSync(path.join(site.root, start));
  if (!here) console.error(`bench agent: ${name}: its pages are not on this machine, skipped`);
  return here;
});
const NAMES = (SMOKE ? ['invoice', 'question'] : ['invoice', 'question', 'signIn', 'checkout', ...REAL]).filter((n) => !ONLY || ONLY.test(n));

/** The task's rules, each reply streamed in one piece per call after `DELAY_MS`. */
const slowed = (rules) => rules.map((r) => (r.reply ? { ...r, reply: { ...r.reply, delayMs: DELAY_MS, chunkChars: 100_000 } } : r));

/**
 * Captures the page at every new model request until stopped: the sum of
 * the rules' hits grows by one per request, on arrival.
 */
function snapshotEachTurn(llm, page) {
  const snapshots = [];
  let stopped = false;
  let seen = 0;
  const loop = (async () => {
    while (!stopped) {
      const hits = (await llm.hits()).reduce((a, b) => a + b, 0);
      if (hits > seen) {
        // More than one new request since the last poll: the earlier one's
        // page was not seen (flagged; it would mean DELAY_MS is too short).
        const late = hits - seen > 1;
        seen = hits;
        const t0 = performance.now();
        const yaml = await page.locator('body').ariaSnapshot();
        const ms = performance.now() - t0;
        // What Playwright MCP itself sends (refs, generic nodes): reported beside.
        const yamlAi = await page.ariaSnapshot({ mode: 'ai' }).catch(() => null);
        snapshots.push({ request: seen, late, url: page.url(), title: await page.title(), yaml, yamlAi, ms });
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  return { snapshots, stop: async () => ((stopped = true), await loop) };
}

const { www, llm, browser, site } = await setUp(KEY);
// One server per real site, its origin allowed as www/'s is.
const realBase = {};
for (const name of NAMES.filter((n) => REAL_TASKS[n])) {
  const root = REAL_TASKS[name].site.root;
  realBase[root] ??= await h.startWww({ root });
}
await allowSites(browser.ctx, [www.main, ...Object.values(realBase).map((s) => s.main)].map((u) => new URL(u).origin));

const results = { runs: RUNS, smoke: SMOKE, delayMs: DELAY_MS, userAgent: await site.evaluate(() => navigator.userAgent), tasks: [] };
for (let run = 1; run <= RUNS; run++) {
  for (const name of NAMES) {
    const task = TASKS[name] ?? REAL_TASKS[name];
    if (TASKS[name]) await prepare(site, www.main, task);
    else await site.goto(`${realBase[task.site.root].main}${task.start}`);
    const panel = await h.openPanel(browser.ctx, browser.extensionId);
    await watchPrompts(panel);
    await llm.setScenario({ apiKey: KEY, rules: slowed(task.rules) });
    await llm.clearRequests();
    const watcher = snapshotEachTurn(llm, site);
    const secrets = [...(task.secrets ?? [])];
    const t0 = Date.now();
    const exchange = await startTask(panel, site, task.goal);
    const shown = await drive(exchange, async (card) => {
      if (card.kind === 'site') return { click: 'Allow once' };
      if (card.kind === 'confirm') return { click: 'Allow' };
      if (card.kind === 'secret') return { fill: secrets.shift()?.[1] ?? '', click: 'Fill in' };
      throw new Error(`bench agent: unexpected card “${card.name}”: ${card.text}`);
    });
    await watcher.stop();
    const requests = (await llm.requests()).filter((r) => r.path.endsWith('/chat/completions')).map((r) => r.body);
    const record = await exportTask(panel, await latestTaskId(browser.ctx, task.goal));
    const waits = await promptWaits(panel);
    await panel.close();
    if (record.status !== 'succeeded') console.error(`bench agent: ${name} run ${run} ended ${record.status}: ${record.failure ?? shown.text}`);
    results.tasks.push({ name, label: task.label, run, wallMs: Date.now() - t0, requests, snapshots: watcher.snapshots, task: record, waits });
    console.error(`bench agent: ${name} run ${run}: ${record.status}, ${requests.length} model calls, ${record.steps.length} steps, ${watcher.snapshots.length} snapshots`);
  }
}
await writeFile(path.join(OUT, 'results.json'), JSON.stringify(results));
await browser.close();
await llm.stop();
await www.stop();
for (const server of Object.values(realBase)) await server.stop();
