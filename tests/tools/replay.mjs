// The browser half of `cargo xtask replay <export.json>`: plays a recorded
// task again in the real side panel against www/, the scripted server
// answering each model turn as recorded (xtask built the rules, with the
// recorded listing ids turned into `{{match:…}}` templates on their
// labels: crates/xtask/src/replay.rs), and writes the new task as the
// panel exports it for xtask to compare with the record.
//
// Reads BC_REPLAY_PLAN: { goal, start: {url, signedIn}, rules, default,
// answers, recordedSteps: [{description, status, result}] }. Writes BC_REPLAY_OUT: { task, prompts, stoppedAtTurn }.
// Prints only progress (stderr); xtask prints the report.
import { readFile, writeFile } from 'node:fs/promises';
import * as h from '../support/harness.mjs';
import { signIn } from '../support/agent_tasks.mjs';
import { drive, exportTask, latestTaskId, startTask } from '../support/agent_run.mjs';

const env = (name) => process.env[name] ?? (() => { throw new Error(`${name} is not set: run through \`cargo xtask replay\``); })();
const plan = JSON.parse(await readFile(env('BC_REPLAY_PLAN'), 'utf8'));
const KEY = 'sk-replay-0123456789';

const www = await h.startWww();
const llm = await h.startLlm({ apiKey: KEY, rules: plan.rules, default: plan.default });
const browser = await h.launchBrowser();
try {
  const options = await h.openOptions(browser.ctx, browser.extensionId);
  await h.configure(options, { endpoint: llm.url, apiKey: KEY, model: 'replay', timeoutSecs: 30 });
  await options.close();

  // The recorded page, on this run's www/ origin (its port differs).
  const recorded = new URL(plan.start.url);
  const site = browser.ctx.pages()[0];
  if (plan.start.signedIn === true) await signIn(site, www.main);
  const start = `${www.main}${recorded.pathname}${recorded.search}${recorded.hash}`;
  await site.goto(start);
  console.error(`replay: ${plan.rules.length} recorded model turns, on ${start}`);

  const panel = await h.openPanel(browser.ctx, browser.extensionId);
  const exchange = await startTask(panel, site, plan.goal);

  // A turn whose template found no line in the page listing gets a 500
  // from the server, which the agent retries after 1 s, 2 s, 4 s: a rule
  // answering a second time is that turn failing. Stop the task there.
  let stoppedAtTurn = null;
  let watching = true;
  const watcher = (async () => {
    while (watching && stoppedAtTurn === null) {
      const hits = await llm.hits();
      const twice = hits.findIndex((n) => n > 1);
      if (twice >= 0) {
        stoppedAtTurn = twice + 1;
        await panel.getByRole('button', { name: 'Stop' }).click().catch(() => {});
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();

  const answers = [...(plan.answers ?? [])];
  const prompts = [];
  // The recorded step a site or confirmation card is about (same words).
  const recordedStep = (action) => plan.recordedSteps.find((s) => s.description === action);
  await drive(exchange, async (card) => {
    const step = recordedStep(card.action);
    let reply;
    if (card.kind === 'site') {
      reply = step?.status === 'denied' && /did not allow actions/.test(step.result) ? { click: "Don't allow" } : { click: 'Allow once' };
    } else if (card.kind === 'confirm') {
      // Only what the record confirmed: a step it did not have is not allowed.
      reply = step?.status === 'ok' ? { click: 'Allow' } : { click: "Don't allow" };
    } else if (card.kind === 'secret') {
      reply = { click: "Don't fill in" };
    } else if (card.kind === 'question') {
      reply = { fill: answers.shift() ?? '(the record has no answer)', click: 'Reply' };
    } else {
      reply = { click: "Don't allow" };
    }
    prompts.push({ kind: card.kind, action: card.action || card.name, answer: reply.fill ?? reply.click });
    return reply;
  }, { timeout: 120_000 });
  watching = false;
  await watcher;

  const task = await exportTask(panel, await latestTaskId(browser.ctx, plan.goal));
  await writeFile(env('BC_REPLAY_OUT'), JSON.stringify({ task, prompts, stoppedAtTurn }));
  console.error(`replay: the task ended ${task.status} after ${task.steps.length} steps`);
} finally {
  await browser.close();
  await llm.stop();
  await www.stop();
}
