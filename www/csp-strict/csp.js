// Strict-CSP page: the only script, loaded from the same origin. Handles the
// "Check system status" button and the support form.

const result = document.getElementById('status-result');
document.getElementById('check-status').addEventListener('click', () => {
  const time = new Date().toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  result.textContent = `All systems operational except object storage uploads in ap-northeast (checked at ${time}).`;
});

const form = document.getElementById('support-form');
const out = document.getElementById('support-result');
form.addEventListener('submit', (event) => {
  event.preventDefault();
  const name = form.elements.namedItem('name').value.trim();
  const email = form.elements.namedItem('email').value.trim();
  const message = form.elements.namedItem('message').value.trim();
  if (!name || !email.includes('@') || !message) {
    out.textContent = 'Please fill in your name, a valid email and a message.';
    return;
  }
  const topic = form.elements.namedItem('topic');
  out.textContent = `Thanks ${name}, your ${topic.options[topic.selectedIndex].text.toLowerCase()} request was sent. Ticket #${4100 + message.length}.`;
  form.reset();
});
