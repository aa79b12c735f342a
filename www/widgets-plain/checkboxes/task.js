// Checkboxes whose labels are plain text beside them (not tied to them):
// "click the second checkbox", "tick the last checkbox", "tick Blue".
import { task, el, COLOURS } from '../common.js';
const t = task();
const colours = t.sample(COLOURS, 5);
const boxes = colours.map((c) => {
  const box = el('input', { type: 'checkbox' });
  document.getElementById('list').append(el('div', { class: 'row' }, box, ' ', c));
  return box;
});
const n = Math.floor(t.rnd() * 5);
const ord = ['first', 'second', 'third', 'fourth', 'fifth'][n];
const phrasings = [`Click the ${ord} checkbox.`, `Tick the ${ord} checkbox.`, `Check ${colours[n]}.`];
if (n === 4) phrasings.push('Tick the last checkbox.');
t.say([...phrasings],
  [`Check the ${ord} box.`, `Tick ${colours[n]}.`, `Select the ${ord} checkbox.`],
  [`Please tick the box next to ${colours[n]}.`, `Can you check the ${ord} box in the list?`, `Put a tick in the ${ord} checkbox.`],
  [`Mark the ${ord} checkbox.`, `Could you select ${colours[n]} and nothing else?`,
    `only ${colours[n]} should be checked`, `Box number ${n + 1} from the top needs a tick, please.`],
  [
    `tick ${colours[n]} and nothing else`,
    `Could you check the box beside ${colours[n]}?`,
    `I need the ${ord} tickbox ticked and the rest left empty.`,
    `Only the ${ord} checkbox should be checked.`,
    `Mark ${colours[n]} in the colour list.`,
    `Pop a tick next to ${colours[n]}, please.`,
    `Here's a list of colours. Check the ${ord} one.`],
  [
    `tick ${colours[n]} only pls`,
    `In the list of colours, please put a tick in the little square beside ${colours[n]} and leave all the other squares empty.`,
    `The ${ord} checkbox you should mark, the others leave empty.`,
    `Toggle the ${ord} checkbox input on; leave the rest unchecked.`,
    `Now check the checkbox for ${colours[n]}.`,
    `To choose ${colours[n]} as your colour, tick its checkbox.`,
    `${colours[n]} is my colour. Tick only that box.`,
    `What about ticking the ${ord} checkbox?`],
  [
    `${colours[n]} is the one — tick its little square and leave the others alone.`,
    `Step 2: check the ${ord} checkbox from the top (${colours[n]}); all the others stay unchecked.`,
    `Dear assistant, please tick the box beside ${colours[n]} in the colour list and no other box. Kind regards.`,
    `tick the ${ord} box thats it dont touch the rest`,
    `Since ${colours[n]} is my favourite, put a tick next to it in the list under Colours, and only there.`,
    `Please make a tick in the box of ${colours[n]}, the other boxes no touch.`,
    `In the list of colours each name has a little square on its left; please click the square next to ${colours[n]}, which is the ${ord} one down, so that only it has a tick.`,
    `Only ${colours[n]} ticked.`],
  [
    `Tick the ${ord} checkbox`,
    `check ${colours[n]}`,
    `Could you check the box next to ${colours[n]}? Only that one, leave the other colours unticked.`,
    `${ord} box in the colour list, tick it please`,
    `i only like ${colours[n]}, tick that one for me`,
    `In the Colours list, put a check in the ${ord} checkbox, the one beside ${colours[n]}`,
    `Select ${colours[n]} — just that box, nothing else`,
    `click the ${ord} checkbox down the list, dont touch the rest`,
  ],
  [
    `Tick ${colours[n]}.`,
    `check the ${ord} box only`,
    `Could you tick the ${ord} checkbox in the list? Leave the rest unticked.`,
    `I only want ${colours[n]} selected, it's checkbox number ${n + 1}.`,
    `Of the five colours, ${colours[n]} is the one to check.`,
    `Please you put the tick in box ${n + 1} from top, the one next to ${colours[n]}, and in no other box.`,
    `My favourite colour is ${colours[n]}, so tick the box beside it. Don't tick anything else.`,
    `Tick the ${ord} chekbox, counting from the top, then hit Save.`,
  ]);
const check = () => t.set({ checked: boxes.map((b) => b.checked), done: boxes.every((b, k) => b.checked === (k === n)) });
for (const b of boxes) b.addEventListener('change', check);
