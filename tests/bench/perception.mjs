// Perception cost, measured by `cargo xtask bench perception`: on every www/
// page and on generated pages of 10k and 50k elements (a store; and an app's
// page of 10k, ARIA widgets built of divs), in both content builds
// (WASM, and wasm2js forced by a CSP header that forbids WebAssembly), it
// times the MiniPCD build (first after load, and again after a one-text
// mutation), the compact page summary, and — in the same tab, same run —
// Playwright's `ariaSnapshot()` of the body, the baseline we compare with.
//
// Two clocks for our tools:
// - e2e: `self.copilot.call` timed inside the service worker (messaging,
//   the content module's work, structured clones back);
// - page: the content module's `handle_message` alone, timed in the page's
//   isolated world by wrapping the loader's module handle over CDP (the
//   content module has no timing hook of its own).
// ariaSnapshot is timed from node (a CDP round trip, like our e2e).
//
// With BC_BENCH_REAL=1, also real sites' pages this machine holds (the
// Rust docs rustup installs, Node's and npm's docs: tests/support/
// real_sites.mjs), served offline from their folders, labelled `real: …`.
//
// Writes raw samples (`results.json`) and the last run's outputs (MiniPCD
// JSON, compact summary JSON, aria snapshot YAML; all three of the DOM after
// the mutation) to BC_BENCH_OUT; xtask counts tokens and prints the tables.
// Prints only progress. Asserts nothing.
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as h from '../support/harness.mjs';
import { realSources } from '../support/real_sites.mjs';

const SMOKE = process.env.BC_BENCH_SMOKE === '1';
const RUNS = Number(process.env.BC_BENCH_RUNS ?? (SMOKE ? 2 : 10));
// The 50k page costs ~15 s a load (its ariaSnapshot alone ~10 s): half the runs.
const runsFor = (target) => (target.generated >= 50_000 ? Math.min(RUNS, Math.max(3, Math.ceil(RUNS / 2))) : RUNS);
const OUT = process.env.BC_BENCH_OUT;
if (!OUT) throw new Error('BC_BENCH_OUT is not set: run through `cargo xtask bench perception`');
const GENERATED = SMOKE ? [1000] : [10_000, 50_000];
// Forces the fallback: a CSP without 'wasm-unsafe-eval'/'unsafe-eval' stops
// WebAssembly compiling, content scripts included, while every page script
// (inline ones and import maps too) still runs, so both builds see one page.
const WASM_BLOCKING_CSP = "script-src * 'unsafe-inline' data: blob:";

/** Every www/ page: `/` + each folder with an index.html + top-level *.html (not the generator). */
/** Loads `url`: to its load event, or, on a page whose load never ends
 * (www/hostile/dead-frames/: a frame that never loads), to its DOM and
 * 3 s more. */
async function open(page, url) {
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page.waitForLoadState('load', { timeout: 3_000 }).catch(() => {});
}

async function wwwPages(root) {
  const pages = [];
  const walk = async (dir, rel) => {
    for (const name of (await readdir(dir)).sort()) {
      const abs = path.join(dir, name);
      if ((await stat(abs)).isDirectory()) {
        if (name === 'generated' || name === 'assets') continue;
        await walk(abs, `${rel}${name}/`);
      } else if (name === 'index.html') {
        pages.push(rel);
      } else if (rel === '/' && name.endsWith('.html')) {
        pages.push(`/${name}`);
      }
    }
  };
  await walk(root, '/');
  return pages;
}

const www = await h.startWww();
const browser = await h.launchBrowser();
// The app pages redirect to sign-in without a session (as in the e2e tests).
{
  const page = await browser.ctx.newPage();
  await page.goto(`${www.main}/app/signin/`);
  await page.evaluate(() => localStorage.setItem('acme.session', JSON.stringify({ email: 'demo@acme.test', remember: true, since: new Date() })));
  await page.close();
}
// BC_BENCH_PAGES (a regular expression on the labels, e.g. `generated`)
// narrows the pages, for measuring one change quickly.
const only = process.env.BC_BENCH_PAGES ? new RegExp(process.env.BC_BENCH_PAGES) : null;
const targets = [
  ...(SMOKE ? ['/'] : await wwwPages(process.env.BC_WWW_ROOT)).map((p) => ({ label: p, path: p, generated: 0 })),
  ...GENERATED.map((n) => ({ label: `generated ${n / 1000}k`, path: `/generated/?n=${n}`, generated: n })),
  // An app's page of the same size: ARIA widgets built of divs (gen.js `shape=app`).
  ...(SMOKE ? [] : [{ label: 'generated app 10k', path: '/generated/?n=10000&shape=app', generated: 10_000 }]),
];
// Real sites' pages, each site from a server of its own.
const servers = [];
if (process.env.BC_BENCH_REAL === '1') {
  for (const site of realSources()) {
    const server = await h.startWww({ root: site.root });
    servers.push(server);
    const host = site.label.split(' ')[0];
    targets.push(...site.pages.map((p) => ({ label: `real: ${host}${p}`, path: p, base: server.main, generated: 0 })));
  }
}
const chosen = targets.filter((t) => !only || only.test(t.label));

/** Times one tool call inside the service worker. */
async function call(tool, args) {
  const sw = await h.serviceWorker(browser.ctx);
  const { r, ms } = await sw.evaluate(async ([t, a]) => {
    const t0 = performance.now();
    const r = await self.copilot.call(t, a);
    return { r, ms: performance.now() - t0 };
  }, [tool, args]);
  if (!r.ok) throw new Error(`${tool}: ${r.error}`);
  return { data: r.data, ms };
}


// Wraps the loaded module's handle_message so each request's own time is
// recorded in the page (sync or async answers alike). False if the loader's
// shape changed: the page column is then left empty, the rest still runs.
const WRAP = `(() => {
  if (typeof content === 'undefined' || !content) return false;
  const times = (globalThis.__bcBenchTimes ??= []);
  content = content.then((m) => m.__bcBenchWrapped ? m : {
    ...m,
    __bcBenchWrapped: true,
    handle_message(msg) {
      const t0 = performance.now();
      const done = () => times.push({ type: msg && msg.type, ms: performance.now() - t0 });
      const r = m.handle_message(msg);
      if (r && typeof r.then === 'function') return r.then((v) => (done(), v));
      done();
      return r;
    },
  });
  return true;
})()`;
const TAKE_TIMES = `(globalThis.__bcBenchTimes ?? []).splice(0)`;
// Where the last MiniPCD request's time went in the page (live::Stats).
const LIVE_STATS = `content.then((m) => m.debug_live_stats ? m.debug_live_stats() : null)`;

// The small mutation before the incremental build: one control's text changes
// (or, on pages without one, the first text there is).
function mutateOneText() {
  const el = ['main button', 'main a[href]', 'button', 'a[href]', 'h1', 'main *', 'body *']
    .flatMap((sel) => [...document.querySelectorAll(sel)])
    .find((e) => e.textContent.trim());
  if (!el) return false;
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    if (t.data.trim()) {
      t.data += ' (updated)';
      return true;
    }
  }
  return false;
}

// What an LLM takes to read a page summary, at the least.
const THINK_MS = 1000;

const slug = (label, build) => `${label.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root'}.${build}`;

/** RUNS fresh loads of one page in one build; samples and the last outputs. */
async function measure(target, requested) {
  const url = (target.base ?? www.main) + target.path;
  const page = await browser.ctx.newPage();
  // Both builds go through the same interception (it turns the HTTP cache
  // off); only the fallback's documents (after redirects too) get the CSP.
  await page.route('**/*', async (route) => {
    // Offline: real pages' fonts, analytics and CDNs are not what is measured.
    if (!/^https?:\/\/(127\.0\.0\.1|localhost)[:/]/.test(route.request().url()) && /^https?:/.test(route.request().url())) return route.abort();
    // A frame that never loads (www/hostile/dead-frames/) is left to hang.
    if (requested === 'wasm' || route.request().resourceType() !== 'document' || route.request().url().includes('/__never/')) return route.continue();
    const response = await route.fetch();
    const headers = response.headers();
    const csp = [headers['content-security-policy'], WASM_BLOCKING_CSP].filter(Boolean).join(', ');
    await route.fulfill({ response, headers: { ...headers, 'content-security-policy': csp } });
  });
  const world = await h.isolatedWorld(browser, page);
  const s = { pcdFirstE2e: [], pcdFirstPage: [], pcdIncrE2e: [], pcdIncrPage: [], summaryE2e: [], summaryPage: [], aria: [], pcdWarmE2e: [], pcdWarmPage: [], phasesFirst: [], phasesIncr: [] };
  let build, elements, last, mutated = true, tabId;
  const runs = runsFor(target);
  for (let i = 0; i < runs; i++) {
    await open(page, url);
    if (target.generated) await page.waitForFunction(() => document.documentElement.dataset.generated);
    await page.waitForTimeout(150); // page scripts render; then a quiet page
    tabId ??= await h.tabIdOf(browser.ctx, page.url());
    elements = await page.evaluate(() => document.getElementsByTagName('*').length);
    // Load the content module and Playwright's injected script before timing either.
    const status = await (await h.serviceWorker(browser.ctx)).evaluate((id) => self.copilot.contentStatus(id), tabId);
    if (!status.ok) throw new Error(`contentStatus: ${status.error}`);
    build = status.data.build;
    await page.locator('body').count();
    const wrapped = await world.evaluate(WRAP);

    const first = await call('getMiniPCD', { tabId });
    const firstStats = await world.evaluate(LIVE_STATS);
    mutated = (await page.evaluate(mutateOneText)) && mutated;
    const incr = await call('getMiniPCD', { tabId });
    const incrStats = await world.evaluate(LIVE_STATS);
    if (firstStats?.phases && incrStats?.phases) {
      s.phasesFirst.push({ ...firstStats.phases, longest: firstStats.longest_ms });
      s.phasesIncr.push({ ...incrStats.phases, longest: incrStats.longest_ms });
    }
    const summary = await call('pcd.summary', { tabId, mode: 'compact' });
    const t0 = performance.now();
    const aria = await page.locator('body').ariaSnapshot();
    const ariaMs = performance.now() - t0;

    s.pcdFirstE2e.push(first.ms);
    s.pcdIncrE2e.push(incr.ms);
    s.summaryE2e.push(summary.ms);
    s.aria.push(ariaMs);
    if (wrapped) {
      const inPage = await world.evaluate(TAKE_TIMES);
      const pcd = inPage.filter((t) => t.type === 'miniPcd');
      const sum = inPage.filter((t) => t.type === 'summary');
      if (pcd.length === 2 && sum.length === 1) {
        s.pcdFirstPage.push(pcd[0].ms);
        s.pcdIncrPage.push(pcd[1].ms);
        s.summaryPage.push(sum[0].ms);
      }
    }
    // The three outputs of the same (mutated) DOM.
    last = { minipcd: incr.data, summary: summary.data, aria };
  }
  // An agent's first MiniPCD after navigating, on the generated pages: a
  // fresh load, the page summary a navigation returns, a second for the LLM
  // to read it, then getMiniPCD (the summary prefetched in idle time).
  for (let i = 0; target.generated && i < runs; i++) {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset.generated);
    await page.waitForTimeout(150);
    await (await h.serviceWorker(browser.ctx)).evaluate((id) => self.copilot.contentStatus(id), tabId);
    const wrapped = await world.evaluate(WRAP);
    await call('pcd.summary', { tabId, mode: 'compact' });
    await page.waitForTimeout(THINK_MS);
    const warm = await call('getMiniPCD', { tabId });
    s.pcdWarmE2e.push(warm.ms);
    if (wrapped) {
      const pcd = (await world.evaluate(TAKE_TIMES)).filter((t) => t.type === 'miniPcd');
      if (pcd.length === 1) s.pcdWarmPage.push(pcd[0].ms);
    }
  }
  await world.detach();
  await page.close();

  const base = slug(target.label, requested);
  const files = { minipcd: `${base}.minipcd.json`, summary: `${base}.summary.json`, aria: `${base}.aria.yaml` };
  await writeFile(path.join(OUT, files.minipcd), JSON.stringify(last.minipcd));
  await writeFile(path.join(OUT, files.summary), JSON.stringify(last.summary));
  await writeFile(path.join(OUT, files.aria), last.aria);
  return { requested, build, elements, mutated, runs, samples: s, files };
}

await mkdir(OUT, { recursive: true });
const results = { runs: RUNS, smoke: SMOKE, userAgent: await browser.sw.evaluate(() => navigator.userAgent), pages: [] };
try {
  for (const target of chosen) {
    const builds = [];
    for (const requested of ['wasm', 'wasm2js']) {
      const t0 = performance.now();
      const m = await measure(target, requested);
      builds.push(m);
      console.error(`bench perception: ${target.label} (${m.elements} elements) ${m.build}: ${m.runs} runs in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    results.pages.push({ label: target.label, path: target.path, generated: target.generated, builds });
  }
} finally {
  await writeFile(path.join(OUT, 'results.json'), JSON.stringify(results, null, 1));
  await browser.close();
  await www.stop();
  for (const server of servers) await server.stop();
}
