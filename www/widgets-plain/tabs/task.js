// Tabs made of clickable <span>s, one panel shown at a time. Either "click
// the X tab" or a search across the tabs for a link shown in one of them.
import { task, el } from '../common.js';
const t = task();
const names = t.shuffle(['Overview', 'Specs', 'Reviews', 'Support']);
const target = t.pick(['Pricing', 'Warranty', 'Manuals']);
const home = 1 + Math.floor(t.rnd() * 3);
const panels = names.map((n, i) => el('div', { class: i === 0 ? '' : 'hidden' },
  el('p', {}, `${n} of the product.`),
  ...(i === home ? [el('a', { href: '#' + target.toLowerCase(), onclick: () => t.set({ opened: target, done: mode === 'find' }) }, target)] : [])));
const mode = t.pick(['find', 'tab']);
const tabWant = names[1 + Math.floor(t.rnd() * 3)];
names.forEach((n, i) => document.getElementById('bar').append(el('span', { class: 'clickable', onclick: () => {
  panels.forEach((p, k) => p.classList.toggle('hidden', k !== i));
  t.set({ tab: n, done: mode === 'tab' && n === tabWant });
} }, n)));
document.getElementById('panels').append(...panels);
if (mode === 'find') {
  t.say([`Look through the tabs for ${target} and open it.`, `Find ${target} in one of the tabs and click it.`, `Go through the tabs until you find ${target}, then open it.`],
  [`Check the tabs for ${target} and click it.`, `Look in the tabs for ${target} and open it.`, `Find the ${target} link in one of the tabs and click it.`],
  [`Please find ${target} somewhere in the tabs and open it.`, `Can you check each tab for ${target} and click it once you find it?`,
    `${target} is in one of the tabs, please open it.`],
  [`Somewhere in the tabs there's a ${target} link. Click it.`, `Hunt through the tabs for the ${target} link and follow it.`,
    `Could you locate ${target} in the tabs and open it for me?`, `i need the ${target} link, it's in one of the tabs, open it`],
  [
    `hunt through the tabs for ${target} and click it`,
    `Could you open ${target}? It's tucked away in one of the tabs.`,
    `I'm after the ${target} page. Flip through the tabs until you spot it, then click it.`,
    `Somewhere behind these tabs there's a ${target} link; follow it.`,
    `Click whichever tab has ${target} in it, then click ${target}.`,
    `Would you mind tracking down the ${target} link across the tabs and opening it?`,
    `Open ${target}. You may need to switch tabs to find it.`],
  [
    `go thru tabs till u find ${target} then tap it`,
    `Please click through the tabs along the top one by one until you see the ${target} link, and then click on that link.`,
    `In one of the tabs there is ${target}; you search it and open it.`,
    `Iterate through the tab panels, locate the ${target} link and click it.`,
    `Now switch between the tabs until ${target} shows up, then click it.`,
    `To open ${target}, check each tab for the link and click it.`,
    `${target} hides behind a tab. Find it and click.`,
    `Which tab has ${target}? Open that link.`],
  [
    `${target} — it's a link on one of the tabs; find it and click it.`,
    `Step 2: switch tabs until the ${target} link appears, then click it.`,
    `Hello, could you please look through the tabs at the top for the ${target} link and open it? Thanks a lot.`,
    `idk which tab ${target} is on, just find it n click it`,
    `Since I don't know where ${target} is, click the tabs along the top one at a time until you see it, then click it.`,
    `Please search in the tabs the link ${target} and you open it.`,
    `The page has a row of tabs and only one tab's content shows at a time; somewhere in one of them there's a link called ${target}, so open each tab in turn until you find it and then click the link.`,
    `Find and open ${target} (it's in the tabs).`],
  [
    `Find the ${target} link and click it`,
    `click ${target}, it's in one of the tabs somewhere`,
    `Could you look through the tabs for a link called ${target} and open it?`,
    `there's a ${target} link under one of the product tabs, open it for me`,
    `I need the ${target} info. Check the tabs until you see that link and click it`,
    `go to the ${names[home]} tab and click ${target}`,
    `open ${target}, you might have to click around the tabs first to find it`,
    `${target} link please, it's hiding behind one of the tabs`,
  ],
  [
    `Find ${target} and click it.`,
    `open the ${target} link, its in one of the tabs`,
    `Could you look through the tabs for the ${target} link and open it?`,
    `I need the ${target} info. There's a link for it on one of the product tabs, please find it and click it.`,
    `Go to the ${names[home]} tab and click ${target} there.`,
    `Please you search in the tabs where is ${target} and click on it.`,
    `${target} link - somewhere behind one of the tabs. Open it.`,
    `Click through the tabs until you see "${target}", then click that link.`,
  ]);
} else {
  t.say([`Click the ${tabWant} tab.`, `Open the ${tabWant} tab.`, `Switch to the ${tabWant} tab on the page.`],
  [`Go to the ${tabWant} tab on this page.`, `Press the ${tabWant} tab.`, `Select the ${tabWant} tab.`],
  [`Please show the ${tabWant} tab.`, `Can you switch over to the ${tabWant} tab?`, `I'd like to see the ${tabWant} tab.`],
  [`Bring up the ${tabWant} tab.`, `Could you change to the ${tabWant} tab?`,
    `I need the ${tabWant} tab open, please.`, `${tabWant} tab please`],
  [
    `switch me to ${tabWant}`,
    `Could you click on ${tabWant} up in the tab bar?`,
    `I want to read the ${tabWant} section. Switch to that tab.`,
    `The ${tabWant} tab should be the one showing.`,
    `Flip over to ${tabWant}.`,
    `Would you mind opening the tab labelled ${tabWant}?`,
    `Tap ${tabWant} in the tabs at the top.`],
  [
    `${tabWant} tab pls`,
    `Please click on the tab called ${tabWant} at the top, so that its page is shown instead of the current one.`,
    `You go to the tab of ${tabWant}, please.`,
    `Activate the ${tabWant} tab in the tab bar.`,
    `Now click the ${tabWant} tab above the content.`,
    `To see ${tabWant}, click its tab.`,
    `Tabs are at the top. Choose ${tabWant}.`,
    `Will you bring up the ${tabWant} tab?`],
  [
    `${tabWant} — that's the tab I want open.`,
    `Step 1: click the ${tabWant} tab in the row at the top.`,
    `Good afternoon, would you please switch to the ${tabWant} tab? Thank you.`,
    `go to ${tabWant} tab real quick`,
    `Since I want the ${tabWant} info, click on that tab above the box.`,
    `Please you open the tab with the name ${tabWant}.`,
    `Along the top of the product area there's a row of tab names; please click the one that says ${tabWant} so that its content is shown underneath instead.`,
    `Tab: ${tabWant}.`],
  [
    `Click the ${tabWant} tab`,
    `open ${tabWant}`,
    `Could you switch to the ${tabWant} tab please?`,
    `show me ${tabWant}, the tab at the top`,
    `I want to read the ${tabWant} for this product, open that tab`,
    `go to ${tabWant}`,
    `switch the product page over to the ${tabWant} tab`,
    `click on ${tabWant} in the row of tabs`,
  ],
  [
    `${tabWant} tab`,
    `Hey there, would you mind opening up the ${tabWant} section for me? It's one of the tabs in the row on this page, and I'd like to see what's in it.`,
    `I want to see the ${tabWant} tab.`,
    `Could you swtich to ${tabWant}?`,
    `switch the view over to the ${tabWant} tab pls`,
    `The ${tabWant} tab: click on it.`,
    `Please you go in the tab of ${tabWant}, I must read it before I buy this product.`,
    `There's a tab called "${tabWant}". Open it.`,
  ]);
}
