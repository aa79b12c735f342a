// A store page of about `?n=` elements (default 1000) for `cargo xtask bench
// perception`: the shapes real large pages have — a product grid with one
// "Add to cart" per card, an invoice table, link lists, forms, clickable divs
// and prose — mixed in fixed proportions and interleaved through the page.
// `&shape=app` builds an app's page instead (ARIA widgets of divs; below).
// Deterministic (seeded), so every run and both content builds see the same
// page. When done it sets `data-generated` on <html> to the element count.

const params = new URLSearchParams(location.search);
const target = Math.max(200, Math.min(200_000, Number(params.get('n')) || 1000));

// mulberry32: small, seeded, good enough for varied labels.
let seed = 0x5eed;
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (xs) => xs[Math.floor(rand() * xs.length)];

const ADJ = ['Compact', 'Silent', 'Rugged', 'Wireless', 'Ergonomic', 'Modular', 'Portable', 'Heavy-duty', 'Smart', 'Classic', 'Pro', 'Mini'];
const NOUN = ['keyboard', 'monitor', 'dock', 'headset', 'webcam', 'router', 'desk lamp', 'cable kit', 'mouse', 'laptop stand', 'SSD', 'charger'];
const WORDS = 'billing invoice team storage region backup cluster deploy alert budget usage quota network support plan account project latency uptime snapshot'.split(' ');
const sentence = (n) => {
  const w = Array.from({ length: n }, () => pick(WORDS));
  w[0] = w[0][0].toUpperCase() + w[0].slice(1);
  return w.join(' ') + '.';
};
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

let productNo = 0;
let invoiceNo = 0;
let linkNo = 0;
let formNo = 0;
let tileNo = 0;

// Each section builder returns HTML; its element count is taken from the markup.
const SECTIONS = {
  // ~45 %: product cards (11 elements each), 24 per section.
  products: () => {
    const cards = Array.from({ length: 24 }, () => {
      const id = ++productNo;
      const title = `${pick(ADJ)} ${pick(NOUN)} ${id}`;
      const price = (5 + rand() * 400).toFixed(2);
      return `<li class="card product"><img src="/assets/logo.svg" alt="${esc(title)}" width="40" height="40">`
        + `<h3><a href="/app/catalog/?item=${id}">${esc(title)}</a></h3><p class="muted small">${sentence(8)}</p>`
        + `<p><strong class="price">$${price}</strong> <span class="badge">${rand() < 0.8 ? 'In stock' : 'Back soon'}</span></p>`
        + `<div class="row"><button type="button" class="btn btn-primary btn-small" data-add="${id}">Add to cart</button>`
        + `<div class="save-link" data-save="${id}">Save for later</div></div></li>`;
    });
    return `<section aria-label="Products ${productNo - 23}–${productNo}"><h2>${pick(ADJ)} picks</h2><ul class="grid grid-4" style="list-style:none;padding:0">${cards.join('')}</ul></section>`;
  },
  // ~20 %: invoice table rows (9 elements each), 40 per section.
  table: () => {
    const rows = Array.from({ length: 40 }, () => {
      const id = ++invoiceNo;
      const paid = rand() < 0.7;
      return `<tr><td><a href="/app/billing/?invoice=${id}">INV-${String(id).padStart(5, '0')}</a></td><td>2026-${String(1 + (id % 12)).padStart(2, '0')}-${String(1 + (id % 28)).padStart(2, '0')}</td>`
        + `<td>$${(20 + rand() * 900).toFixed(2)}</td><td><span class="status ${paid ? 'status-paid' : 'status-due'}">${paid ? 'Paid' : 'Due'}</span></td>`
        + `<td><button type="button" class="btn btn-small">Download</button></td></tr>`;
    });
    return `<section><h2>Invoices ${invoiceNo - 39}–${invoiceNo}</h2><div class="table-wrap"><table><caption class="visually-hidden">Invoices</caption>`
      + `<thead><tr><th>Invoice</th><th>Date</th><th>Amount</th><th>Status</th><th>PDF</th></tr></thead><tbody>${rows.join('')}</tbody></table></div></section>`;
  },
  // ~15 %: link lists (2 elements per item), 40 per section.
  links: () => {
    const items = Array.from({ length: 40 }, () => `<li><a href="/article/?doc=${++linkNo}">${esc(sentence(4).slice(0, -1))}</a></li>`);
    return `<section><h2>Guides</h2><ul>${items.join('')}</ul></section>`;
  },
  // ~8 %: forms (about 30 elements each).
  forms: () => {
    const id = ++formNo;
    const field = (name, label, type = 'text') =>
      `<div class="field"><label for="f${id}-${name}">${label}</label><input id="f${id}-${name}" name="${name}" type="${type}"></div>`;
    return `<section class="card"><h2>Request a quote ${id}</h2><form class="gen-form" aria-label="Quote request ${id}" action="/generated/" method="post">`
      + field('name', 'Full name') + field('email', 'Work email', 'email') + field('company', 'Company') + field('phone', 'Phone', 'tel')
      + `<div class="field"><label for="f${id}-plan">Plan</label><select id="f${id}-plan" name="plan"><option>Starter</option><option>Team</option><option>Business</option></select></div>`
      + `<div class="field"><label for="f${id}-msg">Message</label><textarea id="f${id}-msg" name="message"></textarea></div>`
      + `<label><input type="checkbox" name="terms"> I accept the terms</label>`
      + `<button type="submit" class="btn btn-primary">Send request</button></form></section>`;
  },
  // ~7 %: clickable divs (cursor:pointer, a listener, no role), 30 per section.
  tiles: () => {
    const tiles = Array.from({ length: 30 }, () => `<div class="tile" data-tile="${++tileNo}">Open report ${tileNo}</div>`);
    return `<section><h2>Reports</h2><div class="grid grid-4">${tiles.join('')}</div></section>`;
  },
  // ~5 %: prose.
  prose: () => `<section><h2>${esc(sentence(3).slice(0, -1))}</h2>${Array.from({ length: 6 }, () => `<p>${sentence(30)}</p>`).join('')}</section>`,
};
const SHARE = { products: 45, table: 20, links: 15, forms: 8, tiles: 7, prose: 5 };

// `?shape=app`: the same budget spent the way app frameworks (React/MUI,
// Angular, web-component kits) lay pages out: nested wrapper divs with
// generated class names, ARIA widgets built from divs and spans (grids,
// tabs, menus, switches, comboboxes, sliders, trees), icon-only buttons
// named by aria-label, closed popups (display:none, hidden, aria-hidden)
// whose controls must not be reported.
const cls = () => `css-${Math.floor(rand() * 0xfffff).toString(36)}`;
const ICON = '<svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16"><path d="M2 8h12"></path></svg>';
const wrap = (html, depth = 2) => (depth ? `<div class="${cls()}">${wrap(html, depth - 1)}</div>` : html);
const STATES = ['Running', 'Stopped', 'Degraded', 'Pending'];
const FILES = ['index.ts', 'README.md', 'main.rs', 'styles.css', 'config.json', 'notes.txt'];
let rowNo = 0;
let projectNo = 0;
let panelNo = 0;
let toolbarNo = 0;
let treeNo = 0;
const APP_SECTIONS = {
  // ~35 %: a data grid of divs (about 22 elements a row), 25 rows.
  grid: () => {
    const rows = Array.from({ length: 25 }, () => {
      const id = ++rowNo;
      const name = `deploy-${id}`;
      const cell = (html) => `<div role="gridcell" class="${cls()}">${wrap(html, 1)}</div>`;
      return `<div role="row" aria-rowindex="${id}" class="${cls()}">`
        + cell(`<span role="checkbox" aria-checked="false" tabindex="0" aria-label="Select ${name}"></span>`)
        + cell(`<a href="/app/dashboard/?deploy=${id}">${name}</a>`)
        + cell(`<span class="${cls()}">${pick(STATES)}</span>`)
        + cell(`<span>2026-${String(1 + (id % 12)).padStart(2, '0')}-${String(1 + (id % 28)).padStart(2, '0')}</span>`)
        + cell(`<div role="button" tabindex="0" aria-haspopup="menu" aria-label="More actions for ${name}">${ICON}</div>`)
        + '</div>';
    });
    const head = ['', 'Name', 'Status', 'Created', ''].map((h) => `<div role="columnheader" class="${cls()}">${h}</div>`).join('');
    return wrap(`<div role="grid" aria-label="Deployments ${rowNo - 24}–${rowNo}" class="${cls()}"><div role="row" class="${cls()}">${head}</div>${rows.join('')}</div>`);
  },
  // ~25 %: project cards, a clickable card (role=link) with icon buttons and a switch (about 14 elements each), 12 per list.
  cards: () => {
    const cards = Array.from({ length: 12 }, () => {
      const id = ++projectNo;
      const title = `${pick(ADJ)} project ${id}`;
      return `<div role="listitem" class="${cls()}"><div role="link" tabindex="0" class="${cls()}" aria-labelledby="pt-${id}">`
        + `<div class="${cls()}"></div><div class="${cls()}"><div id="pt-${id}" class="${cls()}">${esc(title)}</div><div class="${cls()}">${sentence(5)}</div></div></div>`
        + `<div class="${cls()}"><button type="button" class="${cls()}" aria-label="Star ${esc(title)}">${ICON}</button>`
        + `<span role="switch" aria-checked="${rand() < 0.5}" tabindex="0" aria-label="Alerts for ${esc(title)}"></span></div></div>`;
    });
    return wrap(`<div class="${cls()}"><div role="heading" aria-level="2">Projects</div><div role="list" class="${cls()}">${cards.join('')}</div></div>`);
  },
  // ~15 %: a tab set whose visible panel holds div-built fields; the other panels are hidden.
  tabs: () => {
    const id = ++panelNo;
    const names = ['Overview', 'Settings', 'Members', 'Usage', 'Logs'];
    const tabs = names.map((n, i) => `<div role="tab" tabindex="${i ? -1 : 0}" aria-selected="${!i}" id="tab-${id}-${i}" aria-controls="tp-${id}-${i}">${n}</div>`).join('');
    const field = (label, widget) => `<div class="${cls()}"><span id="fl-${id}-${label.length}-${label[0]}" class="${cls()}">${label}</span>${widget(`fl-${id}-${label.length}-${label[0]}`)}</div>`;
    const shown = field('Region', (l) => `<div role="combobox" tabindex="0" aria-expanded="false" aria-haspopup="listbox" aria-labelledby="${l}">us-east-1</div>`
        + `<div role="listbox" style="display:none">${['us-east-1', 'eu-west-1', 'ap-south-1'].map((o) => `<div role="option">${o}</div>`).join('')}</div>`)
      + field('Replicas', (l) => `<div role="slider" tabindex="0" aria-valuemin="0" aria-valuemax="10" aria-valuenow="${1 + (id % 9)}" aria-labelledby="${l}"></div>`)
      + field('Timeout', (l) => `<div role="spinbutton" tabindex="0" aria-valuenow="30" aria-labelledby="${l}">30</div>`)
      + field('Name', (l) => `<div role="textbox" contenteditable="true" aria-labelledby="${l}"></div>`)
      + `<div role="button" tabindex="0" class="${cls()}">Save changes</div>`;
    const panels = names.map((n, i) => `<div role="tabpanel" id="tp-${id}-${i}" aria-labelledby="tab-${id}-${i}"${i ? ' hidden' : ''}>`
      + (i ? `<div role="button" tabindex="0">Refresh ${n.toLowerCase()}</div>` : shown) + '</div>').join('');
    return wrap(`<div class="${cls()}"><div role="heading" aria-level="2">Service ${id}</div><div role="tablist" aria-label="Service ${id} views">${tabs}</div>${panels}</div>`);
  },
  // ~10 %: a toolbar of icon buttons with a closed menu, and an off-canvas drawer hidden from the tree.
  menus: () => {
    const id = ++toolbarNo;
    const tools = ['Bold', 'Italic', 'Link', 'Comment', 'Share'].map((t) => `<div role="button" tabindex="-1" aria-label="${t}" class="${cls()}">${ICON}</div>`).join('');
    const menu = ['Duplicate', 'Rename', 'Move', 'Archive', 'Delete'].map((m) => `<div role="menuitem" tabindex="-1">${m}</div>`).join('');
    const drawer = ['Inbox', 'Starred', 'Drafts'].map((d) => `<a href="/app/dashboard/?folder=${d.toLowerCase()}">${d}</a>`).join('');
    return wrap(`<div role="toolbar" aria-label="Editor ${id}" class="${cls()}">${tools}<div role="button" tabindex="0" aria-haspopup="menu" aria-expanded="false">Options</div>`
      + `<div role="menu" style="display:none">${menu}</div></div><div aria-hidden="true" class="${cls()}">${drawer}</div>`);
  },
  // ~8 %: a navigation tree, nested groups, some collapsed.
  tree: () => {
    const id = ++treeNo;
    const leaf = (n) => `<div role="treeitem" tabindex="-1">${esc(n)}</div>`;
    const branch = (n, open) => `<div role="treeitem" aria-expanded="${open}" tabindex="${open ? 0 : -1}"><span>${esc(n)}</span>`
      + `<div role="group"${open ? '' : ' hidden'}>${Array.from({ length: 4 }, (_, k) => leaf(`${n}/${pick(FILES)}`.replace('.', `-${k + 1}.`))).join('')}</div></div>`;
    return wrap(`<div role="tree" aria-label="Files ${id}" class="${cls()}">${['src', 'docs', 'tests'].map((n, k) => branch(`${n}-${id}`, k === 0)).join('')}</div>`);
  },
  // ~7 %: prose in div soup.
  prose: () => wrap(`<div class="${cls()}">${Array.from({ length: 4 }, () => `<div class="${cls()}"><span>${sentence(25)}</span></div>`).join('')}</div>`),
};
const APP_SHARE = { grid: 35, cards: 25, tabs: 15, menus: 10, tree: 8, prose: 7 };

const APP = params.get('shape') === 'app';
const [BUILDERS, SHARES] = APP ? [APP_SECTIONS, APP_SHARE] : [SECTIONS, SHARE];

const count = (html) => (html.match(/<[a-z]/g) ?? []).length;
const host = document.getElementById('generated');
const budget = target - document.getElementsByTagName('*').length;
// Next section: the kind furthest below its share, until the budget is spent;
// so kinds are interleaved through the page and the total lands near `n`.
const used = Object.fromEntries(Object.keys(SHARES).map((k) => [k, 0]));
const parts = [];
for (let spent = 0; spent < budget;) {
  const kind = Object.keys(SHARES).reduce((a, b) => (used[a] / SHARES[a] <= used[b] / SHARES[b] ? a : b));
  const html = BUILDERS[kind]();
  parts.push(html);
  used[kind] += count(html);
  spent += count(html);
}
host.innerHTML = parts.join('');

// Behaviour, by delegation (the page's CSP may forbid inline handlers).
let inCart = 0;
document.addEventListener('click', (e) => {
  const add = e.target.closest('[data-add]');
  if (add) {
    document.getElementById('cart-count').textContent = String(++inCart);
    document.getElementById('cart-announcer').textContent = 'Added to cart';
  }
  const save = e.target.closest('[data-save]');
  if (save) save.textContent = save.textContent === 'Saved' ? 'Save for later' : 'Saved';
});

const total = document.getElementsByTagName('*').length;
document.getElementById('gen-note').textContent = `${total} elements, generated for benchmarks (?n=ELEMENTS).`;
document.documentElement.dataset.generated = String(total);
