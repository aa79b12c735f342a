// What a saved flow saves, measured by `cargo xtask bench flows` (issue 43
// point 6): the coffee order of www/flows/ done by the agent (the model
// scripted: tests/support/agent_tasks.mjs's `coffee`), saved from that
// task as a flow ("save this as a flow called order coffee"), then
// replayed on the shop as it is and under generated markup mutations
// (www/flows/variant.js: class names and ids, the form's order, wrappers,
// reworded labels and buttons; `MUTATIONS` seeds per kind).
//
// Per agent run: the request bodies (xtask counts their tokens), the task
// as the panel exports it (our time per step). Per replay: every event the
// worker sent, read on a port of the panel's own (the same messages the
// panel gets; this script answers the card-number and confirmation
// prompts at once, and records when each waited), and whether the order
// page says what was ordered. The agent is not run on mutated pages: the
// scripted model finds elements by their names as first listed, so its
// figures there would measure the script, not a model.
//
// Writes BC_BENCH_OUT/results.json. Prints only progress. Asserts nothing.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as h from '../support/harness.mjs';
import { TASKS, prepare } from '../support/agent_tasks.mjs';
import { drive, exportTask, latestTaskId, promptWaits, setUp, startTask, watchPrompts } from '../support/agent_run.mjs';

const SMOKE = process.env.BC_BENCH_SMOKE === '1';
const RUNS = Number(process.env.BC_BENCH_RUNS ?? (SMOKE ? 1 : 3));
const MUTATIONS = Number(process.env.BC_BENCH_MUTATIONS ?? (SMOKE ? 2 : 5));
const KINDS = ['none', 'classes', 'order', 'wrap', 'reword', 'all'];
const OUT = process.env.BC_BENCH_OUT;
if (!OUT) throw new Error('BC_BENCH_OUT is not set: run through `cargo xtask bench flows`');
const KEY = 'sk-bench-flows-0123456789';
const CARD = '4242 4242 4242 4242';
const task = TASKS.coffee;

/**
 * Runs panel input `input` on a port of the panel page's own and returns
 * every task event of it (each with `at`, epoch ms), answering a secret
 * prompt with `card` and a confirmation with Allow as they come.
 */
function runOnPort(panel, input, card) {
  return panel.evaluate(({ input, card }) => new Promise((resolve) => {
    const id = 800_000 + Math.floor(Math.random() * 100_000);
    const port = chrome.runtime.connect({ name: 'panel' });
    const events = [];
    const end = (outcome) => {
      clearTimeout(timer);
      port.disconnect();
      resolve({ events, ...outcome });
    };
    const timer = setTimeout(() => end({ error: 'no end within 90 s' }), 90_000);
    port.onMessage.addListener((message) => {
      if (message.id !== id) return;
      if (message.type === 'localReply') return end({ reply: message.text });
      if (message.type === 'error') return end({ error: JSON.stringify(message) });
      if (message.type !== 'task') return;
      const event = { at: Date.now(), ...message.event };
      events.push(event);
      if (event.event === 'prompt') {
        const reply = event.prompt.kind === 'secret' ? { kind: 'secret', value: card, remember: false }
          : event.prompt.kind === 'confirm' ? { kind: 'confirm', allow: true }
          : event.prompt.kind === 'site' ? { kind: 'site', answer: 'once' }
          : { kind: 'answer', text: '' };
        port.postMessage({ type: 'taskReply', id, taskId: message.taskId, promptId: event.promptId, reply });
      }
      if (event.event === 'finished') end({});
    });
    port.postMessage({ type: 'ask', id, question: input, history: [] });
  }), { input, card });
}

// Anything the flows do not take reaches the model: its log proves a
// replay made no request.
const { www, llm, browser, site } = await setUp(KEY);
const chats = async () => (await llm.requests()).filter((r) => r.path.endsWith('/chat/completions'));
const confirmation = async () => (site.url().includes('/flows/done/') ? (await site.locator('#confirmation').innerText()).trim() : '');

const results = { runs: RUNS, mutations: MUTATIONS, userAgent: await site.evaluate(() => navigator.userAgent), agent: [], replays: [], saved: null };
const panel = await h.openPanel(browser.ctx, browser.extensionId);
await watchPrompts(panel);

// The agent, as often as the other benches run a task.
for (let run = 1; run <= RUNS; run++) {
  await site.goto(`${www.main}/`);
  await site.evaluate(() => sessionStorage.removeItem('flows-mutate'));
  await prepare(site, www.main, task);
  await llm.setScenario({ apiKey: KEY, rules: task.rules });
  await llm.clearRequests();
  const t0 = Date.now();
  const exchange = await startTask(panel, site, task.goal);
  const secrets = [...task.secrets];
  const shown = await drive(exchange, async (card) => {
    if (card.kind === 'confirm') return { click: 'Allow' };
    if (card.kind === 'secret') return { fill: secrets.shift()?.[1] ?? '', click: 'Fill in' };
    if (card.kind === 'site') return { click: 'Allow once' };
    throw new Error(`bench flows: unexpected card “${card.name}”: ${card.text}`);
  });
  const requests = (await chats()).map((r) => r.body);
  const record = await exportTask(panel, await latestTaskId(browser.ctx, task.goal));
  const page = await confirmation();
  results.agent.push({ run, wallMs: Date.now() - t0, requests, task: record, waits: await promptWaits(panel), page });
  console.error(`bench flows: agent run ${run}: ${record.status} (${shown.status}), ${requests.length} model calls, ${record.steps.length} steps; page: ${page || site.url()}`);
  if (run === 1) {
    // The task, saved as a flow by the sentence the panel's button puts in.
    await llm.setScenario({ apiKey: KEY, rules: [] });
    const saved = await runOnPort(panel, 'save this as a flow called order coffee', CARD);
    const sw = await h.serviceWorker(browser.ctx);
    const flows = JSON.parse((await sw.evaluate(() => chrome.storage.local.get('flows'))).flows ?? '[]');
    results.saved = { reply: saved.reply ?? saved.error ?? '', flow: flows.find((f) => f.name === 'order coffee') ?? null };
    console.error(`bench flows: saved: ${results.saved.flow ? `${results.saved.flow.steps.length} steps, parameters ${results.saved.flow.parameters.map((p) => p.name).join(', ')}` : results.saved.reply}`);
  }
}

// The flow, replayed on the page as it is and under each mutation.
if (results.saved?.flow) {
  await llm.setScenario({ apiKey: KEY, rules: [] });
  for (const kind of KINDS) {
    for (let seed = 1; seed <= (kind === 'none' ? RUNS : MUTATIONS); seed++) {
      await site.goto(`${www.main}/flows/shop/`);
      await site.evaluate((m) => (m ? sessionStorage.setItem('flows-mutate', m) : sessionStorage.removeItem('flows-mutate')), kind === 'none' ? '' : `${kind}:${seed}`);
      await site.reload();
      await site.bringToFront();
      await llm.clearRequests();
      const t0 = Date.now();
      const { events, error, reply } = await runOnPort(panel, 'run order coffee', CARD);
      await site.waitForURL(/\/flows\/done\//, { timeout: 5_000 }).catch(() => {});
      const page = await confirmation();
      const finished = events.find((e) => e.event === 'finished');
      results.replays.push({ kind, seed, wallMs: Date.now() - t0, events, error: error ?? reply ?? null, status: finished?.status ?? 'none', answer: finished?.answer ?? '', page, modelRequests: (await chats()).length });
      console.error(`bench flows: replay ${kind}:${seed}: ${finished?.status ?? error ?? reply}; page: ${page || site.url()}`);
    }
  }
}
await site.evaluate(() => sessionStorage.removeItem('flows-mutate')).catch(() => {});
await writeFile(path.join(OUT, 'results.json'), JSON.stringify(results));
await browser.close();
await llm.stop();
await www.stop();
