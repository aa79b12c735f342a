// Frames page: shows the messages the two embedded frames post to it.

const SECOND_ORIGIN = '{{SECOND_ORIGIN}}';
const out = document.getElementById('frame-messages');

window.addEventListener('message', (event) => {
  if (event.origin !== location.origin && event.origin !== SECOND_ORIGIN) return;
  if (!event.data || typeof event.data.text !== 'string') return;
  const from = event.origin === location.origin ? 'same-origin frame' : 'cross-origin frame';
  out.textContent = `${from}: ${event.data.text}`;
});
