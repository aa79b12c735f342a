// The extension loads as a user loads it, its service worker runs and
// answers the tool surface by name, the content module starts lazily (WASM,
// or wasm2js on a CSP-strict page), and all of it survives Chrome stopping
// the worker.
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

const SEED_TOOLS = [
  'getMiniPCD', 'pcd.query', 'getDetails', 'dom.click', 'dom.type', 'dom.select', 'dom.submit',
  'dom.scroll', 'dom.waitFor', 'dom.extract', 'tabs.open', 'tabs.switch', 'tabs.close', 'capture.candidates',
];

test('the manifest asks for least permissions and hides resources from fingerprinting', async () => {
  const manifest = await browser.sw.evaluate(() => chrome.runtime.getManifest());
  assert.deepEqual(manifest.permissions.sort(), ['scripting', 'sidePanel', 'storage', 'tabGroups']);
  assert.equal(manifest.background.type, 'module');
  for (const war of manifest.web_accessible_resources) {
    assert.equal(war.use_dynamic_url, true);
    assert.ok(war.resources.every((r) => r.startsWith('content/')), `only content files are exposed: ${war.resources}`);
  }
});

// Tools built so far answer for real; the others must say they are not built.
const BUILT = new Set([
  'getMiniPCD', 'pcd.query', 'pcd.summary', 'getDetails', 'dom.resolve', 'tabs.open', 'tabs.switch', 'tabs.close',
  'dom.click', 'dom.type', 'dom.select', 'dom.submit', 'dom.scroll', 'dom.waitFor', 'dom.extract', 'capture.candidates',
]);
// Every argument any tool needs (unknown ones are ignored), so that a built
// tool gets past parsing to the missing tab.
const ARGS = { ids: ['a1'], selector: { kind: 'text', text: 'Go' }, text: 'x', value: 'x', key: 'Enter', event: 'text', direction: 'down', collectionId: 'c1', fields: ['title'] };

test('self.copilot.call answers every tool by its seed-000 name', async () => {
  const missingTab = 987654;
  for (const name of SEED_TOOLS) {
    const r = await browser.sw.evaluate(([n, a]) => self.copilot.call(n, a), [name, { tabId: missingTab, ...ARGS }]);
    assert.equal(r.ok, false, `${name}: ${JSON.stringify(r)}`);
    // tabs.open takes a url, not a tabId: built, it still rejects these arguments.
    const built = name === 'tabs.open' ? 'invalid_args' : 'no_such_tab';
    const want = BUILT.has(name) ? built : 'not_implemented';
    assert.equal(r.code, want, `${name}: ${JSON.stringify(r)}`);
  }
  const unknown = await browser.sw.evaluate(() => self.copilot.call('dom.teleport', {}));
  assert.deepEqual([unknown.ok, unknown.code, unknown.retryable], [false, 'unknown_tool', false]);
  const bad = await browser.sw.evaluate(() => self.copilot.call('dom.click', { tabId: 'seven' }));
  assert.equal(bad.code, 'invalid_args');
  assert.match(bad.error, /dom\.click/);
  const missing = await browser.sw.evaluate(() => self.copilot.call('getDetails', { tabId: 1 }));
  assert.deepEqual([missing.code, missing.retryable], ['invalid_args', false]);
  assert.match(missing.error, /missing field `ids`/);
});

test('the content module starts on a normal page with its WASM build', async () => {
  const page = await browser.ctx.newPage();
  await page.goto(`${www.main}/pricing/`);
  const tabId = await h.tabIdOf(browser.ctx, page.url());
  const r = await browser.sw.evaluate((id) => self.copilot.contentStatus(id), tabId);
  assert.equal(r.ok, true, JSON.stringify(r));
  assert.equal(r.data.type, 'pong');
  assert.equal(r.data.build, 'wasm');
  assert.equal(r.data.url, page.url());
  await page.close();
});

test('on a page whose CSP forbids WebAssembly the content module runs its wasm2js build', async () => {
  const page = await browser.ctx.newPage();
  const resp = await page.goto(`${www.main}/csp-strict/`);
  assert.match(resp.headers()['content-security-policy'], /script-src 'self'/);
  const tabId = await h.tabIdOf(browser.ctx, page.url());
  const r = await browser.sw.evaluate((id) => self.copilot.contentStatus(id), tabId);
  assert.equal(r.ok, true, JSON.stringify(r));
  assert.equal(r.data.build, 'wasm2js');
  assert.match(r.data.fallbackReason, /WebAssembly|unsafe-eval|CompileError/i);
  await page.close();
});

test('a tab that is gone gets a clear error, not a hang', async () => {
  const page = await browser.ctx.newPage();
  await page.goto(`${www.main}/pricing/`);
  const tabId = await h.tabIdOf(browser.ctx, page.url());
  await page.close();
  const r = await browser.sw.evaluate((id) => self.copilot.contentStatus(id), tabId);
  assert.equal(r.ok, false);
  assert.equal(r.code, 'content_unavailable');
});

test('the service worker works again after Chrome stops it', async () => {
  const page = await browser.ctx.newPage();
  await page.goto(`${www.main}/`);
  await browser.sw.evaluate(() => { self.bcTestMarker = 'old instance'; });
  assert.equal(await h.workerStatus(browser.ctx), 'RUNNING');
  const seen = await h.stopServiceWorker(browser.ctx, page);
  // Where CDP reports our worker, it stopped (a status page opened now
  // would wake it: the worker listens to tab events).
  assert.ok(seen.length === 0 || seen.includes('stopped'), `the worker stopped: ${seen.join(', ')}`);
  // Any extension event wakes it: here an extension page connecting its port.
  const options = await h.openOptions(browser.ctx, browser.extensionId);
  await h.waitForText(options.locator('body'), 'API endpoint');
  assert.equal(await h.workerStatus(browser.ctx), 'RUNNING');
  const [marker, unknown] = await browser.sw.evaluate(async () => [self.bcTestMarker ?? 'fresh instance', await self.copilot.call('dom.teleport', {})]);
  assert.equal(marker, 'fresh instance', 'Chrome really restarted the worker');
  assert.equal(unknown.code, 'unknown_tool');
  const tabId = await h.tabIdOf(browser.ctx, page.url());
  const status = await browser.sw.evaluate((id) => self.copilot.contentStatus(id), tabId);
  assert.equal(status.ok, true, JSON.stringify(status));
  await options.close();
  await page.close();
});
