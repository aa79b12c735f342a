// An autocomplete: suggestions are clickable <div>s under the field, shown
// after a few letters ("type the beginning of Portugal and choose the
// suggestion").
import { task, el } from '../common.js';
const t = task();
const COUNTRIES = ['Portugal', 'Poland', 'Norway', 'Netherlands', 'Spain', 'Sweden', 'Switzerland', 'Italy', 'Ireland', 'Iceland'];
const want = t.pick(COUNTRIES);
t.say([`Type the beginning of ${want} and choose the suggestion.`, `Start typing ${want} and pick it from the suggestions.`,
  `Enter the first letters of ${want} in Country and select the suggestion.`],
  [`Type the first few letters of ${want} and pick the suggestion.`, `Begin typing ${want} and choose it from the list.`, `Type the start of ${want} into Country and click the suggestion.`],
  [`Please type ${want} into Country and pick it when it shows up in the suggestions.`, `Can you start entering ${want} and then click the suggestion that appears?`,
    `I'd like ${want} as the country, chosen from the suggestions that come up as you type.`],
  [`Set the country to ${want} using the autocomplete.`, `I'm traveling to ${want}. Could you enter it under Country and click the matching suggestion?`,
    `enter ${want} in the country box and select it from the dropdown that appears`, `Fill Country with ${want} by picking the suggestion once it pops up.`],
  [
    `Country: ${want}. Start typing it and click the match that drops down.`,
    `could you type a few letters of ${want} in the country box and tap the suggestion`,
    `I'm travelling to ${want}, so key in the first couple of letters under Country and select it when it appears.`,
    `The Country field should end up as ${want}, picked from the suggestion list rather than typed out in full.`,
    `Would you mind choosing ${want} from the country suggestions? Just type the first bit and click it.`,
    `This autocomplete is fiddly. Enter the start of ${want} and hit the suggestion underneath.`,
    `set destination country to ${want} using the autocomplete dropdown`],
  [
    `country ${want} pls, type a bit n tap the suggestion`,
    `Hello, please type the first two or three letters of ${want} into the Country box, then click ${want} when it appears underneath it.`,
    `In the field Country please write some letters of ${want} and then select it among the proposals appearing.`,
    `Trigger the autocomplete on the Country input with a prefix of ${want} and click the matching suggestion item.`,
    `Next, start typing ${want} in the Country field and click it in the dropdown that opens.`,
    `To set your destination to ${want}, type its first letters under Country and select the match.`,
    `Destination is ${want}. Type a few letters under Country and choose it from the suggestions.`,
    `How about typing part of ${want} in the Country box and accepting the suggestion?`],
  [
    `${want} — that's the country I need, so type the first letters in the Country box and click it when it pops up underneath.`,
    `Step 2: in Country, enter the first two or three letters of ${want}, then select ${want} from the suggestion list.`,
    `Dear assistant, I would be grateful if you could set the country to ${want} by typing its opening letters and clicking the matching suggestion. Many thanks.`,
    `omg this box wont let me just type it lol, do like the start of ${want} in country and click it when it shows up`,
    `Since my trip is to ${want}, begin writing it in the blank next to Country and choose it from the little list that appears below.`,
    `Please you write the beginning of ${want} in Country, then click on it in the small list under the box.`,
    `The suggestions only show up after a couple of letters, so start ${want} in the Country field and then click the ${want} option they offer, which fills the box in properly.`,
    `Country → ${want}, via the suggestion.`],
  [
    `Set the country to ${want}, type it in and pick it from the suggestions that drop down`,
    `pls choose ${want} as the country, you have to click the suggestion under the box or it wont stick`,
    `Could you start typing ${want} in the Country field and then click ${want} when it shows up in the list?`,
    `${want} is where I'm headed. Put that in the Country box via the autocomplete suggestion, thanks`,
    `country field: ${want}. select it from the dropdown suggestions`,
    `I keep fumbling this autocomplete thing on my phone, can you enter ${want} as the destination country and tap the matching suggestion?`,
    `Click the ${want} suggestion under the Country input, after typing the first few letters of it`,
    `Destination country should be ${want} please — type a bit of it and choose it from the options that appear`,
  ],
  [
    `Country: ${want}, picked from the suggestions.`,
    `Could you start typing ${want} in the Country feild and click it when it pops up underneath?`,
    `my destination is ${want}, type a couple letters of it in the country box and select ${want} from the list`,
    `Choose ${want} as the destination country. You have to type the beginning of the name first, then a list of suggestions appears and you click ${want} in it.`,
    `Please you write the start of ${want} in Country and then take ${want} from the list what appears.`,
    `Before clicking anything, type the first few letters of ${want} into the Country input; then choose ${want} from the suggestions below it.`,
    `Pick ${want} from the country autocomplete.`,
    `I need the country set to "${want}" - type it in and click the suggestion that comes up, otherwise it won't register.`,
  ]);
const input = document.getElementById('country');
const list = document.getElementById('suggestions');
input.addEventListener('input', () => {
  const q = input.value.trim().toLowerCase();
  list.replaceChildren(...(q.length < 2 ? [] : COUNTRIES.filter((c) => c.toLowerCase().startsWith(q)).map((c) =>
    el('div', { onclick: () => {
      input.value = c;
      list.replaceChildren();
      document.getElementById('result').textContent = `Going to ${c}.`;
      t.set({ chosen: c, done: c === want });
    } }, c))));
  t.set({ typed: input.value });
});
