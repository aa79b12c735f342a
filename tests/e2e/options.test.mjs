// The options page: labelled inputs, Save that survives a reload, an API key
// kept in storage.local only and never shown back in full, and Test
// connection reporting success or the exact problem.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import * as h from '../support/harness.mjs';

const scenario = JSON.parse(await readFile(new URL('../scenarios/pricing.json', import.meta.url)));
const KEY = scenario.apiKey;
let llm, browser;
before(async () => {
  llm = await h.startLlm(scenario);
  browser = await h.launchBrowser();
});
after(async () => {
  await browser?.close();
  await llm?.stop();
});

test('settings are saved, survive a reload, and the key is never shown back', async () => {
  const options = await h.openOptions(browser.ctx, browser.extensionId);
  await h.configure(options, { endpoint: llm.url, apiKey: KEY, model: 'scripted-model', timeoutSecs: 5 });
  await options.reload();
  await h.waitForText(options.locator('body'), 'API endpoint');
  await options.waitForFunction(() => document.querySelector('input[type=url]')?.value !== '');
  assert.equal(await options.getByLabel('API endpoint').inputValue(), llm.url);
  assert.equal(await options.getByLabel('Model', { exact: true }).inputValue(), 'scripted-model');
  assert.equal(await options.getByLabel('API key').inputValue(), '');
  const html = await options.content();
  assert.ok(!html.includes(KEY), 'the full key must not appear anywhere in the page');
  assert.ok(html.includes(KEY.slice(-4)), 'a masked hint of the stored key is shown');

  const stored = await browser.sw.evaluate(async () => [await chrome.storage.local.get(null), await chrome.storage.sync.get(null)]);
  assert.equal(stored[0].settings.apiKey, KEY);
  assert.deepEqual(stored[1], {}, 'nothing goes to storage.sync');

  // Saving again with an empty key field keeps the stored key.
  await options.getByRole('button', { name: 'Save', exact: true }).click();
  await h.waitForText(options.getByRole('status'), 'Saved');
  const again = await browser.sw.evaluate(() => chrome.storage.local.get('settings'));
  assert.equal(again.settings.apiKey, KEY);
  await options.close();
});

const connectionCases = [
  { name: 'working endpoint', endpoint: () => llm.url, key: '', model: 'scripted-model', want: /model `scripted-model` is available/ },
  { name: 'wrong key', endpoint: () => llm.url, key: 'sk-wrong-key-000000', model: 'scripted-model', want: /rejected the API key \(HTTP 401\)/ },
  { name: 'unknown model', endpoint: () => llm.url, key: '', model: 'gpt-nope', want: /does not know the model `gpt-nope`/ },
  { name: 'nothing listening', endpoint: () => 'http://127.0.0.1:9/v1', key: '', model: 'scripted-model', want: /Could not reach http:\/\/127\.0\.0\.1:9\/v1/ },
  { name: 'not a URL', endpoint: () => 'localhost:1234', key: '', model: 'scripted-model', want: /not a valid URL|must start with http/ },
];

test('Test connection reports success or the exact problem', async () => {
  const options = await h.openOptions(browser.ctx, browser.extensionId);
  for (const c of connectionCases) {
    await options.getByLabel('API endpoint').fill(c.endpoint());
    await options.getByLabel('API key').fill(c.key);
    await options.getByLabel('Model', { exact: true }).fill(c.model);
    await options.getByRole('button', { name: 'Test connection' }).click();
    const text = await h.waitForText(options.getByRole('status'), c.want).catch((e) => {
      throw new Error(`${c.name}: ${e.message}`);
    });
    assert.ok(!text.includes(KEY), `${c.name}: key leaked into the status`);
  }
  // Testing does not save: the stored settings are unchanged.
  const stored = await browser.sw.evaluate(() => chrome.storage.local.get('settings'));
  assert.equal(stored.settings.model, 'scripted-model');
  await options.close();
});
