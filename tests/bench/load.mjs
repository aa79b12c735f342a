// Page-load overhead of the extension: each www/ page is loaded N times in a
// Chromium with the extension and in an identical one without (both
// persistent profiles, same flags), alternating, and the navigation timings
// are compared. The content WASM is loaded lazily, so the expected overhead is
// that of the tiny loader only; what the user pays when the copilot first
// works on a page (importing and starting the content module) is measured
// separately. Prints a table; asserts nothing (figures, not pass/fail).
import * as h from '../support/harness.mjs';

const RUNS = Number(process.env.BC_BENCH_RUNS ?? 15);
const PAGES = ['/', '/pricing/', '/article/', '/app/billing/', '/app/catalog/', '/shadow/', '/spa/', '/preact-form/', '/csp-strict/'];

const www = await h.startWww();
const withExt = await h.launchBrowser();
const plain = await h.launchBrowser({ extension: false });
const plainCtx = plain.ctx;

async function measure(ctx, url, activate = false) {
  const page = await ctx.newPage();
  await page.goto(url, { waitUntil: 'load' });
  // Let document_idle content scripts run, then read the timings.
  await page.waitForTimeout(50);
  const t = await page.evaluate(() => {
    const [n] = performance.getEntriesByType('navigation');
    return { dcl: n.domContentLoadedEventEnd, load: n.loadEventEnd };
  });
  if (activate) {
    // First use on this page: the worker asks, the loader imports and starts the module.
    const tabId = await h.tabIdOf(ctx, page.url());
    t.activate = await withExt.sw.evaluate(async (id) => {
      const t0 = performance.now();
      const r = await self.copilot.contentStatus(id);
      if (!r.ok) throw new Error(r.error);
      return { ms: performance.now() - t0, build: r.data.build };
    }, tabId);
  }
  await page.close();
  return t;
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

console.log(`page-load overhead, ${RUNS} runs per page (ms; median / p95 of loadEventEnd)`);
console.log(['page'.padEnd(18), 'without'.padStart(16), 'with ext'.padStart(16), 'ratio p50'.padStart(10), 'first use p50 (build)'.padStart(24)].join(' '));
let ratios = [];
for (const p of PAGES) {
  const a = [], b = [], act = [];
  let build = '';
  for (let i = 0; i < RUNS; i++) {
    a.push((await measure(plainCtx, www.main + p)).load);
    b.push((await measure(withExt.ctx, www.main + p)).load);
    const t = await measure(withExt.ctx, www.main + p, true);
    act.push(t.activate.ms);
    build = t.activate.build;
  }
  const ratio = pct(b, 50) / pct(a, 50);
  ratios.push(ratio);
  const fmt = (xs) => `${pct(xs, 50).toFixed(1)} / ${pct(xs, 95).toFixed(1)}`;
  console.log([p.padEnd(18), fmt(a).padStart(16), fmt(b).padStart(16), ratio.toFixed(2).padStart(10), `${pct(act, 50).toFixed(1)} ms (${build})`.padStart(24)].join(' '));
}
const geo = Math.exp(ratios.reduce((s, r) => s + Math.log(r), 0) / ratios.length);
console.log(`geometric mean ratio (with / without): ${geo.toFixed(3)}`);
await plain.close();
await withExt.close();
await www.stop();
