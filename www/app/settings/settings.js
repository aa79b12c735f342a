// Settings page: requires a session; the profile form saves to localStorage
// with a confirmation message, and "Delete account" asks for confirmation in
// a dialog before ending the session.

import { endSession, getProfile, mountHeader, requireSession, resetProfile, saveProfile } from '/assets/app.js';

if (requireSession()) {
  mountHeader();
  const form = document.getElementById('profile-form');
  const error = document.getElementById('profile-error');
  const saved = document.getElementById('profile-saved');
  const checks = ['notifyProduct', 'notifyBilling', 'notifyUsage', 'notifySecurity'];

  const profile = getProfile();
  for (const [key, value] of Object.entries(profile)) {
    const input = form.elements.namedItem(key);
    if (!input) continue;
    if (input.type === 'checkbox') input.checked = !!value;
    else input.value = value;
  }

  form.addEventListener('input', () => {
    saved.hidden = true;
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const next = {
      fullName: String(data.get('fullName')).trim(),
      email: String(data.get('email')).trim(),
      timezone: String(data.get('timezone')),
      language: String(data.get('language')),
    };
    for (const key of checks) next[key] = data.has(key);

    const problems = [];
    const name = form.elements.namedItem('fullName');
    const email = form.elements.namedItem('email');
    name.setAttribute('aria-invalid', String(!next.fullName));
    if (!next.fullName) problems.push('Full name is required.');
    const emailOk = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(next.email);
    email.setAttribute('aria-invalid', String(!emailOk));
    if (!emailOk) problems.push('Enter a valid email address.');

    if (problems.length) {
      error.textContent = problems.join(' ');
      error.hidden = false;
      saved.hidden = true;
      return;
    }
    error.hidden = true;
    saveProfile(next);
    saved.textContent = 'Your changes have been saved.';
    saved.hidden = false;
  });

  const dialog = document.getElementById('delete-dialog');
  const confirmInput = document.getElementById('delete-confirm');
  const confirmButton = document.getElementById('delete-confirm-button');
  document.getElementById('delete-account').addEventListener('click', () => {
    confirmInput.value = '';
    confirmButton.disabled = true;
    dialog.showModal();
  });
  confirmInput.addEventListener('input', () => {
    confirmButton.disabled = confirmInput.value.trim() !== 'DELETE';
  });
  dialog.addEventListener('close', () => {
    if (dialog.returnValue === 'confirm' && confirmInput.value.trim() === 'DELETE') {
      resetProfile();
      endSession();
      location.assign('/app/signin/?deleted=1');
    }
  });
}
