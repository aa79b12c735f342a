// ?variant=shuffled (issue 43, flow healing): the same shop with other
// class names and ids, its form's parts in another order, and a button
// and a label reworded slightly. The variant is carried to the next page.
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
  if (form.method === 'get') {
    const keep = Object.assign(document.createElement('input'), { type: 'hidden', name: 'variant', value: variant });
    form.append(keep);
  }
}
