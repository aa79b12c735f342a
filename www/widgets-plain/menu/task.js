// A menu of clickable <div>s under a clickable <span>: "open the Actions
// menu and choose Rename".
import { task, el } from '../common.js';
const t = task();
const items = ['Rename', 'Duplicate', 'Move', 'Delete'];
const want = t.pick(items.slice(0, 3));
t.say([`Open the Actions menu and choose ${want}.`, `Click Actions, then ${want}.`, `From the Actions menu pick ${want}.`],
  [`Open the Actions menu, then click ${want}.`, `Choose ${want} from the Actions menu.`, `Click Actions and choose ${want}.`],
  [`Please pick ${want} in the Actions menu.`, `Can you open Actions and click ${want}?`, `Under Actions, choose ${want}.`],
  [`${want} the document via the Actions menu.`, `Drop down Actions and go for ${want}.`,
    `could you use the Actions menu and select ${want}`, `I need ${want} from the Actions dropdown.`],
  [
    `open actions and hit ${want}`,
    `Could you click the Actions dropdown and select ${want}?`,
    `I need ${want} from the Actions menu.`,
    `Pull down the Actions menu and select ${want}.`,
    `In the Actions list, tap ${want}.`,
    `Would you mind choosing the ${want} option under Actions?`,
    `There's an Actions menu at the top. Open it and pick ${want}.`],
  [
    `actions > ${want} pls`,
    `Please click on the word Actions near the top to open the little menu, and then choose ${want} from it.`,
    `You open the Actions menu, then in it click ${want}.`,
    `Expand the Actions dropdown and click the ${want} menu item.`,
    `Now click Actions and select ${want} from the options.`,
    `The goal is ${want}. Use the Actions menu to choose it.`,
    `Tap Actions. Then tap ${want}.`,
    `Will you select ${want} in the Actions menu?`],
  [
    `${want} is what I need — it's in the Actions menu, so open that first and click it.`,
    `Step 2: click Actions and choose ${want} from the menu that drops down.`,
    `Hi, could you please open the Actions menu and select ${want} from it? Thanks in advance.`,
    `hit actions then ${want} ez`,
    `Since this document needs the ${want} action, click Actions near the top and pick ${want}.`,
    `Please open the menu Actions and there you click ${want}.`,
    `Just below the Document heading there's the word Actions with a little arrow; click it so a short list opens, then click ${want} in that list and not any of the other entries.`,
    `Actions, then ${want}.`],
  [
    `Open the Actions menu and click ${want}`,
    `Actions > ${want}`,
    `Could you choose ${want} from the Actions dropdown? You'll need to click Actions first to see it.`,
    `click ${want}, its hidden inside the Actions menu`,
    `need the ${want} option from the Actions menu, can you click it for me`,
    `hit the little Actions ▾ thing at the top of the box and pick ${want}`,
    `select ${want} — under Actions`,
    `Please open Actions and choose ${want} from the list that drops down.`,
  ],
  [
    `Actions > ${want}`,
    `open the actoins menu and click ${want}`,
    `Could you choose ${want} from the Actions menu?`,
    `I want to ${want.toLowerCase()} this document, the option is under Actions.`,
    `Pick ${want}, but first you'll need to open the Actions dropdown.`,
    `Please you click Actions and then choose ${want} in the list what opens.`,
    `${want} is in the Actions menu - select it.`,
    `Click on Actions at the top of the box, then on "${want}". Don't pick Delete!`,
  ]);
const menu = document.getElementById('menu');
document.getElementById('actions').addEventListener('click', () => menu.classList.toggle('hidden'));
menu.append(...items.map((i) => el('div', { onclick: () => {
  menu.classList.add('hidden');
  document.getElementById('result').textContent = `${i} chosen.`;
  t.set({ chosen: i, done: i === want });
} }, i)));
