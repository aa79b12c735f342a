// Focus by a field's nearby label or position: "put the cursor in the email
// box", "focus the 3rd input".
import { task } from '../common.js';
const t = task();
const ids = ['name', 'email', 'phone'];
const n = Math.floor(t.rnd() * 3);
const label = ['name', 'email', 'phone'][n];
t.say([`Put the cursor in the ${label} box.`, `Focus the ${['1st', '2nd', '3rd'][n]} input.`, `Click into the ${label} field.`],
  [`Click in the ${label} field.`, `Place your cursor in the ${label} box.`, `Focus on the ${label} field.`],
  [`Can you put the cursor into the ${label} field?`, `Please click in the ${label} box so I can type there.`, `Move the cursor to the ${label} field, please.`],
  [`Make the ${label} field active.`, `I want to type my ${label}, so put the focus in that box.`,
    `click on the ${['first', 'second', 'third'][n]} text box`, `Could you select the ${label} input so the cursor is in it?`],
  [
    `Move focus to the ${label} input.`,
    `click in the box next to ${label}`,
    `Set focus on the ${['1st', '2nd', '3rd'][n]} text field.`,
    `Tap into the ${label} field, please.`,
    `The cursor should be sitting in the ${label} box.`,
    `Could you select the ${label} textbox so it's ready for typing?`,
    `I'm about to enter my ${label}, so click into that field for me.`],
  [
    `tap ${label} field`,
    `I would like the blinking cursor to be placed inside the ${label} box, please, so that I can start typing there myself.`,
    `Inside the ${label} field, place the cursor please.`,
    `Call focus() on the ${label} input element.`,
    `Now click once inside the ${label} box.`,
    `So I can type my ${label}, activate that field.`,
    `Go to the ${['1st', '2nd', '3rd'][n]} field. Just click in it.`,
    `Would you focus the ${label} field?`],
  [
    `The ${label} box — click inside it so the cursor is blinking there.`,
    `Step 1: place the cursor in the ${label} field (the ${['1st', '2nd', '3rd'][n]} of three).`,
    `Hi there, would you mind clicking into the ${label} field so that it is ready for me to type? Thanks very much.`,
    `click the ${label} thing so i can type`,
    `Since I want to type my ${label} next, put the cursor in the box beside the word ${label}.`,
    `Please you put the cursor inside the box of ${label}.`,
    `On this page there are three boxes, one each for name, email and phone; please click once inside the one for ${label} so that the text cursor appears in it, without typing anything.`,
    `Cursor: ${label} field.`],
  [
    `Click into the ${label} field`,
    `put the cursor in the ${label} box, dont type anything`,
    `Could you focus the ${label} input? I'll type in it myself.`,
    `select the ${label} text field so I can start typing there`,
    `${label} field — just click in it`,
    `I want to fill in my ${label} next, so place the cursor in that box for me please`,
    `Move focus to the box labelled ${label}`,
    `click inside the input next to ${label}, that's all`,
  ],
  [
    `Focus the ${label} field.`,
    `put the cursor in the ${label} box`,
    `Could you click into the ${label} input so I can start typing there?`,
    `I'd like to type my ${label} myself - just place the cursor in that field please, don't type anything.`,
    `Field number ${n + 1} from the top, the ${label} one: click in it.`,
    `Please you go inside the ${label} field, only click, no writing.`,
    `Jump to the ${label} texbox.`,
    `Select the ${['first', 'second', 'third'][n]} of the three text boxes (the one labelled ${label}).`,
  ]);
for (const id of ids) {
  document.getElementById(id).addEventListener('focus', () => t.set({ focused: id, done: id === ids[n] }));
}
