// Markup that makes selector construction expensive (issue 44 point 4):
// the header's search form sits above 800 nested levels that all carry
// its word, then 3,000 identical "Search" links with huge class lists.
// Before the text search had a budget, `getDetails` of the form read every
// level's whole subtree text (depth × text): half a minute per control,
// and the tab's lane held all the while.
const word = 'Search the archive. '.repeat(50);
let at = document.getElementById('deep');
for (let i = 0; i < 800; i++) {
  const p = document.createElement('p');
  p.textContent = word;
  const div = document.createElement('div');
  at.append(p, div);
  at = div;
}
const classes = Array.from({ length: 200 }, (_, i) => `c${i}`).join(' ');
const list = document.getElementById('siblings');
for (let i = 0; i < 3000; i++) {
  const li = document.createElement('li');
  li.className = classes;
  const a = Object.assign(document.createElement('a'), { href: '#', textContent: 'Search', className: classes });
  li.append(a);
  list.append(li);
}
const q = new URLSearchParams(location.search).get('q');
if (q !== null) document.getElementById('searched').textContent = `Searched for ${q}`;
