// Checkout page: requires a session; validates the shipping and payment
// forms and, on "Place order", shows a confirmation with an order number and
// empties the cart.

import { formatMoney, getCart, getSession, mountHeader, requireSession, setCart } from '/assets/app.js';
import { productById, totals } from '/app/catalog/products.js';

function luhn(digits) {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

function expiryProblem(value) {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return 'Enter the expiry date as MM/YY.';
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return 'The expiry month must be between 01 and 12.';
  const now = new Date();
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) return 'This card has expired.';
  return null;
}

if (requireSession()) {
  mountHeader();
  const lines = getCart().filter((l) => productById(l.id));
  const form = document.getElementById('checkout-form');
  const errors = document.getElementById('checkout-errors');

  if (!lines.length) {
    document.getElementById('checkout-empty').hidden = false;
  } else {
    document.getElementById('checkout-main').hidden = false;
    document.getElementById('checkout-lines').replaceChildren(
      ...lines.map((l) => {
        const p = productById(l.id);
        const li = document.createElement('li');
        li.textContent = `${l.qty} × ${p.name} — ${formatMoney(p.price * l.qty)}`;
        return li;
      }),
    );
    document.getElementById('checkout-total').textContent = formatMoney(totals(lines).total);
  }

  form.addEventListener('input', (event) => event.target.removeAttribute('aria-invalid'));

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const v = (name) => String(form.elements.namedItem(name).value).trim();
    const problems = [];
    const check = (name, ok, message) => {
      form.elements.namedItem(name).setAttribute('aria-invalid', String(!ok));
      if (!ok) problems.push(message);
    };
    check('name', v('name'), 'Enter the full name for delivery.');
    check('address1', v('address1'), 'Enter the street address.');
    check('city', v('city'), 'Enter the city.');
    check('postal', v('postal'), 'Enter the postal code.');
    check('ccName', v('ccName'), 'Enter the name on the card.');
    const digits = v('ccNumber').replace(/[\s-]/g, '');
    check('ccNumber', /^\d{13,19}$/.test(digits) && luhn(digits), 'Enter a valid card number.');
    const exp = expiryProblem(v('ccExp'));
    check('ccExp', !exp, exp);
    check('ccCsc', /^\d{3,4}$/.test(v('ccCsc')), 'Enter the 3 or 4 digit security code (CVC).');

    if (problems.length) {
      errors.replaceChildren(
        Object.assign(document.createElement('p'), { textContent: `Please fix ${problems.length} problem${problems.length > 1 ? 's' : ''}:`, style: 'margin:0 0 6px' }),
        Object.assign(document.createElement('ul'), { style: 'margin:0' }),
      );
      errors.lastElementChild.append(...problems.map((p) => Object.assign(document.createElement('li'), { textContent: p })));
      errors.hidden = false;
      errors.focus();
      return;
    }
    const orderNumber = 'ACME-' + String(Math.floor(100000 + Math.random() * 900000));
    localStorage.setItem('acme.lastOrder', JSON.stringify({ orderNumber, lines, total: totals(lines).total, at: new Date().toISOString() }));
    setCart([]);
    document.getElementById('checkout-main').hidden = true;
    document.getElementById('order-number').textContent = orderNumber;
    document.getElementById('order-email').textContent = getSession().email;
    const confirmation = document.getElementById('order-confirmation');
    confirmation.hidden = false;
    confirmation.focus();
    document.title = `Order ${orderNumber} confirmed – Acme Cloud Store`;
  });
}
