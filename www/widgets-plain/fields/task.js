// Unlabelled text fields named by position: "the first text field", "the
// 3rd input", "the second" (issue 45 class 2).
import { task, el, WORDS } from '../common.js';
const t = task();
const form = document.getElementById('form');
const inputs = [0, 1, 2].map(() => el('input', { type: 'text' }));
for (const i of inputs) form.append(el('div', { class: 'row' }, i));
const [a, b] = t.sample(WORDS, 2);
const ord = ['first', 'second', 'third'];
const mode = t.pick(['two', 'one']);
let want;
if (mode === 'two') {
  want = [a, b, ''];
  t.say([`Type ${a} into the first text field and ${b} into the second.`,
    `Enter ${a} into the first text field, then ${b} into the second one.`,
    `Put ${a} in the first box and ${b} in the second box.`],
  [`Fill the first field with ${a} and the second field with ${b}.`, `In the first text box type ${a}, and in the second type ${b}.`, `Type ${a} in the first input and ${b} in the second input.`],
  [`Please fill in ${a} in the first text field and ${b} in the second.`, `Can you put ${a} in the first box and ${b} in the next one?`,
    `I'd like the first field to say ${a} and the second to say ${b}.`],
  [`First box ${a}, second box ${b}.`, `Could you write ${a} in the top field and ${b} in the one below it?`,
    `The first input needs ${a} and the second needs ${b}; leave the third empty.`, `put ${a} and ${b} into the first two fields in that order`],
  [
    `${a} in the first box, ${b} in the second`,
    `Could you fill the top field with ${a} and the one right below it with ${b}?`,
    `I need ${a} in field one and ${b} in field two.`,
    `The first input should read ${a} and the second should read ${b}; leave the third empty.`,
    `Write ${a} into the first blank, then ${b} into the second blank.`,
    `These boxes have no labels. Bang ${a} into the first and ${b} into the second.`,
    `would you mind typing ${a} in the 1st textbox and ${b} in the 2nd`],
  [
    `1st box ${a} 2nd box ${b} thx`,
    `There are three empty boxes without names; please type ${a} into the top one and ${b} into the one just under it, leaving the last one alone.`,
    `In the first field you write ${a}, in the second field ${b}.`,
    `Set the value of input one to ${a} and input two to ${b}; input three stays empty.`,
    `Now enter ${a} in the first text box and ${b} in the second text box.`,
    `To finish this form, the first box needs ${a} and the second needs ${b}.`,
    `First field: ${a}. Second field: ${b}.`,
    `Any chance you could type ${a} in the first box and ${b} in the second?`],
  [
    `${a} goes in the top box and ${b} in the one under it.`,
    `Step 3: enter ${a} in field 1 and ${b} in field 2; leave field 3 blank.`,
    `Good morning, could you please type ${a} into the first of the three boxes, as well as ${b} into the second one? Thank you.`,
    `ok so first box ${a} second box ${b} ez`,
    `Since the boxes have no labels, just go by order: the top one should say ${a} and the middle one ${b}.`,
    `In the first field please writing ${a} and in the second ${b}, the last one stay empty.`,
    `Under the Three fields heading there are three empty text boxes stacked on top of each other; please type ${a} into the one at the top, then ${b} into the one in the middle, and don't type anything in the bottom one.`,
    `Boxes 1 and 2: ${a}, ${b}.`],
  [
    `Type ${a} in the first box and ${b} in the second`,
    `first field ${a}, second field ${b}, leave the third empty`,
    `Could you fill in the top text field with ${a} and the one under it with ${b}? The last one stays blank.`,
    `put ${b} in the second input, and ${a} goes in the first one`,
    `I need ${a} and ${b} in the first two fields, in that order, please`,
    `fill the top two boxes: ${a} then ${b}. bottom one blank`,
    `Enter ${a} into the first text field and ${b} into the second; don't type anything in the third.`,
    `the three boxes here — write ${a} in box one, ${b} in box two, thats it`,
  ],
  [
    `${a} in the first box, ${b} in the second.`,
    `Type ${a} into the first text field and ${b} into the second one; leave the third empty.`,
    `could you put ${a} in the top box and ${b} in the one bellow it`,
    `I need the first field to say ${a} and the second to say ${b}. The third one stays blank.`,
    `Please fill two of the three fields: the first with ${a}, then the second with ${b}. Don't touch the last one.`,
    `Before you fill in the first field with ${a}, put ${b} in the second one.`,
    `You write ${a} in field 1 and ${b} in field 2, field 3 you leave empty please.`,
    `There are three text boxes without labels. The words go into the top two, in order. First word: ${a}. Second word: ${b}.`,
  ]);
} else {
  const n = t.pick([1, 2]);
  want = ['', '', ''];
  want[n] = a;
  t.say([`Type ${a} into the ${ord[n]} text field.`, `Enter ${a} in the ${['1st', '2nd', '3rd'][n]} input.`, `Write ${a} into the ${ord[n]} field.`],
  [`Type ${a} in field number ${n + 1}.`, `Put ${a} into the ${ord[n]} input box.`, `Fill the ${ord[n]} field with ${a}.`],
  [`Please put ${a} in the ${ord[n]} box.`, `Can you type ${a} into the ${ord[n]} text box?`, `I'd like the ${ord[n]} field to say ${a}.`],
  [`Only the ${ord[n]} text field should get ${a}; leave the rest blank.`, `type ${a} in the ${['top', 'middle', 'bottom'][n]} box`,
    `Could you fill in the ${ord[n]} of the three fields with ${a}?`, `I need ${a} entered in the ${ord[n]} input. The other two stay empty.`],
  [
    `Stick ${a} in the ${ord[n]} box and leave the others empty.`,
    `could you type ${a} into text box number ${n + 1}`,
    `I need ${a} entered in the ${ord[n]} input.`,
    `The ${ord[n]} field should contain ${a}.`,
    `Only the ${ord[n]} textbox gets ${a}; the other two stay blank.`,
    `Three unlabelled fields here. Write ${a} in the ${['1st', '2nd', '3rd'][n]} one.`,
    `Would you mind filling in the ${ord[n]} blank with ${a}?`],
  [
    `${a} in ${['1st', '2nd', '3rd'][n]} box pls`,
    `Please type the word ${a} into the ${ord[n]} of the three boxes, counting from the top, and leave the other two empty.`,
    `At the ${ord[n]} field you write ${a}, the other fields stay empty.`,
    `Populate input #${n + 1} with ${a}.`,
    `Now click into the ${ord[n]} text box and type ${a}.`,
    `To fill the ${ord[n]} field correctly, enter ${a} there.`,
    `Field ${n + 1} needs a value. Type ${a} into it.`,
    `How about putting ${a} in the ${ord[n]} field?`],
  [
    `${a} belongs in the ${ord[n]} box, and the other two stay empty.`,
    `Step 1: type ${a} into text field #${n + 1}, counting from the top; leave the rest blank.`,
    `Hello, please could you enter ${a} in the ${ord[n]} of the three fields? The other fields should remain empty. Many thanks.`,
    `put ${a} in box ${n + 1} lol just that one`,
    `Counting down from the top, the ${ord[n]} blank is where ${a} should go.`,
    `The ${ord[n]} box please you fill with ${a}, the others leave empty.`,
    `There are three text boxes one under the other without any labels, so please count from the top to the ${ord[n]} one and type the word ${a} in it, leaving the other two completely empty.`,
    `Field ${n + 1}: ${a}.`],
  [
    `Type ${a} in the ${ord[n]} field`,
    `put ${a} into the ${ord[n]} box, leave the others empty`,
    `Could you enter ${a} in the ${ord[n]} of the three text fields? Nothing should go in the other two.`,
    `${ord[n]} input: ${a}`,
    `write ${a} in the ${ord[n]} text box please, only that one`,
    `Of the three empty boxes, the ${ord[n]} one needs ${a} in it`,
    `fill in ${a} — in the ${ord[n]} field, counting from the top`,
    `I'm supposed to put ${a} in the ${ord[n]} field and leave the rest blank, can you do that for me?`,
  ],
  [
    `${a} in the ${ord[n]} feild`,
    `Hi! Could you please type the word ${a} into the ${ord[n]} text box on this form? The other two can stay empty, thanks so much.`,
    `I need ${a} written in the ${ord[n]} input.`,
    `please you write the word ${a} inside the ${ord[n]} box, other boxes leave them empty`,
    `put ${a} in box number ${n + 1} counting from the top`,
    `The ${ord[n]} field should say "${a}".`,
    `Fill in the ${ord[n]} of the three fields with ${a}, it has to read exactly that or the form won't accept it.`,
    `The word is ${a}. Enter it in the ${ord[n]} field and leave the rest blank.`,
  ]);
}
const check = () => t.set({ values: inputs.map((i) => i.value), done: inputs.every((i, k) => i.value === want[k]) });
for (const i of inputs) i.addEventListener('input', check);
