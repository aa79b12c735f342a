// Northwind Desk (issue 42, exploring a single-page app): every view is
// reached by links that have no address — `<a role="link">` elements
// whose clicks the router turns into `history.pushState("?view=…")` — so
// a search can only follow them by clicking. Loading `?view=…` directly
// shows that view (the address a view gets is a real one). Goal: the
// invoices, Settings › Workspace › Invoices & receipts; decoys: Billing
// (moved), Billing history (hours, no money), Plans. "Sign out" signs out.
const VIEWS = {
  home: { title: 'Overview', links: [['Tickets', 'tickets'], ['Reports', 'reports'], ['Billing history', 'billing-history']], body: '<p>Welcome back, Dana. 4 open tickets, 2 waiting on you.</p>' },
  tickets: { title: 'Tickets', links: [['Ticket 5120', 'ticket'], ['Ticket 5121', 'ticket']], body: '<p>Open tickets of your team, newest first.</p>' },
  ticket: { title: 'Ticket', links: [], body: '<p>Printer on floor 3 is offline.</p>' },
  reports: { title: 'Reports', links: [['Response times', 'response']], body: '<p>Weekly reports of your help desk.</p>' },
  response: { title: 'Response times', links: [], body: '<p>Median first response: 42 minutes.</p>' },
  'billing-history': { title: 'Billing history', links: [], body: '<p>Agent hours per month: October 212 h, September 198 h. Hours only; money is under Settings.</p>' },
  plans: { title: 'Plans', links: [], body: '<p>Starter, Team and Enterprise plans.</p><button type="button">Choose Team</button>' },
  settings: { title: 'Settings', links: [['Profile', 'profile'], ['Billing', 'billing'], ['Workspace', 'workspace']], body: '<p>Settings of your account and workspace.</p>' },
  profile: { title: 'Profile', links: [], body: '<p>Dana Ito, dana.ito@northwind.test.</p>' },
  billing: { title: 'Billing', links: [['Workspace', 'workspace']], body: '<p>Invoices have moved to the Workspace settings.</p>' },
  workspace: { title: 'Workspace', links: [['Members', 'members'], ['Invoices & receipts', 'invoices']], body: '<p>Your workspace: Northwind Traders, 12 members.</p>' },
  members: { title: 'Members', links: [], body: '<p>12 members, 3 admins.</p>' },
  invoices: { title: 'Invoices & receipts', links: [], body: null },
  'signed-out': { title: 'Signed out', links: [], body: '<p>You are signed out.</p>' },
};
const TOP = [['Overview', 'home'], ['Plans', 'plans'], ['Settings', 'settings']];

const link = ([label, route]) => `<a role="link" tabindex="0" data-route="${route}">${label}</a>`;

function invoices() {
  const rows = [];
  for (let i = 0; i < 12; i++) {
    const d = new Date(Date.UTC(2026, 10 - i, 1));
    const n = `INV-${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(3, '0')}`;
    rows.push(`<tr><td>${d.toISOString().slice(0, 10)}</td><td>${n}</td><td class="num">$48.00</td><td>Paid</td><td><button type="button" data-invoice="${n}">Download invoice</button></td></tr>`);
  }
  return `<section aria-labelledby="inv"><h2 id="inv">Invoices</h2><table id="invoices"><thead><tr><th scope="col">Date</th><th scope="col">Invoice number</th><th scope="col" class="num">Amount</th><th scope="col">Status</th><th scope="col">Download</th></tr></thead><tbody>${rows.join('')}</tbody></table></section>`;
}

function render() {
  const route = new URLSearchParams(location.search).get('view') ?? 'home';
  const view = VIEWS[route] ?? VIEWS.home;
  if (route === 'signed-out') sessionStorage.setItem('desk-signed-out', '1');
  document.title = `${view.title} – Northwind Desk`;
  document.getElementById('top-nav').innerHTML = TOP.map((t) => `<li>${link(t)}</li>`).join('');
  const list = view.links.length ? `<ul class="plain-list">${view.links.map((l) => `<li>${link(l)}</li>`).join('')}</ul>` : '';
  document.getElementById('main').innerHTML = `<h1>${view.title}</h1>${view.body ?? invoices()}${list}`;
}

document.addEventListener('click', (e) => {
  const a = e.target.closest('[data-route]');
  if (!a) return;
  e.preventDefault();
  history.pushState({}, '', `?view=${a.dataset.route}`);
  render();
});
document.addEventListener('keydown', (e) => {
  if (e.key === 'Enter' && e.target.matches?.('[data-route]')) e.target.click();
});
addEventListener('popstate', render);
render();
