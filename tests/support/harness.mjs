// Shared harness of the end-to-end tests and the demo: starts our servers
// (www/ and the scripted LLM, as real processes on 127.0.0.1), launches the
// system Chromium with dist/unpacked loaded as a user would, and drives the
// extension's own pages (options, side panel) through their accessible UI.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { chromium } from 'playwright-core';

const env = (name) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run the tests through \`cargo xtask test\``);
  return v;
};

export const CHROMIUM_FLAGS = [
  '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** Spawns one of our server binaries and resolves with the JSON it announces on stdout. */
async function startBinary(name, args, prefix) {
  const bin = path.join(env('BC_BIN_DIR'), name);
  const proc = spawn(bin, [...args, '--exit-on-stdin-eof'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: proc.stdout });
  const info = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not announce itself within 10 s`)), 10_000);
    proc.once('exit', (code) => reject(new Error(`${name} exited early with ${code}`)));
    lines.on('line', (line) => {
      if (line.startsWith(prefix + ' ')) {
        clearTimeout(timer);
        resolve(JSON.parse(line.slice(prefix.length + 1)));
      }
    });
  });
  const stop = () => new Promise((resolve) => {
    if (proc.exitCode !== null) return resolve();
    proc.once('exit', resolve);
    proc.stdin.end();
    setTimeout(() => proc.kill('SIGKILL'), 2000).unref();
  });
  return { info, stop };
}

/**
 * The www/ sites on two origins: `{ main, second, stop }`; with `root`, that
 * directory instead (third-party pages: no /vendor/ packages served).
 */
export async function startWww({ root } = {}) {
  const args = root ? ['--root', root] : ['--root', env('BC_WWW_ROOT'), '--vendor', path.join(path.dirname(env('BC_WWW_ROOT')), 'tests', 'node_modules')];
  const { info, stop } = await startBinary('bc-www', args, 'BC_WWW');
  return { main: info.main, second: info.second, stop };
}

/** The scripted OpenAI-compatible server: `{ url, setScenario, requests, clearRequests, hits, stop }`. */
export async function startLlm(scenario) {
  const { info, stop } = await startBinary('bc-llm-server', [], 'BC_LLM');
  const base = info.url.replace(/\/v1$/, '');
  const control = async (method, p, body) => {
    const res = await fetch(base + p, { method, body: body && JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
    return res.headers.get('content-type')?.includes('json') ? res.json() : res.text();
  };
  const llm = {
    url: info.url,
    setScenario: (s) => control('PUT', '/__control/scenario', s),
    requests: () => control('GET', '/__control/requests'),
    clearRequests: () => control('DELETE', '/__control/requests'),
    // How many requests each rule answered (counted on arrival): small
    // enough to poll for "a model turn just started".
    hits: () => control('GET', '/__control/hits'),
    stop,
  };
  if (scenario) await llm.setScenario(scenario);
  return llm;
}

/**
 * Chromium with the extension loaded: `{ ctx, sw, extensionId, close }`.
 * `extension: false` gives the same kind of browser without it (benchmarks' baseline);
 * `viewport` sets every page's size; `deviceScaleFactor` makes the screen a
 * real high-DPI one (`--force-device-scale-factor`, the window sized to
 * `viewport`): Playwright's own emulated factor changes devicePixelRatio
 * but not what `chrome.tabs.captureVisibleTab` captures.
 */
export async function launchBrowser({ headed = false, extension = true, viewport = { width: 1280, height: 900 }, deviceScaleFactor } = {}) {
  const ext = env('BC_EXTENSION_DIR');
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'bc-profile-'));
  const ctx = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: !headed,
    viewport: deviceScaleFactor ? null : viewport,
    args: [...CHROMIUM_FLAGS, ...(deviceScaleFactor ? [`--force-device-scale-factor=${deviceScaleFactor}`, `--window-size=${viewport.width},${viewport.height}`] : []), ...(extension ? [`--disable-extensions-except=${ext}`, `--load-extension=${ext}`] : [])],
  });
  const sw = extension ? (ctx.serviceWorkers()[0] ?? (await ctx.waitForEvent('serviceworker', { timeout: 15_000 }))) : null;
  const extensionId = sw ? new URL(sw.url()).host : null;
  const close = async () => {
    await ctx.close();
    await rm(userDataDir, { recursive: true, force: true });
  };
  return { ctx, sw, extensionId, close };
}

/** The current service worker (Chrome may have restarted it). */
export async function serviceWorker(ctx) {
  // The extension's, not a page's own (a PWA's worker is one too); the
  // newest, as a stopped worker comes back as a new one.
  const ours = (w) => w.url().startsWith('chrome-extension://');
  const live = ctx.serviceWorkers().filter(ours);
  return live[live.length - 1] ?? ctx.waitForEvent('serviceworker', { predicate: ours, timeout: 15_000 });
}

/** The tab id Chrome gave the page at `url`. */
export async function tabIdOf(ctx, url) {
  const sw = await serviceWorker(ctx);
  const id = await sw.evaluate(async (u) => (await chrome.tabs.query({ url: u }))[0]?.id, url);
  if (id === undefined) throw new Error(`no tab with url ${url}`);
  return id;
}

/** Opens the options page in a tab, as Chrome does for `open_in_tab`. */
export async function openOptions(ctx, extensionId) {
  const page = await ctx.newPage();
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  return page;
}

/** Fills and saves the options form through its visible labels. */
export async function configure(options, { endpoint, apiKey, model, timeoutSecs }) {
  await options.getByLabel('API endpoint').fill(endpoint);
  if (apiKey !== undefined) await options.getByLabel('API key').fill(apiKey);
  await options.getByLabel('Model', { exact: true }).fill(model);
  if (timeoutSecs !== undefined) await options.getByLabel('Timeout (seconds)').fill(String(timeoutSecs));
  await options.getByRole('button', { name: 'Save', exact: true }).click();
  await waitForText(options.getByRole('status'), 'Saved');
}

/**
 * Opens the side panel page in its own popup window (as a user's side panel
 * is separate from the tab it acts on), and returns its Page.
 */
export async function openPanel(ctx, extensionId) {
  const sw = await serviceWorker(ctx);
  const url = `chrome-extension://${extensionId}/sidepanel.html`;
  const [page] = await Promise.all([
    ctx.waitForEvent('page', { predicate: (p) => p.url() === url, timeout: 10_000 }),
    sw.evaluate((u) => chrome.windows.create({ url: u, type: 'popup', width: 420, height: 800 }), url),
  ]);
  await page.waitForLoadState('domcontentloaded');
  return page;
}

/**
 * CDP access to the extension's isolated world in the page's main frame,
 * where `content-loader.js` keeps its module handle in a top-level `let content`:
 * `evaluate(expression)` (undefined while the content script is not there).
 */
export async function isolatedWorld(browser, page) {
  const cdp = await browser.ctx.newCDPSession(page);
  const contexts = new Map();
  cdp.on('Runtime.executionContextCreated', ({ context }) => contexts.set(context.id, context));
  cdp.on('Runtime.executionContextDestroyed', ({ executionContextId }) => contexts.delete(executionContextId));
  cdp.on('Runtime.executionContextsCleared', () => contexts.clear());
  await cdp.send('Runtime.enable');
  const evaluate = async (expression) => {
    const { frameTree } = await cdp.send('Page.getFrameTree');
    const ctx = [...contexts.values()].find((c) =>
      c.auxData?.frameId === frameTree.frame.id && c.auxData?.type === 'isolated' && c.origin === `chrome-extension://${browser.extensionId}`);
    if (!ctx) return undefined;
    const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', { expression, contextId: ctx.id, returnByValue: true, awaitPromise: true });
    if (exceptionDetails) throw new Error(`isolated world: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    return result.value;
  };
  return { evaluate, detach: () => cdp.detach() };
}

/** Types a question in the panel and sends it. */
export async function ask(panel, question) {
  await panel.getByLabel('Ask about this page').fill(question);
  await panel.getByRole('button', { name: 'Send' }).click();
}

/** Polls until the locator's text contains `want` (string or RegExp). */
export async function waitForText(locator, want, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  let last = '';
  while (Date.now() < deadline) {
    last = (await locator.allTextContents().catch(() => [])).join('\n');
    if (typeof want === 'string' ? last.includes(want) : want.test(last)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${want} in: ${JSON.stringify(last)}`);
}

/** `RUNNING` / `STOPPED` / … of the extension's service worker, as chrome://serviceworker-internals shows it. */
export async function workerStatus(ctx) {
  const page = await ctx.newPage();
  try {
    await page.goto('chrome://serviceworker-internals/');
    const text = await waitForText(page.locator('body'), /Running Status:\s+\w+/);
    return text.match(/Running Status:\s+(\w+)/)[1];
  } finally {
    await page.close();
  }
}

/**
 * Stops the extension's service worker the way Chrome does when it idles.
 * (Playwright does not notice: do not evaluate on the worker until an
 * extension event has woken it again; the same handle then reattaches.)
 */
export async function stopServiceWorker(ctx, anyPage) {
  // Returns the running statuses CDP reported for extension workers while
  // stopping ('stopped' among them once it happened). Reading
  // chrome://serviceworker-internals in a new tab would wake the worker
  // again: it listens to tab events (flows, knowledge).
  const cdp = await ctx.newCDPSession(anyPage);
  const seen = [];
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const v of versions) if (String(v.scriptURL).startsWith('chrome-extension://')) seen.push(v.runningStatus);
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  for (const t0 = Date.now(); seen.length > 0 && !seen.includes('stopped') && Date.now() - t0 < 3000;) await new Promise((r) => setTimeout(r, 50));
  await cdp.detach();
  return seen;
}

/**
 * Runs `fn(item, index)` on every item, at most `n` at once (default
 * BC_PAGE_POOL or 3), and returns the results in item order. For tests that
 * visit many pages, each in its own tab: most of a page's time is waiting
 * on the browser, so a few at once finish sooner on 2 cores.
 */
export async function pool(items, fn, n = Number(process.env.BC_PAGE_POOL ?? 3)) {
  const out = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(n, items.length)) }, worker));
  return out;
}
