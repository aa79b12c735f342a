// Cart page (public): lists the cart lines with quantity inputs and Remove
// buttons, and computes subtotal, shipping and total.

import { formatMoney, getCart, mountHeader, setCart } from '/assets/app.js';
import { productById, totals } from '/app/catalog/products.js';

function render() {
  const lines = getCart().filter((l) => productById(l.id));
  document.getElementById('cart-empty').hidden = lines.length > 0;
  document.getElementById('cart-full').hidden = lines.length === 0;
  const tbody = document.querySelector('#cart-lines tbody');
  tbody.replaceChildren(
    ...lines.map((line) => {
      const p = productById(line.id);
      const tr = document.createElement('tr');
      const name = document.createElement('th');
      name.scope = 'row';
      name.textContent = p.name;
      const price = Object.assign(document.createElement('td'), { className: 'num', textContent: formatMoney(p.price) });
      const qtyCell = document.createElement('td');
      const qty = Object.assign(document.createElement('input'), { type: 'number', min: '1', max: '99', value: String(line.qty) });
      qty.style.width = '80px';
      qty.setAttribute('aria-label', `Quantity for ${p.name}`);
      qty.addEventListener('change', () => {
        const n = Math.min(99, Math.max(1, parseInt(qty.value, 10) || 1));
        setCart(getCart().map((l) => (l.id === line.id ? { ...l, qty: n } : l)));
        render();
      });
      qtyCell.append(qty);
      const lineTotal = Object.assign(document.createElement('td'), { className: 'num', textContent: formatMoney(p.price * line.qty) });
      const removeCell = document.createElement('td');
      const remove = Object.assign(document.createElement('button'), { type: 'button', className: 'btn btn-small', textContent: 'Remove' });
      remove.setAttribute('aria-label', `Remove ${p.name}`);
      remove.addEventListener('click', () => {
        setCart(getCart().filter((l) => l.id !== line.id));
        render();
      });
      removeCell.append(remove);
      tr.append(name, price, qtyCell, lineTotal, removeCell);
      return tr;
    }),
  );
  const t = totals(lines);
  document.getElementById('cart-subtotal').textContent = formatMoney(t.subtotal);
  document.getElementById('cart-shipping').textContent = t.shipping ? formatMoney(t.shipping) : 'Free';
  document.getElementById('cart-total').firstElementChild.textContent = formatMoney(t.total);
}

mountHeader();
render();
window.addEventListener('storage', render);
