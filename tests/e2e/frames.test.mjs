// Cross-origin frames (issue 4 point 1): a selector whose framePath enters
// www/frames/'s newsletter frame (served from the second origin) is routed
// by the worker to that frame's own content script. Playwright's frame API
// referees the frame's state; boxes must come back in top-page coordinates.
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

const FRAME = 'iframe[name="newsletter"]';
const call = (tool, args) => browser.sw.evaluate(([t, a]) => self.copilot.call(t, a), [tool, args]);

async function open() {
  const page = await browser.ctx.newPage();
  await page.goto(`${www.main}/frames/`);
  const frame = page.frames().find((f) => f.url().startsWith(`${www.second}/frames/cross.html`));
  assert.ok(frame, 'the cross-origin frame loaded');
  await frame.waitForLoadState('load');
  // The content script (document_idle) runs once the frame is loaded.
  await frame.locator('#newsletter-email').waitFor();
  const tabId = await h.tabIdOf(browser.ctx, page.url());
  return { page, frame, tabId };
}

const role = (r, name, framePath = [FRAME]) => ({ kind: 'role', role: r, name, nameMode: 'exact', framePath });
const inside = (r, box) => r.x >= box.x - 1 && r.y >= box.y - 1 && r.x + r.width <= box.x + box.width + 1 && r.y + r.height <= box.y + box.height + 1;
const near = (a, b) => ['x', 'y', 'width', 'height'].every((k) => Math.abs(a[k] - b[k]) <= 1);

test('dom.resolve into a cross-origin frame: one match, its box in top-page coordinates', async () => {
  const { page, tabId } = await open();
  const iframeBox = await page.locator(FRAME).boundingBox();
  // (selector, Playwright's locator for the same element)
  const cases = [
    [role('textbox', 'Email address'), page.frameLocator(FRAME).getByRole('textbox', { name: 'Email address', exact: true })],
    [role('button', 'Subscribe'), page.frameLocator(FRAME).getByRole('button', { name: 'Subscribe', exact: true })],
    [{ kind: 'text', text: 'twice a month', framePath: [FRAME] }, page.frameLocator(FRAME).getByText('twice a month')],
    [{ kind: 'css', css: '#newsletter-digest', framePath: [FRAME] }, page.frameLocator(FRAME).locator('#newsletter-digest')],
  ];
  for (const [selector, theirs] of cases) {
    const res = await call('dom.resolve', { tabId, selector });
    assert.equal(res.ok, true, JSON.stringify(res));
    assert.equal(res.data.count, 1, JSON.stringify(selector));
    const rect = res.data.matches[0].rect;
    assert.ok(inside(rect, iframeBox), `${JSON.stringify(rect)} inside the iframe ${JSON.stringify(iframeBox)}`);
    const box = await theirs.boundingBox();
    assert.ok(near(rect, box), `ours ${JSON.stringify(rect)}, Playwright ${JSON.stringify(box)}`);
  }
  // The same-origin frame still resolves in the top frame's script.
  const same = await call('dom.resolve', { tabId, selector: { kind: 'role', role: 'button', framePath: ['iframe[name="feedback"]'] } });
  assert.equal(same.ok, true, JSON.stringify(same));
  assert.ok(same.data.count >= 1);
  await page.close();
});

test('dom.type, dom.check and dom.click act inside the cross-origin frame', async () => {
  const { page, frame, tabId } = await open();
  const typed = await call('dom.type', { tabId, selector: role('textbox', 'Email address'), text: 'ada@example.test' });
  assert.equal(typed.ok, true, JSON.stringify(typed));
  assert.equal(await frame.locator('#newsletter-email').inputValue(), 'ada@example.test');
  const unchecked = await call('dom.check', { tabId, selector: role('checkbox', 'Weekly digest instead'), checked: false });
  assert.equal(unchecked.ok, true, JSON.stringify(unchecked));
  assert.equal(await frame.locator('#newsletter-digest').isChecked(), false);
  const clicked = await call('dom.click', { tabId, selector: role('button', 'Subscribe') });
  assert.equal(clicked.ok, true, JSON.stringify(clicked));
  // The Observation is the tab's: the page's address and title, not the frame's.
  assert.equal(clicked.data.observation.url, page.url());
  assert.equal(clicked.data.observation.title, await page.title());
  assert.equal(clicked.data.observation.urlChanged, false);
  await h.waitForText(frame.locator('#newsletter-status'), 'Subscribed ada@example.test.');
  // The frame told the embedding page, as a person's click would have.
  await h.waitForText(page.locator('#frame-messages'), 'cross-origin frame: subscribed ada@example.test');
  const waited = await call('dom.waitFor', { tabId, event: 'selector', value: JSON.stringify({ kind: 'text', text: 'Subscribed ada', framePath: [FRAME] }), timeoutMs: 2000 });
  assert.equal(waited.ok, true, JSON.stringify(waited));
  await page.close();
});

test('a wrong framePath fails with a specific error, top page or inside the frame', async () => {
  const { page, tabId } = await open();
  // (framePath, tool) → not_found naming the missing step
  const cases = [
    [['iframe#gone'], 'dom.resolve', 'iframe#gone'],
    [[FRAME, 'iframe#deeper'], 'dom.resolve', 'iframe#deeper'],
    [[FRAME, 'iframe#deeper'], 'dom.click', 'iframe#deeper'],
  ];
  for (const [framePath, tool, step] of cases) {
    const res = await call(tool, { tabId, selector: role('button', 'Subscribe', framePath) });
    assert.deepEqual([res.ok, res.code, res.retryable], [false, 'not_found', true], JSON.stringify(res));
    assert.match(res.error, new RegExp(`frame \`${step.replace(/[[\]"]/g, '\\$&')}\` of framePath .* was not found`));
  }
  await page.close();
});

test('a frame where no content script runs (an error page) is not waited for; the live frame is still merged', async () => {
  const { page, tabId } = await open();
  // Nothing listens on port 1: the frame shows Chrome's error page, a
  // cross-origin document no extension script runs in (as frames whose
  // site refuses framing do).
  await page.evaluate(() => new Promise((done) => {
    const f = Object.assign(document.createElement('iframe'), { name: 'dead', src: 'http://127.0.0.1:1/' });
    f.addEventListener('load', done, { once: true });
    document.body.append(f);
  }));
  // bc_core::frame_waits: a frame that does not announce itself within the
  // hello budget is left out and listed as silent, from the first request
  // on; the live newsletter frame announces itself and is merged in.
  for (const [tool, args] of [['getMiniPCD', { tabId }], ['getMiniPCD', { tabId }], ['pcd.query', { tabId, text: 'Subscribe', topK: 3 }], ['getMiniPCD', { tabId }]]) {
    const r = await call(tool, args);
    assert.equal(r.ok, true, JSON.stringify(r));
    const framed = tool === 'getMiniPCD' ? r.data.actions.filter((a) => a.framePath) : r.data.filter((x) => x.id.includes('@'));
    assert.ok(framed.some((a) => a.label === 'Subscribe'), `${tool}: the live frame's Subscribe: ${JSON.stringify(framed)}`);
    if (tool === 'getMiniPCD') assert.deepEqual(r.data.silentFrames, [['iframe[name="dead"]']], JSON.stringify(r.data.silentFrames));
  }
  await page.close();
});

test('getMiniPCD lists the cross-origin frame\'s controls with their framePath; getDetails routes their ids', async () => {
  const { page, frame, tabId } = await open();
  const mini = await call('getMiniPCD', { tabId });
  assert.equal(mini.ok, true, JSON.stringify(mini));
  const framed = mini.data.actions.filter((a) => a.framePath);
  const subscribe = framed.find((a) => a.label === 'Subscribe');
  assert.ok(subscribe, `framed actions: ${JSON.stringify(framed)}`);
  assert.deepEqual(subscribe.framePath, [FRAME]);
  const form = mini.data.forms.find((f) => f.framePath && f.fieldSummaries.some((s) => s.label === 'Email address'));
  assert.ok(form, JSON.stringify(mini.data.forms));
  // The top page's own controls are still there.
  assert.ok(mini.data.actions.some((a) => !a.framePath && a.label === 'Pricing'));
  // No form value leaves the frame: type a secret-looking address first, it must not appear.
  await frame.locator('#newsletter-email').fill('secret-value@example.test');
  const again = await call('getMiniPCD', { tabId });
  assert.ok(!JSON.stringify(again.data).includes('secret-value'));

  const det = await call('getDetails', { tabId, ids: [mini.data.actions[0].id, subscribe.id] });
  assert.equal(det.ok, true, JSON.stringify(det));
  assert.deepEqual(det.data.map((d) => d.id), [mini.data.actions[0].id, subscribe.id]);
  const d = det.data[1];
  assert.deepEqual(d.framePath, [FRAME]);
  assert.deepEqual(d.selector.framePath, [FRAME]);
  for (const sel of [d.selector, ...(d.altSelectors ?? [])]) {
    const res = await call('dom.resolve', { tabId, selector: sel });
    assert.equal(res.ok && res.data.count, 1, `${JSON.stringify(sel)} → ${JSON.stringify(res)}`);
  }
  const gone = await call('getDetails', { tabId, ids: [`${subscribe.id.split('@')[0]}@zzzz`] });
  assert.deepEqual([gone.ok, gone.code], [false, 'not_found'], JSON.stringify(gone));
  await page.close();
});

test('pcd.query ranks the cross-origin frame\'s controls with the top page\'s; its hits ground through getDetails', async () => {
  const { page, frame, tabId } = await open();
  // (query, the label of the best hit, whether it is in the frame)
  const cases = [
    [{ text: 'subscribe', kind: 'action' }, 'Subscribe', true],
    [{ text: 'newsletter sign up', kind: 'form' }, 'Subscribe', true],
    [{ text: 'pricing', kind: 'action' }, 'Pricing', false],
    [{ text: 'past issues', kind: 'collection' }, null, true],
  ];
  for (const [query, label, framed] of cases) {
    const res = await call('pcd.query', { tabId, ...query, topK: 3 });
    assert.equal(res.ok, true, JSON.stringify(res));
    assert.ok(res.data.length >= 1 && res.data.length <= 3, JSON.stringify(res.data));
    const best = res.data[0];
    if (label) assert.equal(best.label, label, JSON.stringify(res.data));
    assert.equal(best.id.includes('@'), framed, JSON.stringify(res.data));
    // Best first, and the same answer twice.
    assert.deepEqual(res.data.map((h) => h.score), [...res.data.map((h) => h.score)].sort((a, b) => b - a));
    assert.deepEqual((await call('pcd.query', { tabId, ...query, topK: 3 })).data, res.data);
  }
  // The framed hit grounds like any other: getDetails → a framed selector → one element → acts there.
  const [hit] = (await call('pcd.query', { tabId, text: 'subscribe', kind: 'action', topK: 1 })).data;
  const [detail] = (await call('getDetails', { tabId, ids: [hit.id] })).data;
  assert.deepEqual(detail.selector.framePath, [FRAME]);
  await frame.locator('#newsletter-email').fill('grace@example.test');
  const clicked = await call('dom.click', { tabId, selector: detail.selector, id: hit.id });
  assert.equal(clicked.ok, true, JSON.stringify(clicked));
  await h.waitForText(frame.locator('#newsletter-status'), 'Subscribed grace@example.test');
  await page.close();
});

test('dom.extract reads a collection of the cross-origin frame; capture.candidates boxes framed ids in top-page coordinates', async () => {
  const { page, frame, tabId } = await open();
  await page.bringToFront();
  const mini = (await call('getMiniPCD', { tabId })).data;
  const issues = mini.collections.find((c) => c.id.includes('@'));
  assert.ok(issues, JSON.stringify(mini.collections));
  const ex = await call('dom.extract', { tabId, collectionId: issues.id, fields: ['title', 'date'] });
  assert.equal(ex.ok, true, JSON.stringify(ex));
  assert.equal(ex.data.collectionId, issues.id);
  assert.equal(ex.data.total, 3);
  assert.deepEqual(ex.data.items.map((i) => i.title), await frame.locator('#past-issues a').allInnerTexts());
  // An id of a frame that is not there is a specific error.
  const gone = await call('dom.extract', { tabId, collectionId: `${issues.id.split('@')[0]}@zzzz`, fields: [] });
  assert.deepEqual([gone.ok, gone.code], [false, 'not_found'], JSON.stringify(gone));

  const subscribe = mini.actions.find((a) => a.framePath && a.label === 'Subscribe');
  const pricing = mini.actions.find((a) => !a.framePath && a.label === 'Pricing');
  const shot = await call('capture.candidates', { tabId, ids: [pricing.id, subscribe.id] });
  assert.equal(shot.ok, true, JSON.stringify(shot).slice(0, 500));
  assert.deepEqual(shot.data.boxes.map((b) => b.id), [pricing.id, subscribe.id]);
  const box = shot.data.boxes[1];
  const theirs = await page.frameLocator(FRAME).getByRole('button', { name: 'Subscribe', exact: true }).boundingBox();
  assert.ok(near(box.rect, theirs), `ours ${JSON.stringify(box.rect)}, Playwright ${JSON.stringify(theirs)}`);
  assert.equal(box.visible, true);
  assert.ok(shot.data.crops.some((c) => c.id === subscribe.id), 'the framed candidate is cropped');
  await page.close();
});

test('a popup a button inside the cross-origin frame opens is opened once: the worker tells that frame', async () => {
  const { page, frame, tabId } = await open();
  const popupUrl = `${www.main}/article/?doc=9`;
  await frame.evaluate((href) => {
    const b = Object.assign(document.createElement('button'), { textContent: 'Share by mail' });
    b.onclick = () => { window.open(href, 'share', 'width=500,height=600'); };
    document.body.prepend(b);
  }, popupUrl);
  const pagesBefore = browser.ctx.pages().length;
  const opened = browser.ctx.waitForEvent('page');
  const clicked = await call('dom.click', { tabId, selector: role('button', 'Share by mail') });
  const popup = await opened;
  assert.equal(clicked.ok, true, JSON.stringify(clicked));
  assert.equal(clicked.data.attempts, 1, JSON.stringify(clicked.data));
  assert.deepEqual(clicked.data.openedTabs.map((t) => t.url), [popupUrl], JSON.stringify(clicked.data));
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(browser.ctx.pages().length, pagesBefore + 1, 'one popup, not one per attempt');
  await popup.close();
  await page.close();
});
