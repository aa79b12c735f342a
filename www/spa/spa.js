// Acme Shop single-page app: client-side routes under /spa/ rendered into
// <main>, with history.pushState navigation, popstate for back/forward and a
// title per view. Direct loads of /spa/products etc. work through the
// server's fallback rule.

const PRODUCTS = [
  { slug: 'aurora-desk-lamp', name: 'Aurora Desk Lamp', price: 49, text: 'A dimmable LED lamp with a warm-to-cool colour range and a USB-C port in the base.' },
  { slug: 'nimbus-wireless-mouse', name: 'Nimbus Wireless Mouse', price: 29.99, text: 'A quiet, rechargeable mouse that pairs with up to three devices.' },
  { slug: 'summit-standing-desk', name: 'Summit Standing Desk', price: 549, text: 'A dual-motor sit-stand desk with four memory presets.' },
  { slug: 'drift-travel-backpack', name: 'Drift Travel Backpack', price: 89, text: 'A 28-litre backpack with a padded laptop sleeve and a luggage strap.' },
  { slug: 'crema-espresso-machine', name: 'Crema Espresso Machine', price: 499, text: 'A compact espresso machine with a PID-controlled boiler and a steam wand.' },
  { slug: 'flow-yoga-mat', name: 'Flow Yoga Mat', price: 49, text: 'A 5 mm natural rubber mat with alignment lines.' },
];

const main = document.getElementById('main');
const announcer = document.getElementById('route-announcer');

function h(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children.flat());
  return node;
}

function link(href, text) {
  return h('a', { href, className: 'spa-link' }, text);
}

const VIEWS = {
  home: () => ({
    title: 'Home · Acme Shop',
    nodes: [
      h('h1', {}, 'Welcome to the Acme Shop'),
      h('p', { className: 'lead muted' }, 'Gear for people who build things. This whole site is one page: the address changes, the page does not reload.'),
      h('div', { className: 'row' }, Object.assign(link('/spa/products', 'Browse products'), { className: 'btn btn-primary spa-link' }), Object.assign(link('/spa/contact', 'Contact us'), { className: 'btn spa-link' })),
      h('p', { className: 'muted small', id: 'loaded-at' }, `Page loaded at ${window.SPA_LOADED_AT}.`),
    ],
  }),
  products: () => ({
    title: 'Products · Acme Shop',
    nodes: [
      h('h1', {}, 'Products'),
      h('ul', { className: 'grid grid-3', style: 'list-style:none;padding:0' },
        PRODUCTS.map((p) => h('li', { className: 'card' },
          h('h2', { style: 'margin-top:0;font-size:1.1rem' }, p.name),
          h('p', { className: 'muted' }, `$${p.price.toFixed(2)}`),
          link(`/spa/products/${p.slug}`, `View details of ${p.name}`)))),
    ],
  }),
  product: (slug) => {
    const p = PRODUCTS.find((x) => x.slug === slug);
    if (!p) return VIEWS.notFound();
    return {
      title: `${p.name} · Acme Shop`,
      nodes: [
        h('p', {}, link('/spa/products', '← All products')),
        h('h1', {}, p.name),
        h('p', { className: 'lead' }, p.text),
        h('p', { style: 'font-size:1.5rem;font-weight:800' }, `$${p.price.toFixed(2)}`),
      ],
    };
  },
  about: () => ({
    title: 'About · Acme Shop',
    nodes: [
      h('h1', {}, 'About us'),
      h('p', {}, 'Acme Shop is the online store of Acme Cloud. We started it in 2024 to sell the desk and travel gear our own engineers kept recommending to each other.'),
      h('p', {}, 'Orders ship from our warehouse in Rotterdam within two business days. Returns are free for 30 days.'),
    ],
  }),
  contact: () => {
    const status = h('p', { role: 'status', className: 'hint' });
    const form = h('form', { noValidate: true, className: 'card', style: 'max-width:520px' },
      h('div', { className: 'field' }, h('label', { htmlFor: 'spa-name' }, 'Name'), h('input', { id: 'spa-name', name: 'name', autocomplete: 'name' })),
      h('div', { className: 'field' }, h('label', { htmlFor: 'spa-email' }, 'Email'), h('input', { id: 'spa-email', name: 'email', type: 'email', autocomplete: 'email' })),
      h('div', { className: 'field' }, h('label', { htmlFor: 'spa-message' }, 'Message'), h('textarea', { id: 'spa-message', name: 'message' })),
      h('button', { type: 'submit', className: 'btn btn-primary' }, 'Send message'),
      status);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const name = form.elements.namedItem('name').value.trim();
      status.textContent = name ? `Thanks ${name}, we will reply within one business day.` : 'Please enter your name.';
    });
    return { title: 'Contact · Acme Shop', nodes: [h('h1', {}, 'Contact us'), h('p', {}, 'Questions about an order? Write to us.'), form] };
  },
  notFound: () => ({
    title: 'Not found · Acme Shop',
    nodes: [h('h1', {}, 'Page not found'), h('p', {}, 'This shop page does not exist. ', link('/spa/', 'Go to the shop home page'), '.')],
  }),
};

function route(pathname) {
  const rest = pathname.replace(/^\/spa\/?/, '').replace(/\/$/, '');
  if (rest === '') return { key: '/spa/', view: VIEWS.home() };
  if (rest === 'products') return { key: '/spa/products', view: VIEWS.products() };
  if (rest.startsWith('products/')) return { key: '/spa/products', view: VIEWS.product(rest.slice('products/'.length)) };
  if (rest === 'about') return { key: '/spa/about', view: VIEWS.about() };
  if (rest === 'contact') return { key: '/spa/contact', view: VIEWS.contact() };
  return { key: '', view: VIEWS.notFound() };
}

function render(focus) {
  const { key, view } = route(location.pathname);
  main.replaceChildren(...view.nodes);
  document.title = view.title;
  for (const a of document.querySelectorAll('.main-nav a')) {
    if (new URL(a.href).pathname === key) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  announcer.textContent = view.title;
  if (focus) {
    main.tabIndex = -1;
    main.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }
}

document.addEventListener('click', (event) => {
  const a = event.target.closest('a');
  if (!a || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin || !url.pathname.startsWith('/spa/') || a.target) return;
  event.preventDefault();
  if (url.pathname !== location.pathname) history.pushState({}, '', url.pathname);
  render(true);
});

window.addEventListener('popstate', () => render(true));
window.SPA_LOADED_AT = new Date().toLocaleTimeString('en-GB');
render(false);
