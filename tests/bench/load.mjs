// Page-load overhead of the extension: each www/ page is loaded N times in a
// Chromium with the extension and in one without, alternating, and the
// navigation timings are compared. The content WASM is loaded lazily, so the
// expected overhead is that of the tiny loader only. Prints a table; asserts
// nothing (figures, not pass/fail).
import { chromium } from 'playwright-core';
import * as h from '../support/harness.mjs';

const RUNS = Number(process.env.BC_BENCH_RUNS ?? 15);
const PAGES = ['/', '/pricing/', '/article/', '/app/billing/', '/app/catalog/', '/shadow/', '/spa/', '/preact-form/', '/csp-strict/'];

const www = await h.startWww();
const withExt = await h.launchBrowser();
const plain = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: h.CHROMIUM_FLAGS });
const plainCtx = await plain.newContext();

async function measure(ctx, url) {
  const page = await ctx.newPage();
  await page.goto(url, { waitUntil: 'load' });
  // Let document_idle content scripts run, then read the timings.
  await page.waitForTimeout(50);
  const t = await page.evaluate(() => {
    const [n] = performance.getEntriesByType('navigation');
    return { dcl: n.domContentLoadedEventEnd, load: n.loadEventEnd };
  });
  await page.close();
  return t;
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

console.log(`page-load overhead, ${RUNS} runs per page (ms; median / p95 of loadEventEnd)`);
console.log(['page'.padEnd(18), 'without'.padStart(16), 'with ext'.padStart(16), 'ratio p50'.padStart(10)].join(' '));
let ratios = [];
for (const p of PAGES) {
  const a = [], b = [];
  for (let i = 0; i < RUNS; i++) {
    a.push((await measure(plainCtx, www.main + p)).load);
    b.push((await measure(withExt.ctx, www.main + p)).load);
  }
  const ratio = pct(b, 50) / pct(a, 50);
  ratios.push(ratio);
  const fmt = (xs) => `${pct(xs, 50).toFixed(1)} / ${pct(xs, 95).toFixed(1)}`;
  console.log([p.padEnd(18), fmt(a).padStart(16), fmt(b).padStart(16), ratio.toFixed(2).padStart(10)].join(' '));
}
const geo = Math.exp(ratios.reduce((s, r) => s + Math.log(r), 0) / ratios.length);
console.log(`geometric mean ratio (with / without): ${geo.toFixed(3)}`);
await plain.close();
await withExt.close();
await www.stop();
