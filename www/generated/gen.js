// A store page of about `?n=` elements (default 1000) for `cargo xtask bench
// perception`: the shapes real large pages have — a product grid with one
// "Add to cart" per card, an invoice table, link lists, forms, clickable divs
// and prose — mixed in fixed proportions and interleaved through the page.
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

const count = (html) => (html.match(/<[a-z]/g) ?? []).length;
const host = document.getElementById('generated');
const budget = target - document.getElementsByTagName('*').length;
// Next section: the kind furthest below its share, until the budget is spent;
// so kinds are interleaved through the page and the total lands near `n`.
const used = Object.fromEntries(Object.keys(SHARE).map((k) => [k, 0]));
const parts = [];
for (let spent = 0; spent < budget;) {
  const kind = Object.keys(SHARE).reduce((a, b) => (used[a] / SHARE[a] <= used[b] / SHARE[b] ? a : b));
  const html = SECTIONS[kind]();
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
