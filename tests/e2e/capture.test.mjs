// capture.candidates through the tool surface on www/ pages: the image is a
// JPEG of the viewport at devicePixelRatio (decoded here to check), each
// box is where dom.resolve puts the id's element, at most three crops of the
// first visible candidates; candidates off screen get no crop; and the
// specific errors (unknown ids, an inactive tab, a restricted page).
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

const worker = () => h.serviceWorker(browser.ctx);
const call = async (tool, args) => (await worker()).evaluate(([t, a]) => self.copilot.call(t, a), [tool, args]);

async function ok(tool, args) {
  const r = await call(tool, args);
  assert.equal(r.ok, true, `${tool} ${JSON.stringify(args)}: ${JSON.stringify(r)}`);
  return r.data;
}

/** A www page in a tab of its own, brought to the front (capture needs the active tab). */
async function open(path) {
  const page = await browser.ctx.newPage();
  await page.goto(www.main + path);
  await page.bringToFront();
  const tabId = await h.tabIdOf(browser.ctx, page.url());
  return { page, tabId };
}

/** Width and height of an image data URL, decoded by the browser. */
async function decode(url) {
  return (await worker()).evaluate(async (u) => {
    const bitmap = await createImageBitmap(await (await fetch(u)).blob());
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  }, url);
}

const near = (a, b, eps = 1) => ['x', 'y', 'width', 'height'].every((k) => Math.abs(a[k] - b[k]) <= eps);
const fmt = (r) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
const onScreen = (r, v) => Math.min(r.x + r.width, v.width) - Math.max(r.x, 0) >= 2 && Math.min(r.y + r.height, v.height) - Math.max(r.y, 0) >= 2;

/** Each box against dom.resolve of the id's primary selector (getDetails). */
async function assertBoxesMatchResolve(tabId, boxes) {
  const details = await ok('getDetails', { tabId, ids: boxes.map((b) => b.id) });
  for (const [i, box] of boxes.entries()) {
    const res = await ok('dom.resolve', { tabId, selector: details[i].selector });
    assert.equal(res.count, 1, `${box.id}: ${JSON.stringify(details[i].selector)} resolves to ${res.count}`);
    assert.ok(near(res.matches[0].rect, box.rect), `${box.id}: box ${fmt(box.rect)} vs dom.resolve ${fmt(res.matches[0].rect)}`);
  }
}

test('a www page: the viewport as JPEG at devicePixelRatio, dom.resolve’s boxes, up to three crops of visible candidates', async () => {
  const { page, tabId } = await open('/pricing/');
  const mini = await ok('getMiniPCD', { tabId });
  const ids = mini.actions.map((a) => a.id);
  assert.ok(ids.length >= 5, `pricing has actions: ${ids}`);
  const r = await ok('capture.candidates', { tabId, ids });
  const view = await page.evaluate(() => ({ width: innerWidth, height: innerHeight, dpr: devicePixelRatio }));

  assert.match(r.image, /^data:image\/jpeg;base64,[A-Za-z0-9+/]+=*$/);
  const image = await decode(r.image);
  assert.deepEqual(image, { width: r.width, height: r.height });
  assert.equal(r.width, Math.round(view.width * view.dpr));
  assert.equal(r.height, Math.round(view.height * view.dpr));
  assert.ok(Math.abs(r.scale - view.dpr) < 1e-6, `scale ${r.scale} for devicePixelRatio ${view.dpr}`);
  assert.deepEqual(r.viewport, { width: view.width, height: view.height, devicePixelRatio: view.dpr });

  assert.deepEqual(r.boxes.map((b) => b.id), ids, 'one box per id, in the order asked');
  await assertBoxesMatchResolve(tabId, r.boxes);
  for (const b of r.boxes) assert.equal(b.visible, onScreen(b.rect, view), `${b.id} at ${fmt(b.rect)}: visible=${b.visible}`);

  const visible = r.boxes.filter((b) => b.visible);
  assert.ok(visible.length >= 1 && visible.length < ids.length, `some candidates visible, some not: ${visible.length}/${ids.length}`);
  assert.deepEqual(r.crops.map((c) => c.id), visible.slice(0, 3).map((b) => b.id), 'crops: the first visible candidates, at most 3');
  for (const crop of r.crops) {
    const size = await decode(crop.image);
    assert.ok(size.width > 0 && size.height > 0, `${crop.id}: empty crop`);
    assert.deepEqual(size, { width: crop.width, height: crop.height });
    // The crop holds the whole candidate (padded, clamped to the viewport).
    const box = r.boxes.find((b) => b.id === crop.id).rect;
    assert.ok(crop.rect.x <= Math.max(box.x, 0) && crop.rect.y <= Math.max(box.y, 0), `${crop.id}: crop ${fmt(crop.rect)} box ${fmt(box)}`);
    assert.ok(crop.rect.x + crop.rect.width >= Math.min(box.x + box.width, view.width) - 0.01, `${crop.id}: crop ${fmt(crop.rect)} box ${fmt(box)}`);
  }
  await page.close();
});

test('candidates off screen get boxes with visible:false and no crops', async () => {
  const { page, tabId } = await open('/pricing/');
  const mini = await ok('getMiniPCD', { tabId });
  const all = await ok('capture.candidates', { tabId, ids: mini.actions.map((a) => a.id) });
  const hidden = all.boxes.filter((b) => !b.visible).map((b) => b.id);
  assert.ok(hidden.length > 0, 'the page has candidates below the fold');
  const r = await ok('capture.candidates', { tabId, ids: hidden });
  assert.ok(r.boxes.every((b) => !b.visible), JSON.stringify(r.boxes));
  assert.deepEqual(r.crops, []);
  assert.ok((await decode(r.image)).width > 0, 'the screenshot is still there');
  // Scrolled into view, the same candidate gets its crop.
  await ok('dom.scroll', { tabId, direction: 'bottom' });
  const last = hidden[hidden.length - 1];
  const after = await ok('capture.candidates', { tabId, ids: [last] });
  assert.equal(after.boxes[0].visible, true, JSON.stringify(after.boxes));
  assert.deepEqual(after.crops.map((c) => c.id), [last]);
  await assertBoxesMatchResolve(tabId, after.boxes);
  await page.close();
});

test('page zoom: boxes stay in CSS px, the image in device px, scale maps one onto the other', async () => {
  const { page, tabId } = await open('/pricing/');
  const sw = await worker();
  await sw.evaluate(async (id) => {
    await chrome.tabs.setZoomSettings(id, { scope: 'per-tab' });
    await chrome.tabs.setZoom(id, 1.5);
  }, tabId);
  try {
    await page.waitForFunction(() => devicePixelRatio === 1.5);
    const mini = await ok('getMiniPCD', { tabId });
    const ids = mini.actions.slice(0, 6).map((a) => a.id);
    const r = await ok('capture.candidates', { tabId, ids });
    const view = await page.evaluate(() => ({ width: innerWidth, height: innerHeight }));
    assert.ok(Math.abs(r.scale - 1.5) < 0.01, `scale ${r.scale}`);
    assert.ok(Math.abs(r.width - view.width * 1.5) <= 1, `image ${r.width} for ${view.width} CSS px at 1.5`);
    await assertBoxesMatchResolve(tabId, r.boxes);
    assert.ok(r.crops.length >= 1);
    for (const crop of r.crops) {
      const want = Math.ceil(crop.rect.width * r.scale);
      assert.ok(Math.abs(crop.width - Math.min(want, 512)) <= 2, `${crop.id}: ${crop.width} px for ${crop.rect.width} CSS px`);
    }
  } finally {
    await sw.evaluate((id) => chrome.tabs.setZoom(id, 0), tabId);
  }
  await page.close();
});

test('on a page whose CSP forbids WebAssembly (the wasm2js content build) too', async () => {
  const { page, tabId } = await open('/csp-strict/');
  const status = await (await worker()).evaluate((id) => self.copilot.contentStatus(id), tabId);
  assert.equal(status.data?.build, 'wasm2js', JSON.stringify(status));
  const mini = await ok('getMiniPCD', { tabId });
  const r = await ok('capture.candidates', { tabId, ids: mini.actions.slice(0, 5).map((a) => a.id) });
  await assertBoxesMatchResolve(tabId, r.boxes);
  assert.ok(r.crops.length >= 1 && r.crops.length <= 3);
  await page.close();
});

test('errors: unknown ids, no ids, an inactive tab, a restricted page', async () => {
  const { page, tabId } = await open('/pricing/');
  const unknown = await call('capture.candidates', { tabId, ids: ['zz-not-an-id'] });
  assert.deepEqual([unknown.ok, unknown.code, unknown.retryable], [false, 'not_found', true]);
  assert.match(unknown.error, /zz-not-an-id.*getMiniPCD/);
  const none = await call('capture.candidates', { tabId, ids: [] });
  assert.deepEqual([none.ok, none.code], [false, 'invalid_args']);

  // Another tab in front: refused, not activated behind the user's back.
  const mini = await ok('getMiniPCD', { tabId });
  const other = await open('/');
  const inactive = await call('capture.candidates', { tabId, ids: [mini.actions[0].id] });
  assert.deepEqual([inactive.ok, inactive.code, inactive.retryable], [false, 'tab_not_active', false]);
  assert.match(inactive.error, /tabs\.switch/);
  const front = await (await worker()).evaluate((id) => chrome.tabs.get(id).then((t) => t.active), other.tabId);
  assert.equal(front, true, 'the other tab is still the one shown');
  await ok('tabs.switch', { tabId });
  const switched = await ok('capture.candidates', { tabId, ids: [mini.actions[0].id] });
  assert.equal(switched.boxes.length, 1);

  const blank = await (await worker()).evaluate(async () => (await chrome.tabs.create({ url: 'about:blank', active: true })).id);
  const restricted = await call('capture.candidates', { tabId: blank, ids: ['a1'] });
  assert.deepEqual([restricted.ok, restricted.code], [false, 'restricted_url']);
  await (await worker()).evaluate((id) => chrome.tabs.remove(id), blank);
  await other.page.close();
  await page.close();
});

/**
 * Mean absolute difference (0–255, RGB) between a region of one image and
 * the whole of another, both drawn at 48 × 16 px (in the worker: it has
 * createImageBitmap and OffscreenCanvas).
 */
async function difference(sw, image, region, reference) {
  return sw.evaluate(async ([u, r, ref]) => {
    const load = async (x) => createImageBitmap(await (await fetch(x)).blob());
    const [a, b] = [await load(u), await load(ref)];
    const pixels = (bmp, x, y, w, h) => {
      const c = new OffscreenCanvas(48, 16);
      const g = c.getContext('2d');
      g.drawImage(bmp, x, y, w, h, 0, 0, 48, 16);
      return g.getImageData(0, 0, 48, 16).data;
    };
    const p = pixels(a, r.x, r.y, r.width, r.height);
    const q = pixels(b, 0, 0, b.width, b.height);
    let sum = 0;
    for (let i = 0; i < p.length; i += 4) for (let k = 0; k < 3; k++) sum += Math.abs(p[i + k] - q[i + k]);
    a.close();
    b.close();
    return sum / (48 * 16 * 3);
  }, [image, region, reference]);
}

test('devicePixelRatio 2 (a high-DPI screen): scale 2, and each crop shows its element’s pixels', async () => {
  const hi = await h.launchBrowser({ deviceScaleFactor: 2, viewport: { width: 800, height: 600 } });
  try {
    const hw = () => h.serviceWorker(hi.ctx);
    const hcall = async (tool, args) => {
      const r = await (await hw()).evaluate(([t, a]) => self.copilot.call(t, a), [tool, args]);
      assert.equal(r.ok, true, `${tool} ${JSON.stringify(args)}: ${JSON.stringify(r)}`);
      return r.data;
    };
    const page = await hi.ctx.newPage();
    await page.goto(www.main + '/pricing/');
    await page.bringToFront();
    const tabId = await h.tabIdOf(hi.ctx, page.url());
    assert.equal(await page.evaluate(() => devicePixelRatio), 2);
    const mini = await hcall('getMiniPCD', { tabId });
    const ids = mini.actions.map((a) => a.id);

    // About 800 × 500 CSS px (the window less its frame) → twice that in
    // device px: under the 1920 px bound, so no downscaling.
    const view = await page.evaluate(() => ({ width: innerWidth, height: innerHeight }));
    const r = await hcall('capture.candidates', { tabId, ids });
    assert.deepEqual(await decode(r.image), { width: view.width * 2, height: view.height * 2 });
    assert.deepEqual([r.width, r.height, r.scale], [view.width * 2, view.height * 2, 2]);
    assert.equal(r.viewport.devicePixelRatio, 2);
    const inside = (b) => b.rect.x >= 0 && b.rect.y >= 0 && b.rect.x + b.rect.width <= r.viewport.width && b.rect.y + b.rect.height <= r.viewport.height;
    let compared = 0;
    for (const crop of r.crops) {
      const box = r.boxes.find((b) => b.id === crop.id);
      // Crops are cut from the device-px capture: 2 image px per CSS px (unless bounded to 512).
      if (crop.width >= 512 || crop.height >= 512) continue;
      assert.ok(Math.abs(crop.width - crop.rect.width * 2) <= 2 && Math.abs(crop.height - crop.rect.height * 2) <= 2, `${crop.id}: ${crop.width}x${crop.height} for ${fmt(crop.rect)}`);
      if (!inside(box)) continue;
      // The element's part of the crop against Playwright's own device-px screenshot of its box.
      const reference = `data:image/png;base64,${(await page.screenshot({ clip: box.rect, scale: 'device' })).toString('base64')}`;
      const at = (k) => ({ x: (box.rect.x - crop.rect.x) * k, y: (box.rect.y - crop.rect.y) * k, width: box.rect.width * k, height: box.rect.height * k });
      const right = await difference(await hw(), crop.image, at(2), reference);
      // Reading the crop as if it were in CSS px lands elsewhere: the comparison can tell.
      const wrong = await difference(await hw(), crop.image, at(1), reference);
      assert.ok(right < 12, `${crop.id} (${fmt(box.rect)}): mean difference ${right.toFixed(1)} from the element’s screenshot`);
      assert.ok(right < wrong, `${crop.id}: ${right.toFixed(1)} at scale 2 vs ${wrong.toFixed(1)} at scale 1`);
      compared++;
    }
    assert.ok(compared >= 1, `at least one crop compared: ${JSON.stringify(r.crops.map((c) => c.rect))}`);

    await page.close();
  } finally {
    await hi.close();
  }
});
