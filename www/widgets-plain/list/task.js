// "Select Paris from the list": the page's one unlabelled <select>.
import { task, el, CITIES } from '../common.js';
const t = task();
const cities = t.sample(CITIES, 6);
const select = document.getElementById('city');
select.append(el('option', { value: '' }, '—'), ...cities.map((c) => el('option', {}, c)));
const want = cities[1 + Math.floor(t.rnd() * 5)];
t.say([`Select ${want} from the list.`, `Choose ${want} in the list.`, `Pick ${want} from the dropdown.`],
  [`Choose ${want} from the list.`, `Select ${want} in the dropdown list.`, `Set the list to ${want}.`],
  [`Please choose ${want} in the drop-down.`, `Can you set the dropdown to ${want}?`, `I want ${want} selected in the list.`],
  [`Change the destination to ${want}.`, `i'm heading to ${want}, pick that in the drop-down`,
    `Could you go with ${want} in the select box?`, `${want} should be the selected option.`],
  [
    `${want} from the dropdown pls`,
    `Could you select ${want} as the destination?`,
    `I'm heading to ${want}. Pick it in the list.`,
    `The select box should show ${want}.`,
    `Change the drop-down menu to ${want}.`,
    `Where to? ${want}. Choose that option.`,
    `Would you mind picking ${want} in the city menu?`],
  [
    `pick ${want} in dropdown`,
    `Please open the drop-down list of cities and choose ${want} from the names it shows.`,
    `From the list you choose the city ${want}.`,
    `Set the select element's value to ${want}.`,
    `Now use the dropdown to select ${want}.`,
    `To go to ${want}, pick it in the list.`,
    `Destination: ${want}. Choose it in the dropdown.`,
    `Can you make the list show ${want}?`],
  [
    `${want} — that's the city to choose in the drop-down.`,
    `Step 3: set the Where to? drop-down to ${want}.`,
    `Good afternoon, could you kindly select ${want} from the list of cities? Many thanks.`,
    `pick ${want} from the thingy with the little arrow`,
    `Since I'm going to ${want}, choose it in the menu under Where to.`,
    `Please you choose ${want} in the list with the arrow.`,
    `Under the question Where to? there's a drop-down that currently shows a dash; click its little arrow to open it, and then click ${want} among the city names.`,
    `Dropdown: ${want}.`],
  [
    `Select ${want} from the dropdown`,
    `pick ${want} in the Where to? list`,
    `Could you choose ${want} from the dropdown menu on this page?`,
    `${want} please, from the list`,
    `I'm going to ${want}, so set the destination dropdown to that`,
    `open the select box under Where to and choose ${want}`,
    `choose ${want} in the list of cities`,
    `Where to? ${want}. Set it in the dropdown for me`,
  ],
  [
    `Select ${want}.`,
    `choose ${want} from the dropdown`,
    `Could you pick ${want} in the list under Where to?`,
    `I'm travelling to ${want}, so set the destination dropdown to it.`,
    `${want} - select that in the drop-down menu.`,
    `Please you choose the city ${want} in the select box.`,
    `Where to? ${want}. Set the dropdown to that.`,
    `Open the city list and click on ${want}, please, it's one of the options in the dropdwon.`,
  ]);
select.addEventListener('change', () => t.set({ value: select.value, done: select.value === want }));
