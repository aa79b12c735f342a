// ARIA-poor page behaviour: every control is a div or span with an onclick
// handler set here (no roles, no labels), plus a tabindex div toggle.

for (const item of document.querySelectorAll('.menu-item')) {
  item.onclick = () => { location.href = item.dataset.href; };
}

let count = 0;
for (const row of document.querySelectorAll('.product-row')) {
  row.querySelector('.buy').onclick = () => {
    count += 1;
    document.getElementById('outlet-cart').textContent = String(count);
    document.getElementById('outlet-msg').textContent = `${row.dataset.name} added ($${row.dataset.price}).`;
  };
}

const panel = document.getElementById('settings-panel');
document.getElementById('settings-btn').onclick = () => {
  panel.style.display = panel.style.display === 'none' ? 'block' : 'none';
};

const toggle = document.getElementById('dark-toggle');
function flip() {
  const on = !toggle.classList.contains('on');
  toggle.classList.toggle('on', on);
  toggle.textContent = on ? 'On' : 'Off';
  document.body.style.background = on ? '#f3f4f6' : '#fff';
}
toggle.onclick = flip;
toggle.onkeydown = (e) => {
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    flip();
  }
};

const eur = document.getElementById('eur-check');
eur.onclick = () => eur.classList.toggle('checked');

document.getElementById('outlet-subscribe').onclick = () => {
  const email = document.getElementById('outlet-email').value.trim();
  document.getElementById('outlet-msg').textContent = email.includes('@') ? `Subscribed ${email}.` : 'Please type an email.';
};

const terms = document.getElementById('terms');
document.getElementById('terms-link').onclick = () => {
  terms.style.display = terms.style.display === 'none' ? 'block' : 'none';
};
