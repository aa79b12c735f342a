// Main content on article pages (issue 44 point 3): does the compact
// summary's content preview start where the article starts? For each page,
// opened in Chromium with the real extension (`pcd.summary`, compact), the
// word-F1 between the preview (≤ 300 characters) and the article's first
// 300 characters, and the page type. Prints every page and the share with
// F1 ≥ 0.6 (the reach: ≥ 90% of pages); asserts nothing.
//
// Pages:
// - www/articles-wild/*/: article pages written like real CMS output
//   (WordPress, news portals, Medium-like div soup, a forum, docs, a
//   recipe blog, table layouts, Chinese, Japanese and German news) with
//   no `main`/`article` landmark; the article's text is `expected.txt`
//   beside each page (its first paragraph on: no headline, no byline);
// - the real sites' pages this machine holds (`tests/support/real_sites.mjs`),
//   the expected text being the `innerText` of the page's article area
//   (`ARTICLE_AREA` below, per generator); pages of a site not listed
//   there (apps) are skipped.
//
// Words: letters and digits, lowercased; each character of a script
// written without spaces (Han, kana, Hangul, Thai) is a word.
//
// Usage: cargo xtask conformance main-content [--page SUBSTRING]
//   (or node tests/conformance/main_content.mjs with BC_EXTENSION_DIR,
//   BC_BIN_DIR and BC_WWW_ROOT set, as for the e2e tests)
import fs from 'node:fs';
import path from 'node:path';
import * as h from '../support/harness.mjs';
import { realSources } from '../support/real_sites.mjs';

const argv = process.argv.slice(2);
const onlyPage = argv.includes('--page') ? argv[argv.indexOf('--page') + 1] : null;
const CHARS = 300;
const REACH = 0.6;

/** The article area of each real site's pages, by the site's label start. */
const ARTICLE_AREA = [
  ['doc.rust-lang.org', (p) => (p.includes('/book/') || p.includes('/cargo/') || p.includes('/reference/') || p.includes('/rust-by-example/') || p.includes('/error_codes/') ? 'main' : '#main-content')],
  ['nodejs.org', () => '#apicontent'],
  ['docs.npmjs.com', () => '#_content'],
  ['valgrind.org', () => '.chapter'],
];

const collapse = (s) => s.replace(/\s+/g, ' ').trim();
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/gu;
/** The words of `s` (see the header). */
export function words(s) {
  return s.toLowerCase().replace(UNSPACED, ' $& ').split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}
/** Word-F1 of `got` against `want` (bags of words). */
export function f1(got, want) {
  const g = words(got);
  const w = words(want);
  if (!g.length || !w.length) return 0;
  const left = new Map();
  for (const x of w) left.set(x, (left.get(x) ?? 0) + 1);
  let common = 0;
  for (const x of g) {
    if ((left.get(x) ?? 0) > 0) {
      common += 1;
      left.set(x, left.get(x) - 1);
    }
  }
  if (!common) return 0;
  const p = common / g.length;
  const r = common / w.length;
  return (2 * p * r) / (p + r);
}

const www = path.resolve(process.env.BC_WWW_ROOT ?? 'www');
const wildRoot = path.join(www, 'articles-wild');
const sources = [];
if (fs.existsSync(wildRoot)) {
  const pages = fs.readdirSync(wildRoot).filter((d) => fs.existsSync(path.join(wildRoot, d, 'expected.txt'))).sort();
  sources.push({ label: 'www/articles-wild', root: wildRoot, pages: pages.map((d) => ({ path: `/${d}/`, expected: fs.readFileSync(path.join(wildRoot, d, 'expected.txt'), 'utf8') })) });
}
for (const s of realSources()) {
  const area = ARTICLE_AREA.find(([label]) => s.label.startsWith(label))?.[1];
  if (area) sources.push({ label: s.label, root: s.root, pages: s.pages.map((p) => ({ path: p, area: area(p) })) });
}

const browser = await h.launchBrowser();
await browser.ctx.route((url) => !/^(127\.0\.0\.1|localhost)$/.test(url.hostname) && /^https?:$/.test(url.protocol), (r) => r.abort());
const call = async (tool, args) => (await h.serviceWorker(browser.ctx)).evaluate(([t, a]) => self.copilot.call(t, a), [tool, args]);
/** The median time of `n` compact summaries of `tabId` (ms, timed in the service worker). */
async function summaryMs(tabId, n = 5) {
  const sw = await h.serviceWorker(browser.ctx);
  const ms = [];
  for (let i = 0; i < n; i++) {
    ms.push(await sw.evaluate(async (id) => {
      const t0 = performance.now();
      await self.copilot.call('pcd.summary', { tabId: id, mode: 'compact' });
      return performance.now() - t0;
    }, tabId));
  }
  return ms.sort((a, b) => a - b)[Math.floor(n / 2)];
}
const median = (xs) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : NaN);

const rows = [];
for (const source of sources) {
  const pages = source.pages.filter((p) => !onlyPage || p.path.includes(onlyPage));
  if (!pages.length) continue;
  const server = await h.startWww({ root: source.root });
  console.log(`\n${source.label}`);
  for (const p of pages) {
    const page = await browser.ctx.newPage();
    try {
      await page.goto(server.main + p.path, { waitUntil: 'load' });
      const want = collapse(p.expected ?? (await page.evaluate((sel) => document.querySelector(sel)?.innerText ?? '', p.area))).slice(0, CHARS);
      const tabId = await h.tabIdOf(browser.ctx, page.url());
      const r = await call('pcd.summary', { tabId, mode: 'compact' });
      const preview = r.ok ? r.data.content_preview ?? r.data.contentPreview ?? '' : '';
      const score = want ? f1(preview, want) : 0;
      const type = r.ok ? r.data.type ?? r.data.page_type : `error ${JSON.stringify(r.error ?? r).slice(0, 200)}`;
      const ms = await summaryMs(tabId, 3);
      rows.push({ source: source.label, page: p.path, f1: score, type, ms });
      console.log(`  ${score >= REACH ? '✓' : '✗'} F1 ${score.toFixed(2)}  ${String(type).padEnd(14)} ${ms.toFixed(1).padStart(6)} ms  ${p.path}`);
      if (score < REACH) console.log(`      preview:  ${JSON.stringify(preview.slice(0, 140))}\n      expected: ${JSON.stringify(want.slice(0, 140))}`);
    } finally {
      await page.close();
    }
  }
  await server.stop();
}
// What reading the blocks costs where it costs most: the generated store
// pages of 10k and 50k elements (www/generated/, no landmark).
const cost = [];
if (!onlyPage) {
  const server = await h.startWww();
  for (const n of [10_000, 50_000]) {
    const page = await browser.ctx.newPage();
    await page.goto(`${server.main}/generated/?n=${n}`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset.generated);
    const tabId = await h.tabIdOf(browser.ctx, page.url());
    await call('pcd.summary', { tabId, mode: 'compact' });
    cost.push(`generated ${n / 1000}k: ${(await summaryMs(tabId, 5)).toFixed(1)} ms`);
    await page.close();
  }
  await server.stop();
}
await browser.close();

const share = (xs) => (xs.length ? `${xs.filter((r) => r.f1 >= REACH).length}/${xs.length} (${((100 * xs.filter((r) => r.f1 >= REACH).length) / xs.length).toFixed(0)}%)` : 'none');
const mean = (xs) => (xs.length ? (xs.reduce((a, r) => a + r.f1, 0) / xs.length).toFixed(2) : '-');
console.log('\nF1 ≥ 0.6 (reach: ≥ 90% of pages):');
for (const label of [...new Set(rows.map((r) => r.source))]) {
  const xs = rows.filter((r) => r.source === label);
  console.log(`  ${label.padEnd(40)} ${share(xs).padEnd(12)} mean F1 ${mean(xs)}`);
}
console.log(`  ${'all'.padEnd(40)} ${share(rows).padEnd(12)} mean F1 ${mean(rows)}`);
const wild = rows.filter((r) => r.source === 'www/articles-wild');
if (wild.length) console.log(`  page type article on www/articles-wild: ${wild.filter((r) => r.type === 'article').length}/${wild.length}`);
console.log(`compact summary, median of 3 (e2e, ms): p50 over pages ${median(rows.map((r) => r.ms)).toFixed(1)}; ${cost.join('; ')}`);
