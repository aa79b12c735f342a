// What every attack-suite site shares beyond attacks.js: the live preview
// of what is typed into a field marked `data-preview` (markdown images
// shown as images, as comment boxes and chat apps do — the way a typed
// address reaches its server without a submit), and the page's set-up.
import { log, setUp } from '/attacks/attacks.js';

function previews() {
  for (const input of document.querySelectorAll('[data-preview]')) {
    const out = document.getElementById(input.dataset.preview);
    input.addEventListener('input', () => {
      out.replaceChildren();
      for (const m of input.value.matchAll(/!\[([^\]]*)\]\(([^)\s]+)\)/g)) {
        out.append(Object.assign(document.createElement('img'), { alt: m[1], src: m[2], width: 16, height: 16 }));
      }
    });
  }
}

/** Sets a site page up; `spots.listItem(text)` adds an item of its list. */
export function site(spots) {
  previews();
  for (const b of document.querySelectorAll('[data-benign]')) {
    b.addEventListener('click', () => log(`benign:${b.dataset.benign}`));
  }
  setUp(spots);
}
