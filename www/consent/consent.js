// Cookie consent demo: the dialog opens as a modal until a choice is saved
// (localStorage), and the add-on form announces what was added.

const KEY = 'acme.consent';
const dialog = document.getElementById('consent');
const form = document.getElementById('consent-form');

if (!localStorage.getItem(KEY)) dialog.showModal();

dialog.addEventListener('close', () => {
  const choice = dialog.returnValue || 'none';
  const chosen = {
    analytics: choice === 'all' || (choice === 'chosen' && form.elements.analytics.checked),
    marketing: choice === 'all' || (choice === 'chosen' && form.elements.marketing.checked),
  };
  localStorage.setItem(KEY, JSON.stringify(chosen));
});

const status = document.getElementById('addon-status');
document.getElementById('addon').addEventListener('submit', (e) => {
  e.preventDefault();
  const retention = document.getElementById('retention');
  status.hidden = false;
  status.textContent = `Backups (${retention.selectedOptions[0].textContent}) added to your plan.`;
});
