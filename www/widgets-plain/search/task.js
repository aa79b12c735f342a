// A search with results: "search for shoes and open the 2nd result".
import { task, el } from '../common.js';
const t = task();
const term = t.pick(['shoes', 'lamps', 'socks', 'mugs', 'kettles']);
const n = Math.floor(t.rnd() * 3);
const ord = [['1st', 'first'], ['2nd', 'second'], ['3rd', 'third']][n];
t.say([`Search for ${term} and open the ${ord[0]} result.`, `Look up ${term}, then click the ${ord[1]} result.`, `Search ${term} and open result number ${n + 1}.`],
  [`Search for ${term}, then open the ${ord[0]} result.`, `Look up ${term} and click the ${ord[1]} result.`, `Search for ${term} and click result ${n + 1}.`],
  [`Please search for ${term} and then click on the ${ord[1]} result.`, `Can you look for ${term} and open result ${n + 1}?`,
    `I'd like to search for ${term} and open the ${ord[0]} one in the results.`],
  [`Do a search for ${term}, then open the ${ord[1]} result in the list.`, `type ${term} in the search box, hit Go and click the ${ord[0]} result`,
    `I'm shopping for ${term}. Could you search for them and open the ${ord[1]} item that comes up?`, `Find ${term} in the shop and open the ${ord[1]} match.`],
  [
    `search ${term} open ${ord[0]} result`,
    `Could you search the shop for ${term} and click the ${ord[1]} result?`,
    `I'm looking for ${term}. Search for them and open result ${n + 1} in the list.`,
    `Type ${term} in the search box, hit Go, then click the ${ord[1]} item in the results.`,
    `Run a search for ${term} and tap the ${ord[0]} one that comes up.`,
    `Would you mind finding ${term} and opening search result number ${n + 1}?`,
    `Find ${term} in the shop. Open the ${ord[1]} result.`],
  [
    `${term} search then open ${ord[0]} result pls`,
    `Please type the word ${term} into the search box, press Go, and when the results appear, click on the ${ord[1]} one down the list.`,
    `You search ${term} in the shop, then open for me the ${ord[1]} result.`,
    `Submit the search form with ${term} and click result link #${n + 1}.`,
    `Now enter ${term} in the search field, click Go, and open the ${ord[0]} result.`,
    `To find some ${term}, search for them and open the ${ord[1]} result.`,
    `Type ${term} and hit Go. Open the ${ord[0]} result.`,
    `Would you search for ${term} and click the ${ord[1]} result?`],
  [
    `${term} is what I'm after — search for it with the box at the top and open the ${ord[1]} result.`,
    `Step 2: type ${term} in the search field, press Go, click result #${n + 1}.`,
    `Hi, could you please search the shop for ${term} and then open the ${ord[1]} item in the list of results? Thank you.`,
    `search ${term} and click the ${ord[0]} one that pops up`,
    `Since I need new ${term}, look them up in the shop and click on the ${ord[1]} link in the results.`,
    `Please search ${term} in the shop, then you open the result number ${n + 1}.`,
    `At the top of the page there's an empty search box with a Go button next to it; type ${term} in the box, click Go, and when a numbered list of results appears below, click on the ${ord[1]} one.`,
    `${term}, Go, result ${n + 1}.`],
  [
    `Search for ${term} and open the ${ord[1]} result`,
    `look up ${term} in the shop and click the ${ord[0]} result`,
    `Could you type ${term} in the search box, hit Go, and open the ${ord[1]} item in the results?`,
    `open result number ${n + 1} after searching ${term}`,
    `I'm shopping for ${term}. Search for them and click the ${ord[1]} link that comes up`,
    `type ${term}, press Go, then the ${ord[0]} result pls`,
    `the ${ord[1]} result for ${term} — open that, you'll need to search first`,
    `Search the shop for ${term} and click on the ${ord[0]} one in the list`,
  ],
  [
    `Search ${term}, open result ${n + 1}.`,
    `search for ${term} and click the ${ord[0]} result`,
    `Could you look up ${term} in the shop and open the ${ord[1]} result?`,
    `I'm shopping for ${term}. Search for them and open the ${ord[1]} item in the results list.`,
    `Open the ${ord[1]} search result for ${term}.`,
    `Please you type ${term} in the search box, press Go, and then click on the ${ord[1]} link from the results.`,
    `Before opening the ${ord[0]} result, you'll have to search for ${term}.`,
    `Type "${term}" in the box and hit Go. Then open result number ${n + 1} from teh list.`,
  ]);
const results = document.getElementById('results');
document.getElementById('form').addEventListener('submit', (e) => {
  e.preventDefault();
  const q = document.getElementById('q').value.trim();
  const brands = ['Acme', 'Borealis', 'Cardinal', 'Dune'];
  results.replaceChildren(...brands.map((b, i) => el('li', {}, el('a', { href: `#r${i + 1}`, onclick: () => {
    t.set({ opened: i + 1, done: q.toLowerCase() === term && i === n });
  } }, `${b} ${q}`))));
  t.set({ searched: q });
});
