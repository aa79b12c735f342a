// React 18 profile settings (no build step: React and ReactDOM are the UMD
// globals loaded by the page, htm comes from /vendor/ through the import map
// and is bound to React.createElement). Every field is controlled: value or
// checked comes from state, which changes only through onChange — React
// puts a value written to the DOM without going through its value tracker
// back. The <pre> shows the live state.

import htm from 'htm';

const { createElement, useState } = window.React;
const html = htm.bind(createElement);

const LANGUAGES = [['en', 'English'], ['fr', 'Français'], ['de', 'Deutsch'], ['ja', '日本語']];
const INITIAL = { displayName: 'Grace', language: 'en', digest: false, about: 'Hello' };

function ProfileForm() {
  const [state, setState] = useState(INITIAL);
  const [status, setStatus] = useState('');

  const update = (key) => (event) => {
    const t = event.target;
    const value = t.type === 'checkbox' ? t.checked : t.value;
    setState((s) => ({ ...s, [key]: value }));
    setStatus('');
  };
  const save = (event) => {
    event.preventDefault();
    const language = LANGUAGES.find(([v]) => v === state.language)?.[1] ?? state.language;
    setStatus(`Saved: ${state.displayName}, ${language}, digest ${state.digest ? 'on' : 'off'}`);
  };

  return html`<form onSubmit=${save} aria-label="Profile settings">
    <div className="field">
      <label htmlFor="r-name">Display name</label>
      <input id="r-name" type="text" autoComplete="nickname" value=${state.displayName} onChange=${update('displayName')} />
    </div>
    <div className="field">
      <label htmlFor="r-language">Language</label>
      <select id="r-language" value=${state.language} onChange=${update('language')}>
        ${LANGUAGES.map(([value, label]) => html`<option key=${value} value=${value}>${label}</option>`)}
      </select>
    </div>
    <div className="field">
      <label htmlFor="r-about">About me</label>
      <textarea id="r-about" rows="3" value=${state.about} onChange=${update('about')}></textarea>
    </div>
    <label className="check">
      <input id="r-digest" type="checkbox" checked=${state.digest} onChange=${update('digest')} />
      Email me a weekly digest
    </label>
    <div className="row" style=${{ marginTop: '8px' }}>
      <button type="submit" className="btn btn-primary">Save profile</button>
    </div>
    <p id="react-status" role="status" className="small">${status}</p>
    <p className="small muted">React state:</p>
    <pre id="react-state">${JSON.stringify(state)}</pre>
  </form>`;
}

const root = document.getElementById('react-app');
root.replaceChildren();
window.ReactDOM.createRoot(root).render(createElement(ProfileForm));
