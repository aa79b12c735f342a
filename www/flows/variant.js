// ?variant=shuffled (issue 43, flow healing): the same shop with other
// class names and ids, its form's parts in another order, and a button
// and a label reworded slightly.
const variant = new URLSearchParams(location.search).get('variant');
if (variant === 'shuffled') {
  const form = document.querySelector('form');
  for (const el of document.querySelectorAll('[class]')) {
    el.className = [...el.classList].map((c) => `x${c.length}-${c.split('').reverse().join('')}`).join(' ');
  }
  const parts = [...form.querySelectorAll('[data-part]')];
  for (const part of parts.reverse()) form.append(part);
  // The submit button stays last, as a person expects.
  form.append(form.querySelector('button'));
  const add = document.getElementById('add');
  if (add) { add.textContent = 'Add to your order'; add.id = 'add-item'; }
  const nameLabel = document.getElementById('name-label');
  if (nameLabel) nameLabel.textContent = 'Your name';
  const place = document.getElementById('place');
  if (place) place.id = 'place-order';
}
// ?variant=terms (issue 43, the agent finishing a flow): the checkout asks
// the buyer to agree to the terms of sale first, and shows its Place order
// button only once they do — a step the recorded flow does not know.
const payForm = document.getElementById('pay-form');
if (variant === 'terms' && payForm) {
  const place = document.getElementById('place');
  const field = document.createElement('div');
  field.className = 'field terms-field';
  field.innerHTML = '<label><input type="checkbox" id="terms" name="terms"> I agree to the terms of sale</label>';
  payForm.insertBefore(field, place);
  place.hidden = true;
  document.getElementById('terms').addEventListener('change', (e) => { place.hidden = !e.target.checked; });
}
// The variant is carried to the next page.
const getForm = document.querySelector('form[method=get]');
if (variant && getForm) {
  getForm.append(Object.assign(document.createElement('input'), { type: 'hidden', name: 'variant', value: variant }));
}

// Generated mutations (`cargo xtask bench flows`): sessionStorage
// "flows-mutate" = "<kind>:<seed>" changes the page the way sites change
// between two visits, seeded so every run sees the same pages, and the
// tab keeps it from page to page. Kinds: classes (class names and the
// controls' ids renamed), order (the form's parts reordered), wrap (each
// part inside 1–3 new wrappers), reword (some labels and buttons say it
// otherwise), all (every one of them).
const mutation = sessionStorage.getItem('flows-mutate');
if (mutation) {
  const [kind, seedText] = mutation.split(':');
  let seed = Number(seedText) >>> 0 || 1;
  // mulberry32: a small seeded generator.
  const rng = () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (list) => list[Math.floor(rng() * list.length)];
  const token = () => Math.floor(rng() * 36 ** 5).toString(36);
  const form = document.querySelector('form');
  const parts = () => [...form.querySelectorAll('[data-part]')];
  const mutate = {
    classes() {
      for (const el of document.querySelectorAll('[class]')) el.className = [...el.classList].map(() => `c-${token()}`).join(' ');
      // The controls' ids (not those the page's own scripts look up), with
      // the labels pointing at them.
      for (const el of form.querySelectorAll('input[id], button[id]')) {
        const id = `f-${token()}`;
        for (const label of document.querySelectorAll(`label[for="${el.id}"]`)) label.htmlFor = id;
        el.id = id;
      }
    },
    order() {
      const list = parts();
      for (let i = list.length - 1; i > 0; i--) {
        const j = Math.floor(rng() * (i + 1));
        [list[i], list[j]] = [list[j], list[i]];
      }
      for (const part of list) form.append(part);
      // The submit button stays last, as a person expects.
      form.append(form.querySelector('button[type=submit]'));
    },
    wrap() {
      for (const part of parts()) {
        let inner = part;
        for (let n = 1 + Math.floor(rng() * 3); n > 0; n--) {
          const wrapper = document.createElement(pick(['div', 'div', 'section', 'span']));
          wrapper.className = `w-${token()}`;
          inner.replaceWith(wrapper);
          wrapper.append(inner);
          inner = wrapper;
        }
      }
    },
    reword() {
      const words = {
        'Add to order': ['Add to your order', 'Add to basket', 'Add to my order', 'Add drink to order'],
        'Place order': ['Place your order', 'Place my order', 'Confirm and place order', 'Order now'],
        Name: ['Your name', 'Full name', 'Name for the order'],
        'Card number': ['Card no.', 'Credit card number', 'Card number (16 digits)'],
        Drink: ['Your drink', 'Drink name', 'Choose a drink'],
        'Extra shot': ['Extra espresso shot', 'Add an extra shot', 'Double shot'],
      };
      // Labels' and buttons' own text nodes, so a label keeps its checkbox.
      const texts = [...form.querySelectorAll('label, button')].flatMap((el) => [...el.childNodes].filter((n) => n.nodeType === 3 && words[n.textContent.trim()]));
      const chosen = texts.filter(() => rng() < 0.5);
      if (chosen.length === 0 && texts.length > 0) chosen.push(pick(texts));
      for (const node of chosen) node.textContent = node.textContent.replace(node.textContent.trim(), pick(words[node.textContent.trim()]));
    },
  };
  if (kind === 'all') for (const f of ['reword', 'wrap', 'order', 'classes']) mutate[f]();
  else mutate[kind]?.();
}
