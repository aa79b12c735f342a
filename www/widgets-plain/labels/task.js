// Labels beside their fields but not tied to them (issue 45 class 3): a
// <label> without `for`, a table cell before the field, a <span> before it.
import { task, el, WORDS, CITIES } from '../common.js';
const t = task();
const form = document.getElementById('form');
const layout = t.pick(['label', 'table', 'span']);
const names = ['Username', 'City'];
const inputs = names.map(() => el('input', { type: 'text' }));
if (layout === 'table') {
  const table = el('table');
  names.forEach((n, i) => table.append(el('tr', {}, el('td', {}, n), el('td', {}, inputs[i]))));
  form.append(table);
} else {
  names.forEach((n, i) => form.append(el('div', { class: 'row' }, el(layout, {}, n), ' ', inputs[i])));
}
const user = t.pick(WORDS);
const city = t.pick(CITIES);
t.say([`Type ${user} into Username and ${city} into City.`, `Enter ${user} as the username and ${city} as the city.`,
  `Fill in Username with ${user} and City with ${city}.`],
  [`Put ${user} in Username and ${city} in City.`, `Set Username to ${user} and City to ${city}.`, `Type ${user} as the username, then ${city} as the city.`],
  [`Please enter ${user} for the username and ${city} for the city.`, `Can you fill in the form with username ${user} and city ${city}?`,
    `My username is ${user} and my city is ${city}, please fill them in.`],
  [`Username ${user}, city ${city}.`, `Could you complete the form? The username should be ${user} and the city ${city}.`,
    `I live in ${city} and my username is ${user}; put those in the form for me.`, `the username box needs ${user} and the city box needs ${city}`],
  [
    `username ${user}, city ${city}`,
    `Could you pop ${user} in the Username box and ${city} in the City box?`,
    `I need the username set to ${user} and the city set to ${city}.`,
    `Username should read ${user}; City should read ${city}.`,
    `I live in ${city} and go by ${user} online. Fill those into City and Username.`,
    `Would you mind entering ${user} as my user name and ${city} as my town?`,
    `Complete the form: ${user} for Username, ${city} for City.`],
  [
    `user ${user} city ${city} pls`,
    `Please type ${user} where it says Username, and then type ${city} where it says City, just below it.`,
    `For Username you put ${user}, and for City you put ${city}.`,
    `Populate the Username input with ${user} and the City input with ${city}.`,
    `Now enter ${user} in the Username field and ${city} in the City field.`,
    `To complete my details, use ${user} as the username and ${city} as the city.`,
    `Username is ${user}. City is ${city}.`,
    `Would you fill Username with ${user} and City with ${city}?`],
  [
    `${city} for the city and ${user} for the username — fill those two in please.`,
    `Step 2: Username = ${user}, City = ${city}.`,
    `Dear assistant, I'd be grateful if you would enter ${user} in the Username field, as well as ${city} in the City field. Best regards.`,
    `my user is ${user} and im from ${city} just put those in`,
    `Because I'm based in ${city}, the City box should say ${city}, and the Username one ${user}.`,
    `Username you write ${user}, and City you write ${city}, please.`,
    `There are two text boxes under the Your details heading, the top one next to the word Username and the one below it next to City; please type ${user} in the top one and ${city} in the bottom one.`,
    `${user} / ${city} — Username / City.`],
  [
    `Username ${user}, city ${city}`,
    `Fill in ${user} as the username and ${city} as the city`,
    `could you put ${user} in the Username box and ${city} in the City box please`,
    `Type ${city} into City and ${user} into Username`,
    `my username is ${user} and I live in ${city}, fill in the details form for me`,
    `enter ${user} next to Username, then ${city} in the field beside City`,
    `Please complete the two fields: Username should be ${user}, City should be ${city}.`,
    `set city to ${city} and username to ${user}`,
  ],
  [
    `Username ${user}, city ${city}.`,
    `Fill in ${user} as the username and ${city} as the city.`,
    `could you put ${user} for usernmae and ${city} for city`,
    `I live in ${city} and my username is ${user}, please fill those in.`,
    `Please enter the city first, ${city}, and then the username ${user}.`,
    `Type ${user} into the Username field. In the City field, type ${city}.`,
    `You write user name ${user} and the city ${city} in the form please.`,
    `My details: "${user}" for Username, "${city}" for City.`,
  ]);
const check = () => t.set({ layout, values: inputs.map((i) => i.value), done: inputs[0].value === user && inputs[1].value === city });
for (const i of inputs) i.addEventListener('input', check);
t.set({ layout });
