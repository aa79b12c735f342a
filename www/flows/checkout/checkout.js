// Checkout of the flows test shop: the order is sent without the card
// number ever reaching the address bar (the next page is told the drink,
// the extra shot and the name only).
const params = new URLSearchParams(location.search);
document.getElementById('order-drink').textContent = params.get('drink') ?? '';
document.getElementById('order-extra').textContent = params.get('extra') === 'yes' ? ' with an extra shot' : '';
document.getElementById('pay-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const form = e.target;
  const next = new URLSearchParams({ drink: params.get('drink') ?? '', extra: params.get('extra') ?? 'no', name: form.name.value, paid: form.card.value.replace(/\D/g, '').length >= 12 ? 'yes' : 'no' });
  if (params.get('variant')) next.set('variant', params.get('variant'));
  location.href = `/flows/done/?${next}`;
});
