// Preact profile form (no build step: Preact and htm come from /vendor/ via
// the page's import map). Every input is controlled: the state changes only
// through onInput/onChange, so writing an input's .value without dispatching
// an event does not change it. The <output> shows the live state.

import { h, render } from 'preact';
import { useState } from 'preact/hooks';
import htm from 'htm';

const html = htm.bind(h);

const PLANS = [['free', 'Free'], ['pro', 'Pro'], ['team', 'Team']];
const EMPTY = { name: '', email: '', plan: '', bio: '', agree: false };

function validate(s) {
  const errors = {};
  if (s.name.trim().length < 2) errors.name = 'Display name must be at least 2 characters.';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.email.trim())) errors.email = 'Enter a valid email address.';
  if (!s.plan) errors.plan = 'Choose a plan.';
  if (s.bio.length > 280) errors.bio = 'Bio must be 280 characters or fewer.';
  if (!s.agree) errors.agree = 'You must agree to the terms.';
  return errors;
}

function Field({ id, label, error, children }) {
  return html`<div class="field">
    <label for=${id}>${label}</label>
    ${children}
    ${error && html`<span class="field-error" id=${id + '-error'}>${error}</span>`}
  </div>`;
}

function App() {
  const [state, setState] = useState(EMPTY);
  const [errors, setErrors] = useState({});
  const [saved, setSaved] = useState(null);

  const update = (key) => (event) => {
    const t = event.currentTarget;
    const value = t.type === 'checkbox' ? t.checked : t.value;
    setState((s) => ({ ...s, [key]: value }));
    setSaved(null);
  };
  const invalid = (key) => (errors[key] ? 'true' : undefined);
  const describedBy = (key) => (errors[key] ? key + '-error' : undefined);

  const submit = (event) => {
    event.preventDefault();
    const found = validate(state);
    setErrors(found);
    if (Object.keys(found).length === 0) {
      setSaved({ ...state });
    } else {
      setSaved(null);
    }
  };

  const errorCount = Object.keys(errors).length;
  return html`<form onSubmit=${submit} noValidate aria-label="Public profile">
    ${errorCount > 0 && html`<div class="alert alert-error" role="alert">Please fix ${errorCount} ${errorCount === 1 ? 'error' : 'errors'} below.</div>`}
    <${Field} id="pf-name" label="Display name" error=${errors.name}>
      <input id="pf-name" type="text" autocomplete="nickname" value=${state.name} onInput=${update('name')}
        aria-invalid=${invalid('name')} aria-describedby=${describedBy('name')} />
    <//>
    <${Field} id="pf-email" label="Email" error=${errors.email}>
      <input id="pf-email" type="email" autocomplete="email" value=${state.email} onInput=${update('email')}
        aria-invalid=${invalid('email')} aria-describedby=${describedBy('email')} />
    <//>
    <${Field} id="pf-plan" label="Plan" error=${errors.plan}>
      <select id="pf-plan" value=${state.plan} onChange=${update('plan')}
        aria-invalid=${invalid('plan')} aria-describedby=${describedBy('plan')}>
        <option value="">Choose a plan…</option>
        ${PLANS.map(([value, label]) => html`<option value=${value}>${label}</option>`)}
      </select>
    <//>
    <${Field} id="pf-bio" label="Bio" error=${errors.bio}>
      <textarea id="pf-bio" value=${state.bio} onInput=${update('bio')}
        aria-invalid=${invalid('bio')} aria-describedby=${describedBy('bio') || 'pf-bio-hint'}></textarea>
      <span class="hint" id="pf-bio-hint">${state.bio.length}/280 characters</span>
    <//>
    <label class="check">
      <input id="pf-agree" type="checkbox" checked=${state.agree} onChange=${update('agree')}
        aria-invalid=${invalid('agree')} aria-describedby=${describedBy('agree')} />
      I agree to the terms
    </label>
    ${errors.agree && html`<p class="field-error" id="agree-error">${errors.agree}</p>`}
    <div class="row" style="margin-top:8px">
      <button type="submit" class="btn btn-primary">Submit</button>
    </div>
    ${saved && html`<p class="alert alert-success" role="status" id="pf-saved" style="margin-top:16px">Saved: name=${saved.name}, email=${saved.email}, plan=${saved.plan}</p>`}
    <p class="small muted" style="margin-top:16px">Live state: <output id="pf-state" for="pf-name pf-email pf-plan pf-bio pf-agree">${JSON.stringify(state)}</output></p>
  </form>`;
}

const root = document.getElementById('app');
root.replaceChildren();
render(html`<${App} />`, root);
