// Catalog page (public): filters products by name from ?q=, shows 12 per page
// from ?page=, and adds products to the cart in localStorage.

import { addToCart, cartCount, formatMoney, mountHeader } from '/assets/app.js';
import { PRODUCTS } from '/app/catalog/products.js';

const PER_PAGE = 12;
const params = new URLSearchParams(location.search);
const query = (params.get('q') || '').trim();
const matches = PRODUCTS.filter((p) => p.name.toLowerCase().includes(query.toLowerCase()));
const pages = Math.max(1, Math.ceil(matches.length / PER_PAGE));
const page = Math.min(pages, Math.max(1, parseInt(params.get('page') || '1', 10) || 1));

mountHeader();
document.getElementById('q').value = query;

function pageHref(n) {
  const p = new URLSearchParams();
  p.set('q', query);
  p.set('page', String(n));
  return `/app/catalog/?${p}`;
}

function stars(rating) {
  const full = Math.round(rating);
  return '★'.repeat(full) + '☆'.repeat(5 - full);
}

function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function renderProducts() {
  const list = document.getElementById('results');
  const start = (page - 1) * PER_PAGE;
  const shown = matches.slice(start, start + PER_PAGE);
  const summary = document.getElementById('results-summary');
  if (!matches.length) {
    summary.textContent = `No products match “${query}”.`;
  } else {
    const what = query ? ` for “${query}”` : '';
    summary.textContent = `Showing ${start + 1}–${start + shown.length} of ${matches.length} products${what}.`;
  }
  list.replaceChildren(
    ...shown.map((p) => {
      const thumb = el('div', { className: 'thumb' }, p.name.split(' ').map((w) => w[0]).slice(0, 2).join(''));
      thumb.setAttribute('aria-hidden', 'true');
      thumb.style.background = `linear-gradient(135deg, ${p.color}, ${p.color}aa)`;
      const button = el('button', { type: 'button', className: 'btn btn-primary' }, 'Add to cart');
      button.setAttribute('aria-label', `Add ${p.name} to cart`);
      button.addEventListener('click', () => {
        addToCart(p.id);
        button.textContent = 'Added ✓';
        setTimeout(() => { button.textContent = 'Add to cart'; }, 1200);
        document.getElementById('cart-announcer').textContent = `${p.name} added to cart. ${cartCount()} items in cart.`;
      });
      const rating = el('div', { className: 'rating' }, stars(p.rating), ' ', el('span', { className: 'muted' }, p.rating.toFixed(1)));
      rating.setAttribute('aria-label', `Rated ${p.rating.toFixed(1)} out of 5`);
      return el('li', { className: 'card product' },
        thumb,
        el('h3', {}, p.name),
        el('div', { className: 'muted small' }, p.category),
        el('div', { className: 'price' }, formatMoney(p.price)),
        rating,
        button);
    }),
  );
}

function renderPagination() {
  const nav = document.getElementById('pagination');
  if (pages <= 1) return nav.replaceChildren();
  const item = (label, n, opts = {}) => {
    if (n < 1 || n > pages) {
      const span = el('span', {}, label);
      span.setAttribute('aria-disabled', 'true');
      return el('li', {}, span);
    }
    const a = el('a', { href: pageHref(n) }, label);
    if (opts.current) a.setAttribute('aria-current', 'page');
    if (opts.aria) a.setAttribute('aria-label', opts.aria);
    return el('li', {}, a);
  };
  const numbers = Array.from({ length: pages }, (_, i) =>
    item(String(i + 1), i + 1, { current: i + 1 === page, aria: `Page ${i + 1}` }));
  nav.replaceChildren(el('ul', {}, item('Previous', page - 1), ...numbers, item('Next', page + 1)));
}

renderProducts();
renderPagination();
document.title = (query ? `“${query}” – ` : '') + (page > 1 ? `Page ${page} – ` : '') + 'Catalog – Acme Cloud Store';
