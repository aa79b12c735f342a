// A React 18 sign-in box without a <form> (no build step: React and
// ReactDOM are the page's UMD globals, htm comes through the import map).
// Fields are controlled; "Sign in" is a type=button with an onClick, and
// Enter in a field signs in too, as apps wire it by hand. The status line
// shows what React's state held when it signed in.

import htm from 'htm';

const { createElement, useState } = window.React;
const html = htm.bind(createElement);

function SignIn() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [status, setStatus] = useState('');
  const signIn = () => {
    if (!email.includes('@') || password.length < 4) {
      setStatus('Enter your email and a password of 4 characters or more.');
      return;
    }
    setStatus(`Signed in as ${email}`);
  };
  const onKey = (event) => {
    if (event.key === 'Enter') signIn();
  };
  return html`<div className="signin-box">
    <h1>Sign in to Acme Console</h1>
    <div className="field">
      <label htmlFor="si-email">Email</label>
      <input id="si-email" type="email" autoComplete="username" value=${email} onChange=${(e) => setEmail(e.target.value)} onKeyDown=${onKey} />
    </div>
    <div className="field">
      <label htmlFor="si-password">Password</label>
      <input id="si-password" type="password" autoComplete="current-password" value=${password} onChange=${(e) => setPassword(e.target.value)} onKeyDown=${onKey} />
    </div>
    <p className="small"><a href="/app/signin/">Forgot password?</a></p>
    <button type="button" className="btn btn-primary btn-block" onClick=${signIn}>Sign in</button>
    <p id="signin-status" role="status" className="small">${status}</p>
  </div>`;
}

const root = document.getElementById('signin-app');
root.replaceChildren();
window.ReactDOM.createRoot(root).render(createElement(SignIn));
