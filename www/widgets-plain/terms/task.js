// A scrollable terms box: "I agree" is enabled only once the box was
// scrolled to its end ("scroll the terms box to the end, then tick I agree").
import { task, el } from '../common.js';
const t = task();
const paras = 8 + Math.floor(t.rnd() * 10);
const terms = document.getElementById('terms');
for (let i = 1; i <= paras; i++) terms.append(el('p', {}, `${i}. You agree to clause ${i}, which says what clause ${i} says.`));
t.say(['Scroll the terms box to the end, then tick I agree.', 'Scroll the terms to the bottom and check I agree.', 'Read the terms to the end, then tick I agree.'],
  [`Scroll to the end of the terms box, then check I agree.`, `Scroll down the terms to the end and tick I agree.`, `Scroll the terms all the way down, then tick I agree.`],
  [`Please scroll through the terms to the end and then tick the I agree box.`, `Can you scroll the terms all the way to the bottom and check I agree?`,
    `Go to the bottom of the terms box and then put a tick in I agree.`],
  [`Scroll right down through the terms and tick the I agree checkbox.`, `The I agree box only unlocks at the bottom of the terms. Scroll there and tick it.`,
    `could you get to the end of the terms and check the I agree box`, `I've already read these terms, so just scroll them to the end and tick I agree.`],
  [
    `scroll to the bottom of the terms then tick i agree`,
    `Could you scroll right down through the terms and then check the I agree box?`,
    `The I agree tickbox is greyed out. Scroll the terms to the end first, then tick it.`,
    `I need to accept these terms: scroll all the way through them and tick I agree.`,
    `Get to the end of the terms text and check the agree box.`,
    `Would you mind scrolling the terms box right to the bottom and ticking "I agree"?`,
    `Scroll the terms down fully. Then check I agree.`],
  [
    `terms: scroll 2 end, check agree box`,
    `Please scroll the box with the terms down until you reach the very last clause, and after that put a tick in the I agree box.`,
    `You scroll the terms until the end, and after this you check I agree.`,
    `Scroll the terms div to the bottom so the I agree checkbox enables, then check it.`,
    `Now scroll down inside the terms box to the last line and tick I agree.`,
    `To accept the terms, reach the end of the box and tick I agree.`,
    `Read all the terms. Then tick I agree.`,
    `Will you scroll past the last clause and tick I agree?`],
  [
    `The I agree box — it only works after you scroll the terms to the bottom, so do that and then tick it.`,
    `Step 2: scroll the terms box to its last clause, then check I agree.`,
    `Dear assistant, kindly scroll through the terms until the very end and then tick the I agree checkbox. With thanks.`,
    `scroll all the way down the terms thing then tick i agree`,
    `Since the tick box stays locked until you've read everything, scroll the terms to the end first and then check I agree.`,
    `Please you scroll the terms until finish, after you tick I agree.`,
    `There is a small box full of numbered clauses with its own scroll bar; scroll inside that box until you reach the very last clause, at which point the I agree checkbox underneath becomes clickable, and then put a tick in it.`,
    `Terms to the end, then tick I agree.`],
  [
    `Scroll to the end of the terms and tick I agree`,
    `tick I agree, you have to scroll the terms box to the bottom first`,
    `Could you scroll all the way down in the terms box and then check the I agree box?`,
    `accept the terms for me — scroll the box down to the last clause, then tick the checkbox`,
    `i agree box is greyed out until the terms are scrolled through, so scroll to the bottom and tick it`,
    `Scroll the terms to the bottom and check I agree. Don't press Next yet.`,
    `honestly I'm not reading all that, just scroll the terms box to the end and tick agree`,
    `check I agree after scrolling down the terms list`,
  ],
  [
    `Scroll the terms to the end and tick I agree.`,
    `scroll down the terms and check i agree`,
    `Could you scroll through all ${paras} clauses and then tick the I agree box?`,
    `I've read the terms, honestly. Please scroll the box to the bottom so the checkbox unlocks, then tick I agree.`,
    `Tick I agree, but first scroll the terms box all the way down, otherwise it's greyed out.`,
    `Please you go down in the terms text until the end and after put the check on I agree.`,
    `The "I agree" box: scroll the terms to the bottom, then check it.`,
    `Accept the terms: scroll to the last clause (number ${paras}) in the box and tick the agree chekbox.`,
  ]);
const agree = document.getElementById('agree');
terms.addEventListener('scroll', () => {
  if (terms.scrollTop + terms.clientHeight >= terms.scrollHeight - 4) agree.disabled = false;
});
agree.addEventListener('change', () => t.set({ done: agree.checked }));
