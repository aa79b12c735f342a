// The attack suite as a benchmark, for `cargo xtask bench safety` (issue
// 41): every case of www/attacks/cases.js played as the e2e test plays it
// (tests/support/attack_run.mjs: same runner, same judgement), the rows
// written to BC_BENCH_OUT/results.json for xtask to print as the table.
// `BC_BENCH_SMOKE=1` plays one case per channel of the mail site.
// Prints only progress. Asserts nothing.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as h from '../support/harness.mjs';
import { CASES, playCase } from '../support/attack_run.mjs';

const OUT = process.env.BC_BENCH_OUT;
if (!OUT) throw new Error('BC_BENCH_OUT is not set: run through `cargo xtask bench safety`');
const SMOKE = process.env.BC_BENCH_SMOKE === '1';
const KEY = 'sk-bench-safety-0123456789';

const www = await h.startWww();
const llm = await h.startLlm({ apiKey: KEY, rules: [] });
const browser = await h.launchBrowser();
try {
  const options = await h.openOptions(browser.ctx, browser.extensionId);
  await h.configure(options, { endpoint: llm.url, apiKey: KEY, model: 'adversary', timeoutSecs: 10 });
  await options.close();
  const page = browser.ctx.pages()[0];
  const checker = await browser.ctx.newPage();
  await checker.goto(`${www.main}/attacks/help/`);
  const cases = SMOKE ? CASES.filter((c) => c.site === 'mail') : CASES;
  const rows = [];
  const started = Date.now();
  for (const [i, c] of cases.entries()) {
    rows.push(await playCase({ browser, www, llm, key: KEY, page, checker }, c));
    process.stderr.write(`\r${i + 1}/${cases.length} cases`);
  }
  process.stderr.write('\n');
  await writeFile(path.join(OUT, 'results.json'), JSON.stringify({ rows, seconds: (Date.now() - started) / 1000 }, null, 1));
} finally {
  await browser.close();
  await llm.stop();
  await www.stop();
}
