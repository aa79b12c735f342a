// A step that must come first: the button is inside a collapsed section
// whose header is a clickable <div> ("open the section below and press
// Details").
import { task } from '../common.js';
const t = task();
const button = t.pick(['Details', 'Track']);
t.say([`Open the section below and press ${button}.`, `Expand Shipping, then click ${button}.`, `Open the Shipping section and click ${button}.`],
  [`Expand the section below and click ${button}.`, `Open Shipping and press ${button}.`, `Click Shipping, then ${button}.`],
  [`Please open Shipping and then press the ${button} button.`, `Can you expand the Shipping section and click ${button} in it?`, `Show the Shipping section, then hit ${button}.`],
  [`The ${button} button is inside Shipping, so open that first and then press it.`, `Unfold the Shipping section and tap ${button}.`,
    `Could you reveal what's under Shipping and click ${button} there?`, `click ${button}, it's under Shipping which has to be opened first`],
  [
    `open shipping and hit ${button}`,
    `Could you expand the Shipping bit and press ${button}?`,
    `I need ${button} under Shipping, but the section is closed. Open it and click ${button}.`,
    `Unfold Shipping, then tap the ${button} button.`,
    `The ${button} button is hidden inside Shipping; reveal it and click it.`,
    `Would you mind clicking ${button} in the Shipping section? You'll need to open it first.`,
    `Click the Shipping header to show its contents, then press ${button}.`],
  [
    `open shipping tap ${button}`,
    `Please click on the word Shipping to open that part of the page, and then press the ${button} button that appears inside it.`,
    `You open first the Shipping part, then you press ${button}.`,
    `Expand the Shipping accordion and click the ${button} button inside it.`,
    `Now click Shipping to show more, then select ${button}.`,
    `To reach ${button}, expand the Shipping section first and then press it.`,
    `Shipping is collapsed. Open it and press ${button}.`,
    `Will you open Shipping and hit ${button}?`],
  [
    `The ${button} button — it's hidden under Shipping, so open that section first and click it.`,
    `Step 3: expand Shipping, then click ${button}.`,
    `Good morning, could you please open the Shipping section and press the ${button} button inside it? Many thanks.`,
    `open shipping n click ${button} lol`,
    `Since the buttons stay hidden until it's open, click Shipping first and then hit ${button}.`,
    `Please you open the part Shipping, then you click on ${button}.`,
    `In the box under Order 4711 there's a line that says Shipping with a little arrow; click it to make the section open, and then press the button labelled ${button} that shows up inside it, not the other one.`,
    `Shipping, then ${button}.`],
  [
    `Open Shipping and click ${button}`,
    `press ${button}, you have to expand the Shipping section first`,
    `Could you click the ${button} button under Shipping? It's hidden until you open that section.`,
    `expand shipping then hit ${button}`,
    `I want to see the ${button} for my parcel, open the Shipping bit and press the button`,
    `Click the Shipping ▸ header to show it, then press ${button}`,
    `${button} button in the shipping section please`,
    `in the collapsed Shipping section there's a ${button} button, click it`,
  ],
  [
    `Shipping > ${button}`,
    `open shipping and press ${button}`,
    `Could you expand the Shipping section and click ${button}?`,
    `I need the shipping info for this order: expand Shipping and press the ${button} button.`,
    `Press ${button}, but first you have to open the Shipping section, it's collapsed.`,
    `Please you click on Shipping to open it, then push the button ${button}.`,
    `The ${button} button is hidden under Shipping. Expand that and click it.`,
    `Click the Shipping header so it opens, then clik the "${button}" button inside.`,
  ]);
const body = document.getElementById('body');
document.getElementById('toggle').addEventListener('click', () => {
  body.classList.toggle('hidden');
  t.set({ open: !body.classList.contains('hidden') });
});
for (const id of ['details', 'track']) {
  document.getElementById(id).addEventListener('click', (e) => {
    document.getElementById('result').textContent = `${e.target.textContent} shown.`;
    t.set({ pressed: e.target.textContent, done: e.target.textContent === button });
  });
}
