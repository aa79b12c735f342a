// `cargo xtask inspect <url-or-file> [--summary compact|full] [--query TEXT]
//  [--kind action|form|collection] [--top K] [--root DIR]`: runs the real extension in
// headless Chromium on any page and prints what the copilot sees — the
// MiniPCD, the page summary or ranked query results — as JSON, with timings
// (on stderr, so stdout stays pipeable JSON).
import fs from 'node:fs';
import path from 'node:path';
import * as h from '../support/harness.mjs';

const USAGE = 'usage: cargo xtask inspect <url-or-file> [--summary compact|full] [--query TEXT] [--kind action|form|collection] [--top K] [--root DIR]';
// Options and the values each takes (null: any text); anything else is a
// mistake to name before a browser starts.
const OPTIONS = { '--summary': ['compact', 'full'], '--query': null, '--kind': ['action', 'form', 'collection'], '--top': null, '--root': null };
const args = process.argv.slice(2);
const usageError = (why) => {
  console.error(`inspect: ${why}\n${USAGE}`);
  process.exit(2);
};
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
const opts = {};
const targets = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (!a.startsWith('--')) {
    targets.push(a);
    continue;
  }
  if (!(a in OPTIONS)) usageError(`unknown option ${a}`);
  const v = args[++i];
  if (v === undefined) usageError(`${a} needs a value`);
  if (OPTIONS[a] && !OPTIONS[a].includes(v)) usageError(`${a} ${v}: expected one of ${OPTIONS[a].join(', ')}`);
  opts[a] = v;
}
if (opts['--top'] !== undefined && !/^[1-9][0-9]*$/.test(opts['--top'])) usageError(`--top ${opts['--top']}: expected a positive whole number`);
if (targets.length !== 1) usageError(targets.length ? `one page at a time (got ${targets.join(', ')})` : 'which page? (a URL or a local file)');
const opt = (name) => opts[name];
const target = targets[0];
// A local file is served over HTTP by our www server, as a web page: from
// www/ when it is under www/, else from `--root DIR` (default: the file's
// own folder; name a higher one when the page loads `../` resources). Not
// as file://: content scripts may not read local files until the user
// allows it on chrome://extensions, which a headless run cannot.
let www;
let url = target;
if (!/^[a-z]+:\/\//i.test(target)) {
  const abs = path.resolve(target);
  if (!fs.existsSync(abs)) usageError(`${target}: no such file (a web page is named by its URL, with its scheme: https://…)`);
  const wwwRoot = path.resolve(process.env.BC_WWW_ROOT);
  const inWww = abs.startsWith(wwwRoot + path.sep);
  const root = opt('--root') ? path.resolve(opt('--root')) : inWww ? wwwRoot : path.dirname(abs);
  if (!abs.startsWith(root + path.sep)) {
    console.error(`inspect: ${abs} is not inside --root ${root}`);
    process.exit(2);
  }
  www = await h.startWww(root === wwwRoot ? {} : { root });
  url = www.main + '/' + path.relative(root, abs).split(path.sep).join('/');
}

const browser = await h.launchBrowser();
try {
  const page = await browser.ctx.newPage();
  const t0 = performance.now();
  const resp = await page.goto(url, { waitUntil: 'load' });
  const loadMs = performance.now() - t0;
  await page.waitForTimeout(300); // let page scripts render
  const tabId = await h.tabIdOf(browser.ctx, page.url());
  const call = async (tool, a) => {
    const started = performance.now();
    const r = await browser.sw.evaluate(([t, x]) => self.copilot.call(t, x), [tool, { tabId, ...a }]);
    return { r, ms: performance.now() - started };
  };
  const status = await browser.sw.evaluate((id) => self.copilot.contentStatus(id), tabId);
  let result;
  if (opt('--summary')) {
    result = await call('pcd.summary', { mode: opt('--summary') });
  } else if (opt('--query') !== undefined || opt('--kind')) {
    result = await call('pcd.query', { text: opt('--query'), kind: opt('--kind'), topK: Number(opt('--top') ?? 10) });
  } else {
    result = await call('getMiniPCD', {});
  }
  // A second run shows the warm cost (module loaded, page laid out).
  const warm = opt('--summary') ? await call('pcd.summary', { mode: opt('--summary') }) : null;
  console.log(JSON.stringify(result.r, null, 2));
  const build = status.ok ? `${status.data.build}${status.data.fallbackReason ? ` (fallback: ${status.data.fallbackReason})` : ''}` : status.error;
  console.error(`\nurl: ${page.url()} (HTTP ${resp?.status() ?? '?'}, load ${loadMs.toFixed(0)} ms)`);
  console.error(`content module: ${build}`);
  console.error(`tool call: ${result.ms.toFixed(1)} ms${warm ? `; again: ${warm.ms.toFixed(1)} ms` : ''}; output ${JSON.stringify(result.r.data ?? result.r).length} chars`);
  if (!result.r.ok) process.exitCode = 1;
} finally {
  await browser.close();
  await www?.stop();
}
