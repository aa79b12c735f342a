// Misbehaving widgets for the acting tests (www/hostile/index.html).

// Jumps away whenever the pointer comes near; clicks still count if they land.
const runaway = document.getElementById('runaway');
let jumps = 0;
runaway.addEventListener('mouseover', () => {
  jumps += 1;
  runaway.style.left = `${(jumps * 137) % 300}px`;
  runaway.style.top = `${(jumps * 53) % 80}px`;
});
runaway.addEventListener('click', () => {
  document.getElementById('runaway-result').textContent = `caught after ${jumps} jumps`;
});

// The covered button's click must never run while the overlay is up.
document.getElementById('covered').addEventListener('click', () => {
  document.body.dataset.claimed = 'yes';
});

// On pointer down the button is replaced by an identical new node: the
// element that was bound is detached mid-action.
const host = document.getElementById('replace-host');
function wire(button) {
  button.addEventListener('pointerdown', () => {
    const fresh = button.cloneNode(true);
    wire(fresh);
    fresh.addEventListener('click', () => { document.getElementById('replaced-result').textContent = 'saved'; });
    host.replaceChildren(fresh);
  });
}
wire(document.getElementById('replaced'));

// A clock that ticks every animation frame, forever.
const clock = document.getElementById('clock');
const tick = () => { clock.textContent = String(Math.floor(performance.now())); requestAnimationFrame(tick); };
requestAnimationFrame(tick);
let count = 0;
document.getElementById('churn-button').addEventListener('click', () => {
  count += 1;
  document.getElementById('churn-result').textContent = String(count);
});

// Its effect shows only after 2.5 s, later than an action waits.
document.getElementById('slow').addEventListener('click', () => {
  setTimeout(() => { document.getElementById('slow-result').textContent = 'loaded'; }, 2500);
});
