// Web components for the shadow DOM demo: <acme-rating> and <acme-search>
// (open shadow roots), <acme-settings-card> containing <acme-toggle>s
// (open shadow roots nested in an open shadow root) and <acme-coupon>
// (closed shadow root).

const BASE_STYLE = `
  :host { display: block; font: inherit; }
  button { font: inherit; cursor: pointer; border: 1px solid #cfd4df; border-radius: 8px; background: #fff; padding: 6px 12px; font-weight: 600; }
  button:hover { border-color: #4f46e5; }
  button.primary { background: #4f46e5; border-color: #4f46e5; color: #fff; }
  input { font: inherit; padding: 7px 10px; border: 1px solid #cfd4df; border-radius: 8px; }
  label { font-weight: 600; display: block; margin-bottom: 6px; }
  p { margin: 8px 0 0; }
`;

class AcmeRating extends HTMLElement {
  connectedCallback() {
    if (this.shadowRoot) return;
    const max = Number(this.getAttribute('max')) || 5;
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = `<style>${BASE_STYLE}
      .stars { display: flex; gap: 4px; }
      .stars button { font-size: 1.3rem; line-height: 1; padding: 4px 8px; color: #d1d5db; }
      .stars button.on { color: #f59e0b; }</style>
      <div class="stars" role="group" aria-label="Rating"></div>
      <p class="status" aria-live="polite">Not rated yet</p>`;
    const group = root.querySelector('.stars');
    for (let i = 1; i <= max; i++) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = '★';
      b.setAttribute('aria-label', `${i} star${i > 1 ? 's' : ''}`);
      b.setAttribute('aria-pressed', 'false');
      b.addEventListener('click', () => this.rate(i));
      group.append(b);
    }
  }

  rate(value) {
    const buttons = this.shadowRoot.querySelectorAll('.stars button');
    buttons.forEach((b, i) => {
      b.classList.toggle('on', i < value);
      b.setAttribute('aria-pressed', String(i + 1 === value));
    });
    this.shadowRoot.querySelector('.status').textContent = `You rated ${value} out of ${buttons.length}`;
    this.dispatchEvent(new CustomEvent('rating-change', { detail: value, bubbles: true, composed: true }));
  }
}

const DOCS = ['Billing and invoices', 'Billing alerts', 'Custom domains', 'Deploying containers', 'Database backups',
  'Preview environments', 'Single sign-on', 'Storage quotas', 'Team members and roles', 'Usage reports'];

class AcmeSearch extends HTMLElement {
  connectedCallback() {
    if (this.shadowRoot) return;
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = `<style>${BASE_STYLE} form { display: flex; gap: 8px; flex-wrap: wrap; align-items: end; } ul { margin: 8px 0 0; padding-left: 20px; }</style>
      <form role="search" aria-label="Docs">
        <div><label for="docs-q">Search docs</label><input id="docs-q" type="search" placeholder="e.g. billing"></div>
        <button type="submit" class="primary">Search</button>
      </form>
      <p class="count" aria-live="polite"></p>
      <ul class="results"></ul>`;
    root.querySelector('form').addEventListener('submit', (e) => {
      e.preventDefault();
      const q = root.getElementById('docs-q').value.trim();
      const hits = DOCS.filter((d) => d.toLowerCase().includes(q.toLowerCase()));
      root.querySelector('.count').textContent = `${hits.length} result${hits.length === 1 ? '' : 's'} for “${q}”`;
      root.querySelector('.results').replaceChildren(...hits.map((h) => Object.assign(document.createElement('li'), { textContent: h })));
      this.dispatchEvent(new CustomEvent('docs-search', { detail: q, bubbles: true, composed: true }));
    });
  }
}

class AcmeToggle extends HTMLElement {
  connectedCallback() {
    if (this.shadowRoot) return;
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = `<style>${BASE_STYLE}
      .row { display: flex; align-items: center; justify-content: space-between; gap: 12px; padding: 6px 0; }
      button[aria-checked="true"] { background: #ecfdf5; border-color: #047857; color: #047857; }</style>
      <div class="row"><span id="label"></span><button type="button" role="switch" aria-checked="false" aria-labelledby="label">Off</button></div>`;
    root.getElementById('label').textContent = this.getAttribute('label') || 'Toggle';
    const button = root.querySelector('button');
    button.addEventListener('click', () => {
      const on = button.getAttribute('aria-checked') !== 'true';
      button.setAttribute('aria-checked', String(on));
      button.textContent = on ? 'On' : 'Off';
    });
  }

  get checked() {
    return this.shadowRoot?.querySelector('button').getAttribute('aria-checked') === 'true';
  }
}

class AcmeSettingsCard extends HTMLElement {
  connectedCallback() {
    if (this.shadowRoot) return;
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = `<style>${BASE_STYLE} .box { border: 1px dashed #c7d2fe; border-radius: 10px; padding: 12px; }</style>
      <div class="box">
        <slot name="description"></slot>
        <acme-toggle label="Email notifications"></acme-toggle>
        <acme-toggle label="SMS alerts"></acme-toggle>
        <acme-toggle label="Weekly summary"></acme-toggle>
        <button type="button" class="primary">Save preferences</button>
        <p class="saved" role="status"></p>
      </div>`;
    root.querySelector('button.primary').addEventListener('click', () => {
      const on = [...root.querySelectorAll('acme-toggle')].filter((t) => t.checked).map((t) => t.getAttribute('label'));
      root.querySelector('.saved').textContent = on.length ? `Saved: ${on.join(', ')}` : 'Saved: all notifications off';
    });
  }
}

class AcmeCoupon extends HTMLElement {
  #root;
  connectedCallback() {
    if (this.#root) return;
    this.#root = this.attachShadow({ mode: 'closed' });
    this.#root.innerHTML = `<style>${BASE_STYLE}</style>
      <p style="margin-top:0">This box uses a closed shadow root: scripts outside it cannot reach its content.</p>
      <button type="button" class="primary">Reveal coupon</button>
      <p class="code" aria-live="polite"></p>`;
    this.#root.querySelector('button').addEventListener('click', () => {
      this.#root.querySelector('.code').textContent = 'Your coupon: ACME-CLOSED-10 (10% off)';
    });
  }
}

customElements.define('acme-rating', AcmeRating);
customElements.define('acme-search', AcmeSearch);
customElements.define('acme-toggle', AcmeToggle);
customElements.define('acme-settings-card', AcmeSettingsCard);
customElements.define('acme-coupon', AcmeCoupon);

document.addEventListener('rating-change', (e) => {
  document.getElementById('rating-output').textContent = `${e.detail} of 5`;
});
document.addEventListener('docs-search', (e) => {
  document.getElementById('search-output').textContent = e.detail || '(empty)';
});
