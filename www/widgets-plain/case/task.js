// Case: two buttons whose names differ only in case ("Apple" and "apple");
// the one written with the instruction's case is meant.
import { task, el } from '../common.js';
const t = task();
const fruit = t.pick(['Apple', 'Pear', 'Plum', 'Cherry']);
const variants = t.shuffle([fruit, fruit.toLowerCase(), fruit.toUpperCase()]);
const want = t.pick(variants);
t.say([`Click ${want}.`, `Press the ${want} button.`],
  [`Tap ${want}.`, `Click on the ${want} button.`],
  [`Please press the button that says ${want}.`, `Can you click the button named ${want}?`, `Hit the ${want} button, please.`],
  [`Tap the one labelled ${want}.`, `Press ${want}. It has to match that exact capitalisation.`,
    `Could you click ${want}? Only that spelling, not the others.`, `Hit exactly ${want}, with the capitals as written.`],
  [
    `Click the ${want} one, exactly as it's written.`,
    `just hit ${want} please`,
    `Could you press the button labelled ${want}?`,
    `I want the ${want} button clicked, matching the capitalisation.`,
    `There are a few fruit buttons. Tap the one that reads ${want}.`,
    `Would you mind clicking ${want} for me?`,
    `Push the button whose text is ${want}, case and all.`],
  [
    `tap ${want} exact caps`,
    `There are several buttons that look almost the same; please click only the one spelled ${want}, with the same capital letters.`,
    `You click on the button ${want}, written in this same way.`,
    `Click the button element whose label matches ${want} case-sensitively.`,
    `Please select the ${want} button, paying attention to upper and lower case.`,
    `To pick the right fruit, press ${want}, spelled with exactly these capitals.`,
    `Mind the letter case. Press ${want}.`,
    `Which button says ${want}? Click that one.`],
  [
    `${want}, written exactly like that with the same capitals, is the button I want you to click.`,
    `Step 4: click the fruit button labelled ${want} (case-sensitive, not the other spellings).`,
    `Hi, could you please press the ${want} button? Please note the capital letters must match exactly. Thanks.`,
    `click ${want} not the other ones that look the same lol caps matter`,
    `Since the buttons differ only in capital letters, press the one that reads ${want} exactly.`,
    `Please you push the button ${want}, same big and small letters like I write.`,
    `There are a few buttons for the same fruit and the only difference is whether the letters are big or small, so look carefully and click the one that matches ${want} letter for letter.`,
    `Press ${want} — exact case.`],
  [
    `Click ${want}`,
    `Press the button that says ${want}, spelled with exactly those capitals, not the other versions`,
    `there are three fruit buttons that look almost the same, i need the one written ${want} exactly`,
    `Could you click the ${want} button? Careful, the others differ only in upper and lower case.`,
    `${want} button please, matching case exactly`,
    `hit the ${want} one. the three buttons only differ by capital letters so match it letter for letter`,
    `On the fruit stand, click the button labelled exactly ${want}`,
    `I want ${want} picked, case-sensitive, so match the letters precisely when you choose among the buttons`,
  ],
  [
    `Click ${want}.`,
    `Press the "${want}" button, the one spelled exactly like that, capitals and all.`,
    `could you click ${want} please, mind the upper/lower case`,
    `There are three ${fruit} buttons that only differ in capitalisation. I need the one written ${want}, exactly.`,
    `I want the ${want} button, not any of the other spellings.`,
    `Of the fruit buttons, pick ${want} (case-sensitive).`,
    `Please you click on button ${want}, with the letters big and small exactly same as I write.`,
    `The button spelled ${want} - click that one. Careful, the others look almsot the same.`,
  ]);
document.getElementById('buttons').append(...variants.map((v) => el('button', { type: 'button', onclick: () => {
  document.getElementById('result').textContent = `${v} clicked.`;
  t.set({ clicked: v, done: v === want });
} }, v), ' '));
