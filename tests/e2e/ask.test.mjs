// The first slice end to end: a question about the active tab in the side
// panel, answered by the configured endpoint (our scripted server, over real
// HTTP) from the page's digest, streamed into the panel. Every endpoint
// failure shows its own message and the conversation stays usable. What
// left the browser is checked: no raw HTML, no key in the body.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import * as h from '../support/harness.mjs';

const scenario = JSON.parse(await readFile(new URL('../scenarios/pricing.json', import.meta.url)));
const KEY = scenario.apiKey;
let www, llm, browser, site, panel;

before(async () => {
  www = await h.startWww();
  llm = await h.startLlm(scenario);
  browser = await h.launchBrowser();
  const options = await h.openOptions(browser.ctx, browser.extensionId);
  await h.configure(options, { endpoint: llm.url, apiKey: KEY, model: 'scripted-model', timeoutSecs: 3 });
  await options.close();
  site = browser.ctx.pages()[0];
  await site.goto(`${www.main}/pricing/`);
  await site.bringToFront();
  panel = await h.openPanel(browser.ctx, browser.extensionId);
});
after(async () => {
  await browser?.close();
  await llm?.stop();
  await www?.stop();
});

const transcript = () => panel.getByRole('log');
/** The reply part of the latest exchange: its answer bubble or its error. */
const lastReply = () => panel.locator('.exchange').last();

/** Asks and waits for the latest exchange to show `want`; on failure says what it showed. */
async function askExpecting(question, want, timeout = 15_000) {
  await h.ask(panel, question);
  await h.waitForText(lastReply(), question);
  try {
    return await h.waitForText(lastReply().getByRole('alert'), want, timeout);
  } catch (e) {
    const shown = await lastReply().innerText().catch(() => '(no exchange)');
    throw new Error(`${e.message}\nlatest exchange shows: ${JSON.stringify(shown)}`);
  }
}

test('a question about the page is answered, streamed into the panel', async () => {
  await llm.clearRequests();
  await h.ask(panel, 'What is the price of the Pro plan?');
  await h.waitForText(transcript(), 'The Pro plan costs $29 per month.');

  const [req] = (await llm.requests()).filter((r) => r.path.endsWith('/chat/completions'));
  assert.ok(req, 'one chat request left the browser');
  assert.equal(req.headers.authorization, `Bearer ${KEY}`);
  assert.equal(req.body.stream, true);
  assert.equal(req.body.model, 'scripted-model');
  const body = JSON.stringify(req.body);
  assert.match(body, /\$29/, 'the page digest was sent');
  assert.ok(!body.includes(KEY), 'the key is not in the request body');
  assert.doesNotMatch(body, /<\/?(div|span|main|section|script|button|a|p|h[1-6])\b[^>]*>/i, 'no raw HTML left the page');
});

const failures = [
  { trigger: 'trigger unauthorized', want: /rejected the API key \(HTTP 401\)/ },
  { trigger: 'trigger unknown_model', want: /does not know the model `scripted-model`/ },
  { trigger: 'trigger rate_limited', want: /rate-limiting requests \(HTTP 429\); it asks to retry after 2 s/ },
  { trigger: 'trigger server_error', want: /internal error \(HTTP 500\)/ },
  { trigger: 'trigger malformed_stream', want: /not a valid chat-completions stream/ },
  { trigger: 'trigger stall', want: /did not answer within 3 s/ },
];

for (const f of failures) {
  test(`endpoint failure "${f.trigger}" shows its own message`, async () => {
    await askExpecting(`Please ${f.trigger}`, f.want);
    // The conversation stays usable.
    assert.equal(await panel.getByLabel('Ask about this page').isEnabled(), true);
  });
}

test('connection refused shows its own message', async () => {
  const options = await h.openOptions(browser.ctx, browser.extensionId);
  try {
    await h.configure(options, { endpoint: 'http://127.0.0.1:9/v1', model: 'scripted-model' });
    await site.bringToFront();
    await askExpecting('What is the price of the Pro plan? (endpoint down)', /Could not reach http:\/\/127\.0\.0\.1:9\/v1/);
  } finally {
    await h.configure(options, { endpoint: llm.url, model: 'scripted-model' });
    await options.close();
  }
});

test('asking about an extension page says why it cannot be read', async () => {
  const options = await h.openOptions(browser.ctx, browser.extensionId);
  await options.bringToFront();
  await askExpecting('What is on this page?', /cannot read extension pages/);
  await options.close();
  await site.bringToFront();
});

test('after failures the conversation goes on, with the earlier answer as history', async () => {
  await llm.clearRequests();
  await site.bringToFront();
  await h.ask(panel, 'And the Team plan?');
  await h.waitForText(transcript(), 'The Team plan costs $99 per month.');
  const [req] = (await llm.requests()).filter((r) => r.path.endsWith('/chat/completions'));
  const contents = req.body.messages.map((m) => m.content);
  assert.ok(contents.includes('The Pro plan costs $29 per month.'), 'the successful earlier turn is history');
  assert.ok(!contents.some((c) => c.includes('trigger')), 'failed turns are not replayed');
});

test('the panel keeps working after Chrome stops the service worker', async () => {
  const seen = await h.stopServiceWorker(browser.ctx, site);
  // Where CDP reports our worker, it stopped (a status page opened now
  // would wake it: the worker listens to tab events).
  assert.ok(seen.length === 0 || seen.includes('stopped'), `the worker stopped: ${seen.join(', ')}`);
  await site.bringToFront();
  await h.ask(panel, 'What is the price of the Pro plan, once more?');
  // The panel's port dropped with the worker; the next question reconnects and wakes it.
  const log = await h.waitForText(transcript(), /Pro plan, once more\?[\s\S]*The Pro plan costs \$29 per month\./);
  assert.ok(log);
});

// Web components: the text their open shadow roots show is page text.
test('a question about a page of web components is answered from its shadow content', async () => {
  await site.goto(`${www.main}/shadow/`);
  await site.bringToFront();
  // Far enough down that the compact summary's preview does not hold it.
  await h.ask(panel, 'Which notification preferences are there?');
  await h.waitForText(transcript(), 'Email notifications, SMS alerts and a weekly summary.');
});

test('a question about an embedded same-origin frame is answered from the frame’s text', async () => {
  await site.goto(`${www.main}/frames/`);
  await site.frameLocator('iframe[name="feedback"]').locator('#feedback').waitFor();
  await site.bringToFront();
  // Only the frame's document holds the form: the page's own text does not.
  await h.ask(panel, 'What does the embedded feedback form ask for?');
  await h.waitForText(transcript(), 'It asks for your feedback and sends it with Send feedback.');
});
