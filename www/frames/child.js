// Same-origin frame: the feedback form; tells the parent page when sent.

const form = document.getElementById('feedback-form');
const status = document.getElementById('feedback-status');
form.addEventListener('submit', (event) => {
  event.preventDefault();
  const text = document.getElementById('feedback').value.trim();
  if (!text) {
    status.textContent = 'Please write some feedback first.';
    return;
  }
  status.textContent = 'Thanks for your feedback!';
  if (window.parent !== window) window.parent.postMessage({ text: `feedback sent: ${text}` }, location.origin);
  form.reset();
});
