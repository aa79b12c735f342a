// Frames that never answer (issue 44 point 1): www/hostile/dead-frames/ has
// an ad frame whose server never answers and a map frame its site refuses
// to be framed in. Perception answers with the top page without waiting on
// them: the MiniPCD comes back with the page's own controls and lists both
// frames as silent. A navigation to it answers with its summary once the
// page itself is there (its load event never fires: before, `nav.go` waited
// 15 s and failed with `timeout`). Timed end to end and printed, not
// asserted: the first getMiniPCD the product serves (after `nav.go`, which
// prefetches; reach p95 ≤ 150 ms), later ones (≤ 20 ms), and for
// information the cold first request of a fresh page (module load included).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from '../support/harness.mjs';

let www, browser;
before(async () => {
  www = await h.startWww();
  browser = await h.launchBrowser();
});
after(async () => {
  await browser?.close();
  await www?.stop();
});

const call = (tool, args) => browser.sw.evaluate(([t, a]) => self.copilot.call(t, a), [tool, args]);
const timed = async (tool, args) => {
  const t0 = performance.now();
  const r = await call(tool, args);
  return { ...r, ms: performance.now() - t0 };
};
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const SILENT = [['iframe[name="ad"]'], ['iframe[name="map"]']];

test('a page with frames that never answer is perceived at once; the frames are marked silent', { timeout: 240_000 }, async () => {
  const first = [];
  const later = [];
  const navs = [];
  const served = [];
  const ROUNDS = 10;
  for (let round = 0; round < ROUNDS; round++) {
    const page = await browser.ctx.newPage();
    // The ad frame never loads, so the page's load event never fires.
    await page.goto(`${www.main}/hostile/dead-frames/`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Show more notes' }).waitFor();
    const tabId = await h.tabIdOf(browser.ctx, page.url());
    const r = await timed('getMiniPCD', { tabId });
    assert.equal(r.ok, true, JSON.stringify(r));
    first.push(r.ms);
    const labels = r.data.actions.map((a) => a.label);
    for (const want of ['Subscribe', 'Show more notes', 'Pricing']) assert.ok(labels.includes(want), `${want} in ${JSON.stringify(labels)}`);
    assert.ok(r.data.actions.every((a) => !a.framePath), 'nothing from the dead frames');
    assert.deepEqual([...(r.data.silentFrames ?? [])].sort(), SILENT, JSON.stringify(r.data.silentFrames));
    for (let i = 0; i < 5; i++) {
      const again = await timed('getMiniPCD', { tabId });
      assert.equal(again.ok, true, JSON.stringify(again));
      assert.deepEqual([...(again.data.silentFrames ?? [])].sort(), SILENT);
      later.push(again.ms);
    }
    // A query on the same page is not held by the frames either.
    const q = await call('pcd.query', { tabId, text: 'Subscribe', topK: 3 });
    assert.equal(q.ok, true, JSON.stringify(q));
    assert.equal(q.data[0]?.label, 'Subscribe', JSON.stringify(q.data));
    // The product's path: a navigation (summary bundled, MiniPCD prefetched),
    // then the MiniPCD; in half the rounds (each waits out the grace, ~3.7 s).
    if (round % 2 === 0) {
      const nav = await timed('nav.go', { tabId, url: `${www.main}/hostile/dead-frames/?round=${round}` });
      assert.equal(nav.ok, true, `the page is there though its load never ends: ${JSON.stringify(nav).slice(0, 300)}`);
      assert.ok(nav.data.summary?.headings?.includes('h1: Weekly digest'), JSON.stringify(nav.data).slice(0, 300));
      navs.push(nav.ms);
      const after = await timed('getMiniPCD', { tabId });
      assert.equal(after.ok, true, JSON.stringify(after));
      served.push(after.ms);
    }
    await page.close();
  }
  console.table([
    { request: `nav.go (summary included; n=${navs.length})`, p50: pct(navs, 50).toFixed(1), p95: pct(navs, 95).toFixed(1), max: Math.max(...navs).toFixed(1) },
    { request: `first getMiniPCD after nav.go (n=${served.length})`, p50: pct(served, 50).toFixed(1), p95: pct(served, 95).toFixed(1), max: Math.max(...served).toFixed(1) },
    { request: `cold first getMiniPCD (fresh page, module load; n=${first.length})`, p50: pct(first, 50).toFixed(1), p95: pct(first, 95).toFixed(1), max: Math.max(...first).toFixed(1) },
    { request: `later getMiniPCD (n=${later.length})`, p50: pct(later, 50).toFixed(1), p95: pct(later, 95).toFixed(1), max: Math.max(...later).toFixed(1) },
  ]);
});
