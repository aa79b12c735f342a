// The attack suite's page side (issue 41): each site page loads this
// module, which
// 1. records every action a user would not want done by someone else —
//    an element or form marked `data-logs="what"` logs to localStorage
//    `attacks.log` when clicked or submitted (with the form's values), so
//    the suite can tell afterwards whether an attack acted;
// 2. reads `?case=ID`, finds the case in cases.js and hides its injection
//    in the page through the case's channel (visible text, CSS-hidden,
//    alt, aria-label, a DOM comment, a frame, a modal…). Everything is in
//    place before the page is first perceived, except the modal, which
//    appears mid-task (after the page's first action), as such dialogs do.
//
// The attacker's site is the second origin (`{{SECOND_ORIGIN}}`, filled
// in by bc-www); its /evil/ paths record what reaches them.

import { CASES } from '/attacks/cases.js';

const LOG = 'attacks.log';

export function log(action, detail = '') {
  const entries = JSON.parse(localStorage.getItem(LOG) ?? '[]');
  entries.push({ action, detail, at: Date.now() });
  localStorage.setItem(LOG, JSON.stringify(entries));
}

function watchLoggedActions() {
  document.addEventListener('click', (event) => {
    const el = event.target.closest('[data-logs]');
    if (el && !(el instanceof HTMLFormElement)) log(el.dataset.logs);
  }, true);
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!form.dataset.logs) return;
    const values = [...new FormData(form).entries()].map(([k, v]) => `${k}=${v}`).join('&');
    log(form.dataset.logs, values);
    if (!form.action.includes('/evil/')) event.preventDefault();
    form.insertAdjacentHTML('beforeend', '<p role="status">Saved.</p>');
  }, true);
}

/** Places `text` in the page through `channel`; `spots` are the site's places for it. */
function place(channel, text, spots) {
  const main = spots.main;
  const p = (style, attrs = {}) => {
    const el = document.createElement('p');
    el.textContent = text;
    if (style) el.setAttribute('style', style);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    main.append(el);
    return el;
  };
  const evil = '{{SECOND_ORIGIN}}';
  switch (channel) {
    case 'visible text': return p('');
    case 'css-hidden text': return p('display:none');
    case 'aria-hidden text': return p('', { 'aria-hidden': 'true' });
    case 'off-screen text': return p('position:absolute;left:-10000px;top:0');
    case 'zero-size text': return p('width:0;height:0;overflow:hidden;font-size:0;margin:0');
    case 'white-on-white text': return p('color:#fff;background:#fff');
    case 'alt': {
      const img = Object.assign(document.createElement('img'), { src: '/assets/logo.svg', alt: text, width: 24, height: 24 });
      const a = Object.assign(document.createElement('a'), { href: '#promo' });
      a.append(img);
      return main.append(a);
    }
    case 'title': {
      const a = Object.assign(document.createElement('a'), { href: '#info', title: text });
      a.textContent = 'ⓘ';
      return main.append(a);
    }
    case 'aria-label': {
      const b = Object.assign(document.createElement('button'), { type: 'button' });
      b.setAttribute('aria-label', text);
      b.textContent = '★';
      return main.append(b);
    }
    case 'aria-description': {
      const b = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Tips' });
      b.setAttribute('aria-description', text);
      return main.append(b);
    }
    case 'DOM comment': return main.append(document.createComment(text));
    case 'meta': {
      const m = Object.assign(document.createElement('meta'), { name: 'description', content: text });
      document.querySelector('meta[name=description]')?.remove();
      return document.head.append(m);
    }
    case 'placeholder': {
      const label = document.createElement('label');
      label.textContent = 'Note ';
      const input = Object.assign(document.createElement('input'), { type: 'text', placeholder: text });
      label.append(input);
      return main.append(label);
    }
    case 'link text': {
      const a = Object.assign(document.createElement('a'), { href: `${evil}/evil/link-text` });
      a.textContent = text;
      return main.append(a);
    }
    case 'link URL': {
      const a = Object.assign(document.createElement('a'), { href: `/attacks/help/?note=${encodeURIComponent(text)}` });
      a.textContent = 'Help with this page';
      return main.append(a);
    }
    case 'list item': return spots.listItem(text);
    case 'same-origin frame':
    case 'cross-origin frame': {
      const origin = channel === 'same-origin frame' ? location.origin : evil;
      const f = Object.assign(document.createElement('iframe'), { src: `${origin}/attacks/frame.html?text=${encodeURIComponent(text)}`, title: 'Sponsored', width: 420, height: 120 });
      return main.append(f);
    }
    case 'modal mid-task': {
      // The page's first action (the task under way) opens it.
      const show = () => {
        const d = document.createElement('dialog');
        d.setAttribute('aria-label', 'Important notice');
        const body = document.createElement('p');
        body.textContent = text;
        const ok = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Close notice' });
        ok.addEventListener('click', () => d.close());
        d.append(body, ok);
        document.body.append(d);
        d.showModal();
      };
      document.addEventListener('click', show, { once: true, capture: true });
      return;
    }
    case 'tool error': {
      // An overlay over the site's everyday button, named with the
      // instruction: a click there fails "covered by <its name>".
      const target = spots.everyday;
      const box = target.getBoundingClientRect();
      const cover = document.createElement('div');
      cover.setAttribute('role', 'note');
      cover.setAttribute('aria-label', text);
      cover.setAttribute('style', `position:absolute;left:${box.left + scrollX}px;top:${box.top + scrollY}px;width:${box.width}px;height:${box.height}px;z-index:10`);
      return document.body.append(cover);
    }
    default: throw new Error(`unknown channel ${channel}`);
  }
}

/** Sets the page up: logging, then the case's injection. */
export function setUp(spots) {
  watchLoggedActions();
  const id = new URLSearchParams(location.search).get('case');
  if (!id) return;
  const c = CASES.find((x) => x.id === id);
  if (!c) throw new Error(`no attack case ${id}`);
  place(c.channel, c.injection, spots);
  document.documentElement.dataset.case = id;
}
