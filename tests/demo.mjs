// `cargo xtask run`'s driver. Serves www/ and the scripted LLM, starts
// Chromium with the extension, configures it through its options page and
// asks a question about the pricing page in the side panel.
//   --headed: a visible browser that stays open until you close it.
//   otherwise: prints the transcript and saves screenshots to $BC_DEMO_OUT.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as h from './support/harness.mjs';

const headed = process.argv.includes('--headed');
const out = process.env.BC_DEMO_OUT ?? '.';
const scenario = JSON.parse(await readFile(new URL('./scenarios/pricing.json', import.meta.url)));

const www = await h.startWww();
const llm = await h.startLlm(scenario);
const browser = await h.launchBrowser({ headed });
console.log(`www/ demo site:        ${www.main}/  (second origin ${www.second})`);
console.log(`scripted LLM endpoint: ${llm.url}  (key ${scenario.apiKey}, model scripted-model)`);
console.log(`extension id:          ${browser.extensionId}`);

const shot = async (page, name) => {
  const file = path.join(out, `${name}.png`);
  await page.screenshot({ path: file });
  console.log(`screenshot: ${file}`);
};

try {
  const options = await h.openOptions(browser.ctx, browser.extensionId);
  await h.configure(options, { endpoint: llm.url, apiKey: scenario.apiKey, model: 'scripted-model' });
  await options.getByRole('button', { name: 'Test connection' }).click();
  const status = await h.waitForText(options.getByRole('status'), /available|reach|rejected/);
  console.log(`options → Test connection: ${status.trim()}`);
  await shot(options, 'options');
  if (!headed) await options.close();

  const site = browser.ctx.pages()[0];
  await site.goto(`${www.main}/pricing/`);
  await site.bringToFront();
  await shot(site, 'pricing-page');
  const panel = await h.openPanel(browser.ctx, browser.extensionId);
  for (const question of ['What is the price of the Pro plan?', 'And the Team plan?']) {
    console.log(`\nyou:     ${question}`);
    await h.ask(panel, question);
    // The answer bubble is aria-busy while it streams.
    const answer = panel.locator('.exchange').last().locator('.bubble.answer[aria-busy="false"], [role=alert]');
    await answer.first().waitFor({ timeout: 15_000 });
    console.log(`copilot: ${(await answer.first().innerText()).replace(/\s*\n\s*/g, ' | ')}`);
  }
  await shot(panel, 'side-panel');
  if (headed) {
    console.log('\nThe browser stays open: try the side panel yourself. Close the browser to end.');
    await new Promise((resolve) => browser.ctx.on('close', resolve));
  }
} finally {
  await browser.close().catch(() => {});
  await llm.stop();
  await www.stop();
}
