// Sign-in page: checks the demo credentials, starts the session and goes to
// the dashboard (or to ?next=), with an inline error otherwise.

import { DEMO_EMAIL, DEMO_PASSWORD, getSession, startSession } from '/assets/app.js';

const form = document.getElementById('signin-form');
const error = document.getElementById('signin-error');
const notice = document.getElementById('signin-notice');
const email = document.getElementById('email');
const password = document.getElementById('password');
const params = new URLSearchParams(location.search);

function safeNext() {
  const next = params.get('next') || '';
  return next.startsWith('/app/') ? next : '/app/dashboard/';
}

if (params.has('signed_out')) {
  notice.textContent = 'You have been signed out.';
  notice.hidden = false;
} else if (params.has('deleted')) {
  notice.textContent = 'Your account has been deleted. (It is a demo: you can still sign in.)';
  notice.hidden = false;
} else if (getSession()) {
  notice.textContent = `You are already signed in as ${getSession().email}. `;
  notice.append(Object.assign(document.createElement('a'), { href: '/app/dashboard/', textContent: 'Go to the dashboard' }));
  notice.hidden = false;
}

function showError(message, field) {
  error.textContent = message;
  error.hidden = false;
  for (const input of [email, password]) input.setAttribute('aria-invalid', String(input === field || field === 'both'));
  (field === password ? password : email).focus();
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const user = email.value.trim().toLowerCase();
  if (!user) return showError('Enter your email address.', email);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(user)) return showError('Enter a valid email address, like name@example.com.', email);
  if (!password.value) return showError('Enter your password.', password);
  if (user !== DEMO_EMAIL || password.value !== DEMO_PASSWORD) {
    password.value = '';
    return showError('Incorrect email or password.', 'both');
  }
  error.hidden = true;
  startSession(user, document.getElementById('remember').checked);
  location.assign(safeNext());
});
