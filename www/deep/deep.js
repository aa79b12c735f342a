// Deep navigation test sites: behaviour for the few non-navigation buttons.
// Invoice downloads save a small text file; "Add to cart" keeps the cart in
// sessionStorage; any other button with data-message just shows that message.

const CART_KEY = 'deep-shop-cart';

function loadCart() {
  try {
    return JSON.parse(sessionStorage.getItem(CART_KEY) || '[]');
  } catch {
    return [];
  }
}

function saveCart(items) {
  sessionStorage.setItem(CART_KEY, JSON.stringify(items));
  render();
}

function say(text) {
  const status = document.getElementById('deep-status');
  if (!status) return;
  status.textContent = text;
  status.hidden = false;
}

function downloadInvoice(button) {
  const { number, date, amount } = button.dataset;
  const text = `Northwind Cloud\nInvoice ${number}\nDate ${date}\nOrganization Northwind Traders\nAmount due $${amount}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${number}.txt`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  say(`Downloaded invoice ${number}.`);
}

function render() {
  const items = loadCart();
  const count = document.getElementById('cart-count');
  if (count) count.textContent = String(items.length);
  const list = document.getElementById('cart-items');
  if (!list) return;
  list.replaceChildren(
    ...items.map((item) => {
      const li = document.createElement('li');
      const name = document.createElement('span');
      name.textContent = item.name;
      const price = document.createElement('span');
      price.textContent = `$${item.price}`;
      li.append(name, price);
      return li;
    }),
  );
  const total = items.reduce((sum, item) => sum + Number(item.price), 0);
  list.hidden = items.length === 0;
  document.getElementById('cart-empty').hidden = items.length > 0;
  const totalEl = document.getElementById('cart-total');
  totalEl.textContent = `Total: $${total.toFixed(2)}`;
  totalEl.hidden = items.length === 0;
  document.getElementById('cart-clear').hidden = items.length === 0;
}

document.addEventListener('click', (event) => {
  const button = event.target.closest('button');
  if (!button) return;
  const { action, message } = button.dataset;
  if (action === 'download-invoice') {
    downloadInvoice(button);
  } else if (action === 'add-to-cart') {
    const { id, name, price } = button.dataset;
    saveCart([...loadCart(), { id, name, price }]);
    say(`Added ${name} to your cart.`);
  } else if (action === 'clear-cart') {
    saveCart([]);
    say('Your cart is empty.');
  } else if (message) {
    say(message);
  }
});

render();
