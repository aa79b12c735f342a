// Frames that never answer (issue 44 point 1): www/hostile/dead-frames/ has
// an ad frame whose server never answers and a map frame its site refuses
// to be framed in. Perception answers with the top page without waiting on
// them: the MiniPCD comes back with the page's own controls and lists both
// frames as silent. The first getMiniPCD of a fresh page (module load
// included) and later ones are timed end to end and printed (reach: p95
// ≤ 150 ms first, ≤ 20 ms later); times are printed, not asserted.
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

test('a page with frames that never answer is perceived at once; the frames are marked silent', { timeout: 120_000 }, async () => {
  const first = [];
  const later = [];
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
    await page.close();
  }
  console.table([
    { request: `first getMiniPCD (fresh page, module load; n=${first.length})`, p50: pct(first, 50).toFixed(1), p95: pct(first, 95).toFixed(1), max: Math.max(...first).toFixed(1) },
    { request: `later getMiniPCD (n=${later.length})`, p50: pct(later, 50).toFixed(1), p95: pct(later, 95).toFixed(1), max: Math.max(...later).toFixed(1) },
  ]);
});
