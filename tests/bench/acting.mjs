// Acting cost, measured by `cargo xtask bench acting`: per tool, the time
// from `self.copilot.call` to its result (the Observation), next to
// Playwright performing the same action on the same page in the same run,
// the two alternating (and which goes first alternating too).
//
// Clocks:
// - ours: `self.copilot.call` timed inside the service worker (messaging,
//   binding, the action, the settle and digest that verify it, copies back);
// - ours→effect: from the same call start to the last DOM event of the
//   action the page itself saw (click, input, change, mouseover, keydown,
//   scroll), recorded by a capture listener in the page's main world; or,
//   for tabs.open/nav.go, to the new document's loadEventEnd. Both ends read
//   `performance.timeOrigin + performance.now()`, a wall clock the worker
//   and the page share (to about a millisecond). It is our time *without*
//   the verification that follows the action;
// - Playwright: the locator action timed from node (one CDP round trip
//   included; Playwright's actionability checks included; no verification).
//
// Most DOM tools run on /preact-form/ (Preact-controlled inputs), with a
// small fixture added to its <main>: a button whose click handler changes
// its text, a hover target whose mouseover handler does, a slot where the
// dom.waitFor element appears, and room to scroll.
//
// Writes raw samples to BC_BENCH_OUT/results.json; xtask prints the table.
// Prints only progress. Asserts nothing.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as h from '../support/harness.mjs';

const SMOKE = process.env.BC_BENCH_SMOKE === '1';
const RUNS = Number(process.env.BC_BENCH_RUNS ?? (SMOKE ? 2 : 10));
const OUT = process.env.BC_BENCH_OUT;
if (!OUT) throw new Error('BC_BENCH_OUT is not set: run through `cargo xtask bench acting`');
// dom.waitFor: the element appears this long after the wait starts, for both.
const WAIT_DELAY_MS = 100;
// dom.scroll: each side scrolls this far (the first down, the second back up).
const SCROLL_PX = 300;

const www = await h.startWww();
const browser = await h.launchBrowser();

/**
 * One `self.copilot.call` (or several in a row, `calls`), timed in the
 * worker; `loadedIn` also reads the tab's document's loadEventEnd.
 */
async function ours(calls, { loadedIn } = {}) {
  const sw = await h.serviceWorker(browser.ctx);
  const out = await sw.evaluate(async ([calls, loadedIn]) => {
    const now = () => performance.timeOrigin + performance.now();
    const t0 = now();
    let r;
    for (const [tool, args, fromDetails] of calls) {
      // dom.resolve after getDetails takes the selector it gave.
      r = await self.copilot.call(tool, fromDetails ? { ...args, selector: r.data[0].selector } : args);
      if (!r.ok) return { r, t0 };
    }
    const t1 = now();
    let loaded = null;
    const tabId = loadedIn === 'result' ? r.data.tabId : loadedIn;
    if (tabId != null) {
      const [res] = await chrome.scripting.executeScript({
        target: { tabId },
        func: () => performance.timeOrigin + performance.getEntriesByType('navigation')[0].loadEventEnd,
      });
      loaded = res.result;
    }
    return { r, t0, t1, loaded };
  }, [calls, loadedIn ?? null]);
  if (!out.r.ok) throw new Error(`${calls.map((c) => c[0]).join(' + ')}: ${out.r.error}`);
  return { data: out.r.data, t0: out.t0, ms: out.t1 - out.t0, loadedMs: out.loaded ? out.loaded - out.t0 : null };
}

async function theirs(fn) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

// Added to /preact-form/'s <main>, in the page's main world.
function installFixture() {
  const box = document.createElement('section');
  box.setAttribute('aria-label', 'Bench fixture');
  box.innerHTML = `
    <button type="button" id="bench-count" aria-label="Counter">Clicked 0 times</button>
    <button type="button" id="bench-hover" aria-label="Hover target">Hovered 0 times</button>
    <div id="bench-late"></div>
    <div style="height:3000px"></div>`;
  document.querySelector('main').append(box);
  let clicks = 0, hovers = 0;
  box.querySelector('#bench-count').addEventListener('click', (e) => { e.currentTarget.textContent = `Clicked ${++clicks} times`; });
  box.querySelector('#bench-hover').addEventListener('mouseover', (e) => { e.currentTarget.textContent = `Hovered ${++hovers} times`; });
  const log = (globalThis.__bcEffects = []);
  for (const type of ['click', 'input', 'change', 'mouseover', 'keydown', 'scroll']) {
    addEventListener(type, () => log.push({ type, t: performance.timeOrigin + performance.now() }), true);
  }
}

const role = (r, name) => ({ kind: 'role', role: r, name, nameMode: 'exact' });

const form = await browser.ctx.newPage();
await form.goto(`${www.main}/preact-form/`);
await form.locator('#pf-name').waitFor();
await form.evaluate(installFixture);
const formTab = await h.tabIdOf(browser.ctx, form.url());
const byRole = (r, name) => form.getByRole(r, { name, exact: true });
const takeEffects = () => form.evaluate(() => globalThis.__bcEffects.splice(0));

const PLANS = ['Free', 'Pro', 'Team'];
let plan = 0;
const nextPlan = () => PLANS[++plan % PLANS.length];
let late = 0;

// The same page for every DOM tool; `prep` runs untimed before each side
// and returns what both sides then do.
const DOM_TOOLS = [
  {
    tool: 'dom.click', playwright: "getByRole('button').click()", effect: 'click',
    ours: () => ours([['dom.click', { tabId: formTab, selector: role('button', 'Counter') }]]),
    theirs: () => theirs(() => byRole('button', 'Counter').click()),
  },
  {
    tool: 'dom.type', playwright: "getByRole('textbox').fill()", effect: 'input',
    ours: (i) => ours([['dom.type', { tabId: formTab, selector: role('textbox', 'Display name'), text: `Ada ${i}` }]]),
    theirs: (i) => theirs(() => byRole('textbox', 'Display name').fill(`Grace ${i}`)),
  },
  {
    tool: 'dom.select', playwright: "getByRole('combobox').selectOption()", effect: 'change',
    prep: () => nextPlan(),
    ours: (i, label) => ours([['dom.select', { tabId: formTab, selector: role('combobox', 'Plan'), value: label }]]),
    theirs: (i, label) => theirs(() => byRole('combobox', 'Plan').selectOption({ label })),
  },
  {
    tool: 'dom.check', playwright: "getByRole('checkbox').setChecked()", effect: 'change',
    prep: async () => !(await form.locator('#pf-agree').isChecked()),
    ours: (i, checked) => ours([['dom.check', { tabId: formTab, selector: role('checkbox', 'I agree to the terms'), checked }]]),
    theirs: (i, checked) => theirs(() => byRole('checkbox', 'I agree to the terms').setChecked(checked)),
  },
  {
    tool: 'dom.scroll', playwright: 'evaluate(scrollBy)', effect: 'scroll',
    note: `${SCROLL_PX} px down, then back up; the scroll event arrives with the next frame`,
    setup: () => form.evaluate(() => scrollTo(0, 600)),
    ours: (i, y) => ours([['dom.scroll', { tabId: formTab, y }]]),
    theirs: (i, y) => theirs(() => form.evaluate((dy) => scrollBy(0, dy), y)),
    // First side down, second side back up.
    prepBySide: (first) => (first ? SCROLL_PX : -SCROLL_PX),
  },
  {
    tool: 'dom.pressKey', playwright: "getByRole('textbox').press('Tab')", effect: 'keydown',
    ours: () => ours([['dom.pressKey', { tabId: formTab, key: 'Tab', selector: role('textbox', 'Display name') }]]),
    theirs: () => theirs(() => byRole('textbox', 'Display name').press('Tab')),
  },
  {
    tool: 'dom.hover', playwright: "getByRole('button').hover()", effect: 'mouseover',
    // Playwright's mouse must come from elsewhere for a mouseover to happen.
    prep: () => form.mouse.move(1, 1),
    ours: () => ours([['dom.hover', { tabId: formTab, selector: role('button', 'Hover target') }]]),
    theirs: () => theirs(() => byRole('button', 'Hover target').hover()),
  },
  {
    tool: 'dom.waitFor', playwright: 'waitForSelector()', effect: null,
    note: `selector appearing ${WAIT_DELAY_MS} ms after the wait starts (included in both)`,
    prep: async () => {
      const id = `late-${++late}`;
      await form.evaluate(([id, ms]) => setTimeout(() => {
        const p = document.createElement('p');
        p.id = id;
        p.textContent = 'ready';
        document.getElementById('bench-late').append(p);
      }, ms), [id, WAIT_DELAY_MS]);
      return `#${id}`;
    },
    ours: (i, css) => ours([['dom.waitFor', { tabId: formTab, event: 'selector', value: css, timeoutMs: 5000 }]]),
    theirs: (i, css) => theirs(() => form.waitForSelector(css)),
  },
  {
    tool: 'getDetails+dom.resolve', playwright: "getByRole('button').boundingBox()", effect: null,
    note: 'two calls: selectors for a MiniPCD id, then its box',
    setup: async () => {
      const mini = (await ours([['getMiniPCD', { tabId: formTab }]])).data;
      const submit = mini.actions.find((a) => a.label === 'Submit');
      if (!submit) throw new Error(`no Submit action in ${JSON.stringify(mini.actions.map((a) => a.label))}`);
      return submit.id;
    },
    ours: (i, _, id) => ours([['getDetails', { tabId: formTab, ids: [id] }], ['dom.resolve', { tabId: formTab }, true]]),
    theirs: () => theirs(() => byRole('button', 'Submit').boundingBox()),
  },
];

/** RUNS alternating rounds of one tool (after one untimed round of each side). */
async function measure(t, page) {
  await page.bringToFront();
  const fixed = t.setup ? await t.setup() : undefined;
  const s = { ours: [], oursEffect: [], theirs: [], attempts: [] };
  for (let i = -1; i < RUNS; i++) {
    const oursFirst = i % 2 === 0;
    for (const side of oursFirst ? ['ours', 'theirs'] : ['theirs', 'ours']) {
      const first = side === (oursFirst ? 'ours' : 'theirs');
      const arg = t.prepBySide ? t.prepBySide(first) : t.prep ? await t.prep() : undefined;
      if (side === 'ours') {
        const r = await t.ours(i, arg, fixed);
        let effect = r.loadedMs;
        if (t.effect && t.effect !== 'load') {
          const seen = (await takeEffects()).filter((e) => e.type === t.effect && e.t >= r.t0 && e.t <= r.t0 + r.ms);
          effect = seen.length ? seen[seen.length - 1].t - r.t0 : null;
        }
        if (i >= 0) {
          s.ours.push(r.ms);
          s.oursEffect.push(effect);
          s.attempts.push(r.data?.attempts ?? 1);
        }
      } else {
        const ms = await t.theirs(i, arg, fixed);
        if (t.effect && t.effect !== 'load') await takeEffects();
        if (i >= 0) s.theirs.push(ms);
      }
    }
  }
  return s;
}

// Navigation: a tab of its own, alternating between two pages so each side
// really navigates.
const NAV_URLS = [`${www.main}/pricing/`, `${www.main}/article/`];
let hop = 0;
const nextUrl = () => NAV_URLS[++hop % NAV_URLS.length];
const navPage = await browser.ctx.newPage();
await navPage.goto(NAV_URLS[0]);
const navTab = await h.tabIdOf(browser.ctx, navPage.url());

const NAV_TOOLS = [
  {
    tool: 'nav.go', playwright: 'page.goto()', effect: 'load',
    note: 'ours: load + 500 ms settle + compact summary; →effect: the new document\'s loadEventEnd',
    prep: () => nextUrl(),
    ours: (i, url) => ours([['nav.go', { tabId: navTab, url }]], { loadedIn: navTab }),
    theirs: (i, url) => theirs(() => navPage.goto(url)),
  },
  {
    tool: 'tabs.open', playwright: 'context.newPage() + goto()', effect: 'load',
    note: 'a new tab each time, closed untimed',
    prep: () => nextUrl(),
    ours: async (i, url) => {
      const r = await ours([['tabs.open', { url }]], { loadedIn: 'result' });
      await ours([['tabs.close', { tabId: r.data.tabId }]]);
      return r;
    },
    theirs: async (i, url) => {
      let page;
      const ms = await theirs(async () => {
        page = await browser.ctx.newPage();
        await page.goto(url);
      });
      await page.close();
      return ms;
    },
  },
];

await mkdir(OUT, { recursive: true });
const sw = await h.serviceWorker(browser.ctx);
const results = { runs: RUNS, smoke: SMOKE, userAgent: await sw.evaluate(() => navigator.userAgent), waitDelayMs: WAIT_DELAY_MS, tools: [] };
try {
  for (const [tools, page, pagePath] of [[DOM_TOOLS, form, '/preact-form/'], [NAV_TOOLS, navPage, '/pricing/ ⇄ /article/']]) {
    for (const t of tools) {
      const t0 = performance.now();
      const samples = await measure(t, page);
      results.tools.push({ tool: t.tool, playwright: t.playwright, page: pagePath, effect: t.effect, note: t.note ?? null, samples });
      console.error(`bench acting: ${t.tool}: ${RUNS} rounds in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
  }
} finally {
  await writeFile(path.join(OUT, 'results.json'), JSON.stringify(results, null, 1));
  await browser.close();
  await www.stop();
}
