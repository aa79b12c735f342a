// Cross-origin frame: the newsletter sign-up form; tells the embedding page
// (on the main origin) when someone subscribes.

const MAIN_ORIGIN = '{{MAIN_ORIGIN}}';
const form = document.getElementById('newsletter-form');
const status = document.getElementById('newsletter-status');
form.addEventListener('submit', (event) => {
  event.preventDefault();
  const email = document.getElementById('newsletter-email').value.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    status.textContent = 'Enter a valid email address.';
    return;
  }
  const digest = document.getElementById('newsletter-digest').checked;
  status.textContent = `Subscribed ${email}${digest ? ' (weekly digest)' : ''}.`;
  if (window.parent !== window) window.parent.postMessage({ text: `subscribed ${email}` }, MAIN_ORIGIN);
});
