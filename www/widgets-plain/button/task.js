// "Click the button": the instruction's own text says "button", and a click
// on it must not count (issue 45 class 1). The button's label varies.
import { task, el } from '../common.js';
const t = task();
const label = t.pick(['Continue', 'Proceed', 'Go on', 'Next step', 'OK']);
t.say(['Click the button.', 'Press the button.', 'Please click the button below.'],
  [`Hit the button.`, `Go ahead and press the button on this page.`, `Click on the button.`],
  [`Can you press the button for me?`, `Please hit the button on the page.`, `I'd like you to click that button.`],
  [`Just press the button.`, `There's a single button on the page. Click it, please.`,
    `could you click the only button here`, `The button needs to be clicked so I can move on.`],
  [
    `Press that button, would you?`,
    `just hit the button`,
    `There's only one button here. Click it.`,
    `I need the button on this page pressed.`,
    `Tap the button please.`,
    `Could you give the button a click?`,
    `Find the button and push it.`],
  [
    `pls tap the btn`,
    `Somewhere on this page there is a single button; kindly click on it once, that is all I need.`,
    `The button on the page, you press it please.`,
    `Trigger a click on the single button element.`,
    `Next, give the button on your screen a click.`,
    `To move on, press the button.`,
    `One button here. Press it.`,
    `Mind clicking the button?`],
  [
    `The button on this page — go ahead and click it.`,
    `Step 1: press the one button shown in the box on this page.`,
    `Good afternoon, would you be so kind as to click the button on this page? Thank you.`,
    `yo just smash that button`,
    `Because nothing else here does anything, just press the single button in the box below the text.`,
    `Please make one click on the button what is on the page.`,
    `Under the sentence that says this page has one button, inside the box, you'll find that button, and all I need is for you to click it one time.`,
    `Button. Click it.`],
  [
    `Click ${label}`,
    `press the ${label} button pls`,
    `There's just one button on this page, the one that says ${label}. Could you click it for me?`,
    `hit the button in the box, it says ${label}`,
    `Go ahead and click ${label}, I've read everything and I'm ready to move on`,
    `${label} — click that`,
    `can you tap the only button here, its labelled ${label}`,
    `Please press the button labelled ${label}, nothing else on the page needs touching`,
  ],
  [
    `Click ${label}.`,
    `just press the button on the page`,
    `Could you hit the "${label}" button for me?`,
    `There's one button on this page somewhere, the one that says ${label}. Please click it so I can move on.`,
    `I'm ready for the next part, so please click the ${label} button.`,
    `You please push the button with ${label} written on it.`,
    `${label} button - click it.`,
    `Find the only button on the page and clik it. It's labelled ${label}.`,
  ]);
document.getElementById('slot').append(el('button', { type: 'button', onclick: () => {
  document.getElementById('result').textContent = 'Thanks, the button was clicked.';
  t.set({ done: true });
} }, label));
