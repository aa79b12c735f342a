// Instructions as people write them (issue 45): every page of
// www/widgets-plain/ shows a one-sentence instruction (its wording and
// values vary with ?seed=); the test types that sentence into the side
// panel as a user would, with no LLM configured, and reads the page's own
// state (<body data-state>, `done` once the instruction was carried out).
// Passes, one per set of phrasings: the ones the grammar was written
// against (`tuned`), held-out ones (`?phrasing=held-out`) written after
// it, and seven sets written by people who never read the grammar, as a
// new user would put each task: `fresh` and `fresh-2` to `fresh-6` (the
// first five since used to extend the grammar) and `unseen` (kept unseen
// by whoever tunes it). It prints the
// success rate per pattern family and holds the commands to the issue's
// bar: at least 90 % of the first pass succeed; in the first two, no step
// shows ✓ when the page says nothing happened on a page whose instruction
// names a role ("click the button"), and no password typed in the panel
// is shown. The fresh and unseen passes are only measured, never
// asserted: they show how far the grammar carries beyond wordings anyone
// tuned it on. `cargo xtask test` runs the first two (BC_PHRASINGS
// unset); `cargo xtask conformance commands` runs all nine.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from '../support/harness.mjs';

/** Page, pattern family, whether its instruction names a role. */
const PAGES = [
  ['button', 'role word', true],
  ['link', 'role word', true],
  ['case', 'case', false],
  ['fields', 'by position', true],
  ['below', 'by position', true],
  ['list', 'by position', true],
  ['checkboxes', 'by position', true],
  ['focus', 'by position', true],
  ['labels', 'nearby label', false],
  ['multi', 'sentence', false],
  ['section', 'sentence', false],
  ['popup', 'sentence', true],
  ['tabs', 'sentence', false],
  ['autocomplete', 'sentence', false],
  ['signin', 'sentence', false],
  ['search', 'sentence', false],
  ['tree', 'sentence', false],
  ['terms', 'sentence', false],
  ['menu', 'sentence', false],
];
// Four seeds in `cargo xtask test` (about 0.6 s an instruction, two sets
// of phrasings); `cargo xtask conformance commands` runs six.
// BC_PAGES=name,name measures only those pages.
const ONLY = process.env.BC_PAGES?.split(',');
if (ONLY) PAGES.splice(0, PAGES.length, ...PAGES.filter(([n]) => ONLY.includes(n)));
const SEEDS = (process.env.BC_WIDGET_SEEDS ?? '1,2,3,4').split(',').map(Number);

let www, browser, site, panel;

before(async () => {
  www = await h.startWww();
  browser = await h.launchBrowser();
  site = browser.ctx.pages()[0];
  await site.goto(`${www.main}/widgets-plain/`);
  await site.bringToFront();
  panel = await h.openPanel(browser.ctx, browser.extensionId);
});
after(async () => {
  await browser?.close();
  await www?.stop();
});

/** Sends `input` in the panel; the steps shown once the exchange ended. */
async function send(input) {
  await site.bringToFront();
  const exchanges = panel.locator('.exchange');
  const n = await exchanges.count();
  await h.ask(panel, input);
  const exchange = exchanges.nth(n);
  await exchange
    .locator('.bubble.run[aria-busy="false"], .bubble.local, .bubble.answer[aria-busy="false"], .bubble.error')
    .first()
    .waitFor({ timeout: 60_000 });
  const steps = [];
  for (const step of await exchange.locator('.step').all()) {
    steps.push({
      status: await step.getAttribute('data-status'),
      description: (await step.locator('.step-label').innerText()).trim(),
      result: (await step.locator('.step-result').allInnerTexts()).join(' '),
    });
  }
  return { steps, text: await exchange.innerText() };
}

const pageState = () => site.evaluate(() => JSON.parse(document.body.dataset.state ?? '{}'));

/**
 * Types every page's instruction (phrasing `tuned`: the wordings the
 * grammar was written against; `held-out`: wordings written after it;
 * `fresh`: wordings by someone who never saw the grammar);
 * returns one row per page and seed, and the sign-in pages whose password
 * the panel showed.
 */
async function typeAll(phrasing) {
  const rows = [];
  const shownPasswords = [];
  for (const [name, family, roleWord] of PAGES) {
    for (const seed of SEEDS) {
      await site.goto(`${www.main}/widgets-plain/${name}/?seed=${seed}&phrasing=${phrasing}`);
      const { instruction } = await pageState();
      assert.ok(instruction, `${name}: the page shows an instruction`);
      const shown = await send(instruction);
      // Effects may land just after the run's last step reports.
      let state = await pageState();
      for (let i = 0; i < 10 && !state.done; i++) {
        await new Promise((r) => setTimeout(r, 100));
        state = await pageState();
      }
      const ticked = shown.steps.length > 0 && shown.steps.every((s) => s.status === 'done');
      rows.push({ name, family, roleWord, seed, instruction, done: !!state.done, ticked, shown });
      if (name === 'signin') {
        // The page's passwords are a word and two digits ("fjord32").
        const password = instruction.match(/\b([a-z]+\d{2})\b/)?.[1] ?? instruction.match(/(\S+?)\.?$/)[1];
        const log = await panel.locator('[role=log]').innerText();
        if (log.includes(password)) {
          // Where, without the sentence: the unseen set is not read.
          const inSteps = shown.steps.some((st) => st.description.includes(password) || st.result.includes(password));
          shownPasswords.push(`${name}?seed=${seed} (${inSteps ? 'in a step' : 'in the echo or a reply'})`);
        }
      }
    }
  }
  return { rows, shownPasswords };
}

/** Prints the success rate per family, the false ticks and the failures. */
function report(title, rows, shownPasswords, unread = false) {
  const families = [...new Set(rows.map((r) => r.family))];
  const line = (label, rs) => {
    const ok = rs.filter((r) => r.done).length;
    return `${label.padEnd(14)} ${String(ok).padStart(3)}/${String(rs.length).padEnd(3)} ${((100 * ok) / rs.length).toFixed(0).padStart(3)} %`;
  };
  console.log(`\nwidgets-plain, ${title}: typed instructions that did what they say`);
  for (const f of families) console.log(line(f, rows.filter((r) => r.family === f)));
  console.log(line('all', rows));
  const falseTicks = rows.filter((r) => r.ticked && !r.done);
  // Pages only, not sentences: the unseen set is not read.
  console.log(`false ✓ (every step done, page unchanged): ${falseTicks.length}${falseTicks.length ? ` — ${falseTicks.map((r) => `${r.name}?seed=${r.seed}`).join(', ')}` : ''}`);
  console.log(`passwords shown in the panel: ${shownPasswords.length}${shownPasswords.length ? ` — ${shownPasswords.join(', ')}` : ''}`);
  for (const r of rows.filter((r) => !r.done)) {
    // The unseen set's sentences are never printed, so nobody tunes on them.
    if (unread) console.log(`✗ ${r.name}?seed=${r.seed}`);
    else console.log(`✗ ${r.name}?seed=${r.seed} “${r.instruction}”${r.ticked ? ' [false ✓]' : ''}\n    ${r.shown.text.replace(/\s*\n\s*/g, ' | ').slice(0, 300)}`);
  }
  return { rate: rows.filter((r) => r.done).length / rows.length, roleFalse: falseTicks.filter((r) => r.roleWord).map((r) => `${r.name}?seed=${r.seed}`) };
}

const PASSES = (process.env.BC_PHRASINGS ?? 'tuned,held-out').split(',');
/** The sets that are only measured, in the order they run. */
const MEASURED = [
  ['fresh', 'fresh phrasings (by someone who never saw the grammar; since used to extend it)'],
  ['fresh-2', 'second fresh phrasings (by another writer who never saw the grammar; used to extend it)'],
  ['fresh-3', 'third fresh phrasings (a third writer who never saw the grammar; used to extend it)'],
  ['fresh-4', 'fourth fresh phrasings (a fourth writer who never saw the grammar; used to extend it)'],
  ['fresh-5', 'fifth fresh phrasings (a fifth writer who never saw the grammar nor the other sets; used to extend it)'],
  ['fresh-6', 'sixth fresh phrasings (a sixth writer who saw only the pages, with every sentence removed)'],
  ['unseen', 'unseen phrasings (by someone who never saw the grammar; never tuned on)'],
];

test('typed instructions on plain-HTML widget pages', { timeout: 30 * 60_000 }, async () => {
  // BC_PHRASINGS without `tuned` measures the other sets alone (no assertions).
  const asserted = PASSES.includes('tuned');
  const tuned = asserted ? await typeAll('tuned') : { rows: [], shownPasswords: [] };
  const heldOut = asserted ? await typeAll('held-out') : { rows: [], shownPasswords: [] };
  const t = asserted && report('the phrasings the grammar was written with', tuned.rows, tuned.shownPasswords);
  const h = asserted && report('held-out phrasings (written after the grammar)', heldOut.rows, heldOut.shownPasswords);
  // Measurements only: printed, never asserted (see the top of the file).
  for (const [set, title] of MEASURED) {
    if (!PASSES.includes(set)) continue;
    const pass = await typeAll(set);
    report(title, pass.rows, pass.shownPasswords, set === 'unseen');
  }

  if (!asserted) return;
  assert.deepEqual([...tuned.shownPasswords, ...heldOut.shownPasswords], [], 'a password typed in the panel is never shown');
  assert.deepEqual([...t.roleFalse, ...h.roleFalse], [], 'no ✓ for a click that missed when a role word was given');
  assert.ok(t.rate >= 0.9, `only ${(100 * t.rate).toFixed(0)} % of the typed instructions succeeded`);
});

test('a role word never clicks the text that says it, and ambiguity lists candidates by place and label', async () => {
  // The button page has no link: "click the link" must fail, not click the
  // instruction's paragraph ("…the button…") and show ✓.
  await site.goto(`${www.main}/widgets-plain/button/?seed=1`);
  const noLink = await send('click the link');
  assert.equal(noLink.steps.length, 1);
  assert.equal(noLink.steps[0].status, 'failed', noLink.text);
  assert.equal((await pageState()).done, false);
  // Five unnamed checkboxes: which one is meant is asked, each told apart
  // by its place and the colour written beside it.
  await site.goto(`${www.main}/widgets-plain/checkboxes/?seed=1`);
  const colours = await site.evaluate(() => [...document.querySelectorAll('#list .row')].map((r) => r.textContent.trim()));
  const many = await send('tick the checkbox');
  assert.equal(many.steps[0].status, 'failed', many.text);
  assert.match(many.steps[0].result, new RegExp(`5 elements match the checkbox: checkbox 1 of 5, next to “${colours[0]}”; checkbox 2 of 5, next to “${colours[1]}”`));
  assert.deepEqual((await pageState()).checked ?? [false, false, false, false, false], [false, false, false, false, false]);
  // "Select Madrid." names an option of a native dropdown, which has no
  // box to click: it is chosen.
  await site.goto(`${www.main}/widgets-plain/list/?seed=1`);
  const option = await site.evaluate(() => document.querySelectorAll('#city option')[3].textContent);
  const select = await send(`Select ${option}.`);
  assert.equal(select.steps.at(-1)?.status, 'done', select.text);
  assert.equal((await pageState()).value, option);
});

test('the page settles what the grammar cannot: a list of names, a second field, a dropdown set like a field', async () => {
  // "tick A and B and C": no box is named "A and B and C", so one box per name.
  await site.goto(`${www.main}/widgets-plain/multi/?seed=2`);
  const cities = await site.evaluate(() => [...document.querySelectorAll('#list label')].map((l) => l.textContent.trim()));
  const [a, b, c] = cities.slice(1, 4);
  const list = await send(`tick ${a} and ${b} and ${c}, then press Save`);
  assert.deepEqual(list.steps.map((s) => s.status), ['done', 'done', 'done', 'done'], list.text);
  assert.deepEqual([...(await pageState()).saved].sort(), [a, b, c].sort());
  // "… and the city Lima": the verb left out before a second field the
  // page has (City, by the text beside it).
  await site.goto(`${www.main}/widgets-plain/labels/?seed=3`);
  const gapped = await send('The username should be birch and the city Lima.');
  assert.equal(gapped.steps.length, 2, gapped.text);
  assert.deepEqual((await pageState()).values, ['birch', 'Lima']);
  // Without such a field, the text is typed whole.
  await site.goto(`${www.main}/widgets-plain/below/?seed=1`);
  const whole = await send('The note should be salt and the pepper mill.');
  assert.equal(whole.steps.length, 1, whole.text);
  assert.equal(await site.evaluate(() => document.querySelector('textarea, input').value), 'salt and the pepper mill');
  // A dropdown "set" like a text field picks its option.
  await site.goto(`${www.main}/widgets-plain/list/?seed=1`);
  const option = await site.evaluate(() => document.querySelector('select').options[3].text);
  const dropdown = await send(`The destination should be ${option}.`);
  assert.equal(dropdown.steps[0]?.status, 'done', dropdown.text);
  assert.equal((await pageState()).value, option);
});

test('a sentence the grammar cannot read is read against the page’s own words, whole or not at all', async () => {
  // The page's names (Username, City, beside their fields) and a value
  // that is neither theirs nor English: typed where the sentence says.
  await site.goto(`${www.main}/widgets-plain/labels/?seed=2`);
  const read = await send('kestrel goes where it says Username, Lisbon where it says City');
  assert.deepEqual(read.steps.map((s) => s.status), ['done', 'done'], read.text);
  assert.deepEqual((await pageState()).values, ['kestrel', 'Lisbon']);
  // One word it cannot place ("frobnicate") and nothing is done.
  await site.goto(`${www.main}/widgets-plain/labels/?seed=2`);
  const unread = await send('kestrel goes where it says Username, and frobnicate the City');
  assert.equal(unread.steps.filter((s) => s.status === 'done').length, 0, unread.text);
  assert.deepEqual((await pageState()).values ?? ['', ''], ['', '']);
  // An option of the page's one dropdown.
  await site.goto(`${www.main}/widgets-plain/list/?seed=2`);
  const option = await site.evaluate(() => document.querySelector('select').options[2].text);
  const picked = await send(`The one I want in the list is ${option}, nothing else`);
  assert.equal(picked.steps[0]?.status, 'done', picked.text);
  assert.equal((await pageState()).value, option);
});

test('read against the page: a search and its results, a box scrolled, a closed menu, folders said by where', async () => {
  // "search for them … result number 2": no field or result is named; the
  // page's one text field is searched, then the second result opened.
  await site.goto(`${www.main}/widgets-plain/search/?seed=2`);
  const searched = await send('I’d like kettles - search for them and take me to result number 2');
  assert.deepEqual(searched.steps.map((s) => s.status), ['done', 'done'], searched.text);
  assert.deepEqual([(await pageState()).searched, (await pageState()).opened], ['kettles', 2]);
  // Typed, sent with Go, then the results by place, said after them.
  await site.goto(`${www.main}/widgets-plain/search/?seed=2`);
  const typed = await send('mugs into the box, Go, then the third of the results');
  assert.deepEqual(typed.steps.map((s) => s.status), ['done', 'done', 'done'], typed.text);
  assert.deepEqual([(await pageState()).searched, (await pageState()).opened], ['mugs', 3]);
  // "the legal text" is the page's one scrolling box: scrolled to its end,
  // which enables the box to tick.
  await site.goto(`${www.main}/widgets-plain/terms/?seed=2`);
  const scrolled = await send('scroll through the legal text and tick the box');
  assert.deepEqual(scrolled.steps.map((s) => s.status), ['done', 'done'], scrolled.text);
  assert.equal(await site.evaluate(() => document.getElementById('agree').checked), true);
  // A closed menu's item, said with the menu it is under: the menu is
  // opened first (its items are listed hidden by the content script).
  await site.goto(`${www.main}/widgets-plain/menu/?seed=1`);
  const menu = await send('could you pick the Duplicate entry under Actions?');
  assert.deepEqual(menu.steps.map((s) => s.status), ['done'], menu.text);
  assert.equal((await pageState()).chosen, 'Duplicate');
  // Where the target is, not the way: folders opened until it shows.
  await site.goto(`${www.main}/widgets-plain/tree/?seed=1`);
  const tree = await send('Drafts sits a couple of folders down - open the folders and click it');
  assert.deepEqual(tree.steps.map((s) => s.status), ['done'], tree.text);
  assert.equal((await pageState()).opened, 'Drafts');
});
