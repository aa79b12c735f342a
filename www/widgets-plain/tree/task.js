// A tree of folders as clickable <span>s; children appear when a folder is
// opened ("open folders until you reach Reports, then click it").
import { task, el } from '../common.js';
const t = task();
const target = t.pick(['Reports', 'Invoices', 'Contracts']);
const path = t.pick([['Documents', 'Work'], ['Shared', '2026'], ['Archive', 'Old']]);
const tree = { [path[0]]: { [path[1]]: { [target]: null, Drafts: null } , Notes: null }, Photos: { Summer: null }, Music: null };
function render(node, depth) {
  const ul = el('ul');
  for (const [name, kids] of Object.entries(node)) {
    const li = el('li');
    // Folders carry a closed-triangle mark; files are plain names.
    const label = el('span', { class: kids ? 'folder' : 'folder file' }, (kids ? '▸ ' : '') + name);
    li.append(label);
    label.addEventListener('click', () => {
      if (kids) {
        if (li.querySelector('ul')) li.querySelector('ul').remove();
        else li.append(render(kids, depth + 1));
      } else {
        document.getElementById('result').textContent = `${name} opened.`;
        t.set({ opened: name, done: name === target });
      }
    });
    ul.append(li);
  }
  return ul;
}
document.getElementById('tree').append(render(tree, 0));
t.say([`Open folders until you reach ${target}, then click it.`, `Find ${target} in the folders and open it.`, `Go into ${path[0]}, then ${path[1]}, and click ${target}.`],
  [`Expand the folders until you find ${target}, then click it.`, `Open ${path[0]}, then ${path[1]}, then click ${target}.`, `Find ${target} in the folder tree and click it.`],
  [`Please open ${target}, which is in ${path[1]} inside ${path[0]}.`, `Can you dig through the folders to ${target} and open it?`,
    `Go into ${path[0]} and then ${path[1]}, and open ${target} there.`],
  [`Navigate to ${path[0]}/${path[1]}/${target} and open it.`, `Browse the folder tree down to ${target} and click on it.`,
    `${target} lives under ${path[0]} > ${path[1]}; open it, please.`, `I'm looking for the ${target} file. Can you find it in the folders and open it?`],
  [
    `open ${path[0]} then ${path[1]} then ${target}`,
    `Could you drill down to ${target} in the folder tree and click it?`,
    `I need ${target} opened; it's in ${path[0]}/${path[1]}.`,
    `Expand ${path[0]} and ${path[1]}, then click on ${target}.`,
    `Navigate through the folders to ${target} and open it.`,
    `Would you mind opening ${target}? You'll find it under ${path[0]}, in ${path[1]}.`,
    `${target} is a few folders deep. Open the folders above it and click it.`],
  [
    `${path[0]} > ${path[1]} > ${target} pls`,
    `Please click on the ${path[0]} folder to open it, then on ${path[1]} inside it, and finally click on ${target}.`,
    `You open the folder ${path[0]}, inside it ${path[1]}, and there you click ${target}.`,
    `In the tree view, expand node ${path[0]}, then child node ${path[1]}, then click the ${target} item.`,
    `Now go into the ${path[0]} folder, then ${path[1]}, and select ${target}.`,
    `To get to ${target}, unfold ${path[0]} and ${path[1]}, then click it.`,
    `${target} lives in ${path[1]}. Open the folders and click it.`,
    `Where is ${target}? Under ${path[0]}/${path[1]}; please click it.`],
  [
    `${target} is in ${path[1]}, which is in ${path[0]}: open those two folders and then click ${target}.`,
    `Step 3: expand ${path[0]}, then ${path[1]}, then click ${target}.`,
    `Hi, could you please open the ${path[0]} folder, then the ${path[1]} folder inside it, and click on ${target}? Thank you.`,
    `need ${target} its in ${path[0]} then ${path[1]}, click it`,
    `Since ${target} is buried in the folders, click ${path[0]} to open it, then ${path[1]}, and then ${target}.`,
    `Please you open folder ${path[0]}, after ${path[1]}, and then you click ${target}.`,
    `The page shows a list of folders with little triangles; clicking a folder opens it, so click ${path[0]}, then the ${path[1]} folder that appears inside it, and then click the ${target} entry that shows up there.`,
    `${path[0]} → ${path[1]} → ${target}.`],
  [
    `Open ${path[0]} > ${path[1]} > ${target}`,
    `click ${target}, it's inside ${path[1]} in the ${path[0]} folder`,
    `Could you open the ${path[0]} folder, then ${path[1]}, and click ${target}?`,
    `expand ${path[0]} then ${path[1]} and open ${target}`,
    `I need ${target} — it's in ${path[0]}/${path[1]}, open it for me please`,
    `find ${target} in the file tree and click it, you'll have to open ${path[0]} and ${path[1]} first`,
    `${target} please, under ${path[0]} then ${path[1]}`,
    `Go into ${path[0]}, then ${path[1]}, and click on ${target}.`,
  ],
  [
    `Open ${path[0]} > ${path[1]} > ${target}.`,
    `go into ${path[0]}, then ${path[1]}, and click ${target}`,
    `Could you open the ${target} file? It's in ${path[0]}/${path[1]}.`,
    `I'm looking for ${target}. Expand the ${path[0]} folder, then the ${path[1]} folder inside it, and click ${target}.`,
    `Click ${target}, but first you have to open ${path[0]} and then ${path[1]} to get to it.`,
    `Please you open the folder ${path[0]}, inside it the folder ${path[1]}, and there click on ${target}.`,
    `${target} lives under ${path[1]}, which is inside ${path[0]}. Open it.`,
    `Navigate the file tree to "${target}" (path: ${path[0]}/${path[1]}) and open it, pleae.`,
  ]);
